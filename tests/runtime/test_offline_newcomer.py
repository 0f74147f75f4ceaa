"""A newcomer in the terminal: `h`, `rules` and `?` work at every prompt, the Mafia sign-up included;
the role choice says what each role does; `?` shows a Mafia player's roles, cards with their texts and
what their seat learned (kept across resume), and a Castle player's exits and artifacts; the command
line lists every game, every house rule of a game given a wrong one, and how to set a token."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.offline import Terminal, play
from games.core import Option, Prompt, Refusal
from tests.runtime.test_offline import run_cli


def scripted(answers: list[str], then: str = "q") -> Callable[[str], Awaitable[str]]:
    """An `ask` for `play`: these answers in turn, then `then` for ever."""
    queue = list(answers)

    async def ask(_: str) -> str:
        return queue.pop(0) if queue else then

    return ask


async def test_help_rules_and_question_mark_work_at_the_mafia_sign_up(tmp_path: Path) -> None:
    said: list[str] = []
    ask = scripted(["h", "rules", "?", "1", "?", "q"])
    await play("mafia", players=10, seed=3, language="ru", db_path=tmp_path / "o.db", say=said.append, ask=ask)
    text = "\n".join(said)
    assert "«h» — список команд" in text  # the sign-up says how to get help before its first question
    assert "Команды: номер — выбрать этот вариант" in text  # h
    assert "🦸 Мафия героев (" in text  # rules
    assert "Введите одно из чисел" not in text, "h, rules and ? are not bad answers"


async def test_the_role_choice_gives_each_role_a_short_line_and_question_mark_the_whole_text(tmp_path: Path) -> None:
    said: list[str] = []
    ask = scripted(["1", "?", "q"])
    await play("mafia", players=10, seed=3, language="en", db_path=tmp_path / "o.db", say=said.append, ask=ask)
    avenger = [line for line in said if ". Avenger — " in line]
    short, whole = avenger[0], avenger[1]
    assert short.endswith("…") and len(short) < 110
    assert whole.endswith("after the one in which he lost his cards.")
    assert any(line.endswith(". Hero — No ability.") for line in said)


async def test_question_mark_in_mafia_shows_roles_cards_and_the_private_log_across_resume(tmp_path: Path) -> None:
    db = tmp_path / "o.db"
    said: list[str] = []
    # sign up (conditions, no wished role, no spare), then the draft: pick twice, then `?`
    ask = scripted(["1", "22", "21", "1 2", "?", "q"])
    game = await play("mafia", players=10, seed=3, language="en", db_path=db, say=said.append, ask=ask)
    assert game is not None and game.running
    text = "\n".join(said)
    assert "🎭 Your public role: " in text
    assert "🃏 Kept in the draft so far:\n• " in text  # each kept card with its text
    assert "📓 You have learned nothing in secret yet." in text
    resumed_said: list[str] = []
    await play("mafia", players=10, db_path=db, resume=game.id, say=resumed_said.append, ask=scripted(["?", "q"]))
    assert "📓 You have learned nothing in secret yet." in "\n".join(resumed_said)


async def test_question_mark_in_castle_lists_the_exits_and_the_artifacts(tmp_path: Path) -> None:
    said: list[str] = []
    await play("castle", players=4, seed=10, language="en", db_path=tmp_path / "o.db", say=said.append,
               ask=scripted(["?", "q"]))
    text = "\n".join(said)
    assert "🚪 Exits of hall " in text and ": open" in text
    assert "🏺 Artifacts:\n" in text or "No artifact lies on the board." in text
    assert "🖼 Board picture" in text


def test_play_help_names_all_five_games(tmp_path: Path) -> None:
    result = run_cli("play", "--help", tmp_path=tmp_path)
    assert "castle, cookie, mafia, maskmen, sword-of-lies" in " ".join(result.stdout.split())


def test_a_wrong_house_rule_lists_the_games_house_rules_with_their_ranges(tmp_path: Path) -> None:
    result = run_cli("play", "maskmen", "--option", "season=2", "--lang", "en", "--db", str(tmp_path / "x.db"),
                     tmp_path=tmp_path)
    assert result.returncode == 2
    assert "House rule “season” is not valid" in result.stderr
    assert "seasons — a whole number from 1 to 20 (default 4)" in result.stderr
    assert "season_end — one of first_out, last_standing (default first_out)" in result.stderr


def test_without_a_token_the_hint_says_to_copy_the_example_env_file(tmp_path: Path) -> None:
    result = run_cli(tmp_path=tmp_path)
    assert "copy .env.example to .env" in result.stderr or "скопируйте .env.example в .env" in result.stderr


# --- the hints say what fits this prompt and this game (issue 36 §3, §4) ---------------------------------
def picks_prompt(picks: tuple[int, int], options: int = 5, disabled: tuple[int, ...] = ()) -> Prompt:
    return Prompt(id="p1", seat=0, ask="many", key="cookie-title", deadline="choose",
                  min_picks=picks[0], max_picks=picks[1], options=[
                      Option(value=f"v{n}", label="cookie-title",
                             disabled=Refusal(key="error-stale") if n in disabled else None)
                      for n in range(1, options + 1)])


def shown_hint(prompt: Prompt, language: str) -> str:
    said: list[str] = []

    class Game:
        def name_of(self, seat: int) -> str:
            return f"P{seat}"

    Terminal(language, 0, said.append).show_prompt(Game(), prompt)  # type: ignore[arg-type]
    return said[-1].strip()


@pytest.mark.parametrize(("picks", "language", "hint"), [
    ((1, 1), "ru", "Введите номер выбранного варианта."),
    ((1, 1), "en", "Type the number of your pick."),
    ((2, 2), "ru", "Введите 2 номера через пробел (например, 1 3)."),
    ((2, 2), "en", "Type 2 numbers separated by spaces (for example 1 3)."),
    ((3, 3), "ru", "Введите 3 номера через пробел (например, 1 3 5)."),
    ((5, 5), "ru", "Введите 5 номеров через пробел (например, 1 2 3 4 5)."),
    ((1, 2), "ru", "Введите от 1 до 2 номеров через пробел (например, 1 3)."),
    ((1, 2), "en", "Type 1 to 2 numbers separated by spaces (for example 1 3)."),
])
def test_the_pick_hint_fits_the_prompts_own_number_of_picks(picks: tuple[int, int], language: str, hint: str) -> None:
    assert shown_hint(picks_prompt(picks), language) == hint


@pytest.mark.parametrize(("language", "told"), [
    ("en", "⚠ “↩ Back” is a choice of its own: type its number alone."),
    ("ru", "⚠ «↩ Назад» выбирается отдельно: введите только этот номер."),
])
async def test_back_typed_among_picks_is_told_in_words_and_nothing_is_chosen(language: str, told: str) -> None:
    """An order sheet's Back among a draft's picks ("1 6"): the rules would refuse it by its inner value (“~back”
    is not one of the choices); the terminal says how to go back instead, and asks again."""
    prompt = picks_prompt((2, 2))
    prompt.options.append(Option(value="~back", label="sheet-back"))
    said: list[str] = []

    class Game:
        def name_of(self, seat: int) -> str:
            return f"P{seat}"

    terminal = Terminal(language, 0, said.append, scripted(["1 6", "1 3"]))
    action = await terminal.answer(Game(), prompt)  # type: ignore[arg-type]
    assert action is not None and action.value == ("v1", "v3"), "asked again, the next answer taken"
    assert told in said
    assert not any("~back" in line for line in said)


def test_the_pick_hints_example_uses_numbers_that_can_be_picked() -> None:
    assert shown_hint(picks_prompt((2, 2), disabled=(1, 2)), "en") == (
        "Type 2 numbers separated by spaces (for example 3 5)."
    )


@pytest.mark.parametrize(("game", "language", "question"), [
    ("cookie", "ru", "«?» — стол: монеты, открытые карты, ваша роль и кем может быть каждый"),
    ("cookie", "en", "“?” shows the table: coins, cards shown, your role and who can be whom"),
    ("maskmen", "ru", "«?» — стол: ваши карты, ринг, очки и кто кого бьёт"),
    ("sword-of-lies", "en", "“?” shows the table: chips, cards, marks and your own cards"),
    ("castle", "ru", "«?» — стол, выходы из вашего зала и где лежат артефакты"),
    ("mafia", "en", "“?” shows your roles, your cards with their texts, your order and what you have learned"),
])
async def test_a_bad_answer_says_what_question_mark_shows_in_this_game(
    game: str, language: str, question: str, tmp_path: Path
) -> None:
    said: list[str] = []
    answers = ["1", "22", "21", "x", "q"] if game == "mafia" else ["x", "q"]  # Mafia: sign up, then the draft
    players = 10 if game == "mafia" else 4
    await play(game, players=players, seed=3, language=language, db_path=tmp_path / "o.db", say=said.append,
               ask=scripted(answers))
    refusal = next(line for line in said if line.startswith(("Введите одно из чисел", "Type one of the numbers")))
    assert question in refusal, refusal
    assert "пояснения к вариантам" not in refusal and "explains the choices" not in refusal


async def test_a_bad_answer_at_the_sign_up_says_question_mark_explains_the_choices(tmp_path: Path) -> None:
    said: list[str] = []
    await play("mafia", players=10, seed=3, language="ru", db_path=tmp_path / "o.db", say=said.append,
               ask=scripted(["x", "q"]))
    assert "Введите одно из чисел 1–2 («?» — все варианты с полными пояснениями, «h» — список команд)." in said


@pytest.mark.parametrize(("language", "head"), [
    ("ru", "Домашние правила игры «Маскмены» (--option КЛЮЧ=ЗНАЧЕНИЕ):"),
    ("en", "House rules of Maskmen (--option KEY=VALUE):"),
])
def test_the_house_rules_list_names_the_game_by_its_name(language: str, head: str) -> None:
    from bot.cli import house_rules

    assert house_rules("maskmen", language)[0] == head


@pytest.mark.parametrize(("game", "players", "resumed"), [
    ("cookie", 4, "Продолжаем «Печеньку», игра №1"),
    ("mafia", 10, "Продолжаем «Мафию героев», игра №1"),
    ("sword-of-lies", 3, "Продолжаем «Меч Лжи», игра №1"),
])
async def test_resuming_names_the_game_in_the_case_the_sentence_needs(
    game: str, players: int, resumed: str, tmp_path: Path
) -> None:
    db = tmp_path / "o.db"
    first = ["1", "22", "21", "q"] if game == "mafia" else ["q"]
    await play(game, players=players, seed=3, language="ru", db_path=db, say=lambda _: None, ask=scripted(first))
    said: list[str] = []
    await play(game, players=players, db_path=db, resume=1, say=said.append, ask=scripted(["q"]))
    assert any(line.startswith(resumed) for line in said), said[:3]
