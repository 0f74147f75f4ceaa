"""The stand-in's REST side: every request recorded (`RecordedRequest`), matched to the route registered for
Discord's path template (`route`: each resource's module registers its own), checked against Discord's OpenAPI
description and the limits it misses (`BODY_CHECKS`, by the kind of body a route takes), answered like Discord
(its errors shaped as Discord's, `ApiError`), or failed as a test asked (`rate_limit`, `fail`)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web
from multidict import MultiMapping

from .models import InteractionRecord

if TYPE_CHECKING:
    from .server import DiscordStandIn

log = logging.getLogger("tests.discord_standin.server")

API_PREFIX = "/api/v10"

Handler = Callable[["DiscordStandIn", "ApiRequest"], Awaitable[Any]]
T = TypeVar("T")

BODY_CHECKS: dict[str, Callable[[Any], list[str]]] = {}
"""A route's kind of body (`route(..., body=…)`) → the limits Discord enforces that its description misses
(a message's, a callback's, commands': registered by messages.py, interactions.py, commands.py)."""


class ApiError(Exception):
    """An error answer, shaped like Discord's: {"message", "code", "errors"?}."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form_body(*problems: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", {"_errors": [{"code": "STANDIN", "message": p} for p in problems]})


@dataclass
class FilePart:
    field: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RecordedRequest:
    """One request the bot made."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    files: list[FilePart]
    at: float
    """Event-loop time."""
    route: str | None = None
    """The stand-in's template (Discord's path template), None for an unknown route."""
    status: int = 0
    response: Any = None
    problems: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class ApiRequest:
    method: str
    path: str
    params: dict[str, str]
    query: MultiMapping[str]
    body: Any
    files: list[FilePart]
    record: RecordedRequest

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")

    def json_object(self) -> dict[str, Any]:
        if not isinstance(self.body, dict):
            raise invalid_form_body("the body must be a JSON object")
        return self.body


@dataclass
class RateLimitRule:
    method: str
    route: str
    remaining: int
    retry_after: float
    is_global: bool
    scope: str

    def matches(self, method: str, route: str | None) -> bool:
        return self.remaining > 0 and self.method == method and self.route == route


@dataclass
class ServerErrorRule:
    """Answer `remaining` requests to `method route` with `status` (a 5xx: Discord is having trouble).
    `landed`: the request is carried out first (a message made, an overwrite set, a member muted, a callback
    acknowledged), then answered with the error, as Discord sometimes does. `where`: only the requests it
    accepts count (a channel webhook's post but not an interaction's follow-up on the same route, one kind of
    callback); `every`: of those, one in `every` fails (the `every`-th, the 2×`every`-th, …): faults at
    intervals through a whole game."""

    method: str
    route: str
    remaining: int
    status: int
    landed: bool = False
    every: int = 1
    where: Callable[[RecordedRequest], bool] | None = None
    seen: int = 0
    """Requests that matched so far (failed or not)."""
    failed: list[RecordedRequest] = field(default_factory=list)
    """The requests it answered with its error."""

    def take(self, record: RecordedRequest, route: str | None, *, landed: bool) -> bool:
        """Whether this request is answered with the error (counted once, at the rule's own moment). A rule's
        method or route "*" matches every one (an outage)."""
        if self.remaining <= 0 or self.landed != landed or self.method not in ("*", record.method) \
                or self.route not in ("*", route):
            return False
        if self.where is not None and not self.where(record):
            return False
        self.seen += 1
        if self.seen % max(1, self.every):
            return False
        self.remaining -= 1
        self.failed.append(record)
        return True


@dataclass(frozen=True)
class _Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool
    body_kind: str | None
    literal: int
    """How many fixed parts the template has: the most specific matching route wins (counted once, not per request)."""


_ROUTES: list[_Route] = []


def route(method: str, template: str, *, auth: bool = True, body: str | None = None) -> Callable[[T], T]:
    """Register a REST handler for `method API_PREFIX+template` (Discord's own path template)."""

    def register(handler: T) -> T:
        regex = re.sub(r"\\\{(\w+)\\\}", lambda match: f"(?P<{match.group(1)}>[^/]+)", re.escape(template))
        literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))
        _ROUTES.append(_Route(method, template, re.compile(regex), handler, auth, body, literal))  # type: ignore[arg-type]
        return handler

    return register


