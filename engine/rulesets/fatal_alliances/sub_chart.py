"""FA 11.4.9 — the naval combat chart's SUB and ASW rows, as data (ruling R-N58).

The rulebook prints the procedure of a submarine combat (who counts what, whom each side may
hit) but, as for the surface row (R-N8), neither seed prints FA's chart: both rows below are
authored, in our own numbers. Each value's provenance is listed in PROVENANCE: "printed" values
come from the FA III rule text (section named), "authored" ones are ours (ruling named).

The rows read like the surface row (naval_chart.SurfaceChart): a side's total picks the column,
the number of 'enemy ships' picks the row, the cell lists the results (X, D, A, 1/2A) it
inflicts; a column shift past the right-hand end stays on the last column, past the left-hand
end inflicts nothing.

* SUB row: the total is the attacking SUBs' attack factors; the enemy ships are the other
  side's included naval units in the 0 section plus its included convoy points, 2 a ship
  (11.4.7.2 with 11.4.9, R-N60). Submarines against a convoy do real harm even when few: a lone
  flotilla against one ship of convoy still sinks or scatters something.
* ASW row: the total is the convoys' side's ASW factors (11.4.9: 1 an included SCS, 2 from 1917;
  1 for each 3 convoy points; 1 an air-to-sea factor); the enemy ships are the attacking SUBs
  only. 1914-1916 anti-submarine warfare was weak: a small escort mostly drives the boats
  off (A, 1/2A), and only a strong one damages or sinks a flotilla.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .naval_chart import SurfaceChart, build_chart

ASW_PER_SCS = 1              # printed, FA 11.4.9
ASW_PER_SCS_FROM_1917 = 2    # printed, FA 11.4.9
ASW_YEAR = 1917              # printed, FA 11.4.9 ("in 1917 or later")
CONVOY_POINTS_PER_ASW = 3    # printed, FA 11.4.9 ("1 for each 3 convoys")

PROVENANCE: dict[str, str] = {
    "ASW_PER_SCS": "printed: FA 11.4.9, 1 for each SCS included",
    "ASW_PER_SCS_FROM_1917": "printed: FA 11.4.9, 2 for each SCS in 1917 or later",
    "CONVOY_POINTS_PER_ASW": "printed: FA 11.4.9, 1 for each 3 convoys included",
    "damaged SCS ASW": "printed: FA 11.4.7.1, a damaged unit has half its ASW factor",
    "sub.columns": "authored: R-N58 (SUB attack totals; a 1914 flotilla fires 1)",
    "sub.rows": "authored: R-N58 (enemy ships in the 0 section, convoy points 2 a ship, "
                "R-N60)",
    "sub.cells": "authored: R-N58",
    "asw.columns": "authored: R-N58 (ASW totals)",
    "asw.rows": "authored: R-N58 (attacking SUBs)",
    "asw.cells": "authored: R-N58",
}

TABLE: dict[str, Any] = {
    "origin": "authored",
    "about": "Salient's SUB and ASW rows for FA 11.4.9 (R-N58): no seed prints FA's naval "
             "combat chart (R-N8), so these are ours. More factors never give fewer or "
             "milder results; more enemy ships never give fewer results.",
    "sub": {
        "columns": [[1, 1], [2, 2], [3, 4], [5, 7], [8, None]],
        "rows": [[1, 1], [2, 3], [4, 6], [7, None]],
        "cells": [
            [["A"], ["D"], ["D", "A"], ["X", "A"], ["X", "D"]],
            [["D"], ["D", "A"], ["X", "A"], ["X", "D"], ["X", "D", "A"]],
            [["D"], ["D", "A"], ["X", "D"], ["X", "D", "A"], ["X", "X", "D"]],
            [["D", "A"], ["X", "A"], ["X", "D", "A"], ["X", "X", "D"], ["X", "X", "D", "A"]],
        ],
    },
    "asw": {
        "columns": [[1, 2], [3, 4], [5, 7], [8, 11], [12, None]],
        "rows": [[1, 1], [2, 3], [4, None]],
        "cells": [
            [["1/2A"], ["A"], ["D"], ["D", "A"], ["X", "A"]],
            [["1/2A"], ["A", "1/2A"], ["D", "1/2A"], ["D", "A"], ["X", "D"]],
            [["A"], ["A", "1/2A"], ["D", "A"], ["D", "D"], ["X", "D", "A"]],
        ],
    },
}


def build_row(table: dict[str, Any], row: str) -> SurfaceChart:
    """One row of the table, checked as the surface chart is (naval_chart.build_chart)."""
    return build_chart({"origin": table.get("origin"), "about": table.get("about"),
                        "surface": table[row]})


@lru_cache(maxsize=None)
def sub_row() -> SurfaceChart:
    return build_row(TABLE, "sub")


@lru_cache(maxsize=None)
def asw_row() -> SurfaceChart:
    return build_row(TABLE, "asw")
