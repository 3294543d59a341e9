"""Selfplay: random legal East Prussia games finish with results, in both profiles."""

import pytest

from engine.kernel.selfplay import selfplay
from engine.rulesets.fatal_alliances import RULESET


@pytest.mark.parametrize("profile", ["fa3", "fa-annotated"])
def test_fa_selfplay_east_prussia_games_finish(profile):
    tally = selfplay(RULESET, "east-prussia-1914", games=2, seed=3,
                     options={"profile": profile})
    assert not tally.failed, tally.problems[:3]
    assert tally.finished == 2
    assert tally.actions_by_kind["land_attack"] and tally.actions_by_kind["land_move"]
