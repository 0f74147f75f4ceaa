"""A live game's seats share what pydantic keeps per model (issue 41: memory per live game)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.live import Seat


def test_seats_given_the_same_fields_share_one_set_of_those_fields_and_one_empty_join() -> None:
    first = Seat.model_validate({"name": "Anna", "user_id": 1, "join": {}})
    second = Seat.model_validate({"name": "Boris", "user_id": 2, "join": {}})
    assert first.model_fields_set == {"name", "user_id", "join"}
    assert first.model_fields_set is second.model_fields_set
    assert first.join == {} and first.join is second.join
    assert first.model_dump() == {"name": "Anna", "user_id": 1, "bot": False, "language": None, "join": {},
                                  "bot_level": None}


def test_a_seat_is_changed_by_making_a_new_one_never_in_place() -> None:
    seat = Seat(name="Anna", user_id=1)
    with pytest.raises(ValidationError):
        seat.name = "Boris"
    changed = seat.model_copy(update={"join": {"buy_in": 500}})
    assert changed.join == {"buy_in": 500} and changed.model_fields_set == {"name", "user_id", "join"}
    assert seat.join == {} and seat.model_fields_set == {"name", "user_id"}, "the seat it was made from is as it was"


def test_an_empty_join_cannot_be_filled_in_place_for_every_seat_that_shares_it() -> None:
    with pytest.raises(TypeError):
        Seat(name="Anna").join["buy_in"] = 500
