"""FA 11.9.6.2 — overrunning naval units, for ships in a neutral port whose country joins the
other side (2.4.3; version 18, R-N34, replacing R-N30's stand-in): each face-down ship rolls a
d10 — 5 or more its owner keeps it, 1 it is captured, 2-4 it is destroyed — and the ships kept
rebase face-down to a friendly base within double their range, movement allowance ignored."""

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller
from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.fleets import fleets, friendly_base
from engine.rulesets.fatal_alliances.return_to_base import overrun_bases

from .test_2_4_3_neutral_basing import BC, CA, MED, park, ports_reached
from .test_11_3_4_commonwealth_crossing import SEED, britain_enters_the_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
HARWICH_CL = "britain-harwich-force-1"


def ottomans_join(n):
    """Both British Mediterranean ships face-down in Ottoman ports as the Ottomans enter the
    war on turn 3 (FA 22.6), the entry's dice from stream `n`."""
    state = britain_enters_the_war("naval")
    park(state, BC, "constantinople")
    park(state, CA, "smyrna")
    state["flow"].update(turn=3, impulse=1)
    return state, run_script(state, Roller(SEED, f"overrun-{n}", 0))


def test_fa_11_9_6_2_face_down_ships_in_a_joining_neutral_roll_to_keep_sink_or_be_captured():
    fates = set()
    for n in range(30):
        state, events = ottomans_join(n)
        ships = fleets(state)
        rolls = {e.data["unit"]: e.data for e in events if e.kind == "naval_overrun"}
        assert sorted(rolls) == MED                       # one d10 for each face-down ship
        for uid, r in rolls.items():
            fate = "kept" if r["roll"] >= 5 else "captured" if r["roll"] == 1 else "destroyed"
            assert r["fate"] == fate and r["by"] == "ottoman"
            fates.add(fate)
            if fate == "kept":
                assert ships[uid]["port"] == "valletta" and not ships[uid]["up"]
            else:
                assert uid not in ships
            captured = state["board"].get("captured_ships", {})
            assert (captured.get(uid) == "ottoman") == (fate == "captured")
    assert fates == {"kept", "captured", "destroyed"}


def test_fa_11_9_6_2_an_overrun_ship_rebases_within_double_its_range():
    state = britain_enters_the_war("naval")
    park(state, BC, "constantinople")
    # Portsmouth is beyond the battlecruiser's movement allowance and range from Constantinople
    # but within double its range: an overrun ship may rebase there, a naval move may not
    assert "portsmouth" not in ports_reached(state, "britain", [BC])
    assert "portsmouth" in overrun_bases(state, "britain", BC)
    near = {p for p in ports_reached(state, "britain", [BC]) if friendly_base(state, "britain", p)}
    assert near <= set(overrun_bases(state, "britain", BC))
    # a face-up ship does not roll: it only rebases, face-down, to its own 1914 base when that
    # lies within double its range (the Harwich Force's cruiser goes home to Harwich)
    park(state, HARWICH_CL, "constantinople")
    assert "harwich" not in ports_reached(state, "britain", [HARWICH_CL])
    for uid in (BC, HARWICH_CL):
        fleets(state)[uid]["up"] = True
    state["flow"].update(turn=3, impulse=1)
    events = run_script(state, Roller(SEED, "overrun-up", 0))
    assert not [e for e in events if e.kind == "naval_overrun"]
    assert fleets(state)[BC]["port"] == "valletta" and not fleets(state)[BC]["up"]
    assert fleets(state)[HARWICH_CL]["port"] == "harwich" and not fleets(state)[HARWICH_CL]["up"]
