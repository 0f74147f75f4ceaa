"""A game's row holds its saved state compressed in memory (bot/storage/rows.py `PackedText`): every live game keeps
its row for as long as it lives, though its parsed state serves nearly every read. A busy game's newest saved text
is compressed only once its parsed state is let go, not at each of its steps."""

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


def packed(row: GameRow) -> bytes | None:
    return next((v for v in vars(row).values() if isinstance(v, bytes)), None)


def test_a_saved_state_reads_back_exactly_and_once_packed_is_held_in_a_fraction_of_its_size() -> None:
    saved = SAVED_MAFIA.read_text()
    row = row_with(saved)
    assert row.state == saved
    row.pack_state()
    held = packed(row)
    assert held is not None and len(held) * 4 < len(saved.encode()), (held and len(held), len(saved))
    assert saved not in vars(row).values()
    assert row.state == saved
    row.state = saved.replace('"step":', '"step": ')  # a step saved since
    assert row.state != saved and row.state == saved.replace('"step":', '"step": ')
    row.pack_state()
    row.pack_state()  # nothing left to compress
    assert row.state == saved.replace('"step":', '"step": ')


def test_a_lobby_has_no_state_and_a_row_compares_copies_and_pickles_as_before() -> None:
    assert row_with(None).state is None
    row = row_with(SAVED_MAFIA.read_text())
    assert row == row_with(SAVED_MAFIA.read_text()) and row != row_with(None)
    assert dataclasses.replace(row, step=4).state == row.state
    assert pickle.loads(pickle.dumps(row)) == row
    assert "state" in [f.name for f in dataclasses.fields(GameRow)]


def test_a_game_read_from_storage_is_held_packed_and_a_busy_games_steps_pack_only_when_its_state_is_let_go() -> None:
    from bot.live import LiveGame, ParsedStates
    from games import registry

    saved = SAVED_MAFIA.read_text()
    engine = registry.engine("mafia")
    kept = ParsedStates(kept=1)
    loaded = LiveGame(row=row_with(saved), engine=engine, seats=[], kept=kept)
    assert packed(loaded.row) is not None, "a game read from storage waits packed for its first use"
    assert loaded.state.step == engine.load(saved).step and loaded.row.state == saved

    busy = LiveGame(row=dataclasses.replace(row_with(saved), id=2), engine=engine, seats=[],
                    _state=engine.load(saved), kept=kept)
    busy.row.state = saved  # each step saves its text: held as given while the state is parsed
    assert packed(busy.row) is None
    assert not loaded.parsed, "one state is kept: the newest game's"
    assert loaded.state is not None  # used now: `busy` is the oldest beyond the one kept, and is let go
    assert not busy.parsed and packed(busy.row) is not None and busy.row.state == saved
