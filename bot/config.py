"""Settings from the environment and `.env` (pydantic-settings). See .env.example."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
DISCORD_API = "https://discord.com/api/v10"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=ROOT / ".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="The bot token; empty = offline play")
    database_path: Path = Field(default=ROOT / "data" / "gamemaster.db")
    database_url: str | None = Field(
        default=None, description="postgresql://… for PostgreSQL; a path (or nothing: DATABASE_PATH) for SQLite"
    )
    default_language: str = Field(default="ru", pattern="^(ru|en)$")
    dev_guild_id: int | None = Field(default=None, description="Sync slash commands to this guild instantly")
    discord_api_base_url: str = Field(default=DISCORD_API)
    discord_gateway_url: str | None = Field(default=None, description="None = ask the API for it")
    log_level: str = Field(default="INFO")
    discord_members_intent: bool = Field(
        default=False, description="Ask for the privileged Server Members intent: a player leaving is seen at once"
    )
    departed_player: Literal["bot", "pause"] = Field(
        default="bot", description="When a player leaves the server mid-game: a bot player takes the seat, or pause"
    )
    departed_grace_seconds: int = Field(
        default=300, ge=0, description="How long a departed player's seat waits for them before that happens"
    )
    lobby_max_per_server: int = Field(default=10, ge=1, description="Lobbies waiting for players at once per server")
    lobby_idle_minutes: int = Field(default=60, ge=1, description="An untouched lobby closes after this long")
    join_dm_test_hours: float = Field(
        default=24.0, ge=0, description="A member the bot reached in DMs within this many hours joins a game without "
        "the test DM (a counted request); 0 = every join sends one",
    )
    lobby_openings_per_hour: float = Field(
        default=20.0, gt=0, description="Lobbies one member may open per hour on a server, after 3 in a row"
    )
    outbox_window_seconds: float = Field(
        default=5.0, gt=0, description="Discord's window of 5 messages per channel (tests against a stand-in shrink it)"
    )
    guild_ready_timeout_seconds: float = Field(
        default=2.0, ge=0, description="On connecting: how long discord.py waits for more servers' data before the "
        "bot is ready (its guild_ready_timeout; tests against a stand-in that sends it at once shorten it)",
    )
    shutdown_flush_seconds: float = Field(
        default=5.0, ge=0, description="On SIGTERM/SIGINT: how long to keep sending what waits before closing"
    )
    gc_young_every_seconds: float = Field(
        default=1.0, ge=0, description="Collect Python's young generation this often, whatever the allocation count "
        "says (bot/process.py): its longest pauses shorter; 0 = only when allocations start it",
    )
    slow_step_ms: float | None = Field(
        default=None, gt=0, description="A diagnostic: log every event-loop step longer than this many milliseconds "
        "with the code that ran it, and every garbage collection longer than that (bot/slow_steps.py); none = off",
    )
    keep_finished_days: int | None = Field(
        default=None, ge=1, description="Delete finished games' full records this many days after; none = keep"
    )
    metrics_port: int | None = Field(
        default=None, ge=1, le=65535, description="Serve /metrics, /healthz and /readyz on this port; none = off"
    )
    metrics_host: str = Field(default="127.0.0.1", description="The address the metrics endpoint listens on")
    ready_max_delivery_age_seconds: float = Field(
        default=120.0, gt=0, description="/readyz fails while a delivery has waited longer than this"
    )
    web_port: int | None = Field(
        default=None, ge=1, le=65535, description="Serve the web record (game pages, the server's page) on this port"
        " inside the bot's process; none = off (`python -m bot web` serves them on their own)",
    )
    web_host: str = Field(default="127.0.0.1", description="The address the web record listens on")
    public_url: str | None = Field(
        default=None, description="The web record's address as players reach it (a reverse proxy's https://…), used "
        "in every link; none = http://WEB_HOST:WEB_PORT",
    )
    log_format: Literal["text", "json"] = Field(default="text", description="json: one JSON object per log line")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, description="The gateway shards this process runs, e.g. 0,1 (with SHARD_COUNT); none = all"
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="How many gateway shards the bot has in all; none = as Discord recommends"
    )
    rest_budget_per_second: int = Field(
        default=36, ge=1, description="Counted REST requests per second for the whole token (Discord allows 50), "
        "split among the processes by their share of the shards; interaction answers and follow-ups never wait",
    )
    forward_dm_clicks: bool = Field(
        default=True, description="Several processes on one PostgreSQL: shard 0's process hands a DM click on a game "
        "to the process running the game's server, which answers it; false = shard 0's process answers every DM click",
    )

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", "discord_gateway_url", "database_url", "shard_count", "metrics_port",
                     "keep_finished_days", "web_port", "public_url", mode="before")
    @classmethod
    def _blank_optional(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """`0,1` or `0 1` (blank: none)."""
        if isinstance(value, str):
            parts = value.replace(",", " ").split()
            return [int(part) for part in parts] if parts else None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards the bot has in all)")
            wrong = [shard for shard in self.shard_ids if not 0 <= shard < self.shard_count]
            if wrong:
                raise ValueError(f"SHARD_IDS {wrong} are not shards of SHARD_COUNT={self.shard_count} (0 to "
                                 f"{self.shard_count - 1})")
            self.shard_ids = sorted(set(self.shard_ids))
        return self

    @property
    def sharded(self) -> bool:
        """Whether this process runs a given set of shards (others may run the rest, on the same
        PostgreSQL database)."""
        return self.shard_count is not None

    def web_base(self, port: int | None = None) -> str | None:
        """Where links to the web record point: PUBLIC_URL, else this machine's address and the web port
        (`port` when the caller serves on one of its own, e.g. `python -m bot web`); None: no pages anywhere."""
        if self.public_url:
            return self.public_url.rstrip("/")
        port = port or self.web_port
        if port is None:
            return None
        host = self.web_host if self.web_host not in ("0.0.0.0", "::", "") else "127.0.0.1"
        return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

    @property
    def database(self) -> str:
        """The one database setting the bot opens: DATABASE_URL when set (a PostgreSQL URL, or
        an SQLite path), else DATABASE_PATH."""
        return self.database_url or str(self.database_path)
