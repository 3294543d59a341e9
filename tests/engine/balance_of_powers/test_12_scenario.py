"""BoP 12.1 "Before the Leaves Fall": set-up constraints, secret set-up, plans, mobilisation,
sequence of play and victory — played through the kernel on the scenario map."""

from __future__ import annotations

import pytest

from engine.kernel import (
    IllegalAction,
    MalformedAction,
    apply,
    decisions,
    expand_options,
    new_game,
    view,
)
from engine.kernel.leaks import find_leaks
from engine.rulesets.balance_of_powers import setup
from engine.rulesets.balance_of_powers.forces import UNITS
from engine.rulesets.balance_of_powers.ruleset import RULESET, SCENARIO
from engine.rulesets.balance_of_powers.theatre import theatre
from engine.rulesets.balance_of_powers.victory import victory

SEATS = ["austria_hungary", "britain", "france", "germany", "russia"]
SEED = b"s" * 32
TH = theatre("bop-north-europe")


def start(options=None):
    state, _ = new_game(RULESET, SCENARIO, options or {}, SEATS, SEED, "t12")
    return state


def act(state, decision, action):
    return apply(RULESET, state, decision.seats[0], decision.id, action, seed=SEED).state


def passive(state, decision):
    """Answer without doing anything (done, none, first option)."""
    if decision.options is not None:
        for quiet in ({"done": True}, {"violate": None}, {"buy": None}, {"reserve": None},
                      {"reroll": False}, {"destroy": None}, {"pay": True}):
            if quiet in decision.options:
                return quiet
        return decision.options[0]
    return expand_options(RULESET, state, decision.seats[0], decision.id, None)[0]["action"]


def run(state, until, limit=400):
    for _ in range(limit):
        if until(state):
            return state
        open_now = decisions(RULESET, state)
        assert open_now, "dead end"
        quiet = [d for d in open_now if d.kind not in ("march", "rail", "combat", "entrench",
                                                       "sea_move")]
        decision = quiet[0]
        state = act(state, decision, passive(state, decision))
    raise AssertionError("did not get there")


def set_up(state):
    return run(state, lambda s: s["flow"]["step"] not in ("setup", "secret_setup"))


# --- set-up ---------------------------------------------------------------------------------

def test_bop_12_1_setup_entente_first_then_central():
    state = start()
    assert sorted(d.seats[0] for d in decisions(RULESET, state)) == ["france", "russia"]
    for d in decisions(RULESET, state):
        state = act(state, d, passive(state, d))
    assert sorted(d.seats[0] for d in decisions(RULESET, state)) == ["austria_hungary",
                                                                     "germany"]


@pytest.mark.parametrize("nation", setup.SETUP_NATIONS)
@pytest.mark.parametrize("secret", [False, True])
def test_bop_12_1_offered_deployments_are_legal(nation, secret):
    found = setup.deployments(TH, nation, secret=secret)
    assert found
    for placement in found:
        assert setup.setup_problems(TH, nation, placement, secret=secret) == []


def _codes(nation, placement, secret=False):
    return {p["code"] for p in setup.setup_problems(TH, nation, placement, secret=secret)}


def test_bop_12_1_french_alpine_and_19th_in_dijon():
    placement = setup.deployment(TH, "france", 0, secret=False)
    placement["fra-mou-alpine"] = setup.french_zone(TH)[0]
    assert "must_be_in_dijon" in _codes("france", placement)


def test_bop_12_1_french_border_hexes_need_two_corps():
    placement = setup.deployment(TH, "france", 0, secret=False)
    border = setup.french_border_hexes(TH)[0]
    movers = [u for u, loc in placement.items() if loc == border]
    for uid in movers:
        placement[uid] = TH.place_loc["dijon"]
    codes = _codes("france", placement)
    assert "border_hex_short" in codes and "too_far_from_border" in codes


def test_bop_12_1_german_corps_near_liege_and_east_of_berlin():
    placement = setup.deployment(TH, "germany", 0, secret=False)
    near = set(setup.near_liege(TH))
    spare = [loc for loc in setup.home_locs(TH, "germany")
             if TH.column[loc] <= setup.berlin_column(TH) and loc not in near
             and loc not in placement.values()]
    for i, (uid, loc) in enumerate(sorted(placement.items())):
        if loc in near:
            placement[uid] = spare[i]
    assert "too_few_near_liege" in _codes("germany", placement)
    placement = setup.deployment(TH, "germany", 0, secret=False)
    east = [loc for loc in setup.home_locs(TH, "germany")
            if TH.column[loc] > setup.berlin_column(TH)]
    movers = [u for u, loc in placement.items() if loc not in near and UNITS[u].corps][:7]
    for i, uid in enumerate(movers):
        placement[uid] = east[i]
    assert "too_many_east" in _codes("germany", placement)


