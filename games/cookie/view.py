"""What Cookie's players see: the public view, a seat's secrets and deduction aid, the status lines,
the final table, and the words the engine's events name cards and roles with."""

from __future__ import annotations

from typing import Any

from games.cookie import rules
from games.cookie.deduction import possible_roles
from games.cookie.state import CookieState, Placement, RoundRecord
from games.core import GM, Event, Viewer, seat, term

NAME = "cookie"


def card_term(card: str) -> dict[str, str]:
    return term(f"cookie-card-{card}")


def role_term(role: str) -> dict[str, str]:
    return term(f"cookie-role-{role}")


def placement_view(placement: Placement) -> dict[str, Any]:
    return {
        "owner": placement.owner,
        "card": placement.card,
        "target": placement.target,
        "circle": placement.circle,
    }


def standings(coins: list[int]) -> list[Event]:
    """The final table, most coins first (seat order among equals); equal coins share a place,
    since a tie stays a tie."""
    order = sorted(range(len(coins)), key=lambda s: (-coins[s], s))
    rows = [Event(key="cookie-standings")]
    for player in order:
        place = 1 + sum(1 for c in coins if c > coins[player])
        rows.append(Event(key="cookie-standings-row", params={"place": place, "player": seat(player),
                                                              "coins": coins[player]}))
    return rows


def placements_line(placements: list[Placement]) -> Event:
    """Which Swords and Shields lie in front of whom this round (public: every placement is
    announced as it happens)."""
    if not placements:
        return Event(key="cookie-summary-placements-none")
    items = [
        {
            "message": "cookie-summary-placement",
            "params": {
                "card": p.card,
                "owner": seat(p.owner),
                "placed": "no" if p.target is None else "yes",
                **({} if p.target is None else {"target": seat(p.target)}),
            },
        }
        for p in placements
    ]
    return Event(key="cookie-summary-placements", params={"placements": items})


def view(state: CookieState, viewer: Viewer) -> dict[str, Any]:
    data = public_view(state)
    if viewer == GM:
        data["secrets"] = [seat_secrets(state, player) for player in range(state.players)]
    elif isinstance(viewer, int) and 0 <= viewer < state.players:
        data["you"] = seat_secrets(state, viewer)
    return data

def public_view(state: CookieState) -> dict[str, Any]:
    choosing = state.phase == rules.CHOOSE and not state.over
    return {
        "game": NAME,
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "circle": state.circle,
        "circles": state.players,
        "first_player": state.first_player,
        "order": rules.seat_order(state.first_player, state.players),
        "chain": list(rules.chain(state.players)),
        "hill_in_play": rules.has_hill(state.players),
        "revealed": [list(cards) for cards in state.revealed],
        "placements": [placement_view(p) for p in state.placements],
        "chosen": [
            any(p.answered for p in state.prompts_for(player)) if choosing else False
            for player in range(state.players)
        ],
        "waiting_for": sorted({p.seat for p in state.prompts if not p.answered}),
        "coins": list(state.coins),
        "history": [record_view(record) for record in state.history],
        "over": state.over,
        "winners": rules.winners(state.coins) if state.over else [],
    }

def record_view(record: RoundRecord) -> dict[str, Any]:
    return {
        "round": record.round,
        "first_player": record.first,
        "roles": list(record.roles),
        "revealed": [list(cards) for cards in record.revealed],
        "placements": [placement_view(p) for p in record.placements],
        "sword": list(record.sword),
        "shield": list(record.shield),
        "hill": list(record.hill),
        "coins": list(record.coins),
    }

def seat_secrets(state: CookieState, player: int) -> dict[str, Any]:
    if state.over:
        return {"seat": player}
    role = state.roles[player]
    possible = possible_roles(state.players, player, role, state.revealed)
    return {
        "seat": player,
        "role": role,
        "target": rules.target_of(role, state.players),
        "hunter": rules.hunter_of(role, state.players),
        "hand": list(state.hands[player]),
        "choice": state.pending[player],
        "possible_roles": [
            {"player": other, "roles": roles} for other, roles in enumerate(possible) if other != player
        ],
    }

def summary(state: CookieState, viewer: Viewer) -> list[Event]:
    """The table at a glance (round, each player's face-up cards and coins) and, for a
    player, their secret card and the deduction aid."""
    lines = [
        Event(
            key="cookie-summary-round",
            params={"round": state.round, "rounds": state.rounds, "circle": state.circle,
                    "circles": state.players, "first": seat(state.first_player)},
        )
    ]
    for player in rules.seat_order(state.first_player, state.players):
        lines.append(
            Event(
                key="cookie-summary-player",
                params={"player": seat(player), "coins": state.coins[player],
                        "revealed": [card_term(c) for c in state.revealed[player]]},
            )
        )
    if not state.over:
        lines.append(placements_line(state.placements))
    else:  # the status message of a finished game shows its final table
        lines += standings(state.coins)
    if isinstance(viewer, int) and 0 <= viewer < state.players and not state.over:
        secrets = seat_secrets(state, viewer)
        lines.append(
            Event(
                key="cookie-summary-you",
                params={"role": role_term(secrets["role"]), "target": role_term(secrets["target"]),
                        "hunter": role_term(secrets["hunter"]),
                        "hand": [card_term(c) for c in secrets["hand"]]},
                to=[viewer],
            )
        )
        for entry in secrets["possible_roles"]:
            lines.append(
                Event(
                    key="cookie-summary-possible",
                    params={"player": seat(entry["player"]), "roles": {"or": [role_term(r) for r in entry["roles"]]}},
                    to=[viewer],
                )
            )
    return lines
