"""Message catalogs: Russian and English complete, Russian plurals right."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, LOCALES_DIR, catalog, normalize, t


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
