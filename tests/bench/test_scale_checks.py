"""The scale run's findings tell a game stalled with its messages still queued, or sent only after its players gave
up waiting, from one that waited for no queue."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from bot.discord.batches import follow_up_batch
from tests.bench.scale.checks import Findings, mark_queued, mark_sent_later, transcripts
from tests.bench.scale.stalls import MADE, stall_shapes
from tests.discord_standin.interactions import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE

BOT, CHANNEL = 99, 1234


def test_a_stalled_game_with_rows_waiting_is_told_apart_from_one_with_none() -> None:
    stalled = {7: "its players saw nothing move", 9: "a deadline overdue by 80 s"}
    rows = [
        {"game_id": 7, "state": 0}, {"game_id": 7, "state": 0}, {"game_id": 7, "state": 1},
        {"game_id": 9, "state": 1}, {"game_id": 11, "state": 0}, {"game_id": None, "state": 0},
    ]
    assert mark_queued(stalled, rows) == 1
    assert stalled == {7: "its players saw nothing move (2 of its rows still waiting to be sent)",
                       9: "a deadline overdue by 80 s"}


def test_a_stalled_games_waiting_rows_are_told_by_their_processes_their_adoptions_and_their_age() -> None:
    stop = 10_000.0
    rows = [
        # game 7: rows of processes 2 and 4 waiting; one of 4's was adopted from 2, which had it from 1
        {"id": 1, "game_id": 7, "owner": 4, "state": 0, MADE: stop - 500},
        {"id": 2, "game_id": 7, "owner": 2, "state": 0, MADE: stop - 30},
        {"id": 3, "game_id": 7, "owner": 2, "state": 1, MADE: stop - 900},  # sent: not waiting
        # game 9: one process's rows, never moved
        {"id": 4, "game_id": 9, "owner": 3, "state": 0, MADE: stop - 100},
        # game 11 has a row waiting but did not stall; game 12 stalled with nothing waiting
        {"id": 5, "game_id": 11, "owner": 3, "state": 0, MADE: stop - 50},
    ]
    shapes = stall_shapes([7, 9, 12], rows, {1: [(1, 2), (2, 4)], 5: [(1, 3)]}, stop)
    assert shapes.games == 2
    assert shapes.at_processes == {2: 1, 1: 1}
    assert shapes.adopted == 1 and shapes.chains == {"1→2→4": 1}
    assert sorted(shapes.ages) == [100.0, 500.0]
    line = shapes.line()
    assert "2 games" in line and "1 process: 1, 2 processes: 1" in line and "adopted: 1" in line
    assert "500 s (most)" in line


def test_the_findings_say_how_many_stalled_games_had_rows_waiting() -> None:
    stalled = {1: "x", 2: "y", 3: "z"}
    found = Findings(stalled=stalled, stalled_queued=mark_queued(stalled, [{"game_id": 1, "state": 0},
                                                                           {"game_id": 2, "state": 0}]))
    line = next(line for line in found.lines() if "stalled" in line)
    assert ("stalled: 3 (2 of them with rows still waiting to be sent, 0 with their messages shown after their"
            " players gave up, 1 waiting for no queue)") in line


def test_every_stalled_game_with_nothing_queued_is_listed_in_full() -> None:
    stalled = {index: "its players saw nothing move" for index in range(1, 7)}
    mark_queued(stalled, [{"game_id": 1, "state": 0}])
    found = Findings(stalled=stalled, stalled_queued=1)
    assert list(found.stalled_unqueued()) == [2, 3, 4, 5, 6]
    line = next(line for line in found.lines() if "stalled" in line)
    assert all(f"{game_id}: 'its players saw nothing move'" in line for game_id in range(2, 7))


def test_a_stalled_game_whose_messages_came_after_its_players_gave_up_waited_for_them() -> None:
    stalled = {3: "its players saw nothing move", 4: "its players saw nothing move",
               5: "its players saw nothing move (1 of its rows still waiting to be sent)"}
    gave_up = {3: (100.0, [CHANNEL, 77]), 4: (100.0, [CHANNEL + 1]), 5: (100.0, [CHANNEL])}
    bot, member = SimpleNamespace(id=BOT), SimpleNamespace(id=1)
    standin: Any = SimpleNamespace(bot_user=bot, messages={
        CHANNEL: [SimpleNamespace(author=bot, created_at=90.0, edited_at=120.0)],  # the status, edited later
        77: [SimpleNamespace(author=bot, created_at=130.0, edited_at=None)],  # a DM line, later
        CHANNEL + 1: [SimpleNamespace(author=bot, created_at=90.0, edited_at=None),
                      SimpleNamespace(author=member, created_at=150.0, edited_at=None)],  # a member's, not the bot's
    })
    assert mark_sent_later(stalled, gave_up, standin) == 1
    assert stalled[3] == "its players saw nothing move (2 messages shown after its players gave up waiting)"
    assert stalled[4] == "its players saw nothing move" and "gave up" not in stalled[5]
    found = Findings(stalled=stalled, stalled_queued=1, stalled_sent_later=1)
    assert list(found.stalled_unqueued()) == [4]
    line = next(line for line in found.lines() if "stalled" in line)
    assert ("stalled: 3 (1 of them with rows still waiting to be sent, 1 with their messages shown after their"
            " players gave up, 1 waiting for no queue)") in line


def shown(message_id: int, text: str, interaction: int) -> SimpleNamespace:
    """A follow-up the stand-in shows in the channel (no nonce; the interaction it followed)."""
    return SimpleNamespace(id=message_id, content=text, flags=0, history=[], visible_to=None, nonce=None,
                           author=SimpleNamespace(id=BOT), created_at=0.0,
                           interaction_metadata={"id": interaction, "type": 3})


def row(row_id: int, text: str, batch: int, state: int) -> dict[str, Any]:
    return {"id": row_id, "game_id": 5, "kind": "text", "step": 1, "channel_id": CHANNEL, "user_id": None,
            "state": state, "batch": batch, "owner": 1, "body": json.dumps({"text": text})}


def checked(
    messages: list[SimpleNamespace], rows: list[dict[str, Any]], answers: tuple[int, ...] = (),
    originals: dict[int, int] | None = None,
) -> Findings:
    """`answers`: the messages that are an interaction's own answer (its callback's message), not a follow-up;
    `originals`: other interactions' original messages → their callback's type (a deferred "thinking…" filled in
    by its first follow-up, a clicked message updated)."""
    records = {n: SimpleNamespace(original_message_id=n, response_type=CHANNEL_MESSAGE) for n in answers}
    records |= {n: SimpleNamespace(original_message_id=n, response_type=kind) for n, kind in (originals or {}).items()}
    standin: Any = SimpleNamespace(messages={CHANNEL: messages}, _dm_channels={}, bot_user=SimpleNamespace(id=BOT),
                                   interactions=records)
    found = Findings()
    transcripts(standin, rows, {}, {}, found)
    return found


def test_a_row_still_claimed_when_the_bots_stopped_owns_the_follow_up_it_was_shown_as() -> None:
    found = checked([shown(1, "🎞 The whole game.", 10), shown(2, "🎞 The whole game.", 11)],
                    [row(100, "🎞 The whole game.", -7, state=1), row(200, "🎞 The whole game.", -9, state=0)])
    assert found.doubled_messages == [] and found.missing_messages == []


def test_a_claimed_row_never_sent_is_not_missing_but_one_follow_up_too_many_is_a_second_copy() -> None:
    found = checked([shown(1, "⏳ Send your answer.", 10), shown(2, "⏳ Send your answer.", 10)],
                    [row(100, "⏳ Send your answer.", -7, state=1), row(200, "🃏 A card.", -9, state=0)])
    assert found.missing_messages == []
    assert len(found.doubled_messages) == 1 and "row 100 state 1" in found.doubled_messages[0]


def test_a_follow_up_is_matched_to_a_message_made_after_its_claim_not_to_a_same_worded_earlier_one() -> None:
    """Found by a full scale run ("shown twice 1, out of order 1"): a table's next game says the same lobby line
    again ("🤖 Bot player Ada takes a seat (3 of at most 4)."), the first time as /addbot's answer (no row's); the
    next game's row, claimed for a follow-up minutes later, was matched to that answer, and its own message counted
    as a second copy."""
    claimed = follow_up_batch(0, 200)  # the claim's moment, now
    earlier = (-claimed >> 22 << 22) - (60_000 << 22)  # a message made a minute before the claim
    later = (-claimed >> 22 << 22) + (1 << 22)  # its own, just after
    line = "🤖 Bot player Ada takes a seat (3 of at most 4)."
    found = checked([shown(earlier, line, 10), shown(later, line, 11)],
                    [row(200, line, claimed, state=1)])
    assert found.doubled_messages == [] and found.missing_messages == [] and found.out_of_order == []


def test_a_command_answer_after_a_rows_claim_with_the_same_words_is_not_a_second_copy() -> None:
    """Found by a full scale run ("shown twice 1"): the table's next game's /addbot answered with the line a row of
    the game before had said as a follow-up six minutes earlier ("🤖 Bot players Ada, Boris and Clara take seats").
    An interaction's own answer is never a row's message: only its follow-ups can be."""
    claimed = follow_up_batch(0, 200)
    own = (-claimed >> 22 << 22) + (1 << 22)
    answer = (-claimed >> 22 << 22) + (360_000 << 22)  # /addbot's answer, six minutes later
    line = "🤖 Bot players Ada, Boris and Clara take seats (4 of at most 5)."
    found = checked([shown(own, line, 10), shown(answer, line, 11)], [row(200, line, claimed, state=1)],
                    answers=(answer,))
    assert found.doubled_messages == [] and found.missing_messages == []
    assert checked([shown(own, line, 10), shown(answer, line, 11)], [row(200, line, claimed, state=1)]
                   ).doubled_messages, "the same message as a follow-up would be a second copy"


def test_a_row_shown_in_a_deferred_answer_or_in_a_message_clicked_since_is_not_missing() -> None:
    """Found by a full scale run (20,222 "missing"): the checker left out every interaction's original message, but
    a deferred "thinking…" is filled in by the first follow-up, which carries rows, and a clicked prompt that went
    as a follow-up is the original message of the click that updated it."""
    found = checked([shown(1, "🃏 Round 1: the cards are revealed.", 10), shown(2, "⏳ Your turn.", 11)],
                    [row(100, "🃏 Round 1: the cards are revealed.", -7, state=1),
                     row(200, "⏳ Your turn.", -9, state=1)],
                    originals={1: DEFERRED_CHANNEL_MESSAGE, 2: DEFERRED_UPDATE})
    assert found.missing_messages == [] and found.doubled_messages == []


def test_a_row_given_up_for_good_is_counted_apart_not_as_a_missing_message() -> None:
    """Found by a full scale run ("missing 3"): a graveyard's feed lines, claimed and then dropped when the feed could
    not go on, were listed as messages lost."""
    found = checked([], [row(100, "🪦 The graveyard opens.", 7, state=2), row(101, "⚔️ Round 2.", 8, state=1)])
    assert found.dropped == {"text": 1}
    assert len(found.missing_messages) == 1 and "⚔️ Round 2." in found.missing_messages[0]
    line = next(line for line in found.lines() if "messages of the outbox shown" in line)
    assert "rows given up for good, not shown: 1 {'text': 1}" in line
