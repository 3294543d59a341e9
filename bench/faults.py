"""`python -m bench faults [--scenario kill|redis|burst|fuzz|all] [--quick]`: the service under
faults, measured against services of its own (bench/faultenv.py: an initdb'd PostgreSQL with
max_connections=40, a redis-server, two daphne processes per scenario, all stopped by PID).

- kill: scripted games of BoP "Before the Leaves Fall" and of the toy ruleset (hidden hands),
  players spread over both processes, S spectators per game, one daphne SIGKILLed every K
  seconds and restarted; clients reconnect with `hello {since}` and resend their in-flight cid.
  Then: acknowledged actions missing from the records, cids recorded twice or never sent, and
  every client's final view against the server's view of its audience.
- redis: Redis SIGKILLed mid-game, moves go on for a while, Redis restarted: how long until
  every client holds the server's view again (without any client asking for a sync).
- burst: 500 concurrent anonymous GETs of a public game (bench/faultburst.py).
- fuzz: hostile websocket frames over many sockets (bench/faultfuzz.py).

A figure that shows a defect is a result, not a failure: the bench prints what the code does.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from typing import Any

from bench.faultenv import Server, Services, exit_on_signals, tracebacks
from bench.faultplay import (
    BOP,
    TOY,
    Budget,
    Ledger,
    Table,
    audit,
    converge,
    make_seating,
    start_table,
)
from tests.live import helpers

SCENARIOS = ("kill", "redis", "burst", "fuzz")
DEFAULTS = {"actions": 10_000, "spectators": 50, "kill_every": 10.0, "outage": 5.0,
            "burst": 500, "frames": 10_000}
QUICK = {"actions": 300, "spectators": 4, "kill_every": 2.0, "outage": 2.0, "burst": 100,
         "frames": 600}


def _setup_django(services: Services) -> None:
    os.environ.update(services.env())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    import django
    django.setup()
    from django.conf import settings
    # Only this process creates users; their passwords are never checked (tokens are).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


async def _new_table(kind: tuple, seating: dict[str, Any], urls: list[str], spectators: int,
                     ledger: Ledger, index: int) -> Table:
    fixture = await helpers.db(start_table, kind, seating)
    table = Table(fixture, urls, spectators, ledger, index)
    await table.open()
    return table


def _diverged(results: list[dict[str, Any]]) -> int:
    return sum(r["behind"] + r["mismatched"] for r in results)


async def kill_scenario(servers: list[Server], actions: int, spectators: int,
                        every: float) -> dict[str, Any]:
    urls = [s.url for s in servers]
    ledger, budget = Ledger(), Budget(actions)
    results: list[dict[str, Any]] = []
    game_ids: list[int] = []
    kills = 0

    async def killer() -> None:
        nonlocal kills
        for n in itertools.count():
            await asyncio.sleep(every)
            server = servers[n % len(servers)]
            server.kill()
            kills += 1
            await server.restarted()

    async def slot(kind: tuple, index: int) -> None:
        seating = await helpers.db(make_seating, kind[0], kind[1], f"k{index}")
        while budget.left > 0:
            table = await _new_table(kind, seating, urls, spectators, ledger, index)
            game_ids.append(table.game_id)
            try:
                await table.play(budget)
                results.append(await converge(table, 60))
            finally:
                await table.close()

    start = time.monotonic()
    killing = asyncio.get_running_loop().create_task(killer())
    try:
        await asyncio.gather(slot(TOY, 0), slot(BOP, 1))
    finally:
        if killing.done() and killing.exception() is not None:
            raise RuntimeError("a killed daphne did not come back") from killing.exception()
        killing.cancel()
    elapsed = time.monotonic() - start
    checks = await helpers.db(audit, ledger, game_ids)
    return {
        "actions_acked": checks["acked"], "by_ruleset": dict(ledger.by_ruleset),
        "games": len(game_ids), "kills": kills, "kill_every_s": every,
        "spectators_per_game": spectators, "seconds": round(elapsed, 1),
        "acked_lost": checks["acked_lost"],
        "duplicated": checks["cid_recorded_twice"] + checks["recorded_unsent"],
        "seq_gaps": checks["seq_gaps"],
        "clients_checked": sum(r["clients"] for r in results),
        "clients_diverged": _diverged(results),
        "converge_max_s": max((r["seconds"] for r in results), default=None),
        "client_events": dict(sorted(ledger.stats.items())),
        "daphne_tracebacks": tracebacks(servers),
    }


async def redis_scenario(services: Services, servers: list[Server], spectators: int,
                         outage: float) -> dict[str, Any]:
    urls = [s.url for s in servers]
    ledger = Ledger()
    tables = []
    for index, kind in enumerate((TOY, BOP)):
        seating = await helpers.db(make_seating, kind[0], kind[1], f"r{index}")
        tables.append(await _new_table(kind, seating, urls, spectators, ledger, index))
    try:
        await asyncio.gather(*(t.play(Budget(4)) for t in tables))
        # The outage starts from a settled game: every player current, so moves can go on.
        await asyncio.gather(*(converge(t, 30) for t in tables))
        before = len(ledger.acked)
        services.redis.stop()
        until = time.monotonic() + outage
        # Players whose process does not hear the move wait for it: no sync asked.
        await asyncio.gather(*(t.play(Budget(10 ** 6), settle=0.5, sync_stalled=False,
                                      until=until) for t in tables))
        during = len(ledger.acked) - before
        services.redis.start()
        restarted = time.monotonic()
        results = await asyncio.gather(*(converge(t, 60) for t in tables))
        converged = time.monotonic() - restarted
        await asyncio.gather(*(t.play(Budget(4)) for t in tables))
        after = await asyncio.gather(*(converge(t, 30) for t in tables))
    finally:
        await asyncio.gather(*(t.close() for t in tables))
    checks = await helpers.db(audit, ledger, [t.game_id for t in tables])
    return {
        "outage_s": outage, "actions_during_outage": during,
        "converge_after_restart_s": round(converged, 2) if not _diverged(results) else None,
        "clients": sum(r["clients"] for r in results),
        "clients_diverged": _diverged(results),
        "clients_diverged_after_next_moves": _diverged(after),
        "acked_lost": checks["acked_lost"],
        "duplicated": checks["cid_recorded_twice"] + checks["recorded_unsent"],
        "client_events": dict(sorted(ledger.stats.items())),
        "daphne_tracebacks": tracebacks(servers),
    }


def _in_fresh_daphnes(services: Services, scenario: Any) -> Any:
    """Each scenario gets two new daphne processes (a burst's held connections or a fuzzed
    process's leaks must not colour the next scenario)."""
    servers = services.start_daphnes(2)
    try:
        return asyncio.run(scenario(servers))
    finally:
        services.stop_daphnes()


def run(scenario: str = "all", quick: bool = False, **overrides: Any) -> dict[str, Any]:
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    exit_on_signals()
    knobs = dict(QUICK if quick else DEFAULTS)
    knobs.update({k: v for k, v in overrides.items() if v is not None})
    chosen = SCENARIOS if scenario == "all" else (scenario,)
    figures: dict[str, Any] = {"settings": knobs}
    with Services() as services:
        _setup_django(services)
        if "kill" in chosen:
            figures["kill"] = _in_fresh_daphnes(services, lambda servers: kill_scenario(
                servers, knobs["actions"], knobs["spectators"], knobs["kill_every"]))
        if "redis" in chosen:
            figures["redis"] = _in_fresh_daphnes(services, lambda servers: redis_scenario(
                services, servers, knobs["spectators"], knobs["outage"]))
        if "fuzz" in chosen:
            from bench import faultfuzz
            figures["fuzz"] = _in_fresh_daphnes(services, lambda servers: faultfuzz.run(
                services, servers, knobs["frames"]))
        if "burst" in chosen:
            from bench import faultburst
            figures["burst"] = _in_fresh_daphnes(services, lambda servers: faultburst.run(
                services, servers, knobs["burst"]))
    figures["machine"] = {"cpus": os.cpu_count(), "load_average_1min": os.getloadavg()[0]}
    return figures
