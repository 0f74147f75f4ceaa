"""The web record's links in Discord, with its pages served in the bot's own process (WEB_PORT): the last
message of a finished game carries its page's link, `/history` each game's and the server's, `/history game:`
the game's; `/gm settings web:off` takes the links away and the pages with them."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp

from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import open_game, world
from tests.web.games import free_port

LINK = re.compile(r"<(http://127\.0\.0\.1:\d+/(?:game|server)/[^>]+)>")


async def fetched(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


async def test_a_finished_game_links_its_page_and_web_off_takes_links_and_pages_away(tmp_path: Path, standin) -> None:
    port = free_port()
    async with world(tmp_path, 4, standin=standin, locales=("en-US",), web_port=port) as w:
        game_id = await open_game(w, players=4)
        await w.play_to_end(game_id)
        await w.gm.drained()
        last = next(m for m in reversed(w.standin.channel_view(w.channel)) if "📜" in m.content)
        assert {a.filename for a in last.attachments} == {f"game-{game_id}-ru.txt", f"game-{game_id}.json"}
        (link,) = LINK.findall(last.content)
        assert link.startswith(f"http://127.0.0.1:{port}/game/{game_id}-"), "PUBLIC_URL unset: WEB_HOST and WEB_PORT"
        status, body = await fetched(link)
        assert status == 200 and f"Печенька №{game_id}" in body and "Game Night · #general" in body
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and all(str(seat["name"]) in body for seat in row.seats), "the players, named"

        listing = answer_text(w, await w.slash(w.users[3], "history"))
        links = LINK.findall(listing)
        assert link in links and any("/server/" in found for found in links), listing
        server = next(found for found in links if "/server/" in found)
        status, page = await fetched(server)
        assert status == 200 and f"/game/{link.rsplit('/', 1)[1]}" in page
        call = await w.slash(w.users[0], "history", game=game_id)
        assert link in w.standin.message(call.original_message_id).text

        settings = answer_text(w, await w.slash(w.moderator, "gm settings", web="off"))
        assert "Web pages of games: off" in settings
        assert not LINK.findall(answer_text(w, await w.slash(w.users[3], "history")))
        assert (await fetched(link))[0] == 404 and (await fetched(server))[0] == 404
        await w.slash(w.moderator, "gm settings", web="on")
        assert link in answer_text(w, await w.slash(w.users[3], "history"))
        assert (await fetched(link))[0] == 200


async def test_without_web_port_or_public_url_no_link_is_given(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        await w.play_to_end(game_id)
        await w.gm.drained()
        last = next(m for m in reversed(w.standin.channel_view(w.channel)) if "📜" in m.content)
        assert "/game/" not in last.content and "🌐" not in last.content, "no pages served: no link"
        assert "🌐" not in answer_text(w, await w.slash(w.users[3], "history"))
