"""Phase II: the public reveal of every order, cards in priority order (ties by seat from the
first player; a card that has left its owner's hand does not resolve), the "Ahaha" pause, the
"no card" draws and replacements, then simultaneous movement."""

from __future__ import annotations

from games.castle.board import corridor_key
from games.castle.cards import PRIORITY
from games.castle.halls import passage_refusal
from games.castle.orders import ORDERS, card_message, move_message, parse_card, parse_path
from games.castle.piles import discard_action, draw, draw_action
from games.castle.state import CastleState, Extra, Marker, Note, Pause, Play
from games.castle.words import hand_terms, skirmish_card
from games.core import TOLD_IN_PRIVATE, Event, Option, Prompt, seat, term
from games.core.orders import lines, message

KEEP = "keep"


def reveal(state: CastleState, events: list[Event]) -> None:
    """Every order becomes public (one event); the resolution cursor is set."""
    order = state.seat_order()
    rank = {s: i for i, s in enumerate(order)}
    plays: list[Play] = []
    state.extras = []
    reveal_lines = []
    for me in order:
        parts = ORDERS.order(state, me)
        parsed = parse_card(state, me, parts.get("card", []))
        path = parse_path(parts.get("move", []))
        state.paths[me] = path
        if isinstance(parsed, Play):
            plays.append(parsed)
        else:
            state.extras.append(parsed)
        reveal_lines.append(message("castle-reveal-line", player=seat(me), card=card_message(state, parsed, False),
                                    move=move_message(state.table[me].hall, path)))
    ORDERS.close(state)
    plays.sort(key=lambda p: (PRIORITY[p.kind], rank[p.seat]))
    state.plays = plays
    state.double_step = []
    events.append(Event(key="castle-reveal", params={"round": state.round, "orders": lines(reveal_lines)}))
    state.stage = "cards"


def run_cards(state: CastleState, events: list[Event]) -> None:
    """Resolve played cards until one pauses ("Ahaha") or none are left."""
    while state.plays:
        play = state.plays.pop(0)
        player = state.table[play.seat]
        if play.card not in player.hand:
            events.append(Event(key="castle-card-lost", params={
                "player": seat(play.seat), "card": term(f"castle-card-{play.kind}")}))
            continue
        discard_action(state, play.seat, play.card)  # it leaves the hand first, so its own effect never moves it
        if RESOLVE[play.kind](state, play, events):
            return  # "Ahaha" waits for its player's choice; the draw follows it
        _draw_after(state, play.seat, events)
    state.stage = "extras"


def _draw_after(state: CastleState, me: int, events: list[Event]) -> None:
    card = draw_action(state, me)
    if card is not None:
        events.append(Event(key="castle-drew", to=[me], params={"card": term(f"castle-card-{state.action_kinds[card]}"),
                                                                "hand": hand_terms(state, state.table[me].hand)}))


def _devil(state: CastleState, play: Play, events: list[Event]) -> bool:
    me, them = play.seat, play.target
    assert them is not None
    theirs = state.table[them].hand
    if not theirs:
        events.append(Event(key="castle-devil-empty", params={"player": seat(me), "target": seat(them)}))
        return False
    taken = state.rng.choice(theirs)
    theirs.remove(taken)
    state.table[me].hand.append(taken)
    given = play.give if play.give is not None and play.give in state.table[me].hand else None
    if given is not None:
        state.table[me].hand.remove(given)
        theirs.append(given)
    events.append(Event(key="castle-devil", params={"player": seat(me), "target": seat(them),
                                                     "gave": "yes" if given is not None else "no"}))
    took = term(f"castle-card-{state.action_kinds[taken]}")
    gave = term(f"castle-card-{state.action_kinds[given]}") if given is not None else ""
    events.append(Event(key="castle-devil-private", to=[me], params={
        "target": seat(them), "took": took, "gave": gave, "given": "yes" if given is not None else "no"}))
    events.append(Event(key="castle-devil-victim", to=[them], params={
        "player": seat(me), "took": took, "gave": gave, "given": "yes" if given is not None else "no"}))
    return False


