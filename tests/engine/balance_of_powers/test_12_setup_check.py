"""BoP 12.1 — the set-up editor's query: `{"placement": {...}}` asked of the `setup` decision's
options expander answers with that placement's problems (rule, units, locations, plain words)
and whether it is complete; it never acts, and it agrees with the validator."""

from __future__ import annotations

import random

import pytest

from engine.kernel import (
    IllegalAction,
    MalformedAction,
    apply,
    decisions,
    expand_options,
    new_game,
    state_hash,
)
from engine.rulesets.balance_of_powers import setup
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.ruleset import RULESET, SCENARIO
from engine.rulesets.balance_of_powers.theatre import theatre

SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
SEED = b"q" * 32
TH = theatre("bop-north-europe")


def start(secret=False):
    state, _ = new_game(RULESET, SCENARIO, {"secret_setup": True} if secret else {}, SEATS,
                        SEED, "t12q")
    return state


def open_setup(state, nation):
    """Reach `nation`'s set-up decision (the open set-up places the Entente first)."""
    for _ in range(4):
        mine = [d for d in decisions(RULESET, state) if d.seats == (nation,)]
        if mine:
            return state, mine[0]
        for d in decisions(RULESET, state):
            action = expand_options(RULESET, state, d.seats[0], d.id, None)[0]["action"]
            state = apply(RULESET, state, d.seats[0], d.id, action, seed=SEED).state
    raise AssertionError(f"no set-up decision for {nation}")


def ask(state, decision, placement, **extra):
    items = expand_options(RULESET, state, decision.seats[0], decision.id,
                           {"placement": placement, **extra})
    assert len(items) == 1
    return items[0]


def accepted(state, decision, action):
    try:
        apply(RULESET, state, decision.seats[0], decision.id, action, seed=SEED)
    except IllegalAction:
        return False
    return True


def test_bop_12_1_setup_query_reports_each_problem_with_rule_units_locations_and_words():
    state, france = open_setup(start(), "france")
    placement = setup.deployment(TH, "france", 0, secret=False)
    placement["fra-inf-1"] = TH.capital["france"]           # 12.1: too far from the border
    placement["fra-mou-alpine"] = TH.capital["germany"]     # 12.1: not in France
    del placement["fra-inf-2"]                              # not placed
    item = ask(state, france, placement)
    assert item["complete"] is False and item["legal"] is False and "action" not in item
    by_code = {p["code"]: p for p in item["problems"]}
    assert set(by_code) >= {"wrong_units", "not_home_country", "too_far_from_border"}
    assert by_code["wrong_units"]["units"] == ["fra-inf-2"]
    assert by_code["not_home_country"] == {
        "rule": "BoP 12.1", "code": "not_home_country", "units": ["fra-mou-alpine"],
        "locations": [TH.capital["germany"]],
        "message": "Alpine Mountain Corps must set up in France, not in Berlin (2516)."}
    far = by_code["too_far_from_border"]
    assert far["units"] == ["fra-inf-1"] and far["locations"] == [TH.capital["france"]]
    assert "Paris" in far["message"] and "2 hexes of the German border" in far["message"]
    for problem in item["problems"]:
        assert set(problem) == {"rule", "code", "units", "locations", "message"}
        assert problem["rule"].startswith("BoP ") and problem["message"].endswith(".")
    # the editor's sheet: every set-up unit once, with what its counter says
    assert [u["id"] for u in item["units"]] == setup.setup_units("france")
    alpine = next(u for u in item["units"] if u["id"] == "fra-mou-alpine")
    assert alpine["kind"] == "mountain" and alpine["effectiveness"] == 3


def test_bop_12_1_setup_query_of_a_legal_placement_offers_the_answer_the_validator_takes():
    state, germany = open_setup(start(), "germany")
    placement = setup.deployment(TH, "germany", 1, secret=False)
    item = ask(state, germany, placement)
    assert item["legal"] and item["complete"] and item["problems"] == []
    assert item["action"] == {"placement": dict(sorted(placement.items()))}
    outcome = apply(RULESET, state, "germany", germany.id, item["action"], seed=SEED)
    assert {uid: u["at"] for uid, u in outcome.state["board"]["units"].items()
            if UNITS[uid].nation == "germany"} == placement


