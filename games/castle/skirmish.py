"""Skirmishes: every participant's secret card choice at once, the reveal with Influence, then
hall by hall (Central Hall, ring 1, ring 2): a tie throws the tied players out at random; a
single winner makes their choices (where each loser goes, the Win effect) on an order sheet."""

from __future__ import annotations

import random
from typing import Any

from games.castle.board import corridor_key
from games.castle.cards import BEATS
from games.castle.halls import (
    corridor_ends,
    hall_option,
    open_neighbours,
    passage_ends,
    passage_partners,
    pick_hall,
    two_step_walks,
)
from games.castle.resolution import open_passage
from games.castle.state import CastleState, Fight, Marker, Note, Pause
from games.castle.words import hand_terms, skirmish_card, skirmish_params, skirmish_term
from games.core import Event, Option, Prompt, Refusal, seat, term
from games.core.order_random import random_answers
from games.core.orders import OrderForm, Part, Sheet, Step, lines, message

ASK = "castle-ask-skirmish"
ASK_PEEK = "castle-ask-peek-take"


# --- choosing cards -----------------------------------------------------------------------------
def open_skirmishes(state: CastleState, events: list[Event]) -> None:
    """Find every hall with two or more players; ask all participants at once."""
    board = state.the_board()
    state.fights = {h: state.seat_order_in(h) for h in board.ordered_halls() if len(state.in_hall(h)) >= 2}
    state.out, state.no_pickup, state.skirmish_choices = [], [], {}
    if not state.fights:
        state.stage = "artifacts"
        return
    events.append(Event(key="castle-skirmishes", params={"fights": lines([
        message("castle-skirmish-hall", hall=hall, players={"and": [seat(s) for s in who]})
        for hall, who in state.fights.items()
    ])}))
    for hall, who in state.fights.items():
        for me in who:
            state.prompts.append(_card_prompt(state, me, hall))
    state.stage = "skirmish"


def _card_prompt(state: CastleState, me: int, hall: str) -> Prompt:
    row = state.table[me].row
    options = [Option(value=str(i), label="castle-opt-skirmish-card",
                      params={"position": i, **skirmish_params(state, card)})
               for i, card in enumerate(row, start=1)]
    # the opponents' face-up rows, so the choice can be made from the prompt alone
    others = [message("castle-opponent", player=seat(s), row=[skirmish_card(state, c) for c in state.table[s].row])
              for s in state.fights[hall] if s != me]
    return Prompt(id=state.next_prompt_id(), seat=me, ask="one", key=ASK, options=options, deadline="skirmish",
                  changeable=True, params={"hall": hall, "players": lines(others)})


def default_card(state: CastleState, me: int) -> str:
    """The higher Base; equal Bases: the first of the row."""
    row = state.table[me].row
    bases = [state.skirmish_stats[state.skirmish_kinds[c]].base for c in row]
    return str(1 + max(range(len(row)), key=lambda i: (bases[i], -i)))


def answer_card(state: CastleState, me: int, prompt: Prompt, value: str, events: list[Event]) -> None:
    state.skirmish_choices[me] = int(value)
    prompt.answered = True
    events.append(Event(key="castle-skirmish-chosen", to=[me], ack=True, params={
        "card": skirmish_term(state, state.table[me].row[int(value) - 1])}))
    if all(p.answered for p in state.prompts if p.key == ASK):
        state.prompts = [p for p in state.prompts if p.key != ASK]
        state.stage = "halls"
        _reveal(state, events)


def chosen(state: CastleState, me: int) -> str:
    """The kind of the skirmish card `me` chose."""
    return state.skirmish_kinds[state.table[me].row[state.skirmish_choices[me] - 1]]


def influence(state: CastleState, me: int, hall: str) -> tuple[int, int, int, int]:
    """(Base, TypeBonus, ArrivalBonus, total) of a participant."""
    kind = state.skirmish_stats[chosen(state, me)]
    beaten = BEATS[kind.type]
    bonus = sum(1 for other in state.fights[hall] if other != me
                and state.skirmish_stats[chosen(state, other)].type == beaten)
    # Against the Current replaces the arrival bonus: +1 for staying instead of for moving
    arrival = int((me in state.moved) != (state.event_kind() == "current"))
    return kind.base, bonus, arrival, kind.base + bonus + arrival


