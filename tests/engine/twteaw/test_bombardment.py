"""Shore bombardment by battleships (TWTEAW 4.2.3, "Units: Battleship", 4.6.1;
docs/rules/twteaw.md, rulings 80–84): a `bombard` task force takes station off an enemy coast;
its undamaged battleships fire their bombardment value (4, authored) in every round of a
landing of their side there, and in round 1 of a sea battle fire at ships at 25 %.

France lands from the English Channel (through the North Sea into the Skagerrak) on Bremen
(German, a city). The land battle's attack dice are "battle bremen attack r<n>": the landed
units in unit order, then the guns (artillery next door, then the battleships); the defence
dice "battle bremen defence r<n>": the defenders, the city, the coastal defender."""

from __future__ import annotations

import json

import pytest

from engine.kernel import IllegalAction, audiences, decisions, events_for, view
from engine.kernel import simultaneous as S
from engine.kernel.leaks import find_leaks, find_order_leaks
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw.units import SHORE_BOMBARDMENT
from engine.rulesets.twteaw.war import join_side

from .positions import SEED, empty_board, fresh, put, resolve, units


def sail(state, nation, zone, **ships):
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for ship, n in ships.items():
        fleet[ship] = fleet.get(ship, 0) + n


def landing(to="bremen", **cargo):
    return {"from": "english-channel", "path": ["north-sea", "skagerrak"], "units": {"transport": 1},
            "mission": "transport", "carry": {"from": "normandy", "to": to, "units": cargo}}


def bombard(target="bremen", frm="north-sea", path=("skagerrak",), **ships):
    return {"from": frm, "path": list(path), "units": ships or {"battleship": 1},
            "mission": "bombard", "target": target}


@pytest.fixture
def board():
    state = empty_board(fresh())
    sail(state, "france", "english-channel", transport=1)
    sail(state, "france", "north-sea", battleship=1, cruiser=1)
    return state


def report(events, nation, area="bremen"):
    return next(e.data for e in events if e.kind == "battle_report" and e.audience == f"seat:{nation}"
                and e.data["area"] == area)


def test_twteaw_4_2_3_battleships_shell_every_round_of_a_landing(board):
    """One French infantry lands (3 − 3 = 1) with a battleship shelling Bremen (4). Round 1:
    the infantry's 9 misses, the battleship's 4 hits — the coastal defender goes. Round 2: the
    battleship's 3 kills the German infantry. The battleship fires in every round, and France
    takes Bremen; the cruiser beside it does not shell."""
    assert SHORE_BOMBARDMENT == {"battleship": 4}
    put(board, "france", "normandy", infantry=1)
    put(board, "germany", "bremen", infantry=1)
    events = resolve(board, {"france": {"naval": [landing(infantry=1), bombard(battleship=1, cruiser=1)]}},
                     {"battle bremen attack r1": [9, 4], "battle bremen defence r1": [9, 9, 9],
                      "battle bremen attack r2": [9, 3], "battle bremen defence r2": [9, 9]})
    assert board["board"]["control"]["bremen"] == "france"
    assert units(board, "france", "bremen") == {"infantry": 1}
    assert board["secret"]["france"]["fleets"] == {"skagerrak": {"battleship": 1, "cruiser": 1, "transport": 1}}
    assert report(events, "france")["bombardment"] == {"france": 1}
    assert report(events, "germany")["losses"] == {"germany": {"infantry": 1}}


def test_twteaw_4_2_3_the_bombardment_stops_when_the_landed_units_are_gone(board):
    """A landing beside a land attack (a French tank from Hamburg, which France holds here):
    the battleship fires while the landed infantry fights. Round 1 (tank, infantry,
    battleship): all miss; the defence's 1 kills the landed infantry (infantry before tanks).
    From round 2 only the tank rolls: its 1 takes the coastal defender, then its 2 the German
    infantry, and the tank takes Bremen."""
    board["board"]["control"]["hamburg"] = "france"
    put(board, "france", "normandy", infantry=1)
    put(board, "france", "hamburg", tank=1)
    put(board, "germany", "bremen", infantry=1)
    events = resolve(board, {"france": {"naval": [landing(infantry=1), bombard()],
                                        "moves": [{"from": "hamburg", "to": "bremen",
                                                   "units": {"tank": 1}, "rounds": 5}]}},
                     {"battle bremen attack r1": [9, 9, 9], "battle bremen defence r1": [1, 9, 9],
                      "battle bremen attack r2": [1], "battle bremen defence r2": [9, 9, 9],
                      "battle bremen attack r3": [2], "battle bremen defence r3": [9, 9]})
    assert board["board"]["control"]["bremen"] == "france"
    assert units(board, "france", "bremen") == {"tank": 1}
    assert report(events, "france")["losses"] == {"france": {"infantry": 1}, "germany": {"infantry": 1}}


