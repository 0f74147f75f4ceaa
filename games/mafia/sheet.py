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
import re
from dataclasses import dataclass, field
from typing import Any

from games.core import Event, Option, Refusal, seat, term
from games.core.orders import OrderForm, Part, Sheet, Step, lines, message, picks
from games.mafia import votes
from games.mafia.collection import COLOURS, CardType
from games.mafia.common import card_params, cards_term, tell
from games.mafia.deck import draw
from games.mafia.order import CardPlay, Order
from games.mafia.state import Card, MafiaState, Message

NONE = "none"
UNDER = "under"
YES = "yes"
NO = "no"
TRICK = "trick"
PLAIN = "plain"
AS_QUESTION = "question"
KINDS = ("execution", "beating")
UNDER_MAX = 2
"""Night: at most two hand cards under the deck."""
HAND_PAY_MAX = 2
"""At most two hand cards for one cost."""
NAME_COPIES = 2
"""The Killer names each card name at most twice (keeps every select within Discord's 25 options)."""
BOOST_COST = 1
LINK = re.compile(r"(https?://|www\.|discord\.gg/|discord(app)?\.com/invite|\b[\w-]+\.(com|ru|net|org|gg|io|me|su|рф)\b)",
                  re.IGNORECASE)

MAGICIAN, JOURNALIST, PARANOID, CROUPIER, LUCKY = "magician", "journalist", "paranoid", "croupier", "lucky"
SOCIOPATH = "sociopath"


# --- what a seat has and may use ---------------------------------------------------------------
def _cards(state: MafiaState, me: int) -> dict[str, Card]:
    player = state.seats[me]
    return {str(c.id): c for c in (*player.hand, *player.sleeve)}


def _in_hand(state: MafiaState, me: int, value: str) -> Card | None:
    return next((c for c in state.seats[me].hand if str(c.id) == value), None)


def _in_sleeve(state: MafiaState, me: int, value: str) -> Card | None:
    return next((c for c in state.seats[me].sleeve if str(c.id) == value), None)


def night(state: MafiaState) -> bool:
    return state.phase == "night"


def playable_now(state: MafiaState, card: CardType) -> bool:
    return card.when == "any" or card.when == state.phase


def cost_of(state: MafiaState, me: int, cost: int) -> int:
    """The Leader pays 1 less for every card and ability."""
    return max(0, cost - (1 if state.leader == me else 0))


def _question(state: MafiaState) -> CardType:
    return state.collection.card(state.roles.get(JOURNALIST).number("as_card"))


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
        return _payment(answers[1:])
    if name in ("paranoid", "croupier"):
        return [v for a in answers for v in picks(a) if v.isdigit()]
    return []


PAID = "paid:"
"""A payment answer is kept as "paid:<ids>" so it can never be taken for a target's seat number."""


def _payment(answers: list[str]) -> list[str]:
    """The card ids of the payment answers ("paid:<ids>") among `answers`."""
    return [v.removeprefix(PAID) for a in answers if a.startswith(PAID) for v in picks(a)]


def _used_refusal(used: dict[int, str], card: Card) -> Refusal | None:
    part = used.get(card.id)
    if part is None:
        return None
    return Refusal(key="mafia-refuse-card-used", params={"part": term(f"mafia-part-{part}")})


def card_option(state: MafiaState, card: Card, disabled: Refusal | None = None) -> Option:
    """A card on the sheet: name, colour, cost and phase as its label, and its text as the `ability` an
    option explains itself with (a Discord select's description, the terminal's hint)."""
    params = card_params(state.collection, card.key)
    params["ability"] = params.pop("text")
    return Option(value=str(card.id), label="mafia-opt-card", disabled=disabled, params=params)


