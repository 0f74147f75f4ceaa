"""The whole suite's settings: how big the randomised tests are (tests/depth.py), and the loud
notice at the end of a run whose PostgreSQL tests were skipped for want of a server.

`--deep` (or GAMEMASTER_DEEP_TESTS=1) gives the full size: hypothesis' "deep" profile and the full
seed counts; without it the "default" profile plays a quarter of the examples. Both profiles turn
off hypothesis' per-example deadline and its too-slow health check: those time the machine, and the
suite runs on both cores at once (timing is the benchmarks' business, never the tests').
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests import depth, pg
from tests.web import browser

HYPOTHESIS_DEFAULT_EXAMPLES = 100
"""hypothesis' own max_examples: the deep size of a test that names none."""

PROFILES = {
    "gamemaster-deep": HYPOTHESIS_DEFAULT_EXAMPLES,
    "gamemaster-default": depth.reduced(HYPOTHESIS_DEFAULT_EXAMPLES),
}
for _name, _examples in PROFILES.items():
    settings.register_profile(
        _name, max_examples=_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--deep", action="store_true", default=False,
        help=f"the randomised tests at their full size (as {depth.DEEP_ENVIRONMENT}=1)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("deep"):
        os.environ[depth.DEEP_ENVIRONMENT] = "1"  # read by tests/depth.py, here and in xdist's workers
    if config.getoption("hypothesis_profile", default=None) is None:
        settings.load_profile("gamemaster-deep" if depth.deep() else "gamemaster-default")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under `--dist loadgroup` each worker names a grouped test `id@group` (pytest-xdist renames it): if
    that stops happening (a pytest or xdist upgrade), a group's costly module fixture is built on both
    workers and the suite quietly doubles its longest part, so the run stops here instead."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    lost = [item.nodeid for item in session.items if item.get_closest_marker("xdist_group") and "@" not in item.nodeid]
    if lost:
        raise pytest.UsageError(f"pytest-xdist's test groups no longer take effect (e.g. {lost[0]}): see pyproject")


@pytest.fixture(autouse=True)
def _web_pictures_in_the_tests_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web record's drawn pictures go to a temporary folder, not the checkout's data/cache/web."""
    monkeypatch.setattr("bot.web.pictures.CACHE_DIR", tmp_path_factory.getbasetemp() / "web-cache")


def pytest_report_header(config: pytest.Config) -> str:
    size = "deep (full size)" if depth.deep() else f"default (1/{depth.SCALE} of the full size; --deep for all)"
    return f"randomised tests: {size}, hypothesis max_examples={settings.default.max_examples}"


_postgres_skips: list[str] = []
"""Reasons of PostgreSQL tests skipped for want of a server. Gathered from the reports, which reach
this process from xdist's workers too (a worker's own terminal summary is never shown)."""
_browser_skips: list[str] = []
"""The same for the web record's browser tests skipped for want of a browser (tests/web/browser.py)."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if pg.SKIPPED in reason:
            _postgres_skips.append(reason.removeprefix("Skipped: "))
        elif browser.SKIPPED in reason:
            _browser_skips.append(reason.removeprefix("Skipped: "))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _postgres_skips:
        terminalreporter.write_sep("!", f"{len(_postgres_skips)} PostgreSQL tests SKIPPED", red=True, bold=True)
        terminalreporter.write_line(_postgres_skips[0], red=True)
    if _browser_skips:
        terminalreporter.write_sep("!", f"{len(_browser_skips)} browser tests SKIPPED", red=True, bold=True)
        terminalreporter.write_line(_browser_skips[0], red=True)
