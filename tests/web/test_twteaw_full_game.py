"""The War to End All Wars from the lobby to the end (issue #23): a 26-turn table is opened over
REST, six players claim the nine seats, and every turn every seat writes one of the whole order
sets the server offers (a different one turn by turn: holding, building, digging in, attacking,
declaring, influencing, joining …) through the real service path and says it is ready, until
the game ends by conquest or by the score after the last turn.

Along the way: nothing written is refused, each turn resolves once, and a spectator's view
never holds a nation's hidden state, nor a player's the other alliance's."""

from __future__ import annotations

import pytest

from boardgame.jobs.worker import drain
from boardgame.play.models import Game
from engine import rulesets
from engine.kernel import decisions

pytestmark = pytest.mark.django_db

TWTEAW = rulesets.get("twteaw")
CENTRAL = ("austria_hungary", "germany")
ALLIED = ("france", "russia", "serbia")
NEUTRALS = ("britain", "italy", "ottoman_empire", "spain")
TURNS = 26


def test_twteaw_victory_conditions_a_table_plays_from_the_lobby_to_the_end(api, make_user, hamlet, othello):
    holders = {**{seat: hamlet for seat in CENTRAL}, **{seat: othello for seat in ALLIED},
               **{seat: make_user(f"neutral_{seat}") for seat in NEUTRALS}}
    created = api(hamlet).post("/api/tables/", {
        "title": "1914–1918", "ruleset": "twteaw", "scenario": "europe-1914",
        "options": {"turns": TURNS}, "allow_multiple_seats": True}, format="json")
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    for seat, user in holders.items():
        assert api(user).post(f"/api/tables/{tid}/seats/{seat}/claim").status_code == 200
    for user in {u.pk: u for u in holders.values()}.values():
        assert api(user).post(f"/api/tables/{tid}/ready", {}, format="json").status_code == 200
    started = api(hamlet).post(f"/api/tables/{tid}/start")
    assert started.status_code == 200, started.json()
    game_id = started.json()["game"]

    kinds: set[str] = set()
    turns_seen = []
    for _ in range(TURNS + 1):
        game = Game.objects.get(pk=game_id)
        if game.result is not None:
            break
        state = game.state
        turn = state["board"]["turn"]
        turns_seen.append(turn)
        pending = decisions(TWTEAW, state)
        assert pending, f"turn {turn}: nobody has anything to do and the game is not over"
        group = pending[0].group
        for n, decision in enumerate(pending):
            seat = decision.seats[0]
            offered = TWTEAW.options(state, seat, decision, None)
            assert offered, f"turn {turn}: no order set offered to {seat}"
            action = offered[(turn + n) % len(offered)]["action"]
            kinds |= {k for k in ("declare", "influence", "trench", "moves", "rail", "build", "support")
                      if action.get(k)} | ({"join"} if action.get("join") else set())
            written = api(holders[seat]).post(f"/api/games/{game_id}/orders", {
                "seat": seat, "decision": decision.id, "action": action}, format="json")
            assert written.status_code == 200, (turn, seat, written.json())
        # Mid-turn fog: each player holds its own alliance's orders only; a spectator none.
        mine = set(api(hamlet).get(f"/api/games/{game_id}/").json()["orders"])
        assert mine <= {n for n, s in state["board"]["sides"].items() if s == state["board"]["sides"]["germany"]}
        public = api().get(f"/api/games/{game_id}/").json()
        assert not public["orders"] and not public["view"]["known"]
        for n, decision in enumerate(pending):
            seat = decision.seats[0]
            done = api(holders[seat]).post(f"/api/games/{game_id}/ready", {
                "seat": seat, "group": group, "ready": True, "cid": f"t{turn}r{n}"}, format="json")
            assert done.status_code == 200, (turn, seat, done.json())
        drain()     # the last ready is held; the task worker resolves the turn (ruling 68)
        after = Game.objects.get(pk=game_id)
        assert after.result is not None or after.state["board"]["turn"] == turn + 1, f"turn {turn} did not resolve once"

    game = Game.objects.get(pk=game_id)
    assert game.result is not None, f"no result after turns {turns_seen}"
    assert game.state["board"]["result"]["reason"] in ("conquest", "score", "draw")
    assert turns_seen == list(range(1, len(turns_seen) + 1)) and len(turns_seen) <= TURNS
    assert {"declare", "influence", "trench", "moves", "build"} <= kinds, kinds
