"""FA 11.4.9 — submarine combat against convoy points (version 28, R-N58-R-N63): a round where
a side's included SUBs meet the other side's included convoy points is a submarine combat;
the convoys' side fires its ASW (1 an included SCS, 2 from 1917, half if damaged; 1 a 3 convoy
points) on the authored ASW row at the SUBs only, the SUBs fire on the authored SUB row at the
convoy points and 0-section units, and their losses land on the convoy points (X 2 sunk, D 1,
A 1 to port) until none are left. Expectations are read back from the rolls and the rows."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import IllegalAction, Roller, apply, decisions
from engine.kernel.model import seat_audience
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.migrations import v27_to_v28
from engine.rulesets.fatal_alliances.naval_chart import NavalChartError
from engine.rulesets.fatal_alliances.naval_combat import fight, surprise_waiting
from engine.rulesets.fatal_alliances.sequence import Step, move_to
from engine.rulesets.fatal_alliances.sub_chart import (
    PROVENANCE,
    TABLE,
    asw_row,
    build_row,
    sub_row,
)
from engine.rulesets.fatal_alliances.submarine_combat import asw_factors, on_convoys

from .test_11_3_naval_movement import SEED
from .test_11_4_naval_combat import at_sea, at_war, fine

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")
UBOATS = "germany-u-boats-1"
BRITISH_SUBS = "britain-submarines-1"
HARWICH = "britain-harwich-force-1"
LOSS = {"X": 2, "D": 1, "A": 1, "1/2A": 0}
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-27.json"


def uboats_among_british_convoys(section=4):
    """Germany's naval combat step with its U-boats in the North Sea (Britain's 3 convoy
    points have sat in its 0 section since 1914)."""
    state = at_war()     # the kernel plays on past the combat: keep the weather's advance
    state["flow"]["weather"].setdefault("zones", {})["north_temperate"] = "fine"
    at_sea(state, [UBOATS], "north-sea", section)
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    return state


def combat_decision(state):
    [d] = [d for d in decisions(RULESET, state) if d.seats == ("germany",)]
    assert d.kind == "naval_combat"
    return d


def check_round(state_before, events, side="central", other="entente"):
    """Every submarine round's results are the rows' for its totals; every convoy loss is
    its result's; no surface round is fought with SUBs against included convoys."""
    rounds = [e for e in events if e.kind == "submarine_round"]
    for e in rounds:
        d = e.data
        assert d["subs_side"] == side
        assert tuple(d["results"][side]) == sub_row().results(d["attack"], d["shift"][side],
                                                              d["enemy_ships"])
        assert tuple(d["results"][other]) == asw_row().results(d["asw"], d["shift"][other],
                                                               len(d["subs"]))
    current = None
    for e in events:
        if e.kind in ("submarine_round", "naval_round"):
            current = e
        if e.kind == "convoy_hit":
            assert sum(e.data["points"].values()) <= LOSS[e.data["result"]]
        if e.kind == "naval_hit" and current.kind == "submarine_round":
            # the ASW lands only on the SUBs that attacked, never on the convoys' side
            assert e.data["unit"] in current.data["subs"]
    return rounds


def test_fa_11_4_9_the_sub_and_asw_rows_are_authored_and_well_formed():
    """R-N58: both rows are ours and say so; more factors never give fewer results, more
    enemy ships never fewer; every value names its provenance (printed or authored)."""
    for row in (sub_row(), asw_row()):
        for cells in row.cells:
            sizes = [len(c) for c in cells]
            assert sizes == sorted(sizes)
        for col in range(len(row.columns)):
            sizes = [len(row.cells[r][col]) for r in range(len(row.rows))]
            assert sizes == sorted(sizes)
    assert sub_row().results(1, 0, 2) == ("D",)          # a lone 1914 flotilla, 3 points
    assert asw_row().results(1, 0, 1) == ("1/2A",)       # 3 unescorted points' ASW
    assert asw_row().results(0, 3, 1) == ()              # no ASW, no fire
    for row in ("sub", "asw"):
        for part in ("columns", "rows", "cells"):
            assert PROVENANCE[f"{row}.{part}"].startswith("authored: R-N58")
    assert all(v.split(":")[0] in ("printed", "authored") for v in PROVENANCE.values())
    with pytest.raises(NavalChartError):
        build_row({**TABLE, "origin": "printed"}, "sub")
    with pytest.raises(NavalChartError):
        build_row({**TABLE, "sub": {**TABLE["sub"], "cells": TABLE["sub"]["cells"][:-1]}},
                  "sub")


