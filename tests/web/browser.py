"""The browser the web record's tests drive: the machine's own Chromium (Debian's `chromium` package, or
CHROMIUM_PATH), through playwright's Python API with `executable_path` — never `playwright install`, whose
downloads this machine does not allow. Where none can be had the tests are skipped with the reason, and the
end of the run says so (tests/conftest.py)."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

SKIPPED = "no browser for the web record's tests"
"""How a browser test skipped for want of a browser begins its reason (the run's summary looks for it)."""
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Unavailable(Exception):
    """No browser can be driven here: why, in one line."""


def chromium() -> str:
    """The path of a Chromium to drive, or Unavailable saying why there is none."""
    if importlib.util.find_spec("playwright") is None:
        raise Unavailable("the playwright package is not installed (python3 dev.py test installs the test extras)")
    given = os.environ.get("CHROMIUM_PATH")
    for candidate in ([given] if given else []) + list(CANDIDATES) + [shutil.which("chromium") or ""]:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise Unavailable("no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)")
