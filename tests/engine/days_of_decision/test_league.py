"""DoD 8.7.1 IPO 16 (League of Nations) and the League vote of 8.1.3-8.1.4: rulings 82-89."""

from __future__ import annotations

import copy

import pytest

from engine.kernel import IllegalAction, apply
from engine.kernel.canonical import canonical_json
from engine.kernel.game import audiences, events_for, view
from engine.kernel.record import log_entry, open_sealed_groups, redact_record
from engine.rulesets.days_of_decision import RULESET, production
from engine.rulesets.days_of_decision import league as L
from engine.rulesets.days_of_decision import treaties as T
from engine.rulesets.days_of_decision.control import controller
from engine.rulesets.days_of_decision.minors import MINORS
from engine.rulesets.days_of_decision.relations import has_casus_belli
from tests.engine.scripted_dice import ScriptedDice

from .positions import SEED, fresh, open_decisions

NO_DICE = ScriptedDice({})


def _war(board, aggressor, target):
    board["wars"].append({"aggressor": aggressor, "target": target, "since": board["turn"],
                          "declined": []})


def test_dod_8_7_1_ipo16_members_at_start():
    """China, the Commonwealth, France, Italy, the USSR and every minor (Switzerland, the one
    printed exception, is not among ours) start in the League; Germany, Japan, the US don't."""
    board = fresh()["board"]
    assert board["league"]["members"] == sorted(["CH", "CW", "FR", "IT", "RU", *MINORS])
    assert not any(L.member(board, p) for p in ("GE", "JA", "US"))


def test_dod_8_7_1_ipo16_outside_the_league_only_joining_is_offered():
    """A power outside may only try to join (itself, or move a minor it controls); a member may
    leave or ask for credit, and without a war there is nothing to sanction."""
    board = fresh()["board"]
    own = [a for a in L.actions(board, "JA") if "minor" not in a]
    assert own == [{"option": "IPO16", "league": "join"}]
    assert [a["league"] for a in L.actions(board, "FR") if "minor" not in a] == ["leave",
                                                                                  "credit"]
    with pytest.raises(IllegalAction):
        L.play({"board": board, "flow": {}}, "JA", {"option": "IPO16", "league": "credit"},
               NO_DICE)


def test_dod_8_7_1_ipo16_a_minor_moves_in_or_out_only_below_its_willpower():
    """Its controller moves a minor in or out only from an initiative position lower (better)
    than the minor's willpower."""
    board = fresh()["board"]
    minor = next(m for m in sorted(MINORS) if controller(board, m) is not None)
    power = controller(board, minor)
    willpower = MINORS[minor].willpower
    board["initiative"].remove(power)
    board["initiative"].insert(willpower - 2, power)            # position willpower - 1
    assert {"option": "IPO16", "league": "leave", "minor": minor} in L.actions(board, power)
    board["initiative"].remove(power)
    board["initiative"].insert(willpower - 1, power)            # position = willpower
    assert {"option": "IPO16", "league": "leave", "minor": minor} not in L.actions(board, power)


def test_dod_8_7_1_ipo16_ruling_82_councillors_and_permanent_members_vote_not_china():
    """A council vote: the rolled councillors that are members and controlled (cast by their
    controller), and every League power but China; never the subject. 'Enough is enough':
    every member."""
    board = fresh()["board"]
    council = L.voting(board, 1, None)
    countries = [c for _, c in council]
    assert {"CW", "FR", "IT", "RU"} <= set(countries) and "CH" not in countries
    assert all(c in L.COUNCILLORS[1] for c in countries if c in MINORS)
    assert all(caster == controller(board, c) for caster, c in council if c in MINORS)
    assert "IT" not in [c for _, c in L.voting(board, 1, "IT")]
    everyone = [c for _, c in L.voting(board, None, "GE")]
    assert "CH" in everyone


def test_dod_8_7_1_ipo16_ruling_84_two_thirds_cast_and_unanimous_sanctions():
    """Abstentions are ignored for other motions (two thirds of the votes cast carry it);
    a sanction fails on any no or abstention; nobody voting fails."""
    credit = {"league": "credit"}
    assert L.carried(credit, {"CW": "yes", "FR": "yes", "IT": "no", "RU": "abstain"})
    assert not L.carried(credit, {"CW": "yes", "FR": "no"})
    assert not L.carried(credit, {"CW": "abstain"})
    sanction = {"league": "sanction", "kind": "embargo", "target": "GE", "cause": "FR"}
    assert L.carried(sanction, {"CW": "yes", "FR": "yes"})
    assert not L.carried(sanction, {"CW": "yes", "FR": "abstain"})


def test_dod_8_7_1_ipo16_minor_votes_mark_the_proposer_only():
    """+2 in every minor voting for the proposer's motion, -3 in every one voting against."""
    board = fresh()["board"]
    L.tally(board, "FR", {"league": "credit"},
            {"poland": "yes", "spain": "no", "turkey": "abstain", "CW": "no"})
    assert board["modifiers"] == {"poland": {"FR": 2}, "spain": {"FR": -3}}


