"""Balance of Powers level 2 plays 12.1's plan (docs/bots.md): the victory conditions as
targets, the Schlieffen Plan carried out in August, the capitals kept.

12.1's victory: a side holding both Berlin and Paris wins; otherwise the CP win with more than
13 bargaining chips and the EP with more than 6, and with both (or neither) it is a draw
(victory.py's ruling). The arena's Central level 2 (bot version 1) drew half its games
holding 16-20 BCs while the Entente kept 7: the enemy's count decides, and the bot must go
for it.
"""

from __future__ import annotations

import pytest

from engine import bots, kernel, rulesets
from engine.bots.balance_of_powers import world
from engine.bots.match import match_seed, play_match
from engine.bots.runner import bot_turn
from engine.rulesets.balance_of_powers.forces import UNITS, controller, side_of
from engine.rulesets.balance_of_powers.theatre import theatre
from engine.rulesets.balance_of_powers.victory import bc_counts, victory
from tests.engine.bots.test_play import seats_of, table

SCENARIO = "before-the-leaves-fall"


@pytest.fixture(scope="module")
def opening():
    ruleset = rulesets.get("balance_of_powers")
    seats = sorted(seats_of(ruleset, SCENARIO))
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, seats, match_seed(5, 0), "plan")
    return state


def take(state, th, place, nation):
    state["board"]["control"][th.place_loc[place]] = nation


def test_bop_12_1_victory_bcs_are_targets_until_the_count_wins(opening):
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    # The opening: CP 13 (not more than 13), EP 5 (Britain not in) — no one wins yet, so
    # every EP BC is decisive.
    assert bc_counts(state, th) == {"central": 13, "entente": 5}
    targets = world.victory_targets(state, th, "central")
    for place in ("lille", "reims", "warsaw", "riga"):
        assert targets[th.place_loc[place]] >= world.WEIGHTS["victory_bc"], place
    # Paris is worth the game while Germany holds Berlin (both capitals win outright).
    assert targets[th.place_loc["paris"]] == (world.WEIGHTS["victory_bc"]
                                              + world.WEIGHTS["victory_capital"])
    # Belgium and Luxembourg taken: CP 16, EP 5 — the count wins, only Paris stays decisive.
    for place in ("antwerp", "brussels", "luxembourg"):
        take(state, th, place, "germany")
    assert victory(state, th)["winner"] == "central"
    assert world.victory_targets(state, th, "central") == {
        th.place_loc["paris"]: world.WEIGHTS["victory_capital"]}
    # France takes Metz and Strasbourg: CP 14 but EP 7 — both thresholds met is a draw, so
    # the EP's BCs (Metz among them) are decisive again.
    take(state, th, "metz", "france")
    take(state, th, "strasbourg", "france")
    assert bc_counts(state, th) == {"central": 14, "entente": 7}
    assert victory(state, th)["reason"] == "draw"
    targets = world.victory_targets(state, th, "central")
    assert targets[th.place_loc["metz"]] == world.WEIGHTS["victory_bc"]
    assert targets[th.place_loc["lille"]] == world.WEIGHTS["victory_bc"]


def test_bop_12_1_victory_capital_needs_our_own_capital(opening):
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    take(state, th, "berlin", "russia")
    assert th.place_loc["paris"] not in {
        loc for loc, worth in world.victory_targets(state, th, "central").items()
        if worth > world.WEIGHTS["victory_bc"]}
    # The Entente's side of the same rule: Berlin is decisive for it while it holds Paris.
    assert world.victory_targets(opening, th, "entente")[th.place_loc["berlin"]] >= (
        world.WEIGHTS["victory_capital"])


@pytest.fixture(scope="module")
def august():
    """A game to the end of August 1914: Central at level 2, the Entente at level 1."""
    ruleset = rulesets.get("balance_of_powers")
    players = table(ruleset, SCENARIO, 2, "central")
    return play_match(ruleset, SCENARIO, players, seed=match_seed(1, 2), game_uid="plan-aug",
                      max_actions=220)


def test_bop_12_1_level2_central_carries_out_the_schlieffen_plan(august):
    """12.1 Schlieffen Plan: in August Germany attacks or enters Liège and brings at least
    nine corps into Belgium (else the EP win at once)."""
    state = august.final_state
    assert august.illegal == 0 and august.errors == 0, august.problems
    assert state["flow"]["month"] != "1914-08" or august.status == "finished", (
        "the game did not get past August")
    plan = state["plans"]["schlieffen"]
    assert plan["liege"], plan
    assert len(plan["corps"]) >= 9, plan
    assert (august.result or {}).get("reason") != "schlieffen_plan_failed"


