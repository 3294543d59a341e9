"""Why not? An air order the rules refuse, explained in a player's words (issue #18): one test
per reason code of `whynot_air`, on the aviation tests' small map, each asked the way the air
editor asks it — an answer the air decision does not list (the kernel's `not_an_option`), then
the ruleset's `why_not`."""

from __future__ import annotations

from dataclasses import replace

from engine.kernel import IllegalAction
from engine.rulesets.balance_of_powers import aviation, decisions, handlers
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.sequence import Step as S

from .helpers import Dice, hx, position
from .test_06_aviation import TH, air_state, base


def why(state, seat, decision, action):
    """The refusal of `action`, which the open `decision` must not list."""
    assert action not in decision.options, action
    refusal = IllegalAction(decision.rule, "not_an_option", {"action": action}, "not listed")
    return RULESET.why_not(state, seat, decision, action, refusal)


def patrol_decision(state, seat="germany"):
    return next(d for d in decisions.air_patrol_decisions(state, TH) if seat in d.seats)


def test_bop_6_311_why_not_a_patrol_beyond_the_radius():
    state = air_state()
    base(state, "ger-air-eindkr", "1104")                       # radius 3
    answer = why(state, "germany", patrol_decision(state),
                 {"unit": "ger-air-eindkr", "to": hx(TH, "0704")})
    assert (answer.rule, answer.code) == ("BoP 6.311", "too_far")
    assert "more than 3 hexes" in answer.message and "EINDKR" in answer.message


def test_bop_6_311_why_not_a_patrol_into_a_neutral_hex():
    state = air_state(side="entente")
    base(state, "fra-air-ms3", "0504")
    answer = why(state, "france", patrol_decision(state, "france"),
                 {"unit": "fra-air-ms3", "to": hx(TH, "0602")})
    assert (answer.rule, answer.code) == ("BoP 6.311", "neutral")


def test_bop_6_312_why_not_a_patrol_out_of_an_enemy_fighters_location():
    state = air_state()
    base(state, "ger-air-eindkr", "1004")
    base(state, "fra-air-ms3", "1004")
    base(state, "ger-air-albdii", "1104")                      # keeps Germany's decision open
    answer = why(state, "germany", patrol_decision(state),
                 {"unit": "ger-air-eindkr", "to": hx(TH, "0904")})
    assert (answer.rule, answer.code) == ("BoP 6.312", "pinned")


def test_bop_6_311_why_not_a_patrol_out_of_supply():
    state = air_state()
    base(state, "ger-air-eindkr", "1007")                       # no rail, town or capital near
    base(state, "ger-air-albdii", "1104")
    answer = why(state, "germany", patrol_decision(state),
                 {"unit": "ger-air-eindkr", "to": hx(TH, "1006")})
    assert (answer.rule, answer.code) == ("BoP 6.311", "out_of_supply")


def test_bop_6_313_why_not_a_second_patrol_and_not_a_bomber():
    state = air_state()
    base(state, "ger-air-eindkr", "1004")
    base(state, "ger-air-albdii", "1104")
    base(state, "ger-air-zeppelin", "1204")
    handlers.do_air_patrol(state, "germany", None, {"unit": "ger-air-eindkr",
                                                    "to": hx(TH, "0904")}, Dice([]))
    state["flow"]["air"]["turn"] = "central"
    decision = patrol_decision(state)
    again = why(state, "germany", decision, {"unit": "ger-air-eindkr", "to": hx(TH, "1004")})
    assert (again.rule, again.code) == ("BoP 6.313", "already_flown")
    bomber = why(state, "germany", decision, {"unit": "ger-air-zeppelin", "to": hx(TH, "1104")})
    assert (bomber.rule, bomber.code) == ("BoP 6.311", "not_a_fighter")


def test_bop_6_73_why_not_a_change_of_base_to_enemy_land_or_twice():
    state = position(TH, {}, step=S.AERODROME.value, fortnight=0, side="central")
    base(state, "ger-air-eindkr", "1204")
    aviation.begin_aerodrome(state, Dice([]))
    aviation.begin_change_of_base(state, Dice([]))
    [ask] = decisions.air_base_decisions(state, TH, "germany")
    foreign = why(state, "germany", ask, {"unit": "ger-air-eindkr", "to": hx(TH, "0604")})
    assert (foreign.rule, foreign.code) == ("BoP 6.73", "not_friendly")
    handlers.do_air_base(state, "germany", ask, {"unit": "ger-air-eindkr",
                                                 "to": hx(TH, "0704")}, Dice([]))
    # asked again after the change (the decision now lists no move for it)
    after = replace(ask, options=({"done": True},))
    twice = why(state, "germany", after, {"unit": "ger-air-eindkr", "to": hx(TH, "0804")})
    assert (twice.rule, twice.code) == ("BoP 6.72", "already_rebased")
