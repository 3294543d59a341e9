"""Issue #27: where a ruleset's view patches spend their bytes, by JSON path.

    python -m bench.patchpaths balance_of_powers price-of-admiralty [--games 2] [--max-actions 150]
        [--option secret_setup] [--top 30] [--audience seat:britain]

Plays the engine bench's games (same seeds and chooser as bench/engine.py) and sums each op's
bytes under its path with ids folded away: a decision id becomes `<id>`, a list index `#`, a
unit or location key (a key that recurs under many names) `<key>`. It prints the biggest
buckets by bytes, each with its op kinds, and each audience's median share (as the bench).
"""

from __future__ import annotations

import argparse
import re
import statistics
from collections import Counter, defaultdict
from typing import Any

from engine import kernel, rulesets
from engine.kernel.canonical import canonical_json
from engine.kernel.diff import make_patch
from engine.kernel.selfplay import Chooser, game_seed

_INDEX = re.compile(r"^(\d+|-)$")


def fold(path: str, decision_ids: set[str], wide: set[str]) -> str:
    parts = path.split("/")[1:]
    out = []
    for depth, part in enumerate(parts):
        part = part.replace("~1", "/").replace("~0", "~")
        if _INDEX.match(part):
            out.append("#")
        elif depth == 1 and parts[0] == "decisions" or part in decision_ids:
            out.append("<id>")
        elif "/".join(out) in wide:
            out.append("<key>")
        else:
            out.append(part)
    return "/" + "/".join(out)


def _wide_objects(view: Any, path: str, out: set[str]) -> None:
    """Paths of objects with many keys (units, locations …): their keys are folded."""
    if isinstance(view, dict):
        if len(view) > 12 and path:
            out.add(path.lstrip("/"))
        for key, value in view.items():
            _wide_objects(value, f"{path}/{'<key>' if path.lstrip('/') in out else key}", out)
    elif isinstance(view, list):
        for value in view[:1]:
            _wide_objects(value, f"{path}/#", out)


def run(ruleset_id: str, scenario: str, games: int, max_actions: int,
        options: dict[str, Any], audience_only: str | None) -> dict[str, Any]:
    ruleset = next(r for r in rulesets.all_rulesets() if r.id == ruleset_id)
    definition = ruleset.scenario(scenario)
    seats = [seat["id"] for seat in definition["seats"]]
    limit = min(definition.get("max_actions") or max_actions, max_actions)
    buckets: dict[str, int] = Counter()
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    shares: dict[str, list[float]] = defaultdict(list)
    wide: set[str] = set()
    for game in range(games):
        seed = game_seed(99, game)
        chooser = Chooser(99, game)
        state, _ = kernel.new_game(ruleset, scenario, dict(options), seats, seed, f"b{game}")
        views = {a: kernel.view(ruleset, state, a) for a in kernel.audiences(ruleset, state)}
        steps = 0
        while kernel.result(ruleset, state) is None and steps < limit:
            open_now = kernel.decisions(ruleset, state)
            if not open_now:
                break
            decision = open_now[chooser.index(len(open_now))]
            if decision.revisable:
                break
            seat = decision.seats[chooser.index(len(decision.seats))]
            items = kernel.expand_options(ruleset, state, seat, decision.id, None)
            if not items:
                break
            action = items[chooser.index(len(items))]["action"]
            state = kernel.apply(ruleset, state, seat, decision.id, action, seed=seed).state
            steps += 1
            for audience, old in views.items():
                new = kernel.view(ruleset, state, audience)
                views[audience] = new
                if audience_only and audience != audience_only:
                    continue
                if not wide:
                    _wide_objects(new, "", wide)
                ops = make_patch(old, new)
                ids = set(old.get("decisions", {})) | set(new.get("decisions", {}))
                size = len(canonical_json(ops))
                shares[audience].append(size / len(canonical_json(new)))
                for op in ops:
                    bucket = fold(op["path"], ids, wide)
                    buckets[bucket] += len(canonical_json(op)) + 1
                    kinds[bucket][op["op"]] += 1
    total = sum(buckets.values()) or 1
    return {"total_bytes": total,
            "median_share": {a: round(100 * statistics.median(s), 2) for a, s in sorted(shares.items())},
            "buckets": [(b, n, round(100 * n / total, 1), dict(kinds[b]))
                        for b, n in sorted(buckets.items(), key=lambda kv: -kv[1])]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset")
    parser.add_argument("scenario")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--max-actions", type=int, default=150)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--audience")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    figures = run(args.ruleset, args.scenario, args.games, args.max_actions,
                  {o: True for o in args.option}, args.audience)
    print("median share %:", figures["median_share"])
    print("patch bytes in all:", figures["total_bytes"])
    for bucket, size, share, ops in figures["buckets"][:args.top]:
        print(f"{share:5.1f}% {size:9d}  {bucket}  {ops}")


if __name__ == "__main__":
    main()
