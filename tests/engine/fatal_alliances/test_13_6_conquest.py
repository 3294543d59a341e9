"""FA 13.6 conquest and liberation of home countries by the land war (the peace step)."""

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import new_game
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.campaign import run_script
from engine.rulesets.fatal_alliances.conquest import conqueror_of, peace_step
from engine.rulesets.fatal_alliances.liberation import choose
from engine.rulesets.fatal_alliances.position import controller
from engine.rulesets.fatal_alliances.sequence import Step, remaining

from .positions import Dice, corps, division, position, skip_breakdown

needs_map = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                               reason="fa-europe is not compiled")

# Columns 0-2 German, 3-5 Russian, 6-7 Serbian (capital 6,2; factory 7,2).
SERBIA = {f"{q},{r}": "serbia" for q in (6, 7) for r in range(5)}
FEATURES = {"6,2": ["city", "capital"], "7,2": ["factory"], "1,2": ["city", "capital"],
            "4,2": ["city", "capital"]}


def serbian_war(units, pool=()):
    state = position(list(units) + list(pool), step=Step.PEACE, width=8, countries=SERBIA,
                     features=FEATURES)
    state["board"]["aligned"] = {"serbia": "russia"}
    for u in pool:
        state["board"]["pool"].setdefault(u["power"], []).append(u["id"])
    state["flow"]["turn"] = 2
    return state


def test_fa_13_6_1_2_a_minor_falls_only_when_its_capital_and_every_factory_are_held():
    state = serbian_war([corps("ge-a", "germany", "6,1")])
    state["board"]["control"]["6,2"] = "germany"
    assert conqueror_of(state, "serbia") is None          # the factory at 7,2 is Serbian
    state["board"]["control"]["7,2"] = "germany"
    assert conqueror_of(state, "serbia") == "germany"


def test_fa_13_6_1_5_a_conquered_minor_is_at_peace_and_all_its_units_leave_the_game():
    sb_home = corps("sb-a", "serbia", "7,4")
    sb_away = corps("sb-b", "serbia", "4,0")               # in Russia: still removed
    sb_pool = division("sb-c", "serbia", None)
    state = serbian_war([corps("ge-a", "germany", "6,1"), sb_home, sb_away], pool=[sb_pool])
    state["board"]["control"].update({"6,2": "germany", "7,2": "germany"})
    events = peace_step(state)
    assert [e.kind for e in events] == ["conquered"]
    assert events[0].data["complete"] and events[0].data["by"] == "germany"
    units = state["board"]["units"]
    assert all(units[i]["hex"] is None for i in ("sb-a", "sb-b", "sb-c"))
    assert state["board"]["pool"]["serbia"] == []
    assert state["board"]["removed"] == ["sb-a", "sb-b", "sb-c"]
    assert "serbia" not in state["board"]["aligned"]
    assert state["board"]["conquered"]["serbia"]["by"] == "germany"


def test_fa_13_6_1_3_hexes_go_to_the_occupier_then_the_sole_zoc_then_the_conqueror():
    state = serbian_war([corps("ge-a", "germany", "6,0"), corps("ru-a", "russia", "7,4"),
                         division("ru-d", "russia", "5,2")])
    state["board"]["control"].update({"6,2": "germany", "7,2": "germany"})
    peace_step(state)
    assert controller(state, "7,4") == "russia"            # occupied by a Russian corps
    assert controller(state, "7,3") == "russia"            # in the Russian corps' ZoC only
    assert controller(state, "6,1") == "germany"           # in the German ZoC only
    assert controller(state, "6,3") == "germany"           # contested ZoC: to the conqueror
    assert controller(state, "6,4") == "russia"            # only the Russian ZoC reaches it


