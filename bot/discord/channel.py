"""The game's channel: who may write in it while a game runs there.

A game that manages its channel says, after every step, which seats may write now
(`Engine.voices`: Mafia's radio silence in the draft, the dead losing their voice, an anonymous game's
players speaking only through the relay). The channel is the one the game was opened in; its
permission overwrites follow the voices:

- the bot's own member overwrite allows Send Messages (so the next one cannot silence the bot),
- each player's member overwrite allows Send Messages while they may write (never in a game that hides its
  players: anyone can read a channel's overwrites, and nobody writes there in person anyway); while they may not,
  it only loses that allow and inherits @everyone's deny — a member deny is written only when a role's overwrite
  in the channel allows Send Messages (it would outweigh @everyone's deny for a player holding that role), so
  radio silence and a death cost no request per player (issue 41);
- @everyone's overwrite denies Send Messages while the game runs;

and when the game ends (or a seat changes hands) each touched overwrite gets back the Send Messages
state it had before the game (an overwrite left empty is deleted). Only the Send Messages bit is
ever changed: a private channel's other overwrites (View Channel …) stay as the moderators set them.

Delivery: the `channel` kind (`kind`, bot/discord/kinds.py) plans a row when what the step wants differs
from what was last planned; the row is saved with the step and applied by the channel's outbox in order
with the step's lines (bot/discord/outbox.py), so a restart applies what was not applied. Applying is
idempotent (it reads the channel's overwrites and changes only what differs). It reads them from the gateway's
copy of the channel, which CHANNEL_UPDATE keeps current (a counted GET /channels/{id} saved at each change), unless
this process changed that channel's overwrites in the last `OWN_WRITES_SECONDS` (its own update may not be back
yet) or the channel is not in the copy (another shard's): then it asks Discord. The game's meta keeps
`channel`: what was last applied (`wanted`), what each touched overwrite had before (`set`), and which
missing permissions the moderators were told about.

A missing permission (403): the moderators are told once which one, and the rule is announced as a
line in the channel instead of enforced — at that change and at every later one. A thread cannot be
managed (it has no overwrites): the same, once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable
from functools import partial
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.discord.failures import TELL_AFTER_FAILURES, transient
from bot.discord.kinds import KindOf, Planned, Sending, tag
from bot.discord.outbox import Status
from bot.discord.outboxes import Outboxes
from bot.discord.text import event_text
from bot.i18n import catalog, t
from bot.live import Delivery, LiveGame, Step
from bot.storage import DeliveryRow
from bot.table import Table
from games.core import Event, GameState, seats

log = logging.getLogger(__name__)

SEND = discord.Permissions(send_messages=True).value
ROLE, MEMBER = 0, 1
THREADS = frozenset({10, 11, 12})
MISSING = object()
OWN_WRITES_SECONDS = 10.0
"""After changing a channel's overwrites, how long its gateway copy is not trusted (the CHANNEL_UPDATE that tells
of the change comes within a second against Discord)."""


def rule_key(game: LiveGame, key: str) -> str:
    """The game's own wording of a channel rule (`<game>-channel-rule-…`) when it has one."""
    own = f"{game.row.game}-{key}"
    return own if catalog(game.row.language).has(own) else key


def role_allows(current: dict[int, tuple[int, int, int]], guild_id: int) -> bool:
    """Whether a role's overwrite in the channel (not @everyone's) allows Send Messages: it outweighs @everyone's
    deny, so a silenced player holding that role would write unless their own overwrite denies it."""
    return any(kind == ROLE and target != guild_id and allow & SEND for target, (kind, allow, _) in current.items())


class Webhooks(Protocol):
    """The relay's webhooks, made when a game starts speaking through the bot and removed at its end
    (bot/discord/relay.py)."""

    def prepare(self, game_id: int) -> Awaitable[Any]: ...

    def cleanup(self, game_id: int) -> Awaitable[None]: ...


