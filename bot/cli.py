"""Command line: `python -m bot` runs the Discord bot (or, with no token, an offline game);
`play`, `export`, `bench` and `games` are the other commands."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path

from bot.config import ROOT, Settings
from bot.i18n import normalize, t
from games import registry

OFFLINE_DB = ROOT / "data" / "offline.db"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Game Master bot for Discord.")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run the Discord bot (the default)")

    play = commands.add_parser("play", help="play a game offline in the terminal, with bot players")
    play.add_argument("game", nargs="?", default="cookie", help="cookie, maskmen, sword-of-lies")
    play.add_argument("--players", type=int, default=None, help="number of seats (you hold one)")
    play.add_argument("--seed", type=int, default=None, help="fix the shuffle, for a repeatable game")
    play.add_argument("--lang", choices=["ru", "en"], default=None, help="language of the game")
    play.add_argument("--watch", action="store_true", help="bots play every seat; you watch")
    play.add_argument("--resume", type=int, default=None, metavar="ID", help="continue a saved offline game")
    play.add_argument("--db", type=Path, default=OFFLINE_DB, help="database for offline games")
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a house rule, e.g. seasons=2"
    )

    export = commands.add_parser("export", help="print a stored game's full event log as JSON")
    export.add_argument("game_id", type=int)
    export.add_argument("--db", type=Path, default=None, help="database (default: the bot's)")
    export.add_argument("--out", type=Path, default=None, help="write to this file instead of stdout")

    bench = commands.add_parser("bench", help="measure the table against bare SQLite on this disk")
    bench.add_argument("--games", type=int, default=1000)
    bench.add_argument("--actions", type=int, default=3000)
    bench.add_argument("--reload", type=int, default=10000)

    commands.add_parser("games", help="list the games")
    return parser


def _parse_option(raw: str) -> tuple[str, object]:
    key, _, value = raw.partition("=")
    try:
        return key.strip(), json.loads(value)
    except json.JSONDecodeError:
        return key.strip(), value


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(), stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    command = args.command or "run"
    if command == "run":
        if settings.discord_token is None:
            print(t(settings.default_language, "offline-not-configured"), file=sys.stderr)
            interactive = sys.stdin.isatty()
            return _play(
                "cookie", players=4, seed=None, language=settings.default_language, watch=not interactive,
                db=OFFLINE_DB, resume=None, options={},
            )
        from bot.discord_app import run_bot

        return run_bot(settings)
    if command == "play":
        language = normalize(args.lang or settings.default_language)
        options = dict(_parse_option(o) for o in args.option)
        return _play(
            args.game, players=args.players, seed=args.seed, language=language, watch=args.watch,
            db=args.db, resume=args.resume, options=options,
        )
    if command == "export":
        return asyncio.run(_export(args.db or settings.database_path, args.game_id, args.out))
    if command == "bench":
        from bot.bench import run_bench

        return asyncio.run(run_bench(games=args.games, actions=args.actions, reload=args.reload))
    if command == "games":
        for name in registry.available():
            engine = registry.engine(name)
            print(f"{name}: {engine.min_players}–{engine.max_players} players")
        return 0
    return 2


def _play(
    game: str, *, players: int | None, seed: int | None, language: str, watch: bool, db: Path,
    resume: int | None, options: dict[str, object],
) -> int:
    from bot.offline import play

    if game not in registry.available():
        print(f"Unknown game {game!r}. Games: {', '.join(registry.available())}", file=sys.stderr)
        return 2
    engine = registry.engine(game)
    if players is None:
        players = engine.min_players
    refusal = engine.check_players(players)
    if refusal is not None and resume is None:
        print(t(language, refusal.key, **refusal.params), file=sys.stderr)
        return 2
    try:
        asyncio.run(
            play(game, players=players, seed=seed, language=language, watch=watch, db_path=db,
                 resume=resume, options=options)
        )
    except KeyboardInterrupt:
        print()
    except EOFError:
        print()
    except Exception as error:
        from games.core import IllegalAction

        if isinstance(error, IllegalAction):
            print(t(language, error.refusal.key, **error.refusal.params), file=sys.stderr)
            return 2
        raise
    return 0


async def _export(db: Path, game_id: int, out: Path | None) -> int:
    from bot.storage import Storage
    from bot.table import Table

    if not db.exists():
        print(f"No database at {db}", file=sys.stderr)
        return 2
    storage = await Storage.open(db)
    try:
        try:
            record = await Table(storage).export(game_id)
        except KeyError:
            print(f"No game #{game_id} in {db}", file=sys.stderr)
            return 2
    finally:
        await storage.close()
    text = json.dumps(record, ensure_ascii=False, indent=2)
    if out:
        out.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0
