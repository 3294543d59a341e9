"""The War to End All Wars, level 2's naval orders (engine/bots/twteaw/naval.py, docs/bots.md;
TWTEAW 4.2 and its missions 4.2.1 transport, 4.2.3 shore bombardment, 4.2.5 patrol, 4.2.7
move, 4.2.8 dock): written in the order schema the editor writes, each accepted by the
ruleset's validator, from the seat's view only, the same from the same view and seed."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import bots, kernel
from engine.bots.match import match_seed, play_match
from engine.bots.protocol import BotRng, Budget
from engine.bots.twteaw import TwteawBot
from engine.bots.twteaw import naval as BN
from engine.bots.twteaw.world import PLAN, Context, build_context, position_from_view
from engine.kernel.canonical import canonical_json
from engine.kernel.dice import Roller
from engine.rulesets.twteaw import RULESET, invasions
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.nations import SEATS
from engine.rulesets.twteaw.naval import friendly_waters
from engine.rulesets.twteaw.war import allied, controller, join_side
from engine.rulesets.twteaw.world import world
from tests.engine.twteaw.positions import empty_board, fresh, put

SCENARIO = "europe-1914"


def orders_of(state: dict[str, Any], seat: str, key: bytes = b"k") -> dict[str, Any]:
    """Level 2's order set for `seat`, from its seat's view (as the runner gives it)."""
    seen = kernel.view(RULESET, state, f"seat:{seat}")
    offers = bots.offers_for(RULESET, state, seat)
    _, action = TwteawBot().decide(seen, offers, BotRng(key * 32), Budget(TwteawBot.work))
    O.validate(state, seat, action)     # the ruleset's own gate, on the true state
    return action


def ctx_for(state: dict[str, Any], seat: str) -> Context:
    return build_context(position_from_view(kernel.view(RULESET, state, f"seat:{seat}")), seat)


def sail(state: dict[str, Any], nation: str, zone: str, **ships: int) -> None:
    fleet = state["secret"][nation]["fleets"].setdefault(zone, {})
    for ship, n in ships.items():
        fleet[ship] = fleet.get(ship, 0) + n


def test_twteaw_4_2_level2_naval_orders_pass_the_gate_over_whole_games():
    """Level 2 in every seat over whole games: its order sets carry naval rows of every mission
    the ruleset accepts (patrol, move, transport, bombard), none is refused by the kernel's gate
    (0 illegal, 0 errors), and sea battles are fought."""
    missions: Counter[str] = Counter()

    def watch(before, move, after):
        if isinstance(move.action, dict):
            for row in move.action.get("naval", []):
                missions[row["mission"]] += 1

    table = {seat: bots.bot_for(RULESET, SCENARIO, 2) for seat in SEATS}
    for game in range(2):
        report = play_match(RULESET, SCENARIO, table, seed=match_seed(11, game),
                            game_uid=f"naval-{game}", options={"turns": 8}, watch=watch)
        assert report.status == "finished", report.problems
        assert (report.illegal, report.errors) == (0, 0), report.problems
    assert set(missions) >= {"patrol", "move", "transport", "bombard"}, missions


def test_twteaw_4_2_1_level2_carries_spare_troops_to_a_friendly_coast():
    """4.2.1: with Britain in the war, the BEF (London's infantry above the capital's two, and
    its guns) sails from the Channel to the friendly French coast nearest a front, on a
    `transport` mission of as many transports as the troops need; the landing is a plain one."""
    state = fresh()
    join_side(state, "britain", "allied")
    action = orders_of(state, "britain")
    (row,) = [r for r in action["naval"] if r["mission"] == "transport"]
    assert row["from"] == "english-channel" and row["carry"]["from"] == "london"
    assert row["carry"]["units"] == {"infantry": 4, "artillery": 2}
    assert row["units"] == {"transport": 4}
    to = row["carry"]["to"]
    assert allied(state, "britain", controller(state, to))
    assert invasions.fate(state, "britain", to) == "land"
    # London is cut off from the front by the sea; the coast chosen is the one nearest a front
    # among the friendly coasts of the zones the transports reach
    ctx = ctx_for(state, "britain")
    dist = BN.war_distance(ctx)
    assert "london" not in dist
    reach = BN.routes(ctx, "english-channel", 2)
    coasts = [dist[a] for z in reach for a in world().coasts[z] if a in dist]
    assert dist[to] == min(coasts) <= 1


def test_twteaw_4_2_3_level2_shells_the_coast_it_invades_and_the_landing_is_fought():
    """4.6.1 with 4.2.3: Bremen held by one German infantry; Britain, at war, with eight spare
    infantry in London, four transports in the Channel and the Grand Fleet in the North Sea.
    Level 2 invades a German coast its transports reach and sends every battleship that reaches
    the same zone to bombard that coast; resolved with the real dice, the landing reaches the
    coast and the battleships' shells are counted in its battle."""
    state = empty_board(fresh())
    join_side(state, "britain", "allied")
    put(state, "britain", "london", infantry=10)
    put(state, "germany", "bremen", infantry=1)
    put(state, "germany", "berlin", infantry=9)
    sail(state, "britain", "english-channel", transport=4)
    sail(state, "britain", "north-sea", battleship=4, cruiser=2)
    action = orders_of(state, "britain")
    (lift,) = [r for r in action["naval"] if r["mission"] == "transport"]
    shells = [r for r in action["naval"] if r["mission"] == "bombard"]
    target = lift["carry"]["to"]
    assert invasions.fate(state, "britain", target) == "invade"
    assert shells and {r["target"] for r in shells} == {target}
    assert all((r["path"] or [r["from"]])[-1] == (lift["path"] or [lift["from"]])[-1]
               for r in shells)
    orders = {n: O.normalise({}) for n in SEATS}
    orders["britain"] = O.validate(state, "britain", action)
    events = R.resolve_turn(state, orders, Roller(seed=b"i" * 32, game_uid="inv", counter=0,
                                                 version=2))
    assert any(e.kind == "invading" and e.data["at"] == target for e in events)
    fought = [e.data for e in events if e.kind == "battle_report"
              and e.audience == "seat:britain" and e.data["area"] == target]
    assert fought and fought[0].get("bombardment") == {"britain": 4}


