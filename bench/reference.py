"""`python -m bench reference` and `python -m bench compare`: the live loop's yardstick.

The live-play target is stated against a well-known JavaScript game server, boardgame.io, in
the same closed loop with durable storage on the same machine. The machine's speed drifts by
a third from one day to the next, so a figure of ours means little beside a figure of theirs
taken on another day. `reference` runs boardgame.io 0.50.2 (its own Server: Koa, socket.io
and the bgio-postgres adapter on the same PostgreSQL) in the loop of `bench live`: a player
moves, then waits until both players and S spectators hold the new state. `compare` runs the
two alternately, round by round, and prints each figure and the ratio of each pair.

The harness is in bench/reference/boardgameio (server.js, loop.js; npm dependencies pinned in
its package-lock.json and installed on first use with `npm ci`). It needs Node.js 18+ and npm.
Both loops use lean spectators that read only the version from each frame; the players use
each server's own client protocol. One difference we keep, because it is theirs: boardgame.io
sends the new state to the clients before it writes it to the database, while we broadcast
only after commit.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench.live import DB_URL, _free_port, _wait_listening

HARNESS = Path(__file__).resolve().parent / "reference" / "boardgameio"
REFERENCE_DB_URL = os.environ.get(
    "BENCH_REFERENCE_DATABASE_URL", DB_URL.rsplit("/", 1)[0] + "/salient_bench_bgio")


class ReferenceUnavailable(RuntimeError):
    """Node.js or npm is missing, or the harness's packages could not be installed."""


def _ensure_harness() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise ReferenceUnavailable("the reference loop needs Node.js 18+ and npm on PATH")
    if not (HARNESS / "node_modules" / "boardgame.io").is_dir():
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HARNESS,
                              capture_output=True, text=True, check=False)
        if done.returncode:
            raise ReferenceUnavailable(f"npm ci failed in {HARNESS}: {done.stderr[-500:]}")
    subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres",
                    REFERENCE_DB_URL.rsplit("/", 1)[1]], capture_output=True, check=False)


def run(spectators: int = 100, actions: int = 1000) -> dict[str, Any]:
    """One reference loop on a fresh boardgame.io server process."""
    _ensure_harness()
    port, api_port = _free_port(), _free_port()
    server = subprocess.Popen(["node", "server.js", str(port), str(api_port), REFERENCE_DB_URL],
                              cwd=HARNESS, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_listening(port)
        _wait_listening(api_port)
        # Warm up as `bench live` does, on a match of its own.
        _loop(port, api_port, 2, 20, server.pid)
        figures = _loop(port, api_port, spectators, actions, server.pid)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    figures["server"] = "boardgame.io 0.50.2, bgio-postgres 1.0.16 (PostgreSQL)"
    figures["machine"] = {"cpus": os.cpu_count(), "load_average_1min": os.getloadavg()[0]}
    return figures


def _loop(port: int, api_port: int, spectators: int, actions: int, pid: int) -> dict[str, Any]:
    done = subprocess.run(["node", "loop.js", str(port), str(api_port), str(spectators),
                           str(actions), str(pid)], cwd=HARNESS, capture_output=True,
                          text=True, timeout=600, check=False)
    if done.returncode:
        raise RuntimeError(f"the reference loop failed: {done.stderr[-1000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(rounds: int = 3, spectators: int = 100, actions: int = 1000) -> dict[str, Any]:
    """`rounds` × (reference, then ours), each with a fresh server process; the ratio of each
    pair is ours / theirs in actions per second."""
    from bench import live
    pairs = []
    for _ in range(rounds):
        theirs = run(spectators, actions)
        time.sleep(1)
        ours = live.run(1, spectators, actions, hold=0)
        pairs.append({
            "reference_actions_per_s": theirs["actions_per_s"],
            "salient_actions_per_s": ours["actions_per_s"],
            "ratio": round(ours["actions_per_s"] / theirs["actions_per_s"], 2),
            "reference_p99_ms": theirs["act_to_last_client_ms"]["p99"],
            "salient_p99_ms": ours["act_to_last_client_ms"]["p99"],
            "reference_server_cpu_ms": theirs["server_cpu_ms_per_action"],
            "salient_server_cpu_ms": ours["cpu_ms_per_action"]["daphne"],
            "load_average_1min": ours["machine"]["load_average_1min"],
        })
    return {"spectators_per_game": spectators, "actions": actions, "rounds": pairs,
            "median_ratio": round(statistics.median(p["ratio"] for p in pairs), 2)}
