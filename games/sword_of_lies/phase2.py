"""Phase II — Betting: blinds, `hand_size + 1` betting rounds with a reveal circle between them."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Option, Prompt, Refusal, seat, term
from games.core.prompts import only_answer
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies import phase3, settlement
from games.sword_of_lies.betting import Betting
from games.sword_of_lies.betting_records import BetKind, LegalBets
from games.sword_of_lies.common import (
    announce,
    as_int,
    mark_params,
    new_prompt,
    option,
    position_options,
)
from games.sword_of_lies.state import SolState, TableCard

BET = "sol-prompt-bet"
REVEAL = "sol-prompt-reveal"
KEYS = (BET, REVEAL)


def start_betting(state: SolState, events: list[Event], senior: int) -> None:
    state.phase = "betting"
    state.senior_blind = senior
    state.prompts = []
    order = state.clockwise_from(senior)
    options = state.options
    state.betting = Betting.start(
        order=order,
        stacks=[p.stack for p in state.table],
        limit=options.betting,
        big_blind=options.big_blind,
        small_blind=options.small_blind,
        ante=options.ante,
        rounds_total=options.hand_size + 1,
    )
    betting = state.betting
    _sync_stacks(state)
    events.append(
        announce(
            "sol-event-betting-begins",
            senior=seat(senior),
            rounds=betting.rounds_total,
            limit=term(f"sol-limit-{options.betting}"),
        )
    )
    if options.ante:
        events.append(announce("sol-event-ante", chips=options.ante))
    if options.small_blind and len(order) > 1:
        small = order[-1]
        events.append(announce("sol-event-blind", player=seat(small), chips=betting.round_bets[small], big="no"))
    events.append(announce("sol-event-blind", player=seat(senior), chips=betting.round_bets[senior], big="yes"))
    events.append(announce("sol-event-betting-round", round=1, rounds=betting.rounds_total))
    advance(state, events)


def _sync_stacks(state: SolState) -> None:
    assert state.betting is not None
    for s, player in enumerate(state.table):
        player.stack = state.betting.stacks[s]


def advance(state: SolState, events: list[Event]) -> None:
    """Move on until somebody must act: a bet, a reveal, or the war."""
    betting = state.betting
    assert betting is not None
    while True:
        left = betting.remaining()
        if len(left) <= 1:
            settlement.finish_by_folds(state, events, left[0])
            return
        if not betting.round_over and not betting.betting_closed:
            state.phase = "betting"
            state.prompts = [bet_prompt(state)]
            return
        round_number = betting.round
        if state.circle < round_number <= state.options.hand_size:
            start_reveals(state, events)
            return
        if round_number >= betting.rounds_total:
            state.prompts = []
            phase3.start_war(state, events)
            return
        betting.next_round()
        if betting.round_over:
            events.append(announce("sol-event-betting-skipped", round=betting.round))
        else:
            events.append(announce("sol-event-betting-round", round=betting.round, rounds=betting.rounds_total))


# --- betting ---------------------------------------------------------------------------------
def _disabled(betting: Betting, player: int, kind: BetKind) -> Refusal | None:
    if kind == "call" and betting.call_amount(player) == 0:
        return Refusal(key="sol-error-nothing-to-call")
    reason = betting.check_action(player, kind)
    if reason is None:
        return None
    key, params = reason
    return Refusal(key=key, params=dict(params))


def bet_prompt(state: SolState) -> Prompt:
    betting = state.betting
    assert betting is not None
    legal = betting.legal()
    assert legal is not None
    player = legal.seat
    numbered = legal.can_bet or legal.can_raise
    covered = legal.call_amount > 0 and legal.call_amount == betting.stacks[player]
    if covered:
        # Calling takes the whole stack: the call is the all-in, one choice (a typed "call" still
        # works: it is the prompt's fallback).
        calls = [option("all_in", "sol-opt-all-in", to=legal.all_in_to)]
    else:
        calls = [
            option("call", "sol-opt-call", _disabled(betting, player, "call"), chips=legal.call_amount),
            option("all_in", "sol-opt-all-in", _disabled(betting, player, "all_in"), to=legal.all_in_to),
        ]
    options = [
        option("fold", "sol-opt-fold", _disabled(betting, player, "fold")),
        option("check", "sol-opt-check", _disabled(betting, player, "check")),
        *calls,
    ]
    prompt = new_prompt(
        state,
        player,
        BET,
        deadline="bet",
        ask="number",
        low=legal.min_to if numbered else None,
        high=legal.max_to if numbered else None,
        options=options,
        secret=False,
        params=_bet_params(state, legal),
    )
    if covered:
        prompt.fallback = "call"
    return prompt


def _bet_params(state: SolState, legal: LegalBets) -> dict[str, Any]:
    betting = state.betting
    assert betting is not None
    player = legal.seat
    return {
        "round": betting.round,
        "rounds": betting.rounds_total,
        "stack": betting.stacks[player],
        "bet": betting.round_bets[player],
        "highest": max(betting.round_bets[s] for s in betting.order),
        "pot": settlement.pots_total(state),
        "call": legal.call_amount,
        "raise": _raise_kind(legal),
        "min": legal.min_to if legal.min_to is not None else 0,
        "max": legal.max_to if legal.max_to is not None else 0,
    }


def _raise_kind(legal: LegalBets) -> str:
    """How the prompt words the bet or raise on offer: a range, or the all-in alone when the least raise
    is the whole stack (not "from 724 to 724")."""
    if not (legal.can_raise or legal.can_bet):
        return "none"
    if legal.min_to is not None and legal.min_to == legal.max_to:
        return "all_in" if legal.can_raise else "all_in_bet"
    return "raise" if legal.can_raise else "bet"


def _named_kind(value: str) -> BetKind:
    """The bet prompt's named options (the base check already refused anything else)."""
    kinds: dict[str, BetKind] = {"fold": "fold", "check": "check", "call": "call", "all_in": "all_in"}
    return kinds[value]


