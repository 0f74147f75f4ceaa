"""Moderator commands (`/gm …`), guarded by "Manage Server" or the server's GM role. Each one
goes through the table, so it is recorded in the game's log and announced in the channel, once per
interaction (its key is in the logged action). A moderator who holds or held a seat of a game is one
of its players until it is over: every /gm command on that game refuses them (`_game`). A command's
`game_id` autocompletes this server's games, for moderators only (bot/discord/lookups.py): the running
ones, which every step command needs, and for /gm export the finished ones too."""

from __future__ import annotations

import io
import json
import time
from functools import partial
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.checks import is_moderator, manages_server
from bot.discord.game_cog import game_master
from bot.discord.lookups import Entry, autocomplete, finished_games, game_entries, newest_first, time_zones
from bot.discord.text import escape_name
from bot.discord.translator import text
from bot.gathering.times import DEFAULT_ZONE, zone_named
from bot.i18n import normalize, t
from bot.live import LiveGame, Outcome, Seat, interaction_key
from bot.lobby import deadline_bounds
from bot.privacy import forget_member, games_in_the_way
from bot.ratings import reading
from bot.ratings.record import start_season
from bot.ratings.text import season_title
from games import registry
from games.core import GM


async def running_games(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """This server's running games (paused ones too), newest first; nothing for a member who is no moderator."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    if not await is_moderator(interaction, gm.storage):
        return []
    rows = newest_first(await gm.storage.games_with_status("running"), interaction.guild_id)
    return await game_entries(interaction, language, rows)


async def recorded_games(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """What /gm export can download: this server's running games, then its finished ones, newest first."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    if not await is_moderator(interaction, gm.storage):
        return []
    rows = newest_first(await gm.storage.games_with_status("running"), interaction.guild_id)
    rows += await finished_games(gm.storage, interaction.guild_id, typed)
    return await game_entries(interaction, language, rows)


RUNNING = autocomplete(running_games)
SEASON_NAME = 50
"""The longest name of a rating season."""
RECORDED = autocomplete(recorded_games)


@app_commands.guild_only()
class Moderation(commands.GroupCog, group_name="gm", group_description=text("cmd-gm", "Moderator commands")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if await is_moderator(interaction, self.gm.storage):
            return True
        await self.gm.ephemeral(interaction, t(normalize(str(interaction.locale)), "gm-not-moderator"))
        return False

    async def _game(self, interaction: discord.Interaction, game_id: int | None) -> LiveGame | None:
        """The running game a moderator step is for: `game_id` on this server, or this channel's.
        Refused, with the reason, to anyone who holds or held a seat in it — until it is over they are
        one of its players: no step that changes it, nothing it hides (the one check for every /gm
        command on a game; another moderator can act). The same interaction delivered again after its
        step ended the game is answered "already done"."""
        language = normalize(str(interaction.locale))
        if game_id is None:
            row = await self.gm.lobby.current(interaction.channel_id or 0)
            game_id = row.id if row and row.status == "running" else None
        game = await self.gm.table.get(game_id) if game_id is not None else None
        if game is None or not game.running or game.row.guild_id != (interaction.guild_id or 0):
            repeated = await self.gm.storage.input_applied(interaction_key(interaction.id)) is not None
            await self.gm.ephemeral(interaction, t(language, "error-duplicate" if repeated else "gm-no-running-game"))
            return None
        if not await self._may_see_secrets(interaction, game.id):
            return None
        return game

    async def _done(self, interaction: discord.Interaction, outcome: Outcome, game: LiveGame) -> None:
        language = normalize(str(interaction.locale))
        if outcome.refusal is not None:
            await self.gm.ephemeral(interaction, self.gm.refusal(outcome.refusal, language, game))
        else:
            await self.gm.ephemeral(interaction, t(language, "gm-done"))

    @app_commands.command(name="list", description=text("cmd-gm-list", "Games on this server"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        language = normalize(str(interaction.locale))
        rows = [
            r for r in await self.gm.storage.games_with_status("lobby", "running")
            if r.guild_id == interaction.guild_id
        ]
        if not rows:
            await self.gm.ephemeral(interaction, t(language, "gm-no-games"))
            return
        lines = [
            t(language, "gm-list-line", id=r.id, game=t(language, f"{r.game}-title"), status=r.status,
              channel=f"<#{r.channel_id}>", players=len(r.seats), step=r.step, paused="⏸" if r.paused else "")
            for r in rows
        ]
        await self.gm.ephemeral(interaction, "\n".join(lines))

    @app_commands.command(name="state", description=text("cmd-gm-state", "See a game's full state (not for players)"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def state(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self._game(interaction, game_id)
        if game is None:
            return
        language = normalize(str(interaction.locale))
        view = game.engine.view(game.state, GM)
        body = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
        file = discord.File(
            io.BytesIO(json.dumps(view, ensure_ascii=False, indent=1).encode()),
            filename=f"game-{game.id}-step-{game.state.step}.json",
        )
        await interaction.response.send_message(
            t(language, "gm-state", id=game.id, step=game.state.step) + f"\n```json\n{body[:1700]}\n```",
            ephemeral=True, file=file,
        )

    async def _may_see_secrets(self, interaction: discord.Interaction, game_id: int) -> bool:
        """Anyone who holds or held a seat is a player of the game for its whole life: no hidden
        information and no moderator step for them until it is over (`_game`, /gm export)."""
        refusal = await self.gm.table.secrets_refusal(game_id, interaction.user.id)
        if refusal is None:
            return True
        await self.gm.ephemeral(interaction, self.gm.refusal(refusal, normalize(str(interaction.locale)), None))
        return False

    @app_commands.command(name="export", description=text("cmd-gm-export", "Download a game's full record"))
    @app_commands.autocomplete(game_id=RECORDED)
    async def export(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        language = normalize(str(interaction.locale))
        if game_id is None:
            row = await self.gm.lobby.current(interaction.channel_id or 0)
            game_id = row.id if row else None
        row = await self.gm.storage.load_game(game_id) if game_id is not None else None
        if row is None or row.state is None or row.guild_id != (interaction.guild_id or 0):
            await self.gm.ephemeral(interaction, t(language, "error-no-game"))
            return
        if not await self._may_see_secrets(interaction, row.id):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.gm.table.export(row.id)
        file = discord.File(
            io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()), filename=f"game-{row.id}.json"
        )
        await self.gm.ephemeral(interaction, t(language, "gm-export", id=row.id), file=file)

    @app_commands.command(name="pause", description=text("cmd-gm-pause", "Pause a game and its deadlines"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def pause(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game := await self._game(interaction, game_id):
            outcome = await self.gm.table.pause(game.id, interaction.user.id, input_key=interaction_key(interaction.id))
            await self._done(interaction, outcome, game)

    @app_commands.command(name="resume", description=text("cmd-gm-resume", "Resume a paused game"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def resume(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game := await self._game(interaction, game_id):
            outcome = await self.gm.table.resume(
                game.id, interaction.user.id, input_key=interaction_key(interaction.id)
            )
            await self._done(interaction, outcome, game)

    @app_commands.command(name="extend", description=text("cmd-gm-extend", "Give more time for the current step"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def extend(
        self, interaction: discord.Interaction, seconds: app_commands.Range[int, 1, 86400], game_id: int | None = None
    ) -> None:
        if game := await self._game(interaction, game_id):
            outcome = await self.gm.table.extend(
                game.id, seconds, interaction.user.id, input_key=interaction_key(interaction.id)
            )
            await self._done(interaction, outcome, game)

    @app_commands.command(name="force", description=text("cmd-gm-force", "End the current step now (bot acts)"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def force(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game := await self._game(interaction, game_id):
            await interaction.response.defer(ephemeral=True)
            outcome = await self.gm.table.force(game.id, interaction.user.id, input_key=interaction_key(interaction.id))
            await self._done(interaction, outcome, game)

    @app_commands.command(name="replace", description=text("cmd-gm-replace", "Give a player's seat to someone else"))
    @app_commands.autocomplete(game_id=RUNNING)
    @app_commands.describe(
        player=text("opt-player", "The player whose seat changes hands"),
        member=text("opt-member", "The new player (leave empty for a bot player)"),
    )
    async def replace(
        self, interaction: discord.Interaction, player: discord.Member, member: discord.Member | None = None,
        game_id: int | None = None,
    ) -> None:
        await self._give_seat(interaction, player, member, game_id, removed=False)

    @app_commands.command(name="remove", description=text("cmd-gm-remove", "Remove a player; a bot takes the seat"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def remove(
        self, interaction: discord.Interaction, player: discord.Member, game_id: int | None = None
    ) -> None:
        await self._give_seat(interaction, player, None, game_id, removed=True)

    async def _give_seat(
        self, interaction: discord.Interaction, player: discord.Member, member: discord.Member | None,
        game_id: int | None, *, removed: bool,
    ) -> None:
        """The seat of `player` goes to `member`, or to a bot player when there is none. The seat may be
        one a bot player took over from `player` (absent, removed, gone from the server): a substitute
        can have it. A `member` who holds or held a seat is refused by the table (`Table.replace`)."""
        game = await self._game(interaction, game_id)
        if game is None:
            return
        language = normalize(str(interaction.locale))
        seat_number = await self.gm.table.seat_played_by(game, player.id)
        if seat_number is None:
            await self.gm.ephemeral(interaction, t(language, "gm-player-no-seat", id=game.id))
            return
        new = (
            Seat(name=member.display_name, user_id=member.id, language=game.row.language)
            if member is not None
            else Seat(name=t(game.row.language, "bot-name", name=player.display_name), bot=True)
        )
        await interaction.response.defer(ephemeral=True)
        spectators = self.gm.spectators
        outcome = await self.gm.table.replace(
            game.id, seat_number, new, interaction.user.id, removed=removed, input_key=interaction_key(interaction.id),
            check=None if member is None else lambda held: spectators.refusal(held, member.id),  # never a watcher
        )
        await self._done(interaction, outcome, game)

    @app_commands.command(name="forget", description=text("cmd-gm-forget", "Forget a member who left the server"))
    @app_commands.describe(member=text("opt-gm-forget-member", "The member who left the server"))
    async def forget(self, interaction: discord.Interaction, member: discord.User) -> None:
        """/forget-me for a member who left, on this server only: its finished games and statistics
        (bot/privacy.py). One still here is asked to do it themselves."""
        language = normalize(str(interaction.locale))
        shown = escape_name(member.name)
        guild = interaction.guild
        assert guild is not None  # the group is guild_only
        try:
            await guild.fetch_member(member.id)  # REST: needs no privileged intent
        except discord.NotFound:
            pass
        else:
            await self.gm.ephemeral(interaction, t(language, "gm-forget-still-member", member=shown))
            return
        blocking = await games_in_the_way(self.gm.storage, member.id, guild.id)
        if blocking:
            games = ", ".join(f"#{row.id} ({t(language, f'{row.game}-title')})" for row in blocking)
            await self.gm.ephemeral(
                interaction, t(language, "gm-forget-blocked", member=shown, count=len(blocking), games=games)
            )
            return
        names = {member.name, member.display_name, member.global_name or ""}
        done = await forget_member(self.gm.storage, member.id, names, guild_id=guild.id)
        await self.gm.ephemeral(
            interaction, t(language, "gm-forget-done", member=shown, games=len(done.games), results=done.results)
        )

    @app_commands.command(name="rollback", description=text("cmd-gm-rollback", "Return the game to an earlier step"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def rollback(
        self, interaction: discord.Interaction, step: app_commands.Range[int, 0, 100000], game_id: int | None = None
    ) -> None:
        if game := await self._game(interaction, game_id):
            await interaction.response.defer(ephemeral=True)
            outcome = await self.gm.table.rollback(
                game.id, step, interaction.user.id, input_key=interaction_key(interaction.id)
            )
            await self._done(interaction, outcome, game)

    @app_commands.command(name="end", description=text("cmd-gm-end", "End a game now"))
    @app_commands.autocomplete(game_id=RUNNING)
    async def end(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        if game := await self._game(interaction, game_id):
            outcome = await self.gm.table.end(game.id, interaction.user.id, input_key=interaction_key(interaction.id))
            await self._done(interaction, outcome, game)

    season = app_commands.Group(name="season", description=text("cmd-gm-season", "Rating seasons"))

    @season.command(name="start", description=text("cmd-gm-season-start", "Close the current rating season and "
                                                                          "start a new one"))
    @app_commands.describe(name=text("opt-season-name", "The new season's name"))
    async def season_start(self, interaction: discord.Interaction, name: str) -> None:
        """The current season's table stays readable (/leaderboard season:); everyone starts afresh."""
        reader = normalize(str(interaction.locale))
        name = " ".join(name.split())
        if not 1 <= len(name) <= SEASON_NAME:
            await self.gm.ephemeral(interaction, t(reader, "gm-season-name-bad"))
            return
        guild_id = interaction.guild_id or 0
        old = await reading.season(self.gm.storage, guild_id)
        number = await self.gm.storage.write(partial(start_season, guild_id, name, time.time()))
        new = await reading.season(self.gm.storage, guild_id, number)
        assert old is not None and new is not None
        if old.number == new.number:  # the same request delivered again: the season it started
            old = await reading.season(self.gm.storage, guild_id, number - 1) or old
        # said in the channel, in the server's language: the season is news for everyone there
        language = await self.gm.guild_language(guild_id, interaction.guild_locale)
        await interaction.response.send_message(t(
            language, "gm-season-started", old=season_title(language, old), old_number=old.number,
            new=season_title(language, new),
        ), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="settings", description=text("cmd-gm-settings", "Server settings for games"))
    @app_commands.describe(
        language=text("opt-language", "Language of channel messages"),
        gm_role=text("opt-gm-role", "Members with this role may use /gm"),
        deadline=text("opt-deadline", "A deadline kind to set (e.g. choose, place, turn, bet)"),
        seconds=text("opt-seconds", "Its default length in seconds"),
        absent_after=text("opt-absent-after", "Missed deadlines in a row before a bot takes the seat (0: never)"),
        graveyard_channel=text("opt-graveyard-channel", "Where graveyard threads open when a game's channel can't"),
        spectators=text("opt-spectators", "May members who play no seat watch games with /spectate (default yes)"),
        web=text("opt-web", "Pages of finished games on the web, with their links (default on)"),
        min_reliability=text("opt-min-reliability", "Least reliability (% of games finished) a member needs to join a "
                                                    "game (0: none)"),
        leaderboard_games=text("opt-leaderboard-games", "Rated games a member needs to appear on a leaderboard "
                                                        "(default 5)"),
        timezone=text("opt-server-timezone", "The server's time zone (IANA name, e.g. Europe/Moscow)"),
    )
    @app_commands.autocomplete(timezone=autocomplete(time_zones))
    async def settings(
        self, interaction: discord.Interaction, language: Literal["ru", "en"] | None = None,
        gm_role: discord.Role | None = None, deadline: str | None = None,
        seconds: app_commands.Range[int, 10, 86400] | None = None,
        absent_after: app_commands.Range[int, 0, 50] | None = None,
        graveyard_channel: discord.TextChannel | None = None, spectators: bool | None = None,
        web: Literal["on", "off"] | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
        leaderboard_games: app_commands.Range[int, 1, 100] | None = None,
        timezone: str | None = None,
    ) -> None:
        reader = normalize(str(interaction.locale))
        guild_id = interaction.guild_id or 0
        if gm_role is not None and not manages_server(interaction):  # who moderates is the server's owners' say
            await self.gm.ephemeral(interaction, t(reader, "gm-settings-role-manage-server"))
            return
        if gm_role is not None and gm_role.is_default():  # every member would be a moderator
            await self.gm.ephemeral(interaction, t(reader, "gm-settings-role-everyone"))
            return
        current = await self.gm.storage.guild_settings(guild_id)
        zone = zone_named(timezone) if timezone is not None else None
        if timezone is not None and zone is None:
            await self.gm.ephemeral(interaction, t(reader, "zone-unknown", typed=timezone[:80]))
            return
        if (deadline is None) != (seconds is None):
            await self.gm.ephemeral(interaction, t(reader, "gm-settings-deadline-pair"))
            return
        if deadline is not None and seconds is not None:
            # every game with this deadline kind must accept the length, or its new games would fail
            bounds = {
                name: b for name in registry.available()
                if (b := deadline_bounds(registry.engine(name), deadline)) is not None
            }
            if not bounds:
                await self.gm.ephemeral(interaction, t(reader, "gm-settings-deadline-kind", kind=deadline))
                return
            for name, (low, high) in sorted(bounds.items()):
                if not low <= seconds <= high:
                    await self.gm.ephemeral(interaction, t(
                        reader, "gm-settings-deadline-range", game=t(reader, f"{name}-title"), kind=deadline,
                        low=low, high=high, seconds=seconds,
                    ))
                    return
        if language is not None:
            current["language"] = language
        if gm_role is not None:
            current["gm_role_id"] = gm_role.id
        if deadline is not None and seconds is not None:
            current["deadlines"] = {**current.get("deadlines", {}), deadline: seconds}
        if absent_after is not None:
            current["absent_after"] = absent_after
        if graveyard_channel is not None:
            current["graveyard_channel_id"] = graveyard_channel.id
        if spectators is not None:
            current["spectators"] = spectators
        if web is not None:
            current["web"] = web == "on"
        if min_reliability is not None:
            current["min_reliability"] = min_reliability
        if leaderboard_games is not None:
            current["leaderboard_games"] = leaderboard_games
        if zone is not None:
            current["zone"] = zone.key
        await self.gm.storage.save_guild_settings(guild_id, current)
        self.gm.web.turned(guild_id, bool(current.get("web", True)))
        deadlines = ", ".join(f"{k}={v}s" for k, v in sorted(current["deadlines"].items())) or "—"
        await self.gm.ephemeral(
            interaction,
            t(reader, "gm-settings", language=current.get("language") or self.gm.settings.default_language,
              role=f"<@&{current['gm_role_id']}>" if current.get("gm_role_id") else "—", deadlines=deadlines)
            + "\n" + t(reader, "settings-absent", misses=int(current.get("absent_after") or 0))
            + "\n" + t(reader, "settings-graveyard", channel=f"<#{current['graveyard_channel_id']}>"
                        if current.get("graveyard_channel_id") else "none")
            + "\n" + t(reader, "settings-spectators", allowed="yes" if current.get("spectators", True) else "no")
            + "\n" + t(reader, "settings-web", on="yes" if current.get("web", True) else "no")
            + "\n" + t(reader, "settings-ratings", games=int(current.get("leaderboard_games", 5)),
                        percent=int(current.get("min_reliability") or 0))
            + "\n" + t(reader, "settings-zone", zone=current.get("zone") or DEFAULT_ZONE),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Moderation(bot))
