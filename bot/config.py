"""Settings from the environment and `.env` (pydantic-settings). See .env.example."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
DISCORD_API = "https://discord.com/api/v10"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=ROOT / ".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="The bot token; empty = offline play")
    database_path: Path = Field(default=ROOT / "data" / "gamemaster.db")
    default_language: str = Field(default="ru", pattern="^(ru|en)$")
    dev_guild_id: int | None = Field(default=None, description="Sync slash commands to this guild instantly")
    discord_api_base_url: str = Field(default=DISCORD_API)
    discord_gateway_url: str | None = Field(default=None, description="None = ask the API for it")
    log_level: str = Field(default="INFO")

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", "discord_gateway_url", mode="before")
    @classmethod
    def _blank_optional(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value
