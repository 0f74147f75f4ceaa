"""Maskmen (Oink Games): shed your wrestler cards while the table proves which colour beats which.

Rules as run: shared/rules/maskmen.md. The strength-order picture is in `picture.py`.
"""

from games.maskmen.engine import MaskmenEngine
from games.maskmen.plays import legal_plays
from games.maskmen.state import MaskmenState, Options

ENGINE = MaskmenEngine()

__all__ = ["ENGINE", "MaskmenEngine", "MaskmenState", "Options", "legal_plays"]
