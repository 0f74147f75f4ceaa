"""The order sheet of a night or a day (rules page, "Phases", "Playing cards", the votes and the
roles' abilities), played through the engine's real prompts: each part builds the order it shows,
every refused answer names its reason and changes nothing, and every message the sheet uses reads
in English and Russian.

The games reach Night 1 through sign-up and the draft (seed 1, one public role wished per seat);
a test that needs particular cards gives them to a seat and opens the sheets again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import catalog, reading_as, render
from games.core import Action, Event, Prompt
from games.core.orders import BACK, CANCEL, DONE, EDIT
from games.mafia import ENGINE, sheet
from games.mafia import sheet_common as words
from games.mafia.order import CardPlay, Order
from games.mafia.state import Card, MafiaState
from tests.games.mafia.helpers import (
    LANGUAGES,
    act,
    act_with_events,
    assert_prompt_readable,
    assert_readable,
    day_one,
    defaults,
    edit,
    hold,
    law,
    night_one,
    paid,
    phase_passes,
    prompt_of,
    refused,
    reopen,
    role,
)


# --- answering, and reading the sheet -------------------------------------------------------------------------
def ids(*cards: Card) -> tuple[str, ...]:
    return tuple(str(c.id) for c in cards)


def offered(state: MafiaState, number: int) -> list[str]:
    return [o.value for o in prompt_of(state, number).options]


def why_not(state: MafiaState, number: int, value: str) -> str | None:
    """Why an offered option is disabled (None: it may be chosen)."""
    option = prompt_of(state, number).option(value)
    assert option is not None, (value, offered(state, number))
    return option.disabled.key if option.disabled is not None else None


def english(key: str, params: dict[str, Any], reader: int | None = None) -> str:
    return render("en", key, params, reading_as(lambda n: f"P{n + 1}", reader))


def line(state: MafiaState, number: int, part: str) -> str:
    """The sheet's line for one part, in English, as its player reads it."""
    answers = state.sheets[number].parts[part]
    described = sheet.form(state).parts[part].describe(state, state.sheets[number], answers)
    return english(described["message"], described["params"], number)


# --- the sheet -----------------------------------------------------------------------------------------------
def test_every_sheet_opens_at_its_defaults_so_done_at_once_orders_nothing() -> None:
    state = night_one()
    killer, boss, advisor = role(state, "killer"), role(state, "boss"), role(state, "advisor")
    parts = {n: set(state.sheets[n].parts) for n in state.living()}
    assert parts[role(state, "hero")] == {"hand", "order"}, "an empty sleeve has no part"
    assert parts[role(state, "lucky")] == {"hand", "order", "redraw"}
    assert parts[role(state, "paranoid")] == {"hand", "order", "paranoid"}
    assert {"kill", "boost", "check"} <= parts[killer] and "message" not in parts[killer]
    assert {"kill", "boost", "message"} <= parts[boss] and "check" not in parts[boss]
    assert {"kill", "boost", "invisible"} <= parts[advisor]
    assert all(sheet.order_of(state, n) == Order() for n in state.living())
    hero = role(state, "hero")
    overview = prompt_of(state, hero)
    assert overview.key == "mafia-sheet" and overview.changeable and overview.deadline == "night"
    assert offered(state, hero) == [f"{EDIT}hand", f"{EDIT}order", DONE]
    state = act(state, hero, DONE)
    assert sheet.order_of(state, hero) == Order(done=True)
    assert prompt_of(state, hero).answered, "sent, and still changeable until the phase ends"


def test_an_empty_sleeve_offers_no_sleeve_part() -> None:
    """A part whose only answer would be "No card" is left out (issue 36 §4): it comes with the first card."""
    state = night_one()
    hero = role(state, "hero")
    assert state.seats[hero].sleeve == []
    assert f"{EDIT}sleeve" not in offered(state, hero) and "sleeve" not in state.sheets[hero].parts
    assert "🧥 Sleeve: no card" not in english("mafia-sheet", prompt_of(state, hero).params, hero)
    hold(state, hero, ("strike",), ("fat",))
    state = reopen(state)
    assert f"{EDIT}sleeve" in offered(state, hero) and state.sheets[hero].parts["sleeve"] == ["none"]


def test_the_sheet_shows_the_hand_the_sleeve_and_what_only_its_player_knows() -> None:
    state = night_one()
    psychic = role(state, "psychic")
    state.leader = psychic
    state = reopen(state)
    params = prompt_of(state, psychic).params
    assert params["phase"] == {"term": "mafia-phase-night"} and params["number"] == 1
    assert params["hand_count"] == len(state.seats[psychic].hand) and params["sleeve_count"] == 0
    facts = [f["message"] for f in params["facts"]["lines"]]
    assert facts == ["mafia-sheet-leader", "mafia-sheet-psychic"]
    top = [c.key for c in state.seats[psychic].deck[:2]]
    assert params["facts"]["lines"][1]["params"]["cards"] == [{"term": f"mafia-card-{k}"} for k in top]
    holder = state.artifact
    assert holder is not None
    assert "mafia-sheet-artifact" in [f["message"] for f in prompt_of(state, holder).params["facts"]["lines"]]


