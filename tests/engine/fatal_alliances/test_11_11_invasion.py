"""FA 11.11 invasions of enemy coasts from the sea and 11.12.1.4's notional defender (issue #22,
version 12). Rulings R-N17 ... R-N21."""

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, Roller, apply, decisions, new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets, seas
from engine.rulesets.fatal_alliances.impulses import last_impulse
from engine.rulesets.fatal_alliances.interception import (
    answer_debark,
    debark_options,
    landing,
    sail_and_watch,
)
from engine.rulesets.fatal_alliances.invasion import (
    invasion_hexes,
    invasion_strengths,
    notional_factor,
)
from engine.rulesets.fatal_alliances.migrations import v11_to_v12
from engine.rulesets.fatal_alliances.naval_move import naval_options
from engine.rulesets.fatal_alliances.position import controller, map_of
from engine.rulesets.fatal_alliances.sequence import remaining
from engine.rulesets.fatal_alliances.zoc import enemy_zoc

from .test_11_3_4_naval_transport import PORTSMOUTH, ROLLER, SEED
from .test_11_10_debark_at_sea import TASK_FORCE, TRANSPORTS, combined, order

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-11.json"
NORTH_SEA = "north-sea"
WILHELMSHAVEN = "29,5"     # a German city on the North Sea, no unit in it
COAST = "30,3"             # a German coastal hex of the North Sea, no city, no unit


def at_sea(cargo=("br-iii",), section=1, units=TASK_FORCE):
    """Britain's Channel Fleet and transports in the North Sea with troops waiting to land
    (I Corps joins III Corps in Portsmouth when it is in the cargo)."""
    state = combined()
    if "br-i" in cargo:         # the two transports take both corps; the division stays out
        state["board"]["units"]["br-i"].update(hex=PORTSMOUTH, up=True)
        state["board"]["units"]["br-pdiv-1"]["hex"] = None
    else:
        state["board"]["pool"]["britain"].remove("br-pdiv-1")      # it stands in Portsmouth
    sailing = order(list(cargo), area=NORTH_SEA, section=section, units=units)
    assert sailing in naval_options(state, "britain")               # a listed order
    sail_and_watch(state, "britain", sailing, ROLLER)
    assert landing(state) is not None
    return state


def invasions(state):
    return sorted({o["invade"] for o in debark_options(state, "britain") if "invade" in o})


def test_fa_11_11_enemy_coasts_of_the_area_are_offered_from_the_1_to_4_sections_only():
    state = at_sea()
    offered = invasions(state)
    assert offered == ["29,5", "30,3", "30,4"]
    assert set(offered) <= set(seas().area(NORTH_SEA).coastal_hexes)
    assert all(controller(state, h) == "germany" for h in offered)
    # both tables for each hex; the friendly landings stay, a friendly hex first (the timeout)
    opts = debark_options(state, "britain")
    assert "land" in opts[0]
    assert {"invade": WILHELMSHAVEN, "table": "assault"} in opts
    assert {"invade": WILHELMSHAVEN, "table": "blitz"} in opts
    # from the 0 box: debarking on a friendly coast only
    assert invasions(at_sea(section=0)) == []
    assert any("land" in o for o in debark_options(at_sea(section=0), "britain"))


def test_fa_11_11_no_invasion_in_storm_snow_or_blizzard():
    for weather, allowed in (("rain", True), ("storm", False), ("snow", False),
                             ("blizzard", False)):
        state = at_sea()
        state["flow"]["weather"]["zones"]["north_temperate"] = weather
        assert bool(invasions(state)) is allowed, weather


def test_fa_11_11_only_infantry_class_units_invade():
    state = combined()
    state["board"]["units"]["br-cav"].update(hex=PORTSMOUTH, up=True)
    sail_and_watch(state, "britain", order(["br-cav"], area=NORTH_SEA), ROLLER)
    assert landing(state)["cargo"] == ["br-cav"]
    assert any("land" in o for o in debark_options(state, "britain"))
    assert invasions(state) == []


