"""FA 11.4.7 — the naval combat chart's surface row, as data (``data/naval_combat_chart.json``).

The chart is authored (ruling R-N8 in docs/rules/fatal_alliances.md): neither seed prints it.
A side's attack total picks its column, the number of enemy ships in the round picks the row,
and the cell lists the results it inflicts. Column shifts (surprise points, 11.4.5) move along
the columns: past the right-hand end stays on the last column, past the left-hand end inflicts
nothing. A malformed table raises :class:`NavalChartError`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

CHART_FILE = Path(__file__).parent / "data" / "naval_combat_chart.json"
RESULTS = ("X", "D", "A", "1/2A")   # 11.4.7.1, worst first: a missed roll gives the next one


class NavalChartError(ValueError):
    """The naval combat chart disagrees with itself."""


Band = tuple[int, int | None]


@dataclass(frozen=True, slots=True)
class SurfaceChart:
    columns: tuple[Band, ...]
    rows: tuple[Band, ...]
    cells: tuple[tuple[tuple[str, ...], ...], ...]

    def column(self, total: int) -> int | None:
        """The column of an attack total (None: below the first, no result)."""
        found = None
        for i, (low, _) in enumerate(self.columns):
            if total >= low:
                found = i
        return found

    def row(self, ships: int) -> int:
        for i, (low, high) in enumerate(self.rows):
            if ships >= low and (high is None or ships <= high):
                return i
        raise NavalChartError(f"no row for {ships} enemy ships")

    def results(self, total: int, shift: int, enemy_ships: int) -> tuple[str, ...]:
        """The results a side inflicts: its total's column moved by `shift` columns."""
        col = self.column(total)
        if col is None or enemy_ships < 1:
            return ()
        col = min(col + shift, len(self.columns) - 1)
        if col < 0:
            return ()
        return self.cells[self.row(enemy_ships)][col]


def _bands(raw: Any, what: str) -> tuple[Band, ...]:
    out: list[Band] = []
    for i, band in enumerate(raw):
        low, high = band
        if not isinstance(low, int) or (high is not None and (not isinstance(high, int)
                                                                or high < low)):
            raise NavalChartError(f"{what} {i}: a band is [low, high or null]")
        if out and (out[-1][1] is None or low != out[-1][1] + 1):
            raise NavalChartError(f"{what} {i}: bands must follow on without gaps")
        out.append((low, high))
    if not out or out[-1][1] is not None:
        raise NavalChartError(f"{what}: the last band is open-ended")
    return tuple(out)


def build_chart(table: dict[str, Any]) -> SurfaceChart:
    if table.get("origin") != "authored" or not table.get("about"):
        raise NavalChartError("the chart must say it is authored, and why (R-N8)")
    raw = table["surface"]
    columns, rows = _bands(raw["columns"], "column"), _bands(raw["rows"], "row")
    cells = raw["cells"]
    if len(cells) != len(rows) or any(len(r) != len(columns) for r in cells):
        raise NavalChartError("cells must have one row per row band, one cell per column")
    for r in cells:
        for cell in r:
            if any(code not in RESULTS for code in cell):
                raise NavalChartError(f"unknown result in {cell}; results: {list(RESULTS)}")
    return SurfaceChart(columns, rows, tuple(tuple(tuple(c) for c in r) for r in cells))


@lru_cache(maxsize=None)
def surface_chart() -> SurfaceChart:
    return build_chart(json.loads(CHART_FILE.read_text(encoding="utf-8")))
