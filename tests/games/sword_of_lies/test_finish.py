"""Issue 12 in Sword of Lies: a short all-in is an all-in (and counts for the +4 swords), forced
"Done" is made at once (and undone when chips arrive, issue 35), no player is offered themselves or
a folded player, the war says why it ended, and the final table explains its tie-break."""

from __future__ import annotations

from bot.i18n import render
from games.sword_of_lies import ENGINE, phase3
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    drive,
    find,
    keys,
    mark,
    pending,
    plain_table,
    set_row,
    start_betting,
    war_row,
    war_table,
)

NAMES = ["Аня", "Борис", "Вера", "Глеб"]


def text(language: str, event: object) -> str:
    return render(language, event.key, event.params, NAMES.__getitem__)  # type: ignore[attr-defined]


def short_stack_facing_a_bet() -> SolState:
    """Seat 1 has 300 chips and faces a raise to 400: calling would take the whole stack."""
    state = plain_table(3, min_buy_in=100, buy_ins={0: 1000, 1: 300, 2: 1000})
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, 400))
    assert pending(state, 1).key == "sol-prompt-bet"
    return state


# --- 6. a short all-in --------------------------------------------------------------------------------
def test_a_call_of_the_whole_stack_is_one_choice_shown_as_all_in() -> None:
    state = short_stack_facing_a_bet()
    options = {o.value: o for o in pending(state, 1).options}
    assert "call" not in options and options["all_in"].label == "sol-opt-all-in"
    assert options["all_in"].params == {"to": 300} and options["all_in"].disabled is None
    _, events = act(state, 1, "all_in")
    (bet,) = find(events, "sol-event-bet")
    assert bet.params["kind"] == "all_in" and bet.params["to"] == 300
    assert text("en", bet) == "Борис goes all-in (300)."
    assert text("ru", bet) == "Борис идёт олл-ин: 300."


def test_a_typed_call_of_the_whole_stack_is_the_same_all_in() -> None:
    state, events = act(short_stack_facing_a_bet(), 1, "call")
    assert find(events, "sol-event-bet")[0].params["kind"] == "all_in"
    assert state.betting is not None and state.betting.history[-1].kind == "all_in"


def test_a_whole_stack_call_counts_for_the_four_swords() -> None:
    """Nobody bets; the short stack calls the big blind with everything: an all-in, so the first
    highest bet of Phase II is theirs."""
    state = plain_table(3, min_buy_in=10, buy_ins={0: 1000, 1: 15, 2: 1000}, small_blind=0)
    set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(2, "red", True)] * 4)
    state, _ = start_betting(state, 0)
    state, events = acts(state, (0, "check"), (1, "call"), (2, "call"))
    assert find(events, "sol-event-bet")[1].params["kind"] == "all_in"
    state, events = drive(state, lambda s: s.phase in ("negotiation", "war") or s.over)
    (bonus,) = find(events, "sol-event-bonus")
    assert bonus.params["player"] == {"seat": 1} and bonus.params["bet"] == 15


def test_bets_read_as_poker_players_say_them() -> None:
    state = plain_table(3)
    state, _ = start_betting(state, 0)
    state, events = acts(state, (0, "check"), (1, 40), (2, 120), (0, "call"))
    lines = [text("ru", e) for e in find(events, "sol-event-bet")]
    assert lines == ["Аня: чек.", "Борис повышает до 40.", "Вера повышает до 120.", "Аня уравнивает: 100."]
    state, _ = drive(state, lambda s: s.betting is not None and s.betting.round == 2 and s.phase == "betting")
    state, events = act(state, 0, 60)
    assert text("ru", find(events, "sol-event-bet")[0]) == "Аня ставит 60."
    assert text("en", find(events, "sol-event-bet")[0]) == "Аня bets 60."


# --- 7. forced "Done" in the negotiation --------------------------------------------------------------
def test_a_player_with_no_chips_and_no_order_is_ready_at_once() -> None:
    state = war_table()
    war_row(state, 0, "PP", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=1)
    state.table[1].stack = 0
    events: list = []
    phase3.start_cycle(state, events)
    assert [p.seat for p in state.prompts] == [0, 2], "seat 1 is not asked"
    assert state.table[1].ready and "sol-event-ready-forced" in keys(events)
    assert text("ru", find(events, "sol-event-ready-forced")[0]) == "Борис: ни фишек, ни приказа на войну — готово."


def test_a_player_with_no_chips_but_swords_is_still_asked() -> None:
    state = war_table()
    war_row(state, 0, "PP", swords=2)
    war_row(state, 1, "PP", swords=1)
    war_row(state, 2, "PP", swords=0)
    state.table[1].stack = 0
    events: list = []
    phase3.start_cycle(state, events)
    assert 1 in [p.seat for p in state.prompts]


def forced_ready_table() -> SolState:
    """A negotiation where Борис (seat 1) has no chips and no war order: "Done" was made for him."""
    state = war_table()
    war_row(state, 0, "PP", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=1)
    state.table[0].stack += state.table[1].stack
    state.table[1].stack = 0
    phase3.start_cycle(state, [])
    assert state.table[1].ready and [p.seat for p in state.prompts] == [0, 2]
    return state


