"""Sword of Lies in Discord: buy-ins at /join, trades, interrogations, bets (preset buttons and
the exact-amount modal), reveals, negotiation and war orders, to the results and leaderboard."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import normalize, t
from games import registry
from games.sword_of_lies import ENGINE
from games.sword_of_lies.phase2 import BET
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


async def test_a_player_made_done_who_is_paid_can_pay_with_the_pay_command(tmp_path: Path, standin) -> None:
    """Issue 35: both short stacks go all-in and bring no swords to the war, so "Done" is made for them;
    the big stack pays one of them, who can then pay in turn (the rules: at any time in the negotiation)."""
    async with world(tmp_path, 3, standin=standin) as w:
        await w.slash(w.users[0], "sword-of-lies new", buy_in=3000)
        await w.slash(w.users[1], "join")
        await w.slash(w.users[2], "join")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        await w.gm.storage.update_game(row.id, seed=SEED)
        await w.slash(w.users[0], "start")
        game = w.game(row.id)
        assert game is not None
        while game.state.phase != "negotiation":
            prompt = next(p for p in game.state.prompts if not p.answered)
            value: str | int = ENGINE.default_action(game.state, prompt).value  # passes and the leftmost card
            if prompt.key == BET:
                can = {o.value for o in prompt.options if o.disabled is None}
                value = 1000 if prompt.seat == 0 and prompt.high and prompt.high >= 1000 else next(
                    v for v in ("call", "all_in", "check") if v in can)
            call = await w.answer(game, prompt, value)
            assert not call.errors, call.callbacks
        table = game.state.table
        assert [table[s].stack for s in (1, 2)] == [0, 0], "both short stacks are all-in"
        done = next(s for s in (1, 2) if table[s].swords == 0)  # the other may hold the +4 swords
        other = 3 - done
        assert table[done].ready and done not in [p.seat for p in game.state.prompts], "made Done"
        broke = w.user_of(game, done)
        refused = await w.slash(broke, "sword-of-lies pay", player=w.users[0], chips=1)
        assert w.standin.message(refused.original_message_id).text == t(normalize(broke.locale), "sol-error-no-chips")

        await w.slash(w.users[0], "sword-of-lies pay", player=w.user_of(game, done), chips=100)
        assert done in [p.seat for p in game.state.prompts if not p.answered], "the paid player is asked again"
        payer, payee = w.user_of(game, done), w.user_of(game, other)
        paid = await w.slash(payer, "sword-of-lies pay", player=payee, chips=40)
        answer = w.standin.message(paid.original_message_id).text
        assert answer == t(normalize(payer.locale), "sol-pay-done", chips=40, player=payee.username), answer
        assert [game.state.table[s].stack for s in (done, other)] == [60, 40]
        prompt = next(p for p in game.state.prompts if p.seat == done)
        clicked = await w.answer(game, prompt, "ready")  # its Done button is in the channel again
        assert not clicked.errors and game.state.table[done].ready
        assert ENGINE.chips(game.state) == 5000
