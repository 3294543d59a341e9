"""The services `python -m bench faults` runs against, all its own and all stopped by PID:
a PostgreSQL cluster made by initdb in a temporary directory, a redis-server, and daphne
processes — never the PostgreSQL on 5432 nor the Redis on 6379 that others share.

`Services` is a context manager: whatever ends the run (an exception, Ctrl-C, SIGTERM — turned
into SystemExit by `exit_on_signals`), every process it started is stopped by its PID and the
temporary directory removed. A SIGKILL of the bench itself cannot be caught: then every
process it started dies with it (PR_SET_PDEATHSIG), and only the directory is left behind
(/tmp/salient-faults-*).
"""

from __future__ import annotations

import ctypes
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.live import ROOT, _free_port
from tests.live.conftest import Daphne, RedisServer


def _pg_bin() -> Path:
    """SALIENT_PG_BIN, or the newest /usr/lib/postgresql/<version>/bin (Debian's layout)."""
    if os.environ.get("SALIENT_PG_BIN"):
        return Path(os.environ["SALIENT_PG_BIN"])
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return found[-1].parent if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _pg_bin()
DATABASE = "salient_faults"
MAX_CONNECTIONS = 40


def _die_with_parent() -> None:
    """In the child before exec: the kernel SIGKILLs it if the bench dies first."""
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG


def exit_on_signals() -> None:
    """SIGTERM and SIGHUP end the run like Ctrl-C does: through every `finally`."""
    def leave(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, leave)


class Postgres:
    """A throw-away cluster: initdb, trust auth, a free port, MAX_CONNECTIONS. As root the
    server must run as an unprivileged user: the child becomes `postgres` before it execs, so
    the PID we hold is the postmaster's."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data = root / "pgdata"
        self.port = _free_port()
        self.proc: subprocess.Popen | None = None
        self.log = root / "postgres.log"

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def _as_owner(self) -> dict[str, Any]:
        """Popen arguments: as root, become `postgres` (uid, gid, no other groups) before
        exec; the death signal is set after that change, so it holds."""
        if os.geteuid() != 0:
            return {"preexec_fn": _die_with_parent}
        owner = pwd.getpwnam("postgres")
        os.chown(self.root, owner.pw_uid, owner.pw_gid)
        return {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": [],
                "preexec_fn": _die_with_parent}

    def start(self) -> "Postgres":
        owner = self._as_owner()
        subprocess.run([str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust",
                        "-U", "postgres", "-E", "UTF8", "--no-sync"],
                       check=True, capture_output=True, **owner)
        # fsync off: the database host's durability is not what this bench measures.
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [str(PG_BIN / "postgres"), "-D", str(self.data),
                 "-p", str(self.port), "-c", "listen_addresses=127.0.0.1",
                 "-c", f"unix_socket_directories={self.root}",
                 "-c", f"max_connections={MAX_CONNECTIONS}", "-c", "fsync=off"],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **owner)
        self._create_database()
        return self

    def _create_database(self) -> None:
        import psycopg
        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                                     dbname="postgres", autocommit=True) as conn:
                    conn.execute(f"CREATE DATABASE {DATABASE}")
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError(
                        f"postgres did not start: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.2)

    def stop(self) -> None:
        """Fast shutdown (SIGINT to the postmaster), SIGKILL if it lingers."""
        if self.proc is None or self.proc.poll() is not None:
            return
        os.kill(self.proc.pid, signal.SIGINT)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)


class BenchRedis(RedisServer):
    """The live tests' private redis-server, dying with the bench; `stop` is SIGKILL by PID."""

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent)
        deadline = time.monotonic() + 10
        while not _listening(self.port):
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)


