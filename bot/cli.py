"""Command line: `python -m bot` runs the Discord bot (or, with no token, an offline game);
`play`, `export`, `bench`, `backup`, `restore`, `web`, `ratings rebuild` and `games` are the other commands."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sqlite3
import sys
import typing
from contextlib import closing
from pathlib import Path

from bot.config import ROOT, Settings
from bot.i18n import LANGUAGES, normalize, render, t
from bot.logs import set_up as set_up_logging
from games import registry
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL

if typing.TYPE_CHECKING:
    from bot.storage import Storage

OFFLINE_DB = ROOT / "data" / "offline.db"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Game Master bot for Discord.")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run the Discord bot (the default)")

    play = commands.add_parser("play", help="play a game offline in the terminal, with bot players")
    play.add_argument("game", nargs="?", default=registry.FIRST_GAME, help=f"one of: {', '.join(registry.available())}")
    play.add_argument("--players", type=int, default=None, help="number of seats (you hold one)")
    play.add_argument("--seed", type=int, default=None, help="fix the shuffle, for a repeatable game")
    play.add_argument(
        "--lang", choices=["ru", "en"], default=None,
        help="language of the game; without it: the system locale (LC_ALL, LC_MESSAGES, LANG) if it is"
        " Russian or English, else DEFAULT_LANGUAGE; a resumed game keeps its own language",
    )
    play.add_argument("--watch", action="store_true", help="bots play every seat; you watch")
    play.add_argument(
        "--bot-level", choices=list(BOT_LEVELS), default=DEFAULT_BOT_LEVEL,
        help=f"how well every bot seat of a new game plays (default: {DEFAULT_BOT_LEVEL})",
    )
    play.add_argument("--resume", type=int, default=None, metavar="ID", help="continue a saved offline game")
    play.add_argument("--db", type=Path, default=OFFLINE_DB, help="database for offline games")
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a house rule, e.g. seasons=2 (a wrong one lists the game's house rules)",
    )

    export = commands.add_parser("export", help="print a stored game's full event log as JSON")
    export.add_argument("game_id", type=int)
    export.add_argument(
        "--db", default=None, help="database: a file or a postgresql:// URL (default: the bot's, DATABASE_URL)"
    )
    export.add_argument("--out", type=Path, default=None, help="write to this file instead of stdout")

    bench = commands.add_parser(
        "bench", help="measure the table against bare SQLite on this disk (and on PostgreSQL with DATABASE_URL)"
    )
    bench.add_argument("--games", type=int, default=1000)
    bench.add_argument("--actions", type=int, default=3000)
    bench.add_argument("--reload", type=int, default=10000)

    backup = commands.add_parser(
        "backup", help="copy the bot's SQLite database consistently, even while the bot runs (PostgreSQL: pg_dump)"
    )
    backup.add_argument("dest", help="the backup file, or a folder to put a dated one in (ends with /, or exists)")
    restore = commands.add_parser("restore", help="put a backup in place of the bot's SQLite database (bot stopped)")
    restore.add_argument("src", type=Path, help="a file written by `backup`")

    served = commands.add_parser(
        "web", help="serve the web record (every finished game's page, the servers' pages) on its own"
    )
    served.add_argument(
        "--db", action="append", default=None, metavar="DATABASE",
        help="a database to serve: a file or a postgresql:// URL, again for more (default: the bot's and the"
        " offline games')",
    )
    served.add_argument("--host", default=None, help="the address to listen on (default: WEB_HOST, 127.0.0.1)")
    served.add_argument("--port", type=int, default=None, help="the port (default: WEB_PORT, else 8080)")
    ratings = commands.add_parser("ratings", help="the ratings: `rebuild` computes them again from the saved results")
    ratings.add_argument("action", choices=["rebuild"])
    ratings.add_argument("--guild", type=int, default=None, help="one server's (default: every server's)")
    ratings.add_argument(
        "--db", default=None, help="database: a file or a postgresql:// URL (default: the bot's, DATABASE_URL)"
    )

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
    shards = settings.shard_ids or (list(range(settings.shard_count)) if settings.shard_count else None)
    set_up_logging(settings.log_level, settings.log_format, shards)
    for chatty in ("discord.http", "discord.gateway", "discord.webhook"):
        # at DEBUG these log whole request bodies and gateway events (DMs with hands, chosen options, text) and
        # whole webhook URLs (tokens: bot/logs.py takes them out of any line that still carries one)
        logging.getLogger(chatty).setLevel(max(logging.INFO, logging.getLogger().level))
    command = args.command or "run"
    if command == "run":
        if settings.discord_token is None:
            language = terminal_language(None, settings.default_language)
            print(t(language, "offline-not-configured"), file=sys.stderr)
            interactive = sys.stdin.isatty()
            return _play(
                registry.FIRST_GAME, players=4, seed=None, language=language, watch=not interactive,
                db=OFFLINE_DB, resume=None, options={}, web_base=offline_web_base(settings),
            )
        from bot.discord.app import run_bot

        return run_bot(settings)
    if command == "play":
        language = terminal_language(args.lang, settings.default_language)
        options = dict(_parse_option(o) for o in args.option)
        return _play(
            args.game, players=args.players, seed=args.seed, language=language, watch=args.watch,
            db=args.db, resume=args.resume, options=options, language_given=args.lang is not None,
            bot_level=args.bot_level, web_base=offline_web_base(settings),
        )
    if command == "export":
        language = terminal_language(None, settings.default_language)
        bots = settings.database
        if args.db is None and not _has_game(bots, args.game_id) and _has_game(OFFLINE_DB, args.game_id):
            print(t(language, "cli-export-offline", id=args.game_id, db=_shown(OFFLINE_DB)), file=sys.stderr)
            return asyncio.run(_export(str(OFFLINE_DB), args.game_id, args.out, language))
        return asyncio.run(_export(args.db or bots, args.game_id, args.out, language))
    if command == "bench":
        from bot.bench import run_bench
        from bot.process import bound_malloc_arenas, bound_mmap_threshold
        from bot.storage import is_postgres_url

        postgres = settings.database if is_postgres_url(settings.database) else None  # measured beside SQLite
        bound_malloc_arenas()  # the bot's own process settings (bot/discord/app.py run_bot): it measures the bot
        bound_mmap_threshold()
        return asyncio.run(run_bench(games=args.games, actions=args.actions, reload=args.reload, postgres=postgres))
    if command in ("backup", "restore"):
        return _backup_or_restore(command, args, settings)
    if command == "web":
        from bot.web.serve import DEFAULT_PORT, serve

        language = terminal_language(None, settings.default_language)
        port = args.port or settings.web_port or DEFAULT_PORT
        host = args.host or settings.web_host
        base = settings.web_base(port) or f"http://127.0.0.1:{port}"
        databases = args.db or [settings.database, str(OFFLINE_DB)]
        return asyncio.run(serve(databases, args.db is not None, host, port, base, language))
    if command == "ratings":
        language = terminal_language(None, settings.default_language)
        return asyncio.run(_rebuild_ratings(args.db or settings.database, args.guild, language))
    if command == "games":
        language = terminal_language(None, settings.default_language)
        for name in registry.available():
            engine = registry.engine(name)
            print(t(language, "cli-game-line", game=name, min=engine.min_players, max=engine.max_players))
        return 0
    return 2


def _backup_or_restore(command: str, args: argparse.Namespace, settings: Settings) -> int:
    from bot.backup import BackupError, backup, restore
    from bot.startup import StartupError
    from bot.storage import is_postgres_url, shown_url, sqlite_path

    language = terminal_language(None, settings.default_language)
    if is_postgres_url(settings.database):
        print(t(language, "cli-backup-postgres", url=shown_url(settings.database)), file=sys.stderr)
        return 2
    database = Path(sqlite_path(settings.database))
    try:
        copied = backup(database, args.dest) if command == "backup" else restore(args.src, database)
    except BackupError as error:
        print(t(language, error.key, **error.params), file=sys.stderr)
        return 1
    except StartupError as error:  # restore: a bot runs on the database, or it cannot be written
        if error.key == "startup-db-in-use":
            print(t(language, "cli-restore-bot-running", db=str(database), pid=error.params["pid"]), file=sys.stderr)
        else:
            print(t(language, error.key, **error.params), file=sys.stderr)
        return 1
    key = "cli-backup-written" if command == "backup" else "cli-restore-done"
    print(t(language, key, path=str(copied.path), size=max(1, round(copied.size / 1024)), games=copied.games))
    if copied.replaced:
        print(t(language, "cli-backup-replaced"))
    return 0


def terminal_language(flag: str | None, configured: str) -> str:
    """The language of one terminal run: `--lang`, else the system locale (LC_ALL, LC_MESSAGES,
    LANG, as POSIX orders them) when it is one we speak, else the configured default."""
    if flag:
        return normalize(flag)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if not value:
            continue
        base = value.split(".")[0].split("_")[0].split("-")[0].lower()
        if base in LANGUAGES:
            return base
        break  # the first variable that is set decides; "C" or an unsupported locale: the default
    return normalize(configured)


def launcher() -> str:
    """How the user started this program, for "resume with" hints (dev.py says so itself)."""
    return os.environ.get("GAMEMASTER_LAUNCHER") or "python -m bot"


def _shown(db: str | Path) -> str:
    from bot.storage import is_postgres_url, shown_url, sqlite_path

    if is_postgres_url(db):
        return shown_url(str(db))
    path = Path(sqlite_path(db))
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _has_game(db: str | Path, game_id: int) -> bool:
    """Whether the SQLite file `db` holds the game (a PostgreSQL database is taken to: the
    export then says so itself if it does not)."""
    from bot.storage import is_postgres_url, sqlite_path

    if is_postgres_url(db):
        return True
    db = Path(sqlite_path(db))
    if not db.exists():
        return False
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
            return connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None
    except sqlite3.Error:
        return False


def offline_web_base(settings: Settings) -> str:
    """Where an offline game's link points: what `python -m bot web` serves it on."""
    from bot.web.serve import DEFAULT_PORT

    return settings.web_base(settings.web_port or DEFAULT_PORT) or f"http://127.0.0.1:{DEFAULT_PORT}"


