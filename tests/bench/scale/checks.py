"""What the scale run checks once it is over (the bots stopped, everything they sent on disk):

- every game's log replays to its saved state (`Table.replay`: the seed and the live play actions);
- every click the bot told its player it took is in the game's log, once (its input key `i<interaction id>`);
- every channel's transcript equals its outbox: each saved delivery row marked sent is in exactly one message
  of its channel (or DMs), that message shows those rows' texts, and a game's messages came in the order of
  its rows. A message the bot posted carries its batch as its nonce; a follow-up, which carries none, is found
  by its text among the destination's follow-ups, in order. Messages that carry no rows (the status message,
  answers only their clicker sees) are not the outbox's, and a line that is no row's (a channel rule announced
  where the bot may not set it) may ride along in a row's message;
- games lost (the players were told one started, and it is not in the database running or finished, or a
  click it took is missing), stalled (a deadline overdue by more than a minute, or what the players saw stand
  still) or answered twice (a message shown twice, a click applied twice, an interaction answered twice).
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from bot.discord.batches import claimed_since
from bot.discord.graveyard import FEED
from bot.render import clip
from bot.storage import DELIVERY_DROPPED, open_storage
from bot.table import Table
from games import registry
from tests.bench.scale.cluster import MOVES, PRUNED
from tests.bench.scale.players import Ledger
from tests.bench.scale.stalls import MADE, StallShapes, stall_shapes
from tests.discord_standin import DiscordStandIn, InteractionRecord, Message
from tests.discord_standin.interactions import CHANNEL_MESSAGE

LIMIT = 2000
OVERDUE_SECONDS = 60.0


@dataclass
class Findings:
    games: int = 0
    replayed: int = 0
    not_replaying: list[str] = field(default_factory=list)
    taken: int = 0
    repeated_answers: int = 0
    """Clicks that gave again the answer already in effect: taken, and rightly not logged."""
    missing_clicks: list[int] = field(default_factory=list)
    doubled_clicks: list[int] = field(default_factory=list)
    messages: int = 0
    in_graveyards: int = 0
    """Of `messages`, those of graveyard threads (`graveyard-feed` rows)."""
    missing_messages: list[str] = field(default_factory=list)
    dropped: Counter[str] = field(default_factory=Counter)
    """Rows claimed for a message, then given up for good (refused by Discord, a stopped feed): not shown, by kind."""
    doubled_messages: list[str] = field(default_factory=list)
    out_of_order: list[str] = field(default_factory=list)
    wrong_text: list[str] = field(default_factory=list)
    lost: dict[int, str] = field(default_factory=dict)
    stalled: dict[int, str] = field(default_factory=dict)
    answered_twice: list[str] = field(default_factory=list)
    acknowledged_again: int = 0
    """Callbacks Discord refused as already acknowledged (40060): not shown twice."""
    waiting: Counter[str] = field(default_factory=Counter)
    """Delivery rows still waiting after the run, by kind and owner."""
    stalled_queued: int = 0
    """Of `stalled`, the games with rows still waiting to be sent: what their players waited for was queued."""
    stalled_sent_later: int = 0
    """Of `stalled`, the games with none waiting at the end whose messages were shown after their players gave up
    (queued when they gave up, sent before the end)."""
    stall_shapes: StallShapes = field(default_factory=StallShapes)
    """What the stalled games' waiting rows looked like (tests/bench/scale/stalls.py)."""

    def stalled_unqueued(self) -> dict[int, str]:
        """The stalled games that waited for no queue (each listed: each is a lead)."""
        return {game_id: why for game_id, why in self.stalled.items()
                if QUEUED not in why and LATER not in why}

    def every_line(self) -> list[str]:
        """Every finding, one a line, by what it is (for the logs kept: `lines` shows three of each)."""
        listed: dict[str, list[Any]] = {
            "not replaying": list(self.not_replaying), "missing click": list(self.missing_clicks),
            "click twice": list(self.doubled_clicks), "missing message": self.missing_messages,
            "shown twice": self.doubled_messages, "out of order": self.out_of_order, "other text": self.wrong_text,
            "lost": list(self.lost.items()), "stalled": list(self.stalled.items()),
            "answered twice": self.answered_twice,
        }
        return [f"{what}: {item}" for what, items in listed.items() for item in items]

    def lines(self) -> list[str]:
        def few(items: list[Any] | dict[int, str]) -> str:
            shown = list(items.items() if isinstance(items, dict) else items)[:3]
            return f" — e.g. {shown}" if shown else ""

        return [
            f"  replayed to its saved state: {self.replayed} of {self.games} games"
            f" (not replaying: {len(self.not_replaying)}{few(self.not_replaying)})",
            f"  clicks the bot said it took: {self.taken}; in the log once: "
            f"{self.taken - len(self.missing_clicks) - self.repeated_answers}; the answer already in effect (a no-op,"
            f" not logged): {self.repeated_answers}; missing {len(self.missing_clicks)}{few(self.missing_clicks)};"
            f" twice {len(self.doubled_clicks)}",
            f"  messages of the outbox shown: {self.messages} ({self.in_graveyards} in graveyard threads);"
            f" missing {len(self.missing_messages)}"
            f"{few(self.missing_messages)}; shown twice {len(self.doubled_messages)}{few(self.doubled_messages)};"
            f" out of order {len(self.out_of_order)}{few(self.out_of_order)}; other text {len(self.wrong_text)}"
            f"{few(self.wrong_text)}; rows given up for good, not shown: {sum(self.dropped.values())}"
            f" {dict(self.dropped)}",
            f"  delivery rows still waiting: {sum(self.waiting.values())} {dict(self.waiting.most_common(6))}",
            f"  games lost: {len(self.lost)}{few(self.lost)}; stalled: {len(self.stalled)} ({self.stalled_queued} of"
            f" them with rows still waiting to be sent, {self.stalled_sent_later} with their messages shown after"
            f" their players gave up, {len(self.stalled_unqueued())} waiting for no queue)"
            f"{few(self.stalled)};"
            f" of those waiting for no queue: {self.stalled_unqueued()};"
            f" answered twice: {len(self.answered_twice)}{few(self.answered_twice)}   (goal: 0, 0, 0)",
            self.stall_shapes.line(),
            f"  second answers Discord refused as already acknowledged (40060; shown once): {self.acknowledged_again}",
        ]


