"""Bots in whole games (engine/bots/match.py): every level of every ruleset plays legally,
the same seed plays the same game byte for byte, and a bot's answer depends on its view only.
"""

from __future__ import annotations

import pytest

from engine import bots, kernel, rulesets
from engine.bots.match import match_seed, play_match
from engine.bots.runner import bot_turn
from engine.kernel.canonical import canonical_json

# (ruleset, scenario, actions played): short games, long enough to reach combat.
GAMES = [("toy_skirmish", "duel", None), ("toy_skirmish", "melee", None),
         ("balance_of_powers", "before-the-leaves-fall", 200),
         ("fatal_alliances", "east-prussia-1914", 200),
         ("fatal_alliances", "campaign-1914", 40),
         ("days_of_decision", "1936", 150)]


def seats_of(ruleset, scenario):
    return {s["id"]: s["side"] for s in ruleset.scenario(scenario)["seats"]}


def table(ruleset, scenario, level, side=None):
    """`level` on `side` (every side when None), level 1 elsewhere."""
    return {seat: bots.bot_for(ruleset, scenario, level if side in (None, s) else 1)
            for seat, s in seats_of(ruleset, scenario).items()}


def cases():
    for ruleset_id, scenario, limit in GAMES:
        for level in bots.levels(ruleset_id):
            yield pytest.param(ruleset_id, scenario, limit, level,
                               id=f"{ruleset_id}-{scenario}-level{level}")


@pytest.mark.parametrize("ruleset_id,scenario,limit,level", cases())
def test_every_level_plays_every_ruleset_legally(ruleset_id, scenario, limit, level):
    ruleset = rulesets.get(ruleset_id)
    for game in range(2 if ruleset_id == "toy_skirmish" else 1):
        options = {"written_orders": True} if ruleset_id == "toy_skirmish" and game else {}
        report = play_match(ruleset, scenario, table(ruleset, scenario, level),
                            seed=match_seed(3, game), game_uid=f"t-{level}-{game}",
                            options=options, max_actions=limit)
        assert report.illegal == 0, report.problems
        assert report.errors == 0, report.problems
        assert report.status in ("finished", "truncated"), report.problems
        assert {entry["by"] for entry in report.log} <= {b.by for b in table(
            ruleset, scenario, level).values()}


@pytest.mark.parametrize("ruleset_id,scenario", [("balance_of_powers", "before-the-leaves-fall"),
                                                 ("fatal_alliances", "east-prussia-1914"),
                                                 ("days_of_decision", "1936")])
def test_the_same_seed_plays_the_same_game(ruleset_id, scenario):
    ruleset = rulesets.get(ruleset_id)
    sides = sorted(set(seats_of(ruleset, scenario).values()))
    runs = [play_match(ruleset, scenario, table(ruleset, scenario, 2, sides[0]),
                       seed=match_seed(9, 0), game_uid="same", max_actions=120)
            for _ in range(2)]
    assert runs[0].final_hash == runs[1].final_hash
    assert canonical_json(runs[0].log) == canonical_json(runs[1].log)


def level2_positions(ruleset_id, scenario, limit, seed=4):
    """Positions where a level-2 bot is to move, from a game against level 1."""
    ruleset = rulesets.get(ruleset_id)
    sides = seats_of(ruleset, scenario)
    players = table(ruleset, scenario, 2, sorted(set(sides.values()))[0])
    seats = sorted(sides)
    state, _ = kernel.new_game(ruleset, scenario, {}, seats, match_seed(seed, 0), "g-pos")
    found = []
    for _ in range(limit):
        if kernel.result(ruleset, state) is not None:
            break
        seat = sorted({s for d in kernel.decisions(ruleset, state) for s in d.seats})[0]
        move = bot_turn(ruleset, state, seat, players[seat], game_uid="g-pos")
        if players[seat].level == 2:
            found.append((seat, state, move))
        state = kernel.apply(ruleset, state, seat, move.decision, move.action,
                             seed=match_seed(seed, 0)).state
    return ruleset, players, found


@pytest.mark.parametrize("ruleset_id,scenario", [("balance_of_powers", "before-the-leaves-fall"),
                                                 ("fatal_alliances", "east-prussia-1914")])
def test_the_same_view_gives_the_same_answer_byte_for_byte(ruleset_id, scenario):
    ruleset, players, found = level2_positions(ruleset_id, scenario, 80)
    assert found
    for seat, state, move in found[::7]:
        again = bot_turn(ruleset, kernel.game.copy_json(state), seat,
                         bots.bot_for(ruleset, scenario, 2), game_uid="g-pos")
        assert canonical_json(again.action) == canonical_json(move.action)
        assert (again.decision, again.work) == (move.decision, move.work)


