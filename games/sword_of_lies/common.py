"""Helpers shared by the phases: prompt ids, option lists, card descriptions."""

from __future__ import annotations

from typing import Any, Unpack

from games.core import Event, Option, Prompt, Refusal, seat, term
from games.core.prompts import Asked, numbered_prompt
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies.state import SolState, TableCard

BACK = "back"
GONE = "gone:"
"""The value of a card list's disabled entry for a number whose card was destroyed."""


def new_prompt(state: SolState, player: int, key: str, *, deadline: str, **asked: Unpack[Asked]) -> Prompt:
    """A prompt with an id unique over the whole game. The steps of one Phase I move and of
    one war order share a deadline group, so the clock runs over the whole move."""
    group = {"turn": f"turn-{state.moves}-{player}", "war": f"war-{state.cycle}-{player}"}.get(deadline)
    return numbered_prompt(state, player, key, game="sol", deadline=deadline, deadline_group=group, **asked)


def replace_prompts(state: SolState, player: int, *prompts: Prompt) -> None:
    """Drop `player`'s pending prompts and add the given ones."""
    state.prompts = [p for p in state.prompts if p.seat != player] + list(prompts)


def drop_prompt(state: SolState, prompt_id: str) -> None:
    state.prompts = [p for p in state.prompts if p.id != prompt_id]


def option(value: str, label: str, disabled: Refusal | None = None, **params: Any) -> Option:
    return Option(value=value, label=label, params=params, disabled=disabled)


def back_option() -> Option:
    return option(BACK, "sol-opt-back")


def mark_params(card: TableCard) -> dict[str, Any]:
    """Public description of a card's back: unmarked, or who asked, what was named, the answer."""
    if card.mark is None:
        return {"marked": "no"}
    return {
        "marked": "yes",
        "by": seat(card.mark.by),
        "named": term(f"sol-colour-{card.mark.named}"),
        "answer": term("sol-believe" if card.mark.believed else "sol-disbelieve"),
        "believed": "yes" if card.mark.believed else "no",
    }


def card_params(card: TableCard, *, show_face: bool) -> dict[str, Any]:
    """A card in a row: its mark, and its face when revealed or when the viewer may see it."""
    params: dict[str, Any] = mark_params(card)
    if card.revealed:
        params["kind"] = "shield" if card.shield else "plain"
        params["lives"] = card.lives
    else:
        params["kind"] = "hidden"
    if card.revealed or show_face:
        params.update(cardlib.face(card.card))
    return params


def player_options(
    state: SolState,
    player: int,
    candidates: list[int],
    why_not: dict[int, Refusal] | None = None,
    *,
    include_self: bool = False,
) -> list[Option]:
    """One option per seat in `candidates`, never the asking player's own (a typed own seat is
    refused with `sol-error-self`) unless `include_self` shows it disabled."""
    why_not = why_not or {}
    options = []
    for other in candidates:
        if other == player:
            if include_self:
                options.append(
                    option(
                        str(other),
                        "sol-opt-player",
                        Refusal(key="sol-error-self"),
                        player=seat(other),
                    )
                )
            continue
        options.append(option(str(other), "sol-opt-player", why_not.get(other), player=seat(other)))
    return options


def position_options(
    cards: list[TableCard],
    *,
    show_faces: bool,
    why_not: dict[int, Refusal] | None = None,
) -> list[Option]:
    """One option per card of a row, in the order of the cards' numbers, so that option N is card #N
    for everyone who counts the list (the terminal's typed numbers): a revealed card moved right is
    still listed at its number. A number whose card was destroyed stays in the list as a disabled
    "#N is gone", so the cards after it keep their places. Answers are positions, as every rule reads."""
    why_not = why_not or {}
    by_number = {card.numbered(position): (position, card) for position, card in enumerate(cards, start=1)}
    options = []
    for number in range(1, max(by_number, default=0) + 1):
        if number not in by_number:
            options.append(option(f"{GONE}{number}", "sol-opt-card-gone", Refusal(key="sol-error-card-gone",
                                  params={"position": number}), position=number))
            continue
        position, card = by_number[number]
        options.append(
            option(
                str(position),
                "sol-opt-own-card" if show_faces else "sol-opt-card",
                why_not.get(position),
                position=number,
                **card_params(card, show_face=show_faces),
            )
        )
    return options


def number_at(cards: list[TableCard], position: int) -> int:
    """The number players know the card at `position` by (the position itself when there is none)."""
    return cards[position - 1].numbered(position) if 1 <= position <= len(cards) else position


def announce(key: str, **params: Any) -> Event:
    return Event(key=key, params=params)


def tell(players: list[int], key: str, **params: Any) -> Event:
    return Event(key=key, params=params, to=players)


def as_int(value: str | int) -> int | None:
    if isinstance(value, int):
        return value
    try:
        return int(value)
    except ValueError:
        return None


def hand_params(state: SolState, player: int) -> dict[str, Any]:
    """A player's own row with faces, for their private messages."""
    row = state.table[player].cards
    return {
        "hand": " ".join(f"{c.numbered(i)}:{cardlib.text(c.card)}" for i, c in enumerate(row, start=1)),
        "faces": [dict(position=c.numbered(i), **cardlib.face(c.card)) for i, c in enumerate(row, start=1)],
    }
