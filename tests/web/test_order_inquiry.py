"""The order inquiries over REST (issue #18): `GET /api/games/{id}/explain` says why an answer
would be refused (the engine's rule, code and message) and `…/preview` what it would do; neither
changes the game, and both refuse what an options request refuses."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from boardgame.play.models import ActionRecord, Game

pytestmark = pytest.mark.django_db


def _bid_both(api, game_id, hamlet, othello):
    """Both seats bid their highest card; the winner's move opens. (winner, decision id)."""
    for user, seat in ((hamlet, "red"), (othello, "blue")):
        view = api(user).get(f"/api/games/{game_id}/").json()["view"]
        ((bid_id, bid),) = [(k, d) for k, d in view["decisions"].items() if seat in d["seats"]]
        response = api(user).post(f"/api/games/{game_id}/actions",
                                  {"cid": f"bid-{seat}", "seat": seat, "decision": bid_id,
                                   "action": bid["options"][-1]}, format="json")
        assert response.status_code == 200, response.json()
    view = api(hamlet).get(f"/api/games/{game_id}/").json()["view"]
    ((move_id, move),) = view["decisions"].items()
    return move["seats"][0], move_id


def _ask(client, game_id, question, seat, decision, action):
    return client.get(f"/api/games/{game_id}/{question}?seat={seat}&decision={decision}"
                      f"&action={quote(json.dumps(action))}")


def test_explain_and_preview_answer_and_change_nothing(api, started_game, hamlet, othello):
    gid = started_game["game"]
    mover, move = _bid_both(api, gid, hamlet, othello)
    user = hamlet if mover == "red" else othello
    game = Game.objects.get(pk=gid)
    here = game.state["board"]["tokens"][mover]
    version, steps = game.version, ActionRecord.objects.filter(game=game).count()

    refused = _ask(api(user), gid, "explain", mover, move, {"to": here})
    assert refused.status_code == 200, refused.json()
    body = refused.json()
    assert body["legal"] is False and body["rule"] == "toy 2" and body["code"] == "out_of_range"
    assert body["decision"] == move and body["seat"] == mover and body["v"] == version

    view = api(user).get(f"/api/games/{gid}/").json()["view"]
    places = view["decisions"][move]["concerns"]["places"]
    assert _ask(api(user), gid, "explain", mover, move, {"to": places[0]}).json()["legal"]
    shown = _ask(api(user), gid, "preview", mover, move, {"to": places[0]}).json()
    assert shown["dice"] is False and shown["events"][0]["kind"] == "moved"

    game.refresh_from_db()
    assert game.version == version and ActionRecord.objects.filter(game=game).count() == steps


def test_inquiries_refuse_what_an_options_request_refuses(api, started_game, hamlet, othello,
                                                         iago):
    gid = started_game["game"]
    mover, move = _bid_both(api, gid, hamlet, othello)
    user, other = (hamlet, "blue") if mover == "red" else (othello, "red")
    for question in ("explain", "preview"):
        assert _ask(api(user), gid, question, other, move, {"to": "0,0"}).json()["error"][
            "code"] == "auth/not_your_seat"
        assert _ask(api(iago), gid, question, mover, move, {"to": "0,0"}).status_code == 403
        assert _ask(api(), gid, question, mover, move, {"to": "0,0"}).status_code == 401
        stale = _ask(api(user), gid, question, mover, "r9-move", {"to": "0,0"})
        assert stale.status_code == 409 and stale.json()["error"]["code"] == "action/stale"
        missing = api(user).get(f"/api/games/{gid}/{question}?seat={mover}&decision={move}")
        assert missing.status_code == 400 and missing.json()["error"]["data"] == {
            "field": "action"}
        bad = api(user).get(f"/api/games/{gid}/{question}?seat={mover}&decision={move}"
                            "&action=%7Bnot-json")
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "request/invalid"
    illegal = _ask(api(user), gid, "preview", mover, move, {"to": "9,9"})
    assert illegal.status_code == 409 and illegal.json()["error"]["code"] == "action/illegal"
    assert illegal.json()["error"]["data"]["reason"] == "off_board"


def test_the_log_is_the_events_each_audience_got(api, started_game, hamlet, othello):
    """`GET /api/games/{id}/log`: a reloaded page's log — the steps' events as the caller's
    audience saw them live: the bid winner's private hand stays his."""
    gid = started_game["game"]
    mover, _ = _bid_both(api, gid, hamlet, othello)
    winner, loser = (hamlet, othello) if mover == "red" else (othello, hamlet)
    mine = api(winner).get(f"/api/games/{gid}/log").json()
    theirs = api(loser).get(f"/api/games/{gid}/log").json()
    public = api().get(f"/api/games/{gid}/log").json()
    kinds = [e["kind"] for e in mine["entries"]]
    assert "bids_revealed" in kinds and "hand_now" in kinds
    assert "hand_now" not in [e["kind"] for e in theirs["entries"]]
    assert "hand_now" not in [e["kind"] for e in public["entries"]]
    assert public["audience"] == "public" and mine["v"] == 2
    assert all(e["v"] in (1, 2) for e in mine["entries"])
    others = [e for e in theirs["entries"] if e["kind"] == "answer_sealed"
              and e["data"]["seat"] == mover]
    assert others and all(set(e["data"]) == {"seat", "group"} for e in others)