class Rest:
    """The REST side of the stand-in (a part of DiscordStandIn, server.py): each request recorded, matched to its
    route, checked against Discord's description and limits, answered or failed as a test asked; the records and
    checks tests read."""

    # --- what tests can make Discord do --------------------------------------------------------------------------

    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        scope: str = "user",
    ) -> RateLimitRule:
        """Answer the next `times` requests to `method route` (Discord's template, e.g.
        "/channels/{channel_id}/messages") with 429 and `retry_after`, like Discord does."""
        rule = RateLimitRule(method.upper(), route, times, retry_after, is_global, scope)
        self.rate_limits.append(rule)
        return rule

    def fail(
        self, method: str, route: str, *, status: int = 502, times: int = 1, landed: bool = False, every: int = 1,
        where: Callable[[RecordedRequest], bool] | None = None,
    ) -> ServerErrorRule:
        """Answer the next `times` requests to `method route` (Discord's template, e.g. "/gateway"; "*" for every
        method or route) with a server error, as Discord does in an outage; `landed`: after carrying the request
        out; `where`: only requests it accepts (`channel_webhook_post`, `acknowledgement`, …); `every`: one in
        `every` of them."""
        rule = ServerErrorRule(method.upper(), route, times, status, landed, every, where)
        self.server_errors.append(rule)
        return rule

    async def outage(
        self, seconds: float, *, status: int = 503, landed_every: int = 3, gateway: bool = True
    ) -> list[ServerErrorRule]:
        """Discord down for `seconds`: every REST request answered `status` (one in `landed_every` carried out
        first, then answered with the error; the others refused unhandled), and (`gateway`) the gateway's
        connections dropped and new ones refused (the bots reconnect and RESUME once it is back). Returns the
        rules, whose `failed` say what met them. (Before issue 41's follow-up this carried out all but one in
        `landed_every`, the other way round from what it said.)"""
        arrived = itertools.count(1)

        def refused(record: RecordedRequest) -> bool:
            return next(arrived) % landed_every != 0

        rules = [self.fail("*", "*", status=status, times=10**9, landed=False, where=refused),
                 self.fail("*", "*", status=status, times=10**9, landed=True)]  # what the first let by
        self.gateway.refusing = gateway
        try:
            if gateway:
                await self.gateway.drop_connections(4000)
            await asyncio.sleep(seconds)
        finally:
            self.gateway.refusing = False
            for rule in rules:
                rule.remaining = 0
                self.server_errors.remove(rule)
        return rules

    # --- Discord's global rate limit -----------------------------------------------------------------------------

    def interaction_of(self, request: RecordedRequest) -> InteractionRecord | None:
        """The interaction whose token a request uses: its callback, or the webhook the token opens (follow-ups,
        the messages made through it). None for anything else, a channel webhook's own token included."""
        parts = request.path.strip("/").split("/")
        if len(parts) >= 3 and parts[0] == "interactions":
            return self._interactions_by_token.get(parts[2])
        if len(parts) >= 3 and parts[0] == "webhooks" and _snowflake_or_none(parts[1]) == self.application_id:
            return self._interactions_by_token.get(parts[2])
        return None

    def counted(self, request: RecordedRequest) -> bool:
        """Whether Discord counts the request against the bot's global rate limit (50 per second across all its
        processes): everything but the interaction endpoints, which "are not bound to the bot's Global Rate
        Limit" (https://docs.discord.com/developers/topics/rate-limits#global-rate-limit). A channel webhook
        executed with its own token carries no bot token, but it shares the host's limit: it is counted."""
        return self.interaction_of(request) is None

    def writes_to(self, request: RecordedRequest) -> int | None:
        """The channel a request posts or edits a message in (the bot token's message routes, an interaction's
        follow-ups and edits), else None."""
        if request.method not in ("POST", "PATCH") or "/callback" in request.path:
            return None
        parts = request.path.strip("/").split("/")
        if len(parts) >= 3 and parts[0] == "channels" and parts[2] == "messages":
            return _snowflake_or_none(parts[1])
        interaction = self.interaction_of(request)
        return interaction.channel.id if interaction is not None else None

    # --- checks --------------------------------------------------------------------------------------------------

    def requests_to(self, method: str, route: str) -> list[RecordedRequest]:
        return list(self._requests_by_route.get((method.upper(), route), ()))

    def flood_problems(self, limit: int = 5, window: float = 5.0) -> list[str]:
        """Channels that got more than `limit` visible messages within `window` seconds."""
        problems = []
        by_channel: dict[int, list[float]] = {}
        for channel_id, at in self._created:
            by_channel.setdefault(channel_id, []).append(at)
        for channel_id, times in by_channel.items():
            start = 0
            for end in range(len(times)):
                while times[end] - times[start] > window:
                    start += 1
                if end - start + 1 > limit:
                    where = self._describe(self.channels[channel_id])
                    problems.append(f"{where} got {end - start + 1} messages within {window} s (limit {limit})")
                    break
        return problems

    def assert_clean(self) -> None:
        """Fail on spec/limit violations, unknown routes and flooded channels."""
        problems = [f"invalid request body: {violation}" for violation in self.violations]
        problems += [f"unknown route: {request.method} {request.path}" for request in self.unknown_requests]
        problems += [f"could not handle: {error}" for error in self.errors]
        if self.flood_limit is not None:
            problems += self.flood_problems(*self.flood_limit)
        if problems:
            raise AssertionError("the Discord stand-in saw problems:\n  " + "\n  ".join(problems))

    def clear_records(self) -> None:
        """Forget recorded requests, violations, unknown routes and message times (after expecting them)."""
        self.requests.clear()
        self._requests_by_route.clear()
        self.counted_per_second.clear()
        self.violations.clear()
        self.unknown_requests.clear()
        self.errors.clear()
        self._created.clear()

    # --- REST plumbing -------------------------------------------------------------------------------------------

    async def _serve_api(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        path = "/" + request.match_info["tail"]
        body, files = await _read_body(request)
        record = RecordedRequest(request.method, path, dict(request.query), body, files, loop.time())
        self.requests.append(record)
        self._touch()
        dropped = False
        for hook in self.request_hooks:
            dropped = bool(await hook(record, "received")) or dropped
        if dropped:
            record.status = 503
            return web.Response(status=503)
        try:
            matched = self._match(request.method, path)
            if matched is None:
                self.unknown_requests.append(record)
                log.warning("stand-in: unknown route %s %s", request.method, path)
                raise ApiError(404, 0, "404: Not Found")
            found, params = matched
            record.route = found.template
            self._requests_by_route.setdefault((record.method, found.template), []).append(record)
            if found.auth and request.headers.get("Authorization") != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            rule = self._take_rate_limit(request.method, found.template)
            if rule is not None:
                return self._too_many_requests(record, rule)
            failure = next((f for f in self.server_errors if f.take(record, found.template, landed=False)), None)
            if failure is not None:
                raise ApiError(failure.status, 0, f"{failure.status}: Server Error")
            self._check_body(record, found)
            api_request = ApiRequest(request.method, path, params, request.query, body, files, record)
            result = await found.handler(self, api_request)
            await self._flush()
            status, payload = (204, None) if result is None else (200, result)
            landed = next((f for f in self.server_errors if f.take(record, found.template, landed=True)), None)
            if landed is not None:  # carried out, then answered with an error
                raise ApiError(landed.status, 0, f"{landed.status}: Server Error")
        except ApiError as error:
            status, payload = error.status, error.body()
        except Exception as error:  # a body the stand-in cannot make sense of (or a stand-in bug): say so loudly
            log.exception("stand-in: failed to handle %s %s", request.method, path)
            self.errors.append(f"{request.method} {path}: {error!r}")
            status, payload = 400, invalid_form_body(f"the stand-in could not handle this request: {error!r}").body()
        record.status = status
        record.response = payload
        for hook in self.request_hooks:
            await hook(record, "handled")
        if self.counted(record):
            second = int(time.time())
            self.counted_per_second[second] = self.counted_per_second.get(second, 0) + 1
        if not self.keep_request_bodies:
            record.body, record.files, record.response = None, [], None
        self._touch()
        headers = self._rate_limit_headers(record.route or path)
        if payload is None:
            return web.Response(status=status, headers=headers)
        return _json_response(payload, status=status, headers=headers)

    def _match(self, method: str, path: str) -> tuple[_Route, dict[str, str]] | None:
        candidates = []
        for entry in _ROUTES:
            if entry.method != method:
                continue
            match = entry.pattern.fullmatch(path)
            if match is not None:
                candidates.append((entry.literal, entry, match.groupdict()))
        if not candidates:
            return None
        _, entry, params = max(candidates, key=lambda item: item[0])
        return entry, params

    def _check_body(self, record: RecordedRequest, found: _Route) -> None:
        body = record.body
        problems: list[str] = []
        if self.spec is not None and body is not None:
            problems += self.spec.validate(record.method, record.path, body)
        check = BODY_CHECKS.get(found.body_kind or "")
        if check is not None:
            problems += check(body)
        if problems:
            record.problems = problems
            self.violations.extend(f"{record.method} {record.path}: {p}" for p in problems)
            log.warning("stand-in: invalid body for %s %s: %s", record.method, record.path, problems)
            if self.reject_invalid:
                raise invalid_form_body(*problems)

    def _take_rate_limit(self, method: str, template: str) -> RateLimitRule | None:
        for rule in self.rate_limits:
            if rule.matches(method, template):
                rule.remaining -= 1
                return rule
        return None

    def _too_many_requests(self, record: RecordedRequest, rule: RateLimitRule) -> web.Response:
        """Discord's 429: retry_after in the body, the bucket headers, and `Via` (discord.py checks it to tell
        Discord's 429 from a Cloudflare ban)."""
        body = {"message": "You are being rate limited.", "retry_after": rule.retry_after, "global": rule.is_global}
        headers = {
            "Retry-After": str(math.ceil(rule.retry_after)),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + rule.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
            "X-RateLimit-Bucket": _bucket(rule.route),
            "X-RateLimit-Scope": rule.scope,
            "Via": "1.1 google",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        record.status = 429
        record.response = body
        return _json_response(body, status=429, headers=headers)

    def _rate_limit_headers(self, template: str) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": _bucket(template),
            "Via": "1.1 google",
        }

    def _touch(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._last_activity = asyncio.get_running_loop().time()



async def _read_body(request: web.Request) -> tuple[Any, list[FilePart]]:
    """The JSON body, or for multipart the parsed `payload_json` plus the uploaded files."""
    if not request.can_read_body:
        return None, []
    if request.content_type == "multipart/form-data":
        body: Any = None
        files: list[FilePart] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not hasattr(part, "read"):
                continue
            data = await part.read()  # type: ignore[union-attr]
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(data)
            else:
                content_type = part.headers.get("Content-Type")
                files.append(FilePart(name, part.filename or name, content_type, bytes(data)))
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []


def _json_response(payload: Any, *, status: int, headers: dict[str, str]) -> web.Response:
    """Exactly `Content-Type: application/json`, as Discord sends it (discord.py compares the whole header)."""
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    return web.Response(body=body, status=status, headers={**headers, "Content-Type": "application/json"})


def _snowflake(raw: Any) -> int:
    value = _snowflake_or_none(raw)
    if value is None:
        raise invalid_form_body(f"{raw!r} is not a snowflake")
    return value


def _snowflake_or_none(raw: Any) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def _bucket(template: str) -> str:
    return f"{abs(hash(template)) % 16**12:012x}"
