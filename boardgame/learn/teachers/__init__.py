"""Teachers: what the how-to-play pages and the legends read from a ruleset's own engine code.

A teacher is a module (one per ruleset, registered in TEACHERS) with:

    STEP_TITLES: dict[str, str]            step name → what the page calls it
    turn(scenario_id) -> list[row]         the turn in one picture, from the ruleset's step table:
                                           rows of {"title", "note", "repeat", "steps": [box]},
                                           a box {"name", "title", "rule", "decides", "side", "note"}
    victory(scenario_id) -> list[cond]     what each side wants, with the engine's own values:
                                           {"title", "side", "when", "text", "rule", "reasons",
                                            "now"} (`reasons`: the engine's result reasons it
                                           explains; `now`: the engine's verdict at the start)
    map_facts() -> dict[str, str]          facts the engine holds about map symbols (costs)

A ruleset without a teacher still gets its sides, seats and first decisions (howto.py) and the
platform's guide; its how-to page says that the rest is not written yet.
"""

from __future__ import annotations

from types import ModuleType

from . import balance_of_powers, days_of_decision, fatal_alliances, twteaw
from .common import SEED, start_state

__all__ = ["SEED", "TEACHERS", "map_facts", "start_state", "teacher"]

TEACHERS: dict[str, ModuleType] = {
    "balance_of_powers": balance_of_powers,
    "days_of_decision": days_of_decision,
    "fatal_alliances": fatal_alliances,
    "twteaw": twteaw,
}


def teacher(ruleset_id: str) -> ModuleType | None:
    return TEACHERS.get(ruleset_id)


def map_facts(ruleset_id: str) -> dict[str, str]:
    found = teacher(ruleset_id)
    return dict(found.map_facts()) if found is not None else {}