def _play(
    game: str, *, players: int | None, seed: int | None, language: str, watch: bool, db: Path,
    resume: int | None, options: dict[str, object], language_given: bool = False,
    bot_level: str = DEFAULT_BOT_LEVEL, web_base: str | None = None,
) -> int:
    from bot.live import LiveGame
    from bot.offline import play
    from games.core import IllegalAction

    if resume is None and game not in registry.available():
        print(t(language, "cli-unknown-game", game=game, games=", ".join(registry.available())), file=sys.stderr)
        return 2
    engine = registry.engine(game if game in registry.available() else registry.FIRST_GAME)
    if players is None:
        players = engine.default_players or engine.min_players
    refusal = engine.check_players(players)
    if refusal is not None and resume is None:
        print(t(language, refusal.key, **refusal.params), file=sys.stderr)
        return 2
    if resume is None:
        try:
            engine.parse_options(options)
        except IllegalAction as error:  # said before any question is asked, with what the game accepts
            print(render(language, error.refusal.key, error.refusal.params, str), file=sys.stderr)
            for line in house_rules(game, language):
                print(line, file=sys.stderr)
            return 2
    started: list[int] = []
    db_hint = None if db.resolve() == OFFLINE_DB.resolve() else _shown(db)

    async def session() -> LiveGame | None:
        # asyncio.run's own Ctrl-C handler only cancels the main task, which leaves a blocking read
        # of the terminal waiting for Enter; the plain handler interrupts the read itself
        signal.signal(signal.SIGINT, signal.default_int_handler)
        return await play(
            game, players=players, seed=seed, language=language, watch=watch, db_path=db, resume=resume,
            options=options, launcher=launcher(), db_hint=db_hint, started=started, language_given=language_given,
            bot_level=bot_level, **({"web_base": web_base} if web_base else {}),
        )

    try:
        result = asyncio.run(session())
    except (KeyboardInterrupt, EOFError):
        # stopped between two reads (bots moving, saving): every finished step is on disk
        print()
        if started:
            from bot.offline import resume_command

            print(t(language, "offline-saved", id=started[0],
                    command=resume_command(launcher(), started[0], db_hint)))
        return 130
    except IllegalAction as error:
        refusal = error.refusal
        print(render(language, refusal.key, refusal.params, str), file=sys.stderr)
        return 2
    if resume is not None and result is None:
        return 2
    return 0


