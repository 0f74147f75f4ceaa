"""`python -m tests.bench.scale [--games 2000] [--minutes 10] …`: see tests/bench/scale/__init__.py."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from tests.bench.scale.run import Config, run


def main(argv: list[str] | None = None) -> int:
    default = Config()
    parser = argparse.ArgumentParser(prog="python -m tests.bench.scale", description=__doc__)
    parser.add_argument("--games", type=int, default=default.games, help="tables, each with a game open at a time")
    parser.add_argument("--minutes", type=float, default=default.minutes,
                        help="the last stage: every table open, with the faults")
    parser.add_argument("--stage-minutes", type=float, default=default.stage_minutes,
                        help="each growth window (at a quarter, half and all of the tables)")
    parser.add_argument("--processes", type=int, default=default.processes)
    parser.add_argument("--shards-per-process", type=int, default=default.shards_per_process)
    parser.add_argument("--guilds", type=int, default=None, help="servers (default: one per five tables, 400 at least"
                        " with 2,000 tables)")
    parser.add_argument("--rate", type=float, default=default.rate, help="the most interactions/s the players make")
    parser.add_argument("--slowness", type=float, default=default.slowness, help="multiplies the players' think times")
    parser.add_argument("--open-per-second", type=float, default=default.open_per_second)
    parser.add_argument("--no-faults", action="store_true", help="no kills, PostgreSQL restart or outage")
    parser.add_argument("--seed", type=int, default=default.seed)
    parser.add_argument("--kinds", default="", help="only these kinds of table, comma-separated (mix.py's names)")
    parser.add_argument("--log-level", default=default.log_level, help="the bots' LOG_LEVEL")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR", help="keep the bots' and PostgreSQL's logs")
    parser.add_argument("--probe", action="store_true", help="the memory probe in every bot process, read at each "
                        "window's end (tests/bench/scale/probing.py)")
    parser.add_argument("--traced", type=int, default=0, metavar="FRAMES",
                        help="with --probe: tracemalloc on in every bot process (its biggest allocation sites)")
    args = parser.parse_args(argv)
    config = Config(
        games=args.games, minutes=args.minutes, stage_minutes=args.stage_minutes, processes=args.processes,
        shards_per_process=args.shards_per_process, guilds=args.guilds or max(1, args.games // 5), rate=args.rate,
        slowness=args.slowness, open_per_second=args.open_per_second, faults=not args.no_faults, seed=args.seed,
        keep=args.keep, log_level=args.log_level, kinds=tuple(k for k in args.kinds.split(",") if k),
        probe=args.probe, traced=args.traced,
    )
    return asyncio.run(run(config))


if __name__ == "__main__":
    raise SystemExit(main())