def test_twteaw_4_2_2_level2_escorts_its_transports_where_enemy_ships_are_near(monkeypatch):
    """4.2.2: with the High Seas Fleet two zones from the Channel (Skagerrak, North Sea), the
    Channel Fleet's warships go with the BEF's transports on an `escort` mission along the same
    path; with no enemy ship near (the German and Austrian fleets gone; no invasion, so the BEF
    sails to France again), nothing escorts them."""
    state = fresh()
    join_side(state, "britain", "allied")
    action = orders_of(state, "britain")
    (lift,) = [r for r in action["naval"] if r["mission"] == "transport"]
    (guard,) = [r for r in action["naval"] if r["mission"] == "escort"]
    assert (guard["from"], guard["path"]) == (lift["from"], lift["path"])
    assert guard["units"] == {"battleship": 3, "cruiser": 3}
    for nation in ("germany", "austria_hungary"):
        state["secret"][nation]["fleets"] = {}
    monkeypatch.setitem(PLAN, "invasion_threshold", 1.01)     # no invasion: the BEF to France
    calm = orders_of(state, "britain")
    assert [r["carry"]["to"] for r in calm["naval"] if r["mission"] == "transport"] == [lift["carry"]["to"]]
    assert not [r for r in calm["naval"] if r["mission"] == "escort"]


