"""FA 11.3.3 and 2.4.2.3 — canals that close (version 17, R-N29, passages.py): no naval move
and no overseas supply path between the Eastern Mediterranean and the Red Sea while a major
power at war with the mover controls a hex beside the Suez Canal; the Kiel Canal follows the
same rule and stays open to Germany."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, apply, decisions
from engine.kernel.inquiry import explain
from engine.kernel.model import seat_audience
from engine.maps import compiled_path
from engine.maps import hexmath as hm
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.migrations import v16_to_v17
from engine.rulesets.fatal_alliances.naval_move import destinations
from engine.rulesets.fatal_alliances.passages import canals, closures, sea_neighbours
from engine.rulesets.fatal_alliances.supply import supplied_hexes
from engine.rulesets.fatal_alliances.war import declare_war

from .test_11_3_4_commonwealth_crossing import INDIAN, SEED, britain_enters_the_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-16.json"
CANAL_HEX = "52,18"          # 5244, the desert hex between Port Said and Suez
BASRA = "68,6"
THROUGH = {"units": INDIAN, "to_area": "red-sea", "section": 0}      # Alexandria to the Red Sea
TO_SUEZ = {"units": INDIAN, "to_port": "suez"}


def naval_decision(state):
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    assert d.kind == "naval_move"
    return d


def ottoman_on_the_canal(state, at_war=True):
    if at_war:
        declare_war(state, "ottoman", "britain")
    state["board"]["control"][CANAL_HEX] = "ottoman"


def test_fa_11_3_3_the_indian_convoy_sails_through_suez_while_the_canal_is_british():
    state = britain_enters_the_war("naval")
    d = naval_decision(state)
    assert THROUGH in d.options and TO_SUEZ in d.options
    after = apply(RULESET, state, "britain", d.id, THROUGH, seed=SEED).state
    assert fleets(after)["britain-indian-transports-1"]["area"] == "red-sea"


def test_fa_11_3_3_an_enemy_major_on_a_canal_hex_shuts_suez_and_the_kernel_says_why():
    state = britain_enters_the_war("naval")
    ottoman_on_the_canal(state)
    d = naval_decision(state)
    assert THROUGH not in d.options and TO_SUEZ not in d.options
    # the Eastern Mediterranean itself stays open
    assert {"units": INDIAN, "to_area": "mediterranean-east", "section": 0} in d.options
    before = copy.deepcopy(state)
    for order in (THROUGH, TO_SUEZ):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "britain", d.id, order, seed=SEED)
        answer = explain(RULESET, state, "britain", d.id, order, seat_audience("britain"))
        assert answer["legal"] is False and answer["code"] == "passage_closed"
        assert answer["rule"] == "FA 11.3.3"
        assert "Suez Canal" in answer["message"] and "5244" in answer["message"]
        assert "ottoman" in answer["message"]
    assert state == before
    # an order refused for another reason keeps the kernel's own refusal
    far = {"units": INDIAN, "to_area": "white-sea", "section": 0}
    assert explain(RULESET, state, "britain", d.id, far,
                   seat_audience("britain"))["code"] == "not_an_option"


def test_fa_11_3_3_the_canal_closes_only_to_the_powers_at_war_with_its_holder():
    state = britain_enters_the_war("naval")
    # the Ottoman Empire holds the hex but is not at war with Britain: the canal stays open
    ottoman_on_the_canal(state, at_war=False)
    assert not [c for c in closures(state, "britain") if c.canal.link == "suez-canal"]
    assert THROUGH in naval_decision(state).options
    # at war, it is shut to Britain; to Germany it was shut all along (Britain, at war with
    # it, holds the other hexes beside the canal); neutral Italy may pass
    declare_war(state, "ottoman", "britain")
    assert [c.by for c in closures(state, "britain") if c.canal.link == "suez-canal"] == ["ottoman"]
    assert [c.by for c in closures(state, "germany") if c.canal.link == "suez-canal"] == ["britain"]
    assert closures(state, "italy") == []
    assert "red-sea" not in sea_neighbours(state, "germany")("mediterranean-east")
    assert "red-sea" not in sea_neighbours(state, "britain")("mediterranean-east")
    assert "red-sea" in sea_neighbours(state, "italy")("mediterranean-east")


def test_fa_11_3_3_a_ship_in_the_red_sea_cannot_come_back_through_a_shut_canal():
    state = britain_enters_the_war("naval")
    fleets(state)["britain-indian-transports-1"].update(port=None, area="red-sea", section=0)
    home = {d["to_port"] for d in destinations(state, "britain", INDIAN) if "to_port" in d}
    assert {"suez", "port_said", "alexandria"} <= home
    ottoman_on_the_canal(state)
    home = {d["to_port"] for d in destinations(state, "britain", INDIAN) if "to_port" in d}
    assert "suez" in home and not home & {"port_said", "alexandria"}


def test_fa_2_4_2_3_no_overseas_supply_path_through_a_shut_canal():
    state = britain_enters_the_war("naval")
    units = state["board"]["units"]
    # a British corps at Basra (taken from the Ottomans) traces home by sea: the Persian Gulf,
    # round Arabia to the Red Sea, through the canal and the Mediterranean
    declare_war(state, "ottoman", "britain")
    state["board"]["control"][BASRA] = "britain"
    units["br-ii"]["hex"] = BASRA
    assert BASRA in supplied_hexes(state, "britain")
    ottoman_on_the_canal(state)
    assert BASRA not in supplied_hexes(state, "britain")
    state["board"]["control"][CANAL_HEX] = "britain"
    assert BASRA in supplied_hexes(state, "britain")


def test_fa_11_3_3_the_kiel_canal_stays_open_to_germany_and_never_parts_the_baltic():
    state = britain_enters_the_war("naval")
    assert [(c.canal.link, c.by) for c in closures(state, "britain")] == [("kiel-canal", "germany")]
    assert [c.canal.link for c in closures(state, "germany")] == ["suez-canal"]
    # the Danish Straits still join the Baltic and the North Sea for Britain (R-N29)
    assert "north-sea" in sea_neighbours(state, "britain")("baltic")


def test_fa_11_3_3_the_passage_table_names_every_hex_beside_each_map_canal():
    doc = json.loads(compiled_path("fa-europe").read_text(encoding="utf-8"))
    for canal in canals():
        drawn = doc["canals"][canal.link.removesuffix("-canal")]
        beside = set(drawn["hexes"]) | {h for side in drawn["hexsides"] for h in side.split("|")}
        assert set(canal.beside) == beside
        assert sorted(canal.areas) == sorted(drawn["seas"])
    # the Red Sea reaches the Mediterranean only through the canal: its sea hexes touch none
    # of the Eastern Mediterranean's, and no other passage joins them
    east = set(seas().area("mediterranean-east").hexes)
    red = seas().area("red-sea").hexes
    assert not any(hm.hex_id(*n) in east for h in red for n in hm.neighbours(*hm.parse_hex_id(h)))
    assert [lk.id for lk in seas().links_between("mediterranean-east", "red-sea")] == ["suez-canal"]


def test_fa_11_3_3_version_17_carries_a_running_version_16_campaign_as_it_is():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "16"
    old = copy.deepcopy(frozen["state"])
    assert v16_to_v17(frozen["state"]) == old
    assert int(RULESET.version) >= 17
