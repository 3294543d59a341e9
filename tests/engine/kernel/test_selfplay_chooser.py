"""selfplay's Chooser: deterministic, and `weighted` follows its weights."""

from collections import Counter

import pytest

from engine.kernel.selfplay import Chooser


def test_weighted_choices_are_deterministic_and_follow_the_weights():
    first = [Chooser(1, 7).weighted([1, 3, 1]) for _ in range(1)]
    again = Chooser(1, 7)
    picks = Counter(again.weighted([1, 3, 1]) for _ in range(3000))
    assert first[0] == Chooser(1, 7).weighted([1, 3, 1])
    # Index 1 has three fifths of the weight: far more often than either neighbour.
    assert 0.54 < picks[1] / 3000 < 0.66, picks
    assert 0.15 < picks[0] / 3000 < 0.25 and 0.15 < picks[2] / 3000 < 0.25, picks


def test_a_single_weight_costs_no_draw_and_an_empty_list_is_refused():
    chooser = Chooser(1, 1)
    assert chooser.weighted([5]) == 0 and chooser.count == 0
    with pytest.raises(ValueError):
        chooser.weighted([])