def target_refusal(state: MafiaState, me: int, target: int) -> Refusal | None:
    """A card's target: a living character other than its player; the Sociopath is protected on
    Night 1 and Day 1."""
    if target == me:
        return Refusal(key="mafia-refuse-self")
    other = state.seats[target]
    if not other.alive:
        return Refusal(key="mafia-refuse-dead", params={"player": seat(target)})
    protected = state.roles.get(SOCIOPATH).number("protected_phases")
    if other.public_role == SOCIOPATH and state.phase_index <= protected:
        return Refusal(key="mafia-refuse-sociopath", params={"player": seat(target)})
    return None


def _player_options(state: MafiaState, me: int, refusal: Any, *, include_me: bool = False) -> list[Option]:
    return [
        Option(value=str(n), label="mafia-opt-player", disabled=refusal(state, me, n),
               params={"player": seat(n), "role": term(f"mafia-role-{state.seats[n].public_role}")})
        for n in state.living()
        if include_me or n != me
    ]


def link_refusal(text: str) -> Refusal | None:
    if LINK.search(text):
        return Refusal(key="mafia-refuse-link")
    if not text.strip():
        return Refusal(key="error-malformed")
    return None


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
        return _in_hand(state, me, value) if self.name == "hand" else _in_sleeve(state, me, value)

    def _payable(self, state: MafiaState, sheet: Sheet, played: Card) -> tuple[int, int]:
        """(hand cards, sleeve cards) free to pay this part's cost."""
        used = committed(state, sheet, self.name)
        player = state.seats[sheet.seat]
        hand = sum(1 for c in player.hand if c.id != played.id and c.id not in used)
        sleeve = sum(1 for c in player.sleeve if c.id != played.id and c.id not in used)
        return hand, sleeve

    def _first_refusal(self, state: MafiaState, sheet: Sheet, card: Card, used: dict[int, str]) -> Refusal | None:
        me = sheet.seat
        refusal = _used_refusal(used, card)
        if refusal is not None:
            return refusal
        if self.name == "sleeve" and night(state) and (sheet.parts.get("hand") or [NONE])[0] == UNDER:
            return Refusal(key="mafia-refuse-under-instead")
        kinds = [state.collection.card(card.key)]
        if self.name == "sleeve" and state.seats[me].public_role == JOURNALIST:
            kinds.append(_question(state))
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
        return _question(state) if as_question else state.collection.card(card.key)

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
            options = [card_option(state, c, _used_refusal(used, c)) for c in state.seats[me].hand]
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
            question_card = _question(state)
            return Step("mafia-ask-as-question", [
                Option(value=PLAIN, label="mafia-opt-as-itself", params=about,
                       disabled=self._kind_refusal(state, sheet, card, state.collection.card(card.key))),
                Option(value=AS_QUESTION, label="mafia-opt-as-question",
                       params={"card": term(f"mafia-card-{question_card.key}")},
                       disabled=self._kind_refusal(state, sheet, card, question_card))], about)
        if question == "target":
            return Step("mafia-ask-target", _player_options(state, me, target_refusal),
                        {"card": term(f"mafia-card-{kind.key}")})
        if question == "text":
            return Step("mafia-ask-letter", [], {"card": term(f"mafia-card-{kind.key}"),
                                                 "example": "…"}, ask="text")
        cost = cost_of(state, me, kind.cost)
        used = committed(state, sheet, self.name)
        player = state.seats[me]
        options = [card_option(state, c, _used_refusal(used, c))
                   for c in (*player.hand, *player.sleeve) if c.id != card.id]
        return Step("mafia-ask-pay", [Option(value=f"{PAID}{o.value}", label=o.label, params=o.params,
                                             disabled=o.disabled) for o in options],
                    {"card": term(f"mafia-card-{kind.key}"), "cost": cost}, ask="many",
                    min_picks=cost, max_picks=cost)

    def check(self, state: MafiaState, sheet: Sheet, answers: list[str], value: str) -> Refusal | None:
        question = self.read(state, sheet.seat, answers).next_question()
        if question == "pay":
            in_hand = sum(1 for v in picks(value) if _in_hand(state, sheet.seat, v.removeprefix(PAID)))
            if in_hand > HAND_PAY_MAX:
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
            cards = [c for v in choice.under() if (c := _in_hand(state, me, v))]
            return message("mafia-order-under", cards=cards_term(cards))
        play = choice.play()
        if play is None:
            return message(f"mafia-order-{self.name}-none")
        return play_message(state, me, self.name, play)


