"""FA version 9 (issue #22, interception and naval combat): a running version-8 campaign,
frozen before the bump (tests/fixtures/versions/fatal_alliances-8.json), gets its ships'
damage markers (none) and fresh naval bookkeeping; an East Prussia state is left as it was."""

import copy
import json
from pathlib import Path

from engine.kernel import new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.migrations import v8_to_v9

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-8.json"


def test_fa_11_4_7_1_version_9_gives_every_ship_an_unmarked_damage_field():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "8" and frozen["state"]["board"]["result"] is None
    state = v8_to_v9(copy.deepcopy(frozen["state"]))
    ships = state["board"]["fleets"]
    assert ships and all(sh["damaged"] is False for sh in ships.values())
    assert sum(1 for sh in ships.values() if sh["area"]) == 10      # still at sea, untouched
    assert state["flow"]["naval"] == {"pending": None, "entered": [], "fought": [], "watch": {}}


def test_fa_11_4_version_9_leaves_east_prussia_as_it_was():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], b"\1" * 32, "ep")
    before = copy.deepcopy(state)
    assert v8_to_v9(state) == before
