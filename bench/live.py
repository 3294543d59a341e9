"""`python -m bench live --games G --spectators S --actions A`: live play end to end.

Real daphne on 127.0.0.1 with PostgreSQL and Redis; websocket clients in this one process.
Closed loop per game: a player acts, then waits until every client of that game (both players
and the S spectators) holds the new version, then acts again. Players use `websockets` and keep
their view; spectators are `Watcher`s, a hand-rolled RFC 6455 client that reads only the
version (the client process shares the machine's 2 cores with daphne, and should cost what 100
browsers on their own machines cost the server: nothing). The game is a toy duel
(tests.toy.ruleset): bids until someone must move, then move / undo / move / undo … — every
step a real versioned action through the service (row lock, record, commit, per-audience
patch, fan-out). Prints JSON: actions/s, p50/p99 act→ack and act→last client, bytes per patch
and per full view, daphne memory per connection, and a hold check of N concurrent sockets.

The database is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/salient_bench,
created and migrated if missing); Redis is REDIS_URL (default redis://127.0.0.1:6379/0). The
bench's daphne gets SALIENT_WS_RATE=100000 (the per-socket limit would otherwise throttle a
player acting hundreds of times a second) and no in-process deadline sweeper; it inherits
SALIENT_FASTPATH and SALIENT_FASTPATH_OFF, so `SALIENT_FASTPATH=0 python -m bench live` measures
the usual paths (`"fastpath": false` in the figures) and `SALIENT_FASTPATH_OFF=dispatch` one
shortcut's absence (`"fastpath_off"`).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench import cpuprofile
from bench.decisions import open_decisions

ROOT = Path(__file__).resolve().parents[1]
DB_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/salient_bench")
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` (a steadier figure than wall time on a busy
    machine: what one action costs the server, whatever else runs)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = DB_URL
    os.environ["REDIS_URL"] = REDIS_URL
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boardgame.settings")
    os.environ["SALIENT_IN_PROCESS_SWEEPER"] = "0"
    name = DB_URL.rsplit("/", 1)[1]
    subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", name],
                   capture_output=True, check=False)
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


def _make_games(games: int) -> list[dict[str, Any]]:
    import uuid

    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from boardgame.lobby import services as lobby
    from boardgame.play.models import Game
    out = []
    tag = uuid.uuid4().hex[:8]
    users = get_user_model().objects
    for g in range(games):
        red = users.create_user(f"bench-{tag}-{g}-r", None, "x")
        blue = users.create_user(f"bench-{tag}-{g}-b", None, "x")
        table = lobby.do_create_table(red, title="bench", ruleset="toy_skirmish",
                                      scenario="duel", options={"rounds": 4})
        lobby.do_claim_seat(red, table.pk, "red")
        lobby.do_claim_seat(blue, table.pk, "blue")
        lobby.do_set_ready(red, table.pk, True)
        lobby.do_set_ready(blue, table.pk, True)
        lobby.do_start_table(red, table.pk)
        game = Game.objects.get(table_id=table.pk)
        out.append({"game": game.pk, "red": Token.objects.create(user=red).key,
                    "blue": Token.objects.create(user=blue).key})
    return out


class Tracked:
    """What the loop waits on: the version a client holds, and futures for versions to come."""

    v: int
    waiters: dict[int, asyncio.Future]
    patch_bytes: list[int]

    def reached(self, v: int, size: int) -> None:
        """A patch of version `v` (`size` bytes) arrived: note it, wake whoever waits."""
        self.patch_bytes.append(size)
        self.v = v
        waiter = self.waiters.pop(v, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(time.perf_counter())

    def reach(self, v: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        if self.v >= v:
            future.set_result(time.perf_counter())
        else:
            self.waiters[v] = future
        return future


class Conn(Tracked):
    """A lean client: players keep their view (they must choose actions); spectators track
    only the version, read from the frame's prefix."""

    def __init__(self, url: str, token: str | None, keep_view: bool) -> None:
        self.url, self.token, self.keep_view = url, token, keep_view
        self.v = -1
        self.view: dict[str, Any] | None = None
        self.waiters: dict[int, asyncio.Future] = {}
        self.replies: asyncio.Queue = asyncio.Queue()
        self.patch_bytes: list[int] = []
        self.view_bytes = 0

    async def open(self) -> None:
        from websockets.asyncio.client import connect
        self.ws = await connect(self.url, origin="http://127.0.0.1", max_size=2 ** 24,
                                open_timeout=60, ping_interval=None, compression=None)
        hello: dict[str, Any] = {"type": "hello"}
        if self.token:
            hello["token"] = self.token
        await self.ws.send(json.dumps(hello))
        welcome = json.loads(await self.ws.recv())
        assert welcome["type"] == "welcome", welcome
        self.v = welcome["v"]
        self.view = welcome["view"]
        self.view_bytes = len(json.dumps(welcome["view"], separators=(",", ":")))
        if not self.keep_view:
            self.view = None
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        from engine.kernel.diff import apply_patch
        prefix = '{"type":"patch","v":'
        try:
            async for text in self.ws:
                if text.startswith(prefix):
                    if self.keep_view:
                        self.view = apply_patch(self.view, json.loads(text)["ops"])
                    self.reached(int(text[len(prefix):text.index(",", len(prefix))]), len(text))
                elif text.startswith(('{"type":"ack"', '{"type":"reject"', '{"type":"options"',
                                      '{"type":"error"')):
                    await self.replies.put((time.perf_counter(), json.loads(text)))
        except Exception:  # noqa: BLE001
            pass


    async def close(self) -> None:
        await self.ws.close()


