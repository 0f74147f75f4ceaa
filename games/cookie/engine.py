"""Cookie's engine: set-up, the choose → reveal → place flow, scoring and bot players; what each reader
sees is games/cookie/view.py."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.cookie import bot, rules
from games.cookie import view as views
from games.cookie.rules import CHOOSE, PLACE
from games.cookie.state import CookieState, Options, Placement, RoundRecord
from games.cookie.view import card_term, role_term, standings
from games.core import (
    Action,
    Engine,
    Event,
    Option,
    Prompt,
    Refusal,
    Results,
    Rng,
    Viewer,
    seat,
    seats,
)
from games.core.engine import DEFAULT_BOT_LEVEL
from games.core.prompts import only_answer


def prompt_id(state: CookieState, player: int, kind: str) -> str:
    """Unique over the game: one prompt of each kind per (round, circle, seat)."""
    return f"cookie-r{state.round}-c{state.circle}-s{player}-{kind}"


class CookieEngine(Engine[CookieState]):
    name: ClassVar[str] = "cookie"
    min_players: ClassVar[int] = rules.MIN_PLAYERS
    max_players: ClassVar[int] = rules.MAX_PLAYERS
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[CookieState]] = CookieState

    # --- set-up -------------------------------------------------------------------------
    def _setup(self, players: int, options: Options, seed: int) -> tuple[CookieState, list[Event]]:
        state = CookieState(players=players, rng=Rng(seed=seed), options=options, coins=[0] * players)
        state.first_player = state.rng.randint(0, players - 1)
        events = [
            Event(
                key="cookie-event-setup",
                params={
                    "players": players,
                    "rounds": state.rounds,
                    "chain": [role_term(role) for role in rules.chain(players)],
                    "first": seat(state.first_player),
                },
            )
        ]
        self._start_round(state, events)
        return state, events

    def scenario(
        self, roles: list[str], first_player: int, seed: int = 0, options: Options | None = None
    ) -> tuple[CookieState, list[Event]]:
        """Round 1 with the given roles and first player instead of random ones: for scenario
        tests (the rules page's worked check) and tutorials."""
        players = len(roles)
        if sorted(roles) != sorted(rules.chain(players)):
            raise ValueError(f"roles must be the characters in play: {rules.chain(players)}")
        if not 0 <= first_player < players:
            raise ValueError(f"no seat {first_player} at a table of {players}")
        state = CookieState(players=players, rng=Rng(seed=seed), options=options or Options(), coins=[0] * players)
        state.first_player = first_player
        events: list[Event] = []
        self._start_round(state, events, roles)
        return state, events

    def _start_round(self, state: CookieState, events: list[Event], roles: list[str] | None = None) -> None:
        players = state.players
        state.phase = CHOOSE
        state.circle = 1
        state.roles = list(roles) if roles else state.rng.shuffled(rules.chain(players))
        state.hands = [rules.starting_hand(role, players) for role in state.roles]
        state.revealed = [[] for _ in range(players)]
        state.placements = []
        state.to_place = []
        events.append(
            Event(
                key="cookie-event-round-start",
                params={"round": state.round, "rounds": state.rounds, "first": seat(state.first_player)},
            )
        )
        for player, role in enumerate(state.roles):
            events.append(
                Event(
                    key="cookie-event-deal",
                    params={
                        "round": state.round,
                        "role": role_term(role),
                        "target": role_term(rules.target_of(role, players)),
                        "hunter": role_term(rules.hunter_of(role, players)),
                        "hand": [card_term(card) for card in state.hands[player]],
                    },
                    to=[player],
                )
            )
        self._start_circle(state, events)

    def _start_circle(self, state: CookieState, events: list[Event]) -> None:
        state.phase = CHOOSE
        state.pending = [None] * state.players
        events.append(
            Event(
                key="cookie-event-circle-start",
                params={"round": state.round, "circle": state.circle, "circles": state.players},
            )
        )
        state.prompts = [self._choose_prompt(state, player) for player in range(state.players)]

    def _choose_prompt(self, state: CookieState, player: int) -> Prompt:
        return Prompt(
            id=prompt_id(state, player, CHOOSE),
            seat=player,
            ask="one",
            key="cookie-prompt-choose",
            params={"round": state.round, "circle": state.circle, "circles": state.players},
            options=[Option(value=card, label=f"cookie-card-{card}") for card in state.hands[player]],
            secret=True,
            deadline=CHOOSE,
            changeable=True,
        )

    def _place_prompt(self, state: CookieState, player: int, card: str) -> Prompt:
        return Prompt(
            id=prompt_id(state, player, PLACE),
            seat=player,
            ask="one",
            key=f"cookie-prompt-place-{card}",
            params={"round": state.round, "circle": state.circle},
            options=self._place_options(state, player, card),
            secret=False,
            deadline=PLACE,
        )

    @staticmethod
    def _place_options(state: CookieState, player: int, card: str) -> list[Option]:
        """Every other player; those `card` may not go in front of disabled, with the reason."""
        triples = state.placement_triples()
        options = []
        for other in range(state.players):
            if other == player:
                continue
            disabled = None
            if rules.blocked(player, card, other, triples):
                disabled = Refusal(key=f"cookie-error-blocked-{card}", params={"player": seat(other)})
            options.append(
                Option(
                    value=str(other),
                    label="cookie-option-player",
                    params={"player": seat(other)},
                    disabled=disabled,
                )
            )
        return options

    # --- acting -------------------------------------------------------------------------
    def _check(self, state: CookieState, player: int, prompt: Prompt, action: Action) -> Refusal | None:
        value = str(action.value)
        if prompt.deadline == CHOOSE:
            if state.phase != CHOOSE:
                return Refusal(key="error-stale")
            if value not in state.hands[player]:
                return Refusal(key="cookie-error-not-in-hand", params={"card": card_term(value)})
            return None
        if state.phase != PLACE:
            return Refusal(key="error-stale")
        target = int(value)
        if target == player:
            return Refusal(key="cookie-error-yourself")
        card = state.revealed[player][-1]
        if rules.blocked(player, card, target, state.placement_triples()):
            return Refusal(key=f"cookie-error-blocked-{card}", params={"player": seat(target)})
        return None

    def _apply(self, state: CookieState, player: int, prompt: Prompt, action: Action) -> list[Event]:
        events: list[Event] = []
        if prompt.deadline == CHOOSE:
            self._choose(state, player, prompt, str(action.value), events)
        else:
            self._place(state, player, int(action.value), events)
        return events

    def _choose(self, state: CookieState, player: int, prompt: Prompt, card: str, events: list[Event]) -> None:
        changed = prompt.answered
        state.pending[player] = card
        if not changed:
            # Prompts are never changed in place (the state's copy shares them): replace it.
            index = next(i for i, pending in enumerate(state.prompts) if pending.id == prompt.id)
            state.prompts[index] = prompt.model_copy(update={"answered": True})
        events.append(
            Event(
                key="cookie-event-choice-changed" if changed else "cookie-event-chosen",
                params={"card": card_term(card)},
                to=[player],
                ack=True,
            )
        )
        if all(p.answered for p in state.prompts):
            self._reveal(state, events)

    def _reveal(self, state: CookieState, events: list[Event]) -> None:
        state.prompts = []
        events.append(Event(key="cookie-event-reveal", params={"round": state.round, "circle": state.circle}))
        order = rules.seat_order(state.first_player, state.players)
        for player in order:
            card = state.pending[player]
            assert card is not None
            state.hands[player].remove(card)
            state.revealed[player].append(card)
            events.append(Event(key="cookie-event-revealed", params={"player": seat(player), "card": card_term(card)}))
        state.pending = [None] * state.players
        state.to_place = [p for p in order if state.revealed[p][-1] in (rules.SWORD, rules.SHIELD)]
        self._advance(state, events)

    def _place(self, state: CookieState, player: int, target: int, events: list[Event]) -> None:
        card = state.revealed[player][-1]
        state.placements.append(Placement(owner=player, card=card, target=target, circle=state.circle))
        state.prompts = []
        events.append(
            Event(
                key=f"cookie-event-placed-{card}",
                params={"player": seat(player), "target": seat(target)},
            )
        )
        self._advance(state, events)

    def _advance(self, state: CookieState, events: list[Event]) -> None:
        """Prompt the next placement, or place in front of nobody, or move on to the next circle,
        round or the end."""
        while state.to_place:
            player = state.to_place.pop(0)
            card = state.revealed[player][-1]
            only = only_answer(self._place_options(state, player, card))
            if only is not None:  # one player left to place it in front of: placed at once, and said so
                events.append(Event(key="cookie-event-placed-only", params={
                    "player": seat(player), "card": card_term(card), "target": seat(int(only))}))
                self._place(state, player, int(only), events)
                return
            if rules.legal_targets(player, card, state.players, state.placement_triples()):
                state.phase = PLACE
                state.prompts = [self._place_prompt(state, player, card)]
                return
            state.placements.append(Placement(owner=player, card=card, target=None, circle=state.circle))
            events.append(
                Event(
                    key="cookie-event-placed-nobody",
                    params={"player": seat(player), "card": card_term(card)},
                )
            )
        if state.circle < state.players:
            state.circle += 1
            self._start_circle(state, events)
            return
        self._score_round(state, events)
        if state.round < state.rounds:
            state.round += 1
            state.first_player = (state.first_player + 1) % state.players
            self._start_round(state, events)
            return
        self._finish(state, events)

    def _score_round(self, state: CookieState, events: list[Event]) -> None:
        points = rules.round_points(state.roles, state.placement_triples(), state.hands)
        for player, (sword, shield, hill) in enumerate(points):
            state.coins[player] += sword + shield + hill
        state.history.append(
            RoundRecord(
                round=state.round,
                first=state.first_player,
                roles=tuple(state.roles),
                revealed=tuple(tuple(cards) for cards in state.revealed),
                placements=tuple(state.placements),
                hands=tuple(tuple(hand) for hand in state.hands),
                sword=tuple(p[0] for p in points),
                shield=tuple(p[1] for p in points),
                hill=tuple(p[2] for p in points),
                coins=tuple(state.coins),
            )
        )
        events.append(Event(key="cookie-event-round-over", params={"round": state.round}))
        for player in rules.seat_order(state.first_player, state.players):
            sword, shield, hill = points[player]
            events.append(
                Event(
                    key="cookie-event-score",
                    params={
                        "player": seat(player),
                        "role": role_term(state.roles[player]),
                        "sword": sword,
                        "shield": shield,
                        "hill": hill,
                        "hill_in_play": "yes" if rules.has_hill(state.players) else "no",
                        "points": sword + shield + hill,
                        "coins": state.coins[player],
                    },
                )
            )

    def _finish(self, state: CookieState, events: list[Event]) -> None:
        state.phase = "over"
        state.over = True
        state.prompts = []
        state.pending = [None] * state.players
        best = rules.winners(state.coins)
        events += standings(state.coins)
        events.append(
            Event(
                key="cookie-event-game-over",
                params={"winners": seats(best), "count": len(best), "coins": state.coins[best[0]]},
            )
        )

    # --- absent players and bots ---------------------------------------------------------
    def _default_action(self, state: CookieState, prompt: Prompt, rng: random.Random) -> Action:
        legal = [option.value for option in prompt.options if option.disabled is None]
        return Action(prompt=prompt.id, value=rng.choice(legal))

    def bot_action(
        self, state: CookieState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL
    ) -> Action:
        knowledge = bot.knowledge(state, prompt.seat)
        if prompt.deadline == CHOOSE:
            return Action(prompt=prompt.id, value=bot.choose_card(knowledge, rng, level=level))
        legal = [int(option.value) for option in prompt.options if option.disabled is None]
        card = state.revealed[prompt.seat][-1]
        return Action(prompt=prompt.id, value=str(bot.place_target(knowledge, card, legal, rng, level=level)))

    # --- reading ------------------------------------------------------------------------
    # --- reading (games/cookie/view.py) ----------------------------------------------------
    def view(self, state: CookieState, viewer: Viewer) -> dict[str, Any]:
        return views.view(state, viewer)

    def summary(self, state: CookieState, viewer: Viewer) -> list[Event]:
        """The table at a glance (round, each player's face-up cards and coins) and, for a
        player, their secret card and the deduction aid."""
        return views.summary(state, viewer)

    def _explain_unknown(self, state: CookieState, seat_number: int, prompt: Prompt, action: Action) -> Refusal | None:
        if prompt.id.endswith("-choose"):
            return Refusal(key="cookie-error-not-in-hand", params={"card": str(action.value)})
        if str(action.value) == str(seat_number):
            return Refusal(key="cookie-error-yourself")
        return None

    def results(self, state: CookieState) -> Results | None:
        if not state.over:
            return None
        roles = [[f"cookie-role-{r.roles[seat]}" for r in state.history] for seat in range(state.players)]
        return Results(scores=list(state.coins), winners=rules.winners(state.coins), roles=roles)
