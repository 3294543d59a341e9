"""Fatal Alliances level 2 on the version-9 naval decisions (issue #22): it answers an
interception (FA 11.3.5), a successful interception (11.3.5.3) and the naval combat step
(11.4.2) from the listed options, trying when its side's guns outweigh the enemy's."""

import copy

from engine.bots.fatal_alliances import FatalAlliancesBot
from engine.bots.runner import bot_turn
from engine.kernel import Roller, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.interception import sail_and_watch
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from ..fatal_alliances.test_11_3_naval_movement import SEED, at_war

GRAND = [f"britain-grand-fleet-bb-{n}" for n in (1, 2, 3)]


def answer(state, seat):
    [d] = [d for d in decisions(RULESET, state) if seat in d.seats]
    move = bot_turn(RULESET, state, seat, FatalAlliancesBot(), game_uid="naval-bot")
    assert move.action in d.options
    return d, move.action


def test_fa_11_3_5_the_bot_intercepts_with_the_stronger_fleet_and_lets_a_stronger_one_pass():
    base = at_war()
    base["flow"]["weather"] = {"zones": {"north_temperate": "fine"}}
    for u in GRAND:
        fleets(base)[u].update(port=None, area="north-sea", section=3)
    strong = copy.deepcopy(base)
    sail_and_watch(strong, "germany", {"units": ["germany-high-seas-fleet-cl-1"],
                                       "to_area": "north-sea", "section": 1},
                   Roller(SEED, "b", 0))
    d, action = answer(strong, "britain")
    assert d.kind == "naval_intercept" and action.get("intercept")
    weak = copy.deepcopy(base)
    for u in GRAND[1:]:
        fleets(weak)[u].update(port="scapa_flow", area=None, section=None)
    hsf = sorted(u for u in fleets(weak) if u.startswith("germany-high-seas-fleet-bb"))
    sail_and_watch(weak, "germany", {"units": hsf, "to_area": "north-sea", "section": 1},
                   Roller(SEED, "b", 0))
    d, action = answer(weak, "britain")
    assert d.kind == "naval_intercept" and action == {"done": True}


def test_fa_11_4_2_the_bot_starts_a_combat_where_its_side_is_stronger():
    state = at_war()
    for u in sorted(u for u in fleets(state) if u.startswith("germany-high-seas-fleet-bb")):
        fleets(state)[u].update(port=None, area="north-sea", section=3)
    fleets(state)["britain-harwich-force-1"].update(port=None, area="north-sea", section=3)
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    d, action = answer(state, "germany")
    assert d.kind == "naval_combat" and action == {"area": "north-sea"}


def test_fa_11_3_4_the_bot_answers_a_naval_move_offering_cargo_legally():
    """Version 10 adds orders with cargo to `naval_move`; level 2 still plays only its
    `done` there (the kind is passive), which is listed first."""
    from ..fatal_alliances.test_11_3_4_naval_transport import entente_at_sea
    state = entente_at_sea()
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    assert d.kind == "naval_move" and any(o.get("cargo") for o in d.options)
    d, action = answer(state, "britain")
    assert action == {"done": True}
