"""Every catalog message, rendered with sample arguments, reads as native text in both languages.

Each message is rendered with its seats named after other players, then once per seat as the reader's
own seat ("you"/«вы»), and once per variant of each of its selectors; each rendering must be free of
the leftovers that give a machine-made line away: a Latin word inside a Russian line, "you" with a
third-person verb, «игрока вы», a doubled space, a full line starting with a small letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from bot.i18n import LANGUAGES, LOCALES_DIR, catalog
from bot.morphology import Addressee, analyser
from bot.render import signed

SEATS = {
    "player", "target", "target1", "target2", "first", "second", "leader", "candidate", "voter",
    "owner", "winner", "ring_player", "recipient", "holder", "by", "senior", "folded",
}
"""Parameters that the engines fill with seat(n): the ones that can name the reader."""

NEVER_THE_READER = {
    ("castle-devil-victim", "player"), ("castle-robbed", "player"), ("castle-peek-victim", "player"),
    ("castle-ahaha-lost", "player"),
    # Castle never offers the reader as the target of their own card or skirmish effect
    ("castle-ask-position-first", "player"), ("castle-ask-position-second", "player"),
    ("castle-ask-peek-position", "player"), ("castle-opt-peek-swap", "player"), ("castle-opt-peek-take", "player"),
    ("castle-peek-seen", "target"), ("castle-ahaha-seen", "target"), ("castle-ask-ahaha", "target"),
    # Sword of Lies: what another player asks of the reader, and the reader's choices among the others
    ("sol-prompt-trade-their", "owner"),
    ("sol-prompt-ask-position", "owner"), ("sol-prompt-war-position", "player"),
    ("sol-event-war-target-only", "player"), ("sol-event-war-position-only", "player"),
    ("sol-event-ask-target-only", "player"), ("sol-summary-order", "target1"), ("sol-summary-order", "target2"),
    ("sol-error-price-above-stack", "player"), ("sol-summary-draft", "target"),
    # Cookie: the other player's token in front of the reader
    ("cookie-error-blocked-sword", "player"), ("cookie-error-blocked-shield", "player"),
    # read by the game master, who holds no seat
    ("sol-summary-gm-cards", "player"), ("maskmen-status-gm-hand", "player"),
    # a notice to the moderators in the public channel
    ("mafia-absent-notice", "player"),
}
"""Seats that can never be the reader's own in that message (the test skips rendering them as «вы»)."""

ITEMS = ("cookie-summary-placement", "offline-question-")
"""Messages (and families of messages, by prefix) that are items inside a longer line (after a colon, between
commas, in brackets): they start small."""

SAMPLE_NAME = {"en": "Vera", "ru": "Вера"}
SAMPLE_VALUE = 7
"""Any other parameter: a number reads right in every slot and brings no words of its own."""
PLURAL_SAMPLES = {"zero": 0, "one": 1, "two": 2, "few": 2, "many": 5, "other": 5}

LATIN_ALLOWED = {
    "Let's", "go", "gambling",  # a Castle event the original names in English
    "Discord", "JSON", "SQLite", "PostgreSQL", "English", "Enter", "Ctrl", "pid", "Maskmen",
}
"""Latin words a Russian line may hold: proper names, and names the original or the software keeps."""
TECHNICAL = ("startup-", "cli-", "offline-", "opt-", "param-", "error-option-", "gm-settings-")
"""Messages for whoever runs the bot or types its commands: settings and commands keep their Latin names."""
CODE = re.compile(
    r"`[^`]*`|<[^>]*>|https?://\S+|/[a-z][\w-]*(?: [a-z_]+(?::\S*)?)?|«[^»]*»|\b\w*_\w*\b|\b[A-Z]{2,}\b|\b[IVX]+\b"
)
"""What is not prose: code, mentions, links, commands and what is typed to them, identifiers, roman numerals."""
EMOJI_PREFIX = re.compile(r"^[^\w«\"'(\[]+(?=\w)")


GAME_CATALOGS = ("castle", "cookie", "mafia", "maskmen", "sword_of_lies", "orders")
"""The files whose messages the engines' events fill: their seat parameters may be the reader's own."""


def _messages(language: str) -> Iterator[tuple[str, ast.Message, bool]]:
    parser = FluentParser()
    for path in sorted((LOCALES_DIR / language).glob("*.ftl")):
        of_a_game = path.stem.startswith(GAME_CATALOGS)
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(entry, ast.Message) and entry.value is not None and entry.id.name != "you-name"
                and catalog(language).has(entry.id.name)  # the catalog as loaded (files may change meanwhile)
            ):
                yield entry.id.name, entry, of_a_game


