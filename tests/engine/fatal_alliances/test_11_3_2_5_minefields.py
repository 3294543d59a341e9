"""FA 11.3.2.5 — protected sea zones (version 18, R-N31–R-N33, minefields.py): a naval move
that crosses a minefield held by an enemy (or sails into or out of a neutral mine port) rolls a
d10 for each ship, an X on the field's value or less; Kiel and Copenhagen add up; only the
Baltic and Gelibolu fields hit SUBs; no overseas supply path past an enemy field of 5 or more."""

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import defence, fleets, seas, values
from engine.rulesets.fatal_alliances.migrations import v17_to_v18
from engine.rulesets.fatal_alliances.minefields import fields, protecting, value_against
from engine.rulesets.fatal_alliances.supply import supplied_hexes
from engine.rulesets.fatal_alliances.war import declare_war

from .test_11_3_4_commonwealth_crossing import britain_enters_the_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-17.json"
HARWICH = ["britain-bef-transports-1", "britain-bef-transports-2", "britain-harwich-force-1"]
INTO_BALTIC = {"units": HARWICH, "to_area": "baltic", "section": 0}
HELSINGFORS = ["russia-baltic-pd-1", "russia-baltic-pd-2"]
SUB = ["britain-submarines-1"]
SEEDS = [bytes([n]) * 32 for n in range(12)]


def field(fid):
    return next(f for f in fields() if f.id == fid)


def answer(state, seat, order, seed):
    [d] = [d for d in decisions(RULESET, state) if seat in d.seats]
    assert order in d.options, order
    return apply(RULESET, state, seat, d.id, order, seed=seed)


def russia_sails(state):
    state["flow"]["actions"]["russia"] = "naval"
    state["flow"]["used"]["russia"] = {}
    state["flow"]["done"] = [p for p in state["flow"]["done"] if p != "britain"] + ["britain"]


def mines(events):
    return [e for e in events if e.kind == "minefield"]


def test_fa_11_3_2_5_a_task_force_sailing_into_the_baltic_rolls_for_each_ship():
    state = britain_enters_the_war("naval")
    hit = missed = 0
    for seed in SEEDS:
        out = answer(state, "britain", INTO_BALTIC, seed)
        [ev] = mines(out.events)
        # Kiel is German, Copenhagen Danish (neutral): the Baltic is worth 3 against Britain
        assert (ev.data["field"], ev.data["value"], ev.data["held_by"]) == ("baltic", 3, ["germany"])
        assert sorted(ev.data["rolls"]) == HARWICH            # one die for each ship
        assert ev.data["hits"] == [u for u in HARWICH if ev.data["rolls"][u] <= 3]
        after = fleets(out.state)
        hits = {e.data["unit"]: e.data for e in out.events if e.kind == "naval_hit"}
        assert set(hits) == set(ev.data["hits"])
        for uid in HARWICH:
            if uid not in hits:
                assert after[uid]["area"] == "baltic" and not after[uid].get("damaged")
                missed += 1
                continue
            h = hits[uid]
            # an X as in combat: a d10 at or under the ship's defence sinks it, else damage
            assert h["defence"] == values(uid)["defence"] and h["cause"] == "mines"
            if h["roll"] <= h["defence"]:
                assert uid not in after and h["effect"] == "X"
            else:
                assert after[uid]["damaged"] and after[uid]["area"] == "baltic"
            hit += 1
    assert hit and missed


def test_fa_11_3_2_5_a_move_that_need_not_cross_a_boundary_does_not_roll():
    state = britain_enters_the_war("naval")
    # within the North Sea: no field is crossed
    out = answer(state, "britain", {"units": HARWICH, "to_area": "north-sea", "section": 0},
                 SEEDS[0])
    assert not mines(out.events)
    # from the North Sea's box into the Baltic it crosses; from the Baltic's box down a section
    # or into a Baltic port it does not
    state = britain_enters_the_war("naval")
    for uid in HARWICH:
        fleets(state)[uid].update(port=None, area="baltic", section=2)
    out = answer(state, "britain", {"units": HARWICH, "to_area": "baltic", "section": 1}, SEEDS[0])
    assert not mines(out.events)
    out = answer(state, "britain", {"units": HARWICH, "to_port": "reval"}, SEEDS[0])
    assert not mines(out.events)
    # Germany holds the Baltic's mines: its own ships never roll
    assert protecting(state, "germany") == []


