"""Numbered migrations, one folder per backend, numbered the same: bot/migrations/NNN_name.sql for
SQLite and bot/migrations/postgres/NNN_name.sql for PostgreSQL. Migration N does the same change
on both, in each one's own SQL. SQLite records the version reached in `PRAGMA user_version`,
PostgreSQL in the one-row table `schema_version`; each migration is applied in its own
transaction together with that record."""

from __future__ import annotations

import re
from pathlib import Path

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
FOLDERS = {"sqlite": MIGRATIONS_DIR, "postgres": MIGRATIONS_DIR / "postgres"}
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migration_files(dialect: str = "sqlite") -> list[Path]:
    """The backend's migration files, in order; badly named ones are an error."""
    found = sorted(FOLDERS[dialect].glob("*.sql"))
    for path in found:
        if not _MIGRATION_NAME.match(path.name):
            raise RuntimeError(f"badly named migration: {path.name}")
    return found


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """(version, sql) for every numbered migration of the backend, in order; numbers must be 1..n."""
    found = [(int(path.name[:3]), path.read_text(encoding="utf-8")) for path in migration_files(dialect)]
    for expected, (version, _) in enumerate(found, start=1):
        if version != expected:
            raise RuntimeError(f"migrations must be numbered 1..n; missing {expected:03d}")
    return found


def split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
