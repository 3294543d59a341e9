"""FA 11.11 — invasions of enemy coasts from the sea, with 11.12.1.4's notional defender
(issue #22, version 12; rulings R-N17 ... R-N21).

A task force that carried troops into a sea area to debark (11.10, version 11) may instead,
when its power picks where they come ashore (`naval_debark`), send them against an
enemy-controlled coastal hex of that area: `{"invade": hex, "table": ...}`. In this slice the
invaded hex holds no real land unit (R-N17), so it is defended by its notional unit alone, and
the attack every invader must make (11.11) is rolled at once (R-N18): the invaders' factors
halved (marines whole), against the notional unit's factor of 11.12.1.4 (R-N20). If the
result costs the defender nothing, the notional unit holds and every invader is destroyed
(R-N19); otherwise the invaders take their own losses and stand in the hex, which they now
control. For the rest of the impulse they project no zone of control beyond their own hex
(11.11; `board["invaders"]`, campaign only, cleared when the impulse ends).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from . import combat as cb
from .breakdown import combat_break_variants
from .charts import CRT_TEXT, WEATHER_ATTACK_DRM, Table, Weather
from .fleets import fleets, seas
from .movement import take_control
from .naval_transport import INFANTRY_CLASS, carriers, may_stand
from .position import at_war, by_hex, controller, in_home_country, is_friendly, map_of, units
from .powers import POWER_SIDE
from .resolution import _apply_losses, destroy_unit, note_land_attack
from .sequence import remaining, spend
from .supply import city_hexes, supplied_hexes
from .terrain import defence_multiplier
from .weather import weather_at
from .zoc import _zoc_enters, exerts_zoc_around

State = dict[str, Any]
RULE = "FA 11.11"
NO_INVASION_WEATHER = frozenset({Weather.STORM, Weather.SNOW, Weather.BLIZZARD})
INVASION_SECTIONS = frozenset({1, 2, 3, 4})      # 11.11: not from the 0 box
MARINES = frozenset({"MAR"})
# 11.12.1.4: +1 when any unit invades from a box lower than this (one higher in rain)
LOW_BOX, LOW_BOX_RAIN = 3, 4
NOTIONAL = {"id": "notional", "type": "INF", "size": "div", "cf": 1}


def task_force_section(state: State, ships: list[str]) -> int | None:
    """The sea-box section the task force's ships still in the area stand in."""
    fl = fleets(state)
    for sid in ships:
        if sid in fl and fl[sid]["area"] is not None:
            return fl[sid]["section"]  # type: ignore[no-any-return]
    return None


def may_invade_with(state: State, power: str, ships: list[str], cargo: list[str]) -> bool:
    """11.11 — only face-up INF-class units invade (an SCS carries only INF-class divisions,
    11.3.4.1, already checked on embarking), from the 1-4 sections, with a land attack left."""
    pool = units(state)
    left = remaining(state, power, "land_attack")
    return (bool(cargo) and all(pool[u]["up"] and pool[u]["type"] in INFANTRY_CLASS
                                for u in cargo)
            and task_force_section(state, ships) in INVASION_SECTIONS
            and left is not None and left > 0)


def invasion_hexes(state: State, power: str, area: str, ships: list[str],
                   cargo: list[str]) -> list[str]:
    """11.11 — the enemy-controlled coastal hexes of the area the cargo may invade (R-N17):
    the controller at war with the power, no storm, snow or blizzard there, no real enemy
    land unit (defended coasts wait), and room for the cargo (2.3.1, 11.9.4, 19.2.1)."""
    if not may_invade_with(state, power, ships, cargo):
        return []
    m = map_of(state)
    out = []
    for h in seas().area(area).coastal_hexes:
        holder = controller(state, h)
        if holder is None or not at_war(state, power, holder):
            continue
        if weather_at(state, m, h) in NO_INVASION_WEATHER:
            continue
        if may_stand(state, power, cargo, h):      # refuses a hex with enemy units
            out.append(h)
    return out


def invade_options(state: State, power: str, area: str, ships: list[str],
                   cargo: list[str]) -> list[dict[str, Any]]:
    """The `naval_debark` answers that invade: each hex on either table (11.12.5.1)."""
    return [{"invade": h, "table": t.value}
            for h in invasion_hexes(state, power, area, ships, cargo) for t in Table]


def _corps_zoc_over(state: State, hex_id: str, holder: str) -> bool:
    """A corps-sized unit on the defender's side exerts its ZoC into `hex_id` (2.2)."""
    m = map_of(state)
    here = by_hex(state)
    nbs = set(m.neighbours(hex_id))
    for u in sorted(units(state).values(), key=lambda x: x["id"]):
        if u["hex"] not in nbs or not exerts_zoc_around(u) or u["size"] == "div":
            continue
        if u["power"] != holder and not is_friendly(state, u["power"], holder):
            continue
        if _zoc_enters(state, m, u, u["hex"], hex_id, here.get(hex_id, []),
                       weather_at(state, m, u["hex"])):
            return True
    return False


