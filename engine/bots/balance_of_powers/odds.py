"""Exact combat odds for Balance of Powers, from the ruleset's own functions and table.

An attack's outcome depends on the leaders' checks (1d6 each, BoP 10.54), the modifiers
(10.5, `odds.modifiers` and `odds.net_modifier`) and 2d6 (10.6), read on the land combat table
(10.62, `losses.table_result`). Every branch is enumerated with its exact probability: the
leaders' four outcomes times the eleven sums of 2d6, so there is no sampling noise. The
defender is assumed to choose the point unit that defends best (10.531), as a deadline does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.rulesets.balance_of_powers import odds as bop_odds
from engine.rulesets.balance_of_powers.forces import UNITS, fort_steps, infrastructure
from engine.rulesets.balance_of_powers.losses import table_result
from engine.rulesets.balance_of_powers.movement import inherent_defense
from engine.rulesets.balance_of_powers.supply import supplied_locations
from engine.rulesets.balance_of_powers.theatre import Theatre

from ..heuristic import below, dice_sums

TWO_D6 = dice_sums(2, 6)


@dataclass(frozen=True)
class Odds:
    """The exact distribution of an attack's table result, summarised."""

    finals: dict[int, Fraction]        # modified roll (2..12) -> probability
    attacker_loss: float               # expected losses ("RP" counts half: it may be paid)
    defender_loss: float
    gives_ground: float                # P(the defender gives ground: 9+ on the table)
    major: bool
    defenders: int                     # corps + fortress steps + inherent defence

    @property
    def favourable(self) -> float:
        """P(the defender loses more than the attacker, or gives ground)."""
        total = 0.0
        for final, p in self.finals.items():
            att, dfn, flags, _ = table_result({"final": final, "major": self.major})
            if "gg" in flags or _loss(dfn) > _loss(att):
                total += float(p)
        return total


def _loss(value: Any) -> float:
    return 0.5 if value == "RP" else float(value)


def combat_of(position: dict[str, Any], th: Theatre, side: str, enemy: str,
              action: dict[str, Any]) -> dict[str, Any]:
    """The combat an attack would declare (BoP 10.1), as `odds.modifiers` reads it."""
    units = sorted(action["units"])
    start = position["board"]["units"][units[0]]["at"]
    target = action["target"]
    landing = position["board"].get("landing")
    supplied = dict(position["flow"].get("supplied", {}))
    for uid in bop_odds.defenders(position, target, enemy):
        nation = UNITS[uid].nation
        supplied[uid] = position["board"]["units"][uid]["at"] in supplied_locations(
            position, th, nation)
    return {"attacker": side, "defender": enemy, "from": start, "target": target,
            "units": units, "point": action["point"], "supplied": supplied, "reserve": None,
            "def_point": None, "ti": bop_odds.has_ti(position, side),
            "amphibious": landing is not None and start == landing["at"],
            "id": inherent_defense(position, th, start, target, side), "air": 0}


def attack_odds(position: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> Odds:
    """BoP 10.5, 10.6, 10.62 — every branch of an attack, exactly."""
    combat = dict(combat)
    if combat.get("def_point") is None:
        points = bop_odds.point_options(position, th, combat)
        combat["def_point"] = max(points, key=lambda p: (bop_odds.defender_effectiveness(
            position, th, {**combat, "def_point": p}), p)) if points else "inherent"
    att_nations = {UNITS[u].nation for u in combat["units"]
                   if u in position["board"]["units"]}
    def_nations = {UNITS[u].nation for u in bop_odds.defenders(
        position, combat["target"], combat["defender"])}
    checks = []
    for role, loc, nations, rating in (("attacker", combat["from"], att_nations, "attack"),
                                       ("defender", combat["target"], def_nations, "defense")):
        leader = bop_odds.leader_of(position, loc, nations)
        if leader is not None:
            checks.append((role, below(getattr(UNITS[leader], rating))))
    major = bop_odds.major_battle(position, combat)
    use_infra = infrastructure(position, combat["from"], combat["attacker"])
    finals: dict[int, Fraction] = {}
    for outcome in range(1 << len(checks)):
        p = Fraction(1)
        leadership: dict[str, int] = {}
        for i, (role, chance) in enumerate(checks):
            passed = bool(outcome >> i & 1)
            p *= chance if passed else 1 - chance
            leadership[role] = 1 if passed else 0
        if p == 0:
            continue
        fnm = bop_odds.net_modifier(bop_odds.modifiers(position, th, combat, leadership,
                                                       use_infrastructure=use_infra))
        for dice, q in TWO_D6.items():
            final = max(2, min(12, dice + fnm))
            finals[final] = finals.get(final, Fraction(0)) + p * q
    return summarise(finals, major, _defending(position, th, combat))


def reroll_odds(combat: dict[str, Any]) -> dict[int, Fraction]:
    """A fresh 2d6 with the combat's net modifier (the War Guilt reroll, BoP 12.1)."""
    finals: dict[int, Fraction] = {}
    for dice, q in TWO_D6.items():
        final = max(2, min(12, dice + combat["fnm"]))
        finals[final] = finals.get(final, Fraction(0)) + q
    return finals


def summarise(finals: dict[int, Fraction], major: bool, defenders: int) -> Odds:
    att = dfn = gg = 0.0
    for final, p in finals.items():
        a, d, flags, _ = table_result({"final": final, "major": major})
        att += float(p) * _loss(a)
        dfn += float(p) * _loss(d)
        if "gg" in flags:
            gg += float(p)
    return Odds(dict(sorted(finals.items())), att, dfn, gg, major, defenders)


def _defending(position: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> int:
    return (len(bop_odds.defenders(position, combat["target"], combat["defender"]))
            + fort_steps(position, th, combat["target"]) + (1 if combat.get("id") else 0))
