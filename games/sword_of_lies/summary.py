"""Status lines (as events) for the table's status message, a player's private aid and the GM.

One event per line:
- `sol-summary-header`: the phase, whose turn it is, the pots and the amount to call;
- one `sol-summary-player` per seat (or `sol-summary-buy-in` while buy-ins are chosen): stack,
  bet this round, folded/all-in/ready, swords, lives shown and the row of cards as the table sees
  it — position, mark, and the face only once the card is revealed;
- `sol-summary-legend`: what the row's symbols mean;
- for a seat (`to=[seat]`): `sol-summary-your-cards` (their own faces by position, with what each
  marked card will become when revealed) and their pending private choices: the Phase I move being
  composed (`sol-summary-draft`), a trade offered to them (`sol-summary-offer`), a simultaneous
  reveal choice (`sol-summary-reveal-choice`) and their war order (`sol-summary-order`);
- for the GM (`to=[]`): `sol-summary-gm-cards`, every player's faces.

The row is plain symbols (the same in every language; `sol-summary-legend` explains them), so a
table of 8 players with 8 cards each stays within one Discord message:
`1:🂠 (3🔴✓)` is position 1, face down, marked by player 3 who was told "Red" and believed it;
`4:K♥ 🛡2 (2⚫✗)` is a revealed shield card with 2 lives; `2:7♠ ❤1` a revealed ordinary card.
Public lines are built from public data only: a face appears only for a revealed card."""

from __future__ import annotations

from typing import Any

from games.core import GM, Event, Viewer, seat, term
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies.common import hand_params, number_at
from games.sword_of_lies.pots import Pot, build_pots
from games.sword_of_lies.state import Mark, SolState, TableCard, WarOrder

HIDDEN = "🂠"
COLOUR_SIGN = {"red": "🔴", "black": "⚫"}
ANSWER_SIGN = {True: "✓", False: "✗"}
SEPARATOR = " | "
UNKNOWN = "?"


# --- card tokens -------------------------------------------------------------------------------
def mark_text(mark: Mark) -> str:
    """A mark as the table sees it: the interrogator's number, the colour named, the answer."""
    return f"({mark.by + 1}{COLOUR_SIGN[mark.named]}{ANSWER_SIGN[mark.believed]})"


def lives_text(card: TableCard) -> str:
    return f"🛡{card.lives}" if card.shield else f"❤{card.lives}"


def public_card(position: int, card: TableCard) -> str:
    """The card's number, face (only when revealed) with shield/lives, and the mark."""
    number = card.numbered(position)
    parts = [f"{number}:{cardlib.text(card.card)}", lives_text(card)] if card.revealed else [f"{number}:{HIDDEN}"]
    if card.mark is not None:
        parts.append(mark_text(card.mark))
    return " ".join(parts)


def public_row(cards: list[TableCard]) -> str:
    return SEPARATOR.join(public_card(p, c) for p, c in enumerate(cards, start=1))


def fate(card: TableCard) -> str:
    """What a face-down card will become when revealed, for someone who knows its face:
    `→🛡` a shield, `→🗡3` a sword for player 3; nothing for an unmarked card (1 life)."""
    if card.revealed or card.mark is None:
        return ""
    lie = card.mark.named != cardlib.colour(card.card)
    return " →🛡" if lie == card.mark.believed else f" →🗡{card.mark.by + 1}"


def private_row(cards: list[TableCard]) -> str:
    """A row with its faces, each card by its number (as the public row and every line name it)."""
    return SEPARATOR.join(f"{c.numbered(p)}:{cardlib.text(c.card)}{fate(c)}" for p, c in enumerate(cards, start=1))


# --- the table ---------------------------------------------------------------------------------
def _war_started(state: SolState) -> bool:
    return state.phase in ("negotiation", "war") or (state.phase == "over" and len(state.remaining()) > 1)


