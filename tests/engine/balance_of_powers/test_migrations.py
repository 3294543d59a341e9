"""BoP state migrations (engine/rulesets/balance_of_powers/migrations.py): a frozen game of
version 2 comes out in version 3's vocabulary, its undo point included (which the kernel's
`versions.upgrade` carries). That the migrated game
plays on is tests/engine/test_ruleset_versions.py's business; that the renames are pure is
checked against the old code by scripts/migration_check.py (docs/rules/balance_of_powers.md)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kernel.versions import upgrade
from engine.rulesets.balance_of_powers.forces import in_crisis
from engine.rulesets.balance_of_powers.migrations import MIGRATIONS, v2_to_v3
from engine.rulesets.balance_of_powers.setup import initial_state

FROZEN = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "balance_of_powers-2.json"


def _keys(state):
    flow = set(state["flow"])
    powers = set().union(*(set(p) for p in state["powers"].values()))
    return flow, powers


def test_bop_v2_to_v3_renames_every_v2_key_and_the_undo_point():
    state = json.loads(FROZEN.read_text())["state"]
    state["kernel"]["undo"] = {"seat": "germany", "decision": "d", "state": json.loads(
        json.dumps(state))}
    state["flow"]["combat"] = {"id": True, "result": {"flags": ["gg", "bthru"]}}
    migrated = upgrade(MIGRATIONS, state, "2", "3")   # the kernel carries the undo point
    fresh_flow, fresh_powers = _keys(initial_state("bop-north-europe", {}))
    for version in (migrated, migrated["kernel"]["undo"]["state"]):
        flow, powers = _keys(version)
        assert flow - {"combat", "bought", "plan17_left", "britain_to_place"} <= fresh_flow
        assert {"pos", "k", "bthru", "pending"}.isdisjoint(flow)
        assert powers <= fresh_powers | {"violated_by", "free_attack_used"}
        assert {"dem", "crisis", "violated"}.isdisjoint(powers)
    assert migrated["flow"]["combat"] == {"inherent_defense": True,
                                          "result": {"flags": ["gg", "breakthrough"]}}


def test_bop_v2_to_v3_gives_the_fixed_rules_their_state():
    """The fixes' state with defaults: sea moves counted per corps (6.452), no supply snapshot
    (3.1), France's demoralization at most its printed limit 7 — and so in crisis (12.4)."""
    state = json.loads(FROZEN.read_text())["state"]
    state["flow"].update(sea_used=3, supplied={"fra-inf-1": True})
    state["powers"]["france"]["dem"] = 8
    migrated = v2_to_v3(state)
    assert migrated["flow"]["sea_moved"] == {} and "sea_used" not in migrated["flow"]
    assert "supplied" not in migrated["flow"]
    assert migrated["powers"]["france"]["demoralization"] == 7
    assert in_crisis(migrated, "france")


FROZEN_V3 = FROZEN.with_name("balance_of_powers-3.json")


def _script_without(*steps):
    from engine.rulesets.balance_of_powers.sequence import MONTH_SCRIPT
    return [entry for entry in MONTH_SCRIPT if entry[0] not in steps]


def test_bop_6_51_v3_to_v4_keeps_every_script_position_on_its_step():
    """Version 4 put the weather sub-phase (6.51) after the admiralty phase: every version-3
    cursor still points at the same step (and side and fortnight), the undo point's too."""
    from engine.rulesets.balance_of_powers.migrations import add_weather_step
    from engine.rulesets.balance_of_powers.sequence import Step

    v4_script = _script_without(Step.AIR_RAIDS, Step.AVIATION, Step.AERODROME)  # before v6
    v3_script = [entry for entry in v4_script if entry[0] is not Step.WEATHER]
    assert len(v3_script) == len(v4_script) - 1
    frozen = json.loads(FROZEN_V3.read_text())["state"]
    for old in range(-1, len(v3_script)):
        state = json.loads(json.dumps(frozen))
        state["flow"]["script_position"] = old
        state["kernel"]["undo"] = {"seat": "germany", "decision": "d",
                                   "state": json.loads(json.dumps(state))}
        migrated = upgrade(MIGRATIONS, state, "3", "4")   # the kernel carries the undo point
        for version in (migrated, migrated["kernel"]["undo"]["state"]):
            new = version["flow"]["script_position"]
            assert new == old == -1 or v4_script[new] == v3_script[old]
    # the frozen game stands in the Entente's half of August's second fortnight
    assert (frozen["flow"]["step"], frozen["flow"]["fortnight"], frozen["flow"][
        "script_position"]) == ("half", 2, 19)
    assert add_weather_step(frozen)["flow"]["script_position"] == 20
    assert v4_script[20] == (Step.HALF, "entente", 2)


