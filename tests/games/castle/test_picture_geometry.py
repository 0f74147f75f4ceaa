"""The Castle picture cannot mislead: what the board picture promises, checked on its layout (the plan
it paints) and on the PNG itself, for every passage the rules allow, the worst boards and hundreds of
random ones.

- A secret passage is a pair of portal marks with one number, one beside each of its halls; only a
  short passage between neighbours is a line, and then one that passes no hall and crosses no line.
- Every Lock and Barricade marks a point that is nearer its own corridor than any other (on the
  corridor, or at the end of its leader); a marker of a passage drawn as portals is on both marks.
- No two drawn things overlap; tokens, artifacts and portal marks sit nearest their own hall.
- Players are coloured discs whose letters are never a hall's label or a lone letter.
"""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import pytest
from PIL import Image

from games.castle.board import corridor_key, default_board, load_board
from games.castle.picture import SEAT_COLOURS, Scene, initials, plan_board, render_board, rounds_left, text_form
from games.castle.picture_layout import LEGEND_TOP, MARKER_R, SCALE, TITLE_H, TOKEN_R, path_distance, segments_cross
from games.castle.picture_legend import legend_rows
from games.castle.picture_paint import passage_colour
from games.castle.picture_place import overlap
from games.castle.picture_plan import PASSAGE_CLEARANCE, Plan, corridor_name
from games.castle.state import Marker
from games.castle.view import public
from tests.depth import count
from tests.games.castle.helpers import new_game
from tests.games.castle.picture_boards import WORST, legal_passages, lone_passage, random_scene, worst_board
from tests.games.castle.test_picture import SCENES

RANDOM_BOARDS = count(800, least=200)
CHUNKS = 4
LOOKALIKES = str.maketrans("АВСЕНКМОРТХ", "ABCEHKMOPTX")


def worst(name: str) -> Scene:
    players, seed, count_, russian = WORST[name]
    return worst_board(players, seed, count_, russian=russian)


def random_plans(chunk: int) -> list[tuple[int, Scene, Plan]]:
    found = []
    for seed in range(chunk, RANDOM_BOARDS, CHUNKS):
        scene = random_scene(seed)
        found.append((seed, scene, plan_board(scene)))
    return found


# --- what each check promises ---------------------------------------------------------------------
def marks_its_own_corridor(plan: Plan) -> None:
    """Each marker's anchor (its centre on the corridor, or its leader's end) lies on its own
    corridor, and every other line is farther from it than a marker's half width; a marker beside
    its corridor is itself clear of every line."""
    for marker in plan.markers:
        anchor = getattr(marker, "anchor", marker.centre)
        own = path_distance(anchor, plan.paths[marker.corridor])
        assert own <= SCALE, f"{marker.kind} on {corridor_name(marker.corridor)}: its anchor is off its corridor"
        for key, path in plan.paths.items():
            if key == marker.corridor:
                continue
            other = path_distance(anchor, path)
            assert other > own and other >= MARKER_R * SCALE, (
                f"the {marker.kind} of {corridor_name(marker.corridor)} also marks {corridor_name(key)}")
        if anchor != marker.centre:
            for key, path in plan.paths.items():
                assert path_distance(marker.centre, path) > MARKER_R * SCALE, (
                    f"the {marker.kind} of {corridor_name(marker.corridor)} set beside it lies on {corridor_name(key)}")


def passages_are_portals_or_short_lines(scene: Scene, plan: Plan) -> None:
    board = scene.board
    layout = plan.layout
    longest = max(math.dist(layout.points[a], layout.points[b]) for a, b in board.corridors)
    numbers = [portal.number for portal in plan.portals]
    for passage in plan.passages:
        ends = [portal for portal in plan.portals if portal.passage == passage]
        if passage in plan.paths:  # drawn as a line: a short one between neighbours, clear of everything
            assert passage in plan.lines and not ends
            a, b = passage
            assert abs(board.ring_of(a) - board.ring_of(b)) <= 1, f"{corridor_name(passage)} is a line across rings"
            assert math.dist(layout.points[a], layout.points[b]) <= 1.3 * longest, f"{corridor_name(passage)} is long"
            path = plan.paths[passage]
            for hall, point in layout.points.items():
                if hall not in passage:
                    room = path_distance(point, path) - layout.radii[hall]
                    assert room >= PASSAGE_CLEARANCE * SCALE, f"{corridor_name(passage)} passes {hall}"
            for key, other in plan.paths.items():
                if key != passage and not set(key) & set(passage):
                    assert not any(
                        segments_cross(p, q, r, s)
                        for p, q in itertools.pairwise(path) for r, s in itertools.pairwise(other)
                    ), f"{corridor_name(passage)} crosses {corridor_name(key)}"
        else:
            assert sorted(portal.hall for portal in ends) == sorted(passage), f"{corridor_name(passage)}: {ends}"
            assert len({portal.number for portal in ends}) == 1
            assert numbers.count(ends[0].number) == 2, "each number names one passage"