def test_dod_8_7_1_ipo16_ruling_86_credit_carried_then_lost_on_leaving():
    """A carried credit motion raises the limit by 10 and costs 1; leaving takes the League's
    credit back at once, without a vote."""
    state = fresh()
    board = state["board"]
    before = board["powers"]["FR"]["credit_limit"]
    L.tally(board, "FR", {"league": "credit"}, {"CW": "yes", "FR": "yes"})
    assert board["powers"]["FR"]["credit_limit"] == before + 10
    L.play(state, "FR", {"option": "IPO16", "league": "leave"}, NO_DICE)
    assert board["powers"]["FR"]["credit_limit"] == before and not L.member(board, "FR")
    assert state["flow"]["league_vote"] is None


def test_dod_8_7_1_ipo16_sanctions_only_on_a_declarer_still_at_war():
    """Germany declared war on France: members may move sanctions on Germany for it (not
    expulsion: Germany is not a member); none on France, the victim."""
    board = fresh()["board"]
    _war(board, "GE", "FR")
    motions = [a for a in L.actions(board, "CW") if a["league"] == "sanction"]
    assert {(a["kind"], a["target"], a["cause"]) for a in motions} == {
        ("embargo", "GE", "FR"), ("enough", "GE", "FR")}


def test_dod_8_7_1_ipo16_enough_is_enough_gives_league_powers_casus_belli():
    """While in force and Germany still at war with its cause, every League power holds casus
    belli against Germany; a power outside does not; at peace it is gone."""
    board = fresh()["board"]
    _war(board, "GE", "FR")
    motion = {"league": "sanction", "kind": "enough", "target": "GE", "cause": "FR"}
    L.tally(board, "CW", motion, {"CW": "yes", "FR": "yes", "IT": "yes", "RU": "yes"})
    assert has_casus_belli(board, "RU", "GE") and not has_casus_belli(board, "US", "GE")
    board["wars"] = []
    assert not has_casus_belli(board, "RU", "GE")


def test_dod_8_7_1_ipo16_ruling_88_embargo_bars_treaties_and_cuts_trade():
    """An embargoed League member proposes no treaty to a League power and loses its trade
    with them: Italy's treaty trade with France costs Italy 2 and France 1."""
    board = fresh()["board"]
    _war(board, "IT", "CH")
    income = {p: production.income(board, p) for p in ("IT", "FR")}
    board["league"]["sanctions"].append({"kind": "embargo", "on": "IT", "cause": "CH",
                                         "since": 1, "lapses": None})
    assert production.income(board, "IT") == income["IT"] - 2 \
        and production.income(board, "FR") == income["FR"] - 1
    board["initiative"] = ["IT", *[p for p in board["initiative"] if p != "IT"]]
    assert all(L.member(board, a["to"]) is False for a in T.proposal_actions(board, "IT"))
    assert all(not any(L.member(board, n) for n in a["agree"])
               for a in T.accept_actions(board, "IT"))


def test_dod_8_7_1_ipo16_ruling_87_a_sanction_lapses_two_years_after_peace():
    board = fresh()["board"]
    board["league"]["sanctions"].append({"kind": "embargo", "on": "IT", "cause": "CH",
                                         "since": 1, "lapses": None})
    assert L.lapse(board) == [] and board["league"]["sanctions"][0]["lapses"] == 13
    board["turn"] = 12
    assert L.lapse(board) == []
    board["turn"] = 13
    assert L.lapse(board)[0].kind == "league_sanction_lapsed"
    assert board["league"]["sanctions"] == []


def _to_the_vote():
    """Germany, first on turn 1 and outside the League, moves to join: the vote opens."""
    state = fresh()
    decision = open_decisions(state)[0]
    assert decision.seats == ("GE",)
    return apply(RULESET, state, "GE", decision.id, {"option": "IPO16", "league": "join"},
                 seed=SEED).state


def test_dod_8_7_1_ipo16_ruling_83_the_vote_is_a_sealed_reaction_window():
    """Every voter answers a sealed decision (abstain first: the timeout default); one vote
    changes no other audience's view, the events it sees or the log entry it is shown, until
    the last is in; then the votes are revealed and counted."""
    state = _to_the_vote()
    votes = open_decisions(state)
    assert votes and all(d.kind == "league_vote" and d.reaction and d.group for d in votes)
    assert RULESET.timeout_default(state, votes[0], votes[0].seats[0]) == {"vote": "abstain"}
    first = votes[0]
    voter = first.seats[0]
    seen = {}
    for ballot in ("yes", "no"):
        out = apply(RULESET, copy.deepcopy(state), voter, first.id, {"vote": ballot}, seed=SEED)
        logged = log_entry(1, voter, first.id, {"vote": ballot}, out)
        seen[ballot] = {a: (canonical_json(view(RULESET, out.state, a)),
                            canonical_json(events_for(RULESET, out.state, out.events, a)),
                            canonical_json(redact_record(
                                {"actions": [logged]}, RULESET.audience_seats(out.state, a),
                                open_sealed_groups(out.state))))
                        for a in audiences(RULESET, out.state)
                        if voter not in RULESET.audience_seats(out.state, a)}
    assert seen["yes"] == seen["no"]
    for decision in votes:
        state = apply(RULESET, state, decision.seats[0], decision.id, {"vote": "yes"},
                      seed=SEED).state
    assert L.member(state["board"], "GE") and state["flow"]["league_vote"] is None
    assert all(d.kind != "league_vote" for d in open_decisions(state))


