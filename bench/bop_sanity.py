"""`python -m bench.bop_sanity [--scenario S] [--games N] [--seed K] [--against level1|greedy]
[--side central|entente] [--max-actions M]` — Balance of Powers level 2 on each side against
the baseline, every game checked by `engine.bots.balance_of_powers.sanity` (the capital kept
under threat, the declared attack threshold); prints the games and their violations as JSON
and exits 1 when there is any."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine import rulesets
from engine.bots import bot_for, greedy_for
from engine.bots.balance_of_powers.sanity import check_game
from engine.bots.match import match_seed, play_match
from engine.bots.protocol import Bot
from engine.kernel.ruleset import Ruleset


def seats_by_side(ruleset: Ruleset, scenario: str) -> dict[str, str]:
    return {s["id"]: s["side"] for s in ruleset.scenario(scenario)["seats"]}


def table(ruleset: Ruleset, scenario: str, side: str, against: str = "level1") -> dict[str, Bot]:
    """Level 2 on `side`, the baseline (level 1 or the greedy) on the others."""
    out: dict[str, Bot] = {}
    for seat, s in seats_by_side(ruleset, scenario).items():
        if s == side:
            out[seat] = bot_for(ruleset, scenario, 2)
        elif against == "greedy":
            baseline = greedy_for(ruleset, scenario)
            assert baseline is not None
            out[seat] = baseline
        else:
            out[seat] = bot_for(ruleset, scenario, 1)
    return out


def run(scenario: str, games: int, seed: int, *, against: str = "level1",
        sides: Sequence[str] | None = None, max_actions: int | None = None) -> dict[str, Any]:
    """Play `games` games per side (level 2 there) and check them all."""
    ruleset = rulesets.get("balance_of_powers")
    summary: dict[str, Any] = {"scenario": scenario, "games": [], "violations": 0}
    for side in sides or sorted(set(seats_by_side(ruleset, scenario).values())):
        for game in range(games):
            uid = f"sanity-{seed}-{scenario}-{side}-{against}-{game}"
            report = play_match(ruleset, scenario, table(ruleset, scenario, side, against),
                                seed=match_seed(seed, game), game_uid=uid,
                                max_actions=max_actions)
            checked = check_game(ruleset, scenario, report, seed=match_seed(seed, game),
                                 game_uid=uid)
            summary["games"].append({
                "side": side, "game": game, "status": report.status,
                "winner": (report.result or {}).get("winner"), "actions": report.actions,
                "illegal": report.illegal, "errors": report.errors,
                "capital_checks": checked.capital_checks,
                "attacks_checked": checked.attacks_checked,
                "violations": [v.__dict__ for v in checked.violations]})
            summary["violations"] += len(checked.violations)
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bop_sanity",
        description="BoP level-2 sanity checks (capital kept under threat, declared attack "
                    "threshold) over bot games")
    parser.add_argument("--scenario", default="before-the-leaves-fall")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", choices=("level1", "greedy"), default="level1")
    parser.add_argument("--side", choices=("central", "entente"), action="append")
    parser.add_argument("--max-actions", type=int)
    args = parser.parse_args(argv)
    summary = run(args.scenario, args.games, args.seed, against=args.against, sides=args.side,
                  max_actions=args.max_actions)
    json.dump(summary, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
