"""The web record on both storage backends: a finished game's page reads the channel's lines back in
chapters with the final table on top, the spoiler switch adds every secret of the time in its place and
nothing without it, a game not over shows nothing but "in progress", an anonymous game never names a
player before its reveal, and links are unguessable (a wrong token is the same 404 as no game)."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest

from bot.live import Seat
from bot.privacy import forget_member
from bot.render import event_text
from bot.storage import GameRow, Storage, open_storage
from bot.table import Table
from bot.web import app
from bot.web.record import Record
from games.core import Event
from tests.runtime.databases import Database
from tests.web.games import GUILD, finished, humans_play, page, web_client


def lines_of(row: GameRow, events: list, *, public: bool, language: str = "en") -> list[str]:
    """The log's lines as the channel showed them, public or private ones."""
    names = [str(s["name"]) for s in row.seats]
    return [
        event_text(Event(key=e.key, params=e.params, to=e.audience), language, names.__getitem__)
        for e in events if (e.audience is None) == public
    ]


def visible(body: str) -> str:
    """The page's text as a reader sees it (tags out, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", body))


async def test_a_finished_game_reads_back_in_chapters_with_its_final_table_and_secrets_behind_the_switch(
    database: Database, tmp_path: Path
) -> None:
    storage = await open_storage(database.target)
    try:
        game = await finished(Table(storage), "cookie", 4, seed=3)
        row = await storage.load_game(game.id)
        events = await storage.events(game.id)
        assert row is not None
        async with web_client([storage], tmp_path) as (client, (links,)):
            token = links.token("game", game.id)
            status, off = await page(client, f"/game/{token}")
            assert status == 200
            assert "Cookie #" in off and "Клуб «Полночь» · #игры" in html.unescape(off)
            rounds = sum(1 for e in events if e.key == "cookie-event-round-start")
            assert [f">Round {n}</h3>" in off for n in range(1, rounds + 1)] == [True] * rounds, "a chapter a round"
            public, private = lines_of(row, events, public=True), lines_of(row, events, public=False)
            text = visible(off)
            for line in public:
                assert line in text or all(part in text for part in line.split("\n")), line
            secret = [line for line in private if line not in public]
            assert secret and not any(line in text for line in secret), "spoilers off: nothing the channel did not see"
            assert "🔒" not in off and "<!--" not in off

            status, on = await page(client, f"/game/{token}?spoilers=on")
            text_on = visible(on)
            assert status == 200 and all(line in text_on for line in secret), "spoilers on: every secret"
            deal = next(line for line in secret if "Your hand" in line or "hand" in line.lower())
            first_round = text_on.index("Round 1")
            assert text_on.index(deal) > first_round, "a secret stands where it happened, in its round"
            assert "Everything revealed at the end" in on

            header = on.split('class="log-title"')[0]
            places = [int(p) for p in re.findall(r'class="number narrow">(\d+)</td>', header)]
            assert places == sorted(places) and len(places) == 4, "the players, best place first"
            assert "📊" in header, "the final table is the result"

            status, russian = await page(client, f"/game/{token}?lang=ru")
            assert status == 200 and "Печенька №" in russian and ">Раунд 1</h3>" in russian
    finally:
        await storage.close()


async def test_a_game_not_over_shows_in_progress_and_nothing_of_the_game(database: Database, tmp_path: Path) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = [Seat(name=f"Player{n}", user_id=100 + n) for n in range(3)]
        castle = await humans_play(table, "castle", seats, steps=12)
        assert castle.running
        events = await storage.events(castle.id)
        row = await storage.load_game(castle.id)
        assert row is not None
        async with web_client([storage], tmp_path) as (client, (links,)):
            token = links.token("game", castle.id)
            for query in ("", "?spoilers=on", "?lang=ru&spoilers=on"):
                status, body = await page(client, f"/game/{token}{query}")
                assert status == 200 and ("still being played" in body or "ещё идёт" in body)
                for line in lines_of(row, events, public=False) + lines_of(row, events, public=True):
                    assert line not in visible(body), "before the end the page shows no line of the game"
                assert "<!--" not in body and "Player0" not in body and "<img" not in body
            for path in ("picture/1.png", "replay", "replay/1.png", "game.gif"):
                assert (await client.get(f"/game/{token}/{path}")).status == 404, path
            status, server = await page(client, f"/server/{links.token('server', GUILD)}")
            assert status == 200 and "Player0" not in server and f"/game/{token}" not in server, "not listed yet"
    finally:
        await storage.close()


async def test_an_anonymous_game_names_nobody_before_its_reveal(database: Database, tmp_path: Path) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        names = [f"Secretname{n}" for n in range(10)]
        game = await finished(table, "mafia", 10, names=names, seed=5, options={"mode": "anonymous"})
        assert game.row.status == "finished"
        seats = [Seat(name=f"Hidden{n}", user_id=500 + n) for n in range(10)]
        ended = await humans_play(table, "mafia", seats, seed=6, steps=40, options={"mode": "anonymous"})
        assert (await table.end(ended.id)).ok, "a moderator ends it before any reveal"
        async with web_client([storage], tmp_path) as (client, (links,)):
            for query in ("", "?spoilers=on", "?lang=ru&spoilers=on"):
                status, body = await page(client, f"/game/{links.token('game', game.id)}{query}")
                assert status == 200
                log = body.split('class="log-title"')[1]
                reveal = log.index("🏁")  # the victory, with "who was who"
                assert not re.search(r"Secretname\d", log[:reveal]), f"a real name before the reveal ({query})"
                assert re.search(r"Secretname\d", log[reveal:]), "the reveal names them"
                status, never = await page(client, f"/game/{links.token('game', ended.id)}{query}")
                assert status == 200 and "Hidden" not in never, "a game ended before its reveal never names them"
    finally:
        await storage.close()


async def test_a_wrong_token_is_the_same_404_as_no_game_and_bad_input_is_a_clear_refusal(
    database: Database, tmp_path: Path
) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        game = await finished(table, "maskmen", 3, names=["<script>alert(1)</script>", "Ада", "Bob"], seed=2)
        async with web_client([storage], tmp_path) as (client, (links,)):
            token = links.token("game", game.id)
            status, body = await page(client, f"/game/{token}")
            assert status == 200 and "<script>alert" not in body and "&lt;script&gt;alert(1)&lt;/script&gt;" in body
            _, missing = await page(client, f"/game/{links.token('game', 99999)}")
            wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
            for path in (f"/game/{game.id}", f"/game/{wrong}", f"/game/{game.id}-{'x' * 22}", "/game/zz",
                         f"/game/{links.token('server', game.id)}", f"/server/{token}"):
                status, body = await page(client, path)
                assert (status, body) == (404, missing), path
            for path, expected in (
                (f"/game/{token}?lang=de", 400), (f"/game/{token}?spoilers=maybe", 400),
                (f"/game/{token}/picture/999.png", 404), (f"/game/{token}/picture/0.png", 404),
                (f"/game/{token}/replay", 404), (f"/game/{token}/game.gif", 404),
                ("/game/../../etc/passwd", 404), ("/static/..%2Fapp.py", 404), ("/static/../app.py", 404),
                (f"/game/{token}/..%2F..%2Fserver", 404), ("/game/" + "9" * 5000, 404), ("/nothing/here", 404),
            ):
                status, body = await page(client, path)
                assert status == expected and "Traceback" not in body and "File \"" not in body, path
            picture = await client.get(f"/game/{token}/picture/1.png")
            assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG"), "the strength order"
    finally:
        await storage.close()


async def test_a_forgotten_member_reads_a_former_player_and_a_server_can_turn_its_pages_off(
    database: Database, tmp_path: Path
) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = [Seat(name="Zora", user_id=301), Seat(name="Bot1", bot=True), Seat(name="Bot2", bot=True),
                 Seat(name="Bot3", bot=True)]
        game = await humans_play(table, "cookie", seats, seed=4)
        assert not game.running
        async with web_client([storage], tmp_path) as (client, (links,)):
            token = links.token("game", game.id)
            assert "Zora" in (await page(client, f"/game/{token}"))[1]
            await forget_member(storage, 301, {"Zora"})
            for language, former in (("en", "a former player"), ("ru", "бывший игрок")):
                status, body = await page(client, f"/game/{token}?lang={language}&spoilers=on")
                assert status == 200 and "Zora" not in body and former in body, language
            server = links.token("server", GUILD)
            assert (await client.get(f"/server/{server}")).status == 200
            await storage.save_guild_settings(GUILD, {**await storage.guild_settings(GUILD), "web": False})
            for path in (f"/game/{token}", f"/game/{token}/picture/1.png", f"/server/{server}"):
                assert (await client.get(path)).status == 404, "web:off: the server's pages are gone"
    finally:
        await storage.close()


async def test_a_page_many_ask_for_at_once_is_made_once_and_again_when_the_game_changes(
    database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = await open_storage(database.target)
    try:
        game = await finished(Table(storage), "cookie", 4, seed=3)
        loads: list[int] = []
        real = app.load_record

        async def counted(storage: Storage, game_id: int) -> Record | None:
            loads.append(game_id)
            await asyncio.sleep(0.05)  # long enough for every request to ask while it is being made
            return await real(storage, game_id)

        monkeypatch.setattr(app, "load_record", counted)
        async with web_client([storage], tmp_path) as (client, (links,)):
            path = f"/game/{links.token('game', game.id)}"
            answers = await asyncio.gather(*(page(client, path) for _ in range(20)))
            assert {status for status, _ in answers} == {200} and len({body for _, body in answers}) == 1
            assert loads == [game.id], "read once for twenty readers"
            await page(client, path + "?spoilers=on")
            assert loads == [game.id], "the record is kept: another variant of the page reads nothing again"
            seats = [{**seat, "name": "Renamed"} if seat["name"] == "Bot1" else seat for seat in game.row.seats]
            await storage.update_game(game.id, seats=seats)  # the game changed: its page is made again
            status, renamed = await page(client, path)
            assert status == 200 and loads == [game.id, game.id] and "Renamed" in renamed and "Bot1" not in renamed
    finally:
        await storage.close()