# --- cards: steps, targets, costs ----------------------------------------------------------------------------
def test_a_hand_card_asks_its_target_then_its_payment_and_becomes_the_card_play() -> None:
    state = night_one()
    hero = role(state, "hero")
    victim = law(state, hero)
    ambush, strike, vest = hold(state, hero, ("ambush", "strike", "vest"))
    state = reopen(state)
    state = edit(state, hero, "hand", str(ambush.id))
    ask = prompt_of(state, hero)
    assert (ask.key, ask.params) == ("mafia-ask-target", {"card": {"term": "mafia-card-ambush"}})
    state = act(state, hero, str(victim))
    ask = prompt_of(state, hero)
    assert ask.key == "mafia-ask-pay" and ask.params["cost"] == 1 and (ask.min_picks, ask.max_picks) == (1, 1)
    assert [o.value for o in ask.options if not o.value.startswith("~")] == list(paid(strike, vest)), \
        "the card itself does not pay for itself"
    state = act(state, hero, paid(strike))
    assert state.sheets[hero].parts["hand"] == [str(ambush.id), str(victim), *paid(strike)]
    assert sheet.order_of(state, hero).hand == CardPlay(card=ambush.id, target=victim, paid=[strike.id])
    assert line(state, hero, "hand") == f"✋ Hand: Ambush → P{victim + 1}, paying Strike"


def test_a_card_used_by_one_part_is_disabled_in_the_others() -> None:
    state = night_one()
    hero = role(state, "hero")
    ambush, _strike, fat = hold(state, hero, ("ambush", "strike"), ("fat",))
    state = reopen(state)
    state = edit(state, hero, "hand", str(ambush.id), str(law(state, hero)), paid(fat))
    state = edit(state, hero, "sleeve")
    assert why_not(state, hero, str(fat.id)) == "mafia-refuse-card-used"
    assert refused(state, hero, str(fat.id)) == "mafia-refuse-card-used"
    option = prompt_of(state, hero).option(str(fat.id))
    assert option is not None and option.disabled is not None
    assert option.disabled.params == {"part": {"term": "mafia-part-hand"}}


def test_a_letter_asks_its_target_then_its_text_and_refuses_links() -> None:
    state = night_one()
    hero = role(state, "hero")
    friend = law(state, hero)
    (letter,) = hold(state, hero, ("letter",))
    state = reopen(state)
    state = edit(state, hero, "hand", str(letter.id), str(friend))
    ask = prompt_of(state, hero)
    assert ask.key == "mafia-ask-letter" and ask.ask == "text"
    for link in ("see https://example.com", "www.example.org", "join discord.gg/abc", "go to evil.ru now"):
        assert refused(state, hero, link) == "mafia-refuse-link"
    assert refused(state, hero, "x" * 1001) == "error-text-too-long"
    state = act(state, hero, BACK)
    assert prompt_of(state, hero).key == "mafia-ask-target", "Back returns to the target"
    state = act(state, hero, str(friend))
    state = act(state, hero, "Meet me at dawn.")
    assert sheet.order_of(state, hero).hand == CardPlay(card=letter.id, target=friend, text="Meet me at dawn.")
    assert line(state, hero, "hand") == f"✋ Hand: Letter → P{friend + 1}: “Meet me at dawn.”"


def test_a_letters_text_is_text_even_when_it_reads_like_a_payment() -> None:
    """A part's answers are read by the step that asked each one: a Letter whose text looks like a
    payment answer pays nothing and ties up no card for the other parts."""
    state = night_one()
    hero = role(state, "hero")
    friend = law(state, hero)
    letter, vest = hold(state, hero, ("letter",), ("vest",))
    state = reopen(state)
    (text,) = paid(vest)
    state = edit(state, hero, "hand", str(letter.id), str(friend), text)
    assert sheet.order_of(state, hero).hand == CardPlay(card=letter.id, target=friend, text=text)
    state = edit(state, hero, "sleeve")
    assert why_not(state, hero, str(vest.id)) is None


def test_a_card_targets_another_living_character_and_spares_the_sociopath_on_night_1() -> None:
    state = night_one()
    hero = role(state, "hero")
    dead = law(state, hero)
    sociopath = role(state, "sociopath")
    state.seats[dead].alive = False
    state.seats[dead].died_in = 0
    (strike,) = hold(state, hero, ("strike",))
    state = reopen(state)
    state = edit(state, hero, "hand", str(strike.id))
    players = [int(v) for v in offered(state, hero) if v.isdigit()]
    assert hero not in players and dead not in players
    assert refused(state, hero, str(hero)) == "mafia-refuse-self"
    assert refused(state, hero, str(dead)) == "mafia-refuse-dead"
    assert why_not(state, hero, str(sociopath)) == "mafia-refuse-sociopath"
    assert refused(state, hero, str(sociopath)) == "mafia-refuse-sociopath"


