"""One scenario per card of the collection (rules page, "The collection"), tokens included: exact
hands, armor, damage, draws and messages after the end of the phase."""

from __future__ import annotations

from bot.i18n import render
from games.mafia.order import Order
from games.mafia.state import Delayed, Message
from tests.games.mafia.scenario import (
    card_keys,
    colour_counts,
    damage,
    keys,
    next_phase,
    one,
    play,
    private,
    public,
    report,
    resolve_phase,
    table,
)


def test_every_card_of_the_collection_has_a_scenario_here() -> None:
    tested = {name.removeprefix("test_").split("_")[0] for name in globals() if name.startswith("test_")}
    assert {c.key for c in table().collection.cards} <= tested


# --- Attack ---------------------------------------------------------------------------------------


def test_strike_deals_two_damage_discarded_from_the_front_of_the_hand() -> None:
    state = table(hands={0: ["strike", "letter"], 1: ["vest", "shield", "letter", "letter", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "strike", 1))})
    assert damage(events) == {1: 2}
    assert keys(state.seats[1].hand) == ["letter", "letter", "letter"]
    assert keys(state.seats[1].discard) == ["vest", "shield"]
    assert keys(state.seats[0].hand) == ["letter", "rest"]  # the replacement draw, from the top of the deck
    assert keys(state.seats[0].discard) == ["strike"]
    assert state.counts[0] == 2 and state.counts[1] == 3
    summary = one(events, 1, "mafia-result-hand")["lines"]["lines"]
    assert summary[0] == {"message": "mafia-line-dealt", "params": {"amount": 2, "armor": 0}}


def test_ambush_costs_one_card_and_deals_four() -> None:
    state = table(hands={0: ["ambush", "letter", "question"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "ambush", 1, paid=["letter"]))})
    assert damage(events) == {1: 4}
    assert keys(state.seats[0].hand) == ["question", "rest"]  # the cost is not replaced
    assert keys(state.seats[0].discard) == ["letter", "ambush"]
    assert len(state.seats[1].hand) == 1


def test_arson_costs_two_cards_and_deals_six() -> None:
    state = table(number=2, hands={0: ["arson", "letter", "letter", "question"], 1: ["letter"] * 7})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "arson", 1, paid=["letter", "letter"]))})
    assert damage(events) == {1: 6}
    assert keys(state.seats[0].hand) == ["question", "rest"]
    assert len(state.seats[1].hand) == 1


def test_poison_deals_one_now_and_two_at_the_end_of_the_next_phase() -> None:
    state = table(hands={0: ["poison", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "poison", 1))})
    assert damage(events) == {1: 1}
    assert len(state.seats[1].hand) == 4
    assert state.seats[1].delayed == [Delayed(kind="poison", amount=2, due=2, source=0)]
    next_phase(state)
    events = resolve_phase(state)
    assert damage(events) == {1: 2}
    assert len(state.seats[1].hand) == 2
    assert state.seats[1].delayed == []


def test_robbery_moves_a_random_hand_card_of_the_target_to_the_robbers_sleeve() -> None:
    state = table(hands={0: ["robbery", "letter", "vest"], 1: ["search", "search"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "robbery", 1, paid=["letter"]))})
    assert keys(state.seats[0].sleeve) == ["search"]
    assert keys(state.seats[1].hand) == ["search"]
    assert keys(state.seats[0].hand) == ["vest", "rest"]
    assert card_keys(one(events, 0, "mafia-result-robbery")["cards"]) == ["search"]
    assert one(events, 0, "mafia-result-robbery")["player"] == {"seat": 1}
    robbed = one(events, 1, "mafia-result-robbed")
    assert card_keys(robbed["cards"]) == ["search"] and "player" not in robbed  # not told who
    assert damage(events) == {}


def test_sabotage_cancels_the_targets_hand_card_but_not_his_sleeve_card() -> None:
    state = table(hands={0: ["sabotage", "letter", "letter"], 1: ["strike", "letter"]}, sleeves={1: ["vest"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "sabotage", 1, paid=["letter"])),
        1: Order(hand=play(state, 1, "strike", 2), sleeve=play(state, 1, "vest", where="sleeve")),
    })
    assert damage(events) == {}  # the Strike had no effect
    assert len(state.seats[2].hand) == 5
    assert state.seats[1].armor == 3  # the sleeve's Vest worked
    assert keys(state.seats[1].hand) == ["letter", "rest"]  # a sabotaged hand card is still replaced
    assert card_keys([one(events, 1, "mafia-result-sabotaged")["card"]]) == ["strike"]


