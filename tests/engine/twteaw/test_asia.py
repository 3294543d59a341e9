"""The Asian sheet's rules (TWTEAW "The Map": Afghanistan and Tibet; "Initial Deployment"; the
Commonwealth; version 12, rulings 146–153): the special mountain territories, the inactive
Japan, China and USA, the garrisons and von Spee's squadron at the start, India and Australia
as dominions, and the migration of a running version-11 game."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import air, economy, fog
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.economy import income_of
from engine.rulesets.twteaw.migrations import V12_ASIA, v11_to_v12, v12_to_v13
from engine.rulesets.twteaw.nations import INACTIVE
from engine.rulesets.twteaw.setup import ASIAN_GARRISONS, deployment_fleets
from engine.rulesets.twteaw.world import world

from .positions import empty_board, fresh, put, resolve

FROZEN_V11 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-11.json"


def _attack(frm, to, rounds=None, **units):
    move = {"from": frm, "to": to, "units": units}
    if rounds is not None:
        move["rounds"] = rounds
    return move


@pytest.mark.parametrize("mountain,frm", [("afghanistan", "turkestan"), ("tibet", "xinjiang")])
def test_twteaw_map_afghanistan_and_tibet_only_infantry_enters(mountain, frm):
    """Ruling 149: "the mountains ... prevent non-infantry units from entering": an artillery
    move into either is refused with its rule, an infantry attack is accepted."""
    state = empty_board(fresh())
    state["board"]["control"][frm] = "russia"
    put(state, "russia", frm, infantry=1, artillery=1, tank=1)
    for unit in ("artillery", "tank"):
        with pytest.raises(IllegalAction) as refused:
            O.validate(state, "russia", {"declare": [mountain], "moves": [_attack(frm, mountain, **{unit: 1})]})
        assert refused.value.code == "infantry_only"
    O.validate(state, "russia", {"declare": [mountain], "moves": [_attack(frm, mountain, infantry=1)]})
    # held by Russia (no attack), the guns still may not go in
    state["board"]["control"][mountain] = "russia"
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "russia", {"moves": [_attack(frm, mountain, artillery=1)]})
    assert refused.value.code == "infantry_only"


def test_twteaw_map_afghanistan_infantry_defends_at_7():
    """Ruling 149: a defending Afghan infantry hits on a 7 (plain infantry defends at 5); the
    city's die (Kabul) misses on a 9. Russia's attacker dies."""
    state = empty_board(fresh())
    put(state, "russia", "turkestan", infantry=1)
    put(state, "afghanistan", "afghanistan", infantry=1)
    state["board"]["war"].append("afghanistan|russia")      # at war already (no Table A rolls)
    resolve(state, {"russia": {"moves": [_attack("turkestan", "afghanistan", rounds=1, infantry=1)]}},
            {"battle afghanistan attack r1": [9], "battle afghanistan defence r1": [7, 9]})
    assert state["secret"]["russia"]["units"] == {}
    assert state["secret"]["afghanistan"]["units"] == {"afghanistan": {"infantry": 1}}


def test_twteaw_map_tibet_infantry_defends_at_7():
    """Ruling 149: the same in Tibet — a 7 hits; an 8 would not."""
    state = empty_board(fresh())
    state["board"]["control"]["xinjiang"] = "russia"
    put(state, "russia", "xinjiang", infantry=1)
    put(state, "tibet", "tibet", infantry=1)
    state["board"]["war"].append("russia|tibet")
    resolve(state, {"russia": {"moves": [_attack("xinjiang", "tibet", rounds=1, infantry=1)]}},
            {"battle tibet attack r1": [9], "battle tibet defence r1": [7, 9]})
    assert state["secret"]["russia"]["units"] == {}


@pytest.mark.parametrize("mountain", ["afghanistan", "tibet"])
def test_twteaw_map_afghanistan_and_tibet_no_aircraft_lands_and_only_infantry_is_built(mountain):
    state = fresh()
    owner = world().areas[mountain].owner
    assert not air.may_land(state, owner, mountain)
    assert economy.placement_cost(state, owner, "artillery", mountain) is None
    assert economy.placement_cost(state, owner, "infantry", mountain) == 0


@pytest.mark.parametrize("target", sorted(INACTIVE))
def test_twteaw_neutrals_ruling_148_the_inactive_majors_cannot_be_declared_on(target):
    state = fresh()
    with pytest.raises(IllegalAction) as refused:
        O.validate(state, "germany", {"declare": [target]})
    assert refused.value.code == "inactive_neutral"


def test_twteaw_neutrals_ruling_148_the_inactive_majors_build_nothing():
    state = fresh()
    for nation in sorted(INACTIVE):
        state["secret"][nation]["bank"] = 50
        assert R.moderator_orders(state, nation)["build"] == []
    state["secret"]["siam"]["bank"] = 50                  # a minor's moderator still builds
    assert R.moderator_orders(state, "siam")["build"] != []


def test_twteaw_initial_deployment_ruling_150_asian_garrisons_stand_in_their_own_land():
    state, w = fresh(), world()
    for nation, garrisons in ASIAN_GARRISONS.items():
        for area, (infantry, artillery) in garrisons.items():
            assert w.areas[area].owner == nation and w.areas[area].section == "asia", area
            stack = state["secret"][nation]["units"][area]
            assert stack.get("infantry", 0) == infantry and stack.get("artillery", 0) == artillery
    assert state["secret"]["germany"]["units"]["jiazhou"] == {"infantry": 1}
    assert state["board"]["control"]["afghanistan"] == "afghanistan"


def test_twteaw_initial_deployment_ruling_151_von_spee_at_ponape_and_emden_at_tsingtao():
    fleets = deployment_fleets("germany")
    assert fleets["central-pacific-ocean"] == {"cruiser": 1}
    assert fleets["yellow-sea"] == {"cruiser": 1}
    assert "central-pacific-ocean" in world().coasts["german-far-east"]
    assert "yellow-sea" in world().coasts["jiazhou"]
    state = fresh()
    assert state["secret"]["germany"]["fleets"]["central-pacific-ocean"] == {"cruiser": 1}


def test_twteaw_fog_ruling_151_the_squadron_is_a_band_to_others():
    """Germany sees its squadron's counts; Britain sees only Germany's colour band in the
    zone, never a count (before, the test only looked for one spelling of the counts in
    Britain's view and passed with no squadron at all)."""
    state = fresh()
    own = fog.view(state, "seat:germany")
    assert own["known"]["germany"]["fleets"]["central-pacific-ocean"] == {"cruiser": 1}
    seen = fog.view(state, "seat:britain")
    assert "germany" not in seen["known"]
    assert seen["bands"]["central-pacific-ocean"] == {"germany": "black"}
    assert "cruiser" not in json.dumps(seen["bands"])


def test_twteaw_8_ruling_152_india_pays_britain_a_dominions_quarter_while_neutral():
    """Ruling 152: British India's territories pay Britain's bank a quarter of their value while
    Britain is neutral (Britain's own territories a half): taking India (4) away costs Britain
    one; taking Hong Kong (1, a crown colony) costs it a half, rounded as Britain's income is."""
    state = fresh()
    before = income_of(state, "britain")
    state["board"]["control"]["india"] = "russia"
    state["board"]["incorporated"]["india"] = {"by": "russia", "turn": -20, "kind": "conquest"}
    assert world().areas["india"].value == 4
    assert income_of(state, "britain") == before - 1


def test_twteaw_version_12_migration_adds_the_asian_territories_and_nations():
    """Ruling 153: a running version-11 game gains every Asian territory held by its 1914
    owner — ungarrisoned where that owner was already playing — and the six new nations,
    neutral with their own garrisons; no German ship appears in the Pacific."""
    frozen = json.loads(FROZEN_V11.read_text(encoding="utf-8"))
    state = v11_to_v12(frozen["state"])
    assert set(state["board"]["control"]) == {a for a in world().land()
                                              if world().areas[a].section != "north_america"}
    assert set(v12_to_v13(json.loads(json.dumps(state)))["board"]["control"]) == set(world().land())
    assert {a for a, _ in V12_ASIA} == {a for a in world().land() if world().areas[a].section == "asia"}
    assert state["board"]["control"]["jiazhou"] == "germany"
    assert "jiazhou" not in state["secret"]["germany"]["units"]
    assert "central-pacific-ocean" not in state["secret"]["germany"]["fleets"]
    assert state["secret"]["afghanistan"]["units"] == {"afghanistan": {"infantry": 3}}
    for nation in ("afghanistan", "tibet", "siam", "japan", "china", "usa"):
        assert state["board"]["sides"][nation] == "neutral"
        assert nation in state["board"]["start_income"]