def test_a_night_card_is_refused_by_day_and_a_day_card_by_night() -> None:
    state = night_one()
    hero = role(state, "hero")
    strike, knuckles = hold(state, hero, ("strike", "knuckles"))
    state = reopen(state)
    state = act(state, hero, f"{EDIT}hand")
    assert why_not(state, hero, str(strike.id)) is None
    assert refused(state, hero, str(knuckles.id)) == "mafia-refuse-when"
    state = day_one()
    strike, knuckles = hold(state, hero, ("strike", "knuckles"))
    state = reopen(state)
    state = act(state, hero, f"{EDIT}hand")
    option = prompt_of(state, hero).option(str(strike.id))
    assert option is not None and option.disabled is not None
    assert (option.disabled.key, option.disabled.params) == (
        "mafia-refuse-when", {"card": {"term": "mafia-card-strike"}, "when": {"term": "mafia-when-night"}})
    assert english(option.disabled.key, option.disabled.params) == "Strike can be played only by night."
    assert refused(state, hero, str(strike.id)) == "mafia-refuse-when"
    assert why_not(state, hero, str(knuckles.id)) is None


def test_the_leader_pays_1_less_for_every_card_and_for_the_boost() -> None:
    state = night_one()
    hero, boss = role(state, "hero"), role(state, "boss")
    ambush, arson, _strike, vest = hold(state, hero, ("ambush", "arson", "strike", "vest"))
    state.leader = hero
    state = reopen(state)
    victim = law(state, hero)
    state = edit(state, hero, "hand", str(ambush.id), str(victim))
    assert sheet.order_of(state, hero).hand == CardPlay(card=ambush.id, target=victim), "Ambush costs him 0"
    state = edit(state, hero, "hand", str(arson.id), str(victim))
    ask = prompt_of(state, hero)
    assert ask.key == "mafia-ask-pay" and ask.params["cost"] == 1, "Arson costs him 1, not 2"
    state = act(state, hero, paid(vest))
    assert sheet.order_of(state, hero).hand == CardPlay(card=arson.id, target=victim, paid=[vest.id])

    state.leader = boss
    state = reopen(state)
    state = edit(state, boss, "boost")
    assert prompt_of(state, boss).params == {"cost": 0}
    state = act(state, boss, words.YES)
    assert sheet.order_of(state, boss).boost == [], "a boost at cost 0 still counts"
    assert line(state, boss, "boost") == "💢 Boost the kill by 2 damage (free for you)"


def test_at_most_two_hand_cards_pay_one_cost() -> None:
    state = night_one()
    hero = role(state, "hero")
    # an organiser's collection in which Arson costs 3
    state.collection = state.collection.model_copy(update={"cards": tuple(
        c.model_copy(update={"cost": 3}) if c.key == "arson" else c for c in state.collection.cards)})
    arson, one, two, three = hold(state, hero, ("arson", "strike", "strike", "vest"))
    state = reopen(state)
    state = act(state, hero, f"{EDIT}hand")
    assert refused(state, hero, str(arson.id)) == "mafia-refuse-cannot-pay", "three hand cards cannot pay 3"
    arson, one, two, three, fat = hold(state, hero, ("arson", "strike", "strike", "vest"), ("fat",))
    state = reopen(state)
    state = edit(state, hero, "hand", str(arson.id), str(law(state, hero)))
    assert refused(state, hero, paid(one, two, three)) == "mafia-refuse-hand-pay"
    state = act(state, hero, paid(one, two, fat))
    assert sheet.order_of(state, hero).hand.paid == [one.id, two.id, fat.id]  # type: ignore[union-attr]


def test_a_card_too_dear_to_pay_is_disabled() -> None:
    state = night_one()
    hero = role(state, "hero")
    (arson,) = hold(state, hero, ("arson",))
    state = reopen(state)
    state = edit(state, hero, "hand")
    assert refused(state, hero, str(arson.id)) == "mafia-refuse-cannot-pay"


def test_the_magician_may_take_a_copy_instead_of_the_draw() -> None:
    state = night_one()
    magician = role(state, "magician")
    victim = law(state, magician)
    strike, _vest = hold(state, magician, ("strike", "vest"))
    state = reopen(state)
    state = edit(state, magician, "hand", str(strike.id))
    assert prompt_of(state, magician).key == "mafia-ask-trick"
    state = act(state, magician, words.TRICK)
    state = act(state, magician, str(victim))
    assert sheet.order_of(state, magician).hand == CardPlay(card=strike.id, target=victim, trick=True)
    state.seats[magician].magician_uses = 1
    state = reopen(state)
    state = edit(state, magician, "hand", str(strike.id))
    assert prompt_of(state, magician).key == "mafia-ask-target", "once per game"


