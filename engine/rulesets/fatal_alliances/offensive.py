"""FA 18 — offensive points (OPs): bought in production, spent at the start of an impulse.

* Buying (FA 18, production): 1 BP per OP, arriving 2 turns later, not geared. An active major
  power must buy at least 10% of the turn's production (made BP plus bonus BP, not saved BP;
  rounded by FA 2.6) or lose 0.1 morale level (1 morale point) per OP short.
* Unlimited action (FA 18.2): 7 OPs (5 for Italy, the OE, Austria-Hungary) — unlimited land
  moves and attacks, rail by the land action's column, reorganisation at the land cost.
* HQ benefit (FA 18.3.2): 3 + 2 × reorg OPs name one face-up, in-supply HQ; in this impulse it
  doubles the combat factors of up to 2 × reorg co-operating attackers within reorg hexes of
  it (each once per combat), gives HQ support without turning face-down, and units it
  reorganises cost half. It turns face-down at the end of the impulse.
* Turn HQs face-up (FA 18.4): 1 + reorg OPs each, in-supply HQs, after the benefit choice.

Rulings (docs/rules/fatal_alliances.md): the doubling is applied automatically to the largest
eligible attackers first; a flip closes the benefit choice; the US buys OPs only once active.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.board.hexgrid import distance, parse_hex_id
from engine.kernel import Event

from .charts import (
    OP_BUILD_TIME,
    OP_HQ_BASE,
    OP_REQUIRED_TENTHS,
    OP_UNLIMITED_COST,
    OP_UNLIMITED_COST_MINOR_MAJORS,
)
from .numbers import round_fa
from .position import co_operates, is_active, on_map, unit
from .sequence import DONE, step_done
from .supply import supplied_hexes


def unlimited_cost(power: str) -> int:
    return OP_UNLIMITED_COST_MINOR_MAJORS if power in ("italy", "ottoman",
                                                       "austria_hungary") else OP_UNLIMITED_COST


def hq_benefit_cost(hq: dict[str, Any]) -> int:
    return OP_HQ_BASE + 2 * hq["reorg"]


def hq_flip_cost(hq: dict[str, Any]) -> int:
    return 1 + hq["reorg"]


def ops(state: dict[str, Any], power: str) -> int:
    return state["board"].get("ops", {}).get(power, 0)


def may_buy(state: dict[str, Any], power: str) -> bool:
    """FA 18 / US option 27 — the US buys no OPs while neutral."""
    return power != "usa" or is_active(state, power)


def required(made: int) -> int:
    """FA 18 — the OPs an active power must buy out of `made` production (10%, FA 2.6)."""
    return round_fa(Fraction(made * OP_REQUIRED_TENTHS, 10))


def offensive_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """Every OP expenditure open to `power` at the start of its impulse, `done` first."""
    flow = state["flow"]
    have = ops(state, power)
    out: list[dict[str, Any]] = [dict(DONE)]
    if not have or flow["actions"].get(power) in (None, "pass"):
        return out
    spent = flow.get("op_spent", {}).get(power, [])
    if power not in flow.get("op_unlimited", []) and have >= unlimited_cost(power) \
            and flow["actions"][power] != "land":
        out.append({"unlimited": True})
    supplied = supplied_hexes(state, power)
    hqs = [u for u in on_map(state) if u["type"] == "HQ" and u["power"] == power
           and u["hex"] in supplied]
    if power not in flow.get("op_hq", {}) and "flip" not in spent:
        for hq in hqs:
            if hq["up"] and have >= hq_benefit_cost(hq):
                out.append({"hq_benefit": hq["id"]})
    for hq in hqs:
        if not hq["up"] and have >= hq_flip_cost(hq):
            out.append({"flip_hq": hq["id"]})
    return out


def option_cost(state: dict[str, Any], power: str, option: dict[str, Any]) -> int:
    """What an `offensive` option costs in offensive points (0 for done)."""
    if option.get("unlimited"):
        return unlimited_cost(power)
    if "hq_benefit" in option:
        return hq_benefit_cost(unit(state, option["hq_benefit"]))
    if "flip_hq" in option:
        return hq_flip_cost(unit(state, option["flip_hq"]))
    return 0


def spend(state: dict[str, Any], power: str, action: dict[str, Any]) -> list[Event]:
    flow = state["flow"]
    board = state["board"]
    if action == DONE:
        return [step_done(state, power, "FA 18", "offensive")]
    spent = flow.setdefault("op_spent", {}).setdefault(power, [])
    if action.get("unlimited"):
        cost = unlimited_cost(power)
        flow["op_unlimited"] = sorted(set(flow.get("op_unlimited", [])) | {power})
        what = {"unlimited": True}
        spent.append("unlimited")
    elif "hq_benefit" in action:
        hq = unit(state, action["hq_benefit"])
        cost = hq_benefit_cost(hq)
        flow.setdefault("op_hq", {})[power] = {"hq": hq["id"], "left": 2 * hq["reorg"]}
        what = {"hq_benefit": hq["id"]}
        spent.append("benefit")
    else:
        hq = unit(state, action["flip_hq"])
        cost = hq_flip_cost(hq)
        hq["up"] = True
        what = {"flip_hq": hq["id"]}
        spent.append("flip")
    board["ops"][power] -= cost
    return [Event("offensive_points_spent", "FA 18.1", {"power": power, "cost": cost,
                                                        "left": board["ops"][power], **what})]


def doubled(state: dict[str, Any], attackers: list[dict[str, Any]]) -> set[str]:
    """FA 18.3.2 — the attackers whose factors a benefit HQ doubles in this combat: within
    its reorg value in hexes, co-operating with it, largest factors first, up to what is left
    of its 2 × reorg allowance this impulse."""
    benefits = state["flow"].get("op_hq", {})
    out: set[str] = set()
    for power in sorted(benefits):
        info = benefits[power]
        hq = state["board"]["units"].get(info["hq"])
        if hq is None or hq["hex"] is None or info["left"] <= 0:
            continue
        here = parse_hex_id(hq["hex"])
        fit = [u for u in attackers if u["id"] not in out and u["type"] != "HQ"
               and co_operates(state, u["power"], hq["power"])
               and distance(here, parse_hex_id(u["hex"])) <= hq["reorg"]]
        fit.sort(key=lambda u: (-u["cf"], u["id"]))
        out.update(u["id"] for u in fit[:info["left"]])
    return out


def use_doubling(state: dict[str, Any], attackers: list[dict[str, Any]]) -> list[str]:
    """Spend the benefit allowance for an attack just declared; returns the doubled ids."""
    used = doubled(state, attackers)
    benefits = state["flow"].get("op_hq", {})
    for power in sorted(benefits):
        hq = state["board"]["units"].get(benefits[power]["hq"])
        if hq is None:
            continue
        n = sum(1 for uid in used if co_operates(state, unit(state, uid)["power"], hq["power"]))
        benefits[power]["left"] = max(0, benefits[power]["left"] - n)
    return sorted(used)


def benefit_hqs(state: dict[str, Any]) -> set[str]:
    return {info["hq"] for info in state["flow"].get("op_hq", {}).values()}


def end_impulse(state: dict[str, Any]) -> list[Event]:
    """FA 18.3 — the benefit HQs turn face-down at the end of the impulse."""
    flipped = []
    for hq_id in sorted(benefit_hqs(state)):
        hq = state["board"]["units"].get(hq_id)
        if hq is not None and hq["hex"] is not None and hq["up"]:
            hq["up"] = False
            flipped.append(hq_id)
    return [Event("offensive_hq_spent", "FA 18.3", {"hqs": flipped})] if flipped else []


def arrive(state: dict[str, Any]) -> list[Event]:
    """FA 18 — OPs bought two turns ago become available."""
    board = state["board"]
    turn = state["flow"]["turn"]
    due = [d for d in board.get("op_due", []) if d["turn"] <= turn]
    for d in due:
        board["op_due"].remove(d)
        board["ops"][d["power"]] = board["ops"].get(d["power"], 0) + 1
    return [Event("offensive_points_arrive", "FA 18", {"power": p, "ops": board["ops"][p]})
            for p in sorted({d["power"] for d in due})]


def buy(state: dict[str, Any], power: str) -> Event:
    board = state["board"]
    board["bp"][power] -= 1
    board.setdefault("op_due", []).append({"power": power,
                                           "turn": state["flow"]["turn"] + OP_BUILD_TIME})
    board["op_due"].sort(key=lambda d: (d["turn"], d["power"]))
    bought = board.setdefault("op_bought", {})
    bought[power] = bought.get(power, 0) + 1
    return Event("built", "FA 18", {"power": power, "class": "op",
                                    "arrives": state["flow"]["turn"] + OP_BUILD_TIME})


def shortfall(state: dict[str, Any]) -> list[Event]:
    """FA 18 — at the end of production: 1 morale point per required OP not bought."""
    board = state["board"]
    events = []
    for power, need in sorted(board.get("op_required", {}).items()):
        short = need - board.get("op_bought", {}).get(power, 0)
        if short > 0:
            board["morale_points"][power] = board["morale_points"].get(power, 0) - short
            events.append(Event("offensive_points_short", "FA 18", {
                "power": power, "required": need, "short": short}))
    board["op_required"] = {}
    board["op_bought"] = {}
    return events