def test_fa_11_4_9_u_boats_attack_british_convoys_through_the_kernel():
    """Germany starts the North Sea combat (11.4.2); its U-boats meet Britain's 3 convoy
    points: a submarine round, not a surface one; the 3 points give Britain 1 ASW factor;
    the sunk points cost Britain morale (14.1) and an aborted one goes to port."""
    seen = 0
    for n in range(12):
        state = uboats_among_british_convoys()
        d = combat_decision(state)
        before = copy.deepcopy(state)
        seed = SEED if n == 0 else SEED + bytes([n])
        outcome = apply(RULESET, state, "germany", d.id, {"area": "north-sea"}, seed=seed)
        after, events = outcome.state, list(outcome.events)
        assert state == before                              # the kernel works on a copy
        while surprise_waiting(after) is not None:          # version 31: the standing plan
            asked = next(x for x in decisions(RULESET, after) if x.kind == "naval_surprise")
            outcome = apply(RULESET, after, asked.seats[0], asked.id, asked.options[0],
                            seed=seed)
            after, events = outcome.state, events + list(outcome.events)
        rounds = check_round(before, events)
        if not rounds:
            continue
        seen += 1
        first = rounds[0].data
        assert first["subs"] == [UBOATS] and first["attack"] == 1
        assert first["convoys"] == 3 and first["enemy_ships"] == 2 and first["asw"] == 1
        assert first["escorts"] == []
        assert not any(e.kind == "naval_round" for e in events)
        sunk = sum(sum(e.data["points"].values()) for e in events
                   if e.kind == "convoy_hit" and e.data["effect"] == "sunk")
        aborted = sum(sum(e.data["points"].values()) for e in events
                      if e.kind == "convoy_hit" and e.data["effect"] == "abort")
        left = after["board"]["convoys"].get("north-sea", {}).get("britain", 0)
        assert sunk + aborted + left == 3
        assert after["board"].get("convoys_in_port", {}).get("britain", 0) == aborted
        assert after["board"]["morale_points"].get("britain", 0) == \
            before["board"]["morale_points"].get("britain", 0) - sunk
    assert seen >= 3


def test_fa_11_4_9_escorts_add_asw_and_only_the_subs_take_its_results():
    """An SCS with the convoys adds 1 ASW (2 from 1917, half damaged); 3 points add 1; the
    SUB row counts the escort in the 0 section as an enemy ship, but every SUB loss lands on
    convoy points, never on the escort (R-N62), and the ASW lands only on the U-boats
    (check_round reads each submarine round's hits)."""
    state = fine(at_war())
    at_sea(state, [HARWICH], "north-sea", 0)
    assert asw_factors(state, [HARWICH], 3, set()) == 2
    assert asw_factors(state, [HARWICH], 5, set()) == 2
    assert asw_factors(state, [HARWICH], 6, set()) == 3
    assert asw_factors(state, [HARWICH], 3, {HARWICH}) == 1      # aborting: no escort
    later = copy.deepcopy(state)
    later["flow"]["year"] = 1917
    assert asw_factors(later, [HARWICH], 3, set()) == 3
    fleets(later)[HARWICH]["damaged"] = True
    assert asw_factors(later, [HARWICH], 3, set()) == 2
    fought = 0
    for n in range(16):
        s = copy.deepcopy(state)
        at_sea(s, [UBOATS], "north-sea", 4)
        events = fight(s, "north-sea", "central", Roller(SEED, f"escort{n}", 0))
        rounds = check_round(state, events)
        if not rounds:
            continue
        fought += 1
        first = rounds[0].data
        if first["escorts"]:
            assert first["escorts"] == [HARWICH] and first["enemy_ships"] == 3
            assert first["asw"] == 2
        # after the convoys are gone a surface round may follow, where the escort fights
    assert fought >= 3


