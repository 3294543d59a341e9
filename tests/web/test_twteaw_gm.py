"""The game master of The War to End All Wars (issue #23, boardgame/play/gm.py), over REST.

prospero hosts a 9-nation table without a seat (so he is the GM by default); hamlet holds the
Central Powers, othello the Allies, four more players the neutrals; iago watches. Each GM
command is tried by the GM (it works, it is in the record) and by someone else or with bad
input (refused, nothing changed). The leak test: what France, the spectator and the record
hold is byte-identical before and after the GM's private look at Germany and its proxy orders
for Germany, and those send nothing to any other audience than Germany's own.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone

from boardgame.play import broadcast, deadlines
from boardgame.play.models import ActionRecord, Game, GmCommand, OrderLog
from engine import rulesets
from engine.kernel import decisions
from tests.live.helpers import start_game

pytestmark = pytest.mark.django_db

TWTEAW = rulesets.get("twteaw")
CENTRAL = ("austria_hungary", "germany")
ALLIED = ("france", "russia", "serbia")
NEUTRALS = ("britain", "italy", "ottoman_empire", "spain")


@pytest.fixture
def prospero(make_user):
    return make_user("prospero")


def _start(make_user, prospero, hamlet, othello, *, disorder_after=2):
    holders = {**{s: hamlet for s in CENTRAL}, **{s: othello for s in ALLIED},
               **{s: make_user(f"neutral_{s}") for s in NEUTRALS}}
    game = start_game(prospero, holders, title="1914", ruleset="twteaw", scenario="europe-1914",
                      options={"turns": 3}, allow_multiple_seats=True, pace="async",
                      deadline_hours=24, disorder_after=disorder_after)
    deadlines.initialise_new_games()
    return game.pk, holders


@pytest.fixture
def table(make_user, prospero, hamlet, othello):
    return _start(make_user, prospero, hamlet, othello)


def _decision(game_id, seat):
    state = Game.objects.get(pk=game_id).state
    return next(d for d in decisions(TWTEAW, state) if seat in d.seats)


def _write_and_ready(api, game_id, holders, seats):
    for seat in seats:
        d = _decision(game_id, seat)
        state = Game.objects.get(pk=game_id).state
        action = TWTEAW.options(state, seat, d, None)[0]["action"]
        assert api(holders[seat]).post(f"/api/games/{game_id}/orders", {
            "seat": seat, "decision": d.id, "action": action},
            format="json").status_code == 200
        assert api(holders[seat]).post(f"/api/games/{game_id}/ready", {
            "seat": seat, "group": d.group, "ready": True, "cid": f"r-{seat}-{d.id}"},
            format="json").status_code == 200


def _germany_misses_turn_1(api, game_id, holders):
    """Every nation but Germany writes and is ready; Germany's deadline passes."""
    _write_and_ready(api, game_id, holders, [s for s in holders if s != "germany"])
    deadlines.run_due(now=timezone.now() + dt.timedelta(hours=25))
    game = Game.objects.get(pk=game_id)
    assert game.state["board"]["turn"] == 2 and game.live["missed"]["germany"] == 1


def _refused(response, status, code):
    assert response.status_code == status, response.json()
    assert response.json()["error"]["code"] == code, response.json()


def _unchanged(game_id):
    game = Game.objects.get(pk=game_id)
    return (json.dumps(game.live, sort_keys=True), game.version, json.dumps(game.orders),
            GmCommand.objects.filter(game_id=game_id).count(), OrderLog.objects.count())


def test_23_gm_is_the_host_without_a_seat_and_the_host_may_name_another(
        api, table, prospero, hamlet, iago):
    game_id, _holders = table
    state = api(iago).get(f"/api/games/{game_id}/gm").json()
    assert state["gm"] == "prospero" and state["is_gm"] is False
    assert api(prospero).get(f"/api/games/{game_id}/gm").json()["is_gm"] is True
    assert api(iago).get(f"/api/games/{game_id}/").json()["gm"] == "prospero"
    before = _unchanged(game_id)
    _refused(api(hamlet).post(f"/api/games/{game_id}/gm/appoint", {"username": "iago"},
                              format="json"), 403, "auth/not_host")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": "hamlet"},
                                format="json"), 409, "gm/is_a_nation")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": "nobody"},
                                format="json"), 404, "user/not_found")
    assert _unchanged(game_id) == before
    named = api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": "iago"},
                               format="json")
    assert named.status_code == 200 and named.json()["gm"] == "iago"
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/pause", {}, format="json"),
             403, "auth/not_gm")                                 # the host is GM no longer
    back = api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": None},
                              format="json")
    assert back.json()["gm"] == "prospero"
    log = api(hamlet).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["by"], e["command"], e["detail"]) for e in log] == [
        ("prospero", "appoint", {"gm": "iago"}), ("prospero", "appoint", {"gm": None})]


