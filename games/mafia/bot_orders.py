"""Bot players' orders for a Night or a Day, in the order sheet's own encoding (games.mafia.sheet).

`plan(state, me, rng)` gives the parts a bot wants, as the answers each part keeps (only parts kept
as orders); `immediate(state, me, rng)` gives the one immediate action still worth taking this phase
(Lucky's redraw, the Advisor hiding cards, Divination's arrangement, the hand's order, the Boss's
message), or None. The form then walks the sheet to the plan one answer at a time
(`OrderForm.bot_value`), so both are pure functions of the state: the plan's randomness comes from a
generator fixed by (seed, phase index, seat) — never from the per-prompt generator — and an
immediate action, once taken, shows in the state (the hand is in the wanted order, `lucky_used`,
`boss_sent_in`), so it is not asked for again. Every planned part is checked with the form's own
`valid`, beside the parts planned before it, and dropped (kept at its default) when it is not legal.

Knowledge (games.mafia.bot_view): a bot reads only what its seat knows — its own role, hand, sleeve,
deck contents and Killer's `checked`; public facts (hand counts, deaths, public roles, the Leader); a
mafia member also knows the other members. Levels: an "easy" bot remembers nothing and judges on
public evidence alone (law suspects whoever keeps the most cards: the mafia's kill never hits its
own); a "normal" law bot also weighs what its seat has learned (`MafiaState.knowledge`, judged by
games.mafia.bot_memory): it votes out and attacks — by night too — the characters it knows are
mafia, protects those it knows are law, and points its information cards where they teach most.

The policy, in short (the numbers below are tuned so that law wins roughly 35–65% of bot games):
- Law suspects whoever keeps the most cards (against his opening hand). A private hunch and a
  tie-break every seat shares (standing in for the table's talk) pick among equals, so law votes
  mostly land together. At the veche: that suspect — execution when nobody keeps more cards, else a
  beating. Leader: itself or a trusted (few cards) character. At night law arms itself (above all
  the strong, whom the kill seeks, and the weak), rests, stockpiles, shields and heals the weak,
  probes suspects; it attacks suspects by day only (a night's strike would wipe out the evidence
  the veche goes by).
- The mafia votes one victim a night — the law character with most cards, the same for every member
  (a generator seeded by (seed, phase index) alone breaks ties) — boosts only with a spare sleeve
  card, spreads its attack cards over the law characters with most cards, and at the veche each
  member votes for a law character of his own. The Killer checks an unchecked law character naming
  the commonest cards; the Advisor hides cards down to the others' median count; the Boss tells a
  fellow member the victim.
- Everyone pays costs with sleeve cards first, then the least useful hand cards (never more than 2,
  never leaving fewer than 2), orders the hand so damage takes the least useful first, puts junk
  under the deck at night when nothing is worth playing; the artifact goes to the most trusted
  character (law) or a fellow member (mafia); the Paranoid spends spare sleeve cards when damage is
  likely; the Croupier swaps a junk card; Lucky redraws a poor hand; the Magician copies a good card.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from games.core.orders import PICKS, Sheet, Step
from games.mafia import bot_memory, votes
from games.mafia import sheet as sheets
from games.mafia.artifact import artifact_pass_refusal
from games.mafia.bot_view import View, card_worth, victim, view
from games.mafia.collection import COLOURS, CardType
from games.mafia.sheet import AS_QUESTION, PAID, PLAIN, TRICK, UNDER, YES, boss_may_write
from games.mafia.state import Card, MafiaState

Plan = dict[str, list[str]]

# --- tuning -------------------------------------------------------------------------------------
CONFIDENT = 0
"""A law bot votes execution when its suspect keeps at least this many cards more than anyone else
(0: when nobody keeps more), else a beating."""
FEW_ALIVE = 5
"""…or when this few characters are left (no time for beatings)."""
MAFIA_EXECUTION = 0.8
"""How often a mafia bot asks for execution at the veche."""
LAW_SELF_LEADER = 0.35
MAFIA_SELF_LEADER = 0.5
LAW_ATTACK = 1.8
"""A law bot's appetite for attacking its suspect (it may well be law: friendly fire)."""
LAW_NIGHT_ATTACK = 0.3
"""At night a law bot seldom attacks: its suspects are those who keep the most cards, and striking
them at night wipes out the very evidence the next day's veche goes by."""
TEACHES = {"hand_colours": 0.8, "faction": 1.2, "search": 0.6, "tracker": 0.6, "denunciation": 0.6}
"""A remembering law bot's extra appetite for the information cards that teach it who is mafia."""
LAW_KNOWN_ATTACK = 3.0
"""A law bot's appetite for attacking a character it knows is mafia, by night too."""
MAFIA_ATTACK = 3.0
MAFIA_SPREAD = 3
"""A mafia bot's attack cards go to one of this many law characters with most cards (or half of
them, when more)."""
PLAY_THRESHOLD = 0.5
UNDER_SCORE = 0.9
JUNK = 1.0
"""Cards worth less than this are put under the deck, swapped by the Croupier, paid first."""
LIFE = 1.5
"""What a hand card is worth beyond its use: hand cards are life (0 cards: death)."""
SPARE = 1.5
"""The mafia boosts only with a card it can spare: a sleeve card (a hand card lost to a cost shows in
the public count, and a member whose count drops with no damage done looks like a victim only to
careless eyes — the bots keep their counts honest)."""
KEEP_IN_HAND = 2
"""Costs never leave fewer hand cards than this (the played card not counted)."""
LETTERS = ("Hang in there.", "I trust you.", "Watch the quiet ones.", "Who do you suspect?")
MAFIA_LETTERS = ("Stick to the plan.", "Keep your head down.", "Tonight as agreed.")
INFORMATION = frozenset({"hand_colours", "surveillance", "search", "faction", "tracker", "eavesdrop",
                         "denunciation", "intercept"})
