"""FA 11.4.4–11.4.5 (issue #22, version 31, rulings R-N75–R-N79): extra units committed to a
search, and the surprise points' holder spending them in a combat of the naval combat step —
avoid the combat, buy a surface round, select a target, split the column shifts. Dice are
scripted per purpose so each expectation follows from the rolls the test names."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.bots.fatal_alliances import FatalAlliancesBot
from engine.bots.runner import bot_turn
from engine.kernel import IllegalAction, Roller, apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances import naval_surprise as ns
from engine.rulesets.fatal_alliances.fleets import fleets
from engine.rulesets.fatal_alliances.migrations import v30_to_v31
from engine.rulesets.fatal_alliances.naval_combat import (
    fight,
    surprise_options,
    surprise_waiting,
)
from engine.rulesets.fatal_alliances.powers import POWER_SIDE
from engine.rulesets.fatal_alliances.sea_battles import battling, spend_surprise, start_battle
from engine.rulesets.fatal_alliances.sequence import Step, move_to

from .test_11_3_naval_movement import SEED
from .test_11_4_naval_combat import GRAND_BB, HSF_BB, at_sea, at_war, fine

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "fatal_alliances-30.json"


class Scripted(Roller):
    """A roller whose d10s come from a script per purpose prefix (else the real dice)."""

    def __init__(self, script: dict[str, list[int]]) -> None:
        super().__init__(SEED, "scripted", 0)
        self.script = {k: list(v) for k, v in script.items()}

    def d(self, sides: int, purpose: str, key: str | None = None) -> int:
        for prefix, values in self.script.items():
            if purpose.startswith(prefix) and values:
                return values.pop(0)
        return super().d(sides, purpose, key)


def north_sea(german=HSF_BB, british=GRAND_BB, section=3):
    """Germany (naval action, in its naval combat step) and Britain in the North Sea, fine
    weather, no convoy points."""
    state = fine(at_war())
    state["board"]["convoys"].pop("north-sea", None)
    at_sea(state, german, "north-sea", section)
    at_sea(state, british, "north-sea", section)
    state["flow"]["naval"] = {"pending": None, "entered": [], "fought": [], "watch": {}}
    move_to(state, Step.NAVAL_COMBAT.value)
    return state


def started(state, central_roll, entente_roll, more=None):
    """Germany starts the combat; the searches roll as given (Germany's side rolls first)."""
    script = {"naval search central": [central_roll], "naval search entente": [entente_roll],
              **(more or {})}
    return start_battle(state, "germany", {"area": "north-sea"}, Scripted(script))


def test_fa_11_4_5_the_holder_is_the_side_with_more_points_and_spends_the_difference():
    assert ns.holder({"central": 9, "entente": 4}) == ("central", 5)
    assert ns.holder({"central": 2, "entente": 7}) == ("entente", 5)
    assert ns.holder({"central": 6, "entente": 6}) == (None, 0)


def test_fa_11_4_5_a_round_waits_for_the_holder_with_its_plans_listed():
    """Section 3 (search 3): Germany rolls 1 and Britain 3, both find everything. Germany has
    3 + 3 = 6, Britain 3 + 1 = 4: Germany spends 2 — one column, up or down; nothing else."""
    state = north_sea()
    events = started(state, 1, 3)
    assert events[-1].kind == "naval_surprise_asked"
    assert not any(e.kind == "naval_round" for e in events)
    waiting = surprise_waiting(state)
    assert (waiting["side"], waiting["points"], waiting["power"]) == ("central", 2, "germany")
    assert battling(state) == ["germany"]
    assert surprise_options(state, "germany") == [{"raise": 1, "lower": 0},
                                                   {"raise": 0, "lower": 1}]
    assert [d.kind for d in decisions(RULESET, state)] == ["naval_surprise"]


def test_fa_11_4_5_three_points_buy_avoiding_the_combat_and_a_target_per_enemy_unit():
    """Germany rolls 1 and Britain 4 (missing section 3): 3 + 4 = 7 against 0 + 1 = 1, so
    Germany spends 6: the standing plan first (3 columns up), then avoid, the splits, and a
    target for each included British unit (11.4.4.1: all of them) with 1 column left."""
    state = north_sea()
    started(state, 1, 4)
    plans = surprise_options(state, "germany")
    assert plans[0] == {"raise": 3, "lower": 0} and plans[1] == {"avoid": True}
    assert {"raise": 1, "lower": 2} in plans and {"raise": 0, "lower": 3} in plans
    assert sorted({p["target"] for p in plans if "target" in p}) == GRAND_BB
    assert {"raise": 0, "lower": 1, "target": GRAND_BB[1]} in plans
    assert len(plans) == 4 + 1 + 2 * len(GRAND_BB)
    # 11.4.6.1 (1), R-N77: no submarine combat could be fought, so no type is for sale
    assert not any("type" in p for p in plans)


def test_fa_11_4_5_avoiding_the_combat_ends_it_before_the_round_is_fought():
    state = north_sea()
    started(state, 1, 4)
    events = spend_surprise(state, "germany", {"avoid": True}, Roller(SEED, "avoid", 0))
    kinds = [e.kind for e in events]
    assert kinds == ["naval_surprise", "naval_combat_over"]
    assert surprise_waiting(state) is None
    assert all(fleets(state)[u]["area"] == "north-sea" for u in HSF_BB + GRAND_BB)


def test_fa_11_4_5_lowering_the_opponents_column_shifts_its_fire_not_ours():
    state = north_sea()
    started(state, 1, 4)
    events = spend_surprise(state, "germany", {"raise": 1, "lower": 2},
                            Scripted({"naval search": [10, 10]}))
    round_ = next(e for e in events if e.kind == "naval_round")
    assert round_.data["shift"] == {"central": 1, "entente": -2}


def first_hit(target):
    state = north_sea()
    started(state, 1, 4)
    plan = {"target": target, "raise": 1, "lower": 0} if target else {"raise": 3, "lower": 0}
    events = spend_surprise(state, "germany", plan,
                            Scripted({"naval result": [1] * 20, "naval search": [10, 10]}))
    assert next(e for e in events if e.kind == "naval_round").data["results"]["central"]
    return next(e.data["unit"] for e in events if e.kind == "naval_hit"
                and e.data["unit"] in GRAND_BB)


def test_fa_11_4_5_a_selected_target_takes_the_holders_first_result():
    """Without a target the first result is the owner's pick; a target bought for 3 points
    (the other battleship) takes it instead (R-N78)."""
    owners = first_hit(None)
    other = next(u for u in GRAND_BB if u != owners)
    assert first_hit(other) == other


def test_fa_11_4_5_a_surface_round_is_for_sale_only_against_a_submarine_combat():
    """A German U-boat meets British convoy points: a submarine combat would be fought
    (R-N59); Germany's 6 points may buy a surface round instead (R-N77), with a target among
    the British warships from the 3 left."""
    state = north_sea()
    sub = next(u for u, sh in fleets(state).items()
               if sh["power"] == "germany" and sh["type"] == "SUB")
    at_sea(state, [sub], "north-sea", 3)
    state["board"]["convoys"]["north-sea"] = {"britain": 3}
    started(state, 1, 4)
    plans = surprise_options(state, "germany")
    assert {"type": "surface", "raise": 1, "lower": 0} in plans
    bought = [p for p in plans if p.get("type") == "surface"]
    assert sorted({p["target"] for p in bought if "target" in p}) == GRAND_BB
    events = spend_surprise(state, "germany", {"type": "surface", "raise": 1, "lower": 0},
                            Scripted({"naval search": [10, 10]}))
    assert any(e.kind == "naval_round" for e in events)
    assert not any(e.kind == "submarine_round" for e in events)


def test_fa_11_4_5_a_plan_not_listed_is_refused_and_changes_nothing():
    state = north_sea()
    started(state, 1, 3)
    decision = decisions(RULESET, state)[0]
    before = copy.deepcopy(state)
    for bad in ({"avoid": True}, {"raise": 5, "lower": 0}, {"raise": 0, "lower": 0},
                {"raise": 1, "lower": 0, "target": GRAND_BB[0]}):
        with pytest.raises(IllegalAction):
            apply(RULESET, state, "germany", decision.id, bad, seed=SEED)
    assert state == before
    events = spend_surprise(state, "germany", {"raise": 0, "lower": 1},
                            Scripted({"naval search": [10, 10]}))
    assert any(e.kind == "naval_surprise" for e in events)


def test_fa_11_4_5_interception_combats_spend_by_the_standing_rule():
    """A combat not started in the naval combat step (no `starter`) never waits: the holder's
    points all go on its own column (R-N75, R-N9)."""
    state = north_sea()
    events = fight(state, "north-sea", "central",
                   Scripted({"naval search central": [1, 10], "naval search entente": [4, 10]}))
    assert surprise_waiting(state) is None
    round_ = next(e for e in events if e.kind == "naval_round")
    assert round_.data["shift"] == {"central": 3, "entente": 0}


def test_fa_11_4_4_four_or_ten_face_up_units_take_one_or_two_off_the_first_search():
    state = north_sea(section=3)
    ships = fleets(state)
    germans = sorted(u for u, sh in ships.items() if sh["power"] == "germany")
    assert ns.search_bonus(state, "north-sea", "central", POWER_SIDE) == (0, [])
    at_sea(state, germans[:4], "north-sea", 3)
    for u in germans[:4]:
        ships[u]["up"] = True
    off, units = ns.search_bonus(state, "north-sea", "central", POWER_SIDE)
    assert (off, len(units)) == (1, 4)
    at_sea(state, germans[:10], "north-sea", 3)
    for u in germans[:10]:
        ships[u]["up"] = True
    off, units = ns.search_bonus(state, "north-sea", "central", POWER_SIDE)
    assert (off, len(units)) == (2, 10)
    # in a combat (starting it turns one of 11 face-up ships face-down, 11.4.2): the first
    # roll of 4 counts 2 and finds section 3; the 10 units turn face-down
    at_sea(state, germans[:11], "north-sea", 3)
    for u in germans[:11]:
        ships[u]["up"] = True
    events = started(state, 4, 10)
    units = next(e for e in events if e.kind == "naval_combat").data["face_down"]
    units = [u for u in germans[:11] if u != units]
    used = next(e for e in events if e.kind == "naval_search_units")
    assert used.data == {"area": "north-sea", "side": "central", "units": units, "off": 2}
    assert all(not ships[u]["up"] for u in units)
    waiting = surprise_waiting(state)
    assert set(waiting["found"]["central"]) >= set(germans[:10])


def test_fa_11_4_5_the_bot_avoids_only_when_outgunned_twice_over():
    state = north_sea(german=HSF_BB[:1])
    started(state, 1, 4)
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="surprise-bot")
    assert move.action == {"avoid": True}
    state = north_sea()
    started(state, 1, 4)
    move = bot_turn(RULESET, state, "germany", FatalAlliancesBot(), game_uid="surprise-bot")
    assert move.action == {"raise": 3, "lower": 0}


def test_fa_11_4_5_version_31_carries_a_running_version_30_campaign_unchanged():
    """No version-30 round waits for a holder: nothing to carry."""
    frozen = json.loads(FIXTURE.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "30"
    old = copy.deepcopy(frozen["state"])
    assert v30_to_v31(frozen["state"]) == old and int(RULESET.version) >= 31
