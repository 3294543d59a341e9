"""DoD 8.7.2 MP 3 and MP 0(f) — treaty proposals answered by their addressee, settled at the end
of political affairs; DoD 14 — the pacts every treaty makes."""

from __future__ import annotations

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})


def test_dod_3_2_france_starts_with_level_one_treaties_with_italy_and_the_soviet_union():
    board = fresh()["board"]
    assert R.level(board, "FR", "IT") == 1 and R.level(board, "FR", "RU") == 1
    assert R.level(board, "GE", "IT") == 0
    assert board["turn"] - board["treaties"]["FR-IT"]["signed"] == 6       # six turns old


def test_dod_8_7_2_mp3_is_offered_only_to_powers_further_down_the_track_at_peace():
    board = fresh()["board"]                      # turn 1: GE IT CW FR RU JA US CH
    targets = {o["to"] for o in O.legal_options(board, "CW") if o["option"] == "MP3"}
    assert targets == {"FR", "RU", "JA", "US", "CH"}
    assert not [o for o in O.legal_options(board, "CH") if o["option"] == "MP3"]   # last
    board["wars"].append({"aggressor": "CW", "target": "JA", "since": 1})
    assert "JA" not in {o["to"] for o in O.legal_options(board, "CW") if o["option"] == "MP3"}


