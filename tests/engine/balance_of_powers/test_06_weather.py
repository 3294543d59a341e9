"""BoP 6.51 weather (and 6.53 fortnights): bad weather by month and map, the fortnight it takes
away, the doubled attack cost (the Verdun example's winter 2 RP is in test_10_combat), no
amphibious assault. "Before the Leaves Fall" (August–October 1914) never has bad weather, so the
later months are constructed states: the scenario's script runs them as it would."""

from __future__ import annotations

import pytest

from engine.kernel.game import apply, decisions
from engine.rulesets.balance_of_powers import admiralty, combat, handlers, steps, weather
from engine.rulesets.balance_of_powers.sequence import MONTH_SCRIPT, MONTHS
from engine.rulesets.balance_of_powers.sequence import Step as S
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import Dice, grid, hx, position
from .test_06_diplomacy import COAST, landing_state
from .test_12_scenario import RULESET, SEED, run, set_up, start

MAP = theatre("bop-north-europe")
TH = grid(4, 2, name="t-06-weather", country={"0401": "germany", "0402": "germany"},
          places={"paris": {"at": "0101", "capital": True},
                  "berlin": {"at": "0402", "capital": True}})


@pytest.mark.parametrize("moy", range(1, 13))
def test_bop_6_511_north_europe_has_snow_november_through_february(moy):
    month = f"1915-{moy:02d}"
    snow = moy in (11, 12, 1, 2)
    assert weather.map_weather(MAP, month) == ("snow" if snow else "good")
    assert weather.fortnights(MAP, month) == (1 if snow else 2)
    verdun = MAP.place_loc["verdun"]
    assert weather.bad_weather(MAP, month, verdun) is snow


def test_bop_6_511_before_the_leaves_fall_is_good_weather_throughout():
    assert MONTHS == ("1914-08", "1914-09", "1914-10")
    assert {weather.map_weather(MAP, m) for m in MONTHS} == {"good"}
    assert all(weather.attack_cost(MAP, m, MAP.place_loc["verdun"]) == 1 for m in MONTHS)


def test_bop_6_511_the_other_maps_by_the_calendar():
    """The table's other rows, on constructed maps of the rulebook's Ottoman and Africa maps:
    the Ottoman heat (June–August) covers printed rows 60 and higher, its snow (November–
    February) rows 59 and lower; Africa's rain falls March–May everywhere."""
    ottoman = grid(1, 61, name="t-06-ottoman", rulebook_map="ottoman")
    row_59, row_60 = hx(ottoman, "0159"), hx(ottoman, "0160")
    assert weather.weather_at(ottoman, "1915-07", row_60) == "heat"
    assert weather.weather_at(ottoman, "1915-07", row_59) == "good"
    assert weather.weather_at(ottoman, "1915-12", row_59) == "snow"
    assert weather.weather_at(ottoman, "1915-12", row_60) == "good"
    assert weather.map_weather(ottoman, "1915-07") == weather.MIXED
    assert weather.weather_at(ottoman, "1915-04", row_60) == "good"
    africa = grid(2, 2, name="t-06-africa", rulebook_map="africa")
    assert {weather.map_weather(africa, f"1915-{m:02d}") for m in (3, 4, 5)} == {"rain"}
    assert weather.map_weather(africa, "1915-12") == "good"


def _script_from_weather(month: str) -> list[tuple[str, int]]:
    """The steps the script visits from the weather sub-phase to the month's end."""
    state = position(TH, {}, month=month, step=S.WEATHER.value, fortnight=0)
    state["flow"]["script_position"] = [s for s, _, _ in MONTH_SCRIPT].index(S.WEATHER)
    visited = []
    while True:
        name = steps.next_in_script(state)
        visited.append((name, state["flow"]["fortnight"]))
        if name == S.MONTH_END.value:
            return visited


def test_bop_6_512_a_snowy_month_has_only_the_first_fortnight():
    winter = _script_from_weather("1914-12")
    assert winter == [("half", 1), ("commissariat", 1), ("half", 1), ("commissariat", 1),
                      ("aerodrome", 1), ("aerodrome", 1), ("month_end", 1)]
    autumn = _script_from_weather("1914-10")
    assert [name for name, _ in autumn] == ["half", "commissariat", "half", "commissariat",
                                            "plan_xvii", "half", "commissariat", "half",
                                            "commissariat", "aerodrome", "aerodrome",
                                            "month_end"]
    assert [f for name, f in autumn if name == "half"] == [1, 1, 2, 2]


