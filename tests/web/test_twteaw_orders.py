"""The War to End All Wars over the platform (issue #23): a table is opened, every nation
writes its turn's orders through the real service path (REST), and the turn resolves.

Fog of war: a nation's orders reach only the audiences entitled to it (its own seat and its
current allies, `fog.entitled`). hamlet holds the Central Powers (Germany, Austria-Hungary),
othello the Allies (France, Russia, Serbia); four more players hold the neutrals. Before the
turn resolves and after, neither of them (nor a spectator) gets the other's orders: not in the
game view, the record (its actions and its orders log), the log or the replay.
"""

from __future__ import annotations

import pytest

from boardgame.jobs.worker import drain
from boardgame.play import services
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel import decisions
from engine.kernel.record import replay

pytestmark = pytest.mark.django_db

TWTEAW = rulesets.get("twteaw")
CENTRAL = ("austria_hungary", "germany")
ALLIED = ("france", "russia", "serbia")
NEUTRALS = ("britain", "italy", "ottoman_empire", "spain")


@pytest.fixture
def war(api, make_user, hamlet, othello):
    """A started two-turn game (its first turn resolves, and it goes on: after the end
    everything is shown); returns (game id, {seat: user})."""
    holders = {**{seat: hamlet for seat in CENTRAL}, **{seat: othello for seat in ALLIED},
               **{seat: make_user(f"neutral_{seat}") for seat in NEUTRALS}}
    created = api(hamlet).post("/api/tables/", {
        "title": "1914", "ruleset": "twteaw", "scenario": "europe-1914",
        "options": {"turns": 2}, "allow_multiple_seats": True}, format="json")
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    for seat, user in holders.items():
        claimed = api(user).post(f"/api/tables/{tid}/seats/{seat}/claim")
        assert claimed.status_code == 200, claimed.json()
    for user in {u.pk: u for u in holders.values()}.values():
        assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    started = api(hamlet).post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.json()
    return started.json()["game"], holders


def _seats_in(client, game_id, group):
    """Whose orders `client` is given anywhere: the view's orders, the record's steps and
    orders log, the log's and the replay's events."""
    seen: set[str] = set()
    game = client.get(f"/api/games/{game_id}/").json()
    seen |= set(game["orders"])
    record = client.get(f"/api/games/{game_id}/record").json()
    for entry in record["actions"]:
        for order in ((entry.get("action") or {}).get("orders") or {}).values():
            seen.add(order["seat"])
    seen |= {e["seat"] for e in record.get("orders_log", [])}
    log = client.get(f"/api/games/{game_id}/log").json()["entries"]
    replayed = client.get(f"/api/games/{game_id}/replay/0?through={game['version']}").json()
    for event in log + [e for step in replayed.get("steps", []) for e in step["events"]]:
        if event["kind"] == "private_answers":
            seen.add(event["data"]["seat"])
        if event["kind"] == "answers_revealed":
            seen |= {a["seat"] for a in event["data"]["answers"]}
    return seen


def test_23_a_turn_of_orders_is_written_and_resolved_and_each_side_sees_only_its_own(
        api, war, hamlet, othello):
    game_id, holders = war
    state = Game.objects.get(pk=game_id).state
    group = next(d.group for d in decisions(TWTEAW, state))
    for decision in decisions(TWTEAW, state):
        seat = decision.seats[0]
        action = TWTEAW.options(state, seat, decision, None)[0]["action"]
        written = api(holders[seat]).post(f"/api/games/{game_id}/orders", {
            "seat": seat, "decision": decision.id, "action": action}, format="json")
        assert written.status_code == 200, written.json()
    # Written, nobody ready: each holder has its own orders, and nothing of the others'.
    assert set(api(hamlet).get(f"/api/games/{game_id}/").json()["orders"]) == set(CENTRAL)
    assert set(api(othello).get(f"/api/games/{game_id}/").json()["orders"]) == set(ALLIED)
    seats = sorted(holders)
    for n, seat in enumerate(seats):
        done = api(holders[seat]).post(f"/api/games/{game_id}/ready", {
            "seat": seat, "group": group, "ready": True, "cid": f"r{n}"}, format="json")
        assert done.status_code == 200, done.json()
        if n == 0:      # one ready, the group open
            assert _seats_in(api(othello), game_id, group) <= set(ALLIED)
            assert _seats_in(api(hamlet), game_id, group) <= set(CENTRAL)
    # The last ready is held for the task worker (ruling 68); the worker resolves the turn.
    assert Game.objects.get(pk=game_id).version == len(seats) - 1
    drain()
    game = Game.objects.get(pk=game_id)
    assert game.version == len(seats) and game.orders == {}      # the turn resolved
    assert game.state["board"]["turn"] == 2 and game.result is None
    # Resolved: still only one's own side's orders (a spectator, none).
    assert _seats_in(api(hamlet), game_id, group) == set(CENTRAL)
    assert _seats_in(api(othello), game_id, group) == set(ALLIED)
    assert _seats_in(api(), game_id, group) == set()
    # The server's own record holds every order, and replays.
    record = services.with_orders_log(services.full_record(game), game, None)
    assert replay(record, TWTEAW).actions == len(seats)


def test_23_the_game_page_serves_a_twteaw_game(war, hamlet, client):
    """The page a seat opens is served (the ruleset is a product since 27 Nov;
    docs/rules/twteaw.md, Registration, says what remains)."""
    game_id, _ = war
    client.force_login(hamlet)
    page = client.get(f"/games/{game_id}/")
    assert page.status_code == 200