def test_knuckles_deals_one_damage_by_day() -> None:
    state = table(phase="day", hands={0: ["knuckles", "letter"], 1: ["vest", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "knuckles", 1))})
    assert damage(events) == {1: 1}
    assert keys(state.seats[1].hand) == ["letter"]


def test_disarm_discards_the_targets_whole_sleeve() -> None:
    state = table(hands={0: ["disarm", "letter"]}, sleeves={1: ["vest", "bullet"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "disarm", 1))})
    assert state.seats[1].sleeve == []
    assert keys(state.seats[1].discard) == ["vest", "bullet"]
    assert card_keys(one(events, 1, "mafia-result-disarmed")["cards"]) == ["vest", "bullet"]
    assert keys(state.seats[0].hand) == ["letter", "rest"]


def test_riposte_hits_everyone_who_targets_its_player_with_any_card() -> None:
    state = table(hands={0: ["strike", "letter", "letter"], 1: ["riposte", "letter"],
                         2: ["shield", "letter", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "strike", 1)),
        1: Order(hand=play(state, 1, "riposte")),
        2: Order(hand=play(state, 2, "shield", 1)),  # a friendly card is a card at him too
    })
    assert damage(events) == {0: 2, 1: 2, 2: 2}
    assert state.seats[1].armor == 3
    assert keys(state.seats[1].hand) == ["letter", "rest"]  # 2 damage − 3 armor: nothing lost
    # 2 damage each: the replacement draw cancelled, then one card discarded
    assert keys(state.seats[0].hand) == ["letter"] and keys(state.seats[0].discard) == ["strike", "letter"]
    assert keys(state.seats[2].hand) == ["letter"] and keys(state.seats[2].discard) == ["shield", "letter"]


def test_bullet_is_the_killers_token_playable_by_day_from_the_sleeve() -> None:
    state = table(phase="day", sleeves={8: ["bullet"]}, hands={0: ["vest", "shield", "letter"]})
    events = resolve_phase(state, {8: Order(sleeve=play(state, 8, "bullet", 0, where="sleeve"))})
    assert damage(events) == {0: 2}
    assert keys(state.seats[0].hand) == ["letter"]
    assert state.seats[8].sleeve == [] and len(state.seats[8].hand) == 5  # a sleeve card is not replaced


# --- Support --------------------------------------------------------------------------------------


def test_vest_gives_its_player_three_armor_against_the_kill() -> None:
    state = table(hands={0: ["vest", "letter", "letter"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "vest")), 7: Order(kill=0), 8: Order(kill=0)})
    assert damage(events) == {0: 3}
    assert state.seats[0].armor == 3
    assert keys(state.seats[0].hand) == ["letter", "letter", "rest"]


def test_shield_gives_its_target_three_armor() -> None:
    state = table(hands={1: ["shield", "letter"], 2: ["strike", "letter"]})
    events = resolve_phase(state, {
        1: Order(hand=play(state, 1, "shield", 0)),
        2: Order(hand=play(state, 2, "strike", 0)),
    })
    assert damage(events) == {0: 2}
    assert state.seats[0].armor == 3 and state.seats[1].armor == 0
    assert len(state.seats[0].hand) == 5


def test_healing_makes_its_target_draw_two() -> None:
    state = table(phase="day", hands={0: ["healing", "letter", "vest"]}, decks={1: ["shield", "search", "rest"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "healing", 1, paid=["letter"]))})
    assert keys(state.seats[1].hand) == ["letter"] * 5 + ["shield", "search"]
    assert keys(state.seats[1].deck) == ["rest"]
    assert keys(state.seats[0].hand) == ["vest", "rest"]
    assert card_keys(next(line for line in one(events, 1, "mafia-result-hand")["lines"]["lines"]
                          if line["message"] == "mafia-line-drawn")["params"]["cards"]) == ["shield", "search"]


