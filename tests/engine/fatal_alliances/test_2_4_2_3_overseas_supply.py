"""FA 2.4.2.3 — overseas supply paths (version 16, R-N26–R-N28): the BEF in France traces home
across the sea, an enemy SCS in a sea area cuts the path unless a friendly surface ship is
there too, option 2 wants a transport (or convoy) in every area, one crossing per unit."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.rulesets.fatal_alliances.emergency import emergency_options
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.migrations import v15_to_v16
from engine.rulesets.fatal_alliances.naval_move import sail
from engine.rulesets.fatal_alliances.overseas import OPTION, crossings
from engine.rulesets.fatal_alliances.position import map_of
from engine.rulesets.fatal_alliances.supply import supplied_hexes

from .test_11_3_4_commonwealth_crossing import CHANNEL, ROLLER, britain_enters_the_war, carrying

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-15.json"
CHERBOURG, ALEXANDRIA = "21,12", "49,19"
# every sea area a British home port touches (Scapa Flow the Atlantic's, Gibraltar the Western
# Mediterranean's: our map counts Gibraltar as Britain's, a primary source), with a German ship
HOME_WATERS = {"english-channel": "germany-scouting-group-1",
               "north-sea": "germany-scouting-group-2",
               "atlantic": "germany-high-seas-fleet-cl-1",
               "mediterranean-west": "germany-goeben-breslau-1"}


def at_sea(state, ship, area):
    fleets(state)[ship].update(port=None, area=area, section=1)


def bef_in_cherbourg():
    """Turn 1: the BEF's GHQ and I Corps cross to Cherbourg on the Channel transports."""
    state = britain_enters_the_war()
    crossing = next(o for o in carrying(state, CHANNEL)
                    if o["cargo"] == ["br-bef-hq", "br-i"] and o["to_port"] == "cherbourg")
    sail(state, "britain", crossing, ROLLER)
    return state


def supplied(state, unit_id):
    u = state["board"]["units"][unit_id]
    return u["hex"] in supplied_hexes(state, u["power"])


def test_fa_2_4_2_3_the_bef_in_france_traces_home_across_the_channel():
    state = bef_in_cherbourg()
    assert state["board"]["units"]["br-i"]["hex"] == CHERBOURG
    # Britain does not co-operate with France (19.1): no French city supplies the BEF, its
    # supply comes from home over the sea
    assert supplied(state, "br-i") and supplied(state, "br-bef-hq")


def test_fa_2_4_2_3_enemy_ships_in_the_home_waters_cut_the_bef_and_a_british_ship_restores_it():
    state = bef_in_cherbourg()
    for area, ship in HOME_WATERS.items():
        at_sea(state, ship, area)
    assert not supplied(state, "br-i") and not supplied(state, "br-bef-hq")
    # a British surface ship in the Channel opens it again (it is at war with Germany)
    at_sea(state, "britain-channel-fleet-1", "english-channel")
    assert supplied(state, "br-i") and supplied(state, "br-bef-hq")


def test_fa_2_4_2_3_a_unit_in_egypt_is_supplied_over_the_mediterranean_unless_it_is_cut():
    state = britain_enters_the_war()
    state["board"]["units"]["br-ii"]["hex"] = ALEXANDRIA   # Egypt: a possession, no home
    assert supplied(state, "br-ii")
    # an Austro-Hungarian SCS at sea in the Eastern Mediterranean, Alexandria's only area
    at_sea(state, "austria-hungary-cl-1", "mediterranean-east")
    assert not supplied(state, "br-ii")
    # a submarine of Britain's would not do: a surface ship must be there (2.4.2.3)
    sub = next(uid for uid, sh in sorted(fleets(state).items())
               if sh["power"] == "britain" and sh["type"] == "SUB")
    at_sea(state, sub, "mediterranean-east")
    assert not supplied(state, "br-ii")
    at_sea(state, "britain-channel-fleet-1", "mediterranean-east")
    assert supplied(state, "br-ii")


