"""Balance of Powers, level 2 — one phase module per decision kind, each scoring one listed
answer against the turn's value map (world.Context). Finishing (`done`, `stop`, no purchase, no
violation) scores 0, so the bot acts only where something scores above it.

- construction: violations as data (world.VIOLATE), musters and placements where the value map
  draws corps or threatened value needs them, purchases while RP stay above a reserve, Plan
  XVII's penalty on the best French corps;
- movement: marches, rail and sea moves by the pull gained, the threatened value covered and
  left uncovered, the exposure where the force ends, and each corps taken out of supply or
  brought back (level 2's campaign: its chance to die at the commissariat, 6.6);
- attacks: exact odds (odds.py) turned into an expected value, less the commissariat's price
  for attackers that would enter an unsupplied location; an attack is never declared at or
  below `WEIGHTS["attack_threshold"]`;
- combat replies: the best point unit, a reserve, the reroll when its expectation beats the
  roll, paying an RP result, the cheapest loss, the safest retreat;
- the set-up: each listed deployment scored across the worlds drawn for the hidden ones;
- at sea (naval.py): battles a force wins on paper and its scenario's goal, never into a
  stronger force.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel.game import copy_json
from engine.kernel.model import Decision
from engine.rulesets.balance_of_powers import odds as bop_odds
from engine.rulesets.balance_of_powers import setup as bop_setup
from engine.rulesets.balance_of_powers import weather as bop_weather
from engine.rulesets.balance_of_powers.dockyards import step_cost
from engine.rulesets.balance_of_powers.forces import UNITS, controller, side_of
from engine.rulesets.balance_of_powers.losses import table_result
from engine.rulesets.balance_of_powers.tables import (
    COST_CORPS,
    RAIL_COST,
    RP_RESULT_COST,
)

from ..heuristic import Score
from . import endgame
from .naval import naval_move
from .odds import Odds, attack_odds, combat_of, reroll_odds
from .world import VIOLATE, WEIGHTS, Context

W = WEIGHTS
Phase = Callable[[Context, Decision, dict[str, Any]], Score]


def zero(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """Finishing: the baseline every other answer must beat."""
    return 0.0


def never(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """Answers level 2 does not play (breach removal, leader return, landings)."""
    return None


# --- the value map, read for one force -----------------------------------------------------

def covered(ctx: Context, loc: str, ours: float) -> float:
    """The part of a location's worth that `ours` corps there (and half of the side's corps
    next to it) cover against the enemy corps within reach."""
    threat = ctx.threat.get(loc, 0.0)
    worth = ctx.value.get(loc, 0.0)
    if threat <= 0 or worth <= 0:
        return worth
    guard = ours + 0.5 * ctx.friends_next_to(loc)
    return worth * min(1.0, guard / threat)


def relocation(ctx: Context, units: list[str], origin: str | None, dest: str) -> float:
    """What moving `units` from `origin` to `dest` is worth: pull gained, value taken and
    covered, plans advanced, less what is left uncovered and the exposure at `dest`."""
    corps = [u for u in units if UNITS[u].corps]
    n = len(corps)
    score = pull_weight(ctx) * n * (ctx.pull.get(dest, 0.0) - ctx.pull.get(origin or "", 0.0))
    owner = side_of(ctx.position, controller(ctx.position, ctx.th, dest))
    if owner is not None and owner != ctx.side and any(UNITS[u].captures for u in corps):
        score += (W["capture"] * ctx.value.get(dest, 0.0) + ctx.decisive.get(dest, 0.0)) * (
            held_at_end(ctx, corps, dest))
    own = ctx.side_owns(dest)
    score += endgame_keep(ctx, corps, dest)
    if own:
        here = ctx.ours.get(dest, 0)
        score += W["guard"] * (covered(ctx, dest, here + n) - covered(ctx, dest, here))
    if origin is not None and ctx.side_owns(origin):
        here = ctx.ours.get(origin, 0)
        score += W["guard"] * (covered(ctx, origin, max(0, here - n)) - covered(ctx, origin, here))
    score += plan_bonus(ctx, corps, dest, attack=False)
    score += supply_gain(ctx, corps, origin, dest)
    foes = ctx.foes_next_to(dest)
    mine = ctx.ours.get(dest, 0) + n
    if foes > mine + 1:
        score -= W["exposure"] * (foes - mine)
    return score


def supply_gain(ctx: Context, corps: list[str], origin: str | None, dest: str) -> float:
    """BoP 6.6 — what a move does for the corps' supply at the commissariat that ends the
    side's half: each corps that leaves supply costs its `commissariat_risk`, each that
    regains it earns it. Read on the position before the move (a move of ours seldom changes
    the trace)."""
    gain = 0.0
    for uid in corps:
        nation = UNITS[uid].nation
        before = origin is None or ctx.in_supply(nation, origin)
        after = ctx.in_supply(nation, dest)
        gain += commissariat_risk(ctx, uid) * (int(after) - int(before))
    return gain


def commissariat_risk(ctx: Context, uid: str) -> float:
    """BoP 6.6 — what one corps out of supply when its side's half ends costs: `unsupplied`
    and, for level 2's campaign (bot version 6), the corps itself (`corps`) times its chance
    to die there, 1d6 at or above its printed effectiveness. Version 5 priced every corps at
    `unsupplied` (3) alone, less than a hex of pull towards Paris or Warsaw: in the arena
    against the greedy Entente the German army marched out of its supply lines in France and
    Poland and lost up to 23 corps at one commissariat (seed 1 game 2, September)."""
    risk = W["unsupplied"]
    if ctx.campaign:
        risk += W["commissariat"] * W["corps"] * max(0, 7 - UNITS[uid].effectiveness) / 6
    return risk


def pull_weight(ctx: Context) -> float:
    """The pull's weight: in 12.1's last fortnight (bot version 13) only what is held when the
    game ends counts, so a step toward a target the game ends before reaching is worth
    `last_half_pull` of it (the arena's version 12 lost 18 corps at the last commissariat,
    marched out of supply toward Paris)."""
    if ctx.left == 1:
        return W["pull"] * endgame.ENDGAME["last_half_pull"]
    return W["pull"]


def held_at_end(ctx: Context, corps: list[str], dest: str) -> float:
    """BoP 12.1, 6.6 (bot version 13, endgame.py) — in the last month, the chance a place the
    corps take is still held when the game ends (one of them, or of the side's corps already
    there, alive after the commissariats still to come); 1 before it."""
    if ctx.left is None:
        return 1.0
    there = [u for u in ctx.occ.get(dest, ()) if UNITS[u].corps
             and side_of(ctx.position, UNITS[u].nation) == ctx.side and u not in corps]
    everyone = list(corps) + there
    return endgame.hold_chance(ctx.position, everyone,
                               {u: ctx.in_supply(UNITS[u].nation, dest) for u in everyone},
                               ctx.left)


def endgame_keep(ctx: Context, corps: list[str], dest: str) -> float:
    """BoP 12.1 (bot version 13) — in the last month, corps brought into a held BC short of
    its garrison (endgame.garrisons) are worth `endgame_keep` each, up to the shortfall,
    times the chance they still hold it at the end."""
    kept = ctx.garrison.get(dest)
    if ctx.left is None or kept is None or dest not in ctx.th.bcs or not ctx.side_owns(dest):
        return 0.0
    short = kept - ctx.ours.get(dest, 0)
    if short <= 0 or not corps:
        return 0.0
    return endgame.ENDGAME["endgame_keep"] * min(short, len(corps)) * held_at_end(
        ctx, corps, dest)


def attack_supply(ctx: Context, corps: list[str], target: str, take: float) -> float:
    """BoP 6.6, 10.81 — the attackers enter the location they clear: what it costs when it
    lies outside their supply (level 2's campaign only, bot version 6)."""
    if not ctx.campaign:
        return 0.0
    return take * sum(commissariat_risk(ctx, u) for u in corps
                      if not ctx.in_supply(UNITS[u].nation, target))


def plan_bonus(ctx: Context, corps: list[str], loc: str, *, attack: bool) -> float:
    """BoP 12.1 — what entering or attacking `loc` does for the side's August plans."""
    flow, plans, th = ctx.position["flow"], ctx.position["plans"], ctx.th
    if flow["month"] != "1914-08" or not plans.get("active", True):
        return 0.0
    bonus = 0.0
    if ctx.seat == "germany":
        schlieffen = plans["schlieffen"]
        if loc == th.place_loc.get("liege") and not schlieffen["liege"]:
            bonus += W["schlieffen_liege"]
        if not attack and th.home.get(loc) == "belgium":
            new = [u for u in corps if UNITS[u].nation == "germany"
                   and u not in schlieffen["corps"]]
            bonus += W["schlieffen_corps"] * min(len(new), max(0, 9 - len(schlieffen["corps"])))
    if ctx.seat == "france" and flow["fortnight"] <= 1:
        plan = plans["plan17"]
        french = [u for u in corps if UNITS[u].nation == "france" and u not in plan["corps"]]
        if french and th.home.get(loc) in ("germany", "luxembourg") and any(
                th.home.get(o) == "france" for o in th.adj.get(loc, ())) and (
                len(plan["corps"]) < 4 or len(plan["hexes"]) < 2):
            bonus += W["plan_xvii"] * len(french) + (
                W["plan_xvii"] if loc not in plan["hexes"] else 0.0)
    return bonus


def at(ctx: Context, uid: str) -> str:
    return str(ctx.position["board"]["units"][uid]["at"])


# --- movement ------------------------------------------------------------------------------

def strips_garrison(ctx: Context, units: list[str], origin: str) -> bool:
    """12.1 — would moving `units` out of `origin` leave a threatened garrison place
    (world.GARRISONS) with fewer corps than it keeps? Such a move is never played."""
    kept = ctx.garrison.get(origin)
    if kept is None:
        return False
    leaving = sum(1 for u in units if UNITS[u].corps)
    return leaving > 0 and ctx.ours.get(origin, 0) - leaving < kept


def march(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    origin = at(ctx, action["units"][0])
    if strips_garrison(ctx, action["units"], origin):
        return None
    return relocation(ctx, action["units"], origin, action["to"])


def kept_for_attacks(ctx: Context) -> float:
    """RP held back from purchases and rail (BoP 12.1: the attacks that take what decides
    the game need them; version 1 spent all but 3 in September and could not attack in
    October)."""
    return W["rp_reserve"] + (W["rp_attacks"] if ctx.decisive else 0.0)


def rail(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if strips_garrison(ctx, action["units"], at(ctx, action["units"][0])):
        return None
    if ctx.position["powers"][ctx.seat]["rp"] - RAIL_COST < kept_for_attacks(ctx) - W[
            "rp_reserve"] and ctx.position["flow"]["month"] != "1914-08":
        return None
    return relocation(ctx, action["units"], at(ctx, action["units"][0]),
                      action["to"]) - W["rp"] * RAIL_COST


def sea_move(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if strips_garrison(ctx, [action["unit"]], at(ctx, action["unit"])):
        return None
    return relocation(ctx, [action["unit"]], at(ctx, action["unit"]), action["to"])


def entrench(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 9.61 — dig in facing the enemy; come out of the trenches when none is near."""
    action = item["action"]
    foes = ctx.foes_next_to(at(ctx, action["unit"]))
    if action["mode"] == "entrenched":
        if not foes:
            return None
        return W["entrench"] * foes * (1.5 if ctx.side_owns(at(ctx, action["unit"])) else 1.0)
    return 0.5 if not foes else None


# --- attacks -------------------------------------------------------------------------------

def odds_of(ctx: Context, action: dict[str, Any]) -> Odds:
    key = repr(sorted(action.items()))
    found = ctx.odds.get(key)
    if found is None:
        ctx.charge(4)
        found = attack_odds(ctx.position, ctx.th,
                            combat_of(ctx.position, ctx.th, ctx.side, ctx.enemy, action))
        ctx.odds[key] = found
    return found


def attack_value(ctx: Context, action: dict[str, Any], odds: Odds) -> float:
    target = action["target"]
    corps = [u for u in action["units"] if UNITS[u].corps]
    origin = at(ctx, action["units"][0])
    take = odds.takes
    value = W["corps"] * (odds.defender_loss - odds.attacker_loss)
    drawn = ctx.pull.get(target, 0.0) - ctx.pull.get(origin, 0.0)
    if ctx.decisive.get(target):
        drawn = max(0.0, drawn)     # taking what decides the game is never a step back
    value += take * ((W["capture"] * ctx.value.get(target, 0.0) + ctx.decisive.get(target, 0.0))
                     * held_at_end(ctx, corps, target) + pull_weight(ctx) * len(corps) * drawn)
    value += plan_bonus(ctx, corps, target, attack=True)
    value -= attack_supply(ctx, corps, target, take)
    # the rules' own cost: double against a location in bad weather (6.512)
    return value - W["rp"] * bop_weather.attack_cost(ctx.th, ctx.position["flow"]["month"],
                                                     target)


def attack(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10 — attack only when the exact odds give more than the declared threshold."""
    action = item["action"]
    if strips_garrison(ctx, action["units"], at(ctx, action["units"][0])):
        return None     # the attackers enter the place they clear (10.81)
    value = attack_value(ctx, action, odds_of(ctx, action))
    return value if value > W["attack_threshold"] else None


# --- combat replies ------------------------------------------------------------------------

def combat_now(ctx: Context) -> dict[str, Any]:
    return dict(ctx.position["flow"]["combat"])


def point(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.531 — the defender's best point unit."""
    combat = {**combat_now(ctx), "def_point": item["action"]["point"]}
    return float(bop_odds.defender_effectiveness(ctx.position, ctx.th, combat))


def reserve(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.4 — commit a reserve (−1 to the attack) unless it uncovers value."""
    uid = item["action"]["reserve"]
    if uid is None:
        return 0.0
    origin = at(ctx, uid)
    if strips_garrison(ctx, [uid], origin):
        return None     # a committed reserve moves into the defended location (10.42)
    if not ctx.side_owns(origin):
        return 1.0
    here = ctx.ours.get(origin, 0)
    return 1.0 + W["guard"] * (covered(ctx, origin, here - 1) - covered(ctx, origin, here))


def proceed(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.3 — after the bombardment, go on (and pay the attack's RP) when the attack,
    priced again against the fortress as the bombardment left it, still beats the threshold.
    Version 2 had no phase for this kind and took the first listed answer, `proceed: false`:
    it abandoned every attack on a fortress that its guns had bombarded (Liège, Namur,
    Antwerp, Verdun), which is most of what the Central Powers must take in 12.1."""
    if not item["action"]["proceed"]:
        return 0.0
    combat = combat_now(ctx)
    action = {"units": list(combat["units"]), "target": combat["target"],
              "point": combat["point"], "payer": combat["payer"]}
    value = attack_value(ctx, action, odds_of(ctx, action))
    return value if value > W["attack_threshold"] else None


def use_infrastructure(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.572 — the marker's +1 to the attack: used (the marker is spent after the roll,
    but an attack already paid for is the time to spend it)."""
    return 1.0 if item["action"]["use"] else 0.0


def result_value(ctx: Context, final: int, major: bool) -> float:
    """A table result's worth to the seat's side in the combat now fought."""
    att, dfn, flags, _ = table_result({"final": final, "major": major})
    loss = {"RP": 0.5}
    swing = W["corps"] * (loss.get(dfn, dfn) - loss.get(att, att)) + (
        W["corps"] if "gg" in flags else 0.0)
    return float(swing if combat_now(ctx)["attacker"] == ctx.side else -swing)


def reroll(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 12.1 War Guilt — reroll when a fresh roll is worth more than this one."""
    combat = combat_now(ctx)
    major = bool(combat.get("major"))
    if not item["action"]["reroll"]:
        return result_value(ctx, combat["final"], major)
    return sum(float(p) * result_value(ctx, final, major)
               for final, p in reroll_odds(combat).items())


def pay(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.711 — an RP is cheaper than a corps."""
    return W["corps"] - W["rp"] * RP_RESULT_COST if item["action"]["pay"] else 0.0


def loss(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.712 — the least valuable loss: attrition, then the weakest corps."""
    choice = item["action"]["loss"]
    if choice == "attrition":
        return -W["rp"] - 0.5
    if choice == "fortress" or choice not in UNITS:
        return -W["corps"] * 0.6
    return -W["corps"] * (0.5 + UNITS[choice].effectiveness / 4)


def retreat(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 10.722 — retreat toward value and away from the enemy."""
    dest = item["action"]["to"]
    here = ctx.ours.get(dest, 0)
    score = 0.3 * ctx.pull.get(dest, 0.0) - W["exposure"] * ctx.foes_next_to(dest)
    if ctx.side_owns(dest):
        score += W["guard"] * (covered(ctx, dest, here + 1) - covered(ctx, dest, here))
    return score


# --- construction --------------------------------------------------------------------------

def violate(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    nation = item["action"]["violate"]
    if nation is None:
        return 0.0
    return VIOLATE.get(ctx.side, {}).get(nation)


def muster(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    action = item["action"]
    if action.get("at") is None:
        return 0.0
    return 0.1 + relocation(ctx, [action["unit"]], None, action["at"]) + garrison_muster(
        ctx, action["unit"], action["at"])


def garrison_muster(ctx: Context, uid: str, loc: str) -> float:
    """BoP 12.1 (bot version 7) — a corps mustered into a garrison place (world.GARRISONS)
    short of the corps it keeps is worth `garrison_muster`: it costs the drive no march.
    Version 6 left Berlin empty all game against the greedy Entente (seed 1 game 8) while
    nine German corps mustered in October, six of them at 12,13 in the west, and six Russian
    corps marched into Berlin in the last fortnight: the Entente won by Berlin and Paris."""
    kept = ctx.garrison.get(loc)
    if not ctx.campaign or kept is None or not UNITS[uid].corps:
        return 0.0
    return W["garrison_muster"] if ctx.ours.get(loc, 0) < kept else 0.0


def britain_setup(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 12.1 — the French port where Britain's three first corps land."""
    port = item["action"]["port"]
    if port is None:
        return 0.0
    here = ctx.ours.get(port, 0)
    return W["pull"] * 3 * ctx.pull.get(port, 0.0) + W["guard"] * (
        covered(ctx, port, here + 3) - covered(ctx, port, here))


def place_infrastructure(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    loc = item["action"]["at"]
    return 0.0 if loc is None else ctx.foes_next_to(loc) + 0.1 * ctx.value.get(loc, 0.0)


def procure(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 6.22 — corps (the most effective first) and leaders while RP stay above the
    reserve; fortress repairs where threatened; no infrastructure."""
    action = item["action"]
    rp = ctx.position["powers"][ctx.seat]["rp"]
    if "repair" in action:
        return 1.5 if ctx.threat.get(action["repair"], 0) > 0 else None
    if "repair_ship" in action:     # 6.224: a damaged ship back at full strength in 1-6 months
        return 1.2 if rp - step_cost(action["repair_ship"]) >= kept_for_attacks(ctx) else None
    if "repair_air" in action:
        return None
    uid = action["buy"]
    if uid is None:
        return 0.0
    if uid not in UNITS:
        return None
    if UNITS[uid].kind == "leader":
        return 1.0
    if rp - COST_CORPS < kept_for_attacks(ctx):
        return None
    return 2.0 + 0.5 * UNITS[uid].effectiveness + (0.3 if UNITS[uid].captures else 0.0)


def plan_xvii(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """BoP 12.1 — Germany destroys the French corps that matter most."""
    uid = item["action"]["destroy"]
    if uid is None:
        return 0.0
    return 10.0 + UNITS[uid].effectiveness + 0.1 * ctx.pull.get(at(ctx, uid), 0.0)


def transfer(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    return 0.0 if item["action"] == {"to": None} else None


# --- the set-up (BoP 12.1), across the worlds drawn --------------------------------------------

def setup(ctx: Context, decision: Decision, item: dict[str, Any]) -> Score:
    """A deployment's worth: the pull of where its corps stand and the value it covers,
    averaged over the worlds drawn for the placements the seat cannot see."""
    placement = item["action"]["placement"]
    total = 0.0
    for world in ctx.worlds:
        ctx.charge(2)
        total += deployment_value(ctx, world, placement)
    return total / max(1, len(ctx.worlds))


def deployment_value(ctx: Context, world: dict[str, Any], placement: dict[str, str]) -> float:
    sample = copy_json(world)
    bop_setup.place(sample, placement)
    ours: dict[str, int] = {}
    theirs: dict[str, int] = {}
    for uid, unit in sample["board"]["units"].items():
        if not UNITS[uid].corps:
            continue
        owner = side_of(sample, UNITS[uid].nation)
        bucket = ours if owner == ctx.side or uid in placement else theirs
        bucket[unit["at"]] = bucket.get(unit["at"], 0) + 1
    score = sum(W["pull"] * ctx.pull.get(loc, 0.0) for uid, loc in placement.items()
                if UNITS[uid].corps)
    adj = ctx.th.adj
    for loc, worth in ctx.value.items():
        if not ctx.side_owns(loc):
            continue
        threat = sum(theirs.get(o, 0) for o in adj.get(loc, ())) + theirs.get(loc, 0)
        if threat:
            guard = ours.get(loc, 0) + 0.5 * sum(ours.get(o, 0) for o in adj.get(loc, ()))
            score += W["guard"] * worth * min(1.0, guard / threat)
        else:
            score += W["guard"] * worth
    return score


PHASES: dict[str, Phase] = {
    "done": zero, "stop": zero, "march": march, "rail": rail, "sea_move": sea_move,
    "entrench": entrench, "combat": attack, "proceed": proceed,
    "infrastructure": use_infrastructure, "point": point, "reserve": reserve,
    "reroll": reroll, "pay": pay, "loss": loss, "retreat": retreat, "violate": violate,
    "muster": muster, "neutral_setup": muster, "britain_setup": britain_setup,
    "place_infrastructure": place_infrastructure, "procure": procure,
    "plan_xvii": plan_xvii, "transfer": transfer, "setup": setup,
    "remove_breach": never, "leader_return": never, "landing": never,
    "naval_move": naval_move,
}
