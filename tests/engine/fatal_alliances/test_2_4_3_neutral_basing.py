"""FA 2.4.3 — neutral basing (version 17, R-N30, neutral_basing.py): an active major's surface
ships may end a naval move or a return to base in a neutral port, at most three of its ships
there, one port of each neutral country and three neutral ports in all; a neutral that joins a
side (or gives the other side access) turns the other side's ships out."""

import copy

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.naval_move import destinations, naval_options
from engine.rulesets.fatal_alliances.neutral_basing import neutral_holder
from engine.rulesets.fatal_alliances.return_to_base import return_options

from .test_11_3_4_commonwealth_crossing import SEED, britain_enters_the_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
MED = ["britain-mediterranean-bc-1", "britain-mediterranean-ca-1"]        # at Valletta
BC, CA = MED


def ports_for(state, power, units):
    return {o["to_port"] for o in naval_options(state, power)
            if o.get("units") == units and "to_port" in o and "cargo" not in o}


def ports_reached(state, power, units):
    return {d["to_port"] for d in destinations(state, power, units) if "to_port" in d}


def park(state, uid, port):
    fleets(state)[uid].update(port=port, area=None, section=None, up=False)


def british_ships(state, n, exclude=()):
    return [uid for uid, sh in sorted(fleets(state).items())
            if sh["power"] == "britain" and sh["type"] != "SUB" and uid not in exclude][:n]


def test_fa_2_4_3_a_task_force_bases_in_a_neutral_port_through_the_kernel():
    state = britain_enters_the_war("naval")
    assert neutral_holder(state, "naples") == "italy"      # Italy is neutral in 1914
    assert neutral_holder(state, "valletta") is None
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    order = {"units": MED, "to_port": "naples"}
    assert order in d.options
    after = apply(RULESET, state, "britain", d.id, order, seed=SEED).state
    assert all(fleets(after)[u]["port"] == "naples" and not fleets(after)[u]["up"] for u in MED)


def test_fa_2_4_3_at_most_three_of_a_powers_surface_ships_in_one_neutral_port():
    state = britain_enters_the_war("naval")
    for uid in british_ships(state, 2, exclude=MED):
        park(state, uid, "naples")
    assert "naples" not in ports_for(state, "britain", MED)       # 2 + 2 > 3
    assert "naples" in ports_for(state, "britain", [BC])          # 2 + 1 = 3
    # other powers' ships there are ignored
    for uid in ("germany-goeben-breslau-1", "austria-hungary-cl-1"):
        park(state, uid, "naples")
    assert "naples" in ports_for(state, "britain", [BC])
    # a fourth is refused by the kernel and changes nothing
    park(state, british_ships(state, 1, exclude=MED + british_ships(state, 2, exclude=MED))[0],
         "naples")
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        apply(RULESET, state, "britain", d.id, {"units": [BC], "to_port": "naples"}, seed=SEED)
    assert state == before


def test_fa_2_4_3_one_port_of_each_neutral_country_and_three_in_all():
    state = britain_enters_the_war("naval")
    first, second, third = british_ships(state, 3, exclude=MED)
    park(state, first, "naples")
    reach = ports_for(state, "britain", [BC])
    assert "naples" in reach and "taranto" not in reach and "messina" not in reach
    assert {"barcelona", "piraeus"} <= reach
    park(state, second, "barcelona")
    park(state, third, "piraeus")
    reach = ports_for(state, "britain", [BC])
    # three neutral ports in use: only those three take more ships
    assert {"naples", "barcelona", "piraeus"} <= reach
    assert not {p for p in reach if neutral_holder(state, p)} - {"naples", "barcelona", "piraeus"}
    # Germany's count is its own: the Goeben may still base in another Italian port
    assert "messina" in ports_reached(state, "germany", ["germany-goeben-breslau-1"])


def test_fa_2_4_3_no_submarines_and_no_port_closed_by_access_to_the_other_side():
    state = britain_enters_the_war("naval")
    sub = next(uid for uid, sh in sorted(fleets(state).items())
               if sh["power"] == "britain" and sh["type"] == "SUB" and sh["port"] in (
                   "portsmouth", "harwich", "dover", "scapa_flow"))
    reach = {d["to_port"] for d in destinations(state, "britain", [sub]) if "to_port" in d}
    assert reach and not [p for p in reach if neutral_holder(state, p)]
    # Greece gives the Entente access (FA 22.6): its ports close to the Central Powers only
    state["board"].setdefault("access", {})["greece"] = "entente"
    assert "piraeus" in ports_for(state, "britain", [BC])
    goeben = ["germany-goeben-breslau-1"]
    assert "patras" not in ports_reached(state, "germany", goeben)
    del state["board"]["access"]["greece"]
    assert "patras" in ports_reached(state, "germany", goeben)


def test_fa_13_3_ships_at_sea_may_return_to_a_neutral_port():
    state = britain_enters_the_war("naval")
    for uid in MED:
        fleets(state)[uid].update(port=None, area="tyrrhenian", section=0, up=False)
    assert {"units": MED, "to_port": "naples"} in return_options(state, "britain")


def test_fa_2_4_3_a_neutral_that_joins_a_side_turns_out_the_other_sides_ships():
    state = britain_enters_the_war("naval")
    park(state, BC, "constantinople")                 # the Ottomans are neutral until turn 3
    park(state, CA, "smyrna")
    park(state, "germany-goeben-breslau-1", "constantinople")
    for uid in MED:                                   # face-up: no overrun roll (11.9.6.2)
        fleets(state)[uid]["up"] = True
    state["flow"].update(turn=3, impulse=1)
    events = run_script(state)
    ships = fleets(state)
    # the Ottomans join the Central Powers: the British ships go home to Valletta face-down;
    # the German ship is now in a friendly base and stays
    assert ships[BC]["port"] == "valletta" and ships[CA]["port"] == "valletta"
    assert not ships[BC]["up"]
    assert ships["germany-goeben-breslau-1"]["port"] == "constantinople"
    assert [e.data["units"] for e in events if e.kind == "return_to_base"] == [[BC], [CA]]
