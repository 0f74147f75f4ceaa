"""Saved delivery rows → their destinations' outboxes, in order: each kind of row becomes the message,
edit or channel change that shows it (planned by bot/discord/planning.py, saved with the step)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from bot.discord.channel import ChannelKeeper
from bot.discord.flow import Flow
from bot.discord.graveyard import FEED
from bot.discord.memory import Memory
from bot.discord.outbox import Message, Outbox
from bot.discord.outboxes import Outboxes
from bot.discord.pictures import picture_builder
from bot.discord.planning import Planner
from bot.discord.presenting import prompt_mentions, prompt_view
from bot.discord.shards import Cluster
from bot.discord.standing import Standing, still_held
from bot.live import Delivery, LiveGame, Step
from bot.render import clip
from bot.storage import DELIVERY_DROPPED, DeliveryRow, Storage
from bot.table import Table


class Kind(Protocol):
    """A kind of row sent by a part of the bot of its own (game nights: bot/discord/gathering.py), registered
    in `Deliveries.kinds` under its name: it queues its rows itself."""

    name: str

    def send(self, rows: list[DeliveryRow], batch: int | None) -> None:
        """Queue one row (or, `batch`: the rows a restart found claimed together, sent as that message)."""


class Deliveries:
    def __init__(
        self, table: Table, storage: Storage, memory: Memory, outboxes: Outboxes, planner: Planner,
        standing: Standing, flow: Flow, channels: ChannelKeeper, cluster: Cluster,
    ) -> None:
        self.table = table
        self.storage = storage
        self.memory = memory
        self.outboxes = outboxes
        self.planner = planner
        self.standing = standing
        self.flow = flow
        self.channels = channels
        self.cluster = cluster
        self.pictures = picture_builder(storage)
        """How a picture row's file is drawn (the game's picture, or its GIF: bot/discord/pictures.py)."""
        self.routes: dict[str, Callable[[DeliveryRow], Outbox]] = {}
        """Kinds of row with a destination of their own, kind → its outbox (the graveyard thread's rows:
        bot/discord/graveyard.py); every other row goes to its channel's or member's outbox."""
        self.kinds: dict[str, Kind] = {}
        """The kinds of rows other parts send themselves, by name."""

    async def deliver(self, rows: list[DeliveryRow]) -> None:
        """Rows that are no step's (a lobby's announcement): saved first, so a restart still sends them."""
        await self.storage.add_deliveries(rows)
        self.enqueue(rows)

    async def on_delivery(self, delivery: Delivery) -> None:
        """The step is saved: queue its rows (a rollback first forgets what the undone steps queued)."""
        game, step = delivery.game, delivery.step
        memory = self.memory
        if step is not None:
            if step.rolled_back:
                memory.sent[game.id] = set()
                for outbox in list(self.outboxes.outboxes.values()):
                    dropped = outbox.drop(lambda tag: tag[0] == game.id and tag[1] > step.state.step)
                    if dropped:
                        await self.storage.finish_deliveries(dropped, state=DELIVERY_DROPPED)
            if game.running:
                memory.note_posted(game.id, step.rows)
                if posts := memory.prompt_posts.get(game.id):  # only open prompts' messages are kept
                    memory.prompt_posts[game.id] = {p: w for p, w in posts.items() if step.state.prompt(p) is not None}
            self.enqueue(step.rows)
        if not game.running:  # nothing of a finished game stays in memory but what is still to send
            memory.forget(game.id)
            self.flow.forget(game.id)

    async def refresh(self, game: LiveGame) -> None:
        """Prompts never queued (a game saved before the outbox), and the status, as a saved delivery."""
        rows = self.planner.plan(Step(game, game.state, [], game.dues, game.row.status, game.row.paused))
        if not any(r.prompt_id for r in rows):
            return  # the status went out (or waits) with the last step
        await self.storage.add_deliveries(rows)
        self.memory.note_posted(game.id, rows)
        self.enqueue(rows)

    def enqueue(self, rows: list[DeliveryRow]) -> None:
        """Rows into their destinations' outboxes, in order. Rows a restart finds claimed go out as
        exactly the message they were claimed for (same content, same nonce)."""
        rows = self.cluster.admit(rows)  # after another process's earlier rows of the game
        claimed: dict[int, list[DeliveryRow]] = {}
        for row in rows:
            if row.batch is not None:
                claimed.setdefault(row.batch, []).append(row)
        for row in rows:
            if (route := self.routes.get(row.kind)) is not None:
                outbox = route(row)
            elif row.channel_id:
                outbox = self.outboxes.channel_outbox(row.channel_id)
            else:
                outbox = self.outboxes.dm_outbox(row.user_id or 0)
            tag = (row.game_id, row.step, row.prompt_id)
            if row.batch is not None:
                group = claimed.pop(row.batch, None)
                if group is None:
                    continue  # already queued with the first row of its batch
                if (kind := self.kinds.get(row.kind)) is not None and all(r.kind == row.kind for r in group):
                    kind.send(group, row.batch)
                    continue
                prompt = next((r for r in group if r.kind in ("prompt", "picture", "archive", "lobby")), None)
                content = "\n".join(clip(r.body.get("text", ""), 2000) for r in group)
                lobby = prompt is not None and prompt.kind == "lobby"
                outbox.put_message(Message(
                    content=clip(content, 2000), build=self._build(prompt) if prompt else dict,
                    rows=[r.id for r in group], tag=(row.game_id, row.step, prompt.prompt_id if prompt else None),
                    batch=row.batch, on_sent=partial(self.standing.join_posted, row.game_id) if lobby else None,
                ))
            elif (kind := self.kinds.get(row.kind)) is not None:
                kind.send([row], None)
            elif row.kind == "text":
                self.outboxes.put_line(row, tag)
            elif row.kind == FEED:  # a line of the graveyard's feed, in its thread's outbox
                outbox.put_text(row.body["text"], rows=[row.id], tag=tag)
            elif row.kind == "lobby":  # a lobby's announcement: its Join button while the lobby is open
                outbox.put_message(Message(
                    content=row.body["text"], build=self._build(row), rows=[row.id], tag=tag,
                    on_sent=partial(self.standing.join_posted, row.game_id),
                ))
            elif row.kind in ("prompt", "picture"):
                outbox.put_message(Message(
                    content=row.body["text"], build=self._build(row), rows=[row.id], tag=tag,
                    wanted=self._still_open(row) if row.kind == "prompt" else None,
                ))
            elif row.kind == "edit":
                sheet = (row.game_id, str(row.body.get("sheet")))
                inline = self.memory.inline
                if row.body.get("inline") and sheet in inline and inline[sheet] is None:
                    inline[sheet] = row  # the click being answered edits the message itself
                    continue
                update = partial(self.standing.edit_sheet, row)
                outbox.put_status(update, key=("sheet", *sheet), rows=[row.id], tag=tag)
            elif row.kind == "sheet-closed":
                update = partial(self.standing.close_sheet, row)
                outbox.put_status(update, key=("sheet-closed", row.game_id, row.id), rows=[row.id], tag=tag)
            elif row.kind == "channel":
                update = partial(self.channels.apply, row)
                outbox.put_status(update, key=("channel", row.game_id), rows=[row.id], tag=tag)
            elif (flowing := self.flow.updater(row)) is not None:  # live, moderators, dossier
                outbox.put_status(flowing, key=(row.kind, row.game_id, row.body.get("slot") or row.id),
                                  rows=[row.id], tag=tag)
            elif row.kind == "archive":
                outbox.put_message(Message(content=row.body["text"], build=self.flow.archive(row), rows=[row.id],
                                           tag=tag))
            elif row.kind == "status":
                update = partial(self.standing.update_status, row)
                game = self.table.games.get(row.game_id)
                posted = game is not None and bool(game.row.meta.get("status_message"))
                # an edit waits for the next clicks' (one edit shows a burst); the first post keeps its place
                outbox.put_status(update, key=("status", row.game_id), rows=[row.id], tag=tag, settle=posted)

    def _build(self, row: DeliveryRow) -> Callable[[], Any]:
        """What a row's message needs at send time: a prompt's buttons (from the game as it is
        then), a picture's file."""
        if row.kind == "archive":
            return self.flow.archive(row)
        if row.kind == "lobby":
            return partial(self.standing.join_button, row)
        if row.kind == "picture":
            return partial(self.pictures, row.body)

        def build() -> dict[str, Any]:
            game = self.table.games.get(row.game_id)
            prompt = game.state.prompt(row.prompt_id or "") if game else None
            if game is None or prompt is None:
                return {}
            language = str(row.body.get("language") or game.row.language)
            return {"view": prompt_view(game, prompt, language), "allowed_mentions": prompt_mentions(game, prompt)}

        return build

    def _still_open(self, row: DeliveryRow) -> Callable[[], bool]:
        def wanted() -> bool:
            game = self.table.games.get(row.game_id)
            prompt = game.state.prompt(row.prompt_id or "") if game is not None else None
            return game is not None and prompt is not None and still_held(game, prompt, row)

        return wanted

