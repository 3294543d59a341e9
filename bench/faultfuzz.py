"""The fuzz scenario: hostile frames over many game sockets — players of a real toy game and a
real BoP game (their garbage aimed at the decisions open to them) and anonymous spectators —
spread over both daphne processes. The frames (bench/fuzzframes.py) are
what a browser could never send; resign and draw are left out (they would end the games the
garbage is aimed at). Each socket sends one hostile frame at a time and waits for a ping
behind it, so a crash is pinned to the frame that caused it.

Counted: `server/error` frames, sockets closed 1011, tracebacks in the daphnes' logs (all
must be 0), and — once every socket is closed — the places left taken: members of the
socket-cap sets in Redis and the spectators/seats the presence still counts (must be 0).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import Counter
from typing import Any

from bench.decisions import open_decisions
from bench.faultenv import Server, Services, tracebacks
from bench.faultplay import BOP, TOY, Budget, Ledger, Table, make_seating, start_table
from bench.fuzzframes import Fuzzer
from tests.live import helpers

FRAMES_PER_SOCKET = 25
SOCKETS_AT_ONCE = 16
SETTLE_SECONDS = 15.0      # how long closed sockets get to give their places back


class Tally:
    """What the fuzzing sockets sent, received and how they ended."""

    def __init__(self) -> None:
        self.frames = 0
        self.reserved = 0           # frames sent or promised to a socket still sending
        self.sockets = 0
        self.received: Counter = Counter()
        self.closes: Counter = Counter()
        self.crashed_by: Counter = Counter()     # the kind of frame last sent before a 1011


async def _fuzz_socket(url: str, token: str | None, seat: str | None, fuzzer: Fuzzer,
                       frames: int, tally: Tally) -> int:
    """One socket: a hello (now and then a hostile one), `frames` hostile frames, then a
    ping whose pong says every frame was handled, then a normal close. Returns the
    hostile frames sent (fewer than `frames` when the server closed the socket first)."""
    from websockets.asyncio.client import connect
    tally.sockets += 1
    sent = 0
    view: dict[str, Any] | None = None
    try:
        ws = await connect(url, origin="http://127.0.0.1", max_size=2 ** 24, open_timeout=30,
                           ping_interval=None, compression=None)
    except Exception:  # noqa: BLE001 — refused at the handshake
        tally.closes["handshake_failed"] += 1
        return 0
    async with ws:
        pongs: dict[int, asyncio.Future] = {}
        welcomed = asyncio.get_running_loop().create_future()

        async def read() -> None:
            nonlocal view
            async for text in ws:
                frame = json.loads(text)
                kind = frame.get("type")
                tally.received[f"{kind}:{frame.get('code')}" if "code" in frame else kind] += 1
                if kind == "welcome":
                    view = frame.get("view")
                if not welcomed.done() and kind in ("welcome", "error"):
                    welcomed.set_result(kind == "welcome")
                if kind == "pong" and frame.get("t") in pongs:
                    pongs.pop(frame["t"]).set_result(True)
                if kind == "options" and view is not None and frame.get("ref") in pongs:
                    view.setdefault("legal", {})[frame["decision"]] = [
                        item["action"] for item in frame["items"]]
                    pongs.pop(frame["ref"]).set_result(True)

        async def handled(n: int) -> None:
            """Answers come in order: once ping n is answered, every frame before it was
            handled (or the socket is gone)."""
            pongs[n] = asyncio.get_running_loop().create_future()
            await ws.send(json.dumps({"type": "ping", "t": n}))
            await asyncio.wait({pongs[n], reader}, timeout=15,
                               return_when=asyncio.FIRST_COMPLETED)
        reader = asyncio.get_running_loop().create_task(read())
        hostile_hello = fuzzer.rng.random() < 0.15
        hello = fuzzer.hello(token) if hostile_hello else json.dumps(
            {"type": "hello", **({"token": token} if token else {})})
        try:
            await ws.send(hello)
            sent += hostile_hello
            await asyncio.wait({welcomed, reader}, timeout=15,
                               return_when=asyncio.FIRST_COMPLETED)
            ready = welcomed.done() and welcomed.result()
            if ready and seat is not None:
                await _learn_legal_answers(ws, seat, view, pongs, reader)
            while sent < frames and not reader.done():
                await ws.send(fuzzer.frame(seat, view))
                sent += 1
                if ready:   # one hostile frame at a time, so a crash is pinned to its frame
                    await handled(sent)
        except Exception:  # noqa: BLE001 — closed by the server: its close code says why
            pass
        if not reader.done():
            await asyncio.wait({reader}, timeout=0.2)
        if reader.done():
            tally.closes[str(ws.close_code)] += 1
            if ws.close_code == 1011:
                tally.crashed_by[fuzzer.last] += 1
        else:
            await ws.close()
            tally.closes["by_client"] += 1
        reader.cancel()
    tally.frames += sent
    return sent


async def _learn_legal_answers(ws: Any, seat: str, view: dict[str, Any] | None,
                               pongs: dict[Any, asyncio.Future], reader: asyncio.Task) -> None:
    """Ask the server for the legal answers of the seat's schema decisions (a BoP march's
    units and destinations), so that the garbage is a real answer with one part broken."""
    schema = [d["id"] for d in open_decisions(view)
              if seat in d["seats"] and "options" not in d][:2]
    for decision in schema:
        ref = f"legal-{decision}"
        pongs[ref] = asyncio.get_running_loop().create_future()
        await ws.send(json.dumps({"type": "options", "decision": decision, "seat": seat,
                                  "ref": ref}))
        await asyncio.wait({pongs[ref], reader}, timeout=10,
                           return_when=asyncio.FIRST_COMPLETED)
        pongs.pop(ref, None)


async def _places_left(services: Services, game_ids: list[int]) -> dict[str, int]:
    """Socket-cap members in Redis and presence counts of the fuzzed games."""
    import redis.asyncio as redis

    from boardgame.play import presence
    client = redis.Redis.from_url(services.redis.url)
    try:
        members = 0
        async for key in client.scan_iter(match="*wscap:*"):
            members += await client.zcard(key)
    finally:
        await client.aclose()
    spectators = seats = 0
    for game_id in game_ids:
        now = await helpers.db(presence.current, game_id)
        spectators += now["spectators"]
        seats += len(now["seats"])
    return {"socket_cap_members_in_redis": members, "presence_spectators": spectators,
            "presence_seats": seats}


async def _advance_to(fixture: dict[str, Any], urls: list[str], kind: str,
                     most: int = 200) -> list[str]:
    """Play the game (as the kill scenario's players do) until a decision of `kind` is open —
    a toy move, a BoP march — so that the garbage can aim at it. The kinds then open."""
    table = Table(fixture, urls, 0, Ledger(), 0)
    await table.open()
    try:
        for _ in range(most):
            kinds = sorted({d["kind"] for p in table.players.values()
                            for d in open_decisions(p.view)})
            if table.over() or kind in kinds:
                return kinds
            await table.play(Budget(1), settle=1.0)
        return kinds
    finally:
        await table.close()


async def run(services: Services, servers: list[Server], frames: int) -> dict[str, Any]:
    fixtures, aimed_at = [], {}
    for index, (kind, aim) in enumerate(((TOY, "move"), (BOP, "march"))):
        seating = await helpers.db(make_seating, kind[0], kind[1], f"z{index}")
        fixtures.append(await helpers.db(start_table, kind, seating))
        aimed_at[kind[0]] = await _advance_to(fixtures[-1], [s.url for s in servers], aim)
    # Every socket in turn: each seat of each game, then an anonymous spectator.
    who = [(f["game"], seat, token) for f in fixtures for seat, token in f["tokens"].items()]
    who += [(f["game"], None, None) for f in fixtures]
    tally = Tally()
    numbers = itertools.count()

    async def worker() -> None:
        """Socket after socket until the frames are sent (a socket the server closes early
        sends fewer than FRAMES_PER_SOCKET)."""
        while tally.reserved < frames:
            n = next(numbers)
            game_id, seat, token = who[n % len(who)]
            url = f"{servers[n % len(servers)].url}/ws/games/{game_id}/"
            quota = min(FRAMES_PER_SOCKET, frames - tally.reserved)
            tally.reserved += quota
            sent = await _fuzz_socket(url, token, seat, Fuzzer(n), quota, tally)
            tally.reserved -= quota - sent

    start = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(SOCKETS_AT_ONCE)))
    elapsed = time.monotonic() - start
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:   # places are given back after the close: give them time, then count
        left = await _places_left(services, [f["game"] for f in fixtures])
        if not any(left.values()) or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    return {
        "frames": tally.frames, "sockets": tally.sockets, "seconds": round(elapsed, 1),
        "decisions_open_at_start": aimed_at,
        "server_error_frames": tally.received.get("error:server/error", 0),
        "closed_1011": tally.closes.get("1011", 0),
        "daphne_tracebacks": tracebacks(servers),
        **left,
        "closes": dict(sorted(tally.closes.items())),
        "closed_1011_after": dict(sorted(tally.crashed_by.items())),
        "answers": dict(sorted(tally.received.items())),
    }
