"""FA 22 scenarios: our orders of battle, the scripted 1914 opening, the Schlieffen rule
(FA 21.14), automatic entry (FA 22.6). The Commonwealth crosses the sea by naval transport
(version 14, R-N24: test_11_3_4_commonwealth_crossing.py)."""

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import apply, decisions, new_game
from engine.kernel.selfplay import selfplay
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.orders import attack_items, move_items
from engine.rulesets.fatal_alliances.position import by_hex
from engine.rulesets.fatal_alliances.setup import DATA, read_oob
from engine.rulesets.fatal_alliances.war import declare_war
from engine.rulesets.fatal_alliances.zoc import enemy_zoc, is_legal_stack

from .positions import Dice, skip_breakdown

SEATS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman", "russia", "usa"]
needs_map = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                               reason="fa-europe is not compiled")


def campaign():
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, b"\3" * 32, "camp")
    return skip_breakdown(RULESET, state, b"\3" * 32)


@pytest.mark.parametrize("name", ["oob_east_prussia.csv", "oob_campaign_1914.csv"])
def test_fa_22_every_order_of_battle_row_has_a_source(name):
    rows = read_oob(DATA / name)
    assert rows and all(r["source"] for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)


def test_fa_22_east_prussia_sets_up_the_8th_army_and_two_russian_armies():
    state, _ = new_game(RULESET, "east-prussia-1914", {}, ["germany", "russia"], b"\0" * 32,
                        "ep")
    units = state["board"]["units"]
    on = [u for u in units.values() if u["hex"]]
    assert {"ge-i", "ge-xvii", "ge-xx", "ge-i-res", "ge-hq-8"} <= {u["id"] for u in on}
    assert {"ru-hq-1", "ru-hq-2", "ru-iii", "ru-xv"} <= {u["id"] for u in on}
    assert all(is_legal_stack(state, s) for s in by_hex(state).values())
    assert {"unit": "ge-xi", "turn": 2} in state["board"]["production_circle"]


@needs_map
def test_fa_22_3_campaign_opening_austria_acts_germany_passes():
    state = campaign()
    assert all(is_legal_stack(state, s) for s in by_hex(state).values())
    d = {x.seats[0]: x for x in decisions(RULESET, state)}
    assert [o["action"] for o in d["germany"].options] == ["pass"]
    assert "land" in [o["action"] for o in d["austria_hungary"].options]
    assert state["board"]["wars"] == ["austria_hungary|serbia"]
    assert state["board"]["aligned"] == {"serbia": "russia"}
    assert state["board"]["active"] == []


@needs_map
def test_fa_21_14_schlieffen_belgians_face_down_and_no_zoc_on_germans():
    state = campaign()
    belgians = [u for u in state["board"]["units"].values() if u["nation"] == "belgium"]
    assert belgians and all(not u["up"] for u in belgians)
    state["flow"].update(turn=1, impulse=3)
    run_script(state)
    assert "belgium|germany" in state["board"]["wars"]
    assert state["board"]["zoc_silenced"] == {"belgium": ["germany"]}
    assert "britain" in state["board"]["active"]  # stand-in CW entry
    for u in state["board"]["units"].values():     # only the Belgians left on the map
        if u["nation"] != "belgium":
            u["hex"] = None
    assert enemy_zoc(state, "germany") == frozenset()
    state["board"]["zoc_silenced"] = {}
    assert enemy_zoc(state, "germany")


@needs_map
def test_fa_22_6_ottoman_and_italy_enter_on_their_dates():
    state = campaign()
    for turn, power in ((3, "ottoman"), (6, "italy")):
        state["flow"].update(turn=turn, impulse=1)
        run_script(state)
        assert power in state["board"]["active"]
    assert "italy|ottoman" in state["board"]["wars"]


@needs_map
@pytest.mark.slow
def test_fa_selfplay_campaign_runs_to_its_cap_without_errors():
    tally = selfplay(RULESET, "campaign-1914", games=1, seed=5, max_actions=120,
                     check_leaks=False)
    assert not tally.failed, tally.problems[:3]
    assert tally.truncated + tally.finished == 1


@needs_map
def test_fa_listers_offer_a_whole_sides_moves_and_attacks_on_the_full_map():
    """The campaign's opening with the war in the west declared: every major active and on
    a land action, so the listers work through the whole of fa-europe."""
    seed = b"\7" * 32
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, seed, "listers")
    while (open_now := [d for d in decisions(RULESET, state) if d.kind == "breakdown"]):
        state = apply(RULESET, state, open_now[0].seats[0], open_now[0].id, {"done": True},
                      seed=seed).state
    for a, b in (("germany", "france"), ("germany", "russia"), ("austria_hungary", "serbia"),
                 ("germany", "belgium")):
        declare_war(state, a, b)
    state["board"]["aligned"].update(serbia="russia", belgium="france")
    state["flow"]["actions"] = {p: "land" for p in SEATS}
    state["flow"]["used"] = {p: {} for p in SEATS}
    central = ["germany", "austria_hungary"]
    assert sum(len(move_items(state, p)) for p in central) > 100
    assert sum(len(attack_items(state, p)) for p in central) > 0


