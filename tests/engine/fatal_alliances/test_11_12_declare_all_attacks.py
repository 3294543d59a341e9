"""FA 11.12 — the land combat sequence as printed: every attack is declared before any is
resolved (step 1), the HQ support of every declared hex is announced next, the active side's
then the inactive side's (steps 5 and 6), and the combats are resolved one by one in the order
the attacker chooses (step 8). Two checks the printed sequence makes possible: a defending HQ
whose own hex is also attacked gives no support (11.12.3), and a retreating unit that ends in a
hex still to be attacked keeps retreating (11.12.5.5)."""

from engine.kernel import apply, decisions
from engine.rulesets.fatal_alliances import RULESET
from engine.rulesets.fatal_alliances.resolution import _retreat_one
from engine.rulesets.fatal_alliances.sequence import Step
from engine.rulesets.fatal_alliances.steps import settle

from .positions import Dice, corps, declare_all, hq, position, reply

SEED = bytes(range(32))
CITY = {"0,2": ["city"], "6,2": ["city"]}


def two_fronts(*extra):
    """German corps at 2,2 and 3,1 face Russian corps at 3,2 and 4,1 (g1 is next to 3,2 only,
    g2 to both)."""
    s = position([corps("g1", "germany", "2,2"), corps("g2", "germany", "3,1"),
                  corps("r1", "russia", "3,2"), corps("r2", "russia", "4,1"), *extra],
                 step=Step.LAND_COMBAT, features=CITY, width=8)
    settle(s)
    return s


def only(state, kind=None):
    open_now = decisions(RULESET, state)
    assert len(open_now) == 1, [d.kind for d in open_now]
    assert kind is None or open_now[0].kind == kind, open_now[0].kind
    return open_now[0]


def play(state, action, kind=None):
    d = only(state, kind)
    out = apply(RULESET, state, d.seats[0], d.id, action, seed=SEED)
    return out.state, [e.kind for e in out.events], out.events


def test_fa_11_12_1_no_attack_resolves_before_every_attack_is_declared():
    """FA 11.12 step 1: "declare all attacks (before any are resolved)". Declaring the first
    attack resolves nothing and leaves the declaring power its next declaration."""
    s = two_fronts()
    s, kinds, _ = play(s, {"target": "3,2", "units": ["g1"], "table": "assault"}, "land_attack")
    assert "combat_resolved" not in kinds and s["flow"]["combat"] is None
    assert [c["target"] for c in s["flow"]["declared"]] == ["3,2"]
    # The declared target and attacker are spent for further declarations.
    d = only(s, "land_attack")
    offered = [i["action"] for i in RULESET.options(s, "germany", d, None)]
    assert all(a.get("target") != "3,2" for a in offered)
    assert all("g1" not in a.get("units", []) for a in offered)
    s, kinds, _ = play(s, {"target": "4,1", "units": ["g2"], "table": "assault"}, "land_attack")
    assert "combat_resolved" not in kinds
    assert [c["target"] for c in s["flow"]["declared"]] == ["3,2", "4,1"]


def test_fa_11_12_8_the_attacker_chooses_the_order_of_resolution():
    """FA 11.12 step 8: "resolved one by one (attacker choosing the order of resolution)".
    After done, Germany is asked which declared combat comes first; choosing the one declared
    second resolves it first, and the other follows."""
    s = two_fronts()
    s, _, _ = play(s, {"target": "3,2", "units": ["g1"], "table": "assault"}, "land_attack")
    s, _, _ = play(s, {"target": "4,1", "units": ["g2"], "table": "assault"}, "land_attack")
    s, kinds, events = play(s, {"done": True}, "land_attack")
    assert "attacks_declared" in kinds and "combat_resolved" not in kinds
    d = only(s, "combat_order")
    assert d.seats == ("germany",) and d.rule == "FA 11.12"
    assert list(d.options) == [{"target": "3,2"}, {"target": "4,1"}]
    s, kinds, events = play(s, {"target": "4,1"}, "combat_order")
    first = next(e for e in events if e.kind == "combat_resolved")
    assert first.data["target"] == "4,1"
    for _ in range(20):                      # finish the step with each first answer
        open_now = decisions(RULESET, s)
        if not open_now or open_now[0].kind not in (
                "combat_order", "hq_support", "combat_losses", "shatter_or_retreat", "retreat",
                "advance", "choose_table", "sit_out"):
            break
        d = open_now[0]
        out = apply(RULESET, s, d.seats[0], d.id, d.options[0], seed=SEED)
        s = out.state
        events += list(out.events)
    resolved = [e.data["target"] for e in events if e.kind == "combat_resolved"]
    assert resolved == ["4,1", "3,2"]


