"""Drawing: always the top card; an empty deck is rebuilt from the player's shuffled reserve."""

from __future__ import annotations

from games.mafia.state import Card, MafiaState


def draw(state: MafiaState, number: int, count: int) -> list[Card]:
    """Move up to `count` cards from the top of `number`'s deck to the end of the hand; fewer only
    when deck and reserve are both empty."""
    player = state.seats[number]
    drawn: list[Card] = []
    for _ in range(count):
        if not player.deck and player.reserve:
            player.deck = state.rng.shuffled(player.reserve)
            player.reserve = []
        if not player.deck:
            break
        drawn.append(player.deck.pop(0))
    player.hand.extend(drawn)
    return drawn
