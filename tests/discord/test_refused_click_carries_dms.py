"""Any answered click in a member's DMs carries their next DM messages (issue 41: every counted request is capacity).
An interaction's token works 15 minutes and its follow-ups are not counted against Discord's global rate limit; a
click the game took always carried the member's next DMs, but a click it refused did not. At forum pace most of
those are late clicks on a phase already closed ("this choice has expired"), and in the scale run the next
phase's prompts then went to those players as counted messages (a fifth of the counted requests at 2,000 games)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.discord.mafia_world import fire_deadline
from tests.discord.test_dm_lines_folded import drafting
from tests.discord.test_mafia_channel import settled
from tests.discord_standin import DiscordStandIn

EXPIRED = re.compile(r"expired|устарел")


async def test_a_late_click_refused_in_dms_carries_the_next_rounds_cards(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with drafting(tmp_path, standin, monkeypatch) as (w, game, players):
        game_id = game.id
        late, *others = sorted(players)
        cards = next(p for p in game.state.prompts if p.seat == late and not p.answered)
        menu = f"gms|{game_id}|{cards.id}"
        shown = w.message_with_select(menu, cards.options[0].value, players[late], public=False)
        assert shown is not None, "the first round's cards in the late player's DMs"

        await fire_deadline(w, game)  # nobody picked: the bot picks for all three
        await standin.wait_for(lambda: game.state.draft.round == 2, what="the second round")  # type: ignore[attr-defined]
        await settled(w)
        click = await standin.select(players[late], [o.value for o in cards.options[:2]], custom_id=menu, message=shown)
        await click.wait_response()
        answer = click.callbacks[0]["body"]["data"]
        assert answer["flags"] & 64 and EXPIRED.search(answer["content"]), answer
        since = len(standin.requests)

        await fire_deadline(w, game)
        await standin.wait_for(lambda: game.state.draft.round == 3, what="the third round")  # type: ignore[attr-defined]
        await settled(w)

        dms = {n: standin.dm_channel(u).id for n, u in players.items()}
        requests = standin.requests[since:]
        counted = {n: [r for r in requests if r.method == "POST" and r.path == f"/channels/{dms[n]}/messages"]
                   for n in players}
        followed = [r for r in requests if r.method == "POST" and r.path.startswith("/webhooks/")
                    and standin.interaction_of(r) is standin.interactions[click.id]]
        assert counted[late] == [], "the late player's third-round cards went through their refused click's token"
        assert followed and followed[-1].body.get("components"), [r.body for r in followed]
        assert not any(standin.counted(r) for r in followed)
        for n in others:  # no click of theirs in their DMs: counted, as before
            assert len(counted[n]) == 1 and counted[n][0].body.get("components"), counted[n]
