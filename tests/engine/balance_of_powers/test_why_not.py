"""Why not? A march the rules refuse, explained in a player's words (issue #18): one test per
reason code of `whynot.why_not`, each on a small map where that rule and no other bites; and
the index of what each open decision concerns (unit-first orders) against the options the
decisions really offer."""

from __future__ import annotations

import pytest

from engine.kernel import Decision, IllegalAction
from engine.rulesets.balance_of_powers.decisions import FORCE_SCHEMA
from engine.rulesets.balance_of_powers.ruleset import RULESET

from .helpers import grid, hx, position

GER = {f"{c:02d}{r:02d}": "germany" for c in range(7, 13) for r in range(1, 9)}
BEL = {"0601": "belgium", "0602": "belgium"}
TH = grid(12, 8, name="t-whynot", country={**GER, **BEL},
          terrain={"0304": "forest", "0305": "marsh", "0205": "mountain"},
          sea=["0101", "0201"],
          places={"paris": {"at": "0106", "capital": True},
                  "berlin": {"at": "1206", "capital": True}})


def why(state, seat, units, to, part=None):
    """The refusal of a march of `units` to label `to` (a location id when it has no label),
    said as `why_not` says it."""
    decision = Decision(id="t-march", seats=(seat,), kind="march", rule="BoP 9.1",
                        prompt="March", schema=FORCE_SCHEMA,
                        data={"part": part} if part else {})
    action = {"units": units, "to": hx(TH, to) if to.isdigit() else to}
    with pytest.raises(IllegalAction) as refused:
        RULESET.validate(state, seat, decision, action)
    assert refused.value.code == "unreachable"
    return RULESET.why_not(state, seat, decision, action, refused.value)


def test_bop_6_11_why_not_a_closed_neutral():
    state = position(TH, {"fra-inf-1": "0502"}, side="entente")
    answer = why(state, "france", ["fra-inf-1"], "0602")
    assert (answer.rule, answer.code) == ("BoP 6.11", "neutral_closed")
    assert "Belgium" in answer.message and "neutral" in answer.message


def test_bop_9_14_why_not_an_enemy_held_location():
    state = position(TH, {"fra-inf-1": "0603", "ger-inf-1": "0703"}, side="entente")
    answer = why(state, "france", ["fra-inf-1"], "0703")
    assert (answer.rule, answer.code) == ("BoP 9.14", "enemy_occupied")
    assert "attack it instead" in answer.message


def test_bop_2_62_why_not_an_overstacked_location():
    full = {f"fra-inf-{n}": "0402" for n in range(2, 8)}
    state = position(TH, {"fra-inf-1": "0302", **full}, side="entente")
    answer = why(state, "france", ["fra-inf-1"], "0402")
    assert (answer.rule, answer.code) == ("BoP 2.62", "overstacked")
    assert "7 corps" in answer.message and "limit of 6" in answer.message


def test_bop_9_63_why_not_a_trench_battle_location():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    state["flow"]["trench"] = [hx(TH, "0402")]
    answer = why(state, "france", ["fra-inf-1"], "0402")
    assert (answer.rule, answer.code) == ("BoP 9.63", "trench_battle")


def test_bop_12_1_why_not_british_and_french_together():
    state = position(TH, {"bri-inf-1": "0302", "fra-inf-2": "0402"}, side="entente",
                     sides={"britain": "entente"})
    answer = why(state, "britain", ["bri-inf-1"], "0402")
    assert (answer.rule, answer.code) == ("BoP 12.1", "stacking_conflict")


def test_bop_9_13_why_not_further_than_the_force_can_march():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    answer = why(state, "france", ["fra-inf-1"], "0902")
    assert (answer.rule, answer.code) == ("BoP 9.13", "too_far")
    assert "more than 3 MP away" in answer.message


def test_bop_9_1_why_not_every_way_blocked_names_the_blockers():
    # 0503 is two hexes from the force, but every location around it is held by the enemy
    target = hx(TH, "0503")
    ring = sorted(TH.adj[target])
    enemies = {f"ger-inf-{n}": TH.label[loc] for n, loc in enumerate(ring, start=1)}
    state = position(TH, {"fra-inf-1": "0303", **enemies}, side="entente")
    answer = why(state, "france", ["fra-inf-1"], "0503")
    assert (answer.rule, answer.code) == ("BoP 9.14", "path_blocked")
    assert answer.message.startswith("Every way to 0503 within 3 MP is blocked: enemy units hold")
    assert set(answer.data["blocked"]) <= set(ring)


def test_bop_12_1_why_not_a_corps_not_yet_mobilised():
    state = position(TH, {"rus-inf-1": "0302"}, side="entente", fortnight=1)
    answer = why(state, "russia", ["rus-inf-1"], "0402")
    assert (answer.rule, answer.code) == ("BoP 12.1", "not_mobilised")


def test_bop_9_0_why_not_a_force_without_mp():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    state["flow"]["moves"]["fra-inf-1"] = {"mp": 0, "rail": 0}
    answer = why(state, "france", ["fra-inf-1"], "0402")
    assert (answer.rule, answer.code) == ("BoP 9.0", "no_mp")


def test_bop_9_1_why_not_water_nowhere_or_where_it_stands():
    state = position(TH, {"fra-inf-1": "0202"}, side="entente")
    assert why(state, "france", ["fra-inf-1"], "0201").code == "water"
    assert why(state, "france", ["fra-inf-1"], "99,99").code == "not_a_location"
    assert why(state, "france", ["fra-inf-1"], "0202").code == "already_there"


def test_bop_6_451_why_not_the_landing_for_the_central_powers():
    state = position(TH, {"ger-inf-1": "0202"}, side="central")
    state["board"]["landing"] = {"at": hx(TH, "0201"), "to": hx(TH, "0202")}
    answer = why(state, "germany", ["ger-inf-1"], "0201")
    assert (answer.rule, answer.code) == ("BoP 6.451", "no_sea_power")


def test_bop_9_1_why_not_leaves_other_refusals_alone():
    state = position(TH, {"fra-inf-1": "0302"}, side="entente")
    decision = Decision(id="t-rail", seats=("france",), kind="rail", rule="BoP 9.2",
                        prompt="Rail", schema=FORCE_SCHEMA, data={})
    refusal = IllegalAction("BoP 9.22", "unreachable", {}, "no")
    assert RULESET.why_not(state, "france", decision, {}, refusal) is refusal
