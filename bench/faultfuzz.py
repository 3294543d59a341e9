"""The fuzz scenario: hostile frames over many game sockets — players of a real toy game and a
real BoP game (their garbage aimed at the decisions open to them) and anonymous spectators —
spread over both daphne processes. Every frame a browser could never send: NUL characters,
lone surrogates, deep nesting, fields of the wrong type, huge numbers, non-JSON, binary,
oversized, and malformed answers to real decisions. Resign and draw are left out (they would
end the games the garbage is aimed at).

Counted: `server/error` frames, sockets closed 1011, tracebacks in the daphnes' logs (all
must be 0), and — once every socket is closed — the places left taken: members of the
socket-cap sets in Redis and the spectators/seats the presence still counts (must be 0).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from collections import Counter
from typing import Any

from bench.faultenv import Server, Services, tracebacks
from bench.faultplay import BOP, TOY, Budget, Ledger, Table, make_seating, start_table
from tests.live import helpers

FRAMES_PER_SOCKET = 25
SOCKETS_AT_ONCE = 16
SETTLE_SECONDS = 15.0
JUNK: list[Any] = [None, True, 0, -1, 2 ** 63, 10 ** 40, 1.5, "", "\x00", "\ud800", "a" * 300,
                   [], {}, [None], {"": None}, [[[]]], "red\x00", "\udfff\ud800"]


class Fuzzer:
    """Hostile frames from a seeded random stream (the same seed, the same frames)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.last = "hello"

    def junk(self) -> Any:
        return self.rng.choice(JUNK)

    def text(self, frame: Any) -> str:
        # ensure_ascii: a lone surrogate travels as its \\u escape (valid UTF-8 on the wire).
        return json.dumps(frame, allow_nan=True)

    def nested(self, depth: int) -> str:
        return "[" * depth + "]" * depth

    def hello(self, token: str | None) -> str | bytes:
        pick = self.rng.randrange(6)
        if pick == 0:
            return self.text({"type": "hello", "token": (token or "x") + "\x00"})
        if pick == 1:
            return self.text({"type": "hello", "token": "\ud800", "since": 3})
        if pick == 2:
            return self.text({"type": "hello", "since": self.rng.choice(
                [-1, 10 ** 30, "7", 1.5, [], 2 ** 63]), **({"token": token} if token else {})})
        if pick == 3:
            return self.text({"type": "hello", "invite": "\x00" * 40, "protocol": self.junk()})
        if pick == 4:
            return '{"type":"hello","since":' + "9" * 5000 + "}"
        return self.text({"type": "hello", "token": self.junk()})

    def frame(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        """One hostile frame; `seat` and `view` aim it at the decisions open to the socket."""
        makers = [self._raw, self._nul, self._surrogate, self._deep, self._wrong_type,
                  self._huge, self._garbage_action, self._garbage_action, self._protocol]
        maker = self.rng.choice(makers)
        self.last = maker.__name__.strip("_")
        return maker(seat, view)

    def _decision(self, seat: str | None, view: dict[str, Any] | None) -> tuple[str, Any]:
        """A real open decision of `seat` and one of its legal answers (listed in the view,
        or from the server's `options`, kept in view["legal"]), or made-up ones."""
        mine = [d for d in (view or {}).get("decisions", {}).values()
                if seat is not None and seat in d["seats"]]
        if not mine:
            return self.rng.choice(["r1-bid-red", "x", "setup-germany"]), {}
        decision = self.rng.choice(mine)
        options = decision.get("options") or (view or {}).get("legal", {}).get(
            decision["id"]) or [{}]
        return decision["id"], self.rng.choice(options)

    def _raw(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        return self.rng.choice([
            "", "not json", "[1,2,3]", "null", '{"type": "act", "cid": "\x00"}',
            '{"type":"ping","t":1e400}', '{"type":"ping","t":NaN}', b"\x00\xff binary",
            "x" * 70_000, '{"type":' + '"a"' * 10 + "}", "\ufeff{}", '{"type":"ping"' * 50])

    def _nul(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        return self.text(self.rng.choice([
            {"type": "act", "cid": "c\x00", "seat": seat or "red", "decision": decision,
             "action": action},
            {"type": "act", "cid": f"n{self.rng.random()}", "seat": f"{seat}\x00",
             "decision": decision, "action": action},
            {"type": "options", "decision": decision + "\x00", "seat": seat or "red"},
            {"type": "options", "decision": decision, "seat": "\x00"},
            {"type": "chat", "channel": "table\x00", "text": "hi"},
            {"type": "chat", "channel": "table", "text": "a\x00b"},
            {"type": "undo", "cid": "\x00", "seat": seat or "red"}]))

    def _surrogate(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        return self.text(self.rng.choice([
            {"type": "chat", "channel": "table", "text": "\ud800"},
            {"type": "chat", "channel": "spectators", "text": "x\udfffy"},
            {"type": "act", "cid": "\ud800", "seat": seat or "red", "decision": decision,
             "action": action},
            {"type": "act", "cid": f"s{self.rng.random()}", "seat": seat or "red",
             "decision": decision, "action": {"to": "\ud800", "units": ["\udfff"]}},
            {"type": "options", "decision": "\ud800", "query": {"\ud800": 1}}]))

    def _deep(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, _ = self._decision(seat, view)
        depth = self.rng.choice([100, 1000, 5000, 20000])
        head = self.rng.choice([
            f'{{"type":"act","cid":"d{self.rng.random()}","seat":"{seat or "red"}",'
            f'"decision":"{decision}","action":',
            f'{{"type":"options","decision":"{decision}","query":{{"q":',
            '{"type":"ping","t":'])
        tail = "}}" if '"query"' in head else "}"
        return head + self.nested(depth) + tail

    def _wrong_type(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        frame = self.rng.choice([
            {"type": "act", "cid": "w", "seat": seat, "decision": decision, "action": action},
            {"type": "options", "decision": decision, "seat": seat, "query": None, "ref": 1},
            {"type": "undo", "cid": "w", "seat": seat}, {"type": "sync", "since": 0},
            {"type": "chat", "channel": "table", "text": "x"}, {"type": "pause", "pause": False},
            {"type": "ping", "t": 1}])
        field = self.rng.choice(list(frame))
        frame[field] = self.junk()
        return self.text(frame)

    def _huge(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, _ = self._decision(seat, view)
        number = self.rng.choice(["1e400", "-1e400", "9" * 4000, str(2 ** 64), "-0", "1e-400"])
        return self.rng.choice([
            f'{{"type":"sync","since":{number}}}', f'{{"type":"ping","t":{number}}}',
            f'{{"type":"options","decision":"{decision}","ref":{number}}}',
            f'{{"type":"act","cid":"h{self.rng.random()}","seat":"{seat or "red"}",'
            f'"decision":"{decision}","action":{{"to":{number},"units":[{number}]}}}}'])

    def _garbage_action(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        decision, action = self._decision(seat, view)
        garbage = self._mutate(action)
        return self.text({"type": "act", "cid": f"g{self.rng.random()}",
                          "seat": seat or "red", "decision": decision, "action": garbage})

    def _mutate(self, action: Any) -> Any:
        """A legal-looking answer with one part replaced by junk, or a shape of its own."""
        if isinstance(action, dict) and action and self.rng.random() < 0.6:
            out = dict(action)
            key = self.rng.choice(list(out))
            out[key] = self.rng.choice([self.junk(), [self.junk()], {"x": self.junk()},
                                        [out[key], out[key]], [], [None]])
            return out
        return self.rng.choice([
            self.junk(), {"units": [None, 1], "to": []}, {"units": ["x"], "to": [[]]},
            {"to": {"q": 1}}, {"bid": [1]}, {"choice": {}}, [action], {"": action},
            {"units": list(range(200)), "to": "0,0"}])

    def _protocol(self, seat: str | None, view: dict[str, Any] | None) -> str | bytes:
        return self.text(self.rng.choice([
            {"type": "hello"}, {"type": "nope"}, {}, {"type": None},
            {"type": "sync", "since": -5}, {"type": "sync", "since": 10 ** 9},
            {"type": "undo", "cid": "u", "seat": "nobody"},
            {"type": "options", "decision": "nope", "seat": "red"},
            {"type": "chat", "channel": "side:nowhere", "text": "x"},
            {"type": "pause", "pause": True}, {"type": "pause", "pause": False}]))


class Tally:
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
    pong = asyncio.get_running_loop().create_future()
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
    schema = [d["id"] for d in (view or {}).get("decisions", {}).values()
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
                            for d in (p.view or {}).get("decisions", {}).values()})
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