def test_fa_13_6_1_4_a_major_holding_a_possession_fights_on_at_half_limits():
    state = position([corps("ru-home", "russia", "5,3"), corps("ru-col", "russia", "3,0"),
                      corps("ge-a", "germany", "4,3")],
                     step=Step.PEACE, possessions=("3,0", "3,1"),
                     features={"4,2": ["city", "capital"], "5,2": ["factory"],
                               "1,2": ["city", "capital"]})
    state["flow"]["turn"] = 2
    state["board"]["control"].update({"4,2": "germany", "5,2": "germany"})
    events = peace_step(state)
    assert events[0].data == {**events[0].data, "country": "russia", "complete": False}
    assert state["board"]["units"]["ru-home"]["hex"] is None
    assert state["board"]["units"]["ru-col"]["hex"] == "3,0"
    assert state["board"]["halved"] == {"russia": True}
    state["flow"].update(active_side="entente", actions={"russia": "combined"},
                         used={"russia": {}})
    assert remaining(state, "russia", "land_move") == 3    # g = 5, halved and rounded up
    assert "russia" in state["board"]["active"]


def test_fa_13_6_1_5_a_major_without_possessions_is_completely_conquered_and_out():
    state = position([corps("ru-home", "russia", "5,3"), corps("ge-a", "germany", "4,3")],
                     step=Step.PEACE, features={"4,2": ["city", "capital"],
                                                "5,2": ["factory"],
                                                "1,2": ["city", "capital"]})
    state["flow"]["turn"] = 2
    state["board"]["control"].update({"4,2": "germany", "5,2": "germany"})
    peace_step(state)
    board = state["board"]
    assert board["out"] == ["russia"] and "russia" not in board["active"]
    assert board["wars"] == []
    state["flow"]["active_side"] = "entente"
    from engine.rulesets.fatal_alliances.sequence import active_powers
    assert active_powers(state) == []


def test_fa_13_6_3_liberation_returns_units_hexes_and_alignment_but_not_the_same_turn():
    state = serbian_war([corps("ge-a", "germany", "6,1"), corps("sb-a", "serbia", "7,4")])
    state["board"]["control"].update({"6,2": "germany", "7,2": "germany"})
    peace_step(state)
    assert controller(state, "7,4") == "germany"
    # The same turn: no liberation even if Russia retook Belgrade's stand-in.
    state["board"]["control"]["6,2"] = "russia"
    assert peace_step(state) == []
    state["flow"]["turn"] = 3
    state["board"]["control"]["7,3"] = "russia"
    assert [e.kind for e in peace_step(state)] == ["liberation_possible"]
    events = choose(state, "russia", {"country": "serbia", "liberate": True}, Dice())
    assert [e.kind for e in events] == ["liberated"]
    board = state["board"]
    assert board["aligned"] == {"serbia": "russia"}
    assert "sb-a" in board["pool"]["russia"] and board["removed"] == []
    assert controller(state, "6,2") == "serbia" and controller(state, "7,3") == "serbia"
    assert controller(state, "7,2") == "germany"           # German-held: stays German
    assert "serbia" not in board["conquered"]


@needs_map
def test_fa_15_3_3_serbia_needs_belgrade_and_skopje_and_belgium_falls_with_brussels():
    seed = b"\7" * 32
    state, _ = new_game(RULESET, "campaign-1914", {},
                        ["austria_hungary", "britain", "france", "germany", "italy",
                         "ottoman", "russia", "usa"], seed, "conq")
    state = skip_breakdown(RULESET, state, seed)
    state["flow"].update(turn=1, impulse=3)
    run_script(state)
    control = state["board"]["control"]
    control.update({"38,10": "austria_hungary", "39,11": "austria_hungary"})
    assert conqueror_of(state, "serbia") is None           # Skopje (Uskub) still Serbian
    control["39,13"] = "austria_hungary"
    assert conqueror_of(state, "serbia") == "austria_hungary"
    control["26,9"] = "germany"
    state["flow"]["turn"] = 2
    events = peace_step(state)
    fallen = {e.data["country"]: e.data for e in events if e.kind == "conquered"}
    assert set(fallen) == {"belgium", "serbia"}
    assert fallen["belgium"]["by"] == "germany" and fallen["belgium"]["complete"]
    assert not [u for u in state["board"]["units"].values()
                if u["power"] in ("belgium", "serbia") and u["hex"]]
