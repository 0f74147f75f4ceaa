"""The one builder of a game's own prompts (those outside an order sheet, which games.core.orders builds):
each gets an id `<game>-<n>` from a counter in the state, so no id is ever given twice in a game."""

from __future__ import annotations

from typing import Any, Literal, Protocol, TypedDict, Unpack

from games.core.model import Option, Prompt

Ask = Literal["one", "number", "text", "many"]


class CountsPrompts(Protocol):
    """A game state that numbers the prompts it makes."""

    prompt_counter: int


class Asked(TypedDict, total=False):
    """What a prompt asks beyond who and which message: `Prompt`'s fields of these names, but `picks`,
    which is exactly that many options (`ask="many"`). Left out or None: `Prompt`'s default."""

    ask: Ask
    options: list[Option] | None
    params: dict[str, Any] | None
    low: int | None
    high: int | None
    picks: int | None
    secret: bool
    changeable: bool
    deadline_group: str | None


def only_answer(options: list[Option], *, aside: tuple[str, ...] = ()) -> str | None:
    """The value of the one answer a player could give among `options` (disabled ones and the
    navigation values in `aside` left out), or None when there is a real choice or none at all.

    A prompt with a single answer is never asked: the game makes that answer at once and says so to
    everyone, as Maskmen's forced pass does (Cookie's only target, Sword of Lies' last card to reveal
    and last unmarked card to interrogate)."""
    enabled = [o.value for o in options if o.disabled is None and o.value not in aside]
    return enabled[0] if len(enabled) == 1 else None


def numbered_prompt(state: CountsPrompts, player: int, key: str, *, game: str, deadline: str,
                    **asked: Unpack[Asked]) -> Prompt:
    """A prompt to `player` whose id is unique over the whole game."""
    state.prompt_counter += 1
    given: dict[str, Any] = {name: value for name, value in asked.items() if value is not None}
    picks = given.pop("picks", None)
    return Prompt(id=f"{game}-{state.prompt_counter}", seat=player, key=key, deadline=deadline,
                  ask=given.pop("ask", "one"), min_picks=picks, max_picks=picks, **given)
