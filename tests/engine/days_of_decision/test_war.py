"""DoD 8.7.2 MP 4 — declarations of war and the war graph; DoD 8.6 — war and the end-of-step
roll; DoD 9.3 — the abstract war (one front a pair at war); DoD 12 — conquest; DoD 4 — the
three ways the game ends."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.kernel import IllegalAction, MalformedAction, apply, canonical_json, view
from engine.kernel.game import events_for
from engine.rulesets.days_of_decision import RULESET, combat
from engine.rulesets.days_of_decision import military as M
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.control import control_table
from engine.rulesets.days_of_decision.end_of_step import end_of_option
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, answer, fresh, open_decisions, play_until

NO_DICE = ScriptedDice({})


def at_war(state, aggressor, target, since):
    state["board"]["wars"].append({"aggressor": aggressor, "target": target, "since": since})


def test_dod_8_7_2_mp4_never_within_an_ideology_nor_on_a_level_three_partner():
    board = fresh()["board"]
    board["turn"] = 13
    assert not W.may_declare(board, "GE", "IT")                        # both Fascist
    assert W.may_declare(board, "GE", "CW")
    R.grant_casus_belli(board, "CW", "GE")
    board["treaties"]["CW-FR"] = {"level": 3, "signed": 1}
    assert not W.may_declare(board, "CW", "FR")                        # and same ideology
    board["treaties"]["CW-GE"] = {"level": 2, "signed": -20}
    board["casus_belli"] = {}
    assert not W.may_declare(board, "GE", "CW")     # level 2 without casus belli
    R.grant_casus_belli(board, "GE", "CW")
    board["powers"]["GE"]["army"] = 1               # the pact: army ratio 1:0 beats it
    assert W.may_declare(board, "GE", "CW")


def test_dod_8_7_2_mp4_national_limits_britain_and_france_need_casus_belli():
    board = fresh()["board"]
    board["turn"] = 13
    assert not W.may_declare(board, "CW", "GE") and not W.may_declare(board, "FR", "GE")
    board["turn"] = 12
    assert not W.may_declare(board, "GE", "CW")            # not geared up before 1938 (29)
    R.grant_casus_belli(board, "CW", "GE")
    assert W.may_declare(board, "CW", "GE")


def test_dod_8_7_2_mp4_a_declaration_raises_the_target_s_pe_ends_the_treaty_and_arms_partners():
    state = fresh()
    board = state["board"]
    board["turn"] = 13
    board["treaties"]["CW-FR"] = {"level": 2, "signed": 1}
    board["treaties"]["FR-GE"] = {"level": 1, "signed": 1}
    board["powers"]["GE"]["army"] = 40
    pe, money = board["powers"]["FR"]["pe"], board["powers"]["GE"]["money"]
    assert {"option": "MP4", "target": "FR"} in O.legal_options(board, "GE")
    O.play_option(state, "GE", {"option": "MP4", "target": "FR"}, NO_DICE)
    assert R.at_war(board, "GE", "FR") and R.enemies(board, "FR") == ["GE"]
    assert board["powers"]["FR"]["pe"] == pe + 1
    assert board["powers"]["GE"]["money"] == money - 4
    assert "FR-GE" not in board["treaties"]
    assert R.has_casus_belli(board, "CW", "GE")          # an attack on a level-2 partner
    assert not R.has_casus_belli(board, "IT", "GE")      # France's level-1 partner gains none
    assert "MP4" not in {o["option"] for o in O.legal_options(board, "GE")}   # once a turn


def test_dod_8_7_2_mp4_the_us_gains_two_pe_when_attacked():
    state = fresh()
    state["board"]["turn"] = 13
    pe = state["board"]["powers"]["US"]["pe"]
    O.play_option(state, "GE", {"option": "MP4", "target": "US"}, NO_DICE)
    assert state["board"]["powers"]["US"]["pe"] == pe + 2


def test_dod_8_7_2_mp3_level_three_gives_casus_belli_against_every_enemy_of_the_partner():
    board = fresh()["board"]
    board["treaties"]["CW-US"] = {"level": 3, "signed": 1}
    at_war({"board": board}, "JA", "US", 1)
    assert R.has_casus_belli(board, "CW", "JA") and W.may_declare(board, "CW", "JA")


def test_dod_8_7_2_mp4_a_declaring_power_activates_no_minor_that_turn():
    state = fresh()
    board = state["board"]
    board["turn"] = 13
    board["modifiers"] = {m: {"GE": 3} for m in ("austria", "hungary")}
    from engine.rulesets.days_of_decision import activation
    assert activation.activatable(board, "GE")
    O.play_option(state, "GE", {"option": "MP4", "target": "FR"}, NO_DICE)
    assert not activation.begin(state, "GE", 0)


def test_dod_8_6_the_book_example_five_powers_at_war_add_one():
    """Five powers at war; the power third on the track plays after the first two played 3
    options; it rolls 6: 6 − 3 + 1 = 4, so the fourth power may play."""
    state = fresh()
    board = state["board"]
    at_war(state, "GE", "FR", 1)
    at_war(state, "GE", "CW", 1)
    at_war(state, "JA", "CH", 1)
    at_war(state, "IT", "FR", 1)
    assert W.war_modifier(board) == 1
    board["initiative"] = ["GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"]
    board["bids"] = {p: {"bid": 1, "options": 3, "final": "1"} for p in board["bids"]}
    state["flow"]["cursor"] = 2
    events = end_of_option(state, "CW", 3, ScriptedDice({"end of political affairs after CW": [6]}))
    assert events[-1].data["modified"] == 4 and not events[-1].data["over"]


def test_dod_8_6_ruling_30_every_power_at_war_adds_two_more():
    state = fresh()
    for a, b in (("GE", "FR"), ("IT", "CW"), ("JA", "US"), ("RU", "CH")):
        at_war(state, a, b, 1)
    assert W.war_modifier(state["board"]) == 3


@pytest.mark.parametrize("ratio,shares", [
    (Fraction(10), (Fraction(0), Fraction(1))), (Fraction(3), (Fraction(1, 4), Fraction(1))),
    (Fraction(3, 2), (Fraction(1, 4), Fraction(1, 2))), (Fraction(7, 5), (Fraction(1, 2), Fraction(1, 2)))])
def test_dod_9_3_results_table_losses_by_ratio(ratio, shares):
    assert combat.losses(ratio) == shares


def test_dod_9_3_a_front_surprise_doubles_the_declarer_and_offensives_are_the_ratio():
    state = fresh()
    board = state["board"]
    board["turn"], board["weather"] = 13, "fine"
    at_war(state, "GE", "FR", 13)                       # declared this turn: surprise
    board["powers"]["GE"]["army"], board["powers"]["FR"]["army"] = 20, 10
    report = M.fight(board, board["wars"][0], {"GE": {"FR": 10}, "FR": {"GE": 5}})
    # 10 × 2 = 20 against 5: R = 4, the victor's 25% / all
    assert report["winner"] == "GE" and report["ratio"] == "4" and report["offensives"] == 4
    assert report["lost"] == {"GE": 3, "FR": 5}          # 2.5 rounds up (1.1)
    assert board["powers"]["GE"]["army"] == 17 and board["powers"]["FR"]["army"] == 5
    assert board["offensives"] == {"GE>FR": 4}


def test_dod_9_3_weather_favours_the_side_that_did_not_start_the_war_and_offensives_halve():
    state = fresh()
    board = state["board"]
    board["turn"], board["weather"] = 14, "rain"
    at_war(state, "GE", "FR", 13)
    board["offensives"] = {"FR>GE": 1}
    board["powers"]["GE"]["army"], board["powers"]["FR"]["army"] = 20, 20
    report = M.fight(board, board["wars"][0], {"GE": {"FR": 3}, "FR": {"GE": 10}})
    # France ×2 in rain: 20 against 3, R = 20/3 → 6 offensives, halved to 3
    assert report["winner"] == "FR" and report["offensives"] == 3
    assert board["offensives"] == {"FR>GE": 4}
    board["weather"] = "snow"
    war = {"aggressor": "RU", "target": "GE", "since": 1}
    assert M._modified(board, war, "GE", 10) == 10     # no bonus against a Soviet winter attack


def test_dod_9_3_offensives_cancel_the_enemy_s_on_the_front_first():
    board = fresh()["board"]
    board["offensives"] = {"FR>GE": 3}
    M._place_offensives(board, "GE", "FR", 5)
    assert board["offensives"] == {"GE>FR": 2}


def test_dod_9_3_a_commitment_over_the_army_or_leaving_a_front_empty_is_refused():
    state = fresh()
    board = state["board"]
    at_war(state, "GE", "FR", 1)
    at_war(state, "GE", "CW", 1)
    board["powers"]["GE"]["army"] = 5
    before = canonical_json(state)
    with pytest.raises(IllegalAction):
        M.validate(board, "GE", {"commit": {"FR": 4, "CW": 2}})
    with pytest.raises(IllegalAction):
        M.validate(board, "GE", {"commit": {"FR": 5, "CW": 0}})
    for bad in (None, {"commit": {"FR": 1}}, {"commit": {"FR": 1, "CW": -1}},
                {"commit": {"FR": 1, "CW": 1, "IT": 1}}, {"commit": {"FR": 1.5, "CW": 1}}):
        with pytest.raises(MalformedAction):
            M.validate(board, "GE", bad)
    assert canonical_json(state) == before
    assert M.validate(board, "GE", {"commit": {"FR": 4, "CW": 1}})


def _to_military_with_a_war(aggressor="GE", target="RU", armies=(30, 2)):
    """A war declared on turn 1 (the set-up enters at the weather), then the turn played with
    every decision's default up to the military step, where the commitments wait."""
    state = fresh()
    board = state["board"]
    at_war(state, aggressor, target, board["turn"])
    board["powers"][aggressor]["army"], board["powers"][target]["army"] = armies
    state = play_until(state, "military")
    state["board"]["weather"] = "fine"
    return state


