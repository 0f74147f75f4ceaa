"""How the game moves: dealing, turns, tricks, seasons and scoring.

Every function here mutates the state it is given (the engine hands it a private copy) and
returns the events it caused, in order.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, Option, Prompt, seat, seats, term
from games.maskmen.cards import (
    COLOURS,
    HAND_SIZES,
    MAX_PLAY,
    Colour,
    Counts,
    colour_key,
    colour_of_key,
    deck,
    no_cards,
)
from games.maskmen.order import Relation, add, is_acyclic, is_closed, new_pairs, relation
from games.maskmen.plays import PASS, legal_plays, may_pass, plays_for
from games.maskmen.state import SEASON_WINS_NEEDED, MaskmenState, RingPlay, SeasonRecord


def hand_params(hand: Counts) -> dict[str, Any]:
    """A hand as message parameters: one count per colour plus the total."""
    return {**{colour: hand[colour] for colour in COLOURS}, "total": sum(hand.values())}


def hand_event(state: MaskmenState, player: int) -> Event:
    return Event(key="maskmen-hand", params=hand_params(state.hands[player]), to=[player])


def clockwise(state: MaskmenState, start: int, among: list[int]) -> list[int]:
    """`among`, ordered clockwise starting just after `start`."""
    return sorted(among, key=lambda s: (s - start - 1) % state.players)


# --- seasons -------------------------------------------------------------------------------
def start_season(state: MaskmenState, leader: int) -> list[Event]:
    cards = state.rng.shuffled(deck())
    size = HAND_SIZES[state.players]
    state.hands = []
    for player in range(state.players):
        hand = no_cards()
        for colour in cards[player * size : (player + 1) * size]:
            hand[colour] += 1
        state.hands.append(hand)
    state.set_aside = no_cards()
    for colour in cards[state.players * size :]:
        state.set_aside[colour] += 1
    state.beats = []
    state.debuted = []
    state.ring = None
    state.ring_cards = no_cards()
    state.cleared = no_cards()
    state.passed = []
    state.out = []
    state.trick = 1
    state.season_leader = leader
    events = [
        Event(
            key="maskmen-season-start",
            params={
                "season": state.season,
                "seasons": state.options.seasons if state.players > 2 else 0,
                "cards": size,
                "leader": seat(leader),
            },
        )
    ]
    events += [hand_event(state, player) for player in range(state.players)]
    set_turn(state, leader, lead=True)
    return events


def season_points(state: MaskmenState) -> list[int]:
    """Score changes for the season just ended (3–6 players)."""
    points = [0] * state.players
    winner = state.out[0]
    points[winner] = 2
    if state.options.season_end == "last_standing":
        points[state.out[1]] += 1
        last = next(s for s in range(state.players) if s not in state.out)
        points[last] -= 1
        return points
    others = [s for s in range(state.players) if s != winner]
    left = {s: state.held(s) for s in others}
    fewest, most = min(left.values()), max(left.values())
    if fewest == most:
        return points
    for s in others:
        points[s] += (left[s] == fewest) - (left[s] == most)
    return points


def end_season(state: MaskmenState) -> list[Event]:
    winner = state.out[0]
    cards_left = [state.held(s) for s in range(state.players)]
    events = [Event(key="maskmen-season-end", params={"season": state.season, "winner": seat(winner)})]
    others = [s for s in range(state.players) if s != winner]
    if state.players == 2:
        points = [0, 0]
        state.season_wins[winner] += 1
        next_leaders = others
        over = state.season_wins[winner] >= SEASON_WINS_NEEDED
        events.append(
            Event(
                key="maskmen-duel-season",
                params={
                    "player": seat(winner),
                    "wins": state.season_wins[winner],
                    "need": SEASON_WINS_NEEDED,
                    "cards": cards_left[1 - winner],
                },
            )
        )
    else:
        points = season_points(state)
        state.season_wins[winner] += 1
        state.twos[winner] += 1
        for s in range(state.players):
            state.scores[s] += points[s]
        # The −1 player leads next; if nobody scored −1 (all others tied), those with most cards.
        most = max(cards_left[s] for s in others)
        next_leaders = [s for s in others if points[s] < 0] or [s for s in others if cards_left[s] == most]
        over = state.season >= state.options.seasons
        events += [
            Event(
                key="maskmen-season-score",
                params={
                    "player": seat(s),
                    "points": points[s],
                    "signed": f"{points[s]:+d}" if points[s] else "0",
                    "total": state.scores[s],
                    "cards": cards_left[s],
                },
            )
            for s in range(state.players)
        ]
    next_leader = clockwise(state, winner, next_leaders)[0]
    state.history.append(
        SeasonRecord(
            season=state.season,
            leader=state.season_leader,
            tricks=state.trick,
            out=tuple(state.out),
            cards_left=tuple(cards_left),
            points=tuple(points),
            winner=winner,
            next_leader=None if over else next_leader,
        )
    )
    if over:
        return events + end_game(state)
    state.season += 1
    return events + start_season(state, next_leader)


def winners(state: MaskmenState) -> list[int]:
    if state.players == 2:
        return [s for s in range(2) if state.season_wins[s] >= SEASON_WINS_NEEDED]
    best = max(zip(state.scores, state.twos, strict=True))
    return [s for s in range(state.players) if (state.scores[s], state.twos[s]) == best]


def end_game(state: MaskmenState) -> list[Event]:
    state.over = True
    state.turn = None
    state.prompts = []
    best = winners(state)
    return [*standings(state), Event(key="maskmen-game-end", params={"winners": seats(best), "count": len(best)})]


def _standing_keys(state: MaskmenState) -> list[tuple[int, int]]:
    """What the final table ranks by, per seat: 3–6 players (points, +2 scores); 2 players (seasons won, 0)."""
    if state.players == 2:
        return [(state.season_wins[s], 0) for s in range(state.players)]
    return [(state.scores[s], state.twos[s]) for s in range(state.players)]


def places(state: MaskmenState) -> list[int]:
    """Each seat's place in the final table (equal points and +2 scores share a place)."""
    key = _standing_keys(state)
    return [1 + sum(1 for other in key if other > key[s]) for s in range(state.players)]


