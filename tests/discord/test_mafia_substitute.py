"""A substitute takes a Mafia seat mid-game (`/gm replace`): they get in DM a catch-up dossier of the
seat — its secret role, deck, hand in order, sleeve, the other Mafia members, its orders so far and
every private message the seat received — then the seat's order sheet; the votes already given stay
with the seat; the old account's sheet loses its buttons, and its older buttons no longer act."""

from __future__ import annotations

from pathlib import Path

from games.mafia.state import MafiaState
from tests.discord.mafia_world import advance, at, click, sheet_prompt, start_mafia
from tests.discord.world import world


async def test_a_substitute_gets_the_dossier_and_the_old_account_can_no_longer_act(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 11, standin=standin) as w:
        game = await start_mafia(w, 10)
        await advance(w, game, at("day", 1))
        await w.gm.drained()
        await standin.settle()
        state = game.state
        assert isinstance(state, MafiaState)
        seat = state.mafia_seats()[0]
        old, new = w.users[seat], w.users[10]
        await click(w, game, seat, "~edit:leader")
        await click(w, game, seat, "3")  # a public Leader vote, given by the old account
        old_prompt = sheet_prompt(game, seat)
        sheet = old_prompt.sheet

        call = await w.slash(w.moderator, "gm replace", player=old, member=new)
        assert not call.errors, call.callbacks
        await w.gm.drained()
        await standin.settle()
        assert game.seat_of(new.id) == seat and game.seat_of(old.id) is None

        # the dossier comes first, then the seat's order sheet
        dms = w.standin.dm_view(new)
        assert len(dms) == 2, [m.content for m in dms]
        dossier, sheet_message = dms
        state = game.state
        assert isinstance(state, MafiaState)
        me = state.seats[seat]
        text = dossier.content
        assert text.startswith(f"📋 You take over seat {seat + 1} in Mafia of Heroes #{game.id}")
        names = {c.key: w.gm.text("en", f"mafia-card-{c.key}") for c in [*me.hand, *me.sleeve, *me.deck]}
        role = w.gm.text("en", f"mafia-role-{me.secret_role}")
        assert f"Your secret role: {role} (Mafia" in text
        hand = ", ".join(names[c.key] for c in me.hand)
        assert f"Hand, in order ({len(me.hand)}): {hand}" in text
        assert f"Deck ({len(me.deck)} cards" in text and f"Reserve: {len(me.reserve)} cards" in text
        for other in state.mafia_seats():
            if other != seat:  # the Mafia's information: who the others are
                assert f"{game.seats[other].name} — " in text and w.gm.text(
                    "en", f"mafia-role-{state.seats[other].secret_role}") in text
        assert "Your orders for Day 1 so far (not sent yet)" in text and "👑 Leader: player3" in text
        # the earlier private messages: in the message, or as a file when they do not fit
        whole = dossier.attachments[0].data.decode() if dossier.attachments else text
        log = whole.split("🗂", 1)[1].split("🔎 The seat now:", 1)[0]
        assert "Your secret role" in log and "Your opening hand" in log and "The Mafia at the start of Night 1" in log
        assert "Night 1 is over" not in log, "only what the seat was told in private"
        assert "You keep:" not in log and "Kept:" not in log, "not the confirmations of the draft's picks"
        assert any(b.get("custom_id", "").startswith(f"gm|{game.id}|{sheet}.") for b in sheet_message.buttons)

        # the vote belongs to the seat: still there, still in the live tally
        assert state.sheets[seat].parts["leader"] == ["3"]
        (tally,) = [m for m in w.standin.channel_view(w.channel) if "The Leader vote, Day 1" in m.content]
        assert f"{old.username} → player3" in tally.content, "as it was cast"

        # the old account's sheet has lost its buttons (tests/discord/test_mafia_polish.py); a button of
        # an earlier step still on its DMs (a draft pick) no longer acts
        assert w.message_with(f"gm|{game.id}|{old_prompt.id}|~edit:veche", old, False) is None
        message, custom_id = next(
            (m, str(b["custom_id"])) for m in reversed(standin.dm_view(old)) for b in m.buttons
            if str(b.get("custom_id", "")).startswith(f"gm|{game.id}|")
        )
        refused = await standin.click(old, custom_id=custom_id, message=message)
        response = await refused.wait_response()
        assert response["type"] == 4 and response["body"]["data"]["flags"] & 64
        assert w.gm.text("en", "error-not-in-game") in response["body"]["data"]["content"] or \
            w.gm.text("ru", "error-not-in-game") in response["body"]["data"]["content"]
        assert state.sheets[seat].editing is None, "nothing changed"

        # the substitute plays the seat
        await click(w, game, seat, "~edit:veche")
        await click(w, game, seat, str(next(n for n in state.living() if n != seat)))
        await click(w, game, seat, "beating")
        await click(w, game, seat, "~done")
        assert game.state.sheets[seat].done
        log_rows = await w.gm.storage.actions(game.id, kind="play")
        assert log_rows[-1].actor_id == new.id and log_rows[-1].seat == seat
