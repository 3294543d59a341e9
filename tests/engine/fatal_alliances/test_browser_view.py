"""What the browser reads from FA's manifest and view: the map window, activity limits, the
impulse-track end number, face-down factors, odds and DRMs as a player writes them, and the
ruleset version that refuses old records."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.kernel import apply, decisions, expand_options, new_game, view
from engine.kernel.dice import commitment
from engine.kernel.errors import RecordError
from engine.kernel.record import build_record, replay, versions_of
from engine.rulesets.fatal_alliances import RULESET, window
from engine.rulesets.fatal_alliances.charts import ACTIVITY_LIMITS, IMPULSE_TRACK
from engine.rulesets.fatal_alliances.position import DATA

SEED = bytes(range(32))


def play_to(kind, scenario="east-prussia-1914", seats=("germany", "russia"), limit=80):
    """Answer the first open decision (a land action, else the first option or done) until a
    decision of `kind` opens; returns the state and that decision."""
    state, _ = new_game(RULESET, scenario, {}, list(seats), SEED, "fa-view")
    for _ in range(limit):
        d = decisions(RULESET, state)[0]
        if d.kind == kind:
            return state, d
        answer = ({"action": "land"} if d.kind == "action"
                  else d.options[0] if d.options else {"done": True})
        state = apply(RULESET, state, d.seats[0], d.id, answer, seed=SEED).state
    raise AssertionError(f"no {kind} decision in {limit} steps")


def test_fa_manifest_names_the_window_and_its_parent_map():
    scenario = RULESET.scenario("east-prussia-1914")
    assert scenario["map"] == "fa-east-prussia"
    assert scenario["map_window"] == {"of": "fa-europe", "centre": window.CENTRE,
                                      "radius": window.RADIUS}
    shipped = json.loads((DATA / "east-prussia-window.json").read_text(encoding="utf-8"))
    meta = shipped["meta"]["window"]
    assert (meta["of"], meta["centre"], meta["radius"]) == ("fa-europe", "39,0", 4)
    assert "map_window" not in RULESET.scenario("campaign-1914")


def test_fa_public_view_carries_activity_limits_and_the_end_number():
    state, d = play_to("rail_move")
    public = view(RULESET, state, "public")
    flow = public["flow"]
    power = d.seats[0]
    # A land action: rail by column e, moves and attacks unlimited (FA 10.2).
    assert flow["limits"][power] == {"rail": ACTIVITY_LIMITS[power]["e"], "land_move": None,
                                     "land_attack": None, "reorganise": None}
    assert flow["end_number"] == IMPULSE_TRACK[flow["impulse_box"]]
    assert "limits" not in state["flow"] and "end_number" not in state["flow"]
    # Before any action is chosen there are no limits to show.
    fresh, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "x")
    assert view(RULESET, fresh, "public")["flow"]["limits"] == {}


def test_fa_view_gives_each_unit_its_face_down_out_of_supply_defence():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "x")
    units = view(RULESET, state, "public")["board"]["units"]
    for uid, u in units.items():
        raw = state["board"]["units"][uid]
        assert u["cf_down"] == (2 if raw["white"] and raw["size"] != "div" else 1)
        assert "cf_down" not in raw
    assert {u["cf_down"] for u in units.values()} == {1, 2}


def test_fa_attack_items_give_odds_without_prefix_and_whole_drms_as_numbers():
    state, d = play_to("land_attack")
    items = [i for i in expand_options(RULESET, state, d.seats[0], d.id, None)
             if not i["action"].get("done")]
    assert items
    for item in items:
        assert not item["odds"].startswith("odds"), item
        assert item["odds"] == "0 def" or ":" in item["odds"], item
        drm = item["drm"]
        assert isinstance(drm, int) or (isinstance(drm, str)
                                        and Fraction(drm).denominator != 1), item


def test_fa_combat_event_gives_whole_drms_as_numbers():
    state, d = play_to("land_attack")
    item = next(i for i in expand_options(RULESET, state, d.seats[0], d.id, None)
                if not i["action"].get("done"))
    out = apply(RULESET, state, d.seats[0], d.id, item["action"], seed=SEED)
    resolved = [e for e in out.events if e.kind == "combat_resolved"]
    for _ in range(8):     # done closes the declarations (FA 11.12); support, table next
        if resolved:
            break
        d = decisions(RULESET, out.state)[0]
        answer = d.options[0] if d.options is not None else {"done": True}
        out = apply(RULESET, out.state, d.seats[0], d.id, answer, seed=SEED)
        resolved = [e for e in out.events if e.kind == "combat_resolved"]
    assert resolved
    data = resolved[0].data
    assert isinstance(data["total_drm"], int) or Fraction(data["total_drm"]).denominator != 1
    assert all(isinstance(m["value"], int) for m in data["drms"]
               if Fraction(str(m["value"])).denominator == 1)


def test_fa_ruleset_refuses_a_version_2_record_it_cannot_carry_forward():
    """Version 3 and later games are carried to the current version by a chain of one-step
    migrations (tests/engine/test_ruleset_versions.py); nothing carries a version-2 game, and
    its record holds no upgrade checkpoint."""
    current = int(RULESET.version)
    assert [(m.from_version, m.to_version) for m in RULESET.migrations] == [
        (str(v), str(v + 1)) for v in range(3, current)]
    versions = {**versions_of(RULESET, "east-prussia-1914"), "ruleset": "2"}
    record = build_record(RULESET, scenario="east-prussia-1914", options={},
                          seats=[{"seat": "germany"}, {"seat": "russia"}], game_uid="old",
                          commitment=commitment(SEED), actions=[], versions=versions,
                          seed=SEED)
    with pytest.raises(RecordError, match=rf"version 2 of fatal_alliances.*version {current}"):
        replay(record, RULESET)


def test_fa_3_1_the_view_serves_each_steps_title_from_the_step_table():
    """The browser keeps no copy of the step table: the view names the current step and, in
    an impulse's activities, lists the impulse's steps with the current one marked."""
    from engine.rulesets.fatal_alliances.steps import FLOW, TITLES
    assert set(FLOW.steps) == set(TITLES)
    state, _ = play_to("rail_move")
    flow = view(RULESET, state, "public")["flow"]
    assert flow["step_title"] == "Rail movement"
    assert [s["label"] for s in flow["impulse_steps"]] == [
        "Action", "OPs", "Supply", "Rail", "Move", "Combat", "Reorganise"]
    assert [s["step"] for s in flow["impulse_steps"] if s["current"]] == ["rail"]
    assert "step_title" not in state["flow"]
    fresh, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], SEED, "x")
    fresh_flow = view(RULESET, fresh, "public")["flow"]
    assert fresh_flow["step_title"] == "Breakdown and build-up"
    assert fresh_flow["impulse_steps"] == []
