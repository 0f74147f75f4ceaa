"""A newcomer without a Discord token: the final table of an offline game prints the game's link, and
`python -m bot web` serves the page on its own, from the offline games' database, until SIGTERM."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from bot.offline import play
from tests.runtime.test_offline import ROOT, run_cli
from tests.runtime.test_offline_newcomer import scripted
from tests.web.games import free_port

LINK = re.compile(r"🌐 This game on the web: (http://127\.0\.0\.1:(\d+)/game/(\d+)-[\w-]{22}) \(serve the pages with: "
                  r"(.+)\)")


async def test_the_final_table_prints_the_games_link_before_the_game_is_over(tmp_path: Path) -> None:
    said: list[str] = []
    game = await play("maskmen", players=3, seed=2, language="en", watch=True, db_path=tmp_path / "o.db",
                      say=said.append, ask=scripted([]), db_hint="o.db")
    assert game is not None and not game.running
    found = LINK.fullmatch(said[-2])
    assert found is not None, said[-3:]
    assert (found.group(2), found.group(3)) == ("8080", str(game.id))
    assert found.group(4) == "python -m bot web --db o.db"
    assert said[-1] == f"Game #{game.id} is over."


def test_python_m_bot_web_serves_an_offline_games_page_on_its_own(tmp_path: Path) -> None:
    db = tmp_path / "offline.db"
    port = free_port()
    watched = run_cli("play", "cookie", "--players", "4", "--watch", "--seed", "4", "--lang", "en", "--db", str(db),
                      tmp_path=tmp_path)
    assert watched.returncode == 0, watched.stderr
    found = LINK.search(watched.stdout)
    assert found is not None, watched.stdout[-500:]
    link = found.group(1).replace(":8080/", f":{port}/")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "DATABASE_PATH": str(tmp_path / "none.db"),
           "WEB_PORT": str(port), "PUBLIC_URL": ""}
    server = subprocess.Popen([sys.executable, "-m", "bot", "web", "--db", str(db)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}" in line, line + (server.stderr.read() if server.poll() is not None else "")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(link, timeout=10) as response:
                    body = response.read().decode()
                break
            except urllib.error.URLError:
                assert time.monotonic() < deadline, "the page was never served"
                time.sleep(0.2)
        assert "Cookie #1" in body and "An offline game, played in a terminal" in body
        try:
            urllib.request.urlopen(link[:-2] + "xx", timeout=10)
            raise AssertionError("a wrong token opened a page")
        except urllib.error.HTTPError as refused:
            assert refused.code == 404
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0, "SIGTERM stops it cleanly"
