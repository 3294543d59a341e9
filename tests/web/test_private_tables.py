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


# Every live-play endpoint of a game, with a body that would pass its own validation.
LIVE_PLAY = (
    ("post", "actions", {"cid": "c1", "seat": "red", "decision": "d", "action": {}}),
    ("get", "options?seat=red&decision=d", None),
    ("post", "undo", {"cid": "c2", "seat": "red"}),
    ("post", "resign", {"seat": "red"}),
    ("post", "draw", {"agree": True}),
    ("post", "pause", {"pause": True}),
    ("post", "deadline", {"hours": 1}),
    ("post", "abandon", None),
    ("post", "seats/red/replace", {"username": "iago"}),
    ("post", "chat", {"channel": "spectators", "text": "a stranger was here"}),
)


@pytest.fixture
def private_game(api, make_table, hamlet, othello):
    table = make_table(hamlet, visibility="private")
    tid, token = table["id"], table["invite_token"]
    api(hamlet).post(f"/api/tables/{tid}/seats/red/claim")
    api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    api(hamlet).post(f"/api/tables/{tid}/ready", {}, format="json")
    api(othello).post(f"/api/tables/{tid}/ready", {}, format="json")
    return {"game": api(hamlet).post(f"/api/tables/{tid}/start").json()["game"],
            "invite": token}


def _call(client, method, game, path, body):
    url = f"/api/games/{game}/{path}"
    return getattr(client, method)(url, body, format="json") if method == "post" \
        else client.get(url)


@pytest.mark.parametrize("method, path, body", LIVE_PLAY, ids=[p for _, p, _ in LIVE_PLAY])
def test_live_play_answers_a_stranger_as_for_a_missing_game(api, private_game, iago, method,
                                                            path, body):
    """A private game is not acknowledged to strangers: every live-play endpoint answers them
    exactly as it answers for an id that does not exist, and changes nothing."""
    from boardgame.play.models import ActionRecord, ChatMessage, Game
    gid, missing = private_game["game"], private_game["game"] + 1000
    before = Game.objects.values("version", "live", "finished").get(pk=gid)
    stranger = _call(api(iago), method, gid, path, body)
    nothing = _call(api(iago), method, missing, path, body)
    assert (stranger.status_code, nothing.status_code) == (404, 404), stranger.json()
    assert stranger.json()["error"]["code"] == nothing.json()["error"]["code"] == "game/not_found"
    assert stranger.json()["error"]["message"].replace(str(gid), "N") == \
        nothing.json()["error"]["message"].replace(str(missing), "N")
    assert Game.objects.values("version", "live", "finished").get(pk=gid) == before
    assert not ChatMessage.objects.filter(game_id=gid).exists()
    assert not ActionRecord.objects.filter(game_id=gid).exists()


def test_invited_spectator_may_still_chat_in_a_private_game(api, private_game, iago):
    gid, token = private_game["game"], private_game["invite"]
    body = {"channel": "spectators", "text": "hello from the gallery"}
    assert api(iago).post(f"/api/games/{gid}/chat", body, format="json").status_code == 404
    posted = api(iago).post(f"/api/games/{gid}/chat?invite={token}", body, format="json")
    assert posted.status_code == 201, posted.json()
    # The host is no stranger: host and seat checks come after the visibility check.
    refused = api(iago).post(f"/api/games/{gid}/abandon?invite={token}")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "auth/not_host"


def test_kick_from_a_private_table_revokes_the_invitation(api, make_table, hamlet, othello):
    table = make_table(hamlet, visibility="private")
    tid, token = table["id"], table["invite_token"]
    assert api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={token}"
                             ).status_code == 200
    assert api(hamlet).post(f"/api/tables/{tid}/seats/blue/kick").status_code == 200
    for refused in (api(othello).get(f"/api/tables/{tid}/"),
                    api(othello).post(f"/api/tables/{tid}/seats/blue/claim"),
                    api(othello).post(f"/api/tables/{tid}/chat", {"text": "back!"},
                                      format="json")):
        assert refused.status_code == 403, refused.json()
        assert refused.json()["error"]["code"] == "table/invite_required"
    assert tid not in [t["id"] for t in api(othello).get("/api/tables/").json()["tables"]]


def test_host_rotates_the_invite_link(api, make_table, hamlet, othello, iago):
    table = make_table(hamlet, visibility="private")
    tid, old = table["id"], table["invite_token"]
    assert api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={old}"
                             ).status_code == 200
    refused = api(othello).post(f"/api/tables/{tid}/new-invite")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "table/not_host"
    rotated = api(hamlet).post(f"/api/tables/{tid}/new-invite")
    assert rotated.status_code == 200, rotated.json()
    new = rotated.json()["invite_token"]
    assert new and new != old
    # The old link opens nothing any more; the new one does; the seated keep their place.
    assert api(iago).get(f"/api/tables/{tid}/?invite={old}").status_code == 403
    assert api(iago).post(f"/api/tables/{tid}/seats/red/claim?invite={old}").status_code == 403
    assert api(iago).get(f"/api/tables/{tid}/?invite={new}").status_code == 200
    assert api(othello).get(f"/api/tables/{tid}/").json()["invite_token"] == new
    public = make_table(hamlet)
    answer = api(hamlet).post(f"/api/tables/{public['id']}/new-invite")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "table/not_private"


def test_kick_then_new_link_locks_a_griefer_out(api, make_table, hamlet, othello):
    table = make_table(hamlet, visibility="private")
    tid, old = table["id"], table["invite_token"]
    api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={old}")
    api(hamlet).post(f"/api/tables/{tid}/seats/blue/kick")
    api(hamlet).post(f"/api/tables/{tid}/new-invite")
    back = api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={old}")
    assert back.status_code == 403 and back.json()["error"]["code"] == "table/invite_required"


def test_table_page_offers_the_host_a_new_invite_link(client, make_table, hamlet, othello):
    from boardgame.lobby.models import Table
    table = make_table(hamlet, visibility="private")
    url = f"/tables/{table['id']}/"
    client.force_login(hamlet)
    assert b"New invite link" in client.get(url).content
    client.post(f"{url}act/", {"act": "new_invite"})
    assert Table.objects.get(pk=table["id"]).invite_token != table["invite_token"]
    client.force_login(othello)
    client.post(f"{url}act/", {"act": "claim", "seat": "blue", "invite": table["invite_token"]})
    assert not Table.objects.get(pk=table["id"]).seats.filter(user=othello).exists()
