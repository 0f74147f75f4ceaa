"""Offline play in the terminal: a human seat with bots, bad input re-asked, watch, export."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.offline import play

ROOT = Path(__file__).resolve().parents[2]


async def test_a_human_plays_a_whole_game_and_bad_input_is_asked_again(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["", "abc", "99", "?", "=5"])
    counter = 0

    async def ask(_: str) -> str:
        nonlocal counter
        scripted = next(answers, None)
        if scripted is not None:
            return scripted
        counter += 1
        return str(counter % 7 + 1)

    game = await play("cookie", players=4, seed=5, language="ru", db_path=tmp_path / "o.db", say=said.append, ask=ask)
    assert game is not None and not game.running
    text = "\n".join(said)
    assert "Введите одно из чисел" in text, "bad input gets a clear message"
    assert text.endswith("Игра №1 окончена.")
    assert "🔒" in text, "the human sees their own private messages"


async def test_quitting_saves_and_resume_continues(tmp_path: Path) -> None:
    said: list[str] = []
    inputs = iter(["1", "q"])

    async def ask(_: str) -> str:
        return next(inputs)

    db = tmp_path / "o.db"
    game = await play("cookie", players=4, seed=8, language="en", db_path=db, say=said.append, ask=ask)
    assert game is not None and game.running
    assert any("--resume" in line for line in said)
    count = 0

    async def keep_answering(_: str) -> str:
        nonlocal count
        count += 1
        return str(count % 7 + 1)

    resumed = await play("cookie", players=4, language="en", db_path=db, resume=game.id, say=said.append,
                         ask=keep_answering)
    assert resumed is not None and not resumed.running


def run_cli(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "DATABASE_PATH": str(tmp_path / "bot.db")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_watch_mode_and_export_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "offline.db"
    watched = run_cli("play", "cookie", "--players", "6", "--watch", "--seed", "4", "--lang", "en", "--db", str(db),
                      tmp_path=tmp_path)
    assert watched.returncode == 0, watched.stderr
    assert "Game over" in watched.stdout
    exported = run_cli("export", "1", "--db", str(db), tmp_path=tmp_path)
    assert exported.returncode == 0, exported.stderr
    record = json.loads(exported.stdout)
    assert record["game"] == "cookie" and record["status"] == "finished" and record["seed"] == 4
    assert len(record["seats"]) == 6 and record["events"]


def test_no_token_lands_in_an_offline_game(tmp_path: Path) -> None:
    result = run_cli(tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "DISCORD_TOKEN" in result.stderr
    assert result.stdout.strip(), "an offline game was played"


def test_bad_player_count_is_a_clear_error(tmp_path: Path) -> None:
    result = run_cli("play", "cookie", "--players", "9", "--lang", "en", "--db", str(tmp_path / "x.db"),
                     tmp_path=tmp_path)
    assert result.returncode == 2
    assert "4–6 players" in result.stderr
