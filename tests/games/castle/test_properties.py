"""Seeded random full games at 3 and 4 players with random house rules; each seat is the bot or a
random legal player, and some answers are deadline defaults.

Checked at every step: the action taken was legal; every card of the action, skirmish and event
decks is in exactly one place (a hand or skirmish row, a deck, a discard pile, the event on the
table); one artifact is in play (on the floor or carried) and delivered counts only grow; the castle
stays connected; public events name no hand card except the cards revealed with this round's
orders, and private events go to one player. In some games also at every step: `apply` leaves its
input unchanged; the public view, the public status lines and one player's view do not change when
everything that viewer cannot know is changed (other hands, decks, unrevealed orders, skirmish
choices and winner's choices, what "Ahaha" or Peek showed), and neither do the bot's answer and
the public events of building an order. Every game ends; replaying its action log from the seed
gives the identical state; some games save → load (JSON) → continue at every step, others stop at a
random step and continue from the saved JSON, and end identically.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.castle import ENGINE, CastleEngine
from games.castle import bot as castle_bot
from games.castle import view as castle_view
from games.castle.board import is_connected
from games.castle.engine import random_action
from games.castle.orders import ORDERS
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState
from games.core import Action, Event, Prompt
from games.core.rng import derived
from tests.depth import count
from tests.games.castle.helpers import order, prompt_of

GAMES = 2 * count(150)
"""300 games in a deep run, 76 by default (even: the two table sizes alternate with the seed)."""
CHUNKS = 6
MAX_STEPS = 5000


# --- the games --------------------------------------------------------------------------------
@dataclass
class Plan:
    seed: int
    players: int
    options: dict[str, Any]
    seats: list[str]
    """"bot" or "random" per seat."""
    p_default: float
    reload: bool = False
    stop: bool = False
    secrets: bool = False


def plan_for(seed: int) -> Plan:
    """Table size alternates with the seed; house rules, seats and check tiers are drawn from it.
    Most games are short (few rounds, or one artifact to win) so that many positions are seen."""
    rng = derived(seed, "options")
    players = 3 + seed % 2
    options: dict[str, Any] = {
        "artifacts_to_win": rng.choice([1, 1, 2, 2, 3]),
        "max_rounds": rng.choice([1, 2, 2, 3, 3, 4, 4, 6, 8, 12]),
        "orders_seconds": rng.choice([30, 180]),
        "skirmish_seconds": rng.choice([20, 60]),
    }
    if players == 3 and rng.random() < 0.25:
        options["board"] = "castle-4"  # four shrines for three players: one stays empty
    seats = [rng.choice(["bot", "bot", "random"]) for _ in range(players)]
    tier = seed // 2
    return Plan(seed, players, options, seats, p_default=rng.choice([0.0, 0.1, 0.3]),
                reload=tier % 5 == 0, stop=tier % 5 == 1, secrets=tier % 5 == 2)


def pick(state: CastleState, plan: Plan) -> tuple[Prompt, Action]:
    """The driver: a pure function of the state, so a reloaded game continues exactly the same.
    It answers an open prompt, now and then changes an answer already given, and mixes bot
    seats, random legal seats and deadline defaults."""
    rng = derived(plan.seed, "driver", state.step)
    open_prompts = [p for p in state.prompts if not p.answered]
    changeable = [p for p in state.prompts if p.answered and p.changeable]
    prompt = rng.choice(changeable) if changeable and rng.random() < 0.05 else rng.choice(open_prompts)
    if rng.random() < plan.p_default:
        return prompt, ENGINE.default_action(state, prompt)
    answer = derived(plan.seed, "answer", state.step)
    if plan.seats[prompt.seat] == "bot":  # the bot's own answer, not its safety net: it must be legal
        return prompt, Action(prompt=prompt.id, value=castle_bot.decide(state, prompt, answer))
    return prompt, random_action(state, prompt, answer)


def play_out(state: CastleState, plan: Plan) -> Iterator[tuple[CastleState, Prompt, Action, CastleState, list[Event]]]:
    for _ in range(MAX_STEPS):
        if state.over:
            return
        prompt, action = pick(state, plan)
        after, events = ENGINE.apply(state, prompt.seat, action)
        yield state, prompt, action, after, events
        state = after
    raise AssertionError("the game did not end")


# --- invariants -------------------------------------------------------------------------------
def check_cards(state: CastleState) -> None:
    """Every card is in exactly one place."""
    hands = [c for p in state.table for c in p.hand]
    rows = [c for p in state.table for c in p.row]
    assert sorted(hands + state.action_deck + state.action_discard) == list(range(len(state.action_kinds)))
    assert sorted(rows + state.skirmish_deck + state.skirmish_discard) == list(range(len(state.skirmish_kinds)))
    table = [] if state.event is None else [state.event]
    assert sorted(table + state.event_deck + state.event_discard) == list(range(len(state.event_kinds)))
    assert all(len(p.row) == 2 for p in state.table), "two face-up skirmish cards each"


def check_artifacts(before: CastleState | None, state: CastleState) -> None:
    """One artifact in play at a time: on a floor or carried; delivered ones stay counted."""
    assert all(n > 0 for n in state.floor.values())
    assert sum(state.floor.values()) + sum(p.carried for p in state.table) == 1
    if before is not None:
        assert all(b.delivered <= a.delivered for b, a in zip(before.table, state.table, strict=True))


def check_board(state: CastleState) -> None:
    board = state.the_board()
    assert is_connected(board.ordered_halls(), state.corridors()), "the castle stays connected"
    halls = set(board.ordered_halls())
    assert all(p.hall in halls for p in state.table)


def terms(value: Any) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if set(item) == {"term"}:
                yield str(item["term"])
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def played_kinds(state: CastleState) -> set[str]:
    """The action cards played in the orders about to be revealed (public from the reveal on)."""
    kinds = set()
    for seat, sheet in state.sheets.items():
        card = sheet.parts.get("card") or []
        if card and card[0].isdigit() and int(card[0]) <= len(state.table[seat].hand):
            kinds.add(state.action_kinds[state.table[seat].hand[int(card[0]) - 1]])
    return kinds


class Watcher:
    """Follows one game's events: who hears what."""

    def __init__(self) -> None:
        self.revealed: set[str] = set()

    def check(self, before: CastleState | None, after: CastleState, events: list[Event]) -> None:
        for event in events:
            if event.key == "castle-round":
                self.revealed = set()
            if event.key == "castle-reveal" and event.public:
                assert before is not None
                self.revealed = played_kinds(before)
            if not event.public:
                assert event.to is not None and len(event.to) == 1, f"private to one player: {event}"
                continue
            assert "hand" not in event.params, event
            cards = {t.removeprefix("castle-card-") for t in terms(event.params) if t.startswith("castle-card-")}
            assert cards <= self.revealed, f"a public event names a hidden card: {event}"
        for prompt in after.prompts:
            assert prompt.secret or not any(t.startswith("castle-card-") for t in terms(prompt.params))


