"""The scale run's counted requests by kind of table and what each was (tests/bench/scale/counted.py): a table's
channel, a thread of it and its members' DMs are its kind's; the join test DM, prompts and edits apart."""

from __future__ import annotations

from collections import Counter

from tests.bench.scale.counted import TOKEN_MINUTES, Sorter, lines
from tests.discord_standin import DiscordStandIn, RecordedRequest
from tests.discord_standin.models import InteractionType
from tests.discord_standin.threads import add_thread


def request(method: str, path: str, route: str, body: object = None) -> RecordedRequest:
    return RecordedRequest(method, path, {}, body, [], 0.0, route=route)


async def test_each_counted_request_is_its_tables_kinds_and_says_what_it_was() -> None:
    standin = DiscordStandIn(spec=False, flood_limit=None)
    guild = standin.add_guild("Server 0")
    cookie = standin.add_channel(guild, "cookie-quick-0")
    mafia = standin.add_channel(guild, "mafia-forum-1")
    player = standin.add_user("t0p3")
    dm = standin.dm_channel(player)
    graveyard = add_thread(standin, mafia, "graveyard")
    sorter = Sorter(standin, ["cookie-quick", "mafia-forum"])
    messages = "/channels/{channel_id}/messages"
    assert sorter.sort(request("POST", "/users/@me/channels", "/users/@me/channels", {"recipient_id": str(player.id)})
                       ) == ("cookie-quick", "DM channel opened")
    assert sorter.sort(request("POST", f"/channels/{dm.id}/messages", messages, {"content": "👋 I will send"})
                       ) == ("cookie-quick", "join test DM")
    assert sorter.sort(request("POST", f"/channels/{dm.id}/messages", messages,
                               {"content": "Round 1", "components": [{}]})
                       ) == ("cookie-quick", "DM message with buttons posted, no click there yet")
    assert sorter.sort(request("PATCH", f"/channels/{cookie.id}/messages/5", messages + "/{message_id}",
                               {"content": "status"})) == ("cookie-quick", "channel message edited")
    assert sorter.sort(request("POST", f"/channels/{graveyard.id}/messages", messages, {"content": "feed"})
                       ) == ("mafia-forum", "thread message posted")
    assert sorter.sort(request("PUT", f"/channels/{mafia.id}/permissions/9", "/channels/{channel_id}/permissions/"
                               "{overwrite_id}")) == ("mafia-forum", "channel: PUT /channels/{channel_id}/permissions/"
                                                                     "{overwrite_id}")
    shown = lines(Counter({("cookie-quick", "join test DM"): 10, ("cookie-quick", "DM channel opened"): 5}), 5.0,
                  Counter({"cookie-quick": 5}))
    assert shown[1] == "    cookie-quick: 3.00/s, 3.0 per game finished (5)"
    assert shown[2].split() == ["2.00/s", "2.0/game", "join", "test", "DM"]


async def test_a_dm_post_says_how_long_before_it_its_member_clicked_there_and_follow_ups_are_counted_apart() -> None:
    standin = DiscordStandIn(spec=False, flood_limit=None)
    guild = standin.add_guild("Server 0")
    standin.add_channel(guild, "cookie-quick-0")
    player = standin.add_user("t0p1")
    dm = standin.dm_channel(player)
    sorter = Sorter(standin, ["cookie-quick"])
    click = standin._new_interaction(InteractionType.APPLICATION_COMMAND, player, dm, {}, "ru")
    click.sent_at = 100.0
    callback = RecordedRequest("POST", f"/interactions/{click.id}/{click.token}/callback", {}, {}, [], 100.2,
                               route="/interactions/{interaction_id}/{interaction_token}/callback", status=204)
    follow_up = RecordedRequest("POST", f"/webhooks/{standin.application_id}/{click.token}", {}, {}, [], 101.0,
                                route="/webhooks/{webhook_id}/{webhook_token}", status=200)
    for record in (callback, follow_up):
        await sorter._handled(record, "handled")
    assert sorter.sorted == [(101.0, "cookie-quick", "DM follow-up posted (not counted)")]
    post = "/channels/{channel_id}/messages"
    for at, said in ((130.0, "under 1 min"), (400.0, "1–15 min"), (100.0 + 15 * 60, f"over {TOKEN_MINUTES} min")):
        assert sorter.sort(RecordedRequest("POST", f"/channels/{dm.id}/messages", {}, {"content": "Night"}, [], at,
                                           route=post)) == ("cookie-quick", f"DM message posted, their newest click "
                                                                            f"there {said} before")
    shown = lines(Counter({("cookie-quick", "DM message posted, no click there yet"): 2,
                           ("cookie-quick", "DM follow-up posted (not counted)"): 8}), 1.0, Counter())
    assert shown[1] == "    cookie-quick: 2.00/s"  # the follow-ups are beside the counted, not in them
    assert [line.split()[0] for line in shown[2:]] == ["8.00/s", "2.00/s"]
