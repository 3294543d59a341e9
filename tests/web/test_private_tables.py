"""Private tables: invisible in lists, opened by the invite token (query parameter or join)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_invite_token_opens_a_private_table(api, make_table, hamlet, othello, iago):
    table = make_table(hamlet, visibility="private")
    tid, token = table["id"], table["invite_token"]
    seen = api(othello).get(f"/api/tables/{tid}/?invite={token}")
    assert seen.status_code == 200
    assert seen.json()["invite_token"] is None, "only host and seated players see the token"
    claimed = api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    assert claimed.status_code == 200
    # Once seated (and invited), othello needs the token no more.
    assert api(othello).get(f"/api/tables/{tid}/").status_code == 200
    assert tid in [t["id"] for t in api(othello).get("/api/tables/").json()["tables"]]
    assert api(othello).get(f"/api/tables/{tid}/").json()["invite_token"] == token
    # The join endpoint records an invitation without taking a seat.
    joined = api(iago).post(f"/api/tables/{tid}/join", {"invite": token}, format="json")
    assert joined.status_code == 200
    assert api(iago).get(f"/api/tables/{tid}/").status_code == 200


def test_private_game_hidden_from_strangers(api, make_table, hamlet, othello, iago):
    table = make_table(hamlet, visibility="private")
    tid, token = table["id"], table["invite_token"]
    api(hamlet).post(f"/api/tables/{tid}/seats/red/claim")
    api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    api(hamlet).post(f"/api/tables/{tid}/ready", {}, format="json")
    api(othello).post(f"/api/tables/{tid}/ready", {}, format="json")
    gid = api(hamlet).post(f"/api/tables/{tid}/start").json()["game"]
    assert api(iago).get(f"/api/games/{gid}/").status_code == 404
    assert api().get(f"/api/games/{gid}/record").status_code == 404
    assert api(othello).get(f"/api/games/{gid}/").json()["audience"] == "seat:blue"
    watcher = api(iago).get(f"/api/games/{gid}/?invite={token}")
    assert watcher.status_code == 200 and watcher.json()["audience"] == "public"


def test_private_table_page_with_invite_link(client, make_table, hamlet, othello):
    table = make_table(hamlet, visibility="private")
    url = f"/tables/{table['id']}/"
    client.force_login(othello)
    assert client.get(url).status_code == 403
    page = client.get(f"{url}?invite={table['invite_token']}")
    assert page.status_code == 200 and b"Take this seat" in page.content
    assert client.get(url).status_code == 200, "the invitation is remembered"
