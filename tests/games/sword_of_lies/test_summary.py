"""The status lines (`ENGINE.summary`): every line renders in English and Russian, public lines
show no secret (checked by changing every secret and seeing that the public lines stay the same),
private lines go only to their seat (the GM's to nobody), and 8 players fit one Discord message."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.i18n import catalog, render, render_params
from games.core import GM, Event, Rng
from games.core.rng import derived
from games.sword_of_lies import ENGINE
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies import summary as summary_module
from games.sword_of_lies.state import SolState, TableCard, Target, TurnDraft, WarOrder
from tests.depth import deep
from tests.games.sword_of_lies.helpers import act, acts, mark, plain_table, set_row, start_betting
from tests.games.sword_of_lies.test_properties import choose, random_options

GAMES = 30
EVERY = 3 if deep() else 6
"""Check every EVERY-th step of each random game (from a seeded offset) and its final position (every
third in a deep run; by default every sixth, which still meets every line, phase and secret)."""
LANGUAGES = ("en", "ru")
DISCORD_LIMIT = 2000
CARD_ID = re.compile(r'"card_id": ?(\d+)')
SUMMARY_KEYS = {
    "sol-summary-header",
    "sol-summary-player",
    "sol-summary-buy-in",
    "sol-summary-legend",
    "sol-summary-your-cards",
    "sol-summary-gm-cards",
    "sol-summary-draft",
    "sol-summary-offer",
    "sol-summary-reveal-choice",
    "sol-summary-order",
}


def name_of(n: int) -> str:
    return f"Player{n + 1}"


def long_name(n: int) -> str:
    """A long (20-character) display name, for the size check."""
    return f"Konstantin Ivanov-{n + 1:02d}"


def _terms(value: Any) -> set[str]:
    if isinstance(value, dict):
        if set(value) == {"term"}:
            return {value["term"]}
        return set().union(set(), *(_terms(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_terms(v) for v in value))
    return set()


def rendered(language: str, event: Event, names: Any = name_of) -> str:
    """`event` through the bot's renderer, failing on a missing key or any Fluent error."""
    cat = catalog(language)
    assert event.key.startswith("sol-summary-"), event.key
    assert cat.has(event.key), (language, event.key)
    for term in _terms(event.params):
        assert cat.has(term), (language, term)
    resolved = render_params(language, event.params, names)
    message = cat.bundle.get_message(event.key)
    _, errors = cat.bundle.format_pattern(message.value, resolved)
    assert not errors, (language, event, errors)
    text = render(language, event.key, event.params, names)
    assert text and text != event.key and "{" not in text, (language, event, text)
    return text


def public_text(state: SolState, language: str, names: Any = name_of) -> str:
    return "\n".join(rendered(language, e, names) for e in ENGINE.summary(state, None))


