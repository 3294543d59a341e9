"""FA 21.2 — division breakdown and build-up in the reinforcement stage (and at set-up, FA 22.2).

After the reinforcements are placed each power may

* break an INF, MOT, MTN or CAV corps outside enemy ZoC into two divisions of its country,
  drawn at random from its force pool by the breakdown table (the corps goes to the pool);
* then build two face-up divisions that share a hex (neither broken down this turn) up into the
  weakest corps of a type they could have come from (a random draw among equals), or build two
  in-supply divisions in different hexes, neither in enemy ZoC, into a corps that arrives on
  the production circle next turn.

Rulings (docs/rules/fatal_alliances.md): breakdowns come first — a power's first build-up
closes its breakdowns for the turn; on a scenario's first turn enemy ZoC does not forbid a
breakdown (FA 22.2, set-up breakdown); a corps' entrenchment is lost when it breaks down; the
divisions take the corps' face.
"""

from __future__ import annotations

import itertools
from typing import Any

from engine.kernel import Event, Roller

from .charts import BREAKDOWN_SAME_COUNTRY, BREAKDOWN_TABLE
from .position import by_hex, commander, on_map, unit
from .sequence import DONE, step_done
from .supply import supplied_hexes
from .zoc import enemy_zoc, is_legal_stack, reserves_allowed


def same_country(a: str, b: str) -> bool:
    """FA 21.2 — both units of one country (Austria and Hungary count as one)."""
    return a == b or any(a in group and b in group for group in BREAKDOWN_SAME_COUNTRY)


def _country_ok(corps_power: str, corps_nation: str, nations: tuple[str, str]) -> bool:
    """FA 21.2 — both divisions of the corps' country; for a Commonwealth corps one is
    enough."""
    matches = sum(1 for n in nations if same_country(n, corps_nation))
    return matches >= (1 if corps_power == "britain" else 2)


