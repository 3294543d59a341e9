"""FA 11.12.2 shore bombardment (issue #22, version 30, rulings R-N69–R-N74): once the attacks
are declared the attacker, then the defender, may commit face-up surface ships at sea off an
attacked coastal hex; each adds its bombardment value less its section's modifier (one more in
rain or snow where the section is asterisked; halved in forest, jungle or swamp; none in storm
or blizzard, none from the 0 section), one ship a land unit, capped by the attacking unit it
backs or at 1 a ship in defence, and turns face-down when the combat is rolled. Through the
kernel (`apply`), which works on a copy."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.bots.fatal_alliances import FatalAlliancesBot
from engine.bots.runner import bot_turn
from engine.kernel import IllegalAction, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances import shore_bombardment as sb
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.migrations import v29_to_v30
from engine.rulesets.fatal_alliances.position import map_of
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.shore_bombardment import ship_factor, value
from engine.rulesets.fatal_alliances.steps import settle
from engine.rulesets.fatal_alliances.terrain import fa_terrain

from .test_11_3_naval_movement import SEED
from .test_11_3_naval_movement import at_war as new_position

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-29.json"
COAST = "30,3"                       # a German coastal hex of the North Sea
ATTACK_FROM = ("31,3", "30,4")       # German land hexes next to it
BB = ["germany-high-seas-fleet-bb-1", "germany-high-seas-fleet-bb-2"]
CL = "germany-high-seas-fleet-cl-1"
BRITISH = ["britain-grand-fleet-bb-1", "britain-grand-fleet-bb-2"]
_BASE: dict = {}


def coast_attack(weather="fine", **at_sea):
    """Two German corps next to a British corps on the German North Sea coast, the land
    combat step of a Central combined action; the named ships at sea (area, section)."""
    if not _BASE:
        _BASE["state"] = new_position("combined")
    state = copy.deepcopy(_BASE["state"])
    units = state["board"]["units"]
    units["ge1-1"].update(hex=ATTACK_FROM[0], up=True)
    units["ge1-2"].update(hex=ATTACK_FROM[1], up=True)
    units["br-i"].update(hex=COAST, up=True)
    state["flow"]["weather"]["zones"]["north_temperate"] = weather
    for uid, (area, section) in at_sea.items():
        fleets(state)[uid].update(port=None, area=area, section=section)
    move_to(state, Step.LAND_COMBAT.value)
    settle(state)
    return state


def fleet(section=3, british=1):
    return {**{u: ("north-sea", section) for u in BB + [CL]},
            **{u: ("north-sea", british) for u in BRITISH}}


def play(state, seat, action, kind=None):
    d = next(d for d in decisions(RULESET, state) if seat in d.seats)
    assert kind is None or d.kind == kind, d.kind
    out = apply(RULESET, state, seat, d.id, action, seed=SEED)
    return out.state, out.events


def declare(state, units=("ge1-1", "ge1-2")):
    """Germany declares the attack on the coast and closes its declarations; the other
    Central powers say done."""
    state, _ = play(state, "germany", {"target": COAST, "units": list(units),
                                       "table": "assault"}, "land_attack")
    for _ in range(6):
        open_now = [d for d in decisions(RULESET, state) if d.kind == "land_attack"]
        if not open_now:
            break
        d = open_now[0]
        state = apply(RULESET, state, d.seats[0], d.id, {"done": True}, seed=SEED).state
    return state


def only(state):
    open_now = decisions(RULESET, state)
    assert len(open_now) == 1, [d.kind for d in open_now]
    return open_now[0]


def test_fa_11_12_2_the_attacker_then_the_defender_commit_ships_before_the_hq_support():
    state = declare(coast_attack(**fleet()))
    d = only(state)
    assert (d.kind, d.seats, d.rule, d.reaction) == ("naval_bombard", ("germany",),
                                                    "FA 11.12.2", False)
    # one ship a land unit: two attackers, so the two battleships (3 each), then one, then none
    assert list(d.options) == [{"ships": BB}, {"ships": BB[:1]}, {"ships": []}]
    assert d.data == {"target": COAST, "side": "attacker", "factors": {BB[0]: "3", BB[1]: "3"}}
    state, events = play(state, "germany", {"ships": BB})
    assert [e.kind for e in events] == ["bombardment_committed"]
    d = only(state)
    # one British defender: one ship; from section 1 a battleship gives 3 - 2 = 1
    assert (d.kind, d.seats, d.reaction) == ("naval_bombard", ("britain",), True)
    assert list(d.options) == [{"ships": BRITISH[:1]}, {"ships": []}]
    with pytest.raises(IllegalAction):
        play(state, "britain", {"ships": BRITISH})
    state, _ = play(state, "britain", {"ships": BRITISH[:1]})
    assert [c["bombard"] for c in state["flow"]["declared"]] in (
        [{"attacker": BB, "defender": BRITISH[:1]}], [])


def test_fa_11_12_2_the_factor_is_the_value_less_the_section_modifier():
    state = coast_attack(**{BB[0]: ("north-sea", 1), BB[1]: ("north-sea", 3),
                            CL: ("north-sea", 0), "germany-scouting-group-1": ("north-sea", 2),
                            "germany-high-seas-fleet-pd-1": ("north-sea", 4)})
    assert ship_factor(state, BB[0], COAST) == 1          # 3 - 2
    assert ship_factor(state, BB[1], COAST) == 3          # 3 - 0
    assert ship_factor(state, "germany-scouting-group-1", COAST) == 1   # BC 2 - 1
    assert ship_factor(state, "germany-high-seas-fleet-pd-1", COAST) == 2
    assert ship_factor(state, CL, COAST) == 0             # the 0 section: none
    assert ship_factor(state, BB[1], "22,9") == 0         # not a coast of its area
    rain = coast_attack("rain", **{BB[0]: ("north-sea", 1), BB[1]: ("north-sea", 4)})
    assert ship_factor(rain, BB[0], COAST) == 0           # asterisked: 3 - (2 + 1)
    assert ship_factor(rain, BB[1], COAST) == 3           # section 4: no asterisk
    for weather in ("storm", "blizzard"):
        assert ship_factor(coast_attack(weather, **{BB[1]: ("north-sea", 3)}),
                           BB[1], COAST) == 0


def test_fa_11_12_2_forest_jungle_or_swamp_halves_the_factor(monkeypatch):
    """fa-europe has no forest, jungle or swamp coast (R-N69): the terrain read is patched."""
    state = coast_attack(**{BB[1]: ("north-sea", 3), "germany-scouting-group-1": ("north-sea", 2)})
    m = map_of(state)
    assert {fa_terrain(m, h) for a in seas().areas.values() for h in a.coastal_hexes} <= {
        "clear", "mountain", "desert"}
    for terrain, factors in (("forest", (Fraction(3, 2), Fraction(1, 2))),
                             ("swamp", (Fraction(3, 2), Fraction(1, 2))),
                             ("jungle", (Fraction(3, 2), Fraction(1, 2))),
                             ("mountain", (3, 1))):
        monkeypatch.setattr(sb, "fa_terrain", lambda m, h, w, t=terrain: t)
        assert (ship_factor(state, BB[1], COAST),
                ship_factor(state, "germany-scouting-group-1", COAST)) == factors


def test_fa_11_12_2_one_ship_a_unit_capped_by_the_unit_backed_and_1_in_defence():
    state = coast_attack(**fleet())
    # attack: the largest ship factor goes with the largest unit factor
    assert value(state, BB, COAST, "attacker", [Fraction(4), Fraction(2)]) == 5
    assert value(state, BB + [CL], COAST, "attacker", [Fraction(4), Fraction(2)]) == 5
    assert value(state, BB, COAST, "attacker", [Fraction(4)]) == 3
    # defence: 1 a ship, one ship a defending unit
    assert value(state, BB, COAST, "defender", [Fraction(1)]) == 1
    assert value(state, BB, COAST, "defender", [Fraction(1)] * 2) == 2


def test_fa_11_12_2_bombardment_joins_the_totals_and_the_ships_turn_face_down():
    state = declare(coast_attack(**fleet()))
    state, _ = play(state, "germany", {"ships": BB}, "naval_bombard")
    state, events = play(state, "britain", {"ships": BRITISH[:1]}, "naval_bombard")
    resolved = next(e for e in events if e.kind == "combat_resolved")
    # ge1-1 4 and ge1-2 2 on the assault table: ships of 3 and 3 add 3 + 2; the defender's 1
    assert resolved.data["bombardment"] == {"attacker": "5", "defender": "1"}
    assert (resolved.data["attack"], resolved.data["defence"]) == ("11", "5")
    shelled = [e for e in events if e.kind == "shore_bombardment"]
    assert [(e.data["side"], e.data["ships"], e.data["factors"]) for e in shelled] == [
        ("attacker", BB, "5"), ("defender", BRITISH[:1], "1")]
    assert not any(fleets(state)[u]["up"] for u in BB + BRITISH[:1])
    assert fleets(state)[CL]["up"] and fleets(state)[BRITISH[1]]["up"]


def test_fa_11_12_2_no_ship_in_port_a_sub_or_a_face_down_ship_is_offered():
    state = coast_attack(**{BB[0]: ("north-sea", 3), "germany-u-boats-1": ("north-sea", 3)})
    fleets(state)[BB[1]].update(port="wilhelmshaven", area=None, section=None)
    fleets(state)[BB[0]]["up"] = False
    state = declare(state)
    assert all(d.kind != "naval_bombard" for d in decisions(RULESET, state))


def test_fa_11_12_2_a_ship_bombards_one_hex_only():
    state = coast_attack(**fleet())
    state["board"]["units"]["ge1-3"].update(hex="29,6", up=True)
    state["board"]["units"]["br-ii"].update(hex="29,5", up=True)
    state, _ = play(state, "germany", {"target": COAST, "units": ["ge1-1"],
                                       "table": "assault"}, "land_attack")
    state, _ = play(state, "germany", {"target": "29,5", "units": ["ge1-3"],
                                       "table": "assault"}, "land_attack")
    for _ in range(6):
        open_now = [d for d in decisions(RULESET, state) if d.kind == "land_attack"]
        if not open_now:
            break
        state = apply(RULESET, state, open_now[0].seats[0], open_now[0].id, {"done": True},
                      seed=SEED).state
    state, _ = play(state, "germany", {"ships": BB[:1]}, "naval_bombard")
    d = only(state)
    assert d.kind == "naval_bombard" and d.data["target"] == "29,5"
    assert d.options[0] == {"ships": BB[1:]}


def test_fa_11_12_2_the_bot_commits_the_fewest_ships_that_give_the_best_odds():
    # 6 against 4 is 1.5:1; one battleship makes 9 against 4 (2:1), the second 11 (2:1 still)
    state = declare(coast_attack(**fleet()))
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="bombard-bot")
    assert move.action == {"ships": BB[:1]}
    state, _ = play(state, "germany", move.action, "naval_bombard")
    # the defender's 1 (9 against 5) drops the odds to 1.5:1: Britain commits its battleship
    move = bot_turn(RULESET, state, "britain", FatalAlliancesBot(), game_uid="bombard-bot")
    assert move.action == {"ships": BRITISH[:1]}
    # from section 1 a battleship adds 1: both make 8 against 4 (2:1), one alone no band
    state = declare(coast_attack(**{u: ("north-sea", 1) for u in BB}))
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="bombard-bot")
    assert move.action == {"ships": BB}
    state = declare(coast_attack(**{BB[0]: ("north-sea", 1)}))
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="bombard-bot")
    assert move.action == {"ships": []}


def test_fa_11_12_2_version_30_carries_a_running_version_29_campaign_unchanged():
    """An attack declared under version 29 keeps its place at the HQ support."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "29"
    old = copy.deepcopy(frozen["state"])
    assert v29_to_v30(frozen["state"]) == old and int(RULESET.version) >= 30
