"""The order sheet's immediate actions, done at once rather than at the phase's end (games/mafia/sheet.py):
the hand's `order`, `arrange` (the cards Divination showed), `invisible` (the Advisor), the Boss's
`message`, Lucky's `redraw` (Night 1)."""

from __future__ import annotations

from typing import Any

from games.core import Event, Option, Refusal, seat
from games.core.orders import Part, Sheet, Step, message, picks
from games.mafia.common import cards_term, tell
from games.mafia.deck import draw
from games.mafia.sheet_common import LUCKY, NO, YES, card_option, link_refusal, player_options
from games.mafia.state import Card, MafiaState, Message


# --- immediate actions ---------------------------------------------------------------------------------
class OrderHandPart(Part[MafiaState]):
    """The hand's order (damage discards from the front): list every hand card in the new order."""

    name = "order"
    immediate = True

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return len(state.seats[sheet.seat].hand) > 1

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        hand = state.seats[sheet.seat].hand
        return Step("mafia-ask-order", [card_option(state, c) for c in hand], ask="many",
                    min_picks=len(hand), max_picks=len(hand))

    def perform(self, state: MafiaState, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        player = state.seats[sheet.seat]
        by_id = {str(c.id): c for c in player.hand}
        player.hand = [by_id[v] for v in picks(answers[0])]
        events.append(tell([sheet.seat], "mafia-event-hand-ordered", cards=cards_term(player.hand)))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("mafia-order-hand-order", cards=cards_term(state.seats[sheet.seat].hand))


class ArrangePart(Part[MafiaState]):
    """Divination: put the cards it showed back on top of the deck in any order."""

    name = "arrange"
    immediate = True

    def _seen(self, state: MafiaState, me: int) -> list[Card]:
        player = state.seats[me]
        top = player.deck[: len(player.divination)]
        return top if sorted(c.id for c in top) == sorted(player.divination) else []

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return len(self._seen(state, sheet.seat)) > 1

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        seen = self._seen(state, sheet.seat)
        return Step("mafia-ask-arrange", [card_option(state, c) for c in seen], ask="many",
                    min_picks=len(seen), max_picks=len(seen))

    def perform(self, state: MafiaState, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        player = state.seats[sheet.seat]
        seen = self._seen(state, sheet.seat)
        by_id = {str(c.id): c for c in seen}
        player.deck = [by_id[v] for v in picks(answers[0])] + player.deck[len(seen):]
        events.append(tell([sheet.seat], "mafia-event-arranged", cards=cards_term(player.deck[: len(seen)])))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("mafia-order-arrange", cards=cards_term(self._seen(state, sheet.seat)))


class InvisiblePart(Part[MafiaState]):
    """The Advisor: which hand cards are invisible (left out of his public hand count)."""

    name = "invisible"
    immediate = True

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.seats[sheet.seat].secret_role == "advisor" and bool(state.seats[sheet.seat].hand)

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        hand = state.seats[sheet.seat].hand
        return Step("mafia-ask-invisible", [card_option(state, c) for c in hand], ask="many", min_picks=0,
                    max_picks=len(hand))

    def perform(self, state: MafiaState, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        chosen = set(picks(answers[0]))
        player = state.seats[sheet.seat]
        for card in player.hand:
            card.invisible = str(card.id) in chosen
        hidden = [c for c in player.hand if c.invisible]
        events.append(tell([sheet.seat], "mafia-event-invisible", cards=cards_term(hidden), count=len(hidden)))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        hidden = [c for c in state.seats[sheet.seat].hand if c.invisible]
        return message("mafia-order-invisible", cards=cards_term(hidden), count=len(hidden))


def boss_may_write(state: MafiaState, me: int) -> bool:
    player = state.seats[me]
    every = state.roles.get("boss").number("message_every")
    return player.boss_sent_in is None or state.phase_index >= player.boss_sent_in + every


class MessagePart(Part[MafiaState]):
    """The Boss: once every two phases, a message to another mafia member, delivered at once."""

    name = "message"
    immediate = True

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        me = sheet.seat
        others = [n for n in state.mafia_seats() if n != me and state.seats[n].alive]
        return state.seats[me].secret_role == "boss" and bool(others)

    def _refusal(self, state: MafiaState, me: int, target: int) -> Refusal | None:
        if not state.seats[target].mafia:
            return Refusal(key="mafia-refuse-not-mafia")
        return None

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        if not answers:
            wait = None if boss_may_write(state, me) else Refusal(key="mafia-refuse-boss-wait")
            options = [o.model_copy(update={"disabled": o.disabled or wait})
                       for o in player_options(state, me, self._refusal) if state.seats[int(o.value)].mafia]
            return Step("mafia-ask-message-to", options)
        if len(answers) == 1:
            return Step("mafia-ask-message", [], {"player": seat(int(answers[0])), "example": "…"}, ask="text")
        return None

    def check(self, state: MafiaState, sheet: Sheet, answers: list[str], value: str) -> Refusal | None:
        if len(answers) == 1:
            return link_refusal(value)
        return None

    def perform(self, state: MafiaState, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        me, to, text = sheet.seat, int(answers[0]), answers[1]
        state.seats[me].boss_sent_in = state.phase_index
        state.messages.append(Message(kind="boss", sender=me, to=to, text=text))
        events.append(tell([to], "mafia-event-boss-message", player=seat(me), text=text))
        events.append(tell([me], "mafia-event-boss-sent", player=seat(to)))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("mafia-order-message", ready=YES if boss_may_write(state, sheet.seat) else NO)


class RedrawPart(Part[MafiaState]):
    """Lucky, Night 1: put the hand back, shuffle the deck, draw again."""

    name = "redraw"
    immediate = True

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        player = state.seats[sheet.seat]
        return player.public_role == LUCKY and not player.lucky_used and state.phase_index == 1

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        return Step("mafia-ask-redraw", [Option(value=YES, label="mafia-opt-redraw-yes"),
                                         Option(value=NO, label="mafia-opt-redraw-no")])

    def perform(self, state: MafiaState, sheet: Sheet, answers: list[str], events: list[Event]) -> None:
        if answers[0] != YES:
            return
        me = sheet.seat
        player = state.seats[me]
        player.lucky_used = True
        count = state.roles.get(LUCKY).number("redraw")
        for card in player.hand:
            card.invisible = False
        player.deck = state.rng.shuffled(player.deck + player.hand)
        player.hand = []
        drawn = draw(state, me, count)
        events.append(tell([me], "mafia-event-redrawn", cards=cards_term(drawn), count=len(drawn)))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("mafia-order-redraw")