def test_fa_2_4_2_3_option_2_needs_a_transport_in_every_sea_area_crossed():
    state = bef_in_cherbourg()
    state["board"]["options"][OPTION] = True
    # version 19: Britain's 1914 convoy points carry the path (R-N27); without them ...
    assert supplied(state, "br-i")
    channel = state["board"]["convoys"]["english-channel"]
    state["board"]["convoys"] = {}
    # the Channel transports came in with the BEF and lie in Cherbourg: none at sea
    assert not supplied(state, "br-i")
    # a warship at sea is no convoy, TRS or AMPH
    at_sea(state, "britain-channel-fleet-1", "english-channel")
    assert not supplied(state, "br-i")
    at_sea(state, "britain-bef-transports-1", "english-channel")
    assert supplied(state, "br-i")
    fleets(state)["britain-bef-transports-1"].update(port="cherbourg", area=None, section=None)
    assert not supplied(state, "br-i")
    state["board"]["convoys"]["english-channel"] = channel
    assert supplied(state, "br-i")


def test_fa_2_4_2_3_a_unit_crosses_the_sea_once_even_through_a_secondary_source():
    state = britain_enters_the_war()
    units = state["board"]["units"]
    marseille = "25,17"
    units["br-bef-hq"]["hex"] = marseille
    units["br-ii"]["hex"] = ALEXANDRIA
    # the Mediterranean is cut from home: a German ship in the Atlantic, and Gibraltar held by
    # the enemy this turn (no primary source, 2.4.2)
    at_sea(state, "germany-high-seas-fleet-cl-1", "atlantic")
    state["flow"].setdefault("enemy_held", []).append("12,29")
    # the HQ links to home by a railway path that crosses the Channel (Marseille to the
    # Channel coast by rail, then over the sea): a secondary source, in supply
    assert supplied(state, "br-bef-hq")
    # II Corps could reach the HQ over the Mediterranean (Alexandria to Marseille), but the
    # chain would cross the sea twice
    assert not supplied(state, "br-ii")
    # ... while beside the HQ it is supplied over land to it
    units["br-ii"]["hex"] = "25,16"
    assert supplied(state, "br-ii")


def test_fa_2_4_2_3_version_16_gives_a_running_campaign_option_2_off():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "15"
    old = frozen["state"]
    assert OPTION not in old["board"]["options"] and OPTION not in old["kernel"]["options"]
    new = v15_to_v16(copy.deepcopy(old))
    assert new["board"]["options"][OPTION] is False
    assert new["kernel"]["options"][OPTION] is False
    # nothing else changes: overseas paths are derived from the position
    for part in ("board", "kernel"):
        new[part]["options"].pop(OPTION)
    assert new == old


def test_fa_2_4_2_3_an_iced_in_port_takes_no_overseas_path_in_snow_or_blizzard():
    state = britain_enters_the_war()
    konigsberg = "39,-1"     # iced-in (8.2.1.4), in the north temperate zone
    baltic = {p.hex for p in seas().ports.values() if "baltic" in p.areas and not p.iced}
    zones = state["flow"]["weather"]["zones"]
    for weather, open_port in (("fine", True), ("rain", True), ("snow", False),
                               ("blizzard", False)):
        zones["north_temperate"] = weather
        sea = crossings(state, map_of(state), "germany")
        assert (konigsberg in sea) is open_port, weather
        # nor may a path leave the land from it for another German Baltic port
        landings = [h for h in sorted(baltic) if h in sea]     # Kiel, Danzig ...
        assert landings and all((konigsberg in sea[h]) is open_port for h in landings), weather


def test_fa_2_4_4_option_4_an_hq_s_emergency_supply_reaches_across_the_sea():
    state = britain_enters_the_war()
    state["board"]["options"]["emergency_hq_supply"] = True
    units = state["board"]["units"]
    units["br-bef-hq"].update(hex="25,17", up=True)     # Marseille
    units["br-ii"]["hex"] = ALEXANDRIA
    at_sea(state, "germany-high-seas-fleet-cl-1", "atlantic")
    state["flow"].setdefault("enemy_held", []).append("12,29")
    # cut off as in the one-crossing test, II Corps traces a basic path to the HQ over the
    # Mediterranean (2.4.4 wants a basic path to the HQ; 2.4.2.3 lets any basic path cross)
    assert not supplied(state, "br-ii")
    assert {"hq": "br-bef-hq", "unit": "br-ii"} in emergency_options(state, "britain")
