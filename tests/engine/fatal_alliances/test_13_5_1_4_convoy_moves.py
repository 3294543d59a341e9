"""FA 13.5.1.4 with 11.3 — convoy points make naval moves (version 24, R-N46-R-N50): out of
port into an area's 0 section, from an area back into a friendly port, a stack split by count
and merged where it arrives, once an impulse, a "CP used" marker in port until the final
reorganisation; canals and minefields as for the power's ships."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, Roller, apply, decisions
from engine.kernel.inquiry import explain
from engine.kernel.model import seat_audience
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import area_distances, seas
from engine.rulesets.fatal_alliances.migrations import v23_to_v24
from engine.rulesets.fatal_alliances.naval_convoy_moves import RANGE, SPEED, convoy_orders
from engine.rulesets.fatal_alliances.naval_move import naval_options
from engine.rulesets.fatal_alliances.reorganisation import final_reorganisation

from .test_11_3_3_canals import ottoman_on_the_canal
from .test_11_3_4_commonwealth_crossing import britain_enters_the_war
from .test_11_3_naval_movement import at_war

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
SEED = b"\x0b" * 32
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-23.json"
OUT_TO_NORTH_SEA = {"convoy": "port", "to_area": "north-sea"}
BALTIC_TO_KIEL = {"convoy": "baltic", "to_port": "kiel"}


def decision_of(state, power, kind):
    [d] = [d for d in decisions(RULESET, state) if d.seats == (power,)]
    assert d.kind == kind
    return d


def sail(state, power, order, points):
    """Both answers through the kernel: the order, then its number of points."""
    d = decision_of(state, power, "naval_move")
    state = apply(RULESET, state, power, d.id, order, seed=SEED).state
    d = decision_of(state, power, "naval_convoy")
    return apply(RULESET, state, power, d.id, {"points": points}, seed=SEED)


def test_fa_13_5_1_4_convoy_points_sail_out_of_port_by_count_and_merge_at_sea():
    state = at_war()
    state["board"]["convoys_in_port"] = {"germany": 3}
    d = decision_of(state, "germany", "naval_move")
    assert OUT_TO_NORTH_SEA in d.options
    after = apply(RULESET, state, "germany", d.id, OUT_TO_NORTH_SEA, seed=SEED).state
    # nothing moved yet: the count is asked next, all the stack's points first
    assert after["board"]["convoys_in_port"] == {"germany": 3}
    ask = decision_of(after, "germany", "naval_convoy")
    assert list(ask.options) == [{"points": 3}, {"points": 2}, {"points": 1}]
    result = apply(RULESET, after, "germany", ask.id, {"points": 2}, seed=SEED)
    board = result.state["board"]
    assert board["convoys"]["north-sea"] == {"britain": 3, "germany": 2}      # 0 section
    assert board["convoys_in_port"] == {"germany": 1}                         # split by count
    [moved] = [e for e in result.events if e.kind == "convoy_moved"]
    assert moved.data == {"power": "germany", "points": 2, "from": "port",
                          "to": "sea:north-sea:0", "interceptors": []}    # R-N54: no enemy ship
    assert result.state["flow"]["used"]["germany"]["naval_move"] == 1         # one task force
    # the 2 points that moved do not move again this impulse; the 1 left in port may, and
    # joins them (merged into one stack)
    later = convoy_orders(result.state, "germany")
    assert not any(o["convoy"] == "north-sea" for o in later)
    merged = sail(result.state, "germany", OUT_TO_NORTH_SEA, 1).state["board"]
    assert merged["convoys"]["north-sea"]["germany"] == 3
    assert "germany" not in merged.get("convoys_in_port", {})


def test_fa_11_3_2_4_convoy_points_reach_as_far_as_a_transport():
    """R-N46: movement allowance 3 and range 5, one each an area or port entered: out of
    port to areas at most 3 entered from a German port; from the Baltic to ports whose area
    is at most 2 away."""
    assert (SPEED, RANGE) == (3, 5)
    state = at_war()
    state["board"]["convoys_in_port"] = {"germany": 1}
    out = {o["to_area"] for o in convoy_orders(state, "germany") if o["convoy"] == "port"}
    assert {"north-sea", "baltic", "norwegian-sea", "english-channel"} <= out
    starts = {a for p in ("kiel", "wilhelmshaven", "hamburg") for a in seas().port(p).areas}
    far = set(area_distances(starts, 4)) - set(area_distances(starts, 3))
    assert far and not far & out          # an area 4 entries away is out of reach
    home = {o["to_port"] for o in convoy_orders(state, "germany") if o["convoy"] == "baltic"}
    assert {"kiel", "danzig", "wilhelmshaven"} <= home
    # the Baltic's stack goes only into port (11.3.1: no move from one area to another)
    assert all("to_port" in o for o in convoy_orders(state, "germany")
               if o["convoy"] == "baltic")


def test_fa_11_3_1_convoy_points_at_sea_go_only_into_a_friendly_port():
    state = at_war()
    ports = {o["to_port"] for o in naval_options(state, "germany") if o.get("convoy") == "baltic"}
    assert "kiel" in ports
    # Russia's Baltic ports are enemy: no base for German convoys (13.3.2)
    assert not ports & {"petrograd", "riga", "reval", "helsingfors"}
    assert "petrograd" in seas().ports and "riga" in seas().ports


def test_fa_11_3_2_2_convoy_points_in_port_carry_a_used_marker_until_the_reorganisation():
    state = at_war()
    result = sail(state, "germany", BALTIC_TO_KIEL, 2)
    board = result.state["board"]
    assert "baltic" not in board["convoys"]
    assert board["convoys_in_port"] == {"germany": 2} and board["convoys_used"] == {"germany": 2}
    [moved] = [e for e in result.events if e.kind == "convoy_moved"]
    assert moved.data["to"] == "port:kiel"
    # face-down: they do not sail again this turn, not even next impulse
    nxt = copy.deepcopy(result.state)
    nxt["flow"]["impulse"] += 1
    assert not any(o["convoy"] == "port" for o in convoy_orders(nxt, "germany"))
    events = final_reorganisation(nxt, Roller(SEED, "reorg", 0))
    assert events[0].data["convoy_points"] == {"germany": 2}
    assert "convoys_used" not in nxt["board"]
    assert any(o["convoy"] == "port" for o in convoy_orders(nxt, "germany"))


def test_fa_13_5_1_4_the_kernel_refuses_bad_convoy_orders_and_changes_nothing():
    state = at_war()
    d = decision_of(state, "germany", "naval_move")
    before = copy.deepcopy(state)
    for bad in ({"convoy": "baltic", "to_area": "north-sea"},        # area to area: 11.3.1
                {"convoy": "baltic", "to_port": "petrograd"},        # an enemy port
                {"convoy": "port", "to_area": "north-sea"},          # no points in port
                {"convoy": "north-sea", "to_port": "kiel"},          # Britain's stack there
                {"convoy": "baltic"}):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "germany", d.id, bad, seed=SEED)
    assert state == before
    after = apply(RULESET, state, "germany", d.id, BALTIC_TO_KIEL, seed=SEED).state
    ask = decision_of(after, "germany", "naval_convoy")
    held = copy.deepcopy(after)
    for bad in ({"points": 0}, {"points": 3}, {"points": "2"}, {"points": True}, {}):
        with pytest.raises(IllegalAction):
            apply(RULESET, after, "germany", ask.id, bad, seed=SEED)
    assert after == held


def test_fa_11_3_3_convoy_points_do_not_sail_through_a_shut_canal():
    state = britain_enters_the_war("naval")
    state["board"]["convoys"]["red-sea"] = {"britain": 2}
    home = {"convoy": "red-sea", "to_port": "alexandria"}      # Red Sea → Suez → E. Med.
    assert home in decision_of(state, "britain", "naval_move").options
    ottoman_on_the_canal(state)
    d = decision_of(state, "britain", "naval_move")
    assert home not in d.options
    assert {"convoy": "red-sea", "to_port": "suez"} in d.options     # Suez's own side stays
    before = copy.deepcopy(state)
    answer = explain(RULESET, state, "britain", d.id, home, seat_audience("britain"))
    assert answer["legal"] is False and answer["code"] == "passage_closed"
    assert "Suez Canal" in answer["message"]
    with pytest.raises(IllegalAction):
        apply(RULESET, state, "britain", d.id, home, seed=SEED)
    assert state == before


def test_fa_11_3_2_5_convoy_points_keep_clear_of_a_minefield_held_against_them():
    """R-N50: Germany's Kiel protects the Baltic against Britain; British convoy points have
    no way in, while Germany's own reach it."""
    state = britain_enters_the_war("naval")
    state["board"]["convoys_in_port"] = {"britain": 2}
    out = {o["to_area"] for o in convoy_orders(state, "britain") if o["convoy"] == "port"}
    assert "north-sea" in out and "baltic" not in out
    # the Baltic is one area beyond the North Sea: within reach but for the field
    assert "baltic" in seas().neighbours("north-sea")
    state["board"]["control"][seas().port("kiel").hex] = "britain"
    state["board"]["control"][seas().port("copenhagen").hex] = "britain"
    out = {o["to_area"] for o in convoy_orders(state, "britain") if o["convoy"] == "port"}
    assert "baltic" in out


