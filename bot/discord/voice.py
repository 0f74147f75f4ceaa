"""Voice for live games: a game linked to a voice channel (`/mafia new voice:`) server-mutes its players
there as the game says (`Engine.speakers`: Mafia mutes everyone in the draft and at night, the dead by day),
and at its end (or `/gm end`) unmutes exactly the members the bot muted — never anyone else.

The voice state is one more saved world state, like the channel's overwrites: the `voice` kind
(bot/discord/kinds.py) plans a row when what a step wants changes (who is to be muted), applied in the
channel's order; the game's meta
keeps `voice`: the channel, what was last applied (`wanted`), whom the bot muted (`muted`, saved BEFORE it
mutes them, so a SIGKILL between the two can never leave someone muted the bot does not remember), and
`refused` once Mute Members was missing. Applying is idempotent: it reads the voice states Discord sent
(GUILD_CREATE, VOICE_STATE_UPDATE) and changes only who differs. A member can only be muted or unmuted
while connected (Discord answers 40032 otherwise), so whoever joins the channel mid-game gets the state
their seat should have at once (`joined`), and after a restart every running game's state is put back
(`resume`). A server mute is server-wide, so whom the bot muted is unmuted wherever they are connected
when the game wants them unmuted (by day, at the end): someone who moved to another voice channel too;
only muting is limited to the game's channel. A member the bot muted who is not connected at all when
the game ends stays in the finished game's saved `muted` until they are unmuted: they are unmuted when
they next connect, and a restarted bot rebuilds that list from the saved records (`resume`), unmuting at
once whoever is connected by then.

Without Mute Members the moderators are told once and the game runs without voice control.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.kinds import KindOf, Planned, Sending, status_key, tag
from bot.discord.outbox import Status
from bot.discord.outboxes import Outboxes
from bot.live import LiveGame, Step
from bot.storage import DeliveryRow
from bot.table import Table

log = logging.getLogger(__name__)

KIND = "voice"
NOT_CONNECTED = 40032


class VoiceKeeper:
    def __init__(self, bot: commands.Bot, table: Table, outboxes: Outboxes) -> None:
        self.bot = bot
        self.table = table
        self.outboxes = outboxes
        self.kind = KindOf(KIND, self.plan, self.send)
        self.planned: dict[int, Any] = {}
        """game → what its last planned voice row wants (a cache of the rows)."""
        self.unmute_later: dict[tuple[int, int], int] = {}
        """(server, member) → the finished game whose mute they still carry (away when it ended)."""

    # --- what a step wants ------------------------------------------------------------------------
    @staticmethod
    def wanted(game: LiveGame, state: Any, status: str) -> dict[str, bool] | None:
        """member → muted, for the game's human players now; None: the game is over (release)."""
        speakers = game.engine.speakers(state) if status == "running" else None
        if speakers is None:
            return None
        muted: dict[str, bool] = {}
        for number, allowed in sorted(speakers.items()):
            held = game.seats[number] if 0 <= number < len(game.seats) else None
            if held is not None and held.user_id is not None and not held.bot:
                muted[str(held.user_id)] = not allowed
        return muted

    def plan(self, step: Step) -> list[Planned]:
        game = step.game
        record = game.row.meta.get(KIND) or {}
        if not record.get("channel"):
            return []
        wanted = self.wanted(game, step.state, step.status)
        last = self.planned[game.id] if game.id in self.planned else record.get("wanted", MISSING)
        if wanted == last and not step.rolled_back:
            return []
        self.planned[game.id] = wanted
        if wanted is None:
            self.planned.pop(game.id, None)
        return [Planned({"wanted": wanted})]

    # --- applying ---------------------------------------------------------------------------------
    def send(self, row: DeliveryRow) -> Sending:
        """Applied in the channel's order."""
        return self.outboxes.of(row), Status(lambda: self.apply(row), status_key(row), [row.id], tag(row))

    async def apply(self, row: DeliveryRow) -> None:
        await self.put(row.game_id, row.body.get("wanted"))

    async def put(self, game_id: int, wanted: dict[str, bool] | None, *, only: int | None = None) -> None:
        """Make the voice channel's mutes what `wanted` says (None: unmute whom the bot muted); `only`:
        one member (who just connected)."""
        record = dict((await self.table.meta(game_id)).get(KIND) or {})
        game = await self.table.get(game_id)
        guild = self.bot.get_guild(game.row.guild_id or 0) if game is not None else None
        if record.get("refused") or not record.get("channel") or guild is None:
            return
        channel = guild.get_channel(int(record["channel"]))
        here = channel.voice_states if isinstance(channel, discord.VoiceChannel | discord.StageChannel) else {}
        everywhere = connected(guild)
        mine = {int(u) for u in record.get("muted") or []}
        changes: list[tuple[int, bool]] = []
        for user_id, state in sorted(everywhere.items()):
            if only is not None and user_id != only:
                continue
            mute = bool((wanted or {}).get(str(user_id), False))
            if mute and user_id in here and not state.mute:  # muted in the game's channel only
                changes.append((user_id, True))
            elif not mute and state.mute and user_id in mine:  # a mute of ours, lifted wherever they are
                changes.append((user_id, False))
        if wanted is None:  # not connected now: unmuted when they connect again
            for user_id in mine - set(everywhere):
                self.unmute_later[(guild.id, user_id)] = game_id
        for user_id, mute in changes:
            if mute:  # remembered before it is done: a crash can never leave an unremembered mute
                mine.add(user_id)
                await self._save(game_id, mine, record.get("wanted", MISSING))
            try:
                await self.bot.http.edit_member(guild.id, user_id, mute=mute, reason="the game's voice rule")
            except discord.Forbidden:
                await self.table.update_meta(game_id, KIND, lambda saved: {**(saved or {}), "refused": True})
                await self.outboxes.missing(game_id, "mute-members")
                return
            except discord.HTTPException as error:
                if error.status >= 500:
                    raise  # the outbox tries the row again
                if error.code != NOT_CONNECTED:
                    log.warning("game %s: could not set %s's mute: %s", game_id, user_id, error)
                continue
            if not mute:
                mine.discard(user_id)
        await self._save(game_id, mine, wanted if only is None else MISSING)

    async def _save(self, game_id: int, muted: set[int], wanted: Any) -> None:
        def change(saved: dict[str, Any] | None) -> dict[str, Any]:
            saved = {**(saved or {}), "muted": [str(u) for u in sorted(muted)]}
            if wanted is not MISSING:
                saved["wanted"] = wanted
            return saved

        await self.table.update_meta(game_id, KIND, change)

    # --- members connecting, restarts -------------------------------------------------------------
    async def joined(self, member: discord.Member, channel: Any) -> None:
        """A member connected to a voice channel: the state their seat should have (or a finished game's
        mute lifted)."""
        ended = self.unmute_later.get((member.guild.id, member.id))
        if ended is not None:
            await self._lift(ended, member.guild.id, member.id, member.voice)
        for game in list(self.table.games.values()):
            record = game.row.meta.get(KIND) or {}
            if game.running and record.get("channel") == getattr(channel, "id", None):
                await self.put(game.id, record.get("wanted"), only=member.id)

    async def _lift(self, game_id: int, guild_id: int, user_id: int, state: discord.VoiceState | None) -> None:
        """Unmute a member a finished game's bot muted, now that they are connected; once done (or they are
        not muted any more), they leave the game's saved `muted`. A failure Discord may not repeat (a 5xx,
        a member gone from voice again) keeps them for their next connection."""
        if state is None:
            return
        if state.mute:
            try:
                await self.bot.http.edit_member(guild_id, user_id, mute=False, reason="the game is over")
            except discord.HTTPException as error:
                if error.status >= 500 or error.code == NOT_CONNECTED:
                    log.info("game %s: could not unmute %s after the end yet: %s", game_id, user_id, error)
                    return
                log.warning("game %s: could not unmute %s after the end: %s", game_id, user_id, error)
        self.unmute_later.pop((guild_id, user_id), None)

        def done(saved: dict[str, Any] | None) -> dict[str, Any]:
            return {**(saved or {}), "muted": [u for u in (saved or {}).get("muted") or [] if u != str(user_id)]}

        await self.table.update_meta(game_id, KIND, done)

    async def resume(self) -> None:
        """After a (re)start: every running game's voice as it should be now, and the mutes finished games
        still owe (their saved `muted`): lifted now from whoever is connected, from the others when they
        connect."""
        for game in list(self.table.games.values()):
            record = game.row.meta.get(KIND) or {}
            if game.running and record.get("channel"):
                await self.put(game.id, self.wanted(game, game.state, game.row.status))
        for row in await self.table.storage.games_with_meta(OWED, "finished", "cancelled"):
            record = row.meta.get(KIND) or {}
            guild = self.bot.get_guild(row.guild_id or 0)
            if guild is None or record.get("refused"):
                continue
            everywhere = connected(guild)
            for user_id in sorted(int(u) for u in record.get("muted") or []):
                self.unmute_later[(guild.id, user_id)] = row.id
                if user_id not in everywhere:
                    continue
                try:
                    await self._lift(row.id, guild.id, user_id, everywhere[user_id])
                except Exception as error:  # (Discord out of reach a moment): tried again when they next connect
                    log.warning("game %s: could not unmute %s after the restart: %s", row.id, user_id, error)


OWED = '"muted":["'
"""A saved voice record that lists someone the bot muted (the meta's canonical JSON text)."""


def connected(guild: discord.Guild) -> dict[int, discord.VoiceState]:
    """Everyone connected to a voice channel of the server, with their voice state."""
    states: dict[int, discord.VoiceState] = {}
    for channel in (*guild.voice_channels, *guild.stage_channels):
        states.update(channel.voice_states)
    return states


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