def _number_kind(legal: LegalBets, to: int) -> BetKind:
    """A number is the round total to bet or raise to; the whole stack is an all-in."""
    if to == legal.all_in_to:
        return "all_in"
    if legal.can_bet or legal.can_raise:
        return "bet" if legal.can_bet else "raise"
    return "raise" if legal.call_amount else "bet"


def check(state: SolState, player: int, prompt: Prompt, action: Action) -> Refusal | None:
    if prompt.key == BET:
        betting = state.betting
        assert betting is not None
        legal = betting.legal()
        if legal is None or legal.seat != player:
            return Refusal(key="error-stale")
        if isinstance(action.value, int):
            if not (legal.can_bet or legal.can_raise):
                reason = betting.check_action(player, "raise" if legal.call_amount else "bet", action.value)
            else:
                reason = betting.check_action(player, _number_kind(legal, action.value), action.value)
        elif action.value == "call" and legal.call_amount == 0:
            return Refusal(key="sol-error-nothing-to-call")
        else:
            reason = betting.check_action(player, _named_kind(action.value))
        if reason is not None:
            key, params = reason
            return Refusal(key=key, params=dict(params))
        return None
    if prompt.key == REVEAL:
        position = as_int(action.value)
        row = state.table[player].cards
        if position is None or not 1 <= position <= len(row):
            return Refusal(key="sol-error-bad-position", params={"position": action.value, "cards": len(row)})
        if row[position - 1].revealed:
            return Refusal(key="sol-error-card-revealed", params={"position": row[position - 1].numbered(position)})
    return None


