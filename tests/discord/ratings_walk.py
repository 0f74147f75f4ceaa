"""Mafia of Heroes games played on a stand-in server for the ratings' walk (test_ratings_walk.py): each
game opened through the lobby by its host (`/mafia new`), its members seated in their own language (straight
through the lobby, as mafia_play.open_mafia does: their sign-up wishes are not this walk's matter), bot players
added with `/addbot`, `/start`; the members' answers given through the table with the bot policy (a whole game of
clicks per member would take minutes), and a member who `/leave`s mid-game or whom a moderator replaces
with a substitute (`/gm replace`) does it by the slash command. What each game was is noted as it is
played (who held each seat, from which step to which, each seat's side and the winner), so the ratings
can be computed again from that alone, by openskill called directly (`expected_ratings`)."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field

import pytest
from openskill.models import PlackettLuce

from bot.i18n import normalize
from bot.live import LiveGame, Seat
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.mafia_play import fixed_seed
from tests.discord.test_lobby_and_moderators import answer_text
from tests.discord.world import World
from tests.discord_standin import User

PLAYERS = 10
ACTS_BEFORE_LEAVING = 8
"""A member who leaves (or is replaced) does so after this many answers of the game's members."""
Rating = tuple[float, float]


@dataclass
class Turn:
    user_id: int | None
    """None: a bot player."""
    start: int
    stop: int | None = None


@dataclass
class Played:
    """One game as the walk saw it played."""

    game_id: int
    sides: list[str]
    winner: str | None
    """"law", "mafia", or None after a draw."""
    steps: int
    turns: list[list[Turn]]
    """Each seat's holders, first to last."""

    def share(self, turn: Turn) -> float:
        stop = self.steps if turn.stop is None else turn.stop
        return (stop - turn.start) / self.steps


@dataclass
class Plan:
    """One game of the walk: its host (who plays), the other members seated, and who leaves it mid-game."""

    seed: int
    host: User
    members: list[User]
    leaving: User | None = None
    """Uses /leave mid-game: a bot player takes the seat."""
    replaced: tuple[User, User] | None = None
    """(player, substitute): a moderator gives the player's seat to the substitute mid-game."""
    done: list[str] = field(default_factory=list)


async def play_game(w: World, plan: Plan, monkeypatch: pytest.MonkeyPatch) -> Played:
    fixed_seed(monkeypatch, plan.seed)
    created = await w.slash(plan.host, "mafia new")
    assert not created.errors, created.callbacks
    for user in [plan.host, *plan.members]:  # the host of a Mafia lobby signs up like everyone else
        await w.gm.lobby.join(w.channel.id, Seat(name=user.username, user_id=user.id, language=normalize(user.locale)))
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None
    await w.slash(plan.host, "addbot", count=PLAYERS - len(row.seats))
    await w.slash(plan.host, "start")
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.status == "running", w.standin.transcript(w.channel)
    game = w.game(row.id)
    assert game is not None
    turns = [[Turn(None if s.bot else s.user_id, 0)] for s in game.seats]
    acts = 0
    while game.running:
        if acts == ACTS_BEFORE_LEAVING:
            await leave_or_replace(w, game, plan, turns)
        prompt = next((p for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot), None)
        if prompt is None:
            await asyncio.sleep(0.005)  # the bot players' answers come
            continue
        rng = derived(game.row.seed, "drv", game.state.step, prompt.id)
        outcome = await w.gm.table.act(game.id, prompt.seat, game.engine.bot_action(game.state, prompt, rng))
        assert outcome.ok, outcome.refusal
        acts += 1
    await w.gm.drained()
    state = game.state
    assert isinstance(state, MafiaState)
    assert plan.done == [*(["left"] if plan.leaving else []), *(["replaced"] if plan.replaced else [])], plan.done
    return Played(game.id, [s.faction for s in state.seats], state.winner if state.winner != "draw" else None,
                  state.step, turns)


