"""Property tests over many seeded random full games (bots and deadline defaults play every seat).

Checked: the game ends; every action applied was legal; `apply` never changes its input; the
state round-trips through JSON at every step and play continues from the reloaded copy; no
public event or public view carries a secret (checked by shape, by the timing of role terms, and
by non-interference: shuffling the secrets a viewer cannot know must not change what the public
or that player sees); private events go to their owner only; the score recomputed from the
history matches; replaying the action log from the seed gives the same state; stopping at a
random step and continuing from the saved JSON gives the same final state as not stopping.
See `test_random_full_games` for which checks run on which games, and the last tests for proof
that the leak checks do catch leaks.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.cookie import ENGINE, CookieState
from games.cookie import rules as cookie_rules
from games.cookie import view as cookie_views
from games.core import Action, Event, Prompt, seat
from games.core.rng import derived
from tests.depth import count

from .helpers import keys_of, pick, play_out, terms

GAMES = 3 * count(170)
"""510 games in a deep run, 129 by default (a multiple of 3: the table sizes cycle with the seed)."""
CHUNKS = 10
CHAIN = ["cookie", "blue", "strontium", "thirty-seven", "persians", "cosine"]

SECRET_KEYS = {"role", "roles", "hand", "hands", "pending", "choice", "hunter", "secrets", "you", "possible_roles"}
PRIVATE_EVENTS = {"cookie-event-deal", "cookie-event-chosen", "cookie-event-choice-changed"}
ROLE_EVENTS = {"cookie-event-setup", "cookie-event-score"}
"""The only public events that may name roles: the chain at set-up, and the end-of-round reveal."""


def players_for(seed: int) -> int:
    return 4 + seed % 3


class Watcher:
    """Follows one game's events and checks who may see what."""

    def __init__(self) -> None:
        self.round_open = False

    def check(self, after: CookieState, events: list[Event], prompt: Prompt | None, action: Action | None) -> None:
        for event in events:
            if event.public:
                self.check_public(event)
            else:
                self.check_private(after, event, prompt, action)

    def check_public(self, event: Event) -> None:
        assert event.key not in PRIVATE_EVENTS, event
        if event.key == "cookie-event-round-start":
            assert not self.round_open
            self.round_open = True
        if event.key == "cookie-event-round-over":
            self.round_open = False
        role_terms = {t for t in terms(event.params) if t.startswith("cookie-role-")}
        if event.key in ROLE_EVENTS:
            assert not self.round_open, f"{event.key} while a round's roles are secret"
        else:
            assert not role_terms, event
        keys = keys_of(event.params)
        allowed = {"role"} if event.key == "cookie-event-score" else set()
        assert not (keys & SECRET_KEYS) - allowed, event

    @staticmethod
    def check_private(after: CookieState, event: Event, prompt: Prompt | None, action: Action | None) -> None:
        assert event.key in PRIVATE_EVENTS, event
        assert event.to is not None and len(event.to) == 1, event
        (owner,) = event.to
        if event.key == "cookie-event-deal":
            role = after.roles[owner]
            assert event.params["role"] == {"term": f"cookie-role-{role}"}
            assert event.params["hand"] == [{"term": f"cookie-card-{card}"} for card in after.hands[owner]]
            assert not event.ack
        else:
            assert prompt is not None and action is not None
            assert owner == prompt.seat and event.ack, "a confirmation of the actor's own answer"
            assert event.params == {"card": {"term": f"cookie-card-{action.value}"}}


def disguise(state: CookieState, rng: random.Random, keep: int | None) -> CookieState:
    """A state that differs only in what `keep` (or the public, for None) cannot know: the roles of
    the others shuffled among them, their hands and pending choices changed to match."""
    alt = state.model_copy(deep=True)
    others = [s for s in range(state.players) if s != keep]
    roles = [state.roles[s] for s in others]
    rng.shuffle(roles)
    for player, role in zip(others, roles, strict=True):
        alt.roles[player] = role
        alt.hands[player] = [
            c for c in cookie_rules.starting_hand(role, state.players) if c not in state.revealed[player]
        ]
        if alt.pending[player] is not None:
            alt.pending[player] = rng.choice(alt.hands[player])
    return alt


