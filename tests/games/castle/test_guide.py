"""The terminal's `?` in Castle (games.castle.summary.guide): the exits of the hall you stand in — open,
Locked, Barricaded, removed for good, or a secret passage — and where every artifact lies."""

from __future__ import annotations

from bot.i18n import reading_as
from bot.render import event_text
from games.castle.board import corridor_key
from games.castle.state import CastleState, Marker
from games.castle.summary import guide
from tests.games.castle.helpers import new_game, position

NAMES = ["Ada", "Boris", "Clara"]


def read(state: CastleState, seat: int) -> str:
    names = reading_as(lambda n: NAMES[n], seat)
    return "\n".join(event_text(e, "en", names) for e in guide(state, seat))


def in_a1() -> CastleState:
    return position(new_game(3, seed=2), halls={0: "A1"}, floor={"C": 1, "B7": 2}, carried={1: 1}, delivered={2: 1})


def test_every_exit_of_your_hall_is_listed_open_in_board_order() -> None:
    state = in_a1()
    assert read(state, 0).startswith("🚪 Exits of hall A1:\n→ C: open\n→ A2: open\n→ A6: open\n→ B1: open")


def test_locked_barricaded_removed_and_passages_are_told_apart() -> None:
    state = in_a1()
    state.locks.append(Marker(corridor=corridor_key("A1", "A2"), since=state.round, until=state.round))
    state.barricades.append(Marker(corridor=corridor_key("A1", "B1"), since=state.round, until=state.round + 1))
    state.removed.append(corridor_key("A1", "A6"))
    state.passages.append(corridor_key("A1", "B5"))
    text = read(state, 0)
    assert f"→ A2: ⛔ Locked in round {state.round}" in text
    assert f"→ B1: 🚧 Barricaded until round {state.round + 1}" in text
    assert "→ A6: removed for good (Flame of Udûn)" in text
    assert "→ B5 (secret passage): open" in text


def test_a_marker_no_longer_in_force_leaves_the_corridor_open() -> None:
    state = in_a1()
    state.locks.append(Marker(corridor=corridor_key("A1", "A2"), since=state.round - 1, until=state.round - 1))
    assert "→ A2: open" in read(state, 0)


def test_every_artifact_is_placed_on_the_floor_carried_or_delivered() -> None:
    text = read(in_a1(), 0)
    assert "🏺 Artifacts:\nin hall C: 1\nin hall B7: 2\nBoris carries 1 (hall B6)\n" in text
    assert "Clara has delivered 1 to the shrine B10" in text


def test_the_guide_is_the_asking_players_own() -> None:
    assert all(event.to == [1] for event in guide(in_a1(), 1))