def every_marker_is_shown(scene: Scene, plan: Plan) -> None:
    """Every Lock and Barricade of the scene is on the picture: on its line, or on both portal marks."""
    for kind, corridors in (("lock", scene.locks), ("barricade", scene.barricades)):
        for corridor in corridors:
            key = corridor_key(*corridor)
            on_line = [m for m in plan.markers if m.corridor == key and m.kind == kind]
            on_portals = [p for p in plan.portals if p.passage == key and kind in [k for k, _ in p.markers]]
            assert len(on_line) == 1 or len(on_portals) == 2, f"{kind} on {corridor_name(key)} is not shown"


def nothing_overlaps(plan: Plan) -> None:
    labels = plan.labels
    for one, other in itertools.combinations(labels, 2):
        if one.owner != other.owner:
            assert not overlap(one, other), f"{one.what} {one.owner} overlaps {other.what} {other.owner}"
    for label in labels:
        x, y = label.centre
        hx, hy = label.half
        assert (y - hy >= TITLE_H * SCALE and y + hy <= LEGEND_TOP * SCALE and x - hx >= 0
                and x + hx <= 900 * SCALE), f"{label.what} {label.owner} leaves the board"


def beside_its_own_hall(plan: Plan) -> None:
    layout = plan.layout
    things = ([(t.hall, t.centre, f"token {t.seat}") for t in plan.tokens]
              + [(g.hall, g.centre, "artifacts") for g in plan.gems]
              + [(p.hall, p.centre, f"⇄{p.number}") for p in plan.portals])
    for hall, centre, name in things:
        mine = math.dist(centre, layout.points[hall]) - layout.radii[hall]
        for other, point in layout.points.items():
            if other != hall:
                assert math.dist(centre, point) - layout.radii[other] > mine, f"{name} of {hall} is nearer {other}"


def tokens_never_read_as_halls(scene: Scene, plan: Plan) -> None:
    halls = {hall.id.translate(LOOKALIKES).upper() for hall in scene.board.halls}
    for token in plan.tokens:
        letters = token.letters.translate(LOOKALIKES).upper()
        assert len(token.letters) >= 2 and letters not in halls, f"token {token.letters!r} reads as a hall"


# --- hundreds of random boards ------------------------------------------------------------------------
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_on_random_boards_every_marker_marks_its_own_corridor_and_nothing_overlaps(chunk: int) -> None:
    for seed, scene, plan in random_plans(chunk):
        try:
            marks_its_own_corridor(plan)
            every_marker_is_shown(scene, plan)
            nothing_overlaps(plan)
            beside_its_own_hall(plan)
        except AssertionError as error:
            raise AssertionError(f"random board {seed}: {error}") from error


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_on_random_boards_passages_are_portal_pairs_and_tokens_never_hall_letters(chunk: int) -> None:
    for seed, scene, plan in random_plans(chunk):
        try:
            passages_are_portals_or_short_lines(scene, plan)
            tokens_never_read_as_halls(scene, plan)
        except AssertionError as error:
            raise AssertionError(f"random board {seed}: {error}") from error


