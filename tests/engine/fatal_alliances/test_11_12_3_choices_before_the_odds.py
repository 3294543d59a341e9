"""FA 11.12.3 HQ support and option 1's sitting-out unit (2.3.1.1): choices of their owners,
made between the declaration and the final odds, in the printed order."""

from engine.kernel import decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import Dice, corps, declare_all, hq, position, reply

CITY = {"0,2": ["city"], "6,2": ["city"]}


def fight(units, **kw):
    kw.setdefault("features", CITY)
    return position(units, step=Step.LAND_COMBAT, **kw)


def support_position():
    return fight([hq("gh", "germany", "2,2", reorg=3), corps("g", "germany", "2,2"),
                  corps("r", "russia", "3,2"), hq("rh", "russia", "4,2", reorg=2)])


def only_decision(state):
    (d,) = decisions(RULESET, state)
    return d


def test_fa_11_12_3_the_attacker_then_the_defender_may_each_allocate_an_hq_or_decline():
    """FA 11.12.3: "the active side may allocate", then "the inactive side may allocate" —
    each offered its eligible HQs and no HQ, in that order."""
    s = support_position()
    declare_all(s, "germany", [{"target": "3,2", "units": ["gh", "g"], "table": "assault"}],
            Dice(), [])
    d = only_decision(s)
    assert (d.kind, d.seats, d.rule) == ("hq_support", ("germany",), "FA 11.12.3")
    assert list(d.options) == [{"hq": "gh"}, {"hq": None}]
    reply(s, "germany", {"hq": "gh"}, Dice(), [])
    d = only_decision(s)
    assert (d.kind, d.seats) == ("hq_support", ("russia",)) and d.reaction
    assert list(d.options) == [{"hq": "rh"}, {"hq": None}]


def test_fa_11_12_3_a_defender_that_declines_keeps_its_hq_face_up_and_gives_no_support():
    """FA 11.12.3: only HQs that provided support turn face-down; with the Russian HQ kept
    back the German 3 stands alone: +3/2, and rh stays face-up after the combat."""
    s = support_position()
    declare_all(s, "germany", [{"target": "3,2", "units": ["gh", "g"], "table": "assault"}],
            Dice(), [])
    reply(s, "germany", {"hq": "gh"}, Dice(), [])
    events = []
    # 4 against 3: 1:1 (+2), no observer −1, HQ +1.5 → +2.5; 5 + 5 + 2.5 = 12.5 → row 13 –/–.
    reply(s, "russia", {"hq": None}, Dice(5, 5), events)
    resolved = next(e for e in events if e.kind == "combat_resolved")
    assert {"name": "HQ support", "value": "3/2"} in resolved.data["drms"]
    assert s["flow"]["combat"] is None
    units = s["board"]["units"]
    assert units["rh"]["up"] is True and units["gh"]["up"] is False


def test_fa_11_12_3_both_hqs_committed_give_half_the_difference_and_both_flip():
    s = support_position()
    declare_all(s, "germany", [{"target": "3,2", "units": ["gh", "g"], "table": "assault"}],
            Dice(), [])
    reply(s, "germany", {"hq": "gh"}, Dice(), [])
    events = []
    reply(s, "russia", {"hq": "rh"}, Dice(5, 5), events)
    resolved = next(e for e in events if e.kind == "combat_resolved")
    assert {"name": "HQ support", "value": "1/2"} in resolved.data["drms"]
    # Both turn face-down when the combat is over (after the advance).
    assert s["flow"]["combat"]["hq_flips"] == ["gh", "rh"]


