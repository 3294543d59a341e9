"""Unit-first orders on the real August 1914 (issue #18): the index of what each open decision
concerns never hides an order the decision offers; "why not?" answers a click on the map
through the kernel; and probing every location of the map during the secret set-up teaches a
seat nothing about the sealed placements of the others."""

from __future__ import annotations

from engine import kernel
from engine.kernel.canonical import canonical_json
from engine.kernel.inquiry import WITHHELD_CODE, explain
from engine.kernel.selfplay import Chooser
from engine.rulesets.balance_of_powers.ruleset import RULESET, SCENARIO
from engine.rulesets.balance_of_powers.theatre import theatre

from .test_12_scenario import SEATS, SEED, TH, run, set_up, start


def _units_of(action):
    found = []
    for key in ("unit", "units", "loss", "leader", "reserve", "point", "destroy"):
        value = action.get(key)
        found += value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return found


def test_bop_12_1_every_offered_order_is_indexed_by_its_units_and_places():
    """Sixty steps of a random game: every unit an offered order moves is in its decision's
    `concerns`, every attack's target in its places; the index is in the holder's view only."""
    state = set_up(start())
    chooser = Chooser(7, 0)
    checked = 0
    kinds = set()
    for _ in range(60):
        if kernel.result(RULESET, state) is not None:
            break
        open_now = kernel.decisions(RULESET, state)
        for decision in open_now:
            seat = decision.seats[0]
            kinds.add(decision.kind)
            about = RULESET.concerns(state, seat, decision)
            items = kernel.expand_options(RULESET, state, seat, decision.id, None)
            for item in items:
                action = item["action"]
                # counters on the map (a unit to muster or place is not on it yet)
                on_map = set(_units_of(action)) & set(state["board"]["units"])
                assert on_map <= set(about.get("units", [])), (decision.id, action, about)
                if decision.kind == "combat":
                    assert action["target"] in about["places"]
                checked += 1
            entry = kernel.view_entry(kernel.view(RULESET, state, f"seat:{seat}"), decision.id)
            assert entry is not None and entry.get("concerns", {}) == about
            assert "concerns" not in kernel.view_entry(kernel.view(RULESET, state, "public"),
                                                       decision.id)
        decision = open_now[chooser.index(len(open_now))]
        seat = decision.seats[0]
        items = kernel.expand_options(RULESET, state, seat, decision.id, None)
        action = items[chooser.index(len(items))]["action"]
        state = kernel.apply(RULESET, state, seat, decision.id, action, seed=SEED).state
    assert checked > 100
    assert {"march", "rail", "combat", "stop", "entrench"} <= kinds, kinds


def test_bop_6_11_why_not_aachen_into_belgium_before_the_violation():
    """The review's first refusal: the Aachen stack may not march into neutral Belgium or the
    Netherlands, nor into a full Cologne-side location; each click says which rule bites."""
    state = set_up(start())
    state = run(state, lambda s: s["flow"]["step"] == "half" and s["flow"]["side"] == "central")
    aachen = TH.place_loc["aachen"]
    stack = sorted(u for u, v in state["board"]["units"].items() if v["at"] == aachen)
    march = next(d for d in kernel.decisions(RULESET, state)
                 if d.seats == ("germany",) and d.kind == "march" and d.data["part"] == "whole")
    liege = TH.place_loc["liege"]
    answer = explain(RULESET, state, "germany", march.id, {"units": stack, "to": liege},
                     "side:central")
    assert answer["legal"] is False
    assert (answer["rule"], answer["code"]) == ("BoP 6.11", "neutral_closed")
    assert answer["message"].startswith("Liège (1119) is in Belgium")
    assert "concerns" in kernel.view(RULESET, state, "side:central")["decisions"][march.id]
    assert set(stack) <= set(RULESET.concerns(state, "germany", march)["units"])


def test_bop_12_1_why_not_probes_every_location_of_the_secret_setup_and_learns_nothing():
    """France has sealed its placement. Germany asks why each location of the map would be a
    wrong place for one of its corps: the answers are the same whichever placement France
    sealed, no answer is withheld (none depends on France's), and none names a French unit."""
    answers = []
    for variant in (0, 1):
        state, _ = kernel.new_game(RULESET, SCENARIO, {"secret_setup": True}, SEATS, SEED,
                                   "probe")
        france = next(d for d in kernel.decisions(RULESET, state) if d.seats == ("france",))
        offered = kernel.expand_options(RULESET, state, "france", france.id, None)
        state = kernel.apply(RULESET, state, "france", france.id, offered[variant]["action"],
                             seed=SEED).state
        germany = next(d for d in kernel.decisions(RULESET, state) if d.seats == ("germany",))
        placement = kernel.expand_options(RULESET, state, "germany", germany.id,
                                          None)[0]["action"]["placement"]
        assert "concerns" not in kernel.view(RULESET, state, "seat:germany")["decisions"][
            germany.id]
        corps = sorted(placement)[0]
        said = []
        for loc in sorted(theatre(state["board"]["map"]).terrain):
            said.append(explain(RULESET, state, "germany", germany.id,
                                {"placement": {**placement, corps: loc}}, "seat:germany"))
        answers.append(said)
    assert canonical_json(answers[0]) == canonical_json(answers[1])
    assert not any(a.get("code") == WITHHELD_CODE for a in answers[0])
    assert any(a["legal"] for a in answers[0]) and any(not a["legal"] for a in answers[0])
    assert "fra-" not in canonical_json(answers[0])


def test_bop_12_1_view_states_the_victory_conditions_and_the_august_plans():
    """The numbers a player plans with are in the view (issue #18), from the rules' own
    functions: bargaining chips held and needed, the capitals, the Schlieffen Plan and Plan
    XVII while August lasts — and no longer after it."""
    from engine.rulesets.balance_of_powers.victory import victory
    state = set_up(start())
    shown = kernel.view(RULESET, state, "public")["victory"]
    judged = victory(state, TH)
    assert shown["bargaining_chips"] == judged["bargaining_chips"]
    assert shown["bargaining_chips_to_win"] == {"central": 14, "entente": 7}
    assert (shown["berlin"], shown["paris"]) == ("central", "entente")
    assert shown["schlieffen"] == {"liege": False, "corps": 0, "corps_needed": 9,
                                   "checked_after": "1914-08"}
    assert shown["plan_xvii"]["corps_needed"] == 4 and shown["plan_xvii"]["hexes_needed"] == 2
    state["plans"]["schlieffen"]["liege"] = True
    state["plans"]["schlieffen"]["corps"] = ["ger-inf-1", "ger-inf-2"]
    assert kernel.view(RULESET, state, "public")["victory"]["schlieffen"]["corps"] == 2
    state["flow"]["month"] = "1914-09"
    later = kernel.view(RULESET, state, "public")["victory"]
    assert "schlieffen" not in later and "plan_xvii" not in later
