"""Bots at the table through the web (issue #25): the host seats a bot or fills every free
seat over REST and on the table page; a seat falling into civil disorder goes to the table's
bot level at once (a `seats` frame to every audience) and the bot plays it; the host hands a
seat in disorder to a bot, or a bot's seat to a person, over REST. Refusals are clear and
change nothing (no bot account is made for a refused request)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from boardgame.lobby.models import Seat, Table
from boardgame.play import bots, deadlines, frames
from boardgame.play.models import ActionRecord, Game

from . import helpers
from .test_game_controls import answer_all


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def bot_accounts() -> set[str]:
    return set(get_user_model().objects.filter(username__startswith="bot:")
               .values_list("username", flat=True))


def blue_misses_a_deadline(hamlet, othello, **table):
    """An async duel with K = 1: hamlet (red, host) answers, othello (blue) misses one
    deadline and falls into civil disorder (where the table's `disorder_bot` takes over)."""
    game = helpers.start_game(hamlet, {"red": hamlet, "blue": othello}, pace="async",
                              deadline_hours=1, disorder_after=1, **table)
    deadlines.run_due()
    answer_all(game, hamlet, "red")
    deadlines.run_due(timezone.now() + dt.timedelta(hours=2))
    game.refresh_from_db()
    return game


def play_bots_out(game, sweeps=80):
    """Sweeps until no bot moves; the game as it then stands."""
    for _ in range(sweeps):
        if not bots.run_bot_turns()["bot_moves"]:
            break
    game.refresh_from_db()
    return game


def new_table(host, **fields):
    body = {"title": "Bots", "ruleset": "toy_skirmish", "scenario": "melee", **fields}
    response = client_for(host).post("/api/tables/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


# --- seating bots before the start ------------------------------------------------------------

def test_25_the_rulesets_api_lists_the_bot_levels_each_ruleset_offers(client):
    listed = {m["id"]: m["bot_levels"] for m in client.get("/api/rulesets/").json()["rulesets"]}
    assert listed["toy_skirmish"] == [0, 1]
    assert listed["balance_of_powers"] == [0, 1, 2]
    assert listed["fatal_alliances"] == [0, 1, 2]


def test_25_the_host_seats_a_bot_and_fills_the_free_seats_over_rest(hamlet):
    table = new_table(hamlet)
    host = client_for(hamlet)
    assert host.post(f"/api/tables/{table['id']}/seats/red/claim").status_code == 200
    one = host.post(f"/api/tables/{table['id']}/seats/blue/bot", {"level": 0}, format="json")
    assert one.status_code == 200, one.json()
    seats = {s["seat"]: s for s in one.json()["seats"]}
    assert (seats["blue"]["player"], seats["blue"]["bot"], seats["blue"]["ready"]) == (
        "bot:0:blue", 0, True)
    assert seats["red"]["bot"] is None and one.json()["state"] == "open"
    filled = host.post(f"/api/tables/{table['id']}/bots", {"level": 1}, format="json")
    assert filled.status_code == 200, filled.json()
    seats = {s["seat"]: s["player"] for s in filled.json()["seats"]}
    assert seats == {"red": "hamlet", "blue": "bot:0:blue", "green": "bot:1:green"}
    assert filled.json()["state"] == "full" and filled.json()["open_seats"] == []
    again = host.post(f"/api/tables/{table['id']}/bots", {"level": 1}, format="json")
    assert (again.status_code, again.json()["error"]["code"]) == (409, "table/no_free_seat")


def test_25_refused_bot_requests_are_clear_and_make_nothing(hamlet, othello):
    table = new_table(hamlet)
    url = f"/api/tables/{table['id']}"
    before = bot_accounts()
    cases = [
        (client_for(othello), f"{url}/seats/blue/bot", {"level": 1}, 403, "table/not_host"),
        (client_for(hamlet), f"{url}/seats/blue/bot", {"level": 2}, 400, "table/bad_bot_level"),
        (client_for(hamlet), f"{url}/seats/blue/bot", {"level": "x"}, 400, "request/invalid"),
        (client_for(hamlet), f"{url}/seats/nowhere/bot", {"level": 1}, 404,
         "table/seat_not_found"),
        (client_for(hamlet), f"{url}/bots", {}, 400, "request/invalid"),
    ]
    for client, path, body, status, code in cases:
        response = client.post(path, body, format="json")
        assert (response.status_code, response.json()["error"]["code"]) == (status, code), path
    assert bot_accounts() == before
    assert not Seat.objects.filter(table_id=table["id"], user__isnull=False).exists()


def test_25_the_table_page_lets_the_host_seat_bots_and_shows_them(hamlet, othello, client):
    table = new_table(hamlet)
    client.force_login(hamlet)
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert "Seat a bot" in page and "Fill the free seats with bots" in page
    client.post(f"/tables/{table['id']}/act/", {"act": "bot", "seat": "blue", "level": "1"})
    client.post(f"/tables/{table['id']}/act/", {"act": "bots", "level": "0"})
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert page.count("Bot · level 1") == 1 and page.count("Bot · level 0") == 2
    assert Table.objects.get(pk=table["id"]).state == "full"
    client.force_login(othello)                   # only the host is offered the bot forms
    assert "Seat a bot" not in client.get(f"/tables/{table['id']}/").content.decode()


def test_25_a_table_opens_with_the_host_seated_and_bots_in_the_other_seats(hamlet):
    table = new_table(hamlet, seat="red", bots=1)
    seats = {s["seat"]: (s["player"], s["bot"]) for s in table["seats"]}
    assert seats == {"red": ("hamlet", None), "blue": ("bot:1:blue", 1),
                     "green": ("bot:1:green", 1)}
    assert table["state"] == "full"
    alone = new_table(hamlet, seat="blue")          # a seat and no bots: the rest wait
    assert [s["seat"] for s in alone["seats"] if s["player"]] == ["blue"]


def test_25_a_refused_table_with_bots_leaves_no_table_and_no_bot(hamlet, settings):
    host = client_for(hamlet)
    body = {"title": "Bots", "ruleset": "toy_skirmish", "scenario": "melee"}
    before = (Table.objects.count(), bot_accounts())
    for extra, status, code in (({"seat": "nowhere", "bots": 1}, 404, "table/seat_not_found"),
                                ({"seat": "red", "bots": 2}, 400, "table/bad_bot_level")):
        refused = host.post("/api/tables/", {**body, **extra}, format="json")
        assert (refused.status_code, refused.json()["error"]["code"]) == (status, code)
    settings.SALIENT_MAX_BOT_GAMES = 1
    new_table(hamlet, bots=0)
    refused = host.post("/api/tables/", {**body, "seat": "red", "bots": 0}, format="json")
    assert refused.json()["error"]["code"] == "table/too_many_bot_games"
    assert Table.objects.count() == before[0] + 1
    assert bot_accounts() - before[1] == {"bot:0:red", "bot:0:blue", "bot:0:green"}


def test_25_the_new_table_form_seats_the_host_and_bots(hamlet, client):
    client.force_login(hamlet)
    form = client.get("/tables/new/").content.decode()
    assert 'name="seat"' in form and 'name="bots"' in form
    response = client.post("/tables/new/", {
        "title": "Against bots", "game": "balance_of_powers/before-the-leaves-fall",
        "visibility": "public", "pace": "live", "seat": "germany", "bots": "2"})
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get(title="Against bots")
    seats = {s.seat: s.user.username for s in table.seats.select_related("user")}
    assert seats["germany"] == "hamlet"
    assert {name for seat, name in seats.items() if seat != "germany"} == {
        f"bot:2:{seat}" for seat in seats if seat != "germany"}
    refused = client.post("/tables/new/", {
        "title": "Bad seat", "game": "toy_skirmish/melee", "visibility": "public",
        "pace": "live", "seat": "germany", "bots": "1"})
    assert refused.status_code == 400 and not Table.objects.filter(title="Bad seat").exists()


# --- civil disorder ---------------------------------------------------------------------------

def test_25_disorder_bot_is_a_table_setting_checked_against_the_ruleset(hamlet):
    host = client_for(hamlet)
    body = {"title": "t", "ruleset": "toy_skirmish", "scenario": "duel"}
    assert host.post("/api/tables/", body, format="json").json()["disorder_bot"] is None
    chosen = host.post("/api/tables/", {**body, "disorder_bot": 1}, format="json")
    assert chosen.json()["disorder_bot"] == 1
    refused = host.post("/api/tables/", {**body, "disorder_bot": 2}, format="json")
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "request/invalid")
    edited = host.patch(f"/api/tables/{chosen.json()['id']}/", {"disorder_bot": None},
                        format="json")
    assert edited.status_code == 200 and edited.json()["disorder_bot"] is None


@pytest.fixture
def bot_disorder(hamlet, othello, published, django_capture_on_commit_callbacks):
    """An async duel whose table hands a seat in disorder to a level-1 bot, K = 1: othello
    (blue) misses a deadline. The frames the sweep sent are in `published`."""
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        return blue_misses_a_deadline(hamlet, othello, disorder_bot=1)


def test_25_a_seat_in_disorder_goes_to_the_tables_bot_and_every_audience_hears(
        bot_disorder, published, hamlet):
    game = bot_disorder
    assert Seat.objects.get(table_id=game.table_id, seat="blue").user.username == "bot:1:blue"
    assert game.live["disorder"] == [] and game.live["missed"]["blue"] == 0
    sent = {}
    for group, message in published:
        frame = json.loads(message["text"])
        if frame["type"] == "seats":
            sent[group] = frame
    assert set(sent) == {frames.group_name(game.pk, a) for a in frames.live_audiences(game.state)}
    frame = next(iter(sent.values()))
    assert frame["replaced"] == {"seat": "blue", "player": "bot:1:blue", "previous": "othello"}
    assert {s["seat"]: s["bot"] for s in frame["seats"]} == {"red": None, "blue": 1}
    # The bot plays blue from now on, through the action service (recorded as the bot).
    for _ in range(20):
        if ActionRecord.objects.filter(game=game, by_user__username="bot:1:blue").exists():
            break
        answer_all(game, hamlet, "red")
        bots.run_bot_turns()
    assert ActionRecord.objects.filter(game=game, by_user__username="bot:1:blue").exists()


def test_25_without_a_disorder_bot_the_seat_stays_in_disorder(hamlet, othello):
    game = blue_misses_a_deadline(hamlet, othello)
    assert game.live["disorder"] == ["blue"]
    assert Seat.objects.get(table_id=game.table_id, seat="blue").user == othello


def test_25_the_host_hands_a_seat_to_a_bot_and_a_bots_seat_to_a_person(hamlet, othello, iago):
    game = blue_misses_a_deadline(hamlet, othello)
    url = f"/api/games/{game.pk}/seats"
    before = bot_accounts()
    for client, seat, body, code in (
            (client_for(othello), "blue", {"bot": 1}, "auth/not_host"),
            (client_for(hamlet), "nowhere", {"bot": 1}, "game/seat_not_found"),
            (client_for(hamlet), "blue", {"bot": 2}, "table/bad_bot_level")):
        refused = client.post(f"{url}/{seat}/replace", body, format="json")
        assert refused.json()["error"]["code"] == code
    assert bot_accounts() == before
    handed = client_for(hamlet).post(f"{url}/blue/replace", {"bot": 1}, format="json")
    assert handed.status_code == 200, handed.json()
    assert handed.json()["replaced"] == {"seat": "blue", "player": "bot:1:blue",
                                         "previous": "othello"}
    refused = client_for(hamlet).post(f"{url}/red/take-over", {"username": "iago"},
                                      format="json")
    assert refused.json()["error"]["code"] == "game/not_a_bot_seat"
    taken = client_for(hamlet).post(f"{url}/blue/take-over", {"username": "othello"},
                                    format="json")
    assert taken.status_code == 200, taken.json()
    assert taken.json()["replaced"] == {"seat": "blue", "player": "othello",
                                        "previous": "bot:1:blue"}
    assert Seat.objects.get(table_id=game.table_id, seat="blue").user == othello
    assert Game.objects.get(pk=game.pk).live["disorder"] == []


def test_25_the_beat_wants_a_sweep_when_a_bot_is_to_move_and_not_after(hamlet):
    """The beat enqueues a sweep only when `anything_due`: before, a bot to move in a game
    with no deadline due was never swept outside the tests (which called the bots directly)."""
    table = new_table(hamlet, scenario="duel")
    host = client_for(hamlet)
    host.post(f"/api/tables/{table['id']}/seats/red/claim")
    host.post(f"/api/tables/{table['id']}/seats/blue/bot", {"level": 1}, format="json")
    host.post(f"/api/tables/{table['id']}/ready", {}, format="json")
    assert host.post(f"/api/tables/{table['id']}/start").status_code == 200
    deadlines.initialise_new_games()
    game = Game.objects.get(table_id=table["id"])
    assert game.due is None or game.due > timezone.now()   # no deadline is due
    assert bots.any_bot_to_move() and deadlines.anything_due()
    assert bots.run_bot_turns()["bot_moves"] == 1           # the bot's sealed bid
    assert not bots.any_bot_to_move() and not deadlines.anything_due()


def test_25_a_bots_answers_are_recorded_as_the_bot_and_its_side_is_not_rated(hamlet):
    """The record's `by` names the bot and its version (`bot:<id>@<version>`), and a side
    played by bots is left out of the ratings: a game against bots is unrated."""
    from boardgame.play.services import record_actions
    from boardgame.ratings import rate
    table = new_table(hamlet, scenario="duel", options={"rounds": 2})
    host = client_for(hamlet)
    host.post(f"/api/tables/{table['id']}/seats/red/bot", {"level": 1}, format="json")
    host.post(f"/api/tables/{table['id']}/seats/blue/bot", {"level": 0}, format="json")
    assert host.post(f"/api/tables/{table['id']}/start").status_code == 200
    game = play_bots_out(Game.objects.get(table_id=table["id"]))
    assert game.finished is not None
    by = {(a["seat"], a["by"]) for a in record_actions(game) if a["seat"]}
    assert by == {("red", "bot:random@1"), ("blue", "bot:passive@1")}
    assert rate.teams_of(game)[2] == "fewer than two sides played by people"


def test_25_bots_write_their_orders_and_say_ready_through_the_order_services(hamlet):
    """A written-orders game (the toy's `written_orders` option) with a bot at each seat
    plays to its end: each bot writes its order (no step) and says ready (a step recorded as
    the bot), and the group resolves when the last is ready."""
    table = new_table(hamlet, scenario="duel", options={"rounds": 2, "written_orders": True})
    host = client_for(hamlet)
    host.post(f"/api/tables/{table['id']}/bots", {"level": 1}, format="json")
    assert host.post(f"/api/tables/{table['id']}/start").status_code == 200
    game = play_bots_out(Game.objects.get(table_id=table["id"]))
    assert game.finished is not None, game.state["kernel"].get("ready")
    readies = ActionRecord.objects.filter(game=game, kind="ready")
    assert readies.exists() and {r.by for r in readies} == {"bot:random@1"}