def discord_length(text: str) -> int:
    """Characters as Discord may count them (UTF-16 code units: an emoji can count twice)."""
    return max(len(text), len(text.encode("utf-16-le")) // 2)


# --- secrets -----------------------------------------------------------------------------------
FLIPPED_SUIT = {"S": "H", "H": "C", "D": "S", "C": "D"}
"""Every suit to one of the other colour."""


def other_face(card: int) -> int:
    """Another card of the same deck with another rank and the other colour."""
    deck, index = divmod(card, cardlib.DECK_SIZE)
    suit = cardlib.SUITS.index(FLIPPED_SUIT[cardlib.suit(card)])
    return deck * cardlib.DECK_SIZE + suit * 13 + (index % 13 + 1) % 13


def with_other_secrets(state: SolState) -> SolState:
    """The same public position with every secret changed: each face-down card (and the deck and
    the discard pile) shows another face, and the pending secret choices are different."""
    other = state.model_copy(deep=True)
    for player in other.table:
        for card in player.cards:
            if not card.revealed:
                card.card = other_face(card.card)
    other.deck = [other_face(c) for c in other.deck]
    other.discard = [other_face(c) for c in other.discard]
    other.rng = Rng(seed=other.rng.seed + 1)
    other.prompts = [p for p in other.prompts if not p.secret]
    other.reveal_choices = {s: p % len(other.table[s].cards) + 1 for s, p in other.reveal_choices.items()}
    for s, order in other.orders.items():
        victim = (s + 1) % other.players
        other.orders[s] = WarOrder(
            kind="standard" if order.kind == "double" else "double",
            targets=[Target(seat=victim, position=9)],
            pending_target=victim,
            complete=not order.complete,
        )
    draft = other.draft
    if draft is not None and (draft.move == "trade" or draft.target_position is None):
        # A trade in progress, or a move not yet announced, is known to the traders only.
        other.draft = TurnDraft(
            seat=draft.seat,
            move="interrogate" if draft.move == "trade" else "trade",
            own_position=7,
            target=(draft.seat + 1) % other.players,
            price=99,
        )
    return other


def hidden_texts(state: SolState) -> set[str]:
    """The faces nobody may see yet (minus those equal to a face that is shown anyway)."""
    shown = {cardlib.text(c.card) for p in state.table for c in p.cards if c.revealed}
    hidden = [c.card for p in state.table for c in p.cards if not c.revealed] + state.deck + state.discard
    return {cardlib.text(c) for c in hidden} - shown


def assert_public_hides_secrets(state: SolState, languages: tuple[str, ...] = LANGUAGES) -> None:
    public = ENGINE.summary(state, None)
    assert all(e.to is None for e in public), public
    assert ENGINE.summary(with_other_secrets(state), None) == public, "the public summary depends on a secret"
    revealed = {c.card for p in state.table for c in p.cards if c.revealed}
    for event in public:
        for card in CARD_ID.findall(json.dumps(event.params)):
            assert int(card) in revealed, f"public line shows hidden card {card}: {event}"
    secret = hidden_texts(state)
    for language in languages:
        for event in public:
            text = rendered(language, event)
            leaked = [face for face in secret if face in text]
            assert not leaked, (leaked, text)


def assert_private_lines(state: SolState, seen: set[str]) -> None:
    public = ENGINE.summary(state, None)
    revealed = {c.card for p in state.table for c in p.cards if c.revealed}
    for viewer in range(state.players):
        lines = ENGINE.summary(state, viewer)
        assert [e for e in lines if e.to is None] == public
        own = {c.card for c in state.table[viewer].cards}
        for event in lines:
            if event.to is None:
                continue
            assert event.to == [viewer], event
            for card in CARD_ID.findall(json.dumps(event.params)):
                assert int(card) in own | revealed, f"seat {viewer} is shown another player's card {card}"
            for language in LANGUAGES:
                rendered(language, event)
            seen.add(event.key)
        faces = [e for e in lines if e.key == "sol-summary-your-cards"]
        if state.phase == "buy_in":  # nothing dealt yet
            assert not faces
            continue
        assert len(faces) == 1
        assert [f["card_id"] for f in faces[0].params["faces"]] == [c.card for c in state.table[viewer].cards]
    gm = ENGINE.summary(state, GM)
    assert [e for e in gm if e.to is None] == public
    gm_lines = [e for e in gm if e.to is not None]
    assert [e.to for e in gm_lines] == ([] if state.phase == "buy_in" else [[]] * state.players)
    for s, event in enumerate(gm_lines):
        assert event.key == "sol-summary-gm-cards"
        assert [f["card_id"] for f in event.params["faces"]] == [c.card for c in state.table[s].cards]
        for language in LANGUAGES:
            rendered(language, event)
    seen.update(e.key for e in gm)
    seen.update(e.key for e in public)


def private_summary(state: SolState, viewer: int) -> list[Event]:
    return [e for e in ENGINE.summary(state, viewer) if e.to is not None]


# --- random games ------------------------------------------------------------------------------
def test_summaries_of_random_games() -> None:
    seen: set[str] = set()
    phases: set[str] = set()
    secrets_mattered = 0
    for seed in range(GAMES):
        players, options, p_default = random_options(seed)
        state, _ = ENGINE.setup(players, options, seed)
        check = derived(seed, "summary").randrange(EVERY)
        while True:
            if state.over or state.step % EVERY == check:
                assert_public_hides_secrets(state)
                assert_private_lines(state, seen)
                phases.add(state.phase)
                changed = with_other_secrets(state)
                secrets_mattered += any(
                    private_summary(changed, s) != private_summary(state, s) for s in range(players)
                )
            if state.over:
                break
            prompt, action = choose(state, seed, p_default)
            state, _ = ENGINE.apply(state, prompt.seat, action)
    assert seen == SUMMARY_KEYS
    assert phases == {"buy_in", "castling", "betting", "reveal", "negotiation", "war", "over"}
    assert secrets_mattered > 100  # the changed secrets do show in the private lines


@pytest.mark.parametrize("hand_size", [4, 8])
def test_eight_players_fit_one_discord_message(hand_size: int) -> None:
    """The public table (the status message, which adds a title and "waiting for") and a
    player's own view (the "my hand" button) of 8 players with long names and 6-digit stacks."""
    longest = mine = 0
    for seed in range(2):
        options = {"hand_size": hand_size, "buy_ins": {s: 999_999 for s in range(8)}, "big_blind": 5000}
        state, _ = ENGINE.setup(8, options, seed)
        while not state.over:
            viewer = state.step % 8
            for language in LANGUAGES:
                longest = max(longest, discord_length(public_text(state, language, long_name)))
                own = [rendered(language, e, long_name) for e in ENGINE.summary(state, viewer)]
                mine = max(mine, discord_length("\n".join(own)))
            prompt, action = choose(state, seed, 0.0)
            state, _ = ENGINE.apply(state, prompt.seat, action)
    assert longest <= DISCORD_LIMIT - 150, longest  # room for the title and "waiting for"
    assert mine <= DISCORD_LIMIT, mine


def test_the_leak_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A summary that showed face-down faces would fail the checks above."""
    state, _ = start_betting(plain_table(3), 0)
    assert_public_hides_secrets(state)

    def leaky(position: int, card: TableCard) -> str:
        return f"{position}:{cardlib.text(card.card)}"

    monkeypatch.setattr(summary_module, "public_card", leaky)
    with pytest.raises(AssertionError, match="depends on a secret"):
        assert_public_hides_secrets(state)


# --- a known position ---------------------------------------------------------------------------
NAMES = ["Ann", "Bob", "Cid"]


def scenario() -> SolState:
    """Ann (the senior blind) has every card marked; the others have one mark each. Everyone
    calls round 1, each reveals their first card, Ann bets 60 in round 2: Bob is to act."""
    state = plain_table(3)
    set_row(
        state,
        0,
        ["2H", "3S", "4H", "5H"],
        [mark(1, "black", True), mark(2, "black", False), mark(1, "red", True), mark(2, "black", True)],
    )
    set_row(state, 1, ["6S", "7S", "8S", "9S"], [None, mark(0, "red", False), None, None])
    set_row(state, 2, ["10D", "JD", "QD", "KD"], [None, None, mark(0, "red", True), None])
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, "check"), (1, "call"), (2, "call"), (0, "1"), (1, "1"), (2, "1"))
    state, _ = act(state, 0, 60)
    return state


def lines(state: SolState, viewer: Any, language: str) -> list[str]:
    return [
        ("" if e.to is None else f"{e.to} ") + rendered(language, e, lambda n: NAMES[n])
        for e in ENGINE.summary(state, viewer)
    ]


def test_a_known_position_reads_well() -> None:
    state = scenario()
    legend = (
        "Cards left to right, number:face (a card keeps its number all game); 🂠 face down; (3🔴✓) mark: "
        "player 3 was told “Red” 🔴 / "
        "“Black” ⚫ and answered ✓ Believe / ✗ Disbelieve; 🛡 shield, ❤ ordinary card, then its lives."
    )
    table = [
        "💵 Phase II — Betting round 2 of 5: Bob to act, 60 to call. Pot: 60 + bets 60.",
        "1. Ann — 920 chips, bet 60, 0 swords, 2 lives shown: 1:🂠 (3⚫✗) | 2:🂠 (2🔴✓) | 3:🂠 (3⚫✓) | 4:2♥ 🛡2 (2⚫✓)",
        "2. Bob — 980 chips, 0 swords, 1 life shown: 1:🂠 (1🔴✗) | 2:🂠 | 3:🂠 | 4:6♠ ❤1",
        "3. Cid — 980 chips, 0 swords, 1 life shown: 1:🂠 | 2:🂠 (1🔴✓) | 3:🂠 | 4:10♦ ❤1",
        legend,
    ]
    assert lines(state, None, "en") == table
    assert lines(state, 0, "en") == [
        *table,
        "[0] 🔒 Your cards: 1:3♠ →🛡 | 2:4♥ →🗡2 | 3:5♥ →🛡 | 4:2♥ "
        "(when revealed, →🛡 becomes a shield, →🗡N gives player N a sword)",
    ]
    assert lines(state, GM, "en") == [
        *table,
        "[] 👁 Ann: 1:3♠ →🛡 | 2:4♥ →🗡2 | 3:5♥ →🛡 | 4:2♥",
        "[] 👁 Bob: 1:7♠ →🗡1 | 2:8♠ | 3:9♠ | 4:6♠",
        "[] 👁 Cid: 1:J♦ | 2:Q♦ →🗡1 | 3:K♦ | 4:10♦",
    ]
    assert lines(state, None, "ru")[:2] == [
        "💵 Фаза II — круг ставок 2 из 5: ходит Bob, до колла 60. Банк: 60 + ставки 60.",
        "1. Ann — 920 фишек, ставка 60, 0 мечей, открыто 2 жизни: 1:🂠 (3⚫✗) | 2:🂠 (2🔴✓) | 3:🂠 (3⚫✓) "
        "| 4:2♥ 🛡2 (2⚫✓)",
    ]
    assert_public_hides_secrets(state)


def test_russian_plurals() -> None:
    def player(stack: int, swords: int, lives: int) -> str:
        event = Event(
            key="sol-summary-player",
            params={
                "number": 1,
                "player": {"seat": 0},
                "status": "in",
                "ready": "no",
                "stack": stack,
                "bet": 0,
                "show_swords": "yes",
                "swords": swords,
                "show_before": "no",
                "before": 0,
                "show_lives": "all",
                "lives": lives,
                "cards": 0,
                "row": "",
            },
        )
        return rendered("ru", event)

    assert player(1, 1, 1) == "1. Player1 — 1 фишка, 1 меч, 1 жизнь"
    assert player(22, 3, 4) == "1. Player1 — 22 фишки, 3 меча, 4 жизни"
    assert player(1000, 5, 0) == "1. Player1 — 1000 фишек, 5 мечей, 0 жизней"
    assert player(21, 11, 21) == "1. Player1 — 21 фишка, 11 мечей, 21 жизнь"
    with pytest.raises(AssertionError, match="Unknown external: status"):  # a missing parameter fails
        rendered("ru", Event(key="sol-summary-player", params={"number": 1, "player": {"seat": 0}}))
