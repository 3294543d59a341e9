"""Per-user quotas against flooding (probe F12): open tables per host, running games in which
one user holds every seat, and the REST game chat's rate limit (the socket chat's budget)."""

from __future__ import annotations

import pytest

from boardgame.lobby.models import Table
from boardgame.play.models import ChatMessage

pytestmark = pytest.mark.django_db


def create(api, user, **fields):
    body = {"title": "Quota", "ruleset": "toy_skirmish", "scenario": "duel", **fields}
    return api(user).post("/api/tables/", body, format="json")


def test_a_host_may_keep_only_so_many_tables_open(api, hamlet, othello, settings):
    settings.SALIENT_MAX_OPEN_TABLES = 3
    made = [create(api, hamlet) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    refused = create(api, hamlet)
    assert refused.status_code == 409, refused.json()
    error = refused.json()["error"]
    assert error["code"] == "table/too_many_open"
    assert error["data"] == {"limit": 3, "open": 3}
    assert Table.objects.filter(host=hamlet).count() == 3
    assert create(api, othello).status_code == 201, "the quota is per host"
    # A full table is not started either; an abandoned one frees its place.
    first = made[0].json()["id"]
    api(hamlet).post(f"/api/tables/{first}/seats/red/claim")
    api(othello).post(f"/api/tables/{first}/seats/blue/claim")
    assert create(api, hamlet).status_code == 409
    api(hamlet).post(f"/api/tables/{made[1].json()['id']}/abandon")
    assert create(api, hamlet).status_code == 201


def solo_table(api, user) -> int:
    tid = create(api, user, allow_multiple_seats=True).json()["id"]
    for seat in ("red", "blue"):
        assert api(user).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
    assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    return tid


def test_one_user_may_run_only_so_many_games_alone(api, hamlet, othello, iago, settings):
    settings.SALIENT_MAX_SOLO_GAMES = 2
    for _ in range(2):
        tid = solo_table(api, hamlet)
        assert api(hamlet).post(f"/api/tables/{tid}/start").status_code == 200
    tid = solo_table(api, hamlet)
    refused = api(hamlet).post(f"/api/tables/{tid}/start")
    assert refused.status_code == 409, refused.json()
    error = refused.json()["error"]
    assert error["code"] == "table/too_many_solo_games"
    assert error["data"] == {"table": tid, "player": "hamlet", "limit": 2, "running": 2}
    assert Table.objects.get(pk=tid).state == Table.State.FULL
    auto = create(api, hamlet, allow_multiple_seats=True, auto_start=True).json()["id"]
    for seat in ("red", "blue"):
        api(hamlet).post(f"/api/tables/{auto}/seats/{seat}/claim")
    last_ready = api(hamlet).post(f"/api/tables/{auto}/ready", {}, format="json")
    assert last_ready.json()["error"]["code"] == "table/too_many_solo_games"
    assert Table.objects.get(pk=auto).state == Table.State.FULL
    # The seat holder's quota, whoever hosts: iago's table with hamlet in every seat.
    hosted = create(api, iago, allow_multiple_seats=True).json()["id"]
    for seat in ("red", "blue"):
        api(hamlet).post(f"/api/tables/{hosted}/seats/{seat}/claim")
    api(hamlet).post(f"/api/tables/{hosted}/ready", {}, format="json")
    assert api(iago).post(f"/api/tables/{hosted}/start").json()["error"]["code"] == \
        "table/too_many_solo_games"
    # Games with two players are not limited.
    shared = create(api, hamlet).json()["id"]
    api(hamlet).post(f"/api/tables/{shared}/seats/red/claim")
    api(othello).post(f"/api/tables/{shared}/seats/blue/claim")
    api(hamlet).post(f"/api/tables/{shared}/ready", {}, format="json")
    api(othello).post(f"/api/tables/{shared}/ready", {}, format="json")
    assert api(hamlet).post(f"/api/tables/{shared}/start").status_code == 200


def test_rest_game_chat_has_the_socket_chats_budget_per_user(api, started_game, hamlet,
                                                              othello, settings):
    from boardgame.play import consumers
    assert consumers.CHAT_RATE == settings.SALIENT_RATE_LIMITS["game_chat"]
    # A long window: the count must not roll over between two posts of this test.
    settings.SALIENT_RATE_LIMITS = {**settings.SALIENT_RATE_LIMITS, "game_chat": (3, 3600)}
    url = f"/api/games/{started_game['game']}/chat"
    for n in range(3):
        posted = api(hamlet).post(url, {"channel": "table", "text": f"spam {n}"}, format="json")
        assert posted.status_code == 201, posted.json()
    refused = api(hamlet).post(url, {"channel": "table", "text": "one more"}, format="json")
    assert refused.status_code == 429, refused.json()
    assert refused.json()["error"]["code"] == "auth/rate_limited"
    assert refused.json()["error"]["data"]["retry_after"] > 0
    assert ChatMessage.objects.count() == 3
    assert api(othello).post(url, {"channel": "table", "text": "mine"},
                             format="json").status_code == 201