QUEUED = "still waiting to be sent"
LATER = "shown after its players gave up waiting"
"""The marks `mark_queued` and `mark_sent_later` put on a stalled game's line, by which the findings count it."""


def mark_sent_later(
    stalled: dict[int, str], gave_up: dict[int, tuple[float, list[int]]], standin: DiscordStandIn,
) -> int:
    """Says of each stalled game with no row waiting at the end how many messages the bot showed or edited where
    its players watched (its channel, their DMs) after they gave up: the game had not stopped, what they waited
    for came late. Returns how many games."""
    marked = 0
    for game_id, why in stalled.items():
        if QUEUED in why or game_id not in gave_up:
            continue
        at, channels = gave_up[game_id]
        later = sum(1 for channel in channels for m in standin.messages.get(channel, [])
                    if m.author.id == standin.bot_user.id and (m.created_at > at or (m.edited_at or 0.0) > at))
        if later:
            stalled[game_id] += f" ({later} messages {LATER})"
            marked += 1
    return marked


def mark_queued(stalled: dict[int, str], rows: list[Any]) -> int:
    """Says of each stalled game how many of its delivery rows still wait to be sent (its players may have waited
    for messages queued, not for a game stuck); returns how many stalled games have any."""
    queued = Counter(int(row["game_id"]) for row in rows if row["state"] == 0 and row["game_id"] is not None)
    for game_id in stalled:
        if queued[game_id]:
            stalled[game_id] += f" ({queued[game_id]} of its rows {QUEUED})"
    return sum(1 for game_id in stalled if queued[game_id])


