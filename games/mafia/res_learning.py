"""What a phase's resolution teaches each seat (information cards, the Journalist, the Killer's
check), written into the seats' records (games/mafia/knowledge.py) when the results are delivered at
step 9, to the recipients still alive."""

from __future__ import annotations

from games.mafia.knowledge import Fact, Played
from games.mafia.learning import colour_counts, record
from games.mafia.res_context import Play, Resolution
from games.mafia.votes import veche_votes


def learn(res: Resolution, number: int, fact: Fact) -> None:
    """Seat `number` learns `fact` when this phase's results are delivered (if he is alive then)."""
    res.learned.append((number, fact))


def deliver(res: Resolution) -> None:
    """Step 9: what was learned this phase reaches the recipients still alive."""
    for number, fact in res.learned:
        if res.state.seats[number].alive:
            record(res.state, number, fact)
    res.learned.clear()


def learn_publicly(res: Resolution, fact: Fact) -> None:
    """A public reveal: every character learns it (those alive at step 9)."""
    for number in range(res.state.players):
        if number != fact.about:
            learn(res, number, fact)


# --- what a phase's results teach (read from the same state the results are told from) ----------------
def learn_from_card(res: Resolution, play: Play) -> None:
    """Step 4: what an information card played this phase teaches (its result is told beside it)."""
    target = play.target
    if target is None:
        return
    state = res.state
    if play.effect == "hand_colours":  # Question: the invisible cards too (it is private)
        fact = Fact(phase=res.index, source="question", about=target,
                    colours=colour_counts(state, state.seats[target].hand))
    elif play.effect == "search":
        seen = [*state.seats[target].hand, *state.seats[target].sleeve]
        fact = Fact(phase=res.index, source="search", about=target, colours=colour_counts(state, seen),
                    cards=[c.key for c in seen])
    elif play.effect == "faction":
        fact = Fact(phase=res.index, source="dossier", about=target, faction=state.seats[target].faction)
    elif play.effect == "surveillance":
        fact = Fact(phase=res.index, source="surveillance", about=target,
                    plays=[Played(card=p.kind.key, target=p.target) for p in res.plays_of(target)])
    elif play.effect == "tracker":
        _learn_tracker(res, play, target)
        return
    elif play.effect == "eavesdrop":
        vote = veche_votes(state, res.orders).get(target)
        fact = Fact(phase=res.index, source="eavesdrop", about=target,
                    vote=None if vote is None else vote.veche, vote_kind=None if vote is None else vote.veche_kind)
    elif play.effect == "denunciation":  # public: the visible cards only
        visible = [c for c in state.seats[target].hand if not c.invisible]
        learn_publicly(res, Fact(phase=res.index, source="denunciation", about=target,
                                 colours=colour_counts(state, visible)))
        return
    else:
        return
    learn(res, play.seat, fact)


def _learn_tracker(res: Resolution, play: Play, target: int) -> None:
    """Who aimed cards at the target (one fact per player), and the kill's voters: mafia for sure."""
    tracker = play.seat
    aimed: dict[int, list[Played]] = {}
    for p in res.plays:
        if p.target == target and p is not play:
            aimed.setdefault(p.seat, []).append(Played(card=p.kind.key, target=target))
    for number, plays in aimed.items():
        learn(res, tracker, Fact(phase=res.index, source="tracker", about=number, plays=plays))
    voters = res.kill.voters.get(target, []) if res.kill is not None else []
    for number in voters:
        learn(res, tracker, Fact(phase=res.index, source="tracker", about=number, faction="mafia"))


def learn_journalist(res: Resolution, journalist: int, victim: int) -> None:
    """The Journalist's Question on the kill's victim."""
    state = res.state
    learn(res, journalist, Fact(phase=res.index, source="question", about=victim,
                                colours=colour_counts(state, state.seats[victim].hand)))


def learn_check(res: Resolution, killer: int, target: int, success: bool) -> None:
    learn(res, killer, Fact(phase=res.index, source="check", about=target, success=success))
