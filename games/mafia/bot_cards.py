"""Bot players' card plays for a Night or a Day (games.mafia.bot_orders plans the whole order): why and
at whom each card of the hand or sleeve would be played now, how its cost is paid, and the best play
of each source (or nothing, or junk under the deck at night). See games.mafia.bot_orders for the
policy in short."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.orders import PICKS, Sheet, Step
from games.mafia import bot_memory
from games.mafia import sheet as sheets
from games.mafia.bot_view import EASY, View, card_worth, table_talk, victim
from games.mafia.collection import CardType
from games.mafia.sheet_cards import committed
from games.mafia.sheet_common import AS_QUESTION, HAND_PAY_MAX, PAID, PLAIN, TRICK, UNDER, UNDER_MAX
from games.mafia.state import Card

# --- tuning -------------------------------------------------------------------------------------
LAW_ATTACK = 1.8
"""A law bot's appetite for attacking its suspect (it may well be law: friendly fire)."""
LAW_NIGHT_ATTACK = 0.3
"""At night a law bot seldom attacks: its suspects are those who keep the most cards, and striking
them at night wipes out the very evidence the next day's veche goes by."""
TEACHES = {"hand_colours": 1.5, "faction": 2.5, "search": 1.2, "tracker": 2.0, "denunciation": 2.5}
"""A remembering law bot's extra appetite for the information cards that teach it who is mafia."""
LAW_KNOWN_ATTACK = 3.0
"""A law bot's appetite for attacking a character it knows is mafia, by night too."""
MAFIA_ATTACK = 3.0
MAFIA_SPREAD = 3
"""A mafia bot's attack cards go to one of this many law characters with most cards (or half of
them, when more) — above "easy", by night, onto the kill's victim."""
PLAY_THRESHOLD = 0.5
UNDER_SCORE = 0.9
JUNK = 1.0
"""Cards worth less than this are put under the deck, swapped by the Croupier, paid first."""
LIFE = 1.5
"""What a hand card is worth beyond its use: hand cards are life (0 cards: death)."""
KEEP_IN_HAND = 2
"""Costs never leave fewer hand cards than this (the played card not counted)."""
LETTERS = ("Hang in there.", "I trust you.", "Watch the quiet ones.", "Who do you suspect?")
MAFIA_LETTERS = ("Stick to the plan.", "Keep your head down.", "Tonight as agreed.")
INFORMATION = frozenset({"hand_colours", "surveillance", "search", "faction", "tracker", "eavesdrop",
                         "denunciation", "intercept"})
HOSTILE = bot_memory.HOSTILE
LAZYBONES, BUSINESSMAN, BANKER, JOURNALIST = "lazybones", "businessman", "banker", "journalist"


# --- walking a part's steps ---------------------------------------------------------------------------
Decide = Callable[[Step, list[str]], str | None]


def walk(v: View, trial: Sheet, name: str, decide: Decide) -> list[str] | None:
    """Build part `name` step by step, each answer from `decide` (None: give up)."""
    part = sheets.form(v.state).parts[name]
    answers: list[str] = []
    for _ in range(12):
        step = part.step(v.state, trial, answers)
        if step is None:
            return answers
        value = decide(step, answers)
        if value is None:
            return None
        answers.append(value)
    return None


def enabled(step: Step) -> list[str]:
    return [o.value for o in step.options if o.disabled is None]


def payment(v: View, step: Step, played: Card | None, trial: Sheet) -> tuple[str, float] | None:
    """The cheapest legal payment for a pay step: sleeve cards first, then the least useful hand
    cards, at most 2 from the hand and never leaving fewer than KEEP_IN_HAND in it. With its price."""
    cost = step.min_picks or 0
    player = v.player
    hand_ids = {c.id for c in player.hand}
    cards = {c.id: c for c in (*player.hand, *player.sleeve)}
    used = committed(v.state, trial, "")
    hand_free = len(player.hand) - sum(1 for i in used if i in hand_ids) - (
        1 if played is not None and played.id in hand_ids else 0)
    priced: list[tuple[float, str, bool]] = []
    for value in enabled(step):
        card = cards.get(int(value.removeprefix(PAID)))
        if card is None:
            continue
        in_hand = card.id in hand_ids
        price = card_worth(v, card) + LIFE if in_hand else 0.2 + 0.5 * card_worth(v, card)
        priced.append((price, value, in_hand))
    priced.sort()
    chosen: list[str] = []
    total = 0.0
    from_hand = 0
    for price, value, in_hand in priced:
        if len(chosen) == cost:
            break
        if in_hand and (from_hand >= HAND_PAY_MAX or hand_free - from_hand - 1 < KEEP_IN_HAND):
            continue
        chosen.append(value)
        total += price
        from_hand += in_hand
    if len(chosen) < cost:
        return None
    return PICKS.join(chosen), total


