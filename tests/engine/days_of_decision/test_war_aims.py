"""DoD 8.7.1 IPO 13 (Combined War Aims) and its surrender to a group (MP 5): rulings 58-59."""

from __future__ import annotations

from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision import war_aims as A
from engine.rulesets.days_of_decision.powers import POWERS
from tests.engine.scripted_dice import ScriptedDice

from .positions import fresh

NO_DICE = ScriptedDice({})


def _at_war(board, *pairs):
    board["treaties"] = {}
    for a, b in pairs:
        board["wars"].append({"aggressor": a, "target": b, "since": 1})


def _aims(*groups):
    return sorted(({"powers": sorted(pair), "against": x} for pair, x in groups),
                  key=lambda e: (e["powers"], e["against"]))


def test_dod_8_7_1_ipo13_ruling_58_proposed_to_a_partner_at_war_with_the_enemy_signed_by_0f():
    """The Soviet Union and the Commonwealth are both at war with Germany and Italy; France
    only with Germany. The offers: the Commonwealth against both or either, France against
    Germany. The Commonwealth's 0(f) naming the Soviet Union signs; without it nothing."""
    state = fresh()
    board = state["board"]
    _at_war(board, ("GE", "RU"), ("IT", "RU"), ("GE", "CW"), ("IT", "CW"), ("GE", "FR"))
    offered = [o for o in A.actions(board, "RU")]
    assert offered == [{"option": "IPO13", "with": "CW", "against": ["GE", "IT"]},
                       {"option": "IPO13", "with": "CW", "against": ["GE"]},
                       {"option": "IPO13", "with": "CW", "against": ["IT"]},
                       {"option": "IPO13", "with": "FR", "against": ["GE"]}]
    assert A.actions(board, "US") == []                          # at peace
    O.play_option(state, "RU", offered[0], NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["war_aims"] == [] and board["proposals"] == []   # nobody agreed
    O.play_option(state, "RU", offered[0], NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["RU"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["war_aims"] == _aims((("RU", "CW"), "GE"), (("RU", "CW"), "IT"))
    assert {"option": "IPO13", "with": "CW", "against": ["GE"]} not in A.actions(board, "RU")


def test_dod_8_7_1_ipo13_repudiation_drops_every_aim_with_the_one_power_named():
    """The book's second example: the Soviet Union, the US and the Commonwealth against Germany
    and Italy; the Soviets repudiate the US and keep the Commonwealth."""
    state = fresh()
    board = state["board"]
    trio = [("RU", "US"), ("RU", "CW"), ("US", "CW")]
    board["war_aims"] = _aims(*[(p, x) for p in trio for x in ("GE", "IT")])
    assert {"option": "IPO13", "repudiate": "US"} in A.actions(board, "RU")
    O.play_option(state, "RU", {"option": "IPO13", "repudiate": "US"}, NO_DICE)
    assert board["war_aims"] == _aims(*[(p, x) for p in trio[1:] for x in ("GE", "IT")])


def _book_example(state, linked):
    """The book's first example: the Soviet Union and the Commonwealth combined against
    Germany, the US and France too; with `linked`, France and the Soviet Union as well."""
    board = state["board"]
    _at_war(board, ("GE", "RU"), ("GE", "CW"), ("GE", "US"), ("GE", "FR"))
    groups = [(("RU", "CW"), "GE"), (("US", "FR"), "GE")] + \
        ([(("FR", "RU"), "GE")] if linked else [])
    board["war_aims"] = _aims(*groups)
    return board


def test_dod_8_7_2_mp5_ruling_59_surrender_to_one_is_to_its_linked_group_accepted_by_any():
    """Germany offers conditional surrender to the Soviet Union; the US's 0(f) naming Germany
    accepts for the linked four: peace and a pact with each, Germany −1 PE for each, each +1, and
    the aims against Germany cancelled."""
    state = fresh()
    board = _book_example(state, linked=True)
    pe = {p: board["powers"][p]["pe"] for p in POWERS}
    O.play_option(state, "GE", {"option": "MP5", "to": "RU", "terms": "conditional"}, NO_DICE)
    O.play_option(state, "US", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert board["wars"] == [] and board["war_aims"] == []
    assert all(board["treaties"][f"{p}-GE" if p < "GE" else f"GE-{p}"]["level"] == 0
               for p in ("RU", "CW", "US", "FR"))
    assert board["powers"]["GE"]["pe"] == pe["GE"] - 4
    assert all(board["powers"][p]["pe"] == pe[p] + 1 for p in ("RU", "CW", "US", "FR"))


def test_dod_8_7_2_mp5_ruling_59_unlinked_groups_surrender_apart():
    """Without the France-Soviet link, Germany's surrender to the Soviet Union is to the Soviet
    Union and the Commonwealth only; the US's 0(f) does not accept it, the Commonwealth's does,
    and the US and France stay at war with Germany, their aims kept."""
    state = fresh()
    board = _book_example(state, linked=False)
    O.play_option(state, "GE", {"option": "MP5", "to": "RU", "terms": "conditional"}, NO_DICE)
    O.play_option(state, "US", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert len(board["wars"]) == 4                               # refused
    O.play_option(state, "GE", {"option": "MP5", "to": "RU", "terms": "conditional"}, NO_DICE)
    O.play_option(state, "CW", {"option": "0f", "agree": ["GE"]}, NO_DICE)
    P.bonus_bids(state, NO_DICE)
    assert sorted(w["target"] for w in board["wars"]) == ["FR", "US"]
    assert board["war_aims"] == _aims((("US", "FR"), "GE"))


def test_dod_12_ruling_59_unconditional_surrender_to_a_group_and_a_conquered_partner_s_aims():
    state = fresh()
    board = _book_example(state, linked=False)
    pe = {p: board["powers"][p]["pe"] for p in POWERS}
    O.play_option(state, "GE", {"option": "MP5", "to": "RU", "terms": "unconditional"}, NO_DICE)
    assert "GE" in board["conquered"] and board["war_aims"] == []
    assert board["powers"]["CW"]["pe"] == pe["CW"] + 1 and board["powers"]["US"]["pe"] == pe["US"]
    assert board["powers"]["GE"]["pe"] == pe["GE"] - 2