def test_23_gm_pauses_alone_and_only_the_gm_resumes(api, table, prospero, hamlet):
    game_id, _holders = table
    before = _unchanged(game_id)
    _refused(api(hamlet).post(f"/api/games/{game_id}/gm/pause", {}, format="json"),
             403, "auth/not_gm")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/pause", {"hours": 0},
                                format="json"), 400, "request/invalid")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/resume"), 409, "game/not_paused")
    assert _unchanged(game_id) == before
    paused = api(prospero).post(f"/api/games/{game_id}/gm/pause", {"hours": 6},
                                format="json")
    assert paused.status_code == 200 and paused.json()["paused"] is True
    assert paused.json()["gm_until"] is not None
    d = _decision(game_id, "germany")
    _refused(api(hamlet).post(f"/api/games/{game_id}/orders", {
        "seat": "germany", "decision": d.id, "action": {}}, format="json"), 409, "game/paused")
    before = _unchanged(game_id)
    _refused(api(hamlet).post(f"/api/games/{game_id}/pause", {"pause": False},
                              format="json"), 409, "game/gm_paused")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/pause", {}, format="json"),
             409, "game/paused")
    assert _unchanged(game_id) == before
    resumed = api(prospero).post(f"/api/games/{game_id}/gm/resume")
    assert resumed.status_code == 200 and resumed.json()["paused"] is False
    log = api(hamlet).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["by"], e["command"]) for e in log] == [("prospero", "pause"),
                                                     ("prospero", "resume")]


def test_23_a_gm_pause_ends_by_itself_at_its_limit(api, table, prospero, hamlet):
    game_id, _holders = table
    deadline = Game.objects.get(pk=game_id).live["deadlines"]["germany"]
    api(prospero).post(f"/api/games/{game_id}/gm/pause", {"hours": 2}, format="json")
    game = Game.objects.get(pk=game_id)
    assert game.due is not None and game.live["paused"]
    deadlines.run_due(now=timezone.now() + dt.timedelta(hours=1))
    assert Game.objects.get(pk=game_id).live["paused"] is True       # not yet
    deadlines.run_due(now=timezone.now() + dt.timedelta(hours=3))
    game = Game.objects.get(pk=game_id)
    assert game.live["paused"] is False and "gm_until" not in game.live
    assert game.live["deadlines"]["germany"] > deadline               # the pause was added
    assert game.state["board"]["turn"] == 1                           # no deadline passed
    log = api(hamlet).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["by"], e["command"]) for e in log] == [("prospero", "pause"),
                                                     ("timeout", "resume:timeout")]


def test_23_gm_extends_one_nations_deadline(api, table, prospero, hamlet):
    game_id, _holders = table
    before_live = Game.objects.get(pk=game_id).live["deadlines"]
    before = _unchanged(game_id)
    _refused(api(hamlet).post(f"/api/games/{game_id}/gm/extend", {"hours": 5},
                              format="json"), 403, "auth/not_gm")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/extend",
                                {"hours": 5, "seat": "atlantis"}, format="json"),
             404, "game/seat_not_found")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/extend", {"hours": 500},
                                format="json"), 400, "request/invalid")
    assert _unchanged(game_id) == before
    done = api(prospero).post(f"/api/games/{game_id}/gm/extend",
                              {"hours": 5, "seat": "germany"}, format="json")
    assert done.status_code == 200
    after = Game.objects.get(pk=game_id).live["deadlines"]
    assert after["germany"] == before_live["germany"] + 5 * 3_600_000
    assert {s: v for s, v in after.items() if s != "germany"} == {
        s: v for s, v in before_live.items() if s != "germany"}
    entry = api(hamlet).get(f"/api/games/{game_id}/record").json()["gm_log"][-1]
    assert (entry["command"], entry["seat"], entry["detail"]) == ("extend", "germany",
                                                                   {"hours": 5})


