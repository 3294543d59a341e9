"""FA 11.3.4 — the Commonwealth crosses the sea by naval transport only (version 14, R-N24,
superseding the ferry stand-in of R-N11): the BEF sails in turn 1 on the transports of the
1914 order of battle, the Indian Corps from Alexandria to Marseille, no rail move crosses the
sea, and a running version-13 game loses the ferry and gains the transports."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.migrations import v13_to_v14
from engine.rulesets.fatal_alliances.naval_move import naval_options, sail
from engine.rulesets.fatal_alliances.naval_transport import port_hex
from engine.rulesets.fatal_alliances.position import controller, in_home_country
from engine.rulesets.fatal_alliances.rail import rail_destinations
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .positions import skip_breakdown

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
SEED = b"\x22" * 32
ROLLER = Roller(SEED, "crossing", 0)
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-13.json"
CHANNEL = ["britain-channel-transports-1", "britain-channel-transports-2"]     # Portsmouth
BEF_PAIR = ["britain-bef-transports-1", "britain-bef-transports-2"]           # Dover's hex
INDIAN = ["britain-indian-transports-1"]                                       # Alexandria
PORTSMOUTH, DOVER, ALEXANDRIA = "21,10", "23,9", "49,19"


def britain_enters_the_war(action="combined"):
    """The campaign's turn 1, impulse 3 (the script activates the Commonwealth: FA 22.3),
    Britain on `action` in the naval movement step, the order of battle as set up."""
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, SEED, "crossing")
    state = skip_breakdown(RULESET, state, SEED)
    state["flow"].update(turn=1, impulse=3, active_side="entente")
    run_script(state)
    state["flow"]["actions"] = {"britain": action}
    state["flow"]["used"] = {"britain": {}}
    move_to(state, Step.NAVAL_MOVE.value)
    return state


def carrying(state, ships):
    return [o for o in naval_options(state, "britain")
            if o.get("units") == ships and o.get("cargo") and "to_port" in o]


def test_fa_11_3_4_the_bef_crosses_to_france_in_turn_1_on_its_transports():
    state = britain_enters_the_war()
    units = state["board"]["units"]
    # set up with their transports: GHQ and I Corps at Portsmouth, II Corps and the
    # cavalry at Dover (R-N24)
    assert units["br-bef-hq"]["hex"] == units["br-i"]["hex"] == PORTSMOUTH
    assert units["br-ii"]["hex"] == units["br-cav"]["hex"] == DOVER
    # the HQ crosses with I Corps (a TRS a corps, 11.3.4.1; the HQ covers I Corps, 19.2.1)
    first = next(o for o in carrying(state, CHANNEL)
                 if o["cargo"] == ["br-bef-hq", "br-i"] and o["to_port"] == "cherbourg")
    sail(state, "britain", first, ROLLER)
    assert all(controller(state, units[u]["hex"]) == "france" and units[u]["up"]
               for u in ("br-bef-hq", "br-i"))
    assert all(fleets(state)[s]["port"] == "cherbourg" and not fleets(state)[s]["up"]
               for s in CHANNEL)
    # II Corps follows on the Dover pair in the same impulse (a second naval move of the
    # combined action's three, FA 10.2 column d) to another port (Cherbourg's hex is full);
    # the HQ's 2 cover two corps in France, not the cavalry as well (2½)
    to_france = [o for o in carrying(state, BEF_PAIR)
                 if in_home_country(state, port_hex(o["to_port"]), "france")]
    assert {tuple(o["cargo"]) for o in to_france} == {("br-ii",), ("br-cav",)}
    # (both may go to Belgium: an aligned minor sets no commitment limit)
    assert {"units": BEF_PAIR, "to_port": "ostend", "cargo": ["br-cav", "br-ii"]} in (
        carrying(state, BEF_PAIR))
    second = next(o for o in to_france if o["cargo"] == ["br-ii"])
    sail(state, "britain", second, ROLLER)
    assert controller(state, units["br-ii"]["hex"]) == "france" and units["br-ii"]["up"]


def test_fa_11_8_rail_never_crosses_the_channel():
    """R-N24: the ferry stand-in is gone; with its HQ in Calais, II Corps in Dover still rails
    only within Great Britain."""
    state = britain_enters_the_war(action="land")
    units = state["board"]["units"]
    for other in units.values():                 # make room in Calais
        if other["hex"] == "24,10":
            other["hex"] = None
    units["br-bef-hq"]["hex"] = "24,10"
    stations = rail_destinations(state, "br-ii")
    assert stations and all(in_home_country(state, h, "britain") for h in stations)
    assert "24,10" not in stations
    assert "ferries" not in state["board"] and "ferried" not in state["flow"]


def test_fa_11_3_4_the_indian_corps_sails_from_alexandria_to_marseille():
    state = britain_enters_the_war()
    units = state["board"]["units"]
    units["br-indian"].update(hex=ALEXANDRIA, up=True)     # it arrives there on turn 3
    units["br-bef-hq"]["hex"] = "22,12"                     # a British HQ in France (19.2.1)
    order = {"units": INDIAN, "to_port": "marseille", "cargo": ["br-indian"]}
    assert order in naval_options(state, "britain")
    sail(state, "britain", order, ROLLER)
    # Egypt is supplied from home over the Mediterranean (2.4.2.3, version 16), so the corps
    # embarks, and lands, face-up (11.3.4.2)
    assert (units["br-indian"]["hex"], units["br-indian"]["up"]) == ("25,17", True)


def test_fa_22_version_14_retires_the_ferry_of_a_running_version_13_campaign():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "13"
    old = frozen["state"]
    assert old["board"]["ferries"] and "ferried" in old["flow"] and old["board"]["result"] is None
    new = v13_to_v14(copy.deepcopy(old))
    assert "ferries" not in new["board"] and "ferried" not in new["flow"]
    added = sorted(set(new["board"]["fleets"]) - set(old["board"]["fleets"]))
    assert added == BEF_PAIR + INDIAN
    assert [(new["board"]["fleets"][s]["port"], new["board"]["fleets"][s]["up"])
            for s in added] == [("harwich", True), ("harwich", True), ("alexandria", True)]
    # nothing else changes: units already placed stay where they are
    for key in ("ferries", "fleets"):
        old["board"].pop(key)
        new["board"].pop(key, None)
    old["flow"].pop("ferried")
    assert new == old
    # East Prussia only loses the two empty keys
    ep, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    ep13 = copy.deepcopy(ep)
    ep13["board"]["ferries"], ep13["flow"]["ferried"] = [], {}
    assert v13_to_v14(ep13) == ep
