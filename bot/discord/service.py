"""The game master inside Discord: the one place where table deliveries become messages and
interactions become table inputs. Every game cog uses it; none talks to Discord on its own
for prompts, events or the status message.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.discord.channel import ChannelKeeper
from bot.discord.components import (
    AnswerButton,
    AnswerModal,
    AnswerSelect,
    ModalOpener,
    PrivateViewButton,
    SpeakButton,
    guarded,
    is_ours,
    parse_ids,
    taken_by_an_item,
)
from bot.discord.flow import Flow, relayed
from bot.discord.outbox import WINDOW_SECONDS, Item, Message, Outbox
from bot.discord.relay import Relay
from bot.discord.replies import Replies, already_there, same_content
from bot.discord.shards import Cluster
from bot.discord.text import (
    escape_name,
    event_text,
    option_label,
    option_label_with_reason,
    option_text,
    option_with_reason,
    prompt_text,
    refusal_text,
)
from bot.i18n import SeatNamer, normalize, reading_as, render, t
from bot.lobby import Lobby, LobbyLimits
from bot.render import clip, joined
from bot.scheduler import Scheduler
from bot.storage import DELIVERY_DROPPED, DeliveryRow, Storage
from bot.table import Delivery, LiveGame, Step, Table
from games.core import Action, Event, GameState, Option, Prompt, Refusal, seat
from games.core.orders import sheet_of, sheet_seat

log = logging.getLogger(__name__)


Presenter = Callable[[LiveGame, GameState, list[Event]], list[dict[str, Any]]]
"""Game-specific extras for a step (e.g. the Maskmen picture): the bodies of picture rows, saved with
the step. Each holds its message text ("text") and what `pictures[game]` needs to draw the file."""
PictureBuilder = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for the amount / view buttons


def simultaneous(prompts: list[Prompt]) -> bool:
    """A step where several players choose at once (secret or changeable choices): the status says
    how many have chosen, not who is still waiting. One open public prompt is a turn: it names the
    player."""
    return len({p.seat for p in prompts}) > 1 and any(p.secret or p.changeable for p in prompts)


class ChannelGone(Exception):
    """A send to a channel that no longer exists (or a server the bot is no longer in)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} is gone")


@dataclass
class Reply:
    """What an interaction answer should say (already in the reader's language)."""

    text: str
    ok: bool


def _posted(rows: list[DeliveryRow]) -> set[tuple[str, int | None]]:
    return {(r.prompt_id, r.body.get("user")) for r in rows if r.prompt_id}


