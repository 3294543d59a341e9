"""FA 3.1 sequence of play, 6 initiative, 10.1 action choice, 12 last impulse, 13 end of
turn, 13.5 production, 14 morale, 13.7 victory, 21.6 entrenchment gearing."""

from engine.kernel import apply, decisions, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.charts import IMPULSE_TRACK, INITIATIVE_TRACK
from engine.rulesets.fatal_alliances.impulses import (
    after_last_impulse,
    end_impulse_track,
    last_impulse,
)
from engine.rulesets.fatal_alliances.morale import adjust_morale
from engine.rulesets.fatal_alliances.production import (
    build,
    build_options,
    production_points,
    start_production,
)
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import FLOW
from engine.rulesets.fatal_alliances.victory import after_victory, check, start_turn, victory_step

from .positions import Dice, corps, position, skip_breakdown

SEED = b"\2" * 32


def new(profile="fa3"):
    state, _ = new_game(RULESET, "east-prussia-1914", {"profile": profile},
                        ["germany", "russia"], SEED, "seq-test")
    return skip_breakdown(RULESET, state, SEED)


def test_fa_3_1_the_game_opens_with_russia_choosing_its_action():
    state = new()
    flow = state["flow"]
    assert flow["turn_name"] == "J/A" and flow["year"] == 1914
    assert flow["step"] == Step.ACTION_CHOICE.value and flow["active_side"] == "entente"
    d = decisions(RULESET, state)
    assert [x.kind for x in d] == ["action"] and d[0].seats == ("russia",)
    assert [o["action"] for o in d[0].options] == ["combined", "land", "pass"]
    assert flow["weather"]["roll"] is not None  # rolled for the first pair


def test_fa_10_1_pass_skips_every_activity_and_counts_for_the_last_impulse_test():
    state = new()
    d = decisions(RULESET, state)[0]
    out = apply(RULESET, state, "russia", d.id, {"action": "pass"}, seed=SEED)
    kinds = [e.kind for e in out.events]
    assert "last_impulse_test" in kinds
    test = [e for e in out.events if e.kind == "last_impulse_test"][0]
    assert test.data["drm"] == -2


def test_fa_6_1_initiative_track_example_leftmost_is_central_plus_two_with_reroll():
    assert INITIATIVE_TRACK[0] == (2, 0, "central")


def test_fa_6_1_a_tie_goes_against_last_turns_holder():
    s = position([])
    s["flow"]["initiative"].update(track=2, holder="central", rerolled=False)
    FLOW.enter(s, Step.INITIATIVE, Dice(5, 5))
    assert s["flow"]["initiative"]["winner"] == "entente"
    assert s["flow"]["step"] == Step.FIRST_SIDE.value


def test_fa_6_1_a_reroll_demand_moves_the_marker_toward_the_other_end():
    s = position([])
    s["flow"]["initiative"].update(track=0, holder="entente", rerolled=False)
    FLOW.enter(s, Step.INITIATIVE, Dice(1, 9))   # central 1+2 = 3 < 9: central may demand a re-roll
    assert s["flow"]["step"] == Step.INITIATIVE_REROLL.value
    d = decisions(RULESET, s)[0]
    assert d.kind == "initiative_reroll" and d.seats == ("germany",)
    out = apply(RULESET, s, "germany", d.id, {"reroll": True}, seed=SEED)
    assert out.state["flow"]["initiative"]["track"] == 1


def test_fa_12_the_roll_must_not_exceed_the_boxs_end_number():
    s = position([], actions={"germany": "land", "russia": "land"})
    s["flow"]["impulse_box"] = 5
    assert IMPULSE_TRACK[5] == 3
    assert end_impulse_track(s, Dice(3), []) is True
    s["flow"]["impulse_box"] = 5
    s["flow"]["weather"]["advance"] = 2
    assert end_impulse_track(s, Dice(4), []) is False
    assert s["flow"]["impulse_box"] == 7


def test_fa_12_minus_two_when_every_power_of_the_side_passed():
    s = position([], actions={"germany": "pass", "russia": "land"})
    s["flow"]["impulse_box"] = 5
    assert end_impulse_track(s, Dice(5), []) is True  # 5 − 2 = 3 ≤ 3


def test_fa_6_2_first_and_last_impulse_moves_the_initiative_marker():
    s = position([], actions={"germany": "land"})
    s["flow"].update(impulse_box=11, impulse_sides=["central", "entente"], active_side="central")
    s["flow"]["initiative"]["track"] = 2
    last_impulse(s, Dice(1))
    assert after_last_impulse(s) == Step.PARTISANS.value   # the end of turn: FA 13.1 first
    assert s["flow"]["initiative"]["track"] == 3


def test_fa_12_the_test_decides_and_only_the_successor_moves_the_impulse_cursor():
    s = position([], actions={"germany": "land"})
    s["flow"].update(impulse_box=0, impulse_sides=[], active_side="central", impulse=1)
    last_impulse(s, Dice(9))                  # box 0 ends nothing: the turn goes on
    assert (s["flow"]["impulse"], s["flow"]["active_side"]) == (1, "central")
    assert after_last_impulse(s) == Step.WEATHER.value
    assert (s["flow"]["impulse"], s["flow"]["active_side"]) == (2, "entente")
    assert "turn_ends" not in s["flow"]