def _pool(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    return [unit(state, uid) for uid in state["board"]["pool"].get(power, [])]


def pool_divisions(state: dict[str, Any], corps: dict[str, Any], kind: str) -> list[str]:
    """The force-pool divisions of type `kind` a corps may break down into (sorted ids)."""
    return sorted(u["id"] for u in _pool(state, corps["power"])
                  if u["size"] == "div" and u["type"] == kind
                  and (corps["power"] == "britain" or same_country(u["nation"],
                                                                   corps["nation"])))


def _pairs_for(state: dict[str, Any], corps: dict[str, Any]) -> list[tuple[str, str]]:
    """The breakdown pairs the pool can supply for this corps."""
    out = []
    for pair in BREAKDOWN_TABLE[corps["type"]]:
        a, b = pair
        if a == b:
            if len(pool_divisions(state, corps, a)) >= 2:
                out.append(pair)
        elif pool_divisions(state, corps, a) and pool_divisions(state, corps, b):
            out.append(pair)
    return out


def _corps_type_for(types: tuple[str, str]) -> str | None:
    """The corps type two division types could have been broken down from."""
    key = tuple(sorted(types))
    for corps_type, pairs in sorted(BREAKDOWN_TABLE.items()):
        if any(tuple(sorted(p)) == key for p in pairs):
            return corps_type
    return None


def pool_corps(state: dict[str, Any], divisions: list[dict[str, Any]],
               corps_type: str) -> list[dict[str, Any]]:
    """FA 21.2 — the force-pool corps of that type the two divisions may build up into."""
    power = divisions[0]["power"]
    nations = (divisions[0]["nation"], divisions[1]["nation"])
    return [u for u in _pool(state, power)
            if u["size"] != "div" and u["type"] == corps_type
            and _country_ok(power, u["nation"], nations)]


def breakdown_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """Every legal breakdown and build-up of `power` now, `done` first."""
    flow = state["flow"]
    out: list[dict[str, Any]] = [dict(DONE)]
    mine = [u for u in on_map(state) if commander(state, u["power"]) == power]
    if not mine:
        return out
    broken = set(flow.get("broken_down", []))
    built_up = power in flow.get("built_up", [])
    here = by_hex(state)
    first_turn = flow["turn"] == 1
    # each power's ZoC and supply asked once for this listing (one state), not once per unit
    zocs: dict[str, frozenset[str]] = {}
    supplied: dict[str, frozenset[str]] = {}

    def zoc(p: str) -> frozenset[str]:
        if p not in zocs:
            zocs[p] = enemy_zoc(state, p)
        return zocs[p]

    def supply(p: str) -> frozenset[str]:
        if p not in supplied:
            supplied[p] = supplied_hexes(state, p)
        return supplied[p]

    if not built_up:
        for u in mine:
            if u["size"] == "div" or u["type"] not in BREAKDOWN_TABLE:
                continue
            if not first_turn and u["hex"] in zoc(u["power"]):
                continue
            stack = [o for o in here.get(u["hex"], []) if o["id"] != u["id"]]
            for pair in _pairs_for(state, u):
                divs = [dict(u, size="div", type=t) for t in pair]
                if is_legal_stack(state, stack + divs, reserves_allowed(state)):
                    out.append({"break": u["id"], "into": list(pair)})
    divisions = [u for u in mine if u["size"] == "div" and u["id"] not in broken
                 and u["type"] in {t for pairs in BREAKDOWN_TABLE.values()
                                   for p in pairs for t in p}]
    for a, b in itertools.combinations(divisions, 2):
        if a["power"] != b["power"] or not same_country(a["nation"], b["nation"]):
            continue
        corps_type = _corps_type_for((a["type"], b["type"]))
        if corps_type is None or not pool_corps(state, [a, b], corps_type):
            continue
        if a["hex"] == b["hex"]:
            if a["up"] and b["up"]:
                out.append({"build_up": [a["id"], b["id"]], "into": corps_type})
            continue
        ok = True
        for d in (a, b):
            if d["hex"] not in supply(d["power"]) or d["hex"] in zoc(d["power"]):
                ok = False
        if ok:
            out.append({"build_up": [a["id"], b["id"]], "into": corps_type, "remote": True})
    return out


def _draw(ids: list[str], roller: Roller, purpose: str) -> str:
    return ids[roller.d(len(ids), purpose) - 1] if len(ids) > 1 else ids[0]


def apply_breakdown(state: dict[str, Any], power: str, action: dict[str, Any],
                    roller: Roller) -> list[Event]:
    """Carry out one chosen breakdown or build-up (or finish)."""
    flow = state["flow"]
    board = state["board"]
    if action == DONE:
        return [step_done(state, power, "FA 21.2", "breakdown")]
    if "break" in action:
        corps = unit(state, action["break"])
        hex_id, up = corps["hex"], corps["up"]
        drawn = []
        for kind in action["into"]:
            ids = [i for i in pool_divisions(state, corps, kind) if i not in drawn]
            drawn.append(_draw(ids, roller, f"force pool {kind} div"))
        pool = board["pool"][corps["power"]]
        for uid in drawn:
            pool.remove(uid)
            d = unit(state, uid)
            d.update(hex=hex_id, up=up, entrenched=False)
        corps.update(hex=None, up=True, entrenched=False)
        pool.append(corps["id"])
        pool.sort()
        flow["broken_down"] = sorted(set(flow.get("broken_down", [])) | set(drawn))
        return [Event("broken_down", "FA 21.2", {"power": power, "corps": corps["id"],
                                                 "divisions": drawn, "hex": hex_id})]
    divs = [unit(state, uid) for uid in action["build_up"]]
    candidates = pool_corps(state, divs, action["into"])
    weakest = min(u["cf"] for u in candidates)
    pick = _draw(sorted(u["id"] for u in candidates if u["cf"] == weakest), roller,
                 f"weakest {action['into']} corps")
    corps = unit(state, pick)
    pool = board["pool"][corps["power"]]
    pool.remove(pick)
    hex_id = divs[0]["hex"]
    for d in divs:
        d.update(hex=None, up=True, entrenched=False)
        pool.append(d["id"])
    pool.sort()
    flow["built_up"] = sorted(set(flow.get("built_up", [])) | {power})
    if action.get("remote"):
        board["production_circle"].append({"unit": pick, "turn": flow["turn"] + 1})
        board["production_circle"].sort(key=lambda e: (e["turn"], e["unit"]))
        where = {"arrives": flow["turn"] + 1}
    else:
        corps.update(hex=hex_id, up=True, entrenched=False)
        where = {"hex": hex_id}
    return [Event("built_up", "FA 21.2", {"power": power, "divisions": action["build_up"],
                                          "corps": pick, **where})]


def combat_break_variants(state: dict[str, Any],
                          options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """FA 11.12.5.4 / 21.2 — a loss option that breaks a corps names the type of the one
    division that survives (`keep`), one option per type the pool can supply; with none in the
    pool the option stays as it is (a stand-in division, see resolution._break_down)."""
    out = []
    for opt in options:
        if not opt.get("break"):
            out.append(opt)
            continue
        corps = unit(state, opt["break"])
        kinds = sorted({t for pair in BREAKDOWN_TABLE.get(corps["type"], ()) for t in pair})
        kept = [dict(opt, keep=k) for k in kinds if pool_divisions(state, corps, k)]
        out.extend(kept or [opt])
    return out
