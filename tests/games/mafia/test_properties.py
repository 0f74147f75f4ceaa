"""Properties of whole games (rules page: "Factions and secret roles", "The collection, the draft and the
decks", "Information"): 100 seeded games of bot players — 90 at 10, 11 and 12 players, 5 each at a
moderator's untested 8 and 14 — and 8 games of players who give random legal orders (the deep size,
tests/depth.py; by default a quarter of each, and 2 games at 8 and at 14).

Every game must end within `STEP_LIMIT` answers, in a victory or a draw, with results that match the
winner (the whole winning faction, the dead included; nobody after a draw); no card is ever lost or
duplicated, and a new card appears only as a token (with the role that makes it) or as one of the
Magician's and the Masochist's copies; nothing public (an event to everyone, the public view, the public
status lines) shows a secret role, a card, an order or who voted for whom at the veche before the end;
the dead are sent nothing.

Speed (the file must run in well under a minute on two cores): most games are "quick" — the bots give
each order in one answer (`~plan:` with the bots' own plan, sent as it is) and skip only re-ordering
their hands. Every game is checked at every answer: the cards, the public events, the public view and
the public status. Six "deep" games (one per size, two at 10) play the bots exactly as they are and
check at every answer that the state round-trips through JSON and that `apply` leaves its input alone.
The deep games and every eighth quick game are played again in one pass: from set-up with the
recorded answers, then from a save at a random point reloaded and continued by the same policy, then
likewise from a later save — every answer and every state the original's, to the identical end. The
games run once, in a process pool over the machine's cores; each test reads the findings of its own
property (a finding names the game, the step and the fault).

Last, a game's secrets are perturbed (hands swapped, the artifact moved, a mafia role traded; or a
different secret order) and the public must see exactly the same game.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.core import Action, Event, IllegalAction, Prompt
from games.core.order_random import random_answers
from games.core.orders import CANCEL, EDIT, PLAN, Sheet, picks
from games.mafia import ENGINE, bot_orders, sheet
from games.mafia import sheet_common as words
from games.mafia.state import Card, MafiaState
from tests.depth import count, deep
from tests.games.mafia.helpers import Policy, phase_passes, reopen

pytestmark = pytest.mark.xdist_group("mafia-properties")
"""One worker plays the module's games once (a module fixture) for all its tests."""

# --- the games -----------------------------------------------------------------------------------------------
UNTESTED = {"allow_untested_size": True}
SIZES = {10: count(40), 11: count(25), 12: count(25), 8: count(5, least=2), 14: count(5, least=2)}
"""Games per table size: 90 at the page's sizes, 5 each at the untested 8 and 14 (a deep run; by default
a quarter, and 2 at 8 and 14)."""
DEEP = {(10, 0), (10, 1), (11, 0), (12, 0), (8, 0), (14, 0)} if deep() else {(10, 0), (11, 0), (8, 0)}
"""(players, seed) of the deep games: the bots as they are, and every state checked through JSON (by default
three, at 8, 10 and 11 players: the 12- and 14-player ones cost two thirds of the module's time)."""
REPLAYED = 8
"""Every eighth quick game is replayed from set-up and continued from reloaded saves."""
RANDOM = {10: count(4), 12: count(4)}
"""Games per size whose players give random legal orders (every part built at random, step by step
as the form allows): plays no bot would make, for the cards' and the secrets' properties."""
CASES: list[tuple[int, int, str]] = [
    *[(players, seed, "deep" if (players, seed) in DEEP else "quick")
      for players, count in SIZES.items() for seed in range(count)],
    *[(players, 1000 + seed, "random") for players, count in RANDOM.items() for seed in range(count)],
]
"""(players, seed, kind): "quick", "deep" or "random" games."""
STEP_LIMIT = 3000
"""Answers after which a game of bots is taken as endless."""
RELOADS = 2
"""Random points at which a replayed game is reloaded from its save and continued by its policy."""
SHOWN = 3
"""Findings kept per property and game (the first ones say enough)."""


def answer_rng(seed: int, state: MafiaState, prompt: Prompt) -> random.Random:
    """The bot's generator for one answer: fixed by the game's seed, the step and the prompt, so the
    policy is a function of the state alone and a reloaded game continues exactly as the original."""
    return random.Random(f"{seed}/{state.step}/{prompt.id}")


