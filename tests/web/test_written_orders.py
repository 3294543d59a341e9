"""Written orders on the platform (issue #15): the toy duel with `written_orders`, over REST.

Orders are written, replaced and withdrawn without a step (the version stays, the other seat
and spectators see nothing of them, not even in the record); "ready" is a step; the last ready
reveals and resolves the group; a late seat's orders stand with defaults for the gaps; bad
input is refused with a clear code and changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from boardgame.play import deadlines, services
from boardgame.play.models import ActionRecord, Game, OrderLog
from engine import rulesets
from engine.kernel.errors import ReplayMismatch
from engine.kernel.record import replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(api, make_table, hamlet, othello):
    """hamlet (red) and othello (blue), a duel of written bids, started."""
    table = make_table(hamlet, options={"rounds": 2, "written_orders": True})
    tid = table["id"]
    for user, seat in ((hamlet, "red"), (othello, "blue")):
        assert api(user).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
        assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    started = api(hamlet).post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.json()
    return started.json()["game"]


def hand(game_id, seat):
    return Game.objects.get(pk=game_id).state["secret"][seat]["hand"]


def order(api, user, game_id, seat, card, **extra):
    return api(user).post(f"/api/games/{game_id}/orders",
                          {"seat": seat, "decision": f"r1-bid-{seat}", "action": {"card": card},
                           **extra}, format="json")


def ready(api, user, game_id, seat, value=True, cid="c1"):
    return api(user).post(f"/api/games/{game_id}/ready",
                          {"seat": seat, "group": "r1-bids", "ready": value, "cid": cid},
                          format="json")


def test_15_orders_are_private_and_make_no_version(api, duel, hamlet, othello):
    low, high = hand(duel, "red")[0], hand(duel, "red")[-1]
    first = order(api, hamlet, duel, "red", low)
    assert first.status_code == 200, first.json()
    assert first.json() == {"seat": "red", "v": 0, "orders": {"r1-bid-red": {"card": low}}}
    assert order(api, hamlet, duel, "red", high).json()["orders"] == {
        "r1-bid-red": {"card": high}}
    assert Game.objects.get(pk=duel).version == 0
    mine = api(hamlet).get(f"/api/games/{duel}/").json()
    assert mine["orders"] == {"red": {"r1-bid-red": {"card": high}}}
    for other in (api(othello), api()):
        seen = other.get(f"/api/games/{duel}/").json()
        assert seen["orders"] == {} and seen["version"] == 0
        assert seen["view"]["decisions"]["r1-bid-red"]["ready"] == []
        record = other.get(f"/api/games/{duel}/record").json()
        assert record["actions"] == [] and "orders_log" not in record   # not even a count
    own = api(hamlet).get(f"/api/games/{duel}/record").json()["orders_log"]
    assert [(e["kind"], e["action"]) for e in own] == [("write", {"card": low}),
                                                      ("write", {"card": high})]


def test_15_ready_is_a_step_and_the_last_ready_resolves_the_group(api, duel, hamlet, othello):
    red, blue = hand(duel, "red")[-1], hand(duel, "blue")[0]
    order(api, hamlet, duel, "red", red)
    answer = ready(api, hamlet, duel, "red")
    assert answer.status_code == 200 and answer.json()["v"] == 1
    public = api().get(f"/api/games/{duel}/").json()
    assert public["view"]["decisions"]["r1-bid-blue"]["ready"] == ["red"]
    redacted = api(othello).get(f"/api/games/{duel}/record").json()["actions"][0]
    assert redacted["kind"] == "ready" and redacted["action"] is None and redacted["redacted"]
    # Ready, red may still revise, privately; blue writes and is ready: all revealed.
    revised = hand(duel, "red")[0]
    order(api, hamlet, duel, "red", revised)
    order(api, othello, duel, "blue", blue)
    last = ready(api, othello, duel, "blue", cid="c2")
    assert last.status_code == 200 and last.json()["v"] == 2
    game = Game.objects.get(pk=duel)
    revealed = next(e for e in ActionRecord.objects.get(game=game, seq=2).events
                    if e["kind"] == "answers_revealed")
    assert {a["seat"]: a["action"]["card"] for a in revealed["data"]["answers"]} == {
        "red": revised, "blue": blue}
    assert game.orders == {} and "ready" not in game.state["kernel"]
    late = order(api, hamlet, duel, "red", red)          # a revision after the resolution
    assert late.status_code == 409 and late.json()["error"]["code"] == "action/stale"
    # Resolved: the whole history of the group is in everyone's record, revision included.
    log = api().get(f"/api/games/{duel}/record").json()["orders_log"]
    assert [(e["seat"], e["action"]["card"]) for e in log] == [
        ("red", red), ("red", revised), ("blue", blue)]
    # Replay checks the orders log against the orders the group resolved with.
    record = services.with_orders_log(services.full_record(game), game, None)
    assert replay(record, rulesets.get("toy_skirmish")).actions == 2
    record["orders_log"][1]["action"] = {"card": red}    # as if red had never revised
    with pytest.raises(ReplayMismatch, match="orders log"):
        replay(record, rulesets.get("toy_skirmish"))


def test_15_bad_orders_are_refused_and_change_nothing(api, duel, hamlet, othello):
    card = hand(duel, "red")[0]
    order(api, hamlet, duel, "red", card)
    before = (Game.objects.get(pk=duel).orders, OrderLog.objects.count())
    cases = [
        (order(api, othello, duel, "red", card), 403, "auth/not_your_seat"),
        (order(api, hamlet, duel, "red", 99), 409, None),
        (api(hamlet).post(f"/api/games/{duel}/orders", {"seat": "red", "decision": "r1-bid-red"},
                          format="json"), 400, "request/invalid"),
        (api(hamlet).post(f"/api/games/{duel}/orders", {"seat": "red", "decision": "r9-x",
                                                        "action": {"card": card}},
                          format="json"), 409, "action/stale"),
        (ready(api, othello, duel, "blue"), 409, None),            # blue wrote no order
        (ready(api, othello, duel, "red", cid="c7"), 403, "auth/not_your_seat"),
        (ready(api, hamlet, duel, "red", value="yes"), 400, "request/invalid"),
        (api(hamlet).post(f"/api/games/{duel}/ready", {"seat": "red", "group": "r7-bids",
                                                       "ready": True, "cid": "c9"},
                          format="json"), 409, None),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.json()
        if code:
            assert response.json()["error"]["code"] == code, response.json()
    assert (Game.objects.get(pk=duel).orders, OrderLog.objects.count()) == before
    assert Game.objects.get(pk=duel).version == 0
    ready(api, hamlet, duel, "red")
    withdraw = api(hamlet).post(f"/api/games/{duel}/orders",
                                {"seat": "red", "decision": "r1-bid-red", "withdraw": True},
                                format="json")
    assert withdraw.status_code == 409, withdraw.json()       # ready: "not ready" first
    assert ready(api, hamlet, duel, "red", value=False, cid="c3").status_code == 200
    gone = api(hamlet).post(f"/api/games/{duel}/orders",
                            {"seat": "red", "decision": "r1-bid-red", "withdraw": True},
                            format="json")
    assert gone.status_code == 200 and gone.json()["orders"] == {}


def test_15_a_late_seat_keeps_its_orders_and_the_gaps_get_defaults(api, duel, hamlet, othello):
    high = hand(duel, "red")[-1]
    order(api, hamlet, duel, "red", high)
    deadlines.initialise_new_games()          # as the sweeper does for a new game
    game = Game.objects.get(pk=duel)
    assert sorted(game.live["running"]) == ["blue", "red"]
    ready(api, hamlet, duel, "red")
    game = Game.objects.get(pk=duel)
    assert game.live["running"] == ["blue"]                  # red is ready: its clock stops
    later = timezone.now() + dt.timedelta(days=30)
    deadlines.run_due(now=later)
    game = Game.objects.get(pk=duel)
    resolving = ActionRecord.objects.filter(game=game, kind="ready").last()
    assert resolving.by == "timeout" and resolving.seat == "blue"
    revealed = next(e for e in resolving.events if e["kind"] == "answers_revealed")
    assert {a["seat"] for a in revealed["data"]["answers"]} == {"red", "blue"}
    assert next(a for a in revealed["data"]["answers"] if a["seat"] == "red")["action"] == {
        "card": high}
    assert OrderLog.objects.filter(game=game, seat="blue", kind="write").exists()


def test_15_my_games_says_orders_in_and_ready(api, duel, hamlet, othello, client):
    client.force_login(hamlet)
    page = lambda: client.get("/my/games/").content.decode()  # noqa: E731
    assert "Your move" in page()
    order(api, hamlet, duel, "red", hand(duel, "red")[0])
    assert "Orders in — not ready" in page()
    ready(api, hamlet, duel, "red")
    assert "Ready — waiting for the others" in page() and "Your move" not in page()
    client.force_login(othello)
    assert "Your move" in page()
