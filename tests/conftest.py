"""Suite-wide settings and the rule that CI never skips a test needing a real service.

The kernel's test ruleset (`tests.toy.ruleset`, never shipped) is registered through the same
environment variable a deployment would use, so subprocesses (daphne, the CLI) see it too.

Tests marked `postgres` or `redis` run only when DATABASE_URL points at PostgreSQL / REDIS_URL
is set; elsewhere they skip with a message saying so. With SALIENT_REQUIRE_SERVICES=1 (CI) a
missing service is an error instead of a skip.
"""

from __future__ import annotations

import os
import uuid

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Hypothesis' "too slow" health check times data generation on the wall clock: on a machine
# shared by CI and other work it fails a property that holds (seen once at load 13). The
# properties and their example counts stay; only the timing guard is off, and no example
# database is written into the checkout.
hypothesis_settings.register_profile(
    "salient", suppress_health_check=[HealthCheck.too_slow], deadline=None, database=None)
hypothesis_settings.load_profile("salient")

os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
# Redis keys of this run (socket caps) apart from any other run's on the same Redis: user ids
# repeat between test databases. Daphne processes started by the tests inherit it.
os.environ.setdefault("SALIENT_REDIS_KEY_PREFIX", f"salient-test-{uuid.uuid4().hex[:12]}:")


def _same_redis_prefix_in_this_process() -> None:
    """pytest-django read the settings before this file set the prefix: give this process the
    prefix its daphne processes get (layer channels, cache keys, socket-cap keys), or frames
    published here would never reach them."""
    from django.conf import settings
    prefix = os.environ["SALIENT_REDIS_KEY_PREFIX"]
    settings.SALIENT_REDIS_KEY_PREFIX = prefix
    layer = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    if "prefix" in layer:
        layer["prefix"] = prefix
    if "KEY_PREFIX" in settings.CACHES["default"] and os.environ.get("REDIS_URL"):
        settings.CACHES["default"]["KEY_PREFIX"] = f"{prefix}cache"


_same_redis_prefix_in_this_process()

REQUIRED = os.environ.get("SALIENT_REQUIRE_SERVICES") == "1"


def _missing(marker: str) -> str | None:
    if marker == "postgres" and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return "needs PostgreSQL: set DATABASE_URL=postgres://… (CI does)"
    if marker == "redis" and not os.environ.get("REDIS_URL"):
        return "needs Redis: set REDIS_URL=redis://… (CI does)"
    return None


# Under pytest-xdist (`scripts/test` runs `-n 2 --dist loadgroup`): every test that starts a
# browser or daphne processes runs in one group, one at a time on one worker, as they always
# have; the engine and web tests run beside them on the other core, a file per group (a file's
# module fixtures are built once). Two browsers and two servers at once on a two-core machine
# would race their own timeouts.
SERIAL_DIRS = ("tests/browser/", "tests/live/")
# Live tests that start no server, open no socket and assert nothing about the wall clock (the
# services under a controlled clock): they run beside the engine tests, off the serial group,
# which is the suite's critical path (its browser tests alone take most of the run).
BESIDE_THE_SERIAL = ("tests/live/test_ruleset_upgrade.py", "tests/live/test_async_acceptance.py")


def _xdist_group(item) -> str:
    path = item.nodeid.split("::", 1)[0]
    return "serial" if path.startswith(SERIAL_DIRS) and path not in BESIDE_THE_SERIAL else path


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(_xdist_group(item)))
        for marker in ("postgres", "redis"):
            if item.get_closest_marker(marker) is None:
                continue
            reason = _missing(marker)
            if reason is None:
                continue
            if REQUIRED:
                raise pytest.UsageError(
                    f"{item.nodeid} {reason}, and SALIENT_REQUIRE_SERVICES=1 forbids skipping it")
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_sessionfinish(session, exitstatus):
    """Under SALIENT_REQUIRE_SERVICES=1 a service test that skipped anyway fails the run."""
    if not REQUIRED:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    offenders = [
        report.nodeid for report in reporter.stats.get("skipped", [])
        if any(word in str(report.longrepr) for word in ("PostgreSQL", "Redis"))
    ]
    if offenders:
        reporter.write_line("FAILED: tests needing PostgreSQL or Redis were skipped under "
                            f"SALIENT_REQUIRE_SERVICES=1: {offenders}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
