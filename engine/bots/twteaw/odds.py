"""Exact odds of one land battle, from the ruleset's own combat values (engine/rulesets/twteaw/
combat.py): every round each side rolls a D10 per unit (a hit at or under its value), the
guns next door fire with the attack, a city adds its die to the defence, and each hit removes
one unit in casualty order. The distributions are small enough to enumerate: the state after a
round is (attackers lost, defenders lost), and the hits of a round follow the exact
Poisson-binomial law of the dice still rolling. No Monte Carlo.

The defenders the bot cannot see are taken as infantry (the band says how many, not what).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.rulesets.twteaw import combat as C
from engine.rulesets.twteaw import units as U


@dataclass(frozen=True, slots=True)
class Odds:
    capture: float          # the attackers take the territory
    attacker_losses: float  # expected units lost
    defender_losses: float  # expected units killed


@lru_cache(maxsize=4096)
def hits_law(values: tuple[int, ...]) -> tuple[float, ...]:
    """P(k hits) for dice hitting at or under each value on a D10."""
    law = [1.0]
    for v in values:
        p = min(10, max(0, v)) / 10
        nxt = [0.0] * (len(law) + 1)
        for k, q in enumerate(law):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        law = nxt
    return tuple(law)


def attack_values(movers: dict[str, int], penalties: dict[str, int]) -> list[int]:
    """The attackers' values in casualty order (the first is lost first)."""
    out = []
    for unit in U.LAND_TYPES:
        fighter = C.Fighter("me", unit, 0, penalty=penalties.get(unit, 0))
        out += [C.attack_value(fighter)] * movers.get(unit, 0)
    return out


# Chances below this are dropped while enumerating (they cannot move a decision).
NEGLIGIBLE = 1e-9


@lru_cache(maxsize=4096)
def battle(attack: tuple[int, ...], guns: tuple[int, ...], defenders: int, city: bool,
           rounds: int, planes: tuple[tuple[int, int], ...] = (), silent: int = 0) -> Odds:
    """Attackers (values, casualty order) with guns firing for them, against `defenders`
    infantry (and the city's die), for at most `rounds` rounds. `planes` (bot version 4):
    attacking aircraft as (attack value, rounds it stays over the target) — a plane fires
    with the land attackers until its fuel only just gets it home (`combat._spend_fuel`);
    it is the last casualty (the default order puts aircraft after the land units), so while
    a land attacker is left no hit falls on it, and without land attackers nothing is taken.
    `silent`: defenders that roll no die in the rounds (AA guns, which fire once at the planes
    before them), the last of the defenders' casualties."""
    n_att = len(attack)
    d_value = C.defence_value(C.Battle("x", [], [], []), C.Fighter("them", "infantry", -1),
                              [C.Fighter("them", "infantry", -1)])
    if n_att == 0:
        return Odds(0.0, 0.0, 0.0)
    if defenders == 0:
        return Odds(1.0, 0.0, 0.0)
    states = {(0, 0): 1.0}
    done: dict[tuple[int, int], float] = {}
    for r in range(1, rounds + 1):
        nxt: dict[tuple[int, int], float] = {}
        flying = tuple(v for v, stay in planes if stay >= r)
        for (la, ld), p in states.items():
            a_law = hits_law(tuple(attack[la:]) + tuple(guns) + flying)
            d_dice = ([d_value] * max(0, defenders - silent - ld)
                      + ([U.CITY_DEFENCE] if city else []))
            d_law = hits_law(tuple(d_dice))
            left_a, left_d = n_att - la, defenders - ld
            for ha, pa in enumerate(a_law):
                if p * pa < NEGLIGIBLE:
                    continue
                nd = ld + min(ha, left_d)
                for hd, pd in enumerate(d_law):
                    if pd < NEGLIGIBLE:
                        continue
                    key = (la + min(hd, left_a), nd)
                    nxt[key] = nxt.get(key, 0.0) + p * pa * pd
        states = {}
        for key, p in nxt.items():
            if key[0] == n_att or key[1] == defenders:
                done[key] = done.get(key, 0.0) + p
            else:
                states[key] = p
        if not states:
            break
    ended = {**states}
    for key, p in done.items():
        ended[key] = ended.get(key, 0.0) + p
    capture = sum(p for (la, ld), p in ended.items() if ld == defenders and la < n_att)
    return Odds(capture, sum(p * la for (la, _), p in ended.items()),
                sum(p * ld for (_, ld), p in ended.items()))


def with_aa(attack: tuple[int, ...], guns: tuple[int, ...], defenders: int, city: bool,
            rounds: int, planes: tuple[tuple[int, int], ...], aa: int) -> Odds:
    """The same battle after the defenders' `aa` AA guns (among the `defenders`) fire once at
    the planes (4.6 step 2: each hits on its defence in 10, a hit kills a plane, in casualty
    order — `planes` is given in it); in the rounds the guns roll nothing and fall last."""
    if not planes:
        return battle(attack, guns, defenders, city, rounds, planes, aa)
    law = hits_law(tuple([U.UNITS["aa"].defence] * aa))
    capture = lost = killed = 0.0
    for k, p in enumerate(law):
        o = battle(attack, guns, defenders, city, rounds, planes[k:], aa)
        capture += p * o.capture
        lost += p * o.attacker_losses
        killed += p * o.defender_losses
    return Odds(capture, lost, killed)
