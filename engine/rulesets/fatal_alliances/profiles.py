"""The ruleset profiles: `fa3` (the FA III rulebook, seed 002) and `fa-annotated` (the
annotated edition, seed 000). Only land rules that differ between the two are switched here;
docs/rules/fatal_alliances.md lists each with its source."""

from __future__ import annotations

from typing import Any

PROFILES = ("fa3", "fa-annotated")

_RULES: dict[str, dict[str, Any]] = {
    # TEC combat: swamp ×2 for defenders is in the fa3 text; the annotated chart omits it.
    # FA 11.12.3: a lone HQ may ignore a 0.5 loss only in the annotated edition (11.12.3.2F).
    # FA 11.8 rail surcharge threshold: 40 European hexes (fa3 text) vs 20 (annotated chart).
    # FA 13.5.3 BP saving: a stock of 4 per hex (fa3) vs 4 per turn per hex (annotated).
    "fa3": {"swamp_doubles": True, "lone_hq_ignores_half": False, "rail_long_trip": 40,
            "save_per_turn": False},
    "fa-annotated": {"swamp_doubles": False, "lone_hq_ignores_half": True,
                     "rail_long_trip": 20, "save_per_turn": True},
}


def rules_for(profile: str) -> dict[str, Any]:
    return dict(_RULES[profile])
