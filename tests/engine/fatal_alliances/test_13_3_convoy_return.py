"""FA 13.3 with 13.5.1.4 — convoy points in the return to base (version 27, R-N56-R-N57): a
power with convoy points at sea that reach a base is asked, and may send any number of a stack
into its pool in port, face-down ("CP used") until the final reorganisation; `done` keeps them
in the 0 section (they never have to return); points left at sea with no base in reach are
lost when every power has decided (13.3.3), each a point of morale (14.1)."""

from __future__ import annotations

import copy

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.reorganisation import final_reorganisation
from engine.rulesets.fatal_alliances.return_to_base import return_options, returning
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .test_11_3_naval_movement import ROLLER, SEED
from .test_11_3_naval_movement import at_war as new_position

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
_BASE: dict = {}


def end_of_turn(convoys):
    """The campaign at the return-to-base step, no ship at sea, `convoys` at sea."""
    if not _BASE:
        _BASE["state"] = new_position()
    state = copy.deepcopy(_BASE["state"])
    state["board"]["convoys"] = copy.deepcopy(convoys)
    move_to(state, Step.RETURN_TO_BASE.value)
    return state


def answer(state, power, action):
    [d] = [d for d in decisions(RULESET, state) if d.seats == (power,)]
    assert d.kind == "naval_return" and action in d.options
    return apply(RULESET, state, power, d.id, action, seed=SEED)


def test_fa_13_3_convoy_points_at_sea_may_return_to_port_or_stay():
    state = end_of_turn({"baltic": {"germany": 2}, "black-sea": {"russia": 2}})
    assert returning(state) == ["germany", "russia"]          # no ship at sea: asked for points
    options = return_options(state, "germany")
    assert options == [{"done": True}, {"convoy": "baltic", "points": 2},
                       {"convoy": "baltic", "points": 1}]
    result = answer(state, "germany", {"convoy": "baltic", "points": 1})
    board = result.state["board"]
    [ev] = [e for e in result.events if e.kind == "convoy_returned"]
    assert ev.data == {"power": "germany", "points": 1, "from": "sea:baltic:0"}
    assert board["convoys"]["baltic"] == {"germany": 1}
    assert board["convoys_in_port"]["germany"] == 1 and board["convoys_used"]["germany"] == 1
    # done keeps the rest in the 0 section: convoy points never have to return (13.3)
    after = answer(result.state, "germany", {"done": True}).state
    after = answer(after, "russia", {"done": True}).state
    assert after["board"]["convoys"] == {"baltic": {"germany": 1}, "black-sea": {"russia": 2}}
    assert "naval_return" not in [d.kind for d in decisions(RULESET, after)]


def test_fa_13_3_returned_points_carry_nothing_and_face_up_in_the_final_reorganisation():
    """They are in port, so 13.5.1.2 ships nothing through them this turn; 13.4 takes the
    marker off (they may sail next turn)."""
    state = end_of_turn({"baltic": {"germany": 2}})
    state = answer(state, "germany", {"convoy": "baltic", "points": 2}).state
    assert "baltic" not in state["board"]["convoys"]
    final_reorganisation(state, ROLLER)
    assert "convoys_used" not in state["board"]
    assert state["board"]["convoys_in_port"]["germany"] == 2


def test_fa_13_3_3_convoy_points_with_no_base_in_reach_are_lost():
    """German points in the Caspian reach no German base: they are not offered a return, and
    when the step ends they are destroyed, 2 morale points against Germany (R-N43, R-N57);
    Russia's Caspian points (Baku) stay."""
    state = end_of_turn({"caspian": {"germany": 2, "russia": 2}})
    assert "germany" not in returning(state)
    before = state["board"]["morale_points"].get("germany", 0)
    result = answer(state, "russia", {"done": True})
    board = result.state["board"]
    [lost] = [e for e in result.events if e.kind == "convoys_lost"]
    assert lost.data == {"power": "germany", "points": 2, "at": "sea:caspian:0"}
    assert lost.rule == "FA 13.3.3"
    assert board["convoys"] == {"caspian": {"russia": 2}}
    assert board["morale_points"]["germany"] == before - 2             # 1 morale a point