HOSTILE = frozenset({"damage", "poison", "rob", "sabotage", "disarm"})
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
    used = sheets.committed(v.state, trial, "")
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
        if in_hand and (from_hand >= sheets.HAND_PAY_MAX or hand_free - from_hand - 1 < KEEP_IN_HAND):
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
        return bot_memory.probe_target(v.state, v.me, effect, pool, v.count, v.rng)
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
            best = Choice(score, [UNDER, PICKS.join(str(c.id) for c in junk[: sheets.UNDER_MAX])])
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


# --- votes and abilities -----------------------------------------------------------------------------
def plan_kill(v: View, trial: Sheet) -> list[str] | None:
    chosen = victim(v.state)
    return None if chosen is None else [str(chosen)]


def plan_boost(v: View, trial: Sheet) -> list[str] | None:
    """Boost when a card can be spared: a Leader's free boost, a sleeve card, or a full hand."""

    def decide(step: Step, answers: list[str]) -> str | None:
        if not answers:
            return YES if YES in enabled(step) else None
        if step.key == "mafia-ask-pay-boost":
            found = payment(v, step, None, trial)
            if found is None or found[1] > SPARE:
                return None
            return found[0]
        return YES  # the Journalist's Question on the victim comes free

    return walk(v, trial, "boost", decide)


def plan_veche(v: View, trial: Sheet) -> list[str] | None:
    state = v.state
    legal = [n for n in v.suspicion if votes.veche_target_refusal(state, v.me, n) is None]
    if v.mafia:
        pool = sorted(n for n in legal if not state.seats[n].mafia)
        if not pool:
            return None
        # Each member his own law character, so that the votes never point back at the voters.
        target = v.rng.choice(pool)
        kind = "execution" if v.rng.random() < MAFIA_EXECUTION else "beating"
        return [str(target), kind]
    pool = v.ranked(legal)
    if not pool:
        return None
    target = pool[0]
    others = [v.count(n) for n in legal if n != target]
    margin = v.count(target) - max(others, default=0)
    sure = margin >= CONFIDENT or len(state.living()) <= FEW_ALIVE or v.known_mafia(target)
    return [str(target), "execution" if sure else "beating"]


