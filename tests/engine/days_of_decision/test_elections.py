import pytest

from engine.rulesets.days_of_decision.elections import election_period


def test_dod_8_7_1_ipo10_ruling_65_france_every_year_the_blocks_of_three_and_five():
    assert election_period("FR", 1937) == (1937, 1937)
    assert election_period("CW", 1938) == (1936, 1938)
    assert election_period("GE", 1939) == (1939, 1941)
    assert election_period("JA", 1947) == (1945, 1947)
    assert election_period("RU", 1940) == (1936, 1940)
    assert election_period("CH", 1941) == (1941, 1945)


def test_dod_8_7_1_ipo10_ruling_65_the_us_from_each_presidential_year():
    assert election_period("US", 1936) == (1936, 1939)
    assert election_period("US", 1943) == (1940, 1943)
    assert election_period("US", 1947) == (1944, 1947)


def test_dod_8_7_1_ipo10_ruling_65_bad_input_is_refused():
    with pytest.raises(ValueError, match="outside"):
        election_period("FR", 1935)
    with pytest.raises(ValueError, match="unknown power"):
        election_period("XX", 1937)
