"""BoP 13.0 — the Chronological Order of Battle as data (data/cob.csv, cob.py): the printed
lines expand to our unit ids, every unit we field arrives when the CoB says (12.1's own order
of battle governing where it differs), and the seasonal turn's pool additions read it."""

from __future__ import annotations

from engine.kernel import apply, decisions, new_game
from engine.rulesets.balance_of_powers import cob, economy
from engine.rulesets.balance_of_powers.aviation import AIR_UNITS
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import Dice, position

MAP = theatre("bop-north-europe")

# 12.1's arrivals, keyed as the CoB keys them: set-up and joining units are August's.
AUGUST = {"setup", "joins", "joins-home", "violated"}
# Where 12.1's order of battle differs from the CoB (12.1 governs, 12.0): Austria-Hungary's 4th
# and 7th corps arrive in its September (CoB: spring 1915 and August), Russia's 16th sets up
# (CoB: September), and IEF A lands at a French port in October (12.1 Britain; CoB: August,
# to the India box).
TWELVE_ONE_GOVERNS = {"aus-inf-4": ("1914-09", "1915-spring"), "aus-inf-7": ("1914-09", "1914-08"),
                      "rus-inf-16": ("1914-08", "1914-09"),
                      "bri-inf-ief_a": ("1914-10", "1914-08")}


def test_bop_13_0_printed_ranges_expand_to_ids_not_quantities():
    assert cob._expand("1-17 (except 4)") == [str(n) for n in range(1, 18) if n != 4]
    assert cob._expand("3RS-10RS") == [f"{n}RS" for n in range(3, 11)]
    assert cob._expand("CAUC 4-6") == ["CAUC 4", "CAUC 5", "CAUC 6"]
    assert cob._expand("GD, 1, 2, 3") == ["GD", "1", "2", "3"]
    assert cob.unit_id("germany", "infantry", "3RS") == "ger-inf-3_rs"
    assert cob.unit_id("germany", "infantry", "BAV RS") == "ger-inf-bav_rs"
    assert cob.unit_id("germany", "siege", "2") == "ger-sie-siege_2"
    assert cob.unit_id("france", "air", "S-XIII 18") == "fra-air-sxiii18"
    assert cob.unit_id("russia", "tank", "TSAR II") == "rus-tan-tsar_ii"


def test_bop_13_0_every_land_unit_of_12_1_arrives_when_the_cob_says():
    for uid, unit in UNITS.items():
        if unit.kind == "tank" or unit.arrives == "test":
            continue
        if unit.arrives in ("scenario", "scenario-1916", "scenario-1918"):   # a later scenario
            # brings it (12.2, 12.3, 12.4)
            assert cob.when_of(uid) is not None, uid
            continue
        if unit.arrives.startswith("cob-"):   # values of ours for a CoB line (ruling 96)
            assert (cob.when_of(uid) or "").startswith(unit.arrives[4:]), uid
            continue
        ours = "1914-08" if unit.arrives in AUGUST else unit.arrives[:7]
        printed = cob.when_of(uid)
        if uid in TWELVE_ONE_GOVERNS:
            assert (ours, printed) == TWELVE_ONE_GOVERNS[uid], uid
        else:
            assert printed == ours, uid


def test_bop_13_0_every_air_unit_and_tank_joins_the_pool_in_its_cob_season():
    for uid, air in AIR_UNITS.items():
        assert cob.when_of(uid) == air.arrives, uid
    tanks = [uid for uid, u in UNITS.items() if u.kind == "tank"]
    assert len(tanks) == 10
    for uid in tanks:
        assert cob.when_of(uid) == UNITS[uid].arrives, uid
    # the CoB's air and tank lines of the European nations are all fielded
    listed = [u for line in cob.lines() if line.kind in ("air", "tank")
              and line.nation != "united_states" for u in line.units]
    assert sorted(listed) == sorted(list(AIR_UNITS) + tanks)


def test_bop_13_0_the_united_states_counts_seasons_from_its_entry():
    assert cob.unit_ids("us+3") == ["usa-ldr-pershing", "usa-inf-1"]
    assert cob.unit_ids("us+6") == ["usa-tan-ft_17", "usa-air-sxiii"]
    assert not any(line.seasonal for line in cob.lines() if line.when.startswith("us+"))


