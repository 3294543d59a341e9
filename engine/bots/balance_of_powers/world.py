"""Balance of Powers as a bot sees it: the view read back as a position, and the value map.

Everything in BoP is open (2.68) except the optional secret set-up, so a seat's view holds the
whole board; `world` puts it back into the ruleset's state layout (what the view leaves out is
bookkeeping a bot never needs: the answer counter, the script position) so the ruleset's own
functions — supply, the combat modifiers, the set-up deployments — can be asked about it.
During the secret set-up the other nations' placements are sealed: `sample_worlds` draws them
from the deployments the rules allow (determinisation), and the set-up phase scores its
candidates across the worlds drawn.

The value map (`Context`) is built once per turn: what each location is worth to the seat's
side (weights in `WEIGHTS`), how strongly each location draws the side's corps (diffused),
and how threatened each of its valuable locations is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.kernel.game import copy_json
from engine.rulesets.balance_of_powers import setup as bop_setup
from engine.rulesets.balance_of_powers.forces import (
    UNITS,
    commander,
    controller,
    enemy_present,
    neighbours,
    neutral_closed,
    side_of,
)
from engine.rulesets.balance_of_powers.supply import sources, supplied_locations, supply_reach
from engine.rulesets.balance_of_powers.tables import (
    CENTRAL,
    CP_BC_TO_WIN,
    ENTENTE,
    EP_BC_TO_WIN,
    SIDE_SEATS,
)
from engine.rulesets.balance_of_powers.theatre import Theatre, theatre
from engine.rulesets.balance_of_powers.victory import bc_counts

from ..heuristic import diffuse, distances
from ..protocol import BotRng, Budget
from . import endgame

# The value map's weights and the phases' thresholds, as data (docs/bots.md).
WEIGHTS: Mapping[str, float] = {
    "bargaining_chip": 12.0,    # a BC: to take (the enemy's) or to keep (ours)
    "capital": 16.0,            # on top of its BC value
    "supply_source": 2.0,       # a live source of ours (3.11)
    "fortress": 1.5,            # a fortress location
    "schlieffen_liege": 40.0,   # 12.1: CP, August, Liège not yet attacked or entered
    "schlieffen_corps": 6.0,    # 12.1: CP, August, each German corps entering Belgium (≤ 9)
    "plan_xvii": 5.0,           # 12.1: EP, fortnight 1, French corps into German border hexes
    "corps": 4.0,               # one corps lost or destroyed
    "rp": 1.5,                  # one RP spent
    "pull": 1.0,                # per corps, per point of pull gained by a move
    "capture": 0.6,             # an enemy location taken, per point of its value
    "defended": 0.0,            # a target's pull divided by 1 + this × corps holding it
                                # (0: at 0.25 the CP won 5 of 10 arena games, at 0: 8)
    "guard": 1.0,               # per point of threatened value a move covers
    "exposure": 0.8,            # per enemy corps more than ours next to where a force ends
    "entrench": 1.2,            # per adjacent enemy corps, for a corps entrenching in place
    "decay": 0.82,              # pull lost per hex
    "depth": 18,                # hexes the pull spreads
    "attack_threshold": 0.5,    # an attack's expected value must exceed this
    "rp_reserve": 3,            # RP kept back when procuring (attacks, rail)
    "rp_attacks": 8,            # 12.1: more kept back (procuring, rail) while something
                                # decisive is still to take: no income comes after September
                                # and every attack costs RP (10.3)
    "worlds": 4,                # determinisation: worlds drawn for the secret set-up
    "victory_bc": 30.0,         # 12.1: an enemy BC while the count does not give us the win
    "victory_capital": 60.0,    # 12.1: the enemy's capital while we hold ours (both win)
    "victory_keep": 10.0,       # 12.1: on top of an own BC's worth (each one lost counts
                                # twice: one fewer for us, one more for the enemy)
    "garrison": 25.0,           # 12.1: pull of a threatened garrison place left empty
    "garrison_muster": 30.0,    # 12.1: a corps mustered into a garrison place short of its
                                # garrison (version 7)
    "supply_link": 20.0,        # 3.121: a hex on the shortest supply line still to open to
                                # a SUPPLY_FIRST objective (version 6)
    "max_links": 4,             # hexes at most a line may still need to be a plan
    "commissariat": 3.0,        # 6.6: share of a corps' chance to die unsupplied that level
                                # 2's campaign adds to `unsupplied` (version 6)
    "naval_edge": 1.25,         # 8.3: a force fights one it outguns by this much (gunnery)
    "naval_battle": 1.0,        # per point of gunnery more than the enemy force fought
    "naval_goal": 40.0,         # 12.6: a ship that counts reaching its scenario's goal at sea
    "naval_approach": 10.0,     # per such ship, times the share of the way a move covers
    "naval_join": 8.0,          # a force too weak alone joining friends that together outgun
    "naval_torpedo": 1.0,       # 8.41: per point of enemy gunnery a strike is expected to cost
    "naval_sub_step": 1.0,      # 5.324: per point of its boats' gunnery the ASW roll is
                                # expected to cost a strike
    "unsupplied": 3.0,          # 6.6: per corps ending its side's half out of supply (the
                                # commissariat then kills it on 1d6 >= its effectiveness:
                                # the arena's German garrisons of Brussels died so, cut off)
}

# 6.11 — which neutrals a side's bot violates, and how much it wants to (12.1: the Schlieffen
# Plan needs Belgium; the Entente gains nothing by violating anyone). Version 3 violated
# Luxembourg too: it joined the Entente, one more Entente BC the Germans then had to take and
# keep (in the arena against the greedy Entente it was retaken in October). The plan needs only
# Liège and nine corps in Belgium, both reached from Aachen, so version 4 leaves it neutral.
VIOLATE: Mapping[str, Mapping[str, float]] = {CENTRAL: {"belgium": 10.0}, ENTENTE: {}}

# 12.1 — the Schlieffen Plan as objectives (docs/bots.md): once Belgium has joined the Entente,
# Germany's corps are drawn to its fortresses and bargaining chips, whatever the BC count says,
# until each is German: Liège and Namur open the road, Brussels and Antwerp are the two BCs the
# violation gave the Entente (the arena's draws ended with the Entente holding Antwerp, and
# often Brussels). Values are added to the targets' pull and to what taking them is worth.
SCHLIEFFEN: Mapping[str, float] = {"liege": 14.0, "namur": 10.0, "brussels": 24.0,
                                   "antwerp": 30.0}

# 12.1 — garrisons kept (docs/bots.md): per seat, a place and its tiers (corps kept, radius):
# while an enemy corps stands within `radius` hexes the place keeps that many corps (radius
# None: always — Berlin can be reached by sea and by a Russian march from beyond any small
# radius). A move that would take a place below its garrison is never played; a place below it
# draws corps (`garrison`). Version 3 left Berlin open in one arena game and the Entente took
# it and won outright; a first version 4 kept Berlin only with an enemy within 3 hexes and
# three Russian corps marched in from further away in October; Antwerp and Brussels, reached by
# sea and by the Belgian corps, were walked back into as soon as the German corps left.
# Paris likewise keeps one always (version 8): the sanity checker (bench.bop_sanity, Entente
# against the greedy Central Powers, seed 1 game 0) found it empty at the end of France's half
# in September with German cavalry, which marches further than 3 hexes, able to reach it.
GARRISONS: Mapping[str, Mapping[str, tuple[tuple[int, int | None], ...]]] = {
    "germany": {"berlin": ((1, None), (2, 5)), "metz": ((1, 3),), "strasbourg": ((1, 3),),
                "cologne": ((1, 3),), "breslau": ((1, 4),), "konigsberg": ((1, 4),),
                "posen": ((1, 4),), "brussels": ((1, None), (2, 2)),
                "antwerp": ((1, None), (2, 2))},
    "austria_hungary": {"vienna": ((1, 3),), "cracow": ((1, 2),), "lemberg": ((1, 2),)},
    "france": {"paris": ((1, None), (2, 3))},
}

# BoP 3.121, 6.6 — objectives whose garrison needs a supply line (bot version 6, docs/bots.md):
# per seat, the places a supply line must be opened to. A German corps in Brussels or Antwerp
# is supplied only by a path of German-held rail or population hexes free of Entente units from
# Germany (the Central Powers have no sea supply, 6.451), and Namur (or Charleroi) lies on every
# such path: the arena's level 2 (version 5) took Antwerp and Brussels with Namur still Belgian
# and lost their garrisons at the commissariat that ended the same half (seed 1 game 1: eleven
# German corps in August's second fortnight, four more in Antwerp in October), and the Belgians
# and the British walked back in. Each hex the shortest line to such a place still needs (if it
# needs at most `max_links`) is worth `supply_link` to the side: Namur, then the hexes between
# Brussels and Antwerp. (Cutting the places' own worth until a line reached them was tried and
# not kept: the Germans then left Brussels and Antwerp to the Entente.)
SUPPLY_FIRST: Mapping[str, tuple[str, ...]] = {"germany": ("brussels", "antwerp")}

FLOW_DEFAULTS: Mapping[str, Any] = {
    "k": 0, "pos": 0, "placed": [], "reroll": False, "rail_used": {}, "reserve_corps": {},
    "sea_used": 0, "secret": False, "muster": [], "neutral_to_place": [], "infra_to_place": [],
    "pending": [], "bthru": [],
}


def position_from_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view as a position in the ruleset's layout (a new dict)."""
    flow = {**copy_json(dict(FLOW_DEFAULTS)), **copy_json(view["flow"])}
    flow["bthru"] = list(view["flow"].get("breakthrough", []))
    board = copy_json(view["board"])
    board["infra"] = board.pop("infrastructure", {}) or {}
    board.setdefault("infra_due", {})
    board.setdefault("landing_used", False)
    out = {key: copy_json(view[key]) for key in ("powers", "ti", "plans", "diplomacy",
                                                  "ti_benefits") if key in view}
    game = view["game"]
    out.update(flow=flow, board=board, secret={},
               kernel={"sides": dict(game["sides"]), "seq": game["seq"], "sealed": {},
                       "scenario": game.get("scenario"),
                       "game_uid": None, "ended": None, "undo": None})
    return out