def test_fa_13_7_the_victory_check_decides_and_only_the_successor_starts_the_next_turn():
    s = position([])
    s["flow"].update(turn=1, turn_name="J/A", year=1914)
    assert victory_step(s, Dice()) == []
    assert s["flow"]["turn"] == 1
    assert after_victory(s) == Step.TURN_START.value
    assert (s["flow"]["turn"], s["flow"]["turn_name"]) == (2, "S/O")
    s["board"]["attacked_this_turn"] = ["germany"]
    assert [e.kind for e in start_turn(s, Dice())] == ["turn_started"]
    assert s["board"]["attacked_this_turn"] == []


def test_fa_13_5_1_pocket_example_two_factories_five_resources_make_two_pp():
    s = position([])
    s["board"]["offmap_factories"]["germany"] = 2
    s["board"]["offmap_resources"]["germany"] = 5
    assert production_points(s, "germany") == 2


def test_fa_13_5_3_bp_are_pp_times_the_multiple_rounded():
    s = position([])
    s["board"]["offmap_factories"].update(germany=5, russia=5)
    s["board"]["offmap_resources"].update(germany=5, russia=5)
    start_production(s, Dice())
    assert s["board"]["bp"] == {"germany": 5, "russia": 4}  # 4.5 → 5; 3.5 → 4


def test_fa_13_5_5_a_build_draws_at_random_from_the_pool_onto_the_circle():
    s = position([corps("p1", "germany", None), corps("p2", "germany", None)])
    s["board"]["pool"]["germany"] = ["p1", "p2"]
    s["board"]["bp"]["germany"] = 4
    assert {"build": "INF corps"} in build_options(s, "germany")
    build(s, "germany", {"build": "INF corps"}, Dice(2))
    assert s["board"]["production_circle"] == [{"unit": "p2", "turn": 3}]
    assert s["board"]["bp"]["germany"] == 0


def test_fa_21_6_entrenchment_gearing_worked_example():
    # Active from J/A 1914 (turn 1): none in J/A, 1 in S/O, then 2 in N/D (gearing).
    s = position([])
    s["board"]["active_since"]["germany"] = 1
    s["board"]["bp"]["germany"] = 5
    s["flow"]["turn"] = 1
    assert {"build": "entrenchment"} not in build_options(s, "germany")
    s["flow"]["turn"] = 2
    s["board"]["built_last"]["germany"] = {}
    build(s, "germany", {"build": "entrenchment"}, Dice())
    assert {"build": "entrenchment"} not in build_options(s, "germany")
    s["flow"]["turn"] = 3
    s["board"]["built_last"]["germany"] = {"entrenchment": 1}
    s["board"]["built_now"]["germany"] = {}
    build(s, "germany", {"build": "entrenchment"}, Dice())
    assert {"build": "entrenchment"} in build_options(s, "germany")


def test_fa_14_1_worked_example_minus_sixteen_loses_one_level_and_maybe_two():
    # −35 losses −2 cities −3 partisans + 24 home front = −16 → −1, and −2 on d10 ≤ 6.
    for die, levels in ((6, 2), (7, 1)):
        s = position([])
        s["board"]["morale"]["germany"] = 12
        s["board"]["morale_points"] = {"germany": -16, "russia": 0}
        s["board"]["attacked_this_turn"] = ["germany", "russia"]
        adjust_morale(s, Dice(die))
        assert s["board"]["morale"]["germany"] == 12 - levels


def test_fa_14_1_morale_rises_at_most_one_level_and_never_above_the_start():
    s = position([])
    s["board"]["morale"]["russia"] = 10
    s["board"]["morale_points"] = {"germany": 0, "russia": 35}
    s["board"]["attacked_this_turn"] = ["germany", "russia"]
    adjust_morale(s, Dice(9))
    assert s["board"]["morale"]["russia"] == 11


def test_fa_14_1_an_active_power_that_made_no_attack_loses_four_points():
    s = position([])
    s["board"]["attacked_this_turn"] = ["germany"]
    events = adjust_morale(s, Dice(1))
    russia = [e for e in events if e.data["power"] == "russia"][0]
    assert russia.data["points"] == -4


def test_fa_13_7_east_prussia_objectives_and_sudden_death():
    state = new()
    v = state["board"]["victory"]
    assert check(state) is None
    state["board"]["control"][v["sudden_death"]] = "russia"
    assert check(state)["winner"] == "entente"
    state = new()
    state["flow"]["turn"] = 3
    assert check(state)["reason"] == "objectives_drawn"
    state["board"]["control"][state["board"]["victory"]["russian_objectives"][0]] = "germany"
    assert check(state)["winner"] == "central"


def test_fa_13_7_german_morale_zero_is_an_allied_win():
    state = new()
    state["board"]["morale"]["germany"] = 0
    assert check(state)["reason"] == "german_morale_zero"


