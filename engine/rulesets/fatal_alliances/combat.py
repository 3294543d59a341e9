"""FA 11.12 — land combat: eligibility, table choice, odds and modifiers, the 2d10 table,
losses chosen by their owners, retreat, shatter, advance and facing; FA 21.3 engineers, 21.6
entrenchments, 21.7 forts and 21.10 gas.

`attack_drms` and `strengths` serve both the options expander (odds shown with each grouping)
and the resolution, so what a player is offered is what is rolled.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from engine.board import Map

from .charts import (
    CRT,
    GAS_DRM,
    ODDS_BANDS,
    ODDS_LABELS,
    ROLL_MAX,
    ROLL_MIN,
    WEATHER_ATTACK_DRM,
    ZERO_DEFENCE_DRM,
    Table,
    Weather,
)
from .foreign_troops import may_enter
from .movement import is_enemy_occupied, may_enter_country
from .numbers import round_fa
from .offensive import benefit_hqs, doubled
from .position import (
    by_hex,
    co_operates,
    commander,
    is_enemy,
    map_of,
    owner_country,
    unit,
    units_in,
)
from .powers import POWER_SIDE
from .supply import supplied_hexes
from .terrain import (
    attack_multiplier,
    defence_multiplier,
    fa_terrain,
    hexside_flags,
    is_impassable_hexside,
    move_cost,
    table_effect,
)
from .weather import weather_at
from .zoc import STACK_LIMIT, enemy_zoc, is_legal_stack, reserves_allowed, would_overstack

BREAKABLE = frozenset({"INF", "MOT", "MTN", "CAV"})
ADVANCE_STAY_UP = frozenset({"ARM", "MECH", "CAV", "MOT"})
ARMOUR = frozenset({"ARM", "MECH"})
ARTILLERY = frozenset({"ART", "AT"})


# --- rounding (FA 2.6) -------------------------------------------------------------------------

def odds_drm(attack: Fraction, defence: Fraction) -> tuple[int, str]:
    """FA 11.12.5.2 — the highest odds band not above the ratio; 0 defence gives +20."""
    if defence == 0:
        return ZERO_DEFENCE_DRM, "0 def"
    ratio = attack / defence
    drm, label = ODDS_BANDS[0][1], ODDS_LABELS[0]
    for (bound, value), name in zip(ODDS_BANDS, ODDS_LABELS, strict=False):
        if ratio >= bound:
            drm, label = value, name
    return drm, label


# --- who may attack --------------------------------------------------------------------------

def loss_weight(u: dict[str, Any]) -> int:
    """Loss value in halves: a division is half a land unit, everything else one."""
    return 1 if u["size"] == "div" else 2


def can_attack_from(m: Map, u: dict[str, Any], target: str, weather: Weather) -> bool:
    flags = hexside_flags(m, u["hex"], target)
    return not is_impassable_hexside(flags, u["type"], weather)


def eligible_attackers(state: dict[str, Any], powers: list[str], target: str,
                       supplied: dict[str, frozenset[str]] | None = None) -> list[dict[str, Any]]:
    """FA 11.12.1 — face-up, supplied, factor ≥ 1, adjacent, not attacked this impulse."""
    m = map_of(state)
    marks = state["flow"]["marks"]
    supplied = supplied if supplied is not None else {}
    out = []
    nbs = set(m.neighbours(target))
    for u in sorted(state["board"]["units"].values(), key=lambda x: x["id"]):
        if u["hex"] not in nbs or commander(state, u["power"]) not in powers:
            continue
        if not u["up"] or u["cf"] < 1 or u["id"] in marks["attacked"]:
            continue
        if u["power"] not in supplied:
            supplied[u["power"]] = supplied_hexes(state, u["power"])
        if (u["hex"] not in supplied[u["power"]] and u["type"] != "PARTISAN"   # FA 13.1.3
                and u["id"] not in state["flow"].get("emergency", {})):   # option 4
            continue
        if not can_attack_from(m, u, target, weather_at(state, m, target)):
            continue
        out.append(u)
    return out


def defenders_at(state: dict[str, Any], power: str, target: str) -> list[dict[str, Any]]:
    return [u for u in units_in(state, target) if is_enemy(state, power, u["power"])]


# --- strengths and modifiers -------------------------------------------------------------------

def engineer_cover(attackers: list[dict[str, Any]]) -> set[str]:
    """FA 21.7 — a face-up ENG cancels river, canal and fort halving for itself and as many
    stacked attackers as its factor (taken in id order)."""
    covered: set[str] = set()
    for eng in attackers:
        if eng["type"] != "ENG" or not eng["up"]:
            continue
        covered.add(eng["id"])
        mates = [u for u in attackers if u["hex"] == eng["hex"] and u["id"] not in covered
                 and u["type"] != "ENG"]
        for u in mates[:eng["cf"]]:
            covered.add(u["id"])
    return covered


def fort_sides(state: dict[str, Any], defender_power: str) -> frozenset[str]:
    return frozenset(side for side, fort in state["board"]["forts"].items()
                     if co_operates(state, fort["power"], defender_power))


def strengths(state: dict[str, Any], attackers: list[dict[str, Any]], target: str,
              defenders: list[dict[str, Any]],
              supplied: dict[str, frozenset[str]] | None = None,
              double: set[str] | None = None,
              bombard: tuple[Fraction, Fraction] | None = None) -> dict[str, Any]:
    """FA 11.12.5 — attack and defence totals (never rounded, FA 2.6) and the ENG flag.
    `double`: the attackers an offensive-point HQ doubles (FA 18.3.2), fixed when the attack
    was declared; by default those it would double now (what a planner sees). `bombard`: the
    shore bombardment each side adds (FA 11.12.2, shore_bombardment.py); `factors` lists each
    attacker's modified factor (what caps an attacking ship's)."""
    m = map_of(state)
    weather = weather_at(state, m, target)
    forts = fort_sides(state, defenders[0]["power"]) if defenders else frozenset()
    covered = engineer_cover(attackers)
    double = doubled(state, attackers) if double is None else double
    attack = Fraction(0)
    eng_used = False
    factors = []
    for u in attackers:
        mult = attack_multiplier(m, u["hex"], target, u, u["id"] in covered, forts)
        if u["id"] in double:
            mult *= 2   # FA 18.3.2 — an offensive-point HQ doubles it
        flags = hexside_flags(m, u["hex"], target)
        crosses = bool(flags & {"river", "canal"}) or "|".join(sorted((u["hex"], target))) in forts
        if u["id"] in covered and crosses:
            eng_used = True
        attack += u["cf"] * mult
        factors.append(Fraction(u["cf"] * mult))
    supplied = supplied if supplied is not None else {}
    non_art = any(d["type"] not in ARTILLERY for d in defenders)
    swamp = state["board"]["rules"]["swamp_doubles"]
    defence = Fraction(0)
    for d in defenders:
        factor = Fraction(d["cf"])
        if d["power"] not in supplied:
            supplied[d["power"]] = supplied_hexes(state, d["power"])
        if (not d["up"] and d["hex"] not in supplied[d["power"]] and d["type"] != "PARTISAN"
                and d["id"] not in state["flow"].get("emergency", {})):
            factor = Fraction(down_factor(d))
        if d["type"] in ARTILLERY and not non_art:
            factor = Fraction(1)
        if d["type"] == "AT" and any(a["type"] in ARMOUR for a in attackers):
            factor *= 2
        defence += factor * defence_multiplier(m, target, d, weather, swamp)
    all_cross_fort = bool(attackers) and all(
        "|".join(sorted((u["hex"], target))) in forts for u in attackers)
    totals = {"attack": attack, "defence": defence, "eng_used": eng_used,
              "all_cross_fort": all_cross_fort, "factors": factors}
    return totals if bombard is None else with_bombardment(totals, bombard)


def with_bombardment(totals: dict[str, Any], bombard: tuple[Fraction, Fraction]) -> dict[str, Any]:
    """`strengths`' totals with the shore bombardment each side adds (FA 11.12.2)."""
    return {**totals, "attack": totals["attack"] + bombard[0],
            "defence": totals["defence"] + bombard[1]}


