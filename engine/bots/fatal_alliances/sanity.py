"""Fatal Alliances — issue #25's sanity checks on level 2's games, as a trusted observer of
`play_match` (its `watch`), with a command line for many games:

    python -m engine.bots.fatal_alliances.sanity --games 10 --against greedy --seed 1

- **The capital.** A level-2 move (a land or rail move, or an advance: the moves the bot
  chooses) never takes the last of its side's units out of its seat's capital
  (`world.capital_hex`: Königsberg for Germany, Warsaw for Russia in East Prussia) while an
  enemy unit stands within `WEIGHTS["capital_reach"]` hexes of it. Losses and the retreats
  the enemy chooses are not the bot's moves and are not counted.
- **The odds threshold.** Every attack level 2 declares has an attack value, recomputed from
  the view it was chosen on, above the threshold it declares (`WEIGHTS["attack_threshold"]`).
- **The kept objectives (bot version 5, `world.KEEP`).** A level-2 move of a seat with a plan
  (Germany in East Prussia) never takes the last of its side's units out of one of its
  objectives while an enemy unit stands within two hexes of it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from engine import kernel
from engine.kernel.ruleset import Ruleset
from engine.rulesets.fatal_alliances.position import controller, game_map, is_enemy, on_map

from ..heuristic import distances
from ..runner import BotMove
from .phases import attack_value, odds_of
from .world import (
    KEEP,
    WEIGHTS,
    build_context,
    capital_hex,
    position_from_view,
    side_of_power,
)

MOVES = ("land_move", "rail_move", "advance")


@dataclass
class Findings:
    moves: int = 0                   # level-2 moves checked
    threatened: int = 0              # of them, made while the seat's capital was threatened
    attacks: int = 0                 # level-2 attacks declared
    capital_left: list[dict[str, Any]] = field(default_factory=list)
    below_threshold: list[dict[str, Any]] = field(default_factory=list)
    kept_threatened: int = 0         # moves made while a kept objective (world.KEEP) was
    objective_left: list[dict[str, Any]] = field(default_factory=list)   # threatened

    @property
    def ok(self) -> bool:
        return not self.capital_left and not self.below_threshold and not self.objective_left


def _garrison(state: dict[str, Any], seat: str, hex_id: str) -> list[str]:
    side = side_of_power(state, seat)
    return [u["id"] for u in on_map(state) if u["hex"] == hex_id
            and side_of_power(state, u["power"]) == side]


def capital_threatened(state: dict[str, Any], seat: str, capital: str,
                       radius: int | None = None) -> bool:
    m = game_map(state["board"]["map"])
    reach = distances([capital], m.neighbours,
                      int(WEIGHTS["capital_reach"]) if radius is None else radius)
    return any(u["hex"] in reach and is_enemy(state, seat, u["power"]) for u in on_map(state))


class Checker:
    """`play_match(..., watch=Checker(ruleset))`: checks every level-2 move as it is made."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.found = Findings()

    def __call__(self, before: dict[str, Any], move: BotMove, after: dict[str, Any]) -> None:
        if move.level != 2 or move.kind != "act" or move.decision is None:
            return
        seat, action = move.seat, move.action
        decision = next(d for d in kernel.decisions_for(self.ruleset, before, seat)
                        if d.id == move.decision)
        if decision.kind == "land_attack" and not action.get("done"):
            self.found.attacks += 1
            seen = kernel.view(self.ruleset, before, f"seat:{seat}")
            ctx = build_context(position_from_view(seen), seat)
            value = attack_value(ctx, action, odds_of(ctx, action))
            if not value > WEIGHTS["attack_threshold"]:
                self.found.below_threshold.append({"decision": move.decision,
                                                   "action": action, "value": value})
        if decision.kind not in MOVES:
            return
        self.found.moves += 1
        self.check_objectives(before, move, after)
        capital = capital_hex(before, game_map(before["board"]["map"]), seat)
        if capital is None or not capital_threatened(before, seat, capital):
            return
        self.found.threatened += 1
        if _garrison(before, seat, capital) and not _garrison(after, seat, capital):
            self.found.capital_left.append({"decision": move.decision, "action": action,
                                            "capital": capital})

    def check_objectives(self, before: dict[str, Any], move: BotMove,
                         after: dict[str, Any]) -> None:
        """Bot version 5's plan (world.KEEP): a kept objective the seat's side holds is never
        left empty by its move while an enemy unit stands within two hexes of it."""
        name = KEEP.get(move.seat)
        if name is None:
            return
        side = side_of_power(before, move.seat)
        for h in before["board"]["victory"].get(name, []):
            if (side_of_power(before, controller(before, h)) != side
                    or not capital_threatened(before, move.seat, h, 2)):
                continue
            self.found.kept_threatened += 1
            if _garrison(before, move.seat, h) and not _garrison(after, move.seat, h):
                self.found.objective_left.append({"decision": move.decision,
                                                  "action": move.action, "objective": h})


def check_games(games: int, against: str = "greedy", seed: int = 1,
                scenario: str = "east-prussia-1914") -> dict[str, Any]:
    """Level 2 on each side in turn against `against` (greedy or level1), checked."""
    from engine import bots, rulesets
    from engine.bots.match import match_seed, play_match
    ruleset = rulesets.get("fatal_alliances")
    seats = {s["id"]: s["side"] for s in ruleset.scenario(scenario)["seats"]}
    out: dict[str, Any] = {}
    for side in sorted(set(seats.values())):
        checker = Checker(ruleset)
        for game in range(games):
            table = {s: bots.bot_for(ruleset, scenario, 2) if sd == side
                     else (bots.greedy_for(ruleset, scenario) if against == "greedy"
                           else bots.bot_for(ruleset, scenario, 1))
                     for s, sd in seats.items()}
            play_match(ruleset, scenario, table, seed=match_seed(seed, game),
                       game_uid=f"sanity-{seed}-{scenario}-{side}-{against}-{game}",
                       watch=checker)
        f = checker.found
        out[f"level2_{side}_vs_{against}"] = {
            "games": games, "moves": f.moves, "moves_capital_threatened": f.threatened,
            "capital_left_empty": len(f.capital_left), "attacks": f.attacks,
            "attacks_below_threshold": len(f.below_threshold),
            "moves_objective_threatened": f.kept_threatened,
            "objective_left_empty": len(f.objective_left),
            "examples": (f.capital_left + f.below_threshold + f.objective_left)[:5]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--against", choices=["greedy", "level1"], default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default="east-prussia-1914")
    args = parser.parse_args(argv)
    out = check_games(args.games, args.against, args.seed, args.scenario)
    print(json.dumps(out, indent=1, sort_keys=True))
    bad = sum(v["capital_left_empty"] + v["attacks_below_threshold"] + v["objective_left_empty"]
              for v in out.values())
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