def _platform(state: CastleState, play: Play, events: list[Event]) -> bool:
    assert play.corridor is not None
    if play.corridor not in set(state.corridors()):
        events.append(Event(key="castle-platform-gone", params={
            "player": seat(play.seat), "corridor": state.the_board().corridor_name(play.corridor)}))
        return False
    state.barricades.append(Marker(corridor=play.corridor, since=state.round, until=state.round + 1, by=play.seat))
    events.append(Event(key="castle-platform", params={"player": seat(play.seat),
                                                       "corridor": state.the_board().corridor_name(play.corridor),
                                                       "until": state.round + 1}))
    return False


def _passage(state: CastleState, play: Play, events: list[Event]) -> bool:
    a, b = state.the_board().in_order(*play.halls)
    if passage_refusal(state, a, b, adjacent_rings=True) is not None:
        # another card joined them first: the card is spent, nothing new opens
        events.append(Event(key="castle-passage-none", params={"player": seat(play.seat), "a": a, "b": b}))
        return False
    open_passage(state, a, b)
    events.append(Event(key="castle-passage", params={"player": seat(play.seat), "a": a, "b": b}))
    return False


def open_passage(state: CastleState, a: str, b: str) -> None:
    state.passages.append(corridor_key(a, b))


def _second_wind(state: CastleState, play: Play, events: list[Event]) -> bool:
    usable = state.can_double_step(play.seat)
    if usable:
        state.double_step.append(play.seat)
    events.append(Event(key="castle-second-wind",
                        params={"player": seat(play.seat), "usable": "yes" if usable else "no"}))
    return False


def _ahaha(state: CastleState, play: Play, events: list[Event]) -> bool:
    assert play.target is not None
    hand = state.table[play.target].hand
    shown = list(dict.fromkeys(hand[p - 1] for p in play.positions if 1 <= p <= len(hand)))
    events.append(Event(key="castle-ahaha", params={"player": seat(play.seat), "target": seat(play.target),
                                                    "count": len(shown)}))
    if not shown:
        return False
    state.notes.setdefault(play.seat, []).append(
        Note(round=state.round, kind="ahaha", target=play.target, cards=[state.action_kinds[c] for c in shown]))
    events.append(Event(key="castle-ahaha-seen", to=[play.seat], params={
        "target": seat(play.target), "cards": hand_terms(state, shown)}))
    state.pause = Pause(kind="ahaha", seat=play.seat, target=play.target, cards=shown)
    state.stage = "ahaha"
    options = [Option(value=KEEP, label="castle-opt-keep-both")]
    options += [Option(value=str(card), label="castle-opt-discard",
                       params={"card": term(f"castle-card-{state.action_kinds[card]}"),
                               "position": hand.index(card) + 1})
                for card in shown]
    state.prompts.append(Prompt(id=state.next_prompt_id(), seat=play.seat, ask="one", key="castle-ask-ahaha",
                                params={"target": seat(play.target), "cards": hand_terms(state, shown)},
                                options=options, deadline="ahaha"))
    return True


def answer_ahaha(state: CastleState, value: str, events: list[Event]) -> None:
    pause = state.pause
    assert pause is not None
    state.prompts = [p for p in state.prompts if p.key != "castle-ask-ahaha"]
    hand = state.table[pause.target].hand
    if value != KEEP and int(value) in hand:
        card = int(value)
        discard_action(state, pause.target, card)
        events.append(Event(key="castle-ahaha-discard", params={"player": seat(pause.seat),
                                                                "target": seat(pause.target)}))
        events.append(Event(key="castle-ahaha-lost", to=[pause.target], params={
            "player": seat(pause.seat), "card": term(f"castle-card-{state.action_kinds[card]}")}))
    else:
        events.append(Event(key="castle-ahaha-keep", params={"player": seat(pause.seat), "target": seat(pause.target)}))
    _draw_after(state, pause.seat, events)
    state.pause = None
    state.stage = "cards"


