"""Every Sword of Lies line reads as a player expects (issue 36 §5–6): names declined in Russian, never
"у игрока Глеб"; lists of names joined with "и"/"and"; "you"/«вы» with its own verb form; the marks,
the war's order and hit lines, the trade and interrogation prompts in plain words.

The guard plays whole games at several sizes in both languages with a human seat and reads every
line that seat or the channel is shown: events, prompts, options with their reasons, the table."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.i18n import reading_as, render
from bot.offline import BOT_NAMES
from games.core import Event, Prompt
from games.sword_of_lies import ENGINE

from .helpers import (
    act,
    acts,
    all_ready,
    drive,
    find,
    give_turn,
    interrogate,
    mark,
    new_game,
    pending,
    plain_table,
    set_row,
    start_betting,
    waiting,
    war_row,
    war_table,
)
from .test_single_answers import last_circle

NAMES = BOT_NAMES
"""The offline game's names; seat 0 reads as "you"."""


def text(language: str, key: str, params: dict[str, Any], reader: int | None = None) -> str:
    return render(language, key, params, reading_as(NAMES[language].__getitem__, reader))


# --- what to look for ---------------------------------------------------------------------------------
def name_pattern(language: str) -> str:
    return "|".join(NAMES[language]) + ("|вы" if language == "ru" else "|you")


def faults(language: str, line: str) -> list[str]:
    """What is wrong with one line: the patterns of issue 36 that a reader trips on."""
    names = name_pattern(language)
    found = []
    if language == "ru":
        if re.search(rf"\b(игрок[а-я]*) ({names})\b", line):
            found.append("undeclined name after «игрок…»")
        if re.search(r"\b[Вв]ы [а-яё]+(ет|ит|ёт)\b|\b[а-яё]+(ет|ит|ёт) вы\b", line):
            found.append("«вы» with a third-person verb")
        if (re.search(r"(Верю|Не верю|Красный|Чёрный)[^»]", line.split(":", 1)[-1]) and "«" not in line) \
                or re.search(r"[,;] (Верю|Не верю)\b|\((Красный|Чёрный)\)", line):
            found.append("a statement mid-sentence, capitalised and unquoted")
        if re.search(r"допрос(: | ваш)", line):
            found.append("a mark in shorthand («допрос: Вера; …»)")
        if re.search(r"(Ваша|^№\d+ [А-Я]\w+) ?№?\d* ?\(", line) or "мечей нет +" in line:
            found.append("a hit line without «карта»")
    else:
        if re.search(r"\b[Yy]ou (has|is|was|does|says|pays|reveals|draws)\b", line):
            found.append("'you' with a third-person verb")
        if re.search(r"\bwhich card of\b|\bfrom own\b|\bat position\b|\bat your position\b|no swords \+", line):
            found.append("clumsy English")
        if re.search(r", (Believe|Disbelieve)\b|\((Red|Black)\)|interrogation, “", line):
            found.append("a statement mid-sentence, capitalised and unquoted")
    listing = re.search(rf"\b(?:(?:{names}), ){{2,}}(?:{names})\b(?! (и|and) )", line) or re.search(
        rf"\b(?:{names}), (?:{names})\b(?!,| (и|and) )[.)]", line)
    if listing:
        found.append(f"names joined by bare commas: {listing.group(0)!r}")
    return found