def _reveal(state: CastleState, events: list[Event]) -> None:
    current = state.event_kind() == "current"  # Against the Current: the third part is for staying
    for hall, who in state.fights.items():
        rows = []
        for me in who:
            base, bonus, arrival, total = influence(state, me, hall)
            rows.append(message("castle-influence-line", player=seat(me),
                                card=term(f"castle-skirmish-{chosen(state, me)}"), base=base, bonus=bonus,
                                arrival=arrival, total=total, current="yes" if current else "no"))
        events.append(Event(key="castle-skirmish-reveal", params={"hall": hall, "rows": lines(rows)}))


# --- hall by hall ---------------------------------------------------------------------------------
def run_halls(state: CastleState, events: list[Event]) -> None:
    """Resolve the next hall's skirmish; stop when a winner must choose."""
    while state.fights:
        hall = next(iter(state.fights))
        who = [s for s in state.fights[hall] if s not in state.out]
        scores = {me: influence(state, me, hall)[3] for me in who}
        top = max(scores.values())
        tops = [me for me in who if scores[me] == top]
        if len(tops) > 1:
            _tie(state, hall, tops, [me for me in who if me not in tops], events)
            del state.fights[hall]
            continue
        winner = tops[0]
        losers = [me for me in who if me != winner]
        state.fight = Fight(hall=hall, winner=winner, losers=losers, card=chosen(state, winner))
        events.append(Event(key="castle-skirmish-winner", params={
            "hall": hall, "player": seat(winner), "card": term(f"castle-skirmish-{state.fight.card}")}))
        _drop(state, losers, hall, events)
        _open_choices(state, events)
        if state.stage == "choice":
            return
        if state.stage == "peek":
            return
    state.stage = "artifacts"


def _drop(state: CastleState, who: list[int], hall: str, events: list[Event]) -> None:
    """Losers and tied players drop what they carry in the skirmish hall (**Decision**)."""
    for me in who:
        carried = state.table[me].carried
        if carried:
            state.table[me].carried = 0
            state.floor[hall] = state.floor.get(hall, 0) + carried
            events.append(Event(key="castle-dropped", params={"player": seat(me), "hall": hall, "count": carried}))


def _tie(state: CastleState, hall: str, tops: list[int], below: list[int], events: list[Event]) -> None:
    """The tied players are thrown into different random adjacent halls (repeats only when there are
    not enough); they drop what they carry; the artifact stays and nobody takes it this round; the
    players below the tie stay and cannot play cards next round."""
    _drop(state, tops, hall, events)
    exits = open_neighbours(state, hall)
    free = state.rng.shuffled(exits)
    thrown = []
    for me in tops:
        if not exits:
            thrown.append(message("castle-thrown-stays", player=seat(me), hall=hall))
            continue
        there = free.pop(0) if free else state.rng.choice(exits)
        state.table[me].hall = there
        thrown.append(message("castle-thrown", player=seat(me), hall=there))
    for me in below:
        state.table[me].barred = state.round + 1
    state.out.extend(tops)
    state.no_pickup.append(hall)
    events.append(Event(key="castle-skirmish-tie", params={
        "hall": hall, "players": {"and": [seat(s) for s in tops]}, "thrown": lines(thrown),
        "below": {"and": [seat(s) for s in below]}, "has_below": "yes" if below else "no",
        "artifact": "yes" if state.floor.get(hall) else "no"}))


# --- the winner's choices (an order sheet) -----------------------------------------------------
def _fight(state: CastleState) -> Fight:
    assert state.fight is not None
    return state.fight


def _expelled(state: CastleState, fight: Fight) -> list[int]:
    """Losers who have somewhere to go (a loser with no open corridor stays)."""
    exits = open_neighbours(state, fight.hall)
    return [me for me in fight.losers if exits]


def _ejectable(state: CastleState, fight: Fight) -> list[int]:
    return fight.losers if fight.card == "eject" and two_step_walks(state, fight.hall) else []


NO_EJECT = "none"
"""Eject is optional («может»): this answer expels every loser one hall (**Decision**)."""