def test_the_journalist_plays_a_sleeve_card_as_a_question() -> None:
    state = night_one()
    journalist = role(state, "journalist")
    victim = law(state, journalist)
    (knuckles,) = hold(state, journalist, sleeve=("knuckles",))
    state = reopen(state)
    state = edit(state, journalist, "sleeve", str(knuckles.id))
    ask = prompt_of(state, journalist)
    assert ask.key == "mafia-ask-as-question"
    assert refused(state, journalist, words.PLAIN) == "mafia-refuse-when", "Knuckles is a day card"
    state = act(state, journalist, words.AS_QUESTION)
    state = act(state, journalist, str(victim))
    assert sheet.order_of(state, journalist).sleeve == CardPlay(card=knuckles.id, target=victim, as_question=True)
    assert line(state, journalist, "sleeve") == f"🧥 Sleeve: Question → P{victim + 1}"


# --- under the deck ------------------------------------------------------------------------------------------
def test_up_to_two_hand_cards_go_under_the_deck_at_night_instead_of_playing() -> None:
    state = night_one()
    hero = role(state, "hero")
    one, two, three, fat = hold(state, hero, ("strike", "vest", "rest"), ("fat",))
    state = reopen(state)
    state = edit(state, hero, "hand", words.UNDER)
    assert refused(state, hero, ids(one, two, three)) == "error-pick-between"
    state = act(state, hero, ids(three, one))
    assert sheet.order_of(state, hero) == Order(under=[three.id, one.id])
    assert line(state, hero, "hand") == "✋ Under the deck instead of playing: Rest, Strike"
    state = edit(state, hero, "sleeve")
    assert refused(state, hero, str(fat.id)) == "mafia-refuse-under-instead", "not with a sleeve card"

    state = act(state, hero, CANCEL)
    state = edit(state, hero, "hand", words.NONE)
    state = edit(state, hero, "sleeve", str(fat.id))
    state = edit(state, hero, "hand")
    assert refused(state, hero, words.UNDER) == "mafia-refuse-under-instead"


def test_nothing_goes_under_the_deck_by_day() -> None:
    state = day_one()
    hero = role(state, "hero")
    state = edit(state, hero, "hand")
    assert words.UNDER not in offered(state, hero)
    assert refused(state, hero, words.UNDER) == "error-no-such-option"


# --- the mafia's kill and the Killer's check -----------------------------------------------------------------
def test_the_mafia_votes_for_a_living_victim_outside_the_mafia() -> None:
    state = night_one()
    killer, boss = role(state, "killer"), role(state, "boss")
    victim = law(state, killer)
    state = edit(state, killer, "kill")
    assert prompt_of(state, killer).key == "mafia-ask-kill"
    assert refused(state, killer, str(boss)) == "mafia-vote-refusal-mafia"
    assert refused(state, killer, str(role(state, "sociopath"))) == "mafia-vote-refusal-sociopath"
    assert refused(state, killer, str(killer)) == "mafia-refuse-self"
    state = act(state, killer, str(victim))
    assert sheet.order_of(state, killer).kill == victim
    assert line(state, killer, "kill") == f"🔪 Kill vote: P{victim + 1}"


def test_a_mafia_member_boosts_the_kill_by_paying_cost_1() -> None:
    state = night_one()
    killer = role(state, "killer")
    _strike, vest = hold(state, killer, ("strike", "vest"))
    state = reopen(state)
    state = edit(state, killer, "boost", words.YES)
    ask = prompt_of(state, killer)
    assert ask.key == "mafia-ask-pay-boost" and (ask.min_picks, ask.max_picks) == (1, 1)
    state = act(state, killer, paid(vest))
    assert sheet.order_of(state, killer).boost == [vest.id]
    state = edit(state, killer, "hand")
    assert refused(state, killer, str(vest.id)) == "mafia-refuse-card-used"
    hold(state, killer)
    state = reopen(state)
    state = edit(state, killer, "boost")
    assert refused(state, killer, words.YES) == "mafia-refuse-cannot-pay", "no card to pay with"


def test_a_mafia_journalist_may_add_a_questions_effect_to_the_boost() -> None:
    state = night_one()
    journalist = role(state, "journalist")
    assert state.seats[journalist].mafia, "seed 1 deals the Journalist a mafia role"
    (strike,) = hold(state, journalist, ("strike",))
    state = reopen(state)
    state = edit(state, journalist, "boost", words.YES, paid(strike))
    ask = prompt_of(state, journalist)
    assert ask.key == "mafia-ask-boost-question" and ask.params == {"card": {"term": "mafia-card-question"}}
    state = act(state, journalist, words.YES)
    order = sheet.order_of(state, journalist)
    assert (order.boost, order.boost_question) == ([strike.id], True)


def test_the_killer_never_checks_the_mafia_or_the_same_target_twice() -> None:
    state = night_one()
    killer, boss = role(state, "killer"), role(state, "boss")
    checked = law(state, killer)
    state.seats[killer].checked = [checked]
    state = reopen(state)
    state = edit(state, killer, "check")
    assert refused(state, killer, str(boss)) == "mafia-refuse-check-mafia"
    assert refused(state, killer, str(checked)) == "mafia-refuse-checked"
    assert why_not(state, killer, str(law(state, killer, checked))) is None


