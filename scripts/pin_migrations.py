"""Pin what each released migration makes of its frozen game, so a later change to the code or
data a migration reads cannot silently change a running game's upgrade.

    python scripts/pin_migrations.py

For every fixture in tests/fixtures/versions (a game of version v, frozen before the bump to
the next version), applies the one migration that leaves v and records the migrated state's
hash in tests/fixtures/migration_pins.json. Only missing pins are added: an existing pin is
never rewritten here, because a pin that no longer matches means a released migration now
does something else (tests/engine/test_migration_pins.py says what to do). Run it after a
version bump, once its migration is final.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import rulesets
from engine.kernel.canonical import state_hash
from engine.kernel.versions import chain, upgrade

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
PINS = FIXTURES / "migration_pins.json"


def fixtures() -> list[Path]:
    return sorted((FIXTURES / "versions").glob("*.json"))


def first_step_hash(frozen: dict[str, Any]) -> tuple[str, str] | None:
    """(the migration's name "v→w", the hash of the fixture's state after it), or None for a
    fixture of the current version (no migration leaves it yet)."""
    ruleset = rulesets.get(frozen["record"]["ruleset"])
    old = frozen["record"]["versions"]["ruleset"]
    if old == ruleset.version:
        return None
    step = chain(ruleset.migrations, old, ruleset.version)[0]
    migrated = upgrade(ruleset.migrations, frozen["state"], old, step.to_version)
    return f"{step.from_version}→{step.to_version}", state_hash(migrated)


def load_pins() -> dict[str, dict[str, str]]:
    if not PINS.exists():
        return {}
    pins: dict[str, dict[str, str]] = json.loads(PINS.read_text())
    return pins


def main() -> None:
    pins = load_pins()
    for path in fixtures():
        if path.stem in pins:
            continue
        pinned = first_step_hash(json.loads(path.read_text()))
        if pinned is None:
            continue
        pins[path.stem] = {"migration": pinned[0], "state_hash": pinned[1]}
        print(f"pinned {path.stem}: {pinned[0]} {pinned[1][:12]}")
    PINS.write_text(json.dumps(pins, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