def test_bop_13_0_a_season_puts_its_fielded_land_units_into_the_pool():
    state = position(MAP, {}, month="1918-05", sides={"britain": "entente"})
    events = cob.pool_additions(state, 1918, "summer")
    assert events[0].data == {"season": "1918-summer",
                              "units": ["bri-tan-mkv", "bri-tan-whippets", "fra-tan-ft_17"]}
    # the 1915 spring lines: the corps 12.2 sets up have values (oob.csv) and join; the
    # others (no values yet) do not
    spring = cob.pool_additions(state, 1915, "spring")[0].data["units"]
    assert "ger-inf-38_rs" in spring and "rus-inf-31" in spring
    assert not [u for u in cob.unit_ids("1915-spring", kinds=cob.LAND_KINDS)
                if u not in UNITS and u in spring]


def test_bop_12_1_the_autumn_seasonal_turn_reads_the_cob_and_adds_nothing():
    """The real step: 12.1's only seasonal turn (AUTUMN 1914, before September) — the CoB lists
    no unit under it, so the pool is unchanged."""
    state = position(MAP, {}, month="1914-09", step="seasonal")
    pool = list(state["board"]["pool"])
    events = economy.begin_seasonal(state, Dice([]))
    assert "pool_additions" not in [e.kind for e in events]
    assert state["board"]["pool"] == pool


def test_bop_13_0_example_us_entry_in_april_1917_brings_pershing_in_winter_1917():
    """13.0's example: the United States enters in April 1917; three seasonal turns later, in
    the winter seasonal turn of 1917, Pershing and the 1st infantry corps become available (and
    eight mines and SS3: naval, not in our data)."""
    assert cob.seasonal_turns_after("1917-04", 1917, "summer") == 1
    assert cob.seasonal_turns_after("1917-04", 1917, "winter") == 3
    assert cob.united_states_due("1917-04", 1917, "winter") == ["usa-ldr-pershing",
                                                                "usa-inf-1"]
    assert cob.united_states_due("1917-04", 1917, "autumn") == []


def test_bop_12_4_spring_1918_is_the_fourth_seasonal_turn_after_the_us_entry():
    """12.4: the United States entered in the spring of 1917; spring 1918 is the 4th seasonal
    turn after its entry (Pershing and the 1st corps already set up; the 2nd corps is due)."""
    assert cob.seasonal_turns_after("1917-04", 1918, "spring") == 4
    assert cob.united_states_due("1917-04", 1918, "spring") == ["usa-inf-2"]
    assert cob.seasonal_turns_after("1917-06", 1917, "summer") == 0   # the turn precedes June


def _storm_of_steel_set_up():
    """12.3 after its five set-ups, every decision answered with its first choice."""
    state, _ = new_game(RULESET, STORM_OF_STEEL, {}, ["austria_hungary", "britain", "france",
                                                      "germany", "russia"], b"s" * 32, "cob")
    while state["flow"]["step"] == "setup":
        d = [d for d in decisions(RULESET, state) if not d.revisable][0]
        choice = [i["action"] for i in RULESET.options(state, d.seats[0], d, None)][0]
        state = apply(RULESET, state, d.seats[0], d.id, choice, seed=b"s" * 32).state
    return state


def test_bop_13_0_12_3_spring_1916_brings_sib_6_and_britains_14_and_petain_and_brusilov():
    """Ruling 107: the spring 1916 turn before March puts SIB 6 and British 14 into the pools and
    sends PETAIN and BRUSILOV to the map with March's arrivals (13.0: leaders always to the
    map); each musters beside his own corps (6.213)."""
    state = _storm_of_steel_set_up()
    state["flow"]["month"] = "1916-03"
    events = economy.begin_seasonal(state, Dice([]))
    assert {"rus-inf-sib_6", "bri-inf-14"} <= set(state["board"]["pool"])
    due = [e.data for e in events if e.kind == "leaders_due"]
    assert due == [{"season": "1916-spring", "units": ["fra-ldr-petain", "rus-ldr-brusilov"]}]
    assert not {"fra-ldr-petain", "rus-ldr-brusilov"} & set(state["board"]["pool"])
    state["flow"]["side"] = "entente"
    economy.begin_muster(state, Dice([]))
    assert {"fra-ldr-petain", "rus-ldr-brusilov"} <= set(state["flow"]["muster"])
    assert {"france", "russia"} <= set(state["flow"]["active"])
    for uid, nation in (("fra-ldr-petain", "france"), ("rus-ldr-brusilov", "russia")):
        spots = economy.muster_locations(state, MAP, uid)
        assert any(UNITS[u].nation == nation and UNITS[u].corps
                   for u, v in state["board"]["units"].items() if v["at"] in spots), uid
    # the seasonal turn does not bring them twice
    assert not [e for e in economy.begin_seasonal(state, Dice([])) if e.kind == "leaders_due"]


