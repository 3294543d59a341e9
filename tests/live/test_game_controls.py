"""The game page's controls, service and REST side: the table's civil-disorder threshold K
(chosen in the lobby, stored with the table, used by the clocks), the host handing a seat in
civil disorder to a replacement (`POST /api/games/{id}/seats/{seat}/replace`, broadcast as a
`seats` frame to every audience), and the draw / pause votes and deadline extension as every
audience sees them in the clock frame."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from boardgame.lobby.models import Seat, Table
from boardgame.play import actions, deadlines, frames
from boardgame.play.models import Game

from . import helpers


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def sent_frames(published, game_id, kind):
    """{audience group: [frames of type `kind`]} of what the broadcast sent."""
    out: dict[str, list] = {}
    for group, message in published:
        frame = json.loads(message["text"])
        if frame.get("type") == kind:
            out.setdefault(group, []).append(frame)
    return out


def answer_all(game, user, seat):
    """`user` answers every open decision of `seat` (so only the other seat can miss)."""
    for _ in range(10):
        game.refresh_from_db()
        moves = [m for m in helpers.next_moves(game.state) if m[0] == seat]
        if not moves:
            return
        s, decision, action = moves[0]
        actions.submit_action(game.pk, user, s, decision, action, f"{seat}-{decision}")


@pytest.fixture
def disorderly(hamlet, othello):
    """An async duel with K = 1 (the table's own choice): hamlet (red, host) answers, othello
    (blue) misses one deadline and falls into civil disorder."""
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1, disorder_after=1)
    deadlines.run_due()
    answer_all(game, hamlet, "red")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=2))
    game.refresh_from_db()
    assert not game.is_over
    return game


# --- K per table ----------------------------------------------------------------------------

def test_disorder_after_is_a_table_option_with_the_setting_as_default(hamlet, settings):
    settings.SALIENT_CIVIL_DISORDER_AFTER = 5
    client = client_for(hamlet)
    body = {"ruleset": "toy_skirmish", "scenario": "duel", "pace": "async"}
    default = client.post("/api/tables/", body, format="json")
    assert default.status_code == 201 and default.json()["disorder_after"] == 5
    chosen = client.post("/api/tables/", {**body, "disorder_after": 2}, format="json")
    assert chosen.status_code == 201 and chosen.json()["disorder_after"] == 2
    assert Table.objects.get(pk=chosen.json()["id"]).disorder_after == 2
    for bad in (0, 11, "x"):
        refused = client.post("/api/tables/", {**body, "disorder_after": bad}, format="json")
        assert refused.status_code == 400, bad
        assert "disorder_after" in json.dumps(refused.json()["error"])
    edited = client.patch(f"/api/tables/{chosen.json()['id']}/", {"disorder_after": 7},
                          format="json")
    assert edited.status_code == 200 and edited.json()["disorder_after"] == 7


def test_the_wizard_form_stores_k_and_the_table_page_shows_it(hamlet, client):
    client.force_login(hamlet)
    page = client.get("/tables/new/")
    assert b'name="disorder_after"' in page.content
    response = client.post("/tables/new/", {
        "title": "Tannenberg", "game": "toy_skirmish/duel", "options": "",
        "visibility": "public", "pace": "async", "deadline_hours": 24,
        "disorder_after": 4})
    assert response.status_code == 302, response.content[:2000]
    table = Table.objects.get(title="Tannenberg")
    assert table.disorder_after == 4
    shown = client.get(f"/tables/{table.pk}/").content.decode()
    assert "after 4 missed deadlines in a row" in shown
    refused = client.post("/tables/new/", {
        "title": "Too lenient", "game": "toy_skirmish/duel", "visibility": "public",
        "pace": "async", "disorder_after": 11})
    assert refused.status_code == 400
    assert not Table.objects.filter(title="Too lenient").exists()


def test_the_clocks_use_the_tables_k_not_the_setting(hamlet, othello, settings):
    settings.SALIENT_CIVIL_DISORDER_AFTER = 9
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1, disorder_after=1)
    deadlines.run_due()
    answer_all(game, hamlet, "red")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=2))
    game.refresh_from_db()
    assert game.live["limit"] == 1
    assert game.live["missed"]["blue"] == 1
    assert game.live["disorder"] == ["blue"]          # K = 1 from the table, not 9
    frame = actions.clocks.clock_frame(game)
    assert frame["limit"] == 1 and frame["disorder"] == ["blue"]


# --- replacing a seat in civil disorder -------------------------------------------------------

def test_replace_refusals_are_clear_and_change_nothing(disorderly, hamlet, othello, iago):
    game = disorderly
    url = f"/api/games/{game.pk}/seats/%s/replace"
    cases = [
        (client_for(othello), "blue", {"username": "iago"}, 403, "auth/not_host"),
        (client_for(hamlet), "green", {"username": "iago"}, 404, "game/seat_not_found"),
        (client_for(hamlet), "red", {"username": "iago"}, 409, "game/not_in_disorder"),
        (client_for(hamlet), "blue", {"username": "nobody"}, 404, "user/not_found"),
        (client_for(hamlet), "blue", {}, 400, "request/invalid"),
        (client_for(hamlet), "blue", {"username": "hamlet"}, 409, "game/already_seated"),
    ]
    for client, seat, body, status, code in cases:
        response = client.post(url % seat, body, format="json")
        assert response.status_code == status, (seat, body, response.json())
        assert response.json()["error"]["code"] == code
        assert response.json()["error"]["message"]
    assert APIClient().post(url % "blue", {"username": "iago"},
                            format="json").status_code == 401
    assert Seat.objects.get(table_id=game.table_id, seat="blue").user == othello
    game.refresh_from_db()
    assert game.live["disorder"] == ["blue"]


def test_host_hands_the_seat_to_a_replacement_and_every_audience_hears(
        disorderly, hamlet, othello, iago, published, django_capture_on_commit_callbacks):
    game = disorderly
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(hamlet).post(f"/api/games/{game.pk}/seats/blue/replace",
                                           {"username": "iago"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["type"] == "seats"
    assert body["replaced"] == {"seat": "blue", "player": "iago", "previous": "othello"}
    assert {s["seat"]: s["player"] for s in body["seats"]} == {"red": "hamlet", "blue": "iago"}

    assert Seat.objects.get(table_id=game.table_id, seat="blue").user == iago
    game.refresh_from_db()
    assert game.live["disorder"] == [] and game.live["missed"]["blue"] == 0

    groups = {frames.group_name(game.pk, a) for a in frames.live_audiences(game.state)}
    seats = sent_frames(published, game.pk, "seats")
    assert set(seats) == groups                      # every audience, spectators included
    assert all(f == [body] for f in seats.values())
    clock = sent_frames(published, game.pk, "clock")
    assert set(clock) == groups
    assert all(f[-1]["disorder"] == [] for f in clock.values())

    # The replacement plays the seat; the player who left it no longer can.
    game.refresh_from_db()
    moves = [m for m in helpers.next_moves(game.state) if m[0] == "blue"]
    if moves:
        seat, decision, action = moves[0]
        refused = client_for(othello).post(f"/api/games/{game.pk}/actions", {
            "cid": "o1", "seat": seat, "decision": decision, "action": action}, format="json")
        assert refused.json()["error"]["code"] == "auth/not_your_seat"
        accepted = client_for(iago).post(f"/api/games/{game.pk}/actions", {
            "cid": "i1", "seat": seat, "decision": decision, "action": action}, format="json")
        assert accepted.status_code == 200, accepted.json()
    # Handing it on again needs a new fall into disorder.
    again = client_for(hamlet).post(f"/api/games/{game.pk}/seats/blue/replace",
                                    {"username": "othello"}, format="json")
    assert again.json()["error"]["code"] == "game/not_in_disorder"


def test_the_game_page_offers_the_host_the_controls(disorderly, hamlet, othello, client):
    client.force_login(hamlet)
    page = client.get(f"/games/{disorderly.pk}/").content.decode()
    assert 'id="game-controls"' in page and 'data-host="hamlet"' in page
    client.force_login(othello)
    page = client.get(f"/games/{disorderly.pk}/").content.decode()
    assert 'id="game-controls"' in page and 'data-host="hamlet"' in page


# --- draw and pause votes, deadlines, as the clock frame carries them -------------------------

def test_votes_and_extensions_reach_every_audience_in_the_clock_frame(
        duel, hamlet, othello, published, django_capture_on_commit_callbacks):
    red, blue = client_for(hamlet), client_for(othello)
    groups = {frames.group_name(duel.pk, a) for a in frames.live_audiences(duel.state)}

    def last_clock():
        found = sent_frames(published, duel.pk, "clock")
        assert set(found) == groups
        return found[frames.group_name(duel.pk, "public")][-1]

    with django_capture_on_commit_callbacks(execute=True):
        assert red.post(f"/api/games/{duel.pk}/draw", {"agree": True},
                        format="json").json() == {"v": None}
    assert last_clock()["draw"] == ["red"]
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        red.post(f"/api/games/{duel.pk}/draw", {"agree": False}, format="json")
    assert last_clock()["draw"] == []

    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        frame = blue.post(f"/api/games/{duel.pk}/pause", {"pause": True}, format="json").json()
    assert frame["pause"] == ["blue"] and frame["paused"] is False
    assert last_clock()["pause"] == ["blue"]
    with django_capture_on_commit_callbacks(execute=True):
        frame = red.post(f"/api/games/{duel.pk}/pause", {"pause": True}, format="json").json()
    assert frame["paused"] is True and last_clock()["paused"] is True
    with django_capture_on_commit_callbacks(execute=True):
        frame = blue.post(f"/api/games/{duel.pk}/pause", {"pause": False}, format="json").json()
    assert frame["paused"] is False and frame["pause"] == []

    assert blue.post(f"/api/games/{duel.pk}/deadline", {"hours": 24},
                     format="json").json()["error"]["code"] == "auth/not_host"
    ok = red.post(f"/api/games/{duel.pk}/deadline", {"hours": 24}, format="json")
    assert ok.status_code == 200 and ok.json()["type"] == "clock"

    with django_capture_on_commit_callbacks(execute=True):
        assert blue.post(f"/api/games/{duel.pk}/abandon").json()["error"]["code"] == \
            "auth/not_host"
        assert red.post(f"/api/games/{duel.pk}/abandon").status_code == 200
    game = Game.objects.get(pk=duel.pk)
    assert game.result["reason"] == "abandoned"
