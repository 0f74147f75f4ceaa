"""When Discord ends a game's world: the game's channel deleted, the bot removed from a server, a
player leaving the server. The game is paused (or the seat given to a bot player after a grace
period), whoever can still be told is told, and nothing more is sent into a channel that is gone.

Intents: a deleted channel and the bot's removal come with GUILDS, which the bot always asks for.
A member leaving (GUILD_MEMBER_REMOVE) comes only with the privileged GUILD_MEMBERS intent, asked
for when DISCORD_MEMBERS_INTENT=true. Without it a departure is noticed when a DM to the player
fails and the server answers that it has no such member. What happened while the bot was offline
is found at start-up (`reconcile`): a game whose server or channel is gone is paused then.

Settings: DEPARTED_PLAYER (bot | pause) and DEPARTED_GRACE_SECONDS. A pending handover is kept in
the game's meta (`departed`), so a restart re-arms it; a player who comes back keeps the seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord
from discord.ext import commands

from bot.discord import signup
from bot.discord.game_cog import game_master
from bot.discord.service import GameMaster
from bot.i18n import t
from bot.live import LiveGame, Seat
from bot.lobby import LobbyError

log = logging.getLogger(__name__)

RETRY_SECONDS = 60.0  # when Discord cannot say whether a departed player came back


class WorldEvents(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.timers: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._reconciled = False

    @property
    def gm(self) -> GameMaster:
        return game_master(self.bot)

    async def cog_load(self) -> None:
        self.gm.outboxes.left_the_server.append(self.left_the_server)

    async def cog_unload(self) -> None:
        if getattr(self.bot, "game_master", None) is not None and \
                self.left_the_server in self.gm.outboxes.left_the_server:
            self.gm.outboxes.left_the_server.remove(self.left_the_server)
        for task in self.timers.values():
            task.cancel()
        for task in list(self.timers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.timers.clear()

    # --- Discord's events ----------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self._reconciled:
            return
        self._reconciled = True
        await self.reconcile()

    @commands.Cog.listener()
    async def on_voice_state_update(
        self, member: discord.Member, before: discord.VoiceState, after: discord.VoiceState
    ) -> None:
        """Someone connected to a voice channel: a live game's muting applies to them (bot/discord/voice.py)."""
        if after.channel is not None and before.channel != after.channel:
            await game_master(self.bot).voice.joined(member, after.channel)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await self.channel_gone(thread.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was kicked or the server deleted (an outage is `on_guild_unavailable`, not this)."""
        await self.guild_gone(guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.guild_back(guild)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        await self.member_left(payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        await self.member_back(member.guild.id, member.id)

    # --- channels and servers ------------------------------------------------------------------
    def _mine(self, guild_id: int | None) -> bool:
        """Whether this process sees the server's events (its shard); other shards handle theirs."""
        count = self.bot.shard_count
        ids = getattr(self.bot, "shard_ids", None)
        return guild_id is not None and (not count or ids is None or (guild_id >> 22) % count in ids)

    async def reconcile(self) -> None:
        """At start-up: pause games whose server or channel went away while the bot was offline,
        re-open the ones whose server took the bot back, and re-arm pending seat handovers."""
        for game in list(self.gm.table.games.values()):
            guild_id, channel_id = game.row.guild_id, game.row.channel_id
            if not game.running or channel_id is None or not self._mine(guild_id):
                continue
            assert guild_id is not None
            guild = self.bot.get_guild(guild_id)
            if guild is None:
                await self.guild_gone(guild_id)
            elif guild.unavailable:
                continue  # an outage: nothing is known
            elif guild.get_channel_or_thread(channel_id) is None:
                await self.channel_gone(channel_id)
            elif game.row.meta.get("world") == "guild":
                await self.guild_back(guild)
            for seat_text, info in dict(game.row.meta.get("departed") or {}).items():
                self._arm(game.id, int(seat_text), int(info["user_id"]), float(info["due"]))

    async def channel_gone(self, channel_id: int) -> None:
        rows = await self.gm.storage.games_in_channel(channel_id, "lobby", "running")
        if not rows:
            return
        self.gm.gone_channels.add(channel_id)
        for row in rows:
            title = t(row.language, f"{row.game}-title")
            if row.status == "lobby":
                try:
                    await self.gm.lobby.cancel(channel_id, None, moderator=True)
                except LobbyError:  # it started meanwhile (paused below), or closed
                    pass
                else:
                    for seat in row.seats:
                        if seat.get("user_id") and not seat.get("bot"):
                            language = seat.get("language") or row.language
                            self._dm(seat["user_id"], t(language, "world-lobby-gone", id=row.id, game=title))
                    continue
            game = await self.gm.table.get(row.id)
            if game is None or not await self._pause(game, "channel"):
                continue  # told before (a restart finds it again)
            log.info("game %s paused: its channel %s was deleted", game.id, channel_id)
            for seat in game.seats:
                if seat.user_id is not None and not seat.bot:
                    language = seat.language or game.row.language
                    self._dm(seat.user_id, t(language, "world-channel-deleted", id=game.id,
                                              game=t(language, f"{game.row.game}-title")))

    async def guild_gone(self, guild_id: int) -> None:
        """Nobody there can be told (DMs need a shared server too): pause quietly, send nothing."""
        for row in await self.gm.storage.games_with_status("lobby"):
            if row.guild_id == guild_id and row.channel_id is not None:
                with contextlib.suppress(LobbyError):  # it started (paused below) or closed meanwhile
                    await self.gm.lobby.cancel(row.channel_id, None, moderator=True)
        for game in list(self.gm.table.games.values()):
            if game.row.guild_id != guild_id or not game.running:
                continue
            if game.row.channel_id is not None:
                self.gm.gone_channels.add(game.row.channel_id)
            if await self._pause(game, "guild"):
                log.info("game %s paused: the bot was removed from server %s", game.id, guild_id)

    async def guild_back(self, guild: discord.Guild) -> None:
        """Invited back: games left paused there get their channel again and say how to go on."""
        for game in list(self.gm.table.games.values()):
            if game.row.guild_id != guild.id or game.row.meta.get("world") != "guild" or game.row.channel_id is None:
                continue
            if guild.get_channel_or_thread(game.row.channel_id) is None:
                await self._set_meta(game, "world", None)  # now gone for another reason, told as such
                await self.channel_gone(game.row.channel_id)
                continue
            self.gm.gone_channels.discard(game.row.channel_id)
            await self._set_meta(game, "world", None)
            text = t(game.row.language, "world-bot-back", id=game.id)
            await self.gm.outboxes.say(game.id, game.state.step, text, channel_id=game.row.channel_id)

    async def _pause(self, game: LiveGame, reason: str) -> bool:
        """Pause for `reason` (the table's moderator pause, so resuming is the moderators' usual
        /gm resume); False when this was already done for this reason."""
        if game.row.meta.get("world") == reason:
            return False
        await self._set_meta(game, "world", reason)
        if not game.row.paused:
            await self.gm.table.pause(game.id)
        return True

    # --- players leaving -----------------------------------------------------------------------
    async def member_left(self, guild_id: int, user_id: int) -> None:
        for row in await self.gm.storage.games_with_status("lobby"):
            if row.guild_id == guild_id and row.channel_id and any(s.get("user_id") == user_id for s in row.seats):
                with contextlib.suppress(Exception):  # the lobby may have just started or closed
                    left = await self.gm.lobby.leave(row.channel_id, user_id)
                    line = (
                        t(row.language, "lobby-left-anonymous", count=len(left.row.seats)) if signup.anonymous(row)
                        else t(row.language, "world-lobby-left", player=f"<@{user_id}>", count=len(left.row.seats))
                    )
                    await self.gm.outboxes.say(row.id, 0, line, channel_id=row.channel_id)
        for game in list(self.gm.table.games.values()):
            if game.row.guild_id == guild_id and game.running:
                seat_number = game.seat_of(user_id)
                if seat_number is not None:
                    await self.departed(game, seat_number)

    async def left_the_server(self, game: LiveGame, user_id: int) -> bool:
        """Asked when a DM to a player fails: True if they are no longer in the game's server (then
        handled as a departure), False if they are (their DMs are just closed)."""
        seat_number = game.seat_of(user_id)
        if seat_number is None or game.row.guild_id is None:
            return False
        if str(seat_number) in (game.row.meta.get("departed") or {}):
            return True
        if not await self._gone_from(game.row.guild_id, user_id):
            return False
        await self.departed(game, seat_number)
        return True

    async def _gone_from(self, guild_id: int, user_id: int) -> bool:
        """True only when Discord says the server has no such member (a failed request is not)."""
        guild = self.bot.get_guild(guild_id)
        return guild is not None and await self._membership(guild, user_id) is False

    async def _membership(self, guild: discord.Guild, user_id: int) -> bool | None:
        """Whether `user_id` is a member of `guild`; None when Discord cannot say right now."""
        if self.bot.intents.members:
            return guild.get_member(user_id) is not None
        try:
            await guild.fetch_member(user_id)  # REST: needs no privileged intent
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return None
        return True

    async def departed(self, game: LiveGame, seat_number: int) -> None:
        user_id = game.seats[seat_number].user_id
        if user_id is None or str(seat_number) in (game.row.meta.get("departed") or {}):
            return
        # shows the name (the client's allowed mentions keep it from pinging), or a hidden player's public name
        player = self.gm.public_player(game, seat_number, user_id)
        if self.gm.settings.departed_player == "pause":
            if not game.row.paused:
                await self.gm.table.pause(game.id)
            await self.gm.tell_moderators(game, "world-player-left-pause", player=player)
            return
        due = time.time() + self.gm.settings.departed_grace_seconds
        departed = dict(game.row.meta.get("departed") or {})
        departed[str(seat_number)] = {"user_id": user_id, "due": due}
        await self._set_meta(game, "departed", departed)
        await self.gm.tell_moderators(game, "world-player-left-bot", player=player, when=f"<t:{int(due)}:R>")
        self._arm(game.id, seat_number, user_id, due)

    async def member_back(self, guild_id: int, user_id: int) -> None:
        for game in list(self.gm.table.games.values()):
            departed = game.row.meta.get("departed") or {}
            for seat_text, info in list(departed.items()):
                if game.row.guild_id == guild_id and int(info["user_id"]) == user_id:
                    await self._forget(game, int(seat_text))
                    player = self.gm.public_player(game, int(seat_text), user_id)
                    await self.gm.tell_moderators(game, "world-player-back", player=player)

    def _arm(self, game_id: int, seat_number: int, user_id: int, due: float) -> None:
        key = (game_id, seat_number)
        if key in self.timers and not self.timers[key].done():
            return
        self.timers[key] = asyncio.create_task(
            self._hand_over(game_id, seat_number, user_id, due), name=f"seat-handover-{game_id}-{seat_number}"
        )

    async def _hand_over(self, game_id: int, seat_number: int, user_id: int, due: float) -> None:
        """When the grace period ends: the seat goes to a bot player, unless its player came back."""
        while True:
            await asyncio.sleep(max(0.0, due - time.time()))
            game = await self.gm.table.get(game_id)
            if game is None or not game.running:
                return
            seat = game.seats[seat_number]
            if seat.user_id != user_id or seat.bot or str(seat_number) not in (game.row.meta.get("departed") or {}):
                return  # a moderator gave the seat away meanwhile, or the player came back
            guild = self.bot.get_guild(game.row.guild_id) if game.row.guild_id is not None else None
            member = await self._membership(guild, user_id) if guild is not None else False
            if member is None:
                due = time.time() + RETRY_SECONDS  # Discord could not say; ask again later
                continue
            if member:
                await self._forget(game, seat_number)
                player = self.gm.public_player(game, seat_number, user_id)
                await self.gm.tell_moderators(game, "world-player-back", player=player)
                return
            bot_seat = Seat(name=t(game.row.language, "bot-name", name=seat.name), bot=True)
            outcome = await self.gm.table.replace(game_id, seat_number, bot_seat, removed=True)
            if outcome.refusal is not None:
                log.warning("game %s: seat %s not handed to a bot: %s", game_id, seat_number, outcome.refusal.key)
            await self._forget(game, seat_number)
            return

    async def _forget(self, game: LiveGame, seat_number: int) -> None:
        departed = dict(game.row.meta.get("departed") or {})
        if departed.pop(str(seat_number), None) is not None:
            await self._set_meta(game, "departed", departed or None)
        task = self.timers.pop((game.id, seat_number), None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # --- helpers ---------------------------------------------------------------------------------
    async def _set_meta(self, game: LiveGame, key: str, value: Any) -> None:
        """One meta field (None removes it), saved by the table under the game's lock."""
        await self.gm.table.update_meta(game, key, value)

    def _dm(self, user_id: int, text: str) -> None:
        self.gm.dm_outbox(user_id).put_text(text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WorldEvents(bot))
