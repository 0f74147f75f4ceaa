"""Victory (rules page, "Factions and secret roles": a faction wins when only its members are alive,
the dead sharing the win; everyone dead is a draw), the full reveal, and the game's results.

Decision: a mortally wounded Avenger is alive, so he still stands in the way of the other faction.
Decision: `Results.roles` holds catalog keys (`mafia-role-<public>`, `mafia-role-<secret>`, the
secret one `mafia-role-law` for the law), as the statistics render them and as other games do.
Decision: the game's end does not change `state.phase` (the engine decides what follows `over`);
this module sets only `winner`, `over` and `prompts`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from games.core import Event, Results, seat, seats, term
from games.core.orders import lines, message
from games.mafia.common import announce, card_term, cards_term, sorted_cards
from games.mafia.state import Card, MafiaState

Winner = Literal["mafia", "law", "draw"]


def outcome(state: MafiaState) -> Winner | None:
    """Who has won as things stand, or None while both factions are alive."""
    factions = {state.seats[n].faction for n in state.living()}
    if not factions:
        return "draw"
    if factions == {"mafia"}:
        return "mafia"
    if factions == {"law"}:
        return "law"
    return None


def winners(state: MafiaState) -> list[int]:
    """Every seat of the winning faction, the dead too; nobody after a draw or before the end."""
    if state.winner in ("mafia", "law"):
        return [n for n, s in enumerate(state.seats) if s.faction == state.winner]
    return []


def check(state: MafiaState, events: list[Event]) -> bool:
    """Step 9's victory check: end the game and reveal everything when a faction (or nobody) is left."""
    if state.over:
        return True  # already ended and announced
    result = outcome(state)
    if result is None:
        return False
    state.winner = result
    if state.options.mode == "anonymous":
        events[:] = [_named_by_role(state, event) for event in events]
    state.over = True
    state.prompts = []
    params: dict[str, Any] = {"reveal": lines(reveal(state))}
    if result != "draw":
        params["winners"] = {"and": seats(winners(state))}
    events.append(announce(f"mafia-victory-{result}", **params))
    return True


def _named_by_role(state: MafiaState, event: Event) -> Event:
    """An event of the step that ends an anonymous game, its seats named by public role as in every
    earlier step: the step is shown with the state that reveals the players, yet what it says before
    "Who was who" (the veche, the Leader vote, the deaths) must not name them. A private event keeps
    its reader's own seat, which reads as "you"."""
    own = set(event.to or [])

    def by_role(value: Any) -> Any:
        if isinstance(value, dict):
            number = value.get("seat")
            if set(value) == {"seat"} and isinstance(number, int) and 0 <= number < len(state.seats) \
                    and number not in own:
                return term(f"mafia-role-{state.seats[number].public_role}")
            return {k: by_role(v) for k, v in value.items()}
        if isinstance(value, list):
            return [by_role(v) for v in value]
        return value

    return event.model_copy(update={"params": by_role(event.params)})


def reveal(state: MafiaState) -> list[dict[str, Any]]:
    """The full reveal, one message per line (so a long one splits cleanly between Discord messages):
    every seat in seat order — public role, faction and secret role, the Student's colour, alive or
    dead, deck contents, hand and sleeve — then the artifact's holders. The victory announces it;
    the game master's table (a finished game's transcript) shows the same lines."""
    return [*(_seat_line(state, n) for n in range(len(state.seats))), _artifact(state)]


def _seat_line(state: MafiaState, number: int) -> dict[str, Any]:
    player = state.seats[number]
    student = player.student_colour
    return message(
        "mafia-reveal-seat",
        player=seat(number),
        public_role=term(f"mafia-role-{player.public_role}"),
        faction=term(f"mafia-faction-{player.faction}"),
        mafia="yes" if player.mafia else "no",
        role=term(f"mafia-role-{player.secret_role}"),
        student="yes" if student is not None else "no",
        colour=term(f"mafia-colour-{student}") if student is not None else "",
        alive="yes" if player.alive else "no",
        deck=_counted(state, player.deck),
        hand=cards_term(player.hand),
        sleeve=cards_term(player.sleeve),
    )


def _counted(state: MafiaState, cards: list[Card]) -> list[dict[str, Any]]:
    """Cards in collection order, each kind once with its number ("Strike ×3"): a deck's contents
    kept short enough for one line."""
    kinds = Counter(c.key for c in sorted_cards(state.collection, cards))
    return [message("mafia-reveal-cards", card=card_term(key), count=count) for key, count in kinds.items()]


def _artifact(state: MafiaState) -> dict[str, Any]:
    """Who held the artifact, in order, and whether it still exists."""
    if not state.artifact_held:
        return message("mafia-victory-artifact-never")
    return message("mafia-victory-artifact", holders=seats(state.artifact_held),
                   destroyed="no" if state.artifact is not None else "yes")


def results(state: MafiaState) -> Results | None:
    """1 point to every seat of the winning faction (the dead share the win), 0 to the rest."""
    if not state.over or state.winner is None:
        return None
    won = set(winners(state))
    return Results(
        scores=[1 if n in won else 0 for n in range(len(state.seats))],
        winners=sorted(won),
        roles=[[f"mafia-role-{s.public_role}", f"mafia-role-{s.secret_role}"] for s in state.seats],
        sides=[s.faction for s in state.seats],
    )
