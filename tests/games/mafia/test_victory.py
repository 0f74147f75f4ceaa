"""Victory (rules page, "Factions and secret roles"): only mafia alive, only law alive, nobody alive;
the full reveal; the results (the dead share the win)."""

from __future__ import annotations

from games.core import Event, Prompt, Results, seat, term
from games.mafia.victory import check, outcome, results
from tests.games.mafia.votes_table import ADVISOR, AVENGER, BOSS, HERO, KILLER, MONK, assert_renders, kill, table, wound


def test_the_game_goes_on_while_both_factions_live() -> None:
    state = table()
    for n in range(10):
        if n not in (HERO, KILLER):
            kill(state, n)
    state.prompts = [Prompt(id="p", seat=HERO, ask="one", key="k", deadline="night")]
    events: list[Event] = []
    assert outcome(state) is None
    assert not check(state, events)
    assert events == []
    assert (state.over, state.winner, len(state.prompts)) == (False, None, 1)
    assert results(state) is None


def test_only_mafia_alive_the_mafia_wins_and_dead_members_share_it() -> None:
    state = table()
    for n in range(10):
        if n not in (BOSS, KILLER):
            kill(state, n)
    state.prompts = [Prompt(id="p", seat=BOSS, ask="one", key="k", deadline="night")]
    state.artifact_held = [HERO, MONK, BOSS]
    state.artifact = BOSS
    events: list[Event] = []
    assert check(state, events)
    assert (state.over, state.winner, state.prompts) == (True, "mafia", [])
    assert len(events) == 1 and events[0].public
    event = events[0]
    assert event.key == "mafia-victory-mafia"
    assert event.params["winners"] == {"and": [seat(BOSS), seat(KILLER), seat(ADVISOR)]}
    *lines, artifact = event.params["reveal"]["lines"]  # the full reveal: every seat, then the artifact
    assert artifact == {"message": "mafia-victory-artifact",
                        "params": {"holders": [seat(HERO), seat(MONK), seat(BOSS)], "destroyed": "no"}}
    assert len(lines) == 10
    assert lines[HERO]["params"].items() >= {
        "player": seat(HERO), "public_role": term("mafia-role-hero"), "faction": term("mafia-faction-law"),
        "mafia": "no", "alive": "no"}.items()
    assert lines[KILLER]["params"].items() >= {
        "player": seat(KILLER), "public_role": term("mafia-role-croupier"), "faction": term("mafia-faction-mafia"),
        "mafia": "yes", "role": term("mafia-role-killer"), "alive": "yes"}.items()
    assert results(state) == Results(
        scores=[0, 0, 0, 0, 0, 0, 0, 1, 1, 1], winners=[BOSS, KILLER, ADVISOR],
        roles=[["mafia-role-hero", "mafia-role-law"], ["mafia-role-politician", "mafia-role-law"],
               ["mafia-role-avenger", "mafia-role-law"], ["mafia-role-sociopath", "mafia-role-law"],
               ["mafia-role-swindler", "mafia-role-law"], ["mafia-role-monk", "mafia-role-law"],
               ["mafia-role-child", "mafia-role-law"], ["mafia-role-banker", "mafia-role-boss"],
               ["mafia-role-croupier", "mafia-role-killer"], ["mafia-role-jester", "mafia-role-advisor"]],
        sides=["law"] * 7 + ["mafia"] * 3,
    )
    assert_renders(events)


def test_only_law_alive_the_law_wins_the_dead_included() -> None:
    state = table()
    for n in (BOSS, KILLER, ADVISOR, HERO):
        kill(state, n)
    state.artifact_held = [HERO]
    state.artifact = None
    events: list[Event] = []
    assert check(state, events)
    assert state.winner == "law"
    assert events[0].key == "mafia-victory-law"
    assert events[0].params["winners"] == {"and": [seat(n) for n in range(7)]}
    assert events[0].params["reveal"]["lines"][-1]["params"] == {"holders": [seat(HERO)], "destroyed": "yes"}
    result = results(state)
    assert result is not None
    assert result.scores == [1, 1, 1, 1, 1, 1, 1, 0, 0, 0]
    assert result.winners == list(range(7))
    assert_renders(events)


def test_nobody_alive_is_a_draw() -> None:
    state = table()
    for n in range(10):
        kill(state, n)
    events: list[Event] = []
    assert check(state, events)
    assert state.winner == "draw"
    assert events[0].key == "mafia-victory-draw"
    assert "winners" not in events[0].params
    assert events[0].params["reveal"]["lines"][-1] == {"message": "mafia-victory-artifact-never", "params": {}}
    assert results(state) == Results(scores=[0] * 10, winners=[], roles=results(state).roles,  # type: ignore[union-attr]
                                     sides=["law"] * 7 + ["mafia"] * 3)
    assert results(state).ranked_places() == [1] * 10, "a draw: everyone ties"  # type: ignore[union-attr]
    assert_renders(events)


def test_a_mortally_wounded_avenger_is_still_alive() -> None:
    state = table()
    for n in range(10):
        if n not in (AVENGER, BOSS):
            kill(state, n)
    wound(state, AVENGER)
    assert not check(state, [])
    kill(state, AVENGER)
    assert check(state, [])
    assert state.winner == "mafia"


def test_a_game_already_over_is_not_announced_twice() -> None:
    state = table()
    for n in (BOSS, KILLER, ADVISOR):
        kill(state, n)
    events: list[Event] = []
    assert check(state, events)
    assert check(state, events)
    assert len(events) == 1
