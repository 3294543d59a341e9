"""Dice v1: the golden vectors, the distribution, and verification against the commitment."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.kernel import dice

VECTORS = json.loads((Path(__file__).with_name("dice-v1-vectors.json")).read_text())


def test_commitment_matches_the_golden_example():
    example = VECTORS["commitment_example"]
    assert dice.commitment(bytes.fromhex(example["seed"])) == example["sha256"]


@pytest.mark.parametrize("case", VECTORS["cases"],
                         ids=lambda c: f"{c['game_uid']}-d{c['sides']}-from{c['first']}")
def test_golden_vectors(case):
    seed = bytes.fromhex(case["seed"])
    got = [dice.roll_die(seed, case["game_uid"], case["first"] + i, case["sides"])
           for i in range(len(case["rolls"]))]
    assert got == case["rolls"]


def test_d10_distribution_is_uniform_chi_square():
    """100,000 d10 from a fixed seed: chi-square with 9 degrees of freedom under 27.88
    (p = 0.001), so a biased die (say, modulo without rejection on a small space) fails."""
    seed = bytes.fromhex("11" * 32)
    counts = Counter(dice.roll_die(seed, "chi", n, 10) for n in range(100_000))
    expected = 100_000 / 10
    chi2 = sum((counts[face] - expected) ** 2 / expected for face in range(1, 11))
    assert set(counts) == set(range(1, 11))
    assert chi2 < 27.88, chi2


def test_rejection_sampling_skips_values_past_the_limit(monkeypatch):
    """When the first draw lands in the biased tail, k advances to the next HMAC."""
    calls = []
    real = dice.hmac.new

    def fake_new(key, msg, digestmod):
        calls.append(msg.decode())
        if msg.endswith(b":0"):
            class Tail:
                def digest(self):
                    return b"\xff" * 32
            return Tail()
        return real(key, msg, digestmod)

    monkeypatch.setattr(dice.hmac, "new", fake_new)
    value = dice.roll_die(b"k" * 32, "g", 5, 6)
    assert calls == ["g:5:0", "g:5:1"]
    assert 1 <= value <= 6


def test_roller_records_purpose_and_advances_counter():
    roller = dice.Roller(b"s" * 32, "g", 7)
    values = roller.roll(10, "combat 2d10", 2)
    assert roller.counter == 9
    assert [r["n"] for r in roller.rolls] == [7, 8]
    assert [r["value"] for r in roller.rolls] == values
    assert {r["purpose"] for r in roller.rolls} == {"combat 2d10"}
    assert values == [dice.roll_die(b"s" * 32, "g", 7, 10), dice.roll_die(b"s" * 32, "g", 8, 10)]


def test_a_die_needs_two_sides():
    with pytest.raises(ValueError):
        dice.roll_die(b"s" * 32, "g", 0, 1)