def replay_to(august, prefix):
    """The August game's state just before the first answer whose decision id starts with
    `prefix`."""
    ruleset = rulesets.get("balance_of_powers")
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats_of(ruleset, SCENARIO)),
                               match_seed(1, 2), "plan-aug")
    for entry in august.log:
        if entry["decision"] and entry["decision"].startswith(prefix):
            return ruleset, state
        state = kernel.apply(ruleset, state, entry["seat"], entry["decision"], entry["action"],
                             seed=match_seed(1, 2)).state
    raise AssertionError(f"no {prefix} in the game")


def test_bop_12_1_level2_central_never_leaves_its_capital_empty_under_threat(august):
    """The issue's sanity check: Germany's half of August fortnight 2 with a Russian corps
    put next to Berlin and one German corps in it — whatever the Schlieffen drive pulls
    west, Berlin is never left empty while the Russian stands there."""
    ruleset, state = replay_to(august, "1914-08-f2-half-central-germany")
    th = theatre(state["board"]["map"])
    berlin = th.capital["germany"]
    units = state["board"]["units"]
    russian = next(u for u in sorted(units) if UNITS[u].nation == "russia" and UNITS[u].corps)
    units[russian]["at"] = next(loc for loc in th.adj[berlin] if th.home.get(loc) == "germany"
                                and not any(v["at"] == loc for v in units.values()))
    for uid in sorted(units):
        if units[uid]["at"] == berlin:
            units[uid]["at"] = th.adj[berlin][0]
    guard = next(u for u in sorted(units) if UNITS[u].nation == "germany" and UNITS[u].corps
                 and th.home.get(units[u]["at"]) == "germany")
    units[guard]["at"] = berlin
    players = table(ruleset, SCENARIO, 2, "central")
    half = (state["flow"]["step"], state["flow"]["side"], state["flow"]["fortnight"])
    moves = 0
    while moves < 150 and (state["flow"]["step"], state["flow"]["side"],
                           state["flow"]["fortnight"]) == half:
        seat = sorted({s for d in kernel.decisions(ruleset, state) for s in d.seats})[0]
        move = bot_turn(ruleset, state, seat, players[seat], game_uid="plan-aug")
        state = kernel.apply(ruleset, state, seat, move.decision, move.action,
                             seed=match_seed(1, 2)).state
        moves += 1
        held = any(UNITS[u].corps and v["at"] == berlin
                   and side_of(state, UNITS[u].nation) == "central"
                   for u, v in state["board"]["units"].items())
        threatened = any(UNITS[u].corps and v["at"] in th.adj[berlin]
                         and side_of(state, UNITS[u].nation) == "entente"
                         for u, v in state["board"]["units"].items())
        assert held or not threatened, (moves, move.action)
        assert side_of(state, controller(state, th, berlin)) == "central"
    assert moves > 5


def test_bop_greedy_baseline_plays_legally_and_only_attacks_above_evens():
    """The arena's greedy one-ply baseline (issue #25): legal, and every attack it declares
    has better than even odds (BoP 10.62 results, enumerated exactly)."""
    from engine.bots.balance_of_powers import phases
    from engine.bots.balance_of_powers.greedy import EVENS
    ruleset = rulesets.get("balance_of_powers")
    seats = seats_of(ruleset, SCENARIO)
    players = {seat: bots.greedy_for(ruleset, SCENARIO) if side == "central"
               else bots.bot_for(ruleset, SCENARIO, 2) for seat, side in seats.items()}
    report = play_match(ruleset, SCENARIO, players, seed=match_seed(3, 1), game_uid="greedy",
                        max_actions=160)
    assert report.illegal == 0 and report.errors == 0, report.problems
    assert {e["by"] for e in report.log if e["seat"] in ("germany", "austria_hungary")} == {
        "bot:bop-greedy@1"}
    state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats), match_seed(3, 1), "greedy")
    attacks = 0
    for entry in report.log:
        if entry["seat"] == "germany" and "-combat-" in (entry["decision"] or "") and (
                "target" in entry["action"]):
            seen = kernel.view(ruleset, state, "seat:germany")
            ctx = world.build_context(world.position_from_view(seen), "germany")
            assert phases.odds_of(ctx, entry["action"]).favourable > EVENS
            attacks += 1
        state = kernel.apply(ruleset, state, entry["seat"], entry["decision"], entry["action"],
                             seed=match_seed(3, 1)).state
    assert attacks


