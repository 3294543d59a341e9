"""`python -m engine rulesets | selfplay | replay` — the engine's command line."""

from __future__ import annotations

import argparse
import json
import sys

from engine import rulesets
from engine.kernel.errors import EngineError, RecordError
from engine.kernel.record import replay
from engine.kernel.selfplay import Tally, selfplay


def _print(document: object) -> None:
    sys.stdout.write(json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n")


def cmd_rulesets(args: argparse.Namespace) -> int:
    _print({"rulesets": rulesets.manifests()})
    return 0


def _progress(game: int, tally: Tally) -> None:
    """One line a game on stderr, so a run cut short still tells what it played."""
    counts = {k: v for k, v in tally.summary().items()
              if k not in ("actions_by_kind", "final_hashes")}
    sys.stderr.write(json.dumps({"game": game, **counts, "hash": tally.final_hashes[-1]},
                                sort_keys=True) + "\n")
    sys.stderr.flush()


def cmd_selfplay(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options) if args.options else {}
    except json.JSONDecodeError as exc:
        sys.stderr.write(f"--options is not JSON: {exc}\n")
        return 2
    try:
        ruleset = rulesets.get(args.ruleset)
        tally = selfplay(ruleset, args.scenario, games=args.games, seed=args.seed,
                         options=options, max_actions=args.max_actions,
                         check_leaks=not args.no_leak_check, record_dir=args.record_dir,
                         first_game=args.first_game,
                         progress=_progress if args.progress else None)
    except EngineError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    _print(tally.summary())
    for item in tally.problems[:50]:
        sys.stderr.write(json.dumps(item, sort_keys=True, default=str) + "\n")
    return 1 if tally.failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.record, encoding="utf-8") as handle:
            record = json.load(handle)
        if not isinstance(record, dict):
            raise RecordError("a record is a JSON object")
        report = replay(record, rulesets.get(str(record.get("ruleset"))))
    except (OSError, json.JSONDecodeError) as exc:
        sys.stderr.write(f"cannot read {args.record}: {exc}\n")
        return 2
    except EngineError as exc:
        sys.stderr.write(f"replay failed: {exc}\n")
        return 1
    _print({"state_hash": report.state_hash, "actions": report.actions,
            "rolls_checked": report.rolls_checked, "verified_from": report.verified_from,
            "ok": True})
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("rulesets", help="print every ruleset's manifest as JSON")
    play = sub.add_parser("selfplay", help="play random legal games and check invariants")
    play.add_argument("--ruleset", required=True)
    play.add_argument("--scenario", required=True)
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--max-actions", type=int, default=None)
    play.add_argument("--options", default=None, help="scenario options as JSON")
    play.add_argument("--record-dir", default=None)
    play.add_argument("--no-leak-check", action="store_true",
                      help="skip the per-action leak poisoning (faster)")
    play.add_argument("--first-game", type=int, default=0,
                      help="number of the first game (shards of one run: same seeds)")
    play.add_argument("--progress", action="store_true",
                      help="a JSON line on stderr after each game")
    rep = sub.add_parser("replay", help="rebuild a game from its record and verify its dice")
    rep.add_argument("record")
    args = parser.parse_args(argv)
    return {"rulesets": cmd_rulesets, "selfplay": cmd_selfplay, "replay": cmd_replay}[
        args.command](args)


if __name__ == "__main__":
    sys.exit(main())