def house_rules(game: str, language: str) -> list[str]:
    """The game's house rules for `--option`, each with the values it takes and its default."""
    lines = [t(language, "cli-house-rules", game=t(language, f"{game}-title"))]
    for name, field in registry.engine(game).Options.model_fields.items():
        if field.default is None:
            default = t(language, "cli-house-rule-unset")
        else:
            default = field.default if isinstance(field.default, str) else json.dumps(field.default)
        args = typing.get_args(field.annotation)
        kind = field.annotation if not args else next((a for a in args if a is not type(None)), None)
        if typing.get_origin(field.annotation) is typing.Literal:
            choices = ", ".join(str(a) for a in args)
            lines.append(t(language, "cli-house-rule-choice", name=name, choices=choices, default=default))
        elif kind is bool:
            lines.append(t(language, "cli-house-rule-yes-no", name=name, default=default))
        elif kind is int:
            low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
            high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
            lines.append(t(language, "cli-house-rule-number", name=name, low=str(low), high=str(high),
                           bounded="yes" if high is not None else "no",
                           default=default))
        elif kind is str:
            lines.append(t(language, "cli-house-rule-text", name=name, default=default))
        # anything else (Sword of Lies' per-seat buy-ins) is filled by the lobby, not typed
    return lines


async def _rebuild_ratings(db: str | Path, guild_id: int | None, language: str) -> int:
    """Every rating computed again from the saved results (bot/ratings/rebuild.py), in one transaction:
    safe while the bot runs on the database."""
    from functools import partial

    from bot.ratings.rebuild import rebuild_program

    storage = await _open_existing(db, language)
    if isinstance(storage, int):
        return storage
    try:
        rebuilt = await storage.write(partial(rebuild_program, guild_id))
    finally:
        await storage.close()
    print(t(language, "cli-ratings-rebuilt", games=rebuilt.games, ratings=rebuilt.ratings))
    return 0