@pytest.mark.parametrize("name", sorted(WORST))
def test_the_worst_boards_keep_every_promise(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    assert len(plan.passages) >= 9
    marks_its_own_corridor(plan)
    every_marker_is_shown(scene, plan)
    nothing_overlaps(plan)
    beside_its_own_hall(plan)
    passages_are_portal_pairs = [p for p in plan.passages if p not in plan.lines]
    assert passages_are_portal_pairs, "most passages of a busy board are portal marks"
    passages_are_portals_or_short_lines(scene, plan)
    tokens_never_read_as_halls(scene, plan)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_the_sample_scenes_keep_every_promise(name: str) -> None:
    scene = SCENES[name]()
    plan = plan_board(scene)
    marks_its_own_corridor(plan)
    every_marker_is_shown(scene, plan)
    nothing_overlaps(plan)
    beside_its_own_hall(plan)
    passages_are_portals_or_short_lines(scene, plan)
    tokens_never_read_as_halls(scene, plan)


# --- the boards ----------------------------------------------------------------------------
def test_long_passages_are_portal_marks_not_lines_across_the_board() -> None:
    """The issue's A1–B9 (drawn as a loop round half the board) and C–B6 (hugging A3) are numbered
    portal marks beside their halls; a short A1–B2 beside its neighbours stays a line."""
    four, three = default_board(4), default_board(3)
    for board, passages in ((four, [("A1", "B9"), ("C", "B6")]), (three, [("A6", "B2"), ("A4", "B10")])):
        scene = Scene(board=board, title="", corridors=[*board.corridors, *passages], passages=passages,
                      barricades=[passages[0]], barricade_rounds={corridor_key(*passages[0]): 2})
        plan = plan_board(scene)
        assert plan.paths.keys().isdisjoint(corridor_key(*p) for p in passages)
        assert {(p.passage, p.hall, p.number) for p in plan.portals} == {
            (corridor_key(*passages[0]), passages[0][0], 1), (corridor_key(*passages[0]), passages[0][1], 1),
            (corridor_key(*passages[1]), passages[1][0], 2), (corridor_key(*passages[1]), passages[1][1], 2)}
        # The Barricade is on the passage's own two marks, with its rounds: never on another corridor.
        assert not plan.markers
        assert [p.markers for p in plan.portals if p.number == 1] == [(("barricade", 2),)] * 2
    short = Scene(board=four, title="", corridors=[*four.corridors, ("A1", "B2")], passages=[("A1", "B2")])
    plan = plan_board(short)
    assert plan.lines == {corridor_key("A1", "B2")} and not plan.portals


@pytest.mark.parametrize("players", [3, 4])
def test_every_passage_the_rules_allow_is_portals_or_a_clear_short_line(players: int) -> None:
    board = default_board(players)
    lines = 0
    for passage in legal_passages(board):
        scene = lone_passage(board, passage)
        plan = plan_board(scene)
        passages_are_portals_or_short_lines(scene, plan)
        every_marker_is_shown(scene, plan)
        lines += passage in plan.lines
    assert lines > 0


def test_a_marker_with_no_room_on_its_corridor_gets_a_leader_to_it() -> None:
    """A Lock and a Barricade on one short corridor between two shrines: one sits on its middle,
    the other beside it with a leader whose end is on that corridor."""
    board = default_board(4)
    corridor = ("B1", "B2")
    scene = Scene(board=board, title="", corridors=list(board.corridors), locks=[corridor], barricades=[corridor],
                  lock_rounds={corridor: 1}, barricade_rounds={corridor: 2}, shrines={0: "B2", 1: "B1"},
                  names=["Ada", "Boris"])
    plan = plan_board(scene)
    assert sorted(m.kind for m in plan.markers) == ["barricade", "lock"]
    assert any(m.leader for m in plan.markers)
    marks_its_own_corridor(plan)
    nothing_overlaps(plan)


# --- tokens and the legend ---------------------------------------------------------------------------
def test_tokens_are_two_letters_never_a_hall_label() -> None:
    halls = [hall.id for hall in default_board(4).halls]
    assert initials(["Ada", "Boris", "Clara", "Dmitri"], halls) == ["Ad", "Bo", "Cl", "Dm"]
    assert initials(["Аня", "Борис", "Вера", "Глеб"], halls) == ["Ан", "Бо", "Ве", "Гл"]
    assert initials(["Anna", "Andrei", "Anna Karenina"], halls) == ["An", "Ad", "AK"]
    assert initials(["Ann", "Ann"], halls) == ["An1", "An2"]
    assert initials(["C", "B2", "🙂", "С"], halls) == ["#1", "#2", "#3", "#4"]  # a lone letter, a hall, none


@pytest.mark.parametrize("name", ["3p-en-1", "4p-en-2", "3p-ru-1", "4p-ru-2"])
def test_player_tokens_are_coloured_discs_and_the_legend_names_each_colour(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    assert [t.seat for t in sorted(plan.tokens, key=lambda t: t.seat)] == sorted(scene.positions)
    rows = legend_rows(scene, plan.letters)
    colours = ["blue", "orange", "green", "pink"] if "en" in name else ["синий", "оранжевый", "зелёный", "розовый"]
    assert [(seat, letters, hue) for seat, letters, _, hue in rows] == list(
        zip(range(len(scene.names)), plan.letters, colours, strict=False))
    picture = Image.open(io.BytesIO(render_board(scene))).convert("RGB")
    layout = plan.layout
    for token in plan.tokens:
        hx, hy = layout.points[token.hall]
        x, y = token.centre
        assert math.hypot(x - hx, y - hy) >= layout.radii[token.hall] + TOKEN_R * SCALE  # beside its hall
        colour = SEAT_COLOURS[token.seat]
        px, py = x / SCALE, y / SCALE
        samples = [picture.getpixel((round(px + 0.7 * TOKEN_R * math.cos(a)), round(py + 0.7 * TOKEN_R * math.sin(a))))
                   for a in (0.5, 1.6, 2.7, 3.8, 4.9)]
        assert sum(1 for p in samples if max(abs(p[i] - colour[i]) for i in range(3)) < 40) >= 3, token


@pytest.mark.parametrize("name", ["3p-en-1", "4p-ru-2"])
def test_both_portal_marks_of_a_passage_are_drawn_in_its_colour(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    picture = Image.open(io.BytesIO(render_board(scene))).convert("RGB")
    assert plan.portals
    for portal in plan.portals:
        x, y = portal.centre[0] / SCALE, portal.centre[1] / SCALE
        left = x - portal.half[0] / SCALE + 5  # the coloured end of the mark, before its number
        colour = passage_colour(portal.number)
        pixel = picture.getpixel((round(left), round(y)))
        assert max(abs(pixel[i] - colour[i]) for i in range(3)) < 40, (portal, pixel)


# --- rounds left and the text form ------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(WORST))
def test_every_marker_says_how_many_rounds_it_has_left(name: str) -> None:
    scene = worst(name)
    plan = plan_board(scene)
    tables = {"lock": scene.lock_rounds, "barricade": scene.barricade_rounds}
    for marker in plan.markers:
        assert marker.rounds == tables[marker.kind][marker.corridor]
    for portal in plan.portals:
        for kind, rounds in portal.markers:
            assert rounds == tables[kind][portal.passage]
    # The number is drawn: the badge beside each marker on a line is dark, the white digit on it.
    picture = Image.open(io.BytesIO(render_board(scene))).convert("RGB")
    for marker in plan.markers:
        bx, by = marker.badge[0] / SCALE, marker.badge[1] / SCALE
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


def test_a_board_without_rings_still_keeps_its_promises() -> None:
    tiny = load_board(Path(__file__).parent / "boards" / "good-tiny.json")
    for passage in [corridor_key("A2", "A3"), corridor_key("A1", "A3")]:
        scene = Scene(board=tiny, title="tiny", corridors=list(tiny.corridors), passages=[passage],
                      locks=[passage], lock_rounds={passage: 1}, positions={0: "A1", 1: "A1"}, names=["x", "y"])
        plan = plan_board(scene)
        passages_are_portals_or_short_lines(scene, plan)
        every_marker_is_shown(scene, plan)
        nothing_overlaps(plan)


def test_the_text_form_says_how_many_rounds_each_marker_has_left() -> None:
    scene = worst("3p-en-1")
    text = text_form(scene)
    for corridor, rounds in scene.lock_rounds.items():
        a, b = sorted(corridor, key=scene.board.ordered_halls().index)
        assert f"{a}–{b} (rounds left: {rounds})" in text.split("Locks: ")[1].split("\n")[0]
    russian = text_form(worst("3p-ru-1"))
    assert "осталось раундов: " in russian
