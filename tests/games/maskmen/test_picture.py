"""The strength-order picture and its text form."""

from __future__ import annotations

import io
from functools import partial

from PIL import Image

from bot.i18n import t
from games.maskmen.order import add, cover
from games.maskmen.picture import chains, layout, order_texts, render_order, text_form

from .helpers import act, position
from .test_worked_check import HANDS, MOVES

PNG = b"\x89PNG\r\n\x1a\n"


def order_of(*relations: tuple[str, str], debuted: list[str] | None = None) -> dict:
    pairs: list = []
    for stronger, weaker in relations:
        pairs = add(pairs, stronger, weaker)  # type: ignore[arg-type]
    shown = debuted if debuted is not None else sorted({c for p in pairs for c in p})
    return {"beats": [list(p) for p in pairs], "debuted": shown}


EMPTY = {"beats": [], "debuted": []}
CHAIN = order_of(("purple", "orange"), ("orange", "blue"), ("blue", "pink"))
BRANCHING = order_of(
    ("blue", "pink"), ("orange", "blue"), ("green", "blue"), debuted=["pink", "blue", "orange", "green", "grey"]
)


def worked_check_order() -> dict:
    state = position(HANDS, leader=0)
    for _, value, _, _ in MOVES:
        state, _ = act(state, value)
    return {"beats": [list(p) for p in state.beats], "debuted": list(state.debuted)}


def render(order: dict, language: str = "en", season: int = 1) -> bytes:
    return render_order(order, order_texts(partial(t, language), season=season))


def test_renders_png_for_empty_chain_and_branching_orders() -> None:
    images = {name: render(order) for name, order in [("empty", EMPTY), ("chain", CHAIN), ("branching", BRANCHING)]}
    for name, data in images.items():
        assert data.startswith(PNG), name
        picture = Image.open(io.BytesIO(data))
        assert picture.format == "PNG"
        assert 300 <= picture.width <= 1400 and 150 <= picture.height <= 1400, (name, picture.size)
    assert len(set(images.values())) == 3
    # A chain of four stands taller than it is wide; more layers make a taller picture.
    chain = Image.open(io.BytesIO(images["chain"]))
    branching = Image.open(io.BytesIO(images["branching"]))
    assert chain.height > branching.height
    # Each colour is drawn in its own colour.
    rgb = chain.convert("RGB")
    pixels = {rgb.getpixel((x, y)) for x in range(0, rgb.width, 2) for y in range(0, rgb.height, 2)}
    assert (124, 58, 176) in pixels and (246, 133, 24) in pixels


def test_language_changes_the_picture_and_pure() -> None:
    assert render(CHAIN, "en") != render(CHAIN, "ru")
    assert render(CHAIN, "en") == render(CHAIN, "en")
    assert render(CHAIN, "en", season=1) != render(CHAIN, "en", season=2)


def test_layout_layers_stronger_above() -> None:
    order = worked_check_order()
    pairs = [tuple(p) for p in order["beats"]]
    placed, width = layout(pairs)  # type: ignore[arg-type]
    for stronger, weaker in pairs:
        assert placed[stronger][1] < placed[weaker][1]  # type: ignore[index]
    # Layered by longest path: Purple, Orange, Green, Blue, then Pink and Grey side by side.
    assert [placed[c][1] for c in ("purple", "orange", "green", "blue", "pink", "grey")] == [0, 1, 2, 3, 4, 4]
    assert width == 2
    assert sorted(cover(pairs)) == sorted(  # type: ignore[arg-type]
        [("purple", "orange"), ("orange", "green"), ("green", "blue"), ("blue", "pink"), ("blue", "grey")]
    )


def test_text_form() -> None:
    en, ru = partial(t, "en"), partial(t, "ru")
    assert text_form(EMPTY, en) == "No colour has debuted yet this season."
    assert text_form(CHAIN, en) == ("Strength order: Purple > Orange > Blue > Pink. Not debuted yet: Green, Grey.")
    assert text_form(BRANCHING, en) == (
        "Strength order: Green > Blue > Pink; Orange > Blue. No proven relation: Grey. Not debuted yet: Purple."
    )
    assert text_form(order_of(("purple", "pink"), ("purple", "blue")), en).startswith(
        "Strength order: Purple > Pink, Blue."
    )
    assert text_form(worked_check_order(), ru) == (
        "Цепочка силы: Фиолетовый > Оранжевый > Зелёный > Синий > Розовый; Синий > Серый."
    )
    assert chains([("blue", "pink")]) == [["blue", "pink"]]


def test_sample_saved_for_a_look() -> None:
    data = render(worked_check_order(), "ru", season=1)
    with open("/tmp/maskmen_order.png", "wb") as out:
        out.write(data)
    with open("/tmp/maskmen_order_branching_ru.png", "wb") as out:
        out.write(render(BRANCHING, "ru", season=2))
    assert data.startswith(PNG)
