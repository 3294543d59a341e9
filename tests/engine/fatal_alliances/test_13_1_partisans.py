"""FA 13.1 — partisans: getting them (13.1.1), setting them up (13.1.2), their effects (13.1.3)
and what they cost their enemy's morale (14.1, Morale Chart)."""

from __future__ import annotations

from fractions import Fraction

from engine.kernel import apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.impulses import after_last_impulse
from engine.rulesets.fatal_alliances.morale import adjust_morale
from engine.rulesets.fatal_alliances.movement import destinations
from engine.rulesets.fatal_alliances.orders import attack_items
from engine.rulesets.fatal_alliances.partisans import (
    garrison_value,
    new_partisan,
    partisan_points,
    partisan_step,
    placed_count,
    row_countries,
)
from engine.rulesets.fatal_alliances.production import (
    build,
    factories,
    finish_production,
    start_production,
)
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.zoc import is_legal_stack

from .positions import Dice, corps, declare_with_best_support, division, position, unit

SEED = b"\1" * 32


def partisan(uid, hex_id, major="russia", country="russia"):
    return new_partisan(uid, major, country, hex_id)


def held(state, *hexes, by="germany"):
    state["board"]["control"].update({h: by for h in hexes})
    return state


def test_fa_13_1_1_the_partisan_table_names_its_green_countries_that_are_on_our_map():
    # Row 3 of the chart: Belgium, Spain, FINLAND, France, Serbia, INDO-CHINA, BOSNIA, Russia,
    # PALESTINE — the red (capitalised) regions are not drawn on fa-europe.
    assert row_countries(3) == ["belgium", "spain", "france", "serbia", "russia"]
    # Row 6: Greece, UK, S. AFRICA, Persia, Baltic States, Germany, Japan, China, HEDJAZ.
    assert row_countries(6) == ["greece", "britain", "persia", "germany"]


def test_fa_13_1_1_one_two_or_three_partisans_by_how_far_under_the_number():
    assert placed_count(Fraction(3)) == 1
    assert placed_count(Fraction(4)) == 0
    assert placed_count(Fraction(7, 2)) == 0      # a half garrison point still counts
    assert placed_count(Fraction(-6)) == 1
    assert placed_count(Fraction(-7)) == 2        # at least 10 under the 3
    assert placed_count(Fraction(-17)) == 3       # at least 20 under


def test_fa_13_1_1_a_country_with_an_enemy_held_hex_raises_a_partisan_in_an_enemy_hex():
    # Row 2 names Russia; Germany holds 4,2 and 5,2 of Russia, no German unit there: the d10
    # 3 is not above Russia's partisan number 3, and the partisan goes to one of the two
    # German-held hexes (drawn: the second).
    s = held(position([], step=Step.PARTISANS), "4,2", "5,2")
    events = partisan_step(s, Dice(2, 3, 2))
    pt = s["board"]["units"]["pt-russia-t1-1"]
    assert pt["hex"] == "5,2" and pt["power"] == "russia" and pt["type"] == "PARTISAN"
    assert events[-1].data["raised"] == 1 and events[-1].data["modified"] == "3"


def test_fa_13_1_1_no_partisans_without_an_enemy_held_hex_or_for_a_neutral():
    # Row 2 also names the UK, Norway, Serbia and Portugal: neutral or absent in this
    # scenario. Russia holds all its own hexes: only the table is rolled.
    s = position([], step=Step.PARTISANS)
    partisan_step(s, Dice(2))          # a second die would fail the scripted roller
    assert not any(u["type"] == "PARTISAN" for u in s["board"]["units"].values())


def test_fa_13_1_1_the_garrison_adds_and_partisans_already_there_subtract():
    # A face-up German corps in Russia outside Russian ZoC: garrison 1 — 3 + 1 = 4, no
    # partisan. With a Russian partisan already in Russia, 3 + 1 − 1 = 3: one more.
    s = held(position([corps("g", "germany", "4,1")], step=Step.PARTISANS), "4,2", "5,2")
    partisan_step(s, Dice(2, 3))
    assert "pt-russia-t1-1" not in s["board"]["units"]
    s = held(position([corps("g", "germany", "4,1"), partisan("p0", "6,4")],
                      step=Step.PARTISANS), "4,2", "5,2", "6,4")
    partisan_step(s, Dice(2, 3, 1))
    # 4,2 lies in the corps' ZoC: 5,2 and 6,4 (beside the old partisan) are the places.
    assert s["board"]["units"]["pt-russia-t1-1"]["hex"] == "5,2"


def test_fa_13_1_1_garrison_value_face_up_outside_zoc_divisions_half():
    s = held(position([corps("g", "germany", "5,0"), division("d", "germany", "5,4"),
                       corps("f", "germany", "6,2", up=False), partisan("p", "4,4")],
                      step=Step.PARTISANS), "5,0", "5,4", "6,2")
    assert garrison_value(s, "russia", "russia") == Fraction(3, 2)
    s["board"]["units"]["r"] = corps("r", "russia", "6,0")   # its ZoC covers 5,0
    assert garrison_value(s, "russia", "russia") == Fraction(1, 2)


def test_fa_13_1_the_end_of_turn_opens_with_the_partisan_step():
    s = position([], step=Step.LAST_IMPULSE)
    s["flow"]["turn_ends"] = True
    assert after_last_impulse(s) == "partisans"


