"""Fixtures of the live-play tests: named players, a started duel, a frame collector, and real
daphne processes (pytest-django's live server has no websockets).

`daphne_server` starts `daphne boardgame.asgi:application` on a free loopback port against the
same database as the test (the test database pytest-django created — so tests using it need
`transactional_db`, and PostgreSQL, since SQLite's test database lives in memory) and Redis
(REDIS_URL; a test may pass its own, e.g. a private redis-server it stops and starts).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from . import helpers

ROOT = Path(__file__).resolve().parents[2]
# The daphne installed beside the Python running the tests (a clone may share a virtualenv).
DAPHNE = Path(sys.executable).parent / "daphne"


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def hamlet(db):
    return helpers.make_user("hamlet")


@pytest.fixture
def othello(db):
    return helpers.make_user("othello")


@pytest.fixture
def iago(db):
    return helpers.make_user("iago")


@pytest.fixture
def duel(hamlet, othello):
    """hamlet (red, north) against othello (blue, south); hamlet hosts."""
    return helpers.start_game(hamlet, {"red": hamlet, "blue": othello})


@pytest.fixture
def nobody_on_the_page(monkeypatch):
    """Presence as the test sets it: {game id: seats with the game open} (none by default),
    so the notification fan-out's "not on the page" check does not hang on Redis."""
    from boardgame.play import presence
    seen: dict[int, list[str]] = {}
    monkeypatch.setattr(presence, "current",
                        lambda game_id: {"seats": seen.get(game_id, []), "spectators": 0})
    return seen


@pytest.fixture
def published(monkeypatch):
    """Every (group, message) the broadcast would send, JSON-round-tripped, in order."""
    from boardgame.play import broadcast
    sent: list[tuple[str, dict[str, Any]]] = []

    def collect(messages):
        sent.extend((group, helpers.roundtrip(message)) for group, message in messages)
    monkeypatch.setattr(broadcast, "send_messages", collect)
    return sent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Daphne:
    """One daphne process on a loopback port."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = Path(f"/tmp/salient-daphne-{self.port}.log")

    def start(self) -> "Daphne":
        self.proc = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), "boardgame.asgi:application"],
            cwd=ROOT, env=self.env, stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
            start_new_session=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("daphne did not start")

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
            self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM; a server still up after 10 s (seen once: a database thread still busy at
        exit) gets SIGKILL, so no test leaves a stray daphne behind, and says so."""
        try:
            self.kill(signal.SIGTERM)
        except subprocess.TimeoutExpired:
            print(f"daphne on port {self.port} ignored SIGTERM for 10 s; killed "
                  f"(log: {self.log})")
            self.kill(signal.SIGKILL)


def server_env(db_name: str, redis_url: str | None = None) -> dict[str, str]:
    """The environment of a daphne process using the test's database."""
    env = dict(os.environ)
    # The browser tests relax Django's async-safety check in this process only; a server
    # must keep it, or an ORM call from async code would go unnoticed there.
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    url = os.environ["DATABASE_URL"]
    base, _, _ = url.rpartition("/")
    env["DATABASE_URL"] = f"{base}/{db_name}"
    if redis_url is not None:
        env["REDIS_URL"] = redis_url
    env["SALIENT_IN_PROCESS_SWEEPER"] = env.get("SALIENT_IN_PROCESS_SWEEPER", "0")
    env["PYTHONPATH"] = str(ROOT)
    env["LOG_LEVEL"] = "WARNING"
    return env


@pytest.fixture
def daphne_server(transactional_db):
    """Start daphne processes: `daphne_server(redis_url=None) -> Daphne`; all stopped after."""
    from django.db import connection
    started: list[Daphne] = []

    def start(redis_url: str | None = None, **extra: str) -> Daphne:
        env = server_env(connection.settings_dict["NAME"], redis_url)
        env.update(extra)
        server = Daphne(env).start()
        started.append(server)
        return server
    yield start
    for server in started:
        server.stop()


class RedisServer:
    """A private redis-server on a free port (no persistence), to stop and start."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture
def private_redis():
    server = RedisServer()
    server.start()
    yield server
    server.stop()
