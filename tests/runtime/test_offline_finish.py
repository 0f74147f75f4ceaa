"""The finish players expect of the terminal table (issue 12): one language per run, "you" for
the human's own seat, reasons beside disabled choices, help at every prompt, one final table,
and quitting that always saves and says how to come back."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli import terminal_language
from bot.offline import BOT_NAMES, play

ROOT = Path(__file__).resolve().parents[2]
OPTION = re.compile(r"^  (\d+)\. (.*)$")
BACK_WORDS = ("Back", "Назад")


class Scripted:
    """A human seat typing `script` first, then a random choice among the options it was shown
    that are not disabled (✗) and not "Back", so every game reaches its end."""

    def __init__(self, script: list[str] | None = None, seed: int = 0) -> None:
        self.lines: list[str] = []
        self.script = list(script or [])
        self.rng = random.Random(seed)
        self.asked = 0

    def say(self, text: str) -> None:
        self.lines.append(text)

    async def ask(self, _: str) -> str:
        self.asked += 1
        if self.script:
            return self.script.pop(0)
        shown: list[tuple[str, str]] = []
        for line in reversed(self.lines):
            match = OPTION.match(line)
            if match:
                shown.append((match.group(1), match.group(2)))
            elif shown:
                break
        usable = [n for n, label in shown if "✗" not in label and not label.startswith(BACK_WORDS)]
        return self.rng.choice(usable) if usable else "1"

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


async def whole_game(game: str, language: str, tmp_path: Path, seed: int, players: int = 4) -> Scripted:
    human = Scripted(seed=seed)
    options = {"seasons": 1} if game == "maskmen" else {}
    finished = await play(game, players=players, seed=seed, language=language, db_path=tmp_path / f"{game}.db",
                          say=human.say, ask=human.ask, options=options)
    assert finished is not None and not finished.running, human.text[-2000:]
    return human


# --- 3. names: "you" for the human, Russian names, no guessed gender ------------------------------
@pytest.mark.parametrize("game", ["cookie", "maskmen", "sword-of-lies"])
async def test_a_russian_game_speaks_to_you_and_names_bots_in_russian(game: str, tmp_path: Path) -> None:
    human = await whole_game(game, "ru", tmp_path, seed=3)
    text = human.text
    assert "Игрок Вы" not in text and "игрока Игрок" not in text and "перед игроком Игрок" not in text
    assert "(а)" not in text and "(-на)" not in text, "no guessed gender"
    assert any(name in text for name in BOT_NAMES["ru"][:3]), "bot seats have Russian names"
    assert not any(name in text for name in BOT_NAMES["en"][:3]), "no English names in a Russian game"
    for line in human.lines:
        body = re.sub(r"^[^\w]*(\d+\.\s*)?", "", line)
        assert not body.startswith(("вы ", "вы:")), line  # a line about you starts «Вы …» with its verb
    assert re.search(r"^(\W*)Вы [а-яё]+(те|ете|ите)\b", text, re.M), "the human's own actions read «Вы …»"


@pytest.mark.parametrize("game", ["cookie", "maskmen", "sword-of-lies"])
async def test_an_english_game_says_you_with_the_right_verb(game: str, tmp_path: Path) -> None:
    human = await whole_game(game, "en", tmp_path, seed=4)
    assert not re.search(r"\b[Yy]ou (reveals|plays|passes|places|bets|calls|raises|checks|folds|has|is)\b",
                         human.text)
    assert "Player" not in human.text, "the human seat is never called by a common noun"


def test_russian_lines_about_a_player_are_right_for_any_name() -> None:
    from bot.i18n import render

    names = {0: "Clara", 1: "Dmitri"}.__getitem__
    assert render("ru", "sol-event-interrogation", {"player": {"seat": 1}, "target": {"seat": 0}, "position": 2},
                  names) == "❓ Dmitri допрашивает игрока Clara о карте №2."
    assert render("ru", "sol-event-ready", {"player": {"seat": 0}}, names) == "Clara: готово."
    assert render("ru", "game-over-winners", {"winners": [{"seat": 0}]}, names) == "🏆 Победитель: Clara."
    assert render("en", "game-over-winners", {"winners": [{"seat": 0}, {"seat": 1}]}, names) == (
        "🏆 Winners: Clara and Dmitri."
    )


# --- 1. and 2. one language per run -------------------------------------------------------------
async def test_resuming_keeps_the_games_language(tmp_path: Path) -> None:
    db = tmp_path / "o.db"
    first = Scripted(["1", "q"])
    game = await play("cookie", players=4, seed=8, language="en", db_path=db, say=first.say, ask=first.ask)
    assert game is not None and game.running
    again = Scripted(["q"])
    await play("cookie", players=4, language="ru", db_path=db, resume=game.id, say=again.say, ask=again.ask)
    assert "Round" in again.text and "Раунд" not in again.text, again.text


def test_the_terminal_follows_the_system_locale_then_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert terminal_language(None, "en") == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert terminal_language(None, "en") == "ru"
    assert terminal_language("en", "ru") == "en", "--lang wins"
    monkeypatch.setenv("LC_ALL", "C")
    assert terminal_language(None, "en") == "en", "LC_ALL comes first; C is not a language we speak"


def run_cli(*args: str, tmp_path: Path, lang: str = "ru_RU.UTF-8", **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "LANG": lang, "LC_ALL": "",
                   "LC_MESSAGES": "", "DATABASE_PATH": str(tmp_path / "bot.db"), **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_every_error_of_a_run_is_in_its_language(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    count = run_cli("play", "cookie", "--players", "99", "--db", db, tmp_path=tmp_path)
    assert count.returncode == 2 and "В этой игре 4–6 игроков" in count.stderr
    unknown = run_cli("play", "chess", "--db", db, tmp_path=tmp_path)
    assert unknown.returncode == 2 and "Игры «chess» нет" in unknown.stderr
    rule = run_cli("play", "maskmen", "--option", "zzz=1", "--db", db, tmp_path=tmp_path)
    assert rule.returncode == 2 and "нет такого домашнего правила" in rule.stderr
    assert "Extra inputs" not in rule.stderr
    low = run_cli("play", "maskmen", "--option", "seasons=0", "--lang", "en", "--db", db, tmp_path=tmp_path)
    assert "it must be at least 1" in low.stderr and "greater than" not in low.stderr


# --- 8. disabled choices, 9. help -----------------------------------------------------------------
async def test_disabled_choices_show_their_reason_and_help_works_at_a_prompt(tmp_path: Path) -> None:
    human = Scripted(["h", "rules", "?"], seed=1)
    await play("sword-of-lies", players=3, seed=2, language="en", db_path=tmp_path / "s.db", say=human.say,
               ask=human.ask)
    text = human.text
    assert "“q”, Ctrl-C or Ctrl-D save the game and quit" in text, "h lists the commands"
    assert "Phase I — Castling" in text and "Sword of Lies — bluff, poker and war" in text, "rules shows the rules"
    disabled = [line for line in human.lines if OPTION.match(line) and "✗" in line]
    assert disabled and all(line.split("✗", 1)[1].strip() for line in disabled), "a reason after every ✗"
    assert any("You cannot check" in line for line in disabled)


# --- 10. the end of a game ------------------------------------------------------------------------
async def test_the_final_table_is_printed_once_and_sorted(tmp_path: Path) -> None:
    human = await whole_game("maskmen", "en", tmp_path, seed=5)
    lines = human.lines
    assert sum("Final standings" in line for line in lines) == 1
    start = next(i for i, line in enumerate(lines) if "Final standings" in line)
    rows = [line for line in lines[start + 1:] if re.match(r"^\d+\. ", line)]
    points = [int(re.search(r"— (-?\d+) point", row).group(1)) for row in rows]  # type: ignore[union-attr]
    assert points == sorted(points, reverse=True)
    assert lines[-1] == "Game #1 is over."


# --- 11. quitting -----------------------------------------------------------------------------------
@pytest.mark.parametrize("stop", [KeyboardInterrupt, EOFError])
async def test_ctrl_c_and_ctrl_d_save_and_name_the_command_to_resume(stop: type[BaseException], tmp_path: Path) -> None:
    said: list[str] = []

    async def ask(_: str) -> str:
        raise stop

    game = await play("cookie", players=4, seed=1, language="en", db_path=tmp_path / "o.db", say=said.append,
                      ask=ask, launcher="python3 dev.py run", db_hint="o.db")
    assert game is not None and game.running
    assert said[-1] == f"Game #{game.id} is saved. Resume with: python3 dev.py run play --resume {game.id} --db o.db"


async def test_resuming_a_game_that_is_not_there_says_so(tmp_path: Path) -> None:
    said: list[str] = []
    assert await play("cookie", players=4, language="en", db_path=tmp_path / "o.db", resume=999,
                      say=said.append) is None
    assert said == ["There is no saved game #999 here."]
    result = run_cli("play", "--resume", "999", "--db", str(tmp_path / "o.db"), tmp_path=tmp_path, lang="en_GB.UTF-8")
    assert result.returncode != 0


async def test_after_resume_a_recap_comes_before_the_first_prompt(tmp_path: Path) -> None:
    db = tmp_path / "o.db"
    first = Scripted(["1", "q"])
    game = await play("cookie", players=4, seed=8, language="en", db_path=db, say=first.say, ask=first.ask)
    assert game is not None
    again = Scripted(["q"])
    await play("cookie", players=4, db_path=db, resume=game.id, say=again.say, ask=again.ask)
    prompt = next(i for i, line in enumerate(again.lines) if line.startswith("▶ Your turn"))
    before = "\n".join(again.lines[:prompt])
    assert "Resuming Cookie, game #1" in before
    assert "🔒 You are" in before and "Round 1 of 4, circle 2 of 4" in before, "private view and phase first"


def test_export_finds_an_offline_game(tmp_path: Path) -> None:
    offline = ROOT / "data" / "offline.db"
    if not offline.exists():
        pytest.skip("no offline database on this machine")
    import sqlite3

    with sqlite3.connect(offline) as connection:
        row = connection.execute("SELECT id FROM games ORDER BY id DESC LIMIT 1").fetchone()
    if row is None:
        pytest.skip("no offline game stored")
    result = run_cli("export", str(row[0]), tmp_path=tmp_path, lang="en_GB.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "offline game" in result.stderr and '"id": ' in result.stdout


def test_export_of_a_missing_game_points_at_the_offline_database(tmp_path: Path) -> None:
    db = tmp_path / "bot.db"
    made = run_cli("play", "cookie", "--watch", "--seed", "1", "--db", str(db), tmp_path=tmp_path, lang="en_GB.UTF-8")
    assert made.returncode == 0, made.stderr
    missing = run_cli("export", "999", "--db", str(db), tmp_path=tmp_path, lang="en_GB.UTF-8")
    assert missing.returncode == 2 and "There is no game #999 in" in missing.stderr


async def test_the_strength_order_picture_is_one_file_per_game(tmp_path: Path) -> None:
    human = await whole_game("maskmen", "en", tmp_path, seed=2)
    paths = set(re.findall(r"Strength order picture \(updated as the game goes on\): (\S+)", human.text))
    assert len(paths) == 1 and Path(next(iter(paths))) == tmp_path / "out" / "maskmen-maskmen-1.png"  # by maskmen.db


def test_ctrl_c_while_the_terminal_waits_for_input_saves_and_exits(tmp_path: Path) -> None:
    """A real process: Ctrl-C at a prompt stops the read at once (no thread left reading), the
    game is saved, the resume hint is printed, and there is no traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "LANG": "en_GB.UTF-8", "LC_ALL": "",
           "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "cookie", "--seed", "2", "--db", str(tmp_path / "c.db")],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "▶ Your turn" not in seen and time.monotonic() < deadline:
        seen += child.stdout.readline()
    time.sleep(0.5)  # at the "> " read
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    assert "Traceback" not in err, err
    assert "Game #1 is saved. Resume with: python -m bot play --resume 1 --db" in out
