"""The finish players expect: `/stats [player]` (rating, rank, trend, partners and rivals, reliability and
achievements, bot/ratings/), `/leaderboard game: [season:]` (the rating table, one command for every game),
`/history` (the server's finished games, paged, newest first, each with its web page's link and the
server's page on top, bot/web/), `/history game:<id>` (a finished game's readable transcript and its
full record as JSON, for its players and the moderators, with its page's link), and
the absent-player rule's Discord side: moderators and the player are told when a bot takes a seat
after missed deadlines (`/gm settings absent_after:`), and `/back` gives it back. `/history game:`
autocompletes the server's finished games (bot/discord/lookups.py)."""

from __future__ import annotations

import io
import json
import math
from collections import Counter, defaultdict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.checks import is_moderator
from bot.discord.component_rows import ComponentRows
from bot.discord.components import BackButton
from bot.discord.game_cog import game_master
from bot.discord.lookups import Entry, autocomplete, finished_games, game_entries
from bot.discord.outbox import Message
from bot.discord.text import escape_name
from bot.discord.translator import text
from bot.i18n import normalize, t
from bot.live import Delivery, LiveGame
from bot.ratings import reading
from bot.ratings.text import card_lines, leaderboard_lines, season_title
from bot.render import joined, list_names
from bot.storage import GameRow
from bot.transcript import transcript
from games import registry

HISTORY_PAGE = 10
GAME_CHOICES = [app_commands.Choice(name=name, value=name) for name in registry.available()]
LEADERBOARD_SIZE = 20
NO_PINGS = discord.AllowedMentions.none()


def reader(interaction: discord.Interaction) -> str:
    return normalize(str(interaction.locale))


async def send_leaderboard(interaction: discord.Interaction, game: str, season_number: int | None = None) -> None:
    """The server's rating table of `game` in a season (the current one by default), ephemeral: members with
    the server's minimum of rated games, best conservative rating first (bot/ratings/reading.py)."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    language = reader(interaction)
    guild_id = interaction.guild_id or 0
    chosen = await reading.season(gm.storage, guild_id, season_number)
    if chosen is None:
        await gm.ephemeral(interaction, t(language, "leaderboard-no-season", number=season_number))
        return
    needed = await reading.leaderboard_games(gm.storage, guild_id)
    board = await reading.standings(gm.storage, guild_id, game, chosen.number, min_games=needed)
    lines = leaderboard_lines(language, game, chosen, board[:LEADERBOARD_SIZE], needed, mention)
    await interaction.response.send_message(joined(lines)[0], ephemeral=True, allowed_mentions=NO_PINGS)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


async def season_entries(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """The server's rating seasons, newest first (what /leaderboard season: may show)."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    listed = await reading.seasons(gm.storage, interaction.guild_id or 0)
    return [Entry(s.number, season_title(language, s, alone=True), (str(s.number), s.name or ""))
            for s in reversed(listed)]


def stats_lines(language: str, player: str, results: list[tuple[str, int, int, list[str] | None]]) -> list[str]:
    """A player's statistics: totals, then per game (games, wins, points) and per role held."""
    if not results:
        return [t(language, "stats-empty", player=player)]
    lines = [t(language, "stats-title", player=player, games=len(results), wins=sum(won for _, _, won, _ in results))]
    per_game: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    roles: dict[str, Counter[str]] = defaultdict(Counter)
    for game, score, won, held in results:
        totals = per_game[game]
        totals[0] += 1
        totals[1] += won
        totals[2] += score
        roles[game].update(held or [])
    for game in sorted(per_game):
        games, wins, points = per_game[game]
        lines.append(t(language, "stats-game-line", game=t(language, f"{game}-title"), games=games, wins=wins,
                       points=points))
        for role, times in sorted(roles[game].items(), key=lambda item: (-item[1], item[0])):
            lines.append(t(language, "stats-role-line", role=t(language, role), times=times))
    return lines


