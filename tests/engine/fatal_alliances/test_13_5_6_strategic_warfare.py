"""FA 13.5.6 — strategic warfare at sea (version 19, R-N38): after the builds, warships at sea
in an area with enemy convoy points roll on the Bombing/Strategic Warfare table (the lesser of
attackers and convoy points), sinking convoy points; the convoys' side replies against SUBs."""

from __future__ import annotations

import pytest

from engine.board import COMPILED_DIR
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.production import finish_production
from engine.rulesets.fatal_alliances.setup import build_state
from engine.rulesets.fatal_alliances.strategic_warfare import strategic_warfare, table_result
from engine.rulesets.fatal_alliances.war import declare_war

from .positions import Dice

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
SCOUTS = ["germany-scouting-group-1", "germany-scouting-group-2"]
UBOATS = "germany-u-boats-1"
GRAND_FLEET = "britain-grand-fleet-bb-1"


def at_war_in_the_north_sea():
    s = build_state("campaign-1914", {"profile": "fa3"}, SEATS)
    for p in ("britain", "germany"):
        if p not in s["board"]["active"]:
            s["board"]["active"].append(p)
    declare_war(s, "germany", "britain")
    return s


def at_sea(s, uid, area="north-sea", section=0):
    fleets(s)[uid].update(port=None, area=area, section=section)


def test_fa_13_5_6_the_table_reads_the_lesser_column_and_the_roll():
    # column 1 hits only on 9-10; the 2-3 column on 8-10, 2 on a 10; 21+ from a 2
    assert [table_result(1, d) for d in range(1, 11)] == [0] * 8 + [1, 1]
    assert [table_result(3, d) for d in (7, 8, 10)] == [0, 1, 2]
    assert [table_result(25, d) for d in (1, 2, 4, 8)] == [0, 1, 2, 3]
    assert table_result(0, 10) == 0 and table_result(2, 14) == 2   # a modified roll reads 10


def test_fa_13_5_6_two_german_cruisers_sink_british_convoy_points_in_the_north_sea():
    s = at_war_in_the_north_sea()
    for uid in SCOUTS:
        at_sea(s, uid)
    # two attackers against 3 points: the 2-3 column; a 10 sinks 2
    events = strategic_warfare(s, Dice(10))
    (ev,) = [e.data for e in events if e.kind == "strategic_warfare"]
    assert (ev["area"], ev["side"], ev["column"], ev["sunk"]) == (
        "north-sea", "central", 2, {"britain": 2})
    assert s["board"]["convoys"]["north-sea"] == {"britain": 1}
    # a 7 on the same column does nothing
    assert strategic_warfare(s, Dice(7))[0].data["sunk"] == {}
    # the last point sunk, the stack and then the area leave the state
    s["board"]["convoys"]["north-sea"]["britain"] = 1
    strategic_warfare(s, Dice(10))
    assert "north-sea" not in s["board"]["convoys"]


def test_fa_13_5_6_no_roll_without_a_war_or_a_warship_at_sea():
    s = build_state("campaign-1914", {"profile": "fa3"}, SEATS)
    for uid in SCOUTS:
        at_sea(s, uid)
    assert strategic_warfare(s, Dice()) == []          # not at war with Britain yet
    s = at_war_in_the_north_sea()
    assert strategic_warfare(s, Dice()) == []          # every ship in port
    fleets(s)["germany-high-seas-fleet-cl-1"].update(port=None, area="baltic", section=0)
    assert strategic_warfare(s, Dice()) == []          # Germany's own convoys in the Baltic


def test_fa_13_5_6_the_convoys_side_replies_against_the_submarines():
    s = at_war_in_the_north_sea()
    s["flow"]["year"] = 1917
    at_sea(s, UBOATS)
    at_sea(s, GRAND_FLEET)
    # the U-boats sink 1 point on a 9 (column 1); the Grand Fleet's reply: column 1, 8 +1 = 9,
    # one damage on the U-boats
    events = strategic_warfare(s, Dice(9, 8))
    kinds = [e.kind for e in events]
    assert kinds == ["strategic_warfare", "asw_rolled", "naval_hit"]
    assert fleets(s)[UBOATS]["damaged"] is True
    # damaged, a second hit sinks them
    strategic_warfare(s, Dice(1, 10))
    assert UBOATS not in fleets(s)


def test_fa_13_5_6_production_rolls_after_the_builds():
    s = at_war_in_the_north_sea()
    for uid in SCOUTS:
        at_sea(s, uid)
    events = finish_production(s, Dice(10))
    assert events[0].kind == "strategic_warfare" and events[0].rule == "FA 13.5.6"
    assert s["board"]["convoys"]["north-sea"] == {"britain": 1}