def test_shelter_costs_two_and_gives_six_armor() -> None:
    state = table(number=2, hands={0: ["shelter", "letter", "letter", "vest"], 1: ["ambush", "letter"],
                                   2: ["strike", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "shelter", paid=["letter", "letter"])),
        1: Order(hand=play(state, 1, "ambush", 0, paid=["letter"])),
        2: Order(hand=play(state, 2, "strike", 0)),
    })
    assert damage(events) == {0: 6}
    assert state.seats[0].armor == 6
    assert keys(state.seats[0].hand) == ["vest", "rest"]


def test_rest_draws_one_extra_card() -> None:
    state = table(hands={0: ["rest", "letter"]}, decks={0: ["vest", "shield", "search"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "rest"))})
    assert keys(state.seats[0].hand) == ["letter", "vest", "shield"]
    assert keys(state.seats[0].deck) == ["search"]


def test_stockpile_puts_the_top_of_the_deck_in_the_sleeve_before_the_replacement_draw() -> None:
    state = table(hands={0: ["stockpile", "letter"]}, decks={0: ["vest", "shield", "search"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "stockpile"))})
    assert keys(state.seats[0].sleeve) == ["vest"]
    assert keys(state.seats[0].hand) == ["letter", "shield"]
    lines = {line["message"]: line["params"] for line in one(events, 0, "mafia-result-hand")["lines"]["lines"]}
    assert card_keys(lines["mafia-line-gained"]["cards"]) == ["vest"]


def test_bodyguard_takes_the_damage_of_his_target() -> None:
    state = table(hands={1: ["bodyguard", "letter", "letter", "vest"], 2: ["strike", "letter"]})
    events = resolve_phase(state, {
        1: Order(hand=play(state, 1, "bodyguard", 0, paid=["letter"])),
        2: Order(hand=play(state, 2, "strike", 0)),
    })
    assert damage(events) == {1: 2}
    assert len(state.seats[0].hand) == 5
    # bodyguard: letter paid, bodyguard played → [letter, vest]; 2 damage: the draw cancelled, 1 discarded
    assert keys(state.seats[1].hand) == ["vest"]


def test_reinforcements_give_their_target_two_armor_next_night() -> None:
    state = table(phase="day", hands={0: ["reinforcements", "letter"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "reinforcements", 1))})
    assert state.seats[1].delayed == [Delayed(kind="armor", amount=2, due=3, source=0)]
    assert state.seats[1].armor == 0
    next_phase(state)
    state.seats[2].hand = [state.new_card("strike"), *state.seats[2].hand]
    events = resolve_phase(state, {2: Order(hand=play(state, 2, "strike", 1))})
    assert damage(events) == {1: 2}
    assert state.seats[1].armor == 2 and len(state.seats[1].hand) == 5
    assert state.seats[1].delayed == []


def test_antidote_removes_a_delayed_poison_and_gives_one_armor() -> None:
    state = table(phase="day", hands={0: ["antidote", "letter"]})
    state.seats[1].delayed = [Delayed(kind="poison", amount=2, due=2, source=5)]
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "antidote", 1))})
    assert damage(events) == {}
    assert state.seats[1].armor == 1 and state.seats[1].delayed == []
    assert len(state.seats[1].hand) == 5


def test_fat_is_the_businessmans_token_one_armor_any_phase() -> None:
    state = table(phase="day", sleeves={0: ["fat"]}, hands={0: ["vest", "letter"], 1: ["knuckles", "letter"]})
    events = resolve_phase(state, {
        0: Order(sleeve=play(state, 0, "fat", where="sleeve")),
        1: Order(hand=play(state, 1, "knuckles", 0)),
    })
    assert damage(events) == {0: 1}
    assert state.seats[0].armor == 1
    assert keys(state.seats[0].hand) == ["vest", "letter"] and state.seats[0].sleeve == []


# --- Information ----------------------------------------------------------------------------------


