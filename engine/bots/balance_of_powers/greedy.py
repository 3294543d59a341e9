"""Balance of Powers — the greedy one-ply baseline the arena measures level 2 against
(issue #25): it takes the best immediate odds and looks no further.

It reads the same view and value map as level 2, but plays only what pays at once:
- an attack is scored by its exact odds alone — P(the defender loses more than the attacker,
  or gives ground) — and declared when that beats evens, the best odds first;
- a march, rail or sea move by the pull gained and the value it captures on arrival, nothing
  else: no plans (Schlieffen, Plan XVII), no guarding, no exposure, no victory count;
- the neutrals violated as level 2 did when the baseline was made (bot version 3);
- everything else (set-up, musters, purchases, combat replies) as level 2, so the
  baseline differs from level 2 in exactly what it looks ahead for.
"""

from __future__ import annotations

from typing import Any

from engine.kernel.model import Decision
from engine.rulesets.balance_of_powers.forces import UNITS, controller, side_of
from engine.rulesets.balance_of_powers.tables import RAIL_COST

from ..heuristic import Score
from . import phases
from .world import WEIGHTS, Context

EVENS = 0.5

# The neutrals the baseline violates: level 2's table as it stood when the baseline was made
# (bot version 3), kept so that the baseline does not move when level 2's plan does.
VIOLATE = {"central": {"belgium": 10.0, "luxembourg": 6.0}, "entente": {}}


def violate(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    nation = item["action"]["violate"]
    if nation is None:
        return 0.0
    return VIOLATE.get(ctx.side, {}).get(nation)


def attack(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    favourable = phases.odds_of(ctx, item["action"]).favourable
    return 10.0 * favourable if favourable > EVENS else None


def step(ctx: Context, units: list[str], dest: str) -> float:
    corps = [u for u in units if UNITS[u].corps]
    origin = phases.at(ctx, units[0])
    score = WEIGHTS["pull"] * len(corps) * (ctx.pull.get(dest, 0.0) - ctx.pull.get(origin, 0.0))
    owner = side_of(ctx.position, controller(ctx.position, ctx.th, dest))
    if owner is not None and owner != ctx.side and any(UNITS[u].captures for u in corps):
        score += WEIGHTS["capture"] * ctx.value.get(dest, 0.0)
    return score


def march(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return step(ctx, item["action"]["units"], item["action"]["to"])


def rail(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return step(ctx, item["action"]["units"], item["action"]["to"]) - WEIGHTS["rp"] * RAIL_COST


def sea_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return step(ctx, [item["action"]["unit"]], item["action"]["to"])


PHASES: dict[str, phases.Phase] = {**phases.PHASES, "combat": attack, "march": march,
                                   "rail": rail, "sea_move": sea_move, "violate": violate}