def test_the_killer_names_as_many_cards_as_the_targets_public_count() -> None:
    state = night_one()
    killer = role(state, "killer")
    target = law(state, killer)
    hold(state, target, ("strike", "vest", "vest", "question", "rest"))
    state.counts[target] = 4  # the count announced at the start of the phase is what he names against
    state = reopen(state)
    state = edit(state, killer, "check", str(target))
    ask = prompt_of(state, killer)
    assert ask.key == "mafia-ask-check-names"
    assert ask.params["count"] == 4 and ask.params["left"] == 4
    assert ask.params["colour"] == {"term": "mafia-colour-attack"} and (ask.min_picks, ask.max_picks) == (0, 4)
    assert refused(state, killer, ("strike", "strike", "strike")) == "error-picked-twice", "a name at most twice"
    state = act(state, killer, ("strike",))
    assert prompt_of(state, killer).params["left"] == 3
    state = act(state, killer, ("vest", "vest"))
    ask = prompt_of(state, killer)
    assert ask.params["colour"] == {"term": "mafia-colour-information"} and (ask.min_picks, ask.max_picks) == (1, 1)
    assert refused(state, killer, ()) == "error-pick-exactly", "the names add up to the count"
    state = act(state, killer, ("question",))
    order = sheet.order_of(state, killer)
    assert (order.check, order.check_names) == (target, ["strike", "vest", "vest", "question"])
    assert line(state, killer, "check") == f"🎯 Check P{target + 1}: Strike, Vest, Vest, Question"


def test_the_killers_check_ends_once_the_names_add_up() -> None:
    state = night_one()
    killer = role(state, "killer")
    target = law(state, killer)
    hold(state, target, ("strike", "ambush"))
    state = reopen(state)
    state = edit(state, killer, "check", str(target), ("strike", "ambush"))
    assert prompt_of(state, killer).key == "mafia-sheet", "no support or information step with nothing left to name"
    order = sheet.order_of(state, killer)
    assert (order.check, order.check_names) == (target, ["strike", "ambush"])


def test_the_killer_cannot_check_a_character_with_no_cards_counted() -> None:
    state = night_one()
    killer = role(state, "killer")
    target = law(state, killer)
    state.counts[target] = 0
    state = reopen(state)
    state = edit(state, killer, "check")
    assert refused(state, killer, str(target)) == "mafia-refuse-no-hand"


# --- the day's votes and the artifact ------------------------------------------------------------------------
def test_the_veche_vote_carries_a_character_and_execution_or_beating() -> None:
    state = day_one()
    hero = role(state, "hero")
    target = law(state, hero)
    state = edit(state, hero, "veche", str(target))
    ask = prompt_of(state, hero)
    assert ask.key == "mafia-ask-veche-kind"
    assert [o.value for o in ask.options][:2] == ["execution", "beating"]
    state = act(state, hero, "beating")
    order = sheet.order_of(state, hero)
    assert (order.veche, order.veche_kind) == (target, "beating")
    assert line(state, hero, "veche") == f"⚖ Veche: P{target + 1}, 👊 Beating"


def test_the_leader_vote_is_for_anyone_but_the_current_leader() -> None:
    state = day_one()
    hero, banker = role(state, "hero"), role(state, "banker")
    state.leader = banker
    state = reopen(state)
    assert prompt_of(state, hero).key == "mafia-sheet"
    state = edit(state, hero, "leader")
    assert refused(state, hero, str(banker)) == "mafia-vote-refusal-leader"
    state = act(state, hero, str(hero))
    assert sheet.order_of(state, hero).leader == hero, "oneself is allowed"
    assert line(state, hero, "leader") == "👑 Leader: yourself"
    state = edit(state, banker, "leader")
    assert refused(state, banker, str(banker)) == "mafia-vote-refusal-leader"


def test_the_artifact_holder_passes_it_by_day() -> None:
    state = night_one()
    holder = state.artifact
    assert holder is not None and "artifact" not in state.sheets[holder].parts, "not by night"
    state = day_one()
    assert state.artifact is not None
    holder = state.artifact
    others = [n for n in state.living() if n != holder]
    assert [n for n in state.living() if "artifact" in state.sheets[n].parts] == [holder]
    state = edit(state, holder, "artifact")
    assert refused(state, holder, str(holder)) == "mafia-refuse-self"
    state = act(state, holder, str(others[0]))
    assert sheet.order_of(state, holder).artifact_to == others[0]


def test_the_croupier_discards_one_card_and_draws_one_by_day_once() -> None:
    state = night_one()
    croupier = role(state, "croupier")
    assert "croupier" not in state.sheets[croupier].parts, "by day only"
    state = day_one()
    first = state.seats[croupier].hand[0]
    state = edit(state, croupier, "croupier", str(first.id))
    assert sheet.order_of(state, croupier).croupier == first.id
    state.seats[croupier].croupier_uses = 1
    state = reopen(state)
    assert "croupier" not in state.sheets[croupier].parts, "once per game"


