"""The storage's outbox: the delivery rows a step or a lobby saved, claimed, sent or dropped, and where
each prompt's message was posted."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import partial
from typing import ClassVar

from bot.storage.backend import Backend
from bot.storage.program import (
    claim_program,
    finish_program,
    insert_deliveries,
    number_deliveries,
    record_prompts,
    row_claimable,
)
from bot.storage.rows import DELIVERY_COLUMNS, DELIVERY_SENT, DeliveryRow, Elsewhere, OwnShards, delivery_row

LOOKS_AT_ONCE = 10_000
"""Games one `others_waiting` statement looks at (two parameters each; PostgreSQL takes at most 32767)."""


class DeliveryStore(Backend):
    """The outbox, and where prompts were posted."""

    # --- the outbox (deliveries) ----------------------------------------------------------------
    async def add_deliveries(self, rows: list[DeliveryRow]) -> None:
        """Deliveries that are not part of a step (a reminder, prompts a seat change calls for)."""
        if rows:
            ids = await self._write_moving(partial(insert_deliveries, rows, self.owner), [r.game_id for r in rows])
            number_deliveries(rows, ids)

    async def claim_deliveries(
        self, ids: list[int], batch: int, carrier: int | None = None, *, again: bool = False
    ) -> bool:
        """Record, before sending, which rows go into one Discord message (`batch` is its nonce), and for a
        follow-up (a negative batch) the interaction whose token carries it (`carrier`, migration 015).
        Whether they are this process's to send: False when one is sent or claimed by a message already
        (`claimable`: another queued copy of it sends it; `again`, the same claim made again, is fine)."""
        return await self._write(partial(claim_program, ids, batch, carrier, again))

    async def unclaimed_deliveries(self, ids: list[int], batch: int | None = None) -> list[int]:
        """After a refused claim: which of its rows are still this process's to claim (waiting, claimed by no
        message, or by `batch` for a claim made again), so a message holding others' rows sends its own."""
        marks = ",".join("?" * len(ids))
        owned = "" if self.owner is None else " AND owner = ?"
        found = await self._fetchall(
            f"SELECT id, batch FROM deliveries WHERE id IN ({marks}) AND state = 0{owned}",
            [*ids, *(() if self.owner is None else (self.owner,))],
        )
        free = {int(row_id) for row_id, claimed in found if row_claimable(claimed, 0, batch, batch is not None)}
        return [row_id for row_id in ids if row_id in free]

    async def follow_up_carrier(self, batch: int) -> int | None:
        """The interaction whose token carried the follow-up claimed as `batch` (still waiting), if the claim
        saved one: its copy is that interaction's follow-up made since the claim, whatever it says by now."""
        rows = await self._fetchall(
            "SELECT carrier FROM deliveries WHERE state = 0 AND batch = ? AND carrier IS NOT NULL LIMIT 1", (batch,)
        )
        return int(rows[0][0]) if rows else None

    async def finish_deliveries(
        self, ids: list[int], *, state: int = DELIVERY_SENT, prompts: Iterable[tuple[int, str, int, int]] = ()
    ) -> None:
        """Mark rows sent (or dropped); a prompt's message is recorded in the same transaction (and,
        when other processes share the database, its game's version moves on: they learn where the
        message is — a sheet's next step edits it rather than posting another)."""
        prompts = list(prompts)
        await self._write_moving(partial(finish_program, ids, state, prompts), [game_id for game_id, *_ in prompts])

    async def waiting_deliveries(self) -> list[DeliveryRow]:
        """Every row not yet sent that this process is to send, oldest first (start-up). PostgreSQL
        with several processes: the rows of those that died, adopted."""
        rows = await self._fetchall(f"SELECT {DELIVERY_COLUMNS} FROM deliveries WHERE state = 0 ORDER BY id")
        return [delivery_row(r) for r in rows]

    live_owners: ClassVar[str | None] = None
    """A query of the processes alive (PostgreSQL's, by their locks); None: the one process."""

    async def others_waiting(self, games: Mapping[int, int]) -> dict[int, Elsewhere]:
        """For each game (→ up to which of its rows), the first row another process still has to send up to there,
        and whether a process alive has one: not in the answer when none does; `alive` True when a process alive has
        one (it is sending them), False when only processes that are gone do (whoever adopts them next sends them).
        The first row tells how many of a process's own rows may go before it. One query for them all (the order hold
        asks for every game it holds at once), `LOOKS_AT_ONCE` games to a statement."""
        alive = "1" if self.live_owners is None else f"CASE WHEN d.owner IN ({self.live_owners}) THEN 1 ELSE 0 END"
        answers: dict[int, Elsewhere] = {}
        looked = list(games.items())
        for start in range(0, len(looked), LOOKS_AT_ONCE):
            chunk = looked[start:start + LOOKS_AT_ONCE]
            rows = await self._fetchall(
                "WITH w (game_id, up_to) AS (VALUES "
                + ",".join(["(CAST(? AS BIGINT), CAST(? AS BIGINT))"] * len(chunk))
                + f") SELECT d.game_id, MIN(d.id), MAX({alive}) FROM w JOIN deliveries d ON d.game_id = w.game_id"
                " AND d.state = 0 AND d.id <= w.up_to AND d.owner IS DISTINCT FROM ? GROUP BY d.game_id",
                [*(value for pair in chunk for value in pair), self.owner],
            )
            answers.update((int(game_id), Elsewhere(int(first), bool(live))) for game_id, first, live in rows)
        return answers

    async def still_waiting(self, ids: list[int], *, by_others: bool = False) -> set[int]:
        """Which of these delivery rows are still to be sent (a rollback may have dropped some); `by_others`: by
        another bot process (alive, or gone and not yet adopted: one process alone has none)."""
        if not ids or (by_others and self.owner is None):
            return set()
        marks = ",".join("?" * len(ids))
        others = " AND (owner IS NULL OR owner <> ?)" if by_others else ""
        rows = await self._fetchall(f"SELECT id FROM deliveries WHERE state = 0 AND id IN ({marks}){others}",
                                    [*ids, *((self.owner,) if by_others else ())])
        return {int(r[0]) for r in rows}

    async def posted_prompts(
        self, game_id: int | None = None, own: OwnShards | None = None
    ) -> dict[int, set[tuple[str, int | None]]]:
        """(prompt, member) pairs already queued for posting, by running game (of these shards), or of one game
        (for games from before the outbox: the prompts recorded as sent, member unknown)."""
        posted: dict[int, set[tuple[str, int | None]]] = {}
        one, params = _games(game_id, own)
        for game, prompt_id, body in await self._fetchall(
            "SELECT d.game_id, d.prompt_id, d.body FROM deliveries d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'running' AND d.prompt_id IS NOT NULL" + one,
            params,
        ):
            posted.setdefault(game, set()).add((prompt_id, json.loads(body).get("user")))
        for game, prompt_id in await self._fetchall(
            "SELECT p.game_id, p.prompt_id FROM prompt_messages p JOIN games g ON g.id = p.game_id"
            " WHERE g.status = 'running' AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.game_id = p.game_id)"
            + one,
            params,
        ):
            posted.setdefault(game, set()).add((prompt_id, None))
        return posted

    async def prune_deliveries(self) -> int:
        """Forget the delivered rows of games that are over, and of game nights (start-up housekeeping)."""
        async with self.transaction() as tx:
            return await tx.execute(
                "DELETE FROM deliveries WHERE state != 0 AND (game_id IS NULL OR game_id IN"
                " (SELECT id FROM games WHERE status IN ('finished', 'cancelled')))"
            )

    # --- where prompts were sent ----------------------------------------------------------------
    async def record_prompt_message(
        self, game_id: int, prompt_id: str, channel_id: int | None, message_id: int | None, *, failed: bool = False
    ) -> None:
        await self._write_moving(
            partial(record_prompts, [(game_id, prompt_id, channel_id, message_id, int(failed))]), [game_id]
        )

    async def prompt_messages(
        self, game_id: int | None = None, own: OwnShards | None = None
    ) -> list[tuple[int, str, int, int]]:
        """(game, prompt, channel, message) of the running games' (of these shards, or one game's) posted prompts,
        oldest first."""
        one, params = _games(game_id, own)
        rows = await self._fetchall(
            "SELECT p.game_id, p.prompt_id, p.channel_id, p.message_id FROM prompt_messages p"
            " JOIN games g ON g.id = p.game_id WHERE g.status = 'running' AND p.message_id IS NOT NULL" + one
            + " ORDER BY p.rowid",  # PostgreSQL's table has an explicit `rowid` column for this order
            params,
        )
        return [(int(r[0]), str(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def sent_prompts(self, game_id: int) -> set[str]:
        rows = await self._fetchall("SELECT prompt_id FROM prompt_messages WHERE game_id = ?", (game_id,))
        return {r[0] for r in rows}


def _games(game_id: int | None, own: OwnShards | None) -> tuple[str, tuple[int, ...]]:
    """A condition on the games row `g`: this game, or the games of these shards (neither: every game)."""
    if game_id is not None:
        return " AND g.id = ?", (game_id,)
    return ("" if own is None else f" AND {own.sql()}"), ()
