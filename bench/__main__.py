"""`python -m bench engine | board | all | live | reference | compare | browser` — print
benchmark figures as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv: list[str] | None = None) -> int:
    # The kernel's test ruleset is measured too (labelled "product": false).
    os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
    parser = argparse.ArgumentParser(prog="python -m bench")
    figures: dict[str, object] = {}
    parser.add_argument("suite", choices=["engine", "board", "all", "live", "reference", "compare",
                                          "browser"])
    parser.add_argument("--games", type=int, default=None,
                        help="live: games played at once (1); engine: games per scenario (3)")
    parser.add_argument("--max-actions", type=int, default=300,
                        help="engine: actions per game at most (the manifest's cap if lower)")
    parser.add_argument("--spectators", type=int, default=100, help="live: spectators per game")
    parser.add_argument("--actions", type=int, default=1000, help="live: actions in all")
    parser.add_argument("--hold", type=int, default=1000, help="live: sockets held at once")
    parser.add_argument("--spectator-client", choices=["lean", "websockets"], default="lean",
                        help="live: spectators as lean hand-rolled clients or `websockets` ones")
    parser.add_argument("--processes", type=int, default=1,
                        help="live: daphne processes (players on the first, spectators spread)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="compare: rounds of (boardgame.io reference, then ours)")
    args = parser.parse_args(argv)
    if args.suite == "reference":
        from bench import reference
        figures["reference"] = reference.run(args.spectators, args.actions)
    if args.suite == "compare":
        from bench import reference
        figures["compare"] = reference.compare(args.rounds, args.spectators, args.actions)
    if args.suite == "live":
        from bench import live
        figures["live"] = live.run(args.games or 1, args.spectators, args.actions, args.hold,
                                  args.processes, args.spectator_client)
    if args.suite == "browser":
        from bench import browser
        figures["browser"] = browser.run()
    if args.suite in ("engine", "all"):
        from bench import engine
        figures.update(engine.run(games=args.games or 3, max_actions=args.max_actions))
    if args.suite in ("board", "all"):
        from bench import board
        figures["board"] = board.run()
    json.dump(figures, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
