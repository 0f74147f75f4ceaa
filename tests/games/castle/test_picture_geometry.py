"""The Castle picture stays true all game: what the board picture promises, checked on its layout
(the plan it paints) and on the PNG itself, for every passage the rules allow and the worst boards."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image

from games.castle.board import corridor_key, default_board, load_board
from games.castle.picture import SEAT_COLOURS, Scene, initials, plan_board, render_board, rounds_left, text_form
from games.castle.picture_layout import LEGEND_TOP, MARKER_CLEAR, MARKER_R, SCALE, TITLE_H, TOKEN_R, along, resample
from games.castle.picture_legend import legend_rows
from games.castle.picture_route import PASSAGE_CLEARANCE
from games.castle.state import Marker
from games.castle.view import public
from tests.games.castle.helpers import new_game
from tests.games.castle.picture_boards import WORST, legal_passages, lone_passage, worst_board

STEP = 2 * SCALE
"""The drawn path is checked every 2 px."""


def worst(name: str):
    players, seed, count, russian = WORST[name]
    return worst_board(players, seed, count, russian=russian)


def closest_other_hall(plan, key) -> tuple[float, str]:
    """The least room (px at 1×) between the passage's drawn path and the rim of a hall it does not join."""
    layout = plan.layout
    least, nearest = math.inf, ""
    for x, y in resample(plan.paths[key], STEP):
        for hall, (hx, hy) in layout.points.items():
            if hall in key:
                continue
            room = (math.hypot(x - hx, y - hy) - layout.radii[hall]) / SCALE
            if room < least:
                least, nearest = room, hall
    return least, nearest


@pytest.mark.parametrize("players", [3, 4])
def test_a_secret_passage_never_passes_through_or_beside_another_hall(players: int) -> None:
    board = default_board(players)
    for passage in legal_passages(board):
        plan = plan_board(lone_passage(board, passage))
        room, hall = closest_other_hall(plan, passage)
        assert room >= PASSAGE_CLEARANCE, f"{passage[0]}–{passage[1]} passes {room:.0f} px from {hall}"


@pytest.mark.parametrize("name", sorted(WORST))
def test_no_passage_of_the_worst_boards_passes_beside_another_hall(name: str) -> None:
    plan = plan_board(worst(name))
    assert len(plan.passages) >= 9
    for passage in sorted(plan.passages):
        room, hall = closest_other_hall(plan, passage)
        assert room >= PASSAGE_CLEARANCE, f"{name}: {passage[0]}–{passage[1]} passes {room:.0f} px from {hall}"


def test_the_issues_passages_go_round_the_halls_they_used_to_cross() -> None:
    """A6–B2 ran past A1 and crossed B1–A1 next to it; A4–B10 ran through A5."""
    plan = plan_board(worst("3p-en-1"))
    for passage in (corridor_key("A6", "B2"), corridor_key("A4", "B10")):
        room, _ = closest_other_hall(plan, passage)
        assert room >= PASSAGE_CLEARANCE


def on_a_crossing(plan, corridor, point) -> bool:
    return any(
        math.dist(point, p) <= MARKER_CLEAR * SCALE
        for key, path in plan.paths.items() if key != corridor for p in resample(path, STEP)
    )


@pytest.mark.parametrize("name", sorted(WORST))
def test_a_lock_or_barricade_sits_on_the_middle_of_its_own_corridor(name: str) -> None:
    """A pair on one corridor is centred on its middle. Routes keep off the middle of marked
    corridors; a passage whose own middle is a crossing has its marker moved to the nearest clear spot."""
    plan = plan_board(worst(name))
    by_corridor: dict = {}
    for marker in plan.markers:
        by_corridor.setdefault(marker.corridor, []).append(marker)
    assert any(len(markers) == 2 for markers in by_corridor.values()), "a corridor with both markers"
    for corridor, markers in by_corridor.items():
        middle, _ = along(plan.paths[corridor], 0.5)
        x = sum(m.centre[0] for m in markers) / len(markers)
        y = sum(m.centre[1] for m in markers) / len(markers)
        if corridor in plan.passages and on_a_crossing(plan, corridor, middle):
            continue
        assert math.dist((x, y), middle) < 1.5 * SCALE, f"{corridor}: {len(markers)} marker(s) off the middle"


@pytest.mark.parametrize("name", sorted(WORST))
def test_a_marker_never_sits_on_a_crossing(name: str) -> None:
    plan = plan_board(worst(name))
    for marker in plan.markers:
        for key, path in plan.paths.items():
            if key == marker.corridor:
                continue
            near = min(math.dist(marker.centre, point) for point in resample(path, STEP))
            assert near > (MARKER_R + 4) * SCALE, f"{name}: the marker on {marker.corridor} sits on {key}"


