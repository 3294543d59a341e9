"""Trenches (TWTEAW "Units: Trenches"): directional markers, their penalties and their building."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import trenches as T

from .positions import empty_board, fresh, put, resolve, units


@pytest.fixture
def dug():
    state = empty_board(fresh())
    state["board"]["trenches"]["warsaw>posen"] = {"by": "russia"}
    put(state, "russia", "warsaw", infantry=1)
    return state


def test_twteaw_trenches_penalties_and_the_tank_offset():
    assert [T.penalty(u, 0) for u in ("infantry", "artillery", "tank")] == [2, 3, 2]
    assert [T.penalty("infantry", n) for n in (1, 4, 5)] == [1, 1, 0]      # ruling 2
    assert T.penalty("tank", 5) == 2


def test_twteaw_trenches_infantry_across_attacks_at_1(dug):
    put(dug, "germany", "posen", infantry=1)
    resolve(dug, {"germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1}, "rounds": 1}]}},
            {"battle warsaw attack r1": [2], "battle warsaw defence r1": [9, 9]})
    assert units(dug, "russia", "warsaw") == {"infantry": 1}          # a 2 misses at 3 − 2 = 1


def test_twteaw_trenches_guard_only_their_border(dug):
    put(dug, "germany", "breslau", infantry=1)
    resolve(dug, {"germany": {"moves": [{"from": "breslau", "to": "warsaw", "units": {"infantry": 1}}]}},
            {"battle warsaw attack r1": [2], "battle warsaw defence r1": [9, 9]})
    assert dug["board"]["control"]["warsaw"] == "germany"            # from Breslau: no trench


def test_twteaw_trenches_artillery_fires_across_at_minus_3_and_a_capture_destroys_them(dug):
    dug["board"]["trenches"]["warsaw>lithuania"] = {"by": "russia"}
    put(dug, "germany", "posen", infantry=1, artillery=1)
    resolve(dug, {"germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1}}],
                              "support": [{"from": "posen", "into": "warsaw", "count": 1}]}},
            {"battle warsaw attack r1": [9, 3], "battle warsaw defence r1": [9, 9]})
    assert dug["board"]["control"]["warsaw"] == "germany"            # the gun hits at 6 − 3 = 3
    assert not any(k.startswith("warsaw>") for k in dug["board"]["trenches"])


def test_twteaw_trenches_one_tank_halves_the_infantry_penalty(dug):
    put(dug, "germany", "posen", infantry=1, tank=1)
    resolve(dug, {"germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1, "tank": 1}}]}},
            {"battle warsaw attack r1": [2, 9], "battle warsaw defence r1": [9, 9]})
    assert dug["board"]["control"]["warsaw"] == "germany"            # infantry at 3 − 1 = 2


def test_twteaw_trenches_are_built_by_infantry_there_and_placed_in_phase_7():
    state = empty_board(fresh())
    state["secret"]["france"]["bank"] = 5
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "france", {"trench": [{"area": "alsace-lorraine", "facing": "cologne"}]})
    assert err.value.code == "needs_infantry"
    put(state, "france", "alsace-lorraine", infantry=1)
    resolve(state, {"france": {"trench": [{"area": "alsace-lorraine", "facing": "cologne"}]}}, {})
    assert state["board"]["trenches"] == {"alsace-lorraine>cologne": {"by": "france"}}
    assert state["secret"]["france"]["bank"] == 73                   # 5 − 5 + income 68 + US trade 5


@pytest.mark.parametrize("area,facing,code", [
    ("sicily", "taranto", "not_a_land_border"),        # across a strait
    ("paris", "english-channel", "not_a_land_border"),  # the coast
    ("posen", "warsaw", "not_yours"),
])
def test_twteaw_trenches_never_on_a_coast_or_a_strait_or_in_foreign_land(area, facing, code):
    state = fresh()
    state["secret"]["france"]["bank"] = 50
    state["secret"]["italy"]["bank"] = 50
    nation = {"sicily": "italy", "paris": "france", "posen": "france"}[area]
    with pytest.raises(IllegalAction) as err:
        O.validate(state, nation, {"trench": [{"area": area, "facing": facing}]})
    assert err.value.code == code


def test_twteaw_trenches_the_home_city_package():
    state = empty_board(fresh())
    state["secret"]["france"]["bank"] = 10
    put(state, "france", "paris", infantry=4)
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "france", {"home_trenches": ["paris"]})
    assert err.value.code == "package_needs_five"
    put(state, "france", "paris", infantry=1)
    resolve(state, {"france": {"home_trenches": ["paris"]}}, {})
    assert sorted(state["board"]["trenches"]) == [f"paris>{n}" for n in T.land_borders("paris")]
    state["board"]["control"]["cologne"] = "france"
    put(state, "france", "cologne", infantry=5)
    state["secret"]["france"]["bank"] = 10
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "france", {"home_trenches": ["cologne"]})     # a conquered city
    assert err.value.code == "not_a_home_city"