def history_line(language: str, row: GameRow, winners: list[int]) -> str:
    names = [escape_name(str(s.get("name", "?"))) for s in row.seats]
    return t(
        language, "history-line", id=row.id, game=t(language, f"{row.game}-title"), when=f"<t:{int(row.updated_at)}:d>",
        players=list_names(names, language),
        winners=list_names([names[i] for i in winners if i < len(names)], language),
    )


async def history_games(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """The games /history can show: this server's finished ones, newest first (the list /history gives)."""
    gm = game_master(interaction.client)  # type: ignore[arg-type]
    rows = await finished_games(gm.storage, interaction.guild_id, typed)
    return await game_entries(interaction, language, rows)


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.gm.table.listeners.append(self.on_delivery)

    async def cog_unload(self) -> None:
        if self.on_delivery in self.gm.table.listeners:
            self.gm.table.listeners.remove(self.on_delivery)

    async def on_delivery(self, delivery: Delivery) -> None:
        """A bot took an absent player's seat: the moderators and the player are told."""
        game = delivery.game
        for event in delivery.events:
            if event.key != "absent-took-seat":
                continue
            seat_number = int(event.params["player"]["seat"])
            held = (game.row.meta.get("absent") or {}).get(str(seat_number)) or {}
            user_id = held.get("user_id")
            if user_id is None:
                continue
            player = self.gm.public_player(game, seat_number, int(user_id))  # a hidden player stays hidden
            await self.gm.tell_moderators(game, "absent-mod-notice", player=player, id=game.id)
            language = held.get("language") or game.row.language

            def back_button(game_id: int = game.id, language: str = language) -> dict[str, Any]:
                view = ComponentRows()
                view.add_item(BackButton(game_id, label=t(language, "back-button")))
                return {"view": view}

            self.gm.dm_outbox(int(user_id)).put_message(
                Message(content=t(language, "absent-dm", id=game.id), build=back_button)
            )

    @app_commands.command(name="back", description=text("cmd-back", "Take your seat back from the bot player"))
    async def back(self, interaction: discord.Interaction) -> None:
        await self.take_back(interaction)

    async def take_back(self, interaction: discord.Interaction, *, game_id: int | None = None) -> None:
        """/back, or the "Take my seat back" button of one game (`game_id`): the seat a bot took for the player."""
        language = reader(interaction)
        me = interaction.user.id
        games = [g for g in await self._games_of(me, interaction.channel_id, game_id) if g.running and any(
            v.get("user_id") == me for v in (g.row.meta.get("absent") or {}).values()
        )]
        here = [g for g in games if g.row.channel_id == interaction.channel_id]
        if not games:
            refusal = "back-not-absent" if game_id is None else "back-not-absent-game"
            await self.gm.ephemeral(interaction, t(language, refusal, id=game_id))
            return
        game = (here or games)[0]
        outcome = await self.gm.table.back(game.id, interaction.user.id)
        if outcome.refusal is not None:
            await self.gm.ephemeral(interaction, self.gm.refusal(outcome.refusal, language, game))
        else:
            await self.gm.ephemeral(interaction, t(language, "back-done"))

    async def _games_of(self, user_id: int, channel_id: int | None, game_id: int | None) -> list[LiveGame]:
        """The games where the member holds or held a seat, each as saved now (another process may have
        given their seat to a bot since this one last held the game): `game_id` alone when given, else
        this channel's running game and every game held here (with other processes: or saved) with the member in a
        seat or away from one."""
        if game_id is not None:
            ids = {game_id}
        else:
            ids = {row.id for row in await self.gm.storage.games_in_channel(channel_id or 0, "running")}
            ids |= set(await self.gm.table.games_of_member(user_id))
        found = [await self.gm.table.get(number) for number in sorted(ids)]
        return [game for game in found if game is not None]

    @property
    def gm(self):  # type: ignore[no-untyped-def]
        return game_master(self.bot)

    @app_commands.command(
        name="stats", description=text("cmd-stats", "Games, wins and points of a player on this server")
    )
    @app_commands.describe(player=text("opt-stats-player", "Whose statistics (you if left out)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        """Rating, rank, trend, partners and rivals per game this season; reliability; achievements; then
        the games, wins and points of every season."""
        language = reader(interaction)
        who = player or interaction.user
        guild_id = interaction.guild_id or 0
        name = escape_name(who.display_name)
        card = await reading.member_card(self.gm.storage, guild_id, who.id)
        results = await self.gm.storage.player_results(guild_id, who.id)
        lines = card_lines(language, name, card, mention)
        if results:
            lines += ["", t(language, "stats-totals"), *stats_lines(language, name, results)]
        await interaction.response.send_message(joined(lines)[0], ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(
        name="leaderboard", description=text("cmd-leaderboard", "The best players of a game on this server")
    )
    @app_commands.describe(
        game=text("opt-leaderboard-game", "Which game"),
        season=text("opt-leaderboard-season", "Which season (the current one if left out)"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(season=autocomplete(season_entries))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, season: int | None = None) -> None:
        await send_leaderboard(interaction, game, season)

    @app_commands.command(
        name="history", description=text("cmd-history", "Finished games of this server, or one game's transcript")
    )
    @app_commands.describe(
        game=text("opt-history-game", "A game's number: its transcript and full record (its players and moderators)"),
        page=text("opt-history-page", "Which page of the list"),
    )
    @app_commands.autocomplete(game=autocomplete(history_games))
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, game: int | None = None, page: app_commands.Range[int, 1, 10000] = 1
    ) -> None:
        if game is not None:
            await self._transcript(interaction, game)
            return
        language = reader(interaction)
        guild_id = interaction.guild_id or 0
        rows, total = await self.gm.storage.finished_games(guild_id, limit=HISTORY_PAGE)
        if not total:
            await self.gm.ephemeral(interaction, t(language, "history-empty"))
            return
        pages = math.ceil(total / HISTORY_PAGE)
        page = min(page, pages)
        if page > 1:
            rows, total = await self.gm.storage.finished_games(
                guild_id, limit=HISTORY_PAGE, offset=(page - 1) * HISTORY_PAGE
            )
        lines = [t(language, "history-title", page=page, pages=pages)]
        linked = list(lines)
        if (server := self.gm.web.server(guild_id)) is not None:  # the server's page on the web (bot/web/)
            linked.append(t(language, "web-server-link", url=server))
        for row in rows:
            winners = [seat for seat, _, _, won in await self.gm.storage.game_results(row.id) if won]
            line = history_line(language, row, winners)
            lines.append(line)
            link = self.gm.web.game(guild_id, row.id)
            linked.append(line if link is None else t(language, "web-history-line", line=line, url=link))
        text = "\n".join(linked)
        if len(text) > 2000:  # the links do not fit with the page's lines: the lines alone
            text = "\n".join(lines[:1] + linked[1:2] + lines[1:]) if server else "\n".join(lines)
        await interaction.response.send_message(text[:2000], ephemeral=True, allowed_mentions=NO_PINGS)

    async def _transcript(self, interaction: discord.Interaction, game_id: int) -> None:
        language = reader(interaction)
        row = await self.gm.storage.load_game(game_id)
        if row is None or row.guild_id != (interaction.guild_id or 0) or row.state is None:
            await self.gm.ephemeral(interaction, t(language, "history-no-game", id=game_id))
            return
        if row.status not in ("finished", "cancelled"):
            await self.gm.ephemeral(interaction, t(language, "history-not-over", id=game_id))
            return
        player = interaction.user.id in await self.gm.table.players_ever(game_id)
        if not player and not await is_moderator(interaction, self.gm.storage):
            await self.gm.ephemeral(interaction, t(language, "history-not-yours", id=game_id))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        readable, record = await transcript(self.gm.table, row, language)
        files = [
            discord.File(io.BytesIO(readable.encode()), filename=f"game-{row.id}-{language}.txt"),
            discord.File(
                io.BytesIO(json.dumps(record, ensure_ascii=False, indent=1).encode()), filename=f"game-{row.id}.json"
            ),
        ]
        text = t(language, "history-files", id=row.id, game=t(language, f"{row.game}-title"))
        if (link := self.gm.web.game(row.guild_id, row.id)) is not None:
            text += "\n" + t(language, "web-game-link", url=link)
        await self.gm.ephemeral(interaction, text, files=files)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