def unplaced(position: Mapping[str, Any], seat: str) -> list[str]:
    """The set-up nations other than `seat` whose corps are not on the map yet."""
    if position["flow"]["step"] != "secret_setup":
        return []
    on_map = {UNITS[u].nation for u in position["board"]["units"]}
    return [n for n in bop_setup.SETUP_NATIONS if n != seat and n not in on_map]


def sample_worlds(position: dict[str, Any], seat: str, rng: BotRng,
                  count: int) -> list[dict[str, Any]]:
    """Worlds consistent with the seat's view: each hidden set-up drawn from the placements
    the rules allow (12.1's secret set-up); the position itself when nothing is hidden."""
    hidden = unplaced(position, seat)
    if not hidden:
        return [position]
    th = theatre(position["board"]["map"])
    choices = {n: bop_setup.deployments(th, n, secret=True) for n in hidden}
    out = []
    for _ in range(count):
        sample = copy_json(position)
        for nation in hidden:
            if choices[nation]:
                bop_setup.place(sample, rng.pick(choices[nation]))
        out.append(sample)
    return out


@dataclass
class Context:
    """One turn's value map for `seat`."""

    position: dict[str, Any]
    th: Theatre
    seat: str
    side: str
    enemy: str
    occ: dict[str, list[str]]
    value: dict[str, float]            # what each location is worth to the side
    pull: dict[str, float]             # how strongly it draws the side's corps
    threat: dict[str, float]           # enemy corps within reach of a valuable location
    need: dict[str, float]             # threatened value not yet covered
    ours: dict[str, int] = field(default_factory=dict)     # the side's corps per location
    theirs: dict[str, int] = field(default_factory=dict)   # the enemy's corps per location
    owned: frozenset[str] = frozenset()                    # locations the side controls
    decisive: dict[str, float] = field(default_factory=dict)   # 12.1: what wins the game
    garrison: dict[str, int] = field(default_factory=dict)     # threatened place -> corps kept
    odds: dict[str, Any] = field(default_factory=dict)     # attacks enumerated this turn
    worlds: list[dict[str, Any]] = field(default_factory=list)   # determinised positions
    budget: Budget | None = None
    supplied: dict[str, frozenset[str]] = field(default_factory=dict)   # nation -> locations
    campaign: bool = True          # 12.1's plan and the commissariat's full price (level 2)
    naval: dict[Any, Any] = field(default_factory=dict)    # naval.py's reach and distances
    left: int | None = None        # 12.1's last month: the side's commissariats still to come

    def in_supply(self, nation: str, loc: str) -> bool:
        """BoP 3.12 — would a unit of `nation` at `loc` be in supply in this position?"""
        found = self.supplied.get(nation)
        if found is None:
            found = supplied_locations(self.position, self.th, nation)
            self.supplied[nation] = found
        return loc in found

    def side_owns(self, loc: str) -> bool:
        return loc in self.owned

    def charge(self, work: int) -> None:
        """Work beyond the one unit per answer (odds enumerated, worlds evaluated)."""
        if self.budget is not None:
            self.budget.charge(work)

    def foes_next_to(self, loc: str) -> int:
        return sum(self.theirs.get(o, 0) for o in self.th.adj.get(loc, ()))

    def friends_next_to(self, loc: str) -> int:
        return sum(self.ours.get(o, 0) for o in self.th.adj.get(loc, ()))