def test_dod_8_7_2_mp3_agreed_by_0f_the_same_turn_raises_both_levels_and_is_paid_on_success():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "MP3", "to": "IT"}, NO_DICE)
    assert board["powers"]["GE"]["money"] == money                     # nothing paid yet
    O.play_option(state, "IT", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    events = T.settle(state, NO_DICE)
    # the Treaty Chart's US entry and minor effects follow the signing (ruling 63)
    assert [e.kind for e in events] == ["treaty_signed", "treaty_chart_us_entry",
                                        "minor_effects"]
    assert R.level(board, "GE", "IT") == 1
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["MP3"].cost
    assert board["proposals"] == [] and board["accepts"] == {}


def test_dod_8_4_1_a_proposal_nobody_agrees_to_fails_and_costs_nothing():
    state = fresh()
    board = state["board"]
    money = board["powers"]["GE"]["money"]
    O.play_option(state, "GE", {"option": "MP3", "to": "IT"}, NO_DICE)
    O.play_option(state, "IT", {"option": "0f", "agree": ["JA"]}, NO_DICE)  # agrees to another
    events = T.settle(state, NO_DICE)
    assert [e.kind for e in events] == ["proposal_failed"]
    assert R.level(board, "GE", "IT") == 0 and board["powers"]["GE"]["money"] == money


def test_dod_8_7_2_mp0f_played_before_the_proposal_still_agrees_and_answers_many():
    state = fresh()
    board = state["board"]
    O.play_option(state, "JA", {"option": "0f", "agree": ["GE", "IT"]}, NO_DICE)   # first
    O.play_option(state, "GE", {"option": "MP3", "to": "JA"}, NO_DICE)
    O.play_option(state, "IT", {"option": "MP3", "to": "JA"}, NO_DICE)
    T.settle(state, NO_DICE)
    assert R.level(board, "GE", "JA") == 1 and R.level(board, "IT", "JA") == 1


def test_dod_8_7_2_mp0f_offers_the_waiting_proposers_together_and_uses_the_mp0_slot():
    state = fresh()
    board = state["board"]
    O.play_option(state, "GE", {"option": "MP3", "to": "JA"}, NO_DICE)
    O.play_option(state, "IT", {"option": "MP3", "to": "JA"}, NO_DICE)
    offered = [o["agree"] for o in O.legal_options(board, "JA") if o["option"] == "0f"]
    assert offered[0] == ["GE", "IT"] and ["CW"] in offered
    O.play_option(state, "JA", {"option": "0f", "agree": ["GE", "IT"]}, NO_DICE)
    assert not [o for o in O.legal_options(board, "JA") if o["option"].startswith("0")]


def test_dod_8_7_2_mp3_across_ideologies_stops_at_level_two():
    state = fresh()
    board = state["board"]
    board["treaties"]["CW-GE"] = {"level": 2, "signed": 1}
    assert "CW" not in {o["to"] for o in O.legal_options(board, "GE") if o["option"] == "MP3"}
    board["treaties"]["GE-IT"] = {"level": 2, "signed": 1}            # same ideology: to 3
    assert "IT" in {o["to"] for o in O.legal_options(board, "GE") if o["option"] == "MP3"}


def test_dod_8_4_2_a_proposal_must_be_affordable_when_played_and_is_paid_past_the_limit_later():
    state = fresh()
    board = state["board"]
    board["powers"]["GE"].update(money=-9, credit_limit=10)           # 1 of room: MP 3 costs 2
    assert not [o for o in O.legal_options(board, "GE") if o["option"] == "MP3"]
    board["powers"]["GE"]["money"] = -8                               # 2 of room: offered
    O.play_option(state, "GE", {"option": "MP3", "to": "IT"}, NO_DICE)
    board["powers"]["GE"]["money"] = -10                              # spent elsewhere since
    O.play_option(state, "IT", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    T.settle(state, NO_DICE)
    assert R.level(board, "GE", "IT") == 1 and board["powers"]["GE"]["money"] == -12


def test_dod_8_7_2_mp3_a_treaty_cancels_casus_belli_between_the_partners():
    state = fresh()
    board = state["board"]
    R.grant_casus_belli(board, "GE", "CW")
    O.play_option(state, "GE", {"option": "MP3", "to": "CW"}, NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    T.settle(state, NO_DICE)
    assert not R.has_casus_belli(board, "GE", "CW")


def test_dod_8_7_2_mp3_proposal_and_answer_through_the_kernel_on_turn_one():
    """The real chain: Germany (first) proposes to Italy, Italy (second) agrees when it gets to
    play (the end-of-step roll comes from the game's seed); the treaty stands after politics
    exactly when Italy's answer came."""
    state = fresh()
    answered = False
    for seat, action in (("GE", {"option": "MP3", "to": "IT"}),
                         ("IT", {"option": "0f", "agree": ["GE"]})):
        mine = [d for d in open_decisions(state) if seat in d.seats and d.kind == "option"]
        if not mine:
            break
        state = apply(RULESET, state, seat, mine[0].id, action, seed=SEED).state
        answered = seat == "IT"
        while state["flow"]["step"] == "activate":     # take the first activation offered
            d = open_decisions(state)[0]
            state = apply(RULESET, state, d.seats[0], d.id,
                          RULESET.timeout_default(state, d, d.seats[0]), seed=SEED).state
    assert state["board"]["proposals"] == [{"from": "GE", "to": "IT", "turn": 1}]
    while state["flow"]["step"] in ("politics", "activate"):
        d = open_decisions(state)[0]
        state = apply(RULESET, state, d.seats[0], d.id,
                      RULESET.timeout_default(state, d, d.seats[0]), seed=SEED).state
    assert state["board"]["proposals"] == []                 # settled when politics ended
    assert R.level(state["board"], "GE", "IT") == (1 if answered else 0)


def test_dod_14_a_pact_forbids_war_within_its_period_then_needs_the_army_ratio():
    board = fresh()["board"]
    board["turn"] = 13                                   # Germany may declare (ruling 29)
    board["treaties"]["CW-GE"] = {"level": 1, "signed": 11}       # 2 turns old, Fascist: 3
    board["powers"]["GE"]["army"] = 100                           # any ratio would allow it
    assert not W.may_declare(board, "GE", "CW")
    board["turn"] = 14                                             # 3 turns: period over
    board["powers"]["GE"]["army"], board["powers"]["CW"]["army"] = 30, 10
    assert not W.may_declare(board, "GE", "CW")          # 3:1 is not more than 3:1
    board["powers"]["GE"]["army"] = 31
    assert W.may_declare(board, "GE", "CW")
    board["turn"] = 20                                   # 6 turns past: one step easier, 2:1
    board["powers"]["GE"]["army"] = 21
    assert W.may_declare(board, "GE", "CW")


# --- DoD 8.7.1 IPO 11: Treaty Torn Up -------------------------------------------------------------

def test_dod_8_7_1_ipo11_not_within_the_tearer_s_period_after_signing():
    board = fresh()["board"]
    board["treaties"]["GE-IT"] = {"level": 2, "signed": 4}
    board["turn"] = 7                                   # 3 turns after: a Fascist must wait
    assert T.tear_up_actions(board, "GE") == []
    board["turn"] = 8
    assert T.tear_up_actions(board, "GE") == [{"option": "IPO11", "with": "IT", "levels": 1},
                                              {"option": "IPO11", "with": "IT", "levels": 2}]
    # France's printed treaties were signed 6 turns before the start (signed −5): a Democrat
    # waits 6 turns, so on turn 1 (6 turns after) not yet, on turn 2 it may
    board["turn"] = 1
    assert not [a for a in T.tear_up_actions(board, "FR")]
    board["turn"] = 2
    assert {a["with"] for a in T.tear_up_actions(board, "FR")} == {"IT", "RU"}


def test_dod_8_7_1_ipo11_one_level_torn_up_and_a_pe_lost_within_the_ideology():
    state = fresh()
    board = state["board"]
    board["treaties"]["GE-IT"] = {"level": 2, "signed": 1}
    board["turn"] = 10
    pe, money = board["powers"]["GE"]["pe"], board["powers"]["GE"]["money"]
    events = O.play_option(state, "GE", {"option": "IPO11", "with": "IT", "levels": 1}, NO_DICE)
    assert [e.kind for e in events] == ["treaty_torn_up", "minor_effects"]   # ruling 63
    assert R.level(board, "GE", "IT") == 1 and "torn" not in board["treaties"]["GE-IT"]
    assert board["powers"]["GE"]["pe"] == pe - 1                       # same ideology
    assert board["powers"]["GE"]["money"] == money - CATALOGUE["IPO11"].cost
    assert "IPO11" in board["ipos_played"]          # an IPO: once a turn by anyone (8.2)


def test_dod_8_7_1_ipo11_every_level_torn_up_keeps_the_pact_one_step_easier():
    state = fresh()
    board = state["board"]
    board["turn"] = 40
    pe = board["powers"]["FR"]["pe"]
    O.play_option(state, "FR", {"option": "IPO11", "with": "IT", "levels": 1}, NO_DICE)
    assert board["powers"]["FR"]["pe"] == pe                           # another ideology
    assert board["treaties"]["FR-IT"] == {"level": 0, "signed": -5, "torn": True}
    assert R.level(board, "FR", "IT") == 0 and T.tear_up_actions(board, "FR") == \
        [{"option": "IPO11", "with": "RU", "levels": 1}]
    # DoD 14 on turn 1: 6 turns old, 3 past Italy's 3-turn period (no step for age): the base
    # ratio 3:1, one step easier (2:1) with every level torn up
    board["turn"] = 1
    board["powers"]["IT"]["army"], board["powers"]["FR"]["army"] = 5, 2
    assert not T.nap_blocks(board, "IT", "FR")                         # 5:2 beats 2:1
    del board["treaties"]["FR-IT"]["torn"]
    assert T.nap_blocks(board, "IT", "FR")                             # 5:2 short of 3:1
    RULESET.check_invariants(state)


def test_dod_8_7_1_ipo11_a_new_treaty_level_clears_the_torn_mark():
    state = fresh()
    board = state["board"]
    board["treaties"]["FR-IT"] = {"level": 0, "signed": -5, "torn": True}
    board["initiative"] = ["FR", "IT"] + [p for p in board["initiative"] if p not in ("FR", "IT")]
    O.play_option(state, "FR", {"option": "MP3", "to": "IT"}, NO_DICE)
    O.play_option(state, "IT", {"option": "0f", "agree": ["FR"]}, NO_DICE)
    T.settle(state, NO_DICE)
    assert board["treaties"]["FR-IT"] == {"level": 1, "signed": board["turn"]}
