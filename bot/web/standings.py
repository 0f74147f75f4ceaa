"""The server's page: how many games of each kind it finished, the rating tables `/leaderboard` shows (this
season's, bot/ratings/), its last 50 finished games (each linked to its page), and for a game won by a side
(games.core.spec.Sides: Mafia of Heroes) how often each side won by the number of players. Read from the
results and the games' rows; a member who ran /forget-me is counted for nobody."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from babel.numbers import format_percent

from bot.i18n import t
from bot.ratings.reading import leaderboard_games, standings
from bot.render import list_names
from bot.storage import Storage
from bot.storage.web import games_played, member_names, recent_games, side_results
from bot.web.links import Links
from bot.web.pages import date_text
from bot.web.record import seat_name
from games import registry
from games.core.spec import Seats, Sides

RECENT = 50
DRAW = "draw"


async def server_context(storage: Storage, links: Links, guild_id: int, language: str) -> dict[str, Any]:
    counts = await games_played(storage, guild_id)
    order = [name for name in registry.available() if name in counts]
    recent = await recent_games(storage, guild_id, RECENT)
    boards = []
    for game in order:
        rows = await standings(storage, guild_id, game)
        if not rows:
            continue  # nobody has the rated games the table needs yet (bot players are never rated)
        names = await member_names(storage, guild_id, [row.user_id for row in rows])
        boards.append((t(language, f"{game}-title"), [
            {"place": row.rank, "name": names.get(row.user_id, t(language, "web-nobody")), "rating": row.rating,
             "games": row.games}
            for row in rows
        ]))
    place = (recent[0][0].meta.get("place") or {}) if recent else {}
    server = place.get("server")
    sides = []
    for game in order:
        won_by = registry.spec(game).sides
        if won_by is not None:
            sides.append({
                "title": t(language, won_by.title, game=t(language, f"{game}-title")), "note": t(language, won_by.note),
                "columns": [t(language, column) for column in won_by.columns],
                "rows": _sides(won_by, await side_results(storage, guild_id, game), language),
            })
    return {
        "title": t(language, "web-server-title", server=server) if server else t(language, "web-server-unnamed"),
        "counts": [(t(language, f"{game}-title"), counts[game]) for game in order],
        "boards": boards,
        "needed": await leaderboard_games(storage, guild_id),
        "recent": [_recent(links, row, winners, language) for row, winners in recent],
        "sides": sides,
    }


def _recent(links: Links, row: Any, winners: list[int], language: str) -> dict[str, str]:
    """A line of the last games: linked to its page while its record is kept (KEEP_FINISHED_DAYS purges it)."""
    names = [seat_name(row, seat, language) for seat in range(len(row.seats))]
    return {
        "href": f"../game/{links.token('game', row.id)}?lang={language}" if row.state is not None else "",
        "title": t(language, "web-title-game", game=t(language, f"{row.game}-title"), id=row.id),
        "date": date_text(row.updated_at, language, time=False),
        "players": ", ".join(names),
        "winners": list_names([names[seat] for seat in winners if seat < len(names)], language),
    }


def _sides(sides: Sides, games: list[tuple[int, int, Seats]], language: str) -> list[dict[str, Any]]:
    """Per number of players: games, and each side's share of the wins, then the draws'."""
    names = [*sides.names, DRAW]
    tally: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(names, 0))
    for _game, players, seats in games:
        tally[players][sides.winner(seats)] += 1
    rows = []
    for players in sorted(tally):
        won = tally[players]
        total = sum(won.values())
        shares = [f"{won[side]} ({format_percent(won[side] / total, locale=language)})" for side in names]
        rows.append({"players": players, "games": total, "shares": shares})
    return rows
