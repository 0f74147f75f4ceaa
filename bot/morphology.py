"""Russian grammatical cases for the names in messages (the catalogs' `NAME` function), and lists of names.

A catalog asks for the case a sentence needs: `перед { NAME($target, case: "ins", fallback: "игроком") }`
gives «перед Глебом», «перед вами» or, for a nickname that is not a known personal name,
«перед игроком xX_Nick» (the apposition keeps the nickname as written, in its nominative).
The analyser is pymorphy3 with the OpenCorpora dictionary: only a word it knows as a personal name
(tag `Name`) is declined, so a nickname that happens to be a common noun is never bent by guess.

Every list of names is written one way, `name_list`: the language's own list pattern from CLDR (Babel),
"Boris, Clara and Dmitri", «Борис, Вера и Глеб», «вы и Елена». A list given to `NAME` is declined item
by item: `между { NAME($players, case: "ins") }` gives «между вами и Еленой».
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from babel.lists import format_list

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer

CASES = {"nom": "nomn", "gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "loc": "loct"}
"""The case names catalogs write, and pymorphy3's (OpenCorpora's) grammemes for them."""

YOU_FORMS = {"nom": "вы", "gen": "вас", "dat": "вам", "acc": "вас", "ins": "вами", "loc": "вас"}
"""The reader addressed as «вы» in every case."""

LIST_LOCALES = {"en": "en_GB", "ru": "ru"}
"""The CLDR locale whose list pattern each language writes: "A, B and C" (no comma before "and"), «A, B и C»."""

_ONE_CYRILLIC_WORD = re.compile(r"[А-ЯЁа-яё]+(?:-[А-ЯЁа-яё]+)?")


class Addressee(str):
    """The reader's own seat as a message argument: the catalog's `you-name`, declined as a pronoun."""


class Named(str):
    """A game term (a card, a role) as a message argument: its text, plus the catalog key that renders
    it again in another case (`{ $case -> [acc] … *[nom] … }` in the term's message)."""

    key: str

    def __new__(cls, text: str, key: str) -> Named:
        named = super().__new__(cls, text)
        named.key = key
        return named

    def __getnewargs__(self) -> tuple[str, str]:  # pickled with its key (the bot's writer process gets it so)
        return str(self), self.key


class Listed(str):
    """A list of names as a message argument: its text ("you and Elena"), plus its items, which `NAME`
    declines one by one and joins again."""

    items: tuple[str, ...]
    language: str
    style: str

    def __new__(cls, items: Sequence[str], language: str, style: str = "standard") -> Listed:
        listed = super().__new__(cls, name_list(items, language, style))
        listed.items = tuple(items)
        listed.language = language
        listed.style = style
        return listed

    def __getnewargs__(self) -> tuple[tuple[str, ...], str, str]:  # pickled with its items (the writer process)
        return self.items, self.language, self.style


def name_list(items: Sequence[str], language: str, style: str = "standard") -> str:
    """Items written as one list, the language's way: "A, B and C", «A, B и C», "A" alone; `style` "or":
    "A, B or C", «A, B или C»."""
    locale = LIST_LOCALES.get(language, LIST_LOCALES["en"])
    return format_list([str(item) for item in items], style=style, locale=locale)


@cache
def analyser() -> MorphAnalyzer:
    """The analyser, loaded once (reading the dictionary takes a moment). Its "loading dictionaries"
    notes are the library's business, not a player's: they would print in the middle of a terminal game."""
    from pymorphy3 import MorphAnalyzer

    logging.getLogger("pymorphy3").setLevel(logging.WARNING)
    return MorphAnalyzer(lang="ru")


@lru_cache(maxsize=4096)
def declined(name: str, case: str) -> str | None:
    """`name` in `case` when it is one Cyrillic word known as a personal name; None otherwise
    (a nickname, a Latin name, several words: the catalog writes the apposition instead)."""
    grammeme = CASES.get(case)
    if grammeme is None or not _ONE_CYRILLIC_WORD.fullmatch(name):
        return None
    if grammeme == "nomn":
        return name
    for parse in analyser().parse(name):
        tag = parse.tag
        if "Name" not in tag or tag.case != "nomn" or tag.number != "sing":
            continue
        form = parse.inflect({grammeme, "sing"})
        if form is None:
            return None
        return _capitalised_like(name, form.word)
    return None


def _capitalised_like(original: str, word: str) -> str:
    """The inflected word written as the player wrote the name («Глеб» → «Глебом», «ГЛЕБ» → «ГЛЕБОМ»)."""
    if original.isupper() and len(original) > 1:
        return word.upper()
    if original[:1].isupper():
        return "-".join(part[:1].upper() + part[1:] for part in word.split("-"))
    return word


def name_function(render_term: Callable[[str, str], str], declines: bool) -> Callable[..., Any]:
    """The Fluent function `NAME(value, case: "gen", fallback: "игрока")` for one catalog.

    `render_term(key, case)` renders a term's message in a case; `declines` is False for a language
    without cases (English), where a name stays as written. fluent.runtime hands the function the
    argument as given (a str, or FluentNone when missing) and the named arguments as str."""

    def name(value: Any, case: str = "nom", fallback: str = "") -> Any:
        if not isinstance(value, str):
            return value  # a missing argument: FluentNone shows its name, as any missing variable does
        if isinstance(value, Addressee):
            return YOU_FORMS.get(case, str(value)) if str(value) == YOU_FORMS["nom"] else str(value)
        if isinstance(value, Named):
            return render_term(value.key, case)
        if isinstance(value, Listed):
            return name_list([name(item, case, fallback) for item in value.items], value.language, value.style)
        form = declined(str(value), case) if declines else str(value)
        if form is not None:
            return form
        return f"{fallback} {value}" if fallback else str(value)

    return name
