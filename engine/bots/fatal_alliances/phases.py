"""Fatal Alliances, level 2 — one phase module per decision kind, each scoring one listed
answer against the turn's value map (world.Context). `done` (and every passive answer)
scores 0, so the bot acts only where something scores above it.

- the turn's start: entrenchments to the most threatened corps; no scrapping, breakdown or
  home-front moves; the first impulse for its own side; no initiative re-roll demands;
- the impulse: the land action; offensive points on face-down HQs; rail and land moves by
  the pull gained, threatened value covered and left uncovered, exposure and facing;
  attacks from exact odds (odds.py), never at or below `WEIGHTS["attack_threshold"]`;
  no move, rail move, advance or attack that leaves the threatened capital or a kept
  objective (world.KEEP: Germany's in East Prussia) below its garrison;
  reorganisation of the most factors;
- combat replies: the table worse for the attacker, the cheapest losses, shatter rather than
  retreat, retreats away from what the side wants, the advance into a hex worth taking;
- production: units by the factors they buy, the required offensive points, entrenchments.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from engine.kernel.model import Decision
from engine.rulesets.fatal_alliances import naval_convoys
from engine.rulesets.fatal_alliances import naval_surprise as surprise_plans
from engine.rulesets.fatal_alliances import shore_bombardment as bombardment
from engine.rulesets.fatal_alliances.combat import defenders_at, down_factor, odds_drm, strengths
from engine.rulesets.fatal_alliances.foreign_troops import commitment_met, foreign_host
from engine.rulesets.fatal_alliances.naval_combat import side_attack
from engine.rulesets.fatal_alliances.position import controller, is_enemy, on_map, unit

from ..heuristic import Score
from . import shipping
from .odds import Odds, attack_odds
from .world import WEIGHTS, Context, strength

W = WEIGHTS
Phase = Callable[[Context, Decision, dict[str, Any]], Score]


def zero(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return 0.0


def passive(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """Kinds level 2 leaves alone: only their `done` (or equivalent) is played."""
    return 0.0 if item["action"].get("done") else None


def worth(u: dict[str, Any]) -> float:
    return W["strength"] * max(1.0, float(u["cf"])) + (W["hq"] if u["type"] == "HQ" else 0.0)


# --- the value map, read for one stack -------------------------------------------------------

def covered(ctx: Context, hex_id: str, ours: float) -> float:
    threat = ctx.threat.get(hex_id, 0.0)
    value = ctx.value.get(hex_id, 0.0)
    if threat <= 0 or value <= 0:
        return value
    guard = ours + 0.5 * ctx.near(ctx.ours, hex_id)
    return value * min(1.0, guard / threat)


def strips_capital(ctx: Context, stack: list[dict[str, Any]], dest: str) -> bool:
    """Would this move take the capital below its garrison while it is threatened (world.
    CAPITALS)? Never the last unit; nor, below the garrison, anything more."""
    capital = ctx.capital
    leaving = [u for u in stack if u["hex"] == capital]   # an advance may gather several hexes
    if capital is None or not leaving or dest == capital or ctx.garrison <= 0:
        return False
    here = ctx.ours.get(capital, 0.0)
    left = here - sum(strength(u) for u in leaving)
    stay = [u for u in on_map(ctx.position) if u["hex"] == capital
            and u["id"] not in {s["id"] for s in leaving}
            and not is_enemy(ctx.position, ctx.seat, u["power"])]
    return not stay or left < min(ctx.garrison, here)


def strips_keep(ctx: Context, stack: list[dict[str, Any]], dest: str) -> bool:
    """Would this move take a kept objective (world.KEEP) below its garrison while it is
    threatened? Never its last unit; nor, below the garrison, anything more."""
    for h, keep in ctx.keep.items():
        leaving = [u for u in stack if u["hex"] == h]
        if not leaving or dest == h:
            continue
        here = ctx.ours.get(h, 0.0)
        ids = {u["id"] for u in leaving}
        stay = [u for u in on_map(ctx.position) if u["hex"] == h and u["id"] not in ids
                and not is_enemy(ctx.position, ctx.seat, u["power"])]
        if not stay or here - sum(strength(u) for u in leaving) < min(keep, here):
            return True
    return False


def attack_strips(ctx: Context, attackers: list[dict[str, Any]]) -> bool:
    """Hold rather than attack when the attack would leave a kept hex — the threatened
    capital, a threatened kept objective — below its garrison: the attackers stay but end
    face-down (FA 11.12), and a face-down unit defends at its lower factor."""
    kept = dict(ctx.keep)
    if ctx.capital is not None and ctx.garrison > 0:
        kept[ctx.capital] = ctx.garrison
    for h, keep in kept.items():
        out = [u for u in attackers if u["hex"] == h]
        if not out:
            continue
        here = ctx.ours.get(h, 0.0)
        weakened = sum(strength(u) - min(float(u["cf"]), float(down_factor(u))) for u in out)
        if weakened > 0 and here - weakened < min(keep, here):
            return True
    return False


def keep_drawn(ctx: Context, force: float, dest: str) -> float:
    """What a move into a kept objective short of its garrison is worth."""
    keep = ctx.keep.get(dest)
    if keep is None:
        return 0.0
    short = keep - ctx.ours.get(dest, 0.0)
    return W["keep_guard"] * max(0.0, min(force, short))


def capital_drawn(ctx: Context, force: float, dest: str) -> float:
    """What a move into a threatened capital short of its garrison is worth."""
    if ctx.capital is None or dest != ctx.capital or ctx.garrison <= 0:
        return 0.0
    short = ctx.garrison - ctx.ours.get(dest, 0.0)
    return W["capital_guard"] * max(0.0, min(force, short))


def relocation(ctx: Context, stack: list[dict[str, Any]], dest: str, *, flips: bool) -> float:
    origin = stack[0]["hex"]
    force = sum(strength(u) for u in stack)
    score = capital_drawn(ctx, force, dest) + keep_drawn(ctx, force, dest) + W["pull"] * force * (ctx.pull.get(dest, 0.0) - ctx.pull.get(origin, 0.0))
    owner = controller(ctx.position, dest)
    if owner is not None and is_enemy(ctx.position, ctx.seat, owner):
        score += W["capture"] * ctx.value.get(dest, 0.0)
    if ctx.side_owns(dest):
        here = ctx.ours.get(dest, 0.0)
        score += W["guard"] * (covered(ctx, dest, here + force) - covered(ctx, dest, here))
    if ctx.side_owns(origin):
        here = ctx.ours.get(origin, 0.0)
        score += W["guard"] * (covered(ctx, origin, max(0.0, here - force))
                               - covered(ctx, origin, here))
    foes = ctx.near(ctx.theirs, dest)
    mine = ctx.ours.get(dest, 0.0) + force
    if foes > mine:
        score -= W["exposure"] * (foes - mine)
    if flips:
        score -= W["flip"] * len(stack)
    return score


def strands(ctx: Context, stack: list[dict[str, Any]], dest: str) -> bool:
    """FA 19.2.1 — would this move take an HQ out of a foreign host's country and leave the
    units of its power that came in this step beyond the commitment limit (destroyed at the
    step's end)? Entry beyond the limit is refused by the rules; leaving is not."""
    start = ctx.position["flow"].get("foreign_start") or {}
    for hq in stack:
        if hq["type"] != "HQ":
            continue
        host = foreign_host(ctx.position, hq["power"], hq["hex"])
        if host is None or foreign_host(ctx.position, hq["power"], dest) == host:
            continue
        origins = {u["id"]: u["hex"] for u in stack}
        ctx.charge(2)
        try:       # the move, tried on the bot's own copy and undone
            for u in stack:
                u["hex"] = dest
            newcomers = [u for u in on_map(ctx.position)
                         if u["power"] == hq["power"] and start.get(u["id"]) != host
                         and foreign_host(ctx.position, u["power"], u["hex"]) == host]
            if newcomers and not commitment_met(ctx.position, host, newcomers):
                return True
        finally:
            for u in stack:
                u["hex"] = origins[u["id"]]
    return False


def land_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("done"):
        return 0.0
    stack = [unit(ctx.position, i) for i in action["units"]]
    if (strands(ctx, stack, action["to"]) or strips_capital(ctx, stack, action["to"])
            or strips_keep(ctx, stack, action["to"])):
        return None
    return relocation(ctx, stack, action["to"], flips=bool(item.get("flip")))


def rail_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.8 — a railed unit ends face-down: worth it for a long way only."""
    action = item["action"]
    if action.get("done"):
        return 0.0
    stack = [unit(ctx.position, action["unit"])]
    if (strands(ctx, stack, action["to"]) or strips_capital(ctx, stack, action["to"])
            or strips_keep(ctx, stack, action["to"])):
        return None
    return relocation(ctx, stack, action["to"], flips=True)


# --- attacks --------------------------------------------------------------------------------

def odds_of(ctx: Context, action: dict[str, Any]) -> Odds:
    key = repr(sorted((k, v if not isinstance(v, list) else tuple(v))
                      for k, v in action.items()))
    found = ctx.odds.get(key)
    if found is None:
        ctx.charge(4)
        found = attack_odds(ctx.position, ctx.seat, action)
        ctx.odds[key] = found
    return found


def attack_value(ctx: Context, action: dict[str, Any], odds: Odds) -> float:
    attackers = [unit(ctx.position, i) for i in action["units"]]
    per_half = W["strength"] * sum(max(1.0, float(u["cf"])) for u in attackers) / max(
        1, sum(2 if u["size"] != "div" else 1 for u in attackers))
    target = action["target"]
    value = W["strength"] * 1.5 * odds.defender_halves - per_half * odds.attacker_halves
    gain = ctx.value.get(target, 0.0) * W["capture"] + W["pull"] * sum(
        strength(u) for u in attackers) * (ctx.pull.get(target, 0.0) - max(
            ctx.pull.get(u["hex"], 0.0) for u in attackers))
    value += odds.cleared * max(0.0, gain)
    return value - W["flip"] * 0.5 * odds.flipped - capital_risk(ctx, attackers, odds)


def capital_risk(ctx: Context, attackers: list[dict[str, Any]], odds: Odds) -> float:
    """What an attack out of a threatened capital risks there: the garrison's factors it
    commits, times the share of the attackers expected lost or left face-down (a face-down
    unit defends at its lower factor)."""
    if ctx.capital is None or ctx.garrison <= 0:
        return 0.0
    committed = sum(strength(u) for u in attackers if u["hex"] == ctx.capital)
    if committed <= 0:
        return 0.0
    halves = sum(2 if u["size"] != "div" else 1 for u in attackers)
    share = min(1.0, odds.attacker_halves / max(1, halves) + odds.flipped / len(attackers))
    return W["capital_guard"] * min(committed, ctx.garrison) * share


def land_attack(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12 — attack only when the exact odds give more than the declared threshold."""
    action = item["action"]
    if action.get("done"):
        return 0.0
    if attack_strips(ctx, [unit(ctx.position, i) for i in action["units"]]):
        return None
    value = attack_value(ctx, action, odds_of(ctx, action))
    return value if value > W["attack_threshold"] else None


def reorganise(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("done"):
        return 0.0
    hq = action.get("hq")
    if hq is not None and ctx.garrison > 0 and unit(ctx.position, hq)["hex"] == ctx.capital:
        return None      # the HQ would end face-down: no support for the threatened capital
    return 0.5 + sum(max(1.0, float(unit(ctx.position, i)["cf"])) for i in action["units"])


def combat_order(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12 step 8 — resolve the declared attack worth most first (its exact odds and what
    clearing the hex gains), so a won combat's retreat and advance come before the doubtful
    ones."""
    target = item["action"]["target"]
    declared = ctx.position["flow"].get("declared", [])
    attack = next((a for a in declared if a["target"] == target), None)
    if attack is None:
        return 0.0
    action = {"target": target, "units": list(attack["attackers"])}
    return attack_value(ctx, action, odds_of(ctx, action))


def hq_support(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12.3 — the HQ's reorganisation value is the DRM it adds, so the biggest value
    first; a defending HQ can support one hex only, so it weighs by the value of the hex at
    stake (the loss that would hurt most). Declining scores 0."""
    hq = item["action"]["hq"]
    if hq is None:
        return 0.0
    if (not decision.reaction and ctx.garrison > 0
            and unit(ctx.position, hq)["hex"] == ctx.capital):
        return None      # supporting an attack would leave the threatened capital's HQ down
    reorg = float(unit(ctx.position, hq).get("reorg", 0) or 0)
    if decision.data.get("target") is None or not decision.reaction:
        return 0.5 + reorg
    return 0.5 + reorg * (1.0 + ctx.value.get(decision.data["target"], 0.0))


def naval_bombard(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12.2 — the ships are worth what they do to the odds: each option scores the odds
    DRM its ships gain for the side (exactly what the ruleset would add with the combat's land
    units now, the other side's ships already committed counted) less 0.1 a ship, so the bot
    commits the fewest ships that give the best odds and keeps the rest face-up for the sea.
    Committing none scores 0."""
    ships = item["action"]["ships"]
    target, side = decision.data["target"], decision.data["side"]
    attack = next((c for c in ctx.position["flow"].get("declared", [])
                   if c["target"] == target), None)
    if not ships or attack is None:
        return 0.0
    position = ctx.position
    pool = position["board"]["units"]
    attackers = [pool[u] for u in attack["attackers"] if u in pool and pool[u]["hex"]]
    defenders = defenders_at(position, attack["declarer"], target)
    base = strengths(position, attackers, target, defenders)
    one = [Fraction(1)] * len(defenders)
    chosen = attack.get("bombard") or {}
    a = base["attack"] + bombardment.value(position, chosen.get("attacker", []), target,
                                           "attacker", base["factors"])
    d = base["defence"] + bombardment.value(position, chosen.get("defender", []), target,
                                            "defender", one)
    if side == "attacker":
        added = bombardment.value(position, ships, target, side, base["factors"])
        gain = odds_drm(a + added, d)[0] - odds_drm(a, d)[0]
    else:
        added = bombardment.value(position, ships, target, side, one)
        gain = odds_drm(a, d)[0] - odds_drm(a, d + added)[0]
    return float(gain) - 0.1 * len(ships)


def liberation(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 13.6.3 — liberate, and give a liberated country's hexes back: co-operation with it
    is worth more than the hexes."""
    action = item["action"]
    return 1.0 if action.get("liberate") or action.get("give_back") else 0.0


# --- combat replies --------------------------------------------------------------------------

def choose_table(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 21.7 — the defender picks the table worse for the attacker."""
    c = ctx.position["flow"]["combat"]
    action = {"target": c["target"], "units": list(c["attackers"]),
              "table": item["action"]["table"]}
    odds = attack_odds(ctx.position, c["declarer"], action)
    ctx.charge(4)
    return -(odds.defender_halves - odds.attacker_halves + 2 * odds.cleared)


def combat_losses(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12.5.4 — lose the least: divisions before corps, breaking before destroying."""
    action = item["action"]
    lost = sum(worth(unit(ctx.position, i)) for i in action["destroy"])
    if action.get("break"):
        lost += 0.5 * worth(unit(ctx.position, action["break"]))
    return -lost


def shatter_or_retreat(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return 1.0 if item["action"]["treat_as"] == "shatter" else 0.0


def retreat(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12.5.5 — the attacker retreats the defenders: away from what it wants."""
    return -ctx.pull.get(item["action"]["to"], 0.0)


def advance(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.12.5.7 — advance into the emptied hex when holding it is worth more."""
    ids = item["action"]["units"]
    if not ids:
        return 0.0
    stack = [unit(ctx.position, i) for i in ids]
    target = ctx.position["flow"]["combat"]["target"]
    if strips_capital(ctx, stack, target) or strips_keep(ctx, stack, target):
        return None
    return relocation(ctx, stack, target, flips=False)


# --- the turn's start and production ----------------------------------------------------------

def action_choice(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 10.1 — a land action moves and attacks without limits; a combined action while the
    transport plan (shipping.py) has troops to carry or transports to bring home."""
    choice = item["action"]["action"]
    if choice == "combined" and ctx.shipping is None:
        ctx.charge(4)
        ctx.shipping = shipping.has_move(ctx.position, ctx.seat, ctx.pull)
    if choice == "combined" and ctx.shipping:
        return 3.0
    return {"land": 2.0, "combined": 1.0}.get(choice, 0.0)


def naval_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.3.4 — the transport plan (shipping.py): troops from home to the nearest friendly
    port abroad the value map draws them to; empty transports home to fetch more."""
    return shipping.score(ctx.position, ctx.seat, item["action"], ctx.pull)


def first_side(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return 1.0 if item["action"]["first"] == ctx.side else 0.0


def initiative_reroll(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 6.1 — a demand costs a space on the track: never."""
    return 0.0 if not item["action"]["reroll"] else None


def entrench(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    u = unit(ctx.position, item["action"]["unit"])
    return 0.1 + ctx.near(ctx.theirs, u["hex"]) + 0.2 * ctx.value.get(u["hex"], 0.0)


def offensive(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 18 — offensive points turn face-down HQs up; nothing else is bought with them."""
    action = item["action"]
    if action.get("done"):
        return 0.0
    return 1.0 if "flip_hq" in action else None


BUILD_VALUE = {"INF corps": 3.0, "CAV corps": 2.0, "GAR corps": 1.5, "INF div": 1.5,
               "CAV div": 1.0, "MIL div": 1.0, "ART div": 1.0, "HQ": 1.0, "ENG div": 0.5,
               "entrenchment": 1.2, "morale": 0.3,
               # FA 13.5.5.4: a built convoy point waits in port (level 2 never sails convoy
               # points, R-N50), so it is worth less than a home-front BP
               "convoy": 0.2}


def build(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 13.5.5, 18 — the offensive points the rules require first, then the most factors."""
    choice = item["action"]["build"]
    if choice is None:
        return 0.0
    if choice == "op":
        board = ctx.position["board"]
        owed = board.get("op_required", {}).get(ctx.seat, 0) - board.get(
            "op_bought", {}).get(ctx.seat, 0)
        return 4.0 if owed > 0 else None
    return BUILD_VALUE.get(choice, 0.5)


def _sea_odds(ctx: Context, area: str, mine: list[str] | None = None) -> float:
    """Our side's attack factors in a sea area over the enemy's (naval combat, FA 11.4)."""
    ships = ctx.position["board"].get("fleets", {})
    ours = [u for u, sh in ships.items() if sh["area"] == area
            and ctx.position["board"]["sides"].get(sh["power"]) == ctx.side]
    theirs = [u for u, sh in ships.items() if sh["area"] == area and u not in ours]
    us = side_attack(ctx.position, mine if mine is not None else ours)
    return us / max(1.0, side_attack(ctx.position, theirs))


def naval_intercept(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.3.5 — try when our guns in the sea area outweigh the enemy's there; SUBs too."""
    action = item["action"]
    if action.get("done"):
        return 0.0
    area = ctx.position["flow"]["naval"]["pending"]["area"]
    return (1.0 + (0.1 if action.get("subs") else 0.0)) if _sea_odds(ctx, area) >= 1.5 else None


def naval_intercepted(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.3.5.3 — fight through only when clearly the stronger, else stop."""
    if item["action"].get("done"):
        return 0.0
    area = ctx.position["flow"]["naval"]["pending"]["area"]
    return 1.0 if _sea_odds(ctx, area) >= 2.0 else None


def _convoy_hunt(ctx: Context, area: str) -> bool:
    """FA 11.4.9 (version 8) — our SUBs in the area meet enemy convoy points there, and the
    enemy's warships there are no stronger than ours: a submarine combat worth starting (its
    SUBs fire on the SUB row at the convoys, only ASW answers, R-N59)."""
    ships = ctx.position["board"].get("fleets", {})
    sides = ctx.position["board"]["sides"]
    if not any(sh["area"] == area and sh["type"] == "SUB" and sides.get(sh["power"]) == ctx.side
               for sh in ships.values()):
        return False
    enemy = next(s for s in ("central", "entente") if s != ctx.side)
    return bool(naval_convoys.at_war_points(ctx.position, area, enemy)) and \
        _sea_odds(ctx, area) >= 1.0


def naval_combat(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.4.2 — start a combat where our side's attack outweighs the enemy's, or where our
    SUBs can attack enemy convoys no stronger fleet guards (11.4.9)."""
    action = item["action"]
    if action.get("done"):
        return 0.0
    odds = _sea_odds(ctx, action["area"])
    if odds >= 1.5:
        return odds
    return 1.5 if _convoy_hunt(ctx, action["area"]) else None


OUTGUNNED = 2.0      # bot version 10: avoid a combat where the enemy's included guns are 2x ours


def naval_surprise(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """FA 11.4.5 (bot version 10) — avoid the combat when the enemy's included units fire at
    least twice what ours do; otherwise the standing plan (every point on our own column,
    listed first); other plans are never taken."""
    waiting = ctx.position["flow"]["naval"]["surprise"]
    side = waiting["side"]
    enemy = next(s for s in waiting["found"] if s != side)
    ours = side_attack(ctx.position, waiting["found"][side])
    theirs = side_attack(ctx.position, waiting["found"][enemy])
    outgunned = theirs >= OUTGUNNED * max(1.0, ours)
    action = item["action"]
    if action.get("avoid"):
        return 2.0 if outgunned else None
    return 1.0 if action == surprise_plans.standing(waiting["points"]) else None


PHASES: dict[str, Phase] = {
    "land_move": land_move, "rail_move": rail_move, "land_attack": land_attack,
    "reorganise": reorganise, "combat_order": combat_order, "hq_support": hq_support,
    "liberation": liberation, "choose_table": choose_table, "combat_losses": combat_losses,
    "shatter_or_retreat": shatter_or_retreat, "retreat": retreat, "advance": advance,
    "action": action_choice, "first_side": first_side, "initiative_reroll": initiative_reroll,
    "entrench": entrench, "offensive": offensive, "build": build,
    "scrap": passive, "home_front": passive, "breakdown": passive,
    "emergency_supply": passive,
    "naval_intercept": naval_intercept, "naval_intercepted": naval_intercepted,
    "naval_combat": naval_combat, "naval_move": naval_move, "naval_bombard": naval_bombard,
    "naval_surprise": naval_surprise,
}
