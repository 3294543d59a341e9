"""Balance of Powers level 2 answers every question of a combat it fights (BoP 10).

Version 2 had no phase for 10.3's `proceed` (go on after the bombardment, paying the attack's
RP) nor 10.572's `infrastructure`: the bot took the first listed answer, `proceed: false`, and
abandoned every bombarded fortress attack — most of what the Central Powers must take in 12.1.
"""

from __future__ import annotations

import pytest

from engine.bots.balance_of_powers import BalanceOfPowersBot, phases
from engine.bots.balance_of_powers.world import build_context
from engine.rulesets.balance_of_powers import combat
from engine.rulesets.balance_of_powers.decisions import COMBAT_KINDS
from tests.engine.balance_of_powers.helpers import drop_extra, extra_unit, hx, position
from tests.engine.balance_of_powers.test_10_combat import VERDUN, attack

GERMAN = ["ger-inf-3", "ger-inf-18", "ger-inf-5_rs", "ger-sie-siege_1", "ger-sie-siege_2",
          "ger-sie-siege_3"]


@pytest.fixture
def siege_train():
    added = [extra_unit("ger-sie-siege_2", "germany", "siege", 1, 2),
             extra_unit("ger-sie-siege_3", "germany", "siege", 1, 2),
             extra_unit("fra-inf-30", "france", "infantry", 3, 3)]
    yield added
    for uid in added:
        drop_extra(uid)


def bombarded(french: dict[str, str], month: str, entrenched: list[str]):
    """Three German corps and a siege train next to a reduced Verdun; the bombardment misses
    and the attacker is asked whether to go on (10.3)."""
    state = position(VERDUN, {**{u: "0921" for u in GERMAN}, **french}, month=month,
                     entrenched=entrenched)
    state["board"]["control"][hx(VERDUN, "0921")] = "germany"
    state["board"]["forts"][hx(VERDUN, "0922")] = 1
    attack(state, VERDUN, GERMAN, "0922", "ger-inf-3", dice=[4])
    assert combat.pending(state, VERDUN)[:2] == ("proceed", "germany")
    return build_context(state, "germany")



def test_bop_10_3_level2_goes_on_after_the_bombardment_at_good_odds(siege_train):
    ctx = bombarded({"fra-inf-1": "0922"}, "1914-09", [])
    phase = BalanceOfPowersBot().phase("proceed")
    assert phase(ctx, None, {"action": {"proceed": True}}) > phase(
        ctx, None, {"action": {"proceed": False}})


def test_bop_10_3_level2_aborts_after_the_bombardment_at_bad_odds(siege_train):
    # 10.9's Verdun: two entrenched French corps, a reserve behind, winter — not worth the RP.
    ctx = bombarded({"fra-inf-1": "0922", "fra-inf-30": "0922", "fra-inf-20": "0822"},
                    "1916-02", GERMAN + ["fra-inf-1", "fra-inf-30", "fra-inf-20"])
    assert phases.proceed(ctx, None, {"action": {"proceed": True}}) is None
    assert phases.proceed(ctx, None, {"action": {"proceed": False}}) == 0.0


def test_bop_10_level2_has_a_phase_for_every_combat_question():
    bot = BalanceOfPowersBot()
    for kind in COMBAT_KINDS:
        assert bot.phase(kind) is not phases.never, kind


def test_bop_level2_time_cap_plays_the_best_answer_scored_so_far():
    """The per-decision cap (`bench bots --bot-seconds`, the runner's safety net): once the
    clock passes it the bot stops scoring and plays the best listed answer it has, legally."""
    from itertools import count

    from engine import kernel, rulesets
    from engine.bots.match import match_seed
    from engine.bots.runner import bot_turn, offers_for

    ruleset = rulesets.get("balance_of_powers")
    seats = ["austria_hungary", "britain", "france", "germany", "russia"]
    state, _ = kernel.new_game(ruleset, "before-the-leaves-fall", {}, seats,
                               match_seed(5, 0), "cap")
    seat = next(s for s in seats if offers_for(ruleset, state, s, None))
    ticks = count()
    move = bot_turn(ruleset, state, seat, BalanceOfPowersBot(), game_uid="cap", seconds=2,
                    clock=lambda: float(next(ticks)))
    assert move is not None and move.fired and move.problem is None
    free = bot_turn(ruleset, state, seat, BalanceOfPowersBot(), game_uid="cap")
    assert free is not None and not free.fired
    assert move.work < free.work       # stopped early, with a listed answer


def test_arena_side_picks_one_pairing_and_refuses_an_unknown_side():
    """`bench bots --side central`: only the pairing with level 2 on that side (the same label,
    so the same seeds and game ids as the full run); no baseline pairing; a side no scenario
    has is an error, not a run of no games."""
    from bench.bots import pairings, run
    from engine import rulesets
    ruleset = rulesets.get("balance_of_powers")
    scenario = "before-the-leaves-fall"
    assert pairings(ruleset, scenario, "level1", "central") == [("level2_central", "central")]
    assert pairings(ruleset, scenario, "greedy", "entente") == [
        ("level2_entente_vs_greedy", "entente")]
    assert ("level2_central", "central") in pairings(ruleset, scenario)
    with pytest.raises(SystemExit):
        run(games=1, ruleset="balance_of_powers", scenario=scenario, side="nowhere")