def test_fa_11_11_a_defended_coast_and_an_attack_already_spent_are_not_offered():
    state = at_sea()
    state["board"]["units"]["ge1-1"].update(hex=COAST, up=True)     # R-N17: a real defender
    assert COAST not in invasions(state) and WILHELMSHAVEN in invasions(state)
    state = at_sea()
    state["flow"]["used"]["britain"]["land_attack"] = remaining(state, "britain", "land_attack")
    assert invasions(state) == []          # the invasion is the power's land attack (R-N18)


def test_fa_11_12_1_4_the_notional_units_factor():
    state = at_sea(cargo=("br-iii", "br-pdiv-1"))
    ships = landing(state)["units"]
    cargo = landing(state)["cargo"]
    factor, reasons = notional_factor(state, COAST, 1, ships, cargo)
    # 1, +1 German home country, +1 from below the 4 box (rain), +1 a corps off a TRS
    assert factor == 4 and [v for _, v in reasons] == [1, 1, 1, 1]
    # Wilhelmshaven adds its city and the German corps whose ZoC covers it
    factor, reasons = notional_factor(state, WILHELMSHAVEN, 1, ships, cargo)
    assert factor == 6 and ("city", 1) in reasons
    assert ("in a friendly corps' zone of control", 1) in reasons
    # in rain only the 4 box escapes the low-box +1; in fine weather the 3 box does too
    assert notional_factor(state, COAST, 4, ships, cargo)[0] == 3
    assert notional_factor(state, COAST, 3, ships, cargo)[0] == 4
    state["flow"]["weather"]["zones"]["north_temperate"] = "fine"
    assert notional_factor(state, COAST, 3, ships, cargo)[0] == 3
    # a division alone off warships: no TRS corps
    assert notional_factor(state, COAST, 4, ["britain-channel-fleet-pd-1"], ["br-pdiv-1"])[0] == 2


def test_fa_11_12_1_4_a_hex_cut_from_basic_supply_loses_one():
    state = at_sea()
    ships, cargo = landing(state)["units"], landing(state)["cargo"]
    before = notional_factor(state, COAST, 4, ships, cargo)[0]
    # Germany's cities all in enemy hands: nothing traces supply to the coast
    m = map_of(state)
    from engine.rulesets.fatal_alliances.supply import city_hexes
    for h in city_hexes(m):
        if controller(state, h) == "germany":
            state["board"]["control"][h] = "britain"
    factor, reasons = notional_factor(state, COAST, 4, ships, cargo)
    assert ("no basic supply path", -1) in reasons and factor == before - 1


def test_fa_11_11_invaders_attack_at_half_their_factors():
    state = at_sea(cargo=("br-iii", "br-pdiv-1"))
    units = state["board"]["units"]
    ships, cargo = landing(state)["units"], landing(state)["cargo"]
    attack, defence, _ = invasion_strengths(state, COAST, 1, ships, cargo)
    assert attack == Fraction(units["br-iii"]["cf"] + units["br-pdiv-1"]["cf"], 2)
    assert defence == 4


def _invade(n, hex_id=COAST, table="assault", cargo=("br-iii", "br-pdiv-1")):
    state = at_sea(cargo=cargo)
    events = answer_debark(state, "britain", {"invade": hex_id, "table": table},
                           Roller(SEED, "invasion", n))
    return state, events


def test_fa_11_11_a_failed_invasion_destroys_every_invader_a_success_takes_the_hex():
    outcomes = set()
    for n in range(16):
        state, events = _invade(n)
        units = state["board"]["units"]
        [roll] = [e for e in events if e.kind == "invasion"]
        assert roll.data["defence"] == "4" and roll.data["target"] == COAST
        # the carriers turn face-down, each invader was a land move, the land attack is spent
        assert [s for s in TASK_FORCE if not fleets(state)[s]["up"]] == TRANSPORTS
        assert state["flow"]["used"]["britain"]["land_move"] == 2
        assert state["flow"]["used"]["britain"]["land_attack"] == 1
        if roll.data["taken"]:
            outcomes.add("taken")
            assert controller(state, COAST) == "britain"
            ashore = sorted(uid for uid, u in units.items()
                            if u["hex"] == COAST and u["power"] == "britain")
            assert ashore and events[-1].kind == "invaded" and events[-1].data["units"] == ashore
        elif roll.data["held"]:
            outcomes.add("held")
            assert roll.data["result"].endswith("–")          # no defender loss (R-N19)
            assert [e.data["unit"] for e in events if e.kind == "unit_destroyed"
                    and e.data["why"] == "invasion failed"] == ["br-iii", "br-pdiv-1"]
            assert not any(e.kind == "invaded" for e in events)
            assert state["board"]["bonus_bp"].get("britain", 0) == 0   # not at home: off Germany
            assert all(units.get(u) is None or units[u]["hex"] is None
                       for u in ("br-iii", "br-pdiv-1"))
            assert controller(state, COAST) == "germany"
        else:                         # the notional unit fell but the invaders' losses took all
            outcomes.add("spent")
            assert not roll.data["result"].endswith("–") and events[-1].data["units"] == []
            assert controller(state, COAST) == "germany"
    assert {"taken", "held"} <= outcomes