def test_23_gm_proxy_orders_for_an_absent_nation_go_through_its_own_validation(
        api, table, prospero, hamlet, othello):
    game_id, holders = table
    d = _decision(game_id, "germany")
    before = _unchanged(game_id)
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "decision": d.id, "action": {}}, format="json"),
        409, "game/not_absent")                           # Germany has missed nothing yet
    _refused(api(prospero).get(f"/api/games/{game_id}/gm/look?seat=germany"),
             409, "game/not_absent")
    assert _unchanged(game_id) == before
    _germany_misses_turn_1(api, game_id, holders)
    assert "germany" in api(prospero).get(f"/api/games/{game_id}/gm").json()["absent"]
    d = _decision(game_id, "germany")
    before = _unchanged(game_id)
    _refused(api(othello).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "decision": d.id, "action": {}}, format="json"), 403, "auth/not_gm")
    illegal = api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "decision": d.id,
        "action": {"build": [{"unit": "infantry", "at": "paris", "count": 1}]}}, format="json")
    assert illegal.status_code == 409 and illegal.json()["error"]["code"] == "action/illegal"
    assert illegal.json()["error"]["data"]["rule"]                   # cited, as for Germany
    assert _unchanged(game_id) == before
    state = Game.objects.get(pk=game_id).state
    action = TWTEAW.options(state, "germany", d, None)[0]["action"]
    written = api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "decision": d.id, "action": action}, format="json")
    assert written.status_code == 200, written.json()
    entry = OrderLog.objects.filter(game_id=game_id, seat="germany").last()
    assert entry.by_user.get_username() == "prospero" and entry.kind == "write"
    assert api(hamlet).get(f"/api/games/{game_id}/").json()["orders"]["germany"]  # its own
    ready = api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "group": d.group, "ready": True, "cid": "gm-1"}, format="json")
    assert ready.status_code == 200, ready.json()
    step = ActionRecord.objects.filter(game_id=game_id, kind="ready").last()
    assert step.by == "gm" and step.by_user.get_username() == "prospero"
    assert step.seat == "germany" and step.action["ready"] is True
    log = api(othello).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["command"], e["seat"], e["detail"]) for e in log] == [
        ("proxy", "germany", {}), ("proxy_ready", "germany", {})]
    # A nation that wrote its own orders is not absent: no proxy for it.
    d = _decision(game_id, "france")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "france", "decision": d.id, "action": {}}, format="json"),
        409, "game/not_absent")


def test_23_a_gm_look_and_proxy_leak_nothing_to_nations_or_spectators(
        api, table, prospero, hamlet, othello, iago, monkeypatch):
    game_id, holders = table
    _germany_misses_turn_1(api, game_id, holders)
    # othello holds France with Russia and Serbia; a lone French player sees France's view.
    sent: list = []
    monkeypatch.setattr(broadcast, "send_messages", lambda messages: sent.extend(messages))

    def seen():
        out = []
        for user in (othello, iago, holders["britain"]):
            view = api(user).get(f"/api/games/{game_id}/").json()
            record = api(user).get(f"/api/games/{game_id}/record").json()
            record.pop("gm_log", None)   # the public fact of the GM's command, checked below
            out.append(json.dumps([view, record], sort_keys=True))
        return out

    before = seen()
    look = api(prospero).get(f"/api/games/{game_id}/gm/look?seat=germany")
    assert look.status_code == 200 and look.json()["audience"] == "seat:germany"
    assert look.json()["view"] != api(iago).get(f"/api/games/{game_id}/").json()["view"]
    assert sent == []                                     # a look sends nothing to anyone
    assert seen() == before
    d = _decision(game_id, "germany")
    state = Game.objects.get(pk=game_id).state
    action = TWTEAW.options(state, "germany", d, None)[0]["action"]
    assert api(prospero).post(f"/api/games/{game_id}/gm/proxy", {
        "seat": "germany", "decision": d.id, "action": action},
        format="json").status_code == 200
    assert {group for group, _ in sent} == {f"game.{game_id}.seat.germany",
                                           f"game.{game_id}.side.central"}
    assert seen() == before                               # sealed as Germany's own orders
    log = api(iago).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["command"], e["seat"], e["detail"]) for e in log] == [
        ("look", "germany", {}), ("proxy", "germany", {})]
    assert "view" not in json.dumps(log) and json.dumps(action) not in json.dumps(log)
    # The GM itself watches as a spectator does: no seat's view, no orders.
    mine = api(prospero).get(f"/api/games/{game_id}/").json()
    assert mine["audience"] == "public" and mine["orders"] == {}