def standings(state: MaskmenState) -> list[Event]:
    """The final table, best first. 3–6 players: points, then the number of +2 scores (the
    tie-break), which is explained wherever it separated equal points. 2 players: seasons won."""
    duel = state.players == 2
    key = _standing_keys(state)
    order = sorted(range(state.players), key=lambda s: (-key[s][0], -key[s][1], s))
    events = [Event(key="maskmen-standings", params={"duel": "yes" if duel else "no"})]
    for s in order:
        events.append(
            Event(
                key="maskmen-standings-row",
                params={
                    "place": 1 + sum(1 for other in key if other > key[s]),
                    "player": seat(s),
                    "duel": "yes" if duel else "no",
                    "points": key[s][0],
                    "twos": state.twos[s],
                },
            )
        )
    if not duel:
        for points in sorted({k[0] for k in key}, reverse=True):
            tied = [s for s in order if key[s][0] == points]
            if len({key[s][1] for s in tied}) > 1:
                events.append(
                    Event(
                        key="maskmen-standings-tiebreak",
                        params={"points": points, "players": {"and": seats(tied)}},
                    )
                )
    return events


# --- turns and tricks ----------------------------------------------------------------------
def set_turn(state: MaskmenState, player: int, lead: bool = False) -> None:
    """Give `player` the turn: one secret prompt listing exactly their legal plays."""
    state.turn = player
    if lead:
        state.leader = player
    hand = state.hands[player]
    options = [
        Option(
            value=play.value,
            label="maskmen-option-play",
            params={"colour": term(colour_key(play.colour)), "count": play.count},
        )
        for play in legal_plays(state, player)
    ]
    if may_pass(state, player):
        options.append(Option(value=PASS, label="maskmen-option-pass"))
    params: dict[str, Any] = {"trick": state.trick, **hand_params(hand)}
    if state.ring is None:
        key = "maskmen-prompt-lead"
    else:
        key = "maskmen-prompt-answer"
        params |= {
            "ring_colour": term(colour_key(state.ring.colour)),
            "ring_count": state.ring.count,
            "ring_player": seat(state.ring.seat),
        }
    state.prompts = [
        Prompt(
            id=f"maskmen-{state.prompt_seq}",
            seat=player,
            ask="one",
            key=key,
            params=params,
            options=options,
            secret=True,
            deadline="turn",
        )
    ]
    state.prompt_seq += 1


