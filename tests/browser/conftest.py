"""Chromium through Playwright, and a static server for the front-end modules.

Debian's Chromium (/usr/bin/chromium) is driven with the flags this machine needs; the tests
skip with a message where it is not installed (scripts/test installs it).
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SALIENT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


def pytest_runtest_setup(item):
    # Playwright's sync API keeps an event loop running in this thread; Django's ORM (the test
    # database set-up, fixtures) refuses to run under a running loop unless told it is safe.
    # It is: this thread only runs synchronous code. Only for the tests of this folder.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module. Not for the session: Playwright's sync API keeps an event
    loop running in this thread while it is open, and the Django tests that run after ours
    (pytest-django reorders by database use) must not find one."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (bash scripts/test installs it)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                              headless=True)
        yield chromium
        chromium.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def static_server():
    """Serves the repository read-only on a free loopback port."""
    handler = functools.partial(_Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def module_page(browser, static_server):
    """A blank page on the static server, ready to import front-end modules."""
    page = browser.new_page()
    page.goto(f"{static_server}/tests/browser/blank.html")
    yield page
    page.close()


# --- the whole site on a real daphne (the live-play engineer's launcher) --------------------

@pytest.fixture
def site(transactional_db):
    """Start `daphne boardgame.asgi:application` on the test database; its base URL."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://… (CI does)")
    from django.core.management import call_command
    from django.db import connection

    from tests.live.conftest import Daphne, server_env
    call_command("createcachetable", verbosity=0)
    env = server_env(connection.settings_dict["NAME"], os.environ.get("REDIS_URL"))
    env["SALIENT_EXTRA_RULESETS"] = os.environ.get("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
    # The suite signs up and logs in hundreds of users from 127.0.0.1, and the counts live in
    # the shared cache (Redis in CI) per clock hour: when the whole browser run fell inside one
    # hour, the 101st sign-up was refused and unrelated tests failed. The limits themselves
    # are tested in tests/web/test_accounts.py; here they must never bind.
    env["SALIENT_REGISTER_LIMIT"] = "100000"
    env["SALIENT_LOGIN_LIMIT"] = "100000"
    server = Daphne(env).start()
    yield f"http://127.0.0.1:{server.port}"
    server.stop()


@pytest.fixture
def new_context(browser):
    """Fresh browser contexts (separate cookies: separate users); all closed after. Any
    Content-Security-Policy violation Chromium reports in them fails the test: the policy
    (boardgame/csp.py) must never silently break a page."""
    made = []
    violations: list[str] = []

    def watch(message) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    def make(width: int = 1400, height: int = 860):
        context = browser.new_context(viewport={"width": width, "height": height})
        # The CI machine runs about 1.65x slower than a quiet one, with the engine tests beside
        # the browser's; a table's bots share the server process with the page's requests.
        context.set_default_timeout(30000 if os.environ.get("CI") else 15000)
        context.on("console", watch)
        made.append(context)
        return context
    yield make
    for context in made:
        context.close()
    assert not violations, "\n".join(violations)
