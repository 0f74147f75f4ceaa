"""Phase III — War: doubling and the +4 bonus, then cycles of negotiation and secret war orders."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core import Action, Event, Option, Prompt, Refusal, seat, term
from games.core.prompts import only_answer
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies import settlement
from games.sword_of_lies.common import (
    BACK,
    announce,
    as_int,
    back_option,
    new_prompt,
    number_at,
    option,
    player_options,
    position_options,
    replace_prompts,
    tell,
)
from games.sword_of_lies.state import SolState, Target, WarOrder

NEGOTIATION = "negotiation"
WAR = "war"

NEGOTIATE = "sol-prompt-negotiate"
WAR_KIND = "sol-prompt-war-kind"
WAR_TARGET = "sol-prompt-war-target"
WAR_POSITION = "sol-prompt-war-position"
WAR_COST = "sol-prompt-war-cost"
WAR_SUBMITTED = "sol-prompt-war-submitted"
ORDER_KEYS = (WAR_KIND, WAR_TARGET, WAR_POSITION, WAR_COST)
KEYS = (NEGOTIATE, *ORDER_KEYS, WAR_SUBMITTED)

READY = "ready"
PAY_TO = "to:"
RANDOM = "random"
KEEP = "keep"
CHANGE = "change"
BONUS_SWORDS = 4


# --- the start of the war ---------------------------------------------------------------------
def start_war(state: SolState, events: list[Event]) -> None:
    assert state.betting is not None
    remaining = state.remaining()
    events.append(announce("sol-event-war-begins", players={"and": [seat(s) for s in remaining]}))
    for s in remaining:
        player = state.table[s]
        player.swords *= 2
        events.append(announce("sol-event-swords-doubled", player=seat(s), swords=player.swords))
    record = state.betting.first_highest_bet()
    if record is None:
        events.append(announce("sol-event-no-bonus"))
    elif state.table[record.seat].folded:
        events.append(announce("sol-event-bonus-folded", player=seat(record.seat), bet=record.to))
    else:
        state.bonus_seat = record.seat
        state.table[record.seat].swords += BONUS_SWORDS
        events.append(
            announce(
                "sol-event-bonus",
                player=seat(record.seat),
                bet=record.to,
                round=record.round,
                swords=state.table[record.seat].swords,
            )
        )
    for s in remaining:
        state.table[s].swords_before_war = state.table[s].swords
    start_cycle(state, events)


def attackers(state: SolState) -> list[int]:
    """Players who must give a war order: a sword, a card, and an opponent card to aim at.

    (A player whose opponents have no cards left cannot attack; when nobody can, the war ends.)"""
    remaining = state.remaining()
    return [
        s
        for s in remaining
        if state.table[s].swords > 0 and state.table[s].cards and any(state.table[o].cards for o in remaining if o != s)
    ]


def war_over_reason(state: SolState) -> str:
    """Why nobody can attack any more (the war-over line says the real reason)."""
    remaining = state.remaining()
    armed = [s for s in remaining if state.table[s].swords > 0]
    if not armed:
        return "no-swords"
    if not any(state.table[s].cards for s in armed):
        return "no-cards"
    return "no-targets"


def start_cycle(state: SolState, events: list[Event]) -> None:
    state.orders = {}
    state.prompts = []
    if not attackers(state):
        events.append(announce("sol-event-war-over", reason=war_over_reason(state)))
        settlement.finish_war(state, events)
        return
    state.cycle += 1
    state.phase = "negotiation"
    events.append(announce("sol-event-negotiation", cycle=state.cycle))
    who = attackers(state)
    for s in state.remaining():
        me = state.table[s]
        me.ready = False
        me.pay_to = None
        if me.stack < 1 and s not in who:
            # No chips to pay and no war order to give: "Ready" is the only answer, made at once.
            me.ready = True
            events.append(announce("sol-event-ready-forced", player=seat(s)))
            continue
        state.prompts.append(_negotiation_prompt(state, s))
    if not state.prompts:
        _start_orders(state, events)


# --- negotiation -----------------------------------------------------------------------------
def _negotiation_prompt(state: SolState, player: int) -> Prompt:
    prompt = new_prompt(state, player, NEGOTIATE, deadline=NEGOTIATION, ask="number", secret=False, changeable=True)
    _refresh(state, prompt)
    return prompt


def _refresh(state: SolState, prompt: Prompt) -> None:
    """Bring a negotiation prompt up to date in place (same id: the deadline is the phase's)."""
    me = state.table[prompt.seat]
    others = [s for s in state.remaining() if s != prompt.seat]  # never a player who folded
    no_chips = Refusal(key="sol-error-no-chips") if me.stack < 1 else None
    prompt.options = [
        option(READY, "sol-opt-ready"),
        *[option(f"{PAY_TO}{o}", "sol-opt-pay-to", no_chips, player=seat(o)) for o in others],
    ]
    can_pay = me.pay_to is not None and me.stack >= 1
    prompt.low = 1 if can_pay else None
    prompt.high = me.stack if can_pay else None
    prompt.answered = me.ready
    prompt.params = {
        "cycle": state.cycle,
        "stack": me.stack,
        "recipient": seat(me.pay_to) if me.pay_to is not None else None,
        "chosen": "yes" if me.pay_to is not None else "no",
    }


def _give_prompt_back(state: SolState, player: int, events: list[Event]) -> None:
    """`player` was made "Done" for having no chips and no war order; chips paid to them make paying
    possible again (the rules: players may pay each other at any time in this phase), so "Done" is
    no longer their only answer: they are asked, and the negotiation waits for them too."""
    state.table[player].ready = False
    state.prompts.append(_negotiation_prompt(state, player))
    events.append(announce("sol-event-ready-undone", player=seat(player)))


def _refresh_seat(state: SolState, player: int) -> None:
    for prompt in state.prompts:
        if prompt.seat == player and prompt.key == NEGOTIATE:
            _refresh(state, prompt)


def _on_negotiate(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    me = state.table[player]
    value = action.value
    if isinstance(value, int):
        assert me.pay_to is not None
        me.stack -= value
        state.table[me.pay_to].stack += value
        events.append(announce("sol-event-paid", player=seat(player), to=seat(me.pay_to), chips=value))
        recipient = me.pay_to
        me.pay_to = None
        _refresh(state, prompt)
        if not any(p.seat == recipient and p.key == NEGOTIATE for p in state.prompts):
            _give_prompt_back(state, recipient, events)
        _refresh_seat(state, recipient)
        return
    if value.startswith(PAY_TO):
        me.pay_to = int(value[len(PAY_TO) :])
        _refresh(state, prompt)
        return
    if not me.ready:
        me.ready = True
        events.append(announce("sol-event-ready", player=seat(player)))
    _refresh(state, prompt)
    if all(state.table[s].ready for s in state.remaining()):
        _start_orders(state, events)


# --- war orders ------------------------------------------------------------------------------
def _start_orders(state: SolState, events: list[Event]) -> None:
    state.phase = "war"
    state.prompts = []
    who = attackers(state)
    state.orders = {s: WarOrder() for s in who}
    events.append(announce("sol-event-orders", cycle=state.cycle, players={"and": [seat(s) for s in who]}))
    for s in who:
        _open_order(state, s, events)


def _open_order(state: SolState, player: int, events: list[Event]) -> None:
    """A war order from its first step (the kind of attack; with one sword only a standard one)."""
    order = state.orders[player] = WarOrder()
    asked = _kind_prompt(state, player)
    only = only_answer(asked.options, aside=(RANDOM,))
    if only is None:
        replace_prompts(state, player, asked)
        return
    events.append(tell([player], "sol-event-war-kind-only", cycle=state.cycle, swords=state.table[player].swords))
    _take(order, WAR_KIND, only)
    _next_order_step(state, player, order, events)


def _order_prompt(
    state: SolState,
    player: int,
    key: str,
    options: list[Option],
    params: dict[str, Any] | None = None,
) -> Prompt:
    """A secret war-order prompt; every step can fall back to a random standard attack."""
    return new_prompt(state, player, key, deadline=WAR, options=options, params=params)


def _kind_prompt(state: SolState, player: int) -> Prompt:
    swords = state.table[player].swords
    too_few = Refusal(key="sol-error-double-needs-two-swords", params={"swords": swords})
    return _order_prompt(
        state,
        player,
        WAR_KIND,
        options=[
            option("standard", "sol-opt-standard"),
            option("double", "sol-opt-double", too_few if swords < 2 else None),
            option(RANDOM, "sol-opt-war-random"),
        ],
        params={"swords": swords, "cycle": state.cycle},
    )


def _target_prompt(state: SolState, player: int, sword: int) -> Prompt:
    remaining = state.remaining()
    why_not = {
        o: Refusal(key="sol-error-no-cards", params={"player": seat(o)}) for o in remaining if not state.table[o].cards
    }
    options = player_options(state, player, remaining, why_not)
    return _order_prompt(
        state,
        player,
        WAR_TARGET,
        options=[*options, back_option(), option(RANDOM, "sol-opt-war-random")],
        params={"sword": sword, "kind": term(f"sol-attack-{state.orders[player].kind}")},
    )


def _position_prompt(state: SolState, player: int, target: int, sword: int) -> Prompt:
    return _order_prompt(
        state,
        player,
        WAR_POSITION,
        options=[
            *position_options(state.table[target].cards, show_faces=False),
            back_option(),
            option(RANDOM, "sol-opt-war-random"),
        ],
        params={"sword": sword, "player": seat(target)},
    )


def _cost_prompt(state: SolState, player: int) -> Prompt:
    return _order_prompt(
        state,
        player,
        WAR_COST,
        options=[
            *position_options(state.table[player].cards, show_faces=True),
            back_option(),
            option(RANDOM, "sol-opt-war-random"),
        ],
    )


def _submitted_prompt(state: SolState, player: int) -> Prompt:
    order = state.orders[player]
    prompt = _order_prompt(
        state,
        player,
        WAR_SUBMITTED,
        options=[option(KEEP, "sol-opt-keep"), option(CHANGE, "sol-opt-change")],
        params=order_params(state, player, order),
    )
    prompt.changeable = True
    prompt.answered = True
    return prompt


def check(state: SolState, player: int, prompt: Prompt, action: Action) -> Refusal | None:
    if prompt.key == NEGOTIATE:
        me = state.table[player]
        if isinstance(action.value, int):
            if me.stack < 1:
                return Refusal(key="sol-error-no-chips")
            if me.pay_to is None:
                return Refusal(key="sol-error-choose-recipient")
            if action.value > me.stack:
                return Refusal(key="sol-error-above-stack", params={"stack": me.stack})
        elif action.value.startswith(PAY_TO):
            recipient = as_int(action.value[len(PAY_TO) :])
            if recipient is None or recipient not in state.remaining() or recipient == player:
                return Refusal(key="sol-error-bad-recipient")
        return None
    if prompt.key in ORDER_KEYS and player not in state.orders:
        return Refusal(key="error-stale")
    if prompt.key == WAR_TARGET and action.value == str(player):
        return Refusal(key="sol-error-own-card")
    return None


def apply(state: SolState, player: int, prompt: Prompt, action: Action, events: list[Event]) -> None:
    if prompt.key == NEGOTIATE:
        _on_negotiate(state, player, prompt, action, events)
        return
    if prompt.key == WAR_SUBMITTED:
        if action.value == CHANGE:
            _open_order(state, player, events)
        return
    order = state.orders[player]
    value = action.value
    if value == RANDOM:
        order = random_order(state, player)
        state.orders[player] = order
    elif value == BACK:
        _open_order(state, player, events)
        return
    else:
        _take(order, prompt.key, str(value))
    _next_order_step(state, player, order, events)


def _take(order: WarOrder, key: str, value: str) -> None:
    """One answer of a war order's step written into the order."""
    if key == WAR_KIND:
        order.kind = "double" if value == "double" else "standard"
    elif key == WAR_TARGET:
        order.pending_target = as_int(value)
    elif key == WAR_POSITION:
        position = as_int(value)
        assert order.pending_target is not None and position is not None
        order.targets.append(Target(seat=order.pending_target, position=position))
        order.pending_target = None
    elif key == WAR_COST:
        order.cost = as_int(value)


def _next_order_step(state: SolState, player: int, order: WarOrder, events: list[Event]) -> None:
    """Ask the order's next step; a step with a single answer (the only opponent with cards, a
    target's only card, the only own card to pay with) is not asked: it is taken, and the player
    is told so (privately, as the order is secret until resolution)."""
    while True:
        if order.pending_target is not None:
            nxt = _position_prompt(state, player, order.pending_target, len(order.targets) + 1)
        elif len(order.targets) < order.swords():
            nxt = _target_prompt(state, player, len(order.targets) + 1)
        elif order.kind == "double" and order.cost is None:
            nxt = _cost_prompt(state, player)
        else:
            order.complete = True
            events.append(Event(key="sol-event-order-in", params=order_params(state, player, order), to=[player]))
            if all(o.complete for o in state.orders.values()):
                resolve(state, events)
                return
            replace_prompts(state, player, _submitted_prompt(state, player))
            return
        only = only_answer(nxt.options, aside=(BACK, RANDOM))
        if only is None:
            replace_prompts(state, player, nxt)
            return
        events.append(_only_answer_event(state, player, order, nxt.key, only))
        _take(order, nxt.key, only)


def _only_answer_event(state: SolState, player: int, order: WarOrder, key: str, value: str) -> Event:
    sword = len(order.targets) + 1
    if key == WAR_TARGET:
        target = as_int(value)
        assert target is not None
        return tell([player], "sol-event-war-target-only", sword=sword, player=seat(target),
                    kind=term(f"sol-attack-{order.kind}"))
    position = as_int(value)
    assert position is not None
    if key == WAR_POSITION:
        assert order.pending_target is not None
        number = number_at(state.table[order.pending_target].cards, position)
        return tell([player], "sol-event-war-position-only", sword=sword, player=seat(order.pending_target),
                    position=number)
    return tell([player], "sol-event-war-cost-only", position=number_at(state.table[player].cards, position))


def random_order(state: SolState, player: int) -> WarOrder:
    """A standard attack on a random opponent card (the deadline's default), drawn from state.rng."""
    cards = [
        Target(seat=o, position=p)
        for o in state.remaining()
        if o != player
        for p in range(1, len(state.table[o].cards) + 1)
    ]
    return WarOrder(kind="standard", targets=[state.rng.choice(cards)], complete=False)


def order_params(state: SolState, player: int, order: WarOrder) -> dict[str, Any]:
    params: dict[str, Any] = {"player": seat(player), "kind": term(f"sol-attack-{order.kind}")}
    for n, target in enumerate(order.targets, start=1):
        params[f"target{n}"] = seat(target.seat)
        params[f"position{n}"] = number_at(state.table[target.seat].cards, target.position)
    params["cost"] = number_at(state.table[player].cards, order.cost) if order.cost is not None else 0
    params["double"] = "yes" if order.kind == "double" else "no"
    return params


# --- resolution --------------------------------------------------------------------------------
def resolve(state: SolState, events: list[Event]) -> None:
    """Reveal every order, then apply all swords and costs at once."""
    hits: Counter[tuple[int, int]] = Counter()
    costs: Counter[tuple[int, int]] = Counter()
    for player in sorted(state.orders):
        order = state.orders[player]
        events.append(announce("sol-event-attack", **order_params(state, player, order)))
        state.table[player].swords -= order.swords()
        for target in order.targets:
            hits[(target.seat, target.position)] += 1
        if order.cost is not None:
            costs[(player, order.cost)] += 1
    sturdy = state.options.sturdy_shields
    for owner, position in sorted(set(hits) | set(costs)):
        card = state.table[owner].cards[position - 1]
        h, c = hits[(owner, position)], costs[(owner, position)]
        if card.shield:
            if sturdy:
                result = "destroyed" if h >= 2 else "flipped" if c else "held"
            else:
                result = "flipped" if h + c == 1 else "destroyed"
        else:
            result = "destroyed"
        if result == "flipped":
            card.shield = False
            card.lives = 1
        elif result == "destroyed":
            card.lives = 0
        events.append(
            announce(
                "sol-event-card-hit",
                player=seat(owner),
                position=card.numbered(position),
                hits=h,
                cost=c,
                result=term(f"sol-result-{result}"),
                **cardlib.face(card.card),
            )
        )
    for s in state.remaining():
        row = state.table[s]
        state.discard.extend(c.card for c in row.cards if c.lives <= 0)
        row.cards = [c for c in row.cards if c.lives > 0]
        events.append(
            announce(
                "sol-event-standing",
                player=seat(s),
                lives=row.lives(),
                cards=len(row.cards),
                swords=row.swords,
            )
        )
    start_cycle(state, events)


def default_value(state: SolState, prompt: Prompt) -> str:
    if prompt.key == NEGOTIATE:
        return READY
    if prompt.key == WAR_SUBMITTED:
        return KEEP
    return RANDOM
