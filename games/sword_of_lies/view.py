"""What each viewer may know: the public table, a seat's own faces and secrets, or everything."""

from __future__ import annotations

from typing import Any

from games.core import GM
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies.state import SolState, TableCard


def _card(card: TableCard, position: int, *, show_face: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "position": position,
        "number": card.numbered(position),  # what players call it: kept when a reveal moves it right
        "mark": None
        if card.mark is None
        else {"by": card.mark.by, "named": card.mark.named, "believed": card.mark.believed},
        "revealed": card.revealed,
    }
    if card.revealed:
        data.update(outcome=card.outcome, shield=card.shield, lives=card.lives, sword_to=card.sword_to)
    if card.revealed or show_face:
        data["face"] = cardlib.face(card.card)
    return data


def build(state: SolState, viewer: int | str | None) -> dict[str, Any]:
    gm = viewer == GM
    me = viewer if isinstance(viewer, int) else None
    betting = state.betting
    pots = [] if betting is None or state.settled else betting.pots()
    players = []
    for s, player in enumerate(state.table):
        show = gm or s == me
        revealed = [c for c in player.cards if c.revealed]
        players.append(
            {
                "seat": s,
                "number": s + 1,
                "buy_in": player.buy_in,
                "stack": player.stack,
                "folded": player.folded,
                "swords": player.swords,
                "swords_before_war": player.swords_before_war,
                "lives_shown": sum(c.lives for c in revealed),
                "hidden_cards": len(player.cards) - len(revealed),
                "ready": player.ready,
                "pay_to": player.pay_to,
                "bet": betting.round_bets[s] if betting is not None else 0,
                "committed": betting.committed[s] if betting is not None else 0,
                "cards": [_card(c, i, show_face=show) for i, c in enumerate(player.cards, start=1)],
            }
        )
    data: dict[str, Any] = {
        "game": "sword-of-lies",
        "phase": state.phase,
        "step": state.step,
        "over": state.over,
        "players": players,
        "first_player": state.first_player,
        "turn": state.turn if state.phase == "castling" else None,
        "moves": state.moves,
        "senior_blind": state.senior_blind if betting is not None else None,
        "circle": state.circle,
        "cycle": state.cycle,
        "bonus_seat": state.bonus_seat,
        "pots": [p.model_dump() for p in pots],
        "pot_total": sum(p.amount for p in pots),
        "betting": None
        if betting is None
        else {
            "round": betting.round,
            "rounds": betting.rounds_total,
            "limit": betting.limit,
            "to_act": betting.to_act,
            "closed": betting.betting_closed,
        },
        "buy_ins_chosen": sorted(state.buy_in_choices),
        "discarded": len(state.discard),
        "rake": state.rake,
        "winnings": state.winnings,
        "ranking": state.ranking,
        "winners": state.winners,
        "waiting_for": [
            {
                "seat": p.seat,
                "key": p.key if not p.secret or gm or p.seat == me else None,
                "answered": p.answered,
            }
            for p in state.prompts
        ],
        "options": state.options.model_dump(),
    }
    if me is not None:
        data["you"] = me
        data["prompts"] = [p.model_dump() for p in state.prompts if p.seat == me]
        draft = state.draft
        if draft is not None and (me == draft.seat or (me == draft.target and draft.target_position is not None)):
            data["draft"] = draft.model_dump()
        if me in state.orders:
            data["order"] = state.orders[me].model_dump()
        if me in state.reveal_choices:
            data["reveal_choice"] = state.reveal_choices[me]
    if gm:
        data["prompts"] = [p.model_dump() for p in state.prompts]
        data["draft"] = state.draft.model_dump() if state.draft else None
        data["orders"] = {s: o.model_dump() for s, o in state.orders.items()}
        data["reveal_choices"] = dict(state.reveal_choices)
        data["deck"] = [cardlib.face(c) for c in state.deck]
        data["discard"] = [cardlib.face(c) for c in state.discard]
        data["rng"] = state.rng.model_dump()
    return data
