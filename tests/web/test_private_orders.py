"""Private written orders on the platform (issue #23, fog of war): the toy duel with
`written_orders` and `private_orders`, over REST. Red's bid reaches red's audiences only —
before the group resolves and after it — in the game view, the log, the replay and the record
(its actions and its orders log); the spectators and blue never get it."""

from __future__ import annotations

import pytest

from boardgame.play import services
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel.record import replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(api, make_table, hamlet, othello):
    """hamlet (red) and othello (blue), a duel of private written bids, started."""
    table = make_table(hamlet, options={"rounds": 1, "written_orders": True,
                                        "private_orders": True})
    tid = table["id"]
    for user, seat in ((hamlet, "red"), (othello, "blue")):
        assert api(user).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
        assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    started = api(hamlet).post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.json()
    return started.json()["game"]


def _write_and_ready(api, user, game_id, seat, card, cid):
    written = api(user).post(f"/api/games/{game_id}/orders",
                             {"seat": seat, "decision": f"r1-bid-{seat}",
                              "action": {"card": card}}, format="json")
    assert written.status_code == 200, written.json()
    done = api(user).post(f"/api/games/{game_id}/ready",
                          {"seat": seat, "group": "r1-bids", "ready": True, "cid": cid},
                          format="json")
    assert done.status_code == 200, done.json()


def _red_orders_seen(client, game_id):
    """Every place red's bid could show to `client`: (record orders, orders log, log events,
    replay events) that carry it."""
    record = client.get(f"/api/games/{game_id}/record").json()
    in_record = [a for a in record["actions"] for d in ((a.get("action") or {}).get("orders")
                                                        or {}) if d == "r1-bid-red"]
    in_orders_log = [e for e in record.get("orders_log", []) if e["seat"] == "red"]
    log = client.get(f"/api/games/{game_id}/log").json()["entries"]
    replayed = client.get(f"/api/games/{game_id}/replay/0?through=2").json()
    events = log + [e for step in replayed["steps"] for e in step["events"]]
    in_events = [e for e in events if e["kind"] == "private_answers"
                 and e["data"]["seat"] == "red"]
    in_events += [a for e in events if e["kind"] == "answers_revealed"
                  for a in e["data"]["answers"] if a["seat"] == "red"]
    return in_record, in_orders_log, in_events


def test_23_private_orders_reach_only_their_seat_over_rest(api, duel, hamlet, othello):
    red_card = Game.objects.get(pk=duel).state["secret"]["red"]["hand"][0]
    blue_card = Game.objects.get(pk=duel).state["secret"]["blue"]["hand"][-1]
    _write_and_ready(api, hamlet, duel, "red", red_card, "c1")
    for client in (api(othello), api()):        # red is ready, the group is open
        seen = client.get(f"/api/games/{duel}/").json()
        assert seen["orders"] == {}
        assert _red_orders_seen(client, duel) == ([], [], [])
    _write_and_ready(api, othello, duel, "blue", blue_card, "c2")      # resolves the group
    game = Game.objects.get(pk=duel)
    assert game.version == 2 and "ready" not in game.state["kernel"]
    for client in (api(othello), api()):        # resolved: still nothing of red's bid
        assert _red_orders_seen(client, duel) == ([], [], []), client
    in_record, in_orders_log, in_events = _red_orders_seen(api(hamlet), duel)
    assert in_record and [e["action"] for e in in_orders_log] == [{"card": red_card}]
    assert {"kind": "private_answers", "rule": "toy 1", "audience": "seat:red",
            "data": {"group": "r1-bids", "seat": "red",
                     "answers": [{"decision": "r1-bid-red", "action": {"card": red_card}}]},
            "v": 2} in in_events
    # The server's own record keeps every order, and replays.
    record = services.with_orders_log(services.full_record(game), game, None)
    assert replay(record, rulesets.get("toy_skirmish")).actions == 2
