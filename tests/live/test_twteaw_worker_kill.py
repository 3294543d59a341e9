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

The same on the request path (the ready that makes the last nation ready resolves the turn in
that request's transaction, under the row lock): eight nations are ready, the ninth's ready goes
to daphne A (tests/live/pausing.py), which is SIGKILLed before its transaction commits. Nothing
changed and the ready was never acknowledged; the same ready (same cid) sent to daphne B
resolves the turn once, and sent again answers the earlier outcome without a second step.
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
from .conftest import DAPHNE, Daphne, free_port, server_env
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
def test_23_a_twteaw_turn_resolves_once_after_the_resolving_daphne_is_killed(settings):
    import threading

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
    a = _launch_pausing(env, marker, log_dir / "a.log", port)
    b = Daphne(env).start()
    answers: list = []

    def post_to_a() -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                answers.append(httpx.post(f"http://127.0.0.1:{port}/api/games/{game.pk}/ready",
                                          json=ready, headers=headers, timeout=120))
                return
            except httpx.ConnectError:
                if time.monotonic() > deadline or a.poll() is not None:
                    answers.append("refused")
                    return
                time.sleep(0.2)
            except httpx.TransportError as exc:     # the server died mid-request
                answers.append(exc)
                return

    sender = threading.Thread(target=post_to_a)
    try:
        sender.start()
        assert _wait(marker.exists, 120), (log_dir / "a.log").read_text()[-3000:]
        paused = json.loads(marker.read_text())
        assert paused["game"] == game.pk and paused["version"] == before[0] + 1
        os.killpg(a.pid, signal.SIGKILL)
        a.wait(10)
        sender.join(30)
        assert len(answers) == 1 and isinstance(answers[0], httpx.TransportError), answers
        close_old_connections()
        assert _snapshot(game.pk) == before, "the killed request committed something"
        assert Game.objects.get(pk=game.pk).orders == book   # acknowledged orders kept

        api = f"http://127.0.0.1:{b.port}/api/games/{game.pk}/ready"
        first = httpx.post(api, json=ready, headers=headers, timeout=120)
        assert first.status_code == 200, first.text
        assert first.json()["repeated"] is False
        again = httpx.post(api, json=ready, headers=headers, timeout=120)
        assert again.status_code == 200, again.text
        assert again.json()["repeated"] is True and again.json()["v"] == first.json()["v"]
    finally:
        _stop(a)
        b.stop()
    close_old_connections()

    game = Game.objects.get(pk=game.pk)
    assert game.state["board"]["turn"] == 2
    records = list(ActionRecord.objects.filter(game_id=game.pk).order_by("seq"))
    resolving = [r for r in records
                 if any(e.get("kind") == "answers_revealed" for e in r.events)]
    assert len(resolving) == 1, "the turn resolved more than once (or never)"
    assert resolving[0].seq == game.version == records[-1].seq == paused["version"]
    assert resolving[0].cid == "last-ready" and resolving[0].seat == last
    resolved_orders = resolving[0].action["orders"]
    for seat, order in written.items():
        assert resolved_orders[order["decision"]]["seat"] == seat
        assert resolved_orders[order["decision"]]["action"] == order["action"]
    assert verify_game(game).status == "ok"