class ChannelKeeper:
    def __init__(self, bot: commands.Bot, table: Table, outboxes: Outboxes, webhooks: Webhooks) -> None:
        self.bot = bot
        self.table = table
        self.outboxes = outboxes
        self.webhooks = webhooks
        self.kind = KindOf("channel", self.plan, self.send)
        self.planned: dict[int, Any] = {}
        """What each running game's last planned `channel` row wants (a cache of the rows)."""
        self.failures: dict[int, int] = {}
        """game → transient failures in a row of its channel row (the outbox tries it again)."""
        self.written: dict[int, float] = {}
        """channel → when this process last changed its overwrites (monotonic)."""

    # --- what a step wants ------------------------------------------------------------------------
    def wanted(self, game: LiveGame, state: GameState, status: str) -> dict[str, Any] | None:
        """Who may write (by seat and by member) and the kind of rule, or None: not managed (or no more)."""
        voices = game.engine.voices(state) if status == "running" else None
        if voices is None:
            return None
        members: dict[str, bool] = {}
        hidden = game.engine.anonymous(game.engine.parse_options(game.row.options))
        for number, allowed in sorted(voices.items()):
            held = game.seats[number] if 0 <= number < len(game.seats) else None
            if held is not None and held.user_id is not None and not held.bot and not hidden:
                members[str(held.user_id)] = bool(allowed)
        if any(game.engine.relay_refusal(state, n) is None for n in voices):
            kind = "relay"
        elif any(voices.values()):
            kind = "living"
        else:
            kind = "silence"
        return {"voices": {str(n): bool(v) for n, v in sorted(voices.items())}, "members": members, "rule": kind}

    def last(self, game: LiveGame) -> Any:
        if game.id in self.planned:
            return self.planned[game.id]
        return (game.row.meta.get("channel") or {}).get("wanted")

    def plan(self, step: Step) -> list[Planned]:
        """The `channel` row this step needs, if what it wants changed."""
        game = step.game
        wanted = self.wanted(game, step.state, step.status)
        last = self.last(game)
        if wanted == last and (wanted is None or not step.rolled_back):
            return []  # (a rollback may have dropped rows not yet applied: it applies its own again)
        body: dict[str, Any] = {"wanted": wanted, "rule": self.rule_text(game, last, wanted)}
        if wanted is not None and any(game.public_term(n) is not None for n in range(len(game.seats))):
            body["relay"] = True  # a game that hides its players: their webhooks are made now
        return [Planned(body)]

    def send(self, row: DeliveryRow) -> Sending:
        """Applied in the channel's order (a newer change still waiting replaces an older one)."""
        return self.outboxes.of(row), Status(partial(self.apply, row), ("channel", row.game_id), [row.id], tag(row))

    def rule_text(self, game: LiveGame, last: dict[str, Any] | None, wanted: dict[str, Any] | None) -> str:
        """The rule as a channel line (announced when it cannot be enforced; the relay's always)."""
        language = game.row.language
        if wanted is None:
            return t(language, rule_key(game, "channel-rule-open"))
        kind = wanted["rule"]
        if kind == "living":
            before = (last or {}).get("voices") or {}
            died = [int(n) for n, v in wanted["voices"].items() if not v and before.get(n)]
            if died:
                event = Event(key=rule_key(game, "channel-rule-dead"), params={"players": {"and": seats(died)}})
                return event_text(event, language, game.name_of)
        return t(language, rule_key(game, f"channel-rule-{kind}"))

    async def on_delivery(self, delivery: Delivery) -> None:
        game, step = delivery.game, delivery.step
        if step is not None:
            for row in step.rows:
                if row.kind == "channel":
                    self.planned[game.id] = row.body.get("wanted")
        if not game.running:
            self.planned.pop(game.id, None)

    # --- applying a row ---------------------------------------------------------------------------
    async def apply(self, row: DeliveryRow) -> None:
        """Make the channel's overwrites say what the row wants; announce the rule where needed."""
        channel_id = row.channel_id
        if channel_id is None or channel_id in self.outboxes.gone:
            return
        wanted = row.body.get("wanted")
        if row.body.get("relay"):
            await self.webhooks.prepare(row.game_id)
        record = dict((await self.table.meta(row.game_id)).get("channel") or {})
        refused_before = bool(record.get("refused"))
        try:
            enforced = await self._enforce(row.game_id, channel_id, wanted, record)
        except Exception as error:
            if transient(error):  # the outbox tries the row again, in order; the rule is announced once true
                await self._still_failing(row.game_id, channel_id)
            raise
        self.failures.pop(row.game_id, None)
        rule = str(row.body.get("rule") or "")
        kind = (wanted or {}).get("rule")
        if rule and (kind == "relay" or not enforced or (wanted is None and refused_before)):
            self.outboxes.channel_outbox(channel_id).put_next(rule)  # before lines queued after this change
        if wanted is None:
            await self.webhooks.cleanup(row.game_id)

    async def _still_failing(self, game_id: int, channel_id: int) -> None:
        """Discord keeps failing to change the overwrites: the moderators hear it once (directly: the
        channel's outbox waits behind the change being tried again)."""
        failures = self.failures[game_id] = self.failures.get(game_id, 0) + 1
        if failures != TELL_AFTER_FAILURES:
            return
        game = await self.table.get(game_id)
        if game is None:
            return
        log.warning("game %s: channel %s overwrites keep failing; still trying", game_id, channel_id)
        await self.outboxes.tell_moderators_now(game, "channel-still-failing")

    async def _enforce(
        self, game_id: int, channel_id: int, wanted: dict[str, Any] | None, record: dict[str, Any]
    ) -> bool:
        """True when the overwrites now say what `wanted` says, False when they could not be set (a
        permanent refusal); a transient failure is raised for the outbox to try again, with what was
        already given back saved."""
        http = self.bot.http
        touched: dict[int, dict[str, Any]] = {int(k): v for k, v in (record.get("set") or {}).items()}
        if wanted is None and not touched:
            await self._saved(game_id, wanted, touched, refused=False)
            return not record.get("refused")
        try:
            data = self._known(channel_id) or await http.get_channel(channel_id)
        except discord.NotFound:
            return True  # gone: cogs/events.py pauses the game
        except discord.HTTPException as error:
            if transient(error):
                raise
            log.warning("game %s: could not read channel %s: %s", game_id, channel_id, error)
            return False
        if int(data.get("type", 0)) in THREADS or data.get("guild_id") is None:
            await self.outboxes.missing(game_id, "thread")
            await self._saved(game_id, wanted, touched, refused=True)
            return False
        guild_id = int(data["guild_id"])
        current: dict[int, tuple[int, int, int]] = {
            int(o["id"]): (int(o.get("type", 0)), int(o.get("allow") or 0), int(o.get("deny") or 0))
            for o in data.get("permission_overwrites") or []
        }
        desired: list[tuple[int, int, bool]] = []
        if wanted is not None:
            me = self.bot.user.id if self.bot.user else 0
            desired.append((me, MEMBER, True))  # the bot first: it must never silence itself
            desired += [(int(u), MEMBER, bool(v)) for u, v in wanted["members"].items() if int(u) != me]
            desired.append((guild_id, ROLE, False))  # @everyone last
        fresh = [(target, kind) for target, kind, _ in desired if target not in touched]
        for target, kind in fresh:  # what it had before the game, saved before it is changed
            _, allow, deny = current.get(target, (kind, 0, 0))
            touched[target] = {"type": kind, "had": "allow" if allow & SEND else "deny" if deny & SEND else None}
        if fresh:
            await self._saved(game_id, record.get("wanted"), touched, refused=bool(record.get("refused")))
        keep = {target for target, _, _ in desired}
        # given back: @everyone first (players may write again at once), the bot's own last
        me = self.bot.user.id if self.bot.user else 0
        back = sorted((t for t in touched if t not in keep), key=lambda t: (t != guild_id, t == me))
        deny_all = role_allows(current, guild_id)
        try:
            for target, kind, allowed in desired:
                # a silenced player inherits @everyone's deny (a deny already there stays: nothing to change)
                denied = bool(current.get(target, (kind, 0, 0))[2] & SEND)
                state = "allow" if allowed else "deny" if kind == ROLE or deny_all or denied else None
                await self._set(game_id, channel_id, target, kind, current, state)
            for target in back:
                await self._set(game_id, channel_id, target, int(touched[target]["type"]), current,
                                touched[target].get("had"))
                del touched[target]
        except discord.Forbidden:
            await self.outboxes.missing(game_id, "manage-roles")
            await self._saved(game_id, wanted, touched, refused=True)
            return False
        except Exception as error:
            if transient(error):  # what was changed so far is saved: the next try goes on from there
                await self._saved(game_id, record.get("wanted"), touched, refused=bool(record.get("refused")))
                raise
            if not isinstance(error, discord.HTTPException):
                raise
            log.warning("game %s: could not set channel %s overwrites: %s", game_id, channel_id, error)
            await self._saved(game_id, wanted, touched, refused=True)
            return False
        await self._saved(game_id, wanted, touched, refused=False)
        return True

    def _known(self, channel_id: int) -> dict[str, Any] | None:
        """The channel as GET /channels/{id} would tell it (its type, server and overwrites), from the gateway's
        copy; None when that copy may be behind (this process changed it lately) or there is none."""
        written = self.written.get(channel_id)
        if written is not None:
            if time.monotonic() - written < OWN_WRITES_SECONDS:
                return None
            del self.written[channel_id]
        channel = self.bot.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel) or isinstance(channel, discord.Thread):
            return None
        overwrites = [overwrite._asdict() for overwrite in channel._overwrites]  # discord.py 2.7.1 (test_canary)
        return {"type": channel.type.value, "guild_id": str(channel.guild.id), "permission_overwrites": overwrites}

    async def _set(
        self, game_id: int, channel_id: int, target: int, kind: int, current: dict[int, tuple[int, int, int]],
        state: str | None,
    ) -> None:
        """Give `target`'s overwrite the Send Messages state `state` ("allow", "deny", None: neither),
        keeping every other bit; only when it differs."""
        _, allow, deny = current.get(target, (kind, 0, 0))
        new_allow = (allow & ~SEND) | (SEND if state == "allow" else 0)
        new_deny = (deny & ~SEND) | (SEND if state == "deny" else 0)
        if (new_allow, new_deny) == (allow, deny) and (target in current or not (allow or deny)):
            return
        reason = f"game #{game_id}"
        self.written[channel_id] = time.monotonic()
        if not new_allow and not new_deny:
            if target in current:
                await self.bot.http.delete_channel_permissions(channel_id, target, reason=reason)
                del current[target]
            return
        await self.bot.http.edit_channel_permissions(
            channel_id, target, str(new_allow), str(new_deny), kind, reason=reason  # type: ignore[arg-type]
        )
        current[target] = (kind, new_allow, new_deny)

    async def _saved(
        self, game_id: int, wanted: dict[str, Any] | None, touched: dict[int, dict[str, Any]], *, refused: bool
    ) -> None:
        def change(saved: dict[str, Any] | None) -> dict[str, Any]:
            overwrites = {str(k): v for k, v in touched.items()}
            return {**(saved or {}), "wanted": wanted, "set": overwrites, "refused": refused}

        await self.table.update_meta(game_id, "channel", change)
