"""Issue 12 in Cookie: the worked check's table read back as text — who lies in front of whom,
"you" for the reader, the final table — and the choose prompt no longer promises a change."""

from __future__ import annotations

from bot.i18n import catalog, reading_as, render
from bot.render import option_with_reason
from games.cookie import ENGINE
from games.cookie.view import standings
from games.core import Event

from .helpers import place, play_circle, prompt_of

BART, HOMER, MARGE, LISA = range(4)  # the seats of the worked check (tests/…/test_cookie_worked_check.py)
NAMES = ["Барт", "Гомер", "Мардж", "Лиза"]


def text(language: str, event: Event, reader: int | None = None) -> str:
    return render(language, event.key, event.params, reading_as(NAMES.__getitem__, reader))


def third_circle():  # type: ignore[no-untyped-def]
    state, _ = ENGINE.scenario(["cookie", "strontium", "thirty-seven", "blue"], first_player=BART)
    state, _ = play_circle(state, {HOMER: "cookie", BART: "strontium", LISA: "thirty-seven", MARGE: "strontium"})
    state, _ = play_circle(state, {BART: "thirty-seven", HOMER: "blue", MARGE: "cookie", LISA: "strontium"})
    state, _ = play_circle(state, {BART: "sword", HOMER: "shield", MARGE: "sword", LISA: "hill"})
    return state


def test_the_view_shows_which_swords_and_shields_lie_in_front_of_whom() -> None:
    state = third_circle()
    state, _ = place(state, BART, LISA)
    state, _ = place(state, HOMER, MARGE)
    lines = [e for e in ENGINE.summary(state, HOMER) if e.key.startswith("cookie-summary-placements")]
    assert len(lines) == 1 and lines[0].to is None, "placements are public: one line for everyone"
    assert text("ru", lines[0], reader=HOMER) == (
        "Лежат в этом раунде: ⚔️ меч Барта — перед Лизой, 🛡️ ваш щит — перед игроком Мардж."
    )
    assert text("en", lines[0], reader=LISA) == (
        "In front of players this round: ⚔️ Барт's Sword — in front of you, 🛡️ Гомер's Shield — in front of Мардж."
    )


def test_placements_name_you_and_keep_the_noun_in_its_case() -> None:
    state = third_circle()
    _, events = place(state, BART, LISA)
    (placed,) = events
    assert text("ru", placed) == "⚔️ Барт кладёт меч перед Лизой."
    assert text("ru", placed, reader=BART) == "⚔️ Вы кладёте меч перед Лизой."
    assert text("ru", placed, reader=LISA) == "⚔️ Барт кладёт меч перед вами."


def test_a_blocked_target_shows_its_reason_and_you_are_never_a_target() -> None:
    state = third_circle()
    state, _ = place(state, BART, LISA)
    state, _ = place(state, HOMER, MARGE)
    prompt = prompt_of(state, MARGE)
    assert str(MARGE) not in [o.value for o in prompt.options]
    homer = prompt.option(str(HOMER))
    assert homer is not None
    assert option_with_reason(homer, "ru", NAMES.__getitem__) == (
        "Гомер ✗ Перед вами уже лежит щит Гомера, поэтому меч перед этим игроком класть нельзя."
    )


def test_the_choose_prompt_does_not_promise_a_change_the_table_may_not_allow() -> None:
    # Offline the bots choose at once; Discord says "you can change it" itself while it is true.
    for language in ("en", "ru"):
        prompt = catalog(language).text("cookie-prompt-choose", {"round": 1, "circle": 1, "circles": 4})
        chosen = catalog(language).text("cookie-event-chosen", {"card": "Меч"})
        assert "change" not in prompt + chosen and "изменить" not in prompt + chosen


def test_the_final_table_is_sorted_and_ties_share_a_place() -> None:
    rows = standings([7, 12, 3, 12])
    assert [(e.params["place"], e.params["player"]["seat"], e.params["coins"]) for e in rows[1:]] == [
        (1, HOMER, 12), (1, LISA, 12), (3, BART, 7), (4, MARGE, 3),
    ]
    assert text("ru", rows[0]) == "📊 Итоговая таблица (ничья остаётся ничьей):"
    assert text("ru", rows[3], reader=BART) == "3. Вы — 7 монет"


def test_a_whole_game_ends_with_one_table_then_the_winners() -> None:
    state, events = ENGINE.setup(4, None, 3)
    from .helpers import play_out

    for *_, new in play_out(state):
        events += new
    keys = [e.key for e in events]
    assert keys.count("cookie-standings") == 1
    assert keys[-6:] == ["cookie-standings", *["cookie-standings-row"] * 4, "cookie-event-game-over"]