# --- playing a card ---------------------------------------------------------------------------------
@dataclass
class Intent:
    score: float
    target: int | None = None
    text: str | None = None


def enemy(v: View) -> int | None:
    """Whom to hurt: law — its top suspect; mafia — one of the law characters with most cards."""
    if v.mafia:
        # Each member his own pick among the law characters with most cards (the kill's victim among
        # them): damage spread thin keeps the law's counts down beside the mafia's.
        pool = sorted(v.targets(v.law()), key=lambda n: (-v.count(n), n))
        if v.night and v.level != EASY:  # above "easy", the night's attacks help the kill finish its victim
            chosen = victim(v.state, v.level)
            if chosen in pool:
                return chosen
        spread = max(MAFIA_SPREAD, len(pool) // 2)
        return v.rng.choice(pool[:spread]) if pool else None
    pool = v.ranked(v.targets(list(v.suspicion)))
    return pool[0] if pool else None


def probe(v: View, effect: str = "") -> int | None:
    """Whom to look at: law — one of its three top suspects; mafia — any law character. A law bot that
    remembers looks where it learns most (games.mafia.bot_memory.probe_target)."""
    pool = v.ranked(v.targets(v.law()))
    if not pool:
        return None
    if v.remembers:
        return bot_memory.probe_target(v.state, v.me, effect, pool, v.count, v.rng, table_talk(v.state))
    return v.rng.choice(pool[:3] if not v.mafia else pool)


def ally(v: View) -> int | None:
    """Whom to help: the weakest friend (mafia: a fellow member; law: the fewest cards — the mafia's
    victims, and so probably law)."""
    pool = v.targets(v.friends if v.mafia else list(v.suspicion))
    if v.remembers:  # those it knows are law, else those it does not suspect; never a known member
        pool = [n for n in pool if v.cleared(n)] or [n for n in pool if v.belief.get(n, 0.0) <= 0]
    if not pool:
        return None
    return min(pool, key=lambda n: (v.count(n), v.suspicion.get(n, 0.0)))


def intent(v: View, kind: CardType) -> Intent | None:
    """Why and at whom this seat would play a card of this kind now (a score, 0 = pointless)."""
    effect, params = kind.effect, kind.params
    target: int | None = None
    if kind.targeted:
        if effect in HOSTILE:
            target = enemy(v)
        elif effect in INFORMATION:
            target = probe(v, effect)
        elif effect == "letter":
            pool = v.targets(v.friends) or v.targets(list(v.suspicion))
            target = v.rng.choice(pool) if pool else None
        else:
            target = ally(v)
        if target is None:
            return None
    weak = target is not None and v.count(target) <= 3
    attack = MAFIA_ATTACK if v.mafia else LAW_ATTACK if not v.night else LAW_NIGHT_ATTACK
    if target is not None and effect in HOSTILE and v.known_mafia(target):
        attack = LAW_KNOWN_ATTACK  # no evidence left to wipe out: it knows
    if effect == "damage":
        score = attack + 0.3 * params.get("amount", 0)
    elif effect == "poison":
        score = attack + 0.3 * (params.get("now", 0) + params.get("later", 0))
    elif effect == "rob":
        score = 2.2 if v.mafia else 1.3
    elif effect in ("sabotage", "disarm"):
        score = 0.6
    elif effect == "riposte":
        score = 1.0 + (1.5 if v.looks_suspect() else 0.0)
    elif effect == "armor" and target is None:
        amount = params.get("amount", 0)
        if v.night and not v.mafia:
            # the kill falls on someone: the weak die of it, the strong are the likeliest victims
            score = 0.8 * amount + (1.0 if v.count(v.me) <= 3 or v.looks_suspect() else 0.0)
        else:
            score = (0.6 * amount) if v.threatened() else 0.1
    elif effect == "armor":
        score = (0.5 if weak else 0.3) * params.get("amount", 0) if v.night else 0.0
    elif effect == "draw" and target is None:
        score = 1.2 * params.get("cards", 0) + 1.2
    elif effect == "draw":
        score = 1.0 + 0.8 * params.get("cards", 0) if weak else 0.0
    elif effect == "stockpile":
        score = 1.8
    elif effect == "armor_next_night":
        score = 1.4 if weak else 0.6
    elif effect == "antidote":
        score = 0.3
    elif effect in INFORMATION:
        score = 0.7 if v.mafia else 1.0
        if v.remembers:
            score += TEACHES.get(effect, 0.0)
    elif effect == "letter":
        score = 0.6
        pool = MAFIA_LETTERS if v.mafia else LETTERS
        return Intent(score, target, v.rng.choice(pool))
    elif effect == "divination":
        score = 0.7
    else:
        score = 0.0
    return Intent(score, target)


def role_bonus(v: View, kind: CardType) -> float:
    """Public roles that change what a play is worth."""
    role, player = v.player.public_role, v.player
    if v.night and role == LAZYBONES:
        return -1.6  # playing costs his 2 armor
    if v.night and role == BUSINESSMAN:
        return -1.2  # playing costs his Fat
    if role == BANKER and not player.banker_used and kind.cost > 0:
        return 1.5
    return 0.0


@dataclass
class Choice:
    score: float
    answers: list[str]


@dataclass
class Candidate:
    """A card and the kind it would be played as, with the score before paying its cost."""

    card: Card
    kind: CardType
    as_question: bool
    why: Intent
    bound: float


HAND_BONUS = 0.5
"""A hand card played is replaced by a draw (a sleeve card is not)."""


def best_card(v: View, trial: Sheet, source: str) -> list[str] | None:
    """The best way to fill part `source` ("hand"/"sleeve"), or None to play nothing. Candidates are
    walked best bound first (a cost only lowers the score), so few are built step by step."""
    state = v.state
    form = sheets.form(state)
    first = form.parts[source].step(state, trial, [])
    if first is None:
        return None
    open_cards = set(enabled(first))
    cards = v.player.hand if source == "hand" else v.player.sleeve
    bonus = HAND_BONUS if source == "hand" else 0.0
    candidates: list[Candidate] = []
    for card in sorted(cards, key=lambda c: c.id):
        if str(card.id) not in open_cards:
            continue
        kinds = [state.collection.card(card.key)]
        if source == "sleeve" and v.player.public_role == JOURNALIST:
            kinds.append(state.collection.card(state.roles.get(JOURNALIST).number("as_card")))
        for index, kind in enumerate(kinds):
            why = intent(v, kind)
            if why is not None and why.score > 0:
                bound = why.score + role_bonus(v, kind) + bonus
                candidates.append(Candidate(card, kind, index == 1, why, bound))
    best: Choice | None = None
    if source == "hand" and v.night and UNDER in open_cards:
        junk = sorted((c for c in v.player.hand if card_worth(v, c) < JUNK), key=lambda c: (card_worth(v, c), c.id))
        if junk:
            score = UNDER_SCORE - (1.2 if v.player.public_role == BUSINESSMAN else 0.0)
            best = Choice(score, [UNDER, PICKS.join(str(c.id) for c in junk[: UNDER_MAX])])
    for candidate in sorted(candidates, key=lambda c: -c.bound):
        if candidate.bound < PLAY_THRESHOLD or (best is not None and candidate.bound <= best.score):
            break
        choice = card_choice(v, trial, source, candidate)
        if choice is not None and (best is None or choice.score > best.score):
            best = choice
    if best is None or best.score < PLAY_THRESHOLD:
        return None
    return best.answers


def card_choice(v: View, trial: Sheet, source: str, candidate: Candidate) -> Choice | None:
    card, why = candidate.card, candidate.why
    paid = 0.0

    def decide(step: Step, answers: list[str]) -> str | None:
        nonlocal paid
        options = enabled(step)
        if not answers:
            return str(card.id)
        if step.key == "mafia-ask-trick":
            return TRICK if card_worth(v, card) >= 3 else PLAIN
        if step.key == "mafia-ask-as-question":
            wanted = AS_QUESTION if candidate.as_question else PLAIN
            return wanted if wanted in options else None
        if step.key == "mafia-ask-target":
            return str(why.target) if str(why.target) in options else None
        if step.key == "mafia-ask-letter":
            return why.text or LETTERS[0]
        if step.key == "mafia-ask-pay":
            found = payment(v, step, card, trial)
            if found is None:
                return None
            paid = found[1]
            return found[0]
        return None

    answers = walk(v, trial, source, decide)
    if answers is None:
        return None
    return Choice(candidate.bound - paid, answers)


def plan_card(source: str) -> Callable[[View, Sheet], list[str] | None]:
    def planner(v: View, trial: Sheet) -> list[str] | None:
        return best_card(v, trial, source)

    return planner