# --- bot version 4: 12.1's plan as data (docs/bots.md) --------------------------------------

def test_bop_12_1_level2_central_leaves_luxembourg_neutral_and_greedy_keeps_its_table():
    """Version 4 violates Belgium only (Luxembourg joining the Entente was one more EP BC to
    take back); the greedy baseline keeps version 3's table, so it does not move with level 2."""
    import importlib
    greedy = importlib.import_module("engine.bots.balance_of_powers.greedy")
    assert set(world.VIOLATE["central"]) == {"belgium"}
    assert set(greedy.VIOLATE["central"]) == {"belgium", "luxembourg"}


def test_bop_12_1_schlieffen_objectives_once_belgium_is_at_war(opening):
    """The Schlieffen objectives (world.SCHLIEFFEN) draw Germany only once Belgium has joined
    the Entente, only for Germany, and each only until it is German."""
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    assert world.schlieffen_targets(state, th, "germany") == {}
    state["powers"]["belgium"]["side"] = "entente"
    found = world.schlieffen_targets(state, th, "germany")
    assert found == {th.place_loc[p]: w for p, w in world.SCHLIEFFEN.items()}
    assert world.schlieffen_targets(state, th, "austria_hungary") == {}
    take(state, th, "brussels", "germany")
    assert th.place_loc["brussels"] not in world.schlieffen_targets(state, th, "germany")
    ctx = world.build_context(state, "germany")
    assert ctx.decisive[th.place_loc["antwerp"]] >= world.SCHLIEFFEN["antwerp"]
    assert world.build_context(state, "germany", campaign=False).decisive.get(
        th.place_loc["namur"]) is None


GARRISON_GAMES = 2


@pytest.fixture(scope="module")
def against_greedy():
    """Level 2 as Central against the greedy Entente: seeded games into September (past the
    August drive, when the French and Russians first press the garrisons)."""
    ruleset = rulesets.get("balance_of_powers")
    seats = seats_of(ruleset, SCENARIO)
    out = []
    for game in range(GARRISON_GAMES):
        players = {seat: bots.bot_for(ruleset, SCENARIO, 2) if side == "central"
                   else bots.greedy_for(ruleset, SCENARIO) for seat, side in seats.items()}
        uid = f"garrison-{game}"
        out.append((uid, match_seed(7, game), play_match(
            ruleset, SCENARIO, players, seed=match_seed(7, game), game_uid=uid,
            max_actions=260)))
    return ruleset, seats, out


def central_corps_at(state, loc):
    return sorted(u for u, v in state["board"]["units"].items()
                  if v["at"] == loc and UNITS[u].corps and side_of(state, UNITS[u].nation)
                  == "central")


def enemy_near(state, th, loc, radius):
    from engine.bots.heuristic import distances
    near = distances([loc], lambda x: th.adj.get(x, ()), radius)
    return any(v["at"] in near and UNITS[u].corps and side_of(state, UNITS[u].nation)
               == "entente" for u, v in state["board"]["units"].items())


def test_bop_12_1_level2_central_never_strips_a_threatened_garrison(against_greedy):
    """The issue's sanity check, over seeded games against the greedy Entente: no march, rail
    move, sea move, attack or reserve of level 2's takes Berlin (or any garrison place of
    world.GARRISONS) below the corps it keeps while an Entente corps is within the tier's
    radius (Berlin keeps one always: it can be reached by sea)."""
    ruleset, seats, games = against_greedy
    checked = 0
    for uid, seed, report in games:
        assert report.illegal == 0 and report.errors == 0, report.problems
        state, _ = kernel.new_game(ruleset, SCENARIO, {}, sorted(seats), seed, uid)
        th = theatre(state["board"]["map"])
        for entry in report.log:
            seat, action = entry["seat"], entry["action"]
            kind = next((d.kind for d in kernel.decisions_for(ruleset, state, seat)
                         if d.id == entry["decision"]), None)
            moving = (action.get("units") or [action.get("unit") or action.get("reserve")]
                      if kind in ("march", "rail", "sea_move", "combat", "reserve") else [])
            if seats.get(seat) == "central" and moving and moving[0]:
                origin = state["board"]["units"][moving[0]]["at"]
                for place, tiers in world.GARRISONS.get(seat, {}).items():
                    loc = th.place_loc[place]
                    here = central_corps_at(state, loc)
                    kept = max((k for k, radius in tiers
                                if radius is None or enemy_near(state, th, loc, radius)),
                               default=0)
                    if origin != loc or not here or not kept or side_of(
                            state, controller(state, th, loc)) != "central":
                        continue
                    checked += 1
                    left = [u for u in here if u not in moving]
                    assert len(left) >= kept, (uid, entry["decision"], place, action)
            state = kernel.apply(ruleset, state, seat, entry["decision"], action,
                                 seed=seed).state
    assert checked, "no move out of a threatened garrison place was ever considered"