def test_question_tells_the_colours_of_the_targets_hand_as_a_count_per_colour() -> None:
    """Decision: a count per colour, never in hand order (the order is secret: it decides which
    cards damage discards); the Advisor's invisible cards are included (Question is private)."""
    told = []
    for hand in (["search", "strike", "vest", "strike"], ["strike", "strike", "search", "vest"]):
        state = table(hands={0: ["question", "letter"], 9: hand})
        state.seats[9].hand[0].invisible = True  # the Advisor hid his first card
        events = resolve_phase(state, {0: Order(hand=play(state, 0, "question", 9))})
        result = one(events, 0, "mafia-result-question")
        assert result["player"] == {"seat": 9} and result["count"] == 4
        assert colour_counts(result["colours"]) == {"attack": 2, "support": 1, "information": 1}
        told.append(result)
    assert told[0] == told[1], "two orders of the same hand give the same answer"
    assert list(colour_counts(told[0]["colours"])) == ["attack", "support", "information"], "in colour order"


def test_question_and_denunciation_read_as_counts_per_colour_in_both_languages() -> None:
    state = table(hands={0: ["question", "letter"], 9: ["strike", "vest", "strike", "strike", "strike", "strike",
                                                         "search", "letter"]})
    question = resolve_phase(state, {0: Order(hand=play(state, 0, "question", 9))})
    asked = one(question, 0, "mafia-result-question")
    state = table(phase="day", hands={1: ["denunciation", "letter", "vest"], 9: ["strike", "vest", "strike"]})
    denounced = resolve_phase(state, {1: Order(hand=play(state, 1, "denunciation", 9, paid=["letter"]))})
    line = next(p for m, p in report(denounced) if m == "mafia-line-denunciation")

    def text(language: str, key: str, params: dict[str, object]) -> str:
        return render(language, key, params, lambda n: f"Player {n + 1}")

    assert text("en", "mafia-result-question", asked) == (
        "❓ Question (Player 10): 5 Attack cards, 1 Support card, 2 Information cards in hand.")
    assert text("ru", "mafia-result-question", asked) == (
        "❓ Вопрос (Player 10): в Руке 5 карт цвета «Атака», 1 карта цвета «Поддержка», "
        "2 карты цвета «Информация».")
    assert text("en", "mafia-line-denunciation", line) == (
        "📜 Denunciation on Player 10: 2 Attack cards, 1 Support card in hand.")
    assert text("ru", "mafia-line-denunciation", line) == (
        "📜 Анонимка на персонажа Player 10: в Руке 2 карты цвета «Атака», 1 карта цвета «Поддержка».")


def test_letter_is_delivered_unsigned_to_its_target() -> None:
    state = table(hands={0: ["letter", "vest"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "letter", 1, text="I am the Hero."))})
    assert one(events, 1, "mafia-result-letter") == {"text": "I am the Hero."}
    assert state.messages == []  # cleared once delivered
    assert keys(state.seats[0].hand) == ["vest", "rest"]


def test_surveillance_shows_the_cards_the_target_played_and_at_whom() -> None:
    state = table(hands={0: ["surveillance", "letter", "letter"], 1: ["strike", "letter"]}, sleeves={1: ["vest"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "surveillance", 1, paid=["letter"])),
        1: Order(hand=play(state, 1, "strike", 2), sleeve=play(state, 1, "vest", where="sleeve")),
    })
    lines = one(events, 0, "mafia-result-surveillance")["lines"]["lines"]
    assert lines == [
        {"message": "mafia-line-play-at", "params": {"card": {"term": "mafia-card-strike"}, "target": {"seat": 2}}},
        {"message": "mafia-line-play", "params": {"card": {"term": "mafia-card-vest"}}},
    ]


def test_search_shows_the_targets_hand_and_sleeve() -> None:
    state = table(hands={0: ["search", "letter", "letter"], 1: ["strike", "vest"]}, sleeves={1: ["bullet"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "search", 1, paid=["letter"]))})
    result = one(events, 0, "mafia-result-search")
    assert card_keys(result["hand"]) == ["strike", "vest"] and card_keys(result["sleeve"]) == ["bullet"]


def test_dossier_tells_the_targets_faction() -> None:
    state = table(hands={0: ["dossier", "letter", "letter", "vest"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "dossier", 8, paid=["letter", "letter"]))})
    assert one(events, 0, "mafia-result-dossier") == {"player": {"seat": 8}, "faction": {"term": "mafia-faction-mafia"}}
    assert keys(state.seats[0].hand) == ["vest", "rest"]