def check_views(state: CookieState, rng: random.Random) -> None:
    """The public view has no secret fields and only finished rounds' roles; neither it nor one
    player's view changes when the secrets that viewer cannot know are shuffled (non-interference)."""
    public = ENGINE.view(state, None)
    assert not keys_of({k: v for k, v in public.items() if k != "history"}) & SECRET_KEYS
    assert len(public["history"]) == (state.rounds if state.over else state.round - 1)
    if state.over:
        return
    assert ENGINE.view(disguise(state, rng, None), None) == public
    viewer = rng.randrange(state.players)
    assert ENGINE.view(disguise(state, rng, viewer), viewer) == ENGINE.view(state, viewer)


def check_history(state: CookieState) -> None:
    """Recompute every round's score from the recorded roles, placements and hands, and check
    the record obeys the rules, independently of the engine's scoring code."""
    n = state.players
    chain = CHAIN[:n]
    coins = [0] * n
    assert [record.round for record in state.history] == list(range(1, n + 1))
    for index, record in enumerate(state.history):
        assert record.first == (state.history[0].first + index) % n
        assert sorted(record.roles) == sorted(chain)
        full_set = [*chain, "sword", "shield"] + (["hill"] if n < 6 else [])
        for player in range(n):
            assert len(record.revealed[player]) == n
            assert sorted([*record.revealed[player], *record.hands[player], record.roles[player]]) == sorted(full_set)
            tools = [c for c in record.revealed[player] if c in ("sword", "shield")]
            assert sorted(p.card for p in record.placements if p.owner == player) == sorted(tools)
        for k, placement in enumerate(record.placements):
            assert placement.target != placement.owner
            earlier = record.placements[:k]
            opposite = "shield" if placement.card == "sword" else "sword"
            blocking = {p.owner for p in earlier if p.card == opposite and p.target == placement.owner}
            if placement.target is None:
                assert set(range(n)) - {placement.owner} <= blocking, "nobody only when nobody is legal"
            else:
                assert placement.target not in blocking
        for player in range(n):
            i = chain.index(record.roles[player])
            target, hunter = chain[(i + 1) % n], chain[(i - 1) % n]
            mine = [p for p in record.placements if p.owner == player and p.target is not None]
            sword = 3 if any(p.card == "sword" and record.roles[p.target] == target for p in mine) else 0
            shield = 2 if any(p.card == "shield" and record.roles[p.target] == hunter for p in mine) else 0
            hill = 1 if "hill" in record.hands[player] else 0
            assert (record.sword[player], record.shield[player], record.hill[player]) == (sword, shield, hill)
            assert sword + shield + hill <= 6
            coins[player] += sword + shield + hill
        assert list(record.coins) == coins
    assert state.coins == coins
    results = ENGINE.results(state)
    assert results is not None and results.scores == coins
    assert results.winners == [p for p in range(n) if coins[p] == max(coins)]


def play_checked(players: int, seed: int, reload: bool, secrets: bool) -> tuple[CookieState, list[tuple[int, Action]]]:
    """Plays one game, checking at every step that the action is legal and that events go to the
    right audience and carry no secret. With `reload` the state is also saved to JSON and reloaded
    at every step (the copy equals the original) and play goes on from the reloaded copy.
    With `secrets`, at every step: `apply` left its input unchanged, the public view's shape, and
    non-interference of the public view and of one player's view."""
    state, events = ENGINE.setup(players, None, seed)
    watcher = Watcher()
    watcher.check(state, events, None, None)
    rng = derived(seed, "test")
    log: list[tuple[int, Action]] = []
    for _ in range(5000):
        if state.over:
            break
        prompt, action = pick(state)
        assert ENGINE.check(state, prompt.seat, action) is None, "every action applied is legal"
        before = ENGINE.dump(state) if secrets else ""
        after, events = ENGINE.apply(state, prompt.seat, action)
        log.append((prompt.seat, action))
        watcher.check(after, events, prompt, action)
        if secrets:
            assert ENGINE.dump(state) == before, "apply never changes its input"
            assert (ENGINE.results(after) is None) is not after.over
            for new_prompt in after.prompts:
                assert new_prompt.secret is (new_prompt.deadline == "choose")
            check_views(after, rng)
        if reload:
            saved = ENGINE.dump(after)
            reloaded = ENGINE.load(saved)
            assert reloaded == after
            after = reloaded
        state = after
    assert state.over, "the game ends"
    assert len(log) >= players * players * players
    return state, log