def full_bots(seed: int) -> Policy:
    """The bot players exactly as they are (ENGINE.bot_action), one sheet step per answer."""
    return lambda state, prompt: ENGINE.bot_action(state, prompt, answer_rng(seed, state, prompt))


def quick_bots(seed: int) -> Policy:
    """The same bots giving each order in one answer (`~plan:`). Of the immediate actions they take
    those that touch secrets (the Advisor's invisible cards, the Boss's message, Lucky's redraw,
    Divination's arrangement) but not the hand's order (the most frequent: two answers each time)."""

    def choose(state: MafiaState, prompt: Prompt) -> Action:
        rng = answer_rng(seed, state, prompt)
        own = state.sheets.get(prompt.seat) if state.phase in ("night", "day") else None
        if prompt.sheet is not None and own is not None and own.editing is None:
            player = state.seats[prompt.seat]
            wanted = None
            if player.mafia or player.divination or (player.public_role == "lucky" and state.phase_index == 1):
                wanted = bot_orders.immediate(state, prompt.seat, rng)
            if wanted is None or wanted[0] == "order":
                # the plan as it is: the bots promise every planned part legal beside the others
                plan = bot_orders.plan(state, prompt.seat, rng)
                return Action(prompt=prompt.id, value=PLAN + json.dumps(plan, ensure_ascii=False))
        return ENGINE.bot_action(state, prompt, rng)

    return choose


def random_players(seed: int) -> Policy:
    """Players who give random legal orders: each part of the sheet, with a chance, built at random
    (`random_answers`) and kept when legal beside the parts before it; now and then an immediate action
    (the hand's order, the Advisor's marks, …) answered step by step. The draft is the bots'."""

    def choose(state: MafiaState, prompt: Prompt) -> Action:
        rng = answer_rng(seed, state, prompt)
        own = state.sheets.get(prompt.seat) if state.phase in ("night", "day") else None
        if prompt.sheet is None or own is None:
            return ENGINE.bot_action(state, prompt, rng)
        form = sheet.form(state)
        if own.editing is not None:  # an immediate action under way: its answers, fixed by (seed, phase, seat)
            wanted = _immediate(state, own, own.editing, seed, own.asked - len(own.draft))
            value = wanted[len(own.draft)] if len(own.draft) < len(wanted) else CANCEL
            return Action(prompt=prompt.id, value=tuple(picks(value)) if prompt.ask == "many" else value)
        immediate = [n for n in own.parts if form.parts[n].immediate and form.parts[n].available(state, own)]
        if immediate and rng.random() < 0.3:
            name = rng.choice(immediate)
            if form.valid(state, own, name, _immediate(state, own, name, seed, own.asked + 1)):
                return Action(prompt=prompt.id, value=f"{EDIT}{name}")
        plan: dict[str, list[str]] = {}
        for name in own.parts:
            if form.parts[name].immediate or rng.random() < 0.3:
                continue
            trial = own.model_copy(update={"parts": {**own.parts, **plan}})
            answers = random_answers(form, state, trial, name, rng)
            trial.parts[name] = answers
            if form.valid(state, trial, name, answers):
                plan[name] = answers
        return Action(prompt=prompt.id, value=form.plan_value(state, prompt, plan))

    return choose


def _immediate(state: MafiaState, own: Sheet, name: str, seed: int, mark: int) -> list[str]:
    """A random immediate action, the same at every step of it (`mark`: the prompt that opened it)."""
    rng = random.Random(f"{seed}/{state.phase_index}/{own.seat}/{name}/{mark}")
    answers = random_answers(sheet.form(state), state, own, name, rng)
    if name == "message" and answers:
        answers = [answers[0], "Vote with me."]
    return answers


def options_for(players: int) -> dict[str, Any] | None:
    return None if 10 <= players <= 12 else UNTESTED


# --- what is secret ------------------------------------------------------------------------------------------
SECRET_TERMS = re.compile(
    r"mafia-card-|mafia-role-(boss|killer|advisor|law)\b|mafia-faction-|mafia-colour-|mafia-order-|mafia-ask-"
    r"|mafia-result-|mafia-aid-|\"secret_role\"|\"faction\"")
