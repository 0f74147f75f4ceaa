"""Autocomplete and look-ups: the one mechanism behind every option that completes what a member types.

An autocompleted option gets its choices from a *source*: an async function of the interaction, the
reader's language and what was typed so far, listing `Entry`s — a stable value (a role's key, a game's
number), the label shown in the reader's language, and every other name the entry answers to (its name
in the other language, its key). What was typed filters them: case-insensitive, «ё» read as «е», quotes
and spaces around ignored; whole-name matches first, then names that start with it, then names with a
word that starts with it, then names that contain it, each group in the source's order. At most 25
choices (Discord's limit), each label cut to 100 characters. A source that fails answers no choices and
is logged: a member typing never sees an error.

Reference look-ups (`/mafia role`, `/mafia card`, `/castle card`) are `Reference`s: fixed keys, each with
its name and full text in any language. The command takes the value a member chose, or text typed
without choosing when it names one entry; anything else is answered with the nearest names.

Game numbers (`/gm …`, `/history game:`) are labelled "#12 Mafia of Heroes — running — #channel": the
channel's name only for a member who can see that channel (a private thread: its members and members with
Manage Threads), nothing about seats or secrets.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field

import discord
from discord import app_commands

from bot.discord.replies import ephemeral
from bot.discord.text import escape_name
from bot.gathering.times import zones_like
from bot.i18n import LANGUAGES, normalize, t
from bot.render import clip, clip_words
from bot.storage import GameRow, Storage

log = logging.getLogger(__name__)

MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""
MAX_CHOICE_NAME = 100
"""A choice's name is at most 100 characters."""
NEAR = 5
"""How many near names an unknown name is answered with."""
MIN_HINT = 12
"""A hint shorter than this says nothing: the label goes alone."""
FINISHED_WINDOW = 50
"""How many of a server's newest finished games are filtered by what is typed (a game's number typed in
full is found however old it is)."""
TYPED_SHOWN = 80
"""How much of an unknown name the refusal quotes back."""
QUOTES = re.compile(r"[«»“”„\"'`]")
WORDS = re.compile(r"[\s\-–—:,.()#]+")

Value = str | int
Source = Callable[[discord.Interaction, str, str], Awaitable[Sequence["Entry"]]]
"""(interaction, reader's language, typed so far) → the entries to choose from, in the order to show."""
Choices = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Value]]]]


def folded(text: str) -> str:
    """How names are compared: case-folded, «ё» as «е», no quotes, single spaces."""
    return " ".join(QUOTES.sub("", text).casefold().replace("ё", "е").split())


def reader_language(interaction: discord.Interaction) -> str:
    return normalize(str(interaction.locale))


@dataclass(frozen=True)
class Entry:
    """One thing to choose: its value (what the command receives), its label (what the member sees) and
    the names it answers to when typed (a label may say more than a name: a hint, a game's status)."""

    value: Value
    label: str
    names: tuple[str, ...]

    def rank(self, typed: str) -> int | None:
        """How well `typed` (folded) names this entry, best 0; None when it does not."""
        best = None
        for name in map(folded, self.names):
            if name == typed:
                rank = 0
            elif name.startswith(typed):
                rank = 1
            elif any(word.startswith(typed) for word in WORDS.split(name)):
                rank = 2
            elif typed in name:
                rank = 3
            else:
                continue
            best = rank if best is None else min(best, rank)
        return best


def matching(entries: Iterable[Entry], typed: str) -> list[Entry]:
    """The entries `typed` names, best first (the source's order within a rank); all of them when empty."""
    wanted = folded(typed)
    if not wanted:
        return list(entries)
    ranked = [(rank, index, entry) for index, entry in enumerate(entries)
              if (rank := entry.rank(wanted)) is not None]
    return [entry for _, _, entry in sorted(ranked, key=lambda item: (item[0], item[1]))]


