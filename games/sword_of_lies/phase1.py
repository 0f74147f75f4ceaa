"""Phase I — Castling: trades, interrogations and passes, one move per turn, clockwise."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, Event, Option, Prompt, Refusal, seat, term
from games.core.prompts import only_answer
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies import phase2
from games.sword_of_lies.cards import colour_term
from games.sword_of_lies.common import (
    BACK,
    announce,
    as_int,
    back_option,
    card_params,
    drop_prompt,
    hand_params,
    new_prompt,
    option,
    player_options,
    position_options,
    replace_prompts,
    tell,
)
from games.sword_of_lies.state import Mark, SolState, TurnDraft

TURN = "turn"
PASS = "pass"
REPLY = "reply"

MOVE = "sol-prompt-move"
TRADE_OWN = "sol-prompt-trade-own"
TRADE_TARGET = "sol-prompt-trade-target"
TRADE_THEIR = "sol-prompt-trade-their"
TRADE_OFFER = "sol-prompt-trade-offer"
TRADE_PRICE = "sol-prompt-trade-price"
ASK_TARGET = "sol-prompt-ask-target"
ASK_POSITION = "sol-prompt-ask-position"
NAME_COLOUR = "sol-prompt-name-colour"
BELIEVE = "sol-prompt-believe"
KEYS = (MOVE, TRADE_OWN, TRADE_TARGET, TRADE_THEIR, TRADE_OFFER, TRADE_PRICE, ASK_TARGET, ASK_POSITION, NAME_COLOUR,
        BELIEVE)
TURN_KEYS = (MOVE, TRADE_OWN, TRADE_TARGET, TRADE_THEIR, ASK_TARGET, ASK_POSITION)
"""Prompts of the mover composing a move: the deadline passes the turn."""


# --- who can be asked what --------------------------------------------------------------
def unmarked_positions(state: SolState, player: int) -> list[int]:
    return [i for i, c in enumerate(state.table[player].cards, start=1) if c.mark is None]


def interrogation_targets(state: SolState, player: int) -> list[int]:
    return [s for s in range(state.players) if s != player and unmarked_positions(state, s)]


def all_marked(state: SolState, player: int) -> bool:
    return all(c.mark is not None for c in state.table[player].cards)


# --- turns ------------------------------------------------------------------------------
def start_castling(state: SolState, events: list[Event]) -> None:
    state.phase = "castling"
    state.turn = state.first_player
    events.append(announce("sol-event-castling", first=seat(state.first_player)))
    start_turn(state, events)


def start_turn(state: SolState, events: list[Event]) -> None:
    state.draft = TurnDraft(seat=state.turn)
    events.append(announce("sol-event-turn", player=seat(state.turn), move=state.moves + 1))
    replace_prompts(state, state.turn, move_prompt(state, state.turn))


def move_prompt(state: SolState, player: int) -> Prompt:
    can_ask = bool(interrogation_targets(state, player))
    return new_prompt(
        state,
        player,
        MOVE,
        deadline=TURN,
        options=[
            option("trade", "sol-opt-trade"),
            option(
                "interrogate",
                "sol-opt-interrogate",
                None if can_ask else Refusal(key="sol-error-nothing-to-interrogate"),
            ),
            option(PASS, "sol-opt-pass"),
        ],
        params=hand_params(state, player),
    )


def _ask_options(state: SolState, owner: int) -> list[Option]:
    """The cards of `owner` an interrogation may ask about: the marked ones disabled."""
    why_not = {
        p: Refusal(key="sol-error-card-marked", params={"position": c.numbered(p)})
        for p, c in enumerate(state.table[owner].cards, start=1)
        if c.mark is not None
    }
    return position_options(state.table[owner].cards, show_faces=False, why_not=why_not)


def _positions_prompt(state: SolState, player: int, key: str, owner: int) -> Prompt:
    if key == ASK_POSITION:
        cards = _ask_options(state, owner)
    else:
        cards = position_options(state.table[owner].cards, show_faces=owner == player)
    return new_prompt(
        state,
        player,
        key,
        deadline=TURN,
        options=[*cards, *_escape_options()],
        params={"owner": seat(owner)},
    )


def _players_prompt(state: SolState, player: int, key: str) -> Prompt:
    why_not: dict[int, Refusal] = {}
    if key == ASK_TARGET:
        askable = set(interrogation_targets(state, player))
        why_not = {
            s: Refusal(key="sol-error-no-unmarked", params={"player": seat(s)})
            for s in range(state.players)
            if s not in askable
        }
    return new_prompt(
        state,
        player,
        key,
        deadline=TURN,
        options=[
            *player_options(state, player, list(range(state.players)), why_not),
            *_escape_options(),
        ],
    )


def _escape_options() -> list[Option]:
    """Every step of composing a move can go back to the move choice or pass the turn."""
    return [back_option(), option(PASS, "sol-opt-pass")]


def _back_to_move(state: SolState, player: int) -> None:
    state.draft = TurnDraft(seat=player)
    replace_prompts(state, player, move_prompt(state, player))


def _picked(state: SolState, player: int, action: Action) -> int | None:
    """The player or card number picked, or None when the player went Back (their move is asked again)."""
    if action.value == BACK:
        _back_to_move(state, player)
        return None
    picked = as_int(action.value)
    assert picked is not None
    return picked


# --- answers ------------------------------------------------------------------------------
def check(state: SolState, player: int, prompt: Prompt, action: Action) -> Refusal | None:
    """Checks beyond the prompt's own options (which already carry most reasons)."""
    draft = state.draft
    if draft is None:
        return Refusal(key="error-stale")
    if prompt.key == TRADE_OFFER and isinstance(action.value, int):
        # The prompt's `high` already bounds the price; this guards any caller bypassing it.
        stack = state.table[draft.seat].stack
        if action.value > stack:
            return Refusal(
                key="sol-error-price-above-stack",
                params={"player": seat(draft.seat), "stack": stack},
            )
    return None


