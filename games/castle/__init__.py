"""Abandoned Castle of the Interworld (Заброшенный Замок Междумирья): villains race through a
shifting castle to carry artifacts to their shrines.

Rules: `shared/rules/castle.md`. Modules: `options` (house rules), `cards` (the decks as data,
`data/castle/decks.json`), `board` (boards as data), `state`, `halls` (corridor and hall questions,
the hall picker), `piles` (draws), `words` (cards as message terms), `events` (Phase I events),
`orders` (the Phase I order sheet), `resolution` (Phase II cards, "no card" draws, movement),
`skirmish` (skirmishes and the winner's sheet), `artifacts` (Phase III and the end), `flow` (set-up
and the round's course), `view`, `summary`, `scene` (the picture's Scene from the public view),
`engine`.

The points the rules page leaves open, as this engine settles them, are in `docs/decisions.md`
(Castle).
"""

from games.castle import spec
from games.castle.engine import CastleEngine
from games.castle.feats import FEATS
from games.core.spec import GameSpec

ENGINE = CastleEngine()
SPEC = GameSpec(ENGINE, picture=spec.PICTURE, replay=spec.REPLAY, guide=spec.GUIDE, guide_adds=True, record=spec.RECORD,
                feats=FEATS)
"""The game as the runtime knows it (games.core.spec): games/registry.py finds it here."""

__all__ = ["ENGINE", "SPEC", "CastleEngine"]
