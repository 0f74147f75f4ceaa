"""A player's guide (the terminal's `?`, games.mafia.help): their roles with their abilities, every card
of their hand and sleeve with its text, and a private log of everything their seat learned — read from
the state, so a saved and resumed game still has it."""

from __future__ import annotations

from bot.i18n import reading_as
from bot.render import event_text
from games.mafia import ENGINE
from games.mafia.help import guide
from games.mafia.learning import learn_snapshot
from games.mafia.order import Order
from games.mafia.state import MafiaState
from tests.games.mafia.scenario import play, resolve_phase, table

# the default table: seats 0–6 law, 7 the Boss, 8 the Killer, 9 the Advisor
NAMES = ["Ada", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Hugo", "Irina", "Jonas"]


def read(state: MafiaState, number: int, language: str = "en") -> str:
    names = reading_as(lambda n: NAMES[n], number)
    return "\n".join(event_text(e, language, names) for e in guide(state, number))


def test_the_guide_is_private_to_its_seat() -> None:
    state = table()
    assert all(event.to == [3] for event in guide(state, 3))


def test_the_guide_names_the_public_role_with_its_ability_and_each_card_with_its_text() -> None:
    state = table(hands={0: ["dossier", "letter"]}, sleeves={0: ["vest"]})
    text = read(state, 0)
    assert "🎭 Your public role: Hero. No ability." in text
    assert "⚖ You: Law." in text
    assert "• Dossier (Information, cost 2, night): You learn the target's faction." in text
    assert "Your sleeve:\n• Vest (Support, cost 0, night): You get 3 armor." in text
    assert "You have learned nothing in secret yet." in text


def test_a_mafia_member_reads_his_secret_role_and_its_ability() -> None:
    state = table()
    text = read(state, 8)
    assert "Your secret role: Killer (Mafia). Colour: Attack." in text
    assert "never the same target twice" in text.lower()


def test_the_log_keeps_every_result_with_the_phase_it_was_learned_in() -> None:
    state = table(hands={0: ["dossier", "letter", "letter", "letter"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "dossier", 8, paid=["letter", "letter"]))})
    text = read(state, 0)
    assert "What you have learned:\n• [Night 1] 📁 Dossier (Irina): faction Mafia." in text


def test_the_log_survives_saving_and_loading_the_game() -> None:
    state = table(hands={0: ["question", "letter"], 9: ["vest", "shield", "strike"]})
    resolve_phase(state, {0: Order(hand=play(state, 0, "question", 9))})
    before = read(state, 0)
    assert "[Night 1] ❓ Question (Jonas)" in before
    assert read(ENGINE.load(ENGINE.dump(state)), 0) == before


def test_the_trackers_finds_are_logged_in_russian_too() -> None:
    state = table(hands={0: ["tracker", "letter"]})
    orders = {0: Order(hand=play(state, 0, "tracker", 3)), 7: Order(kill=3), 8: Order(kill=3), 9: Order(kill=4)}
    resolve_phase(state, orders)
    text = read(state, 0, "ru")
    assert "• [Ночь 1] 📡 Маячок: голос персонажа Hugo — за убийство мафией, значит, это мафия." in text


def test_the_mafia_reads_the_night_one_snapshot_of_the_others() -> None:
    state = table()
    learn_snapshot(state)
    text = read(state, 7)
    assert "🔪 Irina: Killer (Mafia)" in text and "🔪 Jonas: Advisor (Mafia)" in text
