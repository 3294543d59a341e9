"""The API flow of the issue: register → token → create table → two users claim seats →
ready → start → the caller's audience view → the redacted record."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from boardgame.lobby.models import Seat, Table
from boardgame.play.models import Game, Snapshot
from engine import rulesets
from engine.kernel import commitment

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-and-unusual-passphrase"


def register(name: str) -> str:
    client = APIClient()
    response = client.post("/api/auth/register",
                            {"username": name, "email": f"{name}@example.org",
                             "password": PASSWORD}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["user"]["username"] == name
    token = APIClient().post("/api/auth/token", {"username": name, "password": PASSWORD},
                             format="json")
    assert token.status_code == 200, token.json()
    assert token.json()["token"] == response.json()["token"]
    return token.json()["token"]


def as_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_register_token_table_claim_ready_start_view_record():
    hamlet, othello = as_token(register("hamlet")), as_token(register("othello"))
    created = hamlet.post("/api/tables/", {"title": "Elsinore", "ruleset": "toy_skirmish",
                                           "scenario": "duel", "options": {"rounds": 2},
                                           "pace": "async", "deadline_hours": 24},
                          format="json")
    assert created.status_code == 201, created.json()
    table = created.json()
    assert table["state"] == "open" and table["options"] == {
        "rounds": 2, "written_orders": False, "private_orders": False}
    assert [s["seat"] for s in table["seats"]] == ["blue", "red"] or \
        sorted(s["seat"] for s in table["seats"]) == ["blue", "red"]
    assert table["pace"] == "async" and table["deadline_hours"] == 24
    tid = table["id"]

    assert hamlet.post(f"/api/tables/{tid}/seats/red/claim").json()["state"] == "open"
    full = othello.post(f"/api/tables/{tid}/seats/blue/claim").json()
    assert full["state"] == "full" and full["open_seats"] == []
    assert hamlet.post(f"/api/tables/{tid}/ready", {"ready": True}, format="json").status_code == 200
    assert othello.post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    started = hamlet.post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.json()
    assert started.json()["state"] == "started"
    gid = started.json()["game"]
    game = Game.objects.get(pk=gid)
    seed_hex = bytes(game.seed).hex()
    assert len(bytes(game.seed)) == 32 and game.commitment == commitment(bytes(game.seed))
    assert Snapshot.objects.filter(game=game, version=0).exists()
    assert seed_hex not in json.dumps(game.state)

    view = hamlet.get(f"/api/games/{gid}/")
    assert view.status_code == 200
    body = view.json()
    text = view.content.decode()
    assert body["audience"] == "seat:red" and body["my_seats"] == ["red"]
    assert body["commitment"] == game.commitment
    assert seed_hex not in text and "seed" not in body
    # Hidden hands: red sees its own hand, never blue's.
    assert "secret" not in body["view"] or set(body["view"]["secret"]) <= {"red"}
    blue_hand = game.state["secret"]["blue"]["hand"]
    red_hand = game.state["secret"]["red"]["hand"]
    assert json.dumps(red_hand) in json.dumps(body["view"])
    assert json.dumps({"blue": game.state["secret"]["blue"]}) not in text
    ruleset = rulesets.get("toy_skirmish")
    from engine.kernel import view as kernel_view
    assert body["view"] == json.loads(json.dumps(kernel_view(ruleset, game.state, "seat:red"),
                                                 default=str))
    if blue_hand != red_hand:
        assert body["view"] != json.loads(json.dumps(
            kernel_view(ruleset, game.state, "seat:blue")))

    # A spectator sees the public view.
    spectator = APIClient().get(f"/api/games/{gid}/")
    assert spectator.status_code == 200
    assert spectator.json()["audience"] == "public"
    assert spectator.json()["view"] == kernel_view(ruleset, game.state, "public")
    assert seed_hex not in spectator.content.decode()

    record = othello.get(f"/api/games/{gid}/record")
    assert record.status_code == 200
    doc = record.json()
    assert doc["format"] == "salient-record/1" and doc["seed"] is None
    assert doc["final_state_hash"] is None and doc["commitment"] == game.commitment
    assert {s["seat"]: s["player"] for s in doc["seats"]} == {"red": "hamlet",
                                                              "blue": "othello"}
    assert seed_hex not in record.content.decode()

    me = hamlet.get("/api/me/").json()
    assert [t["id"] for t in me["tables"]] == [tid]
    assert [g["id"] for g in me["games"]] == [gid] and me["games"][0]["my_seats"] == ["red"]


def test_finished_game_reveals_seed_in_record(started_game, api, othello):
    game = Game.objects.get(pk=started_game["game"])
    from django.utils import timezone
    Game.objects.filter(pk=game.pk).update(finished=timezone.now())
    doc = api(othello).get(f"/api/games/{game.pk}/record").json()
    assert doc["seed"] == bytes(game.seed).hex()
    assert doc["final_state_hash"]


def test_side_audience_for_two_seats_of_one_side(api, make_table, hamlet, othello, iago):
    table = make_table(hamlet, scenario="melee", allow_multiple_seats=True, auto_start=True)
    tid = table["id"]
    assert api(hamlet).post(f"/api/tables/{tid}/seats/red/claim").status_code == 200
    assert api(hamlet).post(f"/api/tables/{tid}/seats/blue/claim").status_code == 200
    assert api(iago).post(f"/api/tables/{tid}/seats/green/claim").status_code == 200
    api(hamlet).post(f"/api/tables/{tid}/ready", {}, format="json")
    started = api(iago).post(f"/api/tables/{tid}/ready", {}, format="json").json()
    assert started["state"] == "started", "auto-start when the last seat is ready"
    view = api(hamlet).get(f"/api/games/{started['game']}/").json()
    assert view["audience"] == "side:alpha" and view["my_seats"] == ["blue", "red"]


def test_single_seat_player_moves_instead_of_holding_two(api, make_table, hamlet):
    tid = make_table(hamlet, allow_multiple_seats=False)["id"]
    api(hamlet).post(f"/api/tables/{tid}/seats/red/claim")
    table = api(hamlet).post(f"/api/tables/{tid}/seats/blue/claim").json()
    holders = {s["seat"]: s["player"] for s in table["seats"]}
    assert holders == {"red": None, "blue": "hamlet"}


def test_release_kick_swap_and_edit(api, make_table, hamlet, othello, iago):
    tid = make_table(hamlet)["id"]
    api(othello).post(f"/api/tables/{tid}/seats/red/claim")
    api(iago).post(f"/api/tables/{tid}/seats/blue/claim")
    api(othello).post(f"/api/tables/{tid}/ready", {}, format="json")
    swapped = api(hamlet).post(f"/api/tables/{tid}/swap", {"seats": ["red", "blue"]},
                               format="json").json()
    assert {s["seat"]: s["player"] for s in swapped["seats"]} == {"red": "iago",
                                                                  "blue": "othello"}
    assert not any(s["ready"] for s in swapped["seats"])
    api(othello).post(f"/api/tables/{tid}/ready", {}, format="json")
    edited = api(hamlet).patch(f"/api/tables/{tid}/", {"options": {"rounds": 4},
                                                      "title": "Renamed"}, format="json")
    assert edited.status_code == 200, edited.json()
    assert edited.json()["options"] == {"rounds": 4, "written_orders": False,
                                        "private_orders": False}
    assert edited.json()["title"] == "Renamed"
    assert not any(s["ready"] for s in edited.json()["seats"]), "new options: all unready"
    kicked = api(hamlet).post(f"/api/tables/{tid}/seats/red/kick").json()
    assert kicked["state"] == "open"
    released = api(othello).post(f"/api/tables/{tid}/seats/blue/release").json()
    assert all(s["player"] is None for s in released["seats"])
    assert Seat.objects.filter(table_id=tid, user__isnull=False).count() == 0


def test_abandon(api, make_table, hamlet):
    tid = make_table(hamlet)["id"]
    assert api(hamlet).post(f"/api/tables/{tid}/abandon").json()["state"] == "abandoned"
    assert Table.objects.get(pk=tid).state == "abandoned"


def test_table_list_filters(api, make_table, hamlet, othello):
    live = make_table(hamlet, pace="live")
    slow = make_table(hamlet, pace="async")
    api(othello).post(f"/api/tables/{slow['id']}/seats/red/claim")
    api(hamlet).post(f"/api/tables/{slow['id']}/seats/blue/claim")
    ids = lambda q: [t["id"] for t in APIClient().get(f"/api/tables/{q}").json()["tables"]]
    assert set(ids("")) == {live["id"], slow["id"]}
    assert ids("?pace=async") == [slow["id"]]
    assert ids("?open_seats=true") == [live["id"]]
    assert ids("?ruleset=nothing") == []


def test_rulesets_endpoint_is_the_engine_manifests_with_their_bot_levels():
    response = APIClient().get("/api/rulesets/")
    assert response.status_code == 200
    listed = response.json()["rulesets"]
    assert [{k: v for k, v in m.items() if k != "bot_levels"} for m in listed] == json.loads(
        json.dumps(rulesets.manifests()))
    assert all(m["bot_levels"][:2] == [0, 1] for m in listed)


def test_session_login_logout_and_api_logout_revokes_token(hamlet):
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/auth/login", {"username": "hamlet",
                                               "password": "correct-horse-battery-staple"},
                           format="json")
    assert response.status_code == 200, response.json()
    csrf = response.json()["csrf_token"]
    assert client.get("/api/me/").json()["user"]["username"] == "hamlet"
    assert client.post("/api/auth/logout", HTTP_X_CSRFTOKEN=csrf).status_code == 200
    assert client.get("/api/me/").status_code == 401

    token = APIClient().post("/api/auth/token", {"username": "hamlet",
                                                 "password": "correct-horse-battery-staple"},
                             format="json").json()["token"]
    bot = as_token(token)
    assert bot.post("/api/auth/logout").status_code == 200
    assert bot.get("/api/me/").status_code == 401
