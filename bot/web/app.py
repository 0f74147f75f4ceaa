"""The web record's HTTP side: an aiohttp.web application over one or more databases (the bot's; with
`python -m bot web`, the offline games' too), in the bot's own event loop or alone.

    /game/<token>                     a game's page (?lang=en|ru, ?spoilers=on|off)
    /game/<token>/picture/<n>.png     the n-th picture the channel was shown (Castle's board, Maskmen's order)
    /game/<token>/replay              a game with a replay (Castle): its pictures round by round (?step=n),
                                      what each round's lines tell drawn on it (Castle: the orders)
    /game/<token>/replay/<n>.png      one frame of it
    /game/<token>/game.gif            a game with a replay: the whole game as an animated GIF
    /server/<token>                   the server's page
    /static/style.css, /static/web.js

A token opens one game (or server) of the one database whose key made it (bot/web/links.py); anything
else — a malformed token, a made-up one, a game of a server whose pages are off, a lobby — is the same 404
as a game that does not exist. A game not over yet shows "in progress" and nothing else: no picture, no
replay, no GIF (404). Bad parameters are a 400 saying which. No error shows a traceback; no log line or
access log carries a token.

Pages are cached in memory by what they are made from (`bot.storage.web.GameStamp`: status, step,
version, seats, so a /forget-me or a rollback makes them again) and sent gzipped when the browser takes
it; pictures are cached on disk (bot/web/pictures.py). One page is made once however many ask at once.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.i18n import LANGUAGES, catalog, normalize, t
from bot.morphology import analyser
from bot.storage import Storage
from bot.storage.web import GameStamp, game_stamp, server_language, server_stamp, web_secret
from bot.web import pages
from bot.web.links import Links
from bot.web.pictures import DiskCache, database_key
from bot.web.record import ENDED, Record, load_record, names_of
from bot.web.replay_frames import Replays, frames, replay_of
from bot.web.standings import server_context
from games import registry

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
STATIC_TYPES = {"style.css": "text/css", "web.js": "text/javascript"}
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self';"
                               " base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
RECORDS_KEPT = 32
PAGES_KEPT_BYTES = 64 * 1024 * 1024


class Refused(Exception):
    """A request the page cannot answer: 404 (nothing here) or 400 (a parameter it does not take)."""

    def __init__(self, status: int, reason: str | None = None) -> None:
        super().__init__(status)
        self.status = status
        self.reason = reason


class Site:
    """One database: its storage, its links' key and where its drawn files are kept."""

    def __init__(self, storage: Storage, secret: bytes, cache: DiskCache) -> None:
        self.storage = storage
        self.links = Links(secret)
        self.key = database_key(secret)
        self.cache = cache
        self.replays = Replays(cache, self.key)


class Body:
    def __init__(self, html: str) -> None:
        self.raw = html.encode()
        self.gzipped = gzip.compress(self.raw, 6)

    @property
    def size(self) -> int:
        return len(self.raw) + len(self.gzipped)


