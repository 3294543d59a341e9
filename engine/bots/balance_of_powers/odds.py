"""Exact combat odds for Balance of Powers, from the ruleset's own functions and table.

An attack's outcome depends on the bombardment (siege corps against a fortress, BoP 10.21:
a black fortress is ruined, a red one loses a step on 1d6 below the siege corps), the
leaders' checks (1d6 each, 10.54), the modifiers (10.5, `odds.modifiers` and
`odds.net_modifier`) and 2d6 (10.6), read on the land combat table (10.62,
`losses.table_result`). Every branch is enumerated with its exact probability — the
bombardment's two outcomes, the leaders' four, the eleven sums of 2d6 — so there is no
sampling noise; a fortress left empty and ruined falls without a roll (10.22). The defender
is assumed to choose the point unit that defends best (10.531), as a deadline does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.kernel.game import copy_json
from engine.rulesets.balance_of_powers import odds as bop_odds
from engine.rulesets.balance_of_powers.forces import UNITS, fort_steps, infrastructure
from engine.rulesets.balance_of_powers.losses import reduce_fortress, ruin_fortress, table_result
from engine.rulesets.balance_of_powers.movement import inherent_defense
from engine.rulesets.balance_of_powers.supply import supplied_locations
from engine.rulesets.balance_of_powers.theatre import Theatre

from ..heuristic import below, dice_sums

TWO_D6 = dice_sums(2, 6)


@dataclass(frozen=True)
class Odds:
    """The exact distribution of an attack's table result, summarised."""

    finals: dict[int, Fraction]        # modified roll (2..12) -> probability (without falls)
    attacker_loss: float               # expected losses ("RP" counts half: it may be paid)
    defender_loss: float
    gives_ground: float                # P(the defender gives ground: 9+ on the table)
    major: bool
    defenders: int                     # corps + fortress steps + inherent defence
    falls: float = 0.0                 # P(the location falls to the bombardment, no roll)
    takes: float = 0.0                 # P(the location is taken: falls, or ground given
                                       # with no fortress left; 0.3 of it with one)

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
    """BoP 10.21, 10.5, 10.6, 10.62 — every branch of an attack, exactly."""
    target = combat["target"]
    siege = sum(1 for u in combat["units"] if UNITS[u].kind == "siege")
    branches: list[tuple[Fraction, dict[str, Any]]] = [(Fraction(1), position)]
    if siege and fort_steps(position, th, target):
        bombarded = copy_json(position)
        if th.fortress[target] == "black":
            ruin_fortress(bombarded, target)
            branches = [(Fraction(1), bombarded)]
        else:
            reduce_fortress(bombarded, th, target)
            hit = below(siege)
            branches = [(hit, bombarded), (1 - hit, position)]
    finals: dict[int, Fraction] = {}
    falls = Fraction(0)
    open_ground: dict[int, Fraction] = {}      # rolls where no fortress step is left
    for p, world in branches:
        if p == 0:
            continue
        if not fort_steps(world, th, target) and not _defending(world, th, combat):
            falls += p                          # BoP 10.22: nothing left to fight
            continue
        for final, q in _rolls(world, th, combat).items():
            finals[final] = finals.get(final, Fraction(0)) + p * q
            if not fort_steps(world, th, target):
                open_ground[final] = open_ground.get(final, Fraction(0)) + p * q
    major = bop_odds.major_battle(position, combat)
    return summarise(finals, major, _defending(position, th, combat), falls, open_ground)


def _rolls(position: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> dict[int, Fraction]:
    """The modified roll's distribution in one bombardment branch."""
    combat = dict(combat)
    if combat.get("def_point") is None:
        points = bop_odds.point_options(position, th, combat)
        combat["def_point"] = max(points, key=lambda p: (bop_odds.defender_effectiveness(
            position, th, {**combat, "def_point": p}), p)) if points else "inherent"
    checks = []
    for role, rating in (("attacker", "attack"), ("defender", "defense")):
        # 1.323: the defender's leader fights with any forces of his side there; the
        # attacker's only when named among the attacking units (the ruleset's own reading).
        leader = bop_odds.force_leader(position, combat, role)
        if leader is not None:
            checks.append((role, below(getattr(UNITS[leader], rating))))
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
    return finals


def reroll_odds(combat: dict[str, Any]) -> dict[int, Fraction]:
    """A fresh 2d6 with the combat's net modifier (the War Guilt reroll, BoP 12.1)."""
    finals: dict[int, Fraction] = {}
    for dice, q in TWO_D6.items():
        final = max(2, min(12, dice + combat["fnm"]))
        finals[final] = finals.get(final, Fraction(0)) + q
    return finals


def summarise(finals: dict[int, Fraction], major: bool, defenders: int,
              falls: Fraction = Fraction(0),
              open_ground: dict[int, Fraction] | None = None) -> Odds:
    att = dfn = gg = takes = 0.0
    for final, p in finals.items():
        a, d, flags, _ = table_result({"final": final, "major": major})
        att += float(p) * _loss(a)
        dfn += float(p) * _loss(d)
        if "gg" in flags:
            gg += float(p)
            opened = float((open_ground or {}).get(final, 0))
            takes += opened + 0.3 * (float(p) - opened)
    return Odds(dict(sorted(finals.items())), att, dfn, gg, major, defenders, float(falls),
                float(falls) + takes)


def _defending(position: dict[str, Any], th: Theatre, combat: dict[str, Any]) -> int:
    return (len(bop_odds.defenders(position, combat["target"], combat["defender"]))
            + fort_steps(position, th, combat["target"]) + (1 if combat.get("id") else 0))
