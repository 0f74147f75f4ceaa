"""Saved delivery rows → their destinations' outboxes, in order: each row is sent by its kind (planned by
bot/discord/planning.py, saved with the step; bot/discord/kinds.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from bot.discord.kinds import Kinds
from bot.discord.outbox import Message
from bot.discord.outboxes import Outboxes
from bot.discord.patience import waiting_since
from bot.discord.planning import Planner
from bot.discord.prompts import Prompts
from bot.discord.shards import Cluster
from bot.live import Delivery, LiveGame, Step
from bot.render import clip
from bot.storage import DELIVERY_DROPPED, DeliveryRow, Storage


class Deliveries:
    def __init__(
        self, storage: Storage, outboxes: Outboxes, kinds: Kinds, planner: Planner, prompts: Prompts,
        cluster: Cluster, forget: Callable[[int], None],
    ) -> None:
        self.storage = storage
        self.outboxes = outboxes
        self.kinds = kinds
        self.planner = planner
        self.prompts = prompts
        self.cluster = cluster
        self.forget = forget
        """Drops what this process keeps of a game that ended (but what is still to send)."""
        self.saving: Counter[int] = Counter()
        """game → saves of its rows that are no step's under way (`deliver`)."""
        self.behind_saves: dict[int, list[DeliveryRow]] = {}
        """game → its rows saved while such a save was under way: that save may have taken lower ids (with
        PostgreSQL several transactions commit at once, the one that numbered its rows first can end last), so
        they wait for it and then go with its rows, in their order."""

    async def deliver(self, rows: list[DeliveryRow]) -> None:
        """Rows that are no step's (a lobby's announcement, a notice): saved first, so a restart still sends
        them, and queued in their order among the game's other rows (`behind_saves`)."""
        games = {row.game_id for row in rows if row.game_id is not None}
        self.saving.update(games)
        try:
            await self.storage.add_deliveries(rows)
        except BaseException:
            self._saves_ended(games)
            self.enqueue([])  # what waited for this save goes on
            raise
        self._saves_ended(games)
        self.enqueue(rows)

    def _saves_ended(self, games: Iterable[int]) -> None:
        for game_id in games:
            self.saving[game_id] -= 1
            if self.saving[game_id] <= 0:
                del self.saving[game_id]

    def _in_saved_order(self, rows: list[DeliveryRow]) -> list[DeliveryRow]:
        """The rows that may be queued now: a game's wait while a save of its rows is under way; once none is,
        those that waited go with the game's rows here, in their order."""
        now: list[DeliveryRow] = []
        for row in rows:
            if row.game_id is not None and row.game_id in self.saving:
                self.behind_saves.setdefault(row.game_id, []).append(row)
            else:
                now.append(row)
        released = [game_id for game_id in self.behind_saves if game_id not in self.saving]
        if not released:
            return now
        waited = [row for game_id in released for row in self.behind_saves.pop(game_id)]
        theirs = [row for row in now if row.game_id in released]
        return sorted(waited + theirs, key=lambda row: row.id) + [row for row in now if row.game_id not in released]

    async def on_delivery(self, delivery: Delivery) -> None:
        """The step is saved: queue its rows (a rollback first forgets what the undone steps queued). A row the
        step's caller shows itself (`inline`: a click answered on its own order sheet) is the caller's, from the
        step's Outcome (bot/discord/interactions.py)."""
        game, step = delivery.game, delivery.step
        if step is not None:
            if step.rolled_back:
                waiting = self.behind_saves.get(game.id, [])
                undone = [row.id for row in waiting if row.step > step.state.step]
                waiting[:] = [row for row in waiting if row.step <= step.state.step]
                if undone:
                    await self.storage.finish_deliveries(undone, state=DELIVERY_DROPPED)
                for outbox in list(self.outboxes.outboxes.values()):
                    dropped = outbox.drop(lambda tag: tag[0] == game.id and tag[1] > step.state.step)
                    if dropped:
                        await self.storage.finish_deliveries(dropped, state=DELIVERY_DROPPED)
            if game.running:
                self.prompts.queued(game, step, step.rows)
            self.enqueue([row for row in step.rows if not row.body.get("inline")])
        if not game.running:  # nothing of a finished game stays in memory but what is still to send
            self.forget(game.id)

    async def refresh(self, game: LiveGame) -> None:
        """Prompts never queued (a game saved before the outbox), and the status, as a saved delivery. Saved
        under the game's lock but, like a notice, outside any step: through `deliver`, so that a notice of the
        game saved meanwhile (`say`, not under the lock) goes after them, in row-id order. (Queued through
        `enqueue`, they always waited behind another process's earlier rows of the game.)"""
        rows = self.planner.plan(Step(game, game.state, [], game.dues, game.row.status, game.row.paused))
        if not any(r.prompt_id for r in rows):
            return  # the status went out (or waits) with the last step
        await self.deliver(rows)  # saved outside any step, like a notice: in row-id order among the game's rows
        self.prompts.queued(game, None, rows)

    def unqueue(self, rows: set[int]) -> int:
        """Forget the queued copies of these rows (another copy of them is queued next); how many it forgot."""
        return sum(outbox.forget_rows(rows) for outbox in list(self.outboxes.outboxes.values()))

    def enqueue(self, rows: list[DeliveryRow]) -> None:
        """Rows into their destinations' outboxes, in order, each as its kind sends it. Rows a restart finds
        claimed go out as exactly the message they were claimed for (same content, same nonce). Each counts as
        queued when it was made (`waiting_since`): rows taken back at a restart or adopted from a process that died
        keep their place by their players' wait, instead of starting it again behind the backlog."""
        rows = self.cluster.admit(self._in_saved_order(rows))  # after another process's earlier rows of the game
        claimed: dict[int, list[DeliveryRow]] = {}
        for row in rows:
            if row.batch is not None:
                claimed.setdefault(row.batch, []).append(row)
        for row in rows:
            if row.batch is None:
                sending = self.kinds.send(row)
                if sending is not None:
                    outbox, item = sending
                    item.queued = item.queued or waiting_since(row.made)
                    outbox.put(item)
            elif (group := claimed.pop(row.batch, None)) is not None:  # (later rows of its batch are in it)
                self._claimed(row.batch, group)

    def _claimed(self, batch: int, group: list[DeliveryRow]) -> None:
        """A message claimed before a restart: its rows' texts, with the components or file of the one that
        made it a message (a prompt's, a picture's, a night's DM with what stands in for it if refused …),
        under its nonce."""
        sendings = [sending for row in group if (sending := self.kinds.send(row)) is not None]
        if not sendings:
            return
        outbox = sendings[0][0]
        made = next((item for _, item in reversed(sendings) if isinstance(item, Message)), None)
        first = group[0]
        content = "\n".join(clip(r.body.get("text", ""), 2000) for r in group)
        outbox.put(Message(
            content=clip(content, 2000), build=made.build if made is not None else dict, rows=[r.id for r in group],
            tag=(first.game_id, first.step, made.tag[2] if made is not None and made.tag else None), batch=batch,
            on_sent=made.on_sent if made is not None else None,
            on_refused=made.on_refused if made is not None else None,
            queued=waiting_since(min(r.made for r in group)),
        ))