def test_bop_12_1_setup_query_cites_stacking_2_62_and_leaders_1_323():
    state, germany = open_setup(start(secret=True), "germany")
    placement = setup.deployment(TH, "germany", 0, secret=True)
    corps = [u for u in sorted(placement) if UNITS[u].corps][:7]
    target = placement[corps[0]]
    for uid in corps:
        placement[uid] = target
    empty = next(loc for loc in setup.home_locs(TH, "germany")
                 if loc not in placement.values() and loc not in TH.boxes)
    placement["ger-ldr-kluck"] = empty
    item = ask(state, germany, placement)
    by_code = {p["code"]: p for p in item["problems"]}
    assert by_code["overstacked"]["rule"] == "BoP 2.62"
    assert by_code["overstacked"]["locations"] == [target]
    assert by_code["leader_alone"]["rule"] == "BoP 1.323"
    assert by_code["leader_alone"]["units"] == ["ger-ldr-kluck"]
    assert by_code["leader_alone"]["locations"] == [empty]
    assert item["complete"] and not item["legal"]


def test_bop_12_1_setup_query_finds_every_problem_at_once():
    """The validator stops at the first kind (home country, stacking, leaders before the
    scenario's own rules); the editor's query lists them all."""
    state, france = open_setup(start(), "france")
    placement = setup.deployment(TH, "france", 0, secret=False)
    placement["fra-inf-1"] = TH.capital["germany"]
    placement["fra-mou-alpine"] = setup.french_zone(TH)[0]
    assert {p["code"] for p in setup.setup_problems(TH, "france", placement, secret=False)} \
        == {"not_home_country"}
    codes = {p["code"] for p in ask(state, france, placement)["problems"]}
    assert {"not_home_country", "must_be_in_dijon"} <= codes


@pytest.mark.parametrize("secret", [False, True])
@pytest.mark.parametrize("nation", setup.SETUP_NATIONS)
def test_bop_12_1_setup_query_agrees_with_the_validator(nation, secret):
    """Random edits of the offered deployments: the query calls a placement legal exactly when
    the kernel accepts it as the answer, and its problems are the validator's codes."""
    state, decision = open_setup(start(secret), nation)
    rng = random.Random(f"{nation}{secret}")
    units = setup.setup_units(nation)
    home = setup.home_locs(TH, nation)
    elsewhere = sorted(TH.locs)
    legal_seen = illegal_seen = 0
    for trial in range(24):
        placement = setup.deployment(TH, nation, trial % 3, secret=secret)
        for _ in range(trial % 4):
            uid = rng.choice(units)
            placement[uid] = rng.choice(home if rng.random() < 0.85 else elsewhere)
        item = ask(state, decision, placement, brief=True)
        assert "units" not in item and "spots" not in item
        ok = accepted(state, decision, {"placement": placement})
        assert item["legal"] == ok == (not item["problems"]) == ("action" in item)
        first = {p["code"] for p in setup.setup_problems(TH, nation, placement, secret=secret)}
        assert first <= {p["code"] for p in item["problems"]}
        legal_seen += ok
        illegal_seen += not ok
    assert legal_seen and illegal_seen


@pytest.mark.parametrize("secret", [False, True])
@pytest.mark.parametrize("nation", setup.SETUP_NATIONS)
def test_bop_12_1_setup_spots_hold_every_offered_deployment(nation, secret):
    """Where each unit may go by the rules about it alone: the offered deployments keep to it,
    and a unit moved outside its spots is a problem."""
    state, decision = open_setup(start(secret), nation)
    item = ask(state, decision, setup.deployment(TH, nation, 0, secret=secret))
    spots = {uid: set(g["locations"]) for g in item["spots"] for uid in g["units"]}
    assert sorted(spots) == setup.setup_units(nation)
    for placement in setup.deployments(TH, nation, secret=secret):
        for uid, loc in placement.items():
            assert loc in spots[uid], (uid, loc)
    if nation == "russia" and not secret:
        assert spots["rus-inf-gd_1"] == {"petrograd-box"}
    if nation == "france" and not secret:
        assert spots["fra-mou-alpine"] == {TH.place_loc["dijon"]}


def test_bop_12_1_setup_query_changes_nothing_and_reveals_nothing():
    """A query is a question: the state, its hash and the open decisions are unchanged (the
    secret set-up's pending placement lives in the asking page until it is sent)."""
    state, germany = open_setup(start(secret=True), "germany")
    before = state_hash(state)
    ids = [d.id for d in decisions(RULESET, state)]
    ask(state, germany, setup.deployment(TH, "germany", 2, secret=True))
    assert state_hash(state) == before and [d.id for d in decisions(RULESET, state)] == ids


@pytest.mark.parametrize("query", [{"placement": []}, {"placement": {"ger-inf-1": 3}},
                                   {"placement": {}, "other": 1}])
def test_bop_12_1_setup_query_malformed(query):
    state, germany = open_setup(start(secret=True), "germany")
    with pytest.raises(MalformedAction):
        expand_options(RULESET, state, "germany", germany.id, query)