def test_a_bot_never_reads_what_its_seat_cannot_see():
    """BoP's secret set-up: the other nations' sealed placements (and anything in the state's
    secret part) are poisoned, as the leak check poisons them; the bot answers the same."""
    ruleset = rulesets.get("balance_of_powers")
    scenario = "before-the-leaves-fall"
    seats = sorted(seats_of(ruleset, scenario))
    seed = match_seed(5, 0)
    state, _ = kernel.new_game(ruleset, scenario, {"secret_setup": True}, seats, seed, "g-s")
    for seat in ("austria_hungary", "france"):       # two nations seal their set-ups first
        move = bot_turn(ruleset, state, seat, bots.bot_for(ruleset, scenario, 2),
                        game_uid="g-s")
        state = kernel.apply(ruleset, state, seat, move.decision, move.action, seed=seed).state
    assert state["kernel"]["sealed"]["setup"]
    bot = bots.bot_for(ruleset, scenario, 2)
    clean = bot_turn(ruleset, state, "germany", bot, game_uid="g-s")
    poisoned = kernel.game.copy_json(state)
    for answer in poisoned["kernel"]["sealed"]["setup"].values():
        answer["action"] = {"placement": {u: "\u2063leak\u2063" for u in
                                          answer["action"]["placement"]}}
    poisoned["secret"] = {s: {"\u2063leak\u2063": 1} for s in seats}
    dirty = bot_turn(ruleset, poisoned, "germany", bot, game_uid="g-s")
    assert canonical_json(dirty.action) == canonical_json(clean.action)
    assert dirty.work == clean.work


@pytest.mark.parametrize("ruleset_id,scenario,kind,threshold", [
    ("balance_of_powers", "before-the-leaves-fall", "combat", "attack_threshold"),
    ("fatal_alliances", "east-prussia-1914", "land_attack", "attack_threshold")])
def test_level2_never_attacks_below_its_declared_threshold(ruleset_id, scenario, kind,
                                                           threshold):
    from engine.bots.balance_of_powers import phases as bop_phases
    from engine.bots.balance_of_powers import world as bop_world
    from engine.bots.fatal_alliances import phases as fa_phases
    from engine.bots.fatal_alliances import world as fa_world
    ruleset, players, found = level2_positions(ruleset_id, scenario, 400)
    phases, worlds = ((bop_phases, bop_world) if ruleset_id == "balance_of_powers"
                      else (fa_phases, fa_world))
    attacks = 0
    for seat, state, move in found:
        decision = next(d for d in kernel.decisions_for(ruleset, state, seat)
                        if d.id == move.decision)
        if decision.kind != kind or move.action.get("done"):
            continue
        attacks += 1
        seen = kernel.view(ruleset, state, f"seat:{seat}")
        ctx = worlds.build_context(worlds.position_from_view(seen), seat)
        value = phases.attack_value(ctx, move.action, phases.odds_of(ctx, move.action))
        assert value > worlds.WEIGHTS[threshold], (move.action, value)
    assert attacks, "the game never reached an attack"


MATCH_SCRIPT = """
import sys
from engine import bots, rulesets
from engine.bots.match import match_seed, play_match
from engine.kernel.canonical import canonical_json
ruleset = rulesets.get(sys.argv[1])
scenario = sys.argv[2]
seats = {s["id"]: s["side"] for s in ruleset.scenario(scenario)["seats"]}
level2 = sorted(set(seats.values()))[int(sys.argv[3])]
table = {seat: bots.bot_for(ruleset, scenario, 2 if side == level2 else 1)
         for seat, side in seats.items()}
report = play_match(ruleset, scenario, table, seed=match_seed(2, 0), game_uid="procs",
                    max_actions=int(sys.argv[4]))
print(report.final_hash, len(report.log), sum(t.work for t in report.turns), report.status,
      report.errors, report.illegal)
"""


@pytest.mark.parametrize("ruleset_id,scenario,side,limit", [
    ("balance_of_powers", "before-the-leaves-fall", 0, 150),
    ("balance_of_powers", "before-the-leaves-fall", 1, 150),
    ("fatal_alliances", "east-prussia-1914", 0, 150),
    ("fatal_alliances", "east-prussia-1914", 1, 150)])
def test_the_same_game_in_processes_with_different_hash_seeds(ruleset_id, scenario, side,
                                                              limit):
    """Same seed and views, same answers on any machine: Python's string hashing (and so the
    order of every set) differs between these two processes; the games may not."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", MATCH_SCRIPT, ruleset_id, scenario,
                               str(side), str(limit)], cwd=root, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    # The games must also be sound: an engine error in them once went unseen here (FA: a
    # destroyed division drawn back from the pool, KeyError hex None; fixed, FA 11.12.5.4).
    _, _, _, status, errors, illegal = outputs[0].split()
    assert status in ("finished", "truncated") and errors == illegal == "0", outputs[0]