def seat_side(position: Mapping[str, Any], seat: str) -> str:
    side = side_of(dict(position), seat)
    if side is not None:
        return side
    return CENTRAL if seat in SIDE_SEATS[CENTRAL] else ENTENTE


def build_context(position: dict[str, Any], seat: str, *, campaign: bool = True) -> Context:
    """The turn's value map; `campaign` adds 12.1's plan as data (the Schlieffen objectives,
    the BCs kept, the garrisons), which the greedy baseline does without."""
    th = theatre(position["board"]["map"])
    side = seat_side(position, seat)
    enemy = ENTENTE if side == CENTRAL else CENTRAL
    occ: dict[str, list[str]] = {}
    ours: dict[str, int] = {}
    theirs: dict[str, int] = {}
    for uid, unit in sorted(position["board"]["units"].items()):
        occ.setdefault(unit["at"], []).append(uid)
        if not UNITS[uid].corps:
            continue
        owner = side_of(position, UNITS[uid].nation)
        if owner == side:
            ours[unit["at"]] = ours.get(unit["at"], 0) + 1
        elif owner is not None:
            theirs[unit["at"]] = theirs.get(unit["at"], 0) + 1
    value, targets = _values(position, th, seat, side, campaign)
    decisive = victory_targets(position, th, side)
    for loc, worth in (schlieffen_targets(position, th, seat) if campaign else {}).items():
        decisive[loc] = decisive.get(loc, 0.0) + worth
    if campaign:
        for links in supply_lines(position, th, seat, side).values():
            for link in links:
                decisive[link] = max(decisive.get(link, 0.0), WEIGHTS["supply_link"])
    for loc, worth in decisive.items():
        targets[loc] = targets.get(loc, 0.0) + worth
    garrison = garrisons(position, th, seat, side, ours, theirs) if campaign else {}
    if campaign:
        for loc, kept in endgame.garrisons(position, th, side, theirs).items():
            garrison[loc] = max(garrison.get(loc, 0), kept)
    for loc, kept in garrison.items():
        if ours.get(loc, 0) < kept:
            targets[loc] = targets.get(loc, 0.0) + WEIGHTS["garrison"]
    pull = diffuse(targets, lambda loc: th.adj.get(loc, ()), decay=WEIGHTS["decay"],
                   depth=int(WEIGHTS["depth"]),
                   passable=lambda loc: not neutral_closed(position, th, loc))
    owned = frozenset(loc for loc in th.locs
                      if side_of(position, controller(position, th, loc)) == side)
    ctx = Context(position, th, seat, side, enemy, occ, value, pull, {}, {}, ours, theirs,
                  owned, decisive, garrison, campaign=campaign,
                  left=endgame.commissariats_left(position) if campaign else None)
    _threats(ctx)
    return ctx


