"""FA 13.3 return to base and FA 13.4's ships face-up (issue #22): at the end of the turn ships
at sea go home or stay a section lower; the 0 section must go home; a ship with no base it
could reach is lost (13.3.3)."""

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.reorganisation import final_reorganisation
from engine.rulesets.fatal_alliances.return_interception import return_ships
from engine.rulesets.fatal_alliances.return_to_base import return_options, returning
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.steps import open_decisions

from .test_11_3_naval_movement import ROLLER, at_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")


def end_of_turn(**at_sea):
    """The campaign at the return-to-base step with the named ships put at sea (and no convoy
    points at sea: since version 27 they too are asked, test_13_3_convoy_return.py)."""
    state = at_war()
    state["board"]["convoys"] = {}
    for uid, (area, section) in at_sea.items():
        fleets(state)[uid.replace("_", "-")].update(port=None, area=area, section=section)
    move_to(state, Step.RETURN_TO_BASE.value)
    return state


def test_fa_13_3_powers_with_ships_at_sea_decide_and_their_bases_are_offered():
    state = end_of_turn(germany_high_seas_fleet_cl_1=("north-sea", 2))
    assert returning(state) == ["germany"]
    assert [d.kind for d in open_decisions(state)] == ["naval_return"]
    options = return_options(state, "germany")
    assert options[0] == {"done": True}
    assert {"units": ["germany-high-seas-fleet-cl-1"], "to_port": "wilhelmshaven"} in options
    # no enemy port is a base (13.3.2)
    assert not any(o.get("to_port") in ("rosyth", "harwich", "scapa_flow") for o in options)


def test_fa_13_3_a_returning_ship_turns_face_down_and_the_final_reorganisation_turns_it_up():
    state = end_of_turn(germany_high_seas_fleet_cl_1=("north-sea", 2))
    order = {"units": ["germany-high-seas-fleet-cl-1"], "to_port": "wilhelmshaven"}
    return_ships(state, "germany", order, ROLLER)
    ship = fleets(state)["germany-high-seas-fleet-cl-1"]
    assert (ship["port"], ship["area"], ship["up"]) == ("wilhelmshaven", None, False)
    assert returning(state) == []
    events = final_reorganisation(state, Roller(b"\1" * 32, "t", 0))
    assert ship["up"] is True and "germany-high-seas-fleet-cl-1" in events[0].data["ships"]


def test_fa_13_3_done_keeps_ships_at_sea_a_section_lower_and_sends_section_0_home():
    state = end_of_turn(germany_high_seas_fleet_cl_1=("north-sea", 2),
                        germany_scouting_group_1=("north-sea", 0))
    return_ships(state, "germany", {"done": True}, ROLLER)
    cl, bc = fleets(state)["germany-high-seas-fleet-cl-1"], fleets(state)["germany-scouting-group-1"]
    assert (cl["area"], cl["section"]) == ("north-sea", 1)
    assert (bc["port"], bc["area"], bc["up"]) == ("wilhelmshaven", None, False)
    assert "germany" in state["flow"]["done"]


def test_fa_13_3_3_a_ship_with_no_base_in_reach_is_lost():
    """The Ottoman Empire is neutral in J/A 1914, so Constantinople is no German base; a
    German pre-dreadnought (speed 3) in the Black Sea's 0 section reaches no German or
    Austro-Hungarian port (Pola and Cattaro are three areas and a port away) and is lost when
    it must return. (Version 17: neutral ports on the Black Sea would take it (2.4.3), so
    Germany already bases ships in three neutral ports elsewhere.)"""
    state = end_of_turn(germany_high_seas_fleet_pd_1=("black-sea", 0))
    assert return_options(state, "germany") != [{"done": True}]    # Constantinople, Varna ...
    for uid, port in (("germany-scouting-group-1", "amsterdam"),
                      ("germany-scouting-group-2", "copenhagen"),
                      ("germany-high-seas-fleet-cl-1", "bergen")):
        fleets(state)[uid].update(port=port, area=None, section=None)
    assert return_options(state, "germany") == [{"done": True}]
    events = return_ships(state, "germany", {"done": True}, ROLLER)
    assert "germany-high-seas-fleet-pd-1" not in fleets(state)
    assert [e.kind for e in events] == ["ships_lost"]