def test_dod_9_3_commitments_are_sealed_until_every_power_at_war_has_committed():
    state = _to_military_with_a_war()
    kinds = sorted((d.kind, d.seats[0]) for d in open_decisions(state))
    assert kinds == [("commit", "GE"), ("commit", "RU")]
    big = answer(state, "GE", {"commit": {"RU": 17}})
    small = answer(state, "GE", {"commit": {"RU": 3}})
    for audience in ("seat:RU", "seat:FR", "public"):   # the foe, a stranger, the public
        assert canonical_json(view(RULESET, big.state, audience)) == \
            canonical_json(view(RULESET, small.state, audience))
        assert canonical_json(events_for(RULESET, big.state, big.events, audience)) == \
            canonical_json(events_for(RULESET, small.state, small.events, audience))
    state = big.state
    assert state["board"]["powers"]["GE"]["army"] == 30
    out = answer(state, "RU", {"commit": {"GE": 2}})
    shown = events_for(RULESET, out.state, out.events, "public")
    revealed = [e for e in shown if e["kind"] == "commitments_revealed"]
    assert revealed, [e["kind"] for e in shown]


def test_dod_12_a_power_is_conquered_when_enemy_offensives_reach_its_level():
    state = fresh()
    board = state["board"]
    board["display"]["belgium"] = board["display"]["FR"]
    assert control_table(board)["belgium"] == "FR"                # before the conquest
    at_war(state, "GE", "FR", 1)
    board["offensives"] = {"GE>FR": 7}
    board["weather"] = "fine"
    board["powers"]["GE"]["army"], board["powers"]["FR"]["army"] = 10, 5
    sealed = {d.seats[0]: d for d in M.commit_decisions(state)}
    events = M.resolve_commitments(state, "g", [(sealed["GE"], "GE", {"commit": {"FR": 10}}),
                                                (sealed["FR"], "FR", {"commit": {"GE": 1}})],
                                   NO_DICE)
    assert "power_conquered" in [e.kind for e in events]          # 7 + 10 ≥ France's 8
    assert R.conquered(board, "FR") and board["wars"] == [] and board["initiative"][-1] == "FR"
    assert O.legal_options(board, "FR") == []
    board["display"]["belgium"] = board["display"]["FR"]        # stacked with France
    assert control_table(board)["belgium"] != "FR"                # a conquered power controls none


