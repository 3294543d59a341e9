"""BoP 5.21 — each major's RP income is in the view beside its balance (issue #18): the RP it
will post at the next seasonal turn, from the economy's own rule, derived in the view only."""

from __future__ import annotations

import copy

from engine import kernel
from engine.rulesets.balance_of_powers import economy
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.tables import RP_INCOME, RUSSIA_STRAITS_BONUS

from .test_12_scenario import set_up, start


def test_bop_5_21_view_shows_the_income_each_major_at_war_will_post():
    state = set_up(start())
    before = copy.deepcopy(state)
    powers = kernel.view(RULESET, state, "public")["powers"]
    assert state == before, "the view derives the income; it changes nothing"
    # The first season at war uses the first column; Russia adds the Straits bonus.
    assert powers["germany"]["income"] == RP_INCOME["germany"][0]
    assert powers["russia"]["income"] == RP_INCOME["russia"][0] + RUSSIA_STRAITS_BONUS
    for nation, power in powers.items():
        assert ("income" in power) == (nation in RP_INCOME and power["side"] is not None), nation
    # What the view promised is what the seasonal turn posts (5.21), and then the other column.
    shown = {n: p["income"] for n, p in powers.items() if "income" in p}
    rp_before = {n: state["powers"][n]["rp"] for n in shown}
    economy.post_income(state)
    assert {n: state["powers"][n]["rp"] - rp_before[n] for n in shown} == shown
    after = kernel.view(RULESET, state, "public")["powers"]
    assert after["germany"]["income"] == RP_INCOME["germany"][1]