async def check(url: str, standin: DiscordStandIn, ledger: Ledger, stopped: float) -> Findings:
    """`stopped`: when the bots were told to stop (a deadline due a minute before it, still there, stalled)."""
    found = Findings()
    ledger.settle()
    connection = await asyncpg.connect(url)
    try:
        saved = await connection.fetch("SELECT id, status, game, meta FROM games")
        games = {int(r["id"]): (str(r["status"]), str(r["game"])) for r in saved}
        threads = {int(r["id"]): int(thread) for r in saved
                   if (thread := (json.loads(r["meta"] or "{}").get("graveyard") or {}).get("thread"))}
        keys = await connection.fetch(
            "SELECT game_id, input_key FROM actions WHERE input_key LIKE 'i%'")
        pending = {int(r["game_id"]): (int(r["count"]), float(r["min"])) for r in await connection.fetch(
            "SELECT game_id, COUNT(*), MIN(due) FROM deadlines GROUP BY game_id")}
        overdue = await connection.fetch(
            "SELECT d.game_id, MIN(d.due) FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.status = 'running' AND g.paused = 0 AND d.due < $1 GROUP BY d.game_id", stopped - OVERDUE_SECONDS)
        columns = f"id, game_id, kind, step, channel_id, user_id, body, batch, owner, state, {MADE}"
        every = await connection.fetch(
            f"SELECT {columns} FROM deliveries UNION ALL SELECT {columns} FROM {PRUNED} ORDER BY id")
        moves: dict[int, list[str]] = defaultdict(list)
        owners: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for move in await connection.fetch(f"SELECT id, was, now, at FROM {MOVES} ORDER BY at"):
            moves[int(move["id"])].append(f"{move['was']}→{move['now']} at {clock(move['at'])}")
            owners[int(move["id"])].append((move["was"], move["now"]))
    finally:
        await connection.close()
    await replay(url, games, found)
    connection = await asyncpg.connect(url)
    try:
        await clicks(connection, keys, ledger, standin, found)
    finally:
        await connection.close()
    transcripts(standin, every, threads, moves, found)
    found.waiting = Counter(
        f"{row['kind']} of process {row['owner']}" + (", claimed (sent, its mark not saved?)" if row["batch"] else "")
        for row in every if row["state"] == 0)
    for game_id, table in ledger.started.items():
        status = games.get(game_id, ("missing", ""))[0]
        if status not in ("running", "finished"):
            found.lost[game_id] = f"#{table}: {status}"
    for interaction_id in found.missing_clicks:
        game_id = ledger.taken[interaction_id]
        record = standin.interactions.get(interaction_id)
        said = "" if record is None else (
            f": {record.data.get('custom_id')} {record.data.get('values', '')} answered "
            f"{[(c['type'], c['status'], round(c['after'], 2)) for c in record.callbacks]}, then edited "
            f"{len(record.edited)}, follow-ups {len(record.followup_ids)}")
        found.lost.setdefault(game_id, f"a click it took ({interaction_id}) is not in its log{said}")
    for game_id, due in overdue:
        found.stalled[int(game_id)] = f"a deadline overdue by {stopped - float(due):.0f} s"
    for game_id, seen in ledger.stalled.items():
        found.stalled.setdefault(game_id, f"its players saw nothing move; last: {seen[:80]!r}")
    found.stalled_queued = mark_queued(found.stalled, every)
    found.stalled_sent_later = mark_sent_later(found.stalled, ledger.stalled_at, standin)
    found.stall_shapes = stall_shapes(found.stalled, every, owners, stopped)
    for game_id in found.stalled_unqueued():  # a lead to trace: what was saved of it
        status, kind = games.get(game_id, ("missing", "?"))
        count, due = pending.get(game_id, (0, stopped))
        found.stalled[game_id] += (f" [saved: {kind}, {status}; {count} deadlines, the earliest due"
                                   f" {due - stopped:+.0f} s from the stop]")
    for record in standin.interactions.values():
        answers = [c for c in record.callbacks if c["status"] < 400]
        if len(answers) > 1:
            found.answered_twice.append(f"interaction {record.id} answered {len(answers)} times")
        # a second acknowledgement Discord refused (40060) showed nothing twice: after an answer Discord carried
        # out but answered 5xx (an outage), trying again is right
        found.acknowledged_again += sum(1 for c in record.callbacks if c["code"] == 40060)
    found.answered_twice += [f"message shown twice: {m}" for m in found.doubled_messages]
    found.answered_twice += [f"click applied twice: {i}" for i in found.doubled_clicks]
    return found


