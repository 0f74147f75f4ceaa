"""Maskmen (Oink Games): shed your wrestler cards while the table proves which colour beats which.

Rules as run: shared/rules/maskmen.md. The strength-order picture is in `picture.py`.
"""

from games.core.spec import GameSpec
from games.maskmen import spec
from games.maskmen.engine import MaskmenEngine
from games.maskmen.feats import FEATS
from games.maskmen.plays import legal_plays
from games.maskmen.state import MaskmenState, Options

ENGINE = MaskmenEngine()
SPEC = GameSpec(ENGINE, picture=spec.PICTURE, record=spec.RECORD, feats=FEATS)
"""The game as the runtime knows it (games.core.spec): games/registry.py finds it here."""

__all__ = ["ENGINE", "SPEC", "MaskmenEngine", "MaskmenState", "Options", "legal_plays"]