def test_fa_11_12_3_support_is_announced_for_every_hex_before_any_combat():
    """FA 11.12.3: "After all land attacks are declared, the active side may allocate … Then
    the inactive side": the German HQ's support for each hex, then the Russian, before a die
    is rolled."""
    s = two_fronts(hq("gh", "germany", "2,2", reorg=2), hq("rh", "russia", "3,2", reorg=1))
    events = []
    declare_all(s, "germany", [{"target": "3,2", "units": ["g1", "gh"], "table": "assault"},
                               {"target": "4,1", "units": ["g2"], "table": "assault"}],
                Dice(), events)
    d = only(s, "hq_support")
    assert d.seats == ("germany",) and d.data["target"] == "3,2"
    reply(s, "germany", {"hq": "gh"}, Dice(), events)
    d = only(s, "hq_support")
    assert d.seats == ("russia",) and d.data["target"] == "3,2"
    reply(s, "russia", {"hq": "rh"}, Dice(), events)
    assert not any(e.kind == "combat_resolved" for e in events)
    assert only(s, "combat_order").options == ({"target": "3,2"}, {"target": "4,1"})


def test_fa_11_12_3_a_defending_hq_whose_own_hex_is_also_attacked_gives_no_support():
    """FA 11.12.3: the inactive side's HQ may not support "if its own hex is also being
    attacked". The Russian HQ at 4,1 is next to 3,2, but 4,1 is attacked too: it may support
    only its own hex, never 3,2 — whichever combat is declared or resolved first."""
    s = two_fronts(hq("rh", "russia", "4,1", reorg=2))
    declare_all(s, "germany", [{"target": "3,2", "units": ["g1"], "table": "assault"},
                               {"target": "4,1", "units": ["g2"], "table": "assault"}],
                Dice(), [])
    d = only(s, "hq_support")
    assert (d.seats, d.data["target"]) == (("russia",), "4,1")
    assert list(d.options) == [{"hq": "rh"}, {"hq": None}]
    reply(s, "russia", {"hq": None}, Dice(), [])
    only(s, "combat_order")          # no support question for 3,2 at all


def test_fa_11_12_3_a_defending_hq_supports_one_declared_hex_only():
    """Ruling (docs): an HQ committed to one declared hex is not offered for another (it is
    turned face-down after that combat, 11.12.3)."""
    s = two_fronts(hq("rh", "russia", "4,2", reorg=2))
    declare_all(s, "germany", [{"target": "3,2", "units": ["g1"], "table": "assault"},
                               {"target": "4,1", "units": ["g2"], "table": "assault"}],
                Dice(), [])
    d = only(s, "hq_support")
    assert d.data["target"] == "3,2" and {"hq": "rh"} in d.options
    reply(s, "russia", {"hq": "rh"}, Dice(), [])
    only(s, "combat_order")          # 4,2 is next to 4,1 too, but rh is committed


def test_fa_11_12_5_5_a_unit_ending_its_retreat_in_a_hex_still_to_be_attacked_retreats_on():
    """FA 11.12.5.5: a unit that ends "in a hex which is still to be attacked" continues
    retreating. r1 retreats into 4,1, the target of a declared attack not yet resolved: it
    stays first in the retreat queue and may go back to neither hex."""
    s = two_fronts()
    declare_all(s, "germany", [{"target": "3,2", "units": ["g1"], "table": "assault"},
                               {"target": "4,1", "units": ["g2"], "table": "assault"}],
                Dice(), [])
    c = {"number": 1, "declarer": "germany", "target": "3,2", "retreat_queue": ["r1"],
         "avoid": ["3,2"], "phase": "retreat_next"}
    s["flow"]["declared"] = [x for x in s["flow"]["declared"] if x["target"] == "4,1"]
    s["flow"]["combat"] = c
    _retreat_one(s, c, "r1", "4,1", [])
    assert c["retreat_queue"] == ["r1"] and {"3,2", "4,1"} <= set(c["avoid"])
    # With no attack left on 4,1 the same retreat ends there.
    s["flow"]["declared"] = []
    s["board"]["units"]["r1"]["hex"] = "3,2"
    c.update(retreat_queue=["r1"], avoid=["3,2"])
    _retreat_one(s, c, "r1", "4,1", [])
    assert c["retreat_queue"] == []
