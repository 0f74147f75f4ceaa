"""Card effects during the resolution, by effect id (`CardType.effect`), with their numbers from
`CardType.params`: an organiser's edit of `data/mafia/collection.json` changes the game.

Each step of the resolution calls one function here, which runs the effects of that step over
the phase's plays in seat order (the hand card before the sleeve card). A sabotaged play keeps
being a play (it was played at its target: Riposte, Surveillance and the Tracker see it) but its
effect does not happen — except a Sabotage's own mark (marks are simultaneous).

Decision: Sabotage marks simultaneously, so a sabotaged Sabotage still marks its target; it only
ever marks the target's HAND card. The player of a sabotaged card is told that it had no effect
(not by whom).
Decision: Riposte deals its damage once to each player who targeted its player with at least one
card this phase (two cards at him: still once per Riposte).
Decision: a Bodyguard takes the whole damage his target would take this phase (cards, the kill,
the veche, Riposte, delayed poison); redirection happens once (no chains); with two Bodyguards
on one target, the lower seat takes it.
Decision: Reinforcements' armor comes the next night (the first night after this phase).
Decision: Antidote removes every Delayed poison on its target, the one due at the end of this very
phase and one created this phase included; it leaves Reinforcements' armor alone (not a harm).
Decision: the robbed player is told which card he lost, not who took it; the robber is told what
he took and from whom. A disarmed player is told which sleeve cards he lost.
Decision: Question tells the colours of the target's whole hand (the Advisor's invisible cards
included: it is private) as a count per colour, never in hand order: the hand order is secret (it
decides which cards damage discards).
Decision: Denunciation announces the colours of the target's VISIBLE hand cards (the Advisor's
invisible cards stay out of public information, like the public count), as a count per colour in
the fixed colour order (attack, support, information): the colours, not the hand order.
Decision: a sabotaged Letter is not sent (not delivered, not intercepted); a Letter is delivered
even when its writer died this phase. Intercept also reports that no message was sent.
Decision: Surveillance and the Tracker show a Journalist's sleeve card played as a Question as a
Question (what was played), and never include the Tracker card itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import seat, term
from games.core.orders import message
from games.mafia import learning, res_learning
from games.mafia.common import card_term, cards_term
from games.mafia.deck import take_top
from games.mafia.res_context import Play, Resolution, remove
from games.mafia.state import Card, Delayed, Message
from games.mafia.votes import veche_votes

# --- step 2: cancelling ---------------------------------------------------------------------------


def sabotage(res: Resolution) -> None:
    """Every Sabotage marks the hand card its target plays (marks are simultaneous)."""
    targets = [p.target for p in res.plays if p.effect == "sabotage" and p.target is not None]
    for target in targets:
        marked = res.hand_play(target)
        if marked is not None and not marked.sabotaged:
            marked.sabotaged = True
            res.tell(target, "mafia-result-sabotaged", card=card_term(marked.kind.key))


# --- step 3: cards change hands -------------------------------------------------------------------


def rob(res: Resolution, play: Play) -> None:
    """Random cards of the target's hand (as it stands after step 1) go to the robber's sleeve."""
    assert play.target is not None
    victim = res.state.seats[play.target]
    taken: list[Card] = []
    for _ in range(play.number("cards")):
        if not victim.hand:
            break
        card = res.state.rng.choice(victim.hand)
        remove(victim.hand, card)
        taken.append(card)
    res.state.seats[play.seat].sleeve.extend(taken)
    res.tell(play.seat, "mafia-result-robbery", player=seat(play.target), cards=cards_term(taken), count=len(taken))
    if taken:
        res.tell(play.target, "mafia-result-robbed", cards=cards_term(taken), count=len(taken))


def disarm(res: Resolution, play: Play) -> None:
    """The target discards the whole sleeve as it stands after the robberies."""
    assert play.target is not None
    victim = res.state.seats[play.target]
    lost, victim.sleeve = victim.sleeve, []
    victim.discard.extend(lost)
    if lost:
        res.tell(play.target, "mafia-result-disarmed", cards=cards_term(lost), count=len(lost))


def stockpile(res: Resolution, play: Play) -> None:
    """The top cards of the player's own deck go to his sleeve."""
    res.gain(play.seat, take_top(res.state, play.seat, play.number("cards")))


CHANGES: tuple[tuple[str, Callable[[Resolution, Play], None]], ...] = (
    ("rob", rob),
    ("disarm", disarm),
    ("stockpile", stockpile),
)
"""Step 3's order: every Robbery (in seat order), then every Disarm, then every Stockpile."""


def change_hands(res: Resolution) -> None:
    for effect, handler in CHANGES:
        for play in res.plays:
            if play.effect == effect and play.active:
                handler(res, play)