"""A card, a secret role, a faction, a colour (a mafia member's, the Student's, a hand card's), an order
or a private result."""
SECRET_FIELDS = {"secret_role", "faction", "colour", "student_colour", "deck", "hand", "sleeve", "reserve", "kept",
                 "discard", "offer", "offers", "artifact", "artifact_pick", "artifact_choice", "picked", "gm", "you",
                 "order", "orders", "sheets", "parts", "armor", "delayed", "messages", "checked", "divination",
                 "voter", "veche", "veche_kind", "kill", "boost", "check", "check_names", "text"}
"""Field names of the public view that would carry a secret."""
SECRET_FIELD_PARTS = re.compile(r"deck|sleeve|reserve|discard|secret|faction|colour|armor|order|offer|artifact")
"""…and parts of names (a deck's or a sleeve's size is secret too: `sleeve_count`)."""
EVENT_FIELDS = {"secret_role", "faction", "voter", "hand", "sleeve", "deck", "reserve", "offer", "order",
                "orders", "veche", "veche_kind", "kind", "check_names", "text", "armor", "artifact_to"}
"""Parameter names of a public message that would carry a secret (a voter is public only in the Leader
vote: the rules make the Leader vote public)."""
COLOURS_BY_RULE = {"mafia-beating-colour", "mafia-line-denunciation"}
"""The page makes these colours public: the beaten character's next hand card, Denunciation's line."""
TWO_SEATS = {"mafia-leader-line-vote", "mafia-veche-tie"}
"""The only public lines naming two characters: a Leader vote (public by the rules) and a veche tie.
Any other would tie one character to another (who voted for whom, who targeted whom)."""
REVEAL = "mafia-victory-"
"""The full reveal at the end: everything is public once the game is over."""
COVERED = {"mafia-beating-colour", "mafia-event-boss-message", "mafia-event-invisible", "mafia-event-redrawn",
           "mafia-event-arranged", "mafia-veche-tie", "mafia-veche-result", "mafia-leader-votes",
           "mafia-event-phase-report"}
"""Events the games must meet somewhere, so that the checks are not vacuous."""


def seat_values(params: dict[str, Any]) -> int:
    return sum(1 for v in params.values() if isinstance(v, dict) and set(v) == {"seat"})


def public_leak(key: str, params: dict[str, Any]) -> str | None:
    """Why a public message (key and params, nested messages included) shows a secret, or None."""
    found: list[str] = []

    def walk(message: str, value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) == {"message", "params"}:
                return {"message": value["message"], "params": walk(value["message"], value["params"])}
            if seat_values(value) > 1 and message not in TWO_SEATS:
                found.append(f"{message} ties characters together: {value}")
            leaked = (set(value) & EVENT_FIELDS) - ({"voter"} if message == "mafia-leader-line-vote" else set())
            if leaked:
                found.append(f"{message} has the field(s) {sorted(leaked)}")
            return {k: (None if message in COLOURS_BY_RULE and k in ("colour", "colours") else walk(message, v))
                    for k, v in value.items()}
        if isinstance(value, list):
            return [walk(message, v) for v in value]
        return value

    cleaned = walk(key, params)
    text = json.dumps(cleaned, ensure_ascii=False)
    match = SECRET_TERMS.search(text) or SECRET_TERMS.search(key)
    if match:
        found.append(f"{key} shows {match.group(0)!r}: {text[:300]}")
    return found[0] if found else None


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def public_view_leak(state: MafiaState) -> str | None:
    """Why the public view or the public status lines of a running game show a secret, or None."""
    view = ENGINE.view(state, None)
    leaked = {k for k in keys_in(view) if k in SECRET_FIELDS or SECRET_FIELD_PARTS.search(k)}
    if leaked:
        return f"the public view has {sorted(leaked)}"
    match = SECRET_TERMS.search(json.dumps(view, ensure_ascii=False))
    if match:
        return f"the public view shows {match.group(0)!r}"
    for line in ENGINE.summary(state, None):
        if not line.public:
            return f"a private line {line.key} in the public status"
        why = public_leak(line.key, line.params)
        if why:
            return f"public status: {why}"
    if not all(p.secret for p in state.prompts):
        return "a prompt is not secret"
    return None


