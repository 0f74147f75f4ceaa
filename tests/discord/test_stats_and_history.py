"""Results, statistics, the shared leaderboard and the history through the stand-in: a finished
Cookie game's results with the roles held, `/stats`, `/leaderboard game:` (the rating table, after the
server's minimum of rated games), `/history` and a game's
transcript for its players and moderators only; the status message counts simultaneous choices."""

from __future__ import annotations

import json
import time
from pathlib import Path

from games import registry
from games.core.rng import derived
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import open_game, world


async def test_results_stats_leaderboard_and_history_of_a_finished_cookie_game(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        early = await w.slash(w.users[0], "history", game=game_id)
        assert "not over yet" in answer_text(w, early)
        await w.play_to_end(game_id)
        await w.gm.drained()
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        engine = registry.engine("cookie")
        results = engine.results(engine.load(row.state))
        assert results is not None and results.roles is not None
        assert all(len(held) == 4 for held in results.roles), "Cookie: one role per round (4 rounds)"

        stored = await w.gm.storage.player_results(w.guild.id, w.users[1].id)
        assert stored == [("cookie", results.scores[1], int(1 in results.winners), results.roles[1])]

        mine = answer_text(w, await w.slash(w.users[1], "stats"))
        assert "1 game" in mine and f"points {results.scores[1]}" in mine and "· as " in mine
        theirs = answer_text(w, await w.slash(w.users[0], "stats", player=w.users[2]))
        assert row.seats[2]["name"] in theirs and f"points {results.scores[2]}" in theirs
        nobody = answer_text(w, await w.slash(w.users[4], "stats"))
        assert "no finished games" in nobody

        waiting = answer_text(w, await w.slash(w.users[4], "leaderboard", game="cookie"))
        assert "Nobody has played enough rated Cookie games in Season 1 yet (5 needed)" in waiting
        await w.slash(w.moderator, "gm settings", leaderboard_games=1)
        board = answer_text(w, await w.slash(w.users[4], "leaderboard", game="cookie"))
        assert "Cookie, Season 1: the rating on this server" in board
        for seat in range(4):
            assert f"<@{w.users[seat].id}>" in board
        assert board.count("(1 rated game)") == 4
        assert "Nobody has played" in answer_text(w, await w.slash(w.users[4], "leaderboard", game="maskmen"))

        listing = answer_text(w, await w.slash(w.users[4], "history"))
        assert f"#{game_id}" in listing and "page 1 of 1" in listing

        refused = await w.slash(w.users[4], "history", game=game_id)
        assert "Only the players" in answer_text(w, refused)
        for reader in (w.users[0], w.moderator):
            call = await w.slash(reader, "history", game=game_id)
            message = w.standin.message(call.original_message_id)
            assert message.ephemeral
            files = {a.filename: a.data for a in message.attachments}
            assert set(files) == {f"game-{game_id}-en.txt", f"game-{game_id}.json"}
            readable = files[f"game-{game_id}-en.txt"].decode()
            assert "transcript" in readable and "🔒" in readable and "🏆" in readable
            record = json.loads(files[f"game-{game_id}.json"])
            assert record["id"] == game_id and record["events"] and "reveal" in record


async def test_the_status_counts_simultaneous_choices_and_names_a_turn(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        assert game.row.language == "ru"
        prompt = game.state.prompts[0]
        await w.answer(game, prompt, prompt.options[0].value)
        status = w.gm.status_text(game)
        assert "Выбор сделан: 1 из 4" in status and "Ждём" not in status
        for name in (s.name for s in game.seats):
            assert name not in status.split("Выбор сделан")[1]


async def test_an_absent_player_is_replaced_by_a_bot_after_missed_deadlines_and_comes_back(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        settings = await w.slash(w.moderator, "gm settings", absent_after=2)
        assert "after 2 missed deadlines in a row" in answer_text(w, settings)
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        away = w.users[3]
        seat = game.seat_of(away.id)
        assert seat is not None

        async def others_answer() -> None:
            for _ in range(50):
                prompt = next((p for p in game.state.prompts if not p.answered and p.seat != seat), None)
                if prompt is None:
                    return
                action = game.engine.bot_action(game.state, prompt, derived(0, "t", game.state.step, prompt.id))
                await w.answer(game, prompt, action.value)

        async def miss() -> None:
            await others_answer()
            prompt = next(p for p in game.state.prompts if not p.answered and p.seat == seat)
            game.dues[prompt.id] = time.time() - 1
            outcome = await w.gm.table.expire(game_id, prompt.id)
            assert outcome.ok, outcome.refusal

        await miss()
        assert game.row.meta["misses"][str(seat)]["count"] == 1 and not game.seats[seat].bot
        await miss()
        assert game.seats[seat].bot and game.seat_of(away.id) is None
        await w.gm.drained()
        await w.standin.settle()
        channel = w.standin.transcript(w.channel)
        assert "in a row: a bot player takes the seat" in channel or "место занимает бот" in channel
        assert "Moderators: a bot took" in channel or "Модераторам" in channel
        assert any("/back" in m.text and f"#{game_id}" in m.text for m in w.standin.dm_view(away))
        stranger = await w.slash(w.users[0], "back")
        assert "no seat a bot took" in answer_text(w, stranger)

        # the DM carries a button that does what /back does, for that game
        button = w.message_with(f"gmb|{game_id}", away, public=False)
        assert button is not None, [m.text for m in w.standin.dm_view(away)]
        returned = await w.standin.click(away, custom_id=f"gmb|{game_id}", message=button)
        await returned.wait_response()
        await w.standin.settle()
        assert not returned.errors and "Welcome back" in answer_text(w, returned)
        again = await w.standin.click(away, custom_id=f"gmb|{game_id}", message=button)
        await again.wait_response()
        await w.standin.settle()
        assert f"no seat of yours in game #{game_id}" in answer_text(w, again)
        assert game.seat_of(away.id) == seat and "absent" not in game.row.meta
        await others_answer()
        mine = [p for p in game.state.prompts if p.seat == seat]
        assert mine and not any(p.answered for p in mine), "the next prompt is the returning player's own"
        await w.gm.drained()
        channel = w.standin.transcript(w.channel)
        assert "is back and plays their seat again" in channel or "снова в игре" in channel
        assert away.id in await w.gm.table.players_ever(game_id)
        for _ in range(50):  # on to the placements: one public prompt at a time names its player
            prompt = next(p for p in game.state.prompts if not p.answered)
            if not prompt.secret:
                break
            await w.answer(game, prompt, prompt.options[0].value)
        assert not prompt.secret and len(game.state.prompts) == 1
        status = w.gm.status_text(game)
        assert "Ждём" in status and game.seats[prompt.seat].name in status.split("Ждём")[1]