def test_bop_13_0_12_3_summer_1916_brings_russias_44_to_47_into_its_pool():
    state = _storm_of_steel_set_up()
    state["flow"]["month"] = "1916-06"
    added = [u for e in economy.begin_seasonal(state, Dice([])) if e.kind == "pool_additions"
             for u in e.data["units"]]
    assert added == ["rus-inf-44", "rus-inf-45", "rus-inf-46", "rus-inf-47"]
    assert all(UNITS[u].effectiveness == 2 for u in added)


def test_bop_13_0_8_31_12_3_spring_1916_brings_the_navy_leaders_aboard_a_ship_of_their_type():
    """Ruling 108: the spring 1916 turn puts JELLICOE and SCHEER aboard their navies' first
    dreadnought and KOLCHAK aboard Russia's first cruiser (13.0: leaders always to the map;
    8.31: a navy leader is placed atop a ship of his type), beside BEATTY and HIPPER, with an
    event each; a second call brings nobody twice, and a leader whose ships are all sunk does
    not arrive."""
    state = _storm_of_steel_set_up()
    assert state["board"]["admirals"] == {"bri-beatty": "bri-bc1", "ger-hipper": "ger-bc1"}
    state["flow"]["month"] = "1916-03"
    events = economy.begin_seasonal(state, Dice([]))
    arrived = [e.data for e in events if e.kind == "navy_leader_arrives"]
    assert arrived == [{"leader": "bri-jellicoe", "name": "JELLICOE", "ship": "bri-bb1"},
                       {"leader": "ger-scheer", "name": "SCHEER", "ship": "ger-bb1"},
                       {"leader": "rus-kolchak", "name": "KOLCHAK", "ship": "rus-ca1"}]
    assert state["board"]["admirals"] == {"bri-beatty": "bri-bc1", "ger-hipper": "ger-bc1",
                                          "bri-jellicoe": "bri-bb1", "ger-scheer": "ger-bb1",
                                          "rus-kolchak": "rus-ca1"}
    RULESET.check_invariants(state)                 # 8.31: each aboard a ship of his type
    assert not [e for e in economy.begin_seasonal(state, Dice([])) if e.kind == "navy_leader_arrives"]
    # every Russian cruiser sunk before the turn: KOLCHAK does not arrive
    state = _storm_of_steel_set_up()
    for uid in ("rus-ca1", "rus-ca2"):
        del state["board"]["fleets"][uid]
    state["flow"]["month"] = "1916-03"
    kolchak = [e.data for e in economy.begin_seasonal(state, Dice([]))
               if e.kind == "navy_leader_arrives" and e.data["name"] == "KOLCHAK"]
    assert kolchak == [{"leader": "rus-kolchak", "name": "KOLCHAK", "ship": None}]
    assert "rus-kolchak" not in state["board"]["admirals"]


def test_bop_13_0_every_1916_land_unit_and_army_leader_of_the_cob_has_values():
    """Ruling 107: no land line or army leader of 1916's spring and summer waits for values;
    the naval leaders (JELLICOE, SCHEER, KOLCHAK) are navy leaders, aboard ships (ruling 108)."""
    naval = {"bri-ldr-jellicoe", "ger-ldr-scheer", "rus-ldr-kolchak"}
    for season in ("1916-spring", "1916-summer"):
        missing = [u for u in cob.unit_ids(season, kinds=cob.LAND_KINDS + ("leader",))
                   if u not in UNITS and u not in naval]
        assert missing == [], (season, missing)