def apply(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    if prompt.key == REVEAL:
        _on_reveal(state, player, prompt, action, events)
        return
    betting = state.betting
    assert betting is not None
    legal = betting.legal()
    assert legal is not None
    if isinstance(action.value, int):
        record = betting.act(player, _number_kind(legal, action.value), action.value)
    else:
        record = betting.act(player, _named_kind(action.value))
    _sync_stacks(state)
    events.append(
        announce(
            "sol-event-bet",
            player=seat(player),
            action=term(f"sol-bet-{record.kind.replace('_', '-')}"),
            kind=record.kind,
            to=record.to,
            added=record.added,
            stack=state.table[player].stack,
        )
    )
    if record.kind == "fold":
        fold(state, player, events)
    advance(state, events)


def fold(state: SolState, player: int, events: list[Event]) -> None:
    """The folder leaves the game: cards to the discard face down, swords lost, and (unless
    `folded_cards_count`) the swords their revealed cards gave are taken back."""
    me = state.table[player]
    me.folded = True
    if me.swords:
        events.append(announce("sol-event-swords-lost", player=seat(player), swords=me.swords))
    me.swords = 0
    if not state.options.folded_cards_count:
        for card in me.cards:
            if card.sword_to is not None and not state.table[card.sword_to].folded:
                state.table[card.sword_to].swords -= 1
                events.append(
                    announce(
                        "sol-event-sword-taken-back",
                        player=seat(card.sword_to),
                        folded=seat(player),
                        swords=state.table[card.sword_to].swords,
                    )
                )
    state.discard.extend(c.card for c in me.cards)
    me.cards = []


# --- reveals ---------------------------------------------------------------------------------
def start_reveals(state: SolState, events: list[Event]) -> None:
    state.circle += 1
    state.phase = "reveal"
    order = [s for s in state.clockwise_from(state.senior_blind) if not state.table[s].folded]
    events.append(
        announce(
            "sol-event-reveal-circle",
            circle=state.circle,
            circles=state.options.hand_size,
            mode=state.options.reveal_mode,
        )
    )
    if state.options.reveal_mode == "sequential":
        state.reveal_queue = order
        _next_reveal(state, events)
    else:
        state.reveal_choices = {}
        state.prompts = []
        for s in order:
            last = last_to_reveal(state, s)
            if last is None:
                state.prompts.append(reveal_prompt(state, s, changeable=True))
            else:  # one card left face down: chosen at once, shown with the others
                events.append(_only_card(state, s, last))
                state.reveal_choices[s] = last
        if not state.prompts:
            _reveal_all(state, events)


def last_to_reveal(state: SolState, player: int) -> int | None:
    """The position of `player`'s only face-down card, or None when there is a choice: a reveal with
    a single answer is made at once, not asked for (games.core.prompts.only_answer)."""
    only = only_answer(reveal_options(state, player))
    return None if only is None else as_int(only)


def _only_card(state: SolState, player: int, position: int) -> Event:
    card = state.table[player].cards[position - 1]
    return announce("sol-event-reveal-only", player=seat(player), position=card.numbered(position))


def _next_reveal(state: SolState, events: list[Event]) -> None:
    """Sequential reveals: ask the next player in the queue; a player with one card left face down
    reveals it at once. When nobody is left to ask, betting resumes."""
    while state.reveal_queue:
        player = state.reveal_queue[0]
        last = last_to_reveal(state, player)
        if last is None:
            state.prompts = [reveal_prompt(state, player)]
            return
        events.append(_only_card(state, player, last))
        reveal(state, player, last, events)
        state.reveal_queue.pop(0)
    state.prompts = []
    state.phase = "betting"
    advance(state, events)


def _reveal_all(state: SolState, events: list[Event]) -> None:
    """Simultaneous reveals: every choice is in; all cards turn over, from the senior blind."""
    state.prompts = []
    for s in state.clockwise_from(state.senior_blind):
        if s in state.reveal_choices:
            reveal(state, s, state.reveal_choices[s], events)
    state.reveal_choices = {}
    state.phase = "betting"
    advance(state, events)


def reveal_options(state: SolState, player: int) -> list[Option]:
    """Every card of the row, by its number; the revealed ones disabled."""
    row = state.table[player].cards
    why_not = {
        p: Refusal(key="sol-error-card-revealed", params={"position": c.numbered(p)})
        for p, c in enumerate(row, start=1)
        if c.revealed
    }
    return position_options(row, show_faces=True, why_not=why_not)


def reveal_prompt(state: SolState, player: int, *, changeable: bool = False) -> Prompt:
    return new_prompt(
        state,
        player,
        REVEAL,
        deadline="reveal",
        options=reveal_options(state, player),
        params={"circle": state.circle, "circles": state.options.hand_size},
        changeable=changeable,
    )


def _on_reveal(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    position = as_int(action.value)
    assert position is not None
    if state.options.reveal_mode == "simultaneous":
        state.reveal_choices[player] = position
        prompt.answered = True
        if any(p.seat not in state.reveal_choices for p in state.prompts):
            return
        _reveal_all(state, events)
    else:
        state.prompts = []
        reveal(state, player, position, events)
        state.reveal_queue.pop(0)
        _next_reveal(state, events)


def reveal(state: SolState, player: int, position: int, events: list[Event]) -> None:
    """Turn the card face up, read its mark, and move it to the right end of the row."""
    row = state.table[player].cards
    card = row.pop(position - 1)
    card.revealed = True
    row.append(card)
    truth = "none"
    if card.mark is None:
        card.outcome = "plain"
    else:
        lie = card.mark.named != cardlib.colour(card.card)
        truth = "lie" if lie else "truth"
        card.outcome = "shield" if lie == card.mark.believed else "sword"
    if card.outcome == "shield":
        card.shield = True
        card.lives = 2
    events.append(
        announce(
            "sol-event-reveal",
            player=seat(player),
            position=card.numbered(position),
            outcome=term(f"sol-outcome-{card.outcome}"),
            truth=truth,
            **_reveal_params(card),
        )
    )
    if card.outcome == "sword":
        assert card.mark is not None
        earner = state.table[card.mark.by]
        if earner.folded:
            events.append(announce("sol-event-sword-void", player=seat(card.mark.by)))
        else:
            earner.swords += 1
            card.sword_to = card.mark.by
            events.append(announce("sol-event-sword", player=seat(card.mark.by), swords=earner.swords))


def _reveal_params(card: TableCard) -> dict[str, Any]:
    return {**mark_params(card), **cardlib.face(card.card), "real": cardlib.colour(card.card)}


def default_value(state: SolState, prompt: Prompt) -> str | int:
    """Deadline: check if possible, else fold; reveal the leftmost unrevealed card."""
    if prompt.key == REVEAL:
        row = state.table[prompt.seat].cards
        return str(next(p for p, c in enumerate(row, start=1) if not c.revealed))
    check_option = prompt.option("check")
    return "check" if check_option is not None and check_option.disabled is None else "fold"