def _values(position: dict[str, Any], th: Theatre, seat: str, side: str,
            campaign: bool = True) -> tuple[dict[str, float], dict[str, float]]:
    """(every valued location's worth to the side, the enemy-held ones its corps are drawn
    to). Own locations are kept, not sought: their worth feeds the threat map instead."""
    value: dict[str, float] = {}
    targets: dict[str, float] = {}
    capitals = set(th.capital.values())
    for loc in sorted(th.bcs):
        value[loc] = WEIGHTS["bargaining_chip"] + (WEIGHTS["capital"] if loc in capitals else 0)
    for loc in th.fortress:
        value[loc] = value.get(loc, 0.0) + WEIGHTS["fortress"]
    for nation in sorted(n for n, p in position["powers"].items() if p["side"] == side):
        for loc in sorted(sources(position, th, nation)):
            value[loc] = value.get(loc, 0.0) + WEIGHTS["supply_source"]
    enemy = ENTENTE if side == CENTRAL else CENTRAL
    strength: dict[str, int] = {}
    for uid, unit in position["board"]["units"].items():
        if UNITS[uid].corps and side_of(position, UNITS[uid].nation) == enemy:
            strength[unit["at"]] = strength.get(unit["at"], 0) + 1
    for loc in sorted(th.bcs):
        if campaign and side_of(position, controller(position, th, loc)) == side:
            value[loc] += WEIGHTS["victory_keep"]
    for loc, worth in value.items():
        owner = side_of(position, controller(position, th, loc))
        if owner is not None and owner != side and not neutral_closed(position, th, loc):
            # A target is worth less the more corps hold it and stand next to it: the bot
            # goes for what it can take (TripleA's "attack the weakest valuable").
            held = strength.get(loc, 0) + 0.5 * sum(strength.get(o, 0) for o in th.adj[loc])
            targets[loc] = worth / (1.0 + WEIGHTS["defended"] * held)
    for loc, worth in _plan_targets(position, th, seat, side).items():
        targets[loc] = targets.get(loc, 0.0) + worth
    return value, targets


