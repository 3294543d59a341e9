"""Submarines in Phase 4.2 (version 14, rulings 159–165): detection (4.2.9) and interception
(4.2.10), fought after every task force has arrived (ruling 71) and before the surface battles.

- A task force with submarines is submarines only (ruling 160). Submerged, it takes no part in a
  surface battle (4.3): surface ships neither find it by contact nor fire at it. Its missions are
  `move`, `intercept` and `hunt`; without orders it lies submerged where it is (`dive`).
- **Detection** (`hunt`, 4.2.9): undamaged battleships, cruisers or submarines that stay in their
  zone search it: each rolls a D10 and finds the enemy submarines there at or under its
  capability (`units.DETECTION`). The dice are rolled whether or not a submarine is there, so the
  roll tells nobody anything (ruling 162). The finders fight every submarine of the nations at war
  with the hunter there: a free round at their attack, then one round both ways, the submarines at
  their defence — after which the submarines break off and stay (ruling 161: no aircraft at sea
  yet, so they may stay; an order written before the turn cannot choose to fight on).
- **Interception** (`intercept`, 4.2.10): the submarines strike one enemy task force that moves
  into or out of their zone or lands its cargo from it (never a docked or stationary one, nor one
  hunting): the one with the most transports, then the most ships (ruling 163: written orders
  cannot name task forces the writer cannot see). A free strike at their attack, hits on ships
  only (the default casualty order), then the task force's ships fire back once as in round 1 of
  a sea battle (transports hold their fire), and the submarines break off and stay.

Each fight is a public `submarine_attack` or `submarine_hunt` (who fought where, as a sea battle
is) with a `submarine_report` to each nation in it; a hunt that finds nothing tells only the hunter
(`submarine_hunt` with `found: false`, the same whether nothing was there or the dice missed).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import naval_combat as NC
from .units import DETECTION, SHIPS
from .war import at_war

State = dict[str, Any]
RULE_DETECTION = "TWTEAW 4.2.9"
RULE_INTERCEPTION = "TWTEAW 4.2.10"
MISSIONS = ("move", "intercept", "hunt")       # a submarine task force's missions (ruling 160)


def _volley(roller: Roller, values: list[int], purpose: str, key: str) -> int:
    """Hits of one volley: a D10 per value, a hit at or under it (values of 0 roll nothing)."""
    values = [v for v in values if v > 0]
    if not values:
        return 0
    dice = roller.roll(10, purpose, len(values), key=key)
    return sum(1 for d, v in zip(dice, values, strict=True) if d <= v)


def _attack_values(ships: dict[str, int]) -> list[int]:
    return [SHIPS[t].attack for t, n in sorted(ships.items()) for _ in range(n)]


def _losses(forces: list[NC.TaskForce]) -> dict[str, dict[str, dict[str, int]]]:
    """Each nation's ships sunk and damaged in this fight, from `lost` (then cleared, so that a
    surface battle later in the turn reports only its own)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for tf in forces:
        rec = out.setdefault(tf.nation, {"damaged": {}, "sunk": {}})
        for kind, n in tf.lost.items():
            key, ship = ("damaged", "battleship") if kind == "battleship" else \
                ("sunk", "battleship" if kind == "damaged_battleship" else kind)
            rec[key][ship] = rec[key].get(ship, 0) + n
        tf.lost = {}
    return out


def _reports(kind: str, rule: str, zone: str, forces: list[NC.TaskForce]) -> list[Event]:
    nations = sorted({tf.nation for tf in forces})
    losses = _losses(forces)
    out = [Event(kind, rule, {"zone": zone, "nations": nations})]
    for nation in nations:
        out.append(Event("submarine_report", rule, {"zone": zone, "fight": kind, "nation": nation,
                                                    "losses": losses},
                         audience=f"seat:{nation}"))
    return out


def _merge(tf: NC.TaskForce, ships: dict[str, int]) -> None:
    for t, n in ships.items():
        if n:
            tf.ships[t] = tf.ships.get(t, 0) + n


