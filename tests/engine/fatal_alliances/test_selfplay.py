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


def test_fa_decision_ids_are_never_reused_within_a_game():
    from engine.kernel import apply, decisions, new_game, result
    from engine.kernel.selfplay import Chooser, game_seed
    chooser, seed = Chooser(9, 0), game_seed(9, 0)
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], seed, "ids")
    seen: set[str] = set()
    while result(RULESET, state) is None:
        open_now = decisions(RULESET, state)
        d = open_now[chooser.index(len(open_now))]
        assert d.id not in seen
        seen.add(d.id)
        choices = (list(d.options) if d.options is not None
                   else [i["action"] for i in RULESET.options(state, d.seats[0], d, None)])
        state = apply(RULESET, state, d.seats[0], d.id, choices[chooser.index(len(choices))],
                      seed=seed).state


def test_fa_selfplay_east_prussia_with_every_land_option_rule():
    options = {"in_hex_reserves": True, "isolated_reorganisation": True,
               "home_front_reserves": True, "emergency_hq_supply": True}
    tally = selfplay(RULESET, "east-prussia-1914", games=2, seed=5, options=options)
    assert not tally.failed, tally.problems[:3]
    assert tally.finished == 2
