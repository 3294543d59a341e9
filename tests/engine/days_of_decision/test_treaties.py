"""DoD 8.7.2 MP 3 and MP 0(f) — treaty proposals answered by their addressee, settled at the end
of political affairs; DoD 14 — the pacts every treaty makes."""

from __future__ import annotations

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})


def test_dod_3_2_france_starts_with_level_one_treaties_with_italy_and_the_soviet_union():
    board = fresh()["board"]
    assert T.level(board, "FR", "IT") == 1 and T.level(board, "FR", "RU") == 1
    assert T.level(board, "GE", "IT") == 0
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
    assert [e.kind for e in events] == ["treaty_signed"]
    assert T.level(board, "GE", "IT") == 1
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
    assert T.level(board, "GE", "IT") == 0 and board["powers"]["GE"]["money"] == money


def test_dod_8_7_2_mp0f_played_before_the_proposal_still_agrees_and_answers_many():
    state = fresh()
    board = state["board"]
    O.play_option(state, "JA", {"option": "0f", "agree": ["GE", "IT"]}, NO_DICE)   # first
    O.play_option(state, "GE", {"option": "MP3", "to": "JA"}, NO_DICE)
    O.play_option(state, "IT", {"option": "MP3", "to": "JA"}, NO_DICE)
    T.settle(state, NO_DICE)
    assert T.level(board, "GE", "JA") == 1 and T.level(board, "IT", "JA") == 1


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
    assert T.level(board, "GE", "IT") == 1 and board["powers"]["GE"]["money"] == -12


def test_dod_8_7_2_mp3_a_treaty_cancels_casus_belli_between_the_partners():
    state = fresh()
    board = state["board"]
    W.grant_casus_belli(board, "GE", "CW")
    O.play_option(state, "GE", {"option": "MP3", "to": "CW"}, NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    T.settle(state, NO_DICE)
    assert not W.has_casus_belli(board, "GE", "CW")


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
    assert T.level(state["board"], "GE", "IT") == (1 if answered else 0)


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
