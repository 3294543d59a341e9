"""Smoke test of bench/fa_naval.py (issue #22): the FA naval figures run on the real chain and
report what they timed; the figures themselves are not asserted."""

import pytest

from bench import fa_naval
from engine.board import COMPILED_DIR

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")


def test_fa_naval_bench_times_a_side_s_options_and_an_interception():
    out = fa_naval.run(repeats=2)
    assert out["scenario"] == "campaign-1914" and out["repeats"] == 2
    assert out["naval_options"]["powers"] and out["naval_options"]["items"] > 0
    assert out["naval_options"]["median_ms"] > 0 and out["interception"]["median_ms"] > 0
    assert "to_area" in out["interception"]["order"]
    assert 0 <= out["interception"]["combats"] <= 2
