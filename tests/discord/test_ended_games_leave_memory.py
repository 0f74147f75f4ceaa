"""A game that ended leaves nothing of itself in the bot's memory but what is still to be sent (issue 41: a
live game's cost must not grow with the games that ended before it)."""

from __future__ import annotations

from pathlib import Path

from tests.discord.mafia_world import advance, at, click, sheet_prompt, start_mafia
from tests.discord.world import World, world


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def test_an_ended_game_keeps_no_order_sheet_text_not_even_of_a_seat_handed_to_a_bot(
    tmp_path: Path, standin
) -> None:
    """The text each order sheet's message shows is remembered while its phase lasts (to close it keeping the
    order). A seat handed to a bot player mid-phase is not told its sheet closed, and the end of the game then
    left that text in memory for good."""
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("night", 1))
        await settled(w)
        for seat in (1, 2):
            await click(w, game, seat, "~done")
        await settled(w)
        sheets = {(game.id, sheet_prompt(game, seat).sheet) for seat in (1, 2)}
        assert sheets <= set(w.gm.standing.sheet_texts), "the sheets' texts are remembered while the night lasts"

        removed = await w.slash(w.moderator, "gm remove", player=w.users[1])
        assert not removed.errors, removed.callbacks
        await settled(w)
        ended = await w.slash(w.moderator, "gm end")
        assert not ended.errors, ended.callbacks
        await settled(w)

        assert [key for key in w.gm.standing.sheet_texts if key[0] == game.id] == []
        assert [key for key in w.gm.standing.sheet_messages if key[0] == game.id] == []


async def test_an_ended_game_that_spoke_through_no_webhooks_leaves_no_lock_for_them(tmp_path: Path, standin) -> None:
    """Ending a game looks for its seats' webhooks to delete under a lock of the game's own; a game that had none
    (players named, not anonymous) returned early and left that lock in memory for good, one per game ever ended."""
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("night", 1))
        await settled(w)
        ended = await w.slash(w.moderator, "gm end")
        assert not ended.errors, ended.callbacks
        await settled(w)

        assert game.id not in w.gm.relay.hooks.locks


async def test_a_live_game_remembers_what_it_posted_of_its_open_prompts_only(tmp_path: Path, standin) -> None:
    """What was posted of each prompt (so that it is not posted twice) is remembered while the prompt is open; an
    answered one's was kept for the whole game, one more for every step of a forum-pace Mafia game."""
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("day", 1))
        await settled(w)

        remembered = {prompt_id for prompt_id, _ in w.gm.prompts.sent.get(game.id, set())}
        assert remembered, "the open prompts' posts are remembered"
        assert remembered <= {p.id for p in game.state.prompts}
