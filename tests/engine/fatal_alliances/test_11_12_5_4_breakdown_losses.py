"""FA 11.12.5.4 / 21.2 — a loss met partly by breaking a corps into a division from the pool.

Found by the bot arena (East Prussia, Russia at level 2, match_seed(2, 0), game "procs"): the
German defender chose to destroy a reserve division and break a corps; the division drawn from
the pool was the one just destroyed, so the combat listed it twice and the shatter that
followed put it on the production circle and then tried to retreat it from nowhere (KeyError:
hex None in combat.retreat_options).
"""

from engine.rulesets.fatal_alliances.resolution import answer
from engine.rulesets.fatal_alliances.sequence import Step

from .positions import Dice, corps, declare_all, division, position

CITY = {"0,2": ["city"], "6,2": ["city"]}


def russian_attack(*defenders, pool=("gp",), morale=None):
    """A Russian corps of 12 against the German hex 2,2; `pool` German INF divisions wait in
    the force pool."""
    units = [corps("rc", "russia", "3,2", cf=12), *defenders,
             *(division(p, "germany", None) for p in pool)]
    s = position(units, step=Step.LAND_COMBAT, active_side="entente", width=8, features=CITY)
    s["board"]["pool"]["germany"] = sorted(pool)
    if morale is not None:
        s["board"]["morale"]["germany"] = morale
    return s


def test_fa_11_12_5_4_a_division_destroyed_for_the_loss_is_not_drawn_back_by_the_breakdown():
    """FA 11.12.5.4 / 21.2: one result's losses are met together. Destroying division gd (½)
    and breaking corps gc (½) meets a 1-unit loss; the division gc breaks into comes from the
    pool as it stood before the losses (only gp), never gd itself."""
    s = russian_attack(corps("gc", "germany", "2,2"), division("gd", "germany", "2,2"))
    # 12 against 4 is 3:1 (+6), no observer −1: 9 + 9 + 5 = row 23 of the Assault table, */1S.
    declare_all(s, "russia", [{"target": "2,2", "units": ["rc"], "table": "assault"}], Dice(9, 9), [])
    combat = s["flow"]["combat"]
    assert combat["row"] == 23 and combat["phase"] == "losses_defender"
    choice = {"destroy": ["gd"], "break": "gc", "keep": "INF"}
    assert choice in combat["loss_options"]
    # Before the fix the draw was a d2 among gd and gp; a 1 brought gd straight back.
    answer(s, "germany", choice, Dice(1), [])
    units = s["board"]["units"]
    assert units["gp"]["hex"] == "2,2" and units["gd"]["hex"] is None
    assert "gd" in s["board"]["pool"]["germany"] and "gc" in s["board"]["pool"]["germany"]
    combat = s["flow"]["combat"]
    assert combat["phase"] == "shatter"
    assert sorted(combat["defenders"]) == ["gd", "gp"]      # gd listed once (it is gone)


def test_fa_11_12_5_6_shatter_after_a_breakdown_loss_puts_each_survivor_on_the_circle_once():
    """FA 11.12.5.6: after that loss the attacker takes the S as a shatter; the one survivor
    (the drawn division) goes to the production circle, and the combat ends."""
    s = russian_attack(corps("gc", "germany", "2,2"), division("gd", "germany", "2,2"))
    declare_all(s, "russia", [{"target": "2,2", "units": ["rc"], "table": "assault"}], Dice(9, 9), [])
    answer(s, "germany", {"destroy": ["gd"], "break": "gc", "keep": "INF"}, Dice(1), [])
    answer(s, "russia", {"treat_as": "shatter"}, Dice(), [])
    circle = [e["unit"] for e in s["board"]["production_circle"]]
    assert circle == ["gp"]
    assert s["board"]["units"]["gd"]["hex"] is None
    combat = s["flow"]["combat"]
    assert combat is None or combat["phase"] == "advance"


def test_fa_11_12_5_5_a_surrendered_division_drawn_by_a_later_breakdown_retreats_once():
    """FA 14.2 surrender, then FA 11.12.5.4 / 21.2: a division that surrendered in this combat
    is back in the pool and may be drawn when the corps breaks for the loss; it is then one
    defender, retreated once (it was listed twice and retreated twice)."""
    s = russian_attack(corps("gc", "germany", "2,2"), division("gd", "germany", "2,2"),
                       morale=5)
    # Surrender d10s (gc 2: stays; gd 1: surrenders), then 12 against 3 is 4:1 (+8) −1 = +7:
    # 6 + 7 + 7 = row 20 of the Blitz table, */0.5R.
    declare_all(s, "russia", [{"target": "2,2", "units": ["rc"], "table": "blitz"}],
            Dice(2, 1, 6, 7), [])
    assert s["board"]["units"]["gd"]["hex"] is None
    combat = s["flow"]["combat"]
    assert combat["row"] == 20 and combat["phase"] == "losses_defender"
    answer(s, "germany", {"destroy": [], "break": "gc", "keep": "INF"}, Dice(1), [])
    assert s["board"]["units"]["gd"]["hex"] == "2,2"         # drawn back: the pool's first
    combat = s["flow"]["combat"]
    assert combat["defenders"] == ["gd"] and combat["retreat_queue"] == ["gd"]
    events = []
    answer(s, "russia", {"unit": "gd", "to": combat["retreat_options"][0]}, Dice(), events)
    assert [e.data["unit"] for e in events if e.kind == "retreated"] == ["gd"]
    assert s["flow"]["combat"] is None or s["flow"]["combat"]["phase"] != "retreat"