def event_leaks(events: list[Event]) -> Iterator[str]:
    for event in events:
        if event.public and not event.key.startswith(REVEAL):
            why = public_leak(event.key, event.params)
            if why:
                yield why


# --- the cards ---------------------------------------------------------------------------------------------------
def every_card(state: MafiaState) -> list[tuple[Card, int]]:
    """Every physical card with the seat that has it: kept, deck, hand, sleeve, reserve, discard, and
    while drafting each player's current offer."""
    cards = [(c, n) for n, s in enumerate(state.seats)
             for pile in (s.kept, s.deck, s.hand, s.sleeve, s.reserve, s.discard) for c in pile]
    if state.draft is not None:
        cards += [(c, n) for n, offer in state.draft.offers.items() for c in offer.cards]
    return cards


@dataclass
class Ledger:
    """Every card id in the game and its kind, followed from one state to the next."""

    cards: dict[int, str] = field(default_factory=dict)
    copies: int = 0
    """Non-token cards made after the draft (the Magician's and the Masochist's copies)."""

    def follow(self, before: MafiaState | None, after: MafiaState) -> Iterator[str]:
        held = every_card(after)
        now = {c.id: c.key for c, _ in held}
        if len(now) != len(held):
            twice = [i for i, n in Counter(c.id for c, _ in held).items() if n > 1]
            yield f"card id(s) {twice[:5]} held twice"
        lost = set(self.cards) - set(now)
        if lost:
            yield f"card id(s) {sorted(lost)[:5]} lost"
        changed = [i for i in set(self.cards) & set(now) if self.cards[i] != now[i]]
        if changed:
            yield f"card id(s) {changed[:5]} changed kind"
        if now and max(now) > after.next_card:
            yield f"card id {max(now)} beyond next_card {after.next_card}"
        new = sorted(set(now) - set(self.cards))
        low = before.next_card if before is not None else 0
        if before is not None and after.next_card < before.next_card:
            yield "next_card went back"
        for card_id in new:
            if not low < card_id <= after.next_card:
                yield f"new card id {card_id} is not fresh ({low} < id <= {after.next_card})"
        drafting = before is None or before.phase in ("draft", "opening")
        if new and not drafting:
            assert before is not None
            yield from self._made_in_play(before, after, new, now)
        elif new:
            tokens = [i for i in new if after.collection.card(now[i]).token]
            if tokens:
                yield f"token(s) {[now[i] for i in tokens]} offered in the draft"
        self.cards = now

    def _made_in_play(self, before: MafiaState, after: MafiaState, new: list[int],
                      now: dict[int, str]) -> Iterator[str]:
        holders = {c.id: n for c, n in every_card(after)}
        roles = after.roles
        tokens = {str(roles.get("killer").number("token")): "killer",
                  str(roles.get("businessman").number("token")): "businessman"}
        copiers = {"magician": int(roles.get("magician").number("uses")),
                   "masochist": int(roles.get("masochist").number("copies"))}
        for card_id in new:
            key, holder = now[card_id], after.seats[holders[card_id]]
            if after.collection.card(key).token:
                maker = tokens.get(key)
                if maker is None or maker not in (holder.secret_role, holder.public_role):
                    yield f"token {key} (id {card_id}) appeared with the {holder.public_role}/{holder.secret_role}"
                continue
            self.copies += 1
            sources = [n for n, s in enumerate(before.seats) if s.public_role in copiers
                       and key in {c.key for c, m in every_card(before) if m == n}]
            if not sources:
                yield f"card {key} (id {card_id}) appeared from nothing (no Magician or Masochist had one)"
        allowed = sum(copiers.get(s.public_role, 0) for s in after.seats)
        if self.copies > allowed:
            yield f"{self.copies} copies made, {allowed} allowed"


# --- one game -----------------------------------------------------------------------------------------------------
@dataclass
class Game:
    players: int
    seed: int
    kind: str
    steps: int = 0
    over: bool = False
    winner: str | None = None
    findings: dict[str, list[str]] = field(default_factory=dict)
    checked: list[str] = field(default_factory=list)
    """The expensive checks this game went through: "json", "replay"."""
    seen: Counter[str] = field(default_factory=Counter)
    """What the game went through that the checks look at (tokens, copies, public colour reveals, …)."""

    @property
    def deep(self) -> bool:
        return self.kind == "deep"

    def note(self, prop: str, what: str) -> None:
        found = self.findings.setdefault(prop, [])
        if len(found) < SHOWN:
            found.append(f"{self.players} players, seed {self.seed}, step {self.steps}: {what}")


