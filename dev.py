#!/usr/bin/env python3
"""Set-up-and-run helper: the README's two commands go through here.

    python3 dev.py run [args]   install what is needed, then `python -m bot [args]`
    python3 dev.py test [args]  install what is needed (with test tools), then ruff + pytest (both cores,
                                then the `serial` tests alone; --deep: randomised tests at full size)
    python3 dev.py bench        the benchmarks (table vs bare SQLite; Castle, Mafia; answers before the bots' steps;
                                the bots; ratings; the metrics; the web record's pages; Discord; last the scale
                                run, shortened: SCALE_ARGS sets its size)

It keeps a virtual environment in `.venv` and reinstalls only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_environment(extras: str) -> None:
    if sys.version_info < (3, 11):
        sys.exit("Python 3.11 or newer is needed (this is {}.{}).".format(*sys.version_info[:2]))
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print("Installing dependencies (first run only) ...", file=sys.stderr)
    target = f".[{extras}]" if extras else "."
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(digest)


def call(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run a child and wait for it. Ctrl-C reaches the child too (same terminal): it says what it
    saved and exits; this helper just keeps waiting instead of dying with a traceback."""
    child = subprocess.Popen(command, env=env)
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:
            continue


SCALE_ARGS = "--games 500 --minutes 3 --stage-minutes 1"
"""The scale run as `dev.py bench` runs it: a quarter of its games, a short last stage (about 12 minutes in all)."""
NO_TESTS_COLLECTED = 5
"""pytest's exit code when a selection holds no test (e.g. a file with no `serial` ones)."""


def run_tests(args: list[str]) -> int:
    """pytest in two parts: most tests on both cores (pytest-xdist), then the `serial` ones (real bot
    processes, kills, timing) alone, so the load of the first part cannot make them flaky. `--deep`
    gives the randomised tests their full size (tests/depth.py); `-n N` sets the first part's workers;
    a `-m` expression of the caller's selects within each part."""
    env = dict(os.environ)
    deep = "--deep" in args
    if deep:
        env["GAMEMASTER_DEEP_TESTS"] = "1"
    workers, marks, rest = ["-n", "2"], "", []
    given = iter(a for a in args if a != "--deep")
    for arg in given:
        if arg in ("-n", "--numprocesses"):
            workers = [arg, next(given, "2")]
        elif arg.startswith(("--numprocesses=", "-n")):
            workers = [arg]
        elif arg == "-m":
            marks = next(given, "")
        elif arg.startswith("-m"):
            marks = arg[2:].lstrip("=")
        else:
            rest.append(arg)

    def selected(part: str) -> list[str]:
        return ["-m", f"({marks}) and {part}" if marks else part]

    pytest = [str(PYTHON), "-m", "pytest", "--durations=15", "-rs"]  # -rs: every skip says why
    if deep:
        pytest.append("--timeout=0")
    # loadgroup: a module marked xdist_group (one costly module fixture) stays on one worker
    parallel = subprocess.call([*pytest, *workers, "--dist", "loadgroup", *selected("not serial"), *rest], env=env)
    print("\n--- the serial tests, alone ---", flush=True)
    alone = subprocess.call([*pytest, "-p", "no:xdist", *selected("serial"), *rest], env=env)
    if parallel == alone == NO_TESTS_COLLECTED:
        return NO_TESTS_COLLECTED
    return next((code for code in (parallel, alone) if code not in (0, NO_TESTS_COLLECTED)), 0)


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("run", [])
    os.chdir(ROOT)
    if command == "run":
        ensure_environment("")
        # "resume with" hints should name the command the user typed, not `python -m bot`
        env = {**os.environ, "GAMEMASTER_LAUNCHER": "python3 dev.py run"}
        return call([str(PYTHON), "-m", "bot", *rest], env=env)
    if command == "test":
        ensure_environment("test")
        lint = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."])
        return run_tests(rest) or lint
    if command == "bench":  # storage/table, the Castle engine and picture, then Discord through the stand-in
        ensure_environment("test")
        benches = ("bot", "tests.bench.castle_bench", "tests.bench.castle_picture_bench", "tests.bench.mafia_bench",
                   "tests.bench.answer_before_bots", "tests.bench.bots", "tests.bench.ratings_bench",
                   "tests.bench.metrics_bench", "tests.bench.web_bench")
        for module in benches:
            code = subprocess.call([str(PYTHON), "-m", module, *(["bench"] if module == "bot" else [])])
            if code:
                return code
        code = subprocess.call([str(PYTHON), "-m", "tests.bench.discord_bench", *rest])
        scale = os.environ.get("SCALE_ARGS", SCALE_ARGS).split()  # "" for the module's own size (2,000 games)
        return subprocess.call([str(PYTHON), "-m", "tests.bench.scale", *scale]) or code
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
