"""Days of Decision III's level-2 bot (engine/bots/days_of_decision): the proxy value reads
control (DoD 8.1.2), a roll is weighed by its exact chance (8.7.2 MP 0(a), 8.7.1 IPO 3), a
shift moves the minor where the bot gains (8.5), bids stay within the budget (6), and against
level 1 it holds more minors."""

from __future__ import annotations

import statistics

import pytest

from engine import bots, kernel, rulesets
from engine.bots.days_of_decision import (
    BACKING,
    CASUS_BELLI,
    MARKER,
    MONEY,
    OWN_MINOR,
    OWN_OBJECTIVE,
    PE,
    RIVAL_MINOR,
    RIVAL_OBJECTIVE,
    US_ENTRY,
    Context,
    FixedRoller,
    minor_weight,
    score_bid,
    score_coup_cell,
    score_direct,
    score_option,
    score_shift,
    score_spend,
    value,
)
from engine.bots.match import match_seed, play_match
from engine.kernel.game import copy_json
from engine.rulesets.days_of_decision import options as dod_options
from engine.rulesets.days_of_decision import politics as dod_politics
from engine.rulesets.days_of_decision import spending
from engine.rulesets.days_of_decision.control import control_table, controller
from engine.rulesets.days_of_decision.display import HEXES
from engine.rulesets.days_of_decision.minor_war import war_chart_effects
from engine.rulesets.days_of_decision.options import HANDLERS, pe_die_cost
from engine.rulesets.days_of_decision.war_chart import MINOR_EFFECTS_MAJORS, us_entry_of

SCENARIO = "1936"


@pytest.fixture(scope="module")
def dod():
    return rulesets.get("days_of_decision")


def started(dod, turns=6):
    seats = [s["id"] for s in dod.scenario(SCENARIO)["seats"]]
    state, _ = kernel.new_game(dod, SCENARIO, {"turns": turns}, seats, match_seed(1, 0), "g-dod")
    return state


def test_dod_8_1_2_the_value_counts_a_minor_the_power_comes_to_control(dod):
    board = copy_json(started(dod)["board"])
    minor, me = "finland", "GE"                 # in the neutral centre: nobody controls it
    assert control_table(board)[minor] is None
    before = value(board, me)
    board["display"][minor] = board["display"][me]
    assert control_table(board)[minor] == me
    assert value(board, me) > before


def test_dod_8_7_2_mp0a_dice_are_weighed_by_the_chance_of_a_ten(dod):
    state = started(dod)
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    cost = pe_die_cost(ctx.board, "GE")
    for dice in (1, 3):
        score = score_option(ctx, None, {"action": {"option": "0a", "dice": dice}})
        assert score == pytest.approx((1 - 0.9 ** dice) * PE - 0.25 * cost * dice)


def test_dod_8_7_1_ipo3_an_alliance_is_weighed_by_the_faces_that_make_it(dod):
    """The chance is counted from the engine itself: the faces of a d10 on which the ruleset's
    own IPO 3 handler makes the alliance, over ten."""
    state = started(dod)
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    for minor in ("poland", "czechoslovakia", "spain"):
        action = {"option": "IPO3", "minor": minor, "mode": "make"}
        faces = 0
        for face in range(1, 11):
            trial = {"board": copy_json(state["board"]), "secret": copy_json(state["secret"])}
            HANDLERS["IPO3"](trial, "GE", action, FixedRoller(face))
            faces += "GE" in trial["board"]["alliances"].get(minor, [])
        assert score_option(ctx, None, {"action": action}) == pytest.approx(
            faces / 10 * ctx.tried(action, 10))


def test_dod_8_5_a_shift_goes_where_the_bot_comes_to_control_the_minor(dod):
    state = started(dod)
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    minor = "finland"
    here = ctx.board["display"]["GE"]
    decision = kernel.Decision(id="t1-shift", seats=("GE",), kind="shift", rule="DoD 8.5",
                               prompt="", data={"minor": minor, "markers": {}},
                               options=tuple({"marker": "GE", "to": h} for h in HEXES))
    scores = {h: score_shift(ctx, decision, {"action": {"marker": "GE", "to": h}})
              for h in HEXES}
    assert max(scores, key=lambda h: (scores[h], h)) in [
        h for h in HEXES if control_table({**ctx.board, "display": {
            **ctx.board["display"], minor: h}})[minor] == "GE"]
    assert scores[here] > scores["0,0"]


