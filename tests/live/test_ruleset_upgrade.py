"""Running games outlive a version of their rules (boardgame/play/upgrade.py, verify.py).

The toy stands for any ruleset whose version is bumped under a running game (its class gets a
new `version` and a migration for the test's duration); the frozen games of the shipped
rulesets (tests/fixtures/versions) are stored as games of their version and carried forward.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from boardgame.jobs.worker import drain
from boardgame.play import actions, options, services
from boardgame.play.actions import ActionRejected
from boardgame.play.models import ActionRecord, Game, Snapshot
from boardgame.play.upgrade import current_state, upgrade_all, upgrade_game
from boardgame.play.verify import verify_all, verify_game
from engine import rulesets
from engine.kernel import decisions
from engine.kernel.canonical import state_hash
from engine.kernel.record import replay
from engine.kernel.selfplay import Chooser
from engine.kernel.versions import Migration

from . import helpers

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "versions")
                  .glob("*.json"))


def _marked(state: dict[str, Any]) -> dict[str, Any]:
    state["board"]["upgraded"] = True
    return state


@pytest.fixture
def toy_v2(monkeypatch):
    """The toy's version bumped to 2, with a migration that marks the board."""
    toy = rulesets.get("toy_skirmish")
    monkeypatch.setattr(type(toy), "version", "2")
    monkeypatch.setattr(type(toy), "migrations",
                        (Migration("1", "2", _marked, "the board says it was upgraded"),))
    return toy


def _move(game: Game, users: dict[str, Any], cid: str) -> None:
    seat, decision, action = helpers.next_moves(game.state)[0]
    actions.submit_action(game.pk, users[seat], seat, decision, action, cid)
    game.refresh_from_db()


