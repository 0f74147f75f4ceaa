"""Persistent components. Every custom_id encodes the game, the prompt and the option, so a
button in an old DM still works after a restart: the game's state decides whether it is
still valid (a stale click gets an ephemeral explanation).

    gm|<game>|<prompt>|<value>   answer button
    gms|<game>|<prompt>          answer select (the value is the selected option)
    gmx|<game>|<prompt>          opens a modal for an exact amount or free text
    gmm|<game>|<prompt>          that modal (handled in Interactions.on_interaction: modals
                                 submitted after a restart have no live Modal object)
    gmv|<game>                   "my hand / my prompt": the private view, ephemeral
    gmj|<lobby>                  Join, on the lobby's message: the same as /join
    gmja|<lobby>|<answers>|<value>   a sign-up question's answer button (ephemeral); <answers>: the
                                 earlier answers, "."-separated option values (see SIGNUP_VALUE)
    gmjs|<lobby>|<answers>[|<n>] a sign-up question's select (the value is the selected option)
    gmsp|<game>                  🗣 Speak (an anonymous game's relay, on the order sheet): opens the modal
    gmsm|<game>                  that modal (handled in Interactions.on_interaction, like gmm)
    gmsc|<token>                 which game `/mafia say` words go to, said outside a game's channel (the
                                 value is the game; the token names the words the relay keeps meanwhile)
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any, ClassVar, Protocol, Self

import discord

from bot.discord.priority import Foreground

log = logging.getLogger(__name__)


class Answers(Protocol):
    """What the components ask of the game master (bot/discord/interactions.py implements it), so this
    module needs nothing from the service: imports run one way, service → components."""

    def answer(
        self, interaction: discord.Interaction, game_id: int, prompt_id: str, value: str | int | tuple[str, ...]
    ) -> Awaitable[None]: ...

    def open_modal(self, interaction: discord.Interaction, game_id: int, prompt_id: str) -> Awaitable[None]: ...

    def private_view(self, interaction: discord.Interaction, game_id: int) -> Awaitable[None]: ...

    def report_failure(
        self, interaction: discord.Interaction, error: BaseException | None = None, what: str = "interaction"
    ) -> Awaitable[None]: ...

    @property
    def foreground(self) -> Foreground: ...

    def open_speak(self, interaction: discord.Interaction, game_id: int) -> Awaitable[None]: ...

    def carry_dms(self, interaction: discord.Interaction) -> None: ...


def _service(interaction: discord.Interaction) -> Answers:
    return interaction.client.game_master.interactions  # type: ignore[attr-defined,no-any-return]


GAME_ID = r"(?P<game>\d{1,18})"  # a game id SQLite can hold (< 2**63); longer ones are forged
PREFIXES = ("gm|", "gms|", "gmx|", "gmm|", "gmv|", "gmj|", "gmja|", "gmjs|", "gmsp|", "gmsm|", "gmsc|", "gmb|")
SIGNUP_VALUE = r"[A-Za-z0-9_~-]{1,24}"
"""A sign-up answer as a custom id carries it: a short ASCII option value (a role key, "yes", "~none")."""
SIGNUP_ANSWERS = r"(?P<answers>(?:" + SIGNUP_VALUE + r"(?:\." + SIGNUP_VALUE + r"){0,11})?)"
ALREADY_ANSWERED = 40060  # "Interaction has already been acknowledged": the same one delivered twice
TOO_LATE = 10062  # "Unknown interaction": the 3 s (or 15 min) ran out before this answer


def safe_id(custom_id: object) -> str:
    """A custom id fit for the log: the game and the prompt, never the chosen value (a card, a target)."""
    parts = str(custom_id or "").split("|")
    return "|".join(parts[:3])[:100]


def parse_ids(custom_id: object) -> tuple[int, str] | None:
    """(game id, prompt id) from `<kind>|<game>|<prompt>[|…]`, or None for a garbled or forged id."""
    parts = str(custom_id or "").split("|")
    if len(parts) < 3 or not re.fullmatch(r"\d{1,18}", parts[1]) or not parts[2]:
        return None
    return int(parts[1]), parts[2]


def is_ours(custom_id: object) -> bool:
    return str(custom_id or "").startswith(PREFIXES)


def taken_by_an_item(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether one of the persistent components below will take this click. discord.py drops, unanswered,
    a custom id no template matches and one the clicked message does not carry (a forged one)."""
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS):  # type: ignore[attr-defined]
        return False
    return interaction.message is not None and any(
        getattr(component, "custom_id", None) == custom_id for component in _walk(interaction.message.components)
    )