async def replay(url: str, games: dict[int, tuple[str, str]], found: Findings) -> None:
    storage = await open_storage(url)
    try:
        table = Table(storage, use_deadlines=False)
        for game_id, (status, _) in sorted(games.items()):
            if status not in ("running", "finished"):
                continue
            found.games += 1
            row = await storage.load_game(game_id)
            try:
                replayed = registry.engine(games[game_id][1]).dump(await table.replay(game_id))
            except Exception as error:  # a log that no longer replays is the finding
                found.not_replaying.append(f"#{game_id}: {type(error).__name__}: {error}"[:200])
                continue
            if row is not None and replayed == row.state:  # the state as the game saves it
                found.replayed += 1
            else:
                where = difference(json.loads(replayed), json.loads(row.state or "null")) if row else "no row"
                found.not_replaying.append(f"#{game_id} ({games[game_id][1]}): the replayed state differs from the"
                                           f" saved one at {where}")
    finally:
        await storage.close()


def difference(replayed: Any, saved: Any, path: str = "") -> str:
    """Where two JSON values first differ (a path, and the two values there, shortened)."""
    if isinstance(replayed, dict) and isinstance(saved, dict):
        for key in sorted(set(replayed) | set(saved)):
            if replayed.get(key) != saved.get(key):
                return difference(replayed.get(key), saved.get(key), f"{path}.{key}")
    if isinstance(replayed, list) and isinstance(saved, list) and len(replayed) == len(saved):
        for n, (a, b) in enumerate(zip(replayed, saved, strict=True)):
            if a != b:
                return difference(a, b, f"{path}[{n}]")
    return f"{path or '.'}: replayed {str(replayed)[:80]!r}, saved {str(saved)[:80]!r}"


async def clicks(
    connection: asyncpg.Connection, keys: list[Any], ledger: Ledger, standin: DiscordStandIn, found: Findings
) -> None:
    """Each click the bot said it took is in its game's log once — or it gave again the answer already in
    effect (a deadline's, or the player's own): the table takes that as a no-op, saves and logs nothing
    (tests/runtime/test_hardening_table.py), and the state shows the answer it was told."""
    counted: dict[str, int] = defaultdict(int)
    for row in keys:
        counted[str(row["input_key"])] += 1
    found.taken = len(ledger.taken)
    for interaction_id, game_id in ledger.taken.items():
        times = counted.get(f"i{interaction_id}", 0)
        if times > 1:
            found.doubled_clicks.append(interaction_id)
        elif times == 0:
            if await in_effect(connection, game_id, standin.interactions.get(interaction_id)):
                found.repeated_answers += 1
            else:
                found.missing_clicks.append(interaction_id)


async def in_effect(connection: asyncpg.Connection, game_id: int, record: InteractionRecord | None) -> bool:
    """Whether the click's answer is the prompt's last logged answer from before the click."""
    if record is None:
        return False
    parts = str(record.data.get("custom_id", "")).split("|")
    if len(parts) < 3:
        return False
    prompt = parts[2]
    value: Any = parts[3] if parts[0] == "gm" and len(parts) > 3 else list(record.data.get("values") or [])
    clicked = (record.id >> 22) / 1000 + 1_420_070_400  # the interaction's own moment, from its snowflake
    rows = await connection.fetch(
        "SELECT payload FROM actions WHERE game_id = $1 AND kind = 'play' AND undone = 0 AND at <= $2 ORDER BY seq",
        game_id, clicked + 5.0)
    answers = [json.loads(r["payload"]) for r in rows]
    last = next((a["value"] for a in reversed(answers) if a.get("prompt") == prompt), None)
    if isinstance(value, list) and len(value) == 1 and not isinstance(last, list):
        value = value[0]
    return last is not None and str(last) == str(value) if not isinstance(last, list) else last == value


