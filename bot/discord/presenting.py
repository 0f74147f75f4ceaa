"""How the game looks in Discord: a prompt or the status → message content, components and allowed
mentions. Pure functions of the game as it is (or as a step being saved leaves it): nothing here
sends, saves or remembers."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.discord.component_rows import ComponentRows
from bot.discord.components import AnswerSelect, ModalOpener, SpeakButton, answer_id
from bot.discord.text import (
    escape_name,
    event_text,
    option_label,
    option_label_with_reason,
    option_text,
    option_with_reason,
    prompt_text,
    refusal_text,
)
from bot.i18n import SeatNamer, normalize, reading_as, t
from bot.live import LiveGame
from bot.render import clip, clip_words, joined, list_names, option_explained
from games.core import GameState, Option, Prompt, Refusal

MAX_BUTTONS = 20  # 4 rows of 5; the fifth row is kept for the amount / view buttons
MAX_DESCRIPTION = 100  # a select option's description
SENTENCE_END = (". ", "! ", "? ")


def simultaneous(prompts: list[Prompt]) -> bool:
    """A step where several players choose at once (secret or changeable choices): the status says
    how many have chosen, not who is still waiting. One open public prompt is a turn: it names the
    player."""
    return len({p.seat for p in prompts}) > 1 and any(p.secret or p.changeable for p in prompts)


def reachable(game: LiveGame, seat_number: int) -> bool:
    """Whether the seat's holder is a member the bot can write to (not a bot player, not an empty seat)."""
    held = game.seats[seat_number]
    return not held.bot and held.user_id is not None


def seat_language(game: LiveGame, seat_number: int) -> str:
    return normalize(game.seats[seat_number].language or game.row.language)


def public_player(game: LiveGame, seat_number: int, user_id: int | None) -> str:
    """A player as a channel line names them: a mention (the client lets it ping nobody), or in a
    game that hides its players (anonymous) the seat's public name, never the member."""
    if game.public_term(seat_number) is not None or user_id is None:
        return escape_name(game.name_of(seat_number))
    return f"<@{user_id}>"


def refusal(refused: Refusal, language: str, game: LiveGame | None, *, reader: int | None = None) -> str:
    """A refusal for the player who tried (`reader`: their seat, whose name reads "you")."""
    names = reading_as(game.name_of, reader) if game else str
    return refusal_text(refused.key, refused.params, language, names)


# --- prompts ---------------------------------------------------------------------------------------
class ButtonPayload:
    """An answer button as a message is sent with it: the payload of bot/discord/components.py `AnswerButton`,
    made without building that discord.ui item (a third of drawing a prompt's view; every prompt sent and every
    click's answer draws one). A click on it is routed by its custom id to an AnswerButton made then."""

    __slots__ = ("_payload", "row")
    width = 1

    def __init__(
        self, game_id: int, prompt_id: str, value: str, *, label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False, row: int | None = None,
    ) -> None:
        if row is not None and not 0 <= row < 5:
            raise ValueError("row cannot be negative or greater than or equal to 5")
        self.row = row
        self._payload: dict[str, Any] = {"type": 2, "style": style.value, "disabled": disabled}
        if label := label[:80]:
            self._payload["label"] = label
        self._payload["custom_id"] = answer_id(game_id, prompt_id, value)

    def to_component_dict(self) -> dict[str, Any]:
        return dict(self._payload)


def prompt_names(game: LiveGame, prompt: Prompt, private: bool | None = None) -> SeatNamer:
    """Names as a prompt's reader sees them: a DM or an ephemeral message (`private`, by default a
    secret prompt) is read by the prompt's player, whose own name is "you"; the channel reads plain
    names."""
    return reading_as(game.name_of, prompt.seat if (prompt.secret if private is None else private) else None)


def explains_itself(option: Option) -> bool:
    """Whether an option carries a text of what it does (a Mafia card's effect): bot.render.option_explained
    (asked without rendering that text)."""
    return option.params.get("ability") is not None