def test_bop_12_1_austro_hungarians_away_from_rava_ruska_brody_tarnopol():
    placement = setup.deployment(TH, "austria_hungary", 0, secret=False)
    placement["aus-inf-1"] = TH.place_loc["brody"]
    assert "near_forbidden_town" in _codes("austria_hungary", placement)
    placement["aus-inf-1"] = TH.adj[TH.place_loc["tarnopol"]][0]
    assert "near_forbidden_town" in _codes("austria_hungary", placement) or TH.home.get(
        placement["aus-inf-1"]) != "austria_hungary"


def test_bop_12_1_russians_in_eastern_population_centres_guards_in_petrograd():
    placement = setup.deployment(TH, "russia", 0, secret=False)
    placement["rus-inf-1"] = [loc for loc in setup.home_locs(TH, "russia")
                              if not TH.is_pop(loc)][0]
    placement["rus-inf-gd_1"] = TH.place_loc["warsaw"]
    codes = _codes("russia", placement)
    assert {"not_eastern_population_centre", "guards_in_petrograd"} <= codes


def test_bop_12_1_secret_setup_only_home_country_and_stacking():
    placement = setup.deployment(TH, "germany", 0, secret=True)
    assert _codes("germany", placement, secret=True) == set()
    placement["ger-inf-1"] = TH.capital["france"]
    assert _codes("germany", placement, secret=True) == {"not_home_country"}


def test_bop_12_1_setup_validation_through_the_kernel():
    state = start()
    france = next(d for d in decisions(RULESET, state) if d.seats == ("france",))
    placement = setup.deployment(TH, "france", 0, secret=False)
    placement["fra-inf-1"] = TH.capital["germany"]
    with pytest.raises(IllegalAction) as err:
        apply(RULESET, state, "france", france.id, {"placement": placement}, seed=SEED)
    assert err.value.rule == "BoP 12.1" and err.value.code == "not_home_country"


def test_bop_12_1_secret_setup_sealed_until_all_reveal():
    state = start({"secret_setup": True})
    open_now = decisions(RULESET, state)
    assert sorted(d.seats[0] for d in open_now) == sorted(setup.SETUP_NATIONS)
    assert {d.group for d in open_now} == {"setup"}
    france = next(d for d in open_now if d.seats == ("france",))
    state = act(state, france, passive(state, france))
    for audience in ("seat:germany", "side:central", "public"):
        assert find_leaks(RULESET, state, audience) == []
        assert not any(u.startswith("fra-") for u in view(RULESET, state, audience)["board"][
            "units"])
    assert state["board"]["units"] == {}
    state = set_up(state)
    assert any(u.startswith("fra-") for u in state["board"]["units"])
    assert state["plans"]["active"] is False  # no Schlieffen, no Plan XVII


# --- sequence and mobilisation -----------------------------------------------------------------

def test_bop_12_1_mobilisation_first_fortnight_only_british_french_german_move():
    state = set_up(start())
    state = run(state, lambda s: s["flow"]["step"] == "half" and s["flow"]["side"] == "entente")
    assert state["flow"]["fortnight"] == 1
    seats = {d.seats[0] for d in decisions(RULESET, state)}
    assert "russia" not in seats
    assert not any(d.kind == "rail" for d in decisions(RULESET, state))


def test_bop_6_0_sequence_diplomacy_cp_first_then_campaign_cp_half_first():
    state = set_up(start())
    assert state["flow"]["step"] == "diplomacy" and state["flow"]["side"] == "central"
    seen = []
    state = run(state, lambda s: (seen.append((s["flow"]["step"], s["flow"]["side"],
                                               s["flow"]["fortnight"])) and False)
                or (s["flow"]["step"] == "half" and s["flow"]["fortnight"] == 2))
    steps = [x for i, x in enumerate(seen) if i == 0 or seen[i - 1] != x]
    halves = [x for x in steps if x[0] == "half"]
    assert halves[:2] == [("half", "central", 1), ("half", "entente", 1)]


def test_bop_12_1_schlieffen_failure_wins_for_the_entente():
    state = set_up(start())
    state = run(state, lambda s: s["flow"]["result"] is not None, limit=800)
    assert state["flow"]["result"]["reason"] == "schlieffen_plan_failed"
    assert state["flow"]["result"]["winner"] == "entente"


