"""Set-up and the round's course: Phase I (event, orders), Phase II (cards, extras, movement),
skirmishes, Phase III, the next round. `advance` runs stages until someone must act."""

from __future__ import annotations

from games.castle import artifacts, resolution, skirmish
from games.castle.cards import DECKS_FILE, check_enough, load_decks
from games.castle.events import reveal_event
from games.castle.options import Options
from games.castle.orders import ORDERS
from games.castle.piles import draw
from games.castle.state import CastleState, Player, the_board
from games.castle.words import hand_terms
from games.core import Event, Rng, seat


def setup(players: int, options: Options, seed: int) -> tuple[CastleState, list[Event]]:
    board_name = options.board or f"castle-{players}"
    board = the_board(board_name, players)
    decks = load_decks()
    check_enough(decks, players, DECKS_FILE.name)
    state = CastleState(players=players, rng=Rng(seed=seed), options=options, board=board_name,
                        action_kinds=decks.cards("action"), skirmish_kinds=decks.cards("skirmish"),
                        event_kinds=decks.cards("event"), skirmish_stats=dict(decks.skirmish_kinds))
    state.action_deck = state.rng.shuffled(range(len(state.action_kinds)))
    state.skirmish_deck = state.rng.shuffled(range(len(state.skirmish_kinds)))
    state.event_deck = state.rng.shuffled(range(len(state.event_kinds)))
    state.table = [Player(hall=board.shrines[s], shrine=s) for s in range(players)]
    for player in state.table:
        player.hand = [c for c in (draw(state, "action"), draw(state, "action")) if c is not None]
        player.row = [c for c in (draw(state, "skirmish"), draw(state, "skirmish")) if c is not None]
    state.floor = {board.centre: 1}
    state.first_player = state.rng.randint(0, players - 1)
    events = [Event(key="castle-start", params={
        "players": {"and": [seat(s) for s in range(players)]}, "first": seat(state.first_player),
        "goal": options.artifacts_to_win, "board": board_name, "shrines": [
            {"message": "castle-shrine-line", "params": {"player": seat(s), "hall": state.shrine_hall(s)}}
            for s in range(players)]})]
    for s in range(players):
        events.append(Event(key="castle-your-hand", to=[s], params={"hand": hand_terms(state, state.table[s].hand)}))
    start_round(state, events, first=True)
    advance(state, events)
    return state, events


def start_round(state: CastleState, events: list[Event], *, first: bool = False) -> None:
    """A new round: the first player passes on, markers expire, the event, then orders."""
    state.round += 1
    if not first:
        state.first_player = (state.first_player + 1) % state.players
    state.locks = [m for m in state.locks if m.until >= state.round]
    state.barricades = [m for m in state.barricades if m.until >= state.round]
    state.moved, state.double_step, state.out = [], [], []
    events.append(Event(key="castle-round", params={"round": state.round, "first": seat(state.first_player)}))
    reveal_event(state, events)
    ORDERS.open(state, range(state.players), tag=f"r{state.round}")
    state.stage = "orders"


def advance(state: CastleState, events: list[Event]) -> None:
    """Run the round on until a prompt is pending or the game is over."""
    while not state.over and not state.prompts:
        stage = state.stage
        if stage == "orders":
            resolution.reveal(state, events)
        elif stage == "cards":
            resolution.run_cards(state, events)
        elif stage == "extras":
            resolution.run_extras(state, events)
        elif stage == "move":
            resolution.run_movement(state, events)
        elif stage == "skirmish":
            skirmish.open_skirmishes(state, events)
        elif stage == "halls":
            skirmish.run_halls(state, events)
        elif stage == "artifacts":
            artifacts.run_artifacts(state, events)
            if not state.over:
                start_round(state, events)
        else:  # a waiting stage with no prompt cannot happen; never loop forever
            raise AssertionError(f"castle: stage {stage} has no pending prompt")