def notional_factor(state: State, hex_id: str, section: int, ships: list[str],
                    cargo: list[str]) -> tuple[int, list[tuple[str, int]]]:
    """FA 11.12.1.4 — the notional defender's combat factor and its reasons (surprise, 17,
    is not built). Never below 0."""
    holder = controller(state, hex_id)
    assert holder is not None
    m = map_of(state)
    reasons = [("notional unit", 1)]
    if hex_id in city_hexes(m):
        reasons.append(("city", 1))
    if holder in POWER_SIDE and in_home_country(state, hex_id, holder):
        reasons.append(("home country of the major power controlling it", 1))
    if not by_hex(state).get(hex_id) and _corps_zoc_over(state, hex_id, holder):
        reasons.append(("in a friendly corps' zone of control", 1))
    low = LOW_BOX_RAIN if weather_at(state, m, hex_id) == Weather.RAIN else LOW_BOX
    if section < low:
        reasons.append((f"invading from below the {low} box", 1))
    fl, pool = fleets(state), units(state)
    if (any(fl[s]["cls"] == "TRS" for s in ships if s in fl)
            and any(pool[u]["size"] != "div" and pool[u]["type"] not in MARINES for u in cargo)):
        reasons.append(("non-marine corps invading from a TRS", 1))
    if hex_id not in supplied_hexes(state, holder):
        reasons.append(("no basic supply path", -1))
    return max(0, sum(v for _, v in reasons)), reasons


def invasion_strengths(state: State, hex_id: str, section: int, ships: list[str],
                       cargo: list[str]) -> tuple[Fraction, Fraction, list[tuple[str, int]]]:
    """11.11 / 11.12.1.4 — the invaders' attack (non-marines halved) and the notional unit's
    defence, the hex's terrain applying to it as to any land unit there (R-N20)."""
    pool = units(state)
    attack = sum((Fraction(pool[u]["cf"]) / (1 if pool[u]["type"] in MARINES else 2)
                  for u in cargo), Fraction(0))
    factor, reasons = notional_factor(state, hex_id, section, ships, cargo)
    m = map_of(state)
    mult = defence_multiplier(m, hex_id, NOTIONAL, weather_at(state, m, hex_id),
                              state["board"]["rules"]["swamp_doubles"])
    return attack, Fraction(factor * mult), reasons


def invade(state: State, power: str, ships: list[str], cargo: list[str], area: str,
           action: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 11.11 — the cargo invades `action["invade"]`: each unit a land move (as 11.10), one
    land attack, the carriers face-down, the attack rolled at once against the notional unit
    (R-N18); failure destroys every invader (R-N19)."""
    hex_id, table = action["invade"], action["table"]
    section = task_force_section(state, ships)
    assert section is not None
    m = map_of(state)
    pool = units(state)
    holder = controller(state, hex_id)
    attack, defence, reasons = invasion_strengths(state, hex_id, section, ships, cargo)
    for sid in carriers(state, ships, cargo):
        fleets(state)[sid]["up"] = False
    for _ in cargo:
        spend(state, power, "land_move")
    spend(state, power, "land_attack")
    marks = state["flow"]["marks"]
    marks["moved"] = sorted(set(marks["moved"]) | set(cargo))
    marks["attacked"] = sorted(set(marks["attacked"]) | set(cargo))
    marks["targets"] = sorted(set(marks["targets"]) | {hex_id})
    weather = weather_at(state, m, hex_id)
    value, label = cb.odds_drm(attack, defence)
    drms: list[tuple[str, Fraction]] = [(f"odds {label}", Fraction(value)),
                                        ("no observer", Fraction(-1))]
    w = WEATHER_ATTACK_DRM[weather][0]
    if w:
        drms.append((f"weather {weather.value}", Fraction(w)))
    dice = roller.roll(10, "invasion 2d10", 2)
    total = cb.total_drm(drms)
    row = cb.crt_row(table, sum(dice), total)
    face, a_loss, d_loss, effect = cb.crt_result(table, row)
    held = not d_loss and not effect            # R-N19: "–" leaves the notional unit standing
    if defence == 0 or attack >= defence:
        note_land_attack(state, {power})
    events = [Event("invasion", RULE, {
        "power": power, "target": hex_id, "defender": holder, "area": area, "section": section,
        "units": list(cargo), "table": table, "attack": str(attack), "defence": str(defence),
        "notional": [{"name": n, "value": v} for n, v in reasons],
        "dice": dice, "drms": [{"name": n, "value": cb.number(v)} for n, v in drms],
        "total_drm": cb.number(total), "row": row,
        "result": CRT_TEXT[Table(table)][row], "held": held, "taken": False})]
    if held:
        for uid in sorted(cargo):
            # they die off the enemy coast: no home-country bonus BP from their port (R-N19)
            destroy_unit(state, pool[uid], events, "invasion failed", bonus=False,
                         roller=roller)
        return events
    for uid in cargo:
        pool[uid]["hex"] = hex_id
        pool[uid]["entrenched"] = False
    if a_loss:
        combat = {"attackers": list(cargo)}
        options = combat_break_variants(state, cb.loss_options(
            [pool[u] for u in cargo], a_loss))
        _apply_losses(state, combat, "attacker", options[0], events, roller)
        cargo = [u for u in combat["attackers"]
                 if u in pool and pool[u]["hex"] is not None]
    standing = sorted(u for u in cargo if u in pool and pool[u]["hex"] == hex_id)
    keep_up = {"*": len(standing), "#": len(standing) // 2}.get(face, 0)
    for i, uid in enumerate(standing):
        pool[uid]["up"] = pool[uid]["up"] and i < keep_up
    happened = take_control(state, power, hex_id) if standing else []
    events[0].data["taken"] = bool(standing)
    board = state["board"]
    board["invaders"] = sorted(set(board.get("invaders", [])) | set(standing))
    events.append(Event("invaded", RULE, {"power": power, "to": hex_id, "units": standing,
                                          "effects": happened}))
    return events