def test_chips_paid_to_a_player_made_done_give_him_his_prompt_back() -> None:
    """The rules: players may pay each other chips at any time in the negotiation. Борис, made
    "Done" for having nothing to pay, is paid 50: he can now pay too, so he is asked again."""
    state = forced_ready_table()
    state, events = acts(state, (0, "to:1"), (0, 50))
    prompt = pending(state, 1)
    assert prompt.key == "sol-prompt-negotiate" and prompt.params["stack"] == 50
    assert not state.table[1].ready
    (back,) = find(events, "sol-event-ready-undone")
    assert back.to is None and back.params == {"player": {"seat": 1}}
    assert text("ru", back) == "У Бориса теперь есть фишки, чтобы платить: переговоры ждут «Готово» и от Бориса."
    assert text("en", back) == "Борис now has chips to pay: the negotiation waits for Борис to be done too."
    state, events = acts(state, (1, "to:2"), (1, 20))
    assert find(events, "sol-event-paid")[0].params == {"player": {"seat": 1}, "to": {"seat": 2}, "chips": 20}
    assert state.table[1].stack == 30 and ENGINE.chips(state) == 3000


def test_the_negotiation_waits_for_the_player_given_chips() -> None:
    state = forced_ready_table()
    state, _ = acts(state, (0, "to:1"), (0, 50), (0, "ready"), (2, "ready"))
    assert state.phase == "negotiation", "Борис has not said Done yet"
    state, events = act(state, 1, "ready")
    assert state.phase == "war" and "sol-event-orders" in keys(events)


def test_chips_paid_to_a_player_who_still_negotiates_change_only_his_stack() -> None:
    state = forced_ready_table()
    state, events = acts(state, (0, "to:2"), (0, 50))
    assert not find(events, "sol-event-ready-undone")
    assert state.table[1].ready and [p.seat for p in state.prompts] == [0, 2]


# --- 8. nobody is offered themselves or a folded player ----------------------------------------------
def test_player_choices_never_list_yourself() -> None:
    state = plain_table(4)
    from .helpers import give_turn

    state = give_turn(state, 2)
    for moves in (("trade", "1"), ("interrogate",)):
        after, _ = acts(state, *((2, m) for m in moves))
        seats = [o.value for o in after.prompts[0].options if o.label == "sol-opt-player"]
        assert "2" not in seats and len(seats) == 3, moves


def test_nobody_is_offered_to_pay_a_player_who_folded() -> None:
    state = plain_table(4)
    set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(1, "red", True)] * 4)
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, "check"), (1, "call"), (2, "fold"))
    state, _ = drive(state, lambda s: s.phase == "negotiation")
    payees = [o.value for o in pending(state, 0).options if o.value.startswith("to:")]
    assert payees == ["to:1", "to:3"]
    from .helpers import assert_refused

    assert_refused(state, 0, "to:2", "error-malformed")


# --- 4. the war says why it ended -----------------------------------------------------------------------
def test_the_war_over_line_gives_the_real_reason() -> None:
    state = war_table()
    for s in range(3):
        war_row(state, s, "PP", swords=0)
    assert phase3.war_over_reason(state) == "no-swords"
    events: list = []
    phase3.start_cycle(state, events)
    (over,) = find(events, "sol-event-war-over")
    assert text("ru", over) == "Война окончена: ни у кого не осталось мечей."
    assert text("en", over) == "The war is over: nobody has a sword left."
    state = war_table()
    war_row(state, 0, "", swords=3)
    war_row(state, 1, "P", swords=0)
    war_row(state, 2, "P", swords=0)
    assert phase3.war_over_reason(state) == "no-cards"
    state = war_table()
    war_row(state, 0, "P", swords=3)
    war_row(state, 1, "", swords=0)
    war_row(state, 2, "", swords=0)
    assert phase3.war_over_reason(state) == "no-targets"


# --- 10. the final table ---------------------------------------------------------------------------------
def test_the_final_table_explains_the_swords_before_the_war() -> None:
    state = war_table()
    war_row(state, 0, "SP", swords=1)
    war_row(state, 1, "SP", swords=0)
    war_row(state, 2, "PP", swords=0)
    state.table[1].swords_before_war = 5
    state.table[0].swords_before_war = 1
    state, _ = acts(state, *((s, "ready") for s in (0, 1, 2) if not state.table[s].ready))
    state, events = acts(state, (0, "2"), (0, "1"))  # one sword: a standard attack, not asked
    assert state.over
    table = keys(events)[keys(events).index("sol-event-standings"):]
    assert table[:5] == ["sol-event-standings", "sol-event-rank", "sol-event-rank", "sol-event-rank",
                         "sol-event-standings-tiebreak"]
    ranks = find(events, "sol-event-rank")
    assert [(e.params["place"], e.params["player"]["seat"]) for e in ranks] == [(1, 1), (2, 0), (3, 2)]
    (tiebreak,) = find(events, "sol-event-standings-tiebreak")
    assert text("ru", tiebreak) == "Поровну жизней (3): Борис и Аня; места решило число мечей до войны."
    assert keys(events).count("sol-event-standings") == 1
    assert ENGINE.results(state) is not None


# --- 2. house-rule errors in the reader's language ---------------------------------------------------
def test_a_house_rule_error_names_the_rule_in_the_readers_language() -> None:
    import pytest

    from games.core import IllegalAction

    with pytest.raises(IllegalAction) as refused:
        ENGINE.parse_options({"small_blind": 50, "big_blind": 20})
    refusal = refused.value.refusal
    assert render("ru", refusal.key, refusal.params, str) == (
        "Домашнее правило «small_blind» задано неверно: младший блайнд не может быть больше старшего (20)."
    )
    with pytest.raises(IllegalAction) as refused:
        ENGINE.parse_options({"hand_size": 99})
    refusal = refused.value.refusal
    assert render("en", refusal.key, refusal.params, str) == (
        "House rule “hand_size” is not valid: it must be at most 8."
    )
