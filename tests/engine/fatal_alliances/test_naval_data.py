"""The 1914 naval order of battle of Fatal Alliances III (naval_oob.py, issue #22, data only)."""
from __future__ import annotations

import copy

import pytest

from engine.maps.fa_seas import load_fa_seas
from engine.rulesets.fatal_alliances.naval_oob import (
    NavalOobError,
    build_naval_oob,
    load_naval_oob,
    read_table,
)

CAMPAIGN_POWERS = {"germany", "austria_hungary", "ottoman", "france", "britain", "russia", "italy"}


@pytest.fixture(scope="module")
def oob():
    return load_naval_oob()


def test_fa_22_2_every_fleet_is_based_in_a_port_of_its_own_power(oob):
    seas = load_fa_seas()
    hosts = {(b.port, b.power): b.host for b in seas.bases}
    for u in oob.units:
        if u.off_map:
            assert seas.off_map_bases[u.base].power == u.power, u.id
            continue
        port = seas.port(u.base)                       # a real FA port on fa-europe
        assert port.areas, u.id
        owner = hosts[(u.base, u.power)] or u.power
        assert seas.controls_port(owner, u.base), u.id
        if owner != u.power:
            assert (u.power, owner) == ("germany", "austria_hungary")   # Goeben's Pola only


def test_fa_1_2_1_the_1914_fleets_are_where_history_put_them(oob):
    def bases(row):
        return {u.base for u in oob.units if u.row == row}
    assert bases("britain-grand-fleet-bb") == {"scapa_flow"}
    assert bases("germany-high-seas-fleet-bb") == {"wilhelmshaven"}
    assert bases("germany-goeben-breslau") == {"pola"}
    assert bases("germany-east-asia-squadron") == {"tsingtao"}
    assert all(u.off_map for u in oob.units if u.row == "germany-east-asia-squadron")
    assert bases("france-armee-navale-bb") == {"toulon"}
    assert bases("austria-hungary-bb") == {"pola"}
    assert bases("russia-baltic-pd") == {"helsingfors"}
    assert bases("russia-black-sea-pd") == {"sevastopol"}
    assert {u.power for u in oob.units} == CAMPAIGN_POWERS
    grand, high_seas = (sum(1 for u in oob.units if u.fleet.startswith(f) and u.cls in ("BB", "BC"))
                        for f in ("Grand Fleet", "High Seas Fleet"))
    assert grand > high_seas                           # the Royal Navy's margin in capital ships


def test_fa_1_2_1_units_are_scs_sub_or_trs_and_counters_are_numbered(oob):
    # TRS: version 11; AMPH (in the force pool only): version 15
    assert {u.type for u in oob.units} == {"SCS", "SUB", "TRS", "AMPH"}
    assert {u.type for u in oob.units if not u.pool} == {"SCS", "SUB", "TRS"}
    assert len({u.id for u in oob.units}) == len(oob.units)
    assert [u.id for u in oob.units if u.row == "britain-channel-fleet"] == \
        [f"britain-channel-fleet-{n}" for n in range(1, 7)]


def test_fa_11_4_7_printed_speeds_and_d10_defences(oob):
    assert oob.classes["BC"].values["speed"] == 5 and "speed" in oob.classes["BC"].printed
    assert oob.classes["PD"].values["speed"] == 3 and "speed" in oob.classes["PD"].printed
    for c in oob.classes.values():
        assert 1 <= c.values["defence"] <= 10
    # lower defence is tougher (11.4.7.1): a dreadnought pair is harder to hurt than cruisers
    assert oob.classes["BB"].values["defence"] < oob.classes["CL"].values["defence"]
    goeben = next(u for u in oob.units if u.row == "germany-goeben-breslau")
    assert goeben.values["speed"] == 5 and goeben.values["attack"] < oob.classes["BC"].values["attack"]


def _row(t, rid):
    return next(r for r in t["units"] if r["id"] == rid)


BAD_ROWS = {
    "a base in an enemy port": (lambda t: _row(t, "germany-u-boats").update(base="harwich"),
                                "not a 1914 naval base of germany"),
    "an unknown class": (lambda t: _row(t, "italy-bb").update({"class": "CV"}), "unknown class"),
    "a zero count": (lambda t: _row(t, "italy-bb").update(count=0), "count"),
    "a defence off the die": (lambda t: t["classes"]["CL"].update(defence=11), "d10"),
    "a duplicate row": (lambda t: t["units"].append(dict(t["units"][0])), "unique id"),
    "an override without a why": (lambda t: _row(t, "germany-goeben-breslau")["values"].pop("why"),
                                  "why"),
}


@pytest.mark.parametrize("case", sorted(BAD_ROWS))
def test_fa_22_2_a_bad_order_of_battle_raises_a_clear_error(case):
    edit, message = BAD_ROWS[case]
    table = copy.deepcopy(read_table())
    edit(table)
    with pytest.raises(NavalOobError, match=message):
        build_naval_oob(table, load_fa_seas())
