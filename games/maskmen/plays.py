"""Which plays are legal, and why a given play is not (the reasons a text command gets)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.core import Refusal, term
from games.maskmen.cards import COLOURS, MAX_PLAY, Colour, colour_key, colour_of_key
from games.maskmen.order import Pair, Relation, relation
from games.maskmen.state import MaskmenState, RingPlay

PASS = "pass"


class Play(NamedTuple):
    colour: Colour
    count: int

    @property
    def value(self) -> str:
        return f"{self.colour}:{self.count}"


def parse(value: str) -> Play | None:
    """Parse "pink:2" → Play("pink", 2); None if it is not a colour and a whole number."""
    colour, sep, count = value.strip().lower().partition(":")
    if not sep or colour not in COLOURS or not count.strip().lstrip("-").isdigit():
        return None
    return Play(colour, int(count))  # type: ignore[arg-type]


def plays_for(
    hand: Mapping[Colour, int], ring: RingPlay | None, beats: Sequence[Pair], debuted: Sequence[Colour]
) -> list[Play]:
    """Every legal play (passing aside) for a hand, written straight from the rules."""
    plays: list[Play] = []
    for colour in COLOURS:
        held = hand[colour]
        if held == 0:
            continue
        if ring is None:
            counts = range(1, min(held, MAX_PLAY) + 1) if colour in debuted else range(1, 2)
            plays.extend(Play(colour, n) for n in counts)
            continue
        standing = relation(beats, colour, ring.colour)
        if standing is Relation.STRONGER:
            need = ring.count
        elif standing is Relation.UNRELATED:
            need = ring.count + 1
        else:
            continue
        if need <= MAX_PLAY and need <= held:
            plays.append(Play(colour, need))
    return plays


def legal_plays(state: MaskmenState, seat: int) -> list[Play]:
    """The plays `seat` may make now (empty when it is not their turn)."""
    if state.over or state.turn != seat:
        return []
    return plays_for(state.hands[seat], state.ring, state.beats, state.debuted)


def may_pass(state: MaskmenState, seat: int) -> bool:
    """Passing is allowed on your turn unless you lead the trick (empty ring)."""
    return not state.over and state.turn == seat and state.ring is not None


def legal_values(state: MaskmenState, seat: int) -> list[str]:
    values = [play.value for play in legal_plays(state, seat)]
    return [*values, PASS] if may_pass(state, seat) else values


def explain(state: MaskmenState, seat: int, value: str) -> Refusal | None:
    """Why the play `value` ("pink:2" or "pass") is illegal for `seat` now, or None if legal.

    None is also returned for a value that is not a play at all; the caller falls back to the
    generic "not one of the choices". Assumes it is `seat`'s turn (the base class checks that).
    """
    ring = state.ring
    if value.strip().lower() == PASS:
        return Refusal(key="maskmen-error-must-lead") if ring is None else None
    play = parse(value)
    if play is None or play.count < 1:
        return None
    colour = term(colour_key(play.colour))
    if play.count > MAX_PLAY:
        return Refusal(key="maskmen-error-too-many", params={"count": play.count})
    held = state.hands[seat][play.colour]
    if held < play.count:
        return Refusal(key="maskmen-error-not-held", params={"colour": colour, "count": play.count, "held": held})
    if ring is None:
        if play.colour not in state.debuted and play.count > 1:
            return Refusal(key="maskmen-error-debut-one", params={"colour": colour})
        return None
    on_ring = {
        "ring_colour": term(colour_key(ring.colour)),
        "ring_colour_of": term(colour_of_key(ring.colour)),
        "ring_count": ring.count,
    }
    standing = relation(state.beats, play.colour, ring.colour)
    if standing is Relation.SAME:
        return Refusal(key="maskmen-error-same-colour", params={"colour": colour, **on_ring})
    if standing is Relation.WEAKER:
        return Refusal(key="maskmen-error-weaker", params={"colour": colour, **on_ring})
    need = ring.count if standing is Relation.STRONGER else ring.count + 1
    if need > MAX_PLAY:
        return Refusal(key="maskmen-error-cannot-beat", params={"colour": colour, **on_ring})
    if play.count != need:
        return Refusal(
            key="maskmen-error-wrong-count",
            params={"colour": colour, "count": play.count, "need": need, **on_ring},
        )
    return None