def play_message(state: MafiaState, me: int, source: str, play: CardPlay) -> dict[str, Any]:
    cards = _cards(state, me)
    card = cards.get(str(play.card))
    key = _question(state).key if play.as_question else (card.key if card else "")
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


# --- votes ------------------------------------------------------------------------------------------
class KillPart(Part[MafiaState]):
    name = "kill"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return night(state) and state.seats[sheet.seat].mafia

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if answers:
            return None
        options = _player_options(state, sheet.seat, votes.kill_target_refusal)
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
            options = [card_option(state, c, _used_refusal(used, c)) for c in (*player.hand, *player.sleeve)]
            return Step("mafia-ask-pay-boost", [Option(value=f"{PAID}{o.value}", label=o.label, params=o.params,
                                                       disabled=o.disabled) for o in options],
                        {"cost": cost}, ask="many", min_picks=cost, max_picks=cost)
        return Step("mafia-ask-boost-question", [Option(value=NO, label="mafia-opt-boost-question-no"),
                                                 Option(value=YES, label="mafia-opt-boost-question-yes")],
                    {"card": term(f"mafia-card-{_question(state).key}")})

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NO]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NO:
            return message("mafia-order-boost-none")
        cards = _cards(state, sheet.seat)
        paid = [cards[v] for v in _payment(answers[1:]) if v in cards]
        return message("mafia-order-boost", paid=cards_term(paid), has_paid=YES if paid else NO)


class VechePart(Part[MafiaState]):
    name = "veche"

    def available(self, state: MafiaState, sheet: Sheet) -> bool:
        return state.phase == "day" and votes.veche_held(state)

    def step(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> Step | None:
        if not answers:
            options = _player_options(state, sheet.seat, votes.veche_target_refusal)
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
        options = _player_options(state, sheet.seat, votes.leader_target_refusal, include_me=True)
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

        options = _player_options(state, sheet.seat, artifact.artifact_pass_refusal)
        return Step("mafia-ask-artifact", [*options, Option(value=NONE, label="mafia-opt-artifact-random")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        if not answers or answers[0] == NONE:
            return message("mafia-order-artifact-none")
        return message("mafia-order-artifact", player=seat(int(answers[0])))


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
            options = _player_options(state, me, self._refusal)
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
        options = [card_option(state, c, _used_refusal(used, c)) for c in sleeve]
        per_card = state.roles.get(PARANOID).number("armor_per_card")
        return Step("mafia-ask-paranoid", options, {"armor": per_card}, ask="many", min_picks=0,
                    max_picks=len(options))

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [""]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        cards = _cards(state, sheet.seat)
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
        options = [card_option(state, c, _used_refusal(used, c)) for c in state.seats[sheet.seat].hand]
        return Step("mafia-ask-croupier", [*options, Option(value=NONE, label="mafia-opt-croupier-no")])

    def default(self, state: MafiaState, sheet: Sheet) -> list[str]:
        return [NONE]

    def describe(self, state: MafiaState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        card = _in_hand(state, sheet.seat, answers[0]) if answers else None
        if card is None:
            return message("mafia-order-croupier-none")
        return message("mafia-order-croupier", card=term(f"mafia-card-{card.key}"))


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
                       for o in _player_options(state, me, self._refusal) if state.seats[int(o.value)].mafia]
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


HAND, SLEEVE = CardPart("hand"), CardPart("sleeve")
CARD_PARTS = {part.name: part for part in (HAND, SLEEVE)}
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
        order.boost = [int(v) for v in _payment(boost[1:])]
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
