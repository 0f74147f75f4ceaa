"""The order sheet's role abilities kept as orders until the phase ends (games/mafia/sheet.py): the
Killer's `check`, the Paranoid's armour, the Croupier's card."""

from __future__ import annotations

from typing import Any

from games.core import Option, Refusal, seat, term
from games.core.orders import Part, Sheet, Step, message, picks
from games.mafia.collection import COLOURS
from games.mafia.common import cards_term
from games.mafia.sheet_cards import committed
from games.mafia.sheet_common import (
    CROUPIER,
    NAME_COPIES,
    NONE,
    PARANOID,
    card_option,
    cards_of,
    in_hand,
    player_options,
    used_refusal,
)
from games.mafia.state import MafiaState


# --- role abilities kept as orders -------------------------------------------------------------------
class CheckPart(Part[MafiaState]):
    """The Killer: [none] or [target, attack names, support names, information names] — each names
    part a multiset (a name at most twice), adding up to the target's public hand count."""

    name = "check"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.seats[sheet.seat].secret_role == "killer"

    def _refusal(self, state: MafiaState, me: int, target: int) -> Refusal | None:
        other = state.seats[target]
        if target == me or not other.alive:
            return Refusal(key="mafia-refuse-dead", params={"player": seat(target)})
        if other.mafia:
            return Refusal(key="mafia-refuse-check-mafia")
        if target in state.seats[me].checked:
            return Refusal(key="mafia-refuse-checked", params={"player": seat(target)})
        if state.counts.get(target, 0) == 0:
            return Refusal(key="mafia-refuse-no-hand", params={"player": seat(target)})
        return None

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        if not answers:
            options = player_options(state, me, self._refusal)
            return Step("mafia-ask-check", [*options, Option(value=NONE, label="mafia-opt-no-check")])
        if answers[0] == NONE:
            return None
        target = int(answers[0])
        wanted = state.counts.get(target, 0)
        named = [picks(a) for a in answers[1:]]
        so_far = sum(len(n) for n in named)
        if len(named) >= len(COLOURS) or (named and so_far >= wanted):
            return None  # every colour asked, or the names already add up (no step with nothing to pick)
        colour = COLOURS[len(named)]
        left = wanted - so_far
        last = len(named) == len(COLOURS) - 1
        options = [
            Option(value=kind.key, label="mafia-opt-name", params={"card": term(f"mafia-card-{kind.key}")})
            for kind in state.collection.cards if kind.colour == colour
            for _ in range(min(NAME_COPIES, left))
        ]
        return Step("mafia-ask-check-names", options, {
            "player": seat(target), "count": wanted, "left": left, "colour": term(f"mafia-colour-{colour}")},
            ask="many", min_picks=left if last else 0, max_picks=left)

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NONE:
            return message("mafia-order-check-none")
        names = [term(f"mafia-card-{n}") for a in answers[1:] for n in picks(a)]
        return message("mafia-order-check", player=seat(int(answers[0])), cards=names)


class ParanoidPart(Part[MafiaState]):
    name = "paranoid"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.seats[sheet.seat].public_role == PARANOID

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        used = committed(state, sheet, self.name)
        sleeve = state.seats[sheet.seat].sleeve
        options = [card_option(state, c, used_refusal(used, c)) for c in sleeve]
        per_card = state.roles.get(PARANOID).number("armor_per_card")
        return Step("mafia-ask-paranoid", options, {"armor": per_card}, ask="many", min_picks=0,
                    max_picks=len(options))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [""]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        cards = cards_of(state, sheet.seat)
        spent = [cards[v] for v in picks(answers[0] if answers else "") if v in cards]
        per_card = state.roles.get(PARANOID).number("armor_per_card")
        return message("mafia-order-paranoid", cards=cards_term(spent), count=len(spent),
                       armor=len(spent) * per_card)


class CroupierPart(Part[MafiaState]):
    name = "croupier"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        player = state.seats[sheet.seat]
        return state.phase == "day" and player.public_role == CROUPIER and \
            player.croupier_uses < state.roles.get(CROUPIER).number("uses")

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        used = committed(state, sheet, self.name)
        options = [card_option(state, c, used_refusal(used, c)) for c in state.seats[sheet.seat].hand]
        return Step("mafia-ask-croupier", [*options, Option(value=NONE, label="mafia-opt-croupier-no")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        card = in_hand(state, sheet.seat, answers[0]) if answers else None
        if card is None:
            return message("mafia-order-croupier-none")
        return message("mafia-order-croupier", card=term(f"mafia-card-{card.key}"))

