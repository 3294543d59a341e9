"""Closing straits and canals to named nations (TWTEAW 1.4 "Other declarations", map "Straits";
docs/rules/twteaw.md rulings 105–112, version 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction, MalformedAction
from engine.kernel.canonical import state_hash
from engine.rulesets.twteaw import RULESET, fog, straits
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.migrations import v5_to_v6, v8_to_v9, v11_to_v12, v12_to_v13
from engine.rulesets.twteaw.war import join_side

from .positions import empty_board, fresh, put, resolve, units

FROZEN_V5 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-5.json"
CLOSE_TO_RUSSIA = {"close": [{"passage": "bosporus", "nation": "russia"}]}


@pytest.fixture
def board():
    return empty_board(fresh())


def sail(state, nation, zone, **ships):
    state["secret"][nation]["fleets"].setdefault(zone, {}).update(ships)


def through_the_bosporus(**ships):
    return {"from": "western-black-sea", "path": ["aegean-sea"], "units": ships, "mission": "move"}


@pytest.mark.parametrize("code, nation, orders", [
    ("no_such_passage", "ottoman_empire", {"close": [{"passage": "panama", "nation": "russia"}]}),
    ("no_such_passage", "germany", {"close": [{"passage": "kiel", "nation": "britain"}]}),
    ("no_such_nation", "ottoman_empire", {"close": [{"passage": "bosporus", "nation": "atlantis"}]}),
    ("no_such_nation", "ottoman_empire", {"close": [{"passage": "bosporus", "nation": "ottoman_empire"}]}),
    ("not_your_passage", "germany", {"close": [{"passage": "bosporus", "nation": "russia"}]}),
    ("not_your_passage", "germany", {"close": [{"passage": "denmark", "nation": "britain"}]}),
    ("already_closed", "britain", {"close": [{"passage": "suez", "nation": "germany"}]}),
    ("not_closed", "britain", {"reopen": [{"passage": "suez", "nation": "italy"}]}),
    ("not_closed", "ottoman_empire", {"reopen": [{"passage": "bosporus", "nation": "germany"}]}),
    ("close_and_reopen", "britain", {"close": [{"passage": "gibraltar", "nation": "italy"}],
                                     "reopen": [{"passage": "gibraltar", "nation": "italy"}]}),
])
def test_twteaw_1_4_closing_orders_refused_at_order_time(board, code, nation, orders):
    """1.4 and the map's straits: only a holder of the passage's territory closes it, to
    another nation, once; it reopens only what it closed. Anything else is refused with its
    rule and changes nothing."""
    board["board"]["closures"] = [{"passage": "suez", "by": "britain", "to": "germany"}]
    before = state_hash(board)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, nation, orders)
    assert refused.value.code == code
    assert refused.value.rule.startswith("TWTEAW")
    assert refused.value.message
    assert state_hash(board) == before


def test_twteaw_1_4_malformed_closing_orders(board):
    before = state_hash(board)
    for bad in ({"close": ["bosporus"]}, {"close": [{"passage": "bosporus"}]},
                {"reopen": [{"passage": "suez", "nation": 3}]}):
        with pytest.raises(MalformedAction):
            O.validate(board, "ottoman_empire", bad)
    assert state_hash(board) == before


def test_twteaw_1_4_a_closure_declared_this_turn_stops_ships_already_ordered_through(board):
    """Ruling 109: Russia's order through the Bosporus was legal when written; the Ottoman
    closure of the same turn (Phase 1.4, before 4.2) stops the ships in the Western Black Sea,
    and the troops they were to carry stay ashore. Russia alone learns where its ships stopped;
    the closure is news for everyone."""
    sail(board, "russia", "western-black-sea", battleship=1, transport=1)
    put(board, "russia", "sevastopol", infantry=2)
    board["board"]["control"]["greece"] = "russia"     # somewhere friendly to land
    russia = {"naval": [through_the_bosporus(battleship=1),
                        {"from": "western-black-sea", "path": ["aegean-sea"], "units": {"transport": 1},
                         "mission": "transport",
                         "carry": {"from": "sevastopol", "to": "greece", "units": {"infantry": 2}}}]}
    events = resolve(board, {"russia": russia, "ottoman_empire": CLOSE_TO_RUSSIA}, {})
    assert board["secret"]["russia"]["fleets"] == {"western-black-sea": {"battleship": 1, "transport": 1}}
    assert units(board, "russia", "sevastopol") == {"infantry": 2}
    assert board["board"]["closures"] == [{"passage": "bosporus", "by": "ottoman_empire", "to": "russia"}]
    closed = next(e for e in events if e.kind == "strait_closed")
    assert closed.audience is None
    assert closed.data == {"passage": "bosporus", "by": "ottoman_empire", "to": "russia"}
    barred = [e for e in events if e.kind == "passage_barred"]
    assert len(barred) == 2 and {e.audience for e in barred} == {"seat:russia"}
    assert barred[0].data == {"nation": "russia", "from": "western-black-sea",
                              "at": "western-black-sea", "to": "aegean-sea"}


def test_twteaw_1_4_a_standing_closure_is_refused_at_order_time_until_reopened(board):
    """Ruling 107: the closure stands from turn to turn; Russia's order through it is refused
    with the rule (its state unchanged) while France, not named, sails through. Reopened in
    Phase 1.4 of a later turn, the passage lets Russia through that very turn."""
    sail(board, "russia", "western-black-sea", battleship=1)
    sail(board, "france", "western-black-sea", cruiser=1)
    resolve(board, {"ottoman_empire": CLOSE_TO_RUSSIA}, {})
    resolve(board, {}, {})
    assert straits.closed_to(board, "bosporus", "russia")
    before = state_hash(board)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "russia", {"naval": [through_the_bosporus(battleship=1)]})
    assert refused.value.code == "strait_closed" and refused.value.rule == "TWTEAW 1.4"
    assert state_hash(board) == before
    O.validate(board, "france", {"naval": [through_the_bosporus(cruiser=1)]})
    reopen = {"reopen": CLOSE_TO_RUSSIA["close"]}
    events = resolve(board, {"ottoman_empire": reopen}, {})
    assert board["board"]["closures"] == []
    assert next(e for e in events if e.kind == "strait_reopened").data["reason"] == "declared"
    resolve(board, {"russia": {"naval": [through_the_bosporus(battleship=1)]}}, {})
    assert board["secret"]["russia"]["fleets"] == {"aegean-sea": {"battleship": 1}}


def test_twteaw_1_4_a_closure_lapses_when_its_declarer_loses_the_passage(board):
    """Ruling 107: the Bosporus closure holds while the Ottomans keep any one of Constantinople,
    Izmir and Sinope; once they hold none, it is lifted (at once for movement, in the log at
    the end of the turn)."""
    resolve(board, {"ottoman_empire": CLOSE_TO_RUSSIA}, {})
    for area in ("constantinople", "izmir"):
        board["board"]["control"][area] = "russia"
    assert straits.closed_to(board, "bosporus", "russia")
    board["board"]["control"]["sinope"] = "russia"
    assert not straits.closed_to(board, "bosporus", "russia")
    events = resolve(board, {}, {})
    assert board["board"]["closures"] == []
    lifted = next(e for e in events if e.kind == "strait_reopened")
    assert lifted.data["reason"] == "lost" and lifted.audience is None


def test_twteaw_1_4_the_danish_straits_close_but_the_kiel_canal_stays_open_to_its_side(board):
    """Denmark and the Kiel Canal (ruling 106): with Denmark held by Germany the sound opens to
    all, and Germany may close it to Britain; Austria-Hungary, named too, still passes by the
    Kiel Canal, open to Hamburg's side."""
    board["board"]["control"]["denmark"] = "germany"
    join_side(board, "britain", "allied")
    order = {"naval": [{"from": "skagerrak", "path": ["baltic-sea"], "units": {"cruiser": 1}, "mission": "move"}]}
    sail(board, "britain", "skagerrak", cruiser=1)
    O.validate(board, "britain", order)
    board["secret"]["britain"]["fleets"] = {}
    germany = {"close": [{"passage": "denmark", "nation": "britain"},
                         {"passage": "denmark", "nation": "austria_hungary"}]}
    resolve(board, {"germany": germany}, {})
    sail(board, "britain", "skagerrak", cruiser=1)
    sail(board, "austria_hungary", "skagerrak", cruiser=1)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "britain", order)
    assert refused.value.code == "strait_closed"
    O.validate(board, "austria_hungary", order)


def test_twteaw_1_4_closures_in_every_view_and_pending_ones_in_none(board):
    """Fog (ruling 111): while the turn is open a closure is only in its writer's secret orders;
    once resolved every audience reads the closures in force."""
    O.validate(board, "ottoman_empire", CLOSE_TO_RUSSIA)
    for audience in ("seat:russia", "public"):
        assert fog.view(board, audience)["board"]["closures"] == []
    resolve(board, {"ottoman_empire": CLOSE_TO_RUSSIA}, {})
    for audience in ("seat:russia", "seat:germany", "public"):
        assert fog.view(board, audience)["board"]["closures"] == [
            {"passage": "bosporus", "by": "ottoman_empire", "to": "russia"}]


def test_twteaw_1_4_version_5_game_carries_to_version_6():
    """Version 6 (migration v5_to_v6): a frozen version-5 game gets no closures and plays on."""
    state = json.loads(FROZEN_V5.read_text())["state"]
    assert "closures" not in state["board"]
    state = v5_to_v6(state)
    assert state["board"]["closures"] == []
    # the current map: Africa joins with version 9, Asia with 12, North America with 13
    RULESET.check_invariants(v12_to_v13(v11_to_v12(v8_to_v9(state))))
