"""Clients of the fault bench that outlive their server, as a browser does: on a lost socket they
reconnect (to any of the daphne processes) with `hello {since}`, and a player resends its
in-flight `act` with the same cid (docs/protocol.md). Both keep the view they were sent, patched
frame by frame, so the end of a run can compare it with the server's.

`Player` (a seat, on `websockets`) chooses moves and waits for answers. `Spectator` is the live
bench's lean `Watcher` (a hand-rolled RFC 6455 client) that also keeps its view: spectators of
one game receive the same patch texts, so their views live in a shared `ViewStore` keyed by a
digest of (view before, patch text) — each distinct step is applied once, and each spectator's
view is still exactly what its own frames build.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections import Counter
from typing import Any, Callable

from bench.live import Watcher
from engine.kernel.canonical import canonical_json
from engine.kernel.diff import apply_patch

RECONNECT_DELAYS = (0.05, 0.2, 0.5, 1.0)   # seconds between attempts, the last repeated


def _digest(*parts: bytes) -> bytes:
    return hashlib.blake2b(b"\0".join(parts), digest_size=16).digest()


class ViewStore:
    """Views by digest, with a count of the clients holding each (freed at zero)."""

    def __init__(self) -> None:
        self.views: dict[bytes, dict[str, Any]] = {}
        self.holders: Counter = Counter()

    def full(self, old: bytes | None, view: dict[str, Any]) -> bytes:
        """A whole view arrived (welcome or snapshot), keyed by its content: the frames around
        it (presence, chat) differ from one spectator to the next, the view does not."""
        key = _digest(b"full", canonical_json(view).encode())
        self.views.setdefault(key, view)
        return self._move(old, key)

    def step(self, old: bytes, text: bytes) -> bytes:
        """A patch frame `text` arrived for the view `old`."""
        key = _digest(old, text)
        if key not in self.views:
            self.views[key] = apply_patch(self.views[old], json.loads(text)["ops"])
        return self._move(old, key)

    def _move(self, old: bytes | None, new: bytes) -> bytes:
        self.holders[new] += 1
        if old is not None:
            self.holders[old] -= 1
            if self.holders[old] <= 0:
                del self.holders[old]
                self.views.pop(old, None)
        return new


class Spectator(Watcher):
    """An anonymous spectator that keeps its view and reconnects with `hello {since}`."""

    def __init__(self, urls: list[str], home: int, store: ViewStore, stats: Counter) -> None:
        super().__init__(urls[home])
        self.urls, self.home = urls, home
        self.store, self.stats = store, stats
        self.key: bytes | None = None
        self.lost: asyncio.Event | None = None
        self.closing = False
        self.keeper: asyncio.Task | None = None

    @property
    def view(self) -> dict[str, Any] | None:
        return self.store.views.get(self.key) if self.key is not None else None

    @property
    def connected(self) -> bool:
        return self.lost is not None and not self.lost.is_set() and self.welcome is not None \
            and self.welcome.done() and not self.welcome.exception()

    def hello_frame(self) -> bytes:
        if self.key is not None and self.v >= 0:
            return json.dumps({"type": "hello", "since": self.v}).encode()
        return b'{"type":"hello"}'

    async def start(self) -> None:
        try:
            await self._connect()
        except Exception:  # noqa: BLE001 — its process is down (killed): the keeper retries
            assert self.lost is not None
            self.lost.set()
        self.keeper = asyncio.get_running_loop().create_task(self._keep())

    async def _connect(self) -> None:
        self.buffer = bytearray()
        self.upgraded = False
        self.lost = asyncio.Event()
        await self.open()

    async def _keep(self) -> None:
        """Reconnect whenever the socket is lost, to its own process first, then the others."""
        attempt = 0
        while not self.closing:
            assert self.lost is not None
            await self.lost.wait()
            if self.closing:
                return
            await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)]
                                * (0.5 + random.random()))
            self.url = self.urls[(self.home + attempt) % len(self.urls)]
            try:
                await self._connect()
                self.stats["spectator_reconnects"] += 1
                attempt = 0
            except Exception:  # noqa: BLE001 — the process is still down: try again
                attempt += 1
                if self.lost is not None:
                    self.lost.set()

    def _text(self, payload: bytes) -> None:
        if payload.startswith(self.PATCH):
            v = int(payload[len(self.PATCH):payload.index(b",", len(self.PATCH))])
            if v <= self.v:
                return
            if v != self.v + 1 or self.key is None:
                self.stats["gaps_seen"] += 1
                self._send(0x1, json.dumps({"type": "sync", "since": self.v}).encode())
                return
            self.key = self.store.step(self.key, payload)
            self.reached(v, len(payload))
        elif payload.startswith((b'{"type":"welcome"', b'{"type":"snapshot"')):
            frame = json.loads(payload)
            if not frame.get("resume"):
                self.key = self.store.full(self.key, frame["view"])
            self.v = frame["v"]
            if self.welcome is not None and not self.welcome.done():
                self.welcome.set_result(True)
        elif payload.startswith(b'{"type":"error"'):
            self.stats[f"spectator_error:{json.loads(payload).get('code')}"] += 1

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.lost is not None:
            self.lost.set()

    async def close(self) -> None:
        self.closing = True
        if self.lost is not None:
            self.lost.set()
        if self.keeper is not None:
            self.keeper.cancel()
        await super().close()


class Player:
    """One seat's client: keeps its view, answers `act`/`options` requests, survives kills."""

    def __init__(self, urls: list[str], home: int, game_id: int, seat: str, token: str,
                 stats: Counter, on_change: Callable[[], None]) -> None:
        self.urls, self.home, self.game_id = urls, home, game_id
        self.seat, self.token, self.stats, self.on_change = seat, token, stats, on_change
        self.v = -1
        self.view: dict[str, Any] | None = None
        self.audience: str | None = None
        self.ws: Any = None
        self.ready = asyncio.Event()          # welcomed on the current socket
        self.pending: dict[str, asyncio.Future] = {}
        self.closing = False
        self.runner: asyncio.Task | None = None

    @property
    def connected(self) -> bool:
        return self.ready.is_set()

    async def start(self) -> None:
        self.runner = asyncio.get_running_loop().create_task(self._run())
        await asyncio.wait_for(self.ready.wait(), 60)

    async def _run(self) -> None:
        from websockets.asyncio.client import connect
        attempt = 0
        while not self.closing:
            url = f"{self.urls[(self.home + attempt) % len(self.urls)]}/ws/games/{self.game_id}/"
            try:
                async with connect(url, origin="http://127.0.0.1", max_size=2 ** 24,
                                   open_timeout=10, ping_interval=None,
                                   compression=None) as ws:
                    self.ws = ws
                    hello: dict[str, Any] = {"type": "hello", "token": self.token}
                    if self.view is not None:
                        hello["since"] = self.v
                    await ws.send(json.dumps(hello))
                    if self.view is not None:
                        self.stats["player_reconnects"] += 1
                    attempt = 0
                    async for text in ws:
                        self._frame(json.loads(text))
                    if not self.closing:
                        self.stats[f"player_closed_by_server:{ws.close_code}"] += 1
            except Exception:  # noqa: BLE001 — refused, reset, killed: reconnect
                attempt += 1
            self.ready.clear()
            self._fail_pending()
            if not self.closing:
                await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])

    def _fail_pending(self) -> None:
        for future in self.pending.values():
            if not future.done():
                future.set_result(None)   # None: the socket went away before the answer
        self.pending.clear()

    def _frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind in ("welcome", "snapshot"):
            if not frame.get("resume"):
                self.view = frame["view"]
            self.v = frame["v"]
            if kind == "welcome":
                self.audience = frame["audience"]
                self.ready.set()
            self.on_change()
        elif kind == "patch":
            if frame["v"] <= self.v:
                return
            if frame["v"] != self.v + 1:
                self.stats["gaps_seen"] += 1
                asyncio.ensure_future(self.send({"type": "sync", "since": self.v}))
                return
            self.view = apply_patch(self.view, frame["ops"])
            self.v = frame["v"]
            self.on_change()
        elif kind in ("ack", "reject"):
            self._answer(f"cid:{frame.get('cid')}", frame)
        elif kind == "options":
            self._answer("options", frame)
        elif kind == "error":
            self.stats[f"player_error:{frame.get('code')}"] += 1
            self._answer("options" if frame.get("ref") == "options" else "", frame)

    def _answer(self, key: str, frame: dict[str, Any]) -> None:
        future = self.pending.pop(key, None)
        if future is not None and not future.done():
            future.set_result(frame)

    async def send(self, frame: dict[str, Any]) -> None:
        try:
            await self.ws.send(json.dumps(frame))
        except Exception:  # noqa: BLE001 — the socket died: the runner reconnects
            pass

    async def request(self, key: str, frame: dict[str, Any], timeout: float = 60.0
                      ) -> dict[str, Any]:
        """Send `frame` and wait for its answer; across a lost socket, send it again on the
        next one (an `act` keeps its cid, so the server answers it once)."""
        async def attempt() -> dict[str, Any]:
            sent = 0
            while True:
                await self.ready.wait()
                future = asyncio.get_running_loop().create_future()
                self.pending[key] = future
                if sent:
                    self.stats[f"resent_{frame['type']}"] += 1
                sent += 1
                await self.send(frame)
                answer = await future
                if answer is not None:
                    return answer
        return await asyncio.wait_for(attempt(), timeout)

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            await self.ws.close()
        if self.runner is not None:
            try:
                await asyncio.wait_for(self.runner, 5)
            except Exception:  # noqa: BLE001
                self.runner.cancel()
