"""The roles' effects during the resolution (rules page, "Public roles"; the Killer's check), with
every number from `state.roles` (the roles as they were when the game began).

Step 1 (the Magician's copy, the Croupier's discard, the Paranoid's spent cards) lives with the
costs in `res_costs`; this module holds the rest: the Killer's check and the Journalist's Question
(step 4), the roles' armor (step 5), the Strongman's "dealt damage" (step 5), the Masochist's copy
(step 6), the roles' draws and tokens (step 7), and who dies (step 8). The Psychic only sees (the
view); the Lucky's redraw and the Jester's choice happen outside the resolution.

Decision: the Banker's armor comes the first time he plays a card whose printed cost is above 0 —
even when the Leader's discount made it free, and even when the card was sabotaged (it was played).
Decision: the Lazybones plays no card when none of his plays was carried out; cards put under the
deck are not played.
Decision: a mortally wounded Avenger does not die of an empty hand again; he dies at the end of
phase `wounded_in + wounded_phases` whatever his hand holds (the page: "for 2 phases instead of
dying … whatever happens").
Decision: the Alien's threshold counts his whole hand (an Advisor's invisible cards are still cards).
Decision: the Killer's check fails when it names no card (a target with an empty public hand).
Decision: the Masochist's copy is of the first card(s) he ever discards to damage (`copies` of
them, 1 by default), not of cards lost to costs, robbery or Disarm.
"""

from __future__ import annotations

from collections import Counter

from games.core import seat
from games.mafia import artifact, res_learning
from games.mafia.common import card_term
from games.mafia.deck import draw
from games.mafia.effects import tell_colours
from games.mafia.res_context import Resolution
from games.mafia.state import Card

ALIEN = "alien"
AVENGER = "avenger"
BANKER = "banker"
BUSINESSMAN = "businessman"
CHILD = "child"
CROUPIER = "croupier"
JOURNALIST = "journalist"
KILLER = "killer"
LAZYBONES = "lazybones"
MASOCHIST = "masochist"
MONK = "monk"
PARANOID = "paranoid"
STRONGMAN = "strongman"


def _number(res: Resolution, role: str, name: str) -> int:
    return int(res.state.roles.get(role).number(name))


# --- step 4 ---------------------------------------------------------------------------------------


def inform(res: Resolution) -> None:
    """The Killer's checks and the Journalist's Question on the kill's victim."""
    for number in res.state.living():
        order = res.order(number)
        if order.check is not None:
            _check(res, number, order.check, order.check_names)
        victim = res.kill.victim if res.kill is not None else None
        journalist = res.state.seats[number].public_role == JOURNALIST
        if journalist and order.boost_question and number in res.boosted and victim is not None:
            tell_colours(res, number, victim)
            res_learning.learn_journalist(res, number, victim)


def check_hits(hand: list[Card], names: list[str]) -> int:
    """How many of the named cards (a multiset) are in the hand."""
    have = Counter(c.key for c in hand)
    return sum(min(count, have[key]) for key, count in Counter(names).items())


def _check(res: Resolution, number: int, target: int, names: list[str]) -> None:
    """At least half of the names (rounded up) in the target's hand after step 3: Bullets at step 7."""
    needed = (len(names) + 1) // 2
    success = bool(names) and check_hits(res.state.seats[target].hand, names) >= needed
    if success:
        res.bullets.add(number)
    token = str(res.state.roles.get(KILLER).number("token"))
    res.tell(number, "mafia-result-check", player=seat(target), success="yes" if success else "no",
             card=card_term(token), count=_number(res, KILLER, "tokens"))
    res_learning.learn_check(res, number, target, success)


# --- step 5 ---------------------------------------------------------------------------------------


def armor(res: Resolution) -> None:
    """The roles' and the artifact's armor for this phase."""
    state = res.state
    for number in state.living():
        res.armor[number] += _role_armor(res, number)
    for number, amount in artifact.night_armor(state).items():
        res.armor[number] += amount


def _role_armor(res: Resolution, number: int) -> int:
    player = res.state.seats[number]
    role = player.public_role
    if role == STRONGMAN and not player.dealt_damage:
        return _number(res, STRONGMAN, "armor")
    if role == CHILD and res.night:
        return _number(res, CHILD, "night_armor")
    if role == LAZYBONES and res.night and not res.played(number):
        return _number(res, LAZYBONES, "armor")
    if role == PARANOID:
        return res.spent[number] * _number(res, PARANOID, "armor_per_card")
    if role == BANKER and not player.banker_used and any(p.kind.cost > 0 for p in res.plays_of(number)):
        player.banker_used = True
        return _number(res, BANKER, "armor")
    return 0


def dealt(res: Resolution) -> None:
    """The Strongman's armor stops after the first phase in which he is dealt damage."""
    for number, amount in res.dealt.items():
        player = res.state.seats[number]
        if amount > 0 and player.public_role == STRONGMAN:
            player.dealt_damage = True


# --- step 6 ---------------------------------------------------------------------------------------


def masochist(res: Resolution, number: int, lost: list[Card]) -> None:
    """His first card(s) ever discarded to damage come back as copies in his sleeve."""
    player = res.state.seats[number]
    if player.public_role != MASOCHIST:
        return
    copies = _number(res, MASOCHIST, "copies")
    for card in lost:
        if player.masochist_copies >= copies:
            return
        player.masochist_copies += 1
        res.gain(number, [res.state.new_card(card.key)])


# --- step 7 ---------------------------------------------------------------------------------------


def draws(res: Resolution, number: int) -> list[Card]:
    """After the card draws: the Croupier's draw, the Businessman's Fat, the Killer's Bullets, then
    the Monk (who counts his hand after everything else). Returns the cards drawn."""
    state = res.state
    player = state.seats[number]
    drawn: list[Card] = []
    if number in res.croupier:
        drawn += draw(state, number, _number(res, CROUPIER, "cards"))
    if player.public_role == BUSINESSMAN and res.night and not res.played(number) and not res.under[number]:
        _tokens(res, number, BUSINESSMAN)
    if number in res.bullets:
        _tokens(res, number, KILLER)
    if player.public_role == MONK and not res.night:
        low, high = _number(res, MONK, "hand_low"), _number(res, MONK, "hand_high")
        if low <= len(player.hand) <= high:
            drawn += draw(state, number, _number(res, MONK, "draws"))
    return drawn


def _tokens(res: Resolution, number: int, role: str) -> None:
    token = str(res.state.roles.get(role).number("token"))
    res.gain(number, [res.state.new_card(token) for _ in range(_number(res, role, "tokens"))])


# --- step 8 ---------------------------------------------------------------------------------------


def deaths(res: Resolution) -> None:
    """0 hand cards: death (the Alien at `dies_at` or fewer); the Avenger is mortally wounded first."""
    state = res.state
    for number in state.living():
        player = state.seats[number]
        if player.public_role == AVENGER:
            _avenger(res, number)
        elif len(player.hand) <= (_number(res, ALIEN, "dies_at") if player.public_role == ALIEN else 0):
            _die(res, number)


def _avenger(res: Resolution, number: int) -> None:
    player = res.state.seats[number]
    if player.wounded_in is None and not player.hand:
        player.wounded_in = res.index
        res.wounded.append(number)
    if player.wounded_in is not None and res.index >= player.wounded_in + _number(res, AVENGER, "wounded_phases"):
        if number in res.wounded:
            res.wounded.remove(number)  # wounded for 0 phases: he simply dies
        _die(res, number)


def _die(res: Resolution, number: int) -> None:
    player = res.state.seats[number]
    player.alive = False
    player.died_in = res.index
    res.died.append(number)
