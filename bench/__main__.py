"""`python -m bench engine | board | all | live | reference | compare | browser | faults |
notifications | bots` — print benchmark figures as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys

FAULTS = ("kill", "redis", "burst", "fuzz", "all")


def main(argv: list[str] | None = None) -> int:
    # The kernel's test ruleset is measured too (labelled "product": false).
    os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
    parser = argparse.ArgumentParser(prog="python -m bench")
    figures: dict[str, object] = {}
    parser.add_argument("suite", choices=["engine", "board", "all", "live", "reference", "compare",
                                          "browser", "faults", "notifications", "bots",
                                          "arena"])
    parser.add_argument("--notices", type=int, default=2000,
                        help="notifications: notices fanned out and sent")
    parser.add_argument("--games", type=int, default=None,
                        help="live: games played at once (1); engine: games per scenario (3); "
                             "bots: games per pairing and scenario (10)")
    parser.add_argument("--max-actions", type=int, default=None,
                        help="engine: actions per game at most (300, or the manifest's cap if "
                             "lower); bots: the manifest's cap unless given")
    parser.add_argument("--spectators", type=int, default=None,
                        help="live: spectators per game (100); faults: per game (50)")
    parser.add_argument("--actions", type=int, default=None,
                        help="live: actions in all (1000); faults, kill: actions in all (10,000)")
    parser.add_argument("--hold", type=int, default=1000, help="live: sockets held at once")
    parser.add_argument("--spectator-client", choices=["lean", "websockets"], default="lean",
                        help="live: spectators as lean hand-rolled clients or `websockets` ones")
    parser.add_argument("--processes", type=int, default=1,
                        help="live: daphne processes (players on the first, spectators spread)")
    parser.add_argument("--route-by-game", action="store_true",
                        help="live: every socket of game i (players and spectators) on process "
                             "i mod N, as a load balancer routing by game would")
    parser.add_argument("--rounds", type=int, default=3,
                        help="compare: rounds of (boardgame.io reference, then ours)")
    parser.add_argument("--lengths", default=None,
                        help="compare: run lengths in actions, comma-separated (300,1000,2000; "
                             "--actions N alone means just N)")
    parser.add_argument("--no-profile", action="store_true",
                        help="compare: skip the profiled run per length (CPU by layer)")
    parser.add_argument("--profile", action="store_true",
                        help="live: sample the first daphne with py-spy over the timed loop "
                             "and print its CPU per action by layer")
    parser.add_argument("--scenario", default=None,
                        help="faults: which fault to inject (kill, redis, burst, fuzz, all: "
                             "the default); bots, engine: one scenario id (every one by "
                             "default)")
    parser.add_argument("--ruleset", default=None,
                        help="bots, engine: one ruleset id (every one)")
    parser.add_argument("--seed", type=int, default=1, help="bots: the arena's seed (1)")
    parser.add_argument("--against", choices=["level1", "greedy"], default="level1",
                        help="bots: level 2's opponent (level 1, or the greedy one-ply "
                             "baseline where a ruleset has one)")
    parser.add_argument("--side", default=None,
                        help="bots: only the pairings with level 2 on this side (e.g. "
                             "central); level 1 against level 1 is then left out")
    parser.add_argument("--bot-seconds", type=float, default=None,
                        help="bots: a decision's time cap; past it the bot plays its best "
                             "answer so far (the safety net, 2 s unless given)")
    parser.add_argument("--bot-clock", choices=["wall", "cpu"], default="wall",
                        help="bots: what the cap and the decision times count: wall-clock "
                             "seconds, or the process's CPU seconds (steady on a busy "
                             "machine)")
    parser.add_argument("--quick", action="store_true",
                        help="faults: small numbers (a run of a minute or two)")
    parser.add_argument("--kill-every", type=float, default=None,
                        help="faults, kill: seconds between two SIGKILLs of a daphne (10)")
    parser.add_argument("--outage", type=float, default=None,
                        help="faults, redis: seconds Redis stays down while moves go on (5)")
    parser.add_argument("--burst", type=int, default=None,
                        help="faults, burst: concurrent anonymous GETs (500)")
    parser.add_argument("--frames", type=int, default=None,
                        help="faults, fuzz: fuzzed websocket frames in all (10,000)")
    args = parser.parse_args(argv)
    if args.suite == "faults":
        from bench import faults
        fault = args.scenario or "all"
        if fault not in FAULTS:
            parser.error(f"faults: --scenario is one of {', '.join(FAULTS)}")
        figures["faults"] = faults.run(fault, args.quick, actions=args.actions,
                                       spectators=args.spectators, kill_every=args.kill_every,
                                       outage=args.outage, burst=args.burst, frames=args.frames)
    live_spectators = 100 if args.spectators is None else args.spectators
    live_actions = 1000 if args.actions is None else args.actions
    if args.suite == "reference":
        from bench import reference
        figures["reference"] = reference.run(live_spectators, live_actions)
    if args.suite == "compare":
        from bench import reference
        lengths = (tuple(int(x) for x in args.lengths.split(",")) if args.lengths
                   else (live_actions,) if args.actions else (300, 1000, 2000))
        figures["compare"] = reference.compare(args.rounds, live_spectators, lengths,
                                               profile=not args.no_profile)
    if args.suite == "live":
        from bench import live
        figures["live"] = live.run(args.games or 1, live_spectators, live_actions, args.hold,
                                  args.processes, args.spectator_client, profile=args.profile,
                                  route_by_game=args.route_by_game)
    if args.suite == "notifications":
        from bench import notify
        figures["notifications"] = notify.run(args.notices)
    if args.suite == "browser":
        from bench import browser
        figures["browser"] = browser.run()
    if args.suite in ("bots", "arena"):  # `arena` is issue #25's name for it
        from bench import bots
        figures["bots"] = bots.run(games=args.games, ruleset=args.ruleset,
                                   scenario=args.scenario, seed=args.seed,
                                   max_actions=args.max_actions, against=args.against,
                                   seconds=args.bot_seconds, clock=args.bot_clock,
                                   side=args.side)
    if args.suite in ("engine", "all"):
        from bench import engine
        figures.update(engine.run(games=args.games or 3, max_actions=args.max_actions or 300,
                                  only=args.ruleset, scenario_only=args.scenario))
    if args.suite in ("board", "all"):
        from bench import board
        figures["board"] = board.run()
    json.dump(figures, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    if "bots" in figures:
        from bench import bots
        return 1 if bots.failed(figures["bots"]) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