def test_dod_6_bids_stay_within_the_budget_share(dod):
    state = started(dod)
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    points = ctx.board["powers"]["GE"]["bid_points"]
    offered = [{"action": {"bid": b, "options": k}} for b in range(points + 1) for k in (1, 2, 3)]
    best = max(offered, key=lambda item: score_bid(ctx, None, item))["action"]
    assert best["bid"] <= points and best["bid"] == round(points * 0.5)


def test_dod_level2_holds_more_minors_than_level1(dod):
    """The arena's figure in small (docs/bots.md quotes the larger run): level 2 in half the
    seats, level 1 in the others, alternating halves; level 2 ends holding more minors."""
    seats = [s["id"] for s in dod.scenario(SCENARIO)["seats"]]
    held = {1: [], 2: []}
    for game in range(4):
        strong = set(seats[game % 2::2])
        players = {s: bots.bot_for(dod, SCENARIO, 2 if s in strong else 1) for s in seats}
        report = play_match(dod, SCENARIO, players, seed=match_seed(5, game),
                            game_uid=f"dod-{game}", options={"turns": 6})
        assert (report.illegal, report.errors, report.status) == (0, 0, "finished")
        control = control_table(report.final_state["board"])
        for seat in seats:
            held[2 if seat in strong else 1].append(sum(who == seat for who in control.values()))
    assert statistics.mean(held[2]) > statistics.mean(held[1])


def _war_view(dod, offensives):
    state = started(dod)
    board = state["board"]
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 1})
    board["offensives"] = {"GE>FR": offensives}
    return state, Context(dod.view(state, kernel.audience_of(state, ["FR"])), "FR")


def test_dod_8_7_2_mp5_the_bot_offers_peace_only_when_the_war_goes_badly(dod):
    """France's conquest level is 8: at 3 enemy offensives the bot fights on, at 5 it offers a
    conditional surrender; it never surrenders unconditionally."""
    conditional = {"action": {"option": "MP5", "to": "GE", "terms": "conditional"}}
    unconditional = {"action": {"option": "MP5", "to": "GE", "terms": "unconditional"}}
    _, calm = _war_view(dod, 3)
    assert score_option(calm, None, conditional) is None
    _, grim = _war_view(dod, 5)
    assert score_option(grim, None, conditional) > 0
    assert score_option(grim, None, unconditional) < score_option(
        grim, None, {"action": {"option": "0a", "dice": 1}})


def test_dod_8_7_2_mp5_the_bot_agrees_to_an_enemy_s_surrender(dod):
    state, _ = _war_view(dod, 5)
    state["board"]["proposals"].append({"from": "FR", "to": "GE", "turn": 1, "kind": "surrender"})
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    agree = score_option(ctx, None, {"action": {"option": "0f", "agree": ["FR"]}})
    other = score_option(ctx, None, {"action": {"option": "0f", "agree": ["IT"]}})
    assert agree == pytest.approx(other + PE)


def _at_war_footing(dod):
    state = started(dod)
    state["board"]["turn"] = 13                          # Germany geared up (ruling 29)
    for entry in state["board"]["powers"].values():
        entry["army"] = 5
    return state


def test_dod_8_7_2_mp4_the_bot_weighs_a_war_on_a_minor_by_the_minor_it_comes_to_hold(dod):
    """The copy plays the declaration, the turn's combat against Finland's own army and the
    conquest step (9.3, 12.2, rulings 47-49): Finland (4 + 2 yearly = 6 army points in 1938,
    conquest level 4, ruling 45) meets Germany's 40, doubled by surprise: R = 80/6, so no
    German loss and the offensives reach its level. The war is worth the minor held less the
    card's 4 money, the War Chart's markers in its neighbours (ruling 44) and its US entry
    (ruling 51), which brings the US nearer war on the bot."""
    state = _at_war_footing(dod)
    state["board"]["powers"]["GE"]["army"] = 40
    state["board"]["weather"] = "fine"
    action = {"option": "MP4", "minor": "finland"}
    assert control_table(state["board"])["finland"] is None
    chart = sum(v for m, v in war_chart_effects(state["board"], "finland").items()
                if m != "finland")                       # the fallen minor's markers go
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    us = US_ENTRY * us_entry_of("finland", state["board"]["turn"])   # ruling 51: 10 in 1938
    # v16: Helsinki, Finland's objective, becomes Germany's (DoD 4)
    worth = OWN_MINOR * minor_weight("finland") + OWN_OBJECTIVE - MONEY * 4 + MARKER * chart - us
    assert worth > 0
    assert score_option(ctx, None, {"action": action}) == pytest.approx(worth)
    # each casus belli handed to an ally of the minor costs the bot
    state["board"]["alliances"]["finland"] = ["FR"]
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    assert score_option(ctx, None, {"action": action}) == pytest.approx(worth - CASUS_BELLI)