def choices(entries: Iterable[Entry]) -> list[app_commands.Choice[Value]]:
    """At most 25 choices, their names cut to Discord's 100 characters."""
    shown = list(entries)[:MAX_CHOICES]
    return [app_commands.Choice(name=clip(entry.label, MAX_CHOICE_NAME), value=entry.value) for entry in shown]


async def time_zones(interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
    """The IANA zones whose names hold what is typed (`/settings timezone:`, `/gm settings timezone:`)."""
    return [Entry(name, name, (name, name.replace("_", " "))) for name in zones_like(typed)]


def with_hint(language: str, label: str, hint: str) -> str:
    """A choice's label followed by a short hint ("Alien — Draws 7 at the start…"), cut at a word so the
    whole fits a choice's 100 characters."""
    whole = t(language, "option-explained", option=label, text=hint)
    if len(whole) <= MAX_CHOICE_NAME:
        return whole
    room = MAX_CHOICE_NAME - (len(whole) - len(hint))
    if room < MIN_HINT:
        return clip(label, MAX_CHOICE_NAME)
    return t(language, "option-explained", option=label, text=clip_words(hint, room))


def autocomplete(source: Source) -> Choices:
    """An option's autocomplete callback (`@app_commands.autocomplete(option=…)`) from its source."""

    async def choose(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Value]]:
        typed = "" if current is None else str(current)
        try:
            entries = await source(interaction, reader_language(interaction), typed)
            return choices(matching(entries, typed))
        except Exception:  # typing must never show an error: no choices, and the failure logged
            command = interaction.command.qualified_name if interaction.command else "?"
            log.exception("autocomplete of /%s failed; answered with no choices", command)
            return []

    return choose


def found(entries: Sequence[Entry], sent: str) -> Entry | None:
    """The entry a command's option names: a chosen value, a whole name in any language, or typed text
    that names a single entry."""
    value = sent.strip()
    exact = next((e for e in entries if str(e.value) == value), None)
    if exact is not None:
        return exact
    named = matching(entries, sent)
    whole = [e for e in named if e.rank(folded(sent)) == 0]
    if len(whole) == 1:
        return whole[0]
    return named[0] if len(named) == 1 else None


def nearest(entries: Sequence[Entry], sent: str) -> list[str]:
    """Labels of the entries closest to an unknown name: those it is part of, else the most alike."""
    named = matching(entries, sent) if folded(sent) else []
    if named:
        return [e.label for e in named[:NEAR]]
    by_name: dict[str, Entry] = {}
    for entry in entries:
        for name in entry.names:
            by_name.setdefault(folded(name), entry)
    close = difflib.get_close_matches(folded(sent), list(by_name), n=NEAR * 2, cutoff=0.5)
    labels: list[str] = []
    for name in close:
        label = by_name[name].label
        if label not in labels:
            labels.append(label)
    return labels[:NEAR]


# --- things looked up by name -----------------------------------------------------------------------
@dataclass(frozen=True)
class Reference:
    """Things a player looks up by name (a game's roles or cards): fixed keys, each with a name and a full
    text in every language, and the catalog key of the answer to a name that is none of them (given
    `name`, the text typed, and `names`, the nearest ones)."""

    keys: Callable[[], Sequence[str]]
    name: Callable[[str, str], str]
    """(language, key) → the name, as it is matched in every language."""
    text: Callable[[str, str], str]
    """(language, key) → the full text a look-up answers."""
    unknown: str
    label: Callable[[str, str], str] | None = None
    """(language, key) → the choice's label (the name with a short hint); the name when None."""
    _entries: dict[str, list[Entry]] = field(default_factory=dict, compare=False, repr=False)

    def entries(self, language: str) -> list[Entry]:
        """Every entry, labelled in `language` (made once per language: the data does not change)."""
        known = self._entries.get(language)
        if known is None:
            labelled = self.label or self.name
            known = [
                Entry(key, labelled(language, key), (*(self.name(other, key) for other in LANGUAGES), key))
                for key in self.keys()
            ]
            self._entries[language] = known
        return known

    async def source(self, interaction: discord.Interaction, language: str, typed: str) -> list[Entry]:
        return self.entries(language)

    async def answer(self, interaction: discord.Interaction, sent: str) -> None:
        """The look-up command: the entry's full text, or the nearest names; only the member sees it."""
        language = reader_language(interaction)
        entries = self.entries(language)
        entry = found(entries, sent)
        if entry is None:
            near = nearest(entries, sent)
            await ephemeral(interaction, t(language, self.unknown, name=escape_name(clip(sent.strip(), TYPED_SHOWN)),
                                           count=len(near), names=", ".join(near)))
            return
        await ephemeral(interaction, self.text(language, str(entry.value)))


