"""The Africa section in the rules (version 9, rulings 129–138): the colonial garrisons of the
1914 set-up, income from African territories, land moves across the seam under Egypt, ships
across the cross-map link and in the African seas, fog over the colonies, and the migration of
a running version-8 game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import fog
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.economy import income_of
from engine.rulesets.twteaw.migrations import v8_to_v9
from engine.rulesets.twteaw.nations import NATIONS
from engine.rulesets.twteaw.setup import COLONIAL_GARRISONS
from engine.rulesets.twteaw.world import world

from .positions import empty_board, fresh, put, resolve

FROZEN_V8 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-8.json"


def test_twteaw_initial_deployment_colonial_garrisons_stand_in_their_own_colonies():
    """"Initial Deployment" (ruling 133): every authored garrison is in a territory its nation
    owned in 1914, on the Africa section, none at sea."""
    state, w = fresh(), world()
    for nation, garrisons in COLONIAL_GARRISONS.items():
        for area, (infantry, artillery) in garrisons.items():
            assert w.areas[area].owner == nation and w.areas[area].section == "africa"
            stack = state["secret"][nation]["units"][area]
            assert stack.get("infantry", 0) == infantry and stack.get("artillery", 0) == artillery
    assert state["secret"]["germany"]["units"]["german-east-africa"] == {"infantry": 2}
    assert state["board"]["control"]["ethiopia"] == "ethiopia"


def test_twteaw_phase_8_income_counts_the_african_territories():
    """Phase 8: a territory's value is income to whoever holds it, wherever it lies: Germany
    loses German East Africa's 3 when Britain takes it, and Britain (neutral: half, ruling 131's
    values) gains it."""
    state = fresh()
    germany, britain = income_of(state, "germany"), income_of(state, "britain")
    assert world().areas["german-east-africa"].value == 3
    state["board"]["control"]["german-east-africa"] = "britain"
    # long since incorporated by conquest (Phase 6's table: full value after 9 turns)
    state["board"]["incorporated"]["german-east-africa"] = {"by": "britain", "turn": -20, "kind": "conquest"}
    assert income_of(state, "germany") == germany - 3
    assert income_of(state, "britain") > britain


def test_twteaw_phase_8_start_income_includes_the_colonies():
    """Ruling 132: the start incomes grow by the colonies' values (Germany's 80 + 5, France's
    59 + 5 on the Europe sheet alone; shares as before)."""
    state = fresh()
    africa = {n: sum(a.value for a in world().areas.values()
                     if a.kind == "land" and a.section == "africa" and a.owner == n
                     and a.id not in {"egypt", "suez-canal", "algeria", "morocco", "libya", "spanish-morocco"})
              for n in NATIONS}
    assert africa["germany"] == 5 and africa["france"] == 5
    # + the Asian sheet's since version 12 (Germany: Jiazhou, Kaiser Wilhelm Land, the Far East
    # colonies, 1 each; France: Indochina 3), and France's West Indies (1) since version 13
    assert state["board"]["start_income"]["germany"] == 85 + 3
    assert state["board"]["start_income"]["france"] == 64 + 3 + 1


def test_twteaw_4_4_land_moves_cross_the_seam_from_egypt_to_the_sudan():
    """Phase 4.4 across the two sheets: Egypt (Europe sheet) and the Sudan (Africa sheet) share a
    plain land border; a British infantry marches south and arrives."""
    state = empty_board(fresh())
    put(state, "britain", "egypt", infantry=1)
    assert world().crossing("egypt", "sudan") == "land"
    resolve(state, {"britain": {"moves": [{"from": "egypt", "to": "sudan", "units": {"infantry": 1}}]}}, {})
    assert state["secret"]["britain"]["units"] == {"sudan": {"infantry": 1}}


def test_twteaw_4_4_land_moves_only_to_a_neighbour_on_the_africa_sheet():
    """Phase 4.4: the Sudan borders British East Africa but not Mozambique: a march there is
    refused with its rule, and nothing changes."""
    state = empty_board(fresh())
    put(state, "britain", "sudan", infantry=1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "britain", {"moves": [{"from": "sudan", "to": "mozambique", "units": {"infantry": 1}}]})
    assert refused.value.code == "not_adjacent"
    assert json.dumps(state, sort_keys=True) == before


def _patrol(frm, path, **ships):
    return {"from": frm, "path": path, "units": ships, "mission": "patrol"}


def test_twteaw_4_2_ships_sail_the_cross_map_link_southern_atlantic_to_cape_verde():
    """The cross-map table: the Southern Atlantic (Europe sheet) joins Cape Verde (Africa sheet);
    a French cruiser patrols there and arrives; from there the Caribbean (North American sheet,
    version 13) is one move on."""
    state = empty_board(fresh())
    state["secret"]["france"]["fleets"]["southern-atlantic"] = {"cruiser": 1}
    resolve(state, {"france": {"naval": [_patrol("southern-atlantic", ["cape-verde"], cruiser=1)]}}, {})
    assert state["secret"]["france"]["fleets"] == {"cape-verde": {"cruiser": 1}}
    O.validate(state, "france", {"naval": [_patrol("cape-verde", ["caribbean-sea"], cruiser=1)]})


def test_twteaw_4_2_the_red_sea_opens_on_the_western_indian_ocean():
    """Authored geography (ruling 130): the Red Sea with the Gulf of Aden touches the Western
    Indian Ocean; from the Eastern Mediterranean through Suez (Britain holds it) a British
    cruiser reaches East Africa's waters in two moves."""
    state = empty_board(fresh())
    state["secret"]["britain"]["fleets"]["eastern-mediterranean"] = {"cruiser": 1}
    O.validate(state, "britain", {"naval": [_patrol("eastern-mediterranean",
                                                    ["red-sea", "western-indian-ocean"], cruiser=1)]})


