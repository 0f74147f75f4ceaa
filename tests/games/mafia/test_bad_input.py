"""Bad input: every answer the rules or the prompts forbid is refused with its own reason, and a refused
answer changes nothing (rules page, "Playing cards", "Night: the mafia's kill", "Day: the veche",
the roles' abilities; the engine contract: `check` never changes the state, `apply` raises
IllegalAction).

The games reach Night 1 through sign-up and the draft (seed 1, one public role wished per seat: the
Magician is the Killer, the Journalist the Advisor, the Avenger the Boss) and go on by real prompts;
a test that needs a particular table (cards in a hand, a dead or mortally wounded character) changes the
state and opens the sheets again. Each forbidden answer is tried both the way a player gives it (step
by step on the sheet) and, where an order can carry it, as a whole order forged in one answer
(`~plan:<json>`), which the form checks part by part beside the others (`sheet-plan-invalid`).
"""

from __future__ import annotations

import json
from typing import Any

from games.core import Action
from games.core.orders import CANCEL, DONE, EDIT, FINISH, PLAN
from games.mafia import ENGINE, sheet
from games.mafia import sheet_common as words
from games.mafia.collection import COLLECTION_FILE, parse_collection
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import (
    SHEET_ROLES,
    act,
    day_one,
    edit,
    hold,
    law,
    night_one,
    paid,
    phase_passes,
    prompt_of,
    refusal_of,
    refused,
    refused_action,
    reopen,
    role,
    start,
    wish,
)


def plan(**parts: list[str]) -> str:
    """A whole order forged in one answer."""
    return PLAN + json.dumps(parts)


# --- when a card may be played ------------------------------------------------------------------------------------
def test_a_night_card_by_day_is_refused() -> None:
    state = day_one()
    assert state.phase == "day"
    hero = role(state, "hero")
    target = law(state, hero)
    strike, knuckles = hold(state, hero, ("strike", "knuckles"))
    state = reopen(state)
    assert refused(state, hero, plan(hand=[str(strike.id), str(target)])) == "sheet-plan-invalid"
    state = edit(state, hero, "hand")
    assert refused(state, hero, str(strike.id)) == "mafia-refuse-when"
    state = act(state, hero, str(knuckles.id), str(target))
    assert sheet.order_of(state, hero).hand.card == knuckles.id  # type: ignore[union-attr]


# --- one hand card and one sleeve card a phase --------------------------------------------------------------------
def test_the_sheet_holds_one_hand_card_so_a_second_one_replaces_the_first() -> None:
    """The order has one `hand` part: choosing another hand card changes that part (it never adds a
    second play), and a JSON order carries each part once — a part given twice keeps only the last."""
    state = night_one()
    hero = role(state, "hero")
    vest, rest, _strike = hold(state, hero, ("vest", "rest", "strike"))
    state = reopen(state)
    state = edit(state, hero, "hand", str(vest.id))
    state = edit(state, hero, "hand", str(rest.id))
    assert state.sheets[hero].parts["hand"] == [str(rest.id)]
    order = sheet.order_of(state, hero)
    assert order.hand is not None and order.hand.card == rest.id and order.sleeve is None
    twice = PLAN + f'{{"hand":["{vest.id}"],"hand":["{rest.id}"]}}'
    assert ENGINE.check(state, hero, Action(prompt=prompt_of(state, hero).id, value=twice)) is None
    state = act(state, hero, twice)
    assert sheet.order_of(state, hero).hand.card == rest.id  # type: ignore[union-attr]


def test_a_forged_order_with_two_hand_cards_is_refused() -> None:
    state = night_one()
    hero = role(state, "hero")
    victim = law(state, hero)
    vest, rest, strike, question, fat = hold(state, hero, ("vest", "rest", "strike", "question"), ("fat",))
    state = reopen(state)
    forged = [  # (the order, the part the refusal names)
        ({"hand": [str(vest.id), str(rest.id)]}, "hand"),  # a second card inside the hand part
        ({"hand": [str(vest.id)], "sleeve": [str(rest.id)]}, "sleeve"),  # a hand card played as the sleeve card
        ({"sleeve": [str(question.id), str(victim)]}, "sleeve"),  # the same, with a target
        ({"hand": [str(vest.id)], "sleeve": [str(vest.id)]}, "hand"),  # one card in both parts
        ({"hand": [words.UNDER, f"{vest.id},{rest.id},{strike.id}"]}, "hand"),  # three cards under the deck
        ({"hand": [words.UNDER, f"{vest.id}"], "sleeve": [str(fat.id)]}, "hand"),  # under the deck, and a sleeve card
    ]
    for order, part in forged:
        refusal = refusal_of(state, hero, plan(**order))
        assert (refusal.key, refusal.params) == ("sheet-plan-invalid", {"part": {"term": f"mafia-part-{part}"}}), \
            order
    assert refused(state, hero, plan(boost=[words.YES])) == "error-no-such-option", "no such part on his sheet"
    state = edit(state, hero, "hand", words.UNDER, (str(vest.id),))
    state = edit(state, hero, "sleeve")
    assert refused(state, hero, str(fat.id)) == "mafia-refuse-under-instead"