def _taken():
    """The first seed whose invasion leaves both corps (a ZoC beyond their hex) ashore."""
    for n in range(200):
        state, events = _invade(n, cargo=("br-i", "br-iii"), table="blitz")
        if events[-1].kind == "invaded" and events[-1].data["units"] == ["br-i", "br-iii"]:
            return state
    raise AssertionError("no invasion succeeded")


def test_fa_11_11_invaders_have_no_zoc_beyond_their_hex_in_the_impulse_of_invasion():
    state = _taken()
    m = map_of(state)
    zoc = enemy_zoc(state, "germany")
    assert COAST in zoc
    ashore = state["board"]["invaders"]
    others = [u for u in state["board"]["units"].values()
              if u["hex"] in m.neighbours(COAST) and u["power"] == "britain"]
    assert ashore and not others
    assert not any(h in zoc for h in m.neighbours(COAST))
    # from the next impulse on, a normal ZoC (a corps projects one; a division does not)
    last_impulse(state, ROLLER)
    assert "invaders" not in state["board"]
    assert any(h in enemy_zoc(state, "germany") for h in m.neighbours(COAST))


def test_fa_11_11_the_kernel_rolls_a_listed_invasion_the_same_and_refuses_others():
    state = combined()
    [d] = [d for d in decisions(RULESET, state) if "britain" in d.seats]
    afloat = apply(RULESET, state, "britain", d.id, order(["br-iii"], area=NORTH_SEA),
                   seed=SEED).state
    [d] = [d for d in decisions(RULESET, afloat) if "britain" in d.seats]
    assert d.kind == "naval_debark" and {"invade": COAST, "table": "blitz"} in d.options
    one = apply(RULESET, afloat, "britain", d.id, {"invade": COAST, "table": "blitz"}, seed=SEED)
    two = apply(RULESET, afloat, "britain", d.id, {"invade": COAST, "table": "blitz"}, seed=SEED)
    assert one.state == two.state and one.events == two.events
    before = copy.deepcopy(afloat)
    friendly = d.options[0]["land"]
    for bad in ({"invade": friendly, "table": "blitz"}, {"invade": COAST, "table": "odd"},
                {"invade": COAST}):
        with pytest.raises(IllegalAction):
            apply(RULESET, afloat, "britain", d.id, bad, seed=SEED)
    assert afloat == before
    assert invasion_hexes(afloat, "britain", NORTH_SEA, TASK_FORCE, ["br-iii"]) == invasions(afloat)


def test_fa_11_11_version_12_carries_a_running_version_11_campaign_as_it_is():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "11"
    assert frozen["state"]["board"]["result"] is None
    old = copy.deepcopy(frozen["state"])
    assert v11_to_v12(frozen["state"]) == old
    assert int(RULESET.version) >= 12
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "ep")
    assert "invaders" not in state["board"]
    kept = copy.deepcopy(state)
    assert v11_to_v12(state) == kept


def test_fa_11_11_a_retreat_result_alone_removes_the_notional_unit():
    """R-N19: a defender retreat with no loss ("0.5/R") still takes the notional unit away."""
    seen = 0
    for n in range(60):
        state, events = _invade(n, cargo=("br-iii",), table="blitz")
        [roll] = [e for e in events if e.kind == "invasion"]
        if not roll.data["result"].endswith("/R"):
            continue
        seen += 1
        assert not roll.data["held"] and events[-1].kind == "invaded"
        assert not any(e.data.get("why") == "invasion failed" for e in events)
    assert seen
