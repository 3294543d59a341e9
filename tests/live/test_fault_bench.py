"""`python -m bench faults --quick --scenario redis` end to end: the bench brings its own
PostgreSQL cluster (initdb), redis-server and daphnes, stops Redis mid-game and restarts it.
The figures must show what the product promises: nothing acknowledged lost or doubled, and
every client back on the server's view once Redis returns."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.faultenv import PG_BIN

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    not (PG_BIN / "initdb").exists() or shutil.which("redis-server") is None,
    reason="the fault bench starts its own cluster: needs initdb and redis-server here")]


def test_redis_outage_scenario_loses_nothing_and_every_client_converges():
    done = subprocess.run([sys.executable, "-m", "bench", "faults", "--quick", "--scenario",
                           "redis"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)["faults"]["redis"]
    assert figures["actions_during_outage"] > 0, figures
    assert figures["acked_lost"] == 0, figures
    assert figures["duplicated"] == 0, figures
    assert figures["clients_diverged"] == 0, figures
    assert figures["clients_diverged_after_next_moves"] == 0, figures
    assert figures["converge_after_restart_s"] is not None, figures