def original(message: Message) -> str:
    """The message's text as it was first shown (a prompt's gets its answer added later; a deferred answer is
    shown once filled in)."""
    for version in [*message.history, {"content": message.content, "flags": message.flags}]:
        if not int(version.get("flags") or 0) & (1 << 7):  # not "loading"
            return str(version["content"])
    return message.content


def transcripts(
    standin: DiscordStandIn, every: list[Any], threads: dict[int, int], moves: dict[int, list[str]], found: Findings,
) -> None:
    """Each destination's sent rows, message by message, against what the stand-in shows there. A game's
    `graveyard-feed` rows carry the game channel but go to its graveyard thread (`threads`: game → thread,
    from the game's meta). `moves`: each row's changes of owner, to trace a line out of order."""
    groups: dict[int, dict[int, list[Any]]] = defaultdict(lambda: defaultdict(list))
    owners = {int(row["id"]): f"{row['kind']} of step {row['step']}, batch {row['batch']}, process {row['owner']}"
              + "".join(f", owner {move}" for move in moves.get(int(row["id"]), [])) for row in every}
    # a row still claimed when the bots stopped may have been shown (its mark not saved yet): its message is
    # its own, not a second copy of another's, and no finding when it is not there
    rows = [row for row in every if row["batch"] is not None]
    # an interaction's own answer (a message its callback made) is no row's; a deferred "thinking…" filled in by its
    # first follow-up, or the clicked message an update answered, may be
    answers = {r.original_message_id for r in standin.interactions.values()
               if r.original_message_id is not None and r.response_type == CHANNEL_MESSAGE}
    for row in rows:
        channel_id = row["channel_id"] or standin._dm_channels.get(int(row["user_id"] or 0))
        if row["kind"] == FEED:
            channel_id = threads.get(int(row["game_id"]), channel_id)
        if channel_id is not None:
            groups[int(channel_id)][int(row["batch"])].append(row)
    for channel_id, batches in groups.items():
        shown = [m for m in standin.messages.get(channel_id, []) if m.visible_to is None
                 and m.author.id == standin.bot_user.id]
        by_nonce = {int(m.nonce): m for m in shown if m.nonce is not None and m.nonce.lstrip("-").isdigit()}
        unused = [m for m in shown if m.nonce is None and m.interaction_metadata is not None  # follow-ups;
                  and m.id not in answers]  # an interaction's own answer is no row's
        placed: dict[int, list[tuple[int, int]]] = defaultdict(list)  # game → (row id, message index)
        position = {m.id: n for n, m in enumerate(shown)}
        for batch in sorted(batches, key=abs):
            group = batches[batch]
            text = content(group)
            where = (f"#{channel_id} batch {batch} (game {group[0]['game_id']}, {group[0]['kind']}: "
                     f"{text[:60]!r})")
            # a row claimed for a follow-up that failed goes the ordinary way, with its batch as its nonce
            message = (by_nonce.get(batch) or by_nonce.get(-batch)
                       or (follow_up(unused, text, batch) if batch < 0 else None))
            if message is None and group[0]["state"] == 0:
                continue  # claimed, perhaps never sent: the next start sends it
            if message is None and group[0]["state"] == DELIVERY_DROPPED:
                found.dropped[group[0]["kind"]] += len(group)  # refused for good: told apart, not missing
                continue
            found.messages += 1
            found.in_graveyards += group[0]["kind"] == FEED
            if message is None:
                seen = [f"{m.id} at {clock(m.created_at)} after {how(m)}" for m in shown if text in original(m)]
                seen = seen or [f"{m.id} at {clock(m.created_at)} after {how(m)}, its lines in another order:"
                                f" {lined(original(m))}" for m in shown if holds(original(m), text)]
                same = [f"row {r['id']} state {r['state']} batch {r['batch']} process {r['owner']}" for r in every
                        if r["channel_id"] == group[0]["channel_id"] and r["user_id"] == group[0]["user_id"]
                        and str(json.loads(r["body"]).get("text", "")) in text][:6]
                found.missing_messages.append(f"{where}; shown as {seen or 'nothing'}; rows: {same}; its rows:"
                                              f" {rows_of(group)}")
                continue
            if text not in original(message):
                order = "the same lines in another order" if holds(original(message), text) else "other lines"
                found.wrong_text.append(f"{where}: {order}: shown {lined(original(message))}; rows {rows_of(group)};"
                                        f" their owners: {[owners[int(row['id'])] for row in group]}")
            placed[int(group[0]["game_id"])].append((int(group[0]["id"]), position[message.id]))
        texts = {content(group): group for group in batches.values()}
        for message in unused:  # follow-ups no row accounts for: one that shows a row's text is a second copy
            group = next((g for text, g in texts.items() if text in original(message)
                          and message.id >= made_from(int(g[0]["batch"]))), None)
            if group is not None:
                twins = [f"{m.id} at {clock(m.created_at)} after {how(m)}" for m in shown
                         if content(group) in original(m)]
                same = [f"row {r['id']} state {r['state']} batch {r['batch']} process {r['owner']}" for r in every
                        if r["channel_id"] == group[0]["channel_id"] and r["user_id"] == group[0]["user_id"]
                        and str(json.loads(r["body"]).get("text", ""))
                        and str(json.loads(r["body"]).get("text", "")) in original(message)]
                found.doubled_messages.append(
                    f"#{channel_id} row {group[0]['id']} (batch {group[0]['batch']}): {original(message)[:50]!r}"
                    f" shown as {twins}; this destination's rows with its text (the newest): {same[-6:]}")
        for game_id, order in placed.items():
            indexes = [index for _, index in sorted(order)]
            if indexes != sorted(indexes):
                first = next(n for n in range(len(indexes) - 1) if indexes[n] > indexes[n + 1])
                (row, at), (later, later_at) = sorted(order)[first], sorted(order)[first + 1]
                found.out_of_order.append(
                    f"#{channel_id} game {game_id}: row {row} ({owners[row]}) shown at {clock(shown[at].created_at)}"
                    f" after {how(shown[at])}, after row {later} ({owners[later]}) at"
                    f" {clock(shown[later_at].created_at)} after {how(shown[later_at])}")