# --- the guard ------------------------------------------------------------------------------------------
def lines_of_a_game(language: str, players: int, seed: int) -> list[str]:
    """Every line seat 0 (the human) and the channel read in one game played by bots."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, hand_size=rng.choice([2, 3, 4]))
    out: list[str] = []

    def read(event: Event) -> None:
        if event.to is None:
            out.append(text(language, event.key, event.params))
        if event.to is None or 0 in event.to:
            out.append(text(language, event.key, event.params, reader=0))

    def asked(prompt: Prompt) -> None:
        out.append(text(language, prompt.key, prompt.params, reader=prompt.seat if prompt.seat == 0 else None))
        for option in prompt.options:
            out.append(text(language, option.label, option.params, reader=0))
            if option.disabled is not None:
                out.append(text(language, option.disabled.key, option.disabled.params, reader=0))

    step = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        if prompt.seat == 0 or not prompt.secret:
            asked(prompt)
        if step % 5 == 0:
            for viewer in (None, 0):
                out += [text(language, e.key, e.params, reader=viewer) for e in ENGINE.summary(state, viewer)]
        action = ENGINE.bot_action(state, prompt, rng, level=rng.choice(["easy", "normal"]))
        state, events = ENGINE.apply(state, prompt.seat, action)
        for event in events:
            read(event)
        step += 1
    return out


@pytest.mark.parametrize("language", ["ru", "en"])
def test_no_line_of_a_whole_game_trips_a_reader(language: str) -> None:
    seen: dict[str, list[str]] = {}
    for players, seed in ((3, 1), (4, 2), (5, 3), (6, 4), (4, 21), (3, 8)):
        for line in lines_of_a_game(language, players, seed):
            for fault in faults(language, line):
                lines = seen.setdefault(fault.split(":")[0], [])
                if line not in lines and len(lines) < 3:
                    lines.append(line)
    assert not seen, "\n".join(f"{fault}: {line}" for fault, lines in seen.items() for line in lines)


# --- the lines issue 36 names ---------------------------------------------------------------------------
def one(events: list[Event], key: str) -> Event:
    (event,) = [e for e in events if e.key == key]
    return event


def marked_by(asker: int, target: int, named: str, answer: str) -> Event:
    state = give_turn(plain_table(4), asker)
    state, events = interrogate(state, asker, target, 2, named, answer)
    return one(events, "sol-event-marked")


def test_a_mark_says_who_was_told_what_and_whether_they_believe_it() -> None:
    vera = marked_by(2, 1, "red", "believe")
    assert text("ru", vera.key, vera.params) == "✍ Карта №2 Бориса помечена: Вере ответили «Красный» — Вера верит."
    assert text("en", vera.key, vera.params) == "✍ Boris's card #2 is marked: Clara was told “Red” and believes it."
    assert text("ru", vera.key, vera.params, reader=1) == (
        "✍ Ваша карта №2 помечена: Вере ответили «Красный» — Вера верит.")
    mine = marked_by(0, 3, "black", "disbelieve")
    assert text("ru", mine.key, mine.params, reader=0) == (
        "✍ Карта №2 Глеба помечена: вам ответили «Чёрный» — вы не верите.")
    assert text("en", mine.key, mine.params, reader=0) == (
        "✍ Dmitri's card #2 is marked: you were told “Black” and do not believe it.")


def test_a_marked_card_in_a_list_reads_the_same() -> None:
    state = give_turn(plain_table(4), 2)
    state, _ = interrogate(state, 2, 1, 2, "red", "believe")
    state = give_turn(state, 0)
    state, _ = acts(state, (0, "interrogate"), (0, "1"))
    option = pending(state, 0).options[1]
    assert text("ru", option.label, option.params, reader=0) == "№2 помечена (Вере ответили «Красный» — Вера верит)"
    assert text("en", option.label, option.params, reader=0) == "#2 marked (Clara was told “Red” and believes it)"


def test_names_are_declined_where_one_card_is_left() -> None:
    state = plain_table(4)
    for card in state.table[2].cards[:3]:
        card.mark = mark(1, "red", True)
    state, events = acts(give_turn(state, 0), (0, "interrogate"), (0, "2"))
    asked = one(events, "sol-event-ask-only")
    assert text("ru", asked.key, asked.params) == "У Веры осталась одна непомеченная карта — №4: допрос о ней."
    state, events = drive(last_circle(), lambda s: s.phase in ("negotiation", "over"))
    only = find(events, "sol-event-reveal-only")[1]
    assert text("ru", only.key, only.params) == "У Бориса осталась одна закрытая карта — №1: она вскрывается."


def test_the_end_of_phase_one_names_whose_cards_are_all_marked() -> None:
    state = plain_table(4)
    for card in state.table[3].cards[1:]:
        card.mark = mark(1, "red", True)
    state, events = interrogate(give_turn(state, 0), 0, 3, 1, "black", "believe")
    over = one(events, "sol-event-castling-over")
    assert text("ru", over.key, over.params) == "Фаза I окончена: все карты помечены у Глеба."
    assert text("ru", over.key, over.params, reader=3) == "Фаза I окончена: все карты помечены у вас."
    assert text("en", over.key, over.params) == "Phase I is over: Dmitri has every card marked."
    assert text("en", over.key, over.params, reader=3) == "Phase I is over: you have every card marked."
    two = Event(key=over.key, params={**over.params, "players": {"and": [{"seat": 3}, {"seat": 1}]},
                                      "other": {"seat": 1}, "both": "yes"})
    assert text("ru", two.key, two.params) == "Фаза I окончена: все карты помечены у Глеба и у Бориса."
    assert text("en", two.key, two.params, reader=1) == "Phase I is over: Dmitri and you have every card marked."


def test_a_list_of_names_ends_with_and() -> None:
    begins = Event(key="sol-event-war-begins", params={"players": {"and": [{"seat": 0}, {"seat": 2}]}})
    assert text("en", begins.key, begins.params, reader=0) == "⚔ Phase III — War between you and Clara."
    assert text("ru", begins.key, begins.params, reader=0) == "⚔ Фаза III — Война. Участники: вы и Вера."
    state = plain_table(3)
    set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(1, "red", True)] * 4)
    state, events = start_betting(state, 0)
    state, more = drive(state, lambda s: s.phase == "negotiation")
    state, last = all_ready(state)
    lists = [e for e in events + more + last if e.key in ("sol-event-war-begins", "sol-event-orders", "sol-event-pot")]
    assert {e.key for e in lists} == {"sol-event-war-begins", "sol-event-orders"}
    for event in lists:
        assert set(event.params["players"]) == {"and"}, event
    assert text("ru", lists[0].key, lists[0].params, reader=2) == "⚔ Фаза III — Война. Участники: Аня, Борис и вы."


def test_a_double_attack_reads_in_plain_english() -> None:
    state = war_table()
    war_row(state, 0, "PP", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=0)
    state, _ = all_ready(state)
    state, _ = acts(state, (0, "double"), (0, "1"))
    prompt = pending(state, 0)
    assert text("en", prompt.key, prompt.params, reader=0) == "Sword 1: which of Boris's cards?"
    state, events = acts(state, (0, "1"), (0, "2"), (0, "2"), (0, "2"))
    attack = one(events, "sol-event-attack")
    assert text("en", attack.key, attack.params) == (
        "⚔ Ada: double attack at Boris's #1 and Clara's #2, paying 1 life from their own #2.")
    assert text("en", attack.key, attack.params, reader=0) == (
        "⚔ You: double attack at Boris's #1 and Clara's #2, paying 1 life from your own #2.")
    paid = next(e for e in find(events, "sol-event-card-hit") if e.params["player"] == {"seat": 0})
    assert text("ru", paid.key, paid.params, reader=0) == "Ваша карта №2 (3♣): плата за двойную атаку → уничтожена."
    assert text("en", paid.key, paid.params, reader=0) == "Your #2 (3♣): the double-attack cost → destroyed."
    hit = next(e for e in find(events, "sol-event-card-hit") if e.params["player"] == {"seat": 1})
    assert text("ru", hit.key, hit.params) == "Карта №1 Бориса (2♣): 1 меч → уничтожена."


def test_a_reveal_says_the_cards_colour_and_its_mark_in_words() -> None:
    state = plain_table(3)
    set_row(state, 0, ["2H", "3S", "4H", "5S"], [mark(1, "black", True), None, None, None])
    state, _ = start_betting(state, 0)
    state, _ = drive(state, waiting(0, "sol-prompt-reveal"))
    state, events = act(state, 0, "1")
    reveal = one(events, "sol-event-reveal")
    assert text("ru", reveal.key, reveal.params) == (
        "Аня вскрывает карту №1: 2♥ (красная), пометка допроса Бориса: «Чёрный» — ложь, «верю» → щит (2 жизни).")
    assert text("en", reveal.key, reveal.params, reader=1) == (
        "Ada reveals #1: 2♥ (red), marked by you: “Black” — a lie, “believe” → a shield (2 lives).")


def test_the_interrogation_and_trade_prompts_name_cards_by_number() -> None:
    state, _ = acts(give_turn(plain_table(4), 1), (1, "interrogate"), (1, "0"), (1, "3"))
    prompt = pending(state, 0)
    assert text("ru", prompt.key, prompt.params, reader=0) == (
        "Борис спрашивает цвет вашей карты №3 (это 4♥). Назовите «Красный» или «Чёрный» — правду или ложь.")
    assert text("en", prompt.key, prompt.params, reader=0) == (
        "Boris asks the colour of your card #3 (it is 4♥). Say “Red” or “Black” — the truth or a lie.")
    state, _ = act(state, 0, "red")
    prompt = pending(state, 1)
    assert text("en", prompt.key, prompt.params, reader=1) == "Ada says their card #3 is “Red”. Believe it?"
    state, _ = acts(give_turn(plain_table(4), 1), (1, "trade"), (1, "2"), (1, "0"), (1, "4"))
    offer = pending(state, 0)
    assert text("en", offer.key, offer.params, reader=0) == (
        "Boris offers their #2 for your #4 (5♥). Accept for free, name a price in chips (at most 1,000), or decline.")
    state, events = act(state, 0, "accept")
    got = next(e for e in events if e.key == "sol-event-trade-received" and e.to == [0])
    assert text("ru", got.key, got.params, reader=0).startswith("Вы получили 7♠ от Бориса — теперь это ваша карта №4.")
    assert text("en", got.key, got.params, reader=0).startswith("You get 7♠ from Boris: it is now your #4.")


def test_a_declined_trade_says_whose_offer_it_was() -> None:
    state, _ = acts(give_turn(plain_table(4), 1), (1, "trade"), (1, "2"), (1, "0"), (1, "4"))
    state, events = act(state, 0, "decline")
    declined = one(events, "sol-event-trade-declined")
    assert text("ru", declined.key, declined.params) == "Аня отклоняет обмен, предложенный Борисом; ход окончен."
    assert text("ru", declined.key, declined.params, reader=1) == "Аня отклоняет обмен, предложенный вами; ход окончен."



def test_lines_saved_before_these_words_still_say_what_happened() -> None:
    """A finished game's transcript renders its stored events again: a mark or a reveal saved without
    `believed`/`real` shows the answer as it was stored, never a guessed "does not believe"."""
    old_mark = {"player": {"seat": 2}, "target": {"seat": 1}, "position": 2,
                "colour": {"term": "sol-colour-red"}, "answer": {"term": "sol-believe"}}
    assert text("ru", "sol-event-marked", old_mark) == (
        "✍ Карта №2 Бориса помечена: Вере ответили «Красный» — Вера отвечает «Верю».")
    assert text("en", "sol-event-marked", old_mark).endswith("Clara was told “Red” and answered “Believe”.")


def test_an_order_being_composed_shows_only_what_is_chosen() -> None:
    state = war_table()
    war_row(state, 0, "PP", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=0)
    state, _ = all_ready(state)

    def order_line(language: str) -> str:
        (line,) = [e for e in ENGINE.summary(state, 0) if e.key == "sol-summary-order"]
        return text(language, line.key, line.params, reader=0)

    state, _ = act(state, 0, "double")
    assert order_line("ru") == "📜 Ваш приказ (не закончен): двойная атака — … и …, плата — …"
    state, _ = acts(state, (0, "1"), (0, "2"), (0, "2"))
    assert order_line("ru") == "📜 Ваш приказ (не закончен): двойная атака — карта №2 Бориса и карта Веры, плата — …"
    assert order_line("en") == (
        "📜 Your war order (not finished): double attack — Boris's #2 and one of Clara's cards, paying with …")
    state, _ = act(state, 0, "1")
    assert order_line("ru") == (
        "📜 Ваш приказ (не закончен): двойная атака — карта №2 Бориса и карта №1 Веры, плата — …")


def test_you_alone_give_a_war_order_in_your_own_verb() -> None:
    orders = Event(key="sol-event-orders", params={"cycle": 2, "players": {"and": [{"seat": 0}]}})
    assert text("ru", orders.key, orders.params, reader=0) == "📜 Раунд войны 2: тайный приказ отдаёте вы."
    assert text("ru", orders.key, orders.params) == "📜 Раунд войны 2: тайный приказ отдаёт Аня."
    reveal = Event(key="sol-event-reveal", params={"player": {"seat": 0}, "position": 2, "card": "8♦", "card_id": 6,
                                                   "colour": {"term": "sol-colour-red"}, "real": "red", "marked": "no",
                                                   "kind": "plain", "outcome": {"term": "sol-outcome-plain"}})
    assert text("ru", reveal.key, reveal.params, reader=0).startswith("Вы вскрываете карту №2: 8♦ (красная)")


def test_a_player_without_cards_is_said_to_have_none() -> None:
    standing = Event(key="sol-event-standing", params={"player": {"seat": 3}, "lives": 0, "cards": 0, "swords": 5})
    assert text("ru", standing.key, standing.params) == "Глеб: карт не осталось, 5 мечей."
    assert text("en", standing.key, standing.params) == "Dmitri: no cards left, 5 swords."


def test_paying_one_chip_with_the_pay_command_says_one_chip() -> None:
    assert render("en", "sol-pay-done", {"chips": 1, "player": "Boris"}, str) == "Paid 1 chip to Boris."
    assert render("en", "sol-pay-done", {"chips": 40, "player": "Boris"}, str) == "Paid 40 chips to Boris."


def test_a_short_stack_is_offered_to_bet_all_in_not_to_raise() -> None:
    """Nobody has bet this round and the stack is below the least bet: the only bet is the whole stack."""
    state = plain_table(3, min_buy_in=10, buy_ins={0: 1000, 1: 30, 2: 1000}, small_blind=0)
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, "check"), (1, "call"), (2, "call"))
    state, _ = drive(state, lambda s: s.phase == "betting" and any(p.seat == 1 for p in s.prompts))
    prompt = pending(state, 1)
    assert prompt.params["highest"] == 0 and prompt.params["stack"] == 10
    assert text("ru", prompt.key, prompt.params, reader=1).endswith(
        "Поставить можно только олл-ин (10), сказать «чек» или сбросить карты.")
    assert text("en", prompt.key, prompt.params, reader=1).endswith("Bet only all-in (10), or check, or fold.")


def test_a_folded_bettor_is_not_given_a_gender() -> None:
    folded = Event(key="sol-event-bonus-folded", params={"player": {"seat": 2}, "bet": 500})
    assert text("ru", folded.key, folded.params) == (
        "Первая самая высокая ставка (500) — у Веры, но карты Веры сброшены: +4 меча никто не получает.")
