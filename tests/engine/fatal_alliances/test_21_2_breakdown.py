"""FA 21.2 division breakdown and build-up (reinforcement stage, set-up, combat)."""

from engine.kernel import apply, decisions, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.breakdown import (
    apply_breakdown,
    breakdown_options,
    combat_break_variants,
)
from engine.rulesets.fatal_alliances.combat import loss_options
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import Dice, corps, division, hq, position

SEED = b"\5" * 32


def pool(state, *units):
    for u in units:
        u["hex"] = None
        state["board"]["units"][u["id"]] = u
        state["board"]["pool"].setdefault(u["power"], []).append(u["id"])
        state["board"]["pool"][u["power"]].sort()
    state["board"]["units"] = dict(sorted(state["board"]["units"].items()))


def at(units, step=Step.BREAKDOWN, turn=2, **map_kw):
    state = position(units, step=step, **map_kw)
    state["flow"]["turn"] = turn
    return state


def kinds(options, key):
    return [o for o in options if key in o]


def test_fa_21_2_breakdown_draws_two_divisions_from_the_pool_and_the_corps_goes_back():
    state = at([corps("ge-a", "germany", "1,2", cf=4)])
    pool(state, division("ge-d1", "germany", None, cf=2), division("ge-d2", "germany", None),
         division("ge-d3", "germany", None))
    opts = breakdown_options(state, "germany")
    assert opts[0] == {"done": True}
    assert {"break": "ge-a", "into": ["INF", "INF"]} in opts
    events = apply_breakdown(state, "germany", {"break": "ge-a", "into": ["INF", "INF"]},
                             Dice(3, 1))
    units = state["board"]["units"]
    # First draw: the 3rd of d1..d3; second: the 1st of the two left.
    assert units["ge-d3"]["hex"] == "1,2" and units["ge-d1"]["hex"] == "1,2"
    assert units["ge-a"]["hex"] is None and "ge-a" in state["board"]["pool"]["germany"]
    assert state["board"]["pool"]["germany"] == ["ge-a", "ge-d2"]
    assert events[0].kind == "broken_down" and events[0].rule == "FA 21.2"
    assert state["flow"]["broken_down"] == ["ge-d1", "ge-d3"]


def test_fa_21_2_cavalry_breaks_into_infantry_and_cavalry_or_two_cavalry():
    state = at([corps("ge-c", "germany", "1,2", type="CAV")])
    pool(state, division("ge-i1", "germany", None), division("ge-c1", "germany", None,
                                                             type="CAV"))
    assert kinds(breakdown_options(state, "germany"), "break") == [
        {"break": "ge-c", "into": ["CAV", "INF"]}]
    pool(state, division("ge-c2", "germany", None, type="CAV"))
    assert kinds(breakdown_options(state, "germany"), "break") == [
        {"break": "ge-c", "into": ["CAV", "INF"]}, {"break": "ge-c", "into": ["CAV", "CAV"]}]


def test_fa_21_2_only_inf_mot_mtn_cav_corps_break_down_and_never_without_pool_divisions():
    state = at([corps("ge-g", "germany", "1,2", type="GAR"), hq("ge-h", "germany", "1,1"),
                corps("ge-a", "germany", "0,1")])
    assert breakdown_options(state, "germany") == [{"done": True}]
    pool(state, division("ge-d1", "germany", None), division("ge-d2", "germany", None))
    assert kinds(breakdown_options(state, "germany"), "break") == [
        {"break": "ge-a", "into": ["INF", "INF"]}]


def test_fa_21_2_divisions_of_the_corps_country_austria_and_hungary_count_as_one():
    state = at([corps("ah-a", "austria_hungary", "1,2", nation="austria")])
    state["board"]["sides"]["austria_hungary"] = "central"
    pool(state, division("ah-h1", "austria_hungary", None, nation="hungary"),
         division("ah-h2", "austria_hungary", None, nation="hungary"),
         division("ah-b1", "austria_hungary", None, nation="bosnia"))
    opts = breakdown_options(state, "austria_hungary")
    assert {"break": "ah-a", "into": ["INF", "INF"]} in opts
    state["board"]["pool"]["austria_hungary"] = ["ah-b1"]
    pool(state, division("ah-h3", "austria_hungary", None, nation="hungary"))
    assert kinds(breakdown_options(state, "austria_hungary"), "break") == []


def test_fa_21_2_no_breakdown_in_enemy_zoc_but_the_set_up_breakdown_ignores_it():
    units = [corps("ge-a", "germany", "2,2"), corps("ru-a", "russia", "3,2")]
    later = at(units)
    pool(later, division("ge-d1", "germany", None), division("ge-d2", "germany", None))
    assert kinds(breakdown_options(later, "germany"), "break") == []
    first = at([dict(u) for u in units], turn=1)   # FA 22.2: after set-up, even in ZoC
    pool(first, division("ge-d1", "germany", None), division("ge-d2", "germany", None))
    assert kinds(breakdown_options(first, "germany"), "break") == [
        {"break": "ge-a", "into": ["INF", "INF"]}]


def test_fa_21_2_breakdown_must_leave_a_legal_stack():
    # Two corps and a division: a corps broken into two divisions would make four units.
    state = at([corps("ge-a", "germany", "1,2"), corps("ge-b", "germany", "1,2"),
                division("ge-x", "germany", "1,2")])
    pool(state, division("ge-d1", "germany", None), division("ge-d2", "germany", None))
    assert kinds(breakdown_options(state, "germany"), "break") == []
    state["board"]["units"]["ge-x"]["hex"] = "1,1"   # corps + two divisions is legal
    assert len(kinds(breakdown_options(state, "germany"), "break")) == 2


