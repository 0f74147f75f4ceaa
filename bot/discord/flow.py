"""The public flow of a game in Discord beyond plain lines: a phase's deadline as a Discord timestamp,
"live" messages edited in place, notices for the moderators, a substitute's catch-up dossier, and the
game's log attached to its final message.

Each is a delivery kind of this module (bot/discord/kinds.py: `live`, which plans the public events' lines
too, `moderators`, `handover`, `dossier`, `archive`): a row planned with its step, saved in the step's own
transaction and sent by the destination's outbox in order with the step's other rows, so a restart
sends what was not sent:

- A public event whose params carry `deadline` (a deadline kind) ends with when the prompts of that
  kind are due: `<t:due:F>` (the date and time in each reader's own time zone) and `<t:due:R>`.
- A public event whose params carry `live` (a slot name, e.g. Mafia's "leader-d3") keeps ONE channel
  message per game and slot up to date: the first such event posts it, later ones edit it (a `live`
  row, applied like the status message; a newer edit still waiting replaces an older one). The
  message ids live in the game's meta (`live`).
- An event to nobody (`to=[]`, the GM's log) whose params carry `notify="moderators"` is told to the
  moderators: a line in the game channel that pings the server's GM role when there is one.
- When a seat changes hands to a member (a moderator's /gm replace, or /back), the newcomer gets a
  dossier in DM before the seat's open prompt: the past events the seat received, in order (those
  the game's `Engine.dossier_history` keeps: no mere confirmations of the seat's clicks), and the
  seat's secrets as they stand (`Engine.dossier`, else the game's `summary` for the seat) — one DM
  message, with the history as a text file when it does not fit.
- The step that finishes a game posts its log with its last lines: the readable transcript (.txt) and
  the full record (.json), as `/history game:` gives them, and the link to the game's web page (where
  pages are served and the server has not turned them off: bot/web/).
"""

from __future__ import annotations

import io
import json
import logging
import zlib
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.discord.kinds import KindOf, Planned, Sending, status_key, tag
from bot.discord.outbox import Message, Status
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import seat_language
from bot.discord.prompts import Prompts
from bot.discord.standing import Standing
from bot.discord.text import event_text, relayed
from bot.i18n import normalize, reading_as, t
from bot.live import LiveGame, Step
from bot.render import clip, joined
from bot.storage import DeliveryRow, Storage
from bot.table import Table
from bot.transcript import transcript
from bot.web.links import BotLinks
from games.core import Event

log = logging.getLogger(__name__)

LIMIT = 2000
NOTIFY, MODERATORS = "notify", "moderators"


def _nonce(kind: str, *parts: object) -> str:
    """A message nonce (at most 25 characters) for a row that may be sent again after a restart."""
    return f"{kind}{zlib.crc32(':'.join(map(str, parts)).encode()):x}"[:25]