def test_fa_13_1_3_green_partisans_stack_only_with_their_own_countrys_units():
    own = partisan("p", "4,2")
    assert is_legal_stack(position([]), [own, corps("r", "russia", "4,2")])
    serb = partisan("q", "4,2", country="serbia")
    assert not is_legal_stack(position([]), [serb, corps("r", "russia", "4,2")])


def test_fa_13_1_3_partisans_never_leave_their_home_country():
    s = position([partisan("p", "3,2"), corps("r", "russia", "3,1")], step=Step.LAND_MOVE,
                 active_side="entente", width=7)
    assert not any(int(h.split(",")[0]) < 3 for h in destinations(s, ["p"]))
    assert any(int(h.split(",")[0]) < 3 for h in destinations(s, ["r"]))


def test_fa_13_1_3_partisans_do_not_take_control_of_the_hex_they_enter():
    s = held(position([partisan("p", "5,2")], step=Step.LAND_MOVE, active_side="entente"),
             "4,2")
    d = [x for x in decisions(RULESET, s) if x.kind == "land_move"][0]
    out = apply(RULESET, s, "russia", d.id, {"units": ["p"], "to": "4,2"}, seed=SEED).state
    assert out["board"]["units"]["p"]["hex"] == "4,2"
    assert out["board"]["control"]["4,2"] == "germany"


def test_fa_13_1_3_partisans_are_always_in_supply():
    # No Russian city on the map: the Russian corps is out of supply and may not attack;
    # the partisan beside it may.
    s = position([partisan("p", "3,2"), corps("r", "russia", "3,1"),
                  corps("g", "germany", "2,2")], step=Step.LAND_COMBAT, active_side="entente",
                 features={"0,2": ["city"]})
    items = attack_items(s, "russia")
    assert items and all(i["action"]["units"] == ["p"] for i in items)


def test_fa_13_1_3_the_enemy_cannot_use_a_factory_under_a_partisan():
    s = position([], features={"1,1": ["city", "factory"]})
    assert factories(s, "germany") == ["1,1"]
    s["board"]["units"]["p"] = partisan("p", "1,1", country="germany")
    assert factories(s, "germany") == []


def test_fa_13_1_3_a_partisan_suffering_a_retreat_is_destroyed_instead():
    # As the blitz test of 11.12: 7 against 1, dice 1 + 4 → row 18, Blitz */R.
    s = position([corps("g", "germany", "2,2", cf=6),
                  unit("c", "germany", "2,2", type="CAV", size="div", cf=1, ma=4),
                  partisan("p", "3,2")], step=Step.LAND_COMBAT, width=8,
                 features={"0,2": ["city"], "6,2": ["city"]})
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["c", "g"],
                                             "table": "blitz"}, Dice(1, 4), [])
    assert s["flow"]["combat"]["row"] == 18
    assert s["board"]["units"]["p"]["hex"] is None
    assert "p" in s["board"]["removed"]
    assert decisions(RULESET, s)[0].kind == "advance"


def test_fa_14_1_each_enemy_partisan_in_a_hex_you_control_costs_one_point_up_to_the_cap():
    # Three Russian partisans in German-controlled Germany with a capital: −3. A country with
    # no capital and no resource caps them at 0 (the chart's footnote 7).
    s = position([partisan(f"p{i}", f"{i},0", country="germany") for i in range(3)],
                 features={"0,4": ["city", "capital"]})
    assert partisan_points(s, "germany") == -3
    bare = position([partisan(f"p{i}", f"{i},0", country="germany") for i in range(3)])
    assert partisan_points(bare, "germany") == 0


def test_fa_14_1_worked_example_twelve_bp_on_the_home_front_and_three_partisans():
    # The rulebook's example from the real chain: -35 (losses) -2 (two home cities held by the
    # enemy) -3 (three partisans in hexes Germany controls) +24 (12 BP on the home front, 40%
    # of a production of 30) = -16.
    from .test_14_1_home_front_morale import buy_until_refused, germany
    for die, after in ((6, 10), (7, 11)):
        state = position([corps("ge-a", "germany", "0,0")]
                         + [partisan(f"p{i}", f"{i},4", country="germany") for i in range(3)],
                         step=Step.PRODUCTION,
                         features={"1,1": ["city"], "1,3": ["city"], "2,2": ["city"],
                                   "0,2": ["city", "capital"]})
        board = state["board"]
        board["control"].update({"1,1": "russia", "1,3": "russia"})
        board["attacked_this_turn"] = ["germany", "russia"]
        board["morale"]["germany"] = 12
        board["morale_points"] = {"germany": -35, "russia": 0}
        board["offmap_factories"]["germany"] = board["offmap_resources"]["germany"] = 30
        board["bonus_bp"]["germany"] = 3
        start_production(state, Dice())
        assert board["bp"]["germany"] == 30
        for _ in range(3):                       # the 10% of offensive points (FA 18)
            build(state, "germany", {"build": "op"}, Dice())
        assert buy_until_refused(state) == 12
        finish_production(state, Dice())
        event = germany(adjust_morale(state, Dice(die)))
        assert event.data["home_front"] == 24 and event.data["points"] == -16
        assert board["morale"]["germany"] == after


def test_fa_13_1_2_a_single_place_takes_the_partisan_without_a_die():
    s = held(position([], step=Step.PARTISANS), "5,2")
    partisan_step(s, Dice(2, 3))       # the table and the country; no die for the place
    assert s["board"]["units"]["pt-russia-t1-1"]["hex"] == "5,2"
