"""Every released ruleset version stays playable: games frozen under earlier versions
(tests/fixtures/versions, made by scripts/version_fixture.py before each bump) are carried to
the current version by the ruleset's migrations and played on, and their records replay.

A version bump without its migration fails here; so does a migration that leaves a state the
new rules cannot play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.game import apply, decisions, result
from engine.kernel.leaks import find_leaks
from engine.kernel.record import log_entry, replay, upgrade_action, upgrade_step
from engine.kernel.selfplay import Chooser, play_written_group
from engine.kernel.versions import can_upgrade, upgrade

FIXTURES = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "versions")
                  .glob("*.json"))
PLAY_ON = 120


def _load(path: Path) -> dict[str, Any]:
    frozen: dict[str, Any] = json.loads(path.read_text())
    return frozen


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_released_version_reaches_the_current_one(path: Path) -> None:
    frozen = _load(path)
    ruleset = rulesets.get(frozen["record"]["ruleset"])
    old = frozen["record"]["versions"]["ruleset"]
    assert can_upgrade(ruleset.migrations, old, ruleset.version), (
        f"{ruleset.id} {ruleset.version} has no migration from {old}: a running game of "
        "that version would be stranded (see docs/rulesets.md, Versions)")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_game_of_an_earlier_version_plays_on_after_the_upgrade(path: Path) -> None:
    frozen = _load(path)
    record = frozen["record"]
    ruleset = rulesets.get(record["ruleset"])
    old = record["versions"]["ruleset"]
    seed = bytes.fromhex(record["seed"])
    if old == ruleset.version:
        # Still the current version: the fixture itself must be faithful.
        assert replay(record, ruleset).state_hash == frozen["state_hash"]
    outcome = upgrade_step(ruleset, frozen["state"], old)
    log = list(record["actions"])
    upgraded = log_entry(len(log) + 1, None, None, upgrade_action(outcome), outcome,
                         kind="upgrade")
    upgraded["checkpoint"] = outcome.state
    log.append(upgraded)
    state = outcome.state
    chooser = Chooser(11, 0)
    played = 0
    while played < PLAY_ON and result(ruleset, state) is None:
        open_now = [d for d in decisions(ruleset, state) if not d.revisable]
        written = [d for d in decisions(ruleset, state) if d.revisable]
        if not open_now and written:   # written orders (TWTEAW): the whole group at once
            state = play_written_group(ruleset, state, written[0].group, chooser, seed, log)
            played += 1
            continue
        assert open_now, f"dead end after the upgrade at step {played}"
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[chooser.index(len(decision.seats))]
        choices = (list(decision.options) if decision.options is not None else
                   [i["action"] for i in ruleset.options(state, seat, decision, None)])
        assert choices, f"{decision.id} offers nothing after the upgrade"
        action = choices[chooser.index(len(choices))]
        outcome = apply(ruleset, state, seat, decision.id, action, seed=seed)
        log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome))
        state = outcome.state
        played += 1
    assert played >= 20 or result(ruleset, state) is not None
    for audience in ["public"] + [f"seat:{s}" for s in sorted(state["kernel"]["sides"])]:
        assert not find_leaks(ruleset, state, audience), f"the upgraded game leaks to {audience}"
    crossed = dict(record, actions=log, final_state_hash=state_hash(state))
    report = replay(crossed, ruleset)
    assert report.state_hash == state_hash(state)
    assert report.verified_from in (0, len(record["actions"]) + 1)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_frozen_game_is_still_running_under_its_own_version(path: Path) -> None:
    """A frozen game that had already ended tests nothing: its migration and play-on checks
    pass over an empty list of decisions (fatal_alliances-6 was first frozen after
    Königsberg fell). Each fixture stops mid-game, with something open to decide."""
    frozen = _load(path)
    ruleset = rulesets.get(frozen["record"]["ruleset"])
    old = frozen["record"]["versions"]["ruleset"]
    assert frozen["state"]["flow"].get("step") != "over", f"{path.stem} is a finished game"
    state = upgrade(ruleset.migrations, frozen["state"], old, ruleset.version)
    assert result(ruleset, state) is None, f"{path.stem} is a finished game"
    assert decisions(ruleset, state), f"{path.stem} has nothing open to decide"
