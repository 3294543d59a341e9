"""The economy of the core: income, neutral shares, incorporation, purchases, placement,
manpower (TWTEAW Phase 3.1, 6, 7, 8, "Neutrals", "Units: Infantry")."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import economy as E
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R

from .positions import empty_board, fresh, put, resolve, units


def test_twteaw_8_income_is_the_value_of_incorporated_territory_held():
    state = fresh()
    # France: Paris 10, Brest 12, Normandy 4, Amiens 5, Alsace-Lorraine 4, Lyon 5, Marseille 5,
    # Toulouse 3, Bordeaux 4, Corsica 1, Algeria 4, Morocco 2; on the Africa sheet (version 9,
    # ruling 132) French West Africa 3, French Equatorial Africa 1, Madagascar 1; on the Asian
    # sheet (version 12) Indochina 3; on the North American sheet (version 13) the French West
    # Indies 1
    assert E.income_of(state, "france") == 64 + 3 + 1


def test_twteaw_neutrals_collect_a_share_rounded_up():
    state = fresh()
    # half of 51 + Africa's 10 (ruling 132) + Asia's crown colonies' 7 (ruling 152) + North
    # America's Newfoundland and West Indies 2 (ruling 156) rounded up, + the dominions' quarter
    # of 38 (South Africa 6, ruling 139; British India 18 and Australia 5, ruling 152; Canada's
    # provinces 9, ruling 156) rounded up
    assert E.income_of(state, "britain") == 35 + 10
    assert E.income_of(state, "spain") == 4          # a quarter of 16
    assert E.income_of(state, "belgium") == 2        # a quarter of 4 + the Congo's 2


def test_twteaw_neutrals_at_war_with_a_major_collect_everything():
    state = fresh()
    state["board"]["war"].append("italy|russia")
    assert E.income_of(state, "italy") == 31         # 29 + Eritrea 1 + Italian Somaliland 1


def test_twteaw_6_a_conquest_pays_nothing_until_incorporated_then_follows_the_table():
    state = empty_board(fresh())
    put(state, "germany", "posen", infantry=1)
    resolve(state, {"germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1}}]}}, {})
    assert state["board"]["control"]["warsaw"] == "germany"
    assert E.area_income(state, "warsaw", "germany") == 0 and E.area_income(state, "warsaw", "russia") == 0
    state["secret"]["germany"]["bank"] = 10
    with pytest.raises(IllegalAction):
        O.validate(state, "germany", {"incorporate": ["posen"]})      # an original, not a conquest
    resolve(state, {"germany": {"incorporate": ["warsaw"]}}, {})
    assert state["secret"]["germany"]["bank"] >= 6                     # paid 2 × 2 (then income)
    start = state["board"]["incorporated"]["warsaw"]["turn"]
    shares = []
    for turn in range(start, start + 12):
        state["board"]["turn"] = turn
        shares.append(E.area_income(state, "warsaw", "germany"))
    assert shares == [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2]   # none 0–3, half (rounded up) 4–9, full


def test_twteaw_6_reincorporation_is_free_and_pays_half_then_full():
    state = empty_board(fresh())
    state["board"]["control"]["warsaw"] = "germany"
    state["board"]["incorporated"]["warsaw"] = {"by": None, "turn": 1, "kind": "captured"}
    put(state, "russia", "lublin", infantry=1)
    resolve(state, {"russia": {"moves": [{"from": "lublin", "to": "warsaw", "units": {"infantry": 1}}]}}, {})
    record = state["board"]["incorporated"]["warsaw"]
    assert (record["by"], record["kind"]) == ("russia", "reincorporated")
    shares = []
    for age in range(5):
        state["board"]["turn"] = record["turn"] + age
        shares.append(E.area_income(state, "warsaw", "russia"))
    assert shares == [0, 1, 1, 2, 2]


def test_twteaw_7_infantry_goes_to_cities_or_pays_5_up_to_the_value():
    state = fresh()
    assert E.placement_cost(state, "france", "infantry", "paris") == 0
    assert E.placement_cost(state, "france", "infantry", "normandy") == 5       # no city
    assert E.placement_cost(state, "russia", "infantry", "vinista") == 0        # Russia pays no +5
    state["secret"]["france"]["bank"] = 100
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "france", {"build": [{"unit": "infantry", "at": "normandy", "count": 5}]})
    assert err.value.code == "too_many_outside_city"                            # Normandy's value is 4
    O.validate(state, "france", {"build": [{"unit": "infantry", "at": "normandy", "count": 4}]})


def test_twteaw_7_other_units_need_an_industrial_complex_artillery_a_city_for_10():
    state = fresh()
    assert E.placement_cost(state, "germany", "tank", "berlin") == 0            # IC
    assert E.placement_cost(state, "germany", "tank", "konigsberg") is None     # city, no IC
    assert E.placement_cost(state, "germany", "artillery", "konigsberg") == 10
    assert E.placement_cost(state, "germany", "artillery", "posen") == 10
    assert E.placement_cost(state, "germany", "infantry", "warsaw") is None     # not German


def test_twteaw_3_1_orders_may_not_cost_more_than_the_bank():
    state = fresh()
    state["secret"]["serbia"]["bank"] = 9
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "serbia", {"build": [{"unit": "infantry", "at": "serbia", "count": 2}]})
    assert (err.value.rule, err.value.code) == ("TWTEAW 3.1", "not_enough_resources")


def test_twteaw_manpower_infantry_beyond_the_limit_costs_double():
    state = fresh()
    state["secret"]["serbia"]["infantry_built"] = 29          # Serbia's limit is 30
    rows = [{"unit": "infantry", "at": "serbia", "count": 2}]
    assert E.build_cost(state, "serbia", rows) == 5 + 10


def test_twteaw_manpower_ruling_36_infantry_lost_gives_no_manpower_back():
    """Ruling 36: the rulebook's "half of the men of a lost unit join new units" is how the
    limit was counted, not a refund: the limit is on infantry built, losses or not."""
    state = fresh()
    state["secret"]["serbia"]["infantry_built"] = 30          # Serbia's limit is 30
    state["board"]["manpower_lost"]["serbia"] = 20            # twenty lost in battle
    rows = [{"unit": "infantry", "at": "serbia", "count": 1}]
    assert E.build_cost(state, "serbia", rows) == 10            # still double
    state["secret"]["serbia"]["infantry_built"] = 29
    assert E.build_cost(state, "serbia", rows) == 5             # the limit itself is unchanged


def test_twteaw_7_a_build_in_a_territory_lost_this_turn_is_lost():
    state = empty_board(fresh())
    state["secret"]["russia"]["bank"] = 5
    put(state, "germany", "posen", infantry=1)
    resolve(state, {"russia": {"build": [{"unit": "infantry", "at": "warsaw", "count": 1}]},
                    "germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1}}]}}, {})
    assert units(state, "russia", "warsaw") == {}
    assert state["secret"]["russia"]["infantry_built"] == 0          # no manpower used


def test_twteaw_missed_turn_default_spends_half_the_income_3_to_1():
    state = fresh()
    orders = R.missed_turn_orders(state, "germany")              # income 80: a budget of 40
    assert orders["moves"] == [] and orders["declare"] == []
    count = {u: sum(r["count"] for r in orders["build"] if r["unit"] == u) for u in ("infantry", "artillery")}
    assert count == {"infantry": 6, "artillery": 1}               # 6 × 5 + 8 = 38 ≤ 40
    assert E.build_cost(state, "germany", orders["build"]) <= 40
