"""Maskmen in Discord: a whole game through slash commands and DM buttons, with the picture."""

from __future__ import annotations

from pathlib import Path

from games import registry
from tests.discord.world import assert_no_private_text_in_channel, open_game, world


async def test_a_full_maskmen_game_with_the_strength_order_picture(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin) as w:
        game_id = await open_game(w, "maskmen", seasons=1, season_end="first_out")
        await w.play_to_end(game_id)
        await w.gm.drained()
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        engine = registry.engine("maskmen")
        results = engine.results(engine.load(row.state))
        assert results is not None
        channel = w.standin.channel_view(w.channel)
        pictures = [a for m in channel for a in m.attachments if a.filename.endswith(".png")]
        assert pictures and all(p.data.startswith(b"\x89PNG") for p in pictures)
        assert all(p.description for p in pictures), "every picture has a text form for screen readers"
        text = w.standin.transcript(w.channel)
        assert ">" in text, "the strength order is also shown as text"
        events = await w.gm.storage.events(game_id)
        for seat in range(3):  # each hand goes to its player only
            assert any(e.key == "maskmen-hand" and e.audience == [seat] for e in events)
        await assert_no_private_text_in_channel(w, game_id)
