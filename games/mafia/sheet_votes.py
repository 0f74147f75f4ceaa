"""The order sheet's votes (games/mafia/sheet.py): the mafia's `kill` and its `boost` at night, the
`veche` and the `leader` by day, and where the artifact's holder passes it."""

from __future__ import annotations

from typing import Any

from games.core import Option, Refusal, seat, term
from games.core.orders import Part, Sheet, Step, message
from games.mafia import votes
from games.mafia.common import cards_term
from games.mafia.sheet_cards import committed
from games.mafia.sheet_common import (
    BOOST_COST,
    JOURNALIST,
    KINDS,
    NO,
    NONE,
    PAID,
    YES,
    card_option,
    cards_of,
    cost_of,
    night,
    payment,
    player_options,
    question_kind,
    used_refusal,
)
from games.mafia.state import MafiaState


# --- votes ------------------------------------------------------------------------------------------
class KillPart(Part[MafiaState]):
    name = "kill"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return night(state) and state.seats[sheet.seat].mafia

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        options = player_options(state, sheet.seat, votes.kill_target_refusal)
        return Step("mafia-ask-kill", [*options, Option(value=NONE, label="mafia-opt-no-vote")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NONE:
            return message("mafia-order-kill-none")
        return message("mafia-order-kill", player=seat(int(answers[0])))


class BoostPart(Part[MafiaState]):
    """[no] or [yes, paid:<ids>?, question?]: pay cost 1 (the Leader 0) to add 2 to the kill."""

    name = "boost"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return night(state) and state.seats[sheet.seat].mafia

    def _questions(self, state: MafiaState, me: int) -> list[str]:
        asked = []
        if cost_of(state, me, BOOST_COST) > 0:
            asked.append("pay")
        if state.seats[me].public_role == JOURNALIST:
            asked.append("question")
        return asked

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        cost = cost_of(state, me, BOOST_COST)
        if not answers:
            used = committed(state, sheet, self.name)
            player = state.seats[me]
            free = [c for c in (*player.hand, *player.sleeve) if c.id not in used]
            short = Refusal(key="mafia-refuse-cannot-pay", params={"cost": cost}) if len(free) < cost else None
            return Step("mafia-ask-boost", [Option(value=NO, label="mafia-opt-boost-no"),
                                            Option(value=YES, label="mafia-opt-boost-yes", disabled=short,
                                                   params={"cost": cost})], {"cost": cost})
        if answers[0] == NO:
            return None
        questions = self._questions(state, me)
        rest = answers[1:]
        if len(rest) >= len(questions):
            return None
        if questions[len(rest)] == "pay":
            used = committed(state, sheet, self.name)
            player = state.seats[me]
            options = [card_option(state, c, used_refusal(used, c)) for c in (*player.hand, *player.sleeve)]
            return Step("mafia-ask-pay-boost", [Option(value=f"{PAID}{o.value}", label=o.label, params=o.params,
                                                       disabled=o.disabled) for o in options],
                        {"cost": cost}, ask="many", min_picks=cost, max_picks=cost)
        return Step("mafia-ask-boost-question", [Option(value=NO, label="mafia-opt-boost-question-no"),
                                                 Option(value=YES, label="mafia-opt-boost-question-yes")],
                    {"card": term(f"mafia-card-{question_kind(state).key}")})

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NO]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NO:
            return message("mafia-order-boost-none")
        cards = cards_of(state, sheet.seat)
        paid = [cards[v] for v in payment(answers[1:]) if v in cards]
        return message("mafia-order-boost", paid=cards_term(paid), has_paid=YES if paid else NO)


class VechePart(Part[MafiaState]):
    name = "veche"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.phase == "day" and votes.veche_held(state)

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if not answers:
            options = player_options(state, sheet.seat, votes.veche_target_refusal)
            return Step("mafia-ask-veche", [*options, Option(value=NONE, label="mafia-opt-no-vote")])
        if answers[0] == NONE or len(answers) > 1:
            return None
        return Step("mafia-ask-veche-kind", [Option(value=k, label=f"mafia-opt-{k}") for k in KINDS],
                    {"player": seat(int(answers[0]))})

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if len(answers) < 2:
            return message("mafia-order-veche-none")
        return message("mafia-order-veche", player=seat(int(answers[0])), kind=term(f"mafia-opt-{answers[1]}"))


class LeaderPart(Part[MafiaState]):
    name = "leader"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.phase == "day"

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        options = player_options(state, sheet.seat, votes.leader_target_refusal, include_me=True)
        return Step("mafia-ask-leader", [*options, Option(value=NONE, label="mafia-opt-no-vote")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NONE:
            return message("mafia-order-leader-none")
        return message("mafia-order-leader", player=seat(int(answers[0])))


class ArtifactPart(Part[MafiaState]):
    name = "artifact"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.phase == "day" and state.artifact == sheet.seat

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        from games.mafia import artifact  # the artifact's rules module imports the state, not the sheet

        options = player_options(state, sheet.seat, artifact.artifact_pass_refusal)
        return Step("mafia-ask-artifact", [*options, Option(value=NONE, label="mafia-opt-artifact-random")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NONE:
            return message("mafia-order-artifact-none")
        return message("mafia-order-artifact", player=seat(int(answers[0])))