class GameMaster:
    def __init__(
        self, bot: commands.Bot, storage: Storage, settings: Settings, *, window: float | None = None
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.settings = settings
        self.window = window or getattr(settings, "outbox_window_seconds", None) or WINDOW_SECONDS
        self.table = Table(storage)
        self.scheduler = Scheduler(self.table)
        self.lobby = Lobby(storage, self.table, LobbyLimits(
            max_per_server=settings.lobby_max_per_server, idle_seconds=settings.lobby_idle_minutes * 60.0
        ))
        self.table.listeners.append(self.on_delivery)
        self.table.planner = self.plan
        self.outboxes: dict[int, Outbox] = {}
        self.dm_channels: dict[int, int] = {}
        self.replies = Replies()
        """Players' latest interactions, whose tokens carry messages outside Discord's global rate limit
        (bot/discord/replies.py)."""
        self.sent: dict[int, set[tuple[str, int | None]]] = {}
        """(prompt, member) pairs of each running game already queued for posting, a cache of the
        delivery rows: a seat that changes hands gets its open prompt posted to the newcomer."""
        self.dm_failed: dict[int, set[int]] = {}
        self.presenters: dict[str, Presenter] = {}
        """Game-specific extras after the shared rendering (e.g. the Maskmen picture), by game name."""
        self.pictures: dict[str, PictureBuilder] = {}
        self._resumed = False
        self.gone_channels: set[int] = set()
        """Channels deleted, or in a server the bot was removed from: nothing is sent there (cogs/events.py)."""
        self.world: Any = None
        """The world-events cog (cogs/events.py): asked, when a DM fails, whether the player left the server."""
        self.sheet_messages: dict[tuple[int, str], tuple[int, int]] = {}
        """(game, order sheet) → (channel, message): an order sheet is one DM message, edited in place."""
        self.prompt_posts: dict[int, dict[str, tuple[int, int]]] = {}
        """game → open prompt of no sheet → (channel, message), for those posted since the start: a seat
        that changes hands takes their buttons away (bot/discord/flow.py, `handover`)."""
        self.sheet_texts: dict[tuple[int, str], tuple[str, bool]] = {}
        """(game, order sheet) → what its message shows now and whether with buttons (since the start):
        a sheet whose phase ended keeps its text and loses its buttons (`_close_sheet`)."""
        self.join_posts: dict[int, tuple[int, int]] = {}
        """Open lobby → its announcement (channel, message) with the Join button, retired when the lobby
        starts or closes (memory only: after a restart a late click on it is refused, as before)."""
        self.join_pending: set[int] = set()
        """Lobbies whose announcement is still waiting in its channel's outbox."""
        self._closed_lobbies: set[int] = set()
        """Lobbies that closed before their announcement went out (it loses its button once sent)."""
        self.inline: dict[tuple[int, str], DeliveryRow | None] = {}
        """Sheets being answered by a click right now: the click's own response edits the message, so
        the step's edit row is handed to `answer` instead of the outbox."""
        self.channels = ChannelKeeper(self)
        """Who may write in each game's channel (its permission overwrites): bot/discord/channel.py."""
        self.relay = Relay(self)
        """Players of a game that hides them speak through the bot: bot/discord/relay.py."""
        self.flow = Flow(self)
        """Deadlines shown at a phase's start, live messages, moderator notices, dossiers, the final log:
        bot/discord/flow.py."""
        self.cluster = Cluster(self)
        """Several bot processes on one database: delivery order, a dead one's rows: bot/discord/shards.py."""

    # --- life cycle -------------------------------------------------------------------------
    async def start(self) -> None:
        """Before anything new can happen (the scheduler, interactions): queue what earlier runs
        saved but did not send, in order, so it goes out before anything newer."""
        await self.storage.prune_deliveries()
        await self.table.load_unfinished()
        self.sent = await self.storage.posted_prompts()
        for game_id, prompt_id, channel_id, message_id in await self.storage.prompt_messages():
            if (sheet := sheet_of(prompt_id)) is not None:
                self.sheet_messages[(game_id, sheet)] = (channel_id, message_id)
        self._enqueue(await self.storage.waiting_deliveries())
        self.scheduler.start()
        self.cluster.start()

    async def resume_all(self) -> None:
        """After (re)connecting: post any prompt never queued (games saved before the outbox, a seat
        that changed hands) and bring status messages up to date."""
        if self._resumed:
            return
        self._resumed = True
        for game in list(self.table.games.values()):
            async with self.table.hold(game):
                if game.running:  # (another process may have ended it)
                    await self._refresh(game)

    async def close(self) -> None:
        await self.scheduler.stop()
        await self.cluster.close()
        for outbox in list(self.outboxes.values()):
            await outbox.close()

    async def drained(self) -> None:
        """Every queued message sent (tests and shutdown)."""
        for outbox in list(self.outboxes.values()):
            await outbox.drained()

    # --- languages ----------------------------------------------------------------------------
    def seat_language(self, game: LiveGame, seat_number: int) -> str:
        return normalize(game.seats[seat_number].language or game.row.language)

    async def guild_language(self, guild_id: int | None, guild_locale: object = None) -> str:
        """The server's chosen language, else the server's own Discord locale, else the default."""
        if guild_id is not None:
            chosen = (await self.storage.guild_settings(guild_id)).get("language")
            if chosen:
                return normalize(chosen)
        if guild_locale is not None:
            locale = str(getattr(guild_locale, "value", guild_locale))
            if normalize(locale) == locale.split("-")[0].lower():
                return normalize(locale)
        return normalize(self.settings.default_language)

    # --- sending ------------------------------------------------------------------------------
    def channel_outbox(self, channel_id: int) -> Outbox:
        if channel_id not in self.outboxes:
            channel = self.bot.get_partial_messageable(channel_id)

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                if channel_id in self.gone_channels:  # not into the void: the channel was deleted
                    raise ChannelGone(channel_id)
                return await self._post(channel, content, extra)

            self.outboxes[channel_id] = Outbox(
                send, window=self.window, journal=self, on_idle=partial(self._forget_outbox, channel_id),
                follow_up=self.replies.router(lambda: None if channel_id in self.gone_channels else channel_id, send),
            )
        return self.outboxes[channel_id]

    async def _post(self, channel: discord.PartialMessageable, content: str, extra: dict[str, Any]) -> discord.Message:
        """The ordinary send. A negative nonce is a message claimed for a follow-up before a restart, which
        may have reached Discord without a nonce: if it is there, it is not sent again."""
        nonce = extra.get("nonce")
        if isinstance(nonce, int) and nonce < 0:
            assert self.bot.user is not None
            found = await already_there(channel, self.bot.user.id, same_content(content))
            if found is not None:
                return found
            extra = {**extra, "nonce": -nonce}
        return await channel.send(content=content, **extra)

    def _forget_outbox(self, key: int, outbox: Outbox) -> None:
        """An outbox idle for a whole window holds nothing worth keeping (finished games release it)."""
        if self.outboxes.get(key) is outbox:
            del self.outboxes[key]

    async def dm_channel_id(self, user_id: int) -> int:
        if user_id not in self.dm_channels:
            data = await self.bot.http.start_private_message(user_id)
            self.dm_channels[user_id] = int(data["id"])
        return self.dm_channels[user_id]

    def _dm_outbox(self, game: LiveGame, seat_number: int) -> Outbox:
        user_id = game.seats[seat_number].user_id
        assert user_id is not None
        return self.dm_outbox(user_id)

    def dm_outbox(self, user_id: int) -> Outbox:
        """One paced outbox per member's DMs, whatever game the messages belong to."""
        key = -user_id  # DM outboxes keyed apart from channel ids
        if key not in self.outboxes:

            async def send(content: str, extra: dict[str, Any]) -> discord.Message:
                channel = self.bot.get_partial_messageable(
                    await self.dm_channel_id(user_id), type=discord.ChannelType.private
                )
                return await self._post(channel, content, extra)

            async def failed(error: BaseException) -> None:
                if isinstance(error, discord.Forbidden):
                    await self._dms_closed_mid_game(user_id)

            self.outboxes[key] = Outbox(
                send, on_failure=failed, window=self.window, journal=self, on_idle=partial(self._forget_outbox, key),
                follow_up=self.replies.router(lambda: self.dm_channels.get(user_id), send),
            )
        return self.outboxes[key]

    async def _dms_closed_mid_game(self, user_id: int) -> None:
        """Tell the channel (and the GM role) once per game; the player still has the 🂠 button."""
        for game in list(self.table.games.values()):
            seat_number = game.seat_of(user_id)
            if seat_number is None or seat_number in self.dm_failed.setdefault(game.id, set()):
                continue
            if self.world is not None and await self.world.left_the_server(game, user_id):
                continue  # not closed DMs: the player left, and that is handled as such
            self.dm_failed[game.id].add(seat_number)
            await self._tell_moderators(game, "dm-failed", player=self.public_player(game, seat_number, user_id))

    def public_player(self, game: LiveGame, seat_number: int, user_id: int | None) -> str:
        """A player as a channel line names them: a mention (the client lets it ping nobody), or in a
        game that hides its players (anonymous) the seat's public name, never the member."""
        if game.public_term(seat_number) is not None or user_id is None:
            return escape_name(game.name_of(seat_number))
        return f"<@{user_id}>"

    async def _tell_moderators(self, game: LiveGame, key: str, **params: Any) -> None:
        settings = await self.storage.guild_settings(game.row.guild_id) if game.row.guild_id else {}
        role = settings.get("gm_role_id")
        text = t(game.row.language, key, **params)
        if not game.row.channel_id:
            return
        if role:  # the one ping this message means; the client allows no role pings otherwise
            mentions = discord.AllowedMentions(roles=[discord.Object(int(role))])
            self.channel_outbox(game.row.channel_id).put_message(
                Message(content=f"<@&{role}> {text}", build=lambda: {"allowed_mentions": mentions})
            )
        else:
            self.channel_outbox(game.row.channel_id).put_text(text)

    # --- the table's deliveries: planned with the step, saved with it, then sent ---------------
    def plan(self, step: Step) -> list[DeliveryRow]:
        """What a step must show in Discord, as rows saved in the step's own transaction: the
        public lines, the private texts, reminders, pictures, the prompts not yet posted and the
        status edit, in the order they must appear."""
        game, state = step.game, step.state
        channel_id = game.row.channel_id
        if channel_id is None:
            return []
        rows: list[DeliveryRow] = []

        def add(kind: str, body: dict[str, Any], *, user_id: int | None = None, prompt_id: str | None = None) -> None:
            rows.append(DeliveryRow(
                game.id, state.step, kind, body, channel_id=None if user_id else channel_id, user_id=user_id,
                prompt_id=prompt_id,
            ))

        for event in step.events:
            if event.to is None:  # a line, a live message edited in place (bot/discord/flow.py)
                for kind, body in self.flow.public_rows(step, event):
                    add(kind, body)
        for kind, body, member in self.flow.extra_rows(step):  # notices, dossiers, the final log
            add(kind, body, user_id=member)
        for event in step.events:
            if event.ack:  # the answer to the click already confirms it
                continue
            for seat_number in event.to or []:
                if self._reachable(game, seat_number):
                    reader = reading_as(game.name_of, seat_number)  # a DM: the recipient is "you"
                    text = event_text(event, self.seat_language(game, seat_number), reader)
                    add("text", {"text": text}, user_id=game.seats[seat_number].user_id)
        for seat_number in step.reminder_for:
            if self._reachable(game, seat_number):
                prompt = next((p for p in state.prompts_for(seat_number) if not p.answered), None)
                seconds = int(step.dues.get(prompt.id, 0) - self.table.clock()) if prompt else 0
                language = self.seat_language(game, seat_number)
                # the seat's name in the reader's language (an anonymous seat's role is a catalog term)
                reminder = Event(key="reminder", params={"player": seat(seat_number), "seconds": max(seconds, 0)})
                if prompt is not None and prompt.id in step.dues:  # a long deadline reads better as a time
                    when = f"<t:{int(step.dues[prompt.id])}:R>"
                    reminder = Event(key="reminder-due", params={"player": seat(seat_number), "when": when})
                text = event_text(reminder, language, game.name_of)
                add("text", {"text": text}, user_id=game.seats[seat_number].user_id)
        presenter = self.presenters.get(game.row.game)
        if presenter is not None:
            for body in presenter(game, state, step.events):
                add("picture", body)
        posted = set() if step.rolled_back else self.sent.get(game.id, set())
        for prompt in state.prompts:
            user_id = game.seats[prompt.seat].user_id
            if not self._reachable(game, prompt.seat) or {(prompt.id, user_id), (prompt.id, None)} & posted:
                continue
            due = step.dues.get(prompt.id)
            where = self.sheet_messages.get((game.id, prompt.sheet)) if prompt.secret and prompt.sheet else None
            if where is not None and not self._holds_sheet(prompt, user_id, where[0], posted):
                where = None  # the sheet's message is in an earlier holder's DMs: the newcomer gets a new one
            if where is not None and prompt.sheet is not None:  # the sheet's message shows this step instead
                language = self.seat_language(game, prompt.seat)
                body = {
                    "text": clip(self.prompt_content(game, prompt, language, due), 2000), "language": language,
                    "user": user_id, "sheet": prompt.sheet, "channel": where[0], "message": where[1],
                    "inline": (game.id, prompt.sheet) in self.inline,
                }
                add("edit", body, user_id=user_id, prompt_id=prompt.id)
            elif prompt.secret:
                language = self.seat_language(game, prompt.seat)
                content = self.prompt_content(game, prompt, language, due)
                body = {"text": clip(content, 2000), "language": language, "user": user_id}
                add("prompt", body, user_id=user_id, prompt_id=prompt.id)
            else:
                language = game.row.language
                content = f"{self.public_player(game, prompt.seat, user_id)} " + self.prompt_content(
                    game, prompt, language, due
                )
                add("prompt", {"text": clip(content, 2000), "language": language, "user": user_id}, prompt_id=prompt.id)
        for user_id, body in self._closed_sheets(game, state):
            add("sheet-closed", body, user_id=user_id)
        for body in self.channels.plan(step):  # who may write in the channel now (its overwrites)
            add("channel", body)
        if (step.reminder_for and not step.events) or (step.events and all(map(relayed, step.events))):
            return rows  # a reminder, or words the relay posted, change nothing the status message shows
        text = self.status_text(game, state=state, dues=step.dues, status=step.status, paused=step.paused)
        add("status", {"text": text, "running": step.status == "running"})
        return rows

    def _closed_sheets(self, game: LiveGame, state: GameState) -> list[tuple[int, dict[str, Any]]]:
        """(member, body) for each order sheet of the game whose DM message is known but which asks
        nothing any more (its phase is over): the message loses its buttons."""
        open_sheets = {p.sheet for p in state.prompts if p.sheet}
        closed = []
        for (game_id, sheet), (channel_id, message_id) in list(self.sheet_messages.items()):
            if game_id != game.id or sheet in open_sheets:
                continue
            del self.sheet_messages[(game_id, sheet)]  # never shown again: a sheet belongs to one phase
            number = sheet_seat(sheet)
            if number is None or not 0 <= number < len(game.seats) or not self._reachable(game, number):
                continue
            language = self.seat_language(game, number)
            body = {"sheet": sheet, "channel": channel_id, "message": message_id,
                    "text": t(language, "sheet-closed")}
            closed.append((game.seats[number].user_id or 0, body))
        return closed

    async def _close_sheet(self, row: DeliveryRow) -> None:
        """Take the buttons off a sheet whose phase is over, keeping the order it shows (a line says
        the orders are closed; after a restart the text is not known and stays as it was)."""
        shown = self.sheet_texts.pop((row.game_id, str(row.body["sheet"])), None)
        if shown is not None and not shown[1]:
            return  # it shows the finished order already, with no buttons
        channel = self.bot.get_partial_messageable(int(row.body["channel"]), type=discord.ChannelType.private)
        message = channel.get_partial_message(int(row.body["message"]))
        try:
            if shown is None:
                await message.edit(view=None)
            else:
                await message.edit(content=clip(f"{shown[0]}\n{row.body['text']}", 2000), view=None)
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("game %s: a closed sheet's message left as it was: %s", row.game_id, error)

    async def on_delivery(self, delivery: Delivery) -> None:
        """The step is saved: queue its rows (a rollback first forgets what the undone steps queued)."""
        game, step = delivery.game, delivery.step
        if step is not None:
            if step.rolled_back:
                self.sent[game.id] = set()
                for outbox in list(self.outboxes.values()):
                    dropped = outbox.drop(lambda tag: tag[0] == game.id and tag[1] > step.state.step)
                    if dropped:
                        await self.storage.finish_deliveries(dropped, state=DELIVERY_DROPPED)
            if game.running:
                self.sent.setdefault(game.id, set()).update(_posted(step.rows))
                if posts := self.prompt_posts.get(game.id):  # only open prompts' messages are kept
                    self.prompt_posts[game.id] = {p: w for p, w in posts.items() if step.state.prompt(p) is not None}
            self._enqueue(step.rows)
        if not game.running:  # nothing of a finished game stays in memory but what is still to send
            self.sent.pop(game.id, None)
            self.prompt_posts.pop(game.id, None)
            self.dm_failed.pop(game.id, None)
            self.flow.forget(game.id)
            for key in [k for k in self.sheet_messages if k[0] == game.id]:
                del self.sheet_messages[key]

    def _enqueue(self, rows: list[DeliveryRow]) -> None:
        """Rows into their destinations' outboxes, in order. Rows a restart finds claimed go out as
        exactly the message they were claimed for (same content, same nonce)."""
        rows = self.cluster.admit(rows)  # after another process's earlier rows of the game
        claimed: dict[int, list[DeliveryRow]] = {}
        for row in rows:
            if row.batch is not None:
                claimed.setdefault(row.batch, []).append(row)
        for row in rows:
            outbox = self.channel_outbox(row.channel_id) if row.channel_id else self.dm_outbox(row.user_id or 0)
            tag = (row.game_id, row.step, row.prompt_id)
            if row.batch is not None:
                group = claimed.pop(row.batch, None)
                if group is None:
                    continue  # already queued with the first row of its batch
                prompt = next((r for r in group if r.kind in ("prompt", "picture", "archive")), None)
                content = "\n".join(clip(r.body.get("text", ""), 2000) for r in group)
                outbox.put_message(Message(
                    content=clip(content, 2000), build=self._build(prompt) if prompt else dict,
                    rows=[r.id for r in group], tag=(row.game_id, row.step, prompt.prompt_id if prompt else None),
                    batch=row.batch,
                ))
            elif row.kind == "text":
                outbox.put_text(row.body["text"], rows=[row.id], tag=tag)
            elif row.kind in ("prompt", "picture"):
                outbox.put_message(Message(
                    content=row.body["text"], build=self._build(row), rows=[row.id], tag=tag,
                    wanted=self._still_open(row) if row.kind == "prompt" else None,
                ))
            elif row.kind == "edit":
                sheet = (row.game_id, str(row.body.get("sheet")))
                if row.body.get("inline") and sheet in self.inline and self.inline[sheet] is None:
                    self.inline[sheet] = row  # the click being answered edits the message itself
                    continue
                outbox.put_status(partial(self._edit_sheet, row), key=("sheet", *sheet), rows=[row.id], tag=tag)
            elif row.kind == "sheet-closed":
                update = partial(self._close_sheet, row)
                outbox.put_status(update, key=("sheet-closed", row.game_id, row.id), rows=[row.id], tag=tag)
            elif row.kind == "channel":
                update = partial(self.channels.apply, row)
                outbox.put_status(update, key=("channel", row.game_id), rows=[row.id], tag=tag)
            elif (update := self.flow.updater(row)) is not None:  # live, moderators, dossier
                outbox.put_status(update, key=(row.kind, row.game_id, row.body.get("slot") or row.id), rows=[row.id],
                                  tag=tag)
            elif row.kind == "archive":
                outbox.put_message(Message(content=row.body["text"], build=self.flow.archive(row), rows=[row.id],
                                           tag=tag))
            elif row.kind == "status":
                update = partial(self._update_status, row)
                outbox.put_status(update, key=("status", row.game_id), rows=[row.id], tag=tag)

    def _build(self, row: DeliveryRow) -> Callable[[], Any]:
        """What a row's message needs at send time: a prompt's buttons (from the game as it is
        then), a picture's file."""
        if row.kind == "archive":
            return self.flow.archive(row)
        if row.kind == "picture":
            game_name = row.body.get("game", "")

            async def picture() -> dict[str, Any]:
                builder = self.pictures.get(game_name)
                return await builder(row.body) if builder is not None else {}

            return picture

        def build() -> dict[str, Any]:
            game = self.table.games.get(row.game_id)
            prompt = game.state.prompt(row.prompt_id or "") if game else None
            if game is None or prompt is None:
                return {}
            language = str(row.body.get("language") or game.row.language)
            return {"view": self.prompt_view(game, prompt, language), "allowed_mentions": self.prompt_mentions(game, prompt)}  # noqa: E501

        return build

    def _still_open(self, row: DeliveryRow) -> Callable[[], bool]:
        def wanted() -> bool:
            game = self.table.games.get(row.game_id)
            prompt = game.state.prompt(row.prompt_id or "") if game is not None else None
            return game is not None and prompt is not None and self._still_held(game, prompt, row)

        return wanted

    @staticmethod
    def _still_held(game: LiveGame, prompt: Prompt, row: DeliveryRow) -> bool:
        """Whether the member a prompt's row was planned for still holds the prompt's seat (a seat that
        changed hands meanwhile sends its buttons to the newcomer only)."""
        holder = game.seats[prompt.seat]
        return "user" not in row.body or (not holder.bot and holder.user_id == row.body["user"])

    # --- a lobby's Join button ------------------------------------------------------------------
    async def join_posted(self, lobby_id: int, message: Any) -> None:
        """The lobby's announcement went out with its Join button (a lobby already closed loses it now)."""
        self.join_pending.discard(lobby_id)
        if not isinstance(message, discord.Message):  # a follow-up (WebhookMessage) is one too
            return
        self.join_posts[lobby_id] = (message.channel.id, message.id)
        if lobby_id in self._closed_lobbies:
            self._closed_lobbies.discard(lobby_id)
            await self.retire_join_button(lobby_id)

    async def retire_join_button(self, lobby_id: int) -> None:
        """The lobby started, was cancelled or expired: its announcement keeps its text, loses the button."""
        where = self.join_posts.pop(lobby_id, None)
        if where is None:
            if lobby_id in self.join_pending:
                self._closed_lobbies.add(lobby_id)
            return
        channel = self.bot.get_partial_messageable(where[0])
        try:
            await self.replies.edit(channel.get_partial_message(where[1]), view=None)
        except discord.HTTPException as error:  # gone (deleted with its channel): nothing to retire
            log.info("lobby %s: the Join button could not be removed (%s)", lobby_id, error)

    # the outboxes' journal: rows claimed before sending, marked once Discord accepted them
    async def claim(self, rows: list[int], batch: int) -> bool:
        return await self.storage.claim_deliveries(rows, batch)

    async def done(self, rows: list[int], sent: Any, items: list[Item]) -> None:
        prompts = []
        if isinstance(sent, discord.Message):
            for item in items:
                if isinstance(item, Message) and item.tag is not None and item.tag[2] is not None:
                    prompts.append((item.tag[0], item.tag[2], sent.channel.id, sent.id))
                    if (sheet := sheet_of(item.tag[2])) is not None:
                        self.sheet_messages[(item.tag[0], sheet)] = (sent.channel.id, sent.id)
                        self.sheet_texts[(item.tag[0], sheet)] = (item.content, True)
                    elif item.tag[0] in self.table.games:  # a running game's (a finished one's are forgotten)
                        self.prompt_posts.setdefault(item.tag[0], {})[item.tag[2]] = (sent.channel.id, sent.id)
        await self.storage.finish_deliveries(rows, prompts=prompts)

    async def dropped(self, rows: list[int]) -> None:
        await self.storage.finish_deliveries(rows, state=DELIVERY_DROPPED)

    def _holds_sheet(
        self, prompt: Prompt, user_id: int | None, channel_id: int, posted: set[tuple[str, int | None]]
    ) -> bool:
        """Whether the sheet's DM message (in `channel_id`) is `user_id`'s, not the seat's earlier holder's."""
        dm = self.dm_channels.get(user_id) if user_id is not None else None
        if dm is not None:
            return dm == channel_id
        if not posted:  # nothing known (a rollback forgets what was posted): the message is the seat's
            return True
        return any(sheet_of(p) == prompt.sheet and u in (user_id, None) for p, u in posted)

    def _reachable(self, game: LiveGame, seat_number: int) -> bool:
        seat = game.seats[seat_number]
        return not seat.bot and seat.user_id is not None

    async def _refresh(self, game: LiveGame) -> None:
        """Prompts never queued (a game saved before the outbox), and the status, as a saved delivery."""
        rows = self.plan(Step(game, game.state, [], game.dues, game.row.status, game.row.paused))
        if not any(r.prompt_id for r in rows):
            return  # the status went out (or waits) with the last step
        await self.storage.add_deliveries(rows)
        self.sent.setdefault(game.id, set()).update(_posted(rows))
        self._enqueue(rows)

    # --- how prompts look ---------------------------------------------------------------------
    @staticmethod
    def prompt_names(game: LiveGame, prompt: Prompt, private: bool | None = None) -> SeatNamer:
        """Names as a prompt's reader sees them: a DM or an ephemeral message (`private`, by default
        a secret prompt) is read by the prompt's player, whose own name is "you"; the channel reads
        plain names."""
        return reading_as(game.name_of, prompt.seat if (prompt.secret if private is None else private) else None)

    @staticmethod
    def as_selects(prompt: Prompt) -> bool:
        """Whether the prompt's options become select menus (too many for buttons, or several picks)."""
        return len(prompt.options) > MAX_BUTTONS or prompt.ask == "many"

    @staticmethod
    def select_values(options: list[Option]) -> list[str]:
        """Select values must be unique: an option value carried again (a name the Killer may give
        twice) becomes `<value>#<n>`, read back by `carried_value`."""
        seen: dict[str, int] = {}
        values = []
        for option in options:
            seen[option.value] = seen.get(option.value, 0) + 1
            values.append(option.value if seen[option.value] == 1 else f"{option.value}#{seen[option.value]}")
        return values

    @staticmethod
    def carried_value(prompt: Prompt, value: str) -> str:
        base, mark, copy = value.rpartition("#")
        if mark and copy.isdigit() and prompt.option(value) is None and prompt.option(base) is not None:
            return base
        return value

    def prompt_content(
        self, game: LiveGame, prompt: Prompt, language: str, due: float | None, *, private: bool | None = None
    ) -> str:
        names = self.prompt_names(game, prompt, private)
        text = prompt_text(prompt, language, names)
        title = t(language, f"{game.row.game}-title")
        lines = [f"**{title} #{game.id}** — {text}"]
        if due is not None:
            lines.append(t(language, "prompt-deadline", when=f"<t:{int(due)}:R>"))
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            lines.append(t(language, "prompt-amount-range", low=prompt.low, high=prompt.high))
        if self.as_selects(prompt):  # a select cannot show a disabled option: the text says why it is missing
            lines += [
                f"• {option_with_reason(o, language, names)}"
                for o in prompt.options if o.disabled is not None and not o.value.startswith("~")
            ]
        return "\n".join(lines)

    def prompt_mentions(self, game: LiveGame, prompt: Prompt) -> discord.AllowedMentions:
        """A public prompt pings the player it waits for (its leading `<@id>`), and no one else."""
        user_id = game.seats[prompt.seat].user_id
        if prompt.secret or user_id is None or game.public_term(prompt.seat) is not None:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(users=[discord.Object(user_id)])

    def prompt_view(
        self, game: LiveGame, prompt: Prompt, language: str, *, private: bool | None = None
    ) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        options = prompt.options
        names = self.prompt_names(game, prompt, private)
        if not self.as_selects(prompt):
            for index, option in enumerate(options):
                view.add_item(
                    AnswerButton(
                        game.id, prompt.id, option.value, label=option_label_with_reason(option, language, names),
                        style=discord.ButtonStyle.primary if option.disabled is None else discord.ButtonStyle.secondary,
                        disabled=option.disabled is not None, row=index // 5,
                    )
                )
        else:
            # many options: selects (disabled ones left out), and an order sheet's Back / Cancel / Done
            # as buttons on the last row
            navigation = [o for o in options if o.value.startswith("~")][:5]
            enabled = [o for o in options if o.disabled is None and o not in navigation]
            many = prompt.ask == "many"
            values = self.select_values(enabled)
            for chunk_start in range(0, min(len(enabled), 25 if many else 100), 25):
                chunk = enabled[chunk_start : chunk_start + 25]
                wanted = 1 if prompt.min_picks is None else prompt.min_picks
                low = min(len(chunk), wanted) if many else 1
                high = min(len(chunk), prompt.max_picks or len(chunk)) if many else 1
                view.add_item(
                    AnswerSelect(
                        game.id, prompt.id,
                        [discord.SelectOption(label=clip(option_label(o, language, names), 100), value=value)
                         for o, value in zip(chunk, values[chunk_start : chunk_start + 25], strict=True)],
                        placeholder=t(language, "prompt-select"), row=chunk_start // 25,
                        min_values=low, max_values=high,
                    )
                )
            for option in navigation:
                view.add_item(AnswerButton(
                    game.id, prompt.id, option.value, label=option_label_with_reason(option, language, names),
                    style=discord.ButtonStyle.secondary, disabled=option.disabled is not None, row=4,
                ))
        if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
            presets = sorted({prompt.low, (prompt.low + prompt.high) // 2, prompt.high})
            row = min(4, (len(options) + 4) // 5)
            for amount in presets[:3]:
                if len(view.children) >= 24:
                    break
                view.add_item(AnswerButton(game.id, prompt.id, f"={amount}", label=f"{amount}", row=row))
            view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-exact-amount"), row=row))
        if prompt.ask == "text":
            view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-write-answer")))
        if prompt.sheet is not None and game.engine.relay_refusal(game.state, prompt.seat) is None:
            with contextlib.suppress(ValueError):  # a full view keeps its order; /<game> say still works
                view.add_item(SpeakButton(game.id, label=t(language, "channel-speak-button")))
        return view

    # --- the status message -------------------------------------------------------------------
    def status_text(
        self,
        game: LiveGame,
        *,
        state: GameState | None = None,
        dues: dict[str, float] | None = None,
        status: str | None = None,
        paused: bool | None = None,
    ) -> str:
        """The status message: the game now, or as a step being saved leaves it (its state, dues…)."""
        state = game.state if state is None else state
        dues = game.dues if dues is None else dues
        status = game.row.status if status is None else status
        paused = game.row.paused if paused is None else paused
        language = game.row.language
        title = t(language, f"{game.row.game}-title")
        lines = [f"**{title} #{game.id}**"]
        lines += [event_text(e, language, game.name_of) for e in game.engine.summary(state, None)]
        if status == "running":
            open_prompts = [p for p in state.prompts if not p.answered]
            waiting = sorted({p.seat for p in open_prompts})
            if waiting and simultaneous(state.prompts):
                # who still has a prompt could reveal a secret role: only how many have chosen
                asked = {p.seat for p in state.prompts}
                lines.append(t(language, "status-chosen-count", done=len(asked) - len(waiting), total=len(asked)))
            elif waiting:
                names = ", ".join(escape_name(game.name_of(s)) for s in waiting)
                lines.append(t(language, "prompt-waiting-for", players=names))
            if waiting:
                due = [dues[p.id] for p in open_prompts if p.id in dues]
                if due and not paused:
                    lines.append(t(language, "prompt-deadline", when=f"<t:{int(min(due))}:R>"))
            if paused:
                lines.append(t(language, "status-paused"))
        else:
            lines.append(t(language, "status-finished" if status == "finished" else "status-cancelled"))
        return joined(lines)[0]

    async def _edit_sheet(self, row: DeliveryRow) -> None:
        """Show the sheet's current step in its DM message (a new message if that one is gone)."""
        game = self.table.games.get(row.game_id)
        prompt = game.state.prompt(row.prompt_id or "") if game else None
        if game is None or prompt is None:
            return  # a later step of the sheet (or its resolution) superseded this one
        if not self._still_held(game, prompt, row):
            return  # the seat changed hands: its earlier holder's message is retired (flow.py, `handover`)
        channel = self.bot.get_partial_messageable(int(row.body["channel"]), type=discord.ChannelType.private)
        content = str(row.body["text"])
        view = self.prompt_view(game, prompt, str(row.body.get("language") or game.row.language))
        message_id = int(row.body["message"])
        try:
            await channel.get_partial_message(message_id).edit(content=content, view=view)
        except discord.NotFound:
            message_id = (await channel.send(content=content, view=view)).id
        self.sheet_messages[(game.id, str(row.body["sheet"]))] = (channel.id, message_id)
        self.sheet_texts[(game.id, str(row.body["sheet"]))] = (content, True)
        await self.storage.finish_deliveries([], prompts=[(game.id, prompt.id, channel.id, message_id)])

    async def _update_status(self, row: DeliveryRow) -> None:
        """Edit the game's status message to the text saved with the step (a new message the first
        time). Made as a follow-up of a player's act in the channel, it is edited through that act's
        token while the token works (15 minutes), outside Discord's global rate limit."""
        game = await self.table.get(row.game_id)
        if game is None or row.channel_id is None or row.channel_id in self.gone_channels:
            return
        channel = self.bot.get_partial_messageable(row.channel_id)
        view = discord.ui.View(timeout=None)
        if row.body.get("running"):
            view.add_item(PrivateViewButton(game.id, label=t(game.row.language, "status-my-view")))
        message_id = game.row.meta.get("status_message")
        content = row.body["text"]
        if message_id:
            try:
                await self.replies.edit(channel.get_partial_message(int(message_id)), content=content, view=view)
                return
            except discord.NotFound:
                pass
        message = await self._new_status(game, channel, content, view)
        await self.table.update_meta(game, status_message=message.id, status_pending=None)

    async def _new_status(
        self, game: LiveGame, channel: discord.PartialMessageable, content: str, view: discord.ui.View
    ) -> discord.Message:
        """The status message, made. A follow-up carries no nonce: the game notes that it is making one, and
        a run that finds the note (the process died before the message was noted) looks for it first."""
        meta = game.row.meta
        title = content.split("\n", 1)[0]  # the game's title and number, a line no other message starts with
        if meta.get("status_pending"):
            assert self.bot.user is not None
            found = await already_there(channel, self.bot.user.id, lambda m: m.content.split("\n", 1)[0] == title)
            if found is not None:
                if found.content != content:  # made for an earlier step
                    await found.edit(content=content, view=view)
                return found
        token = await self.replies.token_for(channel.id)
        # one nonce per game's status message: a restart that re-creates it gets the same message back
        plain = partial(channel.send, nonce=f"status-{game.id}")
        if token is None:
            return await plain(content=content, view=view)
        await self.table.update_meta(game, status_pending=True)
        message: discord.Message = await self.replies.send(
            token, content, {"view": view}, plain=lambda text, extra: plain(content=text, **extra)
        )
        return message

    # --- interactions -------------------------------------------------------------------------
    async def _players_game(
        self, interaction: discord.Interaction, game_id: int, language: str
    ) -> tuple[LiveGame, int] | None:
        """The running game and the clicker's seat in it, or None after telling them why not."""
        game = await self.table.get(game_id)
        if game is None:
            await self.ephemeral(interaction, t(language, "error-no-game"))
            return None
        if not game.running:
            await self.ephemeral(interaction, t(language, "error-game-over"))
            return None
        seat_number = game.seat_of(interaction.user.id)
        if seat_number is None:
            await self.ephemeral(interaction, t(language, "error-not-in-game"))
            return None
        return game, seat_number

    async def answer(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, value: str | int | tuple[str, ...]
    ) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        prompt = game.state.prompt(prompt_id)
        if isinstance(value, str) and prompt is not None and prompt.ask == "many" and not value.startswith("~"):
            value = (value,)  # a select that allowed one pick (a "~" value is a button: Back, Cancel, None)
        if isinstance(value, tuple) and prompt is not None:
            value = tuple(self.carried_value(prompt, v) for v in value)
        if isinstance(value, str) and value.startswith("=") and prompt is not None and prompt.ask == "number":
            try:
                value = int(value[1:])
            except ValueError:
                await self.ephemeral(interaction, t(language, "error-malformed"))
                return
        sheet = None
        if prompt is not None and prompt.sheet and interaction.message is not None and \
                interaction.type == discord.InteractionType.component:
            sheet = (game_id, prompt.sheet)
            self.sheet_messages[sheet] = (interaction.message.channel.id, interaction.message.id)
            self.inline[sheet] = None
        carries = self._may_carry(interaction, game, prompt)
        if carries:  # what this act makes the bot say in this channel follows it up, once it is answered
            self.replies.expect(interaction)
        if interaction.guild_id is None and interaction.channel_id is not None:  # no need to open it again
            self.dm_channels.setdefault(interaction.user.id, interaction.channel_id)
        try:
            outcome = await self.table.act(
                game_id, seat_number, Action(prompt=prompt_id, value=value), input_key=f"i{interaction.id}",
                actor_id=interaction.user.id,
            )
        finally:
            edit = self.inline.pop(sheet, None) if sheet is not None else None
        if outcome.refusal is not None:
            self.replies.withdraw(interaction)
            await self.ephemeral(interaction, self.refusal(outcome.refusal, language, game, reader=seat_number))
            return
        assert prompt is not None
        if sheet is not None:
            await self._answer_on_sheet(interaction, game, seat_number, prompt, edit)
            if carries:
                self.replies.offer(interaction)
            return
        # read by the player alone (a DM, an ephemeral message) or by the channel (a public prompt's message)
        private = prompt.secret or interaction.type != discord.InteractionType.component or bool(
            interaction.message is not None and interaction.message.flags.ephemeral
        )
        chosen = self.value_label(game, prompt, value, language, self.prompt_names(game, prompt, private))
        still = game.state.prompt(prompt_id)
        if still is not None and still.changeable:
            confirmation = t(language, "prompt-your-choice", choice=chosen)
            view: discord.ui.View | None = self.prompt_view(game, still, language, private=private)
        else:
            confirmation = t(language, "prompt-answered", choice=chosen)
            view = None
        original = interaction.message.content if interaction.message else ""
        base = original.split("\n✅")[0]
        content = clip(f"{base}\n✅ {confirmation}", 2000)
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await self.ephemeral(interaction, f"✅ {confirmation}")
        if carries:
            self.replies.offer(interaction)

    @staticmethod
    def _may_carry(interaction: discord.Interaction, game: LiveGame, prompt: Prompt | None) -> bool:
        """Whether an answer's follow-ups may carry the bot's next messages for its channel: in DMs, or on
        a public prompt's message in the channel — never an ephemeral one, nor in a game that hides its
        players: a follow-up may show whose interaction it follows."""
        if interaction.guild_id is None:
            return True
        message = interaction.message
        return (
            prompt is not None and not prompt.secret and game.public_term(prompt.seat) is None
            and message is not None and not message.flags.ephemeral
        )

    async def _answer_on_sheet(
        self, interaction: discord.Interaction, game: LiveGame, seat_number: int, prompt: Prompt,
        edit: DeliveryRow | None,
    ) -> None:
        """A click on an order sheet turns its message into the sheet's next step (the whole order
        when a part is done); when every order is in, the message keeps the order without buttons."""
        assert interaction.message is not None
        language = self.seat_language(game, seat_number)
        following = next((p for p in game.state.prompts_for(seat_number) if p.sheet == prompt.sheet), None)
        if following is None:  # the order as given, without its "not sent yet" line
            base = (interaction.message.content or "").split("\n✅")[0]
            base = "\n".join(line for line in base.split("\n") if line != t(language, "sheet-status-open"))
            content, view = clip(f"{base}\n{t(language, 'sheet-all-in')}", 2000), None
        else:
            text = edit.body["text"] if edit is not None else None
            content = str(text or self.prompt_content(game, following, language, game.dues.get(following.id)))
            view = self.prompt_view(game, following, language)
        try:
            await interaction.response.edit_message(content=content, view=view)
        except discord.HTTPException:
            self.sheet_texts.pop((game.id, str(prompt.sheet)), None)
            if edit is not None:  # the click's answer failed: the edit goes out the ordinary way
                self._enqueue([edit])
            raise
        self.sheet_texts[(game.id, str(prompt.sheet))] = (content, view is not None)
        if edit is not None and following is not None:
            where = (interaction.message.channel.id, interaction.message.id)
            await self.storage.finish_deliveries([edit.id], prompts=[(game.id, following.id, *where)])

    def value_label(
        self, game: LiveGame, prompt: Prompt, value: str | int | tuple[str, ...], language: str,
        names: SeatNamer | None = None,
    ) -> str:
        names = names or game.name_of
        if isinstance(value, tuple):
            return ", ".join(self.value_label(game, prompt, v, language, names) for v in value)
        option = prompt.option(str(value)) if isinstance(value, str) else None
        return option_text(option, language, names) if option else str(value)

    def refusal(self, refusal: Refusal, language: str, game: LiveGame | None, *, reader: int | None = None) -> str:
        """A refusal for the player who tried (`reader`: their seat, whose name reads "you")."""
        names = reading_as(game.name_of, reader) if game else str
        return refusal_text(refusal.key, refusal.params, language, names)

    async def ephemeral(self, interaction: discord.Interaction, text: str, **extra: Any) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(clip(text, 2000), ephemeral=True, **extra)
        else:
            await interaction.response.send_message(clip(text, 2000), ephemeral=True, **extra)

    async def _players_prompt(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, language: str
    ) -> tuple[LiveGame, Prompt] | None:
        """The game and the clicker's own open prompt, or None after telling them why not. The seat is
        checked before anything about the prompt (its bounds) is shown."""
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return None
        game, seat_number = found
        prompt = game.state.prompt(prompt_id)
        if prompt is None:
            await self.ephemeral(interaction, t(language, "error-stale"))
            return None
        if prompt.seat != seat_number:
            await self.ephemeral(interaction, t(language, "error-not-your-prompt"))
            return None
        return game, prompt

    async def open_modal(self, interaction: discord.Interaction, game_id: int, prompt_id: str) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_prompt(interaction, game_id, prompt_id, language)
        if found is None:
            return
        game, prompt = found
        numeric = prompt.ask == "number"
        label = (
            t(language, "prompt-amount-range", low=prompt.low, high=prompt.high)
            if numeric else t(language, "prompt-write-answer")
        )
        await interaction.response.send_modal(
            AnswerModal(
                game_id, prompt_id, title=t(language, f"{game.row.game}-title"), label=label,
                placeholder=str(prompt.low) if numeric else "", numeric=numeric,
            )
        )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Modal submissions (see components.AnswerModal), and our custom ids that no component takes
        (garbled or forged): both get an answer instead of "This interaction failed"."""
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if not is_ours(custom_id):
            return
        if interaction.type == discord.InteractionType.component:
            if not taken_by_an_item(interaction, custom_id):
                language = normalize(str(interaction.locale))
                await guarded(interaction, self.ephemeral(interaction, t(language, "error-malformed")))
            return
        if interaction.type == discord.InteractionType.modal_submit and custom_id.startswith("gmsm|"):
            await guarded(interaction, self.relay.submit(interaction, custom_id))
            return
        if interaction.type == discord.InteractionType.modal_submit:
            await guarded(interaction, self._submit_modal(interaction, custom_id))

    async def _submit_modal(self, interaction: discord.Interaction, custom_id: str) -> None:
        language = normalize(str(interaction.locale))
        ids = parse_ids(custom_id) if custom_id.startswith("gmm|") else None
        if ids is None:
            await self.ephemeral(interaction, t(language, "error-malformed"))
            return
        game_id, prompt_id = ids
        raw = ""
        for row in (interaction.data or {}).get("components", []):  # type: ignore[union-attr]
            for component in row.get("components", []) if isinstance(row, dict) else []:  # type: ignore[union-attr]
                if isinstance(component, dict) and component.get("custom_id") == "answer":
                    raw = str(component.get("value", "")).strip()
        found = await self._players_prompt(interaction, game_id, prompt_id, language)
        if found is None:
            return
        _, prompt = found
        value: str | int = raw
        if prompt.ask == "number":
            try:
                value = int(raw.replace(" ", ""))
            except ValueError:
                await self.ephemeral(interaction, t(language, "error-out-of-range", low=prompt.low, high=prompt.high))
                return
        await self.answer(interaction, game_id, prompt_id, value)

    async def private_view(self, interaction: discord.Interaction, game_id: int) -> None:
        language = normalize(str(interaction.locale))
        found = await self._players_game(interaction, game_id, language)
        if found is None:
            return
        game, seat_number = found
        names = reading_as(game.name_of, seat_number)  # ephemeral: read by this player alone
        lines = [event_text(e, language, names) for e in game.engine.summary(game.state, seat_number)]
        prompt = next((p for p in game.state.prompts_for(seat_number)), None)
        if prompt is None:
            lines.append(t(language, "status-nothing-to-do"))
            await self.ephemeral(interaction, "\n".join(lines) or t(language, "status-nothing-to-do"))
            return
        lines.append(self.prompt_content(game, prompt, language, game.dues.get(prompt.id), private=True))
        chunks = joined(lines)
        for chunk in chunks[:-1]:  # a long view spans several ephemeral messages
            await self.ephemeral(interaction, chunk)
        await self.ephemeral(interaction, chunks[-1], view=self.prompt_view(game, prompt, language, private=True))

    async def open_speak(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.relay.open_modal(interaction, game_id)

    async def report_failure(self, interaction: discord.Interaction) -> None:
        try:
            await self.ephemeral(interaction, t(normalize(str(interaction.locale)), "error-internal"))
        except discord.HTTPException:
            log.warning("could not tell the user about a failure")

    # --- texts for cogs -------------------------------------------------------------------------
    def text(self, language: str | None, key: str, **params: Any) -> str:
        return render(language, key, params, str)