# --- a server's games by number -------------------------------------------------------------------
async def channel_name(interaction: discord.Interaction, channel_id: int | None) -> str | None:
    """The name of a game's channel, for a member who can see it (None otherwise, or when it is gone)."""
    guild = interaction.guild
    member = interaction.user
    if guild is None or channel_id is None or not isinstance(member, discord.Member):
        return None
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None or not channel.permissions_for(member).view_channel:
        return None
    if isinstance(channel, discord.Thread) and channel.is_private() and not await sees_private_thread(channel, member):
        return None
    return channel.name


async def sees_private_thread(thread: discord.Thread, member: discord.Member) -> bool:
    """Whether `member` sees a private thread: its members do, and members with Manage Threads there. (A
    thread's permissions are its channel's, `Thread.permissions_for`: they say nothing of its membership.)
    Membership is asked of Discord unless cached; in doubt (an error), the thread is not seen."""
    if thread.permissions_for(member).manage_threads or thread.owner_id == member.id:
        return True
    if any(known.id == member.id for known in thread.members):
        return True
    try:
        await thread.fetch_member(member.id)
    except discord.NotFound:
        return False
    except discord.HTTPException as error:
        log.info("could not tell whether a member is in thread %s: %s", thread.id, error)
        return False
    return True


def game_entry(language: str, row: GameRow, where: str | None) -> Entry:
    """A game as a choice: its number, title, status and channel (`where`: its name, for a member who sees
    it), in the reader's language; it answers to its number and its title in every language too."""
    status = "paused" if row.status == "running" and row.paused else row.status
    label = t(language, "lookups-game", id=row.id, game=t(language, f"{row.game}-title"),
              status=t(language, f"lookups-status-{status}"), channel=where or "", seen="yes" if where else "no")
    titles = tuple(t(other, f"{row.game}-title") for other in LANGUAGES)
    return Entry(row.id, label, (str(row.id), f"#{row.id}", *titles, row.game, *([where] if where else [])))


async def game_entries(interaction: discord.Interaction, language: str, rows: Iterable[GameRow]) -> list[Entry]:
    """The games as choices for the member typing (each channel looked at once)."""
    names: dict[int | None, str | None] = {}
    entries = []
    for row in rows:
        if row.channel_id not in names:
            names[row.channel_id] = await channel_name(interaction, row.channel_id)
        entries.append(game_entry(language, row, names[row.channel_id]))
    return entries


def newest_first(rows: Iterable[GameRow], guild_id: int | None) -> list[GameRow]:
    """This server's games only, the newest first."""
    return sorted((r for r in rows if r.guild_id == guild_id), key=lambda r: r.id, reverse=True)


async def finished_games(storage: Storage, guild_id: int | None, typed: str) -> list[GameRow]:
    """This server's finished games, newest first: the newest `FINISHED_WINDOW`, and the game whose number
    was typed when it is an older one of them."""
    rows, _total = await storage.finished_games(guild_id or 0, limit=FINISHED_WINDOW)
    number = typed.strip().lstrip("#")
    if number.isdigit() and all(row.id != int(number) for row in rows):
        older = await storage.load_game(int(number))
        if older is not None and older.status == "finished" and older.guild_id == guild_id:
            rows.append(older)
    return rows
