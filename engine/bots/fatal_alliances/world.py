"""Fatal Alliances as a bot sees it: the view read back as a position, and the value map.

FA has no fog of war on land (its view is the whole board: positions, facing, pools, morale),
so the world a bot reasons on is the view itself, less what the view derives for players
(`flow.limits`, `flow.end_number`, each unit's `cf_down`). Determinisation therefore has one
world here; `sample_worlds` is the hook where hidden information (fog, bids) will be drawn.

The value map (`Context`): what each hex is worth to the seat's side (the scenario's victory
objectives, cities, capitals, factories, resources: weights in `WEIGHTS`), how strongly each
hex draws the side's units (diffused), and how threatened its valuable hexes are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.board import Map
from engine.kernel.game import copy_json
from engine.rulesets.fatal_alliances.combat import down_factor
from engine.rulesets.fatal_alliances.position import (
    commander,
    controller,
    game_map,
    is_enemy,
    on_map,
)
from engine.rulesets.fatal_alliances.powers import POWER_SIDE

from ..heuristic import diffuse, distances
from ..protocol import Budget

WEIGHTS: Mapping[str, float] = {
    "objective": 14.0,          # a victory objective (FA 13.7)
    "sudden_death": 30.0,       # the hex whose loss ends the game (East Prussia: Königsberg)
    "capital": 12.0,
    "factory": 4.0,
    "resource": 3.0,
    "city": 1.0,                # a city: supply source and morale (FA 2.4.2, 14.1)
    "strength": 1.0,            # per combat factor, what a unit is worth
    "hq": 6.0,                  # an HQ, on top of its factor
    "pull": 0.6,                # per combat factor, per point of pull gained by a move
    "capture": 0.8,             # an enemy hex taken, per point of its value
    "guard": 1.0,               # per point of threatened value a move covers
    "exposure": 0.3,            # per enemy factor more than ours next to where a stack ends
    "flip": 1.5,                # a unit that ends face-down (cannot attack, reorganise first)
    "decay": 0.75,              # pull lost per hex
    "depth": 14,                # hexes the pull spreads
    "attack_threshold": 0.5,    # an attack's expected value must exceed this
    "capital_guard": 4.0,       # per factor a move brings to a capital short of its garrison
    "capital_ratio": 1.0,       # the garrison a threatened capital keeps: × the threat there
    "capital_reach": 2,         # hexes within which an enemy unit threatens the capital
    "keep_ratio": 0.75,         # the garrison a threatened objective keeps: × its threat
    "keep_guard": 3.0,          # per factor a move brings to an objective short of its garrison
}

# The German plan for East Prussia (bot version 5, level 2 only): the victory objectives the
# seat holds and keeps garrisoned, as Königsberg is (the scenario's `victory` key naming
# them). FA 13.7's East Prussia count is the objectives each side holds of the other's at
# the end of turn 3, so an objective left open to march on the Russian ones is lost twice
# over. Russia is not given one: level 2 as the Entente wins without it.
KEEP: Mapping[str, str] = {"germany": "german_objectives"}

# The hex each seat keeps garrisoned (issue #25's sanity check: never left empty under
# threat): the power's capital on the map, else the place named here for the scenario —
# Königsberg, East Prussia's sudden-death hex, for Germany; Warsaw, the Russian factory and
# objective nearest the front, for Russia (no capital of either is inside the window).
CAPITALS: Mapping[str, str] = {"germany": "konigsberg", "russia": "warsaw"}


def position_from_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view as a position in the ruleset's layout (a new dict)."""
    flow = copy_json(view["flow"])
    flow.pop("limits", None)
    flow.pop("end_number", None)
    board = copy_json(view["board"])
    for u in board["units"].values():
        u.pop("cf_down", None)
    return {"flow": flow, "board": board, "secret": {},
            "kernel": {"sides": dict(view["game"]["sides"]), "seq": view["game"]["seq"]}}


def sample_worlds(position: dict[str, Any], seat: str, count: int) -> list[dict[str, Any]]:
    """Worlds consistent with the seat's view: FA hides nothing on land, so the one world."""
    return [position]


def strength(u: Mapping[str, Any]) -> float:
    """A unit's weight on the board: its factor face-up, its face-down factor otherwise."""
    return float(u["cf"] if u["up"] else min(u["cf"], down_factor(dict(u))))


@dataclass
class Context:
    position: dict[str, Any]
    m: Map
    seat: str
    side: str
    value: dict[str, float]
    pull: dict[str, float]
    ours: dict[str, float]             # the side's factors per hex
    theirs: dict[str, float]           # the enemy's factors per hex
    owned: frozenset[str]
    threat: dict[str, float] = field(default_factory=dict)
    capital: str | None = None         # the hex the seat keeps garrisoned (CAPITALS)
    garrison: float = 0.0              # the factors it keeps there now (0: not threatened)
    keep: dict[str, float] = field(default_factory=dict)   # objective -> garrison (KEEP)
    odds: dict[str, Any] = field(default_factory=dict)
    budget: Budget | None = None
    shipping: bool | None = None       # the transport plan has a move now (None: not asked)

    def side_owns(self, hex_id: str) -> bool:
        return hex_id in self.owned

    def near(self, table: Mapping[str, float], hex_id: str) -> float:
        return sum(table.get(o, 0.0) for o in self.m.neighbours(hex_id))

    def charge(self, work: int) -> None:
        if self.budget is not None:
            self.budget.charge(work)


