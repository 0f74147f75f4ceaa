"""Castle house rules (rules page: `artifacts_to_win`, `max_rounds`, the board) and deadlines."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

MIN_PLAYERS = 3
MAX_PLAYERS = 4


def _seconds(default: int) -> int:
    return Field(default=default, ge=10, le=86400)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    artifacts_to_win: int = Field(default=3, ge=1, le=20)
    """Artifacts a player must deliver to their shrine to win."""
    max_rounds: int = Field(default=30, ge=1, le=500)
    """After this round the game ends: most delivered, then most carried; otherwise a shared win."""
    board: str | None = None
    """A board file name in data/boards (e.g. "castle-4"); None = the default for the player count."""

    orders_seconds: int = _seconds(180)
    """Phase I: the secret order (card + move)."""
    skirmish_seconds: int = _seconds(60)
    """The secret choice of a skirmish card."""
    choice_seconds: int = _seconds(90)
    """A skirmish winner's choices (where losers go, the Win effect's parameters)."""
    ahaha_seconds: int = _seconds(60)
    """“Ahaha, it's a card))”: discard one of the two cards seen, or keep both."""
    peek_seconds: int = _seconds(60)
    """Peek: after seeing the card, take a random card or swap one."""

    @field_validator("board")
    @classmethod
    def _board_exists(cls, value: str | None) -> str | None:
        if value is None:
            return None
        from games.castle.board import BoardError, board_path, load_board

        try:
            load_board(board_path(value))
        except BoardError as error:
            raise ValueError(str(error)) from None
        return value