def test_dod_9_3_a_minor_whose_army_holds_is_only_the_cost_to_the_bot(dod):
    """Germany's 5 army points (10 with surprise) against Finland's 6: R = 5/3 wins one
    offensive of the four needed and costs Germany a quarter of its 5 (1, rounded); the minor
    stands, so the war is the card, the army point lost and the War Chart's markers."""
    state = _at_war_footing(dod)
    state["board"]["weather"] = "fine"
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    score = score_option(ctx, None, {"action": {"option": "MP4", "minor": "finland"}})
    chart = sum(war_chart_effects(state["board"], "finland").values())
    us = US_ENTRY * us_entry_of("finland", state["board"]["turn"])
    assert score == pytest.approx(-MONEY * 4 + MARKER * chart - MONEY * 1 - us)


def test_dod_10_2_an_unarmed_bot_buys_army_points_once_war_may_come(dod):
    """MP 4 needs an army point (ruling 40): from the turn before 1938 (ruling 29) a bot with
    none takes the offered purchase that mixes army and bid points; before it, or armed, it
    buys no army."""
    state = started(dod)
    offers = [{"action": a} for a in spending.suggestions(state["board"], "GE")]
    mixed = [o for o in offers if o["action"]["army"] and o["action"]["bid_points"]]
    assert mixed

    def best(board):
        ctx = Context(dod.view({**state, "board": board}, kernel.audience_of(state, ["GE"])), "GE")
        scored = [(score_spend(ctx, None, o), -i, o["action"]) for i, o in enumerate(offers)]
        return max(t for t in scored if t[0] is not None)[2]

    board = copy_json(state["board"])
    assert best(board)["army"] == 0                      # 1936: no war to prepare for
    board["turn"] = 12
    assert best(board) == mixed[0]["action"]
    board["powers"]["GE"]["army"] = 1
    assert best(board)["army"] == 0                      # armed: back to bid points or money


def test_dod_2_6_ruling_52_the_bot_weighs_the_war_chart_of_a_declaration_on_a_major(dod):
    """A declaration on France in 1938 costs the bot the card's 4 money, the 1.0 it keeps
    against wars on powers, and 11 US entry on its own total (ruling 52), and its War Chart
    markers in France's friends (all negative for the declarer)."""
    state = _at_war_footing(dod)
    action = {"option": "MP4", "target": "FR"}
    ctx = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    chart = sum(c.value for c in MINOR_EFFECTS_MAJORS["FR"].values())
    expected = -MONEY * 4 + MARKER * chart - US_ENTRY * us_entry_of("FR", 13) - 1.0
    assert state["board"]["turn"] == 13
    assert score_option(ctx, None, {"action": action}) == pytest.approx(expected)


def test_dod_8_7_1_ipo5_mp4_ruling_76_the_bot_aligns_free_a_minor_it_comes_to_control(dod):
    """Germany, at war with France, declares on Finland (neutral centre: nobody controls it,
    nobody is allied to it): France directs it as the power at war with the declarer, and its
    bot aligns it free, which makes Finland France's controlled minor (bot v7)."""
    state = _at_war_footing(dod)
    board = state["board"]
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 12})
    board["alliances"].pop("finland", None)
    assert control_table(board)["finland"] is None
    decision = next(d for d in kernel.decisions(dod, state) if d.kind == "option")
    assert decision.seats == ("GE",)
    state = kernel.apply(dod, state, "GE", decision.id, {"option": "MP4", "minor": "finland"},
                         seed=match_seed(1, 0)).state
    direct = next(d for d in kernel.decisions(dod, state) if d.kind == "direct")
    assert direct.seats == ("FR",)
    ctx = Context(dod.view(state, kernel.audience_of(state, ["FR"])), "FR")
    scores = {repr(a): score_direct(ctx, direct, {"action": a}) for a in direct.options}
    best = max(direct.options, key=lambda a: scores[repr(a)])
    assert best == {"direct": True, "align": True}
    assert scores[repr(best)] == pytest.approx(1.0 + OWN_MINOR * minor_weight("finland")
                                               + OWN_OBJECTIVE)    # v16: Helsinki


