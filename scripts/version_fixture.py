"""Freeze a game of the current ruleset version as a fixture, before its version is bumped.

    python scripts/version_fixture.py balance_of_powers before-the-leaves-fall 120

writes tests/fixtures/versions/<ruleset>-<version>.json: a selfplay game's first N steps (its
record, seed included: it is a test game) and the state they reach. After the bump,
tests/engine/test_ruleset_versions.py carries that state to the new version with the ruleset's
migrations and plays on, and the web test continues it as a stored game. Run it for the old
version *before* changing the code (see docs/rulesets.md, "Versions").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.dice import commitment
from engine.kernel.game import apply, decisions, new_game
from engine.kernel.record import build_record, log_entry, versions_of
from engine.kernel.selfplay import Chooser, game_seed, play_written_group

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "versions"


def freeze(ruleset_id: str, scenario: str, steps: int, run_seed: int = 7) -> Path:
    ruleset = rulesets.get(ruleset_id)
    definition = ruleset.scenario(scenario)
    seats = sorted(seat["id"] for seat in definition["seats"])
    seed = game_seed(run_seed, 0)
    game_uid = f"fixture-{ruleset_id}-{ruleset.version}"
    chooser = Chooser(run_seed, 0)
    state, _ = new_game(ruleset, scenario, {}, seats, seed, game_uid)
    log: list[dict] = []
    while len(log) < steps:
        open_now = [d for d in decisions(ruleset, state) if not d.revisable]
        if not open_now:
            written = [d for d in decisions(ruleset, state) if d.revisable]
            if not written:
                break
            # Written orders (TWTEAW): every seat of the group writes and says ready; the
            # fixture stops only between groups, with no order left in a book.
            state = play_written_group(ruleset, state, written[0].group, chooser, seed, log)
            continue
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[chooser.index(len(decision.seats))]
        choices = (list(decision.options) if decision.options is not None else
                   [item["action"] for item in ruleset.options(state, seat, decision, None)])
        action = choices[chooser.index(len(choices))]
        outcome = apply(ruleset, state, seat, decision.id, action, seed=seed)
        log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome, by="selfplay"))
        state = outcome.state
    record = build_record(
        ruleset, scenario=scenario, options=state["kernel"]["options"],
        seats=[{"seat": s, "player": "fixture"} for s in seats], game_uid=game_uid,
        commitment=commitment(seed), actions=log, versions=versions_of(ruleset, scenario),
        seed=seed)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{ruleset_id}-{ruleset.version}.json"
    path.write_text(json.dumps({"record": record, "state": state,
                                "state_hash": state_hash(state)}, sort_keys=True) + "\n")
    return path


if __name__ == "__main__":
    print(freeze(sys.argv[1], sys.argv[2], int(sys.argv[3])))
