"""FA's version history: a version-3 state carried to version 4 (the frozen v3 game itself is
played on in tests/engine/test_ruleset_versions.py)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kernel.versions import upgrade
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.migrations import MIGRATIONS, v3_to_v4

FROZEN = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-3.json"


def test_fa_v3_to_v4_renames_the_unclear_keys_and_drops_the_stored_pending_list():
    v3 = json.loads(FROZEN.read_text())["state"]
    flow, board, combat = v3["flow"], v3["board"], v3["flow"]["combat"]
    counts, box, circle, number = flow["acts"], flow["box"], board["circle"], combat["n"]
    v4 = v3_to_v4(json.loads(json.dumps(v3)))
    assert v4["flow"]["answer_counts"] == counts and v4["flow"]["impulse_box"] == box
    assert v4["board"]["production_circle"] == circle
    assert v4["flow"]["combat"]["number"] == number
    for gone in ("acts", "box", "pending"):
        assert gone not in v4["flow"]
    assert "circle" not in v4["board"] and "n" not in v4["flow"]["combat"]
    # The migrated game lists the same decision it was waiting for.
    assert [d.kind for d in RULESET.decisions(v4)] == ["combat_losses"]


def test_fa_v3_to_v4_also_carries_the_kernels_undo_point():
    """An undo right after the upgrade restores the kernel's copy of the previous state: it
    must be of the new shape too."""
    v3 = json.loads(FROZEN.read_text())["state"]
    before = json.loads(json.dumps(v3))
    v3["kernel"]["undo"] = {"seat": "germany", "decision": "x", "state": before}
    v4 = upgrade(MIGRATIONS, v3, "3", "4")    # the kernel carries the undo point
    restored = v4["kernel"]["undo"]["state"]
    assert "answer_counts" in restored["flow"] and "acts" not in restored["flow"]
    assert "production_circle" in restored["board"]


FROZEN_V4 = FROZEN.with_name("fatal_alliances-4.json")


def test_fa_v4_to_v5_keeps_the_shape_and_the_open_decision():
    """Version 5 adds decisions inside a combat (FA 11.12.3 support, 2.3.1.1 sitting out),
    not state: the frozen v4 game lists what it was waiting for, and a combat in progress
    keeps the support it already has."""
    from engine.rulesets.fatal_alliances.migrations import v4_to_v5
    v4 = json.loads(FROZEN_V4.read_text())["state"]
    kinds = [d.kind for d in RULESET.decisions(v4)]
    v5 = v4_to_v5(json.loads(json.dumps(v4)))
    assert [d.kind for d in RULESET.decisions(v5)] == kinds
    v4["flow"]["combat"] = {"phase": "retreat", "hq": [3, 0], "hq_flips": ["gh"]}
    v5 = v4_to_v5(json.loads(json.dumps(v4)))
    assert v5["flow"]["combat"]["hq"] == [3, 0] and v5["flow"]["combat"]["hq_flips"] == ["gh"]
    assert v5["flow"]["combat"]["support"] == {"attacker": None, "defender": None}


FROZEN_V5 = FROZEN.with_name("fatal_alliances-5.json")


def test_fa_v5_to_v6_adds_the_declared_attacks_and_keeps_the_open_decision():
    """Version 6 declares every attack before resolving any (FA 11.12): the migrated state has
    no attack waiting and declaration open, and lists what it was waiting for; a combat in
    progress is left to finish as it began."""
    from engine.rulesets.fatal_alliances.migrations import v5_to_v6
    v5 = json.loads(FROZEN_V5.read_text())["state"]
    kinds = [d.kind for d in RULESET.decisions(v5)]
    v6 = v5_to_v6(json.loads(json.dumps(v5)))
    assert v6["flow"]["declared"] == [] and v6["flow"]["attacks_closed"] is False
    assert v6["flow"]["liberation_offers"] == [] and v6["flow"]["foreign_start"] is None
    assert [d.kind for d in RULESET.decisions(v6)] == kinds
    v5["flow"]["combat"] = {"phase": "retreat", "hq": [3, 0], "hq_flips": ["gh"]}
    v6 = v5_to_v6(json.loads(json.dumps(v5)))
    assert v6["flow"]["combat"] == v5["flow"]["combat"]


FROZEN_V6 = FROZEN.with_name("fatal_alliances-6.json")


def test_fa_v6_to_v7_keeps_the_state_and_the_open_decision():
    """Version 7 adds partisans (FA 13.1) as units of the existing table and a step entered at
    the end of the turn: the frozen v6 game has none, keeps its shape and its open
    decisions, and the migration is listed."""
    from engine.rulesets.fatal_alliances.migrations import v6_to_v7
    v6 = json.loads(FROZEN_V6.read_text())["state"]
    kinds = [d.kind for d in RULESET.decisions(v6)]
    assert kinds, "the frozen game must be running"
    v7 = v6_to_v7(json.loads(json.dumps(v6)))
    assert v7 == v6
    assert not any(u["type"] == "PARTISAN" for u in v7["board"]["units"].values())
    assert [d.kind for d in RULESET.decisions(v7)] == kinds
    assert ("6", "7") in [(m.from_version, m.to_version) for m in MIGRATIONS]


FROZEN_V7 = FROZEN.with_name("fatal_alliances-7.json")


def test_fa_v7_to_v8_sets_the_campaigns_fleets_in_their_bases_and_keeps_the_open_decision():
    """Version 8 brings the campaign's ships into the position (FA 22.2; issue #22): the frozen
    v7 campaign game, saved mid-impulse with no ships, gets every seated power's ship face-up
    in its 1914 base and waits for the same decisions; East Prussia keeps its state."""
    from engine.rulesets.fatal_alliances.migrations import v7_to_v8
    from engine.rulesets.fatal_alliances.naval_oob import load_naval_oob
    v7 = json.loads(FROZEN_V7.read_text())["state"]
    assert v7["board"]["map"] == "fa-europe" and "fleets" not in v7["board"]
    kinds = [d.kind for d in RULESET.decisions(v7)]
    assert kinds, "the frozen game must be running"
    v8 = v7_to_v8(json.loads(json.dumps(v7)))
    ships = v8["board"]["fleets"]
    assert sorted(ships) == sorted(u.id for u in load_naval_oob().units
                                   if u.power in v7["board"]["sides"] and not u.pool)
    assert all(s["port"] and s["up"] and s["area"] is None for s in ships.values())
    assert [d.kind for d in RULESET.decisions(v8)] == kinds
    ep = json.loads(FROZEN_V6.read_text())["state"]
    assert v7_to_v8(json.loads(json.dumps(ep))) == ep
    assert ("7", "8") in [(m.from_version, m.to_version) for m in MIGRATIONS]