class Server(Daphne):
    """The live tests' daphne (kill, stop, url), started so that it dies with the bench, with
    one log per port appended across restarts (tracebacks are counted over a scenario)."""

    def __init__(self, env: dict[str, str], logdir: Path) -> None:
        super().__init__(env)
        self.log = logdir / f"daphne-{self.port}.log"

    def spawn(self) -> None:
        """Start the process; `start` and `restarted` wait until it listens."""
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1", "-p",
                 str(self.port), "boardgame.asgi:application"], cwd=ROOT, env=self.env,
                stdout=log, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        self.deadline = time.monotonic() + 60

    def _check_alive(self) -> None:
        assert self.proc is not None
        if self.proc.poll() is not None or time.monotonic() > self.deadline:
            raise RuntimeError(f"daphne did not start: {self.output()[-2000:]}")

    def start(self) -> "Server":
        self.spawn()
        while not _listening(self.port):
            self._check_alive()
            time.sleep(0.1)
        return self

    async def restarted(self) -> None:
        """Spawn again (from the event loop's thread: the death signal follows the thread
        that forked) and wait, without blocking the loop, until it listens."""
        import asyncio
        self.spawn()
        while not await asyncio.to_thread(_listening, self.port):
            self._check_alive()
            await asyncio.sleep(0.1)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def tracebacks(self) -> Counter:
        """The tracebacks logged, by the type of their last exception (a chain — "During
        handling of the above exception…" — counts once, as the exception that ended it)."""
        kinds: Counter = Counter()
        inside = chained = False
        last = ""
        for line in self.output().splitlines():
            if line.startswith("Traceback (most recent call last)"):
                inside = True
            elif line.startswith(("During handling of the above", "The above exception was")):
                chained = True
            elif inside and line and not line[0].isspace():
                if chained:
                    kinds[last] -= 1
                last = line.split(":", 1)[0].rsplit(".", 1)[-1]
                kinds[last] += 1
                inside = chained = False
        return +kinds


def tracebacks(servers: list[Server]) -> dict[str, Any]:
    """Tracebacks in the logs of `servers`: how many, and of which exception types."""
    kinds = sum((s.tracebacks() for s in servers), Counter())
    return {"count": sum(kinds.values()), "by_exception": dict(kinds.most_common())}


def _listening(port: int) -> bool:
    import socket
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class Services:
    """PostgreSQL (migrated), Redis, and daphne processes on demand; all stopped on exit."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="salient-faults-"))
        self.postgres = Postgres(self.root)
        self.redis = BenchRedis()
        self.servers: list[Server] = []

    def __enter__(self) -> "Services":
        try:
            self.postgres.start()
            self.redis.start()
            self._migrate()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _migrate(self) -> None:
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT,
                       env=self.env(), check=True, capture_output=True)

    def env(self, **extra: str) -> dict[str, str]:
        """The environment of daphne, manage.py and (through `os.environ`) this process."""
        env = dict(os.environ)
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        env.update(DATABASE_URL=self.postgres.url, REDIS_URL=self.redis.url,
                   SALIENT_EXTRA_RULESETS="tests.toy.ruleset", SALIENT_IN_PROCESS_SWEEPER="0",
                   # The per-socket frame limit would throttle the scripted players and the
                   # fuzzer, and every spectator comes from 127.0.0.1, which the cap on
                   # anonymous sockets per address (20) would refuse after the twentieth; every
                   # other limit stays as deployed.
                   SALIENT_WS_RATE="100000", SALIENT_WS_BURST="100000",
                   SALIENT_WS_ANON_PER_ADDRESS="100000",
                   CONN_MAX_AGE="600", DEBUG="0", ALLOWED_HOSTS="127.0.0.1,localhost",
                   LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))
        env.update(extra)
        return env

    def start_daphnes(self, count: int = 2) -> list[Server]:
        servers = [Server(self.env(), self.root) for _ in range(count)]
        self.servers.extend(servers)
        for server in servers:
            server.start()
        return servers

    def stop_daphnes(self) -> None:
        for server in self.servers:
            server.stop()
        self.servers = []

    def close(self) -> None:
        for stop in (self.stop_daphnes, self.redis.stop, self.postgres.stop):
            try:
                stop()
            except Exception as exc:  # noqa: BLE001 — stop the others whatever happened
                print(f"faults: could not stop a service: {exc}", file=sys.stderr)
        shutil.rmtree(self.root, ignore_errors=True)