def plan_leader(v: View, trial: Sheet) -> list[str] | None:
    state = v.state
    legal = [n for n in state.living() if votes.leader_target_refusal(state, v.me, n) is None]
    if not legal:
        return None
    share = MAFIA_SELF_LEADER if v.mafia else LAW_SELF_LEADER
    if v.me in legal and v.rng.random() < share:
        return [str(v.me)]
    if v.mafia:
        pool = [n for n in v.friends if n in legal]
    else:
        trusted = sorted((n for n in legal if n != v.me), key=lambda n: v.suspicion.get(n, 0.0))
        pool = trusted[: max(1, len(trusted) // 2)]
    if not pool:
        return [str(v.me)] if v.me in legal else None
    return [str(v.rng.choice(pool))]


def plan_artifact(v: View, trial: Sheet) -> list[str] | None:
    """Law: to the character it trusts most; mafia: to a fellow member (else let it go at random)."""
    state = v.state
    legal = [n for n in state.living() if artifact_pass_refusal(state, v.me, n) is None]
    if v.mafia:
        pool = [n for n in v.friends if n in legal]
        return [str(v.rng.choice(pool))] if pool else None
    trusted = sorted(legal, key=lambda n: v.suspicion.get(n, 0.0))
    return [str(trusted[0])] if trusted else None


def plan_check(v: View, trial: Sheet) -> list[str] | None:
    """The Killer: a living law character not checked before, naming the commonest cards."""
    state = v.state
    pool = [n for n in v.law() if n not in v.player.checked and v.count(n) > 0 and not state.seats[n].mafia]
    if not pool:
        return None
    target = v.rng.choice(sorted(pool))
    wanted = v.count(target)
    draftable = state.collection.draftable()
    order = sorted(draftable, key=lambda k: (-(k.weight or 0), v.rng.random()))
    names = [k for k in order for _ in range(sheets.NAME_COPIES)][: wanted] if wanted > len(order) else order[:wanted]
    by_colour = {c: [k.key for k in names if k.colour == c] for c in COLOURS}

    def decide(step: Step, answers: list[str]) -> str | None:
        if not answers:
            return str(target) if str(target) in enabled(step) else None
        colour = COLOURS[len(answers) - 1]
        return PICKS.join(by_colour[colour])

    return walk(v, trial, "check", decide)


def plan_paranoid(v: View, trial: Sheet) -> list[str] | None:
    """Spend the sleeve cards not otherwise used (Bullets kept) when damage is likely."""
    if not (v.threatened() or (v.night and not v.mafia)):
        return None
    used = sheets.committed(v.state, trial, "paranoid")
    spare = [c for c in v.player.sleeve if c.id not in used and card_worth(v, c) < 2.5]
    if not spare:
        return None
    return [PICKS.join(str(c.id) for c in spare)]


def plan_croupier(v: View, trial: Sheet) -> list[str] | None:
    """Swap the worst hand card for a draw, when it is junk."""
    used = sheets.committed(v.state, trial, "croupier")
    free = [c for c in v.player.hand if c.id not in used]
    if len(free) < 2:
        return None
    worst = min(free, key=lambda c: (card_worth(v, c), c.id))
    return [str(worst.id)] if card_worth(v, worst) < JUNK + 0.3 else None


PLANNERS: list[tuple[str, Callable[[View, Sheet], list[str] | None]]] = [
    ("hand", plan_card("hand")), ("sleeve", plan_card("sleeve")), ("kill", plan_kill), ("boost", plan_boost),
    ("veche", plan_veche), ("leader", plan_leader), ("artifact", plan_artifact), ("check", plan_check),
    ("paranoid", plan_paranoid), ("croupier", plan_croupier),
]


def blank(state: MafiaState, me: int) -> Sheet | None:
    """A copy of the seat's sheet with every part at its default (what the plan is built on)."""
    real = state.sheets.get(me)
    if real is None:
        return None
    trial = Sheet(id=real.id, seat=me)
    form = sheets.form(state)
    # Only the parts the sheet was opened with: the overview offers no others.
    trial.parts = {name: part.default(state, trial) for name, part in form.parts.items()
                   if name in real.parts and part.available(state, trial)}
    return trial


def plan(state: MafiaState, me: int, rng: random.Random | None = None, level: str = "normal") -> Plan:
    """The bot's order for this phase, part by part (see the module's doc), played at `level`. `rng`
    is not used: the plan must not change between the prompts of one sheet."""
    trial = blank(state, me)
    if trial is None or not state.seats[me].alive:
        return {}
    form = sheets.form(state)
    v = view(state, me, level)
    result: Plan = {}
    for name, planner in PLANNERS:
        if name not in trial.parts or form.parts[name].immediate:
            continue
        answers = planner(v, trial)
        if answers is None or answers == trial.parts[name]:
            continue
        if form.valid(state, trial, name, answers):
            trial.parts[name] = answers
            result[name] = answers
    # Every planned part must stay legal beside the others, or the form's repair would undo it and
    # the bot would edit it again forever.
    changed = True
    while changed:
        changed = False
        for name in list(result):
            if not form.valid(state, trial, name, result[name]):
                del result[name]
                trial.parts[name] = form.parts[name].default(state, trial)
                changed = True
    return result


# --- immediate actions ---------------------------------------------------------------------------------
def immediate(state: MafiaState, me: int, rng: random.Random | None = None,
              level: str = "normal") -> tuple[str, list[str]] | None:
    """The next immediate action worth taking, or None. Each is judged on the state alone and shows
    in it once taken (the hand in the wanted order, `lucky_used`, `boss_sent_in`), so it is asked
    at most once a phase."""
    trial = blank(state, me)
    if trial is None or not state.seats[me].alive:
        return None
    form = sheets.form(state)
    v = view(state, me, level)
    for name, wanted in (("redraw", want_redraw), ("invisible", want_invisible), ("arrange", want_arrange),
                         ("order", want_order), ("message", want_message)):
        part = form.parts.get(name)
        if part is None or name not in trial.parts:
            continue
        answers = wanted(v)
        if answers is not None and form.valid(state, trial, name, answers):
            return name, answers
    return None


def want_redraw(v: View) -> list[str] | None:
    """Lucky: redraw when the hand is clearly worse than his deck on average."""
    hand = v.player.hand
    everything = [*hand, *v.player.deck]
    if not hand or not everything:
        return None
    mean = statistics.fmean(card_worth(v, c) for c in everything)
    mine = statistics.fmean(card_worth(v, c) for c in hand)
    return [YES] if mine < mean - 0.25 else None


def want_invisible(v: View) -> list[str] | None:
    """The Advisor hides cards so that his public count is no more than the others' median (the law
    suspects big hands), never below 2; unchanged when already so."""
    hand = sorted(v.player.hand, key=lambda c: c.id)
    others = [v.count(n) for n in v.suspicion] or [len(hand)]
    shown = max(2, min(len(hand), int(statistics.median(others))))
    hidden = hand[: max(0, len(hand) - shown)]
    if {c.id for c in hidden} == {c.id for c in v.player.hand if c.invisible}:
        return None
    return [PICKS.join(str(c.id) for c in hidden)]


def want_arrange(v: View) -> list[str] | None:
    """Divination: the best of the cards seen on top (draws take the top)."""
    seen = [c for c in v.player.deck[: len(v.player.divination)] if c.id in v.player.divination]
    best = sorted(seen, key=lambda c: (-card_worth(v, c), c.id))
    if [c.id for c in best] == [c.id for c in seen]:
        return None
    return [PICKS.join(str(c.id) for c in best)]


def want_order(v: View) -> list[str] | None:
    """Damage discards from the front: the least useful cards first."""
    hand = v.player.hand
    best = sorted(hand, key=lambda c: (card_worth(v, c), c.id))
    if [c.id for c in best] == [c.id for c in hand]:
        return None
    return [PICKS.join(str(c.id) for c in best)]


def want_message(v: View) -> list[str] | None:
    """The Boss, at night when he may write: tell a fellow member tonight's victim."""
    state = v.state
    if not v.night or not v.friends or not boss_may_write(state, v.me):
        return None
    chosen = victim(state)
    if chosen is None:
        return None
    role = state.seats[chosen].public_role.capitalize()
    return [str(v.rng.choice(v.friends)), f"Tonight: the {role}."]