def check_results(game: Game, state: MafiaState) -> None:
    if state.winner not in ("mafia", "law", "draw"):
        game.note("end", f"ended with winner {state.winner!r}")
        return
    living = {state.seats[n].faction for n in state.living()}
    expected = set() if state.winner == "draw" else {state.winner}
    if living != expected:
        game.note("results", f"winner {state.winner} but the living are {sorted(living)}")
    results = ENGINE.results(state)
    if results is None:
        game.note("results", "no results at the end")
        return
    won = [] if state.winner == "draw" else [n for n, s in enumerate(state.seats) if s.faction == state.winner]
    if results.winners != won:
        game.note("results", f"winners {results.winners}, expected {won} (winner {state.winner})")
    if results.scores != [1 if n in won else 0 for n in range(state.players)]:
        game.note("results", f"scores {results.scores} for winners {won}")
    if results.roles is None or len(results.roles) != state.players:
        game.note("results", "roles missing from the results")
    if state.prompts:
        game.note("end", "prompts left open after the end")
    prompt = Action(prompt="x", value="x")
    if (refusal := ENGINE.check(state, 0, prompt)) is None or refusal.key != "error-game-over":
        game.note("end", f"an answer after the end gives {refusal}")
    view = ENGINE.view(state, None)
    if view.get("winner") != state.winner:
        game.note("results", f"the public view says winner {view.get('winner')!r}")


def play(case: tuple[int, int, bool]) -> Game:
    """One game with its findings (never raises: a finding names the property, the step and the fault)."""
    players, seed, kind = case
    game = Game(players, seed, kind)
    try:
        _play(game)
    except Exception as error:  # a crash is a finding too, and must not hide the other games'
        game.note("crash", f"{type(error).__name__}: {error}")
    return game


def _play(game: Game) -> None:
    policy = {"deep": full_bots, "quick": quick_bots, "random": random_players}[game.kind](game.seed)
    recorded = game.deep or (game.kind == "quick" and game.seed % REPLAYED == 0)
    state, events = ENGINE.setup(game.players, options_for(game.players), game.seed)
    ledger = Ledger()
    for why in ledger.follow(None, state):
        game.note("cards", why)
    for why in event_leaks(events):
        game.note("public", why)
    dumps = [ENGINE.dump(state)] if recorded else []
    actions: list[tuple[int, Action]] = []
    victories = 0
    while not state.over:
        if game.steps >= STEP_LIMIT:
            game.note("end", f"not over after {STEP_LIMIT} answers (phase {state.phase} {state.number})")
            return
        prompt = next((p for p in state.prompts if not p.answered), None)
        if prompt is None:
            game.note("end", "no prompt left to answer and the game is not over")
            return
        action = policy(state, prompt)
        try:
            new, events = ENGINE.apply(state, prompt.seat, action)
        except IllegalAction as error:
            game.note("legal", f"the bot's answer {action.value!r} to {prompt.key} was refused: {error.refusal}")
            return
        game.steps += 1
        actions.append((prompt.seat, action))
        made = ledger.copies
        for why in ledger.follow(state, new):
            game.note("cards", why)
        game.seen["copy"] += ledger.copies - made
        for why in event_leaks(events):
            game.note("public", why)
        for event in events:
            if event.key in COVERED:
                game.seen[event.key] += 1
            if event.to and any(not state.seats[n].alive for n in event.to):
                game.note("dead", f"{event.key} sent to the dead {[n for n in event.to if not state.seats[n].alive]}")
        victories += sum(1 for e in events if e.public and e.key.startswith(REVEAL))
        if not new.over:
            if (why := public_view_leak(new)) is not None:
                game.note("public", why)
            if ENGINE.results(new) is not None:
                game.note("results", "results before the end")
        if recorded:
            dumps.append(ENGINE.dump(new))
        if game.deep:
            if ENGINE.dump(state) != dumps[-2]:
                game.note("json", "apply changed the state it was given")
            if ENGINE.dump(ENGINE.load(dumps[-1])) != dumps[-1]:
                game.note("json", "the state does not round-trip through JSON")
        state = new
    game.over, game.winner = True, state.winner
    game.seen.update(f"token {c.key}" for c, _ in every_card(state) if state.collection.card(c.key).token)
    if victories != 1:
        game.note("results", f"{victories} victory announcements")
    check_results(game, state)
    if game.deep:
        game.checked.append("json")
    if recorded:
        replay(game, policy, actions, dumps)
        game.checked.append("replay")


