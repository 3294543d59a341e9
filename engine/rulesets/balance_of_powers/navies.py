"""BoP 6.41-6.44 — a scenario's navies at the start (12.3, 12.6): the ships of its order of
battle where `data/fleets.csv` sets them up, the navy leaders aboard, the mines of
`data/mines.csv` laid, and the General Quarters bookkeeping empty."""

from __future__ import annotations

from typing import Any

from . import mines, naval
from .fleets import leaders_of, ships_of


def _loc(th: Any, start: str) -> str:
    if start in naval.chart(th).boxes:
        return start
    by_label = {label: loc for loc, label in th.label.items()}
    return by_label[start]


def set_up_navies(state: dict[str, Any], th: Any, scenario: str) -> None:
    """12.3, 12.6 — the scenario's ships at full strength in their set-up places, its navy
    leaders aboard their ships, its mines laid (6.444; data/fleets.csv, data/mines.csv)."""
    board = state["board"]
    board["fleets"] = {s.id: {"at": _loc(th, s.start), "steps": 2}
                       for s in sorted(ships_of(scenario), key=lambda s: s.id)}
    board["admirals"] = {n.id: n.aboard for n in sorted(leaders_of(scenario), key=lambda n: n.id)}
    board["mines"] = {m.id: _loc(th, m.start) for m in mines.mines_of(scenario)}
    board["aboard"] = {}        # 7.6: passengers, {corps: ship}
    add_dockyards(state)


def add_dockyards(state: dict[str, Any]) -> None:
    """5.11, 6.22-6.224: the ships' force pool and the dockyard are empty at the start
    (dockyards.py)."""
    board = state["board"]
    board["ship_pool"], board["dockyard"], board["refit_admirals"] = [], {}, {}


def new_naval_flow() -> dict[str, Any]:
    return {"spent": {}, "force": [], "done": [], "bb_fee": [], "searched": [], "returned": []}
