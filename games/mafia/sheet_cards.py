"""The order sheet's card parts (games/mafia/sheet.py): `hand` and `sleeve`, a card played with its
questions answered (target, a Letter's text, the Magician's trick, the Journalist's Question, the cards that
pay its cost) or, at night, hand cards put under the deck; and which cards the sheet's parts tie up, so that
no order uses one card twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Option, Refusal, seat, term
from games.core.orders import Part, Sheet, Step, message, picks
from games.mafia.collection import CardType
from games.mafia.common import cards_term
from games.mafia.order import CardPlay
from games.mafia.sheet_common import (
    AS_QUESTION,
    HAND_PAY_MAX,
    JOURNALIST,
    MAGICIAN,
    NO,
    NONE,
    PAID,
    PLAIN,
    TRICK,
    UNDER,
    UNDER_MAX,
    YES,
    card_option,
    cards_of,
    cost_of,
    in_hand,
    in_sleeve,
    link_refusal,
    night,
    payment,
    playable_now,
    player_options,
    question_kind,
    target_refusal,
    used_refusal,
)
from games.mafia.state import Card, MafiaState


def committed(state: MafiaState, sheet: Sheet, skip: str) -> dict[int, str]:
    """Card ids the sheet's other parts use (played, paid, spent, put under), with the part's name."""
    used: dict[int, str] = {}
    for name, answers in sheet.parts.items():
        if name == skip:
            continue
        for value in _card_values(state, sheet.seat, name, answers):
            if value.isdigit():
                used[int(value)] = name
    if sheet.editing is not None and sheet.editing != skip:
        for value in _card_values(state, sheet.seat, sheet.editing, sheet.draft):
            if value.isdigit():
                used[int(value)] = sheet.editing
    return used


def _card_values(state: MafiaState, me: int, name: str, answers: list[str]) -> list[str]:
    """The card ids among a part's answers."""
    if name in ("hand", "sleeve"):
        return CARD_PARTS[name].read(state, me, answers).card_ids()
    if name == "boost":
        return payment(answers[1:])
    if name in ("paranoid", "croupier"):
        return [v for a in answers for v in picks(a) if v.isdigit()]
    return []



# --- a card played from the hand or the sleeve ----------------------------------------------------
@dataclass
class CardChoice:
    """A card part's answers read once: what its steps ask next, the play it orders, the cards it ties up."""

    first: str = NONE
    """A card id, `UNDER` or `NONE` (also while nothing is answered)."""
    rest: list[str] = field(default_factory=list)
    """The answers after the first: the card's questions' answers, or the ids put under."""
    card: Card | None = None
    """The card played, while its player holds it."""
    questions: list[str] = field(default_factory=list)
    """What the card asks, in order: trick, as, target, text, pay."""

    def given(self, question: str) -> str | None:
        """The answer to one of the card's questions, once given."""
        answered = dict(zip(self.questions, self.rest, strict=False))
        return answered.get(question)

    def next_question(self) -> str | None:
        """The card's first question still unanswered (None: the part is complete, or plays no card)."""
        if self.card is None or len(self.rest) >= len(self.questions):
            return None
        return self.questions[len(self.rest)]

    def under(self) -> list[str]:
        """The hand card ids put under the deck ([] until picked)."""
        return picks(self.rest[0]) if self.first == UNDER and self.rest else []

    def paid(self) -> list[str]:
        """The card ids paid for the cost, once picked."""
        return [v.removeprefix(PAID) for v in picks(self.given("pay") or "")]

    def card_ids(self) -> list[str]:
        """The cards the part uses: those put under, or the card it names (held or not: a forged order
        naming one card in two parts is refused at the first) and its payment."""
        if self.first in (NONE, UNDER):
            return self.under()
        return [self.first, *self.paid()]

    def play(self) -> CardPlay | None:
        """The part as a `CardPlay`, or None when it plays nothing."""
        if self.card is None:
            return None
        play = CardPlay(card=self.card.id)
        for question, answer in zip(self.questions, self.rest, strict=False):
            if question == "trick":
                play.trick = answer == TRICK
            elif question == "as":
                play.as_question = answer == AS_QUESTION
            elif question == "target":
                play.target = int(answer)
            elif question == "text":
                play.text = answer
            elif question == "pay":
                play.paid = [int(v) for v in self.paid()]
        return play