def test_bop_6_6_level2_prices_supply_at_the_commissariat(opening, monkeypatch):
    """BoP 6.6: the commissariat that ends a side's half kills unsupplied corps on a roll, and
    the arena's German garrisons of Brussels died so. Level 2 (version 5) prices each corps a
    move takes out of supply at WEIGHTS["unsupplied"] and each it brings back at the same;
    a move within supply is unchanged. Metz traces to a German source in the opening; Paris
    and Brussels (neutral Belgium) do not. That is the price without 12.1's campaign (the
    greedy baseline's musters); version 6's campaign adds the corps' chance to die
    (test_bop_supply_plan.py)."""
    from engine.bots.balance_of_powers import phases
    from engine.rulesets.balance_of_powers.supply import supplied_locations
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    metz, paris, berlin = (th.place_loc[p] for p in ("metz", "paris", "berlin"))
    supplied = supplied_locations(state, th, "germany")
    assert metz in supplied and berlin in supplied and paris not in supplied
    corps = sorted(u for u in UNITS if UNITS[u].nation == "germany" and UNITS[u].corps)[:2]
    ctx = world.build_context(state, "germany", campaign=False)

    def moves():
        return (phases.relocation(ctx, corps, metz, paris),
                phases.relocation(ctx, corps, paris, metz),
                phases.relocation(ctx, corps, metz, berlin))
    priced = moves()
    monkeypatch.setitem(world.WEIGHTS, "unsupplied", 0.0)
    unpriced = moves()
    penalty = 2 * 3.0
    assert priced[0] == pytest.approx(unpriced[0] - penalty)    # two corps out of supply
    assert priced[1] == pytest.approx(unpriced[1] + penalty)    # two corps back into it
    assert priced[2] == pytest.approx(unpriced[2])              # within supply: no change


def test_bop_12_1_level2_central_musters_a_corps_into_an_empty_berlin(opening):
    """12.1: Berlin and Paris together win outright, and none of Germany's listed set-ups puts
    a corps in Berlin. Version 7 scores a corps mustered into a garrison place short of its
    garrison (Berlin keeps one always) `garrison_muster` above the same muster elsewhere;
    once Berlin holds its corps, or for the greedy baseline, nothing."""
    from engine.bots.balance_of_powers import phases
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    berlin = th.place_loc["berlin"]
    uid = "ger-inf-22_rs"     # an October reinforcement
    assert UNITS[uid].corps and uid not in state["board"]["units"]
    ctx = world.build_context(state, "germany")
    assert ctx.garrison[berlin] == 1 and ctx.ours.get(berlin, 0) == 0
    item = {"action": {"unit": uid, "at": berlin}}
    plain = 0.1 + phases.relocation(ctx, [uid], None, berlin)
    assert phases.muster(ctx, None, item) == pytest.approx(
        plain + world.WEIGHTS["garrison_muster"])
    assert phases.garrison_muster(world.build_context(state, "germany", campaign=False),
                                  uid, berlin) == 0.0
    state["board"]["units"]["ger-inf-21_rs"] = {"at": berlin, "mode": "maneuver"}
    full = world.build_context(state, "germany")
    assert phases.garrison_muster(full, uid, berlin) == 0.0


def test_bop_12_1_level2_france_keeps_paris_garrisoned_always(opening):
    """12.1: Berlin and Paris together win outright. Version 8 keeps a French corps in Paris
    whether or not an enemy is near (cavalry reaches it from beyond any small radius: the
    sanity checker's finding against the greedy Central Powers), and two with one within 3
    hexes; the greedy baseline (campaign off) keeps none."""
    state = kernel.game.copy_json(opening)
    th = theatre(state["board"]["map"])
    paris = th.place_loc["paris"]
    assert world.build_context(state, "france").garrison[paris] == 1
    assert world.build_context(state, "france", campaign=False).garrison == {}
    german = sorted(u for u in UNITS if UNITS[u].nation == "germany" and UNITS[u].corps)[0]
    state["board"]["units"][german] = {"at": th.adj[paris][0], "mode": "maneuver"}
    assert world.build_context(state, "france").garrison[paris] == 2
