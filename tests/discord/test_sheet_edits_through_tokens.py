"""An order sheet's DM message made as the follow-up of a player's click is edited through that click's token
while it works (issue 41): its next steps and its closing are then no counted request (Discord's global rate
limit), as the game's status message already is. One posted the ordinary way is edited the ordinary way."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn

SEED = 20261122


async def test_sheet_messages_made_by_a_follow_up_are_edited_through_its_token_not_counted(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: SEED)
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w, "castle", max_rounds=3)
        await w.play_to_end(game_id)
        await w.gm.drained()
        await standin.settle()
        made_by_tokens = {
            int(r.response["id"]) for r in standin.requests
            if r.method == "POST" and r.path.startswith("/webhooks/") and isinstance(r.response, dict)
            and "id" in r.response
        }
        edits = [r for r in standin.requests if r.method == "PATCH" and r.route
                 and r.route.endswith("/messages/{message_id}")]
        sheet_edits = [r for r in edits if int(r.path.rsplit("/", 1)[1]) in made_by_tokens]
        assert sheet_edits, "the game edited messages its players' clicks made"
        counted = [str(r) for r in sheet_edits if standin.counted(r)]
        assert counted == [], "edited through the token that made them"
        assert all(200 <= r.status < 300 for r in sheet_edits)