def side_of_power(position: Mapping[str, Any], power: str | None) -> str | None:
    if power is None:
        return None
    sides: Mapping[str, str] = position["board"]["sides"]
    return sides.get(power) or POWER_SIDE.get(power)


def build_context(position: dict[str, Any], seat: str) -> Context:
    m = game_map(position["board"]["map"])
    side = side_of_power(position, seat) or "entente"
    ours: dict[str, float] = {}
    theirs: dict[str, float] = {}
    for u in on_map(position):
        owner = commander(position, u["power"])
        if side_of_power(position, owner) == side:
            ours[u["hex"]] = ours.get(u["hex"], 0.0) + strength(u)
        elif is_enemy(position, seat, u["power"]):
            theirs[u["hex"]] = theirs.get(u["hex"], 0.0) + strength(u)
    owned = frozenset(h for h in m.ids if not m.hex(h).sea
                      and side_of_power(position, controller(position, h)) == side)
    value = _values(position, m, side)
    targets = {h: v for h, v in value.items() if h not in owned and _hostile(position, seat, h)}
    pull = diffuse(targets, m.neighbours, decay=WEIGHTS["decay"], depth=int(WEIGHTS["depth"]),
                   passable=lambda h: not m.hex(h).sea)
    ctx = Context(position, m, seat, side, value, pull, ours, theirs, owned)
    ctx.capital = capital_hex(position, m, seat)
    if ctx.capital is not None and ctx.capital in owned:
        ctx.garrison = capital_threat(m, theirs, ctx.capital) * WEIGHTS["capital_ratio"]
    for h in value:
        if h not in owned:
            continue
        reach = distances([h], m.neighbours, 2)
        threat = sum(theirs.get(o, 0.0) * (1.0 if d <= 1 else 0.5) for o, d in reach.items())
        if threat > 0:
            ctx.threat[h] = threat
    return ctx


def keep_objectives(ctx: Context) -> None:
    """KEEP's objectives the side holds, other than the capital, with the factors each keeps
    while the enemy is within two hexes: `keep_ratio` × its threat (adjacent factors whole,
    two hexes away half), and at least one unit."""
    name = KEEP.get(ctx.seat)
    if name is None:
        return
    for h in ctx.position["board"]["victory"].get(name, []):
        if h == ctx.capital or h not in ctx.owned or ctx.threat.get(h, 0.0) <= 0:
            continue
        ctx.keep[h] = max(1.0, WEIGHTS["keep_ratio"] * ctx.threat[h])


def capital_hex(position: Mapping[str, Any], m: Map, seat: str) -> str | None:
    """The hex `seat` keeps garrisoned: its capital on the map, else CAPITALS' place."""
    for h in m.ids:
        info = m.hex(h)
        if info.has_feature("capital") and info.home == seat:
            return h
    place = CAPITALS.get(seat)
    if place is not None and place in m.places:
        return m.places[place].hex
    return None


def capital_threat(m: Map, theirs: Mapping[str, float], capital: str) -> float:
    """The enemy's factors within `capital_reach` hexes of the capital (0: not threatened)."""
    reach = distances([capital], m.neighbours, int(WEIGHTS["capital_reach"]))
    return sum(theirs.get(h, 0.0) for h in reach)


def _hostile(position: dict[str, Any], seat: str, hex_id: str) -> bool:
    owner = controller(position, hex_id)
    return owner is not None and is_enemy(position, seat, owner)


def _values(position: dict[str, Any], m: Map, side: str) -> dict[str, float]:
    """Every valued hex's worth to the side (its own and the enemy's alike)."""
    value: dict[str, float] = {}
    for h in m.ids:
        info = m.hex(h)
        worth = 0.0
        for feature in ("capital", "factory", "resource", "city"):
            if info.has_feature(feature):
                worth += WEIGHTS[feature]
        if worth:
            value[h] = worth
    victory = position["board"]["victory"]
    objectives = list(victory.get("objectives", []))
    objectives += list(victory.get("german_objectives", []))
    objectives += list(victory.get("russian_objectives", []))
    objectives += list(victory.get("automatic", []))
    for h in objectives:
        value[h] = value.get(h, 0.0) + WEIGHTS["objective"]
    if victory.get("sudden_death"):
        h = victory["sudden_death"]
        value[h] = value.get(h, 0.0) + WEIGHTS["sudden_death"]
    return value
