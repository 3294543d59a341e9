"""FA 13.4 option 6 (isolated reorganisation) in the view (issue #18): the land units that
cannot trace a basic supply path of any length to a primary source are marked `isolated`, the
same units the final reorganisation leaves face-down; nothing is marked without the option, and
the view changes no state (views only: the game's hashes stay as they were)."""

from __future__ import annotations

import copy

from engine.kernel import Roller
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.reorganisation import final_reorganisation
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import corps, position
from .test_options_land import with_options


def cut_off(option_6: bool):
    # The German corps at 5,2 is cut off from the German cities by Russian ZoC (the position
    # of test_fa_13_4_option_6_isolated_units_stay_face_down_at_final_reorganisation).
    units = [corps("ge-cut", "germany", "5,2", up=False), corps("ru-a", "russia", "3,1"),
             corps("ru-b", "russia", "3,3"), corps("ru-c", "russia", "4,2"),
             corps("ru-d", "russia", "4,3"), corps("ru-e", "russia", "6,1"),
             corps("ge-home", "germany", "1,2", up=False)]
    return with_options(position(units, step=Step.FINAL_REORGANISATION, width=8,
                                 features={"0,2": ["city"], "7,4": ["city"]}),
                        isolated_reorganisation=option_6)


def test_fa_13_4_option_6_the_view_marks_the_units_the_final_reorganisation_leaves_down():
    state = cut_off(True)
    before = copy.deepcopy(state)
    view = RULESET.view(state, "public")
    assert state == before                                  # a view changes nothing
    marked = sorted(uid for uid, u in view["board"]["units"].items() if u.get("isolated"))
    assert marked == ["ge-cut"]
    left_down = final_reorganisation(state, Roller(b"\0" * 32, "t", 0))[0].data["isolated"]
    assert marked == left_down


def test_fa_13_4_without_option_6_no_unit_is_marked_isolated():
    view = RULESET.view(cut_off(False), "public")
    assert not any("isolated" in u for u in view["board"]["units"].values())
