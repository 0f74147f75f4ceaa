"""The draft: six keep-2-of-5 rounds for everyone, three keep-1-of-3 rounds of the other colours for
the mafia, weighted offers, the Student's 60 %, the Jester, the reserve, the artifact's first holder."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import Action
from games.mafia import ENGINE
from games.mafia.collection import COLOURS, load_collection
from games.mafia.draft import ARTIFACT, KEEP, KEEP_MAFIA, artifact_picker, offer_types
from games.mafia.roles import load_roles
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import answer, at_night_one, defaults, run, start, wish

COLLECTION = load_collection()
ROLES = load_roles()


def colour(key: str) -> str:
    return COLLECTION.card(key).colour


def draft_prompts(state: MafiaState) -> list:
    return [p for p in state.prompts if p.key in (KEEP, KEEP_MAFIA)]


def test_everyone_is_offered_five_and_keeps_two_in_secret() -> None:
    state, _ = start(joins=[wish("hero")] * 1)
    prompts = draft_prompts(state)
    jester = state.seat_of("jester")
    assert sorted(p.seat for p in prompts) == [n for n in range(10) if n != jester]
    for prompt in prompts:
        assert prompt.ask == "many" and prompt.secret and prompt.deadline == "draft"
        assert (prompt.min_picks, prompt.max_picks, len(prompt.options)) == (2, 2, 5)
        assert prompt.params["round"] == 1 and prompt.params["rounds"] == 6


def test_a_round_resolves_when_everyone_has_picked_and_picks_can_change_until_then() -> None:
    state, _ = start()
    first, *rest = draft_prompts(state)
    values = (first.options[0].value, first.options[1].value)
    state, events = answer(state, first, values)
    assert events[0].ack and events[0].to == [first.seat]
    state, _ = answer(state, state.prompt(first.id), (first.options[3].value, first.options[4].value))
    for prompt in rest:
        state, _ = answer(state, prompt, (prompt.options[0].value, prompt.options[1].value))
    assert state.draft is not None and state.draft.round == 2
    kept_ids = [c.id for c in state.seats[first.seat].kept]
    assert kept_ids == [int(first.options[3].value), int(first.options[4].value)]
    assert state.prompt(first.id) is None  # the old round's prompt is now stale
    refused = ENGINE.check(state, first.seat, Action(prompt=first.id, value=values))
    assert refused is not None and refused.key == "error-stale"


def test_a_pick_of_the_wrong_size_or_of_a_card_not_offered_is_refused() -> None:
    state, _ = start()
    prompt = draft_prompts(state)[0]
    one = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=(prompt.options[0].value,)))
    assert one is not None and one.key == "error-pick-exactly" and one.params == {"count": 2}
    stranger = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=(prompt.options[0].value, "99999")))
    assert stranger is not None and stranger.key == "mafia-error-not-offered"
    twice = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=(prompt.options[0].value,) * 2))
    assert twice is not None and twice.key == "error-picked-twice"
    other = next(n for n in range(10) if n != prompt.seat)
    assert ENGINE.check(state, other, Action(prompt=prompt.id, value=("1", "2"))).key == "error-not-your-prompt"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_decks_are_12_for_the_law_and_15_for_the_mafia_and_the_rest_is_the_reserve(seed: int) -> None:
    state, _ = start(seed=seed)
    state = run(state, until=lambda s: s.phase != "draft")
    for player in state.seats:
        cards = player.deck + player.hand
        if player.faction == "mafia":
            assert len(cards) == 15 and len(player.reserve) == 6 * 3 + 3 * 2
            own = [c for c in cards if colour(c.key) == player.colour]
            assert len(own) >= 12  # rounds 1–6 offer only the own colour
        else:
            assert len(cards) == 12 and len(player.reserve) == 6 * 3
        assert not any(COLLECTION.card(c.key).token for c in cards + player.reserve)
        assert len({c.id for c in cards + player.reserve}) == len(cards + player.reserve)


def test_mafia_members_are_offered_only_their_colour_then_only_the_other_colours() -> None:
    state, _ = start(seed=7)
    mafia = state.mafia_seats()
    while state.phase == "draft" and state.draft is not None:
        round_number = state.draft.round
        for number, offer in state.draft.offers.items():
            player = state.seats[number]
            if round_number <= 6 and player.faction == "mafia":
                assert {colour(c.key) for c in offer.cards} == {player.colour} or all(
                    colour(c.key) == player.colour for c in offer.cards
                )
            if round_number > 6:
                assert number in mafia and len(offer.cards) == 3 and offer.keep == 1
                assert all(colour(c.key) != player.colour for c in offer.cards)
        if round_number > 6:
            assert sorted(p.seat for p in draft_prompts(state)) == sorted(
                n for n in mafia if state.seats[n].public_role != "jester"
            )
            assert all(p.key == KEEP_MAFIA and p.max_picks == 1 for p in draft_prompts(state))
        state = run(state, until=lambda s, r=round_number: s.draft is None or s.draft.round != r)


def test_offers_follow_the_draft_weights() -> None:
    state, _ = start(seed=11)
    law = next(n for n, s in enumerate(state.seats) if s.faction == "law" and s.public_role != "student")
    counts: Counter[str] = Counter()
    for _ in range(4000):
        counts.update(t.key for t in offer_types(state, law, False, COLLECTION, ROLES))
    draws = sum(counts.values())
    cards = COLLECTION.draftable()
    total = sum(c.weight or 0 for c in cards)
    chi_square = sum((counts[c.key] - draws * (c.weight or 0) / total) ** 2 / (draws * (c.weight or 0) / total)
                     for c in cards)
    assert chi_square < 60  # 27 degrees of freedom: 60 is far beyond the 0.1 % tail
    assert set(counts) == {c.key for c in cards}


def test_a_law_student_is_offered_his_colour_sixty_percent_of_the_time() -> None:
    for named in COLOURS:
        for seed in range(50):
            state, _ = start(seed=seed, joins=[wish("student", colour=named)])
            if state.seats[0].faction == "law":
                break
        counts = Counter(colour(t.key) for _ in range(2000) for t in offer_types(state, 0, False, COLLECTION, ROLES))
        share = counts[named] / sum(counts.values())
        assert abs(share - 0.6) < 0.02, (named, share)  # 10 000 cards: sd ≈ 0.005
        # the other 40 % follow the weights of the two other colours
        others = [c for c in COLOURS if c != named]
        weights = {c: sum(t.weight or 0 for t in COLLECTION.draftable((c,))) for c in others}
        expected = weights[others[0]] / sum(weights.values())
        assert abs(counts[others[0]] / (counts[others[0]] + counts[others[1]]) - expected) < 0.03


def test_the_jester_keeps_the_first_two_of_every_offer_without_being_asked() -> None:
    state, events = start(joins=[wish("jester")])
    jester = 0
    first = state.draft.offers[jester]
    assert first.prompt is None and first.picked == [first.cards[0].id, first.cards[1].id]
    assert not [p for p in state.prompts if p.seat == jester and p.key in (KEEP, KEEP_MAFIA)]
    told = next(e for e in events if e.key == "mafia-event-jester-kept")
    assert told.to == [jester]
    state = run(state, until=lambda s: s.phase != "draft")
    player = state.seats[jester]
    assert len(player.deck) == (15 if player.faction == "mafia" else 12)


def test_a_mafia_jester_keeps_the_first_card_of_each_mafia_offer() -> None:
    seed = next(s for s in range(200) if start(seed=s, joins=[wish("jester")])[0].seats[0].faction == "mafia")
    state, _ = start(seed=seed, joins=[wish("jester")])
    events: list = []
    state = run(state, events=events, until=lambda s: s.draft is not None and s.draft.round == 7)
    offer = state.draft.offers[0]
    assert offer.prompt is None and offer.picked == [offer.cards[0].id]
    state = run(state, until=lambda s: s.phase != "draft")
    own = state.seats[0].colour
    assert sum(1 for c in state.seats[0].deck + state.seats[0].hand if colour(c.key) != own) == 3


def test_the_draft_runs_on_deadline_defaults_alone() -> None:
    state, _ = start(seed=3)
    state = run(state, defaults, until=at_night_one)
    assert state.phase == "night" and state.number == 1 and not state.over
    assert all(p.sheet is not None for p in state.prompts)  # only the Night 1 order sheets wait


def test_default_picks_are_random_legal_and_keep_a_choice_already_made() -> None:
    state, _ = start(seed=3)
    prompt = draft_prompts(state)[0]
    action = defaults(state, prompt)
    assert ENGINE.can(state, prompt.seat, action)
    chosen = (prompt.options[4].value, prompt.options[2].value)
    state, _ = answer(state, prompt, chosen)
    assert defaults(state, state.prompt(prompt.id)).value == chosen


# --- the artifact's first holder ----------------------------------------------------------------


def test_a_random_player_picks_the_first_holder_but_not_themselves() -> None:
    state, _ = start(seed=2, joins=[wish("hero")] + [wish(r) for r in ("alien", "monk", "child", "lucky", "banker",
                                                                       "psychic", "politician", "paranoid", "avenger")])
    prompt = next(p for p in state.prompts if p.key == ARTIFACT)
    assert prompt.secret and prompt.changeable and prompt.deadline == "draft"
    own = prompt.option(str(prompt.seat))
    assert own is not None and own.disabled is not None and own.disabled.key == "mafia-error-artifact-self"
    refused = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=str(prompt.seat)))
    assert refused is not None and refused.key == "mafia-error-artifact-self"
    target = (prompt.seat + 1) % 10
    state, events = answer(state, prompt, str(target))
    assert events[0].to == [prompt.seat] and events[0].ack
    finished: list = []
    state = run(state, events=finished, until=at_night_one)
    assert state.artifact == target and state.artifact_held == [target]
    told = next(e for e in finished if e.key == "mafia-event-artifact-yours")
    assert told.to == [target]


def test_pickers_are_spread_over_the_players_without_a_swindler() -> None:
    pickers: Counter[int] = Counter()
    for seed in range(400):
        state, _ = start(seed=seed, joins=[wish("hero")])
        if state.seat_of("swindler") is None:
            pickers[state.draft.artifact_picker] += 1
    assert len(pickers) == 10


def test_with_the_swindler_in_play_he_picks_half_the_time_and_may_pick_himself() -> None:
    swindler_picks = 0
    games = 400
    for seed in range(games):
        state, _ = start(seed=seed, joins=[wish("swindler")])
        if state.draft.artifact_picker == 0:
            swindler_picks += 1
            prompt = next(p for p in state.prompts if p.key == ARTIFACT)
            assert prompt.option("0").disabled is None
    assert abs(swindler_picks - games / 2) < 40  # sd = 10
    picker = artifact_picker(start(seed=1, joins=[wish("swindler")])[0], ROLES)
    assert 0 <= picker < 10


def test_the_draft_waits_for_the_artifact_pick() -> None:
    state, _ = start(seed=4)
    artifact = next(p for p in state.prompts if p.key == ARTIFACT)
    while open_picks := [p for p in draft_prompts(state) if not p.answered]:  # the artifact is left for last
        prompt = open_picks[0]
        state, _ = ENGINE.apply(state, prompt.seat, defaults(state, prompt))
    assert state.draft is not None and state.draft.round > 9
    assert state.phase == "draft" and [p.id for p in state.prompts] == [artifact.id]
    chosen = next(o.value for o in artifact.options if o.disabled is None)
    state, events = answer(state, artifact, chosen)
    assert state.phase in ("night", "opening") and state.artifact == int(chosen)
    assert "mafia-event-draft-over" in [e.key for e in events]
