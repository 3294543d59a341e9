"""Ruleset versions (engine/kernel/versions.py): a game outlives a version of its rules.

The toy ruleset stands for any ruleset here: `ToyV2` is the toy with a bumped version and a
migration from 1 (a rename of a state key, undone by its own `setup` so the rules read the new
name), and the record of a game that crossed the bump replays stretch by stretch.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel.canonical import state_hash
from engine.kernel.dice import commitment
from engine.kernel.errors import RecordError, ReplayMismatch
from engine.kernel.game import apply, decisions, new_game
from engine.kernel.record import (
    build_record,
    log_entry,
    redact_record,
    replay,
    upgrade_action,
    upgrade_step,
    versions_of,
)
from engine.kernel.selfplay import Chooser
from engine.kernel.versions import Migration, Outdated, can_upgrade, chain, identity, upgrade
from tests.toy.ruleset import ToySkirmish

SEED = bytes(range(32))
SEATS = ["blue", "green", "red"]


def _renamed(state: dict[str, Any]) -> dict[str, Any]:
    state["board"]["points"] = state["board"].pop("score")
    return state


def _as_v1(state: dict[str, Any]) -> dict[str, Any]:
    """A read-only v1 face of a v2 state, for the hooks that only read."""
    board = dict(state["board"])
    board["score"] = board.pop("points")
    return dict(state, board=board)


class _InV1Shape:
    """Within the block, the working state is in v1's shape (for the hooks that change it)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.board = state["board"]

    def __enter__(self) -> None:
        self.board["score"] = self.board.pop("points")

    def __exit__(self, *exc: Any) -> None:
        self.board["points"] = self.board.pop("score")


class ToyV2(ToySkirmish):
    """Version 2 of the toy: the same rules over a state whose board's `score` is `points`."""

    version = "2"
    migrations = (Migration("1", "2", _renamed, "the board's score is called points"),)

    def setup(self, *args: Any) -> dict[str, Any]:
        return _renamed(super().setup(*args))

    def apply_action(self, state: dict[str, Any], *args: Any) -> Any:
        with _InV1Shape(state):
            return super().apply_action(state, *args)

    def resolve_group(self, state: dict[str, Any], *args: Any) -> Any:
        with _InV1Shape(state):
            return super().resolve_group(state, *args)

    def decisions(self, state: dict[str, Any]) -> Any:
        return super().decisions(_as_v1(state))

    def options(self, state: dict[str, Any], *args: Any) -> Any:
        return super().options(_as_v1(state), *args)

    def validate(self, state: dict[str, Any], *args: Any) -> Any:
        return super().validate(_as_v1(state), *args)

    def timeout_default(self, state: dict[str, Any], *args: Any) -> Any:
        return super().timeout_default(_as_v1(state), *args)

    def view(self, state: dict[str, Any], audience: Any) -> dict[str, Any]:
        return super().view(_as_v1(state), audience)

    def result(self, state: dict[str, Any]) -> Any:
        return super().result(_as_v1(state))


V1 = ToySkirmish()


def _play(ruleset: Any, state: dict[str, Any], log: list[dict[str, Any]], steps: int,
          chooser: Chooser) -> dict[str, Any]:
    for _ in range(steps):
        if ruleset.result(state) is not None:
            break
        open_now = decisions(ruleset, state)
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[chooser.index(len(decision.seats))]
        choices = (list(decision.options) if decision.options is not None else
                   [i["action"] for i in ruleset.options(state, seat, decision, None)])
        action = choices[chooser.index(len(choices))]
        outcome = apply(ruleset, state, seat, decision.id, action, seed=SEED)
        log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome))
        state = outcome.state
    return state


def _crossing_game(new: Any, *, checkpoint: bool = True) -> dict[str, Any]:
    """A toy game: 6 steps under version 1, the upgrade, then on under `new`."""
    chooser = Chooser(5, 0)
    state, _ = new_game(V1, "melee", {}, SEATS, SEED, "versions-1")
    log: list[dict[str, Any]] = []
    state = _play(V1, state, log, 6, chooser)
    outcome = upgrade_step(new, state, "1")
    entry = log_entry(len(log) + 1, None, None, upgrade_action(outcome), outcome,
                      kind="upgrade")
    if checkpoint:
        entry["checkpoint"] = outcome.state
    log.append(entry)
    state = _play(new, outcome.state, log, 40, chooser)
    return build_record(V1, scenario="melee", options=state["kernel"]["options"],
                        seats=[{"seat": s} for s in SEATS], game_uid="versions-1",
                        commitment=commitment(SEED), actions=log,
                        versions=versions_of(V1, "melee"), seed=SEED,
                        final_state_hash=state_hash(state))