def test_dod_8_7_1_ipo4_the_bot_uses_its_coup_cell_against_another_ideology_only(dod):
    """Ruling 91's window: Russia's cell stops Germany's coup (another ideology) and lets its
    own ideology's pass; France keeps its cell against the Commonwealth, a fellow democracy."""
    state = started(dod)
    for me, couper, use in (("RU", "GE", True), ("FR", "CW", False), ("CW", "IT", True)):
        ctx = Context(dod.view(state, kernel.audience_of(state, [me])), me)
        decision = kernel.Decision(id=f"t1-coup-{couper}-1-{me}", seats=(me,), kind="coup_cell",
                                   rule="DoD 8.7.1 IPO 4", prompt="", options=(
                                       {"use": False}, {"use": True}),
                                   data={"power": couper, "minor": "spain"})
        scores = {choice["use"]: score_coup_cell(ctx, decision, {"action": choice})
                  for choice in decision.options}
        assert max(scores, key=lambda k: scores[k]) is use


def test_dod_8_7_1_ipo7_ipo8_the_bot_weighs_support_and_its_pick_is_legal(dod):
    """A civil war in Spain: every IPO 7 and IPO 8 play offered to Italy gets a score from the
    ruleset's own handler on a copy (support costs money, which the proxy values, so the bot
    may decline it), and the option it picks is one of those offered."""
    from engine.rulesets.days_of_decision import civil_war
    from engine.rulesets.days_of_decision.options import legal_options
    from tests.engine.scripted_dice import ScriptedDice
    state = started(dod)
    civil_war.start(state, "GE", "FR", "spain", ScriptedDice({
        "civil war in spain: army split": [5], "civil war in spain: naval split": [5]}))
    ctx = Context(dod.view(state, kernel.audience_of(state, ["IT"])), "IT")
    offered = legal_options(ctx.board, "IT")
    support = [a for a in offered if a["option"] in ("IPO7", "IPO8")]
    assert support
    scores = {i: score_option(ctx, None, {"action": a}) for i, a in enumerate(offered)}
    assert all(isinstance(scores[i], float) for i, a in enumerate(offered) if a in support)
    best = max((i for i in scores if scores[i] is not None), key=lambda i: scores[i])
    assert offered[best] in legal_options(state["board"], "IT")


def test_dod_8_7_2_the_bot_scores_national_options_by_their_handlers(dod):
    """v10 (DoD version 18): a national option is scored like any option, by its handler on a
    copy: Tojo (JA 8, +2 PE for its cost) beats every other option Japan has on turn 1, and a
    Neutrality Act veto (US 6, -1 PE) scores below the pass."""
    state = started(dod)
    board = state["board"]
    ctx = Context(dod.view(state, kernel.audience_of(state, ["JA"])), "JA")
    options = dod_options.legal_options(board, "JA")
    assert {"option": "JA8"} in options
    scores = [score_option(ctx, None, {"action": o}) for o in options]
    best = options[max(range(len(options)), key=lambda i: scores[i] or float("-inf"))]
    assert best == {"option": "JA8"}
    assert score_option(ctx, None, {"action": {"option": "JA8"}}) == pytest.approx(
        2 * PE - MONEY * dod_options.CATALOGUE["JA8"].cost)
    board["powers"]["US"]["pe"] = 3
    us = Context(dod.view(state, kernel.audience_of(state, ["US"])), "US")
    assert score_option(us, None, {"action": {"option": "US6", "act": "veto"}}) < score_option(
        us, None, {"action": {"option": "US6", "act": "pass"}})


def test_dod_8_7_2_v11_the_bot_answers_ch6_and_weighs_ja6_as_a_war(dod):
    """v11 (DoD version 20, rulings 122-125): China's bot counts on a US of its ideology to
    answer CH 6 (15 army points at their spending price, less the card); the US bot's 0(f)
    naming China beats one that does not; JA 6 is weighed as a declaration on a major (MP 4),
    so Japan's bot still prefers Tojo."""
    state = started(dod)
    board = state["board"]
    board["initiative"] = ["CH"] + [p for p in board["initiative"] if p != "CH"]
    china = Context(dod.view(state, kernel.audience_of(state, ["CH"])), "CH")
    assert {"option": "CH6"} in dod_options.legal_options(board, "CH")
    assert score_option(china, None, {"action": {"option": "CH6"}}) == pytest.approx(
        MONEY * (15 - dod_options.CATALOGUE["CH6"].cost))
    board["proposals"].append({"from": "CH", "to": "US", "turn": 1, "kind": "national",
                               "option": "CH6"})
    us = Context(dod.view(state, kernel.audience_of(state, ["US"])), "US")
    assert score_option(us, None, {"action": {"option": "0f", "agree": ["CH"]}}) > score_option(
        us, None, {"action": {"option": "0f", "agree": ["GE"]}})
    board["initiative"] = [p for p in board["initiative"] if p != "CH"] + ["CH"]
    japan = Context(dod.view(state, kernel.audience_of(state, ["JA"])), "JA")
    assert {"option": "JA6"} in dod_options.legal_options(board, "JA")
    assert score_option(japan, None, {"action": {"option": "JA6"}}) < score_option(
        japan, None, {"action": {"option": "JA8"}})


