"""Message catalogs: Russian and English complete, Russian plurals right."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast

from bot import i18n
from bot.i18n import LANGUAGES, LOCALES_DIR, catalog, normalize, reading_as, render, render_params, t
from bot.morphology import Addressee, name_function
from bot.render import list_names


@pytest.mark.parametrize(
    ("count", "russian"),
    [(1, "1 монета"), (2, "2 монеты"), (5, "5 монет"), (11, "11 монет"), (21, "21 монета"), (24, "24 монеты")],
)
def test_russian_plurals(count: int, russian: str) -> None:
    assert t("ru", "coins", count=count) == russian


def test_english_plurals() -> None:
    assert t("en", "coins", count=1) == "1 coin"
    assert t("en", "coins", count=3) == "3 coins"


def test_every_catalog_file_has_the_same_keys_in_every_language() -> None:
    files = {p.name for lang in LANGUAGES for p in (LOCALES_DIR / lang).glob("*.ftl")}
    for name in files:
        keys = {}
        for lang in LANGUAGES:
            path = LOCALES_DIR / lang / name
            assert path.exists(), f"{lang}/{name} is missing"
            keys[lang] = {
                line.split("=")[0].strip()
                for line in path.read_text(encoding="utf-8").splitlines()
                if line and line[0].isalpha() and "=" in line
            }
        assert keys["en"] == keys["ru"], f"{name}: {keys['en'] ^ keys['ru']}"


def test_discord_locales_map_to_supported_languages() -> None:
    assert normalize("ru") == "ru"
    assert normalize("en-US") == "en"
    assert normalize("de") == "en"
    assert normalize(None) == "en"
    assert catalog("en-GB").language == "en"


# Names, the reader and game terms in the grammatical case a sentence needs (the catalogs' NAME function)


def _ru_line(pattern: str, **params: object) -> str:
    """A one-off Russian message formatted through the catalog's own bundle and its NAME function."""
    names = name_function(catalog("ru").in_case, declines=True)
    scratch = FluentBundle(["ru"], use_isolating=False, functions={"NAME": names})
    scratch.add_resource(FluentResource(f"test-line = {pattern}\n"))
    text, errors = scratch.format_pattern(scratch.get_message("test-line").value, params)
    assert not errors, errors
    return text


@pytest.mark.parametrize(
    ("name", "case", "declined"),
    [
        ("Глеб", "ins", "Глебом"), ("Вера", "acc", "Веру"), ("Борис", "gen", "Бориса"),
        ("Ирина", "dat", "Ирине"), ("Никита", "ins", "Никитой"), ("Игорь", "gen", "Игоря"),
        ("Пётр", "dat", "Петру"), ("Любовь", "ins", "Любовью"), ("Роман", "gen", "Романа"),
    ],
)
def test_a_personal_name_is_declined(name: str, case: str, declined: str) -> None:
    assert _ru_line(f'{{ NAME($player, case: "{case}", fallback: "игрока") }}', player=name) == declined


def test_a_name_keeps_how_the_player_wrote_it() -> None:
    assert _ru_line('перед { NAME($p, case: "ins", fallback: "игроком") }', p="ГЛЕБ") == "перед ГЛЕБОМ"


@pytest.mark.parametrize("nickname", ["xX_Nick", "Vera", "Глеб 2", "Стол", "кот_учёный"])
def test_what_is_not_a_known_name_stays_in_apposition(nickname: str) -> None:
    line = _ru_line('Куда изгнать { NAME($p, case: "acc", fallback: "игрока") }?', p=nickname)
    assert line == f"Куда изгнать игрока {nickname}?"


def test_the_nominative_never_changes_a_name() -> None:
    assert _ru_line('{ NAME($p, case: "nom", fallback: "игрок") } ходит', p="xX_Nick") == "игрок xX_Nick ходит"
    assert _ru_line('{ NAME($p) } ходит', p="Вера") == "Вера ходит"