def hunt(state: State, zone: str, forces: list[NC.TaskForce], roller: Roller) -> list[Event]:
    """4.2.9 in `zone`, for each hunting task force there in turn (nation, then origin)."""
    events: list[Event] = []
    hunters = sorted((tf for tf in forces if tf.zone == zone and tf.mission == "hunt" and tf.size()),
                     key=lambda tf: (tf.nation, tf.came_from))
    for tf in hunters:
        searchers = [t for t, n in sorted(tf.ships.items()) for _ in range(n) if t in DETECTION]
        dice = roller.roll(10, f"{tf.nation} searching {zone} for submarines", len(searchers),
                           key=f"naval {zone} {tf.nation} hunt") if searchers else []
        found: dict[str, int] = {}
        for ship, die in zip(searchers, dice, strict=True):
            if die <= DETECTION[ship]:
                found[ship] = found.get(ship, 0) + 1
        prey = [p for p in forces if p.zone == zone and p.submerged() and p.size()
                and at_war(state, tf.nation, p.nation)]
        if not found or not prey:
            events.append(Event("submarine_hunt", RULE_DETECTION, {"zone": zone, "found": False},
                                audience=f"seat:{tf.nation}"))
            continue
        for t, n in found.items():             # the finders fight; the rest sit it out
            tf.ships[t] -= n
        finders = NC.TaskForce(tf.nation, zone, dict(found), "hunt", tf.came_from)
        NC.take_hits(prey, _volley(roller, _attack_values(finders.ships),
                                   f"{tf.nation} hunters firing in {zone}, free round",
                                   f"naval {zone} {tf.nation} hunt r1"))
        subs_fire = [SHIPS[t].defence for p in prey for t, n in sorted(p.ships.items()) for _ in range(n)]
        hits_on_subs = _volley(roller, _attack_values(finders.ships),
                               f"{tf.nation} hunters firing in {zone}, round 2",
                               f"naval {zone} {tf.nation} hunt r2")
        hits_on_finders = _volley(roller, subs_fire, f"submarines firing back in {zone}",
                                  f"naval {zone} {tf.nation} hunted r2")
        NC.take_hits(prey, hits_on_subs)
        NC.take_hits([finders], hits_on_finders)
        _merge(tf, finders.ships)
        tf.ships = {t: n for t, n in sorted(tf.ships.items()) if n}
        tf.lost = {k: tf.lost.get(k, 0) + finders.lost.get(k, 0)
                   for k in sorted({*tf.lost, *finders.lost})}
        events += _reports("submarine_hunt", RULE_DETECTION, zone, [tf, *prey])
    return events


def targets(state: State, zone: str, subs: NC.TaskForce, forces: list[NC.TaskForce]) -> list[NC.TaskForce]:
    """The enemy task forces the submarines in `zone` may strike (4.2.10): moving into or out of
    it, or landing cargo from it; never docked, stationary, hunting or submerged ones."""
    out = []
    for tf in forces:
        if tf.submerged() or not tf.size() or not at_war(state, subs.nation, tf.nation):
            continue
        moved_in = tf.zone == zone and tf.came_from != zone
        moved_out = tf.came_from == zone and tf.zone != zone
        landing = tf.zone == zone and tf.cargo is not None
        if moved_in or moved_out or landing:
            out.append(tf)
    return out


def intercept(state: State, zone: str, forces: list[NC.TaskForce], roller: Roller) -> list[Event]:
    """4.2.10 in `zone`, for each intercepting task force there in turn (nation, then origin)."""
    events: list[Event] = []
    wolves = sorted((tf for tf in forces if tf.zone == zone and tf.mission == "intercept" and tf.size()),
                    key=lambda tf: (tf.nation, tf.came_from))
    for subs in wolves:
        prey = targets(state, zone, subs, forces)
        if not prey:
            events.append(Event("submarine_intercept", RULE_INTERCEPTION, {"zone": zone, "found": False},
                                audience=f"seat:{subs.nation}"))
            continue
        target = min(prey, key=lambda tf: (-tf.ships.get("transport", 0), -tf.size(), tf.nation,
                                            tf.came_from, tf.zone))
        NC.take_hits([target], _volley(roller, _attack_values(subs.ships),
                                       f"{subs.nation} submarines striking in {zone}",
                                       f"naval {zone} {subs.nation} intercept"))
        # the target fires back once, as in round 1 of a sea battle (its own stance)
        NC.take_hits([subs], _volley(roller, NC.round_values([target], 1),
                                     f"{target.nation} ships firing back in {zone}",
                                     f"naval {zone} {subs.nation} intercepted"))
        events += _reports("submarine_attack", RULE_INTERCEPTION, zone, [subs, target])
    return events
