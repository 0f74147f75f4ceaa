"""Requests Discord may carry out and still answer with an error (a 5xx, a time-out): the bot owns their
retries, in discord.py's webhook adapter, which sends both the interaction callbacks and webhook posts.

discord.py's adapter (`AsyncWebhookAdapter.request`, discord.py 2.7.1) sends any request again after a 5xx,
up to five times. That is wrong twice over:

- a webhook's post carries no nonce, so a post Discord made before its 5xx is made again: shown twice. A
  post is tried once at a time (`ONE_ATTEMPT`), and before each new try the caller looks where it would be
  for it (`once`): a seat's words among the channel's last messages (`WebhookPosts`), a private answer in
  the "thinking…" message it fills in (bot/discord/replies.py `ephemeral`). An ephemeral line that fills in
  nothing cannot be looked for (read again only by its id, which the 5xx hid): `ephemeral` adds later lines
  to the answer by an edit, and what is left is sent at most once (`at_most_once`);
- an interaction callback Discord took before its 5xx (a deferred acknowledgement, an answer) makes the
  next try answer 40060, "already acknowledged", which discord.py raises: the handler stopped before
  acting, the click was lost and nobody was told. Here a 40060 that follows a 5xx (or a time-out) of the
  same callback means what it says: the interaction is acknowledged, and the handler goes on.

Which adapter discord.py uses is its `async_context` (a context variable): `install` sets ours for the bot's
tasks (every interaction handler runs in a task made from the gateway's, which inherits it), and `Replies`
sets `ONE_ATTEMPT` around a follow-up.

The bot token's client (`HTTPClient.request`) sends a request again after a 500, 502, 504 or 524, up to five
times, too: right for what carries a nonce (a channel message) or changes nothing twice (an edit, an overwrite,
a mute), wrong for a creation that carries none, a channel's webhook (bot/discord/seat_hooks.py `prepare`):
made, then 500, it was made again, an orphan toward the channel's 15. `install` wraps that client's session so that,
inside `once`, a 5xx is raised at the first answer (`ONE_TRY`) and the caller looks before trying again.
tests/runtime/test_pins.py and tests/discord/test_canary.py fail loudly if these internals move.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, TypeVar

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord.failures import backoff, may_have_landed

log = logging.getLogger(__name__)

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
"""discord.py's route for an interaction's callback (its answer or acknowledgement)."""
ALREADY_ACKNOWLEDGED = 40060
CALLBACK_TRIES = 3
CALLBACK_PAUSE = 0.25
"""Seconds before a callback's next try, times the tries so far: Discord gives an interaction 3 s."""
POST_TRIES = 4
"""Tries of a post (discord.py made five in about 16 s; these, with `backoff`, take about 7 s)."""
CLOCKS_APART = datetime.timedelta(seconds=30)
"""How far Discord's clock and ours may differ: a post found after a 5xx is no older than this before it."""
POSTS_REMEMBERED = 200
"""Webhook posts remembered as made (`WebhookPosts.posted`): more than a game's seats say in CLOCKS_APART."""

T = TypeVar("T")


class _FirstAnswer:
    """An aiohttp session whose requests raise at a 5xx answer instead of letting discord.py's webhook
    adapter send them again."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self._session = session

    def request(self, *args: Any, **kwargs: Any) -> _Checked:
        return _Checked(self._session.request(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


class _Checked:
    def __init__(self, request: Any) -> None:
        self._request = request

    async def __aenter__(self) -> aiohttp.ClientResponse:
        response: aiohttp.ClientResponse = await self._request.__aenter__()
        if response.status >= 500:
            text = await response.text()
            await self._request.__aexit__(None, None, None)
            raise discord.DiscordServerError(response, text)
        return response

    async def __aexit__(self, *exc_info: Any) -> Any:
        return await self._request.__aexit__(*exc_info)


ONE_TRY: ContextVar[bool] = ContextVar("one_try", default=False)
"""Set inside `once`: the bot token's requests raise at a 5xx instead of being sent again by discord.py."""


