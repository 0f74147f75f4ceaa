"""A process that plays one game through the table and prints `ACK <step>` after each saved
action — the moment a player would be told their action succeeded. The SIGKILL test kills it."""

from __future__ import annotations

import asyncio
import sys

from bot.storage import open_storage
from bot.table import Table
from tests.runtime.helpers import humans, pick


async def main(db: str, seed: int, players: int, pause: float) -> None:
    storage = await open_storage(db)
    table = Table(storage)
    game = await table.start("cookie", humans(players), seed=seed)
    print(f"GAME {game.id}", flush=True)
    while game.running:
        prompt, action = pick(game)
        outcome = await table.act(game.id, prompt.seat, action)
        assert outcome.ok, outcome.refusal
        print(f"ACK {game.state.step}", flush=True)
        await asyncio.sleep(pause)
    print("DONE", flush=True)
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])))