def test_fa_13_5_1_4_the_view_shows_moved_convoy_stacks_to_every_audience():
    state = at_war()
    state["board"]["convoys_in_port"] = {"germany": 2}
    after = sail(state, "germany", OUT_TO_NORTH_SEA, 2).state
    for audience in ["britain", "germany", "spectator"]:
        board = RULESET.view(after, audience)["board"]
        assert board["convoys"]["north-sea"] == {"britain": 3, "germany": 2}


def test_fa_13_5_1_4_version_24_carries_a_running_version_23_campaign_unchanged():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "23"
    old = copy.deepcopy(frozen["state"])
    assert v23_to_v24(frozen["state"]) == old and int(RULESET.version) >= 24


@pytest.mark.slow
def test_fa_13_5_1_4_random_campaign_selfplay_sails_convoy_points():
    """Two random campaign games to 250 actions each choose convoy orders and counts: no
    errors, dead ends or illegal options."""
    from engine.kernel.selfplay import selfplay
    tally = selfplay(RULESET, "campaign-1914", games=2, seed=1, max_actions=250,
                     check_leaks=False)
    assert not tally.failed, tally.problems[:3]
    assert tally.errors == 0 and tally.dead_ends == 0 and tally.illegal_offered == 0
    assert tally.actions_by_kind["naval_convoy"] > 0
