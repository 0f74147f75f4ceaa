"""Sign-up and set-up: public roles by sign-up order, secret roles at random, the Student rule.

Public roles (rules page, "Players, modes, sign-up"): seats are taken in sign-up order; each takes
its wanted role if still free, else its spare if free; seats left without a role then get a random
free one, in seat order. Secret roles: three random seats are the mafia; a Student among them gets
the mafia role of the colour he named (**Decision**), the others get the remaining mafia roles at
random.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, IllegalAction, Option, Prompt, Refusal, Rng, seat, term
from games.mafia import draft
from games.mafia.collection import COLOURS, Colour
from games.mafia.common import announce, tell
from games.mafia.options import Join, Options, untested_size
from games.mafia.roles import Roles
from games.mafia.state import LAW, MafiaState, Seat
from games.mafia.view import named_by_role

MAFIA_SIZE = 3
STUDENT = "student"


def check_join(roles: Roles, join: Join) -> Refusal | None:
    """Why one player's sign-up cannot be accepted, or None."""
    known = roles.public_keys()
    for wish in (join.role, join.spare):
        if wish is not None and wish not in known:
            return Refusal(key="mafia-error-unknown-role", params={"role": wish})
    if join.spare is not None and join.spare == join.role:
        return Refusal(key="mafia-error-spare-same", params={"role": term(f"mafia-role-{join.spare}")})
    wants_student = STUDENT in (join.role, join.spare)
    if wants_student and join.colour is None:
        return Refusal(key="mafia-error-student-colour")
    if join.colour is not None and not wants_student:
        return Refusal(key="mafia-error-colour-not-student")
    wishes = join.role is not None or join.spare is not None
    if join.consent is False or (wishes and join.consent is not True):
        return Refusal(key="mafia-error-consent")
    return None


def public_roles(roles: Roles, joins: list[Join], rng: Rng) -> list[str]:
    """First come first served, then the spare, then a random free role."""
    taken: list[str | None] = [None] * len(joins)
    for number, join in enumerate(joins):
        for wish in (join.role, join.spare):
            if wish is not None and wish not in taken:
                taken[number] = wish
                break
    for number in range(len(joins)):
        if taken[number] is None:
            free = [key for key in roles.public_keys() if key not in taken]
            taken[number] = rng.choice(free)
    return [role for role in taken if role is not None]


def secret_roles(roles: Roles, students: dict[int, Colour], players: int, rng: Rng) -> dict[int, str]:
    """The mafia's seats and roles; `students` maps the Student's seat to his colour."""
    mafia = sorted(rng.shuffled(range(players))[:MAFIA_SIZE])
    dealt: dict[int, str] = {}
    for number in mafia:
        if number in students:
            dealt[number] = roles.mafia_role_of(students[number])
    rest = rng.shuffled([r.key for r in roles.mafia if r.key not in dealt.values()])
    for number in mafia:
        if number not in dealt:
            dealt[number] = rest.pop()
    return dealt


def setup(players: int, options: Options, seed: int, joins: list[dict[str, Any]], roles: Roles) -> tuple[
    MafiaState, list[Event]
]:
    if not options.allows(players):
        low, high = (8, 14) if options.allow_untested_size else (10, 12)
        raise IllegalAction(Refusal(key="mafia-error-players", params={"count": players, "min": low, "max": high}))
    state = MafiaState(players=players, rng=Rng(seed=seed), options=options)
    signed = [Join.model_validate(j) for j in joins]
    chosen = public_roles(roles, signed, state.rng)
    students: dict[int, Colour] = {}
    for number, role in enumerate(chosen):
        if role == STUDENT:
            named = signed[number].colour
            students[number] = named if named is not None else state.rng.choice(COLOURS)
    dealt = secret_roles(roles, students, players, state.rng)
    for number, role in enumerate(chosen):
        secret = dealt.get(number, LAW)
        state.seats.append(
            Seat(
                public_role=role,
                secret_role=secret,
                faction="mafia" if number in dealt else "law",
                colour=roles.colour_of(secret) if number in dealt else None,
                student_colour=students.get(number),
            )
        )
    events = [announce("mafia-event-setup", players=players, mode=term(f"mafia-mode-{options.mode}"))]
    if untested_size(players):
        events.append(announce("mafia-event-untested-size", players=players))
    player_named = "no" if named_by_role(state) else "yes"  # anonymous: the public role is the name
    events.append(
        announce(
            "mafia-event-public-roles",
            roles={"lines": [
                {"message": "mafia-line-public-role",
                 "params": {"player": seat(n), "named": player_named, "role": term(f"mafia-role-{r}")}}
                for n, r in enumerate(chosen)
            ]},
        )
    )
    for number, s in enumerate(state.seats):
        key, params = role_message(s)
        events.append(tell([number], key, **params))
        if s.student_colour is not None:
            events.append(tell([number], "mafia-event-student-colour", colour=term(f"mafia-colour-{s.student_colour}")))
    draft.start(state, events)
    return state, events


