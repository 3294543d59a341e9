"""The conformance corpus (DATC style): every `cases/*.json` is one case, run by this one test.

A case file:

    {"case": "short id", "rule": "TWTEAW 4.6", "ruling": 34 (optional), "about": "what it shows",
     "setup": {"units": {nation: {area: {type: n}}}, "fleets": {nation: {zone: {ship: n}}},
               "control": {area: nation},
               "banks": {nation: n}, "war": ["a|b", …], "sides": {nation: side},
               "incorporated": {area: {…}}, "trenches": {"a>b": {…}}, "turn": n,
               "keep_deployment": false},
     "orders": {nation: <order set>},
     "dice": {"battle <area> attack r1": [d, …], …},     # every die must be used
     "reactions": [[event, subject, value], …],           # Table A rows, every die `value`
     "expect": {"refused": {"nation", "rule", "code"}}     # the orders are refused, nothing changes
            or {"control": {area: nation}, "units": {nation: {area: {type: n} or {}}},
                "fleets": {nation: {zone: {ship: n} or {}}},
                "banks": {nation: n}, "manpower_lost": {nation: n}, "sides": {nation: side},
                "trenches": {"a>b": {…}} (all of them),
                "wars": ["a|b"], "events": [{"kind": …, <data subset>}]},
     "expect_view": {audience: {"known": [nations], "bands": {area: {nation: band}},
                                "no_bands": [areas]}}}

The setup starts from `europe-1914` with no units and no money unless `keep_deployment`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, MalformedAction, canonical_json, view
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O

from .positions import empty_board, fresh, reactions, resolve

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def set_up(case: dict) -> dict:
    setup = case.get("setup", {})
    state = fresh()
    if not setup.get("keep_deployment"):
        empty_board(state)
    board = state["board"]
    for nation, areas in setup.get("units", {}).items():
        for area, stack in areas.items():
            state["secret"][nation]["units"][area] = dict(stack)
    for nation, zones in setup.get("fleets", {}).items():
        for zone, fleet in zones.items():
            state["secret"][nation]["fleets"][zone] = dict(fleet)
    board["control"].update(setup.get("control", {}))
    for nation, bank in setup.get("banks", {}).items():
        state["secret"][nation]["bank"] = bank
    board["war"] = sorted(set(board["war"]) | set(setup.get("war", [])))
    board["sides"].update(setup.get("sides", {}))
    board["incorporated"].update(setup.get("incorporated", {}))
    board["trenches"].update(setup.get("trenches", {}))
    if "turn" in setup:
        board["turn"] = setup["turn"]
    return state


def subset(actual: dict, expected: dict, where: str) -> None:
    for key, want in expected.items():
        assert actual.get(key) == want, f"{where}: {key} is {actual.get(key)!r}, expected {want!r}"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_twteaw_conformance_case(path):
    case = load(path)
    assert {"case", "rule", "about", "expect"} <= set(case), "a case names its rule and says what it shows"
    state = set_up(case)
    expect = case["expect"]
    if "refused" in expect:
        refused = expect["refused"]
        before = canonical_json(state)
        with pytest.raises((IllegalAction, MalformedAction)) as err:
            O.validate(state, refused["nation"], case["orders"][refused["nation"]])
        if isinstance(err.value, IllegalAction):
            assert (err.value.rule, err.value.code) == (refused["rule"], refused["code"])
        assert canonical_json(state) == before
        return
    dice = dict(case.get("dice", {}))
    for event, subject, value in case.get("reactions", []):
        dice.update(reactions(state, event, subject, value))
    events = resolve(state, case.get("orders", {}), dice)
    board = state["board"]
    subset(board["control"], expect.get("control", {}), "control")
    for nation, areas in expect.get("units", {}).items():
        for area, stack in areas.items():
            assert state["secret"][nation]["units"].get(area, {}) == stack, f"{nation} in {area}"
    for nation, zones in expect.get("fleets", {}).items():
        for zone, fleet in zones.items():
            assert state["secret"][nation]["fleets"].get(zone, {}) == fleet, f"{nation}'s ships in {zone}"
    for nation, bank in expect.get("banks", {}).items():
        assert state["secret"][nation]["bank"] == bank, f"{nation}'s bank"
    subset(board["manpower_lost"], expect.get("manpower_lost", {}), "manpower lost")
    subset(board["sides"], expect.get("sides", {}), "sides")
    if "trenches" in expect:
        assert board["trenches"] == expect["trenches"], board["trenches"]
    for war in expect.get("wars", []):
        assert war in board["war"], war
    for want in expect.get("events", []):
        found = [e for e in events if e.kind == want["kind"]
                 and all(e.data.get(k) == v for k, v in want.items() if k != "kind")]
        assert found, f"no {want} among {[(e.kind, e.data) for e in events]}"
    for audience, want in case.get("expect_view", {}).items():
        seen = view(RULESET, state, audience)
        if "known" in want:
            assert sorted(seen["known"]) == want["known"], audience
        for area, bands in want.get("bands", {}).items():
            assert seen["bands"].get(area) == bands, f"{audience}: bands in {area}"
        for area in want.get("no_bands", []):
            assert area not in seen["bands"], f"{audience} sees bands in {area}"


def test_twteaw_every_case_id_is_unique_and_matches_its_file():
    ids = [load(p)["case"] for p in CASES]
    assert len(ids) == len(set(ids)) and len(ids) >= 20
    assert all(load(p)["case"] == p.stem for p in CASES)
