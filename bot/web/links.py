"""The web record's links: unguessable tokens, so knowing a game's number (or a server's id) opens nothing.

A token is the number, a dash and 22 characters: the first 16 bytes of HMAC-SHA256 over "game:<id>" (or
"server:<guild id>") with the database's own key (migration 011), in URL-safe base64. Nothing else is
accepted: a malformed token, a token of another database or of another kind, and a made-up one all read
as no game at all.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Literal

Kind = Literal["game", "server"]
TOKEN = re.compile(r"(\d{1,20})-([A-Za-z0-9_-]{22})")
MAC_BYTES = 16


class Links:
    """Tokens and links of one database (its key), pointing at `base` (PUBLIC_URL, or None: no pages)."""

    def __init__(self, secret: bytes, base: str | None = None) -> None:
        self._secret = secret
        self.base = base.rstrip("/") if base else None

    def _mac(self, kind: Kind, number: int) -> str:
        digest = hmac.new(self._secret, f"{kind}:{number}".encode(), hashlib.sha256).digest()[:MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def token(self, kind: Kind, number: int) -> str:
        return f"{number}-{self._mac(kind, number)}"

    def number(self, kind: Kind, token: str) -> int | None:
        """The game id (or server id) a token of this database opens; None for anything else."""
        found = TOKEN.fullmatch(token)
        if found is None:
            return None
        number = int(found.group(1))
        return number if hmac.compare_digest(found.group(2), self._mac(kind, number)) else None

    def game_url(self, game_id: int) -> str | None:
        return None if self.base is None else f"{self.base}/game/{self.token('game', game_id)}"

    def server_url(self, guild_id: int) -> str | None:
        return None if self.base is None else f"{self.base}/server/{self.token('server', guild_id)}"


class BotLinks:
    """The links the bot gives in Discord (the final message of a game, /history): none where no pages are
    served (`links.base` None) or where the server turned its pages off. The servers that did are kept here,
    read at start-up and changed with `/gm settings web:` (the pages themselves ask the database each time)."""

    def __init__(self, links: Links, off: set[int]) -> None:
        self.links = links
        self.off = off

    def load(self, links: Links, off: set[int]) -> None:
        """The key and the servers without pages, as read at start-up."""
        self.links = links
        self.off = off

    def on(self, guild_id: int | None) -> bool:
        return self.links.base is not None and guild_id not in self.off

    def game(self, guild_id: int | None, game_id: int) -> str | None:
        return self.links.game_url(game_id) if self.on(guild_id) else None

    def server(self, guild_id: int) -> str | None:
        return self.links.server_url(guild_id) if self.on(guild_id) else None

    def turned(self, guild_id: int, on: bool) -> None:
        if on:
            self.off.discard(guild_id)
        else:
            self.off.add(guild_id)
