"""Fatal Alliances level 2 on the version-9 naval decisions (issue #22): it answers an
interception (FA 11.3.5), a successful interception (11.3.5.3) and the naval combat step
(11.4.2) from the listed options, trying when its side's guns outweigh the enemy's."""

import copy

from engine.bots.fatal_alliances import FatalAlliancesBot
from engine.bots.runner import bot_turn
from engine.kernel import Roller, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.interception import sail_and_watch
from engine.rulesets.fatal_alliances.naval_move import sail
from engine.rulesets.fatal_alliances.position import controller
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


def test_fa_11_3_4_the_bot_carries_troops_from_home_on_its_transports():
    """Bot version 6 (R-N24: no ferry): level 2 plays `naval_move` for its transport plan:
    the division waiting in Portsmouth sails abroad on the Channel transports, not the
    warships (which do not sail for the plan)."""
    from ..fatal_alliances.test_11_3_4_naval_transport import entente_at_sea
    state = entente_at_sea()
    for uid in ("br-ii", "br-cav"):              # Dover's troops have crossed
        state["board"]["units"][uid]["hex"] = None
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    assert d.kind == "naval_move" and any(o.get("cargo") for o in d.options)
    d, action = answer(state, "britain")
    assert action["units"] == ["britain-channel-transports-1", "britain-channel-transports-2"]
    assert action["cargo"] == ["br-pdiv-1"] and action["to_port"] != "portsmouth"


def test_fa_10_1_the_bot_takes_a_combined_action_and_ships_the_bef_in_turn_1():
    """The Commonwealth's first impulse (turn 1, impulse 3): the plan has troops to carry, so
    level 2 takes a combined action, then sails GHQ and I Corps from Portsmouth to a port
    abroad (the HQ first opens France to the rest, 19.2.1); its transports, back face-up the
    next turn with nothing where they lie, sail home empty to III Corps in London."""
    from ..fatal_alliances.test_11_3_4_commonwealth_crossing import britain_enters_the_war
    state = britain_enters_the_war()
    state["flow"]["actions"], state["flow"]["used"] = {}, {}
    move_to(state, Step.ACTION_CHOICE.value)
    d, action = answer(state, "britain")
    assert d.kind == "action" and action == {"action": "combined"}
    state = britain_enters_the_war()
    d, action = answer(state, "britain")
    assert d.kind == "naval_move" and action["cargo"] == ["br-bef-hq", "br-i"]
    assert action["units"] == ["britain-channel-transports-1", "britain-channel-transports-2"]
    abroad = action["to_port"]
    assert abroad == "ostend"          # the port the value map draws to most (Belgium's coast)
    # Dover's troops follow on their pair to a port the value map draws them to, near the
    # front (not Morocco, where II Corps and the cavalry could go together: FA 19.2.1 lets no
    # corps into France while GHQ is in Belgium)
    after = copy.deepcopy(state)
    sail(after, "britain", action, Roller(SEED, "b", 0))
    d, follow = answer(after, "britain")
    assert follow["units"] == ["britain-bef-transports-1", "britain-bef-transports-2"]
    assert follow["cargo"] and set(follow["cargo"]) <= {"br-ii", "br-cav"}
    landing = seas().port(follow["to_port"]).hex
    assert controller(after, landing) in ("france", "belgium"), follow
    for sid in action["units"]:
        fleets(state)[sid].update(port=abroad, up=True, sailed=None)
    units = state["board"]["units"]
    for uid in ("br-bef-hq", "br-i"):
        units[uid]["hex"] = seas().port(abroad).hex
    for uid in ("br-ii", "br-cav"):              # Dover's troops crossed too
        units[uid]["hex"] = None
    units["br-iii"].update(hex="22,9", up=True)  # III Corps arrives in London (turn 2)
    d, action = answer(state, "britain")      # either idle pair may fetch it
    assert action["to_port"] == "london" and "cargo" not in action
    assert all(fleets(state)[s]["cls"] == "TRS" for s in action["units"])


def test_fa_13_5_1_4_the_bot_stays_legal_with_convoy_orders_listed():
    """Version 24: the level-2 bot leaves convoy orders out of its plan (its default), so a
    naval move decision listing them, and a pending count, get listed answers."""
    state = at_war()
    state["board"]["convoys_in_port"] = {"germany": 2}
    [d] = [d for d in decisions(RULESET, state) if "germany" in d.seats]
    assert any("convoy" in o for o in d.options)
    [d] = [d for d in decisions(RULESET, state) if "germany" in d.seats]
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="naval-bot")
    assert move.problem is None          # its own answer, not the runner's fallback
    assert d.kind == "naval_move" and move.action in d.options
    sail_and_watch(state, "germany", {"convoy": "port", "to_area": "north-sea"},
                   Roller(SEED, "b", 0))
    [d] = [d for d in decisions(RULESET, state) if "germany" in d.seats]
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="naval-bot")
    assert d.kind == "naval_convoy" and move.problem is None and move.action in d.options


def test_fa_11_4_9_the_bot_sends_its_u_boats_against_unguarded_convoys_only():
    """Version 8: a lone U-boat (attack 1) among Britain's North Sea convoy points starts the
    combat (a submarine round, R-N59); with the Grand Fleet there too it does not."""
    state = at_war()
    fleets(state)["germany-u-boats-1"].update(port=None, area="north-sea", section=3)
    assert state["board"]["convoys"]["north-sea"] == {"britain": 3}
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    guarded = copy.deepcopy(state)
    d, action = answer(state, "germany")
    assert d.kind == "naval_combat" and action == {"area": "north-sea"}
    for u in GRAND:
        fleets(guarded)[u].update(port=None, area="north-sea", section=3)
    d, action = answer(guarded, "germany")
    assert d.kind == "naval_combat" and action == {"done": True}
