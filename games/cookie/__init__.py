"""Cookie (Печенька): hidden roles in a hunting chain, secret card choices, swords and shields."""

from games.cookie import spec
from games.cookie.engine import CookieEngine
from games.cookie.feats import FEATS
from games.cookie.state import CookieState, Options
from games.core.spec import GameSpec

ENGINE = CookieEngine()
SPEC = GameSpec(ENGINE, record=spec.RECORD, feats=FEATS)
"""The game as the runtime knows it (games.core.spec): games/registry.py finds it here."""

__all__ = ["ENGINE", "SPEC", "CookieEngine", "CookieState", "Options"]
