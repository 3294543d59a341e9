"""Bad input (issue 3): every refusal is a 4xx JSON error that says what is wrong, and nothing
in the database changes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from boardgame.lobby.models import Seat, Table
from boardgame.play.models import Game

pytestmark = pytest.mark.django_db


def snapshot() -> dict:
    """Everything a lobby call could change."""
    return {
        "tables": list(Table.objects.order_by("pk").values()),
        "seats": list(Seat.objects.order_by("pk").values()),
        "games": list(Game.objects.order_by("pk").values("pk", "version", "state")),
        "invited": list(Table.invited.through.objects.order_by("pk").values()),
        "users": list(get_user_model().objects.order_by("pk").values("pk", "username")),
        "tokens": list(Token.objects.order_by("pk").values()),
    }


def refused(response, status: int, code: str, *words: str) -> dict:
    assert response.status_code == status, (response.status_code, response.content)
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] == code, error
    assert set(error) == {"code", "message", "data"}
    for word in words:
        assert word.lower() in error["message"].lower(), (word, error["message"])
    return error


@pytest.fixture
def table(make_table, hamlet):
    return make_table(hamlet)


def test_unknown_table(api, hamlet):
    before = snapshot()
    refused(api(hamlet).get("/api/tables/999999/"), 404, "table/not_found", "999999")
    refused(api(hamlet).post("/api/tables/999999/seats/red/claim"), 404, "table/not_found")
    refused(api(hamlet).post("/api/tables/999999/start"), 404, "table/not_found")
    refused(api(hamlet).get("/api/games/999999/"), 404, "game/not_found")
    assert snapshot() == before


def test_unknown_seat(api, hamlet, table):
    before = snapshot()
    error = refused(api(hamlet).post(f"/api/tables/{table['id']}/seats/germany/claim"), 404,
                    "table/seat_not_found", "germany", "red")
    assert sorted(error["data"]["seats"]) == ["blue", "red"]
    assert snapshot() == before


def test_seat_already_taken(api, hamlet, othello, table):
    api(hamlet).post(f"/api/tables/{table['id']}/seats/red/claim")
    before = snapshot()
    error = refused(api(othello).post(f"/api/tables/{table['id']}/seats/red/claim"), 409,
                    "table/seat_taken", "red", "hamlet")
    assert error["data"]["seat"] == "red"
    assert snapshot() == before


def test_start_a_table_that_is_not_full(api, hamlet, table):
    api(hamlet).post(f"/api/tables/{table['id']}/seats/red/claim")
    api(hamlet).post(f"/api/tables/{table['id']}/ready", {}, format="json")
    before = snapshot()
    error = refused(api(hamlet).post(f"/api/tables/{table['id']}/start"), 409,
                    "table/not_full", "blue")
    assert error["data"]["open_seats"] == ["blue"]
    assert snapshot() == before


def test_start_when_not_everyone_is_ready(api, hamlet, othello, table):
    api(hamlet).post(f"/api/tables/{table['id']}/seats/red/claim")
    api(othello).post(f"/api/tables/{table['id']}/seats/blue/claim")
    api(hamlet).post(f"/api/tables/{table['id']}/ready", {}, format="json")
    before = snapshot()
    refused(api(hamlet).post(f"/api/tables/{table['id']}/start"), 409, "table/not_ready",
            "blue")
    assert snapshot() == before


def test_non_host_cannot_edit_start_kick_or_swap(api, hamlet, othello, table):
    tid = table["id"]
    api(hamlet).post(f"/api/tables/{tid}/seats/red/claim")
    before = snapshot()
    refused(api(othello).patch(f"/api/tables/{tid}/", {"options": {"rounds": 1}},
                               format="json"), 403, "table/not_host", "host")
    refused(api(othello).post(f"/api/tables/{tid}/start"), 403, "table/not_host")
    refused(api(othello).post(f"/api/tables/{tid}/seats/red/kick"), 403, "table/not_host")
    refused(api(othello).post(f"/api/tables/{tid}/swap", {"seats": ["red", "blue"]},
                              format="json"), 403, "table/not_host")
    refused(api(othello).post(f"/api/tables/{tid}/abandon"), 403, "table/not_host")
    assert snapshot() == before


def test_anonymous_cannot_write(api, table):
    before = snapshot()
    refused(api().post(f"/api/tables/{table['id']}/seats/red/claim"), 401,
            "auth/not_authenticated")
    refused(api().post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "duel"},
                       format="json"), 401, "auth/not_authenticated")
    assert snapshot() == before


def test_release_or_ready_without_a_seat(api, hamlet, othello, table):
    api(hamlet).post(f"/api/tables/{table['id']}/seats/red/claim")
    before = snapshot()
    refused(api(othello).post(f"/api/tables/{table['id']}/seats/red/release"), 403,
            "table/not_your_seat", "red")
    refused(api(othello).post(f"/api/tables/{table['id']}/ready", {}, format="json"), 403,
            "table/not_seated")
    refused(api(hamlet).post(f"/api/tables/{table['id']}/seats/blue/kick"), 409,
            "table/seat_empty", "blue")
    assert snapshot() == before


def test_bad_options_and_unknown_ruleset_or_scenario(api, hamlet, table):
    before = snapshot()
    client = api(hamlet)
    refused(client.post("/api/tables/", {"ruleset": "chess", "scenario": "duel"},
                        format="json"), 400, "table/unknown_ruleset", "chess")
    refused(client.post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "marne"},
                        format="json"), 400, "table/unknown_scenario", "marne", "duel")
    refused(client.post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "duel",
                                         "options": {"rounds": 99}}, format="json"),
            400, "table/bad_setup", "rounds")
    refused(client.post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "duel",
                                         "options": {"fog": True}}, format="json"),
            400, "table/bad_setup", "fog")
    refused(client.patch(f"/api/tables/{table['id']}/", {"options": {"rounds": "many"}},
                         format="json"), 400, "table/bad_setup", "rounds")
    refused(client.patch(f"/api/tables/{table['id']}/", {"state": "finished"},
                         format="json"), 400, "request/invalid", "state")
    refused(client.post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "duel",
                                         "pace": "glacial"}, format="json"),
            400, "request/invalid", "pace")
    assert snapshot() == before


def test_malformed_json(api, hamlet, table):
    before = snapshot()
    client = api(hamlet)
    refused(client.post("/api/tables/", data='{"ruleset": "toy_skirmish",',
                        content_type="application/json"), 400, "request/malformed", "JSON")
    refused(client.patch(f"/api/tables/{table['id']}/", data="[1, 2",
                         content_type="application/json"), 400, "request/malformed")
    refused(client.post("/api/tables/", data=[1, 2, 3], format="json"), 400,
            "request/invalid")
    refused(client.post("/api/tables/", data="ruleset=toy_skirmish",
                        content_type="application/x-www-form-urlencoded"), 415,
            "request/unsupported_media_type")
    refused(api().post("/api/auth/register", data="{nope", content_type="application/json"),
            400, "request/malformed")
    assert snapshot() == before


def test_oversized_fields(api, hamlet, table):
    before = snapshot()
    client = api(hamlet)
    refused(client.post("/api/tables/", {"title": "x" * 500, "ruleset": "toy_skirmish",
                                         "scenario": "duel"}, format="json"),
            400, "request/invalid", "title")
    refused(client.post("/api/tables/", {"ruleset": "toy_skirmish", "scenario": "duel",
                                         "options": {"rounds": 2, "x": "y" * 5000}},
                        format="json"), 400, "table/bad_setup", "4096")
    refused(client.post(f"/api/tables/{table['id']}/seats/{'s' * 300}/claim"), 404,
            "table/seat_not_found")
    refused(client.post("/api/tables/", {"ruleset": "r" * 5000, "scenario": "duel"},
                        format="json"), 400, "request/invalid", "ruleset")
    refused(client.post("/api/tables/", {"title": "t" * 70000, "ruleset": "toy_skirmish",
                                         "scenario": "duel"}, format="json"),
            413, "request/too_large")
    refused(api().post("/api/auth/register", {"username": "u" * 200, "password": "p" * 500},
                       format="json"), 400, "request/invalid", "username", "password")
    assert snapshot() == before


def test_private_table_without_its_invite_token(api, make_table, hamlet, othello):
    private = make_table(hamlet, visibility="private")
    tid = private["id"]
    assert private["invite_token"], "the host sees the invite token"
    before = snapshot()
    refused(api(othello).get(f"/api/tables/{tid}/"), 403, "table/invite_required", "invite")
    refused(api(othello).get(f"/api/tables/{tid}/?invite=wrong"), 403, "table/invite_required")
    refused(api(othello).post(f"/api/tables/{tid}/seats/red/claim"), 403,
            "table/invite_required")
    refused(api(othello).post(f"/api/tables/{tid}/join", {"invite": "wrong"}, format="json"),
            403, "table/invite_required")
    refused(api().get(f"/api/tables/{tid}/"), 403, "table/invite_required")
    assert tid not in [t["id"] for t in api(othello).get("/api/tables/").json()["tables"]]
    assert snapshot() == before


def test_seats_cannot_change_after_the_start(api, started_game, hamlet, othello):
    tid = started_game["id"]
    before = snapshot()
    refused(api(hamlet).post(f"/api/tables/{tid}/seats/red/release"), 409, "table/not_open",
            "started")
    refused(api(hamlet).patch(f"/api/tables/{tid}/", {"options": {"rounds": 1}},
                              format="json"), 409, "table/not_open")
    refused(api(hamlet).post(f"/api/tables/{tid}/start"), 409, "table/not_open")
    assert snapshot() == before


def test_unknown_api_path_and_method_are_json(api, hamlet):
    refused(api().get("/api/nothing/here"), 404, "not_found", "/api/nothing/here")
    refused(api(hamlet).delete("/api/tables/"), 405, "request/method_not_allowed")


@pytest.mark.parametrize("cookie", ["\x00abcdefgh", "ä" * 12, "a" * 500])
def test_garbage_session_cookie_is_no_session(client, cookie):
    client.cookies["sessionid"] = cookie
    assert client.get("/").status_code == 200
    assert client.get("/api/tables/-7/").status_code == 404
    assert client.get("/api/me/").status_code == 401