def _eject_options(fight: Fight) -> list[Option]:
    """One loser to walk two corridors, or nobody (every loser one hall)."""
    return [Option(value=str(me), label="castle-opt-eject-two", params={"player": seat(me)}) for me in fight.losers] \
        + [Option(value=NO_EJECT, label="castle-opt-eject-none", params={})]


class ExpelPart(Part[CastleState]):
    """Where each loser goes: with Eject, first which loser walks two corridors (and where) or
    nobody, then the hall of every other loser."""

    name = "expel"

    def available(self, state: CastleState, sheet: Sheet) -> bool:
        fight = _fight(state)
        return bool(_expelled(state, fight) or _ejectable(state, fight))

    def step(self, state: CastleState, sheet: Sheet, answers: list[str]) -> Step | None:
        fight = _fight(state)
        rest = list(answers)
        ejected: int | None = None
        if _ejectable(state, fight):
            if not rest:
                return Step("castle-ask-eject", _eject_options(fight))
            picked = rest.pop(0)
            ejected = None if picked == NO_EJECT else int(picked)
        if ejected is not None:
            walks = two_step_walks(state, fight.hall)
            if not rest:
                return Step("castle-ask-eject-first", [hall_option(h) for h in walks], {"player": seat(ejected)})
            first = rest.pop(0)
            if not rest:
                return Step("castle-ask-eject-second", [hall_option(h) for h in walks.get(first, [])],
                            {"player": seat(ejected), "hall": first})
            rest.pop(0)
        exits = open_neighbours(state, fight.hall)
        for me in [s for s in _expelled(state, fight) if s != ejected]:
            if not rest:
                return Step("castle-ask-expel", [hall_option(h) for h in exits],
                            {"player": seat(me), "hall": fight.hall})
            rest.pop(0)
        return None

    def default(self, state: CastleState, sheet: Sheet) -> list[str]:
        return list(_fight(state).defaults.get(self.name, []))

    def describe(self, state: CastleState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("castle-choice-expel", moves=lines(expel_lines(state, _fight(state), answers)))


def parse_expel(state: CastleState, fight: Fight, answers: list[str]) -> dict[int, list[str]]:
    """Each expelled loser's walk (one hall, or two for the ejected one)."""
    rest = list(answers)
    walks: dict[int, list[str]] = {}
    ejected = None
    if _ejectable(state, fight) and rest and rest[0] == NO_EJECT:
        rest = rest[1:]
    elif _ejectable(state, fight) and len(rest) >= 3:
        ejected = int(rest[0])
        walks[ejected] = rest[1:3]
        rest = rest[3:]
    for me in [s for s in _expelled(state, fight) if s != ejected]:
        if rest:
            walks[me] = [rest.pop(0)]
    return walks


def expel_lines(state: CastleState, fight: Fight, answers: list[str]) -> list[dict[str, Any]]:
    walks = parse_expel(state, fight, answers)
    return [message("castle-expel-line", player=seat(me), path=" → ".join([fight.hall, *walks[me]])) for me in walks]


class EffectPart(Part[CastleState]):
    """The Win effect's parameters: Robbery/Shackles/Peek's loser (Peek: and which card), Defence's
    corridor, Secret Door's two halls."""

    name = "effect"

    def available(self, state: CastleState, sheet: Sheet) -> bool:
        fight = _fight(state)
        if fight.card in ("robbery", "peek"):
            return any(state.table[s].hand for s in fight.losers)
        if fight.card == "shackles":
            return bool(fight.losers)
        if fight.card == "defence":
            return bool(corridor_ends(state))
        if fight.card == "secret_door":
            return bool(passage_ends(state, adjacent_rings=False))
        return False

    def step(self, state: CastleState, sheet: Sheet, answers: list[str]) -> Step | None:
        fight = _fight(state)
        card = fight.card
        if card in ("robbery", "shackles", "peek"):
            if not answers:
                options = []
                for me in fight.losers:
                    empty = card != "shackles" and not state.table[me].hand
                    options.append(Option(value=str(me), label="castle-opt-player", params={
                        "player": seat(me), "cards": len(state.table[me].hand)},
                        disabled=Refusal(key="castle-refuse-no-cards", params={"player": seat(me)}) if empty else None))
                return Step(f"castle-ask-{card}", options)
            if card == "peek" and len(answers) == 1:
                size = len(state.table[int(answers[0])].hand)
                return Step("castle-ask-peek-position", [
                    Option(value=str(i), label="castle-opt-position", params={"position": i})
                    for i in range(1, size + 1)
                ], {"player": seat(int(answers[0]))})
            return None
        if card == "defence":
            end, rest, step = pick_hall(state, corridor_ends(state), answers, "castle-ask-lock-from")
            if step is not None or end is None:
                return step
            if rest:
                return None
            ends = state.the_board().neighbours(end, state.corridors())
            return Step("castle-ask-lock-to", [hall_option(h) for h in ends], {"hall": end})
        first, rest, step = pick_hall(state, passage_ends(state, adjacent_rings=False), answers, "castle-ask-door-from")
        if step is not None or first is None:
            return step
        _second, rest, step = pick_hall(state, passage_partners(state, first, adjacent_rings=False), rest,
                                       "castle-ask-door-to", {"hall": first})
        return step

    def default(self, state: CastleState, sheet: Sheet) -> list[str]:
        return list(_fight(state).defaults.get(self.name, []))

    def describe(self, state: CastleState, sheet: Sheet, answers: list[str]) -> dict[str, Any]:
        return message("castle-choice-effect", effect=effect_message(state, _fight(state), answers))


def _halls(answers: list[str]) -> list[str]:
    return [a for a in answers if not a.startswith("ring:")]


def effect_message(state: CastleState, fight: Fight, answers: list[str]) -> dict[str, Any]:
    card = fight.card
    if card in ("robbery", "shackles", "peek") and answers:
        position = answers[1] if len(answers) > 1 else ""
        return message(f"castle-effect-{card}", player=seat(int(answers[0])), position=position)
    halls = _halls(answers)
    if len(halls) == 2:
        return message(f"castle-effect-{card}", a=halls[0], b=halls[1])
    return message("castle-effect-none")


CHOICES: OrderForm[CastleState] = OrderForm(
    "choice", [ExpelPart(), EffectPart()], prefix="castle-choice", deadline="choice",
    sheets=lambda s: s.choice_sheets,
    sheet_params=lambda s, sheet: {"hall": _fight(s).hall, "card": term(f"castle-skirmish-{_fight(s).card}"),
                                   "losers": {"and": [seat(x) for x in _fight(s).losers]}},
    single_answers=True,
)


def _open_choices(state: CastleState, events: list[Event]) -> None:
    """Draw the random default of every part, then ask the winner (or apply at once if nothing to choose)."""
    fight = _fight(state)
    rng = random.Random(state.rng.randint(0, 2**31 - 1))
    probe = Sheet(id="probe", seat=fight.winner)
    parts = [p for p in CHOICES.parts.values() if p.available(state, probe)]
    for part in parts:
        fight.defaults[part.name] = random_answers(CHOICES, state, probe, part.name, rng)
    if not parts:
        apply_choices(state, {}, events)
        return
    CHOICES.open(state, [fight.winner], tag=f"r{state.round}-{fight.hall}")
    state.stage = "choice"


def apply_choices(state: CastleState, choice: dict[str, list[str]], events: list[Event]) -> None:
    """Expel the losers, then apply the Win effect; the next hall follows (unless Peek pauses)."""
    fight = _fight(state)
    CHOICES.close(state)
    walks = parse_expel(state, fight, choice.get("expel", []))
    moves = []
    for me in fight.losers:
        walk = walks.get(me, [])
        if walk:
            state.table[me].hall = walk[-1]
            moves.append(message("castle-expel-line", player=seat(me), path=" → ".join([fight.hall, *walk])))
        else:
            moves.append(message("castle-expel-stays", player=seat(me), hall=fight.hall))
    state.out.extend(fight.losers)
    if moves:
        events.append(Event(key="castle-expelled", params={"moves": lines(moves)}))
    del state.fights[fight.hall]
    state.stage = "halls"
    answers = choice.get("effect", [])
    if answers:
        _effect(state, fight, answers, events)
    if state.stage != "peek":
        state.fight = None


def _effect(state: CastleState, fight: Fight, answers: list[str], events: list[Event]) -> None:
    me = fight.winner
    card = fight.card
    if card == "robbery":
        them = int(answers[0])
        hand = state.table[them].hand
        if not hand:
            return
        taken = state.rng.choice(hand)
        hand.remove(taken)
        state.table[me].hand.append(taken)
        events.append(Event(key="castle-robbery", params={"player": seat(me), "target": seat(them)}))
        what = term(f"castle-card-{state.action_kinds[taken]}")
        events.append(Event(key="castle-robbery-private", to=[me], params={"target": seat(them), "card": what}))
        events.append(Event(key="castle-robbed", to=[them], params={"player": seat(me), "card": what}))
    elif card == "shackles":
        them = int(answers[0])
        state.table[them].shackled = state.round + 1
        events.append(Event(key="castle-shackles", params={"player": seat(me), "target": seat(them)}))
    elif card == "defence":
        a, b = _halls(answers)
        state.locks.append(Marker(corridor=corridor_key(a, b), since=state.round + 1, until=state.round + 1, by=me))
        events.append(Event(key="castle-defence", params={"player": seat(me),
                                                          "corridor": state.the_board().corridor_name((a, b)),
                                                          "round": state.round + 1}))
    elif card == "secret_door":
        a, b = _halls(answers)
        open_passage(state, a, b)
        first, second = state.the_board().in_order(a, b)
        events.append(Event(key="castle-secret-door", params={"player": seat(me), "a": first, "b": second}))
    elif card == "peek":
        _peek(state, fight, int(answers[0]), int(answers[1]), events)


def _peek(state: CastleState, fight: Fight, them: int, position: int, events: list[Event]) -> None:
    hand = state.table[them].hand
    if not hand:
        return
    card = hand[min(position, len(hand)) - 1]
    me = fight.winner
    state.notes.setdefault(me, []).append(
        Note(round=state.round, kind="peek", target=them, cards=[state.action_kinds[card]]))
    events.append(Event(key="castle-peek", params={"player": seat(me), "target": seat(them)}))
    events.append(Event(key="castle-peek-seen", to=[me], params={
        "target": seat(them), "position": position, "card": term(f"castle-card-{state.action_kinds[card]}")}))
    state.pause = Pause(kind="peek", seat=me, target=them, cards=[card], hall=fight.hall)
    state.stage = "peek"
    no_swap = Refusal(key="castle-refuse-empty-hand") if not state.table[me].hand else None
    state.prompts.append(Prompt(
        id=state.next_prompt_id(), seat=me, ask="one", key=ASK_PEEK, deadline="peek",
        params={"target": seat(them), "card": term(f"castle-card-{state.action_kinds[card]}")},
        options=[Option(value="take", label="castle-opt-peek-take", params={"player": seat(them)}),
                 Option(value="swap", label="castle-opt-peek-swap", params={"player": seat(them)}, disabled=no_swap)]))


def answer_peek(state: CastleState, value: str, events: list[Event]) -> None:
    pause = state.pause
    assert pause is not None
    state.prompts = [p for p in state.prompts if p.key != ASK_PEEK]
    me, them = pause.seat, pause.target
    mine, theirs = state.table[me].hand, state.table[them].hand
    if theirs:
        taken = state.rng.choice(theirs)
        theirs.remove(taken)
        given = None
        if value == "swap" and mine:
            given = state.rng.choice(mine)
            mine.remove(given)
            theirs.append(given)
        mine.append(taken)
        took = term(f"castle-card-{state.action_kinds[taken]}")
        gave = term(f"castle-card-{state.action_kinds[given]}") if given is not None else ""
        flag = "yes" if given is not None else "no"
        events.append(Event(key="castle-peek-done", params={"player": seat(me), "target": seat(them), "swap": flag}))
        events.append(Event(key="castle-peek-private", to=[me], params={
            "target": seat(them), "took": took, "gave": gave, "swap": flag, "hand": hand_terms(state, mine)}))
        events.append(Event(key="castle-peek-victim", to=[them], params={
            "player": seat(me), "took": took, "gave": gave, "swap": flag, "hand": hand_terms(state, theirs)}))
    state.pause = None
    state.fight = None
    state.stage = "halls"