def replay(game: Game, policy: Policy, actions: list[tuple[int, Action]], dumps: list[str]) -> None:
    """The game again, in one pass: set-up with the same seed, the recorded answers up to a random save,
    that save reloaded from JSON and played on by the same policy, and likewise from a later save. Every
    answer and every state must be the original's, to the same end."""
    steps = len(actions)
    reloads = sorted(random.Random(game.seed).sample(range(steps), min(RELOADS, steps)))
    state, _ = ENGINE.setup(game.players, options_for(game.players), game.seed)
    if ENGINE.dump(state) != dumps[0]:
        game.note("replay", "set-up with the same seed gave another state")
        return
    for step, (seat, recorded) in enumerate(actions):
        if step in reloads:
            state = ENGINE.load(dumps[step])
        if step >= reloads[0]:
            prompt = next(p for p in state.prompts if not p.answered)
            action = policy(state, prompt)
            if (prompt.seat, action) != (seat, recorded):
                game.note("replay", f"reloaded at step {reloads[0]}: at step {step} the policy answered "
                                    f"{action.value!r} by seat {prompt.seat}, not {recorded.value!r} by seat {seat}")
                return
        state, _ = ENGINE.apply(state, seat, recorded)
        if ENGINE.dump(state) != dumps[step + 1]:
            game.note("replay", f"state {step + 1} differs from the original's (reloaded at {reloads})")
            return


def play_all() -> list[Game]:
    """Every case, deep ones first (the longest), over the machine's cores when it has several."""
    cases = sorted(CASES, key=lambda c: (c[2] != "deep", -c[0]))
    workers = min(4, os.cpu_count() or 1)
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return pool.map(play, cases, chunksize=1)
    return [play(case) for case in cases]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return play_all()


def findings(games: list[Game], prop: str) -> list[str]:
    return [f for g in games for f in g.findings.get(prop, [])]


# --- the properties ----------------------------------------------------------------------------------------------
def test_a_hundred_games_at_every_size(games: list[Game]) -> None:
    sizes = Counter(g.players for g in games)
    assert len(games) >= count(100) and set(sizes) == {8, 10, 11, 12, 14}, sizes
    assert Counter(g.kind for g in games) == {"deep": len(DEEP), "quick": sum(SIZES.values()) - len(DEEP),
                                              "random": sum(RANDOM.values())}
    replayed = sum(1 for g in games if g.kind == "quick" and g.seed % REPLAYED == 0)
    assert Counter(c for g in games for c in g.checked) == {"json": len(DEEP), "replay": len(DEEP) + replayed}
    assert not findings(games, "crash"), findings(games, "crash")


def test_bots_answer_legally(games: list[Game]) -> None:
    assert not findings(games, "legal"), findings(games, "legal")


def test_every_game_ends_in_a_victory_or_a_draw(games: list[Game]) -> None:
    assert not findings(games, "end"), findings(games, "end")
    assert all(g.over and g.winner in ("mafia", "law", "draw") for g in games)
    outcomes = Counter(g.winner for g in games)
    assert outcomes["mafia"] and outcomes["law"], outcomes


def test_the_games_meet_what_the_checks_look_at(games: list[Game]) -> None:
    seen = sum((g.seen for g in games), Counter())
    missing = {*COVERED, "copy", "token bullet", "token fat"} - set(seen)
    assert not missing, (missing, seen)


def test_the_dead_receive_no_messages(games: list[Game]) -> None:
    assert not findings(games, "dead"), findings(games, "dead")


def test_results_give_the_win_to_the_whole_winning_faction(games: list[Game]) -> None:
    assert not findings(games, "results"), findings(games, "results")


def test_no_card_is_lost_or_duplicated_and_new_ones_are_tokens_or_copies(games: list[Game]) -> None:
    assert not findings(games, "cards"), findings(games, "cards")


