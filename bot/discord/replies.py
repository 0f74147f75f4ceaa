"""Messages through interaction tokens, outside Discord's global rate limit.

Discord lets a bot make about 50 requests per second across all its processes, but "interaction
endpoints are not bound to the bot's Global Rate Limit"
(https://docs.discord.com/developers/topics/rate-limits#global-rate-limit): the callback that answers
an interaction, and the webhook its token opens for 15 minutes — follow-up messages, and edits of the
messages made through it (https://discord.com/developers/docs/interactions/receiving-and-responding#endpoints).
So a message for a channel where a player has just acted goes as a follow-up of that act: the same
message, not counted. Everything else — a channel nobody acted in lately, a token past its 15 minutes
or refused, a restart (tokens live in memory only) — goes the ordinary way, with the bot token.

Which acts may carry what:
- a click in a member's DMs carries messages to those DMs, and nowhere else;
- in a server channel, a public act carries the channel's messages: a click on a public prompt, /join,
  /start, `/<game> new`. Never a click on an ephemeral message, a moderator's command or anything in a
  game that hides its players (anonymous Mafia): a follow-up may show whose interaction it follows.
- The newest act of a channel carries its messages. While it is being answered (no follow-up can be sent
  before the answer, and the first one after a deferred answer would replace it) messages wait for it a
  moment.

A follow-up carries no nonce, so a restart cannot rely on Discord refusing a second copy: rows claimed
for one get a negative batch that says when (bot/discord/batches.py `follow_up_batch`), saved with the
interaction whose token carries it (`FollowUp.carrier`), and whoever sends such a claim again (after an error
that may hide the follow-up, or after a restart) first looks for that interaction's follow-up made since
(`follow_up_since`, `carried_by`), whatever it says by now.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import async_context

from bot.discord.attempts import ONE_ATTEMPT, at_most_once, once
from bot.discord.failures import may_have_landed, transient
from bot.render import clip, joined
from bot.waiting import wait_at_most

log = logging.getLogger(__name__)

LIFETIME = 15 * 60.0
"""Seconds an interaction token works, from the interaction (Discord: 15 minutes)."""
MARGIN = 60.0
"""A token is not picked this close to its end: the message may still wait in its paced outbox."""
ANSWER_WAIT = 3.0
"""An interaction is answered within 3 s or never: messages wait no longer for it."""
FOLLOW_UP_FIELDS = frozenset({"view", "allowed_mentions", "file", "files", "embed", "embeds", "nonce"})
"""What a follow-up can carry of what the outboxes send (the nonce is left out); anything else goes the ordinary way."""
FRESH_SECONDS = 5.0
"""A member's click this recent carries the lines it brings in their DMs at once (`FollowUp.fresh`)."""
TOKEN_REFUSED = frozenset({50027, 10015, 10062})
"""Invalid webhook token, unknown webhook, unknown interaction: the token no longer works (nothing was made)."""

Sender = Callable[[str, dict[str, Any]], Awaitable[Any]]
Lookup = Callable[[], Awaitable[Any]]


ANSWERED = asyncio.Event()
"""Every answered token's `answered`: an Event is 0.9 KB (most of it the queue of its waiters), and a channel's
tokens stay for their 15 minutes once answered, when nobody waits on them any more (issue 41)."""
ANSWERED.set()


@dataclass(eq=False, slots=True)
class Token:
    """One interaction's follow-up webhook."""

    webhook: discord.Webhook
    interaction_id: int
    received: float
    lifetime: float
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    dead: bool = False

    def answer(self) -> None:
        """Answered: whoever waits stops waiting, and the token keeps the shared set Event from now on."""
        self.answered.set()
        self.answered = ANSWERED

    def usable(self, now: float) -> bool:
        return not self.dead and now < self.received + self.lifetime - MARGIN


def refused(error: discord.HTTPException) -> bool:
    """Whether Discord refused the token itself (then nothing was made with it)."""
    return error.status == 401 or error.code in TOKEN_REFUSED