def test_dod_4_the_game_ends_when_every_power_of_an_ideology_is_conquered():
    """The real chain: Germany's war on the Soviet Union (the whole Communist ideology) at the
    military step; 30 doubled by surprise against 2 (R = 30) gives 30 offensives, capped at the
    Soviet conquest level of 15, which conquers it."""
    state = _to_military_with_a_war("GE", "RU", (30, 2))
    state = answer(state, "GE", {"commit": {"RU": 30}}).state
    state = answer(state, "RU", {"commit": {"GE": 2}}).state
    result = RULESET.result(state)
    assert result is not None and result["reason"] == "ideology_conquered"
    assert result["conquered"] == "communism" and "RU" not in result["winners"]
    assert state["flow"]["step"] == "over" and open_decisions(state) == []


# DoD 4's objectives ending (the printed needed totals): test_objectives.py (version 25).


def test_dod_8_7_2_mp4_treaties_proposed_between_powers_at_war_lapse():
    state = fresh()
    board = state["board"]
    board["turn"] = 13
    O.play_option(state, "GE", {"option": "MP3", "to": "CW"}, NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    board["powers"]["GE"]["mp_played"] = []
    O.play_option(state, "GE", {"option": "MP4", "target": "CW"}, NO_DICE)
    T.settle(state, NO_DICE)
    assert R.level(board, "GE", "CW") == 0


def test_dod_8_7_2_mp4_a_declaration_through_the_kernel_opens_the_commitments():
    """A declaration through the kernel's option decision opens the military step's commit
    decisions for both powers that same turn."""
    state = fresh()
    board = state["board"]
    board["turn"] = 13
    d = [d for d in open_decisions(state) if d.kind == "option"][0]
    assert d.seats == ("GE",)
    assert {"option": "MP4", "target": "FR"} in list(d.options)
    state = apply(RULESET, state, "GE", d.id, {"option": "MP4", "target": "FR"}, seed=SEED).state
    state = play_until(state, "military")
    assert sorted(d.seats[0] for d in open_decisions(state) if d.kind == "commit") == ["FR", "GE"]
