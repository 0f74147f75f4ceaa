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

Forgetting a member, in one transaction: in every finished or cancelled game (of one server, for a
moderator's /gm forget) each seat they held becomes "a former player" (no id, the name replaced in the
game's language), their id goes from the host and actor columns, and every JSON value in the game's
seats, meta, state, log and events that is their id, or their name, is replaced the same way; sent
messages of those games are deleted (their text shows names) and their results keep the score with no
member (the server's counts stay right). Refused while they hold, or held, a seat in a game not yet
over: its log is still being written.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.storage import GameRow, Storage, Tx

FINISHED = ("finished", "cancelled")
FORMER_KEY = "privacy-former-player"
DAY = 86_400.0


@dataclass
class Forgotten:
    """What a forget changed: the games whose records named the member, and their result rows."""

    games: list[int] = field(default_factory=list)
    results: int = 0


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
    """Remove `user_id` and its `names` (and every name it had in a seat) from every finished game's record
    and result (of `guild_id` only, when given). The caller checked `games_in_the_way` first."""
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
        for game_id, language, seats, meta, state, host_id in rows:
            scrub = Scrubber(user_id, names, t(str(language), FORMER_KEY))
            scrub.learn(json.loads(seats))
            await _forget_in_game(tx, int(game_id), scrub, seats, meta, state, host_id == user_id)
            done.games.append(int(game_id))
        done.results = await tx.execute(
            "UPDATE results SET user_id = NULL WHERE user_id = ?" + where, [user_id, *params]
        )
        await _forget_in_nights(tx, user_id, guild_id)
    return done


async def _forget_in_nights(tx: Tx, user_id: int, guild_id: int | None) -> None:
    """Game nights (bot/gathering/): the member's sign-ups, their /notify subscriptions, who was told about
    which lobby and the nights' messages for them go; nights they planned that are over keep no host; on
    every server, their own time zone goes too."""
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
    if guild_id is None:
        await tx.execute("DELETE FROM member_settings WHERE user_id = ?", [user_id])


async def _forget_in_game(
    tx: Tx, game_id: int, scrub: Scrubber, seats: str, meta: str, state: str | None, hosted: bool
) -> None:
    await tx.execute(
        "UPDATE games SET seats = ?, meta = ?, state = ?, host_id = CASE WHEN ? THEN NULL ELSE host_id END"
        " WHERE id = ?",
        # the engine's state: ids only (its strings are the game's own words: a member called "night" must
        # not rename Mafia's night)
        (scrub.text(seats, words=True), scrub.text(meta, words=True),
         None if state is None else scrub.text(state, names=False), hosted, game_id),
    )
    for seq, actor_id, payload in await tx.fetchall(
        "SELECT seq, actor_id, payload FROM actions WHERE game_id = ?", (game_id,)
    ):
        cleaned = scrub.text(payload, words=True)  # seats changing hands: a bot seat's name may hold theirs
        if cleaned != payload or actor_id == scrub.user_id:
            await tx.execute(
                "UPDATE actions SET payload = ?, actor_id = CASE WHEN actor_id = ? THEN NULL ELSE actor_id END"
                " WHERE game_id = ? AND seq = ?", (cleaned, scrub.user_id, game_id, seq),
            )
    for seq, params in await tx.fetchall("SELECT seq, params FROM events WHERE game_id = ?", (game_id,)):
        cleaned = scrub.text(params)
        if cleaned != params:
            await tx.execute("UPDATE events SET params = ? WHERE game_id = ? AND seq = ?", (cleaned, game_id, seq))
    # sent messages are history (their text shows names); one still waiting to be shown is kept, cleaned
    await tx.execute("DELETE FROM deliveries WHERE game_id = ? AND (state != 0 OR user_id = ?)",
                     (game_id, scrub.user_id))
    for row_id, body in await tx.fetchall("SELECT id, body FROM deliveries WHERE game_id = ?", (game_id,)):
        await tx.execute("UPDATE deliveries SET body = ? WHERE id = ?", (scrub.text(body, words=True), row_id))
    await tx.execute("DELETE FROM prompt_messages WHERE game_id = ?", (game_id,))


class Scrubber:
    """Replaces one member in JSON: a holder ({"user_id": them, "name": …}) becomes the former player,
    their id anywhere becomes null, a value that is one of their names the former player's name (and with
    `words`, for message text, their names as whole words inside a value)."""

    def __init__(self, user_id: int, names: set[str], former: str) -> None:
        self.user_id = user_id
        self.names = {name for name in names if name}
        self.former = former
        self._pattern: re.Pattern[str] | None = None
        self._names = True
        self._words = False

    def learn(self, value: Any) -> None:
        """Take the names the member had in these seats (a display name differs from server to server)."""
        if isinstance(value, dict):
            if value.get("user_id") == self.user_id and isinstance(value.get("name"), str):
                self.names.add(value["name"])
            for item in value.values():
                self.learn(item)
        elif isinstance(value, list):
            for item in value:
                self.learn(item)
        self._pattern = None

    def text(self, raw: str, *, names: bool = True, words: bool = False) -> str:
        """The JSON text `raw`, cleaned; unchanged text comes back as it was."""
        self._names, self._words = names, words
        cleaned = self.value(json.loads(raw))
        text = json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))
        return raw if json.loads(raw) == cleaned else text

    def value(self, value: Any) -> Any:
        if isinstance(value, dict):
            if value.get("user_id") == self.user_id:
                value = {**value, "user_id": None, **({"name": self.former} if "name" in value else {})}
                value.pop("language", None)  # what language they read is theirs too
            return {key: self.value(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value == self.user_id:
            return None
        if isinstance(value, str):
            return self._string(value)
        return value

    def _string(self, text: str) -> str:
        if text == str(self.user_id):
            return ""
        if self._names and text in self.names:
            return self.former
        text = text.replace(f"<@{self.user_id}>", self.former).replace(f"<@!{self.user_id}>", self.former)
        text = text.replace(str(self.user_id), "")
        if not self._words:
            return text
        if self._pattern is None:
            words = sorted((re.escape(name) for name in self.names), key=len, reverse=True)
            self._pattern = re.compile(rf"(?<!\w)(?:{'|'.join(words)})(?!\w)") if words else re.compile(r"(?!)")
        return self._pattern.sub(self.former, text)


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
