"""Sword of Lies in Discord: buy-ins at /join, trades, interrogations, bets (preset buttons and
the exact-amount modal), reveals, negotiation and war orders, to the results and leaderboard."""

from __future__ import annotations

from pathlib import Path

from games import registry
from tests.discord.world import assert_no_private_text_in_channel, world

SEED = 11  # with these buy-ins the players' choices include a trade, bets, a payment and a war



async def test_a_full_game_with_trades_bets_and_war(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        low = await w.slash(w.users[0], "sword-of-lies new", buy_in=500)
        assert "1,000" in w.standin.message(low.original_message_id).text, "a buy-in below the minimum is refused"
        await w.slash(w.users[0], "sword-of-lies new", buy_in=1500)
        await w.slash(w.users[1], "join")
        await w.slash(w.users[2], "join", buy_in=2000)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        await w.gm.storage.update_game(row.id, seed=SEED)
        await w.slash(w.users[0], "start")
        game = w.game(row.id)
        assert game is not None and game.row.seed == SEED
        await w.play_to_end(row.id)
        await w.gm.drained()

        engine = registry.engine("sword-of-lies")
        stored = await w.gm.storage.load_game(row.id)
        assert stored is not None and stored.status == "finished"
        state = engine.load(stored.state)
        assert engine.chips(state) == 1500 + 1000 + 2000, "chips are conserved"
        keys = {e.key for e in await w.gm.storage.events(row.id)}
        for key in ("sol-event-trade", "sol-event-bet", "sol-event-paid", "sol-event-attack", "sol-event-game-over"):
            assert key in keys, key
        await assert_no_private_text_in_channel(w, row.id)
        modal_bets = [r for r in w.standin.interactions.values() if r.type.name == "MODAL_SUBMIT"]
        assert modal_bets, "some amounts went through the exact-amount modal"

        board = await w.slash(w.users[0], "sword-of-lies leaderboard")
        text = w.standin.message(board.original_message_id).text
        results = engine.results(state)
        assert results is not None
        for net in results.scores:
            assert f"{net:,}" in text, (net, text)