def test_bop_6_512_attacks_on_bad_weather_locations_cost_two_rp():
    state = position(TH, {"ger-inf-1": "0302", "fra-inf-1": "0202"}, month="1915-01",
                     rp={"germany": 1})
    target = hx(TH, "0202")
    assert weather.attack_cost(TH, "1915-01", target) == 2
    assert combat.payers(state, TH, ["ger-inf-1"], target) == []   # 1 RP is not enough
    state["powers"]["germany"]["rp"] = 2
    assert combat.payers(state, TH, ["ger-inf-1"], target) == ["germany"]
    events = combat.declare(state, TH, "germany", ["ger-inf-1"], target, "ger-inf-1",
                            "germany", {}, Dice([3, 3]))
    assert [e.data["rp"] for e in events if e.kind == "attack_paid"] == [2]
    assert state["powers"]["germany"]["rp"] == 0
    # a minor's free attack of the year stays free in the snow
    minor = position(TH, {"bel-inf-1": "0302", "fra-inf-1": "0202"}, month="1915-01",
                     sides={"belgium": "central"})
    assert combat.payers(minor, TH, ["bel-inf-1"], target) == [None]


def test_bop_6_512_the_illegal_cheap_attack_is_refused_and_changes_nothing():
    """Through the decision's validator: a payer without the winter's 2 RP is refused."""
    from engine.kernel.errors import IllegalAction
    from engine.rulesets.balance_of_powers import answers
    from engine.rulesets.balance_of_powers import decisions as bop_decisions

    state = position(TH, {"ger-inf-1": "0302", "fra-inf-1": "0202"}, month="1915-01",
                     rp={"germany": 1})
    state["flow"]["active"] = ["germany"]
    open_now = bop_decisions.half_or_combat_decisions(state, TH)
    assert not [d for d in open_now if d.kind == "combat"]   # no attack offered
    attack = bop_decisions.decision(state, "germany", "combat",
                                    schema=bop_decisions.ATTACK_SCHEMA,
                                    prompt="", data={"target": hx(TH, "0202")})
    before = repr(state)
    with pytest.raises(IllegalAction) as refused:
        answers.validate(state, "germany", attack, {
            "units": ["ger-inf-1"], "target": hx(TH, "0202"), "point": "ger-inf-1",
            "payer": "germany"})
    assert refused.value.code == "bad_payer"
    assert repr(state) == before


def test_bop_6_512_no_amphibious_assault_in_a_snowy_month_on_north_europe():
    state = landing_state()
    target = hx(COAST, "0302")
    spot = next(o for o in admiralty.landing_options(state, COAST) if o["to"] == target)
    handlers.do_landing(state, "britain", None, spot, None)
    handlers.do_sea_move(state, "britain", None, {"unit": "bri-inf-1", "to": spot["at"]}, None)
    assert combat.attack_problem(state, COAST, ["bri-inf-1"], target, {}) is None
    state["flow"]["month"] = "1914-11"
    assert combat.attack_problem(state, COAST, ["bri-inf-1"], target, {})[:2] == (
        "BoP 6.512", "bad_weather_amphibious")


def test_bop_6_51_the_weather_sub_phase_announces_the_month_in_a_real_game():
    """The real chain: in a 12.1 game the answer that ends August's admiralty phase brings the
    weather sub-phase (good weather, two fortnights) and then the first half; the view
    carries the month's weather."""
    names = [s.value for s, _, _ in MONTH_SCRIPT]
    assert names.index("admiralty") + 1 == names.index("weather") == names.index("half") - 1
    state = run(set_up(start()), lambda s: s["flow"]["step"] == "admiralty")
    announced = []
    while state["flow"]["step"] == "admiralty":
        decision = next(d for d in decisions(RULESET, state) if d.kind == "done")
        outcome = apply(RULESET, state, decision.seats[0], decision.id, {"done": True},
                        seed=SEED)
        announced += [(e.rule, e.data) for e in outcome.events if e.kind == "weather"]
        state = outcome.state
    expected = {"month": "1914-08", "weather": "good", "fortnights": 2, "map": "north_europe"}
    assert announced == [("BoP 6.51", expected)]
    assert (state["flow"]["step"], state["flow"]["fortnight"]) == ("half", 1)
    assert RULESET.view(state, "germany")["flow"]["weather"] == expected
