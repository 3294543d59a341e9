"""`python -m bench.dod_arena [GAMES] [TURNS]` — Days of Decision's level 2 against level 1.

The book's victory needs the political map's objectives, which the seed lacks (DoD 4, absent),
so there is no winner to count. The figures are what the objectives stand on: minors each power
controls at the end (DoD 8.1.2) and its PE, for level 2 in half the seats and level 1 in the
other half (the halves alternate from game to game), with illegal choices and engine errors
(both must be 0) and the slowest level-2 decision."""

from __future__ import annotations

import json
import statistics
import sys
import time

from engine import bots, rulesets
from engine.bots.days_of_decision import value
from engine.bots.match import match_seed, play_match
from engine.rulesets.days_of_decision.control import control_table


def run(games: int = 20, turns: int = 12) -> dict[str, object]:
    dod = rulesets.get("days_of_decision")
    seats = [s["id"] for s in dod.scenario("1936")["seats"]]
    held: dict[int, list[int]] = {1: [], 2: []}
    pe: dict[int, list[int]] = {1: [], 2: []}
    proxy: dict[int, list[float]] = {1: [], 2: []}
    illegal = errors = 0
    slowest = 0.0
    started = time.monotonic()
    for game in range(games):
        strong = set(seats[game % 2::2])
        players = {s: bots.bot_for(dod, "1936", 2 if s in strong else 1) for s in seats}
        report = play_match(dod, "1936", players, seed=match_seed(1, game),
                            game_uid=f"dod-arena-{game}", options={"turns": turns},
                            clock=time.monotonic)
        illegal += report.illegal
        errors += report.errors
        board = report.final_state["board"]
        control = control_table(board)
        for seat in seats:
            level = 2 if seat in strong else 1
            held[level].append(sum(who == seat for who in control.values()))
            pe[level].append(board["powers"][seat]["pe"])
            proxy[level].append(value(board, seat))
        slowest = max([slowest] + [t.seconds for t in report.turns if t.level == 2])
    return {"games": games, "turns": turns, "illegal": illegal, "errors": errors,
            "seconds": round(time.monotonic() - started, 1),
            "slowest_level2_decision_ms": round(slowest * 1000, 1),
            "per_level": {f"level{level}": {
                "minors_controlled": round(statistics.mean(held[level]), 2),
                "pe": round(statistics.mean(pe[level]), 2),
                "proxy_value": round(statistics.mean(proxy[level]), 1)} for level in (2, 1)}}


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(run(*args), indent=1))