def table_rule(state: dict[str, Any], attackers: list[dict[str, Any]], target: str,
               defenders: list[dict[str, Any]]) -> str:
    """FA 11.12.5.1 — the precedence box (AUTHORED, see docs): "defender" when every attacker
    crosses a fort hexside (even with engineers); "assault" where the TEC forces it;
    otherwise "attacker"."""
    s = strengths(state, attackers, target, defenders)
    if s["all_cross_fort"]:
        return "defender"
    m = map_of(state)
    if table_effect(m, target, weather_at(state, m, target)) == "assault":
        return "assault"
    return "attacker"


def down_factor(u: dict[str, Any]) -> int:
    """FA 2.4.4 — a face-down unit out of supply defends at 2 (a white-print corps) or 1."""
    return 2 if u.get("white") and u["size"] != "div" else 1


def number(value: Fraction) -> int | str:
    """A modifier as the view and events give it: a number when whole, else exact text."""
    return int(value) if value.denominator == 1 else str(value)


def powers_attacking(attackers: list[dict[str, Any]]) -> list[str]:
    """FA 11.12 (combat chart: −1 per co-operating major power attacking together) — the
    attacking major powers, with Austrian and Hungarian corps counted as separate powers
    (15.3.6); Austro-Hungarian divisions are jointly owned and count only when no Austrian or
    Hungarian corps attacks. Minor countries' units are no major power."""
    out = set()
    joint = False
    for u in attackers:
        if u["power"] not in POWER_SIDE:
            continue
        if u["power"] == "austria_hungary" and u["size"] != "div" and u["nation"] in (
                "austria", "hungary"):
            out.add(u["nation"])
        elif u["power"] == "austria_hungary":
            joint = True
        else:
            out.add(u["power"])
    if joint and not out & {"austria", "hungary"}:
        out.add("austria_hungary")
    return sorted(out)