# BoP 12.1: a side wins with MORE than this many BCs (unless a side holds both capitals).
BC_TO_WIN: Mapping[str, int] = {CENTRAL: CP_BC_TO_WIN, ENTENTE: EP_BC_TO_WIN}
# BoP 12.1: the capitals whose joint control wins outright, each side's own first.
CAPITALS: Mapping[str, tuple[str, str]] = {CENTRAL: ("germany", "france"),
                                           ENTENTE: ("france", "germany")}


def victory_targets(position: dict[str, Any], th: Theatre, side: str) -> dict[str, float]:
    """BoP 12.1's victory as places to take: the enemy-held BCs while the count does not give
    the side the win (the side must hold more than its threshold AND keep the enemy at or
    below its own: with both thresholds met the game is a draw, the ruleset's ruling in
    victory.py), and the enemy's capital while the side holds its own (both capitals win
    outright). The arena's Central level 2 drew half its games holding 16-20 BCs while the
    Entente kept 7 (Antwerp, Lille or Reims left in its hands): what decides is the enemy's
    count, not the side's."""
    enemy = ENTENTE if side == CENTRAL else CENTRAL
    counts = bc_counts(position, th)
    out: dict[str, float] = {}
    winning = counts[side] > BC_TO_WIN[side] and counts[enemy] <= BC_TO_WIN[enemy]
    for loc in sorted(th.bcs):
        owner = side_of(position, controller(position, th, loc))
        if owner == enemy and not winning and not neutral_closed(position, th, loc):
            out[loc] = WEIGHTS["victory_bc"]
    own_capital, their_capital = (th.capital[n] for n in CAPITALS[side])
    if side_of(position, controller(position, th, own_capital)) == side and side_of(
            position, controller(position, th, their_capital)) == enemy:
        out[their_capital] = out.get(their_capital, 0.0) + WEIGHTS["victory_capital"]
    return out


def schlieffen_targets(position: dict[str, Any], th: Theatre, seat: str) -> dict[str, float]:
    """12.1's Schlieffen Plan carried through (SCHLIEFFEN): for Germany, once Belgium is at war
    on the Entente's side, each of its objectives not yet German, in every month."""
    if seat != "germany" or position["powers"].get("belgium", {}).get("side") != ENTENTE:
        return {}
    out: dict[str, float] = {}
    for place, worth in SCHLIEFFEN.items():
        loc = th.place_loc.get(place)
        if loc is not None and side_of(position, controller(position, th, loc)) != CENTRAL:
            out[loc] = worth
    return out


def carries_supply(position: dict[str, Any], th: Theatre, loc: str) -> bool:
    """3.121 — a hex a supply line may run through once the side holds it: rail or a
    population centre (infrastructure markers apart), on land, not a closed neutral."""
    return loc not in th.water and (th.is_rail(loc) or th.is_pop(loc)) and not neutral_closed(
        position, th, loc)


