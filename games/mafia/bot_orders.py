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
The card plays (why and at whom each card would be played, how its cost is paid) live in
games.mafia.bot_cards.

Knowledge (games.mafia.bot_view): a bot reads only what its seat knows — its own role, hand, sleeve,
deck contents and Killer's `checked`; public facts (hand counts, deaths, public roles, the Leader); a
mafia member also knows the other members. Levels: an "easy" bot remembers nothing and judges on
public evidence alone (law suspects whoever keeps the most cards: the mafia's kill never hits its
own); a "normal" law bot also weighs what its seat has learned (`MafiaState.knowledge`, judged by
games.mafia.bot_memory): it plays its information cards readily and where they teach most (the
Tracker on the kill's likeliest victim, to catch its voters), votes out and attacks — by night
too — the characters it knows are mafia, and protects those it knows are law. A "normal" mafia
plays as one: it spares the law character the table suspects most (tomorrow's veche may spend
itself on him), its night attacks go onto the kill's victim so that the kill finishes him, and
while the table is crowded its veche votes go together onto the table's suspect.

The policy, in short (the numbers below are tuned so that law wins 40–60% of bot games at 10–12
players, tests/bench/bots.py; the "easy" policy is the first one, kept as it was):
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

from games.core.orders import PICKS, Sheet, Step
from games.mafia import sheet as sheets
from games.mafia import votes
from games.mafia.artifact import artifact_pass_refusal
from games.mafia.bot_cards import JUNK, enabled, payment, plan_card, walk
from games.mafia.bot_view import EASY, View, card_worth, table_suspect, victim, view
from games.mafia.collection import COLOURS
from games.mafia.sheet_cards import committed
from games.mafia.sheet_common import NAME_COPIES, YES
from games.mafia.sheet_now import boss_may_write
from games.mafia.state import MafiaState

Plan = dict[str, list[str]]

# --- tuning -------------------------------------------------------------------------------------
CONFIDENT = 0
"""A law bot votes execution when its suspect keeps at least this many cards more than anyone else
(0: when nobody keeps more), else a beating."""
FEW_ALIVE = 5
"""…or when this few characters are left (no time for beatings)."""
MAFIA_EXECUTION = 0.8
"""How often a mafia bot asks for execution at the veche."""
CROWD = 10
"""Above "easy", the mafia's veche votes go together onto the table's suspect while at least this many
are alive: in a crowd three votes hide among the law's; at a small table a bloc of three would
stand out in the public totals."""
LAW_SELF_LEADER = 0.35
MAFIA_SELF_LEADER = 0.5
SPARE = 1.5
"""The mafia boosts only with a card it can spare: a sleeve card (a hand card lost to a cost shows in
the public count, and a member whose count drops with no damage done looks like a victim only to
careless eyes — the bots keep their counts honest)."""


# --- votes and abilities -----------------------------------------------------------------------------
def plan_kill(v: View, trial: Sheet) -> list[str] | None:
    chosen = victim(v.state, v.level)
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
        # Each member his own law character — but above "easy", while the table is crowded, all on the
        # law character the table suspects most (three votes can tip the veche onto him).
        crowded = v.level != EASY and len(state.living()) >= CROWD
        target = table_suspect(state, pool) if crowded else v.rng.choice(pool)
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
    names = [k for k in order for _ in range(NAME_COPIES)][: wanted] if wanted > len(order) else order[:wanted]
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
    used = committed(v.state, trial, "paranoid")
    spare = [c for c in v.player.sleeve if c.id not in used and card_worth(v, c) < 2.5]
    if not spare:
        return None
    return [PICKS.join(str(c.id) for c in spare)]


def plan_croupier(v: View, trial: Sheet) -> list[str] | None:
    """Swap the worst hand card for a draw, when it is junk."""
    used = committed(v.state, trial, "croupier")
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
    chosen = victim(state, v.level)
    if chosen is None:
        return None
    role = state.seats[chosen].public_role.capitalize()
    return [str(v.rng.choice(v.friends)), f"Tonight: the {role}."]

