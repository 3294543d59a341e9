"""The North American sheet's rules (TWTEAW "The Map"; "Initial Deployment"; the Commonwealth;
the straits' note on Panama; version 13, rulings 155–158): the inactive USA, Mexico and the
Caribbean and Central American republics, Canada as a dominion, the garrisons, ships through
Panama and across the Atlantic and Pacific links, and the migration of a running version-12
game (with version 9's frozen Ethiopian income and version 12's frozen Asian incomes)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, Roller
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.diplomacy import minors_join, table_a
from engine.rulesets.twteaw.economy import income_of
from engine.rulesets.twteaw.migrations import (
    V9_ETHIOPIA_INCOME,
    V12_NATIONS,
    V12_START_INCOME,
    V13_NATIONS,
    V13_NORTH_AMERICA,
    V13_VALUES,
    v8_to_v9,
    v11_to_v12,
    v12_to_v13,
)
from engine.rulesets.twteaw.nations import INACTIVE, NATIONS
from engine.rulesets.twteaw.setup import NORTH_AMERICAN_GARRISONS
from engine.rulesets.twteaw.world import world

from .positions import empty_board, fresh, resolve

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "versions"


def _na_land() -> set[str]:
    return {a for a in world().land() if world().areas[a].section == "north_america"}


@pytest.mark.parametrize("target", ["usa", "mexico", "central_america", "cuba", "hispaniola"])
def test_twteaw_neutrals_ruling_156_the_american_neutrals_cannot_be_declared_on(target):
    """Ruling 156 (as 148): the USA, Mexico and the Caribbean and Central American republics
    are inactive — no seat, a declaration on them is refused, their moderator builds nothing."""
    assert target in INACTIVE and not NATIONS[target].seat
    state = fresh()
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "germany", {"declare": [target]})
    assert refused.value.code == "inactive_neutral"
    state["secret"][target]["bank"] = 60
    assert R.moderator_orders(state, target)["build"] == []


@pytest.mark.parametrize("target", ["mexico", "central_america", "cuba", "hispaniola"])
def test_twteaw_neutrals_ruling_156_the_american_minors_are_not_influenced_nor_react(target):
    """Ruling 156: nobody influences the inactive minors (`inactive_neutral`, where a minor's
    influence is otherwise open to a nation at war), Table A moves none of them, and they never
    join a side by the ±10 threshold."""
    state = fresh()
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "germany", {"influence": [target]})
    assert refused.value.code == "inactive_neutral"
    O.validate(state, "germany", {"influence": ["romania"]})
    table_a(state, "minor_joins_central", "bulgaria", Roller(b"seed", "game", 0))
    assert state["secret"][target]["points"] == 0
    state["secret"][target]["points"] = 12
    minors_join(state, Roller(b"seed", "game", 0))
    assert state["board"]["sides"][target] == "neutral"


def test_twteaw_initial_deployment_ruling_157_american_garrisons_stand_in_their_own_land():
    state, w = fresh(), world()
    for nation, garrisons in NORTH_AMERICAN_GARRISONS.items():
        for area, (infantry, artillery) in garrisons.items():
            assert w.areas[area].owner == nation and w.areas[area].section == "north_america", area
            stack = state["secret"][nation]["units"][area]
            assert stack.get("infantry", 0) == infantry and stack.get("artillery", 0) == artillery
    for area in _na_land():
        assert state["board"]["control"][area] == w.areas[area].owner


def test_twteaw_8_ruling_156_canada_pays_britain_a_dominions_quarter_while_neutral():
    """The Commonwealth ("Canada ... receive only 1/4 of the full income while neutral"):
    Canada's provinces pay Britain's bank as South Africa does (rulings 139–142); Newfoundland,
    not among the four, is a British territory at Britain's own half."""
    state = fresh()
    before = income_of(state, "britain")
    state["board"]["control"]["canada"] = "germany"
    state["board"]["incorporated"]["canada"] = {"by": "germany", "turn": -20, "kind": "conquest"}
    assert world().areas["canada"].value == 4
    assert income_of(state, "britain") == before - 1
    state = fresh()
    state["board"]["control"]["newfoundland"] = "germany"
    state["board"]["incorporated"]["newfoundland"] = {"by": "germany", "turn": -20, "kind": "conquest"}
    assert world().areas["newfoundland"].value == 1
    assert income_of(state, "britain") in (before, before - 1)      # a half of 1, rounded with the rest
    state = fresh()
    provinces = ("canada", "maritimes", "prairies", "british-columbia", "northern-canada")
    assert sum(world().areas[a].value for a in provinces) == 9
    for area in provinces:
        state["board"]["control"][area] = "germany"
        state["board"]["incorporated"][area] = {"by": "germany", "turn": -20, "kind": "conquest"}
    # a quarter of 9 (2.25, rounded with the rest), not Britain's half (4.5)
    assert before - income_of(state, "britain") in (2, 3)


