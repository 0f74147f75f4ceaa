"""The web record's pictures and the server's page, on both backends: a Castle game's boards inline and its
replay (one frame a round with that round's orders drawn on it, then the end) and its animated GIF; the
server's page with its counts, standings, last games and Mafia's wins by side."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

from PIL import Image

from bot.live import Seat
from bot.privacy import purge_finished
from bot.ratings.reading import standings
from bot.storage import open_storage
from bot.table import Table
from bot.web.pictures import DiskCache
from bot.web.record import load_record
from bot.web.replay_frames import frames, game_gif
from games import registry
from games.castle.scene import BOARD_SHOWN_AFTER
from tests.runtime.databases import Database
from tests.runtime.helpers import pick
from tests.web.games import GUILD, finished, humans_play, page, web_client


async def test_a_castle_game_replays_round_by_round_with_its_orders_and_as_one_gif(
    database: Database, tmp_path: Path
) -> None:
    storage = await open_storage(database.target)
    try:
        game = await finished(Table(storage), "castle", 3, seed=11, options={"max_rounds": 5})
        record = await load_record(storage, game.id)
        assert record is not None
        rounds = sum(1 for e in record.events if e.key == "castle-round")
        shown = frames(record)
        assert [f.round for f in shown] == [*range(1, rounds + 1), None], "each round's start, then the end"
        assert any(f.marks.moves for f in shown), "the rounds' moves are drawn"
        async with web_client([storage], tmp_path) as (client, (links,)):
            token = links.token("game", game.id)
            status, body = await page(client, f"/game/{token}")
            assert status == 200 and len(re.findall(r'<li class="picture">', body)) == rounds + 1
            status, replay = await page(client, f"/game/{token}/replay?step=2")
            assert status == 200 and "Round 2 · 2 of" in replay and 'src="replay/2.png?lang=en"' in replay
            board = await client.get(f"/game/{token}/replay/2.png")
            assert board.status == 200 and Image.open(io.BytesIO(await board.read())).size == (900, 1000)
            for bad in ("0", str(rounds + 2), "99999999999999999999999"):
                assert (await client.get(f"/game/{token}/replay?step={bad}")).status == 404
            assert (await client.get(f"/game/{token}/replay?step=two")).status == 400
            response = await client.get(f"/game/{token}/game.gif?lang=ru")
            whole = await response.read()
            gif = Image.open(io.BytesIO(whole))
            assert response.status == 200 and gif.format == "GIF" and gif.is_animated
            assert gif.n_frames == rounds + 1, "one frame per round, then the end"
        short = await game_gif(storage, game.id, "ru", limit=len(whole) // 2, cache=DiskCache(tmp_path))
        assert short is not None and len(short) <= len(whole) // 2, "within Discord's limit: fewer rounds"
        assert 1 < Image.open(io.BytesIO(short)).n_frames < rounds + 1
    finally:
        await storage.close()


async def test_the_servers_page_counts_ranks_and_links_its_games(database: Database, tmp_path: Path) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        cookie = await humans_play(table, "cookie", [Seat(name="Вера", user_id=11), Seat(name="Глеб", user_id=12),
                                                     Seat(name="Bot", bot=True), Seat(name="Bot2", bot=True)])
        mafia = await finished(table, "mafia", 10, seed=5)
        maskmen = await finished(table, "maskmen", 3, seed=2)
        await finished(table, "cookie", 4, seed=9, guild_id=GUILD + 1)  # another server's
        async with web_client([storage], tmp_path) as (client, (links,)):
            status, body = await page(client, f"/server/{links.token('server', GUILD)}?lang=ru")
            assert status == 200 and "Клуб «Полночь»: игры сервера" in body.replace("&#34;", '"')
            played = dict(re.findall(r"<li><span>([^<]+)</span> <strong>(\d+)</strong></li>", body))
            assert played == {"Печенька": "1", "Маскмены": "1", "Мафия героев": "1"}
            assert "Вера" in body and "Глеб" in body, "the standings name the members"
            links_in = re.findall(r'href="\.\./game/([^"?]+)\?lang=ru"', body)
            assert [links.number("game", token) for token in links_in] == [maskmen.id, mafia.id, cookie.id]
            for token in links_in:
                assert (await client.get(f"/game/{token}")).status == 200
            results = mafia.engine.results(mafia.state)
            assert results is not None and results.roles is not None
            sides = registry.spec("mafia").sides
            assert sides is not None
            won = sides.winner([(seat in results.winners, results.roles[seat]) for seat in range(10)])
            shares = re.findall(r"<td class=\"number\">(\d+) \((\d+)\xa0%\)</td>", body)
            assert len(shares) == 3 and shares[["law", "mafia", "draw"].index(won)] == ("1", "100")
            assert '<td>Вера</td><td class="number">' not in body, "one rated game is short of the table's five"
            await storage.save_guild_settings(GUILD, {**await storage.guild_settings(GUILD), "leaderboard_games": 1})
            status, body = await page(client, f"/server/{links.token('server', GUILD)}?lang=ru")
            rated = {row.user_id: row.rating for row in await standings(storage, GUILD, "cookie")}
            assert set(rated) == {11, 12}, "bot players are never rated"
            assert f"<td>Вера</td><td class=\"number\">{rated[11]}</td>" in body, "the table /leaderboard shows"

            assert await purge_finished(storage, 1, now=time.time() + 3 * 86_400) == 4  # KEEP_FINISHED_DAYS, all 4
            status, body = await page(client, f"/server/{links.token('server', GUILD)}?lang=ru")
            assert status == 200 and "Печенька №1" in body and "../game/" not in body, "a purged record is not linked"
            assert "Вера" in body, "its results still count"
    finally:
        await storage.close()


async def test_a_rolled_back_game_shows_the_boards_the_channel_was_shown(database: Database, tmp_path: Path) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage)
        seats = [Seat(name=f"Player{n}", user_id=700 + n) for n in range(3)]
        game = await humans_play(table, "castle", seats, seed=11, steps=40, options={"max_rounds": 4})
        assert game.running and (await table.rollback(game.id, game.state.step - 15)).ok
        played = await table.get(game.id)
        assert played is not None
        while played.running:
            prompt, action = pick(played)
            assert (await table.act(played.id, prompt.seat, action)).ok
        record = await load_record(storage, game.id)
        assert record is not None and record.final is not None
        shown = [e for e in record.events if e.key in BOARD_SHOWN_AFTER]
        assert len(record.pictures) == len({e.action_seq for e in shown}), "each board the channel was shown"
        assert record.pictures[-1].view == record.engine.view(record.final, None), "the replay follows the rollback"
    finally:
        await storage.close()