def unanswerable(error: BaseException) -> bool:
    """Whether an interaction's answer failed through no fault of the bot's: Discord down for now (a 5xx, a
    time-out: bot/discord/failures.py), or the interaction's token no longer works (it came too late)."""
    return transient(error) or (isinstance(error, discord.HTTPException) and refused(error))


async def told(answer: Awaitable[Any]) -> bool:
    """`answer` (a private answer) to what is already done and saved; False when Discord failed it
    (`unanswerable`): a warning, and what the act does in public (the channel's line) still follows."""
    try:
        await answer
    except Exception as error:
        if not unanswerable(error):
            raise
        log.warning("a private answer to what was done failed (%s); the rest goes on", error)
        return False
    return True


@dataclass(frozen=True)
class FollowUp:
    """A send outside Discord's global rate limit: `carrier`'s follow-up (the interaction, saved with the claim of
    what it sends: whoever sends that claim again looks for this interaction's follow-up first)."""

    send: Sender
    carrier: int
    clicked: float = -math.inf
    """When (`time.monotonic`) the carrying act was received."""

    def fresh(self) -> bool:
        """Whether the member clicked a moment ago (they are looking): the lines it carries in their DMs go at once
        (`Outbox`, `linger`); after an older click they wait to fold into the prompt behind them, as counted ones do:
        every message is a claim saved and a request, counted or not."""
        return time.monotonic() - self.clicked <= FRESH_SECONDS


