"""FA 14.1 — buying morale on the home front: in production a major power may put build points
into morale, +2 points each in that turn's morale step, at most 40% of the turn's production
(after bonuses, before saved BP), and never so that morale could only rise above its 1914
start or by more than one level."""

from engine.kernel import apply, decisions
from engine.rulesets.fatal_alliances.morale import adjust_morale, home_front_limit, may_buy_morale
from engine.rulesets.fatal_alliances.production import (
    build,
    build_options,
    start_production,
)
from engine.rulesets.fatal_alliances.ruleset import RULESET
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import FLOW

from .positions import Dice, corps, position

SEED = b"\x14" * 32
MORALE = {"build": "morale"}


def producing(morale=12, bp=10, limit=4, points=0):
    """Germany in production below its 1914 start (16), both sides having attacked."""
    state = position([corps("ge-a", "germany", "1,2")], step=Step.PRODUCTION)
    board = state["board"]
    board["morale"]["germany"] = morale
    board["bp"]["germany"] = bp
    board["morale_bp_max"] = {"germany": limit, "russia": 0}
    board["morale_points"] = {"germany": points, "russia": 0}
    board["attacked_this_turn"] = ["germany", "russia"]
    return state


def buy_until_refused(state, power="germany"):
    bought = 0
    while MORALE in build_options(state, power):
        build(state, power, MORALE, Dice())
        bought += 1
    return bought


def germany(events):
    return next(e for e in events if e.kind == "morale" and e.data["power"] == "germany")


def test_fa_14_1_home_front_bp_buy_two_morale_points_each():
    for die, after in ((6, 13), (7, 12)):
        state = producing()
        for _ in range(3):
            build(state, "germany", MORALE, Dice())
        assert state["board"]["bp"]["germany"] == 7
        event = germany(adjust_morale(state, Dice(die)))
        assert event.data["home_front"] == 6 and event.data["points"] == 6
        assert state["board"]["morale"]["germany"] == after      # +6: a level on d10 <= 6


def test_fa_14_1_home_front_capped_at_forty_percent_of_production():
    assert [home_front_limit(p) for p in (1, 2, 5, 7, 30)] == [0, 1, 2, 3, 12]   # FA 2.6
    state = producing(points=-40)
    board = state["board"]
    board["offmap_factories"]["germany"] = 5
    board["offmap_resources"]["germany"] = 5
    board["bonus_bp"]["germany"] = 2
    board["saved_bp"]["germany"] = 10
    start_production(state, Dice())
    # 5 PP x 0.9 = 5 BP made, +2 bonus = 7 (the saved 10 do not count): 2.8 rounds to 3.
    assert board["bp"]["germany"] == 17 and board["morale_bp_max"]["germany"] == 3
    assert buy_until_refused(state) == 3
    assert board["bp"]["germany"] == 14
    assert may_buy_morale(state, "germany") is False


def test_fa_14_1_home_front_never_above_1914_level_or_more_than_one_level_a_turn():
    # Three levels below the start with nothing else this turn: five BP make a certain level,
    # a sixth could only be lost to the one-level cap.
    state = producing(morale=13, limit=12)
    assert buy_until_refused(state) == 5
    adjust_morale(state, Dice())
    assert state["board"]["morale"]["germany"] == 14
    # At the 1914 start, BP may only offset this turn's losses: -5 takes three (to +1).
    state = producing(morale=16, limit=12, points=-5)
    assert buy_until_refused(state) == 3
    state = producing(morale=16, limit=12)
    assert buy_until_refused(state) == 0
    # The morale step caps whatever the points (here 12 BP bought when the losses were
    # still to come in, then no losses): one level, and never above the start.
    for morale, after in ((12, 13), (15, 16), (16, 16)):
        state = producing(morale=morale, limit=12)
        state["board"]["morale_bp"] = {"germany": 12}
        adjust_morale(state, Dice(1))
        assert state["board"]["morale"]["germany"] == after


def test_fa_14_1_home_front_only_for_active_powers_with_bp():
    state = producing(bp=0)
    assert may_buy_morale(state, "germany") is False
    state = producing()
    state["board"]["active"].remove("germany")
    assert may_buy_morale(state, "germany") is False


def test_fa_14_1_home_front_is_a_production_choice_whose_timeout_spends_nothing_on_it():
    state = position([corps("ge-a", "germany", "1,2"), corps("ru-a", "russia", "4,2")],
                     step=Step.FINAL_REORGANISATION)
    board = state["board"]
    board["morale"]["germany"] = 12
    board["attacked_this_turn"] = ["germany", "russia"]
    board["offmap_factories"]["germany"] = board["offmap_resources"]["germany"] = 10
    FLOW.enter(state, Step.FINAL_REORGANISATION, Dice())
    assert state["flow"]["step"] == Step.PRODUCTION.value
    assert board["morale_bp_max"]["germany"] == 4                 # 9 BP made: 3.6 rounds to 4
    bp = board["bp"]["germany"]
    for _ in range(2):
        d = next(d for d in decisions(RULESET, state) if d.seats == ("germany",))
        assert MORALE in d.options and d.options[0] != MORALE
        assert RULESET.timeout_default(state, d, "germany") != MORALE
        state = apply(RULESET, state, "germany", d.id, MORALE, seed=SEED).state
    assert state["board"]["bp"]["germany"] == bp - 2
    d = next(d for d in decisions(RULESET, state) if d.seats == ("germany",))
    assert d.data["morale_bp"] == 2 and d.data["morale_bp_max"] == 4
    events = []
    while state["flow"]["step"] == Step.PRODUCTION.value:
        d = decisions(RULESET, state)[0]
        out = apply(RULESET, state, d.seats[0], d.id, {"build": None}, seed=SEED)
        state, events = out.state, events + list(out.events)
    assert germany(events).data["home_front"] == 4
