"""Home country is not possessions: Cairo, Algiers and the other possessions are no home cities
for supply (2.4.2), arrivals (4.2), bonus BP (13.5.3.1) or the +0.1 multiple (13.5.3: "only
UK for CW" on the seed-000 chart)."""

from __future__ import annotations

from engine.rulesets.fatal_alliances.production import multiple_tenths
from engine.rulesets.fatal_alliances.reinforcement import place_arrivals
from engine.rulesets.fatal_alliances.resolution import destroy_unit

from .positions import Dice, corps, position

# Germany's grid: columns 0..2; column 0 is its possession (country germany, no home mark).
POSSESSION = [f"0,{r}" for r in range(5)]


def test_fa_13_5_3_an_enemy_in_a_possession_does_not_raise_the_multiple():
    feats = {"1,2": ["city"], "4,2": ["city"]}
    base = position([], features=feats, possessions=POSSESSION)
    plain = multiple_tenths(base, "germany")
    in_home = position([corps("ru", "russia", "1,3")], features=feats,
                       possessions=POSSESSION)
    assert multiple_tenths(in_home, "germany") == plain + 1     # a supplied enemy at home
    in_possession = position([corps("ru", "russia", "0,3")], features=feats,
                             possessions=POSSESSION)
    assert multiple_tenths(in_possession, "germany") == plain


def test_fa_13_5_3_1_no_bonus_bp_for_a_corps_destroyed_in_a_possession():
    feats = {"0,2": ["city"], "1,2": ["city"]}
    s = position([corps("a", "germany", "1,1"), corps("b", "germany", "0,1")], features=feats,
                 possessions=POSSESSION)
    destroy_unit(s, s["board"]["units"]["b"], [], "combat")
    assert s["board"]["bonus_bp"]["germany"] == 0
    destroy_unit(s, s["board"]["units"]["a"], [], "combat")
    assert s["board"]["bonus_bp"]["germany"] == 1


def test_fa_4_2_arrivals_go_to_home_cities_not_to_possessions():
    units = [corps("n1", "germany", None)]
    s = position(units, features={"0,2": ["city"], "2,2": ["city"]}, possessions=POSSESSION)
    s["board"]["production_circle"] = [{"unit": "n1", "turn": 1}]
    events = place_arrivals(s, Dice())
    assert [e.data["hex"] for e in events if e.kind == "reinforcement"] == ["2,2"]