def _walk(components: list[Any]) -> list[Any]:
    found: list[Any] = []
    for component in components:
        found.append(component)
        found += _walk(list(getattr(component, "children", None) or []))
    return found


def released(interaction: discord.Interaction, item: discord.ui.Item[Any] | None = None) -> None:
    """Two reference cycles hold an answered click (its message, the users, the buttons) until the cyclic
    collector finds them: discord.py's Interaction and its InteractionResponse (`_cs_response`, a cached
    slot, and `_parent`: pinned) refer to each other, and so do the View discord.py builds from the clicked
    message and its items. Broken once the click is answered, the click is freed at once, and the
    collector's pauses (up to 100 ms under load, most of the slowest first responses) stay short. The
    response stays, without its interaction: it still tells that it was given (`is_done`)."""
    response = getattr(interaction, "_cs_response", None)
    if response is not None:
        response._parent = None
    view = item.view if item is not None else None
    if isinstance(view, discord.ui.View):
        view.clear_items()


async def guarded(
    interaction: discord.Interaction, work: Awaitable[None], item: discord.ui.Item[Any] | None = None
) -> None:
    """Run a component's work ahead of the outboxes; on an unexpected error, log it and tell the player.
    `item`: the clicked item, whose view is let go afterwards."""
    try:
        await _answer(interaction, work)
        _service(interaction).carry_dms(interaction)
    finally:
        released(interaction, item)


async def _answer(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    try:
        async with _service(interaction).foreground.answering():
            await work
    except Exception as error:
        await _service(interaction).report_failure(interaction, error, f"component {safe_id(_custom_id(interaction))}")


def _custom_id(interaction: discord.Interaction) -> object:
    return (interaction.data or {}).get("custom_id")


def answer_id(game_id: int, prompt_id: str, value: str) -> str:
    return f"gm|{game_id}|{prompt_id}|{value}"


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gm\|" + GAME_ID + r"\|(?P<prompt>[^|]+)\|(?P<value>[^|]*)",
):
    def __init__(
        self, game_id: int, prompt_id: str, value: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, disabled=disabled, row=row,
                custom_id=answer_id(game_id, prompt_id, value),
            )
        )
        self.game_id, self.prompt_id, self.value = game_id, prompt_id, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["game"]), match["prompt"], match["value"], label=item.label or "…", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = _service(interaction)
        await guarded(interaction, service.answer(interaction, self.game_id, self.prompt_id, self.value), item=self)


class AnswerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gms\|" + GAME_ID + r"\|(?P<prompt>[^|]+)",
):
    def __init__(
        self, game_id: int, prompt_id: str, options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None, row: int | None = None, min_values: int = 1, max_values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"gms|{game_id}|{prompt_id}", options=options or [], placeholder=placeholder, row=row,
                min_values=min_values, max_values=max_values,
            )
        )
        self.game_id, self.prompt_id = game_id, prompt_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> AnswerSelect:
        return cls(
            int(match["game"]), match["prompt"], list(item.options), item.placeholder,
            min_values=item.min_values, max_values=item.max_values,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        # a multi-select ("pick k of these") answers with every pick, a plain one with its single pick
        value: str | tuple[str, ...] = (
            tuple(str(v) for v in values) if self.item.max_values > 1 else (str(values[0]) if values else "")
        )
        service = _service(interaction)
        await guarded(interaction, service.answer(interaction, self.game_id, self.prompt_id, value), item=self)


class ModalOpener(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmx\|" + GAME_ID + r"\|(?P<prompt>[^|]+)",
):
    def __init__(self, game_id: int, prompt_id: str, *, label: str = "…", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"gmx|{game_id}|{prompt_id}", row=row
            )
        )
        self.game_id, self.prompt_id = game_id, prompt_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ModalOpener:
        return cls(int(match["game"]), match["prompt"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = _service(interaction)
        await guarded(interaction, service.open_modal(interaction, self.game_id, self.prompt_id), item=self)


class PrivateViewButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmv\|" + GAME_ID,
):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"gmv|{game_id}", emoji="🂠"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PrivateViewButton:
        return cls(int(match["game"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _service(interaction).private_view(interaction, self.game_id), item=self)


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmj\|" + GAME_ID,
):
    """Join on the message that opens a lobby: one click does what /join does (the test DM included)."""

    def __init__(self, lobby_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.success, custom_id=f"gmj|{lobby_id}", emoji="🪑"
            )
        )
        self.lobby_id = lobby_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_call(interaction, "Lobby", "join_lobby", lobby_id=self.lobby_id, item=self)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmb\|" + GAME_ID,
):
    """"Take my seat back" on the DM that tells an absent player a bot took their seat: /back, for that game."""

    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"gmb|{game_id}", emoji="↩️"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_call(interaction, "Stats", "take_back", game_id=self.game_id, item=self)


def signup_id(kind: str, owner_id: int, answers: list[str], tail: str | None = None) -> str:
    """The custom id of a sign-up component (`kind`: a lobby's "gmja" or "gmjs", a game night's "gnja" or
    "gnjs"; `tail`: a button's value or a select's part); ValueError when the answers do not fit one (a game
    whose option values are not short ASCII words)."""
    custom_id = f"{kind}|{owner_id}|{'.'.join(answers)}" + ("" if tail is None else f"|{tail}")
    values = [*answers, *([] if tail is None else [tail])]  # a select's part, 0–3, is such a word too
    if len(custom_id) > 100 or len(answers) > 12 or not all(re.fullmatch(SIGNUP_VALUE, v) for v in values):
        raise ValueError(f"sign-up answers do not fit a custom id: {custom_id[:40]}…")
    return custom_id


def question_template(kind: str, *, button: bool) -> str:
    """The template of a sign-up question's component of `kind` (its id: `signup_id`): a button's ends with its
    value, a select's with its part, if any."""
    tail = r"\|(?P<value>" + SIGNUP_VALUE + ")" if button else r"(?:\|(?P<part>[0-3]))?"
    return kind + r"\|" + GAME_ID + r"\|" + SIGNUP_ANSWERS + tail


def _signup_answers(match: re.Match[str]) -> list[str]:
    return match["answers"].split(".") if match["answers"] else []


async def cog_call(
    interaction: discord.Interaction, cog: str, method: str, *args: Any, item: discord.ui.Item[Any] | None = None,
    **kwargs: Any,
) -> None:
    """A component's work done by a cog's method (`method(interaction, *args, **kwargs)`), guarded (`item`: the
    clicked item, let go afterwards); a cog not loaded is reported as a failure."""
    found = interaction.client.get_cog(cog)  # type: ignore[attr-defined]
    if found is None:
        await _service(interaction).report_failure(interaction)
        return
    await guarded(interaction, getattr(found, method)(interaction, *args, **kwargs), item=item)


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=question_template("gmja", button=True)):
    """One answer to a sign-up question (the private conversation that Join starts in a game with
    sign-up questions). The id carries the answers so far: it works after a restart, and the lobby
    cog checks every value against the game's questions again (`answered`: the cog and its method, given the
    lobby, the answers so far and the value). A game night's questions, answered ahead, are the same button
    with its own `kind` and cog method (gathering_components.NightQuestionButton)."""

    kind: ClassVar[str] = "gmja"
    answered: ClassVar[tuple[str, str]] = ("Lobby", "sign_up")

    def __init__(
        self, owner_id: int, answers: list[str], value: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary, disabled: bool = False, row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, disabled=disabled, row=row,
                custom_id=signup_id(self.kind, owner_id, answers, value),
            )
        )
        self.owner_id, self.answers, self.value = owner_id, answers, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]), _signup_answers(match), match["value"], label=item.label or "…",
                   style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_call(interaction, *self.answered, self.owner_id, self.answers, self.value)


class SignupSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=question_template("gmjs", button=False)):
    """A sign-up question with many options (Mafia's 21 public roles and "no wish"); more than 25
    options take several selects, numbered by `part`. A game night's: gathering_components.NightQuestionSelect."""

    kind: ClassVar[str] = "gmjs"
    answered: ClassVar[tuple[str, str]] = ("Lobby", "sign_up")

    def __init__(
        self, owner_id: int, answers: list[str], options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None, row: int | None = None, part: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=signup_id(self.kind, owner_id, answers, None if part is None else str(part)),
                options=options or [], placeholder=placeholder, row=row,
            )
        )
        self.owner_id, self.answers = owner_id, answers

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> Self:
        part = int(match["part"]) if match["part"] else None
        return cls(int(match["game"]), _signup_answers(match), list(item.options), item.placeholder, part=part)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        value = str(values[0]) if len(values) == 1 else ""  # checked by the cog
        await cog_call(interaction, *self.answered, self.owner_id, self.answers, value)


class AnswerModal(discord.ui.Modal):
    """An exact amount or a free-text answer. Its submission is handled by the service's
    interaction listener (by custom_id), the same way before and after a restart."""

    def __init__(
        self, game_id: int, prompt_id: str, *, title: str, label: str, placeholder: str, numeric: bool
    ) -> None:
        super().__init__(title=title[:45], custom_id=f"gmm|{game_id}|{prompt_id}", timeout=600)
        self.add_item(
            discord.ui.TextInput(
                label=label[:45], placeholder=placeholder[:100], custom_id="answer",
                max_length=12 if numeric else 1000, style=discord.TextStyle.short,
            )
        )

    async def on_submit(self, interaction: discord.Interaction) -> None:  # handled by the listener
        return None


class SpeakButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmsp\|" + GAME_ID,
):
    """🗣 Speak: in a game that hides its players, say something in the game channel through the bot."""

    def __init__(self, game_id: int, *, label: str = "…", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"gmsp|{game_id}", emoji="🗣",
                row=row,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> SpeakButton:
        return cls(int(match["game"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _service(interaction).open_speak(interaction, self.game_id), item=self)


class SpeakModal(discord.ui.Modal):
    """The words to relay; submitted to the service's interaction listener (by custom_id)."""

    def __init__(self, game_id: int, *, title: str, label: str, limit: int) -> None:
        super().__init__(title=title[:45], custom_id=f"gmsm|{game_id}", timeout=900)
        self.add_item(
            discord.ui.TextInput(label=label[:45], custom_id="text", max_length=limit, style=discord.TextStyle.long)
        )

    async def on_submit(self, interaction: discord.Interaction) -> None:  # handled by the listener
        return None


class SpeakChoice(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gmsc\|(?P<token>[0-9a-f]{16})",
):
    """Which game the words go to: `/mafia say` outside a game's channel, by a member who plays several
    (an ephemeral select of the games where they may speak now; never a guess)."""

    def __init__(
        self, token: str, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"gmsc|{token}", options=options or [], placeholder=placeholder)
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> SpeakChoice:
        return cls(match["token"], list(item.options), item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        value = str(values[0]) if len(values) == 1 else ""  # checked by the relay
        relay = interaction.client.game_master.relay  # type: ignore[attr-defined]
        await guarded(interaction, relay.chosen(interaction, self.token, value), item=self)


DYNAMIC_ITEMS = (
    AnswerButton, AnswerSelect, ModalOpener, PrivateViewButton, JoinButton, SignupButton, SignupSelect, SpeakButton,
    BackButton, SpeakChoice,
)