# --- targets ------------------------------------------------------------------------------------------------------
def test_yourself_or_a_dead_character_is_no_target() -> None:
    state = night_one()
    hero = role(state, "hero")
    dead = law(state, hero)
    state.seats[dead].alive = False
    state.seats[dead].died_in = 0
    (strike,) = hold(state, hero, ("strike",))
    state = reopen(state)
    for target in (hero, dead, 99, -1):
        assert refused(state, hero, plan(hand=[str(strike.id), str(target)])) == "sheet-plan-invalid"
    state = edit(state, hero, "hand", str(strike.id))
    assert prompt_of(state, hero).key == "mafia-ask-target"
    assert refused(state, hero, str(hero)) == "mafia-refuse-self"
    assert refused(state, hero, str(dead)) == "mafia-refuse-dead"
    for target in ("99", "the Boss"):
        assert refused(state, hero, target) == "error-no-such-option"
    assert refused(state, hero, str(role(state, "sociopath"))) == "mafia-refuse-sociopath", "Night 1"


def test_the_dead_vote_for_nothing_and_nobody_votes_for_the_dead() -> None:
    state = day_one()
    hero = role(state, "hero")
    dead = law(state, hero)
    state.seats[dead].alive = False
    state.seats[dead].died_in = 1
    state = reopen(state)
    assert dead not in state.sheets, "the dead take no part"
    assert refused(state, hero, plan(veche=[str(dead), "execution"])) == "sheet-plan-invalid"
    assert refused(state, hero, plan(leader=[str(dead)])) == "sheet-plan-invalid"
    assert refused(state, hero, plan(veche=[str(hero), "beating"])) == "sheet-plan-invalid", "not oneself"
    state = edit(state, hero, "veche")
    assert refused(state, hero, str(dead)) == "mafia-refuse-dead"
    assert refused(state, hero, str(hero)) == "mafia-refuse-self"


# --- the mafia's kill and the Killer ------------------------------------------------------------------------------
def test_a_mafia_member_is_no_victim_of_the_kill() -> None:
    state = night_one()
    killer, boss, advisor = role(state, "killer"), role(state, "boss"), role(state, "advisor")
    for victim in (boss, advisor):
        assert refused(state, killer, plan(kill=[str(victim)])) == "sheet-plan-invalid"
    assert refused(state, killer, plan(kill=[str(killer)])) == "sheet-plan-invalid"
    state = edit(state, killer, "kill")
    assert refused(state, killer, str(boss)) == "mafia-vote-refusal-mafia"
    assert refused(state, killer, str(role(state, "sociopath"))) == "mafia-vote-refusal-sociopath"
    hero = role(state, "hero")
    assert refused(state, hero, plan(kill=[str(law(state, hero))])) == "error-no-such-option", "law has no kill"


def names(state: MafiaState, count: int) -> str:
    """A legal naming for the Killer's check of a hand of `count`: attack cards, each name at most twice."""
    attack = [c.key for c in state.collection.cards if c.colour == "attack"]
    return ",".join([key for key in attack for _ in range(words.NAME_COPIES)][:count])


def test_the_killer_never_checks_the_same_target_twice() -> None:
    state = night_one()
    killer = role(state, "killer")
    target = law(state, killer)
    state = phase_passes(state, {killer: {"check": [str(target), names(state, state.counts[target])]}})
    assert state.seats[killer].checked == [target]
    state = phase_passes(state)
    assert (state.phase, state.number) == ("night", 2) and state.seats[target].alive
    other = next(n for n in state.living() if not state.seats[n].mafia and n != target
                 and state.counts[n] == state.counts[target])
    same = names(state, state.counts[target])
    assert ENGINE.check(state, killer, Action(prompt=prompt_of(state, killer).id,
                                              value=plan(check=[str(other), same]))) is None
    assert refused(state, killer, plan(check=[str(target), same])) == "sheet-plan-invalid"
    state = edit(state, killer, "check")
    assert refused(state, killer, str(target)) == "mafia-refuse-checked"
    assert refused(state, killer, str(role(state, "boss"))) == "mafia-refuse-check-mafia"