def made_from(batch: int) -> int:
    """The least message id a message of rows claimed as `batch` can have: a follow-up's says when it was claimed
    (an earlier message with the same words is another one: a table's next game says its lobby lines again)."""
    return (claimed_since(batch) or 0) if batch < 0 else 0


def follow_up(unused: list[Message], text: str, batch: int) -> Message | None:
    """The first follow-up not yet accounted for, made since its rows were claimed as `batch`, that shows exactly
    `text` (else that holds it among lines that are no row's), taken off the list."""
    made = [m for m in unused if m.id >= made_from(batch)]
    message = next((m for m in made if original(m) == text), None) or next(
        (m for m in made if text in original(m)), None)
    if message is not None:
        unused.remove(message)
    return message


def holds(shown: str, text: str) -> bool:
    """Whether a message shows every line of `text`, in whatever order."""
    return not Counter(text.split("\n")) - Counter(shown.split("\n"))


def lined(text: str) -> list[str]:
    """A message's lines, each cut short (a finding's detail)."""
    return [line[:30] for line in text.split("\n")]


def rows_of(group: list[Any]) -> list[str]:
    """A message's rows as found in the database: id, kind, owner and the start of its text."""
    return [f"{row['id']} {row['kind']} p{row['owner']} {str(json.loads(row['body']).get('text', ''))[:24]!r}"
            for row in group]


def how(message: Message) -> str:
    """Which interaction a follow-up followed (its name or custom id), or that the bot posted it."""
    meta = message.interaction_metadata
    if meta is None:
        return "a post"
    return f"interaction {meta.get('id')} ({meta.get('name') or meta.get('custom_id') or meta.get('type')})"


def clock(moment: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(moment)) + f".{int(moment % 1 * 1000):03d}"


def content(group: list[Any]) -> str:
    """A message's text as the outbox makes it from its rows: their texts, one a line, within Discord's limit."""
    return clip("\n".join(clip(str(json.loads(row["body"]).get("text", "")), LIMIT) for row in group), LIMIT)