def test_the_paranoid_spends_sleeve_cards_for_armor() -> None:
    state = night_one()
    paranoid = role(state, "paranoid")
    _strike, fat, bullet = hold(state, paranoid, ("strike",), ("fat", "bullet"))
    state = reopen(state)
    state = edit(state, paranoid, "paranoid")
    ask = prompt_of(state, paranoid)
    assert ask.key == "mafia-ask-paranoid" and (ask.min_picks, ask.max_picks) == (0, 2)
    state = act(state, paranoid, ids(fat, bullet))
    assert sheet.order_of(state, paranoid).paranoid == [fat.id, bullet.id]
    assert line(state, paranoid, "paranoid") == "🛡 Spent for 2 armor: Fat, Bullet"
    state = edit(state, paranoid, "sleeve")
    assert refused(state, paranoid, str(fat.id)) == "mafia-refuse-card-used"


def test_a_whole_night_order_and_a_whole_day_order_read_back_as_orders() -> None:
    state = night_one()
    killer = role(state, "killer")
    assert state.seats[killer].public_role == "magician", "seed 1: the Killer is the Magician (asked for the trick)"
    victim = law(state, killer)
    checked = law(state, killer, victim)
    strike, ambush, vest, bullet = hold(state, killer, ("strike", "ambush", "vest"), ("bullet",))
    hold(state, checked, ("question", "search"))
    state = reopen(state)
    state = edit(state, killer, "hand", str(ambush.id), words.PLAIN, str(victim), paid(vest))
    state = edit(state, killer, "sleeve", str(bullet.id), str(checked))
    state = edit(state, killer, "kill", str(victim))
    state = edit(state, killer, "boost", words.YES, paid(strike))
    state = edit(state, killer, "check", str(checked), (), (), ("question", "question"))
    state = act(state, killer, DONE)
    assert sheet.order_of(state, killer) == Order(
        hand=CardPlay(card=ambush.id, target=victim, paid=[vest.id]),
        sleeve=CardPlay(card=bullet.id, target=checked), kill=victim, boost=[strike.id],
        check=checked, check_names=["question", "question"], done=True)

    state = day_one()
    hero = role(state, "hero")
    target = law(state, hero)
    state = edit(state, hero, "veche", str(target), "execution")
    state = edit(state, hero, "leader", str(target))
    state = act(state, hero, DONE)
    assert sheet.order_of(state, hero) == Order(veche=target, veche_kind="execution", leader=target, done=True)


def test_the_day_begins_with_the_hand_counts_and_the_leader_knows_he_leads() -> None:
    state = day_one()
    hero = role(state, "hero")
    for voter in state.living():
        state = edit(state, voter, "leader", str(hero))
    events: list[Event] = []
    state = phase_passes(state, events=events)
    assert state.leader == hero and state.phase == "night"
    assert prompt_of(state, hero).params["facts"]["lines"][0]["message"] == "mafia-sheet-leader"
    state = phase_passes(state, events=events)
    day = next(e for e in events if e.key == "mafia-event-day-begins")
    assert day.params["number"] == 2
    assert english(day.key, day.params) == "☀ Day 2 begins."
    report = [e for e in events if e.key == "mafia-event-phase-report"][-1]  # the night's report gave the counts
    text = english(report.key, report.params)
    assert all(f"P{n + 1}: {state.counts[n]}" in text.splitlines() for n in state.living())
    assert prompt_of(state, hero).params["facts"]["lines"][0]["message"] == "mafia-sheet-leader", "night and day"


# --- the Boss's message ----------------------------------------------------------------------------------------
def test_the_boss_writes_to_a_mafia_member_at_once_and_then_waits_two_phases() -> None:
    state = night_one()
    boss, killer = role(state, "boss"), role(state, "killer")
    state = edit(state, boss, "message")
    ask = prompt_of(state, boss)
    assert ask.key == "mafia-ask-message-to"
    assert {int(v) for v in offered(state, boss) if v.isdigit()} == {n for n in state.mafia_seats() if n != boss}
    state = act(state, boss, str(killer))
    assert refused(state, boss, "read https://example.com") == "mafia-refuse-link"
    state, events = act_with_events(state, boss, "Vote for the Banker.")
    assert [(e.key, e.to) for e in events] == [("mafia-event-boss-message", [killer]),
                                                ("mafia-event-boss-sent", [boss])]
    assert events[0].params["text"] == "Vote for the Banker."
    assert state.seats[boss].boss_sent_in == 1 and state.messages[-1].to == killer
    assert prompt_of(state, boss).key == "mafia-sheet" and state.sheets[boss].parts["message"] == []
    assert line(state, boss, "message") == "✉ Boss's message: not yet (once every two phases)"
    state = edit(state, boss, "message")
    assert refused(state, boss, str(killer)) == "mafia-refuse-boss-wait"

    state = phase_passes(state)
    assert state.phase == "day"
    state = edit(state, boss, "message")
    assert refused(state, boss, str(killer)) == "mafia-refuse-boss-wait", "Day 1 is within two phases"
    state = phase_passes(state)
    assert (state.phase, state.number) == ("night", 2)
    state = edit(state, boss, "message")
    assert why_not(state, boss, str(killer)) is None, "Night 2: two phases later"


