"""Set-up: buy-ins, the shoe, the deal and the opening draw."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction, Prompt, Refusal, Rng, seat
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies import phase1
from games.sword_of_lies.cards import decks_needed, shoe
from games.sword_of_lies.common import announce, hand_params, new_prompt, tell
from games.sword_of_lies.options import MAX_BUY_IN, Options
from games.sword_of_lies.state import PlayerState, SolState, TableCard

BUY_IN = "sol-prompt-buy-in"
KEYS = (BUY_IN,)


def setup(players: int, options: Options, seed: int) -> tuple[SolState, list[Event]]:
    for s in options.buy_ins or {}:
        if s >= players:
            raise IllegalAction(Refusal(key="sol-error-buy-in-seat", params={"seat": s, "players": players}))
    state = SolState(
        players=players,
        rng=Rng(seed=seed),
        options=options,
        table=[PlayerState() for _ in range(players)],
    )
    events = [
        announce(
            "sol-event-setup",
            players=players,
            hand_size=options.hand_size,
            min_buy_in=options.min_buy_in,
        )
    ]
    if options.ask_buy_ins:
        state.phase = "buy_in"
        state.prompts = [_buy_in_prompt(state, s) for s in range(players)]
        return state, events
    chosen = options.buy_ins or {}
    for s in range(players):
        _buy_in(state, s, chosen.get(s, options.min_buy_in), events)
    deal(state, events)
    return state, events


def _buy_in_prompt(state: SolState, player: int) -> Prompt:
    return new_prompt(
        state,
        player,
        BUY_IN,
        deadline="buy_in",
        ask="number",
        low=state.options.min_buy_in,
        high=MAX_BUY_IN,
        secret=False,
        changeable=True,
        params={"min": state.options.min_buy_in, "max": MAX_BUY_IN},
    )


def _buy_in(state: SolState, player: int, chips: int, events: list[Event]) -> None:
    state.table[player].buy_in = chips
    state.table[player].stack = chips
    events.append(announce("sol-event-buy-in", player=seat(player), chips=chips))


def check(state: SolState, player: int, prompt: Prompt, action: Action) -> Refusal | None:
    if not isinstance(action.value, int):
        return Refusal(key="error-malformed")
    return None


def apply(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    assert isinstance(action.value, int)
    state.buy_in_choices[player] = action.value
    prompt.answered = True
    if len(state.buy_in_choices) < state.players:
        return
    state.prompts = []
    for s in range(state.players):
        _buy_in(state, s, state.buy_in_choices[s], events)
    deal(state, events)


def default_value(state: SolState, prompt: Prompt) -> int:
    return state.buy_in_choices.get(prompt.seat, state.options.min_buy_in)


def _draw(state: SolState) -> int:
    if not state.deck:
        # Only after very long runs of tied draws: the drawn cards go back into the shoe.
        state.deck = state.rng.shuffled(state.discard)
        state.discard = []
    return state.deck.pop(0)


def deal(state: SolState, events: list[Event]) -> None:
    """Shuffle the shoe, deal `hand_size` cards to each player in turn, then the opening draw."""
    hand_size = state.options.hand_size
    decks = decks_needed(state.players, hand_size)
    state.deck = state.rng.shuffled(shoe(decks))
    for slot in range(1, hand_size + 1):
        for s in range(state.players):
            state.table[s].cards.append(TableCard(card=_draw(state), number=slot))
    events.append(announce("sol-event-dealt", decks=decks, hand_size=hand_size))
    for s in range(state.players):
        events.append(tell([s], "sol-event-your-cards", **hand_params(state, s)))
    state.first_player = opening_draw(state, events)
    phase1.start_castling(state, events)


def opening_draw(state: SolState, events: list[Event]) -> int:
    """Everyone draws a card face up; the highest rank moves first; ties draw again."""
    contenders = list(range(state.players))
    attempt = 1
    while True:
        drawn = {s: _draw(state) for s in contenders}
        for s in contenders:
            events.append(announce("sol-event-draw", player=seat(s), attempt=attempt, **cardlib.face(drawn[s])))
        state.discard.extend(drawn.values())
        best = max(cardlib.rank(card) for card in drawn.values())
        contenders = [s for s in contenders if cardlib.rank(drawn[s]) == best]
        if len(contenders) == 1:
            return contenders[0]
        events.append(announce("sol-event-draw-tie", players={"and": [seat(s) for s in contenders]}))
        attempt += 1