def test_bop_12_1_plan_xvii_failure_lets_the_cp_destroy_four_french_corps():
    state = set_up(start())
    state = run(state, lambda s: s["flow"]["step"] == "plan_xvii")
    d = decisions(RULESET, state)[0]
    assert d.kind == "plan_xvii" and d.seats == ("germany",)
    french = [o["destroy"] for o in d.options if o["destroy"]]
    before = len([u for u in state["board"]["units"] if u.startswith("fra-")])
    for uid in french[:4]:
        d = decisions(RULESET, state)[0]
        state = act(state, d, {"destroy": uid})
    assert len([u for u in state["board"]["units"] if u.startswith("fra-")]) == before - 4
    assert state["flow"]["step"] == "half"


def test_bop_12_1_seasonal_income_between_august_and_september():
    state = set_up(start({"secret_setup": True}))
    before = state["powers"]["germany"]["rp"]
    state = run(state, lambda s: s["flow"]["month"] == "1914-09", limit=800)
    assert state["powers"]["germany"]["rp"] >= before + 16 - 0
    assert state["powers"]["germany"]["seasons"] == 1


def test_bop_12_1_game_ends_after_october_with_a_victory_check():
    state = set_up(start({"secret_setup": True}))
    state = run(state, lambda s: s["flow"]["result"] is not None, limit=2000)
    result = state["flow"]["result"]
    assert result["rule"] == "BoP 12.1" and state["flow"]["month"] == "1914-10"
    assert result["reason"] in ("draw", "bargaining_chips", "berlin_and_paris")


# --- victory ---------------------------------------------------------------------------------

def test_bop_12_1_victory_berlin_and_paris():
    state = start()
    state["board"]["control"][TH.capital["france"]] = "germany"
    assert victory(state, TH)["reason"] == "berlin_and_paris"
    assert victory(state, TH)["winner"] == "central"


def test_bop_12_1_victory_by_bargaining_chips_and_draw():
    state = start()
    base = victory(state, TH)
    assert base["reason"] == "draw"
    # 13 Central Powers home chips (Posen among them, 3.121): one capture wins (more than 13)
    assert base["bargaining_chips"] == {"central": 13, "entente": 5}
    state["board"]["control"][TH.place_loc["brussels"]] = "germany"
    assert victory(state, TH)["bargaining_chips"]["central"] == 14
    assert victory(state, TH)["winner"] == "central"
    state = start()
    state["board"]["control"][TH.place_loc["lemberg"]] = "russia"
    state["board"]["control"][TH.place_loc["konigsberg"]] = "russia"
    assert victory(state, TH)["winner"] == "entente"  # 7 > 6


# What a deadline must play wherever a decision has a passive answer (do nothing, stop,
# decline); the schema decisions that commit to something accept PASS (never listed).
PASSIVE = {"march": {"pass": True}, "rail": {"pass": True}, "combat": {"pass": True},
           "sea_move": {"pass": True}, "done": {"done": True}, "stop": {"stop": True},
           "violate": {"violate": None}, "transfer": {"to": None}, "procure": {"buy": None},
           "plan_xvii": {"destroy": None}, "reserve": {"reserve": None},
           "reroll": {"reroll": False}, "pay": {"pay": False}}


@pytest.mark.parametrize("options", [{"secret_setup": True}, {}])
def test_bop_12_1_every_timeout_default_is_a_legal_answer(options):
    """Every default is accepted by the kernel's legality gate, and it is the passive answer
    wherever one exists. Decisions are answered round-robin so both passes and the first
    listed active answers keep the game moving through every kind."""
    from engine.kernel import timeout_action
    state = start(options)
    kinds = set()
    for step in range(400):
        open_now = decisions(RULESET, state)
        if not open_now:
            break
        decision = open_now[step % len(open_now)]
        action = timeout_action(RULESET, state, decision, decision.seats[0])
        if decision.kind in PASSIVE:
            assert action == PASSIVE[decision.kind], (decision.kind, action)
        if step % 3 and decision.kind in ("march", "rail", "combat", "sea_move"):
            # also play listed answers, or the game would stall in passes
            action = expand_options(RULESET, state, decision.seats[0], decision.id,
                                    None)[0]["action"]
        state = act(state, decision, action)
        kinds.add(decision.kind)
    assert {"setup", "march", "done"} <= kinds