def supply_lines(position: dict[str, Any], th: Theatre, seat: str,
                 side: str) -> dict[str, list[str]]:
    """SUPPLY_FIRST's places for `seat` not yet in its supply: place -> the hexes still to take
    (not held by the side, or holding enemy units) on the cheapest line of supply-carrying hexes
    from where the seat's supply reaches now to a hex next to the place (3.121: a unit is
    supplied in or next to a hex the line reaches). Empty when no line of at most `max_links`
    such hexes exists (the front must come nearer first)."""
    wanted = [th.place_loc[p] for p in SUPPLY_FIRST.get(seat, ()) if p in th.place_loc]
    if not wanted:
        return {}
    supplied = supplied_locations(position, th, seat)
    wanted = [loc for loc in wanted if loc not in supplied]
    if not wanted:
        return {}
    occ: dict[str, list[str]] = {}
    for uid, unit in sorted(position["board"]["units"].items()):
        occ.setdefault(unit["at"], []).append(uid)
    reached = supply_reach(position, th, sources(position, th, seat, occ), side, occ,
                           lambda loc: neighbours(position, th, loc))

    def cost(loc: str) -> int:
        held = side_of(position, controller(position, th, loc)) == side
        return 0 if held and not enemy_present(position, th, loc, side, occ) else 1

    # 0-1 search from the reached hexes over supply-carrying ones: the fewest hexes to take.
    best: dict[str, tuple[int, tuple[str, ...]]] = {loc: (0, ()) for loc in reached}
    frontier = sorted(reached)
    limit = int(WEIGHTS["max_links"])
    while frontier:
        nxt = []
        for loc in frontier:
            spent, path = best[loc]
            for other in sorted(th.adj.get(loc, ())):
                if not carries_supply(position, th, other):
                    continue
                step = cost(other)
                found = (spent + step, path + ((other,) if step else ()))
                if found[0] <= limit and (other not in best or found[0] < best[other][0]):
                    best[other] = found
                    nxt.append(other)
        frontier = nxt
    out: dict[str, list[str]] = {}
    for target in wanted:
        lines = [best[o] for o in sorted(th.adj.get(target, ())) if o in best]
        if lines:
            spent, path = min(lines, key=lambda line: (line[0], line[1]))
            out[target] = [loc for loc in path if loc != target]
        else:
            out[target] = []
    return out


def garrisons(position: dict[str, Any], th: Theatre, seat: str, side: str,
              ours: Mapping[str, int], theirs: Mapping[str, int]) -> dict[str, int]:
    """The seat's garrison places (GARRISONS) that the side holds and an enemy corps is near:
    place -> the corps to keep in it."""
    out: dict[str, int] = {}
    for place, tiers in GARRISONS.get(seat, {}).items():
        loc = th.place_loc.get(place)
        if loc is None or side_of(position, controller(position, th, loc)) != side:
            continue
        for kept, radius in tiers:
            if radius is not None and not any(theirs.get(o, 0) for o in distances(
                    [loc], lambda x: th.adj.get(x, ()), radius)):
                continue
            out[loc] = max(out.get(loc, 0), kept)
    return out


def _plan_targets(position: dict[str, Any], th: Theatre, seat: str,
                  side: str) -> dict[str, float]:
    """BoP 12.1's plans as places to go: Liège and Belgium for Germany in August (Schlieffen),
    the German border hexes next to France for France in fortnight 1 (Plan XVII)."""
    flow = position["flow"]
    plans = position["plans"]
    out: dict[str, float] = {}
    if flow["month"] != "1914-08" or not plans.get("active", True):
        return out
    if seat == "germany" and not neutral_closed(position, th, th.place_loc["liege"]):
        schlieffen = plans["schlieffen"]
        if not schlieffen["liege"]:
            out[th.place_loc["liege"]] = WEIGHTS["schlieffen_liege"]
        if len(schlieffen["corps"]) < 9:
            for loc in th.locs:
                if th.home.get(loc) == "belgium":
                    out[loc] = max(out.get(loc, 0.0), WEIGHTS["schlieffen_corps"] * 2)
    if seat == "france" and flow["fortnight"] <= 1:
        plan = plans["plan17"]
        if len(plan["corps"]) < 4 or len(plan["hexes"]) < 2:
            for loc in th.locs:
                if th.home.get(loc) in ("germany", "luxembourg") and not neutral_closed(
                        position, th, loc) and any(th.home.get(o) == "france"
                                                   for o in th.adj[loc]):
                    out[loc] = WEIGHTS["plan_xvii"] * 2
    return out


def _threats(ctx: Context) -> None:
    """Enemy corps within two hexes of each valuable location the side holds (adjacent ones
    count in full, the next ring half), and the part of its worth not yet covered by the
    side's corps there (and half of those next to it)."""
    th, position = ctx.th, ctx.position
    for loc, worth in ctx.value.items():
        if side_of(position, controller(position, th, loc)) != ctx.side:
            continue
        near = distances([loc], lambda x: th.adj.get(x, ()), 2)
        threat = sum(ctx.theirs.get(o, 0) * (1.0 if d <= 1 else 0.5)
                     for o, d in near.items())
        if threat <= 0:
            continue
        guard = ctx.ours.get(loc, 0) + 0.5 * ctx.friends_next_to(loc)
        ctx.threat[loc] = threat
        if guard < threat:
            ctx.need[loc] = worth * (threat - guard) / threat


def commanded(ctx: Context, uid: str) -> bool:
    return uid in ctx.position["board"]["units"] and commander(ctx.position, uid) == ctx.seat
