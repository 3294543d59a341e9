"""FA 19.1 — who co-operates (stacking, joint attacks, supply, reorganisation), and FA 19.2.1
foreign troops."""

from __future__ import annotations

from engine.rulesets.fatal_alliances.position import co_operates
from engine.rulesets.fatal_alliances.zoc import is_legal_stack

from .positions import corps, position


def campaign_like(**aligned: str):
    s = position([])
    s["board"]["aligned"].update(aligned)
    return s


def test_fa_19_1_units_of_two_minors_never_co_operate_even_aligned_with_one_major():
    s = campaign_like(serbia="russia", romania="russia", belgium="france", greece="france")
    assert co_operates(s, "serbia", "russia") and co_operates(s, "romania", "russia")
    assert not co_operates(s, "serbia", "romania")
    assert not co_operates(s, "belgium", "greece")
    assert not is_legal_stack(s, [corps("sr", "serbia", "1,1"), corps("ro", "romania", "1,1")])


def test_fa_19_1_a_minor_co_operates_with_its_controlling_major_only():
    s = campaign_like(bulgaria="germany")
    s["board"]["active"].append("austria_hungary")
    assert co_operates(s, "germany", "austria_hungary")
    assert co_operates(s, "bulgaria", "germany")
    assert not co_operates(s, "bulgaria", "austria_hungary")
    assert not co_operates(s, "serbia", "russia")      # not aligned (neutral)


def test_fa_19_1_partner_majors_co_operate_only_while_neither_is_neutral():
    s = position([])
    s["board"]["active"] = ["britain", "france", "germany", "russia"]
    assert not co_operates(s, "usa", "britain") and not co_operates(s, "usa", "france")
    assert not co_operates(s, "britain", "france")     # never, even both at war
    s["board"]["active"].append("usa")
    assert co_operates(s, "usa", "britain") and co_operates(s, "usa", "france")


def test_fa_19_1_a_liberated_major_co_operates_with_its_liberator_unless_it_refused():
    s = position([])
    s["board"]["active"] = ["france", "italy"]
    assert not co_operates(s, "france", "italy")
    s["board"]["liberation_partners"] = {"italy": ["france"]}
    assert co_operates(s, "italy", "france")
    s["board"]["active"] += ["germany", "austria_hungary"]
    s["board"]["liberation_refusers"] = {"austria_hungary": ["germany"]}
    assert not co_operates(s, "germany", "austria_hungary")
