"""A TWTEAW turn resolved by the task worker (the deadline sweeper), SIGKILLed mid-resolution
(issue #23: "resolution runs in the deadline sweeper or a worker under the game's row lock …
a kill -9 mid-resolution: nothing is committed half-way, nothing resolves twice").

A 1914 table of nine nations: Germany and Austria-Hungary write orders and are ready, France
writes orders and is not, the rest write nothing; every deadline passes. A worker
(tests/live/pausing.py) sweeps the game and is SIGKILLed inside the sweeper's transaction,
after every step of the resolution is written and before the commit. Then nothing has changed:
the state, the version, the record, the orders book (the three acknowledged order sets) and the
missed-deadline counts. Two ordinary workers then sweep it: the turn resolves exactly once (one
resolving step, turn 2, each late nation's miss counted once), with the three acknowledged
order sets as written, and the record replays to the stored state.

The request path (ruling 68: the ready that makes the last nation ready is only held in its
request; the task worker resolves the turn): eight nations are ready, the ninth's ready goes to
a daphne that would pause in any transaction resolving the turn (tests/live/pausing.py). It is
acknowledged at once, resolves nothing (no pause, the state, version and record unchanged, the
ready held in the game row), and the same cid again answers as repeated. A worker then takes
the turn and is SIGKILLed mid-resolution: nothing is committed, the ready is still held; two
fresh workers resolve it exactly once, as that ready (its user, its cid), and the record
replays.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest

from boardgame.play import deadlines
from boardgame.play import orders as orders_service
from boardgame.play.models import ActionRecord, Game, OrderLog
from boardgame.play.verify import verify_game
from engine import rulesets
from engine.kernel import decisions

from . import killworkers
from .conftest import DAPHNE, free_port, server_env
from .helpers import make_user, start_game, token_of

ROOT = Path(__file__).resolve().parents[2]
TWTEAW = rulesets.get("twteaw")
WRITERS = ("austria_hungary", "germany", "france")
READY = ("austria_hungary", "germany")


def _snapshot(game_id: int) -> tuple:
    game = Game.objects.get(pk=game_id)
    return (game.version, json.dumps(game.state, sort_keys=True),
            json.dumps(game.orders, sort_keys=True), json.dumps(game.live.get("missed"),
                                                                sort_keys=True),
            ActionRecord.objects.filter(game_id=game_id).count(),
            OrderLog.objects.filter(game_id=game_id).count())


def _write(game_id: int, user, seat: str, ready: bool) -> dict:
    state = Game.objects.get(pk=game_id).state
    d = next(d for d in decisions(TWTEAW, state) if seat in d.seats)
    offered = [o["action"] for o in TWTEAW.options(state, seat, d, None)]
    action = next((a for a in offered if a.get("moves")), offered[0])
    orders_service.do_write_order(game_id, user, seat, d.id, action)
    if ready:
        orders_service.submit_ready(game_id, user, seat, d.group, True, f"ready-{seat}")
    return {"decision": d.id, "group": d.group, "action": action}


def _wait(predicate, seconds: float) -> bool:
    from django.db import close_old_connections
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        close_old_connections()
        if predicate():
            return True
        time.sleep(0.2)
    return False


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_23_a_twteaw_turn_resolves_once_after_its_worker_is_killed_mid_resolution(settings):
    from django.db import close_old_connections, connection
    seats = [s["id"] for s in TWTEAW.manifest["scenarios"][0]["seats"]]
    users = {seat: make_user(f"k-{seat}") for seat in seats}
    game = start_game(make_user("k-host"), users, title="1914", ruleset="twteaw",
                      scenario="europe-1914", options={"turns": 3}, pace="async",
                      deadline_hours=24, disorder_after=3)
    deadlines.initialise_new_games()
    written = {seat: _write(game.pk, users[seat], seat, seat in READY) for seat in WRITERS}
    game.refresh_from_db()
    assert game.state["board"]["turn"] == 1
    # Every running deadline passes.
    past = int(time.time() * 1000) - 60_000
    live = dict(game.live)
    live["deadlines"] = {seat: past for seat in live["deadlines"]}
    game.live = live
    game.due = dt.datetime.fromtimestamp(past / 1000, tz=dt.timezone.utc)
    game.save(update_fields=["live", "due"])
    late = sorted(live["running"])
    assert set(late) >= set(seats) - set(READY)
    before = _snapshot(game.pk)
    book = Game.objects.get(pk=game.pk).orders

    env = killworkers.worker_env(server_env(connection.settings_dict["NAME"]),
                                 tempfile.mkdtemp(prefix="salient-mail-"))
    log_dir = Path(tempfile.mkdtemp(prefix="salient-twteaw-kill-"))
    marker = log_dir / "resolving.json"
    slow = subprocess.Popen(
        [sys.executable, "-m", "tests.live.pausing", str(marker), "60", "worker",
         "--interval", "0.05", "--worker-id", "slow"], cwd=ROOT, env=env,
        stdout=open(log_dir / "slow.log", "ab"), stderr=subprocess.STDOUT,  # noqa: SIM115
        start_new_session=True)
    workers: list[subprocess.Popen] = []
    try:
        assert _wait(marker.exists, 120), (log_dir / "slow.log").read_text()[-3000:]
        paused = json.loads(marker.read_text())
        assert paused["game"] == game.pk and paused["version"] > before[0]
        # Mid-resolution: the steps are written in the open transaction, not committed.
        os.killpg(slow.pid, signal.SIGKILL)
        slow.wait(10)
        close_old_connections()
        assert _snapshot(game.pk) == before, "the killed resolution committed something"
        assert Game.objects.get(pk=game.pk).orders == book   # acknowledged orders kept

        workers = [killworkers.start_worker(env, n, str(log_dir)) for n in range(2)]
        assert _wait(lambda: Game.objects.get(pk=game.pk).state["board"]["turn"] == 2, 120), \
            "the turn did not resolve after the restart"
        time.sleep(3)   # a second resolution, if any, would land now
    finally:
        _stop(slow)
        for proc in workers:
            _stop(proc)
    close_old_connections()

    game = Game.objects.get(pk=game.pk)
    assert game.state["board"]["turn"] == 2
    records = list(ActionRecord.objects.filter(game_id=game.pk).order_by("seq"))
    resolving = [r for r in records
                 if any(e.get("kind") == "answers_revealed" for e in r.events)]
    assert len(resolving) == 1, "the turn resolved more than once (or never)"
    assert resolving[0].seq == paused["version"]          # the same step as the killed one
    assert game.version == records[-1].seq == paused["version"]
    # Each late nation's miss counted once; the ready ones missed nothing.
    timed_out = [r.seat for r in records[before[4]:] if r.by == "timeout"]
    assert sorted(timed_out) == sorted(set(timed_out)) and set(timed_out) <= set(late)
    assert set(seats) - set(READY) <= set(timed_out)
    assert {s: n for s, n in game.live["missed"].items() if n} == {s: 1 for s in timed_out}
    # The acknowledged orders are the ones the turn resolved with.
    resolved_orders = resolving[0].action["orders"]
    for seat, order in written.items():
        assert resolved_orders[order["decision"]]["seat"] == seat
        assert resolved_orders[order["decision"]]["action"] == order["action"]
    assert verify_game(game).status == "ok"


def _launch_pausing(env: dict, marker: Path, log: Path, port: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.live.pausing", str(marker), "60", "daphne",
         "-b", "127.0.0.1", "-p", str(port), "boardgame.asgi:application"], cwd=ROOT, env=env,
        stdout=open(log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)  # noqa: SIM115


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_23_ruling_68_the_last_ready_is_acked_unresolved_and_a_killed_worker_leaves_it_held(
        settings):
    from django.db import close_old_connections, connection
    assert DAPHNE.exists()
    seats = [s["id"] for s in TWTEAW.manifest["scenarios"][0]["seats"]]
    users = {seat: make_user(f"d-{seat}") for seat in seats}
    game = start_game(make_user("d-host"), users, title="1914", ruleset="twteaw",
                      scenario="europe-1914", options={"turns": 3}, pace="async",
                      deadline_hours=24, disorder_after=3)
    deadlines.initialise_new_games()
    last = seats[-1]
    written = {seat: _write(game.pk, users[seat], seat, seat != last) for seat in seats}
    before = _snapshot(game.pk)
    book = Game.objects.get(pk=game.pk).orders
    ready = {"seat": last, "group": written[last]["group"], "ready": True, "cid": "last-ready"}
    headers = {"Authorization": f"Token {token_of(users[last])}"}

    env = server_env(connection.settings_dict["NAME"])
    log_dir = Path(tempfile.mkdtemp(prefix="salient-twteaw-daphne-"))
    marker = log_dir / "resolving.json"
    port = free_port()
    # The request goes to a daphne that would pause (and write the marker) in any transaction
    # resolving the turn: none may, the request path only holds the ready.
    a = _launch_pausing(env, marker, log_dir / "a.log", port)
    workers: list[subprocess.Popen] = []
    slow = None
    try:
        api = f"http://127.0.0.1:{port}/api/games/{game.pk}/ready"
        assert _wait(lambda: _answers(api), 60), (log_dir / "a.log").read_text()[-3000:]
        first = httpx.post(api, json=ready, headers=headers, timeout=60)
        assert first.status_code == 200, first.text
        assert first.json()["repeated"] is False and first.json()["v"] == before[0]
        again = httpx.post(api, json=ready, headers=headers, timeout=60)
        assert again.status_code == 200 and again.json()["repeated"] is True, again.text
        close_old_connections()
        # Committed and acked; nothing resolved in the request.
        assert not marker.exists(), "the request resolved the turn"
        held = Game.objects.get(pk=game.pk)
        assert _snapshot(game.pk) == before and held.orders == book
        assert [(h["seat"], h["cid"]) for h in held.live["held"]] == [(last, "last-ready")]
        assert held.due is not None

        # A worker takes it and is SIGKILLed mid-resolution, before its commit.
        wenv = killworkers.worker_env(env, tempfile.mkdtemp(prefix="salient-mail-"))
        slow = subprocess.Popen(
            [sys.executable, "-m", "tests.live.pausing", str(marker), "60", "worker",
             "--interval", "0.05", "--worker-id", "slow"], cwd=ROOT, env=wenv,
            stdout=open(log_dir / "slow.log", "ab"), stderr=subprocess.STDOUT,  # noqa: SIM115
            start_new_session=True)
        assert _wait(marker.exists, 120), (log_dir / "slow.log").read_text()[-3000:]
        paused = json.loads(marker.read_text())
        assert paused["game"] == game.pk and paused["version"] == before[0] + 1
        assert paused["pid"] == slow.pid
        os.killpg(slow.pid, signal.SIGKILL)
        slow.wait(10)
        close_old_connections()
        assert _snapshot(game.pk) == before, "the killed resolution committed something"
        kept = Game.objects.get(pk=game.pk)
        assert kept.orders == book and kept.live["held"] == held.live["held"]

        # Fresh workers resolve it exactly once, as the acked ready.
        workers = [killworkers.start_worker(wenv, n, str(log_dir)) for n in range(2)]
        assert _wait(lambda: Game.objects.get(pk=game.pk).state["board"]["turn"] == 2, 120), \
            "the turn did not resolve after the restart"
        time.sleep(3)   # a second resolution, if any, would land now
        late = httpx.post(api, json=ready, headers=headers, timeout=60)
        assert late.status_code == 200 and late.json()["repeated"] is True, late.text
        assert late.json()["v"] == paused["version"]
    finally:
        _stop(a)
        if slow is not None:
            _stop(slow)
        for proc in workers:
            _stop(proc)
    close_old_connections()

    game = Game.objects.get(pk=game.pk)
    assert game.state["board"]["turn"] == 2 and "held" not in game.live
    records = list(ActionRecord.objects.filter(game_id=game.pk).order_by("seq"))
    resolving = [r for r in records
                 if any(e.get("kind") == "answers_revealed" for e in r.events)]
    assert len(resolving) == 1, "the turn resolved more than once (or never)"
    assert resolving[0].seq == game.version == records[-1].seq == paused["version"]
    assert resolving[0].cid == "last-ready" and resolving[0].seat == last
    assert resolving[0].by_user_id == users[last].pk
    resolved_orders = resolving[0].action["orders"]
    for seat, order in written.items():
        assert resolved_orders[order["decision"]]["seat"] == seat
        assert resolved_orders[order["decision"]]["action"] == order["action"]
    assert verify_game(game).status == "ok"


def _answers(url: str) -> bool:
    try:
        httpx.get(url, timeout=5)
        return True
    except httpx.TransportError:
        return False
