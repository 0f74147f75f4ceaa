"""Phase I orders as an order sheet (games.core.orders): a `card` part (an action card and its
parameters, or no card with draw / replace) and a `move` part (stay, one corridor, or two with
DoubleStep). Every step stays within 23 options; refusals name the rule."""

from __future__ import annotations

from typing import Any

from games.castle.board import corridor_key
from games.castle.halls import corridor_ends, passage_ends, passage_partners, pick_hall, step_refusal
from games.castle.piles import HAND_LIMIT
from games.castle.state import CastleState, Extra, Play
from games.castle.words import skirmish_card, skirmish_params
from games.core import Option, Refusal, seat, term
from games.core.orders import OrderForm, Part, Sheet, Step, message

NONE = "none"
STAY = "stay"
STOP = "stop"
EXTRAS = ("nothing", "draw", "replace-action", "replace-skirmish")
TARGETED = ("devil", "unfair", "ahaha")


def _card_kind(state: CastleState, seat_number: int, value: str) -> str | None:
    """The kind of the hand card at position `value` (1-based), or None."""
    hand = state.table[seat_number].hand
    if value.isdigit() and 1 <= int(value) <= len(hand):
        return state.action_kinds[hand[int(value) - 1]]
    return None


def played_kind(state: CastleState, sheet: Sheet) -> str | None:
    answers = sheet.parts.get("card") or []
    return _card_kind(state, sheet.seat, answers[0]) if answers else None


def double_possible(state: CastleState, sheet: Sheet) -> bool:
    """A two-corridor path needs Second Wind played, and no Muffet's Webs or Shackles."""
    return played_kind(state, sheet) == "second_wind" and state.can_double_step(sheet.seat)


def _player_options(state: CastleState, me: int, *, need_cards: bool = False) -> list[Option]:
    """The other players, as targets of a card: yourself is never offered (a typed own seat is refused
    with its reason by `explain`)."""
    options = []
    for other in range(state.players):
        if other == me:
            continue
        disabled = None
        if need_cards and not state.table[other].hand:
            disabled = Refusal(key="castle-refuse-no-cards", params={"player": seat(other)})
        options.append(Option(value=str(other), label="castle-opt-player", disabled=disabled,
                              params={"player": seat(other), "cards": len(state.table[other].hand)}))
    return options


def _hand_options(state: CastleState, me: int, playing: int | None = None, barred: bool = False) -> list[Option]:
    """The hand, option N being card #N (the card being played shown, refused, to keep the numbers)."""
    refusal = Refusal(key="castle-refuse-barred") if barred else None
    return [
        Option(value=str(i), label="castle-opt-hand-card",
               disabled=Refusal(key="castle-refuse-playing-it") if i == playing else refusal,
               params={"position": i, "card": term(f"castle-card-{state.action_kinds[card]}")})
        for i, card in enumerate(state.table[me].hand, start=1)
    ]


