"""The web record in a real browser (headless Chromium, driven by playwright), served by `python -m bot web`
as a newcomer would run it: finished Cookie, Castle and anonymous Mafia games' pages read back in both
languages and on a phone's width, the spoiler switch flipped, the Castle replay stepped with the keyboard.
Each page tested leaves a screenshot in data/out/web-screenshots/ for a person to look at."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ROOT
from bot.storage import open_storage
from bot.storage.web import web_secret
from bot.table import Table
from bot.web.links import Links
from tests.web import browser
from tests.web.games import GUILD, finished, free_port

pytestmark = pytest.mark.xdist_group("web-browser")  # one browser and one server for the module
SHOTS = ROOT / "data" / "out" / "web-screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}


async def _games(db: Path) -> dict[str, Any]:
    storage = await open_storage(db)
    try:
        table = Table(storage)
        cookie = await finished(table, "cookie", 4, names=["Ада", "Борис", "<b>Clara</b>", "Dmitri"], seed=3)
        castle = await finished(table, "castle", 3, names=["Вера", "Глеб", "Жанна"], seed=11, language="ru",
                                options={"max_rounds": 6})
        mafia = await finished(table, "mafia", 10, names=[f"Secretname{n}" for n in range(10)], seed=5,
                               options={"mode": "anonymous"})
        links = Links(await web_secret(storage))
        rounds = sum(1 for e in await storage.events(castle.id) if e.key == "castle-round")
        return {"cookie": links.token("game", cookie.id), "castle": links.token("game", castle.id),
                "mafia": links.token("game", mafia.id), "server": links.token("server", GUILD), "rounds": rounds}
    finally:
        await storage.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The games' database, served by `python -m bot web` on a port of its own."""
    folder = tmp_path_factory.mktemp("web")
    db = folder / "games.db"
    made = asyncio.run(_games(db))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "", "DATABASE_PATH": str(folder / "none.db"),
           "PUBLIC_URL": "", "WEB_PORT": ""}
    log = (folder / "server.log").open("w")  # its log goes to a file: a pipe nobody read could fill and stop it
    server = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--db", str(db), "--port", str(port)], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=log, text=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert str(port) in line, line
    threading.Thread(target=server.stdout.read, daemon=True).start()  # and what else it prints, read
    try:
        yield {**made, "base": f"http://127.0.0.1:{port}"}
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium (a fresh profile) for the module."""
    try:
        executable = browser.chromium()
    except browser.Unavailable as why:
        pytest.skip(f"{browser.SKIPPED}: {why}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=browser.ARGS, viewport=DESKTOP,
        )
        try:
            yield context
        finally:
            context.close()


def opened(chromium: Any, url: str, viewport: dict[str, int] = DESKTOP) -> Any:
    page = chromium.new_page()
    page.set_viewport_size(viewport)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page


def until(page: Any, expression: str, seconds: float = 15.0) -> None:
    """Wait until `expression` is true in the page (polled from here: the page's own policy allows no eval)."""
    for _ in range(int(seconds / 0.05)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {expression}")


def shot(page: Any, name: str, *, whole: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=whole)


def test_a_cookie_game_reads_back_in_english_and_in_russian_on_a_phone(site: dict[str, Any], chromium: Any) -> None:
    page = opened(chromium, f"{site['base']}/game/{site['cookie']}?lang=en")
    assert page.inner_text("h1") == "Cookie #1"
    rows = page.locator(".players tbody tr")
    assert rows.count() == 4 and "🏆" in rows.nth(0).inner_text()
    assert "<b>Clara</b>" in page.inner_text(".players"), "a name with markup in it is shown as written"
    assert page.locator("b", has_text="Clara").count() == 0
    assert page.locator(".chapter h3", has_text="Round").count() >= 4
    assert page.locator(".secret").count() == 0
    shot(page, "cookie-en")
    page.close()
    phone = opened(chromium, f"{site['base']}/game/{site['cookie']}?lang=ru", PHONE)
    assert phone.inner_text("h1") == "Печенька №1"
    assert phone.locator(".chapter h3", has_text="Раунд 1").count() == 1
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "nothing runs off a phone's screen"
    shot(phone, "cookie-ru-phone")
    phone.close()


def test_the_spoiler_switch_shows_every_secret_in_its_place_and_hides_it_again(
    site: dict[str, Any], chromium: Any
) -> None:
    page = opened(chromium, f"{site['base']}/game/{site['cookie']}?lang=en")
    switch = page.locator("#spoilers")
    assert switch.get_attribute("aria-checked") == "false" and page.locator(".secret").count() == 0
    page.locator(".chapter", has=page.locator("h3", has_text="Round 2")).evaluate("chapter => chapter.scrollIntoView()")
    switch.click()
    page.wait_for_url(re.compile(r"spoilers=on"))
    assert page.locator("#spoilers").get_attribute("aria-checked") == "true"
    secrets = page.locator(".secret")
    assert secrets.count() > 10 and "🔒" in secrets.first.inner_text()
    assert page.locator("#reveal li").count() > 0, "everything revealed at the end"
    assert page.url.endswith("#c2"), "the switch keeps the reader's place (round 2)"
    shot(page, "cookie-spoilers-en")
    page.locator("#spoilers").click()
    page.wait_for_url(re.compile(r"spoilers=off"))
    assert page.locator(".secret").count() == 0
    page.close()


def test_the_castle_replay_steps_round_by_round_with_the_keys(site: dict[str, Any], chromium: Any) -> None:
    game = opened(chromium, f"{site['base']}/game/{site['castle']}")
    boards = game.locator("li.picture img")
    assert boards.count() == site["rounds"] + 1
    boards.first.scroll_into_view_if_needed()
    until(game, "document.querySelector('li.picture img').naturalWidth > 0")
    shot(game, "castle-ru")
    game.locator("a", has_text="Повтор поля").click()
    game.wait_for_url(re.compile(r"/replay"))
    page = game
    assert "Раунд 1 · 1 из" in page.inner_text("#where")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert "Раунд 3 · 3 из" in page.inner_text("#where")
    assert page.get_attribute("#board", "src").startswith("replay/3.png")
    until(page, "document.getElementById('board').complete && document.getElementById('board').naturalWidth === 900")
    assert "step=3" in page.url
    page.keyboard.press("ArrowLeft")
    assert "Раунд 2 · 2 из" in page.inner_text("#where") and "step=2" in page.url
    page.locator("#next").click()
    assert "Раунд 3" in page.inner_text("#where")
    for _ in range(site["rounds"] + 3):
        page.keyboard.press("ArrowRight")
    assert "Конец игры" in page.inner_text("#where"), "the last step is the end of the game, and it stays there"
    assert page.get_attribute("#next", "aria-disabled") == "true"
    page.goto(f"{site['base']}/game/{site['castle']}/replay?step=3")
    until(page, "document.getElementById('board').naturalWidth === 900")
    shot(page, "castle-replay-ru")
    page.close()


def test_an_anonymous_mafia_page_names_nobody_before_the_reveal(site: dict[str, Any], chromium: Any) -> None:
    for query, viewport, name in (("", DESKTOP, "mafia-anonymous-en"), ("?spoilers=on", PHONE, "mafia-spoilers-phone")):
        page = opened(chromium, f"{site['base']}/game/{site['mafia']}{query}", viewport)
        log = page.inner_text("main").split(page.inner_text(".log-title"))[1]
        before, reveal = log.split("🏁", 1)
        assert not re.search(r"Secretname\d", before), "no real name on screen before the reveal"
        assert re.search(r"Secretname\d", reveal)
        shot(page, name)
        page.close()


def test_the_servers_page_links_its_games(site: dict[str, Any], chromium: Any) -> None:
    page = opened(chromium, f"{site['base']}/server/{site['server']}?lang=ru")
    assert "Клуб «Полночь»" in page.inner_text("h1")
    page.locator("table.games a").first.click()
    page.wait_for_load_state("networkidle")
    assert "Мафия героев №3" in page.inner_text("h1")
    page.go_back()
    shot(page, "server-ru")
    page.close()
