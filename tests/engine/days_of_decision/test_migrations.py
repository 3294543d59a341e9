"""Versions 2 to 6 of Days of Decision: the frozen version-1 to 5 games
(tests/fixtures/versions) are carried over by migrations.add_minor_politics,
migrations.add_treaties_and_war, migrations.add_surrender_and_us_entry,
migrations.add_wars_on_minors and migrations.add_declining_and_vengeance; tests/engine/test_ruleset_versions.py plays them on."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision.migrations import (
    add_declining_and_vengeance,
    add_minor_politics,
    add_surrender_and_us_entry,
    add_treaties_and_war,
    add_wars_on_minors,
)

VERSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "versions"
FIXTURE = VERSIONS / "days_of_decision-1.json"


def test_dod_version_2_migration_gives_a_version_1_state_the_minor_politics():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "1"
    old = frozen["state"]
    assert "modifiers" not in old["board"]
    new = add_minor_politics(copy.deepcopy(old))
    board = new["board"]
    assert board["modifiers"] == board["alliances"] == board["guarantees"] == {}
    assert board["coup_cells"] == {} and new["flow"]["activation"] is None
    assert [p for p, e in board["powers"].items() if e["free_trader"]] == ["US"]
    assert board["display"] == old["board"]["display"]           # the minors stay put
    again = add_minor_politics(copy.deepcopy(new))               # one state, idempotent
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_3_migration_gives_a_version_2_state_the_treaties_and_the_war_graph():
    frozen = json.loads((VERSIONS / "days_of_decision-2.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "2" and int(RULESET.version) >= 3
    old = frozen["state"]
    assert "treaties" not in old["board"] and old["board"]["result"] is None    # still running
    new = add_treaties_and_war(copy.deepcopy(old))
    board = new["board"]
    assert sorted(board["treaties"]) == ["FR-IT", "FR-RU"]           # the printed set-up (3.2)
    assert board["wars"] == board["proposals"] == board["conquered"] == []
    assert board["accepts"] == board["casus_belli"] == board["offensives"] == {}
    assert all(e["mp_played"] == [] for e in board["powers"].values())
    assert new["flow"]["committed"] is False
    assert board["display"] == old["board"]["display"]
    RULESET.check_invariants(new)
    again = add_treaties_and_war(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_4_migration_gives_a_version_3_state_the_us_entry_totals():
    frozen = json.loads((VERSIONS / "days_of_decision-3.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "3" and int(RULESET.version) > 3
    old = frozen["state"]
    assert "us_entry" not in old["board"] and old["board"]["result"] is None    # still running
    assert old["board"]["turn"] == 30
    new = add_surrender_and_us_entry(copy.deepcopy(old))
    board = new["board"]
    assert board["us_entry"] == {p: "0" for p in old["board"]["powers"]}
    assert {k: v for k, v in board.items() if k != "us_entry"} == old["board"]
    RULESET.check_invariants(new)
    again = add_surrender_and_us_entry(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_5_migration_gives_a_version_4_state_no_wars_on_minors():
    frozen = json.loads((VERSIONS / "days_of_decision-4.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "4" and int(RULESET.version) > 4
    old = frozen["state"]
    assert "minor_wars" not in old["board"] and old["board"]["result"] is None  # still running
    assert old["board"]["turn"] == 30
    new = add_wars_on_minors(copy.deepcopy(old))
    board = new["board"]
    assert board["minor_wars"] == [] and board["minors_conquered"] == {}
    assert {k: v for k, v in board.items()
            if k not in ("minor_wars", "minors_conquered")} == old["board"]
    RULESET.check_invariants(new)
    again = add_wars_on_minors(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_6_migration_gives_a_version_5_state_no_declines_and_no_debts():
    frozen = json.loads((VERSIONS / "days_of_decision-5.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "5" and int(RULESET.version) > 5
    old = frozen["state"]
    assert "unavenged" not in old["board"] and "directing" not in old["flow"]
    assert old["board"]["result"] is None and old["board"]["turn"] == 30     # still running
    new = add_declining_and_vengeance(copy.deepcopy(old))
    assert new["board"]["unavenged"] == []
    assert new["flow"]["directing"] is None and new["flow"]["peace_asked"] == []
    assert {k: v for k, v in new["board"].items() if k != "unavenged"} == old["board"]
    RULESET.check_invariants(new)
    again = add_declining_and_vengeance(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)
    # a version-5 war on a minor (the frozen game has none at turn 30) had nobody decline it
    waring = copy.deepcopy(old)
    waring["board"]["minor_wars"] = [{"power": "GE", "minor": "austria", "since": 29,
                                      "director": "RU"}]
    moved = add_declining_and_vengeance(waring)
    assert moved["board"]["minor_wars"] == [{"power": "GE", "minor": "austria", "since": 29,
                                             "director": "RU", "declined": []}]
