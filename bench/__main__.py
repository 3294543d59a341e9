"""`python -m bench engine | board | all` — print benchmark figures as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv: list[str] | None = None) -> int:
    # The kernel's test ruleset is measured too (labelled "product": false).
    os.environ.setdefault("SALIENT_EXTRA_RULESETS", "tests.toy.ruleset")
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("suite", choices=["engine", "board", "all"])
    args = parser.parse_args(argv)
    figures: dict[str, object] = {}
    if args.suite in ("engine", "all"):
        from bench import engine
        figures.update(engine.run())
    if args.suite in ("board", "all"):
        from bench import board
        figures["board"] = board.run()
    json.dump(figures, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