def test_fa_21_2_build_up_into_the_weakest_pool_corps_drawn_at_random_when_tied():
    state = at([division("ge-d1", "germany", "1,2"), division("ge-d2", "germany", "1,2")])
    pool(state, corps("ge-strong", "germany", None, cf=4), corps("ge-w1", "germany", None,
                                                                 cf=2),
         corps("ge-w2", "germany", None, cf=2))
    opts = kinds(breakdown_options(state, "germany"), "build_up")
    assert opts == [{"build_up": ["ge-d1", "ge-d2"], "into": "INF"}]
    events = apply_breakdown(state, "germany", opts[0], Dice(2))
    units = state["board"]["units"]
    assert units["ge-w2"]["hex"] == "1,2" and units["ge-strong"]["hex"] is None
    assert units["ge-d1"]["hex"] is None and units["ge-d2"]["hex"] is None
    assert sorted(state["board"]["pool"]["germany"]) == ["ge-d1", "ge-d2", "ge-strong",
                                                         "ge-w1"]
    assert events[0].kind == "built_up"


def test_fa_21_2_build_up_needs_face_up_divisions_not_broken_down_this_turn():
    state = at([division("ge-d1", "germany", "1,2"), division("ge-d2", "germany", "1,2",
                                                              up=False)])
    pool(state, corps("ge-c", "germany", None))
    assert kinds(breakdown_options(state, "germany"), "build_up") == []
    state["board"]["units"]["ge-d2"]["up"] = True
    assert kinds(breakdown_options(state, "germany"), "build_up")
    state["flow"]["broken_down"] = ["ge-d1"]
    assert kinds(breakdown_options(state, "germany"), "build_up") == []


def test_fa_21_2_infantry_and_cavalry_divisions_build_a_cavalry_corps():
    state = at([division("ge-i", "germany", "1,2"),
                division("ge-c", "germany", "1,2", type="CAV")])
    pool(state, corps("ge-inf", "germany", None), corps("ge-cav", "germany", None, type="CAV"))
    assert kinds(breakdown_options(state, "germany"), "build_up") == [
        {"build_up": ["ge-c", "ge-i"], "into": "CAV"}]


def test_fa_21_2_remote_build_up_arrives_on_the_production_circle_next_turn():
    # Two supplied divisions apart, outside enemy ZoC (Königsberg-style city supplies them).
    state = at([division("ge-d1", "germany", "0,1"), division("ge-d2", "germany", "1,3"),
                corps("ru-a", "russia", "4,2")], features={"0,2": ["city"]})
    pool(state, corps("ge-c", "germany", None))
    opts = kinds(breakdown_options(state, "germany"), "build_up")
    assert opts == [{"build_up": ["ge-d1", "ge-d2"], "into": "INF", "remote": True}]
    apply_breakdown(state, "germany", opts[0], Dice())
    assert {"unit": "ge-c", "turn": 3} in state["board"]["production_circle"]
    assert state["board"]["units"]["ge-c"]["hex"] is None
    # One of them in enemy ZoC: no remote build-up.
    state = at([division("ge-d1", "germany", "0,1"), division("ge-d2", "germany", "2,3"),
                corps("ru-a", "russia", "3,3")], features={"0,2": ["city"]})
    pool(state, corps("ge-c", "germany", None))
    assert kinds(breakdown_options(state, "germany"), "build_up") == []


def test_fa_21_2_breakdowns_come_first_a_build_up_closes_them():
    state = at([division("ge-d1", "germany", "1,2"), division("ge-d2", "germany", "1,2"),
                corps("ge-a", "germany", "0,1")])
    pool(state, corps("ge-c", "germany", None), division("ge-d3", "germany", None),
         division("ge-d4", "germany", None))
    assert kinds(breakdown_options(state, "germany"), "break")
    build = kinds(breakdown_options(state, "germany"), "build_up")[0]
    apply_breakdown(state, "germany", build, Dice())
    assert kinds(breakdown_options(state, "germany"), "break") == []


def test_fa_21_2_combat_half_loss_keeps_one_pool_division_the_rulebook_example():
    # The rulebook's example: a CW (Australian) CAV corps meets a 0.5 loss by breaking down
    # into an Anzac INF division from the pool and a CAV division that does not exist.
    aus = corps("cw-aus", "britain", "1,2", type="CAV", nation="australia")
    state = position([aus], step=Step.LAND_COMBAT)
    pool(state, division("cw-anzac", "britain", None, nation="anzac"))
    options = combat_break_variants(state, loss_options([aus], 1))
    assert [o for o in options if o["break"]] == [
        {"destroy": [], "break": "cw-aus", "keep": "INF"}]
    # Without a pool division the option stays (a stand-in division is made).
    state["board"]["pool"]["britain"] = []
    assert {"destroy": [], "break": "cw-aus"} in combat_break_variants(
        state, loss_options([aus], 1))


def test_fa_21_2_breakdown_decision_opens_after_reinforcements_and_plays_through():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "bd")
    assert state["flow"]["step"] == Step.BREAKDOWN.value
    d = {x.seats[0]: x for x in decisions(RULESET, state)}
    assert d["germany"].kind == "breakdown" and d["germany"].rule == "FA 21.2"
    choice = {"break": "ge-i", "into": ["INF", "INF"]}
    assert choice in d["germany"].options
    state = apply(RULESET, state, "germany", d["germany"].id, choice, seed=SEED).state
    assert state["board"]["units"]["ge-i"]["hex"] is None
    assert sum(1 for u in state["board"]["units"].values()
               if u["hex"] == "40,-1" and u["size"] == "div") == 3
