"""A released migration keeps doing what it did when it was released.

A migration may call the ruleset's own code or data (a fleet list, the map); when that code
changes later, the old migration silently changes with it, and a game of the old version
stored in a database would be upgraded into a different state than the one its version's
tests checked. tests/fixtures/migration_pins.json pins, for every frozen game
(tests/fixtures/versions), the hash of its state after the one migration that leaves its
version; scripts/pin_migrations.py adds the pins of new fixtures.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.pin_migrations import first_step_hash, fixtures, load_pins

FIXTURES = fixtures()
PINS = load_pins()


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_released_migration_still_makes_the_state_it_was_pinned_with(path: Path) -> None:
    pinned = first_step_hash(json.loads(path.read_text()))
    if pinned is None:
        pytest.skip("the current version: no migration leaves it yet")
    assert path.stem in PINS, (
        f"{path.stem}: its migration {pinned[0]} is not pinned; once it is final run "
        "`PYTHONPATH=. python scripts/pin_migrations.py`")
    pin = PINS[path.stem]
    assert (pin["migration"], pin["state_hash"]) == pinned, (
        f"{path.stem}: migration {pinned[0]} now makes a different state than when it was "
        "released: it reads code or data that has changed since. Freeze the values it needs "
        "as literals in migrations.py (docs/rulesets.md, Versions); do not re-pin")