def test_nothing_public_shows_a_secret_before_the_end(games: list[Game]) -> None:
    assert not findings(games, "public"), findings(games, "public")


def test_every_state_round_trips_and_apply_leaves_its_input_alone(games: list[Game]) -> None:
    assert not findings(games, "json"), findings(games, "json")


def test_save_reload_continue_and_replay_give_the_same_game(games: list[Game]) -> None:
    assert not findings(games, "replay"), findings(games, "replay")


# --- the checks themselves ----------------------------------------------------------------------------------------
def test_the_leak_check_catches_what_it_is_for() -> None:
    """The public check is only as good as what it recognises: a card, a secret role, an individual
    veche vote, an order field; and it lets through what the rules make public."""
    card = {"cards": [{"term": "mafia-card-strike"}]}
    assert public_leak("mafia-event-phase-report", card)
    assert public_leak("x", {"lines": {"lines": [{"message": "m", "params": {"role": {"term": "mafia-role-boss"}}}]}})
    assert public_leak("x", {"lines": [{"message": "mafia-veche-line-vote",
                                        "params": {"voter": {"seat": 1}, "player": {"seat": 2}}}]})
    assert public_leak("x", {"order": {"kill": 3}})
    assert public_leak("mafia-leader-line-vote", {"voter": {"seat": 1}, "candidate": {"seat": 2}}) is None
    assert public_leak("mafia-beating-colour", {"player": {"seat": 1}, "colour": {"term": "mafia-colour-attack"}}) \
        is None
    assert public_leak("mafia-beating-colour", {"player": {"seat": 1}, "card": {"term": "mafia-card-strike"}})
    denounced = {"message": "mafia-line-denunciation",
                 "params": {"player": {"seat": 1}, "colours": [{"term": "mafia-colour-support"}], "count": 1}}
    assert public_leak("mafia-event-phase-report", {"lines": {"lines": [denounced]}}) is None


def test_the_card_ledger_catches_a_lost_a_doubled_and_a_made_up_card() -> None:
    state = night_one(10, 2)
    ledger = Ledger()
    assert not list(ledger.follow(None, state))
    lost = state.model_copy(deep=True)
    lost.seats[0].hand.pop()
    assert any("lost" in why for why in Ledger(dict(ledger.cards)).follow(state, lost))
    doubled = state.model_copy(deep=True)
    doubled.seats[1].sleeve.append(doubled.seats[0].hand[0])
    assert any("twice" in why for why in Ledger(dict(ledger.cards)).follow(state, doubled))
    made = state.model_copy(deep=True)
    hero = next(n for n, s in enumerate(made.seats) if s.public_role not in ("magician", "masochist"))
    made.seats[hero].sleeve.append(made.new_card("arson"))
    assert any("from nothing" in why for why in Ledger(dict(ledger.cards)).follow(state, made))
    bullet = state.model_copy(deep=True)
    law = next(n for n, s in enumerate(bullet.seats) if s.faction == "law" and s.public_role != "businessman")
    bullet.seats[law].sleeve.append(bullet.new_card("bullet"))
    assert any("token bullet" in why for why in Ledger(dict(ledger.cards)).follow(state, bullet))


def test_the_replay_catches_another_state_and_another_answer() -> None:
    """Thirty answers of a game, recorded: replayed as they are they give no finding; with two states
    swapped, or with a policy that answers otherwise after the reload, they do."""
    policy = quick_bots(3)
    state, _ = ENGINE.setup(10, None, 3)
    dumps, actions = [ENGINE.dump(state)], []
    for _ in range(30):
        prompt = next(p for p in state.prompts if not p.answered)
        action = policy(state, prompt)
        state, _ = ENGINE.apply(state, prompt.seat, action)
        actions.append((prompt.seat, action))
        dumps.append(ENGINE.dump(state))
    clean = Game(10, 3, "quick")
    replay(clean, policy, actions, dumps)
    assert not clean.findings
    swapped = Game(10, 3, "quick")
    replay(swapped, policy, actions, [*dumps[:-2], dumps[-1], dumps[-2]])
    assert "differs from the original's" in swapped.findings["replay"][0]
    last = len(actions) - 1

    def wavering(state: MafiaState, prompt: Prompt) -> Action:
        return Action(prompt=prompt.id, value="~other") if state.step == last else policy(state, prompt)

    other = Game(10, 3, "quick")
    replay(other, wavering, actions, dumps)
    assert "the policy answered '~other'" in other.findings["replay"][0]