async def leave_or_replace(w: World, game: LiveGame, plan: Plan, turns: list[list[Turn]]) -> None:
    """The plan's /leave and /gm replace, each once, noting the step each seat changed hands at."""
    if plan.leaving is not None and "left" not in plan.done:
        seat, step = game.seat_of(plan.leaving.id), game.state.step
        assert seat is not None
        call = await w.slash(plan.leaving, "leave")
        assert not call.errors, call.callbacks
        said = {"en": f"You left game #{game.id}: a bot player plays your seat to the end. It counts as a game left in "
                      "your reliability.",
                "ru": f"Вы вышли из игры №{game.id}: ваше место до конца займёт бот. В вашей надёжности это считается "
                      "уходом из игры."}
        assert answer_text(w, call) == said[normalize(plan.leaving.locale)]
        hand_over(turns[seat], None, step)  # the bot player taking the seat may answer at once
        plan.done.append("left")
    if plan.replaced is not None and "replaced" not in plan.done:
        player, substitute = plan.replaced
        seat, step = game.seat_of(player.id), game.state.step
        assert seat is not None
        call = await w.slash(w.moderator, "gm replace", player=player, member=substitute)
        assert not call.errors, call.callbacks
        assert game.seat_of(substitute.id) == seat
        hand_over(turns[seat], substitute.id, step)
        plan.done.append("replaced")


def hand_over(turns: list[Turn], user_id: int | None, step: int) -> None:
    turns[-1].stop = step
    turns.append(Turn(user_id, step))


MODEL = PlackettLuce()


def expected_ratings(games: list[Played]) -> tuple[dict[int, Rating], Counter[int]]:
    """Every member's (μ, σ) and rated-game count after the games, in the order played, computed here with
    openskill directly, as the README and docs/decisions.md say a game is rated (`rate_game`)."""
    ratings: dict[int, Rating] = {}
    counts: Counter[int] = Counter()
    for played in games:
        changed = rate_game(played, ratings)
        ratings.update(changed)
        counts.update(changed.keys())
    return ratings, counts


def rate_game(played: Played, ratings: dict[int, Rating]) -> dict[int, Rating]:
    """One game's new ratings: law against mafia, one team each (the winners first; a draw ties them), bot
    seats out of the match, a game with fewer than two teams of members not rated (nothing changes); a seat
    that changed hands is in the match with its longest holder, and each member who held it takes
    openskill's change for the seat (with them in it) by their share of the game's steps."""
    default = (MODEL.mu, MODEL.sigma)
    teams: dict[str, list[list[tuple[int, float]]]] = {}
    for seat, side in enumerate(played.sides):
        shares: dict[int, float] = {}
        for turn in played.turns[seat]:
            if turn.user_id is not None and played.share(turn) > 0:
                shares[turn.user_id] = min(1.0, shares.get(turn.user_id, 0.0) + played.share(turn))
        if shares:
            teams.setdefault(side, []).append(sorted(shares.items(), key=lambda held: -held[1]))
    if len(teams) < 2:
        return {}
    sides = list(teams)
    ranks = [1 if played.winner in (None, side) else 2 for side in sides]
    changed: dict[int, Rating] = {}
    for team, side in enumerate(sides):
        for seat, held in enumerate(teams[side]):
            for user_id, share in held:
                lineup = [[ratings.get(members[0][0], default) for members in teams[s]] for s in sides]
                lineup[team][seat] = ratings.get(user_id, default)  # this member in the seat, the rest as they were
                after = MODEL.rate([[MODEL.rating(*r) for r in players] for players in lineup], ranks=ranks)[team][seat]
                mu, sigma = ratings.get(user_id, default)
                changed[user_id] = (mu + share * (after.mu - mu), sigma + share * (after.sigma - sigma))
    return changed


def shown(rating: Rating) -> int:
    """As the README says a rating is shown: μ − 3σ on a scale where everyone starts at 1000 (× 40)."""
    return round(1000 + 40 * (rating[0] - 3 * rating[1]))


def russian_games(count: int, singular: str, few: str, many: str) -> str:
    """A Russian noun phrase agreeing with a number: 1, 21 → singular; 2–4, 22–24 → few; the rest many."""
    if count % 10 == 1 and count % 100 != 11:
        return singular
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many
