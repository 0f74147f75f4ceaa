"""From the draft to Night 1: shuffled decks, opening hands (6; Alien 7, Child 5; the Jester chooses),
the mafia's snapshot, and the state where the next phases begin."""

from __future__ import annotations

from games.core import Action, Event
from games.mafia import ENGINE
from games.mafia.collection import load_collection
from games.mafia.opening import JESTER_HAND
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import answer, at_night_one, run, start, wish

COLLECTION = load_collection()
SIGNUPS = [wish(r) for r in ("alien", "child", "jester", "hero", "monk", "lucky", "psychic", "banker", "croupier",
                             "politician")]


def to_opening(seed: int = 1, joins: list | None = None) -> tuple[MafiaState, list[Event]]:
    state, events = start(seed=seed, joins=joins or SIGNUPS)
    state = run(state, events=events, until=lambda s: s.phase != "draft")
    return state, events


def test_opening_hands_are_drawn_from_the_top_of_the_shuffled_deck() -> None:
    state, events = to_opening()
    assert state.phase == "opening"
    sizes = {s.public_role: len(s.hand) for s in state.seats}
    assert sizes["alien"] == 7 and sizes["child"] == 5 and sizes["hero"] == 6 and sizes["jester"] == 0
    for number, player in enumerate(state.seats):
        if player.public_role == "jester":
            continue
        told = [e for e in events if e.key == "mafia-event-opening-hand" and e.to == [number]]
        assert len(told) == 1 and told[0].params["count"] == len(player.hand)


def test_decks_are_shuffled_not_in_draft_order() -> None:
    orders_kept = 0
    for seed in range(1, 4):
        state, _ = start(seed=seed, joins=SIGNUPS)
        state = run(state, until=lambda s: s.phase != "draft")
        for player in state.seats:
            ids = [c.id for c in player.hand + player.deck]
            orders_kept += ids == sorted(ids)
    assert orders_kept == 0


def test_the_jester_chooses_his_six_from_his_deck_in_his_own_order() -> None:
    state, events = to_opening()
    prompt = next(p for p in state.prompts if p.key == JESTER_HAND)
    assert [p.key for p in state.prompts] == [JESTER_HAND]
    jester = state.seats[prompt.seat]
    assert prompt.ask == "many" and prompt.secret and (prompt.min_picks, prompt.max_picks) == (6, 6)
    assert sorted(int(o.value) for o in prompt.options) == sorted(c.id for c in jester.deck)
    listed = [COLLECTION.order(o.params["card"]["term"].removeprefix("mafia-card-")) for o in prompt.options]
    assert listed == sorted(listed)  # collection order: the prompt tells nothing of the deck order
    public = next(e for e in events if e.key == "mafia-event-jester-choosing")
    assert public.public
    chosen = tuple(o.value for o in prompt.options[-6:])[::-1]
    too_few = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=chosen[:5]))
    assert too_few is not None and too_few.key == "error-pick-exactly"
    state, caused = answer(state, prompt, chosen)
    player = state.seats[prompt.seat]
    assert [str(c.id) for c in player.hand] == list(chosen)
    assert len(player.deck) == (9 if player.faction == "mafia" else 6)
    assert state.phase == "night" and state.number == 1
    assert "mafia-event-night-begins" in [e.key for e in caused]


def test_the_jesters_deadline_takes_the_top_six() -> None:
    state, _ = to_opening()
    prompt = next(p for p in state.prompts if p.key == JESTER_HAND)
    top = [c.id for c in state.seats[prompt.seat].deck[:6]]
    state, _ = ENGINE.apply(state, prompt.seat, ENGINE.default_action(state, prompt))
    assert [c.id for c in state.seats[prompt.seat].hand] == top


def test_without_a_jester_night_one_begins_right_after_the_draft() -> None:
    joins = [wish(r) for r in ("alien", "child", "hero", "monk", "lucky", "psychic", "banker", "croupier",
                               "politician", "avenger")]
    state, events = to_opening(joins=joins)
    assert state.phase == "night" and state.number == 1
    assert not state.over and ENGINE.results(state) is None
    assert sorted(p.seat for p in state.prompts) == list(range(10))  # everyone's Night 1 order sheet
    assert all(p.sheet is not None and p.deadline == "night" for p in state.prompts)
    night = next(e for e in events if e.key == "mafia-event-night-begins")
    counts = {line["params"]["player"]["seat"]: line["params"]["count"] for line in night.params["counts"]["lines"]}
    assert counts == {n: len(s.hand) for n, s in enumerate(state.seats)}


def test_each_mafia_member_gets_a_snapshot_of_the_others_at_night_one() -> None:
    state, _ = to_opening()
    events: list[Event] = []
    state = run(state, events=events, until=at_night_one)
    mafia = state.mafia_seats()
    snapshots = [e for e in events if e.key == "mafia-event-snapshot"]
    assert sorted(e.to[0] for e in snapshots if e.to) == mafia
    for event in snapshots:
        assert event.to is not None
        (member,) = event.to
        lines = event.params["members"]["lines"]
        assert sorted(line["params"]["player"]["seat"] for line in lines) == [n for n in mafia if n != member]
        for line in lines:
            other = state.seats[line["params"]["player"]["seat"]]
            assert line["params"]["hand"] == [{"term": f"mafia-card-{c.key}"} for c in other.hand]
            deck = sorted(t["term"] for t in line["params"]["deck"])
            assert deck == sorted(f"mafia-card-{c.key}" for c in other.deck)


def test_drawing_from_an_empty_deck_shuffles_the_reserve_into_a_new_deck() -> None:
    from games.mafia.deck import draw

    state, _ = to_opening()
    state = run(state, until=at_night_one)
    number = next(n for n, s in enumerate(state.seats) if s.faction == "law")
    player = state.seats[number]
    deck, reserve = len(player.deck), len(player.reserve)
    drawn = draw(state, number, deck + 2)
    assert len(drawn) == deck + 2
    assert len(state.seats[number].deck) == reserve - 2 and not state.seats[number].reserve
