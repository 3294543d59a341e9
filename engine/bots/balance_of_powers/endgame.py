"""BoP 12.1's last month, as level 2 plays it (bot version 13, docs/bots.md).

12.1 is decided by who controls each bargaining chip when October ends, after the Entente's
last half. Versions up to 12 priced a capture by the place's worth whatever the month: in the
arena against the greedy Entente (seed 1, games 0-9 of `--side central --against greedy`) the
Central Powers drew six and lost two, each time with the Entente one BC over its threshold,
and the traces showed how the Belgian BCs went back in October:

- a German force took Antwerp (or Brussels) with no line of supply to it (3.121: Namur,
  Brussels and 0818 still Entente or under its corps), the commissariat that ends the Central
  half (6.6) killed it, and the Entente walked into the empty fortress in its own half
  (game 0: five corps; game 2: the last one of six);
- Brussels, held by the Central Powers but empty in both October halves (an Austrian corps
  passed through it; game 0), or with three unsupplied corps that died (game 3), went back to
  a single British corps next to it.

So, in the scenario's last month:

- `hold_chance`: a capture is worth only what is still held at the end. A corps in supply
  survives its side's commissariats; one out of supply survives each with (effectiveness −
  1)/6 (it dies on 1d6 at or above its effectiveness), and there are two of them left in
  fortnight 1, one in fortnight 2. The place is held if one of the corps there survives.
- `garrisons`: every bargaining chip the side holds with an enemy corps within
  `endgame_radius` hexes keeps a corps (world.GARRISONS' veto and pull), and a move that
  brings the corps it lacks is worth `endgame_keep` per corps, times the corps' hold chance
  there: a BC lost counts twice.
- `last_half_pull`: in the last fortnight a step toward a target the game ends before
  reaching counts for nothing (version 12, seed 1 game 0 as version 13a played it: 18 corps
  died at the last commissariat, marched out of supply toward Paris and into Antwerp).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.rulesets.balance_of_powers.forces import UNITS, controller, side_of
from engine.rulesets.balance_of_powers.scenarios import BEFORE_THE_LEAVES_FALL, SCENARIOS
from engine.rulesets.balance_of_powers.theatre import Theatre

from ..heuristic import distances

# The last month's weights (data; docs/bots.md).
ENDGAME: Mapping[str, float] = {
    "endgame_radius": 4,     # hexes within which an enemy corps makes a held BC a garrison
    "endgame_keep": 30.0,    # per corps a move brings into a held BC short of its garrison
    "last_half_pull": 0.0,   # the pull's share in the last fortnight: the game ends first
}


def commissariats_left(position: Mapping[str, Any]) -> int | None:
    """The side's commissariats (6.6) still to come in 12.1 when this is its last month:
    2 before fortnight 2, 1 in it; None in any earlier month or another scenario."""
    scenario = position["kernel"].get("scenario")
    if scenario != BEFORE_THE_LEAVES_FALL or scenario not in SCENARIOS:
        return None
    flow = position["flow"]
    if flow["month"] != SCENARIOS[scenario].months[-1]:
        return None
    return 1 if flow.get("fortnight", 0) >= 2 else 2


def survival(effectiveness: int, supplied: bool, left: int) -> float:
    """BoP 6.6 — a corps' chance to live through `left` commissariats: certain in supply,
    else (effectiveness − 1)/6 each (it dies on 1d6 at or above its effectiveness)."""
    if supplied:
        return 1.0
    return (max(0, effectiveness - 1) / 6) ** left


def hold_chance(position: Mapping[str, Any], corps: Iterable[str], supplied: Mapping[str, bool],
                left: int | None) -> float:
    """The chance one of `corps` (supplied[uid]: in supply where it ends) is still there when
    the game ends, as far as supply goes; 1 before the last month."""
    if left is None:
        return 1.0
    lost = 1.0
    for uid in corps:
        lost *= 1.0 - survival(UNITS[uid].effectiveness, supplied[uid], left)
    return 1.0 - lost


def garrisons(position: Mapping[str, Any], th: Theatre, side: str,
              theirs: Mapping[str, int]) -> dict[str, int]:
    """In the last month: every BC the side controls with an enemy corps within
    `endgame_radius` hexes -> 1 corps kept."""
    if commissariats_left(position) is None:
        return {}
    radius = int(ENDGAME["endgame_radius"])
    out: dict[str, int] = {}
    for loc in sorted(th.bcs):
        if side_of(dict(position), controller(dict(position), th, loc)) != side:
            continue
        near = distances([loc], lambda x: th.adj.get(x, ()), radius)
        if any(theirs.get(o, 0) for o in near):
            out[loc] = 1
    return out
