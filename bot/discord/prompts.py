"""The `prompt` delivery kind: each open prompt of a step not posted yet goes to its player (a secret one in
their DMs, a public one in the channel naming them), with its buttons built when it is sent, from the game as
it is then; an order sheet whose DM message is known shows the prompt in that message instead (an `edit`
row, bot/discord/standing.py). What was posted where is kept here (a cache of the saved rows and prompt
messages, read again at start-up and when another process moved the game): a prompt is posted once, to its
seat's holder, and a seat that changes hands takes its buttons away (bot/discord/flow.py, `handover`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import discord

from bot.discord.kinds import Planned, Sending, tag
from bot.discord.outbox import Message
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import prompt_content, prompt_mentions, prompt_view, public_player, reachable, seat_language
from bot.discord.standing import Standing, Where, still_held
from bot.live import LiveGame, Step
from bot.render import clip
from bot.storage import DeliveryRow, OwnShards, Storage
from bot.table import Table
from games.core import Prompt
from games.core.orders import sheet_of

Posted = set[tuple[str, int | None]]
"""(prompt, member) pairs already queued for posting."""


def posted(rows: list[DeliveryRow]) -> Posted:
    return {(r.prompt_id, r.body.get("user")) for r in rows if r.prompt_id}


class Prompts:
    name = "prompt"

    def __init__(self, storage: Storage, table: Table, outboxes: Outboxes, standing: Standing) -> None:
        self.storage = storage
        self.table = table
        self.outboxes = outboxes
        self.standing = standing
        self.sent: dict[int, Posted] = {}
        """(prompt, member) pairs of each running game already queued for posting, a cache of the delivery
        rows: a seat that changes hands gets its open prompt posted to the newcomer."""
        self.posts: dict[int, dict[str, Where]] = {}
        """game → open prompt of no sheet → (channel, message), for those posted since the start: a seat that
        changes hands takes their buttons away."""

    # --- planning -----------------------------------------------------------------------------------
    def plan(self, step: Step) -> list[Planned]:
        """The prompts not posted yet (to their seats' holders), or their sheets' messages edited."""
        game, state = step.game, step.state
        rows: list[Planned] = []
        done = set() if step.rolled_back else self.sent.get(game.id, set())
        for prompt in state.prompts:
            user_id = game.seats[prompt.seat].user_id
            if not reachable(game, prompt.seat) or {(prompt.id, user_id), (prompt.id, None)} & done:
                continue
            due = step.dues.get(prompt.id)
            sheets = self.standing.sheet_messages
            where = sheets.get((game.id, prompt.sheet)) if prompt.secret and prompt.sheet else None
            if where is not None and not self._holds_sheet(prompt, user_id, where[0], done):
                where = None  # the sheet's message is in an earlier holder's DMs: the newcomer gets a new one
            if where is not None and prompt.sheet is not None:  # the sheet's message shows this step instead
                language = seat_language(game, prompt.seat)
                body = {
                    "text": clip(prompt_content(game, prompt, language, due), 2000), "language": language,
                    "user": user_id, "sheet": prompt.sheet, "channel": where[0], "message": where[1],
                    "inline": prompt.sheet == step.inline,
                }
                rows.append(Planned(body, member=user_id, prompt_id=prompt.id, kind="edit"))
            elif prompt.secret:
                language = seat_language(game, prompt.seat)
                content = prompt_content(game, prompt, language, due)
                body = {"text": clip(content, 2000), "language": language, "user": user_id}
                rows.append(Planned(body, member=user_id, prompt_id=prompt.id))
            else:
                language = game.row.language
                content = f"{public_player(game, prompt.seat, user_id)} " + prompt_content(game, prompt, language, due)
                body = {"text": clip(content, 2000), "language": language, "user": user_id}
                rows.append(Planned(body, prompt_id=prompt.id))
        return rows

    def _holds_sheet(self, prompt: Prompt, user_id: int | None, channel_id: int, done: Posted) -> bool:
        """Whether the sheet's DM message (in `channel_id`) is `user_id`'s, not the seat's earlier holder's."""
        dm = self.outboxes.dm_channels.get(user_id) if user_id is not None else None
        if dm is not None:
            return dm == channel_id
        if not done:  # nothing known (a rollback forgets what was posted): the message is the seat's
            return True
        return any(sheet_of(p) == prompt.sheet and u in (user_id, None) for p, u in done)

    # --- sending ------------------------------------------------------------------------------------
    def send(self, row: DeliveryRow) -> Sending:
        """The prompt's message, its buttons built when it goes (dropped if answered or handed over by then)."""
        return self.outboxes.of(row), Message(
            content=row.body["text"], build=self.build(row), rows=[row.id], tag=tag(row), wanted=self._still_open(row),
            on_sent=partial(self._posted, row, row.body["text"]),
        )

    def build(self, row: DeliveryRow) -> Callable[[], dict[str, Any]]:
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

    async def _posted(self, row: DeliveryRow, content: str, message: Any) -> None:
        """Where the prompt went: its sheet's message from now on, or its own message while it is open."""
        if not isinstance(message, discord.Message) or row.prompt_id is None:
            return
        where = (message.channel.id, message.id)
        if (sheet := sheet_of(row.prompt_id)) is not None:
            self.standing.note_sheet(row.game_id, sheet, where, content)
        elif row.game_id in self.table.games:  # a running game's (a finished one's are forgotten)
            self.posts.setdefault(row.game_id, {})[row.prompt_id] = where

    # --- what was posted ----------------------------------------------------------------------------
    def queued(self, game: LiveGame, step: Step | None, rows: list[DeliveryRow]) -> None:
        """A step's rows are queued (a rollback forgets what the undone steps posted); only open prompts' posts
        and messages are kept (a prompt's id is never used again once it is gone)."""
        if step is not None and step.rolled_back:
            self.sent[game.id] = set()
        sent = self.sent.setdefault(game.id, set())
        sent.update(posted(rows))
        if step is None:
            return
        open_now = {p.id for p in step.state.prompts}
        self.sent[game.id] = {pair for pair in sent if pair[0] in open_now}
        if posts := self.posts.get(game.id):
            self.posts[game.id] = {p: w for p, w in posts.items() if p in open_now}

    async def load(self, game: LiveGame | None = None, own: OwnShards | None = None) -> None:
        """What was posted, as saved: every running game's (of `own` shards: those loaded) at start-up, or one game
        another process moved or this one loads."""
        game_id = None if game is None else game.id
        saved = await self.storage.posted_prompts(game_id, own)
        if game is None:
            self.sent = saved
        else:
            self.sent[game.id] = saved.get(game.id, set())
            self.posts[game.id] = {}
        for found, prompt_id, channel_id, message_id in await self.storage.prompt_messages(game_id, own):
            if (sheet := sheet_of(prompt_id)) is not None:
                self.standing.note_sheet(found, sheet, (channel_id, message_id))
            elif game is not None and game.state.prompt(prompt_id) is not None:
                self.posts[game.id][prompt_id] = (channel_id, message_id)

    def forget(self, game_id: int) -> None:
        self.sent.pop(game_id, None)
        self.posts.pop(game_id, None)