class WebRecord:
    """The application and its caches, over `storages`."""

    def __init__(self, storages: list[Storage], *, cache_dir: Path | None = None) -> None:
        self.storages = storages
        self.cache = DiskCache(cache_dir)
        self.sites: list[Site] = []
        self._records: OrderedDict[tuple[str, int], tuple[GameStamp, Record]] = OrderedDict()
        self._pages: OrderedDict[tuple[Any, ...], tuple[Any, Body]] = OrderedDict()
        self._pages_bytes = 0
        self._making: dict[tuple[Any, ...], asyncio.Future[Any]] = {}
        """What is being made now (a record, a page), by key: asked again meanwhile, it is waited for."""
        self._static = {name: (STATIC / name).read_bytes() for name in STATIC_TYPES}

    async def open(self) -> None:
        self.sites = [Site(storage, await web_secret(storage), self.cache) for storage in self.storages]

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self._errors])
        add = app.router.add_get
        add("/", self._index)
        add("/game/{token}", self._game)
        add(r"/game/{token}/picture/{number:\d{1,6}}.png", self._picture)
        add("/game/{token}/replay", self._replay)
        add(r"/game/{token}/replay/{number:\d{1,6}}.png", self._frame)
        add("/game/{token}/game.gif", self._gif)
        add("/server/{token}", self._server)
        add("/static/{name}", self._static_file)
        return app

    # --- finding what a token opens -------------------------------------------------------------
    async def _find_game(self, token: str) -> tuple[Site, int, GameStamp]:
        for site in self.sites:
            game_id = site.links.number("game", token)
            if game_id is None:
                continue
            stamp = await game_stamp(site.storage, game_id)
            if stamp is None or not stamp.web:
                raise Refused(404)
            return site, game_id, stamp
        raise Refused(404)

    async def _ended_record(self, request: web.Request) -> tuple[Site, Record, str, GameStamp]:
        """The record of a game that is over, and the page's language; 404 for one still running."""
        site, game_id, stamp = await self._find_game(request.match_info["token"])
        if stamp.status not in ENDED:
            raise Refused(404)
        return site, await self._record(site, game_id, stamp), language_of(request, stamp.language), stamp

    async def _record(self, site: Site, game_id: int, stamp: GameStamp) -> Record:
        key = (site.key, game_id)
        known = self._records.get(key)
        if known is not None and known[0] == stamp:
            self._records.move_to_end(key)
            return known[1]

        async def load() -> Record:
            record = await load_record(site.storage, game_id)
            if record is None:
                raise Refused(404)
            return record

        record = await self._once(("record", *key, stamp), load)
        self._records[key] = (stamp, record)
        while len(self._records) > RECORDS_KEPT:
            self._records.popitem(last=False)
        return record

    async def _once(self, key: tuple[Any, ...], make: Callable[[], Awaitable[Any]]) -> Any:
        """`make()`, once for everyone who asks for `key` while it is being made: a task of its own, so a
        reader who leaves (a closed tab) stops no one else's page."""
        task = self._making.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._making[key] = task

            def done(finished: asyncio.Future[Any], key: tuple[Any, ...] = key) -> None:
                self._making.pop(key, None)
                if not finished.cancelled():
                    finished.exception()  # seen, even if every reader left before it ended

            task.add_done_callback(done)
        return await asyncio.shield(task)

    async def _page(self, request: web.Request, key: tuple[Any, ...], stamp: Any,
                    make: Callable[[], Awaitable[str]]) -> web.Response:
        known = self._pages.get(key)
        if known is not None and known[0] == stamp:
            self._pages.move_to_end(key)
            body = known[1]
        else:
            async def build() -> Body:
                return Body(await make())

            body = await self._once(("page", *key, stamp), build)
            old = self._pages.pop(key, None)
            self._pages_bytes += body.size - (old[1].size if old else 0)
            self._pages[key] = (stamp, body)
            while self._pages_bytes > PAGES_KEPT_BYTES and len(self._pages) > 1:
                self._pages_bytes -= self._pages.popitem(last=False)[1][1].size
        return html_response(request, body)

    # --- pages ------------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.Response:
        language = language_of(request, None)
        return html_response(request, Body(pages.index_page(language, root_of(request))))

    async def _game(self, request: web.Request) -> web.Response:
        site, game_id, stamp = await self._find_game(request.match_info["token"])
        language = language_of(request, stamp.language)
        spoilers = spoilers_of(request)
        root = root_of(request)
        token = request.match_info["token"]
        if stamp.status not in ENDED:  # nothing of the game is read: there is nothing to show
            title = t(language, "web-title-game", game=t(language, f"{stamp.game}-title"), id=game_id)
            return html_response(request, Body(pages.progress_page(title, language, root)))

        async def make() -> str:  # every line through the catalogs: off the event loop (the bot's clicks go on)
            record = await self._record(site, game_id, stamp)
            return await asyncio.to_thread(pages.game_page, record, language, spoilers, token, root)

        return await self._page(request, ("game", site.key, game_id, language, spoilers), stamp, make)

    async def _picture(self, request: web.Request) -> web.Response:
        site, record, language, _ = await self._ended_record(request)
        shown = registry.spec(record.row.game).picture
        number = int(request.match_info["number"])
        if shown is None or not 1 <= number <= len(record.pictures):
            raise Refused(404)
        picture = record.pictures[number - 1]
        names = names_of(record, language)
        path = self.cache.path(site.key, record.row.id,
                               f"picture-{picture.step}-{language}-{self.cache.names_key(names)}.png")
        png = self.cache.get(path)
        if png is None:
            png = await asyncio.to_thread(shown.draw, picture.view, names, partial(t, language))
            self.cache.put(path, png)
        return file_response(png, "image/png")

    async def _replay(self, request: web.Request) -> web.Response:
        site, record, language, stamp = await self._ended_record(request)
        count = len(frames(record))
        if not count:
            raise Refused(404)
        step = step_of(request, count)
        token = request.match_info["token"]

        async def make() -> str:
            return await asyncio.to_thread(pages.replay_page, record, language, step, token, root_of(request))

        return await self._page(request, ("replay", site.key, record.row.id, language, step), stamp, make)

    async def _frame(self, request: web.Request) -> web.Response:
        site, record, language, _ = await self._ended_record(request)
        found = frames(record)
        number = int(request.match_info["number"])
        if not 1 <= number <= len(found):
            raise Refused(404)
        return file_response(await site.replays.frame(record, found[number - 1], language), "image/png")

    async def _gif(self, request: web.Request) -> web.Response:
        site, record, language, _ = await self._ended_record(request)
        if replay_of(record) is None:
            raise Refused(404)
        return file_response(await site.replays.gif(record, language), "image/gif")

    async def _server(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        for site in self.sites:
            guild_id = site.links.number("server", token)
            if guild_id is None:
                continue
            stamp = await server_stamp(site.storage, guild_id)
            if not stamp[-1]:
                raise Refused(404)
            language = language_of(request, await server_language(site.storage, guild_id))
            root = root_of(request)

            async def make(site: Site = site, guild_id: int = guild_id, language: str = language,
                           root: str = root) -> str:
                context = await server_context(site.storage, site.links, guild_id, language)
                return pages.server_page(language, context, root)

            return await self._page(request, ("server", site.key, guild_id, language), stamp, make)
        raise Refused(404)

    async def _static_file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC_TYPES:
            raise Refused(404)
        return web.Response(body=self._static[name], content_type=STATIC_TYPES[name], charset="utf-8",
                            headers={"Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff"})

    # --- errors ---------------------------------------------------------------------------------
    @web.middleware
    async def _errors(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
        try:
            return await handler(request)
        except Refused as refused:
            status, reason = refused.status, refused.reason
        except web.HTTPException as error:
            if error.status not in (404, 405):
                raise
            status, reason = error.status, None
        except asyncio.CancelledError:
            raise
        except Exception:
            route = request.match_info.route.resource.canonical if request.match_info.route.resource else "?"
            log.exception("web: a request for %s failed", route)  # the route's pattern: never a token
            status, reason = 500, None
        language = requested_language(request)
        if status == 400:
            message = t(language, "web-bad-request", reason=t(language, reason or "web-bad-step"))
        elif status == 500:
            message = t(language, "web-server-error")
        else:
            message = t(language, "web-not-found")
        return html_response(request, Body(pages.error_page(language, status, message, root_of(request))),
                             status=status)


def html_response(request: web.Request, body: Body, *, status: int = 200) -> web.Response:
    headers = {**HEADERS, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return web.Response(body=body.gzipped, status=status, content_type="text/html", charset="utf-8",
                            headers=headers)
    return web.Response(body=body.raw, status=status, content_type="text/html", charset="utf-8", headers=headers)


def file_response(data: bytes, content_type: str) -> web.Response:
    return web.Response(body=data, content_type=content_type,
                        headers={**HEADERS, "Cache-Control": "private, max-age=86400"})


def root_of(request: web.Request) -> str:
    """The way from this page back to the site's root, relative (the site may live under a prefix)."""
    return "../" * max(0, request.path.count("/") - 1)


def requested_language(request: web.Request) -> str:
    """?lang= when it is one of ours, else the browser's first language we speak, else English."""
    asked = request.query.get("lang")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().lower()
        if code[:2] in LANGUAGES:
            return code[:2]
    return "en"


def language_of(request: web.Request, default: str | None) -> str:
    """The page's language: ?lang= (en or ru, else 400), else `default` (the game's), else the browser's."""
    asked = request.query.get("lang")
    if asked is None:
        return normalize(default) if default else requested_language(request)
    if asked not in LANGUAGES:
        raise Refused(400, "web-bad-lang")
    return asked


def spoilers_of(request: web.Request) -> bool:
    asked = request.query.get("spoilers", "off")
    if asked not in ("on", "off"):
        raise Refused(400, "web-bad-spoilers")
    return asked == "on"


def step_of(request: web.Request, count: int) -> int:
    """?step= as a number from 1 to `count` (1 when absent): not a number 400, a step the game lacks 404."""
    asked = request.query.get("step", "1")
    if not asked.isdecimal() or len(asked) > 9:
        if asked.isdecimal():
            raise Refused(404)  # a number far beyond any game
        raise Refused(400, "web-bad-step")
    step = int(asked)
    if not 1 <= step <= count:
        raise Refused(404)
    return step


def warm_up() -> None:
    """The catalogs, the Russian dictionary and the templates, loaded before the first page asks."""
    for language in LANGUAGES:
        catalog(language)
    analyser()
    pages.compile_templates()


class WebServer:
    """The web record served on host:port, inside the caller's event loop (the bot's, or `python -m bot web`)."""

    def __init__(self, storages: list[Storage], host: str, port: int, *, cache_dir: Path | None = None) -> None:
        self.record = WebRecord(storages, cache_dir=cache_dir)
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        await asyncio.to_thread(warm_up)
        await self.record.open()
        self._runner = web.AppRunner(self.record.application(), access_log=None)  # its lines would carry tokens
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("the web record on http://%s:%s/", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
