"""Message catalogs (Project Fluent files in data/locales/<lang>/*.ftl) and event rendering.

Fluent picks plural forms through Babel's CLDR rules, so Russian gets one/few/many right
(1 монета, 2 монеты, 5 монет) without hand-written plural code.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import fluent.syntax.ast
import fluent.syntax.parser
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser
from fluent.syntax.ast import Resource

from bot.morphology import Addressee, Listed, Named, name_function, name_list

LOCALES_DIR = Path(__file__).resolve().parent.parent / "data" / "locales"
PARSED_DIR = Path(__file__).resolve().parent.parent / "data" / "cache"
"""Where the parsed catalogs are kept between runs (`parsed_catalog`); not committed."""
LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

SeatNamer = Callable[[int], str]
FORMATTED_KEPT = 4_096
"""Formatted messages a catalog keeps (then it starts again): 1–3 MB per language (a formatted message with
its key holds 0.4–0.7 KB; at 50,000 the two languages held 40–60 MB in every process)."""


def normalize(language: str | None) -> str:
    """Map a Discord locale ("ru", "en-US", "en-GB") or a setting to a supported language."""
    if not language:
        return DEFAULT_LANGUAGE
    base = str(language).split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class Catalog:
    """All messages of one language."""

    def __init__(self, language: str) -> None:
        self.language = language
        # NAME(value, case: "gen", fallback: "игрока"): a name, the reader or a term in a grammatical case
        names = name_function(self.in_case, declines=language == "ru")
        self.bundle = FluentBundle([language], use_isolating=False, functions={"NAME": names})
        self.keys: set[str] = set()
        self._formatted: dict[tuple[Any, ...], str] = {}
        for resource in parsed_catalog(language):
            self.bundle.add_resource(resource)
            self.keys.update(
                entry.id.name for entry in resource.body if type(entry).__name__ == "Message"
            )

    def in_case(self, key: str, case: str) -> str:
        """A term's message in a grammatical case: the variant its `$case` selector has for it."""
        return self.text(key, {"case": case})

    def has(self, key: str) -> bool:
        return self.bundle.has_message(key)

    def text(self, key: str, params: Mapping[str, Any] | None = None) -> str:
        """The message formatted; the same message with the same arguments is formatted once (a status
        line or a prompt's options come back with every step)."""
        arguments = dict(params or {})
        arguments.setdefault("case", "nom")  # a term with case variants (`{ $case -> … }`) stands in the nominative
        try:
            memo: tuple[Any, ...] | None = (key, *sorted(arguments.items()))
            hash(memo)
        except TypeError:  # an argument that is not plain data: formatted each time
            memo = None
        if memo is not None and (known := self._formatted.get(memo)) is not None:
            return known
        if not self.bundle.has_message(key):
            return key
        message = self.bundle.get_message(key)
        if message.value is None:
            return key
        text, _errors = self.bundle.format_pattern(message.value, arguments)
        if memo is not None:
            if len(self._formatted) >= FORMATTED_KEPT:
                self._formatted.clear()
            self._formatted[memo] = text
        return text


