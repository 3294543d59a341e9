"""Fatal Alliances — the greedy one-ply baseline the arena measures level 2 against
(issue #25): each decision's answer with the best immediate evaluation, no look-ahead, no
plan.

It reads the same view and value map as level 2, but scores only what an answer pays at once:
- an attack by its exact odds alone (odds.py): the chance that the defender loses more
  half-units than the attacker or gives up the hex; declared when that beats evens, the best
  odds first;
- a land or rail move by the pull gained and the value it captures on arrival: no guarding
  of threatened value, no exposure, no capital kept, no facing;
- the advance after a won combat when the hex is worth anything;
- everything else (the turn's start, combat replies, production) as level 2, so the baseline
  differs from level 2 in exactly what it looks ahead for.

Why not generic: a one-ply evaluation needs the position after each answer, and a bot gets
the view and the listed answers only (never the state or the dice), so "immediate" is read
per ruleset from its own odds and value map, as Balance of Powers' baseline does.
"""

from __future__ import annotations

from typing import Any

from engine.kernel.model import Decision
from engine.rulesets.fatal_alliances.position import controller, is_enemy, unit

from ..heuristic import Score
from . import phases
from .world import WEIGHTS, Context, strength

EVENS = 0.5


def attack(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("done"):
        return 0.0
    favourable = phases.odds_of(ctx, action).favourable
    return 10.0 * favourable if favourable > EVENS else None


def step(ctx: Context, stack: list[dict[str, Any]], dest: str) -> float:
    origin = stack[0]["hex"]
    force = sum(strength(u) for u in stack)
    score = WEIGHTS["pull"] * force * (ctx.pull.get(dest, 0.0) - ctx.pull.get(origin, 0.0))
    owner = controller(ctx.position, dest)
    if owner is not None and is_enemy(ctx.position, ctx.seat, owner):
        score += WEIGHTS["capture"] * ctx.value.get(dest, 0.0)
    return score


def land_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("done"):
        return 0.0
    stack = [unit(ctx.position, i) for i in action["units"]]
    if phases.strands(ctx, stack, action["to"]):
        return None
    return step(ctx, stack, action["to"])


def rail_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("done"):
        return 0.0
    stack = [unit(ctx.position, action["unit"])]
    if phases.strands(ctx, stack, action["to"]):
        return None
    return step(ctx, stack, action["to"]) - WEIGHTS["flip"]


def advance(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    ids = item["action"]["units"]
    if not ids:
        return 0.0
    stack = [unit(ctx.position, i) for i in ids]
    return step(ctx, stack, ctx.position["flow"]["combat"]["target"])


PHASES: dict[str, phases.Phase] = {**phases.PHASES, "land_attack": attack,
                                   "land_move": land_move, "rail_move": rail_move,
                                   "advance": advance}
