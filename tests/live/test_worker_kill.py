"""Task workers SIGKILLed while they sweep: no reminder or timeout lost or doubled, every
delivery sent and received (repeats only under their own delivery id). The scenario is
tests/live/killworkers.py; here on a fresh SQLite file (the quick start's database) and on
PostgreSQL (the test database, with Redis)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from . import killworkers
from .conftest import server_env
from .receivers import Receiver

ROOT = Path(__file__).resolve().parents[2]
GAMES = 20


def check(figures: dict) -> None:
    print(json.dumps(figures))
    assert figures["kills"] >= 5
    for key in ("reminders_lost", "reminders_doubled", "timeouts_lost", "timeouts_doubled",
                "timeouts_unexpected", "webhook_unsent", "webhook_lost",
                "webhook_foreign_ids", "email_lost"):
        assert figures[key] == 0, key
    assert figures["reminders_expected"] == 2 * GAMES
    assert figures["webhook_deliveries"] == 2 * GAMES


def test_kill_9_workers_on_sqlite(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tests.live.killworkers", "--sqlite",
                          str(tmp_path / "kill.sqlite3"), "--games", str(GAMES)],
                         cwd=ROOT, capture_output=True, text=True, timeout=400)
    assert out.returncode == 0, out.stderr[-3000:]
    check(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_kill_9_workers_on_postgresql(settings):
    from django.db import connection
    settings.SALIENT_OUTBOUND_ALLOW_LOOPBACK = True
    mail_dir = tempfile.mkdtemp(prefix="salient-mail-")
    with Receiver(delay=0.03) as receiver:
        plan = killworkers.set_up(GAMES, receiver.url)
        env = killworkers.worker_env(server_env(connection.settings_dict["NAME"]), mail_dir)
        figures = killworkers.run(plan, env)
        figures.update(killworkers.verify(plan, receiver.got, mail_dir))
    check(figures)
