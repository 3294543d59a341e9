"""DoD 11 (the US entry step) and DoD 8.7.2 US 4 (when the US may declare war): the running US
entry totals, one per major power (the US included), kept as exact fractions (1.1) in
`board["us_entry"]` and public, as the US player's chart is.

What feeds them here: 11.2, each turn every non-Democrat still in the game and at war with a
Democrat still in the game rolls a d10, plus 1 per full 6 turns it has been at war with one
(its longest such war), read on the "War with a Democrat" table (RULING 38: only three rows are
printed, in the examples; the rest are ours); 8.4.4, the War Chart's US entry of every
declaration (war_chart.py, RULINGS 51-53). The cards' and the Treaty Chart's US entry,
search and seizure (11.1, naval movement) and offensives into China (11.3, the map's cities)
are absent: the cards and the map are. FR 6's +3 a turn (national.py) and US 6's Neutrality
Act shift (RULING 105) are built.

A US declaration of war on a major power needs its modified total (US 4) to reach 60, or 72
against China, the Commonwealth, the Soviet Union or Japan (RULING 38: the Hawaii exception needs
the map), or casus belli. Powers conquered (12.3) or in the display's neutral zone are left out
of the modified total.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from .display import zone
from .powers import COMMUNISM, DEMOCRACY, FASCISM, POWERS, SEATS
from .relations import conquered

State = dict[str, Any]
RULE = "DoD 11.2"
TURNS_A_STEP = 6                 # DoD 11.2: +1 to the die per full 6 turns at war
# RULING 38: the 'War with a Democrat' table, (highest modified roll, US entry). The examples
# print 2 → −1, 7 → +1 and 10 → +2; the bands between are ours.
WAR_WITH_A_DEMOCRAT: tuple[tuple[int, int], ...] = ((2, -1), (6, 0), (9, 1))
TOP_ROW = 2
DOW_TOTAL = 60                   # DoD 8.7.2 US 4
DOW_TOTAL_PACIFIC = 72           # DoD 8.7.2 US 4: against CH, CW, RU or JA
PACIFIC_TARGETS = ("CH", "CW", "RU", "JA")


def table(modified: int) -> int:
    """DoD 11.2 — the US entry a modified roll gives (RULING 38)."""
    for highest, entry in WAR_WITH_A_DEMOCRAT:
        if modified <= highest:
            return entry
    return TOP_ROW


def total(board: dict[str, Any], power: str) -> Fraction:
    return Fraction(board["us_entry"][power])


def neutrality_shift(board: dict[str, Any], amount: Fraction) -> Fraction:
    """DoD 8.7.2 US 6, RULING 105 — each vote in turn: a pass moves an effect one toward zero
    (never past it), a veto one away from it (zero stays zero)."""
    for act in board.get("national", {}).get("neutrality", ()):
        if act == "pass":
            amount = max(amount - 1, Fraction(0)) if amount > 0 else min(amount + 1, Fraction(0))
        elif amount != 0:
            amount = amount + (1 if amount > 0 else -1)
    return amount


def add(board: dict[str, Any], power: str, amount: Fraction | int) -> None:
    """Add a US entry effect. DoD 8.7.2 US 6: each Neutrality Act vote shifts it first, in the
    order voted (RULING 105); DoD 8.7.1 IPO 10: then, under a Republican US government, it
    moves one toward zero, never past it (RULING 70)."""
    amount = neutrality_shift(board, Fraction(amount))
    if board.get("us_government") == "republican":
        amount = max(amount - 1, Fraction(0)) if amount > 0 else min(amount + 1, Fraction(0))
    board["us_entry"][power] = str(total(board, power) + amount)


def turns_at_war_with_a_democrat(board: dict[str, Any], power: str) -> int | None:
    """The age of `power`'s longest war with a Democrat still in the game, or None."""
    since = [int(w["since"]) for w in board["wars"] if power in (w["aggressor"], w["target"])
             for foe in (w["aggressor"], w["target"])
             if foe != power and POWERS[foe].ideology == DEMOCRACY and not conquered(board, foe)]
    return board["turn"] - min(since) if since else None


def only_limited(board: dict[str, Any], power: str) -> bool:
    """DoD 11.2 — every war of `power` with a Democrat still in the game is a limited one (JA 6:
    Japan only at limited war with China rolls one less; RULING 125)."""
    wars = [w for w in board["wars"] if power in (w["aggressor"], w["target"])
            and POWERS[w["target"] if w["aggressor"] == power else w["aggressor"]].ideology
            == DEMOCRACY and not conquered(board, w["target"] if w["aggressor"] == power
                                           else w["aggressor"])]
    return bool(wars) and all(w.get("limited") for w in wars)


def war_with_a_democrat(state: State, roller: Roller) -> list[Event]:
    """DoD 11.2 — one roll a turn for each non-Democrat at war with a Democrat, in initiative
    order (so a replay rolls the same dice)."""
    board, events = state["board"], []
    for power in board["initiative"]:
        if POWERS[power].ideology == DEMOCRACY or conquered(board, power):
            continue
        age = turns_at_war_with_a_democrat(board, power)
        if age is None:
            continue
        roll = roller.d(10, f"11.2 {power}")
        modified = roll + age // TURNS_A_STEP - (1 if only_limited(board, power) else 0)
        entry = table(modified)
        add(board, power, entry)
        events.append(Event("us_entry", RULE, {"power": power, "roll": roll,
                                               "modified": modified, "entry": entry,
                                               "total": board["us_entry"][power]}))
    return events


def _counted(board: dict[str, Any], power: str) -> bool:
    return not conquered(board, power) and zone(board["display"][power])[0] != "neutral"


def modified_total(board: dict[str, Any], target: str) -> Fraction:
    """DoD 8.7.2 US 4 — the target's total, with the other powers' added or taken away by
    its ideology (halves where the book says half)."""
    def of(ideology: str) -> list[Fraction]:
        return [total(board, p) for p in SEATS if p not in (target, "US")
                and POWERS[p].ideology == ideology and _counted(board, p)]

    half = Fraction(1, 2)
    us = total(board, "US") if _counted(board, "US") else Fraction(0)
    ideology = POWERS[target].ideology
    value = total(board, target)
    if ideology == FASCISM:
        return value + half * sum(of(FASCISM)) - sum(of(COMMUNISM)) - us - half * sum(of(DEMOCRACY))
    if ideology == COMMUNISM:
        return value + half * sum(of(COMMUNISM)) - us - half * sum(of(DEMOCRACY))
    others = of(FASCISM) + of(COMMUNISM)
    return value - us + half * sum(of(DEMOCRACY)) - half * sum(others)


def may_declare(board: dict[str, Any], target: str) -> bool:
    """DoD 8.7.2 US 4 — the modified total reaches the target's threshold."""
    needed = DOW_TOTAL_PACIFIC if target in PACIFIC_TARGETS else DOW_TOTAL
    return modified_total(board, target) >= needed
