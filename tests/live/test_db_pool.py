"""Database connections under a burst of HTTP requests (probe finding F1).

Each HTTP request runs its sync view in a thread of its own; without a bound, each holds a
PostgreSQL connection of its own (and CONN_MAX_AGE kept them), so anonymous requests could use
up the server's max_connections for every client. With the pool a daphne process holds at most
SALIENT_DB_POOL_MAX connections; a request that finds none free waits, then gets a 503.

Runs against a PostgreSQL cluster of its own (initdb into a temporary directory, a free port,
max_connections=40, stopped by PID), never the shared one: the test's point is to press on the
limit. The daphne is started as an operator who followed the old advice would: CONN_MAX_AGE=600.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psycopg
import pytest

from .conftest import ROOT, Daphne, free_port

pytestmark = [pytest.mark.slow]

PG_BIN = Path("/usr/lib/postgresql/15/bin")
MAX_CONNECTIONS = 40
POOL_MAX = 8
BURST = 500


class OwnPostgres:
    """A throw-away PostgreSQL cluster run as the postgres user (it refuses root)."""

    def __init__(self, where: Path) -> None:
        self.data = where / "data"
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = where / "postgres.log"

    def _as_postgres(self, *command: str) -> list[str]:
        return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--",
                *command]

    def start(self) -> "OwnPostgres":
        os.chown(self.data.parent, _uid("postgres"), -1)
        subprocess.run(self._as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data),
                                         "-U", "postgres", "--auth=trust", "-E", "UTF8"),
                       check=True, capture_output=True)
        # setpriv execs: this PID is the postmaster's.
        self.proc = subprocess.Popen(
            self._as_postgres(str(PG_BIN / "postgres"), "-D", str(self.data),
                              "-p", str(self.port), "-k", str(self.data.parent),
                              "-c", "listen_addresses=127.0.0.1",
                              "-c", f"max_connections={MAX_CONNECTIONS}",
                              "-c", "fsync=off", "-c", "synchronous_commit=off"),
            stdout=self.log.open("wb"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
                    conn.execute("CREATE DATABASE salient")
                    return self
            except psycopg.OperationalError:
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        f"postgres exited: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.1)
        raise RuntimeError("postgres did not start")

    def url(self, db: str = "salient") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{db}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def _uid(name: str) -> int | None:
    import pwd
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


@pytest.fixture(scope="module")
def own_postgres():
    if not (PG_BIN / "initdb").exists() or _uid("postgres") is None:
        pytest.skip("needs PostgreSQL 15's initdb and a postgres user")
    # Not pytest's tmp_path: the postgres user cannot enter root's private directories.
    where = Path(tempfile.mkdtemp(prefix="salient-pg-"))
    server = OwnPostgres(where)
    try:
        yield server.start()
    finally:
        server.stop()
        shutil.rmtree(where, ignore_errors=True)


def daphne_env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DATABASE_URL=database_url, CONN_MAX_AGE="600",
               SALIENT_DB_POOL_MAX=str(POOL_MAX), SALIENT_DB_POOL_TIMEOUT="10",
               SALIENT_IN_PROCESS_SWEEPER="0", PYTHONPATH=str(ROOT), LOG_LEVEL="WARNING")
    return env


def clients_of(conn) -> int:
    """Client connections of the cluster, this one included."""
    return conn.execute("select count(*) from pg_stat_activity "
                        "where backend_type = 'client backend'").fetchone()[0]


@pytest.fixture(scope="module")
def migrated(own_postgres):
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                   env=daphne_env(own_postgres.url()), check=True, timeout=300)
    return own_postgres


async def test_a_burst_of_anonymous_requests_never_uses_up_postgres(migrated):
    own_postgres = migrated
    env = daphne_env(own_postgres.url())
    server = Daphne(env).start()
    peak = 0
    saturated = asyncio.Event()
    stop = asyncio.Event()

    async def watch() -> None:
        nonlocal peak
        async with await psycopg.AsyncConnection.connect(own_postgres.url(),
                                                         autocommit=True) as conn:
            while not stop.is_set():
                cur = await conn.execute("select count(*) from pg_stat_activity "
                                         "where backend_type = 'client backend'")
                now = (await cur.fetchone())[0]
                peak = max(peak, now)
                if now > POOL_MAX:  # the pool (or more) plus this watcher
                    saturated.set()
                await asyncio.sleep(0.01)

    base = f"http://127.0.0.1:{server.port}"
    try:
        watcher = asyncio.get_running_loop().create_task(watch())
        async with httpx.AsyncClient(base_url=base, timeout=120,
                                     limits=httpx.Limits(max_connections=BURST)) as http:
            burst = asyncio.gather(*(http.get("/api/tables/") for _ in range(BURST)))
            # While the burst presses on the pool, another client still gets a connection.
            await asyncio.wait_for(saturated.wait(), 60)
            other = await psycopg.AsyncConnection.connect(own_postgres.url(), autocommit=True)
            assert (await (await other.execute("select 1")).fetchone()) == (1,)
            await other.close()
            answers = await burst
            after = await http.get("/api/tables/")
        stop.set()
        await watcher
        statuses = sorted({a.status_code for a in answers})
        assert set(statuses) <= {200, 503}, [(a.status_code, a.text[:200]) for a in answers
                                             if a.status_code not in (200, 503)][:3]
        assert 200 in statuses
        for busy in (a for a in answers if a.status_code == 503):
            assert busy.json()["error"]["code"] == "server/busy"
            assert busy.headers["Retry-After"] == "1"
        assert peak <= POOL_MAX + 2, \
            f"{peak} connections at once (pool {POOL_MAX} + watcher + the other client)"
        assert after.status_code == 200
        with psycopg.connect(own_postgres.url(), autocommit=True) as conn:
            assert clients_of(conn) <= POOL_MAX + 1
    finally:
        server.stop()


async def test_a_request_that_finds_no_connection_free_gets_503(migrated):
    """A pool of one connection, held by a request stuck behind a lock that the test holds:
    the next request waits out the pool's timeout and gets 503 — JSON under /api/, a plain
    page elsewhere — and PostgreSQL sees one connection of that daphne, never two."""
    env = daphne_env(migrated.url())
    env.update(SALIENT_DB_POOL_MIN="1", SALIENT_DB_POOL_MAX="1", SALIENT_DB_POOL_TIMEOUT="0.5")
    server = Daphne(env).start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        async with await psycopg.AsyncConnection.connect(migrated.url()) as locker, \
                httpx.AsyncClient(base_url=base, timeout=20) as http:
            await locker.execute("LOCK TABLE lobby_table IN ACCESS EXCLUSIVE MODE")
            stuck = asyncio.ensure_future(http.get("/api/tables/"))

            async def stuck_on_the_lock() -> None:
                async with await psycopg.AsyncConnection.connect(migrated.url(),
                                                                 autocommit=True) as watch:
                    while True:
                        cur = await watch.execute(
                            "select count(*) from pg_stat_activity where wait_event_type = "
                            "'Lock' and query like '%lobby_table%'")
                        if (await cur.fetchone())[0]:
                            return
                        await asyncio.sleep(0.05)
            await asyncio.wait_for(stuck_on_the_lock(), 30)
            api = await http.get("/api/tables/")
            page = await http.get("/")
            await locker.rollback()  # the lock goes; the stuck request is served
            assert (await stuck).status_code == 200
        assert api.status_code == 503 and api.headers["Retry-After"] == "1"
        assert api.json()["error"]["code"] == "server/busy"
        assert page.status_code == 503 and "busy" in page.text
        assert "<html" in page.text and "Traceback" not in page.text
    finally:
        server.stop()