@pytest.mark.parametrize(
    ("case", "pronoun"), [("nom", "вы"), ("gen", "вас"), ("dat", "вам"), ("acc", "вас"), ("ins", "вами")]
)
def test_the_reader_is_a_pronoun_in_every_case(case: str, pronoun: str) -> None:
    you = Addressee(t("ru", "you-name"))
    assert _ru_line(f'{{ NAME($p, case: "{case}", fallback: "игрока") }}', p=you) == pronoun


def test_rendered_events_decline_seats_and_name_the_reader() -> None:
    names = {0: "Вера", 1: "Глеб", 2: "xX_Nick"}
    as_vera = reading_as(names.__getitem__, 0)
    as_nobody = reading_as(names.__getitem__, None)
    placed = {"player": {"seat": 0}, "target": {"seat": 1}}
    assert "перед Глебом" in render("ru", "cookie-event-placed-sword", placed, as_nobody)
    assert "перед игроком xX_Nick" in render("ru", "cookie-event-placed-sword", {**placed, "target": {"seat": 2}},
                                           as_nobody)
    assert "Куда изгнать Глеба" in render("ru", "castle-ask-expel", {"player": {"seat": 1}, "hall": "A1"}, as_vera)
    assert render("ru", "castle-skirmish-winner", {"player": {"seat": 0}, "hall": "A1", "card": "Толчок"},
                  as_vera).startswith("🏆 Вы побеждаете в стычке")
    assert render("en", "castle-skirmish-winner", {"player": {"seat": 0}, "hall": "A1", "card": "Push"},
                  as_vera).startswith("🏆 You win the Skirmish")


def test_a_card_term_takes_its_case_variant() -> None:
    names = {0: "Вера", 1: "Глеб"}
    line = render(
        "ru", "castle-devil-private",
        {"target": {"seat": 1}, "took": {"term": "castle-card-platform"}, "gave": {"term": "castle-card-devil"},
         "given": "yes"},
        reading_as(names.__getitem__, 0),
    )
    assert line == "😈 Сделка с Глебом: вы забираете «Платформу 9¾» и отдаёте «Сделку с дьяволом»."
    assert t("ru", "castle-card-platform") == "«Платформа 9¾»"  # a term alone stays in the nominative, quoted


def test_english_names_are_never_bent() -> None:
    assert t("en", "castle-ask-expel", player="Gleb", hall="A1", player_is_you="no").startswith("Where is Gleb")


def test_a_start_reads_the_kept_parse_and_a_changed_or_broken_one_is_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "locales" / "xx").mkdir(parents=True)
    source = tmp_path / "locales" / "xx" / "a.ftl"
    source.write_text("hello = Hello\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path / "locales")
    monkeypatch.setattr(i18n, "PARSED_DIR", tmp_path / "cache")

    def messages() -> dict[str, str]:
        return {entry.id.name: entry.value.elements[0].value
                for resource in i18n.parsed_catalog("xx") for entry in resource.body}

    assert messages() == {"hello": "Hello"}
    kept = list((tmp_path / "cache").glob("catalog-xx-*.pickle"))
    assert len(kept) == 1
    parses = []
    monkeypatch.setattr(i18n.FluentParser, "parse", lambda self, text: parses.append(text) or ast.Resource([]))
    assert messages() == {"hello": "Hello"} and not parses, "read back, not parsed"
    monkeypatch.undo()
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path / "locales")
    monkeypatch.setattr(i18n, "PARSED_DIR", tmp_path / "cache")

    source.write_text("hello = Hi\n", encoding="utf-8")
    assert messages() == {"hello": "Hi"}, "a changed file is parsed again"
    assert [p.name for p in (tmp_path / "cache").glob("catalog-xx-*.pickle")] != [kept[0].name]
    assert len(list((tmp_path / "cache").glob("catalog-xx-*.pickle"))) == 1, "the stale copy is gone"
    for broken in (tmp_path / "cache").glob("catalog-xx-*.pickle"):
        broken.write_bytes(b"not a pickle")
    assert messages() == {"hello": "Hi"}, "a broken copy is parsed again"
    assert not list((tmp_path / "cache").glob("*.tmp")), "nothing half-written is left behind"


