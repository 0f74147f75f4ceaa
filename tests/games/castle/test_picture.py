"""The Castle board picture and its text form."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from games.castle.board import default_board, load_board
from games.castle.picture import (
    ENGLISH_WORDS,
    HEIGHT,
    SEAT_COLOURS,
    WIDTH,
    Scene,
    initials,
    picture_words,
    render_board,
    scene_from_markers,
    text_form,
)

PNG = b"\x89PNG\r\n\x1a\n"
LIMIT = 200 * 1024
FIXTURES = Path(__file__).parent / "boards"

RUSSIAN = {
    "players": "Игроки",
    "delivered": "доставлено",
    "carried": "при себе",
    "shrine": "святилище",
    "artifact": "Артефакт",
    "floor": "Артефакты на полу",
    "lock": "Замок",
    "barricade": "Баррикада",
    "passage": "Тайный ход",
    "removed": "Обрушен",
    "locks": "Замки",
    "barricades": "Баррикады",
    "passages": "Тайные ходы",
    "removed_corridors": "Обрушенные коридоры",
    "hall": "зал",
}


def start_scene() -> Scene:
    board = default_board(3)
    return Scene(
        board=board,
        title="Castle #12 — round 1: Castle Reshuffle",
        corridors=list(board.corridors),
        positions={0: "B2", 1: "B6", 2: "B10"},
        names=["Alice", "Bob", "Carol"],
        shrines={0: "B2", 1: "B6", 2: "B10"},
        floor={"C": 1},
    )


def busy_scene() -> Scene:
    """4 players mid-game with every kind of marker, a crowded hall and moved shrines."""
    return scene_from_markers(
        default_board(4),
        "Castle #12 — round 7: Flame of Udûn",
        removed=[("B4", "B5"), ("C", "A6")],
        passages=[("A3", "B9"), ("C", "B13")],
        locks=[("A1", "A2"), ("B7", "B8")],
        barricades=[("A5", "B9"), ("B15", "B16"), ("A2", "A1")],
        positions={0: "A2", 1: "B9", 2: "C", 3: "B9"},
        names=["Alice", "Bob", "Carol", "Dmitri"],
        shrines={0: "B6", 1: "B10", 2: "B14", 3: "B2"},
        floor={"C": 1, "A4": 2},
        carried={1: 1, 3: 3},
        delivered={0: 2, 1: 1},
    )


def crowd_scene() -> Scene:
    """Everyone in the Central Hall with the artifact; two names share a first letter."""
    return scene_from_markers(
        default_board(4),
        "Castle #3 — round 4: Muffet's Silk Webs",
        positions={0: "C", 1: "C", 2: "C", 3: "C"},
        names=["Anna", "Andrei", "Boris", "Vika"],
        shrines={0: "B2", 1: "B6", 2: "B10", 3: "B14"},
        floor={"C": 1},
        carried={0: 2, 2: 1},
        delivered={3: 1},
    )


def cyrillic_scene() -> Scene:
    return scene_from_markers(
        default_board(4),
        "Замок №7 — раунд 5: Против течения",
        passages=[("B3", "A4")],
        locks=[("C", "A3")],
        positions={0: "B5", 1: "B5", 2: "B6", 3: "A7"},
        names=["Жанна", "Юрий Длинноимённый Константинопольский", "Ёжик", "Щука"],
        shrines={0: "B2", 1: "B6", 2: "B10", 3: "B14"},
        floor={"B5": 1},
        carried={1: 1},
        delivered={0: 2, 2: 1},
        legend_title="Игроки",
        words=RUSSIAN,
    )


SCENES = {"start3": start_scene, "busy4": busy_scene, "crowd4": crowd_scene, "cyrillic4": cyrillic_scene}


def opened(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture


def share_near(picture: Image.Image, colour: tuple[int, int, int], within: int = 10) -> float:
    rgb = picture.convert("RGB").resize((WIDTH // 2, HEIGHT // 2), Image.Resampling.NEAREST)
    raw = rgb.tobytes()
    pixels = [raw[i : i + 3] for i in range(0, len(raw), 3)]
    close = sum(1 for p in pixels if max(abs(p[i] - colour[i]) for i in range(3)) <= within)
    return close / len(pixels)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_renders_a_small_valid_png(name: str) -> None:
    data = render_board(SCENES[name]())
    assert data.startswith(PNG)
    assert len(data) < LIMIT, f"{name}: {len(data) // 1024} KB"
    picture = opened(data)
    assert picture.format == "PNG"
    assert picture.size == (WIDTH, HEIGHT) == (900, 1000)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_same_scene_same_bytes(name: str) -> None:
    assert render_board(SCENES[name]()) == render_board(SCENES[name]())


def test_what_changes_shows() -> None:
    busy = busy_scene()
    pictures = {
        render_board(busy),
        render_board(replace(busy, positions={**busy.positions, 0: "A3"})),
        render_board(replace(busy, carried={**busy.carried, 2: 1})),
        render_board(replace(busy, locks=[])),
        render_board(replace(busy, title="Castle #12 — round 8")),
        render_board(replace(busy, names=["Алиса", "Bob", "Carol", "Dmitri"])),
    }
    assert len(pictures) == 6


def test_each_player_is_drawn_in_their_colour() -> None:
    picture = opened(render_board(busy_scene()))
    for seat in range(4):
        assert share_near(picture, SEAT_COLOURS[seat]) > 0.001, seat
    # Seat colours are far apart (and each token carries its player's letter as well).
    for i, one in enumerate(SEAT_COLOURS[:4]):
        for other in SEAT_COLOURS[i + 1 : 4]:
            assert sum(abs(a - b) for a, b in zip(one, other, strict=True)) > 100


def test_text_form_mentions_every_player_marker_and_artifact() -> None:
    scene = busy_scene()
    text = text_form(scene)
    lines = text.splitlines()
    assert lines[0] == scene.title
    for seat, name in enumerate(scene.names):
        line = next(line for line in lines if line.startswith(f"{name}:"))
        assert f"hall {scene.positions[seat]};" in line
        assert f"shrine: {scene.shrines[seat]};" in line
        assert f"carried: {scene.carried.get(seat, 0)};" in line
        assert f"delivered: {scene.delivered.get(seat, 0)}." in line
    assert "Artifacts on the floor: C ×1, A4 ×2." in lines
    assert "Locks: A1–A2, B7–B8." in lines
    assert "Barricades: A1–A2, A5–B9, B15–B16." in lines  # the same corridor in either order is one
    assert "Secret passages: C–B13, A3–B9." in lines
    assert "Removed corridors: C–A6, B4–B5." in lines


def test_text_form_leaves_out_empty_sections() -> None:
    text = text_form(start_scene())
    assert "Locks" not in text and "Barricades" not in text and "Secret" not in text and "Removed" not in text
    assert text.endswith("Artifacts on the floor: C ×1.")
    assert "Artifacts" not in text_form(replace(start_scene(), floor={"C": 0}))


def test_cyrillic_names_and_words() -> None:
    scene = cyrillic_scene()
    data = render_board(scene)
    assert opened(data).size == (WIDTH, HEIGHT)
    assert data != render_board(replace(scene, names=["Zhanna", *scene.names[1:]]))
    text = text_form(scene)
    assert "Жанна: зал B5; святилище: B2; при себе: 0; доставлено: 2." in text
    assert "Юрий Длинноимённый Константинопольский: зал B5" in text
    assert "Замки: C–A3." in text and "Тайные ходы: A4–B3." in text
    assert "Артефакты на полу: B5 ×1." in text
    assert initials(scene.names) == ["Жа", "ЮД", "Ёж", "Щу"]


def test_initials_tell_players_apart() -> None:
    assert initials(["alice", "bob"]) == ["Al", "Bo"]
    assert initials(["Anna", "Andrei", "Boris", "Vika"]) == ["An", "Ad", "Bo", "Vi"]
    assert initials(["Ann", "Ann"]) == ["An1", "An2"]
    assert initials(["🙂", "", "жук"]) == ["#1", "#2", "Жу"]


def test_words_from_the_catalog_fall_back_to_english() -> None:
    catalog = {"castle-picture-lock": "Замок", "castle-picture-removed-corridors": "Обрушенные коридоры"}

    def say(key: str, **_: object) -> str:
        return catalog.get(key, key)

    words = picture_words(say)
    assert set(words) == set(ENGLISH_WORDS)
    assert words["lock"] == "Замок"
    assert words["removed_corridors"] == "Обрушенные коридоры"
    assert words["barricade"] == "Barricade"
    assert "Замок: A1–A2" not in text_form(busy_scene())
    assert "Замок" not in text_form(busy_scene(), say)  # "locks" (plural heading) is not in this catalog
    assert "Обрушенные коридоры: C–A6, B4–B5." in text_form(busy_scene(), say)


def test_missing_words_fall_back_to_english_in_the_picture_too() -> None:
    scene = replace(busy_scene(), words={"lock": "Verrou"})
    assert scene.word("lock") == "Verrou"
    assert scene.word("barricade") == "Barricade"
    assert render_board(scene) != render_board(busy_scene())


def test_odd_scenes_still_render() -> None:
    board = default_board(4)
    empty = Scene(board=board, title="")
    assert opened(render_board(empty)).size == (WIDTH, HEIGHT)
    shared_shrine = replace(crowd_scene(), shrines={0: "B2", 1: "B2", 2: "B10", 3: "B10"})
    assert opened(render_board(shared_shrine)).size == (WIDTH, HEIGHT)
    long_title = replace(start_scene(), title="Castle #12 — round 30: " + "Let's go gambling! " * 8)
    assert opened(render_board(long_title)).size == (WIDTH, HEIGHT)
    tiny = load_board(FIXTURES / "good-tiny.json")
    scene = Scene(
        board=tiny,
        title="tiny",
        corridors=list(tiny.corridors),
        positions={0: "A1", 1: "A1", 2: "C"},
        names=["x", "y", "z"],
        shrines={0: "A1", 1: "A2", 2: "A3"},
    )
    assert opened(render_board(scene)).size == (WIDTH, HEIGHT)


def test_samples_saved_for_a_look(tmp_path: Path) -> None:
    for name, make in SCENES.items():
        data = render_board(make())
        (tmp_path / f"castle_{name}.png").write_bytes(data)
        assert data.startswith(PNG)