class _Variables(Visitor):
    """The variables a message uses and the variant keys of the selectors on them."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.keys: dict[str, set[Any]] = {}

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            keys = self.keys.setdefault(node.selector.id.name, set())
            for variant in node.variants:
                key = variant.key
                if isinstance(key, ast.NumberLiteral):
                    keys.add(int(float(key.value)))
                elif key.name in PLURAL_SAMPLES:
                    keys.add(PLURAL_SAMPLES[key.name])
                else:
                    keys.add(key.name)
        self.generic_visit(node)


def _renderings(language: str, key: str, message: ast.Message, of_a_game: bool) -> Iterator[str]:
    found = _Variables()
    found.visit(message)
    seats = {name for name in found.names if name in SEATS and (of_a_game or f"{name}_is_you" in found.names)}
    base: dict[str, Any] = {name: SAMPLE_VALUE for name in found.names}
    base.update({name: SAMPLE_NAME[language] for name in seats})
    base.update({f"{name}_is_you": "no" for name in seats})
    base.update({name: "no" for name in found.names if name.endswith(("_is_you", "_has_you"))})
    you = Addressee(catalog(language).text("you-name"))
    readers = [{}] + [
        {seat: you, f"{seat}_is_you": "yes"} for seat in sorted(seats) if (key, seat) not in NEVER_THE_READER
    ]
    selections: list[dict[str, Any]] = [{}]
    for name, keys in sorted(found.keys.items()):
        if name in seats or name.endswith("_is_you"):
            continue
        selections += [{name: key} for key in sorted(keys, key=str)]
    bundle = catalog(language).bundle
    pattern = bundle.get_message(key).value
    for reader in readers:
        for selection in selections:
            text, _errors = bundle.format_pattern(pattern, {**base, **selection, **reader})
            yield text


@cache
def third_person(word: str) -> bool:
    """Whether the analyser reads `word` as a verb in the third person singular (берёт, picks…)."""
    return any(
        parse.tag.POS == "VERB" and parse.tag.person == "3per" and parse.tag.number == "sing"
        for parse in analyser().parse(word.lower())
    )


APPOSED_YOU = re.compile(
    r"\b(игрок[аоу]?|игроком|персонаж[аеу]?|персонажем)\s+(вы|вас|вам|вами)(?=[.,:;!?)»]|\s*$|\s+[—(])"
)
"""«игрока вы»: the reader put where a name stands."""
GUESSED_GENDER = re.compile(r"[а-яё]\((?:а|а?сь|на|ла|ая)\)")
"""«покинул(а)», «он(а)»: a word written for both genders at once, the machine's way around not knowing one."""
NOT_VERBS = {"as", "has", "is", "was", "this", "yes", "us", "plus", "always", "towards"}
"""Words after "you" that end in -s and are no third-person verb."""


def _leftovers(language: str, key: str, text: str) -> list[str]:
    found: list[str] = []
    if re.search(r"\S {2,}\S", text):
        found.append("doubled space")
    for line in text.splitlines():
        start = EMOJI_PREFIX.sub("", line.strip())
        full_line = EMOJI_PREFIX.match(line.strip()) is not None  # an emoji opens a line of its own
        if re.match(r"(вы|you):", start) or (full_line and re.match(r"(вы|you)\b", start)):
            found.append("a line starting with a small «вы»/“you”")
        elif start[:1].islower() and full_line and not key.startswith(ITEMS) \
                and not line.strip().startswith(("·", "…")):
            found.append("a full line starting with a small letter")
    if language == "ru":
        prose = "" if key.startswith(TECHNICAL) else CODE.sub(" ", text)
        latin = [w for w in re.findall(r"[A-Za-z][A-Za-z']+", prose) if w not in LATIN_ALLOWED]
        if latin:
            found.append(f"Latin words {latin}")
        for verb in re.findall(r"\b[Вв]ы:?\s+(?:не\s+)?([а-яё]+)", text):
            if third_person(verb):
                found.append(f"«вы» with «{verb}»")
        for verb in re.findall(r"\b([а-яё]+)\s+вы\b", text):
            if third_person(verb):
                found.append(f"«{verb} вы»")
        if APPOSED_YOU.search(text):
            found.append("«игрока вы»")
        if GUESSED_GENDER.search(text):
            found.append("a guessed gender («покинул(а)»)")
    else:
        for verb in re.findall(r"\b[Yy]ou:?\s+([a-z]+s)\b", text):
            if verb not in NOT_VERBS and not verb.endswith("ss"):
                found.append(f"“you {verb}”")
        if re.search(r"\b(?:cards?|hand|player) of you\b|\byou['’]s\b", text):
            found.append("“card of you”")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_reads_as_native_text(language: str) -> None:
    problems = []
    for key, message, of_a_game in _messages(language):
        seen: set[str] = set()
        for text in _renderings(language, key, message, of_a_game):
            for leftover in _leftovers(language, key, text):
                if (leftover, text) not in seen:
                    seen.add((leftover, text))
                    problems.append(f"{key}: {leftover}: {text!r}")
    assert not problems, f"{len(problems)} lines to fix:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_castle_line_wears_the_private_lock(language: str) -> None:
    """🔒 marks what only its reader sees; Castle's lines about corridors use ⛔ for a Lock."""
    locked = [
        key for key, message, _game in _messages(language)
        if key.startswith("castle-") and catalog(language).text(key).lstrip().startswith("🔒")
    ]
    assert not locked


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_file_parses_whole(language: str) -> None:
    """An edit that breaks Fluent syntax turns the message into Junk, silently dropped from the catalog."""
    parser = FluentParser()
    junk = [
        f"{path.name}: {entry.content[:60]!r}"
        for path in sorted((LOCALES_DIR / language).glob("*.ftl"))
        for entry in parser.parse(path.read_text(encoding="utf-8")).body
        if isinstance(entry, ast.Junk)
    ]
    assert not junk