def header(state: SolState) -> Event:
    params: dict[str, Any] = {"phase": state.phase}
    betting = state.betting
    if state.phase == "buy_in":
        params.update(chosen=len(state.buy_in_choices), players=state.players)
    elif state.phase == "castling":
        params.update(move=state.moves + 1, player=seat(state.turn))
    elif state.phase == "betting" and betting is not None:
        to_act = betting.to_act
        params.update(
            round=betting.round,
            rounds=betting.rounds_total,
            player=seat(to_act) if to_act is not None else UNKNOWN,
            call=betting.call_amount(to_act) if to_act is not None else 0,
        )
    elif state.phase == "reveal":
        sequential = state.options.reveal_mode == "sequential" and bool(state.reveal_queue)
        params.update(
            circle=state.circle,
            circles=state.options.hand_size,
            sequential="yes" if sequential else "no",
            player=seat(state.reveal_queue[0]) if sequential else UNKNOWN,
        )
    elif state.phase in ("negotiation", "war"):
        params.update(cycle=state.cycle)
    else:
        params.update(winners={"and": [seat(s) for s in state.winners]}, count=len(state.winners))
    pots, bets = table_pots(state)
    params.update(
        pots=len(pots),
        pot=pots[0].amount if pots else 0,
        sides=[str(p.amount) for p in pots[1:]],
        bets=bets,
    )
    return Event(key="sol-summary-header", params=params)


def table_pots(state: SolState) -> tuple[list[Pot], int]:
    """The pots as collected (main first) and the chips bet in the current round, as a poker
    table shows them: while a round is open its bets lie in front of the players, so that an
    uncalled bet does not look like a side pot."""
    betting = state.betting
    if betting is None or state.settled:
        return [], 0
    if state.phase != "betting":
        return betting.pots(), 0
    collected = {s: betting.committed[s] - betting.round_bets.get(s, 0) for s in betting.committed}
    bets = sum(betting.round_bets.values())
    pots = build_pots(collected, betting.remaining())
    if not pots and bets:
        pots = [Pot(amount=0, eligible=betting.remaining())]
    return pots, bets


def player_line(state: SolState, player: int) -> Event:
    me = state.table[player]
    betting = state.betting
    if me.folded:
        status = "folded"
    elif betting is not None and player in betting.all_in:
        status = "all_in"
    else:
        status = "in"
    alive = state.phase not in ("buy_in", "castling") and not me.folded
    war = _war_started(state)
    revealed = [c for c in me.cards if c.revealed]
    lives = "all" if len(revealed) == len(me.cards) else "shown"
    if not alive or not (revealed or war):
        lives = "no"  # nothing shown yet: no line about lives
    bet = 0
    if betting is not None and state.phase == "betting" and not me.folded:
        bet = betting.round_bets.get(player, 0)
    return Event(
        key="sol-summary-player",
        params={
            "number": player + 1,
            "player": seat(player),
            "status": status,
            "ready": "yes" if state.phase == "negotiation" and me.ready and not me.folded else "no",
            "stack": me.stack,
            "bet": bet,
            "show_swords": "yes" if alive else "no",
            "swords": me.swords,
            "show_before": "yes" if alive and war else "no",
            "before": me.swords_before_war,
            "show_lives": lives,
            "lives": sum(c.lives for c in revealed),
            "cards": len(me.cards),
            "row": public_row(me.cards),
            "faces": [dict(position=c.numbered(p), **cardlib.face(c.card))
                      for p, c in enumerate(me.cards, 1) if c.revealed],
        },
    )


def buy_in_line(state: SolState, player: int) -> Event:
    chosen = state.buy_in_choices.get(player)
    return Event(
        key="sol-summary-buy-in",
        params={
            "number": player + 1,
            "player": seat(player),
            "chosen": "no" if chosen is None else "yes",
            "chips": chosen or 0,
        },
    )


# --- private lines -----------------------------------------------------------------------------
def own_cards(state: SolState, player: int, *, gm: bool = False) -> Event:
    cards = state.table[player].cards
    params = {
        "player": seat(player),
        "cards": len(cards),
        "hand": private_row(cards),
        "fates": sum(1 for c in cards if fate(c)),
        "faces": hand_params(state, player)["faces"],
    }
    if gm:
        return Event(key="sol-summary-gm-cards", params=params, to=[])
    return Event(key="sol-summary-your-cards", params=params, to=[player])


