"""How live a TWTEAW turn feels now that its last ready is resolved by the task worker
(ruling 68): the time from the last ready's ack to the frame of the resolved turn, on a
player's socket, on PostgreSQL with Redis.

Two ways workers run (boardgame/jobs/worker.py): the worker thread inside daphne (the quick
start's), woken by a threading event when the ready commits; and a `run_worker` process apart
(production's), woken by PostgreSQL's NOTIFY. Each worker's polling period is set to 60 s and
the turn must arrive within 15 s, so a turn that arrives was woken, not found by polling (no
timing threshold decides the test: a load spike cannot fail it). Prints the figures (run with
-s); docs/architecture.md quotes them.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from boardgame.play import deadlines
from boardgame.play import orders as orders_service
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel import decisions

from . import helpers, killworkers
from .conftest import ROOT, server_env
from .wsclient import Client

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

TWTEAW = rulesets.get("twteaw")
SEATS = [s["id"] for s in TWTEAW.manifest["scenarios"][0]["seats"]]
POLL = "60"
db = helpers.db


def _all_but_last_ready(game_id: int, users: dict) -> tuple[str, str]:
    """Every nation writes its first offered set; all but the last say ready."""
    state = Game.objects.get(pk=game_id).state
    group = ""
    for d in decisions(TWTEAW, state):
        seat, group = d.seats[0], d.group
        action = TWTEAW.options(state, seat, d, None)[0]["action"]
        orders_service.do_write_order(game_id, users[seat], seat, d.id, action)
        if seat != SEATS[-1]:
            orders_service.submit_ready(game_id, users[seat], seat, group, True,
                                        f"r-{d.id}")
    return SEATS[-1], group


@pytest.mark.parametrize("where", ["thread_in_daphne", "run_worker_process"])
async def test_23_ruling_68_the_last_ready_wakes_the_worker_long_before_its_polling_period(
        daphne_server, where):
    from django.db import connection
    users = {seat: await db(helpers.make_user, f"{where[:6]}-{seat}") for seat in SEATS}
    host = await db(helpers.make_user, f"{where[:6]}-host")
    game = await db(helpers.start_game, host, users, title="1914", ruleset="twteaw",
                    scenario="europe-1914", options={"turns": 3})
    await db(deadlines.initialise_new_games)
    worker = None
    if where == "thread_in_daphne":
        server = daphne_server(SALIENT_IN_PROCESS_WORKER="1", SALIENT_WORKER_INTERVAL=POLL)
    else:
        server = daphne_server()
        env = killworkers.worker_env(server_env(connection.settings_dict["NAME"]),
                                     tempfile.mkdtemp(prefix="salient-mail-"))
        env["SALIENT_SWEEP_SECONDS"] = POLL
        log = Path(tempfile.mkdtemp(prefix="salient-latency-")) / "worker.log"
        worker = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "run_worker", "--interval", POLL],
            cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
            start_new_session=True)
        time.sleep(3)   # the worker is listening
    token = await db(helpers.token_of, users[SEATS[-1]])
    client = await Client(server.url, game.pk, token=token).open()
    figures = []
    try:
        await client.hello()
        for turn in (1, 2):
            last, group = await db(_all_but_last_ready, game.pk, users)
            await client.until_version((await db(Game.objects.get, pk=game.pk)).version)
            cid = f"last-{turn}"
            await client.send({"type": "ready", "seat": last, "group": group, "ready": True,
                               "cid": cid})
            ack = await client.expect("ack", "reject",
                                      where=lambda f, cid=cid: f.get("cid") == cid)
            acked = time.monotonic()
            assert ack["type"] == "ack", ack
            await client.until_version(ack["v"] + 1, timeout=15)
            figures.append(time.monotonic() - acked)
            resolved = await db(Game.objects.get, pk=game.pk)
            assert resolved.state["board"]["turn"] == turn + 1
    finally:
        await client.close()
        if worker is not None:
            worker.terminate()
            worker.wait(15)
    print(f"\n{where}: ack → resolved turn's frame: "
          + ", ".join(f"{s * 1000:.0f} ms" for s in figures))