def _unfair(state: CastleState, play: Play, events: list[Event]) -> bool:
    assert play.target is not None
    mine, theirs = state.table[play.seat], state.table[play.target]
    mine.hand, theirs.hand = theirs.hand, mine.hand
    events.append(Event(key="castle-unfair", params={"player": seat(play.seat), "target": seat(play.target)}))
    for who in (play.seat, play.target):
        events.append(Event(key="castle-hand-now", to=[who], params={"hand": hand_terms(state, state.table[who].hand)}))
    return False


RESOLVE = {
    "devil": _devil, "platform": _platform, "passage": _passage, "second_wind": _second_wind,
    "ahaha": _ahaha, "unfair": _unfair,
}


def run_extras(state: CastleState, events: list[Event]) -> None:
    """"No card" orders, in seat order from the first player, after every card has resolved
    (**Decision**): draw one, or replace a card that is still held."""
    for extra in state.extras:
        _extra(state, extra, events)
    state.extras = []
    state.stage = "move"


def _extra(state: CastleState, extra: Extra, events: list[Event]) -> None:
    me = extra.seat
    player = state.table[me]
    if extra.what == "draw":
        card = draw_action(state, me)
        events.append(Event(key="castle-extra-draw", params={
            "player": seat(me), "drew": "yes" if card is not None else "no",
            TOLD_IN_PRIVATE: [me] if card is not None else []}))
        if card is not None:
            events.append(Event(key="castle-drew", to=[me], params={
                "card": term(f"castle-card-{state.action_kinds[card]}"), "hand": hand_terms(state, player.hand)}))
    elif extra.what == "replace-action":
        if extra.card is None or extra.card not in player.hand:
            events.append(Event(key="castle-extra-missing", params={"player": seat(me)}))
            return
        discard_action(state, me, extra.card)
        card = draw(state, "action")
        if card is not None:
            player.hand.append(card)
        events.append(Event(key="castle-extra-replace-action", params={"player": seat(me), TOLD_IN_PRIVATE: [me]}))
        events.append(Event(key="castle-replaced", to=[me], params={
            "old": term(f"castle-card-{state.action_kinds[extra.card]}"),
            "new": term(f"castle-card-{state.action_kinds[card]}") if card is not None else "",
            "drew": "yes" if card is not None else "no",
            "hand": hand_terms(state, player.hand)}))
    elif extra.what == "replace-skirmish":
        if extra.card is None or extra.card not in player.row:
            events.append(Event(key="castle-extra-missing", params={"player": seat(me)}))
            return
        index = player.row.index(extra.card)
        state.skirmish_discard.append(extra.card)
        new = draw(state, "skirmish")
        if new is None:  # nothing to draw: the card stays
            state.skirmish_discard.remove(extra.card)
            return
        player.row[index] = new
        events.append(Event(key="castle-extra-replace-skirmish", params={
            "player": seat(me), "old": skirmish_card(state, extra.card), "new": skirmish_card(state, new)}))


def run_movement(state: CastleState, events: list[Event]) -> None:
    """Everyone walks at once; each corridor is checked when taken; a blocked player stops before it."""
    state.moved = []
    moves = []
    for me in state.seat_order():
        path = state.paths.get(me, [])
        if not path:
            continue
        double = me in state.double_step
        if not double:
            path = path[:1]  # without DoubleStep only the first corridor is taken
        here = state.table[me].hall
        walked = [here]
        blocked: str | None = None
        for there in path:
            corridor = corridor_key(here, there)
            if corridor not in set(state.corridors()):
                blocked = "removed"
            elif state.locked(corridor):
                blocked = "locked"
            elif state.barricaded(corridor) and not double:
                blocked = "barricade"
            if blocked:
                break
            here = there
            walked.append(here)
        state.table[me].hall = here
        if len(walked) > 1:
            state.moved.append(me)
            moves.append(message("castle-walk", player=seat(me), path=" → ".join(walked)))
        if blocked:
            moves.append(message(f"castle-blocked-{blocked}", player=seat(me), hall=here, to=there,
                                 corridor=state.the_board().corridor_name((here, there))))
    state.paths = {}
    if moves:
        events.append(Event(key="castle-movement", params={"moves": lines(moves)}))
    state.stage = "skirmish"