def apply(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    if prompt.key in TURN_KEYS and action.value == PASS:
        events.append(announce("sol-event-pass", player=seat(player)))
        drop_prompt(state, prompt.id)
        finish_move(state, events, passed=True)
        return
    HANDLERS[prompt.key](state, player, prompt, action, events)


def _on_move(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    assert state.draft is not None
    if action.value == "trade":
        state.draft.move = "trade"
        replace_prompts(state, player, _positions_prompt(state, player, TRADE_OWN, player))
    else:
        state.draft.move = "interrogate"
        asked = _players_prompt(state, player, ASK_TARGET)
        only = only_answer(asked.options, aside=(BACK, PASS))
        if only is None:
            replace_prompts(state, player, asked)
            return
        # the only player with unmarked cards is the one asked (said to the mover alone: the move
        # is theirs to take back until the card is chosen)
        events.append(tell([player], "sol-event-ask-target-only", player=seat(int(only))))
        _ask_about(state, player, int(only), events)


def _on_trade_own(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    assert state.draft is not None
    if action.value == BACK:
        _back_to_move(state, player)
        return
    state.draft.own_position = as_int(action.value)
    replace_prompts(state, player, _players_prompt(state, player, TRADE_TARGET))


def _on_trade_target(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    assert state.draft is not None
    target = _picked(state, player, action)
    if target is None:
        return
    state.draft.target = target
    replace_prompts(state, player, _positions_prompt(state, player, TRADE_THEIR, target))


def _on_trade_their(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.target is not None and draft.own_position is not None
    position = _picked(state, player, action)
    if position is None:
        return
    draft.target_position = position
    drop_prompt(state, prompt.id)
    target = draft.target
    offered = state.table[player].cards[draft.own_position - 1]
    wanted = state.table[target].cards[draft.target_position - 1]
    stack = state.table[player].stack
    events.append(
        tell(
            [player, target],
            "sol-event-trade-offered",
            player=seat(player),
            target=seat(target),
            position=draft.own_position,
            their_position=draft.target_position,
        )
    )
    params = {
        "player": seat(player),
        "position": draft.own_position,
        "their_position": draft.target_position,
        "stack": stack,
        "offered": card_params(offered, show_face=False),
        "wanted": card_params(wanted, show_face=True),
        "card": cardlib.text(wanted.card),
        "card_id": wanted.card,
    }
    replies = [option("accept", "sol-opt-accept-free"), option("decline", "sol-opt-decline")]
    if stack >= 1:
        reply = new_prompt(
            state,
            target,
            TRADE_OFFER,
            deadline=REPLY,
            ask="number",
            low=1,
            high=stack,
            options=replies,
            params=params,
        )
    else:
        reply = new_prompt(state, target, TRADE_OFFER, deadline=REPLY, options=replies, params=params)
    state.prompts.append(reply)


def _on_trade_offer(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None
    drop_prompt(state, prompt.id)
    if action.value == "decline":
        events.append(announce("sol-event-trade-declined", player=seat(draft.seat), target=seat(player)))
        finish_move(state, events, passed=False)
        return
    if action.value == "accept":
        _trade(state, events)
        return
    assert isinstance(action.value, int)
    draft.price = action.value
    state.prompts.append(
        new_prompt(
            state,
            draft.seat,
            TRADE_PRICE,
            deadline=REPLY,
            options=[option("pay", "sol-opt-pay-price", price=action.value), option("refuse", "sol-opt-refuse")],
            params={
                "player": seat(player),
                "price": action.value,
                "position": draft.own_position,
                "their_position": draft.target_position,
            },
        )
    )


def _on_trade_price(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.target is not None
    drop_prompt(state, prompt.id)
    if action.value == "pay":
        _trade(state, events)
        return
    events.append(announce("sol-event-trade-price-refused", player=seat(player), target=seat(draft.target)))
    finish_move(state, events, passed=False)


def _trade(state: SolState, events: list[Event]) -> None:
    """Swap the two cards (marks travel with them), pay the price, tell each trader what they got."""
    draft = state.draft
    assert draft is not None and draft.target is not None
    assert draft.own_position is not None and draft.target_position is not None
    proposer, target = draft.seat, draft.target
    i, j = draft.own_position - 1, draft.target_position - 1
    mine, theirs = state.table[proposer].cards, state.table[target].cards
    mine[i], theirs[j] = theirs[j], mine[i]
    mine[i].number, theirs[j].number = theirs[j].number, mine[i].number  # each keeps its slot's number
    price = draft.price or 0
    state.table[proposer].stack -= price
    state.table[target].stack += price
    events.append(announce("sol-event-trade", player=seat(proposer), position=draft.own_position, target=seat(target),
                           their_position=draft.target_position, price=price))
    for who, position, got, other in (
        (proposer, draft.own_position, mine[i], target),
        (target, draft.target_position, theirs[j], proposer),
    ):
        events.append(tell([who], "sol-event-trade-received", player=seat(other), position=position,
                           **cardlib.face(got.card), **hand_params(state, who)))
    finish_move(state, events, passed=False)


def _on_ask_target(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    assert state.draft is not None
    target = _picked(state, player, action)
    if target is not None:
        _ask_about(state, player, target, events)


def _ask_about(state: SolState, player: int, target: int, events: list[Event]) -> None:
    """The interrogation's target is chosen: ask which card, unless only one can be asked about."""
    assert state.draft is not None
    state.draft.target = target
    only = only_answer(_ask_options(state, target), aside=(BACK, PASS))
    if only is not None:  # the only card that can be asked about is asked about at once, and said so
        position = int(only)
        state.prompts = [p for p in state.prompts if p.seat != player]
        events.append(announce("sol-event-ask-only", player=seat(player), target=seat(target), position=position))
        _interrogate(state, player, position, events)
        return
    replace_prompts(state, player, _positions_prompt(state, player, ASK_POSITION, target))


def _on_ask_position(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.target is not None
    position = _picked(state, player, action)
    if position is not None:
        drop_prompt(state, prompt.id)
        _interrogate(state, player, position, events)


def _interrogate(state: SolState, player: int, position: int, events: list[Event]) -> None:
    """The interrogation of card `position` of the draft's target: announced, and its owner asked its colour."""
    draft = state.draft
    assert draft is not None and draft.target is not None
    draft.target_position = position
    target = draft.target
    card = state.table[target].cards[draft.target_position - 1]
    events.append(announce("sol-event-interrogation", player=seat(player), target=seat(target),
                           position=draft.target_position))
    state.prompts.append(
        new_prompt(
            state,
            target,
            NAME_COLOUR,
            deadline=REPLY,
            options=[option("red", "sol-colour-red"), option("black", "sol-colour-black")],
            params={"player": seat(player), "position": draft.target_position, **cardlib.face(card.card)},
        )
    )


def _on_name_colour(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.target_position is not None
    drop_prompt(state, prompt.id)
    draft.named = "red" if action.value == "red" else "black"
    events.append(announce("sol-event-colour-named", player=seat(player), position=draft.target_position,
                           colour=colour_term(draft.named)))
    state.prompts.append(
        new_prompt(
            state,
            draft.seat,
            BELIEVE,
            deadline=REPLY,
            options=[option("believe", "sol-believe"), option("disbelieve", "sol-disbelieve")],
            params={"player": seat(player), "position": draft.target_position, "colour": colour_term(draft.named)},
        )
    )


def _on_believe(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    draft = state.draft
    assert draft is not None and draft.target is not None
    assert draft.target_position is not None and draft.named is not None
    drop_prompt(state, prompt.id)
    believed = action.value == "believe"
    card = state.table[draft.target].cards[draft.target_position - 1]
    card.mark = Mark(by=player, named=draft.named, believed=believed)
    events.append(
        announce(
            "sol-event-marked",
            player=seat(player),
            target=seat(draft.target),
            position=draft.target_position,
            colour=colour_term(draft.named),
            answer=term("sol-believe" if believed else "sol-disbelieve"),
            believed="yes" if believed else "no",
        )
    )
    finish_move(state, events, passed=False)


Handler = Callable[[SolState, int, Prompt, Action, list[Event]], None]
HANDLERS: dict[str, Handler] = {
    MOVE: _on_move,
    TRADE_OWN: _on_trade_own,
    TRADE_TARGET: _on_trade_target,
    TRADE_THEIR: _on_trade_their,
    TRADE_OFFER: _on_trade_offer,
    TRADE_PRICE: _on_trade_price,
    ASK_TARGET: _on_ask_target,
    ASK_POSITION: _on_ask_position,
    NAME_COLOUR: _on_name_colour,
    BELIEVE: _on_believe,
}


# --- end of a move / of the phase -----------------------------------------------------------
def finish_move(state: SolState, events: list[Event], *, passed: bool) -> None:
    mover = state.turn
    state.draft = None
    state.moves += 1
    state.passes = state.passes + 1 if passed else 0
    order = state.clockwise_from(mover)
    complete = [s for s in order if all_marked(state, s)]
    if complete:
        events.append(_castling_over(complete))
        phase2.start_betting(state, events, complete[0])
        return
    if state.passes >= state.players:
        # A full circle of passes: nobody wants to move on Phase I, so it ends (Decision).
        marked = [sum(c.mark is not None for c in state.table[s].cards) for s in range(state.players)]
        best = max(marked)
        senior = next(s for s in order if marked[s] == best)
        events.append(announce("sol-event-castling-stalled", player=seat(senior), marked=best))
        phase2.start_betting(state, events, senior)
        return
    state.turn = (mover + 1) % state.players
    start_turn(state, events)


def _castling_over(complete: list[int]) -> Event:
    """Whose cards are all marked: one player, or the two traders a trade completed at once (the
    Russian line declines each name: «у Глеба и у Веры»)."""
    params: dict[str, object] = {"players": {"and": [seat(s) for s in complete]}, "player": seat(complete[0])}
    params["both"] = "yes" if len(complete) > 1 else "no"
    if len(complete) > 1:
        params["other"] = seat(complete[1])
    return announce("sol-event-castling-over", **params)


def default_value(state: SolState, prompt: Prompt) -> str | int:
    """Deadline: turn → pass; trade reply → decline; price → refuse; colour → the truth; believe."""
    if prompt.key in TURN_KEYS:
        return PASS
    if prompt.key == TRADE_OFFER:
        return "decline"
    if prompt.key == TRADE_PRICE:
        return "refuse"
    if prompt.key == NAME_COLOUR:
        draft = state.draft
        assert draft is not None and draft.target is not None and draft.target_position is not None
        return cardlib.colour(state.table[draft.target].cards[draft.target_position - 1].card)
    return "believe"
