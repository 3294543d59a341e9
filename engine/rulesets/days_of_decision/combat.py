"""DoD 9.3 — one front's land combat, shared by the fronts between powers (military.py) and a
declarer's front against a minor (minor_army.py): the sealed commitment's shape, the results
table and the outcome (losses and offensives)."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from engine.kernel import MalformedAction

EMPTY_FRONT_RATIO = Fraction(10)


def commitment(action: Any, foes: list[str], message: str) -> dict[str, int]:
    """`{"commit": {foe: n}}` with a whole number ≥ 0 for each foe and no other key, or
    MalformedAction(message)."""
    commit = action.get("commit") if isinstance(action, dict) else None
    if not isinstance(action, dict) or set(action) != {"commit"} or not isinstance(commit, dict) \
            or set(commit) != set(foes) or not all(type(commit[f]) is int and commit[f] >= 0
                                                   for f in foes):
        raise MalformedAction(message)
    return commit


def losses(ratio: Fraction) -> tuple[Fraction, Fraction]:
    """DoD 9.3 results table: (winner's, loser's) share of its actual commitment lost.
    RULING 33: where a side chooses between two columns, the choice is fixed: the victor at
    3 to 10 takes 25% / all, the loser at 1.5 to 3 takes 25% / half."""
    if ratio >= 10:
        return Fraction(0), Fraction(1)
    if ratio >= 3:
        return Fraction(1, 4), Fraction(1)
    if ratio >= Fraction(3, 2):
        return Fraction(1, 4), Fraction(1, 2)
    return Fraction(1, 2), Fraction(1, 2)


def rounded(value: Fraction) -> int:
    """DoD 1.1 — fractions kept to the end, then rounded (halves up)."""
    return floor(value + Fraction(1, 2))


def outcome(board: dict[str, Any], report: dict[str, Any], committed: dict[str, int],
            modified: dict[str, Fraction], share: Fraction = Fraction(1)
            ) -> tuple[dict[str, int], int]:
    """9.3 — one front's losses and offensives from two sides' commitments and their modified
    values (a front between powers, or a declarer and a minor: minor_army): equal values lose
    half each; otherwise the ratio's row of the loss table, and the winner gains the ratio's
    whole part in offensives (halved in bad weather, times `share`: a fifth in JA 6's limited
    war, RULING 125; rounded down like the halving). Writes winner and ratio into `report`."""
    (a, ca), (b, cb) = committed.items()
    ma, mb = modified[a], modified[b]
    if ma == mb:
        return {a: rounded(Fraction(ca, 2)), b: rounded(Fraction(cb, 2))}, 0
    winner, loser = (a, b) if ma > mb else (b, a)
    mw, ml = max(ma, mb), min(ma, mb)
    ratio = EMPTY_FRONT_RATIO if ml == 0 else mw / ml
    win_share, lose_share = losses(ratio)
    cw, cl = committed[winner], committed[loser]
    weather = Fraction(1) if (board["weather"] or "fine") == "fine" else Fraction(1, 2)
    gained = floor(floor(ratio) * weather * share)
    report.update(winner=winner, ratio=str(ratio), offensives=gained)
    return {winner: rounded(cw * win_share), loser: rounded(cl * lose_share)}, gained