def role_message(s: Seat) -> tuple[str, dict[str, Any]]:
    """A player's own secret role, as an event key and parameters."""
    if s.mafia:
        return "mafia-event-your-role-mafia", {
            "role": term(f"mafia-role-{s.secret_role}"),
            "colour": term(f"mafia-colour-{s.colour}"),
            "public_role": term(f"mafia-role-{s.public_role}"),
        }
    return "mafia-event-your-role-law", {"public_role": term(f"mafia-role-{s.public_role}")}


NO_WISH = "~none"


def wanted_roles(joins: list[dict[str, Any]]) -> list[str]:
    """The public roles the seats want, in join order, each once: first come first served."""
    wanted: list[str] = []
    for join in joins:
        role = join.get("role")
        if isinstance(role, str) and role not in wanted:
            wanted.append(role)
    return wanted


def join_prompt(roles: Roles, given: dict[str, Any], others: list[dict[str, Any]] | None = None) -> Prompt | None:
    """Sign-up, one question at a time: the three conditions (consent), the wanted public role, the
    spare, and the Student's secret colour when the Student is wanted or the spare. `others`: the
    join data of the seats already signed up; a role an earlier seat wants is marked as taken (it
    may still be wished for: first come first served, then the spare)."""
    def ask(field: str, key: str, options: list[Option]) -> Prompt:
        return Prompt(id=f"join-{field}", seat=0, ask="one", key=key, params={"field": field},
                      options=options, deadline="draft")

    taken = set(wanted_roles(others or []))
    role_options = [Option(value=r, label="mafia-opt-role-taken" if r in taken else "mafia-opt-role", params={
        "role": term(f"mafia-role-{r}"), "ability": {"message": f"mafia-role-{r}-ability", "params": {}}})
        for r in roles.public_keys()]
    if "consent" not in given:
        return ask("consent", "mafia-signup-conditions", [
            Option(value="yes", label="mafia-signup-consent"), Option(value=NO_WISH, label="mafia-signup-decline")])
    if given.get("consent") is not True:
        return None
    if "role" not in given:
        return ask("role", "mafia-signup-role", [*role_options, Option(value=NO_WISH, label="mafia-opt-any-role")])
    if "spare" not in given:
        # the wanted role stays in the list, not to be picked, so every role keeps its number
        wanted = Refusal(key="mafia-refuse-spare-wanted")
        spare = [o.model_copy(update={"disabled": wanted}) if o.value == given.get("role") else o for o in role_options]
        return ask("spare", "mafia-signup-spare", [*spare, Option(value=NO_WISH, label="mafia-opt-any-role")])
    if STUDENT in (given.get("role"), given.get("spare")) and "colour" not in given:
        return ask("colour", "mafia-signup-colour", [
            Option(value=c, label="mafia-opt-colour", params={"colour": term(f"mafia-colour-{c}")}) for c in COLOURS])
    return None


def join_answer(given: dict[str, Any], prompt: Prompt, value: str) -> dict[str, Any]:
    """`given` with the answer to a sign-up question (an unset field stays out of the join data)."""
    field = prompt.params["field"]
    answer: Any = value == "yes" if field == "consent" else (None if value == NO_WISH else value)
    return {**given, field: answer}


def lobby_summary(joins: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The lobby's line about the public roles wanted so far, in join order (no names: the
    anonymous mode shows it too)."""
    wanted = wanted_roles(joins)
    return {"message": "mafia-lobby-roles-taken", "params": {
        "roles": [term(f"mafia-role-{r}") for r in wanted], "count": len(wanted)}}