def test_chain_walks_the_history_and_refuses_a_gap() -> None:
    history = (Migration("1", "2", identity, "a"), Migration("2", "3", _renamed, "b"))
    assert [m.to_version for m in chain(history, "1", "3")] == ["2", "3"]
    assert chain(history, "3", "3") == []
    assert not can_upgrade(history, "0", "3")
    with pytest.raises(Outdated):
        chain(history, "3", "1")  # never backwards
    assert upgrade(history, {"board": {"score": {"a": 1}}}, "1", "3") == {
        "board": {"points": {"a": 1}}}


def test_upgrade_never_changes_its_input() -> None:
    state = {"board": {"score": {"red": 2}}}
    assert upgrade(ToyV2.migrations, state, "1", "2") == {"board": {"points": {"red": 2}}}
    assert state == {"board": {"score": {"red": 2}}}


def test_upgrade_carries_the_undo_points_earlier_states_too() -> None:
    """The kernel keeps an earlier state for an undo (`kernel.undo.state`, which may hold its
    own): each migration reaches every one of them, once, so an undo after the upgrade
    restores a state of the new shape — a ruleset's migration handles one state only."""
    calls: list[int] = []

    def counted(state: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        return _renamed(state)

    history = (Migration("1", "2", counted, "score → points"),)
    inner = {"board": {"score": {"a": 1}}, "kernel": {"undo": None}}
    middle = {"board": {"score": {"a": 2}}, "kernel": {"undo": {"seat": "red", "state": inner}}}
    outer = {"board": {"score": {"a": 3}}, "kernel": {"undo": {"seat": "red", "state": middle}}}
    moved = upgrade(history, outer, "1", "2")
    assert moved["board"] == {"points": {"a": 3}}
    assert moved["kernel"]["undo"]["state"]["board"] == {"points": {"a": 2}}
    assert moved["kernel"]["undo"]["state"]["kernel"]["undo"]["state"]["board"] == {
        "points": {"a": 1}}
    assert len(calls) == 3


def test_a_game_started_on_the_previous_version_continues_after_the_upgrade() -> None:
    record = _crossing_game(ToyV2())
    upgrade_at = next(e["seq"] for e in record["actions"] if e["kind"] == "upgrade")
    assert len(record["actions"]) > upgrade_at + 5, "the game went on after the upgrade"
    # Version 1 is no longer carried by ToyV2: the prefix is taken from the checkpoint.
    report = replay(record, ToyV2())
    assert report.verified_from == upgrade_at
    assert report.state_hash == record["final_state_hash"]


def test_replay_folds_each_stretch_with_its_own_rules_when_the_engine_keeps_them() -> None:
    class ToyV2KeepsV1(ToyV2):
        earlier = {"1": V1}

    record = _crossing_game(ToyV2KeepsV1())
    report = replay(record, ToyV2KeepsV1())
    assert report.verified_from == 0
    assert report.rolls_checked > 0


def test_a_tampered_checkpoint_is_caught() -> None:
    record = _crossing_game(ToyV2())
    entry = next(e for e in record["actions"] if e["kind"] == "upgrade")
    entry["checkpoint"]["board"]["points"]["red"] = 99
    with pytest.raises(ReplayMismatch, match="checkpoint"):
        replay(record, ToyV2())


def test_a_record_without_checkpoint_says_what_it_cannot_verify() -> None:
    record = _crossing_game(ToyV2(), checkpoint=False)
    with pytest.raises(RecordError, match="no longer carries"):
        replay(record, ToyV2())


def test_a_running_game_record_never_shows_the_checkpoint() -> None:
    record = _crossing_game(ToyV2())
    redacted = redact_record(record, frozenset({"red"}), frozenset())
    assert not any("checkpoint" in e for e in redacted["actions"])