def test_twteaw_4_2_5_level2_patrols_only_where_it_outweighs_the_enemy():
    """4.2.5: at the start Germany's High Seas Fleet (6 battleships, 5 cruisers) outweighs
    the Russian Baltic Fleet it sees only as a band (1–5 ships, each weighed as a battleship)
    by the plan's margin, and patrols into the Gulf of Bothnia; cut to three battleships it does
    not, and lies docked in its home waters (no order)."""
    state = fresh()
    action = orders_of(state, "germany")
    patrols = [r for r in action["naval"] if r["mission"] == "patrol"]
    assert [(r["from"], r["path"][-1:]) for r in patrols] == [("skagerrak", ["gulf-of-bothnia"])]
    ctx = ctx_for(state, "germany")
    assert (BN.fleet_strength(patrols[0]["units"])
            >= PLAN["naval_superiority"] * BN.enemy_ships(ctx, "gulf-of-bothnia") > 0)
    state["secret"]["germany"]["fleets"]["skagerrak"] = {"battleship": 3}
    weak = orders_of(state, "germany")
    assert not [r for r in weak["naval"] if r["from"] == "skagerrak"]
    assert friendly_waters(state, "germany", "skagerrak")


def test_twteaw_4_2_8_level2_keeps_its_ships_in_friendly_waters():
    """4.2.8 and 4.2.7: ships with nothing to do stay docked in friendly waters (no order);
    the Goeben, in the Aegean off a neutral Constantinople (where without orders it would
    patrol), moves to the nearest friendly zone on a `move` mission. Every fleet of every seat
    at the start ends its orders in friendly waters unless it patrols."""
    state = fresh()
    action = orders_of(state, "germany")
    (home,) = [r for r in action["naval"] if r["from"] == "aegean-sea"]
    assert home["mission"] == "move" and friendly_waters(state, "germany", home["path"][-1])
    assert not friendly_waters(state, "germany", "aegean-sea")
    for seat in sorted(SEATS):
        rows = {r["from"]: r for r in orders_of(state, seat)["naval"]}
        for zone in state["secret"][seat]["fleets"]:
            row = rows.get(zone)
            if row is None:
                assert friendly_waters(state, seat, zone), (seat, zone)
            elif row["mission"] == "move":
                assert friendly_waters(state, seat, row["path"][-1]), (seat, row)


def test_twteaw_4_2_level2_naval_orders_are_the_same_from_the_same_view_and_seed():
    """Bot determinism: the same view and the same seed give the same naval rows, byte for
    byte, for every seat in the opening and in a position with an invasion to make."""
    states = [fresh()]
    joined = fresh()
    join_side(joined, "britain", "allied")
    states.append(joined)
    written = 0
    for state in states:
        for seat in sorted(SEATS):
            first = orders_of(state, seat, b"s")
            again = orders_of(kernel.game.copy_json(state), seat, b"s")
            assert canonical_json(first["naval"]) == canonical_json(again["naval"])
            written += len(first["naval"])
    assert written


def test_twteaw_4_2_8_level2_keeps_the_warships_abroad_docked_or_brings_them_home():
    """4.2.8 and 4.2.7 with the warships abroad (version 11, ruling 143): Königsberg and the
    Cape squadron lie docked in friendly waters, so level 2 writes no row for them, neutral
    Britain or at war (each sees the other only as a band, weighed as battleships: neither
    hunts). With German East Africa lost, Königsberg is outside friendly waters and level 2
    moves her, by an order the ruleset accepts, to the nearest friendly zone — off German
    South-West Africa, round the Cape."""
    for joined in (False, True):
        state = fresh()
        if joined:
            join_side(state, "britain", "allied")
        for seat, zone in (("germany", "western-indian-ocean"), ("britain", "cape-of-good-hope")):
            assert state["secret"][seat]["fleets"][zone] == {"cruiser": 1}
            rows = [r for r in orders_of(state, seat)["naval"] if r["from"] == zone]
            assert rows == [] and friendly_waters(state, seat, zone), (joined, seat)
    state = fresh()
    join_side(state, "britain", "allied")
    state["board"]["control"]["german-east-africa"] = "britain"
    assert not friendly_waters(state, "germany", "western-indian-ocean")
    (row,) = [r for r in orders_of(state, "germany")["naval"] if r["from"] == "western-indian-ocean"]
    assert row == {"from": "western-indian-ocean", "path": ["mozambique-channel", "cape-of-good-hope"],
                   "units": {"cruiser": 1}, "mission": "move"}
    assert friendly_waters(state, "germany", "cape-of-good-hope")
