"""Members' data on request: forgetting a member (`/forget-me`, `/gm forget`) and purging old finished
games' records (KEEP_FINISHED_DAYS). No Discord here: cogs/privacy.py and cogs/moderation.py ask.

What the bot keeps about a member, and where (the /privacy text says the same to players):
- each game they sat in: their Discord id and display name in the seats (`games.seats`), as host
  (`games.host_id`), in the game's log where a seat changed hands or they acted as a moderator
  (`actions.actor_id`, `actions.payload`), in its events and state, and in the messages still to be
  sent (`deliveries`);
- each finished game's result per seat (`results`: the member, the score, a win, the roles), which
  /stats, /leaderboard and /history read;
- game nights (bot/gathering/): their sign-ups (answer, name, the sign-up questions answered), the nights
  they planned, their /notify subscriptions, who was told about which lobby, their own time zone.

Forgetting a member, in one transaction, touches only what is theirs, found by their id: in every finished
or cancelled game (of one server, for a moderator's /gm forget) each seat they held becomes "a former player"
(no id, no language, the name in the game's language) wherever the record keeps a holder of that seat (the
seats, each change of hands in the log, the absent players' claims in the meta); a bot player that took one
of their seats over loses their name from its own ("Bot for a former player"); the events of those changes
of hands name the former player where they named them; their id goes from the host and actor columns and
from every JSON value (a list of members, a mention). Every other player's moves, events and names stay as
they were, whatever the member was called: a player named "cookie" forgets themselves, not the card. Their
names are learned from every seat they held, the log included (a server nickname a moderator's /gm forget
cannot ask Discord for once they left). Sent messages of those games are deleted (their text shows names);
one still waiting is kept, its text cleaned of their names; their results keep the score with no member
(the server's counts stay right); their ratings, rating changes and achievements are deleted, and their
turns at seats kept for nobody (bot/ratings/record.py `forget_program`). Refused while they hold, or held, a
seat in a game not yet over: its log is still being written.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.ratings.record import forget_program
from bot.storage import GameRow, Storage, Tx
from bot.storage.program import run_in

FINISHED = ("finished", "cancelled")
FORMER_KEY = "privacy-former-player"
FORMER_BOT_KEY = "privacy-former-bot"
DAY = 86_400.0


@dataclass
class Forgotten:
    """What a forget changed: the games whose records named the member, and their result rows."""

    games: list[int] = field(default_factory=list)
    results: int = 0
    ratings: int = 0
    """Rows of their ratings, rating changes and achievements deleted (bot/ratings/record.py)."""


async def games_in_the_way(storage: Storage, user_id: int, guild_id: int | None = None) -> list[GameRow]:
    """The games not yet over (lobbies too) where the member holds or held a seat or is the host: their
    records are still being written, so they cannot be forgotten until these end."""
    blocking = []
    for row in await storage.games_with_status("lobby", "running"):
        if guild_id is not None and row.guild_id != guild_id:
            continue
        mentioned = row.host_id == user_id or _mentions(row.seats, user_id) or _mentions(row.meta, user_id)
        if not mentioned:
            for action in await storage.actions(row.id, kind="table"):
                if action.actor_id == user_id or _mentions(action.payload, user_id):
                    mentioned = True
                    break
        if mentioned:
            blocking.append(row)
    return blocking


async def forget_member(
    storage: Storage, user_id: int, names: set[str], *, guild_id: int | None = None
) -> Forgotten:
    """Remove `user_id` and its `names` (and every name it had in a seat, the log included) from every
    finished game's record and result (of `guild_id` only, when given). The caller checked
    `games_in_the_way` first."""
    done = Forgotten()
    where, params = ("", []) if guild_id is None else (" AND guild_id = ?", [guild_id])
    needle = f"%{user_id}%"
    async with storage.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT id, language, seats, meta, state, host_id FROM games WHERE status IN ('finished', 'cancelled')"
            + where + " AND (host_id = ? OR seats LIKE ? OR meta LIKE ?"
            " OR id IN (SELECT game_id FROM results WHERE user_id = ?)"
            " OR id IN (SELECT game_id FROM actions WHERE actor_id = ? OR payload LIKE ?))",
            [*params, user_id, needle, needle, user_id, user_id, needle],
        )
        records = [await _record(tx, *row) for row in rows]
        known = set(names)
        for record in records:  # every name they had anywhere, before anything is replaced
            known |= record.names(user_id)
        for record in records:
            await _forget_in_game(tx, record, Scrubber(user_id, known, record.language, record.seats_of(user_id)))
            done.games.append(record.game_id)
        done.results = await tx.execute(
            "UPDATE results SET user_id = NULL WHERE user_id = ?" + where, [user_id, *params]
        )
        done.ratings = await run_in(tx, forget_program(user_id, guild_id))
        await _forget_in_nights(tx, user_id, guild_id)
    return done


async def _forget_in_nights(tx: Tx, user_id: int, guild_id: int | None) -> None:
    """Game nights (bot/gathering/): the member's sign-ups, their /notify subscriptions, who was told about
    which lobby and the nights' messages for them go; nights they planned that are over keep no host; on
    every server, their own time zone goes too; their DM channel's id goes on any server's forgetting (it is
    no server's, and only saves asking Discord for it again)."""
    nights, params = ("schedule_id IN (SELECT id FROM schedules WHERE guild_id = ?)", [guild_id]) if guild_id \
        else ("1 = 1", [])
    await tx.execute(f"DELETE FROM signups WHERE user_id = ? AND {nights}", [user_id, *params])
    await tx.execute(f"DELETE FROM deliveries WHERE user_id = ? AND game_id IS NULL AND {nights}",
                     [user_id, *params])
    await tx.execute("UPDATE schedules SET host_id = 0 WHERE host_id = ? AND status != 'scheduled'"
                     + (" AND guild_id = ?" if guild_id else ""), [user_id, *params])
    await tx.execute("DELETE FROM subscriptions WHERE user_id = ?" + (" AND guild_id = ?" if guild_id else ""),
                     [user_id, *params])
    await tx.execute("DELETE FROM lobby_notices WHERE user_id = ?" + (
        " AND game_id IN (SELECT id FROM games WHERE guild_id = ?)" if guild_id else ""), [user_id, *params])
    await tx.execute("DELETE FROM dm_channels WHERE user_id = ?", [user_id])  # found again by asking Discord
    if guild_id is None:
        await tx.execute("DELETE FROM member_settings WHERE user_id = ?", [user_id])


@dataclass
class Record:
    """A finished game's record as forgetting reads it: the game row's JSON, its log and its events."""

    game_id: int
    language: str
    seats: str
    meta: str
    state: str | None
    host_id: int | None
    actions: list[tuple[int, int | None, str]]
    """(seq, actor_id, payload)"""
    events: list[tuple[int, int | None, str]]
    """(seq, action_seq, params)"""

    def holders(self) -> list[tuple[int, dict[str, Any]]]:
        """Every holder of a seat the record keeps, with the seat's number: the seats now, both sides of
        each change of hands in the log, the absent players' claims in the meta."""
        found = [(number, holder) for number, holder in enumerate(json.loads(self.seats)) if isinstance(holder, dict)]
        for _, _, raw in self.actions:
            found += changed_hands(json.loads(raw))
        for number, holder in (json.loads(self.meta).get("absent") or {}).items():
            if isinstance(holder, dict) and str(number).isdigit():
                found.append((int(number), holder))
        return found

    def names(self, user_id: int) -> set[str]:
        return {h["name"] for _, h in self.holders() if _holds(h, user_id) and isinstance(h.get("name"), str)}

    def seats_of(self, user_id: int) -> set[int]:
        return {number for number, holder in self.holders() if _holds(holder, user_id)}


async def _record(
    tx: Tx, game_id: int, language: str, seats: str, meta: str, state: str | None, host_id: int | None
) -> Record:
    actions = await tx.fetchall("SELECT seq, actor_id, payload FROM actions WHERE game_id = ?", (game_id,))
    events = await tx.fetchall("SELECT seq, action_seq, params FROM events WHERE game_id = ?", (game_id,))
    return Record(int(game_id), str(language), seats, meta, state, host_id,
                  [(int(s), a, str(p)) for s, a, p in actions], [(int(s), a, str(p)) for s, a, p in events])


CHANGE_OPS = ("replace", "remove")
"""The log's changes of hands (bot/table/moderators.py `replace`): `seat`, and its holders `old` and `new`."""
CHANGE_PARAMS = {"old": "old", "new": "new", "player": "old"}
"""Which holder of the change of hands each name in its event (moderator-replaced, moderator-removed) is."""


def changed_hands(payload: Any) -> list[tuple[int, dict[str, Any]]]:
    """The seat's holders before and after a logged change of hands; nothing for any other action."""
    if not isinstance(payload, dict) or payload.get("op") not in CHANGE_OPS or not isinstance(payload.get("seat"), int):
        return []
    return [(payload["seat"], payload[side]) for side in ("old", "new") if isinstance(payload.get(side), dict)]


def _holds(holder: dict[str, Any], user_id: int) -> bool:
    return not isinstance(holder.get("user_id"), bool) and holder.get("user_id") == user_id


async def _forget_in_game(tx: Tx, record: Record, scrub: Scrubber) -> None:
    game_id = record.game_id
    seats = [scrub.holder(holder, number) if isinstance(holder, dict) else holder
             for number, holder in enumerate(json.loads(record.seats))]
    meta = json.loads(record.meta)
    if isinstance(meta.get("absent"), dict):
        meta["absent"] = {key: scrub.holder(holder, int(key)) if isinstance(holder, dict) and key.isdigit() else holder
                          for key, holder in meta["absent"].items()}
    await tx.execute(
        "UPDATE games SET seats = ?, meta = ?, state = ?, host_id = CASE WHEN ? THEN NULL ELSE host_id END"
        " WHERE id = ?",
        # the engine's state: ids only (its strings are the game's own words: a member called "night" must
        # not rename Mafia's night)
        (scrub.dumps(seats, record.seats), scrub.dumps(meta, record.meta),
         None if record.state is None else scrub.dumps(json.loads(record.state), record.state),
         record.host_id == scrub.user_id, game_id),
    )
    changes: dict[int, dict[str, Any]] = {}
    for seq, actor_id, raw in record.actions:
        payload = json.loads(raw)
        if changed_hands(payload):
            changes[seq] = payload
            payload = {**payload, **{side: scrub.holder(payload[side], payload["seat"])
                                     for side in ("old", "new") if isinstance(payload.get(side), dict)}}
        cleaned = scrub.dumps(payload, raw)
        if cleaned != raw or actor_id == scrub.user_id:
            await tx.execute(
                "UPDATE actions SET payload = ?, actor_id = CASE WHEN actor_id = ? THEN NULL ELSE actor_id END"
                " WHERE game_id = ? AND seq = ?", (cleaned, scrub.user_id, game_id, seq),
            )
    for seq, action_seq, raw in record.events:
        params = json.loads(raw)
        change = changes.get(action_seq) if action_seq is not None else None
        if change is not None and isinstance(params, dict):
            params = {key: scrub.named(value, change.get(CHANGE_PARAMS.get(key, "")), change["seat"])
                      for key, value in params.items()}
        cleaned = scrub.dumps(params, raw)
        if cleaned != raw:
            await tx.execute("UPDATE events SET params = ? WHERE game_id = ? AND seq = ?", (cleaned, game_id, seq))
    # sent messages are history (their text shows names); one still waiting to be shown is kept, cleaned
    await tx.execute("DELETE FROM deliveries WHERE game_id = ? AND (state != 0 OR user_id = ?)",
                     (game_id, scrub.user_id))
    for row_id, body in await tx.fetchall("SELECT id, body FROM deliveries WHERE game_id = ?", (game_id,)):
        await tx.execute("UPDATE deliveries SET body = ? WHERE id = ?", (scrub.text(str(body)), row_id))
    await tx.execute("DELETE FROM prompt_messages WHERE game_id = ?", (game_id,))


class Scrubber:
    """Replaces one member in a game's JSON, by their id and in their own seats only: a holder that is
    them ({"user_id": them, "name": …}) becomes the former player; a bot player in one of their seats
    loses their name from its own; their id goes from every value (a member list, a mention); `text`, for a
    message's words only, replaces their names as whole words too."""

    def __init__(self, user_id: int, names: set[str], language: str, seats: set[int] | None = None) -> None:
        self.user_id = user_id
        self.names = {name for name in names if name}
        self.seats = set(seats or ())
        self.former = t(language, FORMER_KEY)
        self.former_bot = t(language, FORMER_BOT_KEY)
        self.bot_names = {t(language, "bot-name", name=name) for name in self.names}
        """What a bot player that took their seat is called (cogs/moderation.py, cogs/events.py)."""
        words = sorted((re.escape(name) for name in self.bot_names | self.names), key=len, reverse=True)
        self._pattern = re.compile(rf"(?<!\w)(?:{'|'.join(words)})(?!\w)") if words else None

    def holder(self, holder: dict[str, Any], number: int) -> dict[str, Any]:
        """Seat `number`'s holder: the former player for them, a bot player in their seat without their name."""
        if _holds(holder, self.user_id):
            former = {**holder, "user_id": None, **({"name": self.former} if "name" in holder else {})}
            former.pop("language", None)  # what language they read is theirs too
            return former
        if holder.get("bot") and number in self.seats and isinstance(holder.get("name"), str):
            return {**holder, "name": self.bot_name(holder["name"])}
        return holder

    def bot_name(self, name: str) -> str:
        """A bot player's name in one of their seats: theirs kept (an absent player's), "Bot for …" them, or
        a name of some other shape with their names taken out of it."""
        if name in self.names:
            return self.former
        if name in self.bot_names:
            return self.former_bot
        return self._words(name)

    def named(self, value: Any, holder: Any, number: int) -> Any:
        """A name in the event of seat `number`'s change of hands, for its `holder`."""
        if not isinstance(value, str) or not isinstance(holder, dict):
            return value
        if _holds(holder, self.user_id) and value == holder.get("name"):
            return self.former
        if holder.get("bot") and number in self.seats and value == holder.get("name"):
            return self.bot_name(value)
        return value

    def dumps(self, value: Any, raw: str) -> str:
        """`value` without the member's id, as JSON; `raw` itself when nothing changed."""
        cleaned = self.ids(value)
        return raw if cleaned == json.loads(raw) else json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))

    def text(self, raw: str) -> str:
        """A message still to be sent (JSON): their id gone, their names as whole words replaced."""
        cleaned = self.ids(json.loads(raw), words=True)
        return raw if cleaned == json.loads(raw) else json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))

    def ids(self, value: Any, *, words: bool = False) -> Any:
        if isinstance(value, dict):
            if _holds(value, self.user_id):
                value = self.holder(value, -1)
            return {key: self.ids(item, words=words) for key, item in value.items() if key != str(self.user_id)}
        if isinstance(value, list):
            return [self.ids(item, words=words) for item in value if not self._is_id(item)]
        if self._is_id(value):
            return None
        if isinstance(value, str):
            value = value.replace(f"<@{self.user_id}>", self.former).replace(f"<@!{self.user_id}>", self.former)
            value = value.replace(str(self.user_id), "")
            return self._words(value) if words else value
        return value

    def _is_id(self, value: Any) -> bool:
        return not isinstance(value, bool) and value in (self.user_id, str(self.user_id))

    def _words(self, text: str) -> str:
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.former_bot if m.group(0) in self.bot_names else self.former, text)


def _mentions(value: Any, user_id: int) -> bool:
    """Whether JSON `value` holds the member's id anywhere."""
    if isinstance(value, dict):
        return any(_mentions(item, user_id) for item in value.values())
    if isinstance(value, list):
        return any(_mentions(item, user_id) for item in value)
    return not isinstance(value, bool) and value in (user_id, str(user_id))


async def purge_finished(storage: Storage, keep_days: float, now: float | None = None) -> int:
    """Delete the full records (log, events, state, messages) of games finished more than `keep_days` ago;
    the game's row stays with its results, so /stats, /leaderboard and the /history list stay right.
    Returns how many games were purged."""
    before = (time.time() if now is None else now) - keep_days * DAY
    async with storage.transaction() as tx:
        rows = await tx.fetchall(
            "SELECT id FROM games WHERE status IN ('finished', 'cancelled') AND updated_at < ? AND state IS NOT NULL",
            (before,),
        )
        for (game_id,) in rows:
            for table in ("actions", "events", "deliveries", "prompt_messages", "lobby_inputs", "deadlines"):
                await tx.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            await tx.execute("UPDATE games SET state = NULL, meta = '{}' WHERE id = ?", (game_id,))
    return len(rows)
