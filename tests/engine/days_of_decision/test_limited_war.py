"""DoD 8.7.2 JA 6 Peking Bridge Incident and the limited war it starts (version 20, national.py,
war.open_war, RULINGS 124-127)."""

from __future__ import annotations

from engine.kernel import apply
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import military as M
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import us_entry as U
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision import war_economy as WE
from engine.rulesets.days_of_decision.catalogue import CATALOGUE
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions


def order(board, *first):
    board["initiative"] = list(first) + [p for p in board["initiative"] if p not in first]


def ja6_offered(board) -> bool:
    return {"option": "JA6"} in O.legal_options(board, "JA")


def test_dod_8_7_2_ja6_japan_ahead_of_china_or_after_ja8_and_mp4_s_common_limits():
    board = fresh()["board"]                       # turn 1: Japan 6th, China 8th
    assert ja6_offered(board)
    order(board, "CH", "JA")
    assert not ja6_offered(board)                  # behind China
    board["national"]["played"]["JA8"] = 1
    assert ja6_offered(board)                      # JA 8 played
    board["treaties"]["CH-JA"] = {"level": 1, "signed": 1}
    assert not ja6_offered(board)                  # RULING 124: a pact holds (DoD 14)
    board["treaties"].pop("CH-JA")
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 1})
    assert not ja6_offered(board)                  # already at war
    assert not any(o["option"] == "JA6" for p in ("CH", "GE", "US")
                   for o in O.legal_options(board, p))


def test_dod_8_7_2_ja4_ruling_126_japan_declares_on_china_by_ja6_not_mp4():
    board = fresh()["board"]
    board["turn"] = 13
    assert not W.may_declare(board, "JA", "CH")    # ahead of China: JA 6 (c), not MP 4
    assert not W.may_declare(board, "JA", "US")
    board["national"]["played"]["JA8"] = 1
    assert W.may_declare(board, "JA", "CH") and W.may_declare(board, "JA", "US")   # JA 4 (b)
    board["national"]["played"].pop("JA8")
    board["casus_belli"]["JA"] = ["US"]
    assert W.may_declare(board, "JA", "US")        # JA 4 (a)


def test_dod_8_7_2_ja6_ruling_124_a_limited_war_without_china_s_pe_through_the_kernel():
    state = fresh()
    board = state["board"]
    order(board, "JA")
    board["powers"]["CH"]["efforts"] = 4           # China's PM 0 (ruling 118)
    pe, money = board["powers"]["CH"]["pe"], board["powers"]["JA"]["money"]
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    assert list(decision.seats) == ["JA"] and {"option": "JA6"} in decision.options
    result = apply(RULESET, state, "JA", decision.id, {"option": "JA6"}, seed=SEED)
    after = result.state
    RULESET.check_invariants(after)
    board = after["board"]
    assert {"aggressor": "JA", "target": "CH", "since": 1, "limited": True} in board["wars"]
    assert W.limited(board, "JA", "CH") and not W.limited(board, "JA", "US")
    assert board["powers"]["CH"]["pe"] == pe                    # no PE for China
    assert WE.production_multiple(board, "CH") == 1 / 4         # raised to 1/4
    assert board["powers"]["JA"]["money"] == money - CATALOGUE["JA6"].cost
    declared = [e for e in result.events if e.kind == "war_declared"]
    assert declared and declared[0].data["limited"] is True
    # JA 6 is not MP 4: Japan may still activate a minor this turn, and MP 4 stays open
    assert "MP4" not in board["powers"]["JA"]["mp_played"]
    assert not ja6_offered(board)


def _front(limited: bool, weather: str = "fine", japan: int = 10):
    board = fresh()["board"]
    board["weather"] = weather
    board["offensives"] = {}
    war = {"aggressor": "JA", "target": "CH", "since": 0}
    if limited:
        war["limited"] = True
    board["wars"].append(war)
    report = M.fight(board, war, {"JA": {"CH": japan}, "CH": {"JA": 1}})
    return report["offensives"]


def test_dod_8_7_2_ja6_ruling_125_the_winner_gains_a_fifth_of_the_offensives():
    assert _front(False) == 10 and _front(True) == 2         # ratio 10: a fifth
    # in rain China, defending, counts twice: 20 against 2, ratio 10, halved, and a tenth
    assert _front(False, "rain", 20) == 5 and _front(True, "rain", 20) == 1


def test_dod_11_2_ruling_125_the_book_example_japan_13_turns_at_limited_war_rolls_one_less():
    """The book's example: Japan at limited war with China since Jul/Aug 1937 (turn 10), in
    Sep/Oct 1939 (turn 23) rolls a 6: +2 for two full six-turn spans, -1 for the limited war,
    7, which adds 1 to Japan's total."""
    state = fresh()
    board = state["board"]
    board["turn"] = 23
    board["wars"].append({"aggressor": "JA", "target": "CH", "since": 10, "limited": True})
    events = U.war_with_a_democrat(state, ScriptedDice({"11.2 JA": [6]}))
    assert events[0].data["modified"] == 7 and events[0].data["entry"] == 1
    board["wars"].append({"aggressor": "JA", "target": "US", "since": 22})
    events = U.war_with_a_democrat(state, ScriptedDice({"11.2 JA": [6]}))
    assert events[0].data["modified"] == 8                  # no longer only the limited war
