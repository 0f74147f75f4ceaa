"""A round's orders drawn on the board (the web record's replay): each path an arrow in its player's colour,
skirmishes ringed in red; without orders the picture is the board as always."""

from __future__ import annotations

from games.castle.picture import SEAT_COLOURS, render_board
from games.castle.picture_orders import SKIRMISH, Move, Orders, orders_overlay
from tests.games.castle.test_picture import opened, share_near, start_scene


def test_without_an_overlay_the_board_is_drawn_as_always() -> None:
    scene = start_scene()
    assert render_board(scene, overlay=None) == render_board(scene)
    assert render_board(scene, overlay=orders_overlay(Orders())) == render_board(scene), "no orders: nothing drawn"


def test_each_path_is_an_arrow_in_its_players_colour_and_a_skirmish_is_ringed() -> None:
    scene = start_scene()
    plain = opened(render_board(scene))
    moves = Orders(moves=[Move(0, ["B2", "B1", "A1"]), Move(1, ["B6", "A3", "C"]), Move(2, ["B10", "B11"],
                                                                                         expelled=True)],
                   skirmishes=["C"])
    drawn = opened(render_board(scene, overlay=orders_overlay(moves)))
    for seat in range(3):
        assert share_near(drawn, SEAT_COLOURS[seat]) > share_near(plain, SEAT_COLOURS[seat]), seat
    assert share_near(drawn, SKIRMISH) > share_near(plain, SKIRMISH) + 0.001, "the skirmish in C is marked"


def test_a_path_through_an_unknown_hall_draws_what_it_can() -> None:
    scene = start_scene()
    odd = Orders(moves=[Move(0, ["B2"]), Move(1, ["Z9", "B6"])], skirmishes=["Z9"])
    assert render_board(scene, overlay=orders_overlay(odd)) == render_board(scene)
