"""Bot strength benchmark (issue 22 §1): figures printed, never asserted.

Games are played straight through the engines (no table, no Discord), seeded, in a process pool over
the machine's cores. Per game and table size:

- vs random: one seat plays the bot under test (`--level`, default the shipped "normal"), every other
  seat a player who picks a random legal answer; the bot's seat rotates over the seats. Printed: the
  bot's share of the wins (a shared win counts as a share of it) beside the fair share 1/players.
- bot vs bot: every seat the bot under test. Printed: how games end (one winner / a shared win / no
  winner / the round limit) and their length in rounds and answers.
- Mafia of Heroes (a team game: a share of wins per seat means little): the law / mafia / draw split of
  bot-only games at 10, 11 and 12 players in two arms on the same seeds (so the same deals and roles):
  law bots that remember what their seats learned ("normal") and memoryless law bots ("easy"), the
  mafia playing the shipped level in both, so that only the law's memory differs; then memory's margin
  in law wins, with the games only one arm won and the paired standard error.
- Sword of Lies: each level's fold rate facing a bet no larger than the pot from a scripted pot-sized
  bettor (by thirds of the hand strengths met: bot_estimate.hand_strength, the seat's own cards), and
  the players per bot-only table who fold out of a game.

"A random legal answer" is one policy for every game (`random_answer`): uniform among the prompt's
enabled options (an order sheet's Back and Cancel left out: they only undo); a number prompt counts its
amount as one more option, drawn uniformly from its range; a multi-pick a random legal set.

    .venv/bin/python -m tests.bench.bots [--games N] [--game NAME] [--seed S] [--level easy|normal]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core import Action, Engine, GameState, IllegalAction, Prompt
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL
from games.core.orders import BACK, CANCEL, NAVIGATION
from games.core.rng import derived

Policy = Callable[[Engine[Any], GameState, Prompt, random.Random], Action]

SIZES: dict[str, tuple[int, ...]] = {
    "cookie": (4, 6),
    "maskmen": (2, 4),
    "sword-of-lies": (3, 6),
    "castle": (3, 4),
    "mafia": (10, 11, 12),
}
"""Table sizes measured per game (Mafia: the rules page's sizes)."""
GAMES_PER_SIZE = {"cookie": 100, "maskmen": 100, "sword-of-lies": 50, "castle": 20, "mafia": 100}
"""Seeded games per size and measure without `--games` (all of them: a few minutes on two cores). Mafia:
100 per arm, so that a size's law share is known to about ±5 points (the balance band is 40–60%)."""
STEP_LIMIT = 20000
"""Answers after which a game is cut off (counted apart: it never happens with sound policies)."""
RETRIES = 8
"""Random answers tried before a refused one falls back to the game's default answer."""
MAFIA_LEVEL = DEFAULT_BOT_LEVEL
"""The mafia's level in both arms of the Mafia memory comparison."""
AMOUNT = object()
"""A number prompt's amount, as one choice beside its named options."""


# --- the players ------------------------------------------------------------------------------------
def random_answer(prompt: Prompt, rng: random.Random) -> str | int | tuple[str, ...]:
    """A uniformly random answer among the prompt's legal choices (see the module's doc)."""
    enabled = [o.value for o in prompt.options if o.disabled is None and o.value not in (BACK, CANCEL)]
    if prompt.ask == "text":
        return str(prompt.params.get("example") or "…")
    if prompt.ask == "many":
        picks = [v for v in enabled if not v.startswith(NAVIGATION)]
        low = 1 if prompt.min_picks is None else prompt.min_picks
        high = len(picks) if prompt.max_picks is None else min(prompt.max_picks, len(picks))
        if low <= high:
            return tuple(rng.sample(picks, rng.randint(low, high)))
        moves = [v for v in enabled if v.startswith(NAVIGATION)]
        return rng.choice(moves) if moves else tuple(picks)
    if prompt.ask == "number" and prompt.low is not None and prompt.high is not None and prompt.low <= prompt.high:
        choice = rng.choice([*enabled, AMOUNT])
        return rng.randint(prompt.low, prompt.high) if choice is AMOUNT else str(choice)
    return rng.choice(enabled) if enabled else (prompt.fallback or prompt.options[0].value)


def random_player(engine: Engine[Any], state: GameState, prompt: Prompt, rng: random.Random) -> Action:
    """A random legal answer; a draw the game refuses (a rule beyond the options) is drawn again."""
    for _ in range(RETRIES):
        action = Action(prompt=prompt.id, value=random_answer(prompt, rng))
        if engine.check(state, prompt.seat, action) is None:
            return action
    return engine.default_action(state, prompt)


def bot_player(level: str) -> Policy:
    def answer(engine: Engine[Any], state: GameState, prompt: Prompt, rng: random.Random) -> Action:
        return engine.bot_action(state, prompt, rng, level=level)

    return answer


def mafia_table(law_level: str) -> Policy:
    """Mafia: law seats play `law_level`, mafia seats MAFIA_LEVEL (the bench knows the factions; each bot
    still sees only its seat's view)."""
    law, mafia = bot_player(law_level), bot_player(MAFIA_LEVEL)

    def answer(engine: Engine[Any], state: GameState, prompt: Prompt, rng: random.Random) -> Action:
        member = state.seats[prompt.seat].mafia  # type: ignore[attr-defined]
        return (mafia if member else law)(engine, state, prompt, rng)

    return answer


# --- one game -----------------------------------------------------------------------------------------
@dataclass
class Played:
    state: GameState
    steps: int
    cut_off: bool = False
    refused: int = 0
    """Bot answers the engine refused (replaced by the default answer, as the table does)."""


Watcher = Callable[[GameState, Prompt, Action], None]


def play(engine: Engine[Any], players: list[Policy], seed: int, watch: Watcher | None = None) -> Played:
    """One game from set-up to its end: each answer by the policy of the prompt's seat, with a generator
    fixed by the seed, the step and the prompt (the table's own derivation)."""
    state, _ = engine.setup(len(players), None, seed)
    played = Played(state, 0)
    while not state.over:
        if played.steps >= STEP_LIMIT:
            played.cut_off = True
            break
        prompt = next((p for p in state.prompts if not p.answered), None)
        if prompt is None:  # everything answered, the phase ends at its deadline: the deadline's answer
            prompt = next(p for p in state.prompts if p.deadline_after_answer)
            action = engine.default_action(state, prompt)
        else:
            action = players[prompt.seat](engine, state, prompt, derived(seed, "bench", state.step, prompt.id))
        try:
            after, _ = engine.apply(state, prompt.seat, action)
        except IllegalAction:  # as the table does: a refused bot answer is replaced by the default
            played.refused += 1
            action = engine.default_action(state, prompt)
            after, _ = engine.apply(state, prompt.seat, action)
        if watch is not None:
            watch(state, prompt, action)
        state = after
        played.steps += 1
    played.state = state
    return played


def rounds(game: str, state: Any) -> int:
    """A game's length in its own rounds: circles × rounds (Cookie), seasons (Maskmen), betting rounds
    (Sword of Lies: one hand per game), rounds (Castle), nights and days (Mafia)."""
    if game == "cookie":
        return int(state.round)
    if game == "maskmen":
        return int(state.season)
    if game == "sword-of-lies":
        return int(state.betting.round) if state.betting is not None else 0
    if game == "castle":
        return int(state.round)
    return int(state.phase_index)


def ending(game: str, engine: Engine[Any], played: Played) -> str:
    """How a game ended: "winner", "shared win", "no winner", "round limit" or "cut off"."""
    if played.cut_off:
        return "cut off"
    state: Any = played.state
    if game == "castle" and state.round >= state.options.max_rounds and max(
        p.delivered for p in state.table
    ) < state.options.artifacts_to_win:
        return "round limit"
    if game == "mafia":
        return str(state.winner)
    results = engine.results(state)
    winners = results.winners if results is not None else []
    return "no winner" if not winners else "winner" if len(winners) == 1 else "shared win"


# --- the measures (each task runs in a worker process) --------------------------------------------
@dataclass(frozen=True)
class Task:
    kind: str
    """"random": one bot seat among random players; "bots": every seat a bot; "folds": Sword of Lies
    bots facing a pot-sized bettor; "memory": Mafia, law bots at `level`, mafia bots at MAFIA_LEVEL."""
    game: str
    players: int
    seed: int
    level: str
    """The bot under test ("memory": the law's level)."""
    seat: int = 0
    """The bot's seat ("random"), the bettor's ("folds")."""


@dataclass
class Outcome:
    task: Task
    share: float = 0.0
    ending: str = ""
    rounds: int = 0
    steps: int = 0
    refused: int = 0
    folded: int = 0
    faced: list[tuple[float, bool]] = field(default_factory=list)
    """("folds") (hand strength, folded) at each bet no larger than the pot the bots faced."""


def run(task: Task) -> Outcome:
    engine = registry.engine(task.game)
    bot = bot_player(task.level)
    outcome = Outcome(task)
    if task.kind == "folds":
        return facing_pot_bets(engine, task, outcome)
    if task.kind == "random":
        seats: list[Policy] = [random_player] * task.players
        seats[task.seat] = bot
    elif task.kind == "memory":
        seats = [mafia_table(task.level)] * task.players
    else:
        seats = [bot] * task.players
    played = play(engine, seats, task.seed)
    results = engine.results(played.state)
    if task.kind == "random" and results is not None and task.seat in results.winners:
        outcome.share = 1 / len(results.winners)
    outcome.ending = ending(task.game, engine, played)
    outcome.rounds = rounds(task.game, played.state)
    outcome.steps = played.steps
    outcome.refused = played.refused
    if task.game == "sword-of-lies":
        outcome.folded = sum(1 for p in played.state.table if p.folded)  # type: ignore[attr-defined]
    return outcome


def pot_bettor(engine: Engine[Any], state: GameState, prompt: Prompt, rng: random.Random) -> Action:
    """Sword of Lies: at every bet prompt, a bet (or raise) of the pot's size when the rules allow it,
    else a call or check; everything else as the easy bot plays it."""
    from games.sword_of_lies.phase2 import BET

    if prompt.key != BET:
        return engine.bot_action(state, prompt, rng, level="easy")
    enabled = {o.value for o in prompt.options if o.disabled is None}
    if prompt.low is not None and prompt.high is not None and prompt.low <= prompt.high:
        wanted = int(prompt.params.get("highest", 0)) + int(prompt.params.get("pot", 0))
        return Action(prompt=prompt.id, value=max(prompt.low, min(prompt.high, wanted)))
    for value in ("check", "call", "all_in"):
        if value in enabled:
            return Action(prompt=prompt.id, value=value)
    return engine.default_action(state, prompt)


def facing_pot_bets(engine: Engine[Any], task: Task, outcome: Outcome) -> Outcome:
    from games.sword_of_lies.bot_estimate import hand_strength
    from games.sword_of_lies.phase2 import BET

    seats: list[Policy] = [bot_player(task.level)] * task.players
    seats[task.seat] = pot_bettor

    def watch(state: GameState, prompt: Prompt, action: Action) -> None:
        if prompt.key != BET or prompt.seat == task.seat:
            return
        betting = state.betting  # type: ignore[attr-defined]
        call, pot = int(prompt.params.get("call", 0)), int(prompt.params.get("pot", 0))
        # the bettor's bet (not a blind), no larger than the pot before it (the pot shown includes it)
        if 0 < call <= pot - call and betting.round_bets.get(task.seat) == int(prompt.params.get("highest", 0)):
            outcome.faced.append((hand_strength(state, prompt.seat), action.value == "fold"))  # type: ignore[arg-type]

    played = play(engine, seats, task.seed, watch)
    outcome.steps = played.steps
    return outcome


# --- the plan and the report ---------------------------------------------------------------------
def plan(games: Iterable[str], count: int | None, seed: int, level: str) -> list[Task]:
    """Every game to play: `count` seeded games per size and measure (None: the game's default)."""
    tasks: list[Task] = []
    for game in games:
        games_each = GAMES_PER_SIZE[game] if count is None else count
        for players in SIZES[game]:
            seeds = [seed + n for n in range(games_each)]
            if game == "mafia":
                tasks += [Task("memory", game, players, s, lvl) for lvl in BOT_LEVELS for s in seeds]
                continue
            tasks += [Task("random", game, players, s, level, seat=n % players) for n, s in enumerate(seeds)]
            tasks += [Task("bots", game, players, s, level) for s in seeds]
            if game == "sword-of-lies":
                tasks += [Task("bots", game, players, s, other) for other in BOT_LEVELS if other != level
                          for s in seeds]
                tasks += [Task("folds", game, players, s, lvl, seat=n % players)
                          for lvl in BOT_LEVELS for n, s in enumerate(seeds)]
    return tasks


def spread(values: list[int]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"mean {statistics.fmean(values):.1f}, median {ordered[len(ordered) // 2]}, max {ordered[-1]}"


def shares(counts: Counter[str], total: int, order: Iterable[str]) -> str:
    return ", ".join(f"{name} {counts[name] / total:.0%}" for name in order if counts[name]) or "-"


def report(outcomes: list[Outcome], level: str) -> None:
    groups: dict[tuple[str, str, int, str], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[(o.task.kind, o.task.game, o.task.players, o.task.level)].append(o)
    for game in SIZES:
        sizes = [n for n in SIZES[game] if any(k[1] == game and k[2] == n for k in groups)]
        if not sizes:
            continue
        print(f"\n== {game}")
        if game == "mafia":
            mafia_report(groups, sizes)
            continue
        for players in sizes:
            versus = groups.get(("random", game, players, level), [])
            if versus:
                won = sum(o.share for o in versus)
                print(f"  {players} players, {level} bot vs random players ({len(versus)} games): bot's share of wins"
                      f" {won / len(versus):.0%} (fair share {1 / players:.0%}); refused answers"
                      f" {sum(o.refused for o in versus)}")
            for lvl in BOT_LEVELS:
                alone = groups.get(("bots", game, players, lvl), [])
                if not alone:
                    continue
                ends = Counter(o.ending for o in alone)
                order = ("winner", "shared win", "no winner", "round limit")
                print(f"  {players} players, all {lvl} bots ({len(alone)} games): {shares(ends, len(alone), order)}"
                      + (f", cut off {ends['cut off']}" if ends["cut off"] else ""))
                print(f"      rounds: {spread([o.rounds for o in alone])}; answers: {spread([o.steps for o in alone])}"
                      + (f"; refused answers {sum(o.refused for o in alone)}" if any(o.refused for o in alone) else ""))
                if game == "sword-of-lies":
                    folded = [o.folded for o in alone]
                    print(f"      players lost to folds per game: {statistics.fmean(folded):.2f}"
                          f" ({sum(folded) / (players * len(alone)):.0%} of seats)")
            for lvl in BOT_LEVELS:
                faced = [f for o in groups.get(("folds", game, players, lvl), []) for f in o.faced]
                if faced:
                    print(f"  {players} players, {lvl} bots facing a pot-sized bettor: {fold_rates(faced)}")


def mafia_report(groups: dict[tuple[str, str, int, str], list[Outcome]], sizes: list[int]) -> None:
    """Per size, the two arms side by side (law remembers / law memoryless, the mafia alike), then
    memory's margin in law wins over every size."""
    arms = {"normal": "law remembers (normal)", "easy": "law memoryless (easy)"}
    paired: list[int] = []
    for players in sizes:
        runs = {lvl: {o.task.seed: o for o in groups.get(("memory", "mafia", players, lvl), [])} for lvl in arms}
        seeds = sorted(set(runs["normal"]) & set(runs["easy"]))
        if not seeds:
            continue
        print(f"  {players} players, {len(seeds)} bot-only games per arm on the same seeds; mafia bots"
              f" {MAFIA_LEVEL} in both arms:")
        for lvl, label in arms.items():
            alone = [runs[lvl][s] for s in seeds]
            ends = Counter(o.ending for o in alone)
            print(f"      {label + ':':25} {shares(ends, len(alone), ('law', 'mafia', 'draw'))}"
                  + (f", cut off {ends['cut off']}" if ends["cut off"] else "")
                  + f"; phases {spread([o.rounds for o in alone])}")
        diffs = [(runs["normal"][s].ending == "law") - (runs["easy"][s].ending == "law") for s in seeds]
        paired += diffs
        print(f"      memory's margin: {margins(diffs)}")
    if paired and len(sizes) > 1:
        print(f"  every size: memory's margin {margins(paired)}")


def margins(diffs: list[int]) -> str:
    """Law wins with memory minus without, in points, with the paired standard error and the seeds
    only one arm's law won."""
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return (f"{100 * mean:+.0f} points of law wins (± {100 * error:.0f}, paired standard error); seeds only one"
            f" arm's law won: {diffs.count(1)} with memory, {diffs.count(-1)} without")


def fold_rates(faced: list[tuple[float, bool]]) -> str:
    """Fold rate overall and by hand-strength third (thirds of the strengths met, weakest first)."""
    ordered = sorted(faced, key=lambda f: f[0])
    thirds = [ordered[i * len(ordered) // 3:(i + 1) * len(ordered) // 3] for i in range(3)]
    parts = [f"{sum(f[1] for f in third) / len(third):.0%}" if third else "-" for third in thirds]
    overall = sum(f[1] for f in faced) / len(faced)
    return (f"folds {overall:.0%} of {len(faced)} bets faced; by strength third (weak / middle / strong):"
            f" {' / '.join(parts)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help="seeded games per table size and measure (default: per game, "
                        + ", ".join(f"{g} {n}" for g, n in GAMES_PER_SIZE.items()) + ")")
    parser.add_argument("--game", choices=list(SIZES), action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--level", choices=BOT_LEVELS, default=DEFAULT_BOT_LEVEL,
                        help="the bot under test (Mafia's law and Sword of Lies' folds: every level)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    games = [g for g in SIZES if g in registry.available() and (not args.game or g in args.game)]
    tasks = plan(games, args.games, args.seed, args.level)
    started = time.perf_counter()
    print(f"{len(tasks)} games on {args.workers} workers; bot under test: {args.level}")
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            outcomes = list(pool.imap_unordered(run, tasks, chunksize=2))
    else:
        outcomes = [run(task) for task in tasks]
    report(outcomes, args.level)
    used = sum(resource.getrusage(who).ru_utime for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(f"\nelapsed {time.perf_counter() - started:.1f} s (CPU {used:.0f} s: other work on the machine slows the"
          " elapsed time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