def test_bop_9_0_timeout_pass_ends_the_seats_movement_for_the_half():
    """A deadline on the phasing side's march orders stops its force and ends its half; it
    never marches."""
    from engine.kernel import timeout_action
    state = run(set_up(start()), lambda s: s["flow"]["step"] == "half"
                and any(d.kind == "march" for d in decisions(RULESET, s)))
    march = next(d for d in decisions(RULESET, state) if d.kind == "march")
    seat = march.seats[0]
    # start a force, so the pass also has a force in motion to stop
    item = expand_options(RULESET, state, seat, march.id, None)[0]["action"]
    state = act(state, march, item)
    before = {u: v["at"] for u, v in state["board"]["units"].items()}
    again = next(d for d in decisions(RULESET, state) if d.kind == "march" and seat in d.seats)
    action = timeout_action(RULESET, state, again, seat)
    assert action == {"pass": True}
    outcome = apply(RULESET, state, seat, again.id, action, seed=SEED)
    after = outcome.state
    assert not any(e.kind in ("march", "rail", "attack_declared") for e in outcome.events)
    assert all(after["board"]["units"][u]["at"] == before[u] for u in item["units"]
               if u in after["board"]["units"])
    assert seat not in after["flow"]["active"]
    assert not any(seat in d.seats for d in decisions(RULESET, after)
                   if d.kind in ("march", "rail", "combat", "done", "stop"))
    assert [e.kind for e in outcome.events][:1] == ["passed"]


def test_bop_9_0_pass_is_not_listed_and_not_accepted_elsewhere():
    state = run(set_up(start()), lambda s: s["flow"]["step"] == "half")
    for decision in decisions(RULESET, state):
        if decision.options is None and decision.kind in ("march", "rail", "combat"):
            items = expand_options(RULESET, state, decision.seats[0], decision.id, None)
            assert {"pass": True} not in [i["action"] for i in items]
    setup_state = start()
    d = decisions(RULESET, setup_state)[0]
    with pytest.raises(MalformedAction, match="a set-up is"):   # no pass in a set-up
        act(setup_state, d, {"pass": True})


def _decision(state, seat, kind, target=None):
    for d in decisions(RULESET, state):
        if d.seats == (seat,) and d.kind == kind and (
                target is None or d.data.get("target") == target):
            return d
    return None


def test_bop_12_1_schlieffen_opening_liege_belgium_and_britain():
    """A scripted August: Germany violates Belgium (Britain joins), storms Liège with its siege
    train and pushes nine corps into Belgium, so the game goes on into September."""
    state = set_up(start())
    violate = _decision(state, "germany", "violate")
    state = act(state, violate, {"violate": "belgium"})
    assert state["powers"]["belgium"]["side"] == "entente"
    assert state["powers"]["britain"]["side"] == "entente"
    state = run(state, lambda s: s["flow"]["step"] == "half" and s["flow"]["side"] == "central")
    liege = TH.place_loc["liege"]
    near = setup.near_liege(TH)
    stack = sorted(u for u, v in state["board"]["units"].items()
                   if v["at"] == near[0] and UNITS[u].kind in ("infantry", "siege"))
    state["board"]["units"]["ger-sie-siege_1"]["at"] = near[0]   # bring up the siege train
    stack = sorted(set(stack) | {"ger-sie-siege_1"})
    attack_decision = _decision(state, "germany", "combat", target=liege)
    assert attack_decision is not None
    items = expand_options(RULESET, state, "germany", attack_decision.id, None)
    action = dict(items[0]["action"])
    action["units"] = stack[:6]
    action["point"] = [u for u in stack if UNITS[u].kind == "infantry"][0]
    state = act(state, attack_decision, action)
    assert state["board"]["forts"].get(liege) == 0        # black fortress: ruined outright
    assert state["plans"]["schlieffen"]["liege"] is True
    state = run(state, lambda s: s["flow"]["combat"] is None)
    # march German corps into Belgium (both August fortnights) until nine have entered
    for _ in range(300):
        if len(state["plans"]["schlieffen"]["corps"]) >= 9 or state["flow"]["month"] != "1914-08":
            break
        flow = state["flow"]
        german_turn = flow["step"] == "half" and flow["side"] == "central" and (
            flow["combat"] is None) and "germany" in flow["active"]
        if not german_turn:
            open_now = decisions(RULESET, state)
            quiet = [d for d in open_now if d.kind not in ("march", "rail", "combat", "entrench",
                                                           "sea_move")]
            state = act(state, quiet[0], passive(state, quiet[0]))
            continue
        march = _decision(state, "germany", "march")
        belgian = []
        if march is not None:
            belgian = [i for i in expand_options(RULESET, state, "germany", march.id, None)
                       if TH.home.get(i["action"]["to"]) == "belgium" and not set(
                           i["action"]["units"]) & set(state["plans"]["schlieffen"]["corps"])]
        if belgian:
            state = act(state, march, belgian[0]["action"])
            continue
        stop = _decision(state, "germany", "stop")
        state = act(state, stop or _decision(state, "germany", "done"),
                    {"stop": True} if stop else {"done": True})
    assert len(state["plans"]["schlieffen"]["corps"]) >= 9
    state = run(state, lambda s: s["flow"]["month"] == "1914-09" or s["flow"]["result"],
                limit=1500)
    assert state["flow"]["result"] is None and state["flow"]["month"] == "1914-09"