class _BotSession:
    """The bot token's aiohttp session (discord.py's `HTTPClient`), its requests checked inside `once`."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self._session = session

    def request(self, *args: Any, **kwargs: Any) -> Any:
        request = self._session.request(*args, **kwargs)
        return _Checked(request) if ONE_TRY.get() else request

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


class Attempts(AsyncWebhookAdapter):
    """discord.py's webhook adapter with the retries the bot owns: an interaction's callback as above;
    with `once`, every other request tried once (a 5xx raised: the caller looks before trying again)."""

    def __init__(self, *, once: bool = False) -> None:
        super().__init__()
        self.once = once

    async def request(self, route: Any, session: aiohttp.ClientSession, **kwargs: Any) -> Any:  # type: ignore[override]
        if route.method == "POST" and route.path == CALLBACK:
            return await self._callback(route, session, **kwargs)
        if self.once:
            return await super().request(route, _FirstAnswer(session), **kwargs)  # type: ignore[arg-type]
        return await super().request(route, session, **kwargs)

    async def _callback(self, route: Any, session: aiohttp.ClientSession, **kwargs: Any) -> Any:
        """The callback, tried again after an answer that may hide its success; a 40060 after that answer
        is the success it hid."""
        may_be_done = False
        for attempt in range(CALLBACK_TRIES):
            if attempt:
                await asyncio.sleep(CALLBACK_PAUSE * attempt)
                for file in kwargs.get("files") or []:
                    file.reset()  # read once already: from its start again
            try:
                return await super().request(route, _FirstAnswer(session), **kwargs)  # type: ignore[arg-type]
            except discord.HTTPException as error:
                if may_be_done and error.code == ALREADY_ACKNOWLEDGED:
                    log.info("an interaction's callback was taken before Discord's error: acknowledged")
                    return acknowledged(route)
                if not may_have_landed(error) or attempt == CALLBACK_TRIES - 1:
                    raise
            except (aiohttp.ClientError, TimeoutError):
                if attempt == CALLBACK_TRIES - 1:
                    raise
            may_be_done = True
        raise AssertionError("unreachable")


def acknowledged(route: Any) -> dict[str, Any]:
    """What Discord answers a callback with (`with_response`), as far as discord.py reads it: the interaction's
    id (the message it made, if any, is not known here; nothing of the bot's reads it)."""
    return {"interaction": {"id": str(route.webhook_id)}}


ONE_ATTEMPT = Attempts(once=True)
ACKNOWLEDGING = Attempts()


def install(http: discord.http.HTTPClient | None = None) -> None:
    """discord.py's interaction responses in this task, and in every task made from it from now on, go
    through `ACKNOWLEDGING`; the bot token's requests (`http`, logged in) can be tried once (`ONE_TRY`). Called
    as the bot logs in, before the gateway connects."""
    async_context.set(ACKNOWLEDGING)
    session = getattr(http, SESSION, None) if http is not None else None
    if session is not None and not isinstance(session, _BotSession):
        setattr(http, SESSION, _BotSession(session))


SESSION = "_HTTPClient__session"
"""Where discord.py's `HTTPClient` keeps its aiohttp session (made at login)."""


async def once(send: Callable[[], Awaitable[T]], landed: Callable[[], Awaitable[T | None]]) -> T:
    """`send` (a creation that carries no nonce: a webhook's post, a follow-up, a channel's webhook) made at
    most once: each try is one request (`ONE_ATTEMPT` for a webhook's, `ONE_TRY` for the bot token's); after an
    answer that may hide what Discord made, `landed` looks for it where it would be before the next try. A
    refusal (4xx) is raised at once; so is the last failure, or a look that fails (it may be there: better said
    to have failed than shown twice)."""
    for attempt in range(1, POST_TRIES + 1):
        adapter, one_try = async_context.set(ONE_ATTEMPT), ONE_TRY.set(True)
        try:
            return await send()
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
            if not may_have_landed(error):
                raise
            failure = error
        finally:
            ONE_TRY.reset(one_try)
            async_context.reset(adapter)
        found = await landed()  # (a look is a read: tried again after a 5xx, as discord.py does)
        if found is not None:
            log.info("a post Discord made before its error (%s) was found: not posted again", failure)
            return found
        if attempt == POST_TRIES:
            raise failure
        log.warning("a post failed (%s); trying again in %.0f s", failure, backoff(attempt))
        await asyncio.sleep(backoff(attempt))
    raise AssertionError("unreachable")


async def at_most_once(send: Callable[[], Awaitable[Any]]) -> None:
    """`send` (a creation that carries no nonce and that nothing can look for afterwards: an ephemeral follow-up
    that fills in no answer) tried once: after an answer that may hide it, it is not sent again (logged). A
    refusal (4xx), or an error that shows nothing was sent, is raised."""
    adapter, one_try = async_context.set(ONE_ATTEMPT), ONE_TRY.set(True)
    try:
        await send()
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
        if not may_have_landed(error):
            raise
        log.warning("a private line may not have reached its member (%s): not sent again, nothing can look for it",
                    error)
    finally:
        ONE_TRY.reset(one_try)
        async_context.reset(adapter)


async def already_there(
    channel: discord.abc.Messageable, me: int, matches: Callable[[discord.Message], bool]
) -> discord.Message | None:
    """The destination's newest message by `me` (the bot, or a webhook: a webhook's posts are its own), if
    `matches` says it is the one about to be sent again: a post a 5xx hid, a status message cut off by a restart,
    a follow-up claimed before batches said when (none carried a nonce). One message at a time goes to a
    destination (its outbox), so a message sent before the process died, or before the 5xx, is the newest one
    there (from this process: `follow_up_since` when others may post there too)."""
    async for message in channel.history(limit=20):
        if message.author.id == me:
            return message if matches(message) else None
    return None


FOLLOW_UPS_LOOKED_AT = 100
"""How many of a destination's newest messages a restart reads for a follow-up cut off by it (Discord's most)."""


async def follow_up_since(
    channel: discord.abc.Messageable, me: int, since: int, matches: Callable[[discord.Message], bool]
) -> discord.Message | None:
    """The first follow-up by `me` (the bot) in the destination made from the snowflake `since` on (the claim of
    a message about to be sent again: it went as a follow-up, if at all, right after) that `matches` says is it:
    made through the token of the interaction that carried it (`carried_by`), or, with no interaction known (a
    restart), holding its words. Other processes may have posted there since; a message made before the claim,
    or posted the ordinary way (with a nonce: no follow-up), is never taken for it."""
    first = None
    async for message in channel.history(limit=FOLLOW_UPS_LOOKED_AT):
        if message.id < since:
            break  # older than the claim: the rest too
        if message.author.id == me and message.interaction_metadata is not None and matches(message):
            first = message
    return first


def carried_by(interaction: int) -> Callable[[discord.Message], bool]:
    """A follow-up made through `interaction`'s token, whatever it says by now (a prompt answered since shows its
    answer): nothing else goes to a destination through that token while its outbox waits for this message, and
    tokens are each process's own."""
    return lambda message: message.interaction_metadata is not None and message.interaction_metadata.id == interaction


def same_content(content: str) -> Callable[[discord.Message], bool]:
    return lambda message: message.content.strip() == content.strip()


class WebhookPosts:
    """Posts through a channel's webhooks (bot/discord/relay.py: a seat's words under its public name),
    each made at most once (`once`)."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.posted: deque[int] = deque(maxlen=POSTS_REMEMBERED)
        """The posts this process made last: never taken for a post a 5xx hid (the same words said again)."""

    async def post(
        self, hook: dict[str, Any], where: int, content: str, name: str, *, thread: bool = False
    ) -> discord.Message:
        """`content` posted by the webhook `hook` (its id and token) in `where` (its channel, or a thread of
        it) under `name`, pinging nobody. After an answer that may hide the post, the destination's newest
        post by that webhook is the post when it holds these words, is newer than the first try (give or take
        CLOCKS_APART) and was not made before."""
        webhook = discord.Webhook.partial(int(hook["id"]), str(hook["token"]), client=self.bot)
        since = discord.utils.utcnow() - CLOCKS_APART
        place = {"thread": discord.Object(where)} if thread else {}

        def this_post(message: discord.Message) -> bool:
            return message.content == content and message.created_at >= since and message.id not in self.posted

        made = await once(
            lambda: webhook.send(content=content, username=name[:80], allowed_mentions=discord.AllowedMentions.none(),
                                 wait=True, **place),
            lambda: already_there(self.bot.get_partial_messageable(where), webhook.id, this_post),
        )
        self.posted.append(made.id)
        return made