def test_twteaw_4_2_3_a_bombardment_without_a_landing_holds_its_fire(board):
    """Shore bombardment supports beach landings only: with no landing on Bremen (here a land
    attack alone), the battleship does not fire into the battle, and France is told its ships
    held their fire."""
    board["board"]["control"]["hamburg"] = "france"
    put(board, "france", "hamburg", infantry=1)
    put(board, "germany", "bremen", infantry=1)
    events = resolve(board, {"france": {"naval": [bombard()],
                                        "moves": [{"from": "hamburg", "to": "bremen",
                                                   "units": {"infantry": 1}, "rounds": 1}]}},
                     {"battle bremen attack r1": [9], "battle bremen defence r1": [9, 9]})
    assert board["board"]["control"]["bremen"] == "germany"
    assert "bombardment" not in report(events, "france")
    idle = next(e for e in events if e.kind == "bombardment_idle")
    assert idle.audience == "seat:france"
    assert idle.data == {"nation": "france", "zone": "skagerrak", "target": "bremen", "battleships": 1}


def test_twteaw_4_2_3_bombarding_battleships_fire_at_25_percent_in_the_first_sea_round(board):
    """A German cruiser lies docked in the Skagerrak. The bombarding task force is aggressive:
    its battleship hunts (3 − 2 = 1: a 1 finds) and, in round 1, fires at 7 × 25 % = 1, so its
    2 misses (the cruiser beside it fires its full 4: 9 misses). Round 2 is as usual: the
    battleship's 2 sinks the cruiser. No landing follows, so the shells are not fired."""
    sail(board, "germany", "skagerrak", cruiser=1)
    events = resolve(board, {"france": {"naval": [bombard(battleship=1, cruiser=1)]}},
                     {"naval skagerrak allied contact r1": [1, 9], "naval skagerrak allied r1": [2, 9],
                      "naval skagerrak central r1": [9],
                      "naval skagerrak allied contact r2": [1, 9], "naval skagerrak allied r2": [2, 9],
                      "naval skagerrak central r2": [9]})
    assert board["secret"]["germany"]["fleets"] == {}
    assert board["secret"]["france"]["fleets"]["skagerrak"] == {"battleship": 1, "cruiser": 1}
    assert next(e for e in events if e.kind == "naval_battle").data["rounds"] == 2
    assert any(e.kind == "bombardment_idle" for e in events)


def test_twteaw_4_2_3_a_battleship_damaged_at_sea_does_not_shell(board):
    """The German cruiser, docked off Bremen, turns on the invasion force (5 − 1 for the
    battleship: its 4 finds) and damages the battleship in round 1 (its 4 at attack 4; the
    battleship's 9 misses, the transport holds its fire); the damaged battleship no longer
    hunts, and the cruiser's 6 loses contact in round 2. The damaged battleship (bombardment 0)
    stays silent: the landing rolls its own die only, and its 1 takes the empty beach."""
    sail(board, "germany", "skagerrak", cruiser=1)
    put(board, "france", "normandy", infantry=1)
    resolve(board, {"france": {"naval": [landing(infantry=1), bombard(battleship=1)]}},
            {"naval skagerrak allied contact r1": [9], "naval skagerrak central contact r1": [4],
             "naval skagerrak allied r1": [9], "naval skagerrak central r1": [4],
             "naval skagerrak central contact r2": [6],
             "battle bremen attack r1": [1], "battle bremen defence r1": [9, 9]})
    assert board["secret"]["france"]["fleets"]["skagerrak"] == {"damaged_battleship": 1, "transport": 1}
    assert units(board, "france", "bremen") == {"infantry": 1}


def test_twteaw_4_2_3_an_ally_shells_for_a_landing_and_the_fog_keeps_it_to_those_who_fought(board):
    """Britain's battleship shells Bremen for France's landing (an ally's landing is supported).
    Written, the orders are their writers' secret. Resolved, the public learns the battle (who
    landed, who held), not the shelling; Britain, which shelled, and Germany, which was shelled,
    get the report with the bombardment; Italy nothing of it."""
    join_side(board, "britain", "allied")
    del board["secret"]["france"]["fleets"]["north-sea"]
    sail(board, "britain", "north-sea", battleship=1)
    put(board, "france", "normandy", infantry=1)
    british = O.validate(board, "britain", {"naval": [bombard()]})
    french = O.validate(board, "france", {"naval": [landing(infantry=1)]})
    book = {"t1-orders": {"t1-orders-britain": {"seat": "britain", "action": british}}}
    for audience in ("seat:germany", "seat:italy", "public"):
        assert find_order_leaks(RULESET, board, book, audience) == [], audience
    events = resolve(board, {"britain": british, "france": french},
                     {"battle bremen attack r1": [9, 4], "battle bremen defence r1": [9, 9]})
    assert units(board, "france", "bremen") == {"infantry": 1}
    for audience in audiences(RULESET, board):
        assert find_leaks(RULESET, board, audience) == [], audience
    public = next(e for e in events if e.kind == "battle")
    assert public.data["attackers"] == ["france"] and "britain" not in json.dumps(public.data)
    for nation in ("britain", "germany", "france"):
        assert report(events, nation)["bombardment"] == {"britain": 1}, nation
    seen = {a: [e for e in events_for(RULESET, board, events, a) if e["kind"] == "battle_report"]
            for a in ("seat:italy", "public")}
    assert seen == {"seat:italy": [], "public": []}
    assert "britain" not in view(RULESET, board, "seat:germany")["known"]


