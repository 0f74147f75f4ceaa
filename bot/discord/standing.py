"""Messages the bot keeps up to date in place, and their delivery kinds (bot/discord/kinds.py):

    status        the game's status message, planned with every step that changes what it shows
    edit          an order sheet's DM message shows the sheet's next step (planned with the prompts:
                  bot/discord/prompts.py)
    sheet-closed  a sheet whose phase is over loses its buttons
    lobby         a lobby's announcement with its Join button while the lobby is open (bot/discord/game_cog.py)
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.discord.attempts import already_there, carried_by, follow_up_since
from bot.discord.component_rows import ComponentRows
from bot.discord.components import JoinButton, PrivateViewButton
from bot.discord.kinds import KindOf, Planned, Sending, status_key, tag, unplanned
from bot.discord.outbox import Message, Status
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import prompt_view, reachable, seat_language, status_text
from bot.discord.replies import Replies
from bot.discord.text import relayed
from bot.i18n import t
from bot.live import LiveGame, Step
from bot.render import clip
from bot.storage import DeliveryRow, Storage
from bot.table import Table
from games.core import Prompt
from games.core.orders import sheet_seat

log = logging.getLogger(__name__)


def still_held(game: LiveGame, prompt: Prompt, row: DeliveryRow) -> bool:
    """Whether the member a prompt's row was planned for still holds the prompt's seat (a seat that
    changed hands meanwhile sends its buttons to the newcomer only)."""
    holder = game.seats[prompt.seat]
    return "user" not in row.body or (not holder.bot and holder.user_id == row.body["user"])


Where = tuple[int, int]
"""(channel, message)."""


class Standing:
    def __init__(
        self, bot: commands.Bot, storage: Storage, table: Table, outboxes: Outboxes, replies: Replies
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.table = table
        self.outboxes = outboxes
        self.replies = replies
        self.sheet_messages: dict[tuple[int, str], Where] = {}
        """(game, order sheet) → its DM message (a cache of the saved prompt messages): a sheet is one
        message, edited in place."""
        self.sheet_texts: dict[tuple[int, str], tuple[str, bool]] = {}
        """(game, order sheet) → what its message shows now and whether with buttons (since the start): a
        sheet whose phase ended keeps its text and loses its buttons."""
        self.closing: set[tuple[int, str]] = set()
        """(game, order sheet) whose closing edit is queued: it needs the sheet's text, even once the game ended."""
        self.join_posts: dict[int, Where] = {}
        """Open lobby → its announcement (channel, message) with the Join button, retired when the lobby
        starts or closes (kept in the lobby's meta too, `join_message`, for a restart)."""
        self.status = KindOf("status", self._plan_status, self._send_status)
        self.edit = KindOf("edit", unplanned, self._send_edit)
        self.sheet_closed = KindOf("sheet-closed", self._plan_closed, self._send_closed)
        self.lobby = KindOf("lobby", unplanned, self._send_lobby)

    def note_sheet(self, game_id: int, sheet: str, where: Where, shown: str | None = None) -> None:
        """The sheet's message is `where` (and shows `shown`, with its buttons)."""
        self.sheet_messages[(game_id, sheet)] = where
        if shown is not None:
            self.sheet_texts[(game_id, sheet)] = (shown, True)

    def forget(self, game_id: int) -> None:
        """The game ended: its sheets' messages and texts, but the texts their queued closing edits still show."""
        for key in [k for k in self.sheet_messages if k[0] == game_id]:
            del self.sheet_messages[key]
        for key in [k for k in self.sheet_texts if k[0] == game_id and k not in self.closing]:
            del self.sheet_texts[key]

    # --- the kinds: planning and sending ----------------------------------------------------------
    @staticmethod
    def _plan_status(step: Step) -> list[Planned]:
        """The status edit, its text rendered when it is sent."""
        if (step.reminder_for and not step.events) or (step.events and all(map(relayed, step.events))):
            return []  # a reminder, or words the relay posted, change nothing the status message shows
        return [Planned({"running": step.status == "running"})]

    def _send_status(self, row: DeliveryRow) -> Sending:
        game = self.table.games.get(row.game_id)
        posted = game is not None and bool(game.row.meta.get("status_message"))
        # an edit waits for the next clicks' (one edit shows a burst); the first post keeps its place
        update = partial(self.update_status, row)
        return self.outboxes.of(row), Status(update, ("status", row.game_id), [row.id], tag(row), settle=posted)

    def _send_edit(self, row: DeliveryRow) -> Sending:
        key = ("sheet", row.game_id, str(row.body.get("sheet")))
        return self.outboxes.of(row), Status(partial(self.edit_sheet, row), key, [row.id], tag(row))

    def _plan_closed(self, step: Step) -> list[Planned]:
        """Each order sheet of the game whose DM message is known but which asks nothing any more (its phase
        is over): the message loses its buttons."""
        game = step.game
        open_sheets = {p.sheet for p in step.state.prompts if p.sheet}
        closed = []
        for (game_id, sheet), (channel_id, message_id) in list(self.sheet_messages.items()):
            if game_id != game.id or sheet in open_sheets:
                continue
            del self.sheet_messages[(game_id, sheet)]  # never shown again: a sheet belongs to one phase
            number = sheet_seat(sheet)
            if number is None or not 0 <= number < len(game.seats) or not reachable(game, number):
                self.sheet_texts.pop((game_id, sheet), None)
                continue
            self.closing.add((game_id, sheet))
            language = seat_language(game, number)
            body = {"sheet": sheet, "channel": channel_id, "message": message_id, "text": t(language, "sheet-closed")}
            closed.append(Planned(body, member=game.seats[number].user_id or 0))
        return closed

    def _send_closed(self, row: DeliveryRow) -> Sending:
        return self.outboxes.of(row), Status(partial(self.close_sheet, row), status_key(row), [row.id], tag(row))

    def _send_lobby(self, row: DeliveryRow) -> Sending:
        return self.outboxes.of(row), Message(
            content=row.body["text"], build=partial(self.join_button, row), rows=[row.id], tag=tag(row),
            on_sent=partial(self.join_posted, row.game_id),
        )

    # --- the status message -----------------------------------------------------------------------
    async def update_status(self, row: DeliveryRow) -> None:
        """Edit the game's status message to show the game as it is now (a new message the first time).
        Rendered here, not when the step is saved: the channel's outbox keeps only the newest status edit
        waiting, so a burst of steps renders it once. Made as a follow-up of a player's act in the channel,
        it is edited through that act's token while the token works (15 minutes), outside Discord's global
        rate limit."""
        game = await self.table.get(row.game_id)
        if game is None or row.channel_id is None or row.channel_id in self.outboxes.gone:
            return
        if game.state.step != row.step:
            return  # the game moved on: that step's own status edit follows its lines (never ahead of them)
        channel = self.bot.get_partial_messageable(row.channel_id)
        view = ComponentRows()
        if row.body.get("running"):
            view.add_item(PrivateViewButton(game.id, label=t(game.row.language, "status-my-view")))
        message_id = game.row.meta.get("status_message")
        content = status_text(game)
        if message_id:
            try:
                await self.replies.edit(channel.get_partial_message(int(message_id)), content=content, view=view)
                return
            except discord.NotFound:
                pass
        message = await self._new_status(game, channel, content, view)
        await self.table.update_meta(game, "status_message", message.id)
        await self.table.update_meta(game, "status_pending", None)

    async def _new_status(
        self, game: LiveGame, channel: discord.PartialMessageable, content: str, view: ComponentRows
    ) -> discord.Message:
        """The status message, made. A follow-up carries no nonce: the game notes since when it is making one
        (`status_pending`, a snowflake), and a run that finds the note (the process died before the message was
        noted) first looks for it among the bot's follow-ups made since, as the outboxes do for a line
        (bot/discord/attempts.py `follow_up_since`): other processes may have posted in the channel meanwhile."""
        me = self.bot.user.id if self.bot.user else 0
        title = content.split("\n", 1)[0]  # the game's title and number, a line no other message starts with

        def titled(message: discord.Message) -> bool:
            return message.content.split("\n", 1)[0] == title

        pending = game.row.meta.get("status_pending")
        if pending:
            found = await (already_there(channel, me, titled) if pending is True  # noted before it said since when
                           else follow_up_since(channel, me, int(pending), titled))
            if found is not None:
                if found.content != content:  # made for an earlier step
                    await found.edit(content=content, view=view)
                return found
        token = await self.replies.token_for(channel.id)
        # one nonce per game's status message: a restart that re-creates it gets the same message back
        plain = partial(channel.send, nonce=f"status-{game.id}")
        if token is None:
            return await plain(content=content, view=view)
        since = discord.utils.time_snowflake(discord.utils.utcnow())
        await self.table.update_meta(game, "status_pending", since)
        carried = carried_by(token.interaction_id)
        message: discord.Message = await self.replies.send(
            token, content, {"view": view}, plain=lambda text, extra: plain(content=text, **extra),
            landed=lambda: follow_up_since(channel, me, since, lambda m: carried(m) and titled(m)),
        )
        return message

    # --- order sheets -----------------------------------------------------------------------------
    async def edit_sheet(self, row: DeliveryRow) -> None:
        """Show the sheet's current step in its DM message (a new message if that one is gone)."""
        game = self.table.games.get(row.game_id)
        prompt = game.state.prompt(row.prompt_id or "") if game else None
        if game is None or prompt is None:
            return  # a later step of the sheet (or its resolution) superseded this one
        if not still_held(game, prompt, row):
            return  # the seat changed hands: its earlier holder's message is retired (flow.py, `handover`)
        channel = self.bot.get_partial_messageable(int(row.body["channel"]), type=discord.ChannelType.private)
        content = str(row.body["text"])
        view = prompt_view(game, prompt, str(row.body.get("language") or game.row.language))
        message_id = int(row.body["message"])
        try:
            await self.replies.edit(channel.get_partial_message(message_id), content=content, view=view)
        except discord.NotFound:
            message_id = (await channel.send(content=content, view=view)).id
        self.note_sheet(game.id, str(row.body["sheet"]), (channel.id, message_id), content)
        await self.storage.finish_deliveries([], prompts=[(game.id, prompt.id, channel.id, message_id)])

    async def close_sheet(self, row: DeliveryRow) -> None:
        """Take the buttons off a sheet whose phase is over, keeping the order it shows (a line says
        the orders are closed; after a restart the text is not known and stays as it was)."""
        key = (row.game_id, str(row.body["sheet"]))
        shown = self.sheet_texts.pop(key, None)
        self.closing.discard(key)
        if shown is not None and not shown[1]:
            return  # it shows the finished order already, with no buttons
        channel = self.bot.get_partial_messageable(int(row.body["channel"]), type=discord.ChannelType.private)
        message = channel.get_partial_message(int(row.body["message"]))
        try:
            if shown is None:
                await self.replies.edit(message, view=None)
            else:
                await self.replies.edit(message, content=clip(f"{shown[0]}\n{row.body['text']}", 2000), view=None)
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("game %s: a closed sheet's message left as it was: %s", row.game_id, error)

    # --- a lobby's Join button --------------------------------------------------------------------
    async def join_button(self, row: DeliveryRow) -> dict[str, Any]:
        """The announcement's Join button, built when it is sent: only while the lobby is still open."""
        lobby = await self.storage.load_game(row.game_id)
        if lobby is None or lobby.status != "lobby":
            return {}
        view = ComponentRows()
        view.add_item(JoinButton(row.game_id, label=t(str(row.body.get("language")), "lobby-join-button")))
        return {"view": view}

    async def join_posted(self, lobby_id: int, message: Any) -> None:
        """The lobby's announcement went out: where it is, kept with the lobby (a restart still retires its
        button); a lobby that closed meanwhile loses the button now."""
        if not isinstance(message, discord.Message):  # a follow-up (WebhookMessage) is one too
            return
        where = (message.channel.id, message.id)
        self.join_posts[lobby_id] = where
        lobby = await self.storage.load_game(lobby_id)
        if lobby is None:
            return
        if lobby.status == "lobby":
            await self.table.update_meta(lobby_id, "join_message", list(where))
        lobby = await self.storage.load_game(lobby_id)  # (it may have started meanwhile)
        if lobby is None or lobby.status != "lobby":
            await self.retire_join_button(lobby_id)

    async def retire_join_button(self, lobby_id: int) -> None:
        """The lobby started, was cancelled or expired: its announcement keeps its text, loses the button."""
        where = self.join_posts.pop(lobby_id, None)
        if where is None:
            lobby = await self.storage.load_game(lobby_id)
            saved = lobby.meta.get("join_message") if lobby is not None else None
            if not saved:
                return  # not sent yet: it is built without the button (`join_button`)
            where = (int(saved[0]), int(saved[1]))
        channel = self.bot.get_partial_messageable(where[0])
        try:
            await self.replies.edit(channel.get_partial_message(where[1]), view=None)
        except discord.HTTPException as error:  # gone (deleted with its channel): nothing to retire
            log.info("lobby %s: the Join button could not be removed (%s)", lobby_id, error)
