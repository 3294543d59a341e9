"""FA 14.1 — morale for enemy-held minor capitals (counted only for minors aligned with the
power when its current war began)."""

from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.morale import enemy_held_points
from engine.rulesets.fatal_alliances.setup import build_state

from .positions import corps, position

SERBIA = {"5,2": "serbia", "5,1": "serbia", "6,2": "serbia"}


def minor_position(**kw):
    state = position([corps("ge-a", "germany", "0,2")], countries=SERBIA,
                     features={"5,2": ["city", "capital"]}, **kw)
    state["board"]["aligned"] = {"serbia": "russia"}
    return state


def test_fa_14_1_an_enemy_held_minor_capital_costs_one_point():
    state = minor_position()
    state["board"]["war_minors"] = {"russia": ["serbia"]}
    assert enemy_held_points(state, "russia") == 0
    state["board"]["control"]["5,2"] = "germany"
    assert enemy_held_points(state, "russia") == -1
    assert enemy_held_points(state, "germany") == 0


def test_fa_14_1_a_minor_aligned_after_the_war_began_does_not_count():
    state = minor_position()
    state["board"]["war_minors"] = {"russia": []}
    state["board"]["control"]["5,2"] = "germany"
    assert enemy_held_points(state, "russia") == 0


def test_fa_14_1_a_minor_capital_still_counts_when_the_other_side_liberated_it():
    state = minor_position()
    state["board"]["war_minors"] = {"russia": ["serbia"]}
    state["board"]["aligned"] = {"serbia": "germany"}      # liberated by the Central Powers
    state["board"]["wars"] = ["germany|russia"]
    assert enemy_held_points(state, "russia") == -1


def test_fa_14_1_belgrade_counts_for_russia_and_brussels_for_france_in_the_campaign():
    state = build_state("campaign-1914", {"profile": "fa3"}, [
        "austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"])
    flow = state["flow"]
    for impulse in (1, 2, 3):
        flow["turn"], flow["impulse"] = 1, impulse
        run_script(state)
    minors = state["board"]["war_minors"]
    assert minors["russia"] == ["serbia"] and minors["france"] == ["belgium"]
    assert minors["germany"] == [] and minors["britain"] == []
    belgrade = state["board"]  # Belgrade taken by Austria-Hungary
    from engine.rulesets.fatal_alliances.position import map_of
    hex_id = map_of(state).places["belgrade"].hex
    belgrade["control"][hex_id] = "austria_hungary"
    assert enemy_held_points(state, "russia") == -1
    assert enemy_held_points(state, "france") == 0
