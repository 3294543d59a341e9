"""FA 11.9.1 and 11.12.1: the units a player picks out of a stack move or attack together
(engine/rulesets/fatal_alliances/stack_parts.py; issue #18, the review's Kovno case)."""

import pytest

from engine.kernel import IllegalAction, MalformedAction, apply, decisions, expand_options
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.orders import move_items
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import settle

from .positions import corps, hq, position

SEED = b"\1" * 32
CITY = {"0,2": ["city", "capital"], "6,2": ["city", "capital"]}    # supply sources


def _open(state, kind):
    settle(state)
    return next(d for d in decisions(RULESET, state) if d.kind == kind)


def _kovno():
    """An HQ, two corps and a slow garrison corps in one hex; an empty road east."""
    return position([hq("ge-hq", "germany", "0,2", ma=4), corps("ge-a", "germany", "0,2", ma=4),
                     corps("ge-b", "germany", "0,2", ma=4), corps("ge-g", "germany", "0,2", ma=1)],
                    width=7, split=7)


def test_fa_11_9_1_two_of_a_stack_move_together_and_the_rest_stays():
    s = _kovno()
    d = _open(s, "land_move")
    listed = {tuple(sorted(i["action"]["units"])) for i in move_items(s, "germany")}
    assert ("ge-a", "ge-hq") not in listed           # the listing names singles and the stack
    items = expand_options(RULESET, s, "germany", d.id, {"units": ["ge-hq", "ge-a"]})
    moves = [i for i in items if i["action"] != {"done": True}]
    assert moves and all(sorted(i["action"]["units"]) == ["ge-a", "ge-hq"] for i in moves)
    # The pair's reach is its own (allowance 4), not the whole stack's (the garrison's 1).
    assert "4,2" in {i["action"]["to"] for i in moves}
    out = apply(RULESET, s, "germany", d.id, {"units": ["ge-a", "ge-hq"], "to": "4,2"},
                seed=SEED).state
    where = {uid: u["hex"] for uid, u in out["board"]["units"].items()}
    assert where == {"ge-hq": "4,2", "ge-a": "4,2", "ge-b": "0,2", "ge-g": "0,2"}


def test_fa_11_9_1_a_part_goes_only_where_all_of_it_can():
    s = _kovno()
    d = _open(s, "land_move")
    with pytest.raises(IllegalAction) as exc:
        apply(RULESET, s, "germany", d.id, {"units": ["ge-a", "ge-g"], "to": "4,2"}, seed=SEED)
    assert exc.value.rule == "FA 11.9"
    # With the garrison's allowance of 1: the five hexes next to 0,2 on the grid.
    items = expand_options(RULESET, s, "germany", d.id, {"units": ["ge-a", "ge-g"]})
    assert sorted(i["action"]["to"] for i in items if "to" in i["action"]) == [
        "0,1", "0,3", "1,1", "1,2"]


def test_fa_11_9_1_units_of_two_hexes_never_move_as_one_stack():
    s = position([corps("ge-a", "germany", "0,2"), corps("ge-b", "germany", "1,2")],
                 width=7, split=7)
    d = _open(s, "land_move")
    assert [i["action"] for i in expand_options(RULESET, s, "germany", d.id,
                                                {"units": ["ge-a", "ge-b"]})] == [{"done": True}]
    with pytest.raises(IllegalAction):
        apply(RULESET, s, "germany", d.id, {"units": ["ge-a", "ge-b"], "to": "2,2"}, seed=SEED)


def test_fa_10_2_a_part_counts_one_land_move_per_unit_against_the_limit():
    s = _kovno()
    s["flow"]["actions"]["germany"] = "combined"
    s["flow"]["used"]["germany"] = {"land_move": 5}          # one of six left
    d = _open(s, "land_move")
    assert [i["action"] for i in expand_options(RULESET, s, "germany", d.id,
                                                {"units": ["ge-a", "ge-hq"]})] == [{"done": True}]
    with pytest.raises(IllegalAction):
        apply(RULESET, s, "germany", d.id, {"units": ["ge-a", "ge-hq"], "to": "2,2"}, seed=SEED)


def test_fa_11_12_1_the_ticked_units_attack_exactly_as_ticked():
    units = [corps("ge-a", "germany", "2,2"), corps("ge-b", "germany", "2,2"),
             corps("ge-c", "germany", "2,2"), corps("ge-d", "germany", "3,1"),
             corps("ge-e", "germany", "2,3"), corps("ru-x", "russia", "3,2")]
    s = position(units, step=Step.LAND_COMBAT, features=CITY)
    d = _open(s, "land_attack")
    items = expand_options(RULESET, s, "germany", d.id, {"units": ["ge-b", "ge-a"]})
    attacks = [i for i in items if i["action"] != {"done": True}]
    assert attacks and {i["action"]["target"] for i in attacks} == {"3,2"}
    assert all(i["action"]["units"] == ["ge-a", "ge-b"] and i["odds"] for i in attacks)
    # Five eligible attackers: the listing offers each hex's stack and all five, not this pair.
    listed = expand_options(RULESET, s, "germany", d.id, None)
    assert not any(i["action"].get("units") == ["ge-a", "ge-b"] for i in listed)
    action = attacks[0]["action"]
    out = apply(RULESET, s, "germany", d.id, action, seed=SEED)
    assert "3,2" in out.state["flow"]["marks"]["targets"]
    assert sorted(out.state["flow"]["marks"]["attacked"]) == ["ge-a", "ge-b"]


def test_fa_11_9_1_a_bad_query_is_refused_and_an_unknown_unit_named():
    s = _kovno()
    d = _open(s, "land_move")
    with pytest.raises(MalformedAction):
        expand_options(RULESET, s, "germany", d.id, {"units": "ge-a"})
    with pytest.raises(IllegalAction) as exc:
        expand_options(RULESET, s, "germany", d.id, {"units": ["ge-nobody"]})
    assert exc.value.code == "unknown_unit"