# --- costs --------------------------------------------------------------------------------------------------------
def organisers_collection(**costs: int) -> Any:
    """The default collection with some costs changed, as an organiser's file would give it."""
    raw = json.loads(COLLECTION_FILE.read_text(encoding="utf-8"))
    for card in raw["cards"]:
        card["cost"] = costs.get(card["key"], card["cost"])
    return parse_collection(raw, "organiser-collection.json")


def test_a_cost_is_never_paid_with_three_hand_cards() -> None:
    state = night_one()
    state = state.model_copy(update={"collection": organisers_collection(arson=3)})
    assert state.collection.card("arson").cost == 3
    hero = role(state, "hero")
    victim = law(state, hero)
    arson, one, two, three = hold(state, hero, ("arson", "strike", "vest", "rest"))
    state = reopen(state)
    state = edit(state, hero, "hand")
    assert refused(state, hero, str(arson.id)) == "mafia-refuse-cannot-pay", "only hand cards: at most 2 of 3"
    arson, one, two, three, fat = hold(state, hero, ("arson", "strike", "vest", "rest"), ("fat",))
    state = reopen(state)
    three_hand = ",".join(paid(one, two, three))
    assert refused(state, hero, plan(hand=[str(arson.id), str(victim), three_hand])) == "sheet-plan-invalid"
    state = edit(state, hero, "hand", str(arson.id), str(victim))
    assert prompt_of(state, hero).key == "mafia-ask-pay"
    assert refused(state, hero, paid(one, two, three)) == "mafia-refuse-hand-pay"
    assert refused(state, hero, paid(one, two)) == "error-pick-exactly", "the cost is 3"
    assert refused(state, hero, paid(arson, one, two)) == "error-no-such-option", "the card does not pay itself"
    state = act(state, hero, paid(one, two, fat))
    assert sheet.order_of(state, hero).hand.paid == [one.id, two.id, fat.id]  # type: ignore[union-attr]


def test_a_cost_is_never_paid_with_a_card_one_does_not_have() -> None:
    state = night_one()
    hero, other = role(state, "hero"), role(state, "banker")
    victim = law(state, hero, other)
    ambush, vest = hold(state, hero, ("ambush", "vest"))
    (strike,) = hold(state, other, ("strike",))
    state = reopen(state)
    assert refused(state, hero, plan(hand=[str(ambush.id), str(victim), f"{words.PAID}{strike.id}"])) \
        == "sheet-plan-invalid"
    assert refused(state, hero, plan(hand=[str(strike.id)])) == "sheet-plan-invalid", "another's card"
    state = edit(state, hero, "hand")
    assert refused(state, hero, str(strike.id)) == "error-no-such-option"
    state = act(state, hero, str(ambush.id), str(victim))
    assert refused(state, hero, paid(strike)) == "error-no-such-option"
    assert refused(state, hero, (f"{words.PAID}12345",)) == "error-no-such-option"
    assert refused(state, hero, paid(vest, vest)) in ("error-picked-twice", "error-pick-exactly")


def test_a_card_used_by_one_part_pays_for_no_other() -> None:
    state = night_one()
    killer = role(state, "killer")
    victim = law(state, killer)
    strike, vest = hold(state, killer, ("strike", "vest"))
    state = reopen(state)
    assert refused(state, killer, plan(hand=[str(strike.id), words.PLAIN, str(victim)],
                                       boost=[words.YES, f"{words.PAID}{strike.id}"])) == "sheet-plan-invalid"
    state = edit(state, killer, "boost", words.YES, paid(vest))
    state = edit(state, killer, "hand")
    assert refused(state, killer, str(vest.id)) == "mafia-refuse-card-used"


# --- the votes ----------------------------------------------------------------------------------------------------
def test_nobody_votes_for_the_current_leader() -> None:
    state = day_one()
    banker = role(state, "banker")
    state = phase_passes(state, {n: {"leader": [str(banker)]} for n in state.living()})
    assert state.leader == banker and state.phase == "night"
    state = phase_passes(state)
    assert state.phase == "day" and state.leader == banker
    hero = role(state, "hero")
    for voter in (hero, banker):
        assert refused(state, voter, plan(leader=[str(banker)])) == "sheet-plan-invalid"
    state = edit(state, hero, "leader")
    assert refused(state, hero, str(banker)) == "mafia-vote-refusal-leader"
    state = act(state, hero, str(hero))
    assert sheet.order_of(state, hero).leader == hero, "oneself, though, is allowed"