def test_fa_11_12_3_an_attacker_that_declines_commits_no_hq_support():
    """FA 11.12.3: the active side "may" allocate; declining leaves only the defender's HQ
    (−2/2 = −1) and only that HQ is turned face-down for support (the attacking HQ still
    faces like any attacker, FA 11.12.5.8)."""
    s = support_position()
    declare_all(s, "germany", [{"target": "3,2", "units": ["gh", "g"], "table": "assault"}],
            Dice(), [])
    reply(s, "germany", {"hq": None}, Dice(), [])
    events = []
    # 1:1 (+2) −1, the Russian HQ alone −1: 10 + 10 + 0 = row 20.
    reply(s, "russia", {"hq": "rh"}, Dice(10, 10), events)
    resolved = next(e for e in events if e.kind == "combat_resolved")
    assert {"name": "HQ support", "value": -1} in resolved.data["drms"]
    assert (s["flow"]["combat"] or {"hq_flips": ["rh"]})["hq_flips"] == ["rh"]


def with_reserves(state):
    state["board"]["options"] = {"in_hex_reserves": True, "isolated_reorganisation": False,
                                 "home_front_reserves": False, "emergency_hq_supply": False}
    return state


def test_fa_2_3_1_1_option_1_the_defender_chooses_which_corps_sits_out():
    """Option 1: "you must choose one unit not to participate" — a corps, as the hex holds
    three; the defender may keep its weakest in the fight and sit its strongest out."""
    s = with_reserves(fight([corps("g", "germany", "2,2", cf=9),
                             corps("ra", "russia", "3,2", cf=3),
                             corps("rb", "russia", "3,2", cf=1),
                             corps("rc", "russia", "3,2", cf=2)]))
    declare_all(s, "germany", [{"target": "3,2", "units": ["g"], "table": "assault"}], Dice(), [])
    d = only_decision(s)
    assert (d.kind, d.seats, d.rule) == ("sit_out", ("russia",), "FA 2.3.1.1") and d.reaction
    assert list(d.options) == [{"unit": "rb"}, {"unit": "rc"}, {"unit": "ra"}]
    events = []
    reply(s, "russia", {"unit": "ra"}, Dice(5, 5), events)
    resolved = next(e for e in events if e.kind == "combat_resolved")
    assert resolved.data["defence"] == "3"          # rb 1 + rc 2: ra sits out
    assert any(e.kind == "reserve_sits_out" and e.data["unit"] == "ra" for e in events)


def test_fa_2_3_1_1_option_1_without_an_extra_corps_any_unit_may_sit_out():
    """Option 1: the corps requirement holds only "if there is an extra corps in the hex";
    two corps and two divisions may sit out either kind."""
    from .positions import division
    s = with_reserves(fight([corps("g", "germany", "2,2", cf=9),
                             corps("ra", "russia", "3,2", cf=3),
                             corps("rb", "russia", "3,2", cf=2),
                             division("rd", "russia", "3,2", cf=1),
                             division("re", "russia", "3,2", cf=1)]))
    declare_all(s, "germany", [{"target": "3,2", "units": ["g"], "table": "assault"}], Dice(), [])
    d = only_decision(s)
    assert {o["unit"] for o in d.options} == {"ra", "rb", "rd", "re"}


def test_fa_2_3_1_1_option_1_an_hq_committed_to_support_is_not_offered_to_sit_out():
    """Option 1: the unit sitting out "does not contribute any positive or negative
    modifiers", so the HQ the defender has just committed to support (in the overstacked
    hex) is not among the units it may sit out."""
    from .positions import division

    def sit_out_offer(support):
        s = with_reserves(fight([corps("g", "germany", "2,2", cf=9),
                                 hq("rh", "russia", "3,2", reorg=2),
                                 corps("ra", "russia", "3,2", cf=3),
                                 division("rd", "russia", "3,2", cf=1),
                                 division("re", "russia", "3,2", cf=1)]))
        declare_all(s, "germany", [{"target": "3,2", "units": ["g"], "table": "assault"}], Dice(),
                [])
        d = only_decision(s)
        assert d.kind == "hq_support" and {"hq": "rh"} in d.options
        reply(s, "russia", {"hq": support}, Dice(), [])
        d = only_decision(s)
        assert d.kind == "sit_out"
        return [o["unit"] for o in d.options]
    assert "rh" not in sit_out_offer("rh")
    assert "rh" in sit_out_offer(None)