def parsed_catalog(language: str) -> list[Resource]:
    """The language's .ftl files, parsed. Fluent's parser is pure Python: both languages took ~0.85 s of
    every start (each bot process, each offline game). The parse is kept in PARSED_DIR under a name that
    changes with the files and the parser, written by this program only, so the next start reads it in a
    few hundredths of a second; a missing, stale or unreadable copy is parsed again (and a folder that
    cannot be written just means parsing each time). Without source positions: nothing reads them."""
    paths = sorted((LOCALES_DIR / language).glob("*.ftl"))
    sources = [path.read_bytes() for path in paths]
    key = hashlib.sha256(repr((sys.version_info[:2], pickle.HIGHEST_PROTOCOL, [_stamp(fluent.syntax.parser),
                                                                               _stamp(fluent.syntax.ast)])).encode())
    for path, source in zip(paths, sources, strict=True):
        key.update(path.name.encode() + b"\0" + source + b"\0")
    kept = PARSED_DIR / f"catalog-{language}-{key.hexdigest()[:20]}.pickle"
    with contextlib.suppress(Exception):  # absent or unreadable: parsed below
        resources = pickle.loads(kept.read_bytes())
        if isinstance(resources, list) and all(isinstance(r, Resource) for r in resources):
            return resources
    parser = FluentParser(with_spans=False)
    resources = [parser.parse(source.decode("utf-8")) for source in sources]
    with contextlib.suppress(OSError):
        PARSED_DIR.mkdir(parents=True, exist_ok=True)
        for stale in PARSED_DIR.glob(f"catalog-{language}-*.pickle"):
            if stale != kept:  # made for other files (or another parser): never read again
                stale.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(dir=PARSED_DIR, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump(resources, file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, kept)  # whole or not at all, whoever else writes it at the same time
        finally:
            Path(temporary).unlink(missing_ok=True)  # a write that failed leaves nothing behind
    return resources


def _stamp(module: Any) -> tuple[str, int, int]:
    stat = os.stat(module.__file__)
    return module.__name__, stat.st_size, stat.st_mtime_ns


@cache
def catalog(language: str | None) -> Catalog:
    return Catalog(normalize(language))


def t(language: str | None, key: str, /, **params: Any) -> str:
    return catalog(language).text(key, params)


class Reader(str):
    """What a SeatNamer answers for the reader's own seat: the player's name, marked.

    Rendered, it becomes the catalog's `you-name` ("you"/"вы"), and every seat parameter `X` of a
    message gets a companion `X_is_you` ("yes"/"no") that the catalogs select on, so a line about
    the reader reads "You reveal…"/"Вы вскрываете…" instead of "Player reveals…". Build such a
    namer with `reading_as`; a namer that never returns a Reader (the public channel) renders
    every name as written and every `X_is_you` as "no"."""


class Term(str):
    """What a SeatNamer answers for a seat named by a catalog term rather than by its player (an
    anonymous game's public role): the string is the term in the game's language, and `resolve`
    renders `key` again in each reader's own language."""

    key: str

    def __new__(cls, text: str, key: str) -> Term:
        named = super().__new__(cls, text)
        named.key = key
        return named

    def __getnewargs__(self) -> tuple[str, str]:  # pickled with its key (the bot's writer process gets it so)
        return str(self), self.key


def list_names(names: Sequence[str], language: str | None) -> str:
    """Names written as one list, the language's way: "you and Elena", «Борис, Вера и Глеб»; none: the
    catalog's "nobody". Every list of names a player reads goes through here (or `resolve`, the same)."""
    return name_list(names, normalize(language)) if names else t(language, "list-nobody")


def listed(language: str | None, items: list[Any], style: str = "standard") -> Any:
    """A list of names as a message argument: one name stays itself (the reader, a term: NAME declines it).
    `style` "or": the items are alternatives ("A, B or C")."""
    if not items:
        return t(language, "list-nobody")
    if len(items) == 1:
        return items[0]
    return Listed([i if isinstance(i, str) else str(i) for i in items], normalize(language), style)


def reading_as(name_of: SeatNamer, reader: int | None) -> SeatNamer:
    """`name_of` for one reader: their own seat comes back as a `Reader`."""
    if reader is None:
        return name_of

    def named(seat_number: int) -> str:
        name = name_of(seat_number)
        return Reader(name) if seat_number == reader else name

    return named


def _is_seat(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"seat"}


def resolve(language: str | None, value: Any, name_of: SeatNamer) -> Any:
    """Turn the structured parameters of events (seat(n), term(key), lists) into text.

    `{"and": [...]}`, and any list of seats, is a list of names (`list_names`: "A, B and C"), which the
    catalogs' NAME declines item by item; `{"or": [...]}` the same as alternatives ("A, B or C"); another
    list is its items joined by commas."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            name = name_of(value["seat"])
            if isinstance(name, Reader):
                return Addressee(t(language, "you-name"))
            return Named(t(language, name.key), name.key) if isinstance(name, Term) else name
        if set(value) in ({"and"}, {"or"}):
            ((joined_by, items),) = value.items()
            style = "or" if joined_by == "or" else "standard"
            return listed(language, [resolve(language, v, name_of) for v in items], style)
        if set(value) == {"term"}:
            return Named(t(language, value["term"]), value["term"])
        if set(value) == {"message", "params"}:  # a nested message (games.core.orders.message)
            return render(language, value["message"], value["params"], name_of)
        if set(value) == {"lines"}:
            return "\n".join(str(resolve(language, item, name_of)) for item in value["lines"])
        return {k: resolve(language, v, name_of) for k, v in value.items()}
    if isinstance(value, list):
        parts = [resolve(language, v, name_of) for v in value]
        if parts and all(_is_seat(v) for v in value):  # players: a list of names
            return listed(language, parts)
        if all(isinstance(p, str) for p in parts):
            return ", ".join(parts) if parts else "—"
        return parts
    return value


def render(language: str | None, key: str, params: Mapping[str, Any], name_of: SeatNamer) -> str:
    """A message with its structured parameters resolved: the one way events become text."""
    return t(language, key, **render_params(language, params, name_of))


def render_params(language: str | None, params: Mapping[str, Any], name_of: SeatNamer) -> dict[str, Any]:
    """The Fluent arguments of a message: its parameters resolved to text, plus `X_is_you` for
    every seat parameter, and `X_count` and `X_has_you` for every list."""
    resolved = {k: resolve(language, v, name_of) for k, v in params.items()}
    resolved.setdefault("case", "nom")  # a term with case variants, rendered on its own, stands in the nominative
    for k, v in params.items():
        if _is_seat(v):
            resolved[f"{k}_is_you"] = "yes" if isinstance(name_of(v["seat"]), Reader) else "no"
        elif isinstance(v, list) or (isinstance(v, dict) and set(v) in ({"and"}, {"or"})):
            items = v if isinstance(v, list) else next(iter(v.values()))
            resolved.setdefault(f"{k}_count", len(items))
            mine = any(_is_seat(i) and isinstance(name_of(i["seat"]), Reader) for i in items)
            resolved.setdefault(f"{k}_has_you", "yes" if mine else "no")
    return resolved
