"""Order sets: their one canonical form, refusal of what is malformed or illegal (changing
nothing), warnings before the deadline, the suggested sets, written orders through the kernel."""

from __future__ import annotations

import pytest

from engine.kernel import IllegalAction, MalformedAction, canonical_json, decisions
from engine.kernel import simultaneous as S
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.suggestions import suggestions

from .positions import SEED, fresh


def test_twteaw_orders_have_one_canonical_form():
    a = O.normalise({"build": [{"unit": "infantry", "at": "paris", "count": 1},
                               {"unit": "infantry", "at": "paris", "count": 2}],
                     "declare": ["belgium", "belgium"]})
    assert a["build"] == [{"unit": "infantry", "at": "paris", "count": 3}]
    assert a["declare"] == ["belgium"]
    assert O.normalise(a) == a


@pytest.mark.parametrize("bad", [
    [], {"moves": "north"}, {"orders": []}, {"build": [{"unit": "infantry", "at": "paris"}]},
    {"moves": [{"from": "a", "to": "b", "units": {"infantry": 0}}]},
    {"moves": [{"from": "a", "to": "b", "units": {"infantry": True}}]},
    {"casualties": ["infantry"]},
    {"build": [{"unit": "infantry", "at": "paris", "count": 1}] * (O.MAX_ROWS + 1)},
])
def test_twteaw_malformed_or_oversized_order_sets_are_refused(bad):
    with pytest.raises(MalformedAction):
        O.normalise(bad)


def test_twteaw_illegal_orders_cite_their_rule_and_change_nothing():
    state = fresh()
    before = canonical_json(state)
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "france", {"moves": [{"from": "paris", "to": "warsaw", "units": {"infantry": 1}}]})
    assert err.value.rule == "TWTEAW 4.4" and err.value.code == "not_adjacent"
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "italy", {"declare": ["austria_hungary"]})
    assert err.value.code == "neutral_may_not_declare"
    assert canonical_json(state) == before


def test_twteaw_warnings_show_what_is_legal_but_doubtful():
    state = fresh()
    checked = RULESET.options(state, "germany", None, {"check": {
        "support": [{"from": "cologne", "into": "alsace-lorraine", "count": 1}]}})
    assert [w["code"] for w in checked[0]["warnings"]] == ["support_without_attack"]


def test_twteaw_every_suggested_order_set_is_legal():
    state = fresh()
    for seat in sorted(state["kernel"]["sides"]):
        sets = suggestions(state, seat)
        assert len(sets) >= 2
        for orders in sets:
            assert O.validate(state, seat, orders) == orders


def test_twteaw_orders_are_written_revised_and_resolved_when_every_seat_is_ready():
    state = fresh(turns=1)
    group = decisions(RULESET, state)[0].group
    book: S.Book = {}
    for d in decisions(RULESET, state):
        seat = d.seats[0]
        book = S.write_order(RULESET, state, book, seat, d.id, {})
        book = S.write_order(RULESET, state, book, seat, d.id, suggestions(state, seat)[-1])
    for seat in sorted(state["kernel"]["sides"]):
        outcome = S.set_ready(RULESET, state, book, seat, group, True, seed=SEED)
        state = outcome.state
    assert state["board"]["result"] is not None            # one turn: the game ends with a score
    assert state["board"]["result"]["reason"] in ("score", "draw")


def test_twteaw_at_the_deadline_missing_orders_get_the_missed_turn_default():
    state = fresh(turns=2)
    group = decisions(RULESET, state)[0].group
    book = S.write_order(RULESET, state, {}, "france", "t1-orders-france", {})
    bank = state["secret"]["germany"]["bank"]
    outcome = S.expire(RULESET, state, book, group, seed=SEED)
    after = outcome.state
    assert after["board"]["turn"] == 2
    # Germany wrote nothing: half its income (80) went on infantry and artillery, 3 : 1
    spent = bank + after["secret"]["germany"]["income"] - after["secret"]["germany"]["bank"]
    assert 35 <= spent <= 40
    # France wrote an empty order set: it bought nothing
    assert after["secret"]["france"]["bank"] == state["secret"]["france"]["bank"] + after["secret"]["france"]["income"]
    notice = next(e for e in outcome.events if e.kind == "orders_deadline")
    assert "germany" in notice.data["not_ready"]
