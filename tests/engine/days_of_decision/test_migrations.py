"""Version 2 of Days of Decision: the frozen version-1 game (tests/fixtures/versions) is carried
over by migrations.add_minor_politics; tests/engine/test_ruleset_versions.py plays it on."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision.migrations import add_minor_politics

FIXTURE = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
           / "days_of_decision-1.json")


def test_dod_version_2_migration_gives_a_version_1_state_the_minor_politics():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "1" and RULESET.version == "2"
    old = frozen["state"]
    assert "modifiers" not in old["board"]
    new = add_minor_politics(copy.deepcopy(old))
    board = new["board"]
    assert board["modifiers"] == board["alliances"] == board["guarantees"] == {}
    assert board["coup_cells"] == {} and new["flow"]["activation"] is None
    assert [p for p, e in board["powers"].items() if e["free_trader"]] == ["US"]
    assert board["display"] == old["board"]["display"]           # the minors stay put
    RULESET.check_invariants(new)
    again = add_minor_politics(copy.deepcopy(new))               # one state, idempotent
    assert canonical_json(again) == canonical_json(new)
