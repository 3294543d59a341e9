"""BoP 5 and 6.2: seasonal RP (posting, requisition, demoralization), procurement, muster."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import economy

from .helpers import Dice, grid, hx, position

TH = grid(8, 4, name="t-05", country={f"{c:02d}{r:02d}": "germany" for c in range(5, 9)
                                      for r in range(1, 5)},
          rail=[[f"{c:02d}02" for c in range(1, 9)]],
          places={"paris": {"at": "0102", "capital": True}, "lille": {"at": "0302"},
                  "reims": {"at": "0303"}, "berlin": {"at": "0802", "capital": True},
                  "metz": {"at": "0602"}, "koblenz": {"at": "0603"}, "mainz": {"at": "0604"}})


def test_bop_5_21_first_season_income_and_russian_bonus():
    state = position(TH, {})
    assert economy.income(state, "germany") == 16
    assert economy.income(state, "austria_hungary") == 6
    assert economy.income(state, "france") == 8
    assert economy.income(state, "russia") == 8 + 3
    state["powers"]["germany"]["seasons"] = 1
    assert economy.income(state, "germany") == 32


def test_bop_5_2_seasonal_turn_posts_income_minus_demoralization():
    state = position(TH, {})
    state["powers"]["france"]["demoralization"] = 2
    events = economy.seasonal_turn(state, TH)
    assert state["powers"]["germany"]["rp"] == 8 + 16
    assert state["powers"]["france"]["rp"] == 4 + 8 - 2
    assert state["powers"]["russia"]["rp"] == 5 + 11
    assert state["powers"]["britain"]["rp"] == 0  # neutral Britain posts nothing
    assert {e.data["nation"] for e in events} == {"austria_hungary", "france", "germany",
                                                  "russia"}


def test_bop_5_24_requisition_three_enemy_population_centres_and_a_corps_each():
    state = position(TH, {"fra-inf-1": "0602"}, side="entente")
    for label in ("0602", "0603", "0604"):
        state["board"]["control"][hx(TH, label)] = "france"
    assert economy.requisition(state, TH, "france") == 1
    del state["board"]["units"]["fra-inf-1"]
    assert economy.requisition(state, TH, "france") == 0


def test_bop_5_24_requisition_allied_minor_capital():
    th = grid(4, 2, name="t-05-minor", country={"0401": "belgium", "0402": "belgium"},
              places={"brussels": {"at": "0401", "capital": True},
                      "paris": {"at": "0101", "capital": True}})
    state = position(th, {}, sides={"belgium": "entente"})
    assert economy.requisition(state, th, "france") == 1
    assert economy.requisition(state, th, "russia") == 0


def test_bop_6_212_muster_in_a_friendly_supplied_home_population_centre():
    state = position(TH, {"ger-inf-1": "0302"}, side="entente")
    state["board"]["control"][hx(TH, "0302")] = "germany"
    found = economy.muster_locations(state, TH, "fra-inf-terr")
    assert hx(TH, "0102") in found and hx(TH, "0303") in found
    assert hx(TH, "0302") not in found  # enemy held


def test_bop_6_222_procurement_costs_two_and_arrives_next_month():
    state = position(TH, {})
    state["board"]["pool"] = ["fra-inf-1", "fra-inf-rg_1"]
    assert economy.procurable(state, "france") == ["fra-inf-1", "fra-inf-rg_1"]
    economy.procure(state, "france", "fra-inf-1", "1914-09")
    assert state["powers"]["france"]["rp"] == 2
    assert "fra-inf-1" in state["board"]["arrivals"]["1914-09"]


def test_bop_6_225_spreading_one_of_each_effectiveness_first():
    state = position(TH, {}, rp={"france": 10})
    state["board"]["pool"] = ["fra-inf-1", "fra-inf-2", "fra-inf-rg_1"]
    economy.procure(state, "france", "fra-inf-1", "1914-09")
    assert economy.procurable(state, "france") == ["fra-inf-rg_1"]
    economy.procure(state, "france", "fra-inf-rg_1", "1914-09")
    assert economy.procurable(state, "france") == ["fra-inf-2"]


def test_bop_6_225_spreading_holds_in_every_round():
    """6.225 (the audit's case): three 3s, two 2s and one 1 in the pool; after 3, 2, 1, 3 the
    third 3 waits until a second 2 is bought; the 1s ran out, so they no longer count."""
    state = position(TH, {}, rp={"germany": 20})
    threes = ["ger-inf-1", "ger-inf-2", "ger-inf-3"]
    twos = ["ger-inf-1_rs", "ger-inf-3_rs"]
    state["board"]["pool"] = sorted(threes + twos + ["ger-inf-lwo"])
    from engine.rulesets.balance_of_powers.forces import UNITS
    assert [UNITS[u].effectiveness for u in threes + twos + ["ger-inf-lwo"]] == [3, 3, 3, 2, 2, 1]
    for uid in ("ger-inf-1", "ger-inf-1_rs", "ger-inf-lwo", "ger-inf-2"):
        assert uid in economy.procurable(state, "germany")
        economy.procure(state, "germany", uid, "1914-09")
    assert economy.procurable(state, "germany") == ["ger-inf-3_rs"]
    economy.procure(state, "germany", "ger-inf-3_rs", "1914-09")
    assert economy.procurable(state, "germany") == ["ger-inf-3"]


def test_bop_6_22_procurement_needs_the_rp():
    state = position(TH, {}, rp={"france": 1})
    state["board"]["pool"] = ["fra-inf-1", "fra-ldr-joffre"]
    assert economy.procurable(state, "france") == ["fra-ldr-joffre"]  # leaders are free


def test_bop_6_224_reduced_fortress_repaired_for_two_rp_ruined_never():
    th = grid(4, 2, name="t-05-forts", places={"paris": {"at": "0101", "capital": True},
                                               "verdun": {"at": "0301", "fortress": True},
                                               "toul": {"at": "0302", "fortress": True}})
    state = position(th, {})
    state["board"]["forts"] = {hx(th, "0301"): 1, hx(th, "0302"): 0}
    assert economy.repairable(state, th, "france") == [hx(th, "0301")]
    economy.repair(state, "france", hx(th, "0301"))
    assert state["board"]["forts"] == {hx(th, "0302"): 0}
    assert state["powers"]["france"]["rp"] == 2


# --- infrastructure markers (6.215, 6.222, 9.22, 3.121, 10.572, 2.62) ---------------------------

def test_bop_6_222_infrastructure_one_rp_one_per_side_per_month():
    state = position(TH, {})
    assert economy.infrastructure_buyable(state, "france")
    economy.procure(state, "france", economy.INFRASTRUCTURE, "1914-09")
    assert state["powers"]["france"]["rp"] == 3
    assert state["board"]["infra_due"] == {"1914-09": ["france"]}
    assert not economy.infrastructure_buyable(state, "russia")  # same side, same month
    assert economy.infrastructure_buyable(state, "germany")


def test_bop_6_215_infrastructure_goes_where_the_side_holds_a_supplied_hex():
    state = position(TH, {"fra-inf-1": "0602"}, side="entente")
    spots = economy.infrastructure_spots(state, TH, "france")
    assert hx(TH, "0402") in spots and hx(TH, "0602") not in spots  # occupied but enemy-held
    state["board"]["infra"][hx(TH, "0402")] = "entente"
    assert hx(TH, "0402") not in economy.infrastructure_spots(state, TH, "france")


def test_bop_9_22_infrastructure_links_to_adjacent_rail_and_starts_a_rail_move():
    from engine.rulesets.balance_of_powers import movement
    state = position(TH, {"fra-inf-1": "0103"}, side="entente", month="1914-09")
    assert movement.rail_destinations(state, TH, ["fra-inf-1"], {}) == {}
    state["board"]["infra"][hx(TH, "0103")] = "entente"
    found = movement.rail_destinations(state, TH, ["fra-inf-1"], {})
    assert hx(TH, "0102") in found and hx(TH, "0402") in found


def test_bop_2_62_infrastructure_lifts_the_bare_marsh_limit():
    from engine.rulesets.balance_of_powers.forces import stack_limit
    th = grid(3, 2, name="t-05-marsh", terrain={"0201": "marsh"},
              places={"paris": {"at": "0101", "capital": True}})
    state = position(th, {})
    assert stack_limit(state, th, hx(th, "0201")) == 1
    state["board"]["infra"][hx(th, "0201")] = "entente"
    assert stack_limit(state, th, hx(th, "0201")) == 6


def _infrastructure_attack():
    from engine.rulesets.balance_of_powers import combat

    from .helpers import Dice
    state = position(TH, {"ger-inf-1": "0502", "ger-inf-2": "0502", "fra-inf-1": "0402",
                          "fra-inf-2": "0402"}, month="1915-05",
                     entrenched=["ger-inf-1", "ger-inf-2", "fra-inf-1", "fra-inf-2"])
    state["board"]["control"][hx(TH, "0502")] = "germany"
    state["board"]["infra"][hx(TH, "0502")] = "central"
    combat.declare(state, TH, "germany", ["ger-inf-1", "ger-inf-2"], hx(TH, "0402"),
                   "ger-inf-1", "germany", {}, Dice([]))
    combat.answer(state, TH, "point", {"point": "fra-inf-1"}, Dice([]))
    assert combat.pending(state, TH) == ("infrastructure", "germany",
                                          [{"use": False}, {"use": True}])
    return state


def test_bop_10_572_infrastructure_plus_one_then_returned_to_the_pool():
    """10.572: an attacking force stacked with its infrastructure marker "can" add +1 when
    both sides hold an entrenched unit; the marker used goes back to the pool after the roll."""
    from engine.rulesets.balance_of_powers import combat

    from .helpers import Dice
    state = _infrastructure_attack()
    c = state["flow"]["combat"]
    combat.answer(state, TH, "infrastructure", {"use": True}, Dice([4, 4]))
    assert c["mods"]["trenches"] == -2 + 1
    assert state["board"]["infra"] == {}


def test_bop_10_572_infrastructure_is_the_attackers_choice():
    """Ruling 36 revisited: declining keeps the marker (a rail link, 9.22, and a supply hex,
    3.121) and forgoes the +1."""
    from engine.rulesets.balance_of_powers import combat

    from .helpers import Dice
    state = _infrastructure_attack()
    c = state["flow"]["combat"]
    combat.answer(state, TH, "infrastructure", {"use": False}, Dice([4, 4]))
    assert c["mods"]["trenches"] == -2
    assert state["board"]["infra"] == {hx(TH, "0502"): "central"}


def test_bop_5_23_transfer_needs_a_supply_line_between_capitals():
    th = grid(8, 4, name="t-05-transfer", country={**{f"{c:02d}{r:02d}": "germany"
                                                     for c in range(5, 9) for r in range(1, 5)},
                                                  "0804": "austria_hungary"},
              rail=[[f"{c:02d}02" for c in range(1, 9)], ["0802", "0803", "0804"]],
              places={"paris": {"at": "0102", "capital": True},
                      "berlin": {"at": "0802", "capital": True},
                      "vienna": {"at": "0804", "capital": True}})
    state = position(th, {})
    economy.post_income(state)
    assert economy.transfer_connected(state, th, "germany", "austria_hungary")
    options = economy.transfer_options(state, th, "germany")
    assert {"to": "austria_hungary", "rp": 6} in options
    assert {"to": "austria_hungary", "rp": 7} not in options  # six at most
    state["board"]["units"]["fra-inf-1"] = {"at": hx(th, "0803"), "mode": "maneuver"}
    assert not economy.transfer_connected(state, th, "germany", "austria_hungary")


def test_bop_6_454_britain_can_always_send_rp_to_russia():
    state = position(TH, {}, sides={"britain": "entente"}, rp={"britain": 5})
    assert economy.transfer_connected(state, TH, "britain", "russia")


def test_bop_5_222_fortress_step_converted_to_two_rp_not_by_russia():
    # Paris is a fortress too in our data (a red entrenched camp)
    th = grid(4, 2, name="t-05-convert", places={"paris": {"at": "0101", "capital": True},
                                                 "verdun": {"at": "0301", "fortress": True}})
    state = position(th, {})
    assert economy.conversion_options(state, th, "france") == []  # not before posting
    economy.post_income(state)
    assert economy.conversion_options(state, th, "france") == [hx(th, "0101"), hx(th, "0301")]
    assert economy.conversion_options(state, th, "russia") == []


def test_bop_6_221_a_major_buys_its_own_units_and_supplied_same_side_minors_only():
    """6.221: a major at war spends its RP on units of its own nationality and on those of a
    same-side minor whose capital traces a supply line to a source in the major's home
    country — not an ally major's units, not a neutral's, not a minor cut off from the major's
    home; a neutral major (Britain before she joins) is not asked to procure at all."""
    th = grid(6, 2, name="t-05-6221", country={f"{c:02d}{r:02d}": "belgium"
                                               for c in (4, 5, 6) for r in (1, 2)},
              rail=[[f"{c:02d}01" for c in range(1, 7)]],
              places={"paris": {"at": "0101", "capital": True},
                      "brussels": {"at": "0501", "capital": True}})
    state = position(th, {}, rp={"france": 10, "britain": 10}, sides={"belgium": "entente"},
                     side="entente", step="procure")
    state["board"]["pool"] = ["bel-inf-1", "bri-inf-4", "fra-inf-1", "net-inf-2", "rus-inf-6"]
    assert economy.procurable(state, "france") == ["bel-inf-1", "fra-inf-1"]
    economy.begin_procure(state, Dice([]))
    assert "france" in state["flow"]["active"] and "britain" not in state["flow"]["active"]
    assert economy.procurable(state, "russia") == ["rus-inf-6"]  # no source at home here
    # A German corps on the only rail line between Paris and Brussels cuts Belgium's line.
    state["board"]["units"]["ger-inf-1"] = {"at": hx(th, "0301"), "mode": "maneuver"}
    assert economy.procurable(state, "france") == ["fra-inf-1"]


def test_bop_6_22_example_two_infantry_corps_cost_four_rp_and_arrive_next_month():
    """6.22's example (its infantry part; no naval units exist in 12.1, 6.45): a major buys two
    infantry corps from its pool for 2 RP each and they wait on the next month's box — here
    Germany in September 1914 (12.1 has no March), through the procurement decision."""
    from engine.rulesets.balance_of_powers.ruleset import RULESET
    state = position(TH, {}, month="1914-09", side="central", step="procure",
                     rp={"germany": 10})
    state["board"]["pool"] = ["ger-inf-1", "ger-inf-2"]
    scheduled = list(state["board"]["arrivals"].get("1914-10", []))  # 12.1's own October
    economy.begin_procure(state, Dice([]))
    for uid in ("ger-inf-1", "ger-inf-2"):
        decision = next(d for d in RULESET.decisions(state)
                        if d.kind == "procure" and "germany" in d.seats)
        assert {"buy": uid} in decision.options
        RULESET.apply_action(state, "germany", decision, {"buy": uid}, Dice([]))
    assert state["powers"]["germany"]["rp"] == 6
    october = state["board"]["arrivals"]["1914-10"]
    assert sorted(set(october) - set(scheduled)) == ["ger-inf-1", "ger-inf-2"]
    assert not any(uid in when for m, when in state["board"]["arrivals"].items()
                   if m != "1914-10" for uid in ("ger-inf-1", "ger-inf-2"))
    assert state["board"]["pool"] == []