def test_fa_11_4_9_losses_fall_on_convoy_points_until_none_are_left():
    """X first, then D, A: each on the convoy points; once none are left the rest are
    ignored (11.4.9), and a 1/2A does nothing to convoy points (R-N39)."""
    state = fine(at_war())
    included = {"britain": 3}
    events = on_convoys(state, "north-sea", "entente", ("A", "X", "D", "1/2A"), included)
    assert [(e.kind, e.data.get("result"), e.data.get("points")) for e in events] == [
        ("convoy_hit", "X", {"britain": 2}), ("convoy_hit", "D", {"britain": 1}),
        ("submarine_losses_ignored", None, None)]
    assert events[-1].data["results"] == ["A", "1/2A"]
    assert "north-sea" not in state["board"]["convoys"]
    assert included == {"britain": 0}


def test_fa_11_4_9_with_subs_and_convoys_on_both_sides_two_combats_the_active_side_first():
    """British submarines and German convoy points join the North Sea: each side's SUBs
    fight their own submarine combat in the round, Germany's (the active side) first."""
    pairs = 0
    for n in range(24):
        state = fine(at_war())
        at_sea(state, [UBOATS], "north-sea", 4)
        at_sea(state, [BRITISH_SUBS], "north-sea", 4)
        state["board"]["convoys"]["north-sea"] = {"britain": 3, "germany": 3}
        events = fight(state, "north-sea", "central", Roller(SEED, f"both{n}", 0))
        rounds = [e.data for e in events if e.kind == "submarine_round"]
        assert not any(e.kind == "naval_round" and e.data["convoys"]["central"]
                       and e.data["convoys"]["entente"] for e in events)
        by_round: dict[int, list[str]] = {}
        for r in rounds:
            by_round.setdefault(r["round"], []).append(r["subs_side"])
        for sides in by_round.values():
            assert sides in (["central"], ["entente"], ["central", "entente"])
            pairs += sides == ["central", "entente"]
    assert pairs >= 1


def test_fa_11_4_9_the_kernel_refuses_a_bad_combat_and_changes_nothing():
    state = uboats_among_british_convoys()
    d = combat_decision(state)
    before = copy.deepcopy(state)
    for bad in ({"area": "baltic"}, {"area": "north-sea", "subs": "all"}, {"area": 3}, {}):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "germany", d.id, bad, seed=SEED)
    assert state == before


def test_fa_11_4_9_the_submarine_round_is_public_like_every_naval_combat():
    """FA has no fog of war at sea: the round, its rolls and the convoys left reach every
    audience alike (no event is addressed to one seat)."""
    for n in range(12):
        state = uboats_among_british_convoys()
        d = combat_decision(state)
        outcome = apply(RULESET, state, "germany", d.id, {"area": "north-sea"},
                        seed=SEED + bytes([n]))
        if any(e.kind == "submarine_round" for e in outcome.events):
            break
    else:
        pytest.fail("no submarine round in 12 seeds")
    assert all(e.audience is None for e in outcome.events)
    views = [RULESET.view(outcome.state, a) for a in
             (seat_audience("britain"), seat_audience("germany"), "spectator")]
    assert views[0]["board"]["convoys"] == views[1]["board"]["convoys"] \
        == views[2]["board"]["convoys"] == outcome.state["board"]["convoys"]


def test_fa_11_4_9_version_28_carries_a_running_version_27_campaign_unchanged():
    """Nothing to carry: a combat is fought inside the answer that starts it."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "27"
    old = copy.deepcopy(frozen["state"])
    assert v27_to_v28(frozen["state"]) == old and int(RULESET.version) >= 28
