"""The roles as data: `data/mafia/roles.json`, validated when loaded against the collection.

The 21 public roles and the three mafia roles, each with the numbers the rules page gives it
(the Alien's opening draw of 7, the Politician's vote of 1.5, the Killer's two Bullets, …). Every
role's ability is code, so the keys are fixed: a file that misses a role, names an unknown one,
gives a role a number it does not take, or a negative number, is refused with a `CollectionError`
naming the file and the role.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core.datafiles import read_json
from games.mafia.collection import COLOURS, DATA_DIR, Collection, CollectionError, Colour, load_collection

ROLES_FILE = DATA_DIR / "roles.json"

Kind = Literal["count", "weight", "chance", "token", "card", "colour"]

PUBLIC_ROLES: dict[str, dict[str, Kind]] = {
    "alien": {"dies_at": "count"},
    "jester": {},
    "businessman": {"token": "token", "tokens": "count"},
    "lazybones": {"armor": "count"},
    "strongman": {"armor": "count"},
    "politician": {"vote_weight": "weight"},
    "paranoid": {"armor_per_card": "count"},
    "avenger": {"wounded_phases": "count", "vote_weight": "weight"},
    "psychic": {"sees_top": "count"},
    "masochist": {"copies": "count"},
    "magician": {"uses": "count"},
    "banker": {"armor": "count"},
    "croupier": {"uses": "count", "cards": "count"},
    "sociopath": {"protected_phases": "count"},
    "monk": {"hand_low": "count", "hand_high": "count", "draws": "count"},
    "child": {"night_armor": "count"},
    "student": {"colour_chance": "chance"},
    "lucky": {"redraw": "count"},
    "journalist": {"as_card": "card"},
    "swindler": {"leader_vote_factor": "weight", "artifact_pick_chance": "chance"},
    "hero": {},
}
"""Each public role and the numbers it takes (besides `opening_hand`, which any role may give)."""

MAFIA_ROLES: dict[str, dict[str, Kind]] = {
    "boss": {"colour": "colour", "kill_votes": "weight", "message_every": "count"},
    "killer": {"colour": "colour", "kill_votes": "weight", "token": "token", "tokens": "count"},
    "advisor": {"colour": "colour", "kill_votes": "weight"},
}


class Role(BaseModel):
    """One role with its numbers (read-only)."""

    model_config = ConfigDict(frozen=True)

    key: str
    values: dict[str, Any]

    def number(self, name: str) -> Any:
        return self.values[name]


class Roles(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    public: tuple[Role, ...]
    mafia: tuple[Role, ...]

    def public_keys(self) -> list[str]:
        return [r.key for r in self.public]

    def get(self, key: str) -> Role:
        found = next((r for r in (*self.public, *self.mafia) if r.key == key), None)
        if found is None:
            raise KeyError(key)
        return found

    def opening_hand(self, public_role: str) -> int:
        return int(self.get(public_role).values["opening_hand"])

    def mafia_role_of(self, colour: Colour) -> str:
        """The mafia role whose colour is `colour` (the Student rule)."""
        return next(r.key for r in self.mafia if r.values["colour"] == colour)

    def colour_of(self, mafia_role: str) -> Colour:
        return self.get(mafia_role).values["colour"]  # type: ignore[no-any-return]


def _value(kind: Kind, value: Any, collection: Collection, where: str) -> Any:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "count" and not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        raise CollectionError(f"{where} must be a whole number of 0 or more, not {value!r}")
    if kind == "weight" and not (number and value >= 0):
        raise CollectionError(f"{where} must be a number of 0 or more, not {value!r}")
    if kind == "chance" and not (number and 0 <= value <= 1):
        raise CollectionError(f"{where} must be a probability from 0 to 1, not {value!r}")
    if kind in ("token", "card") and not (isinstance(value, str) and collection.has(value)):
        raise CollectionError(f"{where} must name a card of {collection.source}, not {value!r}")
    if kind == "token" and not collection.card(value).token:
        raise CollectionError(f"{where}: {value!r} must be a token (a card never offered in the draft)")
    if kind == "colour" and value not in COLOURS:
        raise CollectionError(f"{where}: unknown colour {value!r} (one of {', '.join(COLOURS)})")
    return value


def _roles(
    raw: Any, specs: dict[str, dict[str, Kind]], section: str, source: str, collection: Collection, opening: int | None
) -> tuple[Role, ...]:
    if not isinstance(raw, list):
        raise CollectionError(f"{source}: expected a list {section!r}")
    roles: list[Role] = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("key"), str) or not item["key"]:
            raise CollectionError(f"{source}: {section} role #{number} has no key (the role's name)")
        key = item["key"]
        where = f"{source}: role {key!r}"
        if key not in specs:
            raise CollectionError(f"{where}: unknown {section} role (known: {', '.join(specs)})")
        if any(r.key == key for r in roles):
            raise CollectionError(f"{where} appears twice")
        fields = dict(specs[key])
        values: dict[str, Any] = {}
        if opening is not None:
            fields["opening_hand"] = "count"
            values["opening_hand"] = opening
        for name in item:
            if name != "key" and name not in fields:
                raise CollectionError(f"{where}: takes no {name!r}")
        for name, kind in fields.items():
            if name not in item and name not in values:
                raise CollectionError(f"{where}: needs {name!r}")
            if name in item:
                values[name] = _value(kind, item[name], collection, f"{where}: {name!r}")
        if values.get("opening_hand") == 0:
            raise CollectionError(f"{where}: 'opening_hand' must be at least 1")
        roles.append(Role(key=key, values=values))
    missing = [k for k in specs if all(r.key != k for r in roles)]
    if missing:
        raise CollectionError(f"{source}: {section} role {missing[0]!r} is missing")
    return tuple(roles)


def parse_roles(raw: Any, source: str, collection: Collection) -> Roles:
    if not isinstance(raw, dict):
        raise CollectionError(f"{source}: expected an object with \"public\" and \"mafia\" lists")
    opening = raw.get("opening_hand")
    if not isinstance(opening, int) or isinstance(opening, bool) or opening < 1:
        raise CollectionError(f"{source}: 'opening_hand' (everyone's opening draw) must be a whole number of 1 or more")
    public = _roles(raw.get("public"), PUBLIC_ROLES, "public", source, collection, opening)
    mafia = _roles(raw.get("mafia"), MAFIA_ROLES, "mafia", source, collection, None)
    colours = sorted(r.values["colour"] for r in mafia)
    if colours != sorted(COLOURS):
        raise CollectionError(f"{source}: the three mafia roles must have the three colours, one each")
    return Roles(source=source, public=public, mafia=mafia)


def load_roles(path: Path | str = ROLES_FILE, collection: Collection | None = None) -> Roles:
    """The roles, checked against `collection` (default: the default collection, and cached)."""
    if collection is None:
        return _load(Path(path).resolve())
    return parse_roles(read_json(path, "roles file", CollectionError), str(path), collection)


@cache
def _load(path: Path) -> Roles:
    return parse_roles(read_json(path, "roles file", CollectionError), str(path), load_collection())