def test_fa_11_3_2_5_sailing_into_or_out_of_a_neutral_mine_port_rolls():
    state = britain_enters_the_war("naval")
    russia_sails(state)
    # Russia's ships at Helsingfors never leave the Baltic, but Copenhagen (Danish, neutral)
    # borders the Baltic's boundary: sailing in rolls, as sailing out does
    out = answer(state, "russia", {"units": HELSINGFORS, "to_port": "copenhagen"}, SEEDS[1])
    [ev] = mines(out.events)
    assert ev.data["field"] == "baltic" and sorted(ev.data["rolls"]) == sorted(
        u for u in HELSINGFORS)
    # Stockholm is neutral too, but no mine port
    out = answer(state, "russia", {"units": HELSINGFORS, "to_port": "stockholm"}, SEEDS[1])
    assert not mines(out.events)


def test_fa_11_3_2_5_kiel_and_copenhagen_add_up_and_a_neutral_holder_protects_nothing():
    state = britain_enters_the_war("naval")
    baltic, norway, straits = field("baltic"), field("scandinavia"), field("gelibolu")
    assert value_against(state, baltic, "britain") == 3           # Kiel alone
    assert value_against(state, norway, "britain") == 0           # Norway is neutral
    assert value_against(state, straits, "britain") == 0          # so is the Ottoman Empire
    # Denmark aligned to Germany: both Baltic mine ports are held by the same side
    state["board"]["aligned"]["denmark"] = "germany"
    assert value_against(state, baltic, "britain") == 5
    assert value_against(state, baltic, "germany") == 0
    state["board"]["aligned"]["norway"] = "germany"
    assert value_against(state, norway, "britain") == 2
    declare_war(state, "ottoman", "britain")
    assert value_against(state, straits, "britain") == 5
    # a field protects against the powers at war with its holder only
    assert value_against(state, straits, "italy") == 0


def test_fa_11_3_2_5_submarines_roll_only_at_the_baltic_and_gelibolu_fields():
    state = britain_enters_the_war("naval")
    state["board"]["aligned"]["norway"] = "germany"              # Kristiania's field is live
    assert [f.id for f, _ in protecting(state, "britain")] == ["baltic", "scandinavia"]
    assert [f.id for f, _ in protecting(state, "britain", subs=True)] == ["baltic"]
    out = answer(state, "britain", {"units": SUB, "to_area": "baltic", "section": 0}, SEEDS[2])
    assert [e.data["field"] for e in mines(out.events)] == ["baltic"]
    out = answer(state, "britain", INTO_BALTIC, SEEDS[2])
    assert [e.data["field"] for e in mines(out.events)] == ["baltic", "scandinavia"]


def test_fa_11_3_2_5_no_overseas_supply_path_past_an_enemy_field_of_5_or_more():
    state = britain_enters_the_war("naval")
    units = state["board"]["units"]
    # a British corps at Reval traces home only by sea, out of the Baltic into the North Sea
    reval = seas().port("reval").hex
    units["br-ii"]["hex"] = reval
    assert reval in supplied_hexes(state, "britain")              # Kiel's 3 lets it pass
    state["board"]["aligned"]["denmark"] = "germany"              # Kiel and Copenhagen: 5
    assert reval not in supplied_hexes(state, "britain")
    del state["board"]["aligned"]["denmark"]
    assert reval in supplied_hexes(state, "britain")


def test_fa_11_3_2_5_the_minefield_table_lies_on_the_sea_table():
    s = seas()
    for f in fields():
        a, b = f.areas
        assert b in s.neighbours(a)
        for pid, value in f.ports:
            assert set(s.port(pid).areas) & set(f.areas), pid       # the port is on the boundary
            assert 1 <= value <= 10
    raw = json.loads((Path(__file__).resolve().parents[3] / "engine" / "rulesets"
                      / "fatal_alliances" / "data" / "minefields.json").read_text())
    assert all(p["source"] for f in raw["fields"] for p in f["ports"])
    assert {f.id for f in fields() if f.subs} == {"baltic", "gelibolu"}       # 11.3.2.5
    assert {p for f in fields() if f.id == "baltic" for p, _ in f.ports} == {"kiel", "copenhagen"}
    assert defence(HARWICH[0], {"damaged": True}) == values(HARWICH[0])["defence"] + 1


def test_fa_11_3_2_5_version_18_carries_a_running_version_17_campaign_as_it_is():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "17"
    old = copy.deepcopy(frozen["state"])
    assert v17_to_v18(frozen["state"]) == old
    assert int(RULESET.version) >= 18
