"""`python -m engine rulesets | selfplay | replay` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SALIENT_EXTRA_RULESETS="tests.toy.ruleset")
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_rulesets_lists_manifests():
    done = run("rulesets")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    toy = next(r for r in document["rulesets"] if r["id"] == "toy_skirmish")
    assert toy["product"] is False
    assert [s["id"] for s in toy["scenarios"]] == ["duel", "melee"]


def test_selfplay_prints_one_json_line_and_is_deterministic(tmp_path):
    args = ("selfplay", "--ruleset", "toy_skirmish", "--scenario", "melee", "--games", "5",
            "--seed", "7", "--record-dir", str(tmp_path))
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = first.stdout.strip().splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[0])
    assert set(summary) == {"games", "actions", "finished", "truncated", "dead_ends", "errors",
                            "illegal_offered", "actions_by_kind", "events_by_kind", "final_hashes"}
    assert summary["games"] == 5 and summary["finished"] == 5
    assert summary["actions_by_kind"]["bid"] > 0 and summary["actions_by_kind"]["move"] > 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 5
    replayed = run("replay", str(records[0]))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["state_hash"] == summary["final_hashes"][0]


def test_max_actions_truncates_instead_of_failing():
    done = run("selfplay", "--ruleset", "toy_skirmish", "--scenario", "duel", "--games", "2",
               "--seed", "1", "--max-actions", "3")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["truncated"] == 2 and summary["finished"] == 0


def test_replay_rejects_a_tampered_record(tmp_path):
    run("selfplay", "--ruleset", "toy_skirmish", "--scenario", "duel", "--games", "1",
        "--seed", "2", "--record-dir", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    record["final_state_hash"] = "0" * 64
    path.write_text(json.dumps(record))
    done = run("replay", str(path))
    assert done.returncode == 1
    assert "final state hash" in done.stderr


def test_unknown_ruleset_is_a_clear_error():
    done = run("selfplay", "--ruleset", "chess", "--scenario", "x")
    assert done.returncode == 2
    assert "no ruleset 'chess'" in done.stderr