def test_fa_profiles_bp_saving_stock_in_fa3_per_turn_when_annotated():
    from engine.rulesets.fatal_alliances.production import finish_production
    for profile, kept in (("fa3", 4), ("fa-annotated", 7)):
        s = position([], profile=profile)
        s["board"]["saved_from_last"] = {"germany": 3}
        s["board"]["bp"] = {"germany": 9, "russia": 0}
        finish_production(s, Dice())
        assert s["board"]["saved_bp"]["germany"] == kept, profile


def test_fa_4_2_1_reinforcements_fill_the_city_then_overflow_next_door_then_slip():
    from engine.rulesets.fatal_alliances.reinforcement import place_arrivals
    units = [corps(f"n{i}", "germany", None) for i in range(5)]
    s = position(units, features={"1,2": ["city"]}, width=6, split=3)
    for u in units:
        u["place_hex"] = "1,2"
    s["board"]["production_circle"] = [{"unit": u["id"], "turn": 1} for u in units]
    events = place_arrivals(s, Dice())
    placed = {e.data["unit"]: e.data.get("how") for e in events if e.kind == "reinforcement"}
    assert list(placed.values()).count("city") == 2
    assert list(placed.values()).count("overflow") == 1   # one per city per turn
    assert len([e for e in events if e.kind == "arrival_delayed"]) == 2


def test_fa_13_5_1_resources_reach_factories_by_rail_through_own_hexes():
    from engine.rulesets.fatal_alliances.production import usable_resources
    feats = {"0,2": ["factory", "city"], "2,2": ["resource"], "2,0": ["resource"]}
    rail = [["0,2", "1,2", "2,2"]]
    s = position([], features=feats, rail=rail, width=6, split=6)
    assert usable_resources(s, "germany") == 1   # 2,2 by rail; 2,0 has no rail
    cut = position([corps("r", "russia", "1,3")], features=feats, rail=rail, width=6, split=6)
    cut["board"]["wars"] = ["germany|russia"]
    assert usable_resources(cut, "germany") == 0  # 1,2 is in enemy ZoC with no friend


def test_fa_3_1_the_step_table_has_one_row_per_step_and_names_only_its_own_steps():
    assert sorted(FLOW.steps) == sorted(step.value for step in Step)
    named = {row.next for row in FLOW.steps.values() if isinstance(row.next, str)}
    assert named <= set(FLOW.steps)
    assert [name for name, row in FLOW.steps.items() if row.next is None] == [Step.OVER.value]


def test_fa_6_1_only_an_active_major_may_demand_the_re_roll():
    """"If any active major power on a side demands a re-roll": a neutral is not asked, and a
    side with no active major has no re-roll to demand."""
    s = position([])
    s["board"]["sides"]["ottoman"] = "central"
    s["flow"]["initiative"].update(track=0, holder="entente", rerolled=False)
    FLOW.enter(s, Step.INITIATIVE, Dice(1, 9))
    assert decisions(RULESET, s)[0].seats == ("germany",)      # not the neutral Ottomans
    s = position([])
    s["board"]["active"] = ["russia"]
    s["flow"]["initiative"].update(track=0, holder="entente", rerolled=False)
    FLOW.enter(s, Step.INITIATIVE, Dice(1, 9))
    assert s["flow"]["step"] == Step.FIRST_SIDE.value


def _campaign():
    from engine.rulesets.fatal_alliances.powers import POWER_SIDE
    from engine.rulesets.fatal_alliances.setup import build_state
    return build_state("campaign-1914", {"profile": "fa3"}, sorted(POWER_SIDE))


def test_fa_13_7_1_1_holding_all_seven_capitals_wins_at_once():
    state = _campaign()
    v, control = state["board"]["victory"], state["board"]["control"]
    assert len(v["automatic"]) == 7
    assert check(state) is None
    for h in v["automatic"][:-1]:
        control[h] = "germany"
    assert check(state) is None                      # six of seven: no automatic win
    control[v["automatic"][-1]] = "austria_hungary"
    assert check(state)["reason"] == "all_capitals"
    assert check(state)["winner"] == "central"


def test_fa_13_7_1_2_at_the_end_the_central_powers_need_their_count_of_objectives():
    state = _campaign()
    v, control = state["board"]["victory"], state["board"]["control"]
    state["flow"]["turn"] = v["last_turn"]
    from engine.rulesets.fatal_alliances.position import controller
    from engine.rulesets.fatal_alliances.powers import POWER_SIDE
    held = [h for h in v["objectives"]
            if POWER_SIDE.get(controller(state, h) or "") == "central"]
    others = [h for h in v["objectives"] if h not in held and h not in v["automatic"]]
    for h in others[:v["central_needs"] - len(held) - 1]:
        control[h] = "germany"
    result = check(state)
    assert result["winner"] == "entente" and result["score"]["central_objectives"] == (
        v["central_needs"] - 1)
    control[others[v["central_needs"] - len(held) - 1]] = "germany"
    assert check(state)["winner"] == "central"
