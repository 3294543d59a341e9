"""The burst scenario: N concurrent anonymous `GET /api/games/{id}/` of a public game, spread
over the daphne processes (as a proxy would), while a thread polls `pg_stat_activity` of the
bench's own PostgreSQL (max_connections=40) and a separate client keeps asking for the same
page. Figures: the peak of PostgreSQL connections, the answers by status (5xx and refused
connections counted apart), latencies, whether the separate client was served while the
burst was in flight, and how many connections are still open a few seconds later (daphne
runs with CONN_MAX_AGE=600, as docs/deploy.md recommends).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from typing import Any

from bench.faultenv import DATABASE, MAX_CONNECTIONS, Server, Services, tracebacks
from bench.faultplay import TOY, make_seating, start_table
from bench.live import _percentile
from tests.live import helpers

LINGER_SECONDS = 5.0


async def get(port: int, path: str, timeout: float = 60.0) -> tuple[int | None, float]:
    """One HTTP/1.1 GET on a fresh connection: (status, seconds); status None if the
    connection failed or timed out."""
    start = time.perf_counter()

    async def exchange() -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json"
                         "\r\nConnection: close\r\n\r\n".encode())
            status = int((await reader.readline()).split()[1])
            await reader.read()
            return status
        finally:
            writer.close()
    try:
        status: int | None = await asyncio.wait_for(exchange(), timeout)
    except (OSError, ValueError, IndexError, asyncio.TimeoutError):
        status = None
    return status, time.perf_counter() - start


class ConnectionWatch(threading.Thread):
    """Polls the number of client backends of the bench database (its own one excluded)."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.peak = 0
        self.now = 0
        self.failures = 0
        self.stopping = threading.Event()
        self.started_up = threading.Event()

    def run(self) -> None:
        import psycopg
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                             dbname="postgres", autocommit=True) as conn:
            self.started_up.set()
            while not self.stopping.is_set():
                try:
                    self.now = conn.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                        "AND pid <> pg_backend_pid()", (DATABASE,)).fetchone()[0]
                    self.peak = max(self.peak, self.now)
                except psycopg.Error:
                    self.failures += 1
                time.sleep(0.02)


async def _separate_client(port: int, path: str, stop: asyncio.Event,
                           seen: list[tuple[float, int | None, float]]) -> None:
    while not stop.is_set():
        status, seconds = await get(port, path)
        seen.append((time.perf_counter(), status, seconds))
        await asyncio.sleep(0.1)


async def run(services: Services, servers: list[Server], requests: int) -> dict[str, Any]:
    seating = await helpers.db(make_seating, TOY[0], TOY[1], "burst")
    fixture = await helpers.db(start_table, TOY, seating)
    path = f"/api/games/{fixture['game']}/"
    ports = [s.port for s in servers]
    for port in ports:      # warm: imports and the first query of each process
        await get(port, path)
    watch = ConnectionWatch(services.postgres.port)
    watch.start()
    await asyncio.to_thread(watch.started_up.wait, 10)
    await asyncio.sleep(0.2)
    before = watch.now
    stop, seen = asyncio.Event(), []
    separate = asyncio.get_running_loop().create_task(
        _separate_client(ports[0], path, stop, seen))
    await asyncio.sleep(0.3)
    start = time.perf_counter()
    answers = await asyncio.gather(*(get(ports[i % len(ports)], path) for i in range(requests)))
    end = time.perf_counter()
    stop.set()
    await separate
    await asyncio.sleep(LINGER_SECONDS)
    lingering = watch.now
    watch.stopping.set()
    statuses = Counter(str(status) if status is not None else "no_answer" for status, _ in answers)
    during = [(status, seconds) for at, status, seconds in seen if start <= at <= end]
    return {
        "requests": requests, "daphne_processes": len(servers),
        "answers": dict(sorted(statuses.items())),
        "server_errors_5xx": sum(n for s, n in statuses.items() if s.startswith("5")),
        "no_answer": statuses.get("no_answer", 0),
        "latency_ms": {"p50": _percentile([s for _, s in answers], 0.5),
                       "p99": _percentile([s for _, s in answers], 0.99)},
        "burst_seconds": round(end - start, 2),
        "pg_max_connections": MAX_CONNECTIONS, "pg_connections_before": before,
        "pg_connections_peak": watch.peak,
        f"pg_connections_{LINGER_SECONDS:g}s_after": lingering,
        "separate_client": {
            "answers_during_burst": [status for status, _ in during],
            "served_during_burst": any(status == 200 for status, _ in during),
            "worst_ms": round(max((s for _, _, s in seen), default=0) * 1000, 1)},
        "daphne_tracebacks": tracebacks(servers),
    }
