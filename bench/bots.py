"""`python -m bench bots` — the bot arena: bots play each other, and the figures say how well
and how legally.

For every scenario (or the one named), N games per pairing, each with its own seed:
- level 2 on one side against level 1 on the others, each side in turn (where the ruleset has
  a level 2), and level 1 against level 1 as the baseline;
- games, engine errors, illegal choices (a bot answer off the list or refused by the kernel:
  must be 0), dead ends, unfinished (truncated) games;
- per side, level 2's wins, draws and losses against level 1, the win rate and its 95 %
  Wilson interval (draws are not wins; unfinished games are not counted);
- with `against="greedy"`, level 2 on each side in turn against the greedy one-ply baseline
  (`bots.GREEDY`: the best immediate odds, no plan) instead of level 1, and no baseline
  pairing;
- per level (the greedy baseline apart), the work and wall time of a decision (mean, p99, max), the time spent listing
  the answers, and the safety net's firings;
- `seconds` caps a decision's time (the safety net, 2 s by default): past it the bot plays the
  best answer it has scored so far and the firing is counted; `clock="cpu"` counts the cap and
  the decision times in the process's CPU seconds (`time.process_time`) instead of wall-clock
  ones, so a busy machine neither fires the cap nor inflates the figures.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Any

from engine import bots, rulesets
from engine.bots.match import MatchReport, match_seed, play_match
from engine.bots.protocol import SAFETY_NET_SECONDS
from engine.kernel.ruleset import Ruleset

DEFAULT_GAMES = 10


def wilson(wins: int, games: int, z: float = 1.96) -> list[float] | None:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return None
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (
        1 + z * z / games)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def scenarios(only_ruleset: str | None, only_scenario: str | None) -> Iterable[tuple[Ruleset,
                                                                                        str]]:
    for ruleset in rulesets.all_rulesets():
        if only_ruleset and ruleset.id != only_ruleset:
            continue
        for scenario in ruleset.manifest["scenarios"]:
            if only_scenario and scenario["id"] != only_scenario:
                continue
            yield ruleset, scenario["id"]


def pairings(ruleset: Ruleset, scenario: str, against: str = "level1",
             only_side: str | None = None) -> list[tuple[str, str | None]]:
    """(label, the side level 2 plays or None for level 1 everywhere); with `only_side`,
    just the pairing with level 2 on that side (the label and games are the full run's;
    none where the scenario has no such side)."""
    sides = sorted({seat["side"] for seat in ruleset.scenario(scenario)["seats"]})
    if only_side is not None:
        return [p for p in pairings(ruleset, scenario, against) if p[1] == only_side]
    if against == "greedy":
        if ruleset.id not in bots.GREEDY or 2 not in bots.levels(ruleset.id):
            return []
        return [(f"level2_{side}_vs_greedy", side) for side in sides]
    out: list[tuple[str, str | None]] = [("level1_vs_level1", None)]
    if 2 in bots.levels(ruleset.id):
        out = [(f"level2_{side}", side) for side in sides] + out
    return out


def opponent(ruleset: Ruleset, scenario: str, against: str) -> bots.Bot:
    if against == "greedy":
        return bots.greedy_for(ruleset, scenario)
    return bots.bot_for(ruleset, scenario, 1)


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def run_scenario(ruleset: Ruleset, scenario: str, games: int, seed: int,
                 max_actions: int | None, against: str = "level1",
                 seconds: float = SAFETY_NET_SECONDS, clock: str = "wall",
                 only_side: str | None = None) -> dict[str, Any]:
    seats = {s["id"]: s["side"] for s in ruleset.scenario(scenario)["seats"]}
    figures: dict[str, Any] = {"games": 0, "errors": 0, "illegal": 0, "dead_ends": 0,
                               "unfinished": 0, "safety_net": 0, "problems": []}
    turns: dict[str, list[Any]] = {}
    for label, side in pairings(ruleset, scenario, against, only_side):
        tally: dict[str, Any] = {"games": 0, "wins": 0, "draws": 0, "losses": 0,
                                 "unfinished": 0, "by_winner": {}}
        for game in range(games):
            table = {seat: bots.bot_for(ruleset, scenario, 2) if s == side
                     else opponent(ruleset, scenario, against) for seat, s in seats.items()}
            uid = f"arena-{seed}-{ruleset.id}-{scenario}-{label}-{game}"
            report = play_match(ruleset, scenario, table, seed=match_seed(seed, game),
                                game_uid=uid, max_actions=max_actions, seconds=seconds,
                                clock=CLOCKS[clock])
            count(figures, report)
            for turn in report.turns:
                key = "greedy" if "greedy" in turn.by else f"level{turn.level}"
                turns.setdefault(key, []).append(turn)
            tally["games"] += 1
            tally[outcome_for(report, side, seats)] += 1
            winner = ("unfinished" if report.result is None
                      else winning_side(report.result, seats) or "draw")
            tally["by_winner"][winner] = tally["by_winner"].get(winner, 0) + 1
        decided = tally["wins"] + tally["draws"] + tally["losses"]
        if side is None:
            for key in ("wins", "draws", "losses"):
                del tally[key]
        else:
            tally["win_rate"] = round(tally["wins"] / decided, 3) if decided else None
            tally["win_rate_ci95"] = wilson(tally["wins"], decided)
        figures[label] = tally
    figures["decisions"] = {level: timing(found) for level, found in sorted(turns.items())}
    figures["problems"] = figures["problems"][:10]
    return figures


def winning_side(result: dict[str, Any], seats: dict[str, str]) -> str | None:
    """The side that won: the result's `winner`, else the one side of all its `winners`
    seats (the toy names seats); None for a draw."""
    if result.get("winner") is not None:
        return str(result["winner"])
    if result.get("side") is not None:
        return str(result["side"])
    started = [seats.get(seat) for seat in result.get("winners") or []]
    sides = set(started)
    if len(sides) > 1:
        # neutrals that joined a camp (TWTEAW): the camp most of the winners started in
        ranked = sorted(sides, key=lambda s: (-started.count(s), str(s)))
        return ranked[0] if started.count(ranked[0]) > started.count(ranked[1]) else None
    return sides.pop() if len(sides) == 1 else None


def outcome_for(report: MatchReport, side: str | None, seats: dict[str, str]) -> str:
    """wins / draws / losses for level 2's side ("draws" for every finished game of level 1
    against level 1, whose tally is by winner instead); unfinished games apart."""
    if report.result is None:
        return "unfinished"
    winner = winning_side(report.result, seats)
    if winner is None or side is None:
        return "draws"
    return "wins" if winner == side else "losses"


def count(figures: dict[str, Any], report: MatchReport) -> None:
    figures["games"] += 1
    figures["errors"] += report.errors
    figures["illegal"] += report.illegal
    figures["dead_ends"] += report.status == "dead_end"
    figures["unfinished"] += report.status == "truncated"
    figures["safety_net"] += sum(1 for t in report.turns if t.fired)
    figures["problems"].extend(report.problems)


def timing(turns: list[Any]) -> dict[str, Any]:
    work = [float(t.work) for t in turns]
    seconds = [t.seconds for t in turns]
    listing = [t.listing_seconds for t in turns]
    n = len(turns)
    return {"decisions": n,
            "work_mean": round(sum(work) / n, 1), "work_p99": percentile(work, 0.99),
            "work_max": max(work),
            "ms_mean": round(1000 * sum(seconds) / n, 2),
            "ms_p99": round(1000 * percentile(seconds, 0.99), 2),
            "ms_max": round(1000 * max(seconds), 2),
            "listing_ms_mean": round(1000 * sum(listing) / n, 2),
            "listing_ms_p99": round(1000 * percentile(listing, 0.99), 2)}


def failed(figures: dict[str, Any]) -> bool:
    """Whether an arena run broke a gate: an illegal choice, an engine error, a dead end."""
    return any(f["illegal"] or f["errors"] or f["dead_ends"] for f in figures.values())


def run(games: int | None = None, ruleset: str | None = None, scenario: str | None = None,
        seed: int = 1, max_actions: int | None = None,
        against: str = "level1", seconds: float | None = None,
        clock: str = "wall", side: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for found, scenario_id in scenarios(ruleset, scenario):
        if not pairings(found, scenario_id, against, side):
            continue
        started = time.perf_counter()
        figures = run_scenario(found, scenario_id, games or DEFAULT_GAMES, seed, max_actions,
                               against, SAFETY_NET_SECONDS if seconds is None else seconds,
                               clock, side)
        figures["bot_clock"] = clock
        figures["seconds"] = round(time.perf_counter() - started, 1)
        out[f"{found.id}/{scenario_id}"] = figures
    if side is not None and not out:
        raise SystemExit(f"bots: no scenario with level 2 on a side {side!r}")
    return out