# --- immediate actions ----------------------------------------------------------------------------------------
def test_the_hand_order_changes_at_once() -> None:
    state = night_one()
    hero = role(state, "hero")
    hand = state.seats[hero].hand
    state = edit(state, hero, "order")
    assert refused(state, hero, ids(*hand[:2])) == "error-pick-exactly", "every hand card, in the new order"
    state, events = act_with_events(state, hero, ids(*reversed(hand)))
    assert state.seats[hero].hand == list(reversed(hand))
    assert [(e.key, e.to) for e in events] == [("mafia-event-hand-ordered", [hero])]
    assert not state.sheets[hero].done and state.sheets[hero].parts["order"] == []


def test_the_advisors_invisible_cards_are_left_out_of_the_next_count() -> None:
    state = night_one()
    advisor = role(state, "advisor")
    hand = state.seats[advisor].hand
    announced = state.counts[advisor]
    state = edit(state, advisor, "invisible", ids(hand[0], hand[2]))
    assert [c.invisible for c in state.seats[advisor].hand][:3] == [True, False, True]
    assert state.counts[advisor] == announced, "the count announced for this phase stands"
    assert line(state, advisor, "invisible") == (
        f"👻 Invisible: {english('mafia-card-' + hand[0].key, {})}, {english('mafia-card-' + hand[2].key, {})}")
    events: list[Event] = []
    state = phase_passes(state, events=events)
    assert state.counts[advisor] == len(state.seats[advisor].hand) - 2
    report = next(e for e in events if e.key == "mafia-event-phase-report")
    counts = {item["params"]["player"]["seat"]: item["params"]["count"]
              for item in report.params["lines"]["lines"] if item["message"] == "mafia-line-hand-count"}
    assert counts[advisor] == len(hand) - 2
    state = edit(state, advisor, "invisible", ())
    assert not any(c.invisible for c in state.seats[advisor].hand), "visible again"


def test_lucky_redraws_on_night_1_only_and_once() -> None:
    state = night_one()
    lucky = role(state, "lucky")
    player = state.seats[lucky]
    cards = sorted(c.id for c in (*player.hand, *player.deck))
    state = edit(state, lucky, "redraw", words.NO)
    assert state.seats[lucky].hand == player.hand and f"{EDIT}redraw" in offered(state, lucky)
    state = act(state, lucky, f"{EDIT}redraw")
    state, events = act_with_events(state, lucky, words.YES)
    player = state.seats[lucky]
    assert [(e.key, e.params["count"]) for e in events] == [("mafia-event-redrawn", 6)]
    assert len(player.hand) == 6 and sorted(c.id for c in (*player.hand, *player.deck)) == cards
    assert player.lucky_used
    assert f"{EDIT}redraw" not in offered(state, lucky)
    assert refused(state, lucky, f"{EDIT}redraw") == "error-no-such-option"

    state = night_one()
    state = phase_passes(state)
    assert "redraw" not in state.sheets[lucky].parts, "not on Day 1"
    state = phase_passes(state)
    assert "redraw" not in state.sheets[lucky].parts, "not on Night 2"


def test_a_redraw_that_takes_away_the_played_card_resets_the_hand_part() -> None:
    state = night_one()
    lucky = role(state, "lucky")
    victim = law(state, lucky)
    hold(state, lucky, ("strike", "strike", "strike", "strike", "strike", "strike"))
    state.seats[lucky].deck = [state.new_card("vest") for _ in range(12)]
    state = reopen(state)
    ahead = act(edit(state, lucky, "redraw"), lucky, words.YES)  # the seeded shuffle, looked at ahead
    kept = {c.id for c in ahead.seats[lucky].hand}
    strike = next(c for c in state.seats[lucky].hand if c.id not in kept)
    state = edit(state, lucky, "hand", str(strike.id), str(victim))
    assert sheet.order_of(state, lucky).hand == CardPlay(card=strike.id, target=victim)
    state = edit(state, lucky, "redraw")
    state, events = act_with_events(state, lucky, words.YES)
    assert {c.id for c in state.seats[lucky].hand} == kept
    assert state.sheets[lucky].parts["hand"] == [words.NONE]
    reset = [e for e in events if e.key == "sheet-part-reset"]
    assert [(e.params, e.to) for e in reset] == [({"part": {"term": "mafia-part-hand"}}, [lucky])]
    assert english(reset[0].key, reset[0].params, lucky).startswith("⚠️ Your order changed, so its part “✋ Hand card”")


def test_divination_lets_its_player_rearrange_the_cards_it_showed() -> None:
    state = night_one()
    hero = role(state, "hero")
    player = state.seats[hero]
    top = player.deck[:3]
    player.divination = [c.id for c in top]
    state = reopen(state)
    state = edit(state, hero, "arrange")
    assert prompt_of(state, hero).key == "mafia-ask-arrange"
    state, events = act_with_events(state, hero, ids(top[2], top[0], top[1]))
    assert state.seats[hero].deck[:3] == [top[2], top[0], top[1]]
    assert [e.key for e in events] == ["mafia-event-arranged"]


