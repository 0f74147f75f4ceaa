"""A table built directly (no draft) for the tests of the votes, the artifact and victory.

Default seats (10 players): 0 Hero, 1 Politician, 2 Avenger, 3 Sociopath, 4 Swindler, 5 Monk,
6 Child, 7 Banker = Boss, 8 Croupier = Killer, 9 Jester = Advisor. Everyone holds three Strikes.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Rng
from games.mafia.order import Order, VecheKind
from games.mafia.state import LAW, MafiaState, Seat
from tests.games.rendering import assert_renders_for_everyone

PUBLIC = ["hero", "politician", "avenger", "sociopath", "swindler", "monk", "child", "banker", "croupier",
          "jester", "alien", "lucky", "paranoid", "psychic"]
MAFIA = {7: "boss", 8: "killer", 9: "advisor"}
HERO, POLITICIAN, AVENGER, SOCIOPATH, SWINDLER, MONK, CHILD, BOSS, KILLER, ADVISOR = range(10)


def table(players: int = 10, *, phase: str = "day", number: int = 2, seed: int = 1,
          mafia: dict[int, str] | None = None, public: dict[int, str] | None = None,
          started_with: int | None = None) -> MafiaState:
    """A game in `phase` `number` with the default seats (`public` overrides public roles by seat)."""
    mafia = MAFIA if mafia is None else mafia
    roles = PUBLIC[:players]
    for n, role in (public or {}).items():
        roles[n] = role
    state = MafiaState(players=players, rng=Rng(seed=seed), phase=phase, number=number,  # type: ignore[arg-type]
                       started_with=started_with or players)
    for n in range(players):
        secret = mafia.get(n)
        state.seats.append(Seat(
            public_role=roles[n], secret_role=secret or LAW, faction="mafia" if secret else "law",
            colour=state.roles.colour_of(secret) if secret else None,
        ))
    for player in state.seats:
        player.hand = [state.new_card("strike") for _ in range(3)]
    return state


def kill(state: MafiaState, number: int) -> None:
    """Mark a character dead at the end of the previous phase."""
    state.seats[number].alive = False
    state.seats[number].died_in = state.phase_index - 1


def wound(state: MafiaState, number: int) -> None:
    """A mortally wounded Avenger (lost his cards at the end of the previous phase)."""
    state.seats[number].wounded_in = state.phase_index - 1
    state.seats[number].hand = []


def vote(target: int, kind: VecheKind | None = "execution") -> Order:
    return Order(veche=target, veche_kind=kind)


def lead(target: int) -> Order:
    return Order(leader=target)


def seats_named(value: Any) -> set[int]:
    """Every seat a message's parameters name, however deeply nested."""
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return {value["seat"]}
        return set().union(*(seats_named(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(seats_named(v) for v in value)) if value else set()
    return set()


def assert_renders(events: list[Event]) -> None:
    """Every event reads right in both languages, for the channel and for every seat it names."""
    for event in events:
        for language in ("en", "ru"):
            assert_renders_for_everyone(language, event.key, event.params, "mafia-")