def test_dod_8_7_2_v12_the_bot_settles_its_demand_on_a_copy_and_backs_the_czechs(dod):
    """v12 (DoD version 21, rulings 129-133): GE 8's handler only makes the demand, so the bot
    settles it on a copy (the Sudetenland's production less the card, not nothing); the CW's
    CW 6, answered by a France of its ideology, is worth the backing less the card; a CW 6
    whose answerer is of another ideology (none here) would be worth nothing."""
    state = started(dod)
    board = state["board"]
    germany = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    assert {"option": "GE8"} in dod_options.legal_options(board, "GE")
    copy = copy_json(state)
    HANDLERS["GE8"](copy, "GE", {"option": "GE8"}, None)
    assert score_option(germany, None, {"action": {"option": "GE8"}}) != pytest.approx(
        value(copy["board"], "GE") - germany.base)              # the bare demand shows nothing
    board["national"]["demands"].append({"option": "GE8", "turn": board["turn"]})
    cw = Context(dod.view(state, kernel.audience_of(state, ["CW"])), "CW")
    assert {"option": "CW6"} in dod_options.legal_options(board, "CW")
    assert score_option(cw, None, {"action": {"option": "CW6"}}) == pytest.approx(
        MONEY * (BACKING - dod_options.CATALOGUE["CW6"].cost))


def test_dod_8_7_2_v13_the_bot_scores_ge9_by_its_handler(dod):
    """v13 (DoD version 22, rulings 136-137): GE 9 is played on the copy like GE 7: France's
    Czechoslovakia becomes Germany's own minor in the proxy, less the card (its 21 army points
    and the colony's production are not in the proxy)."""
    state = started(dod)
    board = state["board"]
    dod_options.play_option(state, "GE", {"option": "GE8"}, None)
    dod_politics.bonus_bids(state, None)
    board["turn"] = 2
    board["powers"]["GE"].update(mp_played=[], played=False)
    assert {"option": "GE9"} in dod_options.legal_options(board, "GE")
    assert controller(board, "czechoslovakia") == "FR"
    germany = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    score = score_option(germany, None, {"action": {"option": "GE9"}})
    # v16: Prague, France's (a rival's) objective, becomes Germany's (DoD 4)
    assert score == pytest.approx((OWN_MINOR - RIVAL_MINOR) * minor_weight("czechoslovakia")
                                  + OWN_OBJECTIVE - RIVAL_OBJECTIVE
                                  - MONEY * dod_options.CATALOGUE["GE9"].cost)
    assert score > score_option(germany, None, {"action": {"option": "0g"}})


def test_dod_8_7_2_v14_the_bot_weighs_ge14_by_its_income_over_six_turns(dod):
    """v14 (DoD version 23, ruling 139): GE 14's handler on the copy shows only the card's price
    (the proxy holds no income); the resource it adds is worth a money a turn over IPO 20's six
    turns, so it is worth playing (before v14 only its price showed)."""
    state = started(dod)
    board = state["board"]
    assert {"option": "GE14"} in dod_options.legal_options(board, "GE")
    germany = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    score = score_option(germany, None, {"action": {"option": "GE14"}})
    assert score == pytest.approx(MONEY * (6 * 1 - dod_options.CATALOGUE["GE14"].cost))
    price_only = germany.tried({"option": "GE14"}, 5)
    assert price_only == pytest.approx(-MONEY * dod_options.CATALOGUE["GE14"].cost)
    assert price_only < 0 < score


def test_dod_8_7_2_v14_the_bot_weighs_ge13_as_if_fascist_italy_agreed(dod):
    """v14 (DoD version 23, ruling 143): GE 13's handler only proposes to Italy; Italy shares
    Germany's ideology, so the bot applies the success on the copy: net one resource more,
    worth a money a turn over six turns, less the card."""
    state = started(dod)
    board = state["board"]
    assert {"option": "GE13"} in dod_options.legal_options(board, "GE")
    germany = Context(dod.view(state, kernel.audience_of(state, ["GE"])), "GE")
    score = score_option(germany, None, {"action": {"option": "GE13"}})
    assert score == pytest.approx(MONEY * (6 * 1 - dod_options.CATALOGUE["GE13"].cost))
    board["conquered"].append("IT")            # nobody of its ideology would answer
    board["initiative"].remove("IT")
    board["initiative"].append("IT")
    assert {"option": "GE13"} not in dod_options.legal_options(board, "GE")