def test_the_veche_spares_a_mortally_wounded_avenger_and_the_sociopath_on_day_1() -> None:
    state = day_one()
    hero, avenger, sociopath = role(state, "hero"), role(state, "avenger"), role(state, "sociopath")
    state.seats[avenger].wounded_in = 1
    hold(state, avenger)
    state = reopen(state)
    assert "mafia-sheet-wounded" in [f["message"] for f in prompt_of(state, avenger).params["facts"]["lines"]]
    assert refused(state, hero, plan(veche=[str(avenger), "execution"])) == "sheet-plan-invalid"
    assert refused(state, hero, plan(veche=[str(sociopath), "beating"])) == "sheet-plan-invalid"
    state = edit(state, hero, "veche")
    assert refused(state, hero, str(avenger)) == "mafia-vote-refusal-wounded"
    assert refused(state, hero, str(sociopath)) == "mafia-vote-refusal-sociopath"
    assert refused(state, hero, str(hero)) == "mafia-refuse-self", "not for oneself"
    state = act(state, hero, str(law(state, hero)))
    assert refused(state, hero, "peace") == "error-no-such-option", "execution or beating, nothing else"


# --- the Boss's message and the Letter ----------------------------------------------------------------------------
def test_the_boss_writes_once_every_two_phases() -> None:
    state = night_one()
    boss, killer = role(state, "boss"), role(state, "killer")
    assert refused(state, boss, plan(message=[str(killer), "Hi"])) == "error-no-such-option", \
        "a message is sent at once, never in an order"
    state = edit(state, boss, "message", str(killer), "The Banker tonight.")
    assert state.seats[boss].boss_sent_in == 1
    state = edit(state, boss, "message")
    assert refused(state, boss, str(killer)) == "mafia-refuse-boss-wait"
    state = phase_passes(state)
    assert state.phase == "day"
    state = edit(state, boss, "message")
    assert refused(state, boss, str(killer)) == "mafia-refuse-boss-wait", "Day 1 is the next phase: still waiting"
    assert refused(state, boss, str(law(state, boss))) == "error-no-such-option", "only to a mafia member"


def test_a_letter_or_a_message_with_a_link_is_refused() -> None:
    state = night_one()
    hero, boss, killer = role(state, "hero"), role(state, "boss"), role(state, "killer")
    friend = law(state, hero)
    (letter,) = hold(state, hero, ("letter",))
    state = reopen(state)
    for text in ("see https://example.com", "www.example.org", "join discord.gg/abc", "go to evil.ru now"):
        assert refused(state, hero, plan(hand=[str(letter.id), str(friend), text])) == "sheet-plan-invalid"
    state = edit(state, hero, "hand", str(letter.id), str(friend))
    assert prompt_of(state, hero).ask == "text"
    assert refused(state, hero, "see https://example.com") == "mafia-refuse-link"
    assert refused(state, hero, "x" * 1001) == "error-text-too-long"
    assert refused(state, hero, "   ") == "error-malformed"
    state = edit(state, boss, "message", str(killer))
    assert refused(state, boss, "read http://evil.example now") == "mafia-refuse-link"


def test_a_text_box_takes_no_sheet_navigation_it_does_not_offer() -> None:
    """A text step offers Back and Cancel only: "~done" or "~edit:<part>" typed there is refused (it
    once marked the sheet sent with a part half built, or left the part for another). Text that merely
    starts with "~" is a text like any other."""
    state = night_one()
    hero = role(state, "hero")
    friend = law(state, hero)
    (letter,) = hold(state, hero, ("letter",))
    state = reopen(state)
    state = edit(state, hero, "hand", str(letter.id), str(friend))
    for value in (DONE, f"{EDIT}sleeve", f"{EDIT}hand"):
        assert refused(state, hero, value) == "error-no-such-option", value
    state = act(state, hero, "~ see you at dawn")
    assert sheet.order_of(state, hero).hand.text == "~ see you at dawn"  # type: ignore[union-attr]
    assert not state.sheets[hero].done and state.sheets[hero].editing is None