def _patrol(frm, path, **ships):
    return {"from": frm, "path": path, "units": ships, "mission": "patrol"}


@pytest.mark.parametrize("frm,to", [
    ("gulf-of-mexico", "gulf-of-tehuantepec"),                       # through Panama
    ("middle-atlantic", "western-atlantic"),                         # Europe -> North America
    ("northern-atlantic", "hudson-bay"),
    ("southern-atlantic", "caribbean-sea"),
    ("cape-verde", "caribbean-sea"),                                 # Africa -> North America
    ("northern-pacific-ocean", "eastern-pacific-ocean"),             # Asia -> North America
    ("sea-of-okhotsk", "bristol-bay"),
    ("coral-sea", "gulf-of-tehuantepec"),
    ("central-pacific-ocean", "middle-pacific-ocean"),
])
def test_twteaw_4_2_ships_sail_the_north_american_links(frm, to):
    """A British cruiser patrols across each new link in one move and arrives: the cross-map
    table's seams and the Panama passage (open: the USA, its holder, closes nothing while
    inactive)."""
    state = empty_board(fresh())
    state["secret"]["britain"]["fleets"][frm] = {"cruiser": 1}
    resolve(state, {"britain": {"naval": [_patrol(frm, [to], cruiser=1)]}}, {})
    assert state["secret"]["britain"]["fleets"] == {to: {"cruiser": 1}}


def test_twteaw_version_13_migration_adds_the_north_american_territories_and_nations():
    """Ruling 158: a running version-12 game gains every North American territory held by its
    1914 owner — ungarrisoned where that owner was already playing — and Mexico and the three
    republics, inactive neutrals with their own garrisons and a quarter of their values."""
    frozen = json.loads((FIXTURES / "twteaw-12.json").read_text(encoding="utf-8"))
    state = v12_to_v13(frozen["state"])
    assert set(state["board"]["control"]) == set(world().land())
    assert {a for a, _ in V13_NORTH_AMERICA} == _na_land()
    for area, owner in V13_NORTH_AMERICA:
        assert state["board"]["control"][area] == owner == world().areas[area].owner
        if owner in ("usa", "britain", "france"):
            assert area not in state["secret"][owner]["units"], area
    for nation, units in V13_NATIONS.items():
        assert state["board"]["sides"][nation] == "neutral"
        assert state["secret"][nation]["units"] == units
        assert state["secret"][nation]["income"] == income_of(state, nation)
        assert state["board"]["start_income"][nation] == income_of(state, nation)
    assert V13_VALUES == {a: world().areas[a].value for a in V13_VALUES}


def test_twteaw_version_9_migration_counts_ethiopia_from_frozen_data():
    """Ruling 158: v8_to_v9 no longer reads the live map: its frozen Ethiopian income is what
    the live income_of gives on the migrated state (Ethiopia's one territory at a quarter)."""
    frozen = json.loads((FIXTURES / "twteaw-8.json").read_text(encoding="utf-8"))
    state = v8_to_v9(copy.deepcopy(frozen["state"]))
    assert state["secret"]["ethiopia"]["income"] == V9_ETHIOPIA_INCOME == 1
    assert state["board"]["start_income"]["ethiopia"] == V9_ETHIOPIA_INCOME
    for area in world().land():                   # the rest of the map as the live rules see it
        state["board"]["control"].setdefault(area, world().areas[area].owner)
    assert income_of(state, "ethiopia") == V9_ETHIOPIA_INCOME


def test_twteaw_version_12_migration_gives_the_asian_nations_frozen_incomes():
    """Ruling 158: v11_to_v12 no longer reads the live map either: each nation version 12 added
    starts with its frozen income, and that is what the live income_of gives those nations on
    the migrated state (the Asian sheet's areas, held as version 12 gave them)."""
    frozen = json.loads((FIXTURES / "twteaw-11.json").read_text(encoding="utf-8"))
    state = v11_to_v12(copy.deepcopy(frozen["state"]))
    assert sorted(V12_START_INCOME) == sorted(V12_NATIONS)
    for nation, income in V12_START_INCOME.items():
        assert state["secret"][nation]["income"] == income
        assert state["board"]["start_income"][nation] == income
        assert income_of(state, nation) == income
