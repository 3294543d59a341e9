"""DoD 8.7.2 — the national options (GE 6-14, IT/FR/RU/JA/CH/US/CW 6-8; version 18, national.py,
rulings 105-112): every one has a catalogue row, and those the abstract model allows are
offered to their own power and played."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import apply
from engine.kernel.selfplay import Chooser
from engine.rulesets.days_of_decision import RULESET
from engine.rulesets.days_of_decision import national as N
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import relations as R
from engine.rulesets.days_of_decision import us_entry as U
from engine.rulesets.days_of_decision import war as W
from engine.rulesets.days_of_decision.catalogue import CATALOGUE, NATIONAL_ROWS
from engine.rulesets.days_of_decision.display import zone
from engine.rulesets.days_of_decision.minor_war import national_limit
from engine.rulesets.days_of_decision.new_world_order import centre_hexes
from engine.rulesets.days_of_decision.powers import FASCISM
from engine.rulesets.days_of_decision.steps import us_entry_step
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})
# DoD 8.7.2 — the national options as printed: GE 6-14, the other seven powers' 6-8.
PRINTED = {f"GE{n}" for n in range(6, 15)} | {
    f"{p}{n}" for p in ("IT", "FR", "RU", "JA", "CH", "US", "CW") for n in (6, 7, 8)}


def offered(board, power, option):
    return [o for o in O.legal_options(board, power) if o["option"] == option]


def order(board, *first):
    board["initiative"] = list(first) + [p for p in board["initiative"] if p not in first]


def test_dod_8_7_2_ruling_112_every_national_option_has_a_row_with_a_reason_or_a_handler():
    assert {row.id for row in NATIONAL_ROWS} == PRINTED
    for row in NATIONAL_ROWS:
        assert row.number == f"{row.power} {row.id[2:]}" and row.kind == "mp", row.id
        assert row.needs and row.description and row.name, row.id
        if row.status == "implemented":
            assert row.effect and row.id in O.HANDLERS and row.id in O.MP_ACTIONS, row.id
            assert row.cost > 0, row.id
        else:
            assert row.note and not row.effect and row.id not in O.HANDLERS, row.id
    # RULING 112: US 6 is printed cumulative, so repeatable; the rest play once
    assert [r.id for r in NATIONAL_ROWS if r.status == "implemented" and not r.one_shot] == ["US6"]


def test_dod_8_7_2_a_national_option_is_offered_to_its_own_power_only():
    board = fresh()["board"]
    for power in board["powers"]:
        for option in O.legal_options(board, power):
            row = CATALOGUE[option["option"]]
            assert row.power in ("", power), (power, option)


def test_dod_8_7_2_us6_ruling_105_pass_and_veto_shift_later_us_entry_in_order():
    state = fresh()
    board = state["board"]
    # US at start: PE 1 face down, modified 0: a veto would take it below zero
    assert offered(board, "US", "US6") == [{"option": "US6", "act": "pass"}]
    board["us_entry"]["GE"] = "0"
    U.add(board, "GE", 5)                                   # no vote yet: +5
    money = board["powers"]["US"]["money"]
    O.play_option(state, "US", {"option": "US6", "act": "pass"}, NO_DICE)
    assert board["powers"]["US"]["pe"] == 2
    assert board["powers"]["US"]["money"] == money - CATALOGUE["US6"].cost
    assert board["us_entry"]["GE"] == "5"                   # what was added stays
    U.add(board, "GE", 5)                                   # +5 becomes +4
    U.add(board, "GE", -3)                                  # -3 becomes -2
    U.add(board, "GE", 1)                                   # +1 becomes 0
    assert U.total(board, "GE") == 5 + 4 - 2 + 0
    assert offered(board, "US", "US6") == []                # once a turn
    board["powers"]["US"]["mp_played"] = []
    assert {"option": "US6", "act": "veto"} in offered(board, "US", "US6")
    O.play_option(state, "US", {"option": "US6", "act": "veto"}, NO_DICE)
    assert board["national"]["neutrality"] == ["pass", "veto"]
    # in the order voted: +1 -> 0 (pass) -> 0 (veto keeps zero); -3 -> -2 -> -3
    assert U.neutrality_shift(board, Fraction(1)) == 0
    assert U.neutrality_shift(board, Fraction(-3)) == -3
    board["wars"].append({"aggressor": "JA", "target": "US", "since": 1})
    board["powers"]["US"]["mp_played"] = []
    assert offered(board, "US", "US6") == []                # at war with a major power


def test_dod_8_7_2_ru6_ruling_106_the_purge_raises_pe_and_removes_army_never_below_none():
    state = fresh()
    board = state["board"]
    board["powers"]["RU"]["army"] = 20
    assert offered(board, "RU", "RU6") == [{"option": "RU6"}]
    events = O.play_option(state, "RU", {"option": "RU6"}, NO_DICE)
    assert board["powers"]["RU"]["pe"] == 2 + N.PURGE_PE and board["powers"]["RU"]["army"] == 3
    assert events[-1].kind == "purge" and board["national"]["played"] == {"RU6": 1}
    board["powers"]["RU"]["mp_played"] = []
    assert offered(board, "RU", "RU6") == []                # once a game
    state = fresh()
    board = state["board"]
    board["powers"]["RU"]["army"] = 5
    O.play_option(state, "RU", {"option": "RU6"}, NO_DICE)
    assert board["powers"]["RU"]["army"] == 0
    state = fresh()
    board = state["board"]
    board["wars"].append({"aggressor": "GE", "target": "RU", "since": 1})
    assert offered(board, "RU", "RU6") == []                # at war with Germany


def test_dod_8_7_2_ru4_ruling_107_soviet_wars_need_the_purge_in_an_earlier_turn():
    state = fresh()
    board = state["board"]
    order(board, "RU")
    R.grant_casus_belli(board, "RU", "GE")
    assert not W.may_declare(board, "RU", "GE")             # casus belli, no purge
    assert not national_limit(board, "RU", "poland")
    O.play_option(state, "RU", {"option": "RU6"}, NO_DICE)
    assert not W.may_declare(board, "RU", "GE")             # purged this turn: not yet
    board["turn"] += 1
    assert W.may_declare(board, "RU", "GE")
    assert national_limit(board, "RU", "poland")            # RU 4: minors too after RU 6


def test_dod_8_7_2_ge6_ruling_108_germany_reoccupies_and_france_s_belgian_alliance_ends():
    state = fresh()
    board = state["board"]                                  # turn 1: Germany 1st, France 4th
    board["alliances"]["belgium"] = ["FR", "GE"]
    assert offered(board, "FR", "FR6") == []                # France behind Germany
    assert offered(board, "GE", "GE6") == [{"option": "GE6"}]
    events = O.play_option(state, "GE", {"option": "GE6"}, NO_DICE)
    assert board["alliances"]["belgium"] == ["GE"] and board["national"]["rhineland"] == "GE"
    assert events[-1].data["belgian_alliances_broken"] == {"FR": 1}
    order(board, "FR")
    assert offered(board, "FR", "FR6") == []                # GE 6 played: no French occupation
    board["powers"]["GE"]["mp_played"] = []
    assert offered(board, "GE", "GE6") == []                # once


def test_dod_8_7_2_fr6_ruling_108_france_occupies_and_gains_us_entry_each_turn_at_peace():
    state = fresh()
    board = state["board"]
    order(board, "FR")
    board["alliances"]["belgium"] = ["GE"]
    assert offered(board, "GE", "GE6") == []                # Germany behind France
    O.play_option(state, "FR", {"option": "FR6"}, NO_DICE)
    assert "belgium" not in board["alliances"] and board["national"]["rhineland"] == "FR"
    order(board, "GE")
    assert offered(board, "GE", "GE6") == []                # France occupies it
    us_entry_step(state, NO_DICE)                           # nobody at war: no 11.2 dice
    us_entry_step(state, NO_DICE)
    assert U.total(board, "FR") == 2 * N.RHINELAND_US_ENTRY
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": board["turn"]})
    us_entry_step(state, ScriptedDice({"11.2 GE": [5]}))    # at war with Germany: none
    assert U.total(board, "FR") == 2 * N.RHINELAND_US_ENTRY


def test_dod_8_7_2_ge11_ruling_109_the_ukraine_by_its_political_branch():
    state = fresh()
    board = state["board"]                                  # Germany 1st, the Soviet Union 5th
    assert offered(board, "GE", "GE11") == []               # Poland not with Germany
    board["display"]["poland"] = board["display"]["GE"]
    assert offered(board, "GE", "GE11") == [{"option": "GE11"}]
    board["treaties"]["GE-RU"] = {"level": 1, "signed": 1}
    assert offered(board, "GE", "GE11") == []               # a German-Soviet treaty
    del board["treaties"]["GE-RU"]
    order(board, "IT", "CW", "GE", "RU")                    # only one place ahead
    assert offered(board, "GE", "GE11") == []
    order(board, "GE")
    army = board["powers"]["GE"]["army"]
    O.play_option(state, "GE", {"option": "GE11"}, NO_DICE)
    assert (board["powers"]["GE"]["pe"], board["powers"]["RU"]["pe"]) == (3 - 2, 2 + 1)
    assert board["powers"]["GE"]["army"] == army + N.UKRAINE_ARMY
    assert R.has_casus_belli(board, "RU", "GE")
    R.clear_casus_belli(board, "GE", "RU")                  # a treaty would cancel others
    assert R.has_casus_belli(board, "RU", "GE")             # for the rest of the game


def test_dod_8_7_2_ja7_ruling_110_manchuria_abandoned_costs_pe_and_opens_tojo():
    state = fresh()
    board = state["board"]                                  # turn 1: Japan 6th, China 8th
    assert offered(board, "JA", "JA7") == []                # Japan ahead of China
    order(board, "CH")
    assert offered(board, "JA", "JA7") == [{"option": "JA7"}]
    O.play_option(state, "JA", {"option": "JA7"}, NO_DICE)
    assert board["powers"]["JA"]["pe"] == 2 + N.MANCHURIA_PE
    order(board, "JA", "CW", "RU", "CH", "US")              # Japan behind none of them
    board["powers"]["JA"]["mp_played"] = []
    assert offered(board, "JA", "JA8") == [{"option": "JA8"}]   # JA 7 played: (a)


def test_dod_8_7_2_ja8_ruling_111_tojo_raises_pe_and_marches_to_the_fascist_centre():
    state = fresh()
    board = state["board"]
    order(board, "JA")                                      # Japan 1st: behind nobody
    assert offered(board, "JA", "JA8") == []
    order(board, "CW", "RU", "JA")                          # behind two of CW, RU, CH, US
    assert offered(board, "JA", "JA8") == [{"option": "JA8"}]
    frm = board["display"]["JA"]
    path = N.tojo_path(board, "JA")
    assert path and zone(frm) == (FASCISM, "radical")
    events = O.play_option(state, "JA", {"option": "JA8"}, NO_DICE)
    assert board["powers"]["JA"]["pe"] == 2 + N.TOJO_PE
    to = board["display"]["JA"]
    assert to == path[-1] and events[-1].data == {
        "pe": 4, "from": frm, "to": to, "faction": zone(to)[1], "cost": CATALOGUE["JA8"].cost}
    assert to in centre_hexes(FASCISM)                   # 5 points reach the centre ring
    assert N.tojo_path(board, "JA") == []                   # already on a free centre hex
    board["powers"]["JA"]["mp_played"] = []
    order(board, "CH")
    assert offered(board, "JA", "JA7") == []                # JA 8 played: no JA 7


def test_dod_8_7_2_ja8_ruling_111_the_march_is_paid_for_and_never_ends_on_another_power():
    board = fresh()["board"]
    # Japan on the radical ring, Italy on the centre hex next to it: the nearest free centre
    # hex is the one beyond Italy (entering Italy's hex costs 1, the next 2)
    board["display"]["JA"], board["display"]["IT"] = "0,-4", "0,-3"
    others = [p for p in board["initiative"] if p != "JA"]
    board["initiative"] = others[:4] + ["JA"] + others[4:]          # 5th: 3 points
    assert N.tojo_path(board, "JA") == ["0,-3", "-1,-2"]            # passes through Italy
    board["initiative"] = others[:5] + ["JA"] + others[5:]          # 6th: 2 points
    assert N.tojo_path(board, "JA") == []                           # would end on Italy
    board["display"]["GE"] = "-1,-2"                                # that centre hex taken
    board["initiative"] = others[:2] + ["JA"] + others[2:]          # 3rd: 5 points
    assert N.tojo_path(board, "JA") == ["0,-3", "-1,-2", "-2,-1"]


def test_dod_8_7_2_a_national_option_played_through_the_kernel_and_described():
    state = fresh()
    decision = next(d for d in open_decisions(state) if d.kind == "option")
    seat = decision.seats[0]                                # turn 1: Germany first
    assert seat == "GE" and {"option": "GE6"} in decision.options
    after = apply(RULESET, state, seat, decision.id, {"option": "GE6"}, seed=SEED).state
    assert after["board"]["national"]["rhineland"] == "GE"
    RULESET.check_invariants(after)
    assert O.describe({"option": "US6", "act": "veto"}) == \
        "US 6 Revise Neutrality Act: veto the Neutrality Act"


def test_dod_8_7_2_national_options_play_through_the_kernel_over_whole_turns():
    """A random game (selfplay's chooser) through the kernel, except that a power offered a
    national option plays it: each is legal where offered and the game stays sound to its
    end. (Chooser seed 2 since version 19: GE 7, offered on turn 1, changes the random game;
    since version 20 seed 2's plays eight of the twelve built options, JA 6 and IT 8 among
    them; since version 21 GE 8 and GE 10, offered from turn 1, change it again: nine of the
    seventeen, CW 7 among them; since version 22 GE 9 follows GE 8: ten of the eighteen; since
    version 23 GE 14, offered from turn 1, changes it again: twelve of the nineteen, each one
    a success, GE 14 among them; since version 24 income from the map and the minors changes
    the money in the random game again: ten, IT 7 and GE 6 among them.)"""
    state = fresh(turns=20)
    chooser = Chooser(2, 0)
    played: list[str] = []
    for _ in range(5000):
        if RULESET.result(state) is not None:
            break
        decision = open_decisions(state)[0]
        seat = decision.seats[0]
        choices = list(decision.options) if decision.options is not None else [
            item["action"] for item in RULESET.options(state, seat, decision, None)]
        action = choices[chooser.index(len(choices))]
        if decision.kind == "option":
            national = [o for o in choices if o["option"] in N.HANDLERS]
            action = national[-1] if national else action
            played += [action["option"]] if national else []
        state = apply(RULESET, state, seat, decision.id, action, seed=SEED).state
        RULESET.check_invariants(state)
    assert RULESET.result(state) is not None
    assert set(played) == {"GE6", "GE8", "GE9", "GE10", "GE14", "IT7", "IT8", "JA6", "RU6",
                           "US6"}
    assert set(state["board"]["national"]["played"]) == set(played)
    assert state["board"]["national"]["markers"] == {"rumania": {"GE": 2}}    # ruling 140