async def _open_existing(db: str | Path, language: str) -> Storage | int:
    """The database, opened; or, told why not, the exit code: 2 when there is none, 1 when it cannot be opened."""
    from bot.startup import StartupError
    from bot.storage import is_postgres_url, open_storage, sqlite_path

    if not is_postgres_url(db) and not Path(sqlite_path(db)).exists():
        print(t(language, "cli-no-database", db=_shown(db)), file=sys.stderr)
        return 2
    try:
        return await open_storage(db)
    except StartupError as error:
        print(t(language, error.key, **error.params), file=sys.stderr)
        return 1


async def _export(db: str, game_id: int, out: Path | None, language: str = "en") -> int:
    from bot.storage import is_postgres_url, sqlite_path
    from bot.table import Table

    storage = await _open_existing(db, language)
    if isinstance(storage, int):
        return storage
    try:
        try:
            record = await Table(storage).export(game_id)
        except KeyError:
            elsewhere = is_postgres_url(db) or Path(sqlite_path(db)).resolve() != OFFLINE_DB.resolve()
            hint = "yes" if _has_game(OFFLINE_DB, game_id) and elsewhere else "no"
            print(t(language, "cli-no-game", id=game_id, db=_shown(db), offline=hint,
                    offline_db=_shown(OFFLINE_DB)), file=sys.stderr)
            return 2
    finally:
        await storage.close()
    text = json.dumps(record, ensure_ascii=False, indent=2)
    if out:
        out.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0
