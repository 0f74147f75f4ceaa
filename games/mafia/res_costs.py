"""Step 1 of the resolution: costs are paid, played cards leave hand and sleeve, abilities spend
their cards, and every order part that can no longer be carried out is dropped whole.

The order sheet offers only legal orders, so a dropped part is defensive: a card id not where the
order says, a card out of its phase, a target dead or protected, a cost short. The player is told
(privately) which part was not carried out. Parts are settled in this order, each claiming its
cards so no card serves twice: the hand card, the sleeve card (both claimed before any cost), their
costs, the mafia's boost, the Paranoid's sleeve cards, the Croupier's card, the cards put under
the deck, the Killer's check.

Decision: a cost is paid with the first ids listed in `CardPlay.paid` (extra ids are ignored); at
most 2 of those may be hand cards. The Leader's discount (1) applies to every card and to the boost.
Decision: cards put under the deck count only on a night without a card played (the page: "instead
of playing cards"); an order naming both keeps the plays.
Decision: the Killer's check must name exactly as many cards as the target's public hand count as
last announced (`state.counts`), else it is dropped (and the target does not count as checked).
Decision: a Magician's trick when he may not use it (or on a sleeve card) is ignored; the card is
played normally.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.mafia.collection import CardType
from games.mafia.common import card_term
from games.mafia.order import CardPlay, Order
from games.mafia.res_context import Play, Resolution, Source, remove
from games.mafia.state import Card, MafiaState
from games.mafia.votes import sociopath_protected

BOOST_COST = 1
"""The mafia's boost of the kill costs 1 (the rules page, "Night: the mafia's kill")."""
LEADER_DISCOUNT = 1
HAND_PER_COST = 2
"""At most 2 hand cards for one cost."""
UNDER_LIMIT = 2

JOURNALIST = "journalist"
MAGICIAN = "magician"
PARANOID = "paranoid"
CROUPIER = "croupier"
KILLER = "killer"


@dataclass
class Purse:
    """The cards a seat may still use this phase, by id (claimed ones are taken out)."""

    hand: dict[int, Card]
    sleeve: dict[int, Card]

    def take(self, card_id: int, source: Source) -> Card | None:
        return (self.hand if source == "hand" else self.sleeve).pop(card_id, None)

    def give_back(self, card: Card, source: Source) -> None:
        (self.hand if source == "hand" else self.sleeve)[card.id] = card

    def pay(self, ids: list[int], cost: int) -> list[tuple[Card, Source]] | None:
        """The cards paying `cost` (claimed), or None when they fall short."""
        if cost <= 0:
            return []
        chosen = ids[:cost]
        if len(chosen) < cost or len(set(chosen)) < cost:
            return None
        if any(i not in self.hand and i not in self.sleeve for i in chosen):
            return None
        if sum(1 for i in chosen if i in self.hand) > HAND_PER_COST:
            return None
        paid: list[tuple[Card, Source]] = []
        for card_id in chosen:
            source: Source = "hand" if card_id in self.hand else "sleeve"
            card = self.take(card_id, source)
            assert card is not None
            paid.append((card, source))
        return paid


@dataclass
class Spending:
    """What one seat's order takes out of hand and sleeve at step 1."""

    discards: list[tuple[Card, Source]]
    under: list[Card]


def pay_costs(res: Resolution) -> None:
    """Settle every living seat's order in seat order; `res.orders` gets the orders as resolved."""
    state = res.state
    for number in state.living():
        res.orders[number] = _settle(res, number, state.orders.get(number, Order()))


def price(state: MafiaState, number: int, cost: int) -> int:
    """A cost as this seat pays it (the Leader pays 1 less)."""
    discount = LEADER_DISCOUNT if state.leader == number else 0
    return max(0, cost - discount)


def _settle(res: Resolution, number: int, order: Order) -> Order:
    state = res.state
    player = state.seats[number]
    purse = Purse({c.id: c for c in player.hand}, {c.id: c for c in player.sleeve})
    spending = Spending(discards=[], under=[])
    hand_card = purse.take(order.hand.card, "hand") if order.hand is not None else None
    sleeve_card = purse.take(order.sleeve.card, "sleeve") if order.sleeve is not None else None
    hand = _play(res, number, order.hand, hand_card, "hand", purse, spending)
    sleeve = _play(res, number, order.sleeve, sleeve_card, "sleeve", purse, spending)
    boost = _boost(res, number, order, purse, spending)
    paranoid = _paranoid(res, number, order, purse, spending)
    croupier = _croupier(res, number, order, purse, spending)
    under = _under(res, number, order, purse, spending, played=hand is not None or sleeve is not None)
    check = _check(res, number, order)
    _spend(res, number, spending, [p for p in (hand, sleeve) if p is not None])
    if hand is not None and order.hand is not None and order.hand.trick and _may_trick(state, number):
        _trick(res, number, hand)
    return order.model_copy(update={
        "hand": order.hand if hand is not None else None,
        "sleeve": order.sleeve if sleeve is not None else None,
        "boost": boost,
        "boost_question": order.boost_question and boost is not None,
        "paranoid": paranoid,
        "croupier": croupier,
        "under": under,
        "check": check,
        "check_names": order.check_names if check is not None else [],
    })


def _dropped(res: Resolution, number: int, what: str, card: Card | None = None) -> None:
    if card is not None:
        res.tell(number, "mafia-result-dropped-card", card=card_term(card.key))
    else:
        res.tell(number, "mafia-result-dropped", what=what)


