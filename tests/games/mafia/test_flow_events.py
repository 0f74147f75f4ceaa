"""What the engine gives the public flow and a substitute: the Leader vote announced as it is cast (a
live tally), the phase starts naming their deadline kind, the moderators' notice about an absent
player, and a seat's catch-up dossier (its secrets now, nothing of anyone else's but the Mafia's own)."""

from __future__ import annotations

from games.core import Action, Event
from games.core.orders import EDIT
from games.mafia import ENGINE
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import run, start


def day_one(players: int = 10, seed: int = 5) -> MafiaState:
    state, _ = start(players, seed=seed)
    return run(state, until=lambda s: s.phase == "day")


def sheet_prompt(state: MafiaState, seat: int):  # type: ignore[no-untyped-def]
    (prompt,) = [p for p in state.prompts_for(seat) if p.sheet]
    return prompt


def act(state: MafiaState, seat: int, value: str) -> tuple[MafiaState, list[Event]]:
    return ENGINE.apply(state, seat, Action(prompt=sheet_prompt(state, seat).id, value=value))


def test_a_leader_vote_is_announced_as_it_is_cast_and_only_then() -> None:
    state = day_one()
    state, events = act(state, 0, f"{EDIT}leader")
    assert not [e for e in events if e.key == "mafia-leader-tally"], "opening the part casts nothing"
    state, events = act(state, 0, "4")
    (tally,) = [e for e in events if e.key == "mafia-leader-tally"]
    assert tally.public and tally.params["live"] == "leader-d1" and tally.params["count"] == 1
    assert tally.params["votes"]["lines"][0]["params"] == {"voter": {"seat": 0}, "candidate": {"seat": 4}}
    state, events = act(state, 1, f"{EDIT}veche")
    assert not [e for e in events if e.key == "mafia-leader-tally"], "other parts are no Leader vote"
    state, _ = act(state, 1, "~cancel")
    state, _ = act(state, 1, f"{EDIT}leader")
    state, events = act(state, 1, "4")
    (tally,) = [e for e in events if e.key == "mafia-leader-tally"]
    totals = tally.params["totals"]["lines"]
    expected = sum(1.5 if state.seats[n].public_role == "politician" else 1 for n in (0, 1))
    assert totals == [{"message": "mafia-leader-line-total", "params": {"player": {"seat": 4}, "votes": expected}}]
    state, _ = act(state, 1, f"{EDIT}leader")
    state, events = act(state, 1, "none")  # taken back: the tally shrinks
    (tally,) = [e for e in events if e.key == "mafia-leader-tally"]
    assert tally.params["count"] == 1


def test_phase_starts_name_their_deadline_kind() -> None:
    state, _ = start(10, seed=5)
    events: list[Event] = []
    state = run(state, events=events, until=lambda s: s.phase == "night" and s.number == 2)
    starts = {e.key: e.params.get("deadline") for e in events if e.key in (
        "mafia-event-night-begins", "mafia-event-day-begins", "mafia-event-night-falls")}
    assert starts == {"mafia-event-night-begins": "night", "mafia-event-day-begins": "day",
                      "mafia-event-night-falls": "night"}


def test_the_moderators_are_told_every_second_missed_phase_with_the_house_rule() -> None:
    state = day_one()
    assert ENGINE.absent_notice(state, 3, 1) is None
    notice = ENGINE.absent_notice(state, 3, 2)
    assert notice is not None and notice.params["advice"] == {"term": "mafia-absent-advice-bot"}
    assert ENGINE.absent_notice(state, 3, 3) is None and ENGINE.absent_notice(state, 3, 4) is not None
    state.options.absent_players = "remove"
    assert ENGINE.absent_notice(state, 3, 2).params["advice"] == {"term": "mafia-absent-advice-remove"}  # type: ignore[union-attr]
    state.seats[3].alive = False
    assert ENGINE.absent_notice(state, 3, 2) is None, "the dead are not absent"


def test_a_dossier_holds_the_seats_secrets_and_the_mafias_own_information_only() -> None:
    state = day_one()
    mafia = state.mafia_seats()
    member = mafia[0]
    law = next(n for n in range(10) if n not in mafia)
    for seat in (member, law):
        events = ENGINE.dossier(state, seat)
        assert events and all(e.to == [seat] for e in events)
        keys = [e.key for e in events]
        assert keys[0] == ("mafia-event-your-role-mafia" if seat == member else "mafia-event-your-role-law")
        cards = next(e for e in events if e.key == "mafia-dossier-cards").params
        me = state.seats[seat]
        assert cards["hand"] == [{"term": f"mafia-card-{c.key}"} for c in me.hand]
        assert cards["deck_count"] == len(me.deck) and cards["reserve_count"] == len(me.reserve)
        assert "mafia-dossier-order" in keys
        assert ("mafia-dossier-mafia" in keys) == (seat == member), "only a Mafia member learns the Mafia"
    others = next(e for e in ENGINE.dossier(state, member) if e.key == "mafia-dossier-mafia")
    named = [line["params"]["player"]["seat"] for line in others.params["members"]["lines"]]
    assert sorted(named) == sorted(n for n in mafia if n != member)
    holder = state.artifact
    if holder is not None:
        assert "mafia-aid-artifact" in [e.key for e in ENGINE.dossier(state, holder)]
