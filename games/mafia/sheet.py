"""A player's orders for one phase as an order sheet (games.core.orders), and the sheet read back
as an `Order` for resolution.

Parts, each shown with a "change" button, changeable until the phase ends:
- `hand` — a card from the hand (its target, a Letter's text, the Magician's trick, the cards that
  pay its cost), or at night up to two hand cards under the deck instead of playing; `sleeve` — a
  sleeve card the same way (the Journalist may play it as a Question);
- `kill` and `boost` (mafia, night), `veche` and `leader` (day), `artifact` (its holder, day),
  `check` (the Killer), `paranoid`, `croupier` (day, once);
- immediate actions, done at once rather than at the phase's end: `order` (the hand's order,
  which damage follows), `arrange` (the cards Divination showed), `invisible` (the Advisor),
  `message` (the Boss), `redraw` (Lucky, Night 1).
A card used by one part (played, paid, spent) is shown disabled in the others, so an order never
uses one card twice; changing a part that another relied on resets that other part (the form's
repair, and the player is told).
"""


from __future__ import annotations

import math
from typing import Any

from games.core import term
from games.core.orders import OrderForm, Part, Sheet, lines, message, picks
from games.mafia.common import cards_term
from games.mafia.order import Order
from games.mafia.sheet_abilities import CheckPart, CroupierPart, ParanoidPart
from games.mafia.sheet_cards import HAND, SLEEVE
from games.mafia.sheet_common import NO, NONE, YES, night, payment
from games.mafia.sheet_now import ArrangePart, InvisiblePart, MessagePart, OrderHandPart, RedrawPart
from games.mafia.sheet_votes import ArtifactPart, BoostPart, KillPart, LeaderPart, VechePart
from games.mafia.state import MafiaState

PARTS: list[Part[MafiaState]] = [
    HAND, SLEEVE, KillPart(), BoostPart(), VechePart(), LeaderPart(), ArtifactPart(), CheckPart(),
    ParanoidPart(), CroupierPart(), OrderHandPart(), ArrangePart(), InvisiblePart(), MessagePart(), RedrawPart(),
]


def _sheet_params(state: MafiaState, sheet: Sheet) -> dict[str, Any]:
    player = state.seats[sheet.seat]
    facts: list[dict[str, Any]] = []
    if state.leader == sheet.seat:
        facts.append(message("mafia-sheet-leader"))
    if state.artifact == sheet.seat:
        facts.append(message("mafia-sheet-artifact"))
    if player.wounded_in is not None:
        facts.append(message("mafia-sheet-wounded"))
    if player.public_role == "psychic":
        seen = state.roles.get("psychic").number("sees_top")
        facts.append(message("mafia-sheet-psychic", cards=cards_term(player.deck[:seen])))
    return {
        "phase": term(f"mafia-phase-{state.phase}"),
        "number": state.number,
        "hand": cards_term(player.hand),
        "hand_count": len(player.hand),
        "sleeve": cards_term(player.sleeve),
        "sleeve_count": len(player.sleeve),
        "facts": lines(facts),
    }


NIGHT = OrderForm("night", PARTS, prefix="mafia", deadline="night", sheets=lambda s: s.sheets,
                  sheet_params=_sheet_params)
DAY = OrderForm("day", PARTS, prefix="mafia", deadline="day", sheets=lambda s: s.sheets,
                sheet_params=_sheet_params)


def form(state: MafiaState) -> OrderForm[MafiaState]:
    return NIGHT if night(state) else DAY


def order_of(state: MafiaState, me: int) -> Order:
    """The seat's sheet read back as an `Order` (what resolution receives)."""
    sheet = state.sheets.get(me)
    if sheet is None:
        return Order()
    parts = sheet.parts
    order = Order(done=sheet.done)
    hand = HAND.read(state, me, parts.get("hand") or [NONE])
    order.under = [int(v) for v in hand.under()]
    order.hand = hand.play()
    order.sleeve = SLEEVE.read(state, me, parts.get("sleeve") or [NONE]).play()
    kill = parts.get("kill") or [NONE]
    if kill[0] != NONE:
        order.kill = int(kill[0])
    boost = parts.get("boost") or [NO]
    if boost[0] == YES:
        order.boost = [int(v) for v in payment(boost[1:])]
        order.boost_question = boost[-1] == YES and len(boost) > 1
    veche = parts.get("veche") or [NONE]
    if veche[0] != NONE and len(veche) > 1:
        order.veche, order.veche_kind = int(veche[0]), veche[1]  # type: ignore[assignment]
    leader = parts.get("leader") or [NONE]
    if leader[0] != NONE:
        order.leader = int(leader[0])
    passed = parts.get("artifact") or [NONE]
    if passed[0] != NONE:
        order.artifact_to = int(passed[0])
    check = parts.get("check") or [NONE]
    if check[0] != NONE:
        order.check = int(check[0])
        order.check_names = [n for a in check[1:] for n in picks(a)]
    order.paranoid = [int(v) for v in picks((parts.get("paranoid") or [""])[0])]
    croupier = parts.get("croupier") or [NONE]
    if croupier[0] != NONE:
        order.croupier = int(croupier[0])
    return order


def needed_names(count: int) -> int:
    """How many named cards the Killer's check needs right: half of them, rounded up."""
    return math.ceil(count / 2)