REFUSALS = [
    ("bombard_needs_battleship", "TWTEAW 4.2.3", bombard(cruiser=1)),
    ("bombard_needs_battleship", "TWTEAW 4.2.3", bombard(frm="english-channel", path=(), target="belgium",
                                                         battleship=1, transport=1)),
    ("bombard_needs_battleship", "TWTEAW 4.2.3", bombard(frm="baltic-sea", path=(), target="konigsberg",
                                                         damaged_battleship=1)),
    ("bombard_without_target", "TWTEAW 4.2.3", {k: v for k, v in bombard().items() if k != "target"}),
    ("target_without_bombardment", "TWTEAW 4.2.3", {**bombard(), "mission": "patrol"}),
    ("bombard_where", "TWTEAW 4.2.3", bombard(target="london")),
    ("bombard_where", "TWTEAW 4.2.3", bombard(target="berlin")),
    ("bombard_own_side", "TWTEAW 4.2.3", bombard(path=(), target="london")),
    ("undeclared", "TWTEAW 1.1", bombard(target="netherlands")),
]


@pytest.mark.parametrize("code,rule,row", REFUSALS, ids=[
    "cruisers-only", "with-transport", "damaged", "no-target", "patrol-with-target", "not-on-coast",
    "inland", "own-side", "neutral"])
def test_twteaw_4_2_3_bombardments_refused_at_order_time(board, code, rule, row):
    """A bombardment needs an undamaged battleship and only warships beside it, a target on
    the coast of its last zone, held by a nation at war with France (or declared on). Nothing
    changes."""
    join_side(board, "britain", "allied")
    sail(board, "france", "baltic-sea", damaged_battleship=1)
    sail(board, "france", "english-channel", battleship=1)
    before = json.dumps(board, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        O.validate(board, "france", {"naval": [row]})
    assert (refused.value.code, refused.value.rule) == (code, rule)
    assert json.dumps(board, sort_keys=True) == before


def test_twteaw_4_2_3_what_may_shell_where(board):
    """A declaration in the same orders makes a neutral's coast a target; a bombardment with no
    landing of one's own is legal (an ally may land) but warned about."""
    O.validate(board, "france", {"declare": ["netherlands"], "naval": [bombard(target="netherlands")]})
    orders = O.validate(board, "france", {"naval": [bombard()]})
    assert [w["code"] for w in O.corroborate(board, "france", orders)] == ["bombard_without_landing"]
    put(board, "france", "normandy", infantry=1)
    orders = O.validate(board, "france", {"naval": [bombard(), landing(infantry=1)]})
    assert O.corroborate(board, "france", orders) == []


def test_twteaw_4_2_3_a_bombardment_written_and_resolved_through_the_kernel(board):
    """Every seat writes its orders and says ready; the turn resolves with dice from the seed.
    France's report of the landing on Bremen names its shelling battleship; the turn moves on."""
    put(board, "france", "normandy", infantry=2)
    put(board, "germany", "bremen", infantry=1)
    group = decisions(RULESET, board)[0].group
    book: S.Book = {}
    for d in decisions(RULESET, board):
        seat = d.seats[0]
        orders = {"naval": [landing(infantry=2), bombard()]} if seat == "france" else {}
        book = S.write_order(RULESET, board, book, seat, d.id, orders)
    state, events = board, []
    for seat in sorted(board["kernel"]["sides"]):
        outcome = S.set_ready(RULESET, state, book, seat, group, True, seed=SEED)
        state, events = outcome.state, events + list(outcome.events)
    assert state["board"]["turn"] == 2
    mine = events_for(RULESET, state, events, "seat:france")
    rep = next(e["data"] for e in mine if e["kind"] == "battle_report" and e["data"]["area"] == "bremen")
    assert rep["bombardment"] == {"france": 1}
    assert state["secret"]["france"]["fleets"]["skagerrak"] == {"battleship": 1, "transport": 1}
