"""Private answers when Discord makes a message, then answers 5xx (issue 35 follow-up), through the stand-in.

A follow-up carries no nonce, and an ephemeral one can be found again only by its id, which the 5xx hid: no
endpoint lists an interaction's messages and no channel's history holds them. So a private answer is one
message, the interaction's own: its first line answers (or fills in "thinking…", which can be looked at),
every later line is added to it by an edit (made twice, an edit shows the same), and a game's files fill in
"thinking…" too. Before, discord.py sent each follow-up again after a 5xx: shown twice. And a click whose
answer fails after the move counted is told it counted, not "something went wrong"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import t
from bot.render import joined
from games import registry
from tests.discord.world import World, an_open_secret_prompt, open_game, world
from tests.discord_standin import DiscordStandIn, Message, User
from tests.discord_standin.server import RecordedRequest

WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
EPHEMERAL = 1 << 6
UPDATE_MESSAGE = 7


def private_follow_up(standin: DiscordStandIn) -> object:
    def accepts(request: RecordedRequest) -> bool:
        return standin.interaction_follow_up(request) and bool(int((request.body or {}).get("flags") or 0) & EPHEMERAL)

    return accepts


def seen_by(w: World, user: User, text: str) -> list[Message]:
    """The messages `user` sees in the game channel that hold `text`."""
    return [m for m in w.standin.channel_view(w.channel, user) if text in m.text]


async def test_a_games_record_discord_filled_in_before_a_500_is_sent_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """`/gm export` and `/history game:` answer "thinking…", then fill it with the game's files. Discord fills it,
    then answers 500: the bot finds it filled (before: discord.py sent the files again, a second message)."""
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w)
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, where=private_follow_up(standin))  # type: ignore[arg-type]
        export = await w.slash(w.moderator, "gm export", game_id=game_id)
        await standin.settle(quiet=1.5)  # longer than discord.py waited before sending it again
        assert failing.failed, "the files met the failure"
        shown = seen_by(w, w.moderator, t("en", "gm-export", id=game_id))
        assert len(shown) == 1, f"the export is shown {len(shown)} times"
        assert [a.filename for a in shown[0].attachments] == [f"game-{game_id}.json"], "with its file, whole"
        assert shown[0].id == export.original_message_id

        await w.gm.table.end(game_id)
        await w.gm.drained()
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, where=private_follow_up(standin))  # type: ignore[arg-type]
        player = w.users[0]
        await w.slash(player, "history", game=game_id)
        await standin.settle(quiet=1.5)
        assert failing.failed, "the transcript met the failure"
        shown = [m for m in standin.channel_view(w.channel, player) if m.ephemeral and m.attachments]
        assert len(shown) == 1, f"the transcript is shown {len(shown)} times"
        assert {a.filename for a in shown[0].attachments} == {f"game-{game_id}-en.txt", f"game-{game_id}.json"}
        assert all(a.data for a in shown[0].attachments), "read from their start"
        standin.assert_clean()


async def test_rules_longer_than_a_message_are_one_private_answer_shown_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """Castle's rules do not fit in one message's 2000 characters: the rest goes in the same answer (an embed),
    never in a follow-up that a 5xx would make twice and that nothing can look for (before: a second message,
    posted again after the 500)."""
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        reader = w.users[1]
        rules = t("en", registry.engine("castle").rules_key())
        _, rest = joined(rules.splitlines())
        standin.fail("POST", WEBHOOK, status=500, landed=True, times=5, where=private_follow_up(standin))  # type: ignore[arg-type]
        call = await w.slash(reader, "rules", game="castle")
        await standin.settle(quiet=1.5)
        assert not call.errors
        tail = rest.splitlines()[-1]
        shown = seen_by(w, reader, tail)
        assert len(shown) == 1, f"the rules' last line is shown {len(shown)} times"
        assert shown[0].id == call.original_message_id, "in the answer itself"
        assert all(line in shown[0].text for line in rules.splitlines()), "the whole rules, in one message"
        assert len(shown[0].content) <= 2000
        standin.assert_clean()


async def test_a_later_private_line_of_an_answer_is_added_to_it_and_shown_once(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/start answers "Game #N started" in its "thinking…"; then something fails on the bot's side, and the member is
    told so in the same answer (an edit) instead of in a second follow-up that Discord made, answered 500 and
    got again (before: "Something went wrong" shown twice)."""
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        host = w.users[0]
        await w.slash(host, "cookie new")
        for user in w.users[1:4]:
            await w.slash(user, "join")

        async def broken(lobby_id: int) -> None:
            raise RuntimeError("the disk is on fire")

        monkeypatch.setattr(w.gm, "retire_join_button", broken)
        failing = standin.fail("POST", WEBHOOK, status=500, landed=True, times=2, where=private_follow_up(standin))  # type: ignore[arg-type]
        call = await w.slash(host, "start")
        await standin.settle(quiet=1.5)
        assert failing.failed, "the answer met the failure"
        wrong = seen_by(w, host, t("en", "error-internal"))
        assert len(wrong) == 1, f"the failure is told {len(wrong)} times"
        assert wrong[0].id == call.original_message_id, "in the answer itself"
        started = seen_by(w, host, t("en", "lobby-started-you", id=(await w.gm.lobby.current(w.channel.id)).id))  # type: ignore[union-attr]
        assert [m.id for m in started] == [call.original_message_id], "the first line stays, once"


async def test_a_click_whose_answer_discord_never_took_is_told_the_move_counted(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """The move is in the game, then every try of the click's answer (the clicked message edited) meets a 503.
    The player is told the truth, in their language: the choice counted (before: "Something went wrong", so they
    thought it was lost)."""
    async with world(tmp_path, 4, standin=standin, locales=("ru",)) as w:
        game, prompt, before = await an_open_secret_prompt(w)
        game_id = game.id
        failing = standin.fail("POST", CALLBACK, status=503, times=3,
                               where=lambda r: (r.body or {}).get("type") == UPDATE_MESSAGE)
        call = await w.answer(game, prompt, prompt.options[0].value)  # (the failed tries reach no handler)
        await standin.settle(quiet=0.5)
        assert len(failing.failed) == 3, "every try of the answer failed"
        assert len(await w.gm.storage.actions(game_id)) == before + 1, "the move counted"
        told = str(call.callbacks[-1]["body"].get("data", {}).get("content", ""))
        assert t("ru", "error-internal") not in told
        assert told.startswith("✅") and "учтён" in told, told
