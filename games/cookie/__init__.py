"""Cookie (Печенька): hidden roles in a hunting chain, secret card choices, swords and shields."""

from games.cookie.engine import CookieEngine
from games.cookie.state import CookieState, Options

ENGINE = CookieEngine()

__all__ = ["ENGINE", "CookieEngine", "CookieState", "Options"]
