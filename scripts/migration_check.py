"""Check a ruleset's migration against the code it migrates from: a pure rename must carry the
old code's games onto the new code's games, hash for hash (docs/rulesets.md, "Versions").

    PYTHONPATH=. python scripts/migration_check.py balance_of_powers before-the-leaves-fall \
        --old c126fa1 --games 2 --seed 3

plays the same selfplay games (same seeds, same random choices) under the old commit, checked
out in a temporary git worktree, and under the working tree; each old final state is carried to
the current version by the ruleset's migrations and its hash compared with the new final state's.
Exit status 0 when every game matches. A migration that also fixes rules cannot pass this (the
games differ): run it on the commit that renames, before the fixes.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.versions import upgrade

ROOT = Path(__file__).resolve().parent.parent

# Runs in either checkout: selfplay with records, then each record replayed to its final state.
PLAY = """
import json, os, sys, tempfile
from engine import rulesets
from engine.kernel.record import replay
from engine.kernel.selfplay import selfplay
ruleset_id, scenario, games, seed, options = json.loads(sys.argv[1])
ruleset = rulesets.get(ruleset_id)
folder = tempfile.mkdtemp()
selfplay(ruleset, scenario, games=games, seed=seed, options=options, check_leaks=False,
         record_dir=folder)
out = []
for name in sorted(os.listdir(folder)):
    with open(os.path.join(folder, name)) as handle:
        record = json.load(handle)
    out.append({"game": name, "version": record["versions"]["ruleset"],
                "state": replay(record, ruleset).state})
sys.stdout.write(json.dumps(out))
"""


def final_states(checkout: Path, args: list[Any]) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-c", PLAY, json.dumps(args)], cwd=checkout,
                          env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True)
    games: list[dict[str, Any]] = json.loads(done.stdout)
    return games


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset")
    parser.add_argument("scenario")
    parser.add_argument("--old", required=True, help="the commit whose games are migrated")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--options", default="{}")
    ns = parser.parse_args()
    args = [ns.ruleset, ns.scenario, ns.games, ns.seed, json.loads(ns.options)]
    ruleset = rulesets.get(ns.ruleset)
    with tempfile.TemporaryDirectory() as tmp:
        worktree = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(worktree), ns.old],
                       cwd=ROOT, check=True)
        try:
            old = final_states(worktree, args)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT,
                           check=True)
    new = final_states(ROOT, args)
    failures = 0
    for before, after in zip(old, new, strict=True):
        carried = upgrade(ruleset.migrations, before["state"], before["version"],
                          ruleset.version)
        same = state_hash(carried) == state_hash(after["state"])
        failures += not same
        print(json.dumps({"game": after["game"], "from": before["version"],
                          "to": after["version"], "old": state_hash(before["state"]),
                          "migrated": state_hash(carried), "new": state_hash(after["state"]),
                          "equal": same}))
    print(f"{len(new) - failures}/{len(new)} games: migrated old final state == new final state")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