class CardPart(Part[MafiaState]):
    """`hand` or `sleeve`: [card, trick?/as?, target?, text?, paid?] — or [none] — or [under, ids]."""

    def __init__(self, source: str) -> None:
        self.name = source

    def _source(self, state: MafiaState, me: int) -> list[Card]:
        player = state.seats[me]
        return player.hand if self.name == "hand" else player.sleeve

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        """Only with a card to play: an empty sleeve (or a mortally wounded Avenger's empty hand) would
        offer "No card" alone."""
        return bool(self._source(state, sheet.seat))

    def _find(self, state: MafiaState, me: int, value: str) -> Card | None:
        return in_hand(state, me, value) if self.name == "hand" else in_sleeve(state, me, value)

    def _payable(self, state: MafiaState, sheet: Sheet, played: Card) -> tuple[int, int]:
        """(hand cards, sleeve cards) free to pay this part's cost."""
        used = committed(state, sheet, self.name)
        player = state.seats[sheet.seat]
        hand = sum(1 for c in player.hand if c.id != played.id and c.id not in used)
        sleeve = sum(1 for c in player.sleeve if c.id != played.id and c.id not in used)
        return hand, sleeve

    def _first_refusal(self, state: MafiaState, sheet: Sheet, card: Card, used: dict[int, str]) -> Refusal | None:
        me = sheet.seat
        refusal = used_refusal(used, card)
        if refusal is not None:
            return refusal
        if self.name == "sleeve" and night(state) and (sheet.parts.get("hand") or [NONE])[0] == UNDER:
            return Refusal(key="mafia-refuse-under-instead")
        kinds = [state.collection.card(card.key)]
        if self.name == "sleeve" and state.seats[me].public_role == JOURNALIST:
            kinds.append(question_kind(state))
        reasons = [self._kind_refusal(state, sheet, card, kind) for kind in kinds]
        return None if any(r is None for r in reasons) else reasons[0]

    def _kind_refusal(self, state: MafiaState, sheet: Sheet, card: Card, kind: CardType) -> Refusal | None:
        me = sheet.seat
        if not playable_now(state, kind):
            return Refusal(key="mafia-refuse-when", params={"card": term(f"mafia-card-{kind.key}"),
                                                            "when": term(f"mafia-when-{kind.when}")})
        if kind.targeted and all(target_refusal(state, me, n) for n in range(state.players)):
            return Refusal(key="mafia-refuse-no-target")
        cost = cost_of(state, me, kind.cost)
        hand, sleeve = self._payable(state, sheet, card)
        if min(hand, HAND_PAY_MAX) + sleeve < cost:
            return Refusal(key="mafia-refuse-cannot-pay", params={"cost": cost})
        return None

    def read(self, state: MafiaState, me: int, answers: list[str]) -> CardChoice:
        """The part's answers, parsed: every reader of the part (its steps, its order, the cards it ties
        up in the other parts) works from this."""
        if not answers:
            return CardChoice()
        choice = CardChoice(first=answers[0], rest=answers[1:])
        if choice.first not in (NONE, UNDER):
            choice.card = self._find(state, me, choice.first)
        if choice.card is not None:
            choice.questions = self._questions(state, me, choice.card, choice.rest)
        return choice

    def _kind(self, state: MafiaState, card: Card, as_question: bool) -> CardType:
        return question_kind(state) if as_question else state.collection.card(card.key)

    def _questions(self, state: MafiaState, me: int, card: Card, rest: list[str]) -> list[str]:
        player = state.seats[me]
        asked: list[str] = []
        if self.name == "hand" and player.public_role == MAGICIAN and \
                player.magician_uses < state.roles.get(MAGICIAN).number("uses"):
            asked.append("trick")
        if self.name == "sleeve" and player.public_role == JOURNALIST:
            asked.append("as")
        # "as" is the first question when asked: the card's own kind, or the Question's
        kind = self._kind(state, card, asked[-1:] == ["as"] and rest[:1] == [AS_QUESTION])
        if kind.targeted:
            asked.append("target")
        if kind.effect == "letter":
            asked.append("text")
        if cost_of(state, me, kind.cost) > 0:
            asked.append("pay")
        return asked

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        if not answers:
            used = committed(state, sheet, self.name)
            options = [card_option(state, c, self._first_refusal(state, sheet, c, used))
                       for c in self._source(state, me)]
            if self.name == "hand" and night(state):
                sleeve_played = (sheet.parts.get("sleeve") or [NONE])[0] != NONE
                options.append(Option(value=UNDER, label="mafia-opt-under", disabled=Refusal(
                    key="mafia-refuse-under-instead") if sleeve_played else None))
            options.append(Option(value=NONE, label="mafia-opt-no-card"))
            return Step(f"mafia-ask-{self.name}", options)
        choice = self.read(state, me, answers)
        if choice.first == UNDER:
            if choice.rest:
                return None
            used = committed(state, sheet, self.name)
            options = [card_option(state, c, used_refusal(used, c)) for c in state.seats[me].hand]
            return Step("mafia-ask-under", options, ask="many", min_picks=1,
                        max_picks=min(UNDER_MAX, len(options)))
        question, card = choice.next_question(), choice.card
        if question is None or card is None:
            return None
        kind = self._kind(state, card, choice.given("as") == AS_QUESTION)
        about = {"card": term(f"mafia-card-{card.key}")}
        if question == "trick":
            return Step("mafia-ask-trick", [Option(value=PLAIN, label="mafia-opt-trick-no"),
                                            Option(value=TRICK, label="mafia-opt-trick-yes")], about)
        if question == "as":
            question_card = question_kind(state)
            return Step("mafia-ask-as-question", [
                Option(value=PLAIN, label="mafia-opt-as-itself", params=about,
                       disabled=self._kind_refusal(state, sheet, card, state.collection.card(card.key))),
                Option(value=AS_QUESTION, label="mafia-opt-as-question",
                       params={"card": term(f"mafia-card-{question_card.key}")},
                       disabled=self._kind_refusal(state, sheet, card, question_card))], about)
        if question == "target":
            return Step("mafia-ask-target", player_options(state, me, target_refusal),
                        {"card": term(f"mafia-card-{kind.key}")})
        if question == "text":
            return Step("mafia-ask-letter", [], {"card": term(f"mafia-card-{kind.key}"),
                                                 "example": "…"}, ask="text")
        cost = cost_of(state, me, kind.cost)
        used = committed(state, sheet, self.name)
        player = state.seats[me]
        options = [card_option(state, c, used_refusal(used, c))
                   for c in (*player.hand, *player.sleeve) if c.id != card.id]
        return Step("mafia-ask-pay", [Option(value=f"{PAID}{o.value}", label=o.label, params=o.params,
                                             disabled=o.disabled) for o in options],
                    {"card": term(f"mafia-card-{kind.key}"), "cost": cost}, ask="many",
                    min_picks=cost, max_picks=cost)

    def check(self, state: MafiaState, sheet: Sheet, answers: list[str], value: str) -> Refusal | None:
        question = self.read(state, sheet.seat, answers).next_question()
        if question == "pay":
            from_hand = sum(1 for v in picks(value) if in_hand(state, sheet.seat, v.removeprefix(PAID)))
            if from_hand > HAND_PAY_MAX:
                return Refusal(key="mafia-refuse-hand-pay", params={"count": HAND_PAY_MAX})
        if question == "text":
            return link_refusal(value)
        return None

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        me = sheet.seat
        choice = self.read(state, me, answers)
        if choice.first == UNDER:
            cards = [c for v in choice.under() if (c := in_hand(state, me, v))]
            return message("mafia-order-under", cards=cards_term(cards))
        play = choice.play()
        if play is None:
            return message(f"mafia-order-{self.name}-none")
        return play_message(state, me, self.name, play)


def play_message(state: MafiaState, me: int, source: str, play: CardPlay) -> dict[str, Any]:
    cards = cards_of(state, me)
    card = cards.get(str(play.card))
    key = question_kind(state).key if play.as_question else (card.key if card else "")
    paid = [cards[str(i)] for i in play.paid if str(i) in cards]
    return message(
        f"mafia-order-{source}",
        card=term(f"mafia-card-{key}"),
        target=seat(play.target) if play.target is not None else "",
        has_target=YES if play.target is not None else NO,
        paid=cards_term(paid),
        has_paid=YES if paid else NO,
        trick=YES if play.trick else NO,
        text=play.text or "",
        has_text=YES if play.text else NO,
    )



HAND, SLEEVE = CardPart("hand"), CardPart("sleeve")
CARD_PARTS = {part.name: part for part in (HAND, SLEEVE)}