# --- secrets: what a viewer cannot know may change without changing what they see ----------------
def disguise(state: CastleState, rng: random.Random, keep: int | None) -> CastleState:
    """A state that differs only in what `keep` (None: the public) cannot know."""
    alt = state.model_copy(deep=True)
    alt.rng.seed += 1 + rng.randrange(1000)
    others = [s for s in range(state.players) if s != keep]
    pool = [c for s in others for c in alt.table[s].hand] + alt.action_deck + alt.action_discard
    rng.shuffle(pool)
    for s in others:
        size = len(alt.table[s].hand)
        alt.table[s].hand, pool = pool[:size], pool[size:]
    size = len(alt.action_deck)
    alt.action_deck, alt.action_discard = pool[:size], pool[size:]
    rng.shuffle(alt.skirmish_deck)
    rng.shuffle(alt.event_deck)
    for s in others:
        sheet = alt.sheets.get(s)
        if sheet is not None:
            sheet.parts = {name: ORDERS.parts[name].default(alt, sheet) for name in sheet.parts}
            sheet.editing, sheet.draft = None, []
        choice = alt.choice_sheets.get(s)
        if choice is not None:
            choice.parts = {name: [] for name in choice.parts}
            choice.editing, choice.draft = None, []
        alt.notes.pop(s, None)
        if alt.stage == "skirmish" and s in alt.skirmish_choices:
            alt.skirmish_choices[s] = 3 - alt.skirmish_choices[s]
    if alt.pause is not None and alt.pause.seat != keep:
        alt.pause.cards = list(reversed(alt.table[alt.pause.target].hand))[: len(alt.pause.cards)]
    if alt.fight is not None and alt.fight.winner != keep:
        alt.fight.defaults = {}
    return alt