@pytest.mark.parametrize("name", sorted(WORST))
def test_every_marker_says_how_many_rounds_it_has_left(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    assert {m.kind for m in plan.markers} == {"lock", "barricade"}
    for marker in plan.markers:
        table = scene.lock_rounds if marker.kind == "lock" else scene.barricade_rounds
        assert marker.rounds == table[marker.corridor]
    # The number is drawn: the badge beside each marker is dark, the white digit on it.
    picture = Image.open(io.BytesIO(render_board(scene))).convert("RGB")
    for marker in plan.markers:
        reach = MARKER_R * 0.72 * SCALE
        bx, by = (marker.centre[0] + reach) / SCALE, (marker.centre[1] - reach) / SCALE
        ring = [picture.getpixel((round(bx + 6 * math.cos(a)), round(by + 6 * math.sin(a)))) for a in (0.3, 2.0, 3.6)]
        assert any(sum(pixel) < 200 for pixel in ring), f"{name}: no rounds badge by {marker.corridor}"


def test_rounds_left_counts_this_round_and_only_rounds_in_force() -> None:
    state = new_game(3)
    state.round = 4
    state.barricades.append(Marker(corridor=("A1", "C"), since=3, until=4))
    marker = public(state)["barricades"][0]
    assert rounds_left(marker["since"], marker["until"], state.round) == 1  # Platform 9¾ last round: this one left
    assert rounds_left(4, 5, 4) == 2  # played this round: this round and the next
    assert rounds_left(5, 5, 4) == 1  # a Defence Lock for next round: one round, not yet begun
    assert rounds_left(2, 3, 4) == 0


@pytest.mark.parametrize("name", ["3p-en-1", "4p-en-2", "3p-ru-1", "4p-ru-2"])
def test_player_tokens_are_discs_with_the_seats_initial_listed_in_a_legend(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    letters = initials(scene.names)
    assert [t.seat for t in sorted(plan.tokens, key=lambda t: t.seat)] == sorted(scene.positions)
    rows = legend_rows(scene, plan.letters)
    assert [(seat, initial) for seat, initial, _ in rows] == list(enumerate(letters))
    picture = Image.open(io.BytesIO(render_board(scene))).convert("RGB")
    layout = plan.layout
    for token in plan.tokens:
        assert token.letters == letters[token.seat]
        hx, hy = layout.points[token.hall]
        x, y = token.centre
        # Beside its hall, not on the label: the disc stays off the hall's circle.
        assert math.hypot(x - hx, y - hy) >= layout.radii[token.hall] + TOKEN_R * SCALE
        # Inside the board area: never over the title or the legend.
        assert y - TOKEN_R * SCALE >= TITLE_H * SCALE and y + TOKEN_R * SCALE <= LEGEND_TOP * SCALE, token
        # A disc in the seat's colour (sampled on its rim, beside the letter).
        colour = SEAT_COLOURS[token.seat]
        px, py = x / SCALE, y / SCALE
        samples = [picture.getpixel((round(px + 0.7 * TOKEN_R * math.cos(a)), round(py + 0.7 * TOKEN_R * math.sin(a))))
                   for a in (0.5, 1.6, 2.7, 3.8, 4.9)]
        assert sum(1 for p in samples if max(abs(p[i] - colour[i]) for i in range(3)) < 40) >= 3, token


def test_a_passage_on_a_board_without_rings_still_keeps_clear_of_other_halls() -> None:
    tiny = load_board(Path(__file__).parent / "boards" / "good-tiny.json")
    for passage in [corridor_key("A2", "A3"), corridor_key("A1", "A3")]:
        plan = plan_board(Scene(board=tiny, title="tiny", corridors=list(tiny.corridors), passages=[passage]))
        room, hall = closest_other_hall(plan, passage)
        assert room >= PASSAGE_CLEARANCE, f"{passage}: {room:.0f} px from {hall}"


def test_the_text_form_says_how_many_rounds_each_marker_has_left() -> None:
    scene = worst("3p-en-1")
    text = text_form(scene)
    for corridor, rounds in scene.lock_rounds.items():
        a, b = sorted(corridor, key=scene.board.ordered_halls().index)
        assert f"{a}–{b} (rounds left: {rounds})" in text.split("Locks: ")[1].split("\n")[0]
    russian = text_form(worst("3p-ru-1"))
    assert "осталось раундов: " in russian
