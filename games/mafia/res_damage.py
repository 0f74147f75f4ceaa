"""Steps 5–7 of the resolution: armor and damage totalled per character, damage applied, draws.

The arithmetic per character (rules page, Decision): total damage → on Night 1 capped at 5 →
minus armor (not below 0) → what is left first cancels replacement draws, then discards hand cards
in hand order (the Magician's trick copy last). Damage is "dealt" when the total before armor is
above 0.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.orders import message
from games.mafia import effects, passives
from games.mafia.deck import draw
from games.mafia.res_context import Resolution, remove

FIRST_NIGHT_CAP = 5
"""On Night 1 nobody takes more than 5 damage (costs can still kill)."""
FIRST_NIGHT = 1


def total(res: Resolution) -> None:
    """Step 5: every source of armor and damage, the Bodyguards' redirection, the first-night cap."""
    effects.damage_and_armor(res)
    if res.kill is not None and res.kill.victim is not None:
        res.hit(res.kill.victim, res.kill.damage, message("mafia-hit-kill"))
    if res.veche is not None:
        for number, amount in res.veche.damage.items():
            res.hit(number, amount, message("mafia-hit-veche"))
    passives.armor(res)
    guarded = effects.guards(res)
    dealt: Counter[int] = Counter()
    hits: dict[int, list[tuple[dict[str, Any], int]]] = {}
    for number, amount in res.damage.items():
        dealt[guarded.get(number, number)] += amount  # once: a Bodyguard's own guard does not take it on
        hits.setdefault(guarded.get(number, number), []).extend(res.hits.get(number, []))
    res.hits = hits
    cap = FIRST_NIGHT_CAP if res.index == FIRST_NIGHT else None
    res.dealt = {n: min(a, cap) if cap is not None else a for n, a in sorted(dealt.items()) if a > 0}
    passives.dealt(res)
    for number, player in enumerate(res.state.seats):
        player.armor = res.armor[number]


def apply(res: Resolution) -> None:
    """Step 6: what armor leaves cancels replacement draws first, then discards from the hand."""
    for number, amount in res.dealt.items():
        left = max(0, amount - res.armor[number])
        cancelled = min(left, res.replacements(number))
        res.cancelled[number] = cancelled
        _discard(res, number, left - cancelled)


def _discard(res: Resolution, number: int, count: int) -> None:
    if count <= 0:
        return
    player = res.state.seats[number]
    copy = res.trick.get(number)
    ordered = [c for c in player.hand if c.id != copy] + [c for c in player.hand if c.id == copy]
    lost = ordered[:count]
    for card in lost:
        remove(player.hand, card)
        player.discard.append(card)
    res.discarded[number] = lost
    passives.masochist(res, number, lost)


def draw_all(res: Resolution) -> None:
    """Step 7, per character: replacement draws left, extra draws (Rest, Healing), then the roles'."""
    effects.extra_draws(res)
    state = res.state
    for number in state.living():
        drawn = draw(state, number, res.replacements(number) - res.cancelled[number])
        drawn += draw(state, number, res.extra[number])
        drawn += passives.draws(res, number)
        if drawn:
            res.drawn[number] = drawn