def test_eavesdrop_tells_whom_the_target_voted_for_and_how() -> None:
    state = table(phase="day", hands={0: ["eavesdrop", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "eavesdrop", 1)),
        1: Order(veche=2, veche_kind="beating"),
        3: Order(veche=4),  # incomplete: no kind
    })
    assert one(events, 0, "mafia-result-eavesdrop") == {"player": {"seat": 1}, "candidate": {"seat": 2},
                                                        "kind": "beating"}
    assert damage(events) == {2: 2}  # the veche: a single vote, beating
    assert state.beaten == 2
    state2 = table(phase="day", hands={0: ["eavesdrop", "letter"]})
    events = resolve_phase(state2, {0: Order(hand=play(state2, 0, "eavesdrop", 3)), 3: Order(veche=4)})
    assert one(events, 0, "mafia-result-eavesdrop-none") == {"player": {"seat": 3}}


def test_tracker_tells_who_targeted_the_target_with_cards_and_the_kill_votes() -> None:
    state = table(hands={0: ["tracker", "letter"], 1: ["strike", "letter"], 2: ["shield", "letter"]})
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "tracker", 3)),
        1: Order(hand=play(state, 1, "strike", 3)),
        2: Order(hand=play(state, 2, "shield", 3)),
        7: Order(kill=3),
        8: Order(kill=3),
        9: Order(kill=4),
    })
    lines = one(events, 0, "mafia-result-tracker")["lines"]["lines"]
    assert lines == [
        {"message": "mafia-line-targeted", "params": {"player": {"seat": 1}, "card": {"term": "mafia-card-strike"}}},
        {"message": "mafia-line-targeted", "params": {"player": {"seat": 2}, "card": {"term": "mafia-card-shield"}}},
        {"message": "mafia-line-kill-voters", "params": {"voters": {"and": [{"seat": 7}, {"seat": 8}]}}},
    ]
    assert damage(events) == {3: 5}  # Strike 2 + kill 3


def test_divination_shows_the_top_three_of_the_deck_after_the_draws() -> None:
    state = table(hands={0: ["divination", "letter"]}, decks={0: ["vest", "shield", "search", "strike", "rest"]})
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "divination"))})
    assert keys(state.seats[0].hand) == ["letter", "vest"]
    assert card_keys(one(events, 0, "mafia-result-divination")["cards"]) == ["shield", "search", "strike"]
    assert state.seats[0].divination == [c.id for c in state.seats[0].deck[:3]]


def test_denunciation_announces_the_colours_of_the_targets_visible_hand_as_a_count_per_colour() -> None:
    """Decision: counts per colour; the Advisor's invisible cards are left out (the announcement is
    public, like the hand count)."""
    state = table(phase="day", hands={0: ["denunciation", "letter", "vest"],
                                      1: ["question", "strike", "vest", "strike", "search"]})
    state.seats[1].hand[4].invisible = True
    events = resolve_phase(state, {0: Order(hand=play(state, 0, "denunciation", 1, paid=["letter"]))})
    line = next(p for m, p in report(events) if m == "mafia-line-denunciation")
    assert line["player"] == {"seat": 1} and line["count"] == 4
    assert colour_counts(line["colours"]) == {"attack": 2, "support": 1, "information": 1}


def test_intercept_copies_every_message_sent_to_the_target_without_the_sender() -> None:
    state = table(hands={0: ["intercept", "letter", "letter"], 2: ["letter", "vest"]})
    state.messages = [Message(kind="boss", sender=7, to=8, text="Kill 3.")]
    events = resolve_phase(state, {
        0: Order(hand=play(state, 0, "intercept", 8, paid=["letter"])),
        2: Order(hand=play(state, 2, "letter", 8, text="I know.")),
    })
    copies = private(events, 0, "mafia-result-intercept")
    assert copies == [
        {"player": {"seat": 8}, "kind": "boss", "text": "Kill 3."},
        {"player": {"seat": 8}, "kind": "letter", "text": "I know."},
    ]
    assert one(events, 8, "mafia-result-letter") == {"text": "I know."}
    assert public(events, "mafia-event-phase-report")["number"] == 1
