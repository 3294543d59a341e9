"""BoP 9: march, rail, entrenching, one force at a time, mobilisation limits (12.1)."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers import combat, handlers, movement
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .helpers import grid, hx, position

GER = {f"{c:02d}{r:02d}": "germany" for c in range(7, 13) for r in range(1, 9)}
BEL = {"0601": "belgium", "0602": "belgium"}
TH = grid(12, 8, name="t-09", country={**GER, **BEL},
          terrain={"0304": "forest", "0305": "marsh", "0205": "mountain"},
          rail=[[f"{c:02d}06" for c in range(1, 13)], ["0106", "0107", "0108"],
                # a line north of Paris, so the corps the handlers move are supplied (3.1)
                ["0106", "0105", "0104", "0103", "0203", "0303", "0403", "0503"]],
          places={"paris": {"at": "0106", "capital": True}, "berlin": {"at": "1206",
                                                                        "capital": True}})


def dests(state, units, supplied=None, **kw):
    """March destinations with supply as given (every corps supplied unless named False)."""
    return movement.march_destinations(state, TH, units, supplied or {}, **kw)


def rails(state, units, supplied=None):
    return movement.rail_destinations(state, TH, units, supplied or {})


def test_bop_9_13_march_costs_one_mp_per_open_hex():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    found = dests(state, ["fra-inf-1"])
    assert found[hx(TH, "0402")][0] == 1
    assert found[hx(TH, "0502")][0] == 2
    assert hx(TH, "0602") not in found  # neutral Belgium (6.11)
    assert max(cost for cost, _ in found.values()) == 3


def test_bop_9_13_forest_marsh_mountain_cost_all_remaining_mp():
    state = position(TH, {"fra-inf-1": "0303"}, side="entente")
    found = dests(state, ["fra-inf-1"])
    assert found[hx(TH, "0304")][0] == 3  # ARMP
    assert found[hx(TH, "0305")][0] == 3
    paths = [p for _, p in found.values()]
    assert not any(hx(TH, "0304") in p[:-1] for p in paths)  # nothing beyond the forest


def test_bop_9_14_enemy_location_is_an_attack_not_a_march():
    state = position(TH, {"fra-inf-1": "0603", "ger-inf-1": "0703"}, side="entente")
    found = dests(state, ["fra-inf-1"])
    assert hx(TH, "0703") not in found and hx(TH, "0503") in found
    assert [i["action"]["target"] for i in combat.attack_items(state, TH, "france", {})] == [
        hx(TH, "0703")]


def test_bop_2_62_friendly_units_cannot_pass_a_full_location():
    full = {f"fra-inf-{n}": "0402" for n in range(2, 8)}
    state = position(TH, {"fra-inf-1": "0302", **full}, side="entente")
    assert hx(TH, "0402") not in dests(state, ["fra-inf-1"])
    del state["board"]["units"]["fra-inf-7"]  # five there: room for one more
    assert dests(state, ["fra-inf-1"])[hx(TH, "0402")][0] == 1


def test_bop_9_63_trench_battle_location_cannot_be_entered():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    assert hx(TH, "0402") in dests(state, ["fra-inf-1"])
    state["flow"]["trench"] = [hx(TH, "0402")]
    assert hx(TH, "0402") not in dests(state, ["fra-inf-1"])


def test_bop_3_2_unsupplied_corps_lose_one_mp():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    assert max(c for c, _ in dests(state, ["fra-inf-1"], {"fra-inf-1": False}).values()) == 2


def test_bop_12_1_mobilisation_only_british_french_german_corps_move_first_fortnight():
    state = position(TH, {"rus-inf-1": "0302", "fra-inf-1": "0303"}, fortnight=1,
                     side="entente")
    assert dests(state, ["rus-inf-1"]) == {}
    assert dests(state, ["fra-inf-1"])


def test_bop_9_24_no_rail_in_first_fortnight_of_august_1914():
    state = position(TH, {"fra-inf-1": "0206"}, fortnight=1, side="entente")
    assert rails(state, ["fra-inf-1"]) == {}
    state["flow"]["fortnight"] = 2
    assert rails(state, ["fra-inf-1"])


def test_bop_9_23_rail_eighteen_hexes_per_mp_only_friendly_rail():
    state = position(TH, {"fra-inf-1": "0106"}, side="entente")
    found = rails(state, ["fra-inf-1"])
    assert found[hx(TH, "0506")][0] == 1
    assert hx(TH, "0706") not in found  # German-controlled rail
    assert hx(TH, "0108") in found


def test_bop_9_23_rail_distance_costs_one_mp_per_eighteen_hexes():
    long_line = [f"{c:02d}01" for c in range(1, 41)]
    th = grid(40, 2, name="t-09-long", rail=[long_line])
    state = position(th, {"ger-inf-1": "0101"}, sides={"france": "central"})
    found = movement.rail_destinations(state, th, ["ger-inf-1"], {})
    assert found[hid_of(th, "1901")][0] == 1
    assert found[hid_of(th, "2001")][0] == 2
    assert found[hid_of(th, "3701")][0] == 2
    assert found[hid_of(th, "3801")][0] == 3


def hid_of(th, label):
    return hx(th, label)


def test_bop_9_21_rail_needs_supply_and_an_rp():
    state = position(TH, {"fra-inf-1": "0206"}, side="entente")
    assert rails(state, ["fra-inf-1"], {"fra-inf-1": False}) == {}
    assert rails(state, ["fra-inf-1"], {"fra-inf-1": True})
    state["powers"]["france"]["rp"] = 0
    assert rails(state, ["fra-inf-1"]) == {}


def test_bop_9_24_rail_capacity_per_nation_per_fortnight():
    units = {f"fra-inf-{n}": "0206" for n in range(1, 6)}
    state = position(TH, units, side="entente")
    assert rails(state, sorted(units)) == {}  # 5 corps > France's 4
    assert rails(state, sorted(units)[:4])
    state["flow"]["rail_used"] = {"france": ["fra-inf-10", "fra-inf-11", "fra-inf-12"]}
    assert rails(state, ["fra-inf-1", "fra-inf-2"]) == {}
    assert rails(state, ["fra-inf-1"])


def test_bop_9_23_entrenched_corps_rails_one_mp_and_ends_in_maneuver():
    state = position(TH, {"fra-inf-1": "0206"}, side="entente", entrenched=["fra-inf-1"])
    found = rails(state, ["fra-inf-1"])
    assert max(c for c, _ in found.values()) == 1
    decision = next(d for d in RULESET.decisions(_half(state)) if d.kind == "rail")
    action = {"units": ["fra-inf-1"], "to": hx(TH, "0406"), "payer": "france"}
    RULESET.validate(state, "france", decision, action)
    handlers.do_rail(state, "france", None, action, None)
    assert state["board"]["units"]["fra-inf-1"]["mode"] == "maneuver"
    assert state["powers"]["france"]["rp"] == 3


def _half(state, seat="france"):
    state["flow"]["active"] = [seat]
    return state


def test_bop_9_61_entrenching_takes_all_mp_in_the_starting_location():
    state = position(TH, {"fra-inf-1": "0302", "fra-cav-cav": "0302"}, side="entente")
    options = movement.entrench_candidates(state, TH, "france")
    assert {"unit": "fra-inf-1", "mode": "entrenched"} in options
    assert not any(o["unit"] == "fra-cav-cav" for o in options)  # cavalry never entrenches
    handlers.do_entrench(state, "france", None, {"unit": "fra-inf-1", "mode": "entrenched"},
                         None)
    assert state["flow"]["moves"]["fra-inf-1"]["mp"] == 0
    assert dests(state, ["fra-inf-1"]) == {}


def test_bop_9_61_a_corps_that_moved_cannot_entrench():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    assert movement.entrench_candidates(state, TH, "france") == [
        {"unit": "fra-inf-1", "mode": "entrenched"}]
    handlers.do_march(state, "france", None, {"units": ["fra-inf-1"], "to": hx(TH, "0402")}, None)
    options = movement.entrench_candidates(state, TH, "france")
    assert not any(o["unit"] == "fra-inf-1" for o in options)


def test_bop_9_0_one_force_at_a_time():
    state = _half(position(TH, {"fra-inf-1": "0302", "fra-inf-2": "0303"}, side="entente"))
    handlers.do_march(state, "france", None, {"units": ["fra-inf-1"], "to": hx(TH, "0402")}, None)
    assert state["flow"]["moves"]["fra-inf-1"]["mp"] == 2
    kinds = {d.kind for d in RULESET.decisions(state)}
    assert "stop" in kinds and "done" not in kinds and "entrench" not in kinds
    march = next(d for d in RULESET.decisions(state) if d.kind == "march")
    with pytest.raises(IllegalAction) as err:
        RULESET.validate(state, "france", march, {"units": ["fra-inf-2"], "to": hx(TH, "0403")})
    assert (err.value.rule, err.value.code) == ("BoP 9.0", "force_in_progress")
    assert {tuple(i["action"]["units"]) for i in RULESET.options(state, "france", march, None)} \
        == {("fra-inf-1",)}
    handlers.do_stop(state, "france", None, {"stop": True}, None)
    assert state["flow"]["moves"]["fra-inf-1"]["mp"] == 0  # its force's move ended
    assert "done" in {d.kind for d in RULESET.decisions(state)}
    handlers.do_march(state, "france", None, {"units": ["fra-inf-2"], "to": hx(TH, "0403")}, None)
    assert state["flow"]["force"] == {"france": ["fra-inf-2"]}


def test_bop_9_12_joiners_count_as_having_spent_what_the_stack_spent():
    state = _half(position(TH, {"fra-inf-1": "0302", "fra-inf-2": "0402"}, side="entente"))
    handlers.do_march(state, "france", None, {"units": ["fra-inf-1"], "to": hx(TH, "0402")}, None)
    march = next(d for d in RULESET.decisions(state) if d.kind == "march")
    action = RULESET.validate(state, "france", march, {"units": ["fra-inf-1", "fra-inf-2"],
                                                       "to": hx(TH, "0502")})
    handlers.do_march(state, "france", None, action, None)
    assert state["flow"]["moves"]["fra-inf-2"]["mp"] == 1
    assert state["flow"]["moves"]["fra-inf-1"]["mp"] == 1


def test_bop_9_1_validate_refuses_unreachable_and_foreign_units():
    state = _half(position(TH, {"fra-inf-1": "0302", "ger-inf-1": "0802"}, side="entente"))
    decision = next(d for d in RULESET.decisions(state) if d.kind == "march")
    with pytest.raises(IllegalAction) as err:
        RULESET.validate(state, "france", decision, {"units": ["fra-inf-1"], "to": hx(TH, "1202")})
    assert err.value.rule == "BoP 9.1" and err.value.code == "unreachable"
    with pytest.raises(IllegalAction) as err:
        RULESET.validate(state, "france", decision, {"units": ["ger-inf-1"], "to": hx(TH, "0902")})
    assert err.value.code == "not_yours"


def test_bop_9_1_listing_and_validation_agree():
    """Every listed march and rail move is accepted as it is listed; both march decisions (a
    whole stack, part of one) and a rail decision are open here and list something, so the
    loop cannot pass by checking nothing."""
    state = _half(position(TH, {"fra-inf-1": "0302", "fra-inf-2": "0302", "fra-cav-cav": "0303"},
                           side="entente"))
    checked: dict[str, int] = {}
    for decision in RULESET.decisions(state):
        if decision.schema is None:
            continue
        for item in RULESET.options(state, "france", decision, None):
            assert RULESET.validate(state, "france", decision, item["action"]) == item["action"]
            part = f"{decision.kind}-{decision.data.get('part')}"
            checked[part] = checked.get(part, 0) + 1
    assert set(checked) == {"march-whole", "march-part", "rail-None"}
    assert all(count > 1 for count in checked.values()), checked


def test_bop_9_24_minor_corps_by_rail_are_charged_to_a_major():
    th = grid(6, 2, name="t-09-minor-rail", default="belgium", rail=[[f"{c:02d}01" for c in
                                                                      range(1, 7)]],
              places={"brussels": {"at": "0101", "capital": True}})
    state = position(th, {"bel-inf-1": "0201"}, side="entente", sides={"belgium": "entente"})
    assert movement.rail_payers(state, ["bel-inf-1"]) == ["france"]
    state["powers"]["france"]["rp"] = 0
    assert movement.rail_payers(state, ["bel-inf-1"]) == []


# --- hexsides of the Terrain Effects Chart (1.22, 9.13): red bars, all-lake, passes --------------

SIDES = grid(8, 6, name="t-09-sides", country={f"08{r:02d}": "germany" for r in range(1, 7)},
             terrain={"0402": "mountain", "0502": "mountain", "0404": "mountain",
                      "0504": "mountain"},
             sides=[("0302", "0303", "red_bar"), ("0303", "0304", "all_lake"),
                    ("0302", "0402", "mountain_pass"), ("0304", "0404", "alpine_pass")])


def test_bop_9_13_red_bar_and_all_lake_hexsides_are_impassable():
    state = position(SIDES, {"fra-inf-1": "0303"}, side="entente")
    found = movement.march_destinations(state, SIDES, ["fra-inf-1"], {})
    assert found[hx(SIDES, "0302")][0] == 2  # around the red bar, never across it
    assert found[hx(SIDES, "0304")][0] == 2  # around the lake
    assert all(hx(SIDES, "0302") not in path[1:-1] or path.index(hx(SIDES, "0302")) != 1
               for _, path in found.values())
    assert hx(SIDES, "0302") not in SIDES.adj[hx(SIDES, "0303")]  # 2.521: not even adjacent
    state = position(SIDES, {"fra-inf-1": "0303", "ger-inf-1": "0302"}, side="entente")
    assert not [i for i in combat.attack_items(state, SIDES, "france", {})
                if i["action"]["target"] == hx(SIDES, "0302")]


def test_bop_9_13_mountain_pass_costs_one_mp_into_the_mountain():
    state = position(SIDES, {"fra-inf-1": "0302"}, side="entente")
    found = movement.march_destinations(state, SIDES, ["fra-inf-1"], {})
    assert found[hx(SIDES, "0402")][0] == 1           # along the pass
    assert found[hx(SIDES, "0502")][0] == 3           # the next mountain hex: ARMP
    assert SIDES.ends_march(hx(SIDES, "0302"), hx(SIDES, "0402")) is False
    assert SIDES.ends_march(hx(SIDES, "0403"), hx(SIDES, "0402"))  # not along the pass: ARMP


def test_bop_9_13_alpine_pass_mountain_corps_only_for_all_mp():
    state = position(SIDES, {"fra-inf-1": "0304", "fra-mou-alpine": "0304"}, side="entente")
    alpine = movement.march_destinations(state, SIDES, ["fra-mou-alpine"], {})
    assert alpine[hx(SIDES, "0404")] == (3, [hx(SIDES, "0304"), hx(SIDES, "0404")])
    infantry = movement.march_destinations(state, SIDES, ["fra-inf-1"], {})
    assert infantry[hx(SIDES, "0404")][1] != [hx(SIDES, "0304"), hx(SIDES, "0404")]
    both = movement.march_destinations(state, SIDES, ["fra-inf-1", "fra-mou-alpine"], {})
    assert both[hx(SIDES, "0404")][1][1] != hx(SIDES, "0404")
    state = position(SIDES, {"fra-inf-1": "0304", "fra-mou-alpine": "0304",
                             "ger-inf-1": "0404"}, side="entente")
    assert combat.attack_problem(state, SIDES, ["fra-inf-1", "fra-mou-alpine"],
                                 hx(SIDES, "0404"), {})[1] == "alpine_pass"
    assert combat.attack_problem(state, SIDES, ["fra-mou-alpine"], hx(SIDES, "0404"), {}) is None


def test_bop_9_21_supply_is_judged_when_a_move_is_declared():
    """3.1, 9.21: supply is checked when a force starts a move, not once per half — here the
    2nd corps' line runs through 0303, which the Germans hold: out of supply it could march 2
    and not rail; the 1st corps retakes 0303, and now the 2nd has its 3 MP and may rail."""
    from engine.rulesets.balance_of_powers import supply
    state = _half(position(TH, {"fra-inf-1": "0203", "fra-inf-2": "0502"}, side="entente"))
    state["board"]["control"][hx(TH, "0303")] = "germany"
    assert supply.move_supply(state)["fra-inf-2"] is False
    assert movement.mp_left(state, "fra-inf-2", False) == 2
    assert not any(d.kind == "rail" and d.data["from"] == hx(TH, "0502")
                   for d in RULESET.decisions(state))
    handlers.do_march(state, "france", None, {"units": ["fra-inf-1"], "to": hx(TH, "0303")}, None)
    handlers.do_stop(state, "france", None, {"stop": True}, None)
    assert hx(TH, "0303") not in state["board"]["control"]  # back to France (2.532)
    assert supply.move_supply(state)["fra-inf-2"] is True
    march = next(d for d in RULESET.decisions(state) if d.kind == "march")
    costs = [i["cost"] for i in RULESET.options(state, "france", march, {"units": ["fra-inf-2"]})]
    assert max(costs) == 3
    handlers.do_march(state, "france", None, {"units": ["fra-inf-2"], "to": hx(TH, "0503")}, None)
    assert state["flow"]["moves"]["fra-inf-2"]["mp"] == 2  # its allowance was judged supplied
