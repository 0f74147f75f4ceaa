"""Delivery survives the bot process dying (issue 9, item 16): the real `python -m bot` is killed
with SIGKILL while it talks to the stand-in — as a channel post arrives, or after Discord made it but
before the bot heard back — and a new process on the same database sends what was not sent, once,
in order (the transactional outbox, and the nonce that makes a re-sent message idempotent)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.depth import count
from tests.discord.bot_process import (
    WINDOW,
    BotProcess,
    KillSwitch,
    Players,
    channel_lines,
    input_keys,
    public_lines,
    read_game,
    waiting_deliveries,
)
from tests.discord.test_restart import slash
from tests.discord_standin import Channel, DiscordStandIn, RecordedRequest, User

PLAYERS = 4
TRIALS = count(21, least=6)
"""Kills in the random-kill test: 21 in a deep run (tests/depth.py), 6 by default."""


def world(standin: DiscordStandIn) -> tuple[list[User], object]:
    guild = standin.add_guild("Game Night")
    users = [standin.add_user(f"p{i}") for i in range(PLAYERS)]
    for user in users:
        standin.add_member(guild, user)
    return users, guild


async def open_cookie(standin: DiscordStandIn, users: list[User], channel: Channel, db: Path) -> int:
    await slash(standin, users[0], "cookie new", channel)
    for user in users[1:]:
        await slash(standin, user, "join", channel)
    await slash(standin, users[0], "start", channel)
    import sqlite3

    with sqlite3.connect(db) as connection:
        return int(connection.execute(
            "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel.id,)
        ).fetchone()[0])


async def all_sent(standin: DiscordStandIn, db: Path) -> None:
    await standin.wait_for(lambda: waiting_deliveries(db) == 0, timeout=30, what="every delivery sent")
    await standin.settle(quiet=WINDOW * 4)


def status_message_ids(db: Path, game_id: int) -> set[int]:
    _, _, row = read_game(db, game_id)
    message_id = row["meta"].get("status_message")
    return {int(message_id)} if message_id else set()


def assert_lines_once_in_order(standin: DiscordStandIn, db: Path, game_id: int, channel: Channel) -> int:
    expected = public_lines(db, game_id)
    shown = channel_lines(standin, channel, expected, status_message_ids(db, game_id))
    assert shown == expected, (
        "the channel must show every public line of the game exactly once, in order\n"
        f"missing or extra: {sorted(set(expected) ^ set(shown))[:5]}\n{standin.transcript(channel)[-3000:]}"
    )
    return len(expected)


@pytest.mark.parametrize("phase", ["received", "handled"])
async def test_a_reveal_cut_off_by_sigkill_is_posted_once_after_restart(tmp_path: Path, phase: str) -> None:
    """Killed as the round's reveal goes to the channel (before Discord has it, or after it has it
    but before the bot knows): the new process posts the reveal, once, before the next prompts."""
    async with DiscordStandIn(flood_limit=None) as standin:
        users, guild = world(standin)
        channel = guild.channel("general")  # type: ignore[attr-defined]
        db = tmp_path / "bot.db"
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        killed: list[str] = []

        async def kill_at_reveal(record: RecordedRequest, at: str) -> bool | None:
            body = record.body if isinstance(record.body, dict) else {}
            if at == phase and not killed and record.method == "POST" and "🃏" in str(body.get("content", "")):
                bot.kill()
                killed.append(str(body["content"]))
                return phase == "received"
            return None

        try:
            await bot.start()
            game_id = await open_cookie(standin, users, channel, db)
            standin.request_hooks.append(kill_at_reveal)
            players = Players(standin, users, db)
            while not killed:
                assert await players.step(bot, game_id, channel) != "over"
            assert not bot.alive
            assert players.acked <= input_keys(db), "every acknowledged click is on disk"
            await bot.start()
            for _ in range(6):  # play on a little: the reveal must come before what follows it
                assert await players.step(bot, game_id, channel) == "played"
            await all_sent(standin, db)
            assert assert_lines_once_in_order(standin, db, game_id, channel) > 0
            if phase == "handled":  # a follow-up carries no nonce: the new process looked for it instead
                looked = standin.requests_to("GET", "/channels/{channel_id}/messages")
                assert standin.nonce_repeats or looked, "the message Discord had was not posted twice"
        finally:
            bot.stop()
    assert not standin.violations, standin.violations


async def test_random_sigkills_lose_no_action_and_no_line(tmp_path: Path) -> None:
    """At least TRIALS kills at seeded random points of Cookie games (about half of them in the middle
    of channel posts): every acknowledged click is on disk, every game resumes and finishes, and every
    public line reached its channel exactly once and in order."""
    rng = random.Random(9016)
    async with DiscordStandIn(flood_limit=None) as standin:
        users, guild = world(standin)
        db = tmp_path / "bot.db"
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]
        switch = KillSwitch(bot, rng)
        standin.request_hooks.append(switch)
        players = Players(standin, users, db)
        games: list[tuple[int, Channel]] = []
        try:
            await bot.start()
            while len(switch.kills) < TRIALS:
                assert len(games) < 6, f"too few kills happened: {switch.kills}"
                channel = standin.add_channel(guild, f"game-{len(games) + 1}")  # type: ignore[arg-type]
                switch.channels.add(channel.id)
                switch.armed = False  # the lobby is not under test here
                game_id = await open_cookie(standin, users, channel, db)
                games.append((game_id, channel))
                switch.arm()
                while True:
                    outcome = await players.step(bot, game_id, channel)
                    if outcome == "over":
                        break
                    if outcome == "dead" or not bot.alive:
                        bot.kill()  # wait for it to be gone
                        assert players.acked <= input_keys(db), "every acknowledged click is on disk"
                        await bot.start()
                        if len(switch.kills) < TRIALS:
                            switch.arm()
            switch.armed = False
            await all_sent(standin, db)
            lines = 0
            for game_id, channel in games:
                assert read_game(db, game_id)[0] == "finished"
                lines += assert_lines_once_in_order(standin, db, game_id, channel)
            assert players.acked <= input_keys(db)
        finally:
            bot.stop()
    print(
        f"\nkill trials: {len(switch.kills)} in {len(games)} games; acknowledged clicks: {len(players.acked)}, "
        f"lost: 0; public lines: {lines}, lost or duplicated: 0; messages Discord returned for a repeated "
        f"nonce: {len(standin.nonce_repeats)}"
    )
    for kill in switch.kills:
        print("  killed at", kill)
    assert len(switch.kills) >= TRIALS
    assert not standin.violations, standin.violations