class CardPart(Part[CastleState]):
    name = "card"

    def step(self, state: CastleState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        player = state.table[me]
        if not answers:
            options = _hand_options(state, me, barred=player.barred == state.round)
            options.append(Option(value=NONE, label="castle-opt-no-card"))
            return Step("castle-ask-card", options, {"barred": "yes" if player.barred == state.round else "no"})
        first, rest = answers[0], answers[1:]
        if first == NONE:
            return self._extra_step(state, me, rest)
        kind = _card_kind(state, me, first)
        if kind in TARGETED:
            if not rest:
                return Step("castle-ask-target", _player_options(state, me, need_cards=kind == "ahaha"),
                            {"card": term(f"castle-card-{kind}")})
            target, rest = int(rest[0]), rest[1:]
            if kind == "devil":
                if rest:
                    return None
                options = _hand_options(state, me, playing=int(first))
                if all(o.disabled is not None for o in options):
                    options = [Option(value=NONE, label="castle-opt-give-nothing")]
                return Step("castle-ask-give", options, placeholders=True)
            if kind == "ahaha":
                size = len(state.table[target].hand)
                if len(rest) >= min(2, size):
                    return None
                taken = {int(v) for v in rest}
                options = [Option(value=str(i), label="castle-opt-position", params={"position": i})
                           for i in range(1, size + 1) if i not in taken]
                key = "castle-ask-position-first" if not rest else "castle-ask-position-second"
                return Step(key, options, {"player": seat(target)})
            return None
        if kind == "platform":
            end, rest2, step = pick_hall(state, corridor_ends(state), rest, "castle-ask-corridor-from")
            if step is not None or end is None:
                return step
            if rest2:
                return None
            board = state.the_board()
            return Step("castle-ask-corridor-to",
                        [Option(value=h, label="castle-opt-hall", params={"hall": h})
                         for h in board.neighbours(end, state.corridors())], {"hall": end})
        if kind == "passage":
            return _passage_step(state, rest, adjacent_rings=True, key="castle-ask-passage")
        return None

    @staticmethod
    def _extra_step(state: CastleState, me: int, rest: list[str]) -> Step | None:
        player = state.table[me]
        if not rest:
            full = Refusal(key="castle-refuse-hand-full", params={"limit": HAND_LIMIT}) \
                if len(player.hand) >= HAND_LIMIT else None
            empty = Refusal(key="castle-refuse-empty-hand") if not player.hand else None
            return Step("castle-ask-extra", [
                Option(value="nothing", label="castle-opt-extra-nothing"),
                Option(value="draw", label="castle-opt-extra-draw", disabled=full),
                Option(value="replace-action", label="castle-opt-extra-replace-action", disabled=empty),
                Option(value="replace-skirmish", label="castle-opt-extra-replace-skirmish"),
            ])
        if len(rest) > 1 or rest[0] in ("nothing", "draw"):
            return None
        if rest[0] == "replace-action":
            return Step("castle-ask-replace-action", _hand_options(state, me))
        return Step("castle-ask-replace-skirmish", [
            Option(value=str(i), label="castle-opt-skirmish-card",
                   params={"position": i, **skirmish_params(state, card)})
            for i, card in enumerate(player.row, start=1)
        ])

    def default(self, state: CastleState, sheet: Sheet) -> list[str]:
        """No card; draw if the hand has fewer than 3 (rules page, deadlines)."""
        return [NONE, "draw" if len(state.table[sheet.seat].hand) < HAND_LIMIT else "nothing"]

    def describe(self, state: CastleState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("castle-order-card", card=card_message(state, parse_card(state, sheet.seat, answers), True))


def _passage_step(state: CastleState, rest: list[str], *, adjacent_rings: bool, key: str) -> Step | None:
    first, rest2, step = pick_hall(state, passage_ends(state, adjacent_rings=adjacent_rings), rest, f"{key}-from")
    if step is not None or first is None:
        return step
    _second, _rest, step = pick_hall(state, passage_partners(state, first, adjacent_rings=adjacent_rings), rest2,
                                    f"{key}-to", {"hall": first})
    return step


class MovePart(Part[CastleState]):
    name = "move"

    def step(self, state: CastleState, sheet: Sheet, answers: list[str]) -> Step | None:
        me = sheet.seat
        double = double_possible(state, sheet)
        board = state.the_board()
        here = state.table[me].hall
        if not answers:
            options = [Option(value=STAY, label="castle-opt-stay", params={"hall": here})]
            options += [Option(value=h, label="castle-opt-go", params={"hall": h},
                               disabled=step_refusal(state, here, h, double))
                        for h in board.neighbours(here, state.corridors())]
            return Step("castle-ask-move", options, {"hall": here, "double": "yes" if double else "no"})
        if answers[0] == STAY or len(answers) > 1 or not double:
            return None
        there = answers[0]
        options = [Option(value=STOP, label="castle-opt-stop", params={"hall": there})]
        options += [Option(value=h, label="castle-opt-go", params={"hall": h},
                           disabled=step_refusal(state, there, h, True))
                    for h in board.neighbours(there, state.corridors())]
        return Step("castle-ask-move-second", options, {"hall": there})

    def default(self, state: CastleState, sheet: Sheet) -> list[str]:
        return [STAY]

    def describe(self, state: CastleState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("castle-order-move", move=move_message(state.table[sheet.seat].hall, parse_path(answers)))


def parse_path(answers: list[str]) -> list[str]:
    return [h for h in answers if h not in (STAY, STOP)]


def _halls_of(answers: list[str]) -> list[str]:
    return [a for a in answers if not a.startswith("ring:")]


def parse_card(state: CastleState, me: int, answers: list[str]) -> Play | Extra:
    """The card part's answers as a play (card ids fixed now) or a "no card" extra."""
    if not answers or answers[0] == NONE:
        what = answers[1] if len(answers) > 1 else "nothing"
        extra = Extra(seat=me, what=what)  # type: ignore[arg-type]
        if what == "replace-action" and len(answers) > 2:
            extra.card = state.table[me].hand[int(answers[2]) - 1]
        elif what == "replace-skirmish" and len(answers) > 2:
            extra.card = state.table[me].row[int(answers[2]) - 1]
        return extra
    hand = state.table[me].hand
    card = hand[int(answers[0]) - 1]
    kind = state.action_kinds[card]
    play = Play(seat=me, card=card, kind=kind)
    rest = answers[1:]
    if kind in TARGETED and rest:
        play.target = int(rest[0])
        if kind == "devil" and len(rest) > 1 and rest[1] != NONE:
            play.give = hand[int(rest[1]) - 1]
        if kind == "ahaha":
            play.positions = [int(v) for v in rest[1:]]
    halls = _halls_of(rest)
    if kind == "platform" and len(halls) == 2:
        play.corridor = corridor_key(halls[0], halls[1])
    if kind == "passage" and len(halls) == 2:
        play.halls = halls
    return play


def card_message(state: CastleState, order: Play | Extra, private: bool) -> dict[str, Any]:
    """An order's card as a message; the public form hides which card Deal with the Devil gives
    and which action card is replaced (hand cards are secret)."""
    if isinstance(order, Extra):
        params: dict[str, Any] = {"what": order.what, "card": "", "known": "no"}
        if order.what == "replace-skirmish" and order.card is not None:
            params |= {"card": skirmish_card(state, order.card), "known": "yes"}
        elif order.what == "replace-action" and order.card is not None and private:
            params |= {"card": term(f"castle-card-{state.action_kinds[order.card]}"), "known": "yes"}
        return message("castle-no-card", **params)
    params = {"card": term(f"castle-card-{order.kind}"), "player": "", "detail": "", "gives": "no"}
    if order.target is not None:
        params["player"] = seat(order.target)
    if order.kind == "devil" and private:
        if order.give is not None:
            params |= {"detail": term(f"castle-card-{state.action_kinds[order.give]}"), "gives": "yes"}
    elif order.kind == "ahaha":
        positions = [str(p) for p in order.positions]
        params |= {"detail": {"and": positions} if positions else "", "count": len(positions)}
    elif order.kind == "platform" and order.corridor is not None:
        params["detail"] = state.the_board().corridor_name(order.corridor)
    elif order.kind == "passage" and len(order.halls) == 2:
        params["detail"] = state.the_board().corridor_name((order.halls[0], order.halls[1]))
    return message(f"castle-play-{order.kind}", **params)


def move_message(here: str, path: list[str]) -> dict[str, Any]:
    if not path:
        return message("castle-move-stay", hall=here)
    return message("castle-move-path", path=" → ".join([here, *path]))


def _sheet_params(state: CastleState, sheet: Sheet) -> dict[str, Any]:
    player = state.table[sheet.seat]
    event = state.event_kind()
    return {
        "round": state.round,
        "hall": player.hall,
        "event": term(f"castle-event-{event}") if event else "",
        "hand": [term(f"castle-card-{state.action_kinds[c]}") for c in player.hand],
    }


ORDERS: OrderForm[CastleState] = OrderForm(
    "orders", [CardPart(), MovePart()], prefix="castle", deadline="orders",
    sheets=lambda s: s.sheets, sheet_params=_sheet_params, single_answers=True,
)


def explain(state: CastleState, me: int, key: str, value: str) -> Refusal | None:
    """A specific reason for a typed value that is not among an order step's options."""
    sheet = state.sheets.get(me)
    player = state.table[me]
    if key in ("castle-ask-card", "castle-ask-replace-action", "castle-ask-give") and value.isdigit():
        return Refusal(key="castle-refuse-not-in-hand", params={"position": int(value), "cards": len(player.hand)})
    if key == "castle-ask-replace-skirmish":
        return Refusal(key="castle-refuse-no-skirmish-card", params={"position": value})
    if key == "castle-ask-target":
        if value == str(me):
            return Refusal(key="castle-refuse-self")
        return Refusal(key="error-unknown-player")
    if key in ("castle-ask-move", "castle-ask-move-second") and sheet is not None:
        here = player.hall
        if key == "castle-ask-move-second" and sheet.draft:
            here = sheet.draft[0]
        double = double_possible(state, sheet)
        parts = [p for p in value.replace(">", ",").replace(" ", ",").split(",") if p]
        if len(parts) >= 2 and not double:
            return Refusal(key="castle-refuse-no-double-step")
        return step_refusal(state, here, parts[0], double) if parts else None
    if key == "castle-ask-corridor-to" and sheet is not None:
        halls = _halls_of(sheet.draft[1:])
        if halls and corridor_key(halls[0], value) in set(state.removed):
            return Refusal(key="castle-refuse-platform-removed", params={"a": halls[0], "b": value})
        return Refusal(key="castle-refuse-no-corridor", params={"from": halls[0] if halls else "?", "to": value})
    if key.startswith("castle-ask-passage") and sheet is not None:
        from games.castle.halls import passage_refusal

        halls = _halls_of(sheet.draft[1:])
        if key.startswith("castle-ask-passage-to") and halls:
            return passage_refusal(state, halls[0], value, adjacent_rings=True)
        if value not in state.the_board().ordered_halls():
            return Refusal(key="castle-refuse-unknown-hall")
        return Refusal(key="castle-refuse-passage-none", params={"hall": value})
    return None
