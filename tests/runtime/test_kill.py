"""A game interrupted by SIGKILL resumes from the database with no acknowledged action lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.storage import open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import humans, pick

ROOT = Path(__file__).resolve().parents[2]


async def finish(table: Table, game_id: int) -> str:
    game = await table.get(game_id)
    assert game is not None
    while game.running:
        prompt, action = pick(game)
        assert (await table.act(game_id, prompt.seat, action)).ok
    return game.state.model_dump_json()


async def test_sigkill_mid_game_loses_no_acknowledged_action(database: Database, tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.runtime.kill_driver", database.target, "77", "5", "0.01"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    acked = 0
    game_id = None
    for line in process.stdout:
        word, _, value = line.strip().partition(" ")
        if word == "GAME":
            game_id = int(value)
        elif word == "ACK":
            acked = int(value)
            if acked >= 30:
                process.send_signal(signal.SIGKILL)
                break
    process.wait(timeout=10)
    for line in process.stdout.read().splitlines():  # lines already written before the kill
        if line.startswith("ACK "):
            acked = max(acked, int(line.split()[1]))
    assert process.returncode == -signal.SIGKILL, "the driver was killed mid-game, not finished"
    assert game_id is not None

    storage = await open_storage(database.target)
    table = Table(storage)
    loaded = await table.load_unfinished()
    assert [g.id for g in loaded] == [game_id]
    game = loaded[0]
    assert game.state.step >= acked, "every acknowledged action is on disk"
    assert (await table.replay(game_id)).model_dump_json() == game.state.model_dump_json()
    assert await storage.deadlines(game_id), "its deadlines are there to be re-armed"
    resumed_final = await finish(table, game_id)
    await storage.close()

    # the same game never interrupted ends in exactly the same state
    storage = await open_storage(tmp_path / "straight.db")
    table = Table(storage)
    straight = await table.start("cookie", humans(5), seed=77)
    straight_final = await finish(table, straight.id)
    await storage.close()
    assert resumed_final == straight_final