def _number(value: int | None) -> int | str:
    return UNKNOWN if value is None else value


def _seat(value: int | None) -> dict[str, int] | str:
    return UNKNOWN if value is None else seat(value)


def pending(state: SolState, player: int) -> list[Event]:
    """The viewer's own choices in progress that only they (and a trade partner) know."""
    lines: list[Event] = []
    draft = state.draft
    if state.phase == "castling" and draft is not None and draft.move is not None:
        if draft.seat == player:
            lines.append(
                Event(
                    key="sol-summary-draft",
                    params={
                        "move": draft.move,
                        "own": _number(draft.own_position),
                        "target": _seat(draft.target),
                        "position": _number(draft.target_position),
                        "price": draft.price if draft.price is not None else 0,
                        "named": cardlib.colour_term(draft.named) if draft.named is not None else UNKNOWN,
                        "said": "yes" if draft.named is not None else "no",
                    },
                    to=[player],
                )
            )
        elif draft.move == "trade" and draft.target == player and draft.target_position is not None:
            lines.append(
                Event(
                    key="sol-summary-offer",
                    params={
                        "player": seat(draft.seat),
                        "own": _number(draft.own_position),
                        "position": draft.target_position,
                        "price": draft.price if draft.price is not None else 0,
                    },
                    to=[player],
                )
            )
    if state.phase == "reveal" and player in state.reveal_choices:
        position = state.reveal_choices[player]
        row = state.table[player].cards
        if 1 <= position <= len(row):
            lines.append(
                Event(
                    key="sol-summary-reveal-choice",
                    params={"position": row[position - 1].numbered(position), **cardlib.face(row[position - 1].card)},
                    to=[player],
                )
            )
    order = state.orders.get(player)
    if state.phase == "war" and order is not None and order.kind is not None:
        lines.append(Event(key="sol-summary-order", params=order_params(state, player, order), to=[player]))
    return lines


def order_params(state: SolState, player: int, order: WarOrder) -> dict[str, Any]:
    """`player`'s war order, complete or being composed (`?` for what is not chosen yet), each card by
    its number."""
    params: dict[str, Any] = {
        "kind": term(f"sol-attack-{order.kind}"),
        "double": "yes" if order.kind == "double" else "no",
        "complete": "yes" if order.complete else "no",
        "cost": UNKNOWN if order.cost is None else number_at(state.table[player].cards, order.cost),
        "cost_chosen": "no" if order.cost is None else "yes",
    }
    for n in (1, 2):
        target = order.targets[n - 1] if len(order.targets) >= n else None
        if target is not None:  # `aim`: how far the sword is aimed — at a card, at a player, not yet
            params[f"aim{n}"] = "card"
            params[f"target{n}"] = seat(target.seat)
            params[f"position{n}"] = number_at(state.table[target.seat].cards, target.position)
        elif len(order.targets) == n - 1 and order.pending_target is not None:
            params[f"aim{n}"] = "player"
            params[f"target{n}"] = seat(order.pending_target)
        else:
            params[f"aim{n}"] = "none"
    return params


# --- all together ------------------------------------------------------------------------------
LEGEND_UP_TO = 6
"""Players up to which the table's lines end with the legend of their symbols."""


def build(state: SolState, viewer: Viewer) -> list[Event]:
    lines = [header(state)]
    if state.phase == "buy_in":
        lines += [buy_in_line(state, s) for s in range(state.players)]
        return lines
    lines += [player_line(state, s) for s in range(state.players)]
    if state.players <= LEGEND_UP_TO:  # a big table keeps to one message; the rules explain the symbols
        lines.append(Event(key="sol-summary-legend"))
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < state.players:
        lines.append(own_cards(state, viewer))
        lines += pending(state, viewer)
    elif viewer == GM:
        lines += [own_cards(state, s, gm=True) for s in range(state.players)]
    return lines