@needs_map
def test_fa_22_6_bulgaria_portugal_rumania_and_greece_enter_on_their_dates():
    from engine.kernel import Roller
    from engine.rulesets.fatal_alliances.movement import may_enter_country
    from engine.rulesets.fatal_alliances.position import at_war
    from engine.rulesets.fatal_alliances.reinforcement import place_arrivals
    state = campaign()
    for turn, impulse in ((1, 2), (1, 3), (3, 1)):      # the opening DoWs, then the OE
        state["flow"].update(turn=turn, impulse=impulse)
        run_script(state)
    salonika = "41,13"
    assert not may_enter_country(state, "france", salonika)
    state["flow"].update(turn=8, impulse=1)
    place_arrivals(state, Roller(b"\0" * 32, "t", 0))
    assert state["board"]["units"]["bg-1"]["hex"] == "41,11"      # Sofia
    run_script(state)
    board = state["board"]
    assert board["aligned"]["bulgaria"] == "germany"
    assert at_war(state, "bulgaria", "russia") and at_war(state, "bulgaria", "serbia")
    assert board["access"] == {"greece": "entente"}
    assert may_enter_country(state, "france", salonika)           # Allied access
    assert not may_enter_country(state, "germany", salonika)
    for turn, minor, major in ((11, "portugal", "britain"), (13, "romania", "russia")):
        state["flow"].update(turn=turn, impulse=1)
        run_script(state)
        assert board["aligned"][minor] == major
    state["flow"].update(turn=24, impulse=1)
    run_script(state)
    assert board["aligned"]["greece"] == "france" and board["access"] == {}


@needs_map
def test_fa_22_6_an_entering_minor_falls_back_to_an_active_major_of_its_side():
    from engine.rulesets.fatal_alliances.campaign import enter_minor
    state = campaign()
    board = state["board"]
    board["active"] = ["austria_hungary", "russia"]
    events = enter_minor(state, "bulgaria", "germany")
    assert board["aligned"]["bulgaria"] == "austria_hungary"
    assert events[0].data == {"minor": "bulgaria", "major": "austria_hungary"}
    assert enter_minor(state, "bulgaria", "germany") == []        # already in the war


@needs_map
def test_fa_22_3_a_scripted_impulse_cut_off_by_the_turn_end_happens_at_the_next_impulse():
    state = campaign()                                   # turn 1, impulse 1 has been run
    state["flow"].update(turn=2, impulse=1)              # turn 1 ended after impulse 2
    events = run_script(state)
    board = state["board"]
    assert {"germany", "france", "russia", "britain"} <= set(board["active"])
    assert "belgium|germany" in board["wars"]
    assert state["flow"]["forced_pass"] == []            # impulse 2's passes do not carry over
    assert len([e for e in events if e.kind == "scripted_entry"]) == 2
    assert run_script(state) == []                       # each entry happens once


def test_fa_4_2_us_corps_arrive_at_brest_once_the_us_is_at_war():
    """The AEF's arrival hex (Brest, held by France) serves the US once it co-operates with
    France (FA 19.1: neither neutral); before this fix the corps slipped a turn forever."""
    from engine.rulesets.fatal_alliances.reinforcement import place_arrivals
    state, _ = new_game(RULESET, "campaign-1914", {}, SEATS, b"\1" * 32, "us")
    state["flow"]["turn"] = 17
    state["board"]["active"] = ["france"]       # at war since 1914; the US still neutral
    events = place_arrivals(state, Dice())
    assert [e.kind for e in events if e.data.get("unit") == "us-1"] == ["arrival_delayed"]
    state["board"]["active"].append("usa")
    state["flow"]["turn"] = 18                  # they slipped to the next turn
    events = place_arrivals(state, Dice())
    arrived = {e.data["unit"]: e.data["hex"] for e in events if e.kind == "reinforcement"}
    brest = state["board"]["units"]["us-1"]["place_hex"]
    assert arrived.get("us-1") == brest and arrived.get("us-hq") == brest


@needs_map
def test_fa_22_3_the_opening_is_cited_as_the_1914_campaigns_section():
    """Players read "FA 22.3" (the 1914 Campaign); 22.1 is "Sorting out the counters"."""
    from engine.rulesets.fatal_alliances.setup import build_state
    state = build_state("campaign-1914", {"profile": "fa3"}, SEATS)
    state["flow"].update(turn=1, impulse=1)
    assert {e.rule for e in run_script(state)} == {"FA 22.3"}