# --- every message the sheet uses, in both languages -------------------------------------------------------------
def walker(rng: random.Random, seen: set[str]) -> Any:
    """A player who opens every part of the sheet once a phase and answers its steps at random."""
    visited: set[tuple[int, int, str]] = set()

    def choose(state: MafiaState, prompt: Prompt) -> Action:
        if prompt.sheet is None:
            return defaults(state, prompt)
        if prompt.key == "mafia-sheet":
            for option in prompt.options:
                mark = (state.phase_index, prompt.seat, option.value)
                if option.value.startswith(EDIT) and mark not in visited:
                    visited.add(mark)
                    return Action(prompt=prompt.id, value=option.value)
            return Action(prompt=prompt.id, value=DONE)
        legal = [o.value for o in prompt.options if o.disabled is None and not o.value.startswith("~")]
        for _ in range(20):
            if prompt.ask == "text":
                value: Any = rng.choice(["Hello there.", "Trust the Monk.", "Привет!"])
            elif prompt.ask == "many":
                low = prompt.min_picks or 0
                high = min(len(legal), len(legal) if prompt.max_picks is None else prompt.max_picks)
                if high < low:
                    break
                value = tuple(rng.sample(legal, rng.randint(low, high)))
            elif legal:
                value = rng.choice(legal)
            else:
                break
            action = Action(prompt=prompt.id, value=value)
            refusal = ENGINE.check(state, prompt.seat, action)
            if refusal is None:
                return action
            assert_readable(refusal.key, refusal.params, seen)
        return Action(prompt=prompt.id, value=CANCEL)

    return choose


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_prompt_option_refusal_and_event_of_the_sheet_reads_in_both_languages(seed: int) -> None:
    state = night_one(seed)
    seen: set[str] = set()
    choose = walker(random.Random(seed), seen)
    for _ in range(4000):
        if state.over or state.number > 2:
            break
        prompt = next((p for p in state.prompts if not p.answered), None)
        if prompt is None:
            break
        assert_prompt_readable(prompt, seen)
        state, events = ENGINE.apply(state, prompt.seat, choose(state, prompt))
        for event in events:
            assert_readable(event.key, event.params, seen)
    assert state.over or state.number > 2, "the walk went through two nights and a day"
    assert {"mafia-sheet", "mafia-ask-hand", "mafia-ask-kill", "mafia-ask-veche", "mafia-ask-leader",
            "mafia-event-day-begins"} <= seen


def test_every_catalog_key_the_sheet_names_exists_in_both_languages() -> None:
    """The keys written in the sheet's modules (games/mafia/sheet*.py) and phases.py, and the ones they build
    from a part's name."""
    import re
    from pathlib import Path

    root = Path(sheet.__file__).parent
    written: set[str] = set()
    for path in [*root.glob("sheet*.py"), root / "phases.py"]:
        written |= set(re.findall(r'"(mafia-[a-z-]+[a-z])"', path.read_text(encoding="utf-8")))
    built = {f"mafia-part-{p.name}" for p in sheet.PARTS} | {f"mafia-ask-{s}" for s in ("hand", "sleeve")}
    built |= {f"mafia-order-{s}{end}" for s in ("hand", "sleeve") for end in ("", "-none")}
    built |= {f"mafia-opt-{k}" for k in words.KINDS} | {f"mafia-phase-{p}" for p in ("night", "day")}
    built |= {f"mafia-event-{p}-begins" for p in ("night", "day")}
    for language in LANGUAGES:
        missing = sorted(k for k in written | built if not catalog(language).has(k))
        assert not missing, (language, missing)


def test_a_part_label_names_the_part_shortly() -> None:
    for part in sheet.PARTS:
        for language in LANGUAGES:
            text = render(language, f"mafia-part-{part.name}", {}, lambda n: str(n))
            assert 0 < len(text) <= 30, (language, part.name, text)


@pytest.mark.parametrize(("key", "params"), [
    ("mafia-refuse-self", {}),
    ("mafia-refuse-dead", {"player": {"seat": 3}}),
    ("mafia-refuse-no-target", {}),
    ("mafia-refuse-not-mafia", {}),
    ("mafia-refuse-cannot-pay", {"cost": 2}),
    ("mafia-refuse-hand-pay", {"count": 2}),
    ("mafia-ask-pay", {"card": {"term": "mafia-card-arson"}, "cost": 2}),
    ("mafia-ask-boost", {"cost": 0}),
    ("mafia-order-paranoid", {"cards": [], "count": 0, "armor": 0}),
    ("mafia-order-invisible", {"cards": [{"term": "mafia-card-vest"}], "count": 1}),
    ("mafia-event-invisible", {"cards": [], "count": 0}),
    ("mafia-event-redrawn", {"cards": [{"term": "mafia-card-vest"}], "count": 1}),
])
def test_the_messages_no_walk_is_sure_to_meet_read_in_both_languages(key: str, params: dict[str, Any]) -> None:
    assert_readable(key, params)