@pytest.mark.parametrize("name", ["Вера", "Глеб", "xX_Nick"])
def test_a_dead_players_channel_rule_fits_any_name(name: str) -> None:
    """«Вера мёртв» guessed a man (issue 36 §5): the line reads right for a woman, a man and a nickname."""
    from bot.i18n import render

    line = render("ru", "channel-rule-dead", {"players": {"and": [{"seat": 0}]}}, lambda n: name)
    assert line == f"🔇 {name} выбывает и больше не пишет здесь: мёртвые теряют голос."
    two = {"players": {"and": [{"seat": 0}, {"seat": 1}]}}
    both = render("ru", "channel-rule-dead", two, ["Вера", name].__getitem__)
    assert both == f"🔇 Вера и {name} выбывают и больше не пишут здесь: мёртвые теряют голос."


RUSSIAN_COMMAND = re.compile(r"(?<![\w<:/.])/([a-z][\w-]*)")
"""A slash command named by its English name: Russian lines name the Russian one (/присоединиться)."""
NOT_THE_ORIGINALS = {
    "публичная роль": re.compile(r"публичн\w* рол"),  # the originals say «явная роль»
    "лист приказов": re.compile(r"\bлист(?:а|у|ом|е|ы|ов|ам|ами|ах)?\b"),  # one word for a player's order: «заявка»
}


def test_russian_lines_name_commands_and_terms_as_a_russian_player_knows_them() -> None:
    """Every Russian message names a slash command by its Russian name, a public role «явная роль» as the
    originals do, and a player's order «заявка», never «лист приказов» (issue 36 §5)."""
    found = []
    for key, message, of_a_game in _messages("ru"):
        if key.startswith(("name-", "param-", "choice-", "cli-", "startup-")):
            continue  # the names themselves, and the command line's own words
        for text in set(_renderings("ru", key, message, of_a_game)):
            found += [f"{key}: /{command}" for command in RUSSIAN_COMMAND.findall(text)]
            found += [f"{key}: «{term}»" for term, pattern in NOT_THE_ORIGINALS.items() if pattern.search(text)]
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.parametrize(("key", "params", "line"), [
    ("cookie-prompt-place-sword", {}, "Положите ⚔️ меч перед игроком, который, по-вашему, и есть ваша цель."),
    ("cookie-prompt-place-shield", {}, "Положите 🛡️ щит перед игроком, который, по-вашему, и есть ваш охотник."),
    ("opt-mafia-voice", {}, "Живой темп: голосовой канал, где бот ночью выключает микрофоны всем, а выбывшим — до "
                            "конца игры"),
])
def test_russian_lines_read_as_a_native_speaker_writes(key: str, params: dict[str, Any], line: str) -> None:
    assert catalog("ru").text(key, params) == line


def test_the_graveyard_says_a_player_brought_back_leaves_the_thread_not_the_game() -> None:
    opened = catalog("ru").text("graveyard-opened", {"game": "Мафия героев", "id": 1})
    assert "Тот, кто вернётся в игру, покинет эту ветку." in opened


@pytest.mark.parametrize("path", [
    pytest.param(path, id=path.name) for path in sorted((LOCALES_DIR / "en").glob("*.ftl"))
])
def test_english_catalogs_write_one_apostrophe(path: Any) -> None:
    """"the server's", never "the server’s" beside it (issue 36 §6: one apostrophe style)."""
    curly = [line for line in path.read_text(encoding="utf-8").splitlines() if "’" in line and not line.startswith("#")]
    assert not curly, curly


@pytest.mark.parametrize(("change", "written"), [(12, "+12"), (-7, "\u22127"), (0, "0")])
def test_a_change_is_written_with_a_real_minus(change: int, written: str) -> None:
    """A rating's trend in /stats («динамика … (−7)»): a hyphen is no minus sign."""
    assert signed(change) == written
    line = catalog("ru").text("stats-trend", {"games": 5, "spark": "▁▃▅", "delta": signed(change)})
    assert line.endswith(f"({written})") and "-" not in line