def as_selects(prompt: Prompt) -> bool:
    """Whether the prompt's options become select menus: too many for buttons, several picks, or options
    that say what they do (a select option shows that under its label; a button cannot)."""
    return len(prompt.options) > MAX_BUTTONS or prompt.ask == "many" or any(map(explains_itself, prompt.options))


def short_form(text: str, limit: int = MAX_DESCRIPTION) -> str:
    """`text` in one short line: whole when it fits, else its first sentences that fit, followed by " …",
    else cut at a word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = max(text.rfind(end, 0, limit - 1) for end in SENTENCE_END)
    if cut > 0:
        return text[: cut + 1] + " …"
    return clip_words(text, limit)


def select_option(option: Option, value: str, language: str, names: SeatNamer) -> discord.SelectOption:
    """An option in a select menu: its label, and what it does (short) as the description when it says."""
    explained = option_explained(option, language, names)
    return discord.SelectOption(
        label=clip(option_label(option, language, names), 100), value=value,
        description=None if explained is None else short_form(explained),
    )


def select_values(options: list[Option]) -> list[str]:
    """Select values must be unique: an option value carried again (a name the Killer may give
    twice) becomes `<value>#<n>`, read back by `carried_value`."""
    seen: dict[str, int] = {}
    values = []
    for option in options:
        seen[option.value] = seen.get(option.value, 0) + 1
        values.append(option.value if seen[option.value] == 1 else f"{option.value}#{seen[option.value]}")
    return values


def carried_value(prompt: Prompt, value: str) -> str:
    base, mark, copy = value.rpartition("#")
    if mark and copy.isdigit() and prompt.option(value) is None and prompt.option(base) is not None:
        return base
    return value


def value_label(
    game: LiveGame, prompt: Prompt, value: str | int | tuple[str, ...], language: str,
    names: SeatNamer | None = None,
) -> str:
    names = names or game.name_of
    if isinstance(value, tuple):
        return ", ".join(value_label(game, prompt, v, language, names) for v in value)
    option = prompt.option(str(value)) if isinstance(value, str) else None
    return option_text(option, language, names) if option else str(value)


def prompt_content(
    game: LiveGame, prompt: Prompt, language: str, due: float | None, *, private: bool | None = None
) -> str:
    names = prompt_names(game, prompt, private)
    text = prompt_text(prompt, language, names)
    title = t(language, f"{game.row.game}-title")
    lines = [f"**{title} #{game.id}** — {text}"]
    if due is not None:
        lines.append(t(language, "prompt-deadline", when=f"<t:{int(due)}:R>"))
    if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
        lines.append(t(language, "prompt-amount-range", low=prompt.low, high=prompt.high))
    if as_selects(prompt):  # a select cannot show a disabled option: the text says why it is missing
        lines += [
            f"• {option_with_reason(o, language, names)}"
            for o in prompt.options if o.disabled is not None and not o.value.startswith("~")
        ]
    return "\n".join(lines)


def prompt_mentions(game: LiveGame, prompt: Prompt) -> discord.AllowedMentions:
    """A public prompt pings the player it waits for (its leading `<@id>`), and no one else."""
    user_id = game.seats[prompt.seat].user_id
    if prompt.secret or user_id is None or game.public_term(prompt.seat) is not None:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(users=[discord.Object(user_id)])


def prompt_view(game: LiveGame, prompt: Prompt, language: str, *, private: bool | None = None) -> ComponentRows:
    view = ComponentRows()
    options = prompt.options
    names = prompt_names(game, prompt, private)
    if not as_selects(prompt):
        for index, option in enumerate(options):
            view.add_item(
                ButtonPayload(
                    game.id, prompt.id, option.value, label=option_label_with_reason(option, language, names),
                    style=discord.ButtonStyle.primary if option.disabled is None else discord.ButtonStyle.secondary,
                    disabled=option.disabled is not None, row=index // 5,
                )
            )
    else:
        # many options: selects (disabled ones left out), and an order sheet's Back / Cancel / Done
        # as buttons on the last row
        navigation = [o for o in options if o.value.startswith("~")][:5]
        enabled = [o for o in options if o.disabled is None and o not in navigation]
        many = prompt.ask == "many"
        values = select_values(enabled)
        for chunk_start in range(0, min(len(enabled), 25 if many else 100), 25):
            chunk = enabled[chunk_start : chunk_start + 25]
            wanted = 1 if prompt.min_picks is None else prompt.min_picks
            low = min(len(chunk), wanted) if many else 1
            high = min(len(chunk), prompt.max_picks or len(chunk)) if many else 1
            view.add_item(
                AnswerSelect(
                    game.id, prompt.id,
                    [select_option(o, value, language, names)
                     for o, value in zip(chunk, values[chunk_start : chunk_start + 25], strict=True)],
                    placeholder=t(language, "prompt-select"), row=chunk_start // 25,
                    min_values=low, max_values=high,
                )
            )
        for option in navigation:
            view.add_item(ButtonPayload(
                game.id, prompt.id, option.value, label=option_label_with_reason(option, language, names),
                style=discord.ButtonStyle.secondary, disabled=option.disabled is not None, row=4,
            ))
    if prompt.ask == "number" and prompt.low is not None and prompt.high is not None:
        presets = sorted({prompt.low, (prompt.low + prompt.high) // 2, prompt.high})
        row = min(4, (len(options) + 4) // 5)
        for amount in presets[:3]:
            if len(view.children) >= 24:
                break
            view.add_item(ButtonPayload(game.id, prompt.id, f"={amount}", label=f"{amount}", row=row))
        view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-exact-amount"), row=row))
    if prompt.ask == "text":
        view.add_item(ModalOpener(game.id, prompt.id, label=t(language, "prompt-write-answer")))
    if prompt.sheet is not None and game.engine.relay_refusal(game.state, prompt.seat) is None:
        with contextlib.suppress(ValueError):  # a full view keeps its order; /<game> say still works
            view.add_item(SpeakButton(game.id, label=t(language, "channel-speak-button")))
    return view


# --- the status message ----------------------------------------------------------------------------
def status_text(
    game: LiveGame,
    *,
    state: GameState | None = None,
    dues: dict[str, float] | None = None,
    status: str | None = None,
    paused: bool | None = None,
) -> str:
    """The status message: the game now, or as a step being saved leaves it (its state, dues…)."""
    state = game.state if state is None else state
    dues = game.dues if dues is None else dues
    status = game.row.status if status is None else status
    paused = game.row.paused if paused is None else paused
    language = game.row.language
    title = t(language, f"{game.row.game}-title")
    lines = [f"**{title} #{game.id}**"]
    lines += [event_text(e, language, game.name_of) for e in game.engine.summary(state, None)]
    if status == "running":
        open_prompts = [p for p in state.prompts if not p.answered]
        waiting = sorted({p.seat for p in open_prompts})
        if waiting and simultaneous(state.prompts):
            # who still has a prompt could reveal a secret role: only how many have chosen
            asked = {p.seat for p in state.prompts}
            lines.append(t(language, "status-chosen-count", done=len(asked) - len(waiting), total=len(asked)))
        elif waiting:
            names = list_names([escape_name(game.name_of(s)) for s in waiting], language)
            lines.append(t(language, "prompt-waiting-for", players=names))
        if waiting:
            due = [dues[p.id] for p in open_prompts if p.id in dues]
            if due and not paused:
                lines.append(t(language, "prompt-deadline", when=f"<t:{int(min(due))}:R>"))
        if paused:
            lines.append(t(language, "status-paused"))
    else:
        lines.append(t(language, "status-finished" if status == "finished" else "status-cancelled"))
    return joined(lines)[0]