class Replies:
    def __init__(self, *, lifetime: float = LIFETIME, clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled = True
        """False: every message goes the ordinary way (how the bot sent everything before; tests compare)."""
        self.lifetime = lifetime
        self._clock = clock
        self._newest: dict[int, Token] = {}
        """Channel → its newest act, perhaps still being answered."""
        self._expected: dict[int, Token] = {}
        """Interaction → its act while being answered: a newer act in the channel must not orphan it (a
        message already waiting on it would otherwise wait the whole ANSWER_WAIT)."""
        self._answered: dict[int, Token] = {}
        """Channel → its newest answered act: the token that carries the channel's messages."""
        self._made: dict[int, Token] = {}
        """Message → the token that made it: only that token can edit it."""
        self._swept = clock()

    # --- acts -------------------------------------------------------------------------------------
    def expect(self, interaction: discord.Interaction) -> None:
        """This act is being answered: its channel's next messages wait for it (a moment at most)."""
        if self.enabled and interaction.channel_id is not None:
            token = self._token(interaction)
            self._newest[interaction.channel_id] = self._expected[interaction.id] = token

    def offer(self, interaction: discord.Interaction) -> None:
        """This act's answer is out (not a deferred "thinking…" any more): its token may carry its
        channel's messages."""
        channel_id = interaction.channel_id
        if not self.enabled or channel_id is None:
            return
        current = self._answered.get(channel_id)
        if current is not None and current.interaction_id == interaction.id and interaction.id not in self._expected:
            return  # offered already
        newest = self._newest.get(channel_id)
        expected = self._expected.pop(interaction.id, None)
        if expected is not None:
            token = expected
        else:  # offered without being expected
            token = self._token(interaction)
            if newest is None or newest.answered.is_set() or newest.interaction_id < interaction.id:
                self._newest[channel_id] = token
        token.answer()
        current = self._answered.get(channel_id)
        if current is None or current.interaction_id < token.interaction_id:
            self._answered[channel_id] = token
        self._sweep()

    def withdraw(self, interaction: discord.Interaction) -> None:
        """This act was refused: its channel's messages do not wait for it."""
        channel_id = interaction.channel_id
        withdrawn = self._expected.pop(interaction.id, None)
        if withdrawn is not None:
            withdrawn.answer()  # whoever waits on it stops waiting: it will carry nothing
        newest = self._newest.get(channel_id) if channel_id is not None else None
        if newest is not None and newest.interaction_id == interaction.id:
            del self._newest[channel_id]  # type: ignore[arg-type]

    def forget(self, channel_id: int) -> None:
        """No act so far carries this channel's messages (a game there hides who plays it)."""
        self._newest.pop(channel_id, None)
        self._answered.pop(channel_id, None)

    def _token(self, interaction: discord.Interaction) -> Token:
        return Token(interaction.followup, interaction.id, self._clock(), self.lifetime)

    async def token_for(self, channel_id: int | None) -> Token | None:
        """The token to carry the next message for this channel, or None (then it goes the ordinary way)."""
        if not self.enabled or channel_id is None:
            return None
        newest = self._newest.get(channel_id)
        if newest is not None and not newest.answered.is_set():
            left = newest.received + ANSWER_WAIT - self._clock()
            if left > 0:
                await wait_at_most(newest.answered, left)
        token = self._answered.get(channel_id)
        if token is None or not token.usable(self._clock()):
            return None
        return token

    # --- sending and editing ------------------------------------------------------------------------
    def router(self, channel_id: Callable[[], int | None], plain: Sender) -> Callable[[], Awaitable[FollowUp | None]]:
        """For an outbox: a follow-up of its destination's newest act, or None when none is at hand.
        `plain` is the ordinary send it falls back to when the token is refused."""

        async def route() -> FollowUp | None:
            token = await self.token_for(channel_id())
            return None if token is None else FollowUp(
                partial(self.send, token, plain=plain), token.interaction_id, token.received)

        return route

    async def send(
        self, token: Token, content: str, extra: dict[str, Any], *, plain: Sender, landed: Lookup | None = None
    ) -> Any:
        """A follow-up through `token`; `plain` (the ordinary send) when Discord refuses it (the token past
        its time, or any other error) or the message needs what a follow-up cannot carry. A follow-up is
        tried once: after an answer that may hide a message Discord made (a 5xx, a time-out), `landed`
        looks for it, or — for the outboxes — the ordinary send does (its nonce stays negative)."""
        if set(extra) <= FOLLOW_UP_FIELDS:
            fields = {key: value for key, value in extra.items() if key != "nonce"}
            adapter = async_context.set(ONE_ATTEMPT)
            try:
                message = await token.webhook.send(content=content, wait=True, **fields)
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
                token.dead = True  # whatever the reason, the message goes the ordinary way, never lost
                if isinstance(error, discord.HTTPException) and refused(error):
                    log.info("an interaction token was refused (%s): sending the ordinary way", error.code)
                else:
                    log.warning("a follow-up failed (%s): sending the ordinary way", error)
                for file in [extra.get("file"), *(extra.get("files") or [])]:
                    if isinstance(file, discord.File):
                        file.reset()  # read once already: from its start again
                if may_have_landed(error):
                    if landed is not None and (found := await landed()) is not None:
                        return found
                    return await plain(content, extra)  # a negative nonce: the ordinary send looks first
            else:
                self._made[message.id] = token
                return message
            finally:
                async_context.reset(adapter)
        return await plain(content, ordinary(extra))

    async def edit(self, message: discord.PartialMessage, **fields: Any) -> None:
        """Edit through the token that made the message while it works (not counted), else the ordinary way."""
        token = self._made.get(message.id)
        if token is not None and token.usable(self._clock()):
            try:
                await token.webhook.edit_message(message.id, **fields)
                return
            except discord.HTTPException as error:  # whatever the reason: the ordinary way
                token.dead = True
                if not refused(error):
                    log.warning("an edit through a follow-up failed (%s %s): editing the ordinary way",
                                error.status, error.code)
        await message.edit(**fields)

    def _sweep(self) -> None:
        """Forget tokens past their time (at most once a minute: it walks every channel)."""
        now = self._clock()
        if now - self._swept < MARGIN:
            return
        self._swept = now
        for tokens in (self._newest, self._answered, self._expected):
            for key in [k for k, token in tokens.items() if not token.usable(now)]:
                del tokens[key]
        for message_id in [m for m, token in self._made.items() if not token.usable(now)]:
            del self._made[message_id]


def ordinary(extra: dict[str, Any]) -> dict[str, Any]:
    """The fields for the ordinary send of a message claimed for a follow-up: its nonce made positive
    (a negative one tells a restart to look for the message first, which this send need not)."""
    nonce = extra.get("nonce")
    return {**extra, "nonce": -nonce} if isinstance(nonce, int) and nonce < 0 else extra


PRIVATE = "gm-private"
"""`Interaction.extras` key: the lines of the interaction's private answer so far (`ephemeral`)."""
EDITABLE = frozenset({"view", "allowed_mentions"})
"""What a later line may bring that an edit of the answer can carry (files go in a message of their own)."""
EMBED_TEXT = 4096
EMBEDS_TEXT = 6000
EMBEDS = 10
"""Discord's limits of a message's embeds: a description's characters, all of them together, how many."""


def layout(text: str) -> tuple[str, list[discord.Embed]] | None:
    """`text` as one message: what fits in its 2000 characters (whole lines), the rest in embeds beneath; None
    when even they cannot hold it."""
    first, *others = joined(text.splitlines() or [""])
    if not others:
        return first, []
    bodies = joined("\n".join(others).splitlines(), EMBED_TEXT)
    if len(bodies) > EMBEDS or sum(len(body) for body in bodies) > EMBEDS_TEXT:
        return None
    return first, [discord.Embed(description=body) for body in bodies]


async def ephemeral(interaction: discord.Interaction, text: str, **extra: Any) -> None:
    """An answer only the member who acted sees, as one message, the interaction's own, whatever is said in it.

    Its first line answers the interaction (a callback: bot/discord/attempts.py `Attempts` owns its retries) or
    fills in its deferred "thinking…" (a follow-up: after an error that may hide it, that message is looked at
    first, `filled`); each later line is added to that message by an edit, which made twice shows the same. A
    follow-up carries no nonce, and an ephemeral one can be found again only by its id, which a 5xx hides (no
    endpoint lists an interaction's messages, no channel's history holds them): so a line goes as a message of
    its own only when the answer is no private message of this function's (a click acknowledged by a deferred
    update, a public answer) or has no room left, and then it is sent at most once (`at_most_once`)."""
    said: list[str] | None = interaction.extras.get(PRIVATE)
    if said is not None and set(extra) <= EDITABLE and (whole := layout("\n".join([*said, text]))) is not None:
        try:
            await interaction.edit_original_response(content=whole[0], embeds=whole[1], **extra)
        except discord.NotFound:  # the member dismissed it: a message of its own
            pass
        else:
            said.append(text)
            return
    content, embeds = layout(text) or (clip(text, 2000), [])
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, embeds=embeds, **extra)
        interaction.extras[PRIVATE] = [text]
        return
    files = [f for f in [extra.get("file"), *(extra.get("files") or [])] if isinstance(f, discord.File)]

    def send() -> Awaitable[Any]:
        for file in files:
            file.reset(seek=True)  # a try after one that read it: from its start again
        return interaction.followup.send(content, ephemeral=True, embeds=embeds, **extra)

    if said is None and interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
        await once(send, lambda: filled(interaction, content, embeds))
        interaction.extras[PRIVATE] = [text]
    else:
        await at_most_once(send)


async def filled(
    interaction: discord.Interaction, content: str, embeds: list[discord.Embed]
) -> discord.Message | None:
    """The interaction's deferred "thinking…" answer, when a follow-up has filled it in with `content` and
    `embeds` (the first follow-up does), else None."""
    original = await interaction.original_response()
    same = original.content == content and [e.description for e in original.embeds] == [e.description for e in embeds]
    return original if not original.flags.loading and same else None
