"""Mafia of Heroes (Мафик Райзен, часть 3): two factions, a card collection, a draft, nights and days.

Rules: `shared/rules/mafia.md`; the points it leaves open, as settled here: `docs/decisions.md`.

- Data: `collection`, `roles` (validated data files, copied into each game's state), `options`
  (house rules and the sign-up data `Join`), `state`, `order` (what one player ordered for a phase).
- Before Night 1: `setup` (public and secret roles, sign-up questions), `draft` (and the artifact's
  first holder), `opening` (decks, opening hands, the Jester's choice, the mafia's snapshot), `deck`.
- Phases: `phases` (open a phase, end it), `sheet` (the order sheet and the `Order` read back from it;
  its parts by family: `sheet_cards`, `sheet_votes`, `sheet_abilities`, `sheet_now`, on `sheet_common`),
  `resolution` (the page's nine steps: `res_costs`, `effects`, `passives`, `res_damage`, `res_report`,
  `res_context`), `votes` (kill, veche, Leader), `artifact`, `victory`.
- Reading: `view`, `summary`; players: `bot` (draft and phase policy), `bot_orders` (a phase's plan),
  `bot_cards` (which card on whom), `bot_view` and `bot_memory` (what the seat knows and remembers).
"""

from games.core.spec import GameSpec
from games.mafia import spec
from games.mafia.engine import MafiaEngine
from games.mafia.feats import FEATS

ENGINE = MafiaEngine()
SPEC = GameSpec(ENGINE, guide=spec.GUIDE, record=spec.RECORD, sides=spec.SIDES, feats=FEATS)
"""The game as the runtime knows it (games.core.spec): games/registry.py finds it here."""

__all__ = ["ENGINE", "SPEC", "MafiaEngine"]
