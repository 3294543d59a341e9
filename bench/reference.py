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
import sys
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


def compare(rounds: int = 3, spectators: int = 100,
            lengths: tuple[int, ...] = (300, 1000, 2000), profile: bool = True) -> dict[str, Any]:
    """For each round and each run length: the reference, then ours, each on a fresh server
    process, so that both see the same drift of the machine. Per length: every pair, the
    medians, and the ratios the live goal is stated in (our actions/s over theirs; our p99
    act→last client over theirs). With `profile`, one more run of ours per length under the
    sampler gives daphne's CPU per action by layer (bench/cpuprofile.py); it is not timed."""
    from bench import live
    pairs: dict[int, list[dict[str, Any]]] = {n: [] for n in lengths}
    for _ in range(rounds):
        for n in lengths:
            theirs = run(spectators, n)
            time.sleep(1)
            ours = live.run(1, spectators, n, hold=0)
            pairs[n].append({
                "reference_actions_per_s": theirs["actions_per_s"],
                "salient_actions_per_s": ours["actions_per_s"],
                "ratio": round(ours["actions_per_s"] / theirs["actions_per_s"], 2),
                "reference_p50_ms": theirs["act_to_last_client_ms"]["p50"],
                "reference_p99_ms": theirs["act_to_last_client_ms"]["p99"],
                "salient_p50_ms": ours["act_to_last_client_ms"]["p50"],
                "salient_p99_ms": ours["act_to_last_client_ms"]["p99"],
                "salient_ack_p50_ms": ours["act_to_ack_ms"]["p50"],
                "salient_ack_p99_ms": ours["act_to_ack_ms"]["p99"],
                "reference_server_cpu_ms": theirs["server_cpu_ms_per_action"],
                "salient_server_cpu_ms": ours["cpu_ms_per_action"]["daphne"],
                "load_average_1min": ours["machine"]["load_average_1min"],
            })
    table = []
    for n in lengths:
        row: dict[str, Any] = {"actions": n, "rounds": pairs[n]}
        for key in pairs[n][0]:
            row[f"median_{key}"] = round(statistics.median(p[key] for p in pairs[n]), 2)
        row["p99_ratio"] = round(row["median_salient_p99_ms"] / row["median_reference_p99_ms"], 2)
        if profile:
            row["cpu_by_layer"] = live.run(1, spectators, n, hold=0, profile=True)["cpu_by_layer"]
        table.append(row)
    print(_markdown(table, spectators), file=sys.stderr)
    return {"spectators_per_game": spectators, "lengths": table,
            "goal": "ratio >= 3 and p99_ratio <= 0.25 at every length",
            "goal_met": all(r["median_ratio"] >= 3 and r["p99_ratio"] <= 0.25 for r in table)}


def _markdown(table: list[dict[str, Any]], spectators: int) -> str:
    """The table the README and docs/architecture.md quote (medians over the rounds)."""
    lines = [f"{spectators} spectators, medians of {len(table[0]['rounds'])} rounds",
             "| actions | boardgame.io act/s (CPU ms/act) | Salient act/s (CPU ms/act) | ratio "
             "| p99 act→last client, theirs / ours | Salient act→ack p50/p99 |",
             "|---|---|---|---|---|---|"]
    for r in table:
        lines.append(
            f"| {r['actions']:,} | {r['median_reference_actions_per_s']} "
            f"({r['median_reference_server_cpu_ms']}) | {r['median_salient_actions_per_s']} "
            f"({r['median_salient_server_cpu_ms']}) | {r['median_ratio']} "
            f"| {r['median_reference_p99_ms']} / {r['median_salient_p99_ms']} ms "
            f"| {r['median_salient_ack_p50_ms']} / {r['median_salient_ack_p99_ms']} ms |")
    for r in table:
        layers = r.get("cpu_by_layer") or {}
        if "layers" in layers:
            parts = ", ".join(f"{x['layer']} {x['ms_per_action']}" for x in layers["layers"])
            lines.append(f"- {r['actions']:,} actions, daphne CPU ms/action by layer "
                         f"({layers['cpu_ms_per_action']} in all, profiled run): {parts}")
        elif layers:
            lines.append(f"- {r['actions']:,} actions: no profile ({layers.get('error')})")
    return "\n".join(lines)