def test_a_running_game_is_upgraded_by_its_next_move_and_plays_on(request, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    game = helpers.start_game(hamlet, users)
    _move(game, users, "c1")
    _move(game, users, "c2")
    before = game.version
    toy = request.getfixturevalue("toy_v2")
    _move(game, users, "c3")
    upgraded = ActionRecord.objects.get(game=game, kind="upgrade")
    assert upgraded.seq == before + 1 and upgraded.action == {"from": "1", "to": "2"}
    assert game.versions["ruleset"] == "1" and game.versions["playing"] == "2"
    assert game.state["board"]["upgraded"] is True
    assert game.version == before + 2  # the upgrade, then the move
    checkpoint = Snapshot.objects.get(game=game, version=upgraded.seq)
    assert state_hash(checkpoint.state) == upgraded.state_hash
    for n in range(4, 60):
        if game.is_over:
            break
        _move(game, users, f"c{n}")
    assert game.is_over
    record = services.game_record(hamlet, game)
    report = replay(record, toy)
    assert report.verified_from == upgraded.seq
    assert report.state_hash == state_hash(game.state)
    assert verify_game(game).status == "ok"
    viewer = APIClient()
    viewer.force_authenticate(hamlet)
    refused = viewer.get(f"/api/games/{game.pk}/replay/1")
    assert refused.status_code == 409
    assert refused.json()["error"]["data"]["first"] == upgraded.seq
    shown = viewer.get(f"/api/games/{game.pk}/replay/{upgraded.seq}?through={game.version}")
    assert shown.status_code == 200, shown.json()
    assert shown.json()["view"]["board"]["score"] is not None


def test_a_read_of_an_outdated_game_migrates_in_memory_and_writes_nothing(
        request, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    game = helpers.start_game(hamlet, users)
    request.getfixturevalue("toy_v2")
    seat, decision, _ = next((s, d, a) for s, d, a in helpers.next_moves(game.state))
    options.get_options(game.pk, users[seat], seat, decision)
    game.refresh_from_db()
    assert game.version == 0 and "upgraded" not in game.state["board"]
    assert not ActionRecord.objects.filter(game=game).exists()


def test_upgrade_games_carries_every_running_game_once_and_names_the_stranded(
        request, hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    first = helpers.start_game(hamlet, users)
    stranded = helpers.start_game(hamlet, users)
    Game.objects.filter(pk=stranded.pk).update(versions={"ruleset": "0-older"})
    request.getfixturevalue("toy_v2")
    figures = upgrade_all()
    assert figures == {"upgraded": [(first.pk, "1", "2")], "stranded": [stranded.pk]}
    assert upgrade_all()["upgraded"] == []  # idempotent
    assert upgrade_game(first.pk) is None
    with pytest.raises(ActionRejected) as refused:
        _move(stranded, users, "s1")
    assert refused.value.code == "game/outdated"
    verdicts = {v.game: v.status for v in verify_all()}
    assert verdicts == {first.pk: "ok", stranded.pk: "stranded"}


def test_verify_games_catches_a_stored_state_the_log_does_not_rebuild(hamlet, othello):
    users = {"red": hamlet, "blue": othello}
    game = helpers.start_game(hamlet, users)
    _move(game, users, "c1")
    call_command("verify_games", verbosity=0)
    state = dict(game.state, board=dict(game.state["board"], score={"red": 9, "blue": 0}))
    Game.objects.filter(pk=game.pk).update(state=state)
    assert verify_all()[0].status == "mismatch"
    with pytest.raises(CommandError, match="1 mismatched"):
        call_command("verify_games", verbosity=0)


def _store_frozen(frozen: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    """A stored game holding a frozen game of an earlier version, seat by seat."""
    record = frozen["record"]
    seats = [s["seat"] for s in record["seats"]]
    users = {seat: helpers.make_user(f"p-{seat}") for seat in seats}
    game = helpers.start_game(users[seats[0]], users, ruleset=record["ruleset"],
                              scenario=record["scenario"])
    game.game_uid, game.seed = record["game_uid"], bytes.fromhex(record["seed"])
    game.commitment, game.versions = record["commitment"], record["versions"]
    game.state, game.version = frozen["state"], len(record["actions"])
    game.save()
    ActionRecord.objects.bulk_create(ActionRecord(
        game=game, seq=e["seq"], kind=e["kind"], seat=e["seat"], decision=e["decision"],
        action=e["action"], rolls=e["rolls"], state_hash=e["hash"], by="selfplay")
        for e in record["actions"])
    return game, users


def _play_written_turn(game: Game, ruleset: Any, users: dict[str, Any], chooser: Chooser,
                       n: int) -> None:
    """Every nation writes one offered order set through the orders service and says ready
    (the first write upgrades a stored game of an earlier version)."""
    from boardgame.play import orders as orders_service
    written = [d for d in decisions(ruleset, current_state(game, ruleset)) if d.revisable]
    for decision in written:
        seat = decision.seats[0]
        choices = [i["action"] for i in options.get_options(game.pk, users[seat], seat,
                                                             decision.id)]
        orders_service.do_write_order(game.pk, users[seat], seat, decision.id,
                                      choices[chooser.index(len(choices))])
    for seat in sorted({s for d in written for s in d.seats}):
        orders_service.submit_ready(game.pk, users[seat], seat, written[0].group, True,
                                    f"f{n}-{seat}")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_stored_game_of_an_earlier_version_continues_after_the_upgrade(path, db):
    frozen = json.loads(path.read_text())
    game, users = _store_frozen(frozen)
    ruleset = rulesets.get(game.ruleset)
    old = frozen["record"]["versions"]["ruleset"]
    assert verify_game(game).status == ("ok" if old == ruleset.version else "upgrade_pending")
    chooser = Chooser(3, 0)
    for n in range(30):
        if game.is_over:
            break
        # Before the first move the stored state may be of the old version: read it as the
        # current rules do (the move itself upgrades the game).
        open_now = [d for d in decisions(ruleset, current_state(game, ruleset))
                    if not d.revisable]
        if not open_now:   # written orders (TWTEAW): every seat writes, then says ready
            if n >= 3:     # three whole turns are enough (each is nine writes and readies)
                break
            _play_written_turn(game, ruleset, users, chooser, n)
            drain()   # the last ready is held; the task worker resolves the turn (ruling 68)
            game.refresh_from_db()
            continue
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[0]
        choices = (list(decision.options) if decision.options is not None else
                   [i["action"] for i in options.get_options(game.pk, users[seat], seat,
                                                              decision.id)])
        actions.submit_action(game.pk, users[seat], seat, decision.id,
                              choices[chooser.index(len(choices))], f"f{n}")
        game.refresh_from_db()
    upgrades = ActionRecord.objects.filter(game=game, kind="upgrade").count()
    assert upgrades == (0 if old == ruleset.version else 1)
    assert verify_game(game).status == "ok"
