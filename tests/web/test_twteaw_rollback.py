"""The game master's roll-back of the last resolved turn (issue #23, boardgame/play/rollback.py,
twteaw rulings 63 and 65): over REST, on a 1914 table of nine human-held nations and a GM.

The turn resolves when its last nation says ready; the GM rolls it back: the game is back at
the state before that step, the turn's orders are in the book again, and the record keeps the
resolution with a `rollback` step after it (verified by replay). The last nation says ready
again and the turn resolves exactly as before (same orders, same dice). Refused, changing
nothing: by anyone but the GM, twice in a row, and once an order has been written since."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from boardgame.jobs.worker import drain
from boardgame.play import deadlines
from boardgame.play.models import ActionRecord, Game, GmCommand, OrderLog
from boardgame.play.verify import verify_game
from engine import rulesets
from engine.kernel import decisions
from tests.live.helpers import start_game

pytestmark = pytest.mark.django_db

TWTEAW = rulesets.get("twteaw")
HOLDERS = {"austria_hungary": "hamlet", "germany": "hamlet", "france": "othello",
           "russia": "othello", "serbia": "othello", "britain": "n_britain",
           "italy": "n_italy", "ottoman_empire": "n_ottoman", "spain": "n_spain"}


@pytest.fixture
def table(make_user):
    users = {name: make_user(name) for name in {*HOLDERS.values(), "prospero", "iago"}}
    holders = {seat: users[name] for seat, name in HOLDERS.items()}
    game = start_game(users["prospero"], holders, title="1914", ruleset="twteaw",
                      scenario="europe-1914", options={"turns": 3}, allow_multiple_seats=True,
                      pace="async", deadline_hours=24, disorder_after=2)
    deadlines.initialise_new_games()
    return game.pk, holders, users


def _ready(api, game_id, holders, seat, cid):
    """`seat` writes its first offered set (Germany attacks, for dice to roll) and is ready."""
    state = Game.objects.get(pk=game_id).state
    d = next(d for d in decisions(TWTEAW, state) if seat in d.seats)
    offered = [o["action"] for o in TWTEAW.options(state, seat, d, None)]
    action = next((a for a in offered if a.get("moves")), offered[0])
    assert api(holders[seat]).post(f"/api/games/{game_id}/orders", {
        "seat": seat, "decision": d.id, "action": action}, format="json").status_code == 200
    answer = api(holders[seat]).post(f"/api/games/{game_id}/ready", {
        "seat": seat, "group": d.group, "ready": True, "cid": cid}, format="json")
    assert answer.status_code == 200, answer.json()
    drain()     # a ready that completes the turn is resolved by the task worker (ruling 68)


def _without_seq(state):
    kernel = {k: v for k, v in state["kernel"].items() if k != "seq"}
    return json.dumps({**state, "kernel": kernel}, sort_keys=True)


def _unchanged(game_id):
    game = Game.objects.get(pk=game_id)
    return (game.version, json.dumps(game.state, sort_keys=True), json.dumps(game.orders),
            GmCommand.objects.filter(game_id=game_id).count(),
            ActionRecord.objects.filter(game_id=game_id).count())


def _refused(response, status, code):
    assert response.status_code == status, response.json()
    assert response.json()["error"]["code"] == code, response.json()


def test_23_gm_rolls_back_the_last_turn_the_record_keeps_it_and_it_resolves_the_same(
        api, table):
    game_id, holders, users = table
    seats = sorted(holders)
    for seat in seats[:-1]:
        _ready(api, game_id, holders, seat, f"r1-{seat}")
    waiting = Game.objects.get(pk=game_id)
    before_state, before_orders = waiting.state, waiting.orders
    _ready(api, game_id, holders, seats[-1], "r1-last")
    resolved = Game.objects.get(pk=game_id)
    assert resolved.state["board"]["turn"] == 2 and resolved.orders == {}
    undone = resolved.version

    url = f"/api/games/{game_id}/gm/rollback"
    kept = _unchanged(game_id)
    _refused(api(users["hamlet"]).post(url), 403, "auth/not_gm")
    _refused(api(users["iago"]).post(url), 403, "auth/not_gm")
    assert _unchanged(game_id) == kept

    answer = api(users["prospero"]).post(url)
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {"v": undone + 1, "undoes": undone}
    game = Game.objects.get(pk=game_id)
    assert game.state["board"]["turn"] == 1
    assert _without_seq(game.state) == _without_seq(before_state)
    # Every written order is back, the last nation's too (it wrote, then said ready).
    (group, book), = game.orders.items()
    assert {order["seat"] for order in book.values()} == set(seats)
    assert {d: o for d, o in book.items() if o["seat"] != seats[-1]} == before_orders[group]
    steps = list(ActionRecord.objects.filter(game_id=game_id).order_by("seq")
                 .values_list("seq", "kind", "action", "by"))
    assert steps[-2][:2] == (undone, "ready")                # the resolution stays
    assert steps[-1] == (undone + 1, "rollback", {"undoes": undone}, "gm")
    log = api(users["iago"]).get(f"/api/games/{game_id}/record").json()
    assert [e["kind"] for e in log["actions"]][-2:] == ["ready", "rollback"]
    assert log["gm_log"][-1]["command"] == "rollback"
    assert "orders" not in json.dumps(log["gm_log"][-1])     # nothing hidden in the GM log
    assert verify_game(game).status == "ok", verify_game(game)

    # Twice in a row: nothing to roll back.
    kept = _unchanged(game_id)
    _refused(api(users["prospero"]).post(url), 409, "gm/nothing_to_roll_back")
    assert _unchanged(game_id) == kept

    # The last nation says ready again: the same orders resolve the same way.
    _ready(api, game_id, holders, seats[-1], "r1-again")
    again = Game.objects.get(pk=game_id)
    assert again.state["board"]["turn"] == 2
    assert _without_seq(again.state) == _without_seq(resolved.state)
    assert verify_game(again).status == "ok"


def test_23_gm_rollback_refused_once_anyone_acted_on_the_new_turn(api, table):
    game_id, holders, users = table
    for seat in sorted(holders):
        _ready(api, game_id, holders, seat, f"r1-{seat}")
    assert Game.objects.get(pk=game_id).state["board"]["turn"] == 2
    state = Game.objects.get(pk=game_id).state
    d = next(d for d in decisions(TWTEAW, state) if "france" in d.seats)
    hold = TWTEAW.options(state, "france", d, None)[0]["action"]
    assert api(holders["france"]).post(f"/api/games/{game_id}/orders", {
        "seat": "france", "decision": d.id, "action": hold}, format="json").status_code == 200
    kept, logged = _unchanged(game_id), OrderLog.objects.filter(game_id=game_id).count()
    _refused(api(users["prospero"]).post(f"/api/games/{game_id}/gm/rollback"), 409, "gm/acted_on")
    assert _unchanged(game_id) == kept
    assert OrderLog.objects.filter(game_id=game_id).count() == logged



def _ms(moment):
    return int(moment.timestamp() * 1000)


def test_23_ruling_65_a_turn_resolved_at_its_deadline_rolls_back_with_a_fresh_deadline(
        api, table):
    """Spain writes nothing; its deadline passes and the sweeper resolves the turn with its
    defaults, counting the miss. Turn 2 gives Spain a full period from that sweep (not the
    deadline just passed). The GM rolls the turn back: Spain writes again, with a full period
    from the roll-back; its miss is taken back; a sweep before that deadline resolves nothing;
    Spain's own orders then resolve the turn."""
    game_id, holders, users = table
    seats = sorted(holders)
    assert seats[-1] == "spain"
    for seat in seats[:-1]:
        _ready(api, game_id, holders, seat, f"r1-{seat}")
    waiting = Game.objects.get(pk=game_id)
    period = waiting.live["period"]
    passed = waiting.live["deadlines"]["spain"]
    late = timezone.now() + dt.timedelta(hours=25)
    assert _ms(late) > passed
    deadlines.run_due(now=late)
    resolved = Game.objects.get(pk=game_id)
    assert resolved.state["board"]["turn"] == 2 and resolved.live["missed"]["spain"] == 1
    last = ActionRecord.objects.filter(game_id=game_id).order_by("-seq").first()
    assert (last.kind, last.by, last.seat) == ("ready", "timeout", "spain")
    # The seat the sweeper answered gets its next turn's full period, like every other (from
    # the sweep's own clock), not the deadline that has just passed.
    assert resolved.live["deadlines"]["spain"] == resolved.live["deadlines"]["france"] > passed

    start = _ms(timezone.now())
    answer = api(users["prospero"]).post(f"/api/games/{game_id}/gm/rollback")
    assert answer.status_code == 200, answer.json()
    end = _ms(timezone.now())
    game = Game.objects.get(pk=game_id)
    assert game.state["board"]["turn"] == 1 and game.live["running"] == ["spain"]
    assert start + period <= game.live["deadlines"]["spain"] <= end + period
    assert game.live["missed"]["spain"] == 0
    assert game.due <= dt.datetime.fromtimestamp((end + period) / 1000, tz=dt.timezone.utc)
    assert verify_game(game).status == "ok"

    # A sweep an hour on (the passed deadline long gone) resolves nothing.
    deadlines.run_due(now=timezone.now() + dt.timedelta(hours=1))
    assert Game.objects.get(pk=game_id).state["board"]["turn"] == 1
    _ready(api, game_id, holders, "spain", "r1-spain-again")
    again = Game.objects.get(pk=game_id)
    assert again.state["board"]["turn"] == 2 and again.live["missed"]["spain"] == 0
    last = ActionRecord.objects.filter(game_id=game_id).order_by("-seq").first()
    assert (last.kind, last.by, last.seat) == ("ready", "user", "spain")
