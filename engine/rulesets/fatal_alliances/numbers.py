"""FA 2.6 — rounding: every fraction the rules produce is rounded the same way."""

from __future__ import annotations

from fractions import Fraction


def round_fa(value: Fraction) -> int:
    """FA 2.6 — nearest whole number, a half up; a negative half toward zero (−1.5 → −1)."""
    floor = value.numerator // value.denominator
    rest = value - floor
    if rest > Fraction(1, 2):
        return floor + 1
    if rest < Fraction(1, 2):
        return floor
    return floor + 1  # exactly .5: up for positives, toward zero for negatives