def play(state: MaskmenState, player: int, colour: Colour, count: int) -> list[Event]:
    hand = state.hands[player]
    assert 1 <= count <= MAX_PLAY and hand[colour] >= count
    top = state.ring
    hand[colour] -= count
    state.ring_cards[colour] += count
    events = [
        Event(
            key="maskmen-play",
            params={
                "player": seat(player),
                "colour": term(colour_key(colour)),
                "count": count,
                "left": state.held(player),
            },
        )
    ]
    if colour not in state.debuted:
        state.debuted.append(colour)
        events.append(Event(key="maskmen-debut", params={"colour": term(colour_key(colour))}))
    if top is not None and relation(state.beats, colour, top.colour) is Relation.UNRELATED:
        before = state.beats
        state.beats = add(before, colour, top.colour)
        added = new_pairs(before, state.beats)
        events.append(
            Event(
                key="maskmen-proved",
                params={
                    "stronger": term(colour_key(colour)),
                    "weaker": term(colour_key(top.colour)),
                    "weaker_of": term(colour_of_key(top.colour)),
                    "implied": len(added) - 1,
                    "pairs": [list(pair) for pair in added],
                },
            )
        )
    assert is_acyclic(state.beats) and is_closed(state.beats)
    state.ring = RingPlay(colour=colour, count=count, seat=player)
    events.append(hand_event(state, player))
    if state.held(player) == 0:
        state.out.append(player)
        if state.options.season_end == "last_standing":
            events.append(Event(key="maskmen-out", params={"player": seat(player), "place": len(state.out)}))
        if state.options.season_end == "first_out" or len(state.with_cards()) <= 1:
            return events + end_season(state)
    if count == MAX_PLAY:
        return events + clear(state, player, "maskmen-cleared-three")
    return events + advance(state, player)


def pass_turn(state: MaskmenState, player: int) -> list[Event]:
    state.passed.append(player)
    return [Event(key="maskmen-pass", params={"player": seat(player)}), *advance(state, player)]


def advance(state: MaskmenState, actor: int) -> list[Event]:
    """After a play or pass that did not clear the ring: the next player still in the trick
    answers; if nobody else is still in it, the ring clears and the last player to play leads."""
    assert state.ring is not None
    top = state.ring.seat
    others = [s for s in state.with_cards() if s not in state.passed and s != top]
    if not others:
        return clear(state, top, "maskmen-cleared-passed")
    player = clockwise(state, actor, others)[0]
    if not plays_for(state.hands[player], state.ring, state.beats, state.debuted):
        # Pass is the only legal answer: it is made at once, not asked for.
        state.passed.append(player)
        ring = state.ring
        forced = Event(
            key="maskmen-forced-pass",
            params={"player": seat(player), "colour": term(colour_key(ring.colour)), "count": ring.count},
        )
        return [forced, *advance(state, player)]
    set_turn(state, player)
    return []


def clear(state: MaskmenState, winner: int, key: str) -> list[Event]:
    """The ring clears; `winner` leads next, or, if out of cards, the next player clockwise
    who still has cards."""
    for colour in COLOURS:
        state.cleared[colour] += state.ring_cards[colour]
    state.ring_cards = no_cards()
    state.ring = None
    state.passed = []
    state.trick += 1
    leader = winner
    events = []
    if state.held(winner) == 0:
        leader = clockwise(state, winner, state.with_cards())[0]
    events.append(Event(key=key, params={"player": seat(winner), "leader": seat(leader)}))
    if leader != winner:
        events.append(Event(key="maskmen-lead-passes", params={"player": seat(winner), "leader": seat(leader)}))
    set_turn(state, leader, lead=True)
    return events