FROZEN_V5 = FROZEN.with_name("balance_of_powers-5.json")


def test_bop_6_3_v5_to_v6_keeps_every_script_position_on_its_step_and_adds_empty_air():
    """Version 6 put air raids (5.31, CP then EP) after the seasonal reductions, the aviation
    phase (6.3) after procurement and the aerodrome phase (6.7, CP then EP) before the month's
    end: every version-5 cursor still points at the same step (side, fortnight), the undo
    point's too, and the game gains empty air state."""
    from engine.rulesets.balance_of_powers.sequence import MONTH_SCRIPT, Step

    v5_script = _script_without(Step.AIR_RAIDS, Step.AVIATION, Step.AERODROME)
    assert len(v5_script) == len(MONTH_SCRIPT) - 5
    frozen = json.loads(FROZEN_V5.read_text())["state"]
    assert "air" not in frozen["board"] and "air" not in frozen["flow"]
    for old in range(-1, len(v5_script)):
        state = json.loads(json.dumps(frozen))
        state["flow"]["script_position"] = old
        state["kernel"]["undo"] = {"seat": "germany", "decision": "d",
                                   "state": json.loads(json.dumps(state))}
        migrated = upgrade(MIGRATIONS, state, "5", "6")   # the kernel carries the undo point
        for version in (migrated, migrated["kernel"]["undo"]["state"]):
            new = version["flow"]["script_position"]
            assert new == old == -1 or MONTH_SCRIPT[new] == v5_script[old]
            assert (version["board"]["air"], version["board"]["air_pool"],
                    version["board"]["air_due"], version["flow"]["air_muster"]) == (
                {}, [], {}, [])
            assert version["flow"]["air"] == initial_state("bop-north-europe", {})["flow"]["air"]
    # the frozen game stands in the Entente's half of August's second fortnight
    assert (frozen["flow"]["step"], frozen["flow"]["fortnight"], frozen["flow"][
        "script_position"]) == ("half", 2, 20)
    assert MONTH_SCRIPT[23] == (Step.HALF, "entente", 2)


def test_bop_6_43_v15_to_v16_numbers_the_force_in_motion_and_keeps_what_the_views_say():
    """Version 16 keeps each ship's force number in a General Quarters half (issue #27, read
    by the views only): a half in progress numbers its force in motion 1, the ships already
    done none, and every ship's status in the view is what version 15's view said."""
    from engine.rulesets.balance_of_powers.ruleset import naval_fleets

    frozen = json.loads((FROZEN.parent / "balance_of_powers-15.json").read_text())["state"]
    nf = frozen["flow"]["naval"]
    assert "force_no" not in nf and frozen["flow"]["step"] == "gq"
    nf.update({"spent": {"bri-bb1": 9, "bri-ca1": 4, "bri-ss1": 2}, "force": ["bri-ca1", "bri-ss1"],
               "done": ["bri-bb1"]})
    migrated = upgrade(MIGRATIONS, json.loads(json.dumps(frozen)), "15", "16")
    assert migrated["flow"]["naval"]["force_no"] == {"bri-ca1": 1, "bri-ss1": 1}
    fleets = naval_fleets(migrated)
    assert [fleets[u].get("move", "force") for u in ("bri-bb1", "bri-ca1", "bri-ss1")] == [
        "done", "force", "force"]
    # outside a half (no per-ship facts) nothing is added
    outside = json.loads(json.dumps(frozen))
    del outside["flow"]["naval"]["spent"]
    assert "force_no" not in upgrade(MIGRATIONS, outside, "15", "16")["flow"]["naval"]
