"""`python -m bench.twteaw_arena [GAMES] [TURNS]` — The War to End All Wars' level 2 against
level 1.

GAMES games per pairing: level 2 in every seat of the Central Powers (Germany,
Austria-Hungary), then of the Allied Powers (France, Russia, Serbia), level 1 in every other
seat (the four neutral majors included); and level 1 everywhere as the baseline. Per pairing:
wins, draws and losses of level 2's camp by the core's score after the last turn (or by
conquest), the 95 % Wilson interval of its win rate, the mean final score of each camp; over
the run: illegal choices and engine errors (both must be 0), level 2's decision times and the
safety net's firings, both in the process's CPU seconds (as `bench bots --clock cpu`), so a
busy machine neither fires the net nor inflates the figures.
`python -m bench bots --ruleset twteaw` runs the same pairings and the neutral majors' too."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from engine import bots, rulesets
from engine.bots.match import match_seed, play_match

from .bots import percentile, wilson

SCENARIO = "europe-1914"


def run(games: int = 10, turns: int = 26) -> dict[str, Any]:
    twteaw = rulesets.get("twteaw")
    seats = {s["id"]: s["side"] for s in twteaw.scenario(SCENARIO)["seats"]}
    out: dict[str, Any] = {"games": games, "turns": turns}
    illegal = errors = fired = 0
    decisions: list[float] = []
    started = time.monotonic()
    for camp in ("central", "allied", None):
        tally = {"wins": 0, "draws": 0, "losses": 0, "unfinished": 0}
        scores: dict[str, list[int]] = {"central": [], "allied": []}
        for game in range(games):
            players = {s: bots.bot_for(twteaw, SCENARIO, 2 if side == camp else 1)
                       for s, side in seats.items()}
            report = play_match(twteaw, SCENARIO, players, seed=match_seed(1, game),
                                game_uid=f"twteaw-arena-{camp}-{game}",
                                options={"turns": turns}, clock=time.process_time)
            illegal += report.illegal
            errors += report.errors
            fired += sum(t.fired for t in report.turns)
            decisions += [t.seconds for t in report.turns if t.level == 2 and t.kind == "order"]
            result = report.result
            if result is None:
                tally["unfinished"] += 1
                continue
            board = report.final_state["board"]
            winner = result.get("side") or (board["sides"][result["winners"][0]]
                                            if result["winners"] else None)
            for side, percent in result.get("score", {}).items():
                scores[side].append(percent)
            if camp is None:
                tally["draws" if winner is None else "wins" if winner == "allied" else
                      "losses"] += 1
            else:
                tally["draws" if winner is None else "wins" if winner == camp else
                      "losses"] += 1
        decided = tally["wins"] + tally["draws"] + tally["losses"]
        label = f"level2_{camp}" if camp else "level1_everywhere (wins: allied)"
        out[label] = {**tally, "win_rate": round(tally["wins"] / decided, 3) if decided else None,
                      "win_rate_ci95": wilson(tally["wins"], decided),
                      "mean_score": {s: round(statistics.mean(v), 1) for s, v in scores.items()
                                     if v}}
    out.update({"illegal": illegal, "errors": errors, "safety_net": fired,
                "level2_decision_ms": {"p50": round(1000 * percentile(decisions, 0.5), 1),
                                       "p95": round(1000 * percentile(decisions, 0.95), 1),
                                       "max": round(1000 * max(decisions, default=0.0), 1)},
                "seconds": round(time.monotonic() - started, 1)})
    return out


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(run(*args), indent=1))