def _sanction_voted_on_germany_for_poland(kind):
    state = fresh()
    board = state["board"]
    board["minor_wars"].append({"minor": "poland", "power": "GE", "director": None,
                                "declined": [], "since": 1})
    board["minor_offensives"]["GE>poland"] = 1
    state["flow"]["league_vote"] = {
        "proposer": "FR", "roll": None, "number": 1, "played_before": 0,
        "motion": {"league": "sanction", "kind": kind, "target": "GE", "cause": "poland"},
        "voters": L.voting(board, None, "GE")}
    votes = L.vote_decisions(state)
    L.resolve(state, [(d, d.seats[0], {"vote": "yes"}) for d in votes])
    return state


def test_dod_8_7_1_ipo16_ruling_89_peace_with_the_minor_lifts_the_sanctions():
    """Sanctions carried on Germany for its war on Poland wait for Germany's answer: peace
    ends the war and its offensives, and nothing is imposed; no peace (the timeout default)
    imposes them."""
    state = _sanction_voted_on_germany_for_poland("embargo")
    board = state["board"]
    (decision,) = L.peace_decisions(state)
    assert decision.seats == ("GE",) and decision.reaction
    assert RULESET.timeout_default(state, decision, "GE") == {"peace": False}
    assert board["league"]["sanctions"] == []
    L.answer_peace(state, "GE", {"peace": True})
    assert board["minor_wars"] == [] and board["minor_offensives"] == {}
    assert board["league"]["sanctions"] == [] and state["flow"]["league_peace"] is None
    state = _sanction_voted_on_germany_for_poland("enough")
    L.answer_peace(state, "GE", {"peace": False})
    assert [s["kind"] for s in state["board"]["league"]["sanctions"]] == ["enough"]


def test_dod_8_7_1_ipo16_ruling_89_through_the_kernel_vote_then_peace_then_play_goes_on():
    """Germany (first on turn 1, here a member) moves 'enough is enough' on Japan for its war
    on Poland; every voter says yes; Japan is asked (Germany's end-of-step roll waits for its
    answer), makes peace, and political affairs go on with no sanction in force."""
    state = fresh()
    board = state["board"]
    held = [m for m in MINORS if controller(board, m) is not None]    # the rest would abstain
    board["league"]["members"] = sorted(["CH", "CW", "FR", "GE", "IT", "RU", *held])
    board["minor_wars"].append({"minor": "poland", "power": "JA", "director": None,
                                "declined": [], "since": 1})
    motion = {"option": "IPO16", "league": "sanction", "kind": "enough", "target": "JA",
              "cause": "poland"}
    (decision,) = open_decisions(state)
    assert decision.seats == ("GE",) and motion in decision.options
    state = apply(RULESET, state, "GE", decision.id, motion, seed=SEED).state
    assert state["flow"]["step"] == "league"
    kinds = []
    for vote in open_decisions(state):
        out = apply(RULESET, state, vote.seats[0], vote.id, {"vote": "yes"}, seed=SEED)
        state, kinds = out.state, kinds + [e.kind for e in out.events]
    (peace,) = open_decisions(state)
    assert peace.kind == "league_peace" and peace.seats == ("JA",)
    assert "end_of_step_roll" not in kinds and "political_affairs_over" not in kinds
    assert state["flow"]["activation"] is None
    out = apply(RULESET, state, "JA", peace.id, {"peace": True}, seed=SEED)
    state = out.state
    # then Germany's activation (the minors' yes votes marked them for it, 8.5) or its roll
    assert state["flow"]["step"] == "activate" or {"end_of_step_roll", "political_affairs_over"} \
        & {e.kind for e in out.events}
    assert state["board"]["minor_wars"] == [] and state["board"]["league"]["sanctions"] == []
    assert state["flow"]["step"] != "league" and state["flow"]["league_peace"] is None


def test_dod_8_7_1_ipo16_ruling_84_uncontrolled_minors_abstain_and_defeat_a_sanction():
    """'Enough is enough' on Germany for its war on France: every member votes; the minors
    nobody controls abstain, so even every cast vote for it does not carry it."""
    state = fresh()
    board = state["board"]
    _war(board, "GE", "FR")
    silent = [m for m in sorted(MINORS) if controller(board, m) is None]
    assert silent
    L.play(state, "CW", {"option": "IPO16", "league": "sanction", "kind": "enough",
                         "target": "GE", "cause": "FR"}, NO_DICE)
    assert state["flow"]["league_vote"]["abstaining"] == silent
    events = L.resolve(state, [(d, d.seats[0], {"vote": "yes"}) for d in L.vote_decisions(state)])
    assert events[0].data["carried"] is False and board["league"]["sanctions"] == []