# Lists of names: the language's own list pattern, every list of names the same way (issue 36 §6)


def test_a_list_of_names_is_written_with_and_before_the_last() -> None:
    assert list_names(["Boris", "Clara", "Dmitri"], "en") == "Boris, Clara and Dmitri"
    assert list_names(["Борис", "Вера", "Глеб"], "ru") == "Борис, Вера и Глеб"
    assert list_names(["Борис", "Вера"], "ru") == "Борис и Вера"
    assert list_names(["Борис"], "ru") == "Борис"
    assert list_names([], "en") == "nobody"


@pytest.mark.parametrize(
    ("language", "winners"), [("en", "🏆 Winners: you and Elena."), ("ru", "🏆 Победители: вы и Елена.")]
)
def test_the_reader_and_another_player_are_one_list(language: str, winners: str) -> None:
    names = {0: "Вера" if language == "ru" else "Vera", 1: "Елена" if language == "ru" else "Elena"}
    assert render(language, "game-over-winners", {"winners": [{"seat": 0}, {"seat": 1}]},
                  reading_as(names.__getitem__, 0)) == winners
    assert render(language, "game-over-winners", {"winners": {"and": [{"seat": 0}, {"seat": 1}]}},
                  reading_as(names.__getitem__, 0)) == winners


def test_a_list_of_names_is_declined_item_by_item() -> None:
    names = {0: "Вера", 1: "Елена", 2: "xX_Nick"}
    params = {"players": {"and": [{"seat": 0}, {"seat": 1}, {"seat": 2}]}}
    resolved = render_params("ru", params, reading_as(names.__getitem__, 0))
    line = _ru_line('Война между { NAME($players, case: "ins", fallback: "игроком") }.', players=resolved["players"])
    assert line == "Война между вами, Еленой и игроком xX_Nick."


@pytest.mark.parametrize(("language", "said"), [
    ("en", "While you are in a game that is not over, /forget-me is refused: use it again once that game has ended."),
    ("ru", "Пока вы в игре, которая ещё не окончена, /забыть-меня не сработает: вызовите её снова, когда игра "
           "закончится."),
])
def test_privacy_says_what_forget_me_does_during_a_game_as_its_refusal_does(language: str, said: str) -> None:
    """/forget-me is refused while the member's game runs (bot/privacy.py), and `forget-blocked` says to run it
    again: /privacy said the request "waits until that game ends" (issue 36 §6)."""
    assert said in t(language, "privacy-text", days=0)
    assert "waits until" not in t(language, "privacy-text", days=0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_command_and_option_description_fits_discords_hundred_characters(language: str) -> None:
    """Discord refuses the whole command sync for one description over 100 characters (`cmd-…`, `opt-…`)."""
    bundle = catalog(language)
    keys = [entry.id.name for resource in i18n.parsed_catalog(language) for entry in resource.body
            if isinstance(entry, ast.Message) and entry.id.name.startswith(("cmd-", "opt-"))]
    assert keys
    long = {key: text for key in keys if len(text := bundle.text(key, {})) > 100}
    assert not long, long


def test_the_formatted_messages_a_catalog_remembers_stay_within_a_few_mb() -> None:
    """A catalog remembers what it formatted (status lines come back with every step), within a bound: at
    50,000 messages per language it held 20–60 MB in every bot process, most of a live game's memory at a few
    hundred games (issue 41)."""
    import tracemalloc

    ru = catalog("ru")
    ru._formatted.clear()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for n in range(40_000):  # each a different line, as every game's status and prompts are
            t("ru", "lobby-started-you", id=n)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
        ru._formatted.clear()
    kept = sum(diff.size_diff for diff in after.compare_to(before, "filename"))
    assert kept < 4 * 2**20, f"{kept / 2**20:.1f} MB kept by one language's formatted messages"
