"""Industrial complexes defending when ordered (TWTEAW "Industrial complexes", Phase 4.6 step 3:
"ICs and ports roll only if they were ordered to defend"; ruling 67; version 2).

An IC its holder orders to defend (`defend_ics`) rolls 1 like the city while a defending unit is
left, and is the side's last casualty: a hit beyond every defending unit destroys it, and a
destroyed IC places nothing again. An IC not ordered never rolls and cannot be destroyed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import economy as E
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.migrations import v1_to_v2

from .positions import empty_board, fresh, put, resolve, units

FROZEN_V1 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-1.json"


@pytest.fixture
def board():
    return empty_board(fresh())


def _russians_attack_breslau(board, defend: bool, attack_dice, defence_dice):
    put(board, "germany", "breslau", infantry=1)
    put(board, "russia", "warsaw", infantry=3)
    germany = {"defend_ics": ["breslau"]} if defend else {}
    return resolve(board, {"germany": germany, "russia": {"moves": [
        {"from": "warsaw", "to": "breslau", "units": {"infantry": 3}}]}},
        {"battle breslau attack r1": attack_dice, "battle breslau defence r1": defence_dice})


def test_twteaw_units_ics_an_ic_ordered_to_defend_rolls_1_and_is_the_last_casualty(board):
    # dice: the infantry's 9, the city's 9, the IC's 1 (a hit); two Russian hits on one German
    events = _russians_attack_breslau(board, True, [1, 1, 9], [9, 9, 1])
    assert units(board, "russia", "breslau") == {"infantry": 2}     # the IC's hit took one
    assert board["board"]["control"]["breslau"] == "russia"
    assert board["board"]["ics_destroyed"] == ["breslau"]           # the second hit
    assert [e.data for e in events if e.kind == "ic_destroyed"] == [
        {"area": "breslau", "holder": "germany"}]
    assert not E.has_ic(board, "breslau")


def test_twteaw_units_ics_a_hit_per_defender_spares_the_ic(board):
    _russians_attack_breslau(board, True, [1, 9, 9], [9, 9, 9])
    assert board["board"]["control"]["breslau"] == "russia"          # captured, not destroyed
    assert board["board"]["ics_destroyed"] == []
    assert E.has_ic(board, "breslau")


def test_twteaw_units_ics_an_ic_not_ordered_to_defend_never_rolls_nor_falls(board):
    # two defence dice only (the infantry, the city): a third would be left unused
    _russians_attack_breslau(board, False, [1, 1, 9], [9, 9])
    assert units(board, "russia", "breslau") == {"infantry": 3}
    assert board["board"]["ics_destroyed"] == []


def test_twteaw_units_ics_a_destroyed_ic_places_nothing(board):
    assert E.placement_cost(board, "germany", "tank", "breslau") == 0
    board["board"]["ics_destroyed"] = ["breslau"]
    assert E.placement_cost(board, "germany", "tank", "breslau") is None
    assert E.placement_cost(board, "germany", "infantry", "breslau") == 0   # the city stays


@pytest.mark.parametrize("nation, area", [("germany", "paris"), ("germany", "posen"),
                                          ("germany", "nowhere")])
def test_twteaw_units_ics_only_an_ic_you_hold_is_ordered_to_defend(board, nation, area):
    with pytest.raises(IllegalAction) as err:
        O.validate(board, nation, {"defend_ics": [area]})
    assert err.value.rule == "TWTEAW units ics" and err.value.code == "no_ic_to_defend"
    board["board"]["ics_destroyed"] = ["breslau"]
    with pytest.raises(IllegalAction):
        O.validate(board, "germany", {"defend_ics": ["breslau"]})


def test_twteaw_units_ics_version_1_game_carries_to_version_2_with_no_ic_destroyed():
    v1 = json.loads(FROZEN_V1.read_text())["state"]
    assert "ics_destroyed" not in v1["board"]
    waiting = [d.id for d in RULESET.decisions(v1)]
    v2 = v1_to_v2(json.loads(json.dumps(v1)))
    assert v2["board"]["ics_destroyed"] == []
    assert [d.id for d in RULESET.decisions(v2)] == waiting
