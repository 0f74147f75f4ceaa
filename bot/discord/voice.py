"""Voice for live games: a game linked to a voice channel (`/mafia new voice:`) server-mutes its players
there as the game says (`Engine.speakers`: Mafia mutes everyone in the draft and at night, the dead by day),
and at its end (or `/gm end`) unmutes exactly the members the bot muted — never anyone else.

The voice state is one more saved world state, like the channel's overwrites: the planner adds a `voice`
row when what a step wants changes (who is to be muted), applied in the channel's order; the game's meta
keeps `voice`: the channel, what was last applied (`wanted`), whom the bot muted (`muted`, saved BEFORE it
mutes them, so a SIGKILL between the two can never leave someone muted the bot does not remember), and
`refused` once Mute Members was missing. Applying is idempotent: it reads the voice states Discord sent
(GUILD_CREATE, VOICE_STATE_UPDATE) and changes only who differs. A member can only be muted or unmuted
while connected (Discord answers 40032 otherwise), so whoever joins the channel mid-game gets the state
their seat should have at once (`joined`), and after a restart every running game's state is put back
(`resume`). A member the bot muted who is away when the game ends is unmuted when they next connect
(remembered by this process).

Without Mute Members the moderators are told once and the game runs without voice control.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord.channel import ChannelKeeper
from bot.live import LiveGame, Step
from bot.storage import DeliveryRow
from bot.table import Table

log = logging.getLogger(__name__)

KIND = "voice"
NOT_CONNECTED = 40032


class VoiceKeeper:
    def __init__(self, bot: commands.Bot, table: Table, channels: ChannelKeeper) -> None:
        self.bot = bot
        self.table = table
        self.channels = channels
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

    def plan(self, step: Step) -> list[tuple[str, dict[str, Any]]]:
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
        return [(KIND, {"wanted": wanted})]

    # --- applying ---------------------------------------------------------------------------------
    async def apply(self, row: DeliveryRow) -> None:
        await self.put(row.game_id, row.body.get("wanted"))

    async def put(self, game_id: int, wanted: dict[str, bool] | None, *, only: int | None = None) -> None:
        """Make the voice channel's mutes what `wanted` says (None: unmute whom the bot muted); `only`:
        one member (who just connected)."""
        record = dict((await self.channels.meta(game_id)).get(KIND) or {})
        game = await self.table.get(game_id)
        guild = self.bot.get_guild(game.row.guild_id or 0) if game is not None else None
        if record.get("refused") or not record.get("channel") or guild is None:
            return
        channel = guild.get_channel(int(record["channel"]))
        states = channel.voice_states if isinstance(channel, discord.VoiceChannel | discord.StageChannel) else {}
        mine = {int(u) for u in record.get("muted") or []}
        changes: list[tuple[int, bool]] = []
        for user_id, state in sorted(states.items()):
            if only is not None and user_id != only:
                continue
            mute = bool((wanted or {}).get(str(user_id), False))
            if mute and not state.mute:
                changes.append((user_id, True))
            elif not mute and state.mute and user_id in mine:
                changes.append((user_id, False))
        if wanted is None:  # away now: unmuted when they connect again
            for user_id in mine - set(states):
                self.unmute_later[(guild.id, user_id)] = game_id
        for user_id, mute in changes:
            if mute:  # remembered before it is done: a crash can never leave an unremembered mute
                mine.add(user_id)
                await self._save(game_id, mine, record.get("wanted", MISSING))
            try:
                await self.bot.http.edit_member(guild.id, user_id, mute=mute, reason="the game's voice rule")
            except discord.Forbidden:
                await self.channels.update(game_id, KIND, lambda saved: saved.update(refused=True))
                await self.channels.report(game_id, "mute-members")
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
        def change(saved: dict[str, Any]) -> None:
            saved["muted"] = [str(u) for u in sorted(muted)]
            if wanted is not MISSING:
                saved["wanted"] = wanted

        await self.channels.update(game_id, KIND, change)

    # --- members connecting, restarts -------------------------------------------------------------
    async def joined(self, member: discord.Member, channel: Any) -> None:
        """A member connected to a voice channel: the state their seat should have (or a finished game's
        mute lifted)."""
        ended = self.unmute_later.pop((member.guild.id, member.id), None)
        if ended is not None and member.voice is not None and member.voice.mute:
            try:
                await self.bot.http.edit_member(member.guild.id, member.id, mute=False, reason="the game is over")
            except discord.HTTPException as error:
                log.info("game %s: could not unmute %s after the end: %s", ended, member.id, error)
        for game in list(self.table.games.values()):
            record = game.row.meta.get(KIND) or {}
            if game.running and record.get("channel") == getattr(channel, "id", None):
                await self.put(game.id, record.get("wanted"), only=member.id)

    async def resume(self) -> None:
        """After a (re)start: every running game's voice as it should be now."""
        for game in list(self.table.games.values()):
            record = game.row.meta.get(KIND) or {}
            if game.running and record.get("channel"):
                await self.put(game.id, self.wanted(game, game.state, game.row.status))


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
