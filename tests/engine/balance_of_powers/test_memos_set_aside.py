"""Selfplay's stale-cache check lists the options cold with BoP's memos set aside, then puts
them back, so the actions after the check find what they held (issue #25's speed work)."""

from __future__ import annotations

from engine.kernel import Roller
from engine.rulesets.balance_of_powers import answers, concerns, decisions, supply
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import STORM_OF_STEEL

MEMOS = (*decisions.MEMOS, *answers.MEMOS, *concerns.MEMOS, *supply.MEMOS)


def test_bop_caches_set_aside_lists_cold_and_gives_every_memo_back():
    seats = [seat["id"] for seat in RULESET.scenario(STORM_OF_STEEL)["seats"]]
    state = RULESET.setup(STORM_OF_STEEL, {}, seats, Roller(1, "t", 0))
    RULESET.clear_caches()
    open_now = RULESET.decisions(state)
    warm = [RULESET.options(state, d.seats[0], d, None) for d in open_now if d.options is None]
    held = [dict(memo) for memo in MEMOS]
    assert any(held)
    with RULESET.caches_set_aside():
        assert not any(MEMOS)
        cold = [RULESET.options(state, d.seats[0], d, None)
                for d in RULESET.decisions(state) if d.options is None]
    assert cold == warm
    assert [dict(memo) for memo in MEMOS] == held
