"""The War to End All Wars, level 2: closing straits (TWTEAW 1.4 "Other declarations";
`engine/rulesets/twteaw/straits.py`, rulings 105–112; bot version 4).

A closure costs its holder nothing and keeps the named nation's ships from sailing through
(land units still cross). So the holder of a passage's territory closes it to every nation it
is at war with that has ships the seat can see anywhere (its own view: an enemy's fleet band in
a sea zone, or the exact fleets of a nation it is entitled to see) — the Ottomans close the
Dardanelles to Russia once at war, shutting the Black Sea Fleet in and the Allies out — and
reopens a closure of its own to a nation it is no longer at war with (peace, or a new ally).
"""

from __future__ import annotations

from engine.rulesets.twteaw import straits
from engine.rulesets.twteaw.war import at_war
from engine.rulesets.twteaw.world import world

from .world import Context


def naval_powers(ctx: Context) -> set[str]:
    """Nations with ships the seat sees: fleets in its known secrets, bands over sea zones."""
    w = world()
    out = {n for n, s in ctx.pos["secret"].items() if any(s.get("fleets", {}).values())}
    for area, colours in ctx.pos["bands"].items():
        if area in w.areas and w.areas[area].kind == "sea":
            out.update(colours)
    return out


def closures(ctx: Context) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """This turn's `close` and `reopen` rows for the passages the bot's nation holds."""
    standing = {(c["passage"], c["to"]) for c in ctx.pos["board"].get("closures", [])
                if c["by"] == ctx.me}
    fleets = naval_powers(ctx)
    close, reopen = [], []
    for passage in sorted(straits.PASSAGES):
        if not straits.holds(ctx.pos, ctx.me, passage):
            continue
        for nation in sorted(fleets - {ctx.me}):
            if at_war(ctx.pos, ctx.me, nation) and (passage, nation) not in standing:
                close.append({"passage": passage, "nation": nation})
        for _, nation in sorted(s for s in standing if s[0] == passage):
            if not at_war(ctx.pos, ctx.me, nation):
                reopen.append({"passage": passage, "nation": nation})
    return close, reopen
