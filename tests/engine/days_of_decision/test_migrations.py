"""Versions 2 to 10 of Days of Decision: the frozen version-1 to 9 games
(tests/fixtures/versions) are carried over by migrations.add_minor_politics,
migrations.add_treaties_and_war, migrations.add_surrender_and_us_entry,
migrations.add_wars_on_minors, migrations.add_declining_and_vengeance and
migrations.add_minor_forces, migrations.add_war_chart, migrations.add_war_economy and
migrations.add_owed_options; tests/engine/test_ruleset_versions.py plays them on."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

from engine.kernel.canonical import canonical_json
from engine.rulesets.days_of_decision import RULESET, production
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision import politics as P
from engine.rulesets.days_of_decision import turn as T
from engine.rulesets.days_of_decision import war_economy as E
from engine.rulesets.days_of_decision.coup import actions as coup_actions
from engine.rulesets.days_of_decision.coup import modifier as coup_modifier
from engine.rulesets.days_of_decision.migrations import (
    add_alignment,
    add_civil_wars,
    add_coup,
    add_coup_cell_window,
    add_declining_and_vengeance,
    add_demands,
    add_elections,
    add_home_territories,
    add_league,
    add_minor_forces,
    add_minor_politics,
    add_national_options,
    add_national_replies,
    add_naval_treaty,
    add_owed_options,
    add_resource_markers,
    add_surrender_and_us_entry,
    add_treaties_and_war,
    add_war_chart,
    add_war_economy,
    add_wars_on_minors,
    income_from_production,
    lower_minor_levels,
)
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.options import play_option
from engine.rulesets.days_of_decision.powers import SEATS as RULESET_POWERS
from tests.engine.scripted_dice import ScriptedDice

VERSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "versions"
FIXTURE = VERSIONS / "days_of_decision-1.json"


def test_dod_version_2_migration_gives_a_version_1_state_the_minor_politics():
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "1"
    old = frozen["state"]
    assert "modifiers" not in old["board"]
    new = add_minor_politics(copy.deepcopy(old))
    board = new["board"]
    assert board["modifiers"] == board["alliances"] == board["guarantees"] == {}
    assert board["coup_cells"] == {} and new["flow"]["activation"] is None
    assert [p for p, e in board["powers"].items() if e["free_trader"]] == ["US"]
    assert board["display"] == old["board"]["display"]           # the minors stay put
    again = add_minor_politics(copy.deepcopy(new))               # one state, idempotent
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_3_migration_gives_a_version_2_state_the_treaties_and_the_war_graph():
    frozen = json.loads((VERSIONS / "days_of_decision-2.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "2" and int(RULESET.version) >= 3
    old = frozen["state"]
    assert "treaties" not in old["board"] and old["board"]["result"] is None    # still running
    new = add_treaties_and_war(copy.deepcopy(old))
    board = new["board"]
    assert sorted(board["treaties"]) == ["FR-IT", "FR-RU"]           # the printed set-up (3.2)
    assert board["wars"] == board["proposals"] == board["conquered"] == []
    assert board["accepts"] == board["casus_belli"] == board["offensives"] == {}
    assert all(e["mp_played"] == [] for e in board["powers"].values())
    assert new["flow"]["committed"] is False
    assert board["display"] == old["board"]["display"]
    RULESET.check_invariants(new)
    again = add_treaties_and_war(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_4_migration_gives_a_version_3_state_the_us_entry_totals():
    frozen = json.loads((VERSIONS / "days_of_decision-3.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "3" and int(RULESET.version) > 3
    old = frozen["state"]
    assert "us_entry" not in old["board"] and old["board"]["result"] is None    # still running
    assert old["board"]["turn"] == 30
    new = add_surrender_and_us_entry(copy.deepcopy(old))
    board = new["board"]
    assert board["us_entry"] == {p: "0" for p in old["board"]["powers"]}
    assert {k: v for k, v in board.items() if k != "us_entry"} == old["board"]
    RULESET.check_invariants(new)
    again = add_surrender_and_us_entry(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_5_migration_gives_a_version_4_state_no_wars_on_minors():
    frozen = json.loads((VERSIONS / "days_of_decision-4.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "4" and int(RULESET.version) > 4
    old = frozen["state"]
    assert "minor_wars" not in old["board"] and old["board"]["result"] is None  # still running
    assert old["board"]["turn"] == 30
    new = add_wars_on_minors(copy.deepcopy(old))
    board = new["board"]
    assert board["minor_wars"] == [] and board["minors_conquered"] == {}
    assert {k: v for k, v in board.items()
            if k not in ("minor_wars", "minors_conquered")} == old["board"]
    RULESET.check_invariants(new)
    again = add_wars_on_minors(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)


def test_dod_version_6_migration_gives_a_version_5_state_no_declines_and_no_debts():
    frozen = json.loads((VERSIONS / "days_of_decision-5.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "5" and int(RULESET.version) > 5
    old = frozen["state"]
    assert "unavenged" not in old["board"] and "directing" not in old["flow"]
    assert old["board"]["result"] is None and old["board"]["turn"] == 30     # still running
    new = add_declining_and_vengeance(copy.deepcopy(old))
    assert new["board"]["unavenged"] == []
    assert new["flow"]["directing"] is None and new["flow"]["peace_asked"] == []
    assert {k: v for k, v in new["board"].items() if k != "unavenged"} == old["board"]
    RULESET.check_invariants(new)
    again = add_declining_and_vengeance(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)
    # a version-5 war on a minor (the frozen game has none at turn 30) had nobody decline it
    waring = copy.deepcopy(old)
    waring["board"]["minor_wars"] = [{"power": "GE", "minor": "austria", "since": 29,
                                      "director": "RU"}]
    moved = add_declining_and_vengeance(waring)
    assert moved["board"]["minor_wars"] == [{"power": "GE", "minor": "austria", "since": 29,
                                             "director": "RU", "declined": []}]


def test_dod_version_7_migration_gives_a_version_6_state_forces_for_its_minors_at_war():
    frozen = json.loads((VERSIONS / "days_of_decision-6.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "6" and int(RULESET.version) > 6
    old = frozen["state"]
    assert "minor_forces" not in old["board"] and old["board"]["result"] is None
    new = add_minor_forces(copy.deepcopy(old))
    assert new["board"]["minor_forces"] == {} and new["board"]["minor_offensives"] == {}
    assert {k: v for k, v in new["board"].items()
            if k not in ("minor_forces", "minor_offensives")} == old["board"]
    RULESET.check_invariants(new)
    again = add_minor_forces(copy.deepcopy(new))
    assert canonical_json(again) == canonical_json(new)
    # a version-6 war on a minor gets its forces as if set up when declared on: Austria's
    # printed 4 and 1 a year to 1940 (turn 30), and the 0(b) point bought for it
    waring = copy.deepcopy(old)
    waring["board"]["minor_wars"] = [{"power": "GE", "minor": "austria", "since": 29,
                                      "director": "RU", "declined": []}]
    waring["secret"]["IT"]["minor_ap"] = {"austria": 1}
    moved = add_minor_forces(waring)
    assert moved["board"]["minor_forces"] == {"austria": {"army": 4 + 4 + 1, "naval": 0,
                                                          "mobilised": True, "turn": 30}}
    assert moved["secret"]["IT"]["minor_ap"] == {}
    RULESET.check_invariants(moved)


def test_dod_version_8_migration_keeps_a_version_7_state_and_the_chart_applies_from_then_on():
    """Version 8 (rulings 51-53) changes no state: the frozen version-7 game is carried over
    unchanged, and its next declaration on a major power charges the War Chart's US entry."""
    frozen = json.loads((VERSIONS / "days_of_decision-7.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "7" and int(RULESET.version) > 7
    old = frozen["state"]
    new = add_war_chart(copy.deepcopy(old))
    assert canonical_json(new) == canonical_json(old)
    RULESET.check_invariants(new)
    new = add_naval_treaty(add_alignment(add_elections(add_owed_options(add_war_economy(new)))))  # today's shape, to play today's code
    board = new["board"]
    board["wars"], board["casus_belli"], board["treaties"] = [], {}, {}
    board["initiative"] = ["GE", "IT", "CW", "FR", "RU", "JA", "US", "CH"]
    board["turn"], board["conquered"] = 13, []
    before = Fraction(board["us_entry"]["GE"])
    play_option(new, "GE", {"option": "MP4", "target": "FR"}, ScriptedDice({}))
    assert Fraction(board["us_entry"]["GE"]) == before + 11


def test_dod_version_9_migration_adds_no_embargo_no_effort_and_plays_on():
    """Version 9 (IPO 19, 20): the frozen version-8 game gets no embargo and no national effort for anybody; its PM is 1 for everybody, and IPO 20 plays on it (a level up, version 24's income)."""
    frozen = json.loads((VERSIONS / "days_of_decision-8.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "8" and int(RULESET.version) > 8
    old = frozen["state"]
    new = add_war_economy(copy.deepcopy(old))
    board = new["board"]
    assert board["embargoes"] == []
    assert all(e["effort_until"] == 0 and e["efforts"] == 0 for e in board["powers"].values())
    assert all(E.production_multiple(board, p) == 1 for p in board["powers"])
    RULESET.check_invariants(new)
    assert canonical_json(add_war_economy(copy.deepcopy(new))) == canonical_json(new)
    new = add_naval_treaty(add_alignment(add_elections(add_owed_options(new))))  # today's shape, to play today's code
    board = new["board"]
    board["wars"] = [{"aggressor": "GE", "target": "FR", "since": board["turn"]}]
    board["treaties"].pop("FR-GE", None)
    board["ipos_played"] = []
    play_option(new, "GE", {"option": "IPO20"}, ScriptedDice({}))
    assert production.multiple(board, "GE") == Fraction(5, 4)


def test_dod_version_10_migration_owes_nothing_and_every_casus_belli_lasts():
    """Version 10 (8.2 owed options, IPO 9, rulings 60-61): the frozen version-9 game gets no
    debts and no lapse dates; a spy's 0(f) debt is then owed and paid on it."""
    frozen = json.loads((VERSIONS / "days_of_decision-9.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "9" and int(RULESET.version) > 9
    old = frozen["state"]
    assert "owed" not in old["board"]["powers"]["GE"]
    new = add_owed_options(copy.deepcopy(old))
    board = new["board"]
    assert board["casus_belli_until"] == {} and board["bitter_end"] is False
    assert all(e["owed"] == [] for e in board["powers"].values())
    assert board["casus_belli"] == old["board"]["casus_belli"]
    RULESET.check_invariants(new)
    assert canonical_json(add_owed_options(copy.deepcopy(new))) == canonical_json(new)
    board["ipos_played"] = []
    target = board["initiative"][-2]                    # the last, Italy, is conquered
    spy = board["initiative"][0]
    board["powers"][spy]["money"] = 10
    play_option(new, spy, {"option": "IPO9", "target": target, "effect": "0f"},
                ScriptedDice({f"IPO 9 {spy} spies on {target}": [10]}))
    assert [d["option"] for d in board["powers"][target]["owed"]] == ["0f"]


def test_dod_version_11_migration_no_one_has_voted_and_the_us_stays_democratic():
    """Version 11 (8.7.1 IPO 10, MP 0(c), rulings 66-70): the frozen version-10 game has no
    power voted and a Democratic US; a Democrat at peace may then call its own election."""
    frozen = json.loads((VERSIONS / "days_of_decision-10.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "10" and int(RULESET.version) > 10
    old = frozen["state"]
    assert "us_government" not in old["board"]
    new = add_elections(copy.deepcopy(old))
    board = new["board"]
    assert board["us_government"] == "democratic"
    assert all(e["voted_period"] is None for e in board["powers"].values())
    RULESET.check_invariants(new)
    assert canonical_json(add_elections(copy.deepcopy(new))) == canonical_json(new)
    board["ipos_played"] = []
    board["wars"] = [w for w in board["wars"] if "FR" not in (w["aggressor"], w["target"])]
    events = play_option(new, "FR", {"option": "IPO10", "target": "FR"}, ScriptedDice({}))
    assert [e.kind for e in events][-1] == "election_held"
    assert board["powers"]["FR"]["voted_period"] is not None


def test_dod_version_12_migration_no_minor_is_aligned_and_ipo5_plays_on():
    """Version 12 (8.7.1 IPO 5, MP 4, rulings 71-76): the frozen version-11 game has no
    aligned minor; a power at war with an allied minor stacked with it may then align it."""
    frozen = json.loads((VERSIONS / "days_of_decision-11.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "11" and int(RULESET.version) > 11
    old = frozen["state"]
    assert "aligned" not in old["board"]
    new = add_alignment(copy.deepcopy(old))
    board = new["board"]
    assert board["aligned"] == {}
    RULESET.check_invariants(new)
    assert canonical_json(add_alignment(copy.deepcopy(new))) == canonical_json(new)
    board["ipos_played"] = []
    free = [m for m in sorted(board["display"]) if m not in RULESET_POWERS
            and m not in board["minors_conquered"]
            and not any(w["minor"] == m for w in board["minor_wars"])]
    minor, power, enemy = free[0], "FR", "GE"
    for p in (power, enemy):
        assert p not in board["conquered"]
    board["wars"] = [w for w in board["wars"] if power not in (w["aggressor"], w["target"])]
    board["wars"].append({"aggressor": enemy, "target": power, "since": board["turn"]})
    board["display"][minor] = board["display"][power]
    board["alliances"][minor] = [power]
    board["powers"][power]["money"] = 10
    play_option(new, power, {"option": "IPO5", "minor": minor}, ScriptedDice({}))
    assert board["aligned"] == {minor: power}


def test_dod_version_13_migration_the_naval_treaty_is_empty_and_ipo15_plays_on():
    """Version 13 (8.7.1 IPO 15, 10.3, rulings 79-81): the frozen version-12 game has no naval
    treaty; after the migration it is empty and a power may join it."""
    frozen = json.loads((VERSIONS / "days_of_decision-12.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "12" and int(RULESET.version) > 12
    old = frozen["state"]
    assert "naval_treaty" not in old["board"]
    new = add_naval_treaty(copy.deepcopy(old))
    board = new["board"]
    assert board["naval_treaty"] == []
    RULESET.check_invariants(new)
    assert canonical_json(add_naval_treaty(copy.deepcopy(new))) == canonical_json(new)
    board["ipos_played"] = []
    board["wars"] = []
    board["powers"]["FR"]["money"] = 10
    play_option(new, "FR", {"option": "IPO15", "treaty": "join"}, ScriptedDice({}))
    assert board["naval_treaty"] == ["FR"]


def test_dod_version_14_migration_the_league_is_as_at_start_and_ipo16_plays_on():
    """Version 14 (8.7.1 IPO 16, rulings 82-89): the frozen version-13 game gets the League's
    starting members, no credit, no sanction and no open vote; a member may then leave."""
    frozen = json.loads((VERSIONS / "days_of_decision-13.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "13" and int(RULESET.version) > 13
    old = frozen["state"]
    assert "league" not in old["board"]
    new = add_league(copy.deepcopy(old))
    board = new["board"]
    assert board["league"] == {"members": sorted(["CH", "CW", "FR", "IT", "RU", *MINORS]),
                               "credit": {}, "sanctions": []}
    assert new["flow"]["league_vote"] is None and new["flow"]["league_peace"] is None
    RULESET.check_invariants(new)
    assert canonical_json(add_league(copy.deepcopy(new))) == canonical_json(new)
    board["ipos_played"] = []
    board["powers"]["FR"]["money"] = 10
    play_option(new, "FR", {"option": "IPO16", "league": "leave"}, ScriptedDice({}))
    assert "FR" not in board["league"]["members"]


def test_dod_version_15_migration_keeps_the_state_and_ipo4_plays_on():
    """Version 15 (8.7.1 IPO 4, rulings 90-95): the frozen version-14 game is kept as it is
    (cells and markers were already on the board); a coup may then be tried on it."""
    frozen = json.loads((VERSIONS / "days_of_decision-14.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "14" and int(RULESET.version) > 14
    old = frozen["state"]
    new = add_coup(copy.deepcopy(old))
    assert canonical_json(new) == canonical_json(old)
    RULESET.check_invariants(new)
    board = new["board"]
    board["ipos_played"] = []
    board["powers"]["GE"]["money"] = 10
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    minor = next(m for m in sorted(MINORS) if {"option": "IPO4", "minor": m} in coup_actions(board, "GE"))
    board["coup_cells"].pop(minor, None)
    board["alliances"].pop(minor, None)
    had = board["modifiers"].get(minor, {}).get("GE", 0)
    play_option(new, "GE", {"option": "IPO4", "minor": minor},
                ScriptedDice({f"IPO 4 GE coup in {minor}": [10],
                              f"IPO 4 GE control dice in {minor}": [5, 5, 5]}))
    assert board["modifiers"].get(minor, {}).get("GE", 0) == had + 15


def test_dod_version_16_migration_no_coup_is_waiting_and_the_cell_window_opens_after():
    """Version 16 (8.7.1 IPO 4, ruling 91 amended): a version-15 coup resolved within its own
    option, so the frozen version-15 game waits on no coup: the window is closed. A coup tried
    on it afterwards asks the other cell holder."""
    frozen = json.loads((VERSIONS / "days_of_decision-15.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "15" and int(RULESET.version) > 15
    old = frozen["state"]
    assert "coup" not in old["flow"]
    new = add_coup_cell_window(copy.deepcopy(old))
    assert new["flow"]["coup"] is None
    assert canonical_json({**new, "flow": {k: v for k, v in new["flow"].items() if k != "coup"}}) \
        == canonical_json(old)
    RULESET.check_invariants(new)
    assert canonical_json(add_coup_cell_window(copy.deepcopy(new))) == canonical_json(new)
    board = new["board"]
    board["ipos_played"] = []
    board["powers"]["GE"]["money"] = 10
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    minor = next(m for m in sorted(MINORS) if {"option": "IPO4", "minor": m} in coup_actions(board, "GE"))
    board["coup_cells"][minor] = ["RU"]
    events = play_option(new, "GE", {"option": "IPO4", "minor": minor}, ScriptedDice({}))
    assert [e.kind for e in events] == ["coup_announced"]
    assert new["flow"]["coup"]["holders"] == ["RU"]


def test_dod_version_17_migration_no_civil_war_and_a_coup_after_can_start_one():
    """Version 17 (8.7.1 IPO 4, 9.5; ruling 93 amended): a version-16 civil-war result changed
    nothing, so the frozen version-16 game has no civil war and no rebel government. A coup
    rolled to its civil-war result on it afterwards starts one."""
    frozen = json.loads((VERSIONS / "days_of_decision-16.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "16" and int(RULESET.version) > 16
    old = frozen["state"]
    assert "civil_wars" not in old["board"]
    new = add_civil_wars(copy.deepcopy(old))
    assert (new["board"]["civil_wars"], new["board"]["rebel_governments"]) == ({}, [])
    added = ("civil_wars", "rebel_governments")
    assert canonical_json({**new, "board": {k: v for k, v in new["board"].items()
                                            if k not in added}}) == canonical_json(old)
    RULESET.check_invariants(new)
    assert canonical_json(add_civil_wars(copy.deepcopy(new))) == canonical_json(new)
    board = new["board"]
    board["ipos_played"] = []
    board["powers"]["GE"]["money"] = 10
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    minor = next(m for m in sorted(MINORS)
                 if {"option": "IPO4", "minor": m} in coup_actions(board, "GE")
                 and not board["coup_cells"].get(m))
    roll = 2 - coup_modifier(board, "GE", minor)        # the table's civil-war result
    assert 1 <= roll <= 10
    dice = ScriptedDice({f"IPO 4 GE coup in {minor}": [roll],
                         f"civil war in {minor}: army split": [5],
                         f"civil war in {minor}: naval split": [5]})
    events = play_option(new, "GE", {"option": "IPO4", "minor": minor}, dice)
    assert dice.left() == {}
    assert "civil_war_begins" in [e.kind for e in events]
    RULESET.check_invariants(new)


def test_dod_version_18_migration_nothing_national_yet_and_the_options_then_play():
    """Version 18 (8.7.2 national options, rulings 105-112): the frozen version-17 game could
    play none, so it gets no option played, no Neutrality Act vote and nobody in the
    Rhineland; a national option then plays on it."""
    frozen = json.loads((VERSIONS / "days_of_decision-17.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "17" and int(RULESET.version) > 17
    old = frozen["state"]
    assert "national" not in old["board"]
    new = add_national_options(copy.deepcopy(old))
    assert new["board"]["national"] == {"played": {}, "neutrality": [], "rhineland": None}
    assert canonical_json({**new, "board": {k: v for k, v in new["board"].items()
                                            if k != "national"}}) == canonical_json(old)
    RULESET.check_invariants(new)
    assert canonical_json(add_national_options(copy.deepcopy(new))) == canonical_json(new)
    board = new["board"]
    board["powers"]["US"]["mp_played"] = []
    board["powers"]["US"]["money"] = 10
    board["wars"] = [w for w in board["wars"] if "US" not in (w["aggressor"], w["target"])]
    play_option(new, "US", {"option": "US6", "act": "pass"}, ScriptedDice({}))
    assert board["national"]["neutrality"] == ["pass"]
    RULESET.check_invariants(new)


def test_dod_version_19_migration_no_home_territory_yet_and_ge7_then_plays():
    """Version 19 (the political map, GE 7 Anschluss, rulings 113-120): the frozen version-18
    game could not play GE 7, so no territory has joined a home country; GE 7 then plays on it
    where Austria is still free."""
    frozen = json.loads((VERSIONS / "days_of_decision-18.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "18" and int(RULESET.version) > 18
    old = frozen["state"]
    assert "home" not in old["board"]["national"]
    new = add_home_territories(copy.deepcopy(old))
    assert new["board"]["national"]["home"] == {}
    new["board"]["national"].pop("home")
    assert canonical_json(new) == canonical_json(old)
    new = add_home_territories(new)
    RULESET.check_invariants(new)
    board = new["board"]
    if "austria" in board["minors_conquered"] or any(w["minor"] == "austria"
                                                      for w in board["minor_wars"]):
        return
    board["powers"]["GE"]["mp_played"] = []
    board["national"]["played"].pop("GE7", None)
    board["alliances"].pop("austria", None)
    board["aligned"].pop("austria", None)
    board["civil_wars"].pop("austria", None)
    board["powers"]["GE"]["efforts"] = 0
    board["powers"]["GE"]["effort_until"] = 0
    play_option(new, "GE", {"option": "GE7"}, ScriptedDice({}))
    assert board["national"]["home"] == {"austria": "GE"}
    RULESET.check_invariants(new)


def test_dod_version_20_migration_nothing_due_and_it7_ch6_ja6_then_play():
    """Version 20 (IT 7, CH 6 and its 0(f), JA 6's limited war; rulings 121-127): the frozen
    version-19 game could play none of them, so no army is due and every war is a full one;
    then IT 7, CH 6 (answered by the US) and JA 6 play on it."""
    frozen = json.loads((VERSIONS / "days_of_decision-19.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "19" and int(RULESET.version) > 19
    old = frozen["state"]
    assert "army_due" not in old["board"]["national"]
    assert not any(w.get("limited") for w in old["board"]["wars"])
    new = add_national_replies(copy.deepcopy(old))
    assert new["board"]["national"]["army_due"] == {} and new["board"]["national"]["colonies"] == {}
    new["board"]["national"].pop("army_due")
    new["board"]["national"].pop("colonies")
    assert canonical_json(new) == canonical_json(old)
    new = add_national_replies(new)
    RULESET.check_invariants(new)
    board = new["board"]
    for power in ("IT", "CH", "JA", "US"):
        board["powers"][power]["mp_played"] = []
        board["powers"][power]["mp0_played"] = False
        board["powers"][power]["efforts"] = 0
        board["powers"][power]["effort_until"] = 0
        board["bids"][power]["options"] = int(board["bids"][power]["options"]) + 1
    board["initiative"] = ["IT", "CH", "JA"] + [p for p in board["initiative"]
                                                if p not in ("IT", "CH", "JA")]
    board["alliances"].pop("austria", None)
    play_option(new, "IT", {"option": "IT7"}, ScriptedDice({}))
    assert board["national"]["home"] == {"austria": "IT"}
    play_option(new, "CH", {"option": "CH6"}, ScriptedDice({}))
    play_option(new, "US", {"option": "0f", "agree": ["CH"]}, ScriptedDice({}))
    assert {"option": "JA6"} not in O.legal_options(board, "JA")          # behind China
    board["initiative"] = ["IT", "JA", "CH"] + board["initiative"][3:]
    assert {"option": "JA6"} in O.legal_options(board, "JA")
    RULESET.check_invariants(new)


def test_dod_version_21_migration_no_demand_yet_and_ge8_then_plays():
    """Version 21 (GE 8 / GE 10 and their blockers; rulings 129-133): the frozen version-20
    game could make no demand, so none waits, none is blocked, no tribute is paid; then GE 8
    plays on it and the Sudetenland joins Germany at the end of political affairs."""
    frozen = json.loads((VERSIONS / "days_of_decision-20.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "20" and int(RULESET.version) > 20
    old = frozen["state"]
    assert "demands" not in old["board"]["national"]
    new = add_demands(copy.deepcopy(old))
    national = new["board"]["national"]
    assert (national["demands"], national["blocked"], national["tribute"]) == ([], {}, {})
    for key in ("demands", "blocked", "tribute"):
        national.pop(key)
    assert canonical_json(new) == canonical_json(old)
    new = add_demands(new)
    RULESET.check_invariants(new)
    board = new["board"]
    board["powers"]["GE"].update(mp_played=[], mp0_played=False, efforts=0, effort_until=0)
    board["bids"]["GE"]["options"] = int(board["bids"]["GE"]["options"]) + 1
    assert {"option": "GE8"} in O.legal_options(board, "GE")
    play_option(new, "GE", {"option": "GE8"}, ScriptedDice({}))
    assert board["national"]["demands"] == [{"option": "GE8", "turn": board["turn"]}]
    P.bonus_bids(new, ScriptedDice({}))
    assert board["national"]["home"] == {"sudetenland": "GE"}
    RULESET.check_invariants(new)


def test_dod_version_22_migration_offensives_fit_the_lowered_levels_and_ge9_then_plays():
    """Version 22 (GE 9; rulings 134-137): the frozen version-21 game ceded nothing and is kept
    as it is; a version-21 game that ceded the Sudetenland and then fought Czechoslovakia (a war
    and a civil war counted against its old level, 4) has the excess taken off the holder with
    the most (the government first on a tie), so the new level, 3, holds; then GE 9 plays."""
    frozen = json.loads((VERSIONS / "days_of_decision-21.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "21" and int(RULESET.version) > 21
    old = frozen["state"]
    new = lower_minor_levels(copy.deepcopy(old))
    assert canonical_json(new) == canonical_json(old)
    RULESET.check_invariants(new)
    board = new["board"]
    board["national"]["home"] = {"sudetenland": "GE", "danzig_corridor": "GE"}
    board["national"]["played"] = {"GE8": 1, "GE10": 1}
    board["minor_offensives"] = {"RU>poland": 2, "FR>poland": 2}
    board["civil_wars"]["czechoslovakia"] = {"since": 1, "favoured": "rebels", "sides": {
        side: {"director": d, "plays": {d: 1}, "army": 3, "naval": 0, "offensives": 2,
               "holdings": 2, "lent": {}} for side, d in (("government", "FR"),
                                                           ("rebels", "RU"))}}
    lower_minor_levels(new)
    assert board["minor_offensives"] == {"RU>poland": 2, "FR>poland": 1}   # FR first by name
    sides = board["civil_wars"]["czechoslovakia"]["sides"]
    assert (sides["government"]["offensives"], sides["rebels"]["offensives"]) == (1, 2)
    board["civil_wars"] = {}
    board["powers"]["GE"].update(mp_played=[], mp0_played=False, efforts=0, effort_until=0)
    board["bids"]["GE"]["options"] = int(board["bids"]["GE"]["options"]) + 1
    assert {"option": "GE9"} in O.legal_options(board, "GE")
    play_option(new, "GE", {"option": "GE9"}, ScriptedDice({}))
    assert board["minors_conquered"]["czechoslovakia"] == "GE"


def test_dod_version_23_migration_no_marker_yet_and_ge14_then_plays():
    """Version 23 (GE 13, GE 14; rulings 138-143): the frozen version-22 game could place no
    option resource marker nor move a territory, so it gains an empty `markers` and `claims`
    and nothing else; then GE 14 plays on it."""
    frozen = json.loads((VERSIONS / "days_of_decision-22.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "22" and int(RULESET.version) > 22
    old = frozen["state"]
    assert "markers" not in old["board"]["national"]
    new = add_resource_markers(copy.deepcopy(old))
    assert new["board"]["national"].pop("markers") == {}
    assert new["board"]["national"].pop("claims") == {}
    assert canonical_json(new) == canonical_json(old)
    new = add_resource_markers(new)
    RULESET.check_invariants(new)
    board = new["board"]
    board["powers"]["GE"].update(mp_played=[], mp0_played=False, money=10)   # it owed 10
    assert board["alliances"]["hungary"] == ["JA"] and board["initiative"][0] == "GE"
    assert {"option": "GE14"} in O.legal_options(board, "GE")
    income = board["powers"]["GE"]["income"]
    play_option(new, "GE", {"option": "GE14"}, ScriptedDice({}))
    assert board["national"]["markers"] == {"rumania": {"GE": 2}}
    assert board["powers"]["GE"]["income"] >= income            # capped by Germany's factories
    RULESET.check_invariants(new)


def test_dod_version_24_migration_keeps_the_state_and_pays_income_from_production():
    """Version 24 (10.1, rulings 144-147): nothing in the state changes shape; the frozen
    version-23 game's next production step pays what its territories, minors and PM give."""
    frozen = json.loads((VERSIONS / "days_of_decision-23.json").read_text())
    assert frozen["record"]["versions"]["ruleset"] == "23" and int(RULESET.version) > 23
    old = frozen["state"]
    new = income_from_production(copy.deepcopy(old))
    assert canonical_json(new) == canonical_json(old)
    RULESET.check_invariants(new)
    board = new["board"]
    money = {p: e["money"] for p, e in board["powers"].items()}
    expected = {p: production.income(board, p) for p in board["powers"]}
    events = T.production(new, ScriptedDice({}))
    assert [e for e in events if e.kind == "income"][0].data["income"] == expected
    assert all(board["powers"][p]["money"] == money[p] + expected[p] for p in money)