class Flow:
    def __init__(
        self, bot: commands.Bot, storage: Storage, table: Table, outboxes: Outboxes, prompts: Prompts,
        standing: Standing, web: BotLinks,
    ) -> None:
        self.bot = bot
        self.storage = storage
        self.table = table
        self.outboxes = outboxes
        self.prompts = prompts
        self.standing = standing
        self.web = web
        """The links to a finished game's page (bot/web/links.py; none where no pages are served)."""
        self.live: dict[tuple[int, str], int] = {}
        """(game, slot) → the live message's id (a cache of the games' meta `live`)."""
        self.lines = KindOf("live", self._plan_lines, self._send_live)
        self.notices = KindOf("moderators", self._plan_notices, self._update(self._notify_moderators))
        self.handovers = KindOf("handover", self._plan_handovers, self._update(self._hand_over))
        self.dossiers = KindOf("dossier", self._plan_dossiers, self._update(self._send_dossier))
        self.archives = KindOf("archive", self._plan_archive, self._send_archive)

    # --- planning ---------------------------------------------------------------------------------
    def _plan_lines(self, step: Step) -> list[Planned]:
        """The public events: each a `live` edit, or its text (with the phase's deadline) as `text` rows, in as
        few messages as its lines fit."""
        return [row for event in step.events if event.to is None for row in self._public(step, event)]

    def _public(self, step: Step, event: Event) -> list[Planned]:
        if relayed(event):
            return []
        game = step.game
        language = game.row.language
        text = event_text(event, language, game.name_of)
        slot = event.params.get("live")
        if isinstance(slot, str) and slot:
            return [Planned({"text": clip(text, LIMIT), "slot": slot})]
        kind = event.params.get("deadline")
        if isinstance(kind, str) and not step.paused:
            dues = [step.dues[p.id] for p in step.state.prompts if p.deadline == kind and p.id in step.dues]
            if dues:
                due = int(min(dues))
                text += "\n" + t(language, "event-deadline", date=f"<t:{due}:F>", when=f"<t:{due}:R>")
        if len(text) <= LIMIT:
            return [Planned({"text": text}, kind="text")]
        return [Planned({"text": chunk}, kind="text") for chunk in joined(text.split("\n"), LIMIT)]

    @staticmethod
    def _plan_notices(step: Step) -> list[Planned]:
        """The game master's notes meant for the moderators."""
        game = step.game
        return [
            Planned({"text": event_text(event, game.row.language, game.name_of)})
            for event in step.events if event.to == [] and event.params.get(NOTIFY) == MODERATORS
        ]

    def _plan_handovers(self, step: Step) -> list[Planned]:
        """The earlier holders' prompt messages, for the seats this step takes from a member."""
        return [Planned(self._handover_body(step, number, user_id), member=user_id)
                for number, user_id in self._handed_over(step.game)]

    @staticmethod
    def _plan_dossiers(step: Step) -> list[Planned]:
        """The newcomers' dossiers, for the seats this step gives to another member."""
        game = step.game
        rows = []
        for number in Flow._newcomers(game):
            user_id = game.seats[number].user_id
            language = seat_language(game, number)
            rows.append(Planned({"user": user_id, "seat": number, "language": language}, member=user_id))
        return rows

    def _plan_archive(self, step: Step) -> list[Planned]:
        """The finished game's log, with its last lines."""
        game = step.game
        if step.status != "finished" or game.row.status != "running":
            return []
        language = game.row.language
        title = t(language, f"{game.row.game}-title")
        text = t(language, "game-archive", game=title, id=game.id)
        link = self.web.game(game.row.guild_id, game.id)
        if link is not None:
            text += "\n" + t(language, "web-game-link", url=link)
        return [Planned({"text": text, "language": language})]

    @staticmethod
    def _newcomers(game: LiveGame) -> list[int]:
        """Seats this step gives to another member (the saved seats are still the ones before it)."""
        before = game.row.seats
        found = []
        for number, held in enumerate(game.seats):
            if held.bot or held.user_id is None or number >= len(before):
                continue
            old = before[number]
            if old.get("bot") or old.get("user_id") != held.user_id:
                found.append(number)
        return found

    @staticmethod
    def _handed_over(game: LiveGame) -> list[tuple[int, int]]:
        """(seat, earlier holder) of the seats this step takes from a member (to another, or to a bot)."""
        found = []
        for number, old in enumerate(game.row.seats):
            user_id = old.get("user_id")
            if old.get("bot") or user_id is None or number >= len(game.seats):
                continue
            held = game.seats[number]
            if held.bot or held.user_id != user_id:
                found.append((number, int(user_id)))
        return found

    def _handover_body(self, step: Step, number: int, user_id: int) -> dict[str, Any]:
        """What the earlier holder's prompt messages become, and which they are: those known now (an
        order sheet's message, a prompt's posted since the start), and the prompts, looked up again
        when the row is sent (a message posted before a restart)."""
        game = step.game
        language = normalize(game.row.seats[number].get("language") or game.row.language)
        title = t(language, f"{game.row.game}-title")
        prompts = step.state.prompts_for(number)
        posts = self.prompts.posts.get(game.id, {})
        sheets = self.standing.sheet_messages
        known = [sheets.get((game.id, p.sheet)) if p.sheet else posts.get(p.id) for p in prompts]
        return {
            "user": user_id, "seat": number, "text": t(language, "seat-handed-over", game=title, id=game.id),
            "messages": sorted({where for where in known if where is not None}), "prompts": [p.id for p in prompts],
        }

    # --- sending ------------------------------------------------------------------------------------
    def _send_live(self, row: DeliveryRow) -> Sending:
        """The slot's message edited (a newer edit still waiting replaces an older one)."""
        return self.outboxes.of(row), Status(lambda: self._update_live(row), status_key(row), [row.id], tag(row))

    def _update(self, apply: Callable[[DeliveryRow], Any]) -> Callable[[DeliveryRow], Sending]:
        """A kind sent as an update of its own, in its destination's order."""
        return lambda row: (self.outboxes.of(row), Status(lambda: apply(row), status_key(row), [row.id], tag(row)))

    def _send_archive(self, row: DeliveryRow) -> Sending:
        return self.outboxes.of(row), Message(content=row.body["text"], build=self.build_archive(row), rows=[row.id],
                                              tag=tag(row))

    async def _update_live(self, row: DeliveryRow) -> None:
        """Edit the slot's message to the row's text (a new message the first time)."""
        game = await self.table.get(row.game_id)
        if game is None or row.channel_id is None or row.channel_id in self.outboxes.gone:
            return
        slot = str(row.body["slot"])
        channel = self.bot.get_partial_messageable(row.channel_id)
        content = str(row.body["text"])
        known = self.live.get((game.id, slot)) or (game.row.meta.get("live") or {}).get(slot)
        if known:
            try:
                await channel.get_partial_message(int(known)).edit(content=content)
                self.live[(game.id, slot)] = int(known)
                return
            except discord.NotFound:
                pass
        message = await channel.send(content=content, nonce=_nonce("l", game.id, slot))
        self.live[(game.id, slot)] = message.id
        await self.table.update_meta(game, "live", lambda live: {**(live or {}), slot: message.id})

    async def _notify_moderators(self, row: DeliveryRow) -> None:
        game = await self.table.get(row.game_id)
        if game is None or row.channel_id is None or row.channel_id in self.outboxes.gone:
            return
        settings = await self.storage.guild_settings(game.row.guild_id) if game.row.guild_id else {}
        role = settings.get("gm_role_id")
        text = t(game.row.language, "moderators-notice", id=game.id, text=str(row.body["text"]))
        channel = self.bot.get_partial_messageable(row.channel_id)
        if role:  # the one ping this message means; the client allows no role pings otherwise
            mentions = discord.AllowedMentions(roles=[discord.Object(int(role))])
            await channel.send(content=clip(f"<@&{role}> {text}", LIMIT), allowed_mentions=mentions,
                               nonce=_nonce("m", row.id))
        else:
            await channel.send(content=clip(text, LIMIT), nonce=_nonce("m", row.id))

    async def _hand_over(self, row: DeliveryRow) -> None:
        """Edit the earlier holder's prompt messages (in their DMs) to say the seat changed hands, with
        no buttons left."""
        user_id = int(row.body["user"])
        dm = await self.outboxes.dm_channel_id(user_id)
        wanted = set(row.body.get("prompts") or [])
        stored = [(c, m) for g, p, c, m in await self.storage.prompt_messages() if g == row.game_id and p in wanted]
        messages = {(int(c), int(m)) for c, m in [*row.body.get("messages", []), *stored]}
        channel = self.bot.get_partial_messageable(dm, type=discord.ChannelType.private)
        for channel_id, message_id in sorted(messages):
            if channel_id != dm:
                continue  # not theirs: a later holder's, or a public prompt's
            try:
                await channel.get_partial_message(message_id).edit(content=str(row.body["text"]), view=None)
            except (discord.NotFound, discord.Forbidden) as error:
                log.info("game %s: a handed-over prompt message left as it was: %s", row.game_id, error)

    async def _send_dossier(self, row: DeliveryRow) -> None:
        """The seat's history and secrets, as one DM message (the history as a file when long)."""
        game = await self.table.get(row.game_id)
        number, user_id = int(row.body["seat"]), int(row.body["user"])
        if game is None or not game.running or not 0 <= number < len(game.seats):
            return
        if game.seats[number].user_id != user_id or game.seats[number].bot:
            return  # the seat has changed hands again since
        content, history = await self.dossier(game, number, str(row.body.get("language") or game.row.language))
        extra: dict[str, Any] = {}
        if history is not None:
            extra["file"] = discord.File(io.BytesIO(history.encode()), filename=f"dossier-{game.id}-{number + 1}.txt")
        channel = self.bot.get_partial_messageable(
            await self.outboxes.dm_channel_id(user_id), type=discord.ChannelType.private
        )
        try:
            await channel.send(content=content, nonce=_nonce("d", row.id), **extra)
        except discord.Forbidden:
            await self.outboxes.dms_closed_mid_game(user_id)

    async def dossier(self, game: LiveGame, number: int, language: str) -> tuple[str, str | None]:
        """(the message, the history as a text file when it does not fit in the message, else None)."""
        names = reading_as(game.name_of, number)  # read by the seat's player: their seat is "you"
        title = t(language, f"{game.row.game}-title")
        head = t(language, "dossier-title", game=title, id=game.id, seat=number + 1)
        now = game.engine.dossier(game.state, number) or [
            e for e in game.engine.summary(game.state, number) if e.to is not None
        ]
        secrets = [t(language, "dossier-now")] + [event_text(e, language, names) for e in now]
        received = [
            Event(key=e.key, params=e.params, to=e.audience)
            for e in await self.storage.events(game.id)
            if e.audience is not None and number in e.audience
        ]
        past = [event_text(e, language, names) for e in game.engine.dossier_history(game.state, number, received)]
        history = [t(language, "dossier-history", count=len(past))] + [f"• {line}" for line in past]
        if not past:
            history = [t(language, "dossier-history-none")]
        whole = "\n".join([head, *history, "", *secrets])
        if len(whole) <= LIMIT:
            return whole, None
        message = "\n".join([head, t(language, "dossier-history-attached", count=len(past)), "", *secrets])
        return clip(message, LIMIT), whole + "\n"

    def build_archive(self, row: DeliveryRow) -> Callable[[], Any]:
        """The finished game's transcript (.txt) and record (.json), built when the message is sent
        (every event of the game is saved by then)."""

        async def build() -> dict[str, Any]:
            stored = await self.storage.load_game(row.game_id)
            if stored is None or stored.state is None:
                return {}
            language = str(row.body.get("language") or stored.language)
            readable, record = await transcript(self.table, stored, language)
            return {"files": [
                discord.File(io.BytesIO(readable.encode()), filename=f"game-{stored.id}-{language}.txt"),
                discord.File(io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()),
                             filename=f"game-{stored.id}.json"),
            ]}

        return build

    def forget(self, game_id: int) -> None:
        for key in [k for k in self.live if k[0] == game_id]:
            del self.live[key]