# --- step 4: information on this state --------------------------------------------------------------


def question(res: Resolution, play: Play) -> None:
    assert play.target is not None
    tell_colours(res, play.seat, play.target)


def colour_counts(res: Resolution, cards: list[Card]) -> list[dict[str, Any]]:
    """One "n cards of colour X" line per colour present, in colour order (never the hand order)."""
    return [{"message": "mafia-colour-count", "params": {"colour": term(f"mafia-colour-{colour}"), "count": count}}
            for colour, count in learning.colour_counts(res.state, cards).items()]


def tell_colours(res: Resolution, recipient: int, target: int) -> None:
    """Question: the colours of the target's whole hand, invisible cards included, counted per colour."""
    hand = res.state.seats[target].hand
    res.tell(recipient, "mafia-result-question", player=seat(target), colours=colour_counts(res, hand),
             count=len(hand))


def search(res: Resolution, play: Play) -> None:
    assert play.target is not None
    target = res.state.seats[play.target]
    res.tell(play.seat, "mafia-result-search", player=seat(play.target), hand=cards_term(target.hand),
             sleeve=cards_term(target.sleeve))


def dossier(res: Resolution, play: Play) -> None:
    assert play.target is not None
    faction = res.state.seats[play.target].faction
    res.tell(play.seat, "mafia-result-dossier", player=seat(play.target), faction=term(f"mafia-faction-{faction}"))


def _play_line(play: Play) -> dict[str, object]:
    if play.target is None:
        return {"message": "mafia-line-play", "params": {"card": card_term(play.kind.key)}}
    return {"message": "mafia-line-play-at", "params": {"card": card_term(play.kind.key), "target": seat(play.target)}}


def surveillance(res: Resolution, play: Play) -> None:
    """Which cards the target played this phase (hand and sleeve, sabotaged too) and at whom."""
    assert play.target is not None
    lines = [_play_line(p) for p in res.plays_of(play.target)] or [{"message": "mafia-line-no-play", "params": {}}]
    res.tell(play.seat, "mafia-result-surveillance", player=seat(play.target), lines={"lines": lines})


def tracker(res: Resolution, play: Play) -> None:
    """Who targeted the target this phase with a card (sabotaged too), and the mafia's kill votes."""
    assert play.target is not None
    lines: list[dict[str, object]] = [
        {"message": "mafia-line-targeted", "params": {"player": seat(p.seat), "card": card_term(p.kind.key)}}
        for p in res.plays
        if p.target == play.target and p is not play
    ] or [{"message": "mafia-line-not-targeted", "params": {}}]
    voters = res.kill.voters.get(play.target, []) if res.kill is not None else []
    if voters:
        lines.append({"message": "mafia-line-kill-voters", "params": {"voters": {"and": [seat(v) for v in voters]}}})
    res.tell(play.seat, "mafia-result-tracker", player=seat(play.target), lines={"lines": lines})


def eavesdrop(res: Resolution, play: Play) -> None:
    """Whom the target voted for at today's veche, and how (or that he did not vote)."""
    assert play.target is not None
    vote = veche_votes(res.state, res.orders).get(play.target)
    if vote is None or vote.veche is None:
        res.tell(play.seat, "mafia-result-eavesdrop-none", player=seat(play.target))
        return
    res.tell(play.seat, "mafia-result-eavesdrop", player=seat(play.target), candidate=seat(vote.veche),
             kind=vote.veche_kind)


def denunciation(res: Resolution, play: Play) -> None:
    """The target's visible hand colours, counted per colour, for the public report."""
    assert play.target is not None
    visible = [c for c in res.state.seats[play.target].hand if not c.invisible]
    res.public.append({"message": "mafia-line-denunciation", "params": {
        "player": seat(play.target), "colours": colour_counts(res, visible), "count": len(visible)}})


INFORMATION: dict[str, Callable[[Resolution, Play], None]] = {
    "hand_colours": question,
    "search": search,
    "faction": dossier,
    "surveillance": surveillance,
    "tracker": tracker,
    "eavesdrop": eavesdrop,
    "denunciation": denunciation,
}


def inform(res: Resolution) -> None:
    for play in res.plays:
        handler = INFORMATION.get(play.effect)
        if handler is not None and play.active:
            handler(res, play)
            res_learning.learn_from_card(res, play)


# --- step 5: armor and damage ---------------------------------------------------------------------


def next_night(res: Resolution) -> int:
    """The phase index of the first night after this phase."""
    return res.index + (2 if res.night else 1)


def damage(res: Resolution, play: Play) -> None:
    assert play.target is not None
    res.hit(play.target, play.number("amount"), card_term(play.kind.key))


