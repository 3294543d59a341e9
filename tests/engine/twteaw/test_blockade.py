"""US trade and the naval blockade that cuts it (TWTEAW 1.4, 4.2.6, "Variable US Trade";
docs/rules/twteaw.md rulings 97–104, version 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.kernel import IllegalAction
from engine.kernel.canonical import state_hash
from engine.rulesets.twteaw import RULESET, fog, us_trade
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.economy import income_of
from engine.rulesets.twteaw.migrations import v4_to_v5, v8_to_v9, v11_to_v12, v12_to_v13
from engine.rulesets.twteaw.war import join_side

from .positions import empty_board, fresh, resolve

FROZEN_V4 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-4.json"


@pytest.fixture
def board():
    return empty_board(fresh())


def sail(state, nation, zone, **ships):
    state["secret"][nation]["fleets"].setdefault(zone, {}).update(ships)


def blockade(zone, **ships):
    return {"from": zone, "path": [], "units": ships, "mission": "blockade"}


def income_event(events, nation):
    return next(e for e in events if e.kind == "income" and e.data["nation"] == nation)


@pytest.mark.parametrize("code, nation, orders", [
    ("no_such_nation", "france", {"blockade": ["atlantis"]}),
    ("neutral_may_not_blockade", "britain", {"blockade": ["germany"]}),
    ("undeclared", "germany", {"blockade": ["britain"]}),
    ("no_us_trade", "germany", {"blockade": ["serbia"]}),
    ("route_off_sheet", "germany", {"blockade": ["russia"]}),
    ("blockade_without_ships", "france", {"blockade": ["germany"]}),
    ("blockade_without_ships", "france", {"blockade": ["germany"],
                                          "naval": [blockade("north-sea", cruiser=1)]}),
    ("blockade_warships_only", "france", {"blockade": ["germany"],
                                          "naval": [blockade("skagerrak", transport=1)]}),
])
def test_twteaw_1_4_blockade_orders_refused_at_order_time(board, code, nation, orders):
    """1.4 and 4.2.6: a main-war nation declares a blockade of an enemy that receives US trade,
    with its own warships on the blockade mission in a zone of the route; anything else is
    refused with its rule, and the refused order changes nothing."""
    sail(board, "france", "skagerrak", cruiser=1, transport=1)
    sail(board, "france", "north-sea", cruiser=1)
    sail(board, "germany", "skagerrak", cruiser=1)
    before = state_hash(board)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, nation, orders)
    assert refused.value.code == code
    assert refused.value.message
    assert state_hash(board) == before


def test_twteaw_1_4_us_trade_reaches_its_receivers_without_a_blockade(board):
    """Variable US Trade (ruling 97): Germany 8, France 5, Russia 5 on top of their territories'
    income; Britain 10 only once it is out of neutrality; none to anyone else."""
    events = resolve(board, {}, {})
    for nation, trade in (("germany", 8), ("france", 5), ("russia", 5), ("britain", 0), ("serbia", 0)):
        assert income_event(events, nation).data["us_trade"] == trade
        assert board["secret"][nation]["income"] == income_of(board, nation) + trade
    assert board["board"]["us_trade"] == {"france": 5, "germany": 8, "russia": 5}
    join_side(board, "britain", "allied")
    resolve(board, {}, {})
    assert board["board"]["us_trade"]["britain"] == 10


def test_twteaw_1_4_a_held_blockade_cuts_the_us_trade_for_that_turn_only(board):
    """1.4/4.2.6 (rulings 100, 102): French cruisers on a blockade mission in the Skagerrak, the
    blockade of Germany declared: Germany collects no US trade this turn, and everyone reads it.
    Not declared again the next turn, the trade flows again though the ships stay."""
    sail(board, "france", "north-sea", cruiser=2)
    orders = {"naval": [{"from": "north-sea", "path": ["skagerrak"], "units": {"cruiser": 2},
                         "mission": "blockade"}], "blockade": ["germany"]}
    events = resolve(board, {"france": orders}, {})
    assert income_event(events, "germany").data["us_trade"] == 0
    assert board["secret"]["germany"]["income"] == income_of(board, "germany")
    assert board["board"]["blockades"] == {"germany": {"by": ["france"], "cut": True}}
    assert board["board"]["us_trade"]["germany"] == 0
    news = next(e for e in events if e.kind == "us_trade_blockaded")
    assert news.audience is None and news.data == {"on": "germany", "by": ["france"], "trade": 8}
    events = resolve(board, {"france": {"naval": [blockade("skagerrak", cruiser=2)]}}, {})
    assert income_event(events, "germany").data["us_trade"] == 8
    assert board["board"]["blockades"] == {}


def test_twteaw_1_4_every_zone_of_the_route_must_be_held_an_allys_ships_count(board):
    """Phase 9's routes (ruling 98): Britain's trade is cut only with blockaders in both the
    Northern and the Middle Atlantic; a ship of the declarer's ally on the blockade mission holds
    a zone for it (ruling 100)."""
    join_side(board, "britain", "allied")
    sail(board, "germany", "middle-atlantic", cruiser=1)
    sail(board, "austria_hungary", "northern-atlantic", cruiser=1)
    germany = {"naval": [blockade("middle-atlantic", cruiser=1)], "blockade": ["britain"]}
    events = resolve(board, {"germany": germany}, {})
    assert board["board"]["blockades"]["britain"] == {"by": ["germany"], "cut": False}
    assert income_event(events, "britain").data["us_trade"] == 10
    report = next(e for e in events if e.kind == "blockade_report")
    assert report.audience == "seat:germany"
    assert report.data["held"] == ["middle-atlantic"]
    assert next(e for e in events if e.kind == "blockade_broken").audience is None
    events = resolve(board, {"germany": germany,
                             "austria_hungary": {"naval": [blockade("northern-atlantic", cruiser=1)]}}, {})
    assert board["board"]["blockades"]["britain"] == {"by": ["germany"], "cut": True}
    assert income_event(events, "britain").data["us_trade"] == 0


def test_twteaw_1_4_blockaders_sunk_break_the_blockade(board):
    """4.2.6 (ruling 100): the blockade is an aggressive mission; German ships docked in the
    Skagerrak fight it, and when the blockaders are sunk the trade gets through."""
    sail(board, "france", "skagerrak", cruiser=1)
    sail(board, "germany", "skagerrak", battleship=1)
    events = resolve(board, {"france": {"naval": [blockade("skagerrak", cruiser=1)], "blockade": ["germany"]}},
                     {"naval skagerrak allied contact r1": [1],
                      "naval skagerrak allied r1": [9], "naval skagerrak central r1": [1]})
    assert board["secret"]["france"]["fleets"] == {}
    assert board["board"]["blockades"]["germany"]["cut"] is False
    assert income_event(events, "germany").data["us_trade"] == 8


def test_twteaw_1_4_germanys_route_runs_by_the_middle_atlantic_once_it_incorporates_brest(board):
    """Phase 9: with Brest conquered and incorporated by Germany, the Skagerrak alone no longer
    cuts its trade (ruling 98)."""
    assert us_trade.route(board, "germany") == ("skagerrak",)
    board["board"]["control"]["brest"] = "germany"
    board["board"]["incorporated"]["brest"] = {"by": "germany", "turn": 1, "kind": "conquest"}
    assert us_trade.route(board, "germany") == ("skagerrak", "middle-atlantic")
    sail(board, "france", "skagerrak", cruiser=1)
    resolve(board, {"france": {"naval": [blockade("skagerrak", cruiser=1)], "blockade": ["germany"]}}, {})
    assert board["board"]["blockades"]["germany"]["cut"] is False


def test_twteaw_1_4_the_blockade_in_each_view_and_the_orders_warning(board):
    """Fog (ruling 102): every audience reads the declarations and their outcome; the zones held
    are the declarer's report only, and its ships show to others as bands. A blockade task
    force on no declared route is warned about (ruling 103)."""
    sail(board, "france", "skagerrak", cruiser=1)
    events = resolve(board, {"france": {"naval": [blockade("skagerrak", cruiser=1)], "blockade": ["germany"]}}, {})
    for audience in ("seat:germany", "seat:spain", "public"):
        view = fog.view(board, audience)
        assert view["board"]["blockades"] == {"germany": {"by": ["france"], "cut": True}}
        assert view["board"]["us_trade"]["germany"] == 0
    assert fog.view(board, "seat:germany")["bands"]["skagerrak"] == {"france": "black"}
    assert {e.audience for e in events if e.kind == "blockade_report"} == {"seat:france"}
    checked = O.validate(board, "france", {"naval": [blockade("skagerrak", cruiser=1)]})
    assert [w["code"] for w in O.corroborate(board, "france", checked)] == ["blockade_without_declaration"]


def test_twteaw_1_4_version_4_game_carries_to_version_5():
    """Version 5 (migration v4_to_v5): a frozen version-4 game gets empty blockades and US trade
    ledgers and plays on."""
    state = json.loads(FROZEN_V4.read_text())["state"]
    assert "blockades" not in state["board"]
    state = v4_to_v5(state)
    assert state["board"]["blockades"] == {} and state["board"]["us_trade"] == {}
    # the current map: Africa joins with version 9, Asia with 12, North America with 13
    RULESET.check_invariants(v12_to_v13(v11_to_v12(v8_to_v9(state))))