def attack_drms(state: dict[str, Any], attackers: list[dict[str, Any]], target: str,
                defenders: list[dict[str, Any]], table: str,
                hq: tuple[int, int] | None = None,
                double: set[str] | None = None,
                bombard: tuple[Fraction, Fraction] | None = None) -> list[tuple[str, Fraction]]:
    """FA 11.12 / combat chart — every modifier but gas, as (name, value) pairs (the odds
    with the shore bombardment `bombard` adds, FA 11.12.2)."""
    m = map_of(state)
    weather = weather_at(state, m, target)
    s = strengths(state, attackers, target, defenders, double=double, bombard=bombard)
    drms: list[tuple[str, Fraction]] = []
    value, label = odds_drm(s["attack"], s["defence"])
    drms.append((f"odds {label}", Fraction(value)))
    terrain = fa_terrain(m, target, weather)
    armour = sum(1 for u in attackers if u["type"] in ARMOUR)
    if table == Table.BLITZ.value and terrain == "clear" and weather == Weather.FINE and armour:
        drms.append(("armour in the clear", Fraction(armour)))
    if armour and any(d["type"] == "AT" and d.get("at_colour") in ("pink", "red")
                      for d in defenders):
        drms.append(("anti-tank", Fraction(-1)))
    drms.append(("no observer", Fraction(-1)))
    eng_a = sum(1 for u in attackers if u["type"] == "ENG")
    eng_d = sum(1 for u in defenders if u["type"] == "ENG")
    if eng_a:
        drms.append(("attacking engineers", Fraction(eng_a)))
    if eng_d:
        drms.append(("defending engineers", Fraction(-eng_d)))
    disrupted = sum(2 if d["size"] != "div" else 1 for d in defenders if not d["up"])
    if disrupted:
        drms.append(("disrupted defenders", Fraction(disrupted)))
    winterised = 2 * sum(1 for u in attackers if u.get("winter")) > len(attackers)
    w = WEATHER_ATTACK_DRM[weather][1 if winterised else 0]
    if w:
        drms.append((f"weather {weather.value}", Fraction(w)))
    if terrain == "jungle" and 2 * sum(1 for u in attackers if u.get("jungle")) < len(attackers):
        drms.append(("jungle", Fraction(-2)))
    if hq is not None and hq != (0, 0):
        att, dfn = hq
        drms.append(("HQ support", Fraction(att - dfn, 2)))
    powers = powers_attacking(attackers)
    if len(powers) > 1:
        drms.append(("co-operating powers", Fraction(1 - len(powers))))
    att_terr = [u["type"] == "TERR" for u in attackers]
    def_terr = [d["type"] == "TERR" for d in defenders]
    if defenders and all(def_terr) and not any(att_terr):
        drms.append(("attacking territorials", Fraction(2)))
    if attackers and all(att_terr) and not all(def_terr):
        drms.append(("territorials attacking", Fraction(-2)))
    entrenched = sum(1 for d in defenders if d.get("entrenched") and d["size"] != "div")
    if entrenched:
        drms.append(("entrenched", Fraction(-entrenched)))
    return drms