# --- secrets perturbed: the public sees nothing change ------------------------------------------------------------
def night_one(players: int, seed: int) -> MafiaState:
    state, _ = ENGINE.setup(players, options_for(players), seed)
    policy = full_bots(seed)
    while state.phase in ("draft", "opening"):
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = ENGINE.apply(state, prompt.seat, policy(state, prompt))
    return state


def public_run(state: MafiaState, orders: dict[int, dict[str, list[str]]], phases: int) -> tuple[list[Event], Any]:
    """Play `phases` phases: the seats in `orders` give those orders (in one answer) in the first,
    everyone else lets the deadline pass. Returns the public events and the public view and status at
    the end."""
    events: list[Event] = []
    state = phase_passes(state, orders, events)
    for _ in range(phases - 1):
        state = phase_passes(state, events=events)
    seen = [e for e in events if e.public]
    return seen, (ENGINE.view(state, None), [e.model_dump() for e in ENGINE.summary(state, None)])


def law_pair(state: MafiaState) -> tuple[int, int]:
    """Two living law characters with hands of the same size (so their public counts agree)."""
    law = [n for n in state.living() if not state.seats[n].mafia]
    return next((a, b) for a in law for b in law if a < b and len(state.seats[a].hand) == len(state.seats[b].hand))


@pytest.mark.parametrize(("players", "seed"), [(10, 3), (12, 4)])
def test_swapping_secrets_changes_nothing_the_public_sees(players: int, seed: int) -> None:
    original = night_one(players, seed)
    a, b = law_pair(original)
    swapped = original.model_copy(deep=True)
    first, second = swapped.seats[a], swapped.seats[b]
    for pile in ("hand", "deck", "sleeve", "reserve", "discard"):
        mine, theirs = getattr(first, pile), getattr(second, pile)
        setattr(first, pile, theirs)
        setattr(second, pile, mine)
    # the artifact with someone else, and a mafia member's role traded with a law player's
    swapped.artifact = next(n for n in swapped.living() if n != original.artifact)
    swapped.artifact_held = [swapped.artifact]
    member = next(n for n in swapped.mafia_seats() if n not in (a, b))
    other = next(n for n in swapped.living() if not swapped.seats[n].mafia and n not in (a, b))
    for name in ("secret_role", "faction", "colour"):
        one, two = getattr(swapped.seats[member], name), getattr(swapped.seats[other], name)
        setattr(swapped.seats[member], name, two)
        setattr(swapped.seats[other], name, one)
    reopen(swapped)
    reopen(original)
    assert ENGINE.dump(swapped) != ENGINE.dump(original)
    assert ENGINE.view(swapped, None) == ENGINE.view(original, None)
    assert ENGINE.summary(swapped, None) == ENGINE.summary(original, None)
    assert ENGINE.view(swapped, a) != ENGINE.view(original, a), "the players themselves do see the change"
    # the night and the day with nobody acting: the same public transcript and the same public table
    assert public_run(swapped, {}, 2) == public_run(original, {}, 2)


def test_what_a_character_plays_in_secret_changes_nothing_the_public_sees() -> None:
    """The same Night 1 three ways: a law character plays Vest, or puts a card under his deck, or does
    nothing. Each leaves his hand count as it was (a played or hidden card is replaced by a draw), so
    the public must see three identical nights — the report names no card, no order."""
    state = night_one(10, 5)
    hero, _ = law_pair(state)
    player = state.seats[hero]
    player.hand = [state.new_card(key) for key in ("vest", "strike", "question", "letter", "shield", "rest")]
    state.counts[hero] = len(player.hand)
    reopen(state)
    vest, strike = (str(c.id) for c in player.hand[:2])
    ways = [{hero: {"hand": [vest]}}, {hero: {"hand": [words.UNDER, strike]}}, {}]
    runs = [public_run(state.model_copy(deep=True), orders, 1) for orders in ways]
    assert runs[0] == runs[1] == runs[2]
    assert any(e.key == "mafia-event-phase-report" for e in runs[0][0])