def check_secrets(state: CastleState, rng: random.Random) -> None:
    """Non-interference: the public view and status, and one player's view and status, are the same
    in every state that differs only in what that viewer cannot know."""
    public = ENGINE.view(state, None)
    assert not {"hand", "hands", "order", "orders", "notes", "choices", "decks"} & set(public)
    hidden = disguise(state, rng, None)
    assert ENGINE.view(hidden, None) == public
    assert ENGINE.summary(hidden, None) == ENGINE.summary(state, None)
    viewer = rng.randrange(state.players)
    hidden = disguise(state, rng, viewer)
    assert ENGINE.view(hidden, viewer) == ENGINE.view(state, viewer)
    assert ENGINE.summary(hidden, viewer) == ENGINE.summary(state, viewer)


def check_quiet_orders(state: CastleState, seat: int, action: Action, events: list[Event], rng: random.Random) -> None:
    """Building an order tells the channel nothing that depends on the orders or hands it cannot see:
    the same answer in a state that differs only in those gives the same public events."""
    hidden = disguise(state, rng, seat)
    _, hidden_events = ENGINE.apply(hidden, seat, action)
    assert [e for e in hidden_events if e.public] == [e for e in events if e.public]


def check_bot_blindness(state: CastleState, prompt: Prompt, rng: random.Random) -> None:
    """The bot answers the same in every state that differs only in what its seat cannot know."""
    hidden = disguise(state, rng, prompt.seat)
    castle_bot.forget_plans()  # plan both from scratch
    answer = castle_bot.decide(hidden, prompt, derived(0, "blind", state.step))
    castle_bot.forget_plans()
    assert answer == castle_bot.decide(state, prompt, derived(0, "blind", state.step))


# --- one game -------------------------------------------------------------------------------------
@dataclass
class Played:
    final: CastleState
    log: list[tuple[int, Action]] = field(default_factory=list)


def play_checked(plan: Plan) -> Played:
    state, events = ENGINE.setup(plan.players, plan.options, plan.seed)
    watcher = Watcher()
    watcher.check(None, state, events)
    for check in (check_cards, check_board):
        check(state)
    check_artifacts(None, state)
    rng = derived(plan.seed, "secrets")
    log: list[tuple[int, Action]] = []
    for _ in range(MAX_STEPS):
        if state.over:
            break
        prompt, action = pick(state, plan)
        assert ENGINE.check(state, prompt.seat, action) is None, f"illegal {action} at {prompt.key}"
        before = ENGINE.dump(state) if plan.secrets else ""
        after, events = ENGINE.apply(state, prompt.seat, action)
        log.append((prompt.seat, action))
        watcher.check(state, after, events)
        check_cards(after)
        check_artifacts(state, after)
        check_board(after)
        if plan.secrets:
            assert ENGINE.dump(state) == before, "apply never changes its input"
            if plan.seats[prompt.seat] == "bot":
                check_bot_blindness(state, prompt, rng)
            if after.stage == "orders" and after.round == state.round:
                check_quiet_orders(state, prompt.seat, action, events, rng)
            if not after.over:
                check_secrets(after, rng)
        if plan.reload:
            reloaded = ENGINE.load(ENGINE.dump(after))
            assert reloaded == after
            after = reloaded
        state = after
    assert state.over, "the game ends"
    assert state.round <= plan.options["max_rounds"]
    results = ENGINE.results(state)
    assert results is not None and results.winners == state.winners and state.winners
    return Played(state, log)


