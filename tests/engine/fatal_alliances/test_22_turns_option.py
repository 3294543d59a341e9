"""FA 22 — the 1914 campaign's length as a table option (`turns`, version 13, R-N22): a short
campaign ends at the victory check of its last turn, judged as at the end of the war; the
full 30 turns stay the default. A running version-12 campaign carries over."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import BadSetup, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.migrations import v12_to_v13
from engine.rulesets.fatal_alliances.victory import check

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
SEED = b"\x16" * 32
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-12.json"


def test_fa_22_the_campaign_runs_30_turns_unless_its_turns_option_says_fewer():
    full, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "turns-30")
    assert full["board"]["victory"]["last_turn"] == 30
    assert full["kernel"]["options"]["turns"] == 30
    short, _ = new_game(RULESET, "campaign-1914", {"turns": 2}, SEATS, SEED, "turns-2")
    assert short["board"]["victory"]["last_turn"] == 2
    for bad in (0, 31, "2"):
        with pytest.raises(BadSetup):
            new_game(RULESET, "campaign-1914", {"turns": bad}, SEATS, SEED, "turns-bad")
    # East Prussia keeps its three turns and has no such option
    with pytest.raises(BadSetup):
        new_game(RULESET, "east-prussia-1914", {"turns": 2}, ["germany", "russia"], SEED, "ep")


def test_fa_22_a_short_campaign_is_judged_at_the_end_of_its_last_turn():
    short, _ = new_game(RULESET, "campaign-1914", {"turns": 1}, SEATS, SEED, "turns-1")
    full, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "turns-30")
    assert short["flow"]["turn"] == 1 == full["flow"]["turn"]
    assert check(full) is None                       # turn 1 of 30: the war goes on
    result = check(short)                            # turn 1 of 1: the objectives decide
    assert result is not None and result["reason"] == "objectives"
    assert result["winner"] in ("central", "entente")


def test_fa_22_version_13_records_a_running_version_12_campaigns_30_turns():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "12"
    old = frozen["state"]
    assert "turns" not in old["kernel"]["options"] and old["board"]["result"] is None
    migrated = v12_to_v13(copy.deepcopy(old))
    assert migrated["kernel"]["options"]["turns"] == 30
    del migrated["kernel"]["options"]["turns"]
    assert migrated == old                           # nothing else changes
    ep, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    assert v12_to_v13(copy.deepcopy(ep)) == ep