def test_23_gm_fills_a_seat_in_disorder_from_the_pool(
        api, make_user, prospero, hamlet, othello, iago):
    game_id, holders = _start(make_user, prospero, hamlet, othello, disorder_after=1)
    _germany_misses_turn_1(api, game_id, holders)
    assert Game.objects.get(pk=game_id).live["disorder"] == ["germany"]
    before = _unchanged(game_id)
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/fill",
                                {"seat": "germany", "username": "iago"}, format="json"),
             409, "gm/not_in_pool")
    _refused(api(othello).post(f"/api/games/{game_id}/gm/pool", {"join": True},
                               format="json"), 409, "game/already_seated")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/pool", {"join": True},
                                format="json"), 409, "gm/is_gm")
    assert _unchanged(game_id) == before
    joined = api(iago).post(f"/api/games/{game_id}/gm/pool", {"join": True}, format="json")
    assert joined.json()["pool"] == ["iago"]
    before = _unchanged(game_id)
    _refused(api(hamlet).post(f"/api/games/{game_id}/gm/fill",
                              {"seat": "germany", "username": "iago"}, format="json"),
             403, "auth/not_gm")
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/fill",
                                {"seat": "france", "username": "iago"}, format="json"),
             409, "game/not_in_disorder")
    assert _unchanged(game_id) == before
    filled = api(prospero).post(f"/api/games/{game_id}/gm/fill",
                                {"seat": "germany", "username": "iago"}, format="json")
    assert filled.status_code == 200, filled.json()
    assert filled.json()["replaced"] == {"seat": "germany", "player": "iago",
                                         "previous": "hamlet"}
    game = Game.objects.get(pk=game_id)
    assert "germany" not in game.live["disorder"] and game.live["pool"] == []
    assert api(iago).get(f"/api/games/{game_id}/").json()["my_seats"] == ["germany"]
    entry = api(othello).get(f"/api/games/{game_id}/record").json()["gm_log"][-1]
    assert (entry["by"], entry["command"], entry["seat"], entry["detail"]) == (
        "prospero", "fill", "germany", {"player": "iago", "previous": "hamlet"})


def test_23_a_table_whose_host_plays_has_no_gm_until_one_is_named(
        api, make_user, hamlet, othello, iago):
    game_id, _holders = _start(make_user, hamlet, hamlet, othello)   # hamlet hosts and plays
    assert api(iago).get(f"/api/games/{game_id}/gm").json()["gm"] is None
    _refused(api(hamlet).post(f"/api/games/{game_id}/gm/pause", {}, format="json"),
             403, "auth/not_gm")
    assert api(hamlet).post(f"/api/games/{game_id}/gm/appoint", {"username": "iago"},
                            format="json").json()["gm"] == "iago"
    assert api(iago).post(f"/api/games/{game_id}/gm/pause", {},
                          format="json").status_code == 200


