"""FA 14.1 — a minor's units destroyed in combat cost the major controlling them; every major
power with units in an attack has made a land attack; British land units (by nation) +1."""

from __future__ import annotations

from engine.rulesets.fatal_alliances.morale import adjust_morale, unit_loss_points
from engine.rulesets.fatal_alliances.resolution import destroy_unit

from .positions import Dice, corps, position


def test_fa_14_1_a_minors_units_destroyed_in_combat_cost_its_major_morale():
    s = position([corps("sr", "serbia", "4,2", cf=3)])
    s["board"]["aligned"]["serbia"] = "russia"
    s["board"]["attacked_this_turn"] = ["germany", "russia"]
    destroy_unit(s, s["board"]["units"]["sr"], [], "combat")
    assert s["board"]["morale_points"]["russia"] == -4        # an INF corps: its 4 BP
    russia = [e for e in adjust_morale(s, Dice(1)) if e.data["power"] == "russia"][0]
    assert russia.data["points"] == -4 and s["board"]["morale"]["russia"] == 12


def test_fa_14_1_british_land_units_cost_one_more_by_nation_not_by_power():
    british = corps("b", "britain", None)
    indian = corps("i", "britain", None, nation="india")
    assert unit_loss_points(british) == unit_loss_points(indian) + 1


def test_fa_14_1_every_major_in_a_joint_attack_has_made_a_land_attack():
    """FA 11.12: "each of those major powers has made a land attack" — the co-attacking
    Austro-Hungarians escape the −4 for making no attack, as the declaring Germans do."""
    from engine.rulesets.fatal_alliances.sequence import Step

    from .positions import declare_with_best_support
    s = position([corps("g", "germany", "2,2"), corps("a", "austria_hungary", "2,3",
                                                      nation="austria"),
                  corps("r", "russia", "3,2", cf=1)], step=Step.LAND_COMBAT,
                 features={"0,2": ["city"], "6,2": ["city"]},
                 actions={"germany": "land", "austria_hungary": "land", "russia": "land"})
    s["board"]["sides"]["austria_hungary"] = "central"
    s["board"]["active"] = sorted(s["board"]["active"] + ["austria_hungary"])
    s["board"]["wars"] = sorted(s["board"]["wars"] + ["austria_hungary|russia"])
    s["flow"]["used"]["austria_hungary"] = {}
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["a", "g"], "table": "assault"},
            Dice(1, 1, 2, 1), [])     # the loss dispute (FA 2.7): 2 against 1
    assert s["board"]["attacked_this_turn"] == ["austria_hungary", "germany"]


def _joint_attack(dice):
    """German and Austro-Hungarian corps (3 each) against a Russian 6: 1:1 (+2), no observer
    −1, two co-operating powers −1 → 0; 5 + 5 = row 10 of the Assault table, 1/–."""
    from engine.rulesets.fatal_alliances.sequence import Step

    from .positions import declare_with_best_support
    s = position([corps("g", "germany", "2,2"), corps("a", "austria_hungary", "2,3",
                                                      nation="austria"),
                  corps("r", "russia", "3,2", cf=6)], step=Step.LAND_COMBAT,
                 features={"0,2": ["city"], "6,2": ["city"]},
                 actions={"germany": "land", "austria_hungary": "land", "russia": "land"})
    s["board"]["sides"]["austria_hungary"] = "central"
    s["board"]["active"] = sorted(s["board"]["active"] + ["austria_hungary"])
    s["board"]["wars"] = sorted(s["board"]["wars"] + ["austria_hungary|russia"])
    s["flow"]["used"]["austria_hungary"] = {}
    events = []
    declare_with_best_support(s, "germany", {"target": "3,2", "units": ["a", "g"],
                                             "table": "assault"}, Dice(*dice), events)
    return s, events


def test_fa_11_12_5_4_in_a_joint_attack_the_owners_roll_and_the_highest_chooses_the_loss():
    """FA 11.12.5.4 "the owner destroys"; FA 2.7: owners on one side who could each take
    the loss roll a die, highest roll's choice — here Austria-Hungary (7 against 3), not the
    declaring Germans."""
    from engine.kernel import decisions
    from engine.rulesets.fatal_alliances import RULESET
    s, events = _joint_attack([5, 5, 7, 3])
    combat = s["flow"]["combat"]
    assert combat["row"] == 10 and combat["phase"] == "losses_attacker"
    (d,) = decisions(RULESET, s)
    assert d.kind == "combat_losses" and d.seats == ("austria_hungary",)
    dispute = next(e for e in events if e.kind == "loss_dispute")
    assert dispute.rule == "FA 2.7"
    assert dispute.data["rolls"] == {"austria_hungary": 7, "germany": 3}


def test_fa_2_7_a_tied_loss_dispute_rolls_again():
    from engine.kernel import decisions
    from engine.rulesets.fatal_alliances import RULESET
    s, events = _joint_attack([5, 5, 4, 4, 2, 9])
    (d,) = decisions(RULESET, s)
    assert d.seats == ("germany",)
    assert [e.data["rolls"] for e in events if e.kind == "loss_dispute"] == [
        {"austria_hungary": 4, "germany": 4}, {"austria_hungary": 2, "germany": 9}]