def check_replay(plan: Plan, played: Played) -> None:
    state, _ = ENGINE.setup(plan.players, plan.options, plan.seed)
    for seat, action in played.log:
        state, _ = ENGINE.apply(state, seat, action)
    assert state == played.final
    assert ENGINE.dump(state) == ENGINE.dump(played.final)


def check_stop_and_continue(plan: Plan, played: Played) -> None:
    stop = derived(plan.seed, "stop").randrange(len(played.log))
    state, _ = ENGINE.setup(plan.players, plan.options, plan.seed)
    for seat, action in played.log[:stop]:
        state, _ = ENGINE.apply(state, seat, action)
    state = ENGINE.load(ENGINE.dump(state))
    for _before, _prompt, _action, after, _events in play_out(state, plan):
        state = after
    assert state == played.final


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_full_games(chunk: int) -> None:
    """300 games (76 by default): see the module's docstring for what is checked."""
    for seed in range(chunk, GAMES, CHUNKS):
        plan = plan_for(seed)
        played = play_checked(plan)
        assert ENGINE.load(ENGINE.dump(played.final)) == played.final
        check_replay(plan, played)
        if plan.stop:
            check_stop_and_continue(plan, played)


def test_the_sample_covers_both_table_sizes_seat_kinds_and_tiers() -> None:
    plans = [plan_for(seed) for seed in range(GAMES)]
    for players in (3, 4):
        mine = [p for p in plans if p.players == players]
        assert len(mine) == GAMES // 2
        assert any("random" in p.seats for p in mine) and any(set(p.seats) == {"bot"} for p in mine)
        for tier in ("reload", "stop", "secrets"):
            assert sum(getattr(p, tier) for p in mine) >= count(20), tier
    assert {p.options["artifacts_to_win"] for p in plans} == {1, 2, 3}
    assert any(p.options.get("board") == "castle-4" and p.players == 3 for p in plans)


def test_the_secret_checks_catch_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above are not vacuous: a view that shows a hand, or an order before the reveal, a
    bot that reads another hand, and a public event that names a hand card, are caught."""
    state, _ = ENGINE.setup(4, None, seed=3)
    check_secrets(state, random.Random(0))
    original = castle_view.public

    def hand_sizes_and_first_cards(s: CastleState) -> dict[str, Any]:
        return {**original(s), "tops": [s.action_kinds[p.hand[0]] if p.hand else "" for p in s.table]}

    def orders_before_the_reveal(s: CastleState) -> dict[str, Any]:
        return {**original(s), "moves": {str(k): v.parts.get("move") for k, v in s.sheets.items()}}

    moved, _ = order(state, 1, move=[state.the_board().neighbours(state.table[1].hall)[0]], done=False)
    for leak in (hand_sizes_and_first_cards, orders_before_the_reveal):
        with monkeypatch.context() as patch:
            patch.setattr(castle_view, "public", leak)
            caught = 0
            for attempt in range(8):
                try:
                    check_secrets(moved, random.Random(attempt))
                except AssertionError:
                    caught += 1
            assert caught, leak.__name__

    def cheating_bot(s: CastleState, prompt: Prompt, rng: random.Random) -> str:
        return s.action_kinds[s.table[(prompt.seat + 1) % s.players].hand[0]]

    with monkeypatch.context() as patch:
        patch.setattr(castle_bot, "decide", cheating_bot)
        prompt = prompt_of(state, 0)
        caught = 0
        for attempt in range(8):
            try:
                check_bot_blindness(state, prompt, random.Random(attempt))
            except AssertionError:
                caught += 1
        assert caught, "a bot that reads another hand is caught"

    watcher = Watcher()
    leak = Event(key="castle-drew", params={"card": {"term": "castle-card-devil"}})
    with pytest.raises(AssertionError):
        watcher.check(state, state, [leak])
    with pytest.raises(AssertionError):
        watcher.check(state, state, [Event(key="castle-your-hand", to=[0, 1])])


def test_engine_is_the_castle_engine() -> None:
    assert isinstance(ENGINE, CastleEngine) and ENGINE.name == "castle"
    assert CHOICES.name == "choice" and ORDERS.name == "orders"