def check_replay(players: int, seed: int, final: CookieState, log: list[tuple[int, Action]]) -> None:
    state, _ = ENGINE.setup(players, None, seed)
    for player, action in log:
        state, _ = ENGINE.apply(state, player, action)
    assert state == final
    assert ENGINE.dump(state) == ENGINE.dump(final)


def check_stop_and_continue(players: int, seed: int, final: CookieState, length: int) -> None:
    stop = derived(seed, "stop").randrange(length)
    state, _ = ENGINE.setup(players, None, seed)
    for step, (_b, _p, _a, after, _e) in enumerate(play_out(state)):
        state = after
        if step == stop:
            break
    saved: Any = ENGINE.dump(state)
    state = ENGINE.load(saved)
    for _b, _p, _a, after, _e in play_out(state):
        state = after
    assert state == final


def tiers(seed: int) -> tuple[bool, bool, bool]:
    """(reload, stop, secrets) for a game. Table sizes cycle with the seed, tiers with seed // 3,
    so every tier has all three sizes."""
    tier = seed // 3
    return tier % 4 == 0, tier % 8 == 0, tier % 16 == 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_full_games(chunk: int) -> None:
    """Every game (510; 129 by default): it ends, every action is legal, events go to the right audience and
    carry no secret, the score recomputed from the history matches, replaying the log from the
    seed gives the same state, and the final state round-trips through JSON. A quarter of the
    games also save and reload the state through JSON at every step and play on from the copy;
    an eighth also stop at a random step and continue from the saved JSON; a sixteenth also check
    at every step that `apply` leaves its input unchanged and that the views leak nothing.
    (Every check at every step of every game would take about a minute.)"""
    for seed in range(chunk, GAMES, CHUNKS):
        players = players_for(seed)
        reload, stop, secrets = tiers(seed)
        final, log = play_checked(players, seed, reload, secrets)
        assert ENGINE.load(ENGINE.dump(final)) == final
        check_history(final)
        check_replay(players, seed, final, log)
        if stop:
            check_stop_and_continue(players, seed, final, len(log))


def test_games_cover_every_table_size_in_every_tier() -> None:
    assert count(500) <= GAMES
    assert set(Counter(players_for(seed) for seed in range(GAMES)).values()) == {GAMES // 3}
    for flag in (0, 1, 2):
        sizes = Counter(players_for(seed) for seed in range(GAMES) if tiers(seed)[flag])
        assert set(sizes) == {4, 5, 6} and min(sizes.values()) >= count(10), sizes


def test_the_leak_checks_catch_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above are not vacuous: a view or an event that leaks is caught."""
    state, events = ENGINE.setup(4, None, seed=1)
    check_views(state, random.Random(0))
    original = cookie_views.public_view

    def roles_under_an_innocent_name(s: CookieState) -> dict[str, Any]:
        return {**original(s), "order": [s.roles.index(r) for r in cookie_rules.chain(s.players)]}

    def pending_choices(s: CookieState) -> dict[str, Any]:
        return {**original(s), "chosen": list(s.pending)}

    chosen, _ = ENGINE.apply(state, 0, ENGINE.default_action(state, state.prompts[0]))
    for leak, target in ((roles_under_an_innocent_name, state), (pending_choices, chosen)):
        with monkeypatch.context() as patch:
            patch.setattr(cookie_views, "public_view", leak)
            caught = 0
            for attempt in range(5):
                try:
                    check_views(target, random.Random(attempt))
                except AssertionError:
                    caught += 1
            assert caught, leak.__name__

    watcher = Watcher()
    watcher.check(state, events, None, None)
    leaks = [
        Event(key="cookie-event-revealed", params={"player": seat(0), "card": {"term": "cookie-role-blue"}}),
        Event(key="cookie-event-deal", params={"role": {"term": "cookie-role-blue"}}),
        Event(key="cookie-event-placed-sword", params={"player": seat(0), "hand": ["blue"]}),
        Event(key="cookie-event-score", params={"player": seat(0), "role": {"term": "cookie-role-blue"}}),
        Event(key="cookie-event-deal", params={}, to=[0, 1]),
    ]
    for leak in leaks:
        with pytest.raises(AssertionError):
            watcher.check(state, [leak], None, None)
