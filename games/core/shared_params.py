"""Message parameters that name a game term or a seat, one shared object each (issue 41: memory per live game).

A live game's prompts repeat the same small parameters over and over: a Mafia order sheet names each card of
the hand, the order's lines and the phase as `{"term": key}` (some 130 such dicts in a 10-player game's prompts,
184 bytes each), and every state read back or copied made them anew. `shared` gives every nested `{"term": key}`,
`{"seat": n}` and empty `{}` inside a parameters tree one frozen object per value, the same for every prompt
and every game: it reads, compares, serialises (JSON, pydantic, `json.dumps`) and renders as the plain dict it
stands for, and a copy (`copy.deepcopy`, a model's deep copy) is itself. Changing one in place raises instead
of changing every game that shares it. The top-level parameters dict itself stays the caller's own.
"""

from __future__ import annotations

from typing import Any, NoReturn

SEATS_SHARED = 256
"""Seat numbers below this share their `{"seat": n}` (no game seats more)."""


class SharedParam(dict[str, Any]):
    """A frozen parameter dict shared by every prompt and game that names the same thing."""

    __slots__ = ()

    def _frozen(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a shared message parameter cannot change: build a new dict instead")

    __setitem__ = __delitem__ = __ior__ = update = pop = popitem = clear = setdefault = _frozen  # type: ignore[assignment]

    def __copy__(self) -> SharedParam:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedParam:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickled, (dict(self),))


def _unpickled(data: dict[str, Any]) -> Any:
    return _shared_leaf(data)


_TERMS: dict[str, SharedParam] = {}
_SEATS: dict[int, SharedParam] = {}
EMPTY = SharedParam()


def _shared_leaf(value: dict[str, Any]) -> Any:
    """The shared object for a `{"term": key}`, `{"seat": n}` or `{}`, else `value` itself."""
    if not value:
        return EMPTY
    if len(value) != 1:
        return value
    term = value.get("term")
    if type(term) is str:
        found = _TERMS.get(term)
        if found is None:  # catalog keys: a bounded set, the terms of the games' catalogs
            found = _TERMS[term] = SharedParam(term=term)
        return found
    seat = value.get("seat")
    if type(seat) is int and 0 <= seat < SEATS_SHARED:
        found = _SEATS.get(seat)
        if found is None:
            found = _SEATS[seat] = SharedParam(seat=seat)
        return found
    return value


def _shared_value(value: Any) -> Any:
    """`value` with its nested term, seat and empty dicts shared; a dict or list holding one is a new container
    (never changed in place: it may be the caller's own), the others are `value` itself."""
    kind = type(value)
    if kind is dict:
        leaf = _shared_leaf(value)
        if leaf is not value:
            return leaf
        items = {key: _shared_value(inner) for key, inner in value.items()}
        return items if any(items[key] is not inner for key, inner in value.items()) else value
    if kind is list:
        listed = [_shared_value(inner) for inner in value]
        return listed if any(new is not old for new, old in zip(listed, value, strict=True)) else value
    return value


def shared(params: dict[str, Any]) -> dict[str, Any]:
    """`params` (the validated model's own dict, changed in place) with every nested term, seat and empty dict
    replaced by its shared frozen object. The top-level dict is kept, so it may still change."""
    for key, value in params.items():
        if type(value) in (dict, list):
            params[key] = _shared_value(value)
    return params