def test_twteaw_fog_colonial_garrisons_are_bands_to_other_nations():
    """Fog: France sees its own garrison in French West Africa exactly, Germany's in German
    East Africa only as a band; the public sees no units."""
    state = fresh()
    seen = fog.view(state, "seat:france")
    assert seen["known"]["france"]["units"]["french-west-africa"] == {"infantry": 2}
    assert "germany" not in seen["known"]
    assert set(seen["bands"]["german-east-africa"]) == {"germany"}
    public = fog.view(state, "public")
    assert public["known"] == {} and "french-west-africa\": {\"infantry" not in json.dumps(public)


def test_twteaw_version_9_migration_adds_the_african_territories_and_ethiopia():
    """Ruling 136: a running version-8 game gains every African territory held by its original
    owner, ungarrisoned, and Ethiopia as a neutral minor with its garrison."""
    frozen = json.loads(FROZEN_V8.read_text(encoding="utf-8"))
    state = v8_to_v9(frozen["state"])
    w = world()
    assert set(state["board"]["control"]) == {a for a in w.land()
                                              if w.areas[a].section not in ("asia", "north_america")}
    assert state["board"]["control"]["german-east-africa"] == "germany"
    assert "german-east-africa" not in state["secret"]["germany"]["units"]
    assert state["secret"]["ethiopia"]["units"] == {"ethiopia": {"infantry": 3}}
    assert state["board"]["sides"]["ethiopia"] == "neutral"


@pytest.mark.parametrize("nation,area,allowed", [("germany", "german-east-africa", 2), ("france", "algeria", 2),
                                                 ("britain", "south-africa", 3)])
def test_twteaw_7_colonial_restrictions_a_minor_colony_builds_half_its_value(nation, area, allowed):
    """Phase 7 rule 8 (ruling 137): a city territory of a minor colony builds at most half its
    value (rounded up) a turn — German East Africa 3 → 2, Algeria 4 → 2, South Africa 6 → 3;
    one more is refused with its rule and nothing changes."""
    state = fresh()
    state["secret"][nation]["bank"] = 200
    O.validate(state, nation, {"build": [{"unit": "infantry", "at": area, "count": allowed}]})
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, nation, {"build": [{"unit": "infantry", "at": area, "count": allowed + 1}]})
    assert refused.value.code == "colonial_allowance"
    assert json.dumps(state, sort_keys=True) == before


def test_twteaw_7_the_moderators_builds_keep_within_the_colonial_allowance():
    """The moderator's default builds (spend the bank on infantry in the cities) fill a colony
    only to its allowance, so every suggested order set stays legal."""
    from engine.rulesets.twteaw.resolution import spend_on

    state = fresh()
    state["secret"]["france"]["bank"] = 1000
    builds = spend_on(state, "france", 1000, 0)
    assert sum(b["count"] for b in builds if b["at"] == "algeria") == 2
    O.validate(state, "france", {"build": builds})