class Watcher(Tracked, asyncio.Protocol):
    """A spectator that costs the client process as little as a spectator's browser on its own
    machine costs the server's: RFC 6455 by hand on an asyncio protocol (handshake, unmasked
    server frames, masked client frames, pong), reading only the version from each patch's
    prefix. With `websockets` the 100 spectators took most of the client process's CPU, and
    the client shares the 2 cores with daphne: the loop then measured our client, not the
    server. Same interface as Conn for the loop and the hold check."""

    PATCH = b'{"type":"patch","v":'

    def __init__(self, url: str) -> None:
        self.url = url
        self.v = -1
        self.waiters: dict[int, asyncio.Future] = {}
        self.patch_bytes: list[int] = []
        self.view_bytes = 0
        self.buffer = bytearray()
        self.upgraded = False
        self.welcome: asyncio.Future | None = None
        self.transport: asyncio.Transport | None = None

    async def open(self) -> None:
        import base64
        from urllib.parse import urlsplit
        parts = urlsplit(self.url)
        loop = asyncio.get_running_loop()
        self.welcome = loop.create_future()
        await loop.create_connection(lambda: self, parts.hostname, parts.port)
        key = base64.b64encode(os.urandom(16)).decode()
        assert self.transport is not None
        self.transport.write((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                              "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                              "Origin: http://127.0.0.1\r\n\r\n").encode())
        await asyncio.wait_for(self.welcome, 60)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def hello_frame(self) -> bytes:
        """The first frame after the upgrade (the fault bench's spectators resume with `since`)."""
        return b'{"type":"hello"}'

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        size = len(payload)
        head = bytes([0x80 | opcode]) + (bytes([0x80 | size]) if size < 126
                                         else bytes([0x80 | 126]) + size.to_bytes(2, "big"))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        assert self.transport is not None
        self.transport.write(head + mask + masked)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            if not self.buffer.startswith(b"HTTP/1.1 101"):
                self._fail(RuntimeError(bytes(self.buffer[:200]).decode(errors="replace")))
                return
            del self.buffer[:end + 4]
            self.upgraded = True
            self._send(0x1, self.hello_frame())  # not before: daphne drops early frames
        buffer = self.buffer
        while len(buffer) >= 2:
            opcode, size, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if size == 126:
                if len(buffer) < 4:
                    return
                size, start = int.from_bytes(buffer[2:4], "big"), 4
            elif size == 127:
                if len(buffer) < 10:
                    return
                size, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + size:
                return
            payload = bytes(buffer[start:start + size])
            del buffer[:start + size]
            if opcode == 0x1:
                self._text(payload)
            elif opcode == 0x9:
                self._send(0xA, payload)
            elif opcode == 0x8:
                self._fail(RuntimeError("closed by the server"))

    def _text(self, payload: bytes) -> None:
        if payload.startswith(self.PATCH):
            self.reached(int(payload[len(self.PATCH):payload.index(b",", len(self.PATCH))]),
                         len(payload))
        elif payload.startswith(b'{"type":"welcome"') and self.welcome is not None \
                and not self.welcome.done():
            welcome = json.loads(payload)
            self.v = welcome["v"]
            self.view_bytes = len(json.dumps(welcome["view"], separators=(",", ":")))
            self.welcome.set_result(True)

    def _fail(self, exc: Exception) -> None:
        if self.welcome is not None and not self.welcome.done():
            self.welcome.set_exception(exc)

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(exc or RuntimeError("connection lost"))


    async def close(self) -> None:
        if self.transport is not None:
            self._send(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()


def _next_action(red: Conn, blue: Conn, options: dict[str, Any]) -> tuple[Conn, dict[str, Any]]:
    """The next frame of the loop: a bid, a move (first option), a react, or an undo."""
    view = red.view
    undo_seat = None
    for conn, seat in ((red, "red"), (blue, "blue")):
        if conn.view["game"]["undo"] == seat:
            undo_seat = (conn, seat)
    if undo_seat is not None:
        conn, seat = undo_seat
        return conn, {"type": "undo", "seat": seat}
    for conn, seat in ((red, "red"), (blue, "blue")):
        for decision in open_decisions(conn.view):
            if seat not in decision["seats"] or seat in decision.get("answered", []):
                continue
            if decision.get("options") is not None:
                return conn, {"type": "act", "seat": seat, "decision": decision["id"],
                              "action": decision["options"][0]}
            return conn, {"type": "act", "seat": seat, "decision": decision["id"],
                          "action": options.get(decision["id"])}
    raise RuntimeError(f"no decision open: {view['flow']}")


async def _game_loop(urls: list[str], game: dict[str, Any], spectators: int, actions: int,
                     acks: list[float], lasts: list[float],
                     spectator_client: str = "lean") -> dict[str, Any]:
    """Open a game's clients, play `actions`, close them (the warm-up's whole loop)."""
    clients = await _open_clients(urls, game, spectators, spectator_client)
    figures = await _play(clients, actions, acks, lasts)
    await _close(clients)
    return figures


async def _open_clients(urls: list[str], game: dict[str, Any], spectators: int,
                        spectator_client: str = "lean") -> list[Any]:
    """Players on the first process; spectators spread over all of them in turn, as `lean`
    Watchers or as `websockets` Conns. Opened before the clock starts, as the reference loop
    does (loop.js times from after every client holds its first state)."""
    red = Conn(urls[0], game["red"], True)
    blue = Conn(urls[0], game["blue"], True)
    if spectator_client == "websockets":
        watchers: list[Any] = [Conn(urls[i % len(urls)], None, False) for i in range(spectators)]
    else:
        watchers = [Watcher(urls[i % len(urls)]) for i in range(spectators)]
    await asyncio.gather(red.open(), blue.open())
    for i in range(0, len(watchers), 50):
        await asyncio.gather(*(w.open() for w in watchers[i:i + 50]))
    return [red, blue, *watchers]


async def _play(everyone: list[Any], actions: int, acks: list[float],
                lasts: list[float]) -> dict[str, Any]:
    """The closed loop on opened clients (players first), then close them."""
    red, blue, *watchers = everyone
    options: dict[str, Any] = {}
    run_tag = os.urandom(4).hex()
    done = 0
    cid = 0
    while done < actions:
        conn, frame = _next_action(red, blue, options)
        if frame["type"] == "act" and frame["action"] is None:
            # Ask the server for the move's options once (a schema decision).
            await conn.ws.send(json.dumps({"type": "options", "decision": frame["decision"]}))
            _, reply = await asyncio.wait_for(conn.replies.get(), 30)
            options[frame["decision"]] = reply["items"][0]["action"]
            continue
        cid += 1
        frame["cid"] = f"{run_tag}-{cid}"
        target = max(c.v for c in everyone) + 1
        futures = [c.reach(target) for c in everyone]
        start = time.perf_counter()
        await conn.ws.send(json.dumps(frame))
        at, reply = await asyncio.wait_for(conn.replies.get(), 30)
        if reply["type"] != "ack":
            raise RuntimeError(f"rejected: {reply}")
        acks.append(at - start)
        try:
            reached = await asyncio.wait_for(asyncio.gather(*futures), 30)
        except asyncio.TimeoutError:
            behind = [(i, c.v) for i, c in enumerate(everyone) if c.v < target]
            raise RuntimeError(f"clients behind v{target} after 30 s: {behind[:10]} "
                               f"({len(behind)} in all), reply {reply}") from None
        lasts.append(max(reached) - start)
        done += 1
    patch_bytes = [b for w in watchers for b in w.patch_bytes] or red.patch_bytes
    view_bytes = watchers[0].view_bytes if watchers else red.view_bytes
    return {"patch_bytes": patch_bytes, "view_bytes": view_bytes}


async def _close(everyone: list[Any]) -> None:
    for c in everyone:
        await c.close()


async def _hold(url: str, game: dict[str, Any], sockets: int, pid: int) -> dict[str, Any]:
    """Open `sockets` spectators at once-ish, check each got its welcome, hold them, push one
    action and check every one of them receives it."""
    before = _rss_kib(pid)
    conns = [Watcher(url) for _ in range(sockets)]
    start = time.perf_counter()
    for i in range(0, sockets, 100):
        await asyncio.gather(*(c.open() for c in conns[i:i + 100]))
    opened = time.perf_counter() - start
    await asyncio.sleep(2)
    red = Conn(url, game["red"], True)
    blue = Conn(url, game["blue"], True)
    await asyncio.gather(red.open(), blue.open())
    conn, frame = _next_action(red, blue, {})
    frame["cid"] = "hold"
    target = red.v + 1
    futures = [c.reach(target) for c in conns]
    t0 = time.perf_counter()
    await conn.ws.send(json.dumps(frame))
    reached = await asyncio.wait_for(asyncio.gather(*futures), 60)
    fanout = max(reached) - t0
    after = _rss_kib(pid)
    held = sum(1 for c in conns if c.v >= target)
    for c in [*conns, red, blue]:
        await c.close()
    return {"sockets": sockets, "held": held, "open_seconds": round(opened, 2),
            "act_to_last_socket_ms": round(fanout * 1000, 1),
            "daphne_rss_kib_per_socket": round((after - before) / sockets, 1)}


def _start_daphne(env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    proc = subprocess.Popen([str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1",
                             "-p", str(port), "boardgame.asgi:application"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, port


def _wait_listening(port: int) -> None:
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not listen on {port}")


def _routed(urls: list[str], game_index: int, by_game: bool) -> list[str]:
    """The processes a game's sockets use (`_open_clients`): all of them, or by game only its
    own, so its fan-out stays in one process as a load balancer hashing the game's URL makes it."""
    return [urls[game_index % len(urls)]] if by_game else urls


def run(games: int = 1, spectators: int = 100, actions: int = 1000,
        hold: int = 1000, processes: int = 1, spectator_client: str = "lean",
        profile: bool = False, route_by_game: bool = False) -> dict[str, Any]:
    """Start `processes` daphne processes, play `actions` actions spread over `games` games
    each watched by `spectators` (players on the first process, spectators spread over all;
    with `route_by_game` every socket of game i on process i mod N), then hold `hold` sockets
    on the first process. Returns the figures; with `profile`, also the first daphne's CPU split by layer over the timed loop (bench/cpuprofile.py)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    _setup_django()
    fixtures = _make_games(games + 2)  # + warm-up game, + hold game
    from django.db import connections
    connections.close_all()
    env = dict(os.environ, SALIENT_WS_RATE="100000", SALIENT_WS_BURST="100000",
               SALIENT_WS_MAX_SOCKETS_PER_USER="100000", SALIENT_WS_ANON_PER_ADDRESS="100000",
               SALIENT_WS_ANON_PER_GAME="100000", LOG_LEVEL="WARNING",
               CONN_MAX_AGE="600", DEBUG="0", ALLOWED_HOSTS="127.0.0.1,localhost",
               PYTHONPATH=str(ROOT))
    servers = [_start_daphne(env) for _ in range(max(1, processes))]
    pids = [proc.pid for proc, _ in servers]
    try:
        for _, port in servers:
            _wait_listening(port)
        urls = [f"ws://127.0.0.1:{port}/ws/games" for _, port in servers]
        acks: list[float] = []
        lasts: list[float] = []
        idle = _rss_kib(pids[0])

        def daphne_cpu() -> float:
            return sum(_cpu_seconds(pid) for pid in pids)

        async def main() -> dict[str, Any]:
            per_game = max(1, actions // games)
            opened = await asyncio.gather(*(
                _open_clients([f"{u}/{g['game']}/" for u in _routed(urls, i, route_by_game)],
                              g, spectators, spectator_client)
                for i, g in enumerate(fixtures[:games])))
            loops = [_play(clients, per_game, acks, lasts) for clients in opened]
            sampler = cpuprofile.Sampler(pids[0]) if profile else None
            start = time.perf_counter()
            cpu = (daphne_cpu(), time.process_time())
            first_cpu = _cpu_seconds(pids[0])
            results = await asyncio.gather(*loops)
            elapsed = time.perf_counter() - start
            cpu = (daphne_cpu() - cpu[0], time.process_time() - cpu[1])
            layers = None
            if sampler is not None:
                counts = sampler.stop()
                first_ms = (_cpu_seconds(pids[0]) - first_cpu) * 1000 / max(1, len(acks))
                layers = cpuprofile.breakdown(counts, round(first_ms, 2), sampler.error)
            for clients in opened:
                await _close(clients)
            hold_figures = (await _hold(f"{urls[0]}/{fixtures[-1]['game']}/", fixtures[-1],
                                        hold, pids[0]) if hold else None)
            return {"elapsed": elapsed, "results": results, "hold": hold_figures, "cpu": cpu,
                    "layers": layers}

        # Warm up: a short loop so imports, caches and connections are in place.
        asyncio.run(_game_loop([f"{u}/{fixtures[-2]['game']}/" for u in urls], fixtures[-2],
                               2 * len(urls), 20, [], [], spectator_client))
        out = asyncio.run(main())
        patch_bytes = [b for r in out["results"] for b in r["patch_bytes"]]
        total = len(acks)
        sockets = games * (spectators + 2)
        return {
            "games": games, "spectators_per_game": spectators, "actions": total,
            "daphne_processes": len(servers), "spectator_client": spectator_client,
            "route_by_game": route_by_game,
            "actions_per_s": round(total / out["elapsed"], 1),
            "act_to_ack_ms": {"p50": _percentile(acks, 0.5), "p99": _percentile(acks, 0.99)},
            "act_to_last_client_ms": {"p50": _percentile(lasts, 0.5),
                                      "p99": _percentile(lasts, 0.99)},
            "bytes_per_patch": round(statistics.mean(patch_bytes), 1) if patch_bytes else None,
            "bytes_per_full_view": out["results"][0]["view_bytes"],
            "cpu_ms_per_action": {"daphne": round(out["cpu"][0] * 1000 / total, 2),
                                  "clients": round(out["cpu"][1] * 1000 / total, 2)},
            "daphne_rss_kib": {"idle": idle, "per_connection": None},
            "sockets_in_loop": sockets,
            "hold": out["hold"],
            **({"cpu_by_layer": out["layers"]} if profile else {}),
            "machine": {"cpus": os.cpu_count(), "load_average_1min": os.getloadavg()[0]},
            "fastpath": env.get("SALIENT_FASTPATH", "1").strip() != "0",
            "fastpath_off": sorted(x.strip() for x in env.get("SALIENT_FASTPATH_OFF", "").split(",")
                                   if x.strip()),
        }
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
        for proc, _ in servers:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
