"""A game's row holds its saved state compressed in memory (bot/storage/rows.py `PackedText`): every live game keeps
its row for as long as it lives, though its parsed state serves nearly every read."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

from bot.storage.rows import GameRow

SAVED_MAFIA = Path(__file__).parent.parent / "games" / "core" / "saved" / "mafia-night-1.json"


def row_with(state: str | None) -> GameRow:
    return GameRow(id=1, game="mafia", status="running", guild_id=None, channel_id=None, host_id=None,
                   language="ru", seed=1, options={}, seats=[], state=state, step=3, paused=False, meta={},
                   created_at=0.0, updated_at=0.0)


def test_a_saved_state_reads_back_exactly_and_is_held_in_a_fraction_of_its_size() -> None:
    saved = SAVED_MAFIA.read_text()
    row = row_with(saved)
    assert row.state == saved
    held = next(v for v in vars(row).values() if isinstance(v, bytes))
    assert len(held) * 4 < len(saved.encode()), (len(held), len(saved))
    row.state = saved.replace('"step":', '"step": ')  # a step saved since
    assert row.state != saved and row.state == saved.replace('"step":', '"step": ')


def test_a_lobby_has_no_state_and_a_row_compares_copies_and_pickles_as_before() -> None:
    assert row_with(None).state is None
    row = row_with(SAVED_MAFIA.read_text())
    assert row == row_with(SAVED_MAFIA.read_text()) and row != row_with(None)
    assert dataclasses.replace(row, step=4).state == row.state
    assert pickle.loads(pickle.dumps(row)) == row
    assert "state" in [f.name for f in dataclasses.fields(GameRow)]