def _play(
    res: Resolution, number: int, ordered: CardPlay | None, card: Card | None, source: Source,
    purse: Purse, spending: Spending,
) -> Play | None:
    if ordered is None:
        return None
    kind = _kind(res.state, number, card, ordered, source) if card is not None else None
    target = ordered.target if kind is not None and kind.targeted else None
    paid = None
    if kind is not None and _in_phase(res, kind) and (not kind.targeted or _target_ok(res.state, number, target)):
        paid = purse.pay(ordered.paid, price(res.state, number, kind.cost))
    if card is None or kind is None or paid is None:
        if card is not None:
            purse.give_back(card, source)
        _dropped(res, number, "card", card)
        return None
    spending.discards.extend(paid)
    play = Play(seat=number, card=card, kind=kind, source=source, target=target, text=ordered.text or "")
    res.plays.append(play)
    return play


def _kind(state: MafiaState, number: int, card: Card, ordered: CardPlay, source: Source) -> CardType | None:
    """The card type the card resolves as; None for a card the collection does not know or an
    `as_question` nobody may use."""
    key = card.key
    if ordered.as_question:
        if source != "sleeve" or state.seats[number].public_role != JOURNALIST:
            return None
        key = str(state.roles.get(JOURNALIST).number("as_card"))
    return state.collection.card(key) if state.collection.has(key) else None


def _in_phase(res: Resolution, kind: CardType) -> bool:
    return kind.when == "any" or kind.when == ("night" if res.night else "day")


def _target_ok(state: MafiaState, number: int, target: int | None) -> bool:
    """A living character other than the player (the Sociopath is protected on Night 1 and Day 1)."""
    if target is None or not 0 <= target < len(state.seats) or target == number:
        return False
    return state.seats[target].alive and not sociopath_protected(state, target)


def _boost(res: Resolution, number: int, order: Order, purse: Purse, spending: Spending) -> list[int] | None:
    if order.boost is None:
        return None
    state = res.state
    paid = None
    if res.night and state.seats[number].mafia:
        paid = purse.pay(order.boost, price(state, number, BOOST_COST))
    if paid is None:
        _dropped(res, number, "boost")
        return None
    spending.discards.extend(paid)
    res.boosted.add(number)
    return [c.id for c, _ in paid]


def _paranoid(res: Resolution, number: int, order: Order, purse: Purse, spending: Spending) -> list[int]:
    ids = order.paranoid
    if not ids:
        return []
    if res.state.seats[number].public_role != PARANOID or len(set(ids)) < len(ids) or any(
        i not in purse.sleeve for i in ids
    ):
        _dropped(res, number, "paranoid")
        return []
    for card_id in ids:
        card = purse.take(card_id, "sleeve")
        assert card is not None
        spending.discards.append((card, "sleeve"))
    res.spent[number] = len(ids)
    return list(ids)


def _croupier(res: Resolution, number: int, order: Order, purse: Purse, spending: Spending) -> int | None:
    if order.croupier is None:
        return None
    player = res.state.seats[number]
    uses = int(res.state.roles.get(CROUPIER).number("uses"))
    card = None
    if not res.night and player.public_role == CROUPIER and player.croupier_uses < uses:
        card = purse.take(order.croupier, "hand")
    if card is None:
        _dropped(res, number, "croupier")
        return None
    spending.discards.append((card, "hand"))
    player.croupier_uses += 1
    res.croupier.add(number)
    return card.id


def _under(
    res: Resolution, number: int, order: Order, purse: Purse, spending: Spending, *, played: bool
) -> list[int]:
    ids = order.under
    if not ids:
        return []
    if not res.night or played or len(ids) > UNDER_LIMIT or len(set(ids)) < len(ids) or any(
        i not in purse.hand for i in ids
    ):
        _dropped(res, number, "under")
        return []
    for card_id in ids:
        card = purse.take(card_id, "hand")
        assert card is not None
        spending.under.append(card)
    res.under[number] = len(ids)
    return list(ids)


def _check(res: Resolution, number: int, order: Order) -> int | None:
    """The Killer's check: a living non-mafia target never checked before, with as many names as
    the target's public hand count (as last announced)."""
    target = order.check
    if target is None:
        return None
    state = res.state
    player = state.seats[number]
    valid = (
        player.secret_role == KILLER
        and 0 <= target < len(state.seats)
        and state.seats[target].alive
        and not state.seats[target].mafia
        and target not in player.checked
        and len(order.check_names) == state.counts.get(target, state.seats[target].public_hand_count())
    )
    if not valid:
        _dropped(res, number, "check")
        return None
    player.checked.append(target)
    return target


def _spend(res: Resolution, number: int, spending: Spending, plays: list[Play]) -> None:
    """Move the cards: costs and played cards to the discard, cards under the deck to its bottom."""
    player = res.state.seats[number]
    leaving = [*spending.discards, *((p.card, p.source) for p in plays)]
    for card, source in leaving:
        remove(player.hand if source == "hand" else player.sleeve, card)
        player.discard.append(card)
    for card in spending.under:
        remove(player.hand, card)
        player.deck.append(card)


def _may_trick(state: MafiaState, number: int) -> bool:
    player = state.seats[number]
    return player.public_role == MAGICIAN and player.magician_uses < int(state.roles.get(MAGICIAN).number("uses"))


def _trick(res: Resolution, number: int, play: Play) -> None:
    """The Magician's copy of the card goes to his hand now, instead of the replacement draw."""
    player = res.state.seats[number]
    copy = res.state.new_card(play.card.key)
    player.hand.append(copy)
    player.magician_uses += 1
    res.trick[number] = copy.id