# --- prompts, values and forged orders ----------------------------------------------------------------------------
def test_an_answer_to_a_stale_prompt_is_refused() -> None:
    state = night_one()
    hero = role(state, "hero")
    old = prompt_of(state, hero)
    state = act(state, hero, f"{EDIT}hand")
    assert refused(state, hero, DONE, prompt=old) == "error-stale"
    assert refused(state, hero, DONE, prompt=old.model_copy(update={"id": "night-t-0.999"})) == "error-stale"
    night_prompt = prompt_of(state, hero)
    state = phase_passes(state)
    assert refused(state, hero, FINISH, prompt=night_prompt) == "error-stale", "last night's sheet"


def test_an_answer_for_another_players_prompt_is_refused() -> None:
    state = night_one()
    hero, banker = role(state, "hero"), role(state, "banker")
    assert refused(state, banker, DONE, prompt=prompt_of(state, hero)) == "error-not-your-prompt"
    assert refused(state, 99, DONE, prompt=prompt_of(state, hero)) == "error-unknown-player"
    assert refused(state, -1, DONE, prompt=prompt_of(state, hero)) == "error-unknown-player"


def test_a_malformed_value_is_refused() -> None:
    state = night_one()
    hero = role(state, "hero")
    friend = law(state, hero)
    (letter, _vest) = hold(state, hero, ("letter", "vest"))
    state = reopen(state)
    assert refused(state, hero, (DONE,)) == "error-malformed", "a tuple for a one-option step"
    assert refused(state, hero, 7) == "error-malformed", "a number for a one-option step"
    here = prompt_of(state, hero).id
    assert refused_action(state, hero, {"prompt": here, "value": {"a": 1}}).key == "error-malformed"
    assert refused_action(state, hero, {"prompt": here}).key == "error-malformed"
    assert refused_action(state, hero, "done").key == "error-malformed"
    state = edit(state, hero, "hand", str(letter.id))
    assert refused(state, hero, (str(friend),)) == "error-malformed", "a tuple for the target"
    state = act(state, hero, str(friend))
    assert refused(state, hero, 12345) == "error-malformed", "a number where text is expected"
    assert refused(state, hero, ("Hello",)) == "error-malformed", "a tuple where text is expected"
    state = act(state, hero, CANCEL)
    state = edit(state, hero, "order")
    assert refused(state, hero, str(letter.id)) == "error-malformed", "text for a pick of many"
    assert refused(state, hero, (str(letter.id),)) == "error-pick-exactly", "every hand card, in order"


def test_a_forged_order_that_is_not_an_order_is_refused() -> None:
    state = night_one()
    hero, advisor = role(state, "hero"), role(state, "advisor")
    for value in (f"{PLAN}{{not json", f"{PLAN}", f"{PLAN}[]", f'{PLAN}{{"hand": "none"}}',
                  f'{PLAN}{{"hand": [1]}}', f'{PLAN}"hand"'):
        assert refused(state, hero, value) == "error-malformed", value
    assert refused(state, hero, plan(spell=["1"])) == "error-no-such-option"
    assert refused(state, advisor, plan(invisible=[""])) == "error-no-such-option", "an immediate part"
    assert refused(state, hero, plan(veche=["1", "execution"])) == "error-no-such-option", "no veche by night"
    state = edit(state, hero, "hand")
    assert refused(state, hero, f"{PLAN}{{oops") == "error-malformed", "nor in the middle of a part"


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = night_one()
    for number in state.living():
        if not state.seats[number].mafia:
            state.seats[number].alive = False
            state.seats[number].died_in = 0
    state = phase_passes(reopen(state))
    assert state.over and state.winner == "mafia" and not state.prompts
    assert refused_action(state, role(state, "boss"), {"prompt": "night-t-0.1", "value": DONE}).key == "error-game-over"


def test_bad_draft_answers_are_refused() -> None:
    state, _ = start(10, seed=1, joins=[wish(r) for r in SHEET_ROLES])
    keep = next(p for p in state.prompts if p.key == "mafia-prompt-keep")
    offered = [o.value for o in keep.options]
    assert refused(state, keep.seat, (offered[0],), prompt=keep) == "error-pick-exactly"
    assert refused(state, keep.seat, (offered[0], "999999"), prompt=keep) == "mafia-error-not-offered"
    assert refused(state, keep.seat, offered[0], prompt=keep) == "error-malformed"
    artifact = next(p for p in state.prompts if p.key == "mafia-prompt-artifact")
    if state.seats[artifact.seat].public_role != "swindler":
        assert refused(state, artifact.seat, str(artifact.seat), prompt=artifact) == "mafia-error-artifact-self"
    assert refused(state, artifact.seat, "42", prompt=artifact) == "error-unknown-player"
