"""DoD 8.4.3 — minor-effect markers: an option's minor effects become markers of the playing
power in each minor; a new marker adds to the power's old one there (a sum of 0 leaves none).
Activation (8.5, activation.py) takes them off again."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event


def add_markers(board: dict[str, Any], power: str, effects: dict[str, int],
                target: str | None = None) -> list[Event]:
    """DoD 8.4.3 — place the playing power's markers; a marker adds to its old one there.
    IPO 4 (RULING 101): in a minor whose rebels won a civil war every effect is reversed,
    except on the minor that is itself the `target` of IPO 2-4, 7, 8, 12 or MP 4 (the callers
    of those options name it)."""
    placed = {}
    reversed_in = board.get("rebel_governments", ())
    for minor, value in sorted(effects.items()):
        if minor in reversed_in and minor != target:
            value = -value
        # DoD 8.7.1 IPO 5: no marker is placed in an aligned minor (RULING 72)
        if value == 0 or minor in board.get("aligned", {}):
            continue
        held = board["modifiers"].setdefault(minor, {})
        total = held.get(power, 0) + value
        if total:
            held[power] = total
        else:
            held.pop(power, None)
        if not held:
            board["modifiers"].pop(minor)
        placed[minor] = value
    if not placed:
        return []
    return [Event("minor_effects", "DoD 8.4.3", {"power": power, "effects": placed})]
