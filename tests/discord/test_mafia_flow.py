"""Mafia of Heroes' public phase flow in Discord: the phase start with its deadline as a Discord
timestamp, the Leader vote as ONE live channel message edited as votes come in, the end-of-phase
report as one message within the channel's rate (a 12-player game whose whole day runs into its
deadline), the moderators told who gave no orders for two phases in a row, and the finished game's
log attached to its last message as a transcript and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from games.mafia.state import MafiaState
from tests.discord.mafia_world import advance, at, busiest_window, click, fire_deadline, start_mafia
from tests.discord.world import WINDOW, World, world


def channel_requests(w: World, since: int) -> dict[str, list[float]]:
    """Message creations and edits the bot sent since request `since`, per channel (their times)."""
    found: dict[str, list[float]] = {}
    for record in w.standin.requests[since:]:
        if record.method in ("POST", "PATCH") and record.path.startswith("/channels/") and "/messages" in record.path:
            found.setdefault(record.path.split("/")[2], []).append(record.at)
    return found


def messages_with(w: World, text: str) -> list:  # type: ignore[type-arg]
    return [m for m in w.standin.channel_view(w.channel) if text in m.content]


async def test_a_day_phase_start_live_leader_tally_and_one_report_within_the_channel_rate(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, 12, standin=standin) as w:
        game = await start_mafia(w, 12)
        await advance(w, game, at("day", 1))
        await w.gm.drained()
        await standin.settle()

        # the day's start says when it ends, as Discord timestamps (each reader sees their own time)
        due = int(min(game.dues[p.id] for p in game.state.prompts if p.deadline == "day"))
        (start,) = messages_with(w, "Day 1 begins")
        assert f"<t:{due}:F>" in start.content and f"<t:{due}:R>" in start.content, start.content
        (night,) = messages_with(w, "Night 1 begins")
        assert "<t:" in night.content, "Night 1 shows its deadline too"

        # six players vote at the veche and for a Leader; the Leader tally is one message, edited
        mark = len(standin.requests)
        for seat in range(6):
            await click(w, game, seat, "~edit:veche")
            await click(w, game, seat, str((seat + 3) % 12))
            await click(w, game, seat, "execution")
            await click(w, game, seat, "~edit:leader")
            await click(w, game, seat, "7" if seat != 5 else "8")
        await w.gm.drained()
        await standin.settle()
        (tally,) = messages_with(w, "The Leader vote, Day 1")
        posts = [r for r in standin.requests[mark:] if r.method == "POST" and "Leader vote, Day 1" in str(r.body)]
        assert len(posts) == 1, "the tally is posted once"
        assert len(tally.history) >= 1, "and then edited in place"
        assert "6 votes" in tally.content and "player7: 5 votes" in tally.content and "player8: 1 vote" in tally.content
        assert "player5 → player8" in tally.content

        # nobody presses Done: the whole day runs into its deadline, twelve orders at once
        mark = len(standin.requests)
        await fire_deadline(w, game)
        await standin.wait_for(lambda: game.state.phase == "night", timeout=20, what="the day's end")
        await w.gm.drained()
        await standin.settle()
        (report,) = messages_with(w, "Day 1 is over")
        for part in ("The veche. Votes per character", "For execution: 6. For beating: 0.", "The Leader vote:",
                     "player7 is the Leader", "Cards in hand:", "Night 2 falls."):
            assert part in report.content, (part, report.content)
        state = game.state
        assert isinstance(state, MafiaState)
        assert all(f"{game.seats[n].name}: {state.counts[n]}" in report.content for n in state.living())
        assert "damage" not in report.content.split("Day 1 is over")[1], "damage stays private"
        assert not messages_with(w, "Time ran out"), "who was still choosing is no public matter"
        per_channel = channel_requests(w, mark)
        busiest = {channel: busiest_window(times, WINDOW) for channel, times in per_channel.items()}
        where = f"/channels/{w.channel.id}/messages"
        posts = [r for r in standin.requests[mark:] if r.method == "POST" and r.path == where]
        print(f"\nthe day's end: the channel got {len(posts)} new message(s) and "
              f"{len(per_channel.get(str(w.channel.id), [])) - len(posts)} edits, at most "
              f"{busiest.get(str(w.channel.id))} in a window; every channel (DMs too) at most {max(busiest.values())}")
        assert len(posts) == 1, "the report is one message"
        assert max(busiest.values()) <= 5, busiest
        assert not standin.flood_problems(5, WINDOW)


async def test_moderators_are_told_who_gave_no_orders_for_two_phases(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 10, standin=standin) as w:
        role = standin.add_role(w.guild, "GM")
        await w.gm.storage.save_guild_settings(w.guild.id, {**await w.gm.storage.guild_settings(w.guild.id),
                                                            "gm_role_id": role.id})
        game = await start_mafia(w, 10, absent_players="remove")
        await advance(w, game, at("night", 1))
        away = 4
        for phase in (("night", 1), ("day", 1)):
            await advance(w, game, lambda s: all(s.sheets[n].done for n in s.sheets if n != away), skip=(away,))
            await fire_deadline(w, game)
            await standin.wait_for(lambda p=phase: (game.state.phase, game.state.number) != p, timeout=20)
        await w.gm.drained()
        await standin.settle()
        (notice,) = messages_with(w, "Moderators (game")
        assert notice.content.startswith(f"<@&{role.id}>"), notice.content
        assert str(role.id) in [str(r) for r in (notice.allowed_mentions or {}).get("roles", [])], "it pings them"
        assert "player4 has let 2 deadlines in a row pass without giving any orders" in notice.content
        assert "/gm remove" in notice.content, "the house rule's advice"
        assert not game.seats[away].bot, "absent_after is off: nobody takes the seat"


async def test_the_finished_game_posts_its_log_as_a_transcript_and_as_json(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 2, standin=standin) as w:
        game = await start_mafia(w, 0, bots=10)  # bot players play the whole game at once
        assert game.state.over
        await w.gm.drained()
        await standin.settle()
        channel = w.standin.channel_view(w.channel)
        (victory,) = [m for m in channel if "Who was who:" in m.content]
        assert "🏁" in victory.content and "Deck:" in victory.content, "the victory carries the full reveal"
        (final,) = [m for m in channel if m.attachments]
        assert "is over: its log is attached" in final.content
        files = {a.filename: a.data for a in final.attachments}
        assert set(files) == {f"game-{game.id}-en.txt", f"game-{game.id}.json"}
        record = json.loads(files[f"game-{game.id}.json"])
        assert record["status"] == "finished" and record["events"][-1]["key"].startswith("mafia-victory-")
        text = files[f"game-{game.id}-en.txt"].decode()
        assert "Everything revealed at the end:" in text and "Deck:" in text and "artifact" in text
        assert text.count("🔒") > 10, "the private messages are in the log too, marked"


async def test_a_forum_day_reminds_hours_before_in_dm_only_those_without_orders(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 10, standin=standin) as w:
        game = await start_mafia(w, 10, pace="forum")
        await advance(w, game, at("day", 1))
        await click(w, game, 0, "~done")  # seat 0 has sent its orders
        await w.gm.drained()
        await standin.settle()
        rows = await w.gm.storage.deadlines(game.id)
        assert {r.due - r.remind_at for r in rows if r.remind_at} == {3 * 3600}, "three hours before a 24 h day"
        before = len(w.standin.channel_view(w.channel))
        remind_at = min(r.remind_at for r in rows if r.remind_at)
        shift = -(remind_at - w.gm.table.clock()) - 1  # the day goes on until three hours are left
        await w.gm.storage.shift_deadlines(game.id, shift)
        game.dues = {k: v + shift for k, v in game.dues.items()}
        w.gm.table.deadlines_changed.set()
        await standin.wait_for(
            lambda: any("please send your answer" in m.content for m in w.standin.dm_view(w.users[1])),
            timeout=10, what="the reminder",
        )
        await w.gm.drained()
        await standin.settle()
        due = int(min(game.dues.values()))
        for seat in range(10):
            reminders = [m for m in w.standin.dm_view(w.users[seat]) if "please send your answer" in m.content]
            assert len(reminders) == (0 if seat == 0 else 1), seat
            if seat:
                assert f"the deadline is <t:{due}:R>" in reminders[0].content
        assert len(w.standin.channel_view(w.channel)) == before, "reminders go to DMs only"
        assert game.state.phase == "day", "and the day goes on"
