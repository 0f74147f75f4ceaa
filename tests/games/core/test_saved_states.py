"""A saved state read back (`Engine.load`): the same state, in less memory. A live game's parsed state is most of
what it costs a bot process (issue 41); the same words (message keys, option labels, terms) come back again and
again in one state and in every game's, so reading shares them instead of making a string of each."""

from __future__ import annotations

from games import registry


def mafia_state_saved() -> tuple[object, str]:
    engine = registry.spec("mafia").engine
    state, _ = engine.setup(10, None, 41)
    return engine, engine.dump(state)


def test_a_saved_state_reads_back_equal_in_every_game() -> None:
    for name in registry.available():
        engine = registry.spec(name).engine
        state, _ = engine.setup(10 if name == "mafia" else 4, None, 41)
        saved = engine.dump(state)
        assert engine.load(saved) == state
        assert engine.dump(engine.load(saved)) == saved


def test_the_words_a_state_repeats_are_one_string_read_once() -> None:
    engine, saved = mafia_state_saved()
    state = engine.load(saved)  # type: ignore[attr-defined]
    asks = [p for p in state.prompts if p.key == "mafia-prompt-keep"]
    assert len(asks) >= 2
    assert asks[0].key is asks[1].key
    assert asks[0].deadline is asks[1].deadline
    assert asks[0].options[0].label is asks[1].options[0].label


def test_two_games_read_share_their_words() -> None:
    engine, saved = mafia_state_saved()
    one, other = engine.load(saved), engine.load(saved)  # type: ignore[attr-defined]
    assert one.prompts[1].key is other.prompts[1].key
    first_line = one.prompts[1].params["cards"]["lines"][0]
    assert first_line["message"] is other.prompts[1].params["cards"]["lines"][0]["message"]


def test_mafia_games_read_back_share_the_data_files_they_began_with() -> None:
    """A Mafia game keeps the collection and the roles it began with (an organiser may edit the files mid-game);
    the games that began with the files as they are share the files' own frozen objects, not a copy each."""
    from games.mafia.collection import load_collection
    from games.mafia.roles import load_roles

    engine, saved = mafia_state_saved()
    one, other = engine.load(saved), engine.load(saved)  # type: ignore[attr-defined]
    assert one.collection is other.collection is load_collection()
    assert one.roles is other.roles is load_roles()


def test_a_mafia_game_begun_with_other_data_files_keeps_its_own() -> None:
    import json

    from games.mafia.collection import load_collection

    engine, saved = mafia_state_saved()
    data = json.loads(saved)
    data["collection"]["source"] = "the collection as it was"
    state = engine.load(json.dumps(data))  # type: ignore[attr-defined]
    assert state.collection is not load_collection()
    assert state.collection.source == "the collection as it was"
    assert state.collection.cards == load_collection().cards
    assert engine.dump(state) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)  # type: ignore[attr-defined]


def test_a_mafia_card_in_memory_is_its_fields_alone() -> None:
    """A Mafia game holds some 300 cards (each seat's deck, hand, reserve and discard): a card is a slotted record
    of its id, its type and whether it is invisible (120 bytes), not a model with a dict and a set of its own
    (540). It still reads back, compares and changes as before."""
    from games.core.rng import derived

    engine = registry.spec("mafia").engine
    state, _ = engine.setup(10, None, 41)
    while state.phase == "draft":  # the draft played by bot players: the seats hold their cards
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = engine.apply(state, prompt.seat, engine.bot_action(state, prompt, derived(41, state.step)))
    state = engine.load(engine.dump(state))
    card = next(c for seat in state.seats for c in seat.kept + seat.reserve + seat.hand)
    assert not hasattr(card, "__dict__")
    card.invisible = True
    again = engine.load(engine.dump(state))  # type: ignore[attr-defined]
    assert again == state
    assert next(c for seat in again.seats for c in seat.kept + seat.reserve + seat.hand if c.id == card.id).invisible


def test_a_mafia_state_after_a_step_remembers_no_more_given_fields_than_one_read_back() -> None:
    """Every pydantic model keeps the set of fields it was given. A step's deep copy of a Mafia state gave every
    field (26 names a seat, some 55 KB of sets a 10-player game), where the same state read back from its save
    keeps the ones not at their defaults (31 KB). The copy now leaves defaults out as the save does."""
    from games.core.rng import derived

    engine = registry.spec("mafia").engine
    state, _ = engine.setup(10, None, 41)
    prompt = next(p for p in state.prompts if not p.answered)
    after, _ = engine.apply(state, prompt.seat, engine.bot_action(state, prompt, derived(41, state.step)))
    read_back = engine.load(engine.dump(after))
    assert after == read_back
    assert [s.model_fields_set for s in after.seats] == [s.model_fields_set for s in read_back.seats]
    assert [p.model_fields_set for p in after.prompts] == [p.model_fields_set for p in read_back.prompts]