def poison(res: Resolution, play: Play) -> None:
    """Damage now, and a Delayed poison due at the end of the next phase."""
    assert play.target is not None
    res.hit(play.target, play.number("now"), card_term(play.kind.key))
    later = play.number("later")
    if later:
        res.state.seats[play.target].delayed.append(
            Delayed(kind="poison", amount=later, due=res.index + 1, source=play.seat)
        )


def armor(res: Resolution, play: Play) -> None:
    """Vest, Shelter, Fat (the player); Shield (the target)."""
    res.armor[play.recipient] += play.number("amount")


def reinforcements(res: Resolution, play: Play) -> None:
    assert play.target is not None
    res.state.seats[play.target].delayed.append(
        Delayed(kind="armor", amount=play.number("amount"), due=next_night(res), source=play.seat)
    )


def antidote(res: Resolution, play: Play) -> None:
    """Armor, and every Delayed poison on the target is gone (runs after this phase's Poisons)."""
    assert play.target is not None
    target = res.state.seats[play.target]
    target.delayed = [d for d in target.delayed if d.kind != "poison"]
    res.armor[play.target] += play.number("armor")


def riposte(res: Resolution, play: Play) -> None:
    """Everyone who targeted the Riposte's player with a card this phase (sabotaged too) takes damage."""
    attackers = sorted({p.seat for p in res.plays if p.target == play.seat and p.seat != play.seat})
    for attacker in attackers:
        res.hit(attacker, play.number("amount"), card_term(play.kind.key))


DAMAGE_AND_ARMOR: tuple[tuple[str, Callable[[Resolution, Play], None]], ...] = (
    ("damage", damage),
    ("poison", poison),
    ("armor_next_night", reinforcements),
    ("antidote", antidote),  # after the Poisons: it removes one created this same phase
    ("armor", armor),
    ("riposte", riposte),
)


def damage_and_armor(res: Resolution) -> None:
    for effect, handler in DAMAGE_AND_ARMOR:
        for play in res.plays:
            if play.effect == effect and play.active:
                handler(res, play)
    due(res)


def due(res: Resolution) -> None:
    """Delayed effects due this phase (after the Antidotes): poison damage, Reinforcements' armor."""
    for number in res.state.living():
        player = res.state.seats[number]
        for delayed in player.delayed:
            if delayed.due == res.index and delayed.kind == "poison":
                res.hit(number, delayed.amount, message("mafia-hit-delayed", card=card_term("poison")))
            elif delayed.due == res.index:
                res.armor[number] += delayed.amount
        player.delayed = [d for d in player.delayed if d.due > res.index]


def guards(res: Resolution) -> dict[int, int]:
    """Target -> the Bodyguard who takes his damage (the lower seat when two guard one target)."""
    guarded: dict[int, int] = {}
    for play in res.plays:
        if play.effect == "bodyguard" and play.active and play.target is not None:
            guarded.setdefault(play.target, play.seat)
    return guarded


# --- step 7: extra draws --------------------------------------------------------------------------


def extra_draws(res: Resolution) -> None:
    """Rest (the player), Healing (the target): drawn at step 7 after the replacement draws."""
    for play in res.plays:
        if play.effect == "draw" and play.active:
            res.extra[play.recipient] += play.number("cards")


# --- step 9: messages -----------------------------------------------------------------------------


def letters(res: Resolution) -> None:
    """Letters are sent (`state.messages`, for Intercept) and delivered to living targets, unsigned."""
    state = res.state
    for play in res.plays:
        if play.effect != "letter" or not play.active or play.target is None:
            continue
        state.messages.append(Message(kind="letter", sender=play.seat, to=play.target, text=play.text))
        res.tell(play.target, "mafia-result-letter", text=play.text)


def intercept(res: Resolution) -> None:
    """A copy of every message sent to the target this phase (Letters, the Boss's), never the sender."""
    for play in res.plays:
        if play.effect != "intercept" or not play.active or play.target is None:
            continue
        copies = [m for m in res.state.messages if m.to == play.target]
        if not copies:
            res.tell(play.seat, "mafia-result-intercept-none", player=seat(play.target))
        for copy in copies:
            res.tell(play.seat, "mafia-result-intercept", player=seat(play.target), kind=copy.kind, text=copy.text)


def divination(res: Resolution) -> None:
    """After the draws: the top cards of the deck as it now stands (the reserve is not shuffled for
    a look); the next phase's sheet offers to arrange them (`Seat.divination`)."""
    for play in res.plays:
        player = res.state.seats[play.seat]
        if play.effect != "divination" or not play.active or not player.alive:
            continue
        top = player.deck[: play.number("cards")]
        player.divination = [c.id for c in top]
        res.tell(play.seat, "mafia-result-divination", cards=cards_term(top), count=len(top))
