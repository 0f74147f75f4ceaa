"""Drawing: always the top card; an empty deck is rebuilt from the player's shuffled reserve."""

from __future__ import annotations

from games.mafia.state import Card, MafiaState


def take_top(state: MafiaState, number: int, count: int) -> list[Card]:
    """The top `count` cards of `number`'s deck, taken off it; fewer only when deck and reserve are both
    empty."""
    player = state.seats[number]
    taken: list[Card] = []
    for _ in range(count):
        if not player.deck and player.reserve:
            player.deck = state.rng.shuffled(player.reserve)
            player.reserve = []
        if not player.deck:
            break
        taken.append(player.deck.pop(0))
    return taken


def draw(state: MafiaState, number: int, count: int) -> list[Card]:
    """Move up to `count` cards from the top of `number`'s deck to the end of the hand."""
    drawn = take_top(state, number, count)
    state.seats[number].hand.extend(drawn)
    return drawn