def test_23_ruling_61_a_gm_who_saw_a_nation_never_plays_one(
        api, make_user, prospero, hamlet, othello, iago):
    """Iago, named GM, looks at absent Germany; named off again, he may volunteer, but
    neither the GM's fill nor the host's replacement seats him, and the GM of the moment is
    refused too. Each refusal changes nothing."""
    game_id, holders = _start(make_user, prospero, hamlet, othello, disorder_after=1)
    _germany_misses_turn_1(api, game_id, holders)
    assert api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": "iago"},
                              format="json").json()["gm"] == "iago"
    assert api(iago).get(f"/api/games/{game_id}/gm/look?seat=germany").status_code == 200
    assert api(prospero).post(f"/api/games/{game_id}/gm/appoint", {"username": None},
                              format="json").json()["gm"] == "prospero"
    assert api(iago).post(f"/api/games/{game_id}/gm/pool", {"join": True},
                          format="json").json()["pool"] == ["iago"]
    before = _unchanged(game_id)
    _refused(api(prospero).post(f"/api/games/{game_id}/gm/fill",
                                {"seat": "germany", "username": "iago"}, format="json"),
             409, "gm/saw_a_nation")
    _refused(api(prospero).post(f"/api/games/{game_id}/seats/germany/replace",
                                {"username": "iago"}, format="json"),
             409, "gm/saw_a_nation")
    _refused(api(prospero).post(f"/api/games/{game_id}/seats/germany/replace",
                                {"username": "prospero"}, format="json"),
             409, "gm/is_gm")
    assert _unchanged(game_id) == before
    # the host's take-over of a bot's seat asks the same question
    assert api(prospero).post(f"/api/games/{game_id}/seats/germany/replace", {"bot": 0},
                              format="json").status_code == 200
    before = _unchanged(game_id)
    _refused(api(prospero).post(f"/api/games/{game_id}/seats/germany/take-over",
                                {"username": "iago"}, format="json"), 409, "gm/saw_a_nation")
    assert _unchanged(game_id) == before
    assert api(iago).get(f"/api/games/{game_id}/").json()["my_seats"] == []


def test_23_gm_reads_an_absent_nations_order_sets_and_checks_a_draft_as_the_nation_would(
        api, table, prospero, hamlet, othello):
    """The GM's options (`gm/options`): for absent Germany the same order sets Germany's own
    player gets, and a draft checked by the same rules (normalised, or refused with its
    rule); for a nation that is not absent, or for anyone but the GM, a refusal that changes
    nothing. A reading is recorded as `options`, which ruling 61 counts as seeing the nation."""
    game_id, holders = table
    d = _decision(game_id, "germany")
    url = f"/api/games/{game_id}/gm/options"
    before = _unchanged(game_id)
    _refused(api(prospero).get(url, {"seat": "germany", "decision": d.id}), 409, "game/not_absent")
    assert _unchanged(game_id) == before
    _germany_misses_turn_1(api, game_id, holders)
    d = _decision(game_id, "germany")
    before = _unchanged(game_id)
    _refused(api(othello).get(url, {"seat": "germany", "decision": d.id}), 403, "auth/not_gm")
    _refused(api(prospero).get(url, {"seat": "germany", "decision": d.id, "query": "{"}),
             400, "request/invalid")
    assert _unchanged(game_id) == before

    offered = api(prospero).get(url, {"seat": "germany", "decision": d.id})
    assert offered.status_code == 200, offered.json()
    own = api(hamlet).get(f"/api/games/{game_id}/options",
                          {"seat": "germany", "decision": d.id}).json()["items"]
    assert offered.json()["items"] == own and own

    draft = own[0]["action"]
    checked = api(prospero).get(url, {"seat": "germany", "decision": d.id,
                                      "query": json.dumps({"check": draft})})
    assert checked.status_code == 200, checked.json()
    assert checked.json()["items"] == api(hamlet).get(
        f"/api/games/{game_id}/options", {"seat": "germany", "decision": d.id,
                                          "query": json.dumps({"check": draft})}).json()["items"]
    before = _unchanged(game_id)
    bad = {**draft, "build": [{"unit": "infantry", "at": "paris", "count": 1}]}
    refused = api(prospero).get(url, {"seat": "germany", "decision": d.id,
                                      "query": json.dumps({"check": bad})})
    assert refused.status_code == 409 and refused.json()["error"]["data"]["rule"], refused.json()
    assert _unchanged(game_id) == before
    log = api(othello).get(f"/api/games/{game_id}/record").json()["gm_log"]
    assert [(e["command"], e["seat"]) for e in log] == [("options", "germany"), ("options", "germany")]
    from boardgame.play import gmrecord
    game = Game.objects.get(pk=game_id)
    assert gmrecord.saw_a_nation(game, prospero)