def attacker_support_hqs(attackers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """FA 11.12.3 — the HQs the active side may allocate: face-up and among the attackers
    (best reorganisation value first, then by id)."""
    return sorted((u for u in attackers if u["type"] == "HQ" and u["up"]),
                  key=lambda u: (-u["reorg"], u["id"]))


def defender_support_hqs(state: dict[str, Any], target: str,
                         defenders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """FA 11.12.3 — the HQs the inactive side may allocate: face-up, in supply, in or next to
    the target, co-operating with the defenders, not across an impassable hexside, not in a
    hex under attack (best reorganisation value first, then by id)."""
    if not defenders:
        return []
    m = map_of(state)
    dpower = defenders[0]["power"]
    supplied = supplied_hexes(state, dpower)
    targets = set(state["flow"]["marks"]["targets"]) | {target}
    weather = weather_at(state, m, target)
    out = []
    for u in sorted(state["board"]["units"].values(), key=lambda x: x["id"]):
        if u["type"] != "HQ" or not u["up"] or u["hex"] is None:
            continue
        if not co_operates(state, u["power"], dpower):
            continue
        if u["hex"] != target and (u["hex"] not in m.neighbours(target)
                                   or u["hex"] in targets):
            continue
        if u["hex"] != target and is_impassable_hexside(
                hexside_flags(m, u["hex"], target), "INF", weather):
            continue
        if u["hex"] not in supplied:
            continue
        out.append(u)
    return sorted(out, key=lambda u: (-u["reorg"], u["id"]))


def support_values(state: dict[str, Any], attacker_hq: str | None,
                   defender_hq: str | None) -> tuple[tuple[int, int], list[str]]:
    """FA 11.12.3 — the allocated HQs' reorganisation values (0 for none) and the HQs that
    turn face-down after the combat (not an HQ with the 18.3.2 offensive benefit)."""
    hqs = [state["board"]["units"][h] if h else None for h in (attacker_hq, defender_hq)]
    values = (hqs[0]["reorg"] if hqs[0] else 0, hqs[1]["reorg"] if hqs[1] else 0)
    keep_up = benefit_hqs(state)
    flips = sorted(h["id"] for h in hqs if h is not None and h["id"] not in keep_up)
    return values, flips


def hq_support(state: dict[str, Any], attackers: list[dict[str, Any]], target: str,
               defenders: list[dict[str, Any]]) -> tuple[tuple[int, int], list[str]]:
    """FA 11.12.3 — the support if each side allocates its best eligible HQ (what a planner
    expects; in play each side chooses, see resolution.declare)."""
    att = attacker_support_hqs(attackers)
    dfn = defender_support_hqs(state, target, defenders)
    return support_values(state, att[0]["id"] if att else None, dfn[0]["id"] if dfn else None)


def total_drm(drms: list[tuple[str, Fraction]]) -> Fraction:
    return sum((v for _, v in drms), Fraction(0))


def gas_drm(die: int) -> int:
    return GAS_DRM[die - 1]


def crt_row(table: str, dice: int, drm: Fraction) -> int:
    """FA 11.12.5.3 — 2d10 + DRMs, rounded once at lookup (FA 2.6), clamped to 0..25."""
    return max(ROLL_MIN, min(ROLL_MAX, round_fa(Fraction(dice) + drm)))


def crt_result(table: str, row: int) -> tuple[str, int | None, int | None, str]:
    return CRT[Table(table)][row]


# --- losses ------------------------------------------------------------------------------------

def loss_options(units: list[dict[str, Any]], halves: int,
                 must_first: str | None = None) -> list[dict[str, Any]]:
    """FA 11.12.5.4 — the ways an owner may meet a loss of `halves` half-units: destroy a set
    of its units (a corps counts 2, a division 1) and/or break one corps into a division
    (counts 1). Minimal sets only; all units when they cannot cover it. An engineer that
    cancelled a hexside or gave its +1 must be among the losses (`must_first`)."""
    total = sum(loss_weight(u) for u in units)
    ids = sorted(u["id"] for u in units)
    if halves >= total:
        return [{"destroy": ids, "break": None}]
    weight = {u["id"]: loss_weight(u) for u in units}
    breakable = sorted(u["id"] for u in units if u["size"] != "div" and u["type"] in BREAKABLE)
    out: list[dict[str, Any]] = []
    seen = set()
    for size in range(0, len(ids) + 1):
        for combo in itertools.combinations(ids, size):
            w = sum(weight[i] for i in combo)
            breaks: list[str | None] = [None] + [b for b in breakable if b not in combo]
            for brk in breaks:
                got = w + (1 if brk else 0)
                if got < halves:
                    continue
                if got - (1 if brk else 0) >= halves and brk:
                    continue  # the break is not needed
                if any(got - weight[i] >= halves for i in combo):
                    continue  # not minimal
                if must_first and must_first not in combo:
                    continue
                key = (combo, brk)
                if key not in seen:
                    seen.add(key)
                    out.append({"destroy": list(combo), "break": brk})
    if not out:
        return [{"destroy": ids, "break": None}]
    out.sort(key=lambda o: (len(o["destroy"]), o["destroy"], o["break"] or ""))
    return out


def retreat_options(state: dict[str, Any], u: dict[str, Any], avoid: set[str],
                    foreign_limit: bool = True) -> list[str]:
    """FA 11.12.5.5 — the hexes of the best priority a unit may retreat into: (1) not in enemy
    ZoC, not overstacking; (2) not in ZoC, overstacking; (3) in ZoC with a friendly unit,
    not overstacking; (4) the same, overstacking. Only hexes the unit could move into and,
    with `foreign_limit`, not beyond the foreign troop commitment limit (19.2.1)."""
    m = map_of(state)
    here = by_hex(state)
    zoc = enemy_zoc(state, u["power"])
    levels: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    for nb in m.neighbours(u["hex"]):
        if nb in avoid or m.hex(nb).sea:
            continue
        if is_enemy_occupied(state, u["power"], here.get(nb, [])):
            continue
        if not may_enter_country(state, u["power"], nb):
            continue
        if foreign_limit and not may_enter(state, [u], u["hex"], nb):     # FA 19.2.1
            continue
        if move_cost(m, u["hex"], nb, u["type"], weather_at(state, m, nb)) is None:
            continue
        over = would_overstack(state, nb, [u], here, reserve=False)
        if nb not in zoc:
            levels[2 if over else 1].append(nb)
        elif any(co_operates(state, o["power"], u["power"]) for o in here.get(nb, [])
                 if o["id"] != u["id"]):
            levels[4 if over else 3].append(nb)
    for level in (1, 2, 3, 4):
        if levels[level]:
            return sorted(levels[level])
    return []


def advance_options(state: dict[str, Any], attackers: list[str], target: str) -> list[list[str]]:
    """FA 11.12.5.7 — the sets of surviving attackers that may advance (field ART never)."""
    survivors = [unit(state, a) for a in attackers if a in state["board"]["units"]
                 and state["board"]["units"][a]["hex"] is not None]
    movers = [u for u in survivors if u["type"] != "ART"
              and (u["type"] != "PARTISAN"   # FA 13.1.3: never out of their home country
                   or owner_country(map_of(state), target) == u["nation"])]
    out: list[list[str]] = [[]]
    for size in (1, 2, 3):
        for combo in itertools.combinations(sorted(u["id"] for u in movers), size):
            stack = [unit(state, c) for c in combo]
            origins = {u["hex"] for u in stack}
            origin = origins.pop() if len(origins) == 1 else None
            if is_legal_stack(state, stack) and may_enter(state, stack, origin, target):
                out.append(list(combo))     # FA 19.2.1: advancing is entering too
    return out


# --- option 1 (FA 2.3, in-hex reserves) --------------------------------------------------------

def attack_out_ok(state: dict[str, Any], attackers: list[dict[str, Any]]) -> bool:
    """Option 1 — out of one hex no more units attack in an impulse than could stand there
    without the option (the units that attacked from it earlier this impulse count)."""
    if not reserves_allowed(state):
        return True
    before = state["flow"]["marks"].get("attacked_from", {})
    by_origin: dict[str, list[dict[str, Any]]] = {}
    for u in attackers:
        by_origin.setdefault(u["hex"], []).append(u)
    for origin, group in by_origin.items():
        earlier = [unit(state, i) for i in before.get(origin, [])
                   if i in state["board"]["units"]]
        if not is_legal_stack(state, earlier + group):
            return False
    return True


def trim_attack_out(state: dict[str, Any], attackers: list[dict[str, Any]]) -> list[str]:
    """The grouping cut down (strongest first per hex) to what option 1 lets attack."""
    kept: list[dict[str, Any]] = []
    for u in sorted(attackers, key=lambda x: (-x["cf"], x["id"])):
        if attack_out_ok(state, kept + [u]):
            kept.append(u)
    return sorted(u["id"] for u in kept)


def sit_out_choices(state: dict[str, Any], defenders: list[dict[str, Any]]) -> list[str]:
    """Option 1 (FA 2.3.1.1) — the units of an overstacked defending hex the defender may
    choose to sit the combat out: a corps if the hex holds more corps than the normal limit,
    else any unit whose absence leaves a normal stack (weakest first, then by id). The unit
    adds nothing and takes no losses, but retreats or shatters with the others."""
    if not reserves_allowed(state) or is_legal_stack(state, defenders):
        return []
    corps = [d for d in defenders if d["size"] != "div"]
    pool = corps if len(corps) > STACK_LIMIT else defenders
    fits = [d for d in pool
            if is_legal_stack(state, [o for o in defenders if o["id"] != d["id"]])]
    return [d["id"] for d in sorted(fits or pool, key=lambda d: (d["cf"], d["id"]))]


def reserve_unit(state: dict[str, Any], defenders: list[dict[str, Any]]) -> str | None:
    """Option 1 — the unit a planner expects to sit out: the weakest the defender may choose."""
    choices = sit_out_choices(state, defenders)
    return choices[0] if choices else None
