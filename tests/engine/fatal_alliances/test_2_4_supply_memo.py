"""FA 2.4 — the supply trace is memoised on what it reads, not on the whole position.

Where forces stand reaches the trace only through a power's blocked hexes (enemy ZoC without a
friendly unit), its HQs (secondary sources) and its sea crossings; everything else it reads is
the political position (control, weather, wars, sides). A move that changes none of those
finds the trace already made; one that changes any of them traces afresh.
"""

from engine.rulesets.fatal_alliances import position as fa_position
from engine.rulesets.fatal_alliances import supply
from engine.rulesets.fatal_alliances.supply import supplied_hexes

from .positions import corps, hq, position

CITY = {"0,2": ["city"]}


def _count_traces(monkeypatch) -> list[str]:
    traced: list[str] = []
    real = supply._trace_supply

    def counting(state, m, power, *rest):
        traced.append(power)
        return real(state, m, power, *rest)

    monkeypatch.setattr(supply, "_trace_supply", counting)
    return traced


def test_fa_2_4_a_move_in_the_rear_reuses_the_supply_trace(monkeypatch):
    fa_position.clear_memo()
    traced = _count_traces(monkeypatch)
    before = position([corps("g", "germany", "2,2"), corps("r", "russia", "8,0")],
                      features=CITY, width=9, split=9)
    after = position([corps("g", "germany", "3,2"), corps("r", "russia", "8,0")],
                     features=CITY, width=9, split=9)
    assert supplied_hexes(before, "germany") == supplied_hexes(after, "germany")
    assert traced == ["germany"]          # the second position found the first one's trace


def test_fa_2_4_a_move_that_opens_a_path_through_zoc_traces_again(monkeypatch):
    # The 2.4 ZoC case on one map: the German at 3,0 is cut off until a friend stands in 2,0.
    fa_position.clear_memo()
    traced = _count_traces(monkeypatch)
    feats = {"0,0": ["city"]}
    cut = position([corps("r", "russia", "2,1"), corps("g", "germany", "3,0"),
                    corps("f", "germany", "5,0")], features=feats, width=6, height=2, split=6)
    opened = position([corps("r", "russia", "2,1"), corps("g", "germany", "3,0"),
                       corps("f", "germany", "2,0")], features=feats, width=6, height=2, split=6)
    assert "3,0" not in supplied_hexes(cut, "germany")
    assert "3,0" in supplied_hexes(opened, "germany")
    assert traced == ["germany", "germany"]


def test_fa_2_4_a_moved_hq_is_a_new_secondary_source_and_traces_again(monkeypatch):
    fa_position.clear_memo()
    traced = _count_traces(monkeypatch)
    rail = [[f"{q},2" for q in range(0, 7)]]
    near = position([hq("h", "germany", "6,2"), corps("g", "germany", "9,2")], features=CITY,
                    rail=rail, width=12, split=12)
    far = position([hq("h", "germany", "11,2"), corps("g", "germany", "9,2")], features=CITY,
                   rail=rail, width=12, split=12)
    assert "9,2" in supplied_hexes(near, "germany")
    assert "9,2" not in supplied_hexes(far, "germany")   # 11,2 is off the railway path
    assert len(traced) == 2


def test_fa_2_4_the_cold_listing_check_puts_the_memo_back():
    fa_position.clear_memo()
    s = position([corps("g", "germany", "2,2")], features=CITY, width=9, split=9)
    warm = supplied_hexes(s, "germany")
    held = dict(fa_position._MEMO)
    with fa_position.memo_set_aside():
        assert not fa_position._MEMO
        assert supplied_hexes(s, "germany") == warm
    assert fa_position._MEMO == held


# --- a kept trace never serves a position where something it read differs ------------------

STRIP = {"0,0": ["city"]}


def _strip(units, **kw):
    return position(units, features=STRIP, width=14, height=2, split=14, **kw)


def _cold(state, power):
    """The supply of `state` with every memo forgotten first."""
    fa_position.clear_memo()
    return supplied_hexes(state, power)


def test_fa_2_4_a_zoc_moved_onto_the_traced_hexes_traces_again(monkeypatch):
    # The same inputs but the blocked hexes: the Russian's ZoC now lies across the path from
    # the city to the German at 3,0. The trace kept from the first position must not serve it.
    fa_position.clear_memo()
    traced = _count_traces(monkeypatch)
    far = _strip([corps("g", "germany", "3,0"), corps("r", "russia", "13,1")])
    near = _strip([corps("g", "germany", "3,0"), corps("r", "russia", "2,1")])
    assert "3,0" in supplied_hexes(far, "germany")
    warm = supplied_hexes(near, "germany")
    assert "3,0" not in warm
    assert traced == ["germany", "germany"]
    assert warm == _cold(near, "germany")


def test_fa_2_4_hexes_turned_neutral_on_the_traced_path_trace_again(monkeypatch):
    # Nothing moved: the two hexes between the city and the German are now held by a power
    # neutral to Germany (FA 2.4.3), which the kept trace judged enterable.
    fa_position.clear_memo()
    traced = _count_traces(monkeypatch)
    open_ = _strip([corps("g", "germany", "3,0"), corps("r", "russia", "13,1")])
    closed = _strip([corps("g", "germany", "3,0"), corps("r", "russia", "13,1")])
    closed["board"]["control"].update({"1,0": "netherlands", "1,1": "netherlands"})
    assert "3,0" in supplied_hexes(open_, "germany")
    warm = supplied_hexes(closed, "germany")
    assert "3,0" not in warm
    assert len(traced) == 2
    assert warm == _cold(closed, "germany")
