"""Exact combat odds for Fatal Alliances, from the ruleset's own functions and tables.

An attack's result is the row 2d10 + modifiers on the assault or blitz table (FA 11.12.5.3).
The modifiers are the ruleset's (`combat.attack_drms`, with the HQ support `combat.hq_support`
would give); a gas attack adds one d10's modifier (`combat.gas_drm`, FA 21.5); an attacker of
low morale may refuse (FA 14.2). Every branch is enumerated — 19 sums of 2d10, times the ten
gas dice where gas attacks, times refusal — and read with `combat.crt_row` and
`combat.crt_result`, so there is no sampling noise. Where the defender chooses the table
(every attacker crosses its fort, FA 21.7) it is assumed to choose the worse one for the
attacker.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.rulesets.fatal_alliances import combat as cb
from engine.rulesets.fatal_alliances.charts import MORALE_EFFECTS_FROM, REFUSE_BASE
from engine.rulesets.fatal_alliances.position import unit

from ..heuristic import dice_sums

TWO_D10 = dice_sums(2, 10)
GAS_DIE = {die: Fraction(1, 10) for die in range(1, 11)}


@dataclass(frozen=True)
class Odds:
    """An attack's exact outcome, summarised for the attacker."""

    table: str
    refused: float                 # P(the attack is refused: nothing happens)
    attacker_halves: float         # expected half-units lost
    defender_halves: float
    cleared: float                 # P(the hex is emptied: retreat, shatter or all destroyed)
    flipped: float                 # expected attackers left face-down
    favourable: float              # P(the defender loses more half-units, or the hex)
    rows: dict[int, Fraction]      # table row -> probability (refusals left out)


def attack_odds(position: dict[str, Any], power: str, action: dict[str, Any]) -> Odds:
    """FA 11.12.5 — the grouping `action` against its target, every branch exactly."""
    target = action["target"]
    attackers = [unit(position, i) for i in sorted(action["units"])]
    defenders = cb.defenders_at(position, power, target)
    sits_out = cb.reserve_unit(position, defenders)
    defenders = [d for d in defenders if d["id"] != sits_out]
    rule = cb.table_rule(position, attackers, target, defenders)
    if rule == "assault":
        tables = ["assault"]
    elif rule == "defender":
        tables = ["assault", "blitz"]
    else:
        tables = [action.get("table") or "assault"]
    found = [_odds(position, power, attackers, target, defenders, t) for t in tables]
    return min(found, key=lambda o: o.defender_halves - o.attacker_halves + 2 * o.cleared)


def _odds(position: dict[str, Any], power: str, attackers: list[dict[str, Any]], target: str,
          defenders: list[dict[str, Any]], table: str) -> Odds:
    hq, _ = cb.hq_support(position, attackers, target, defenders)
    drm = cb.total_drm(cb.attack_drms(position, attackers, target, defenders, table, hq))
    gas = {0: Fraction(1)}
    if any(u["type"] == "GAS" for u in attackers):
        gas = {}
        for die, p in GAS_DIE.items():
            shift = cb.gas_drm(die)
            gas[shift] = gas.get(shift, Fraction(0)) + p
    rows: dict[int, Fraction] = {}
    for shift, p in gas.items():
        for dice, q in TWO_D10.items():
            row = cb.crt_row(table, dice, drm + shift) if defenders else 25
            rows[row] = rows.get(row, Fraction(0)) + p * q
    morale = position["board"]["morale"].get(power, 20)
    refused = 0.0
    if morale <= MORALE_EFFECTS_FROM:
        refused = max(0, min(10, REFUSE_BASE - morale)) / 10
    att_total = sum(cb.loss_weight(u) for u in attackers)
    def_total = sum(cb.loss_weight(d) for d in defenders)
    att = dfn = cleared = flipped = favourable = 0.0
    for row, p in rows.items():
        face, a, d, effect = cb.crt_result(table, row)
        lost_a, lost_d = min(a or 0, att_total), min(d or 0, def_total)
        weight = float(p) * (1 - refused)
        att += weight * lost_a
        dfn += weight * lost_d
        if effect in ("R", "S") or lost_d >= def_total:
            cleared += weight
            favourable += weight
        elif lost_d > lost_a:
            favourable += weight
        left = max(0, len(attackers) - lost_a // 2)
        flipped += weight * (left if face == "" else left / 2 if face == "#" else 0)
    return Odds(table, refused, att, dfn, cleared, flipped, favourable,
                dict(sorted(rows.items())))
