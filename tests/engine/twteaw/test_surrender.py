"""Surrender (TWTEAW "Surrender", Phase 1.3, rule 11; rulings 86–95): the offer, the vote
weighted by income, the terms, the war tribute, the return to the war, victory by surrender,
and who learns what."""

from __future__ import annotations

import copy
import math

import pytest

from engine.kernel import IllegalAction, MalformedAction, audiences, events_for, view
from engine.kernel.leaks import find_leaks
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import surrender as S
from engine.rulesets.twteaw.economy import income_of

from .positions import empty_board, fresh, put, resolve

CENTRAL = ["austria_hungary", "germany"]


@pytest.fixture
def state():
    return empty_board(fresh())


def offer(state, nation="serbia"):
    """Turn T: `nation` offers; the offer reaches the voters at the end of the turn."""
    return resolve(state, {nation: {"surrender": True}}, {})


def test_twteaw_1_3_an_offer_reaches_the_other_side_and_no_neutral(state):
    events = offer(state)
    assert state["secret"]["germany"]["offers_received"] == ["serbia"]
    assert state["secret"]["austria_hungary"]["offers_received"] == ["serbia"]
    assert state["secret"]["serbia"]["offer_made"] == 1
    seen = {a: [e["kind"] for e in events_for(RULESET, state, events, a)]
            for a in ("seat:germany", "seat:serbia", "seat:italy", "public")}
    assert "surrender_offered" in seen["seat:germany"] and "surrender_offered" in seen["seat:serbia"]
    assert "surrender_offered" not in seen["seat:italy"] and "surrender_offered" not in seen["public"]
    assert "serbia" not in str(view(RULESET, state, "seat:italy")["known"])
    assert "serbia" not in str(view(RULESET, state, "public")["board"]["surrendered"])
    for audience in audiences(RULESET, state):
        assert find_leaks(RULESET, state, audience) == [], audience


def test_twteaw_1_3_a_missing_ballot_accepts(state):
    offer(state)
    events = resolve(state, {}, {})
    assert "surrender_accepted" in [e.kind for e in events]
    assert state["board"]["sides"]["serbia"] == "neutral"
    assert not any("serbia" in p for p in state["board"]["war"])
    assert state["board"]["surrendered"]["serbia"]["victors"] == CENTRAL


def test_twteaw_1_3_the_vote_is_weighted_by_income(state):
    offer(state)
    weight = {n: state["secret"][n]["income"] for n in CENTRAL}
    assert weight["germany"] > weight["austria_hungary"] > 0     # the real incomes of August 1914
    declined = copy.deepcopy(state)
    events = resolve(declined, {"germany": {"surrender_votes": {"serbia": "decline"}}}, {})
    vote = next(e for e in events if e.kind == "surrender_vote")
    assert vote.data["weights"] == weight and vote.data["decline"] == weight["germany"]
    assert "surrender_declined" in [e.kind for e in events]
    assert declined["board"]["sides"]["serbia"] == "allied" and "serbia" not in declined["board"]["surrendered"]
    events = resolve(state, {"austria_hungary": {"surrender_votes": {"serbia": "decline"}}}, {})
    assert "surrender_accepted" in [e.kind for e in events]       # Germany's votes outweigh


def test_twteaw_1_3_a_tie_is_no_majority(state):
    offer(state)
    for n in CENTRAL:
        state["secret"][n]["income"] = 30
    events = resolve(state, {"germany": {"surrender_votes": {"serbia": "decline"}}}, {})
    assert "surrender_declined" in [e.kind for e in events]


def test_twteaw_1_3_ballots_reach_the_parties_weights_the_voters_the_outcome_everyone(state):
    offer(state)
    events = resolve(state, {"germany": {"surrender_votes": {"serbia": "decline"}}}, {})
    seen = {a: events_for(RULESET, state, events, a) for a in ("seat:germany", "seat:serbia", "seat:italy")}
    kinds = {a: [e["kind"] for e in got] for a, got in seen.items()}
    assert "surrender_vote" in kinds["seat:germany"] and "surrender_ballots" in kinds["seat:serbia"]
    assert "weights" not in str(seen["seat:serbia"])           # the voters' incomes stay theirs
    assert next(e for e in seen["seat:serbia"] if e["kind"] == "surrender_ballots")["data"]["ballots"] == \
        {"austria_hungary": "accept", "germany": "decline"}
    assert "surrender_vote" not in kinds["seat:italy"] and "surrender_ballots" not in kinds["seat:italy"]
    assert "surrender_declined" in kinds["seat:italy"]


@pytest.mark.parametrize("orders,error", [
    ({"surrender_votes": {"serbia": "maybe"}}, MalformedAction),
    ({"surrender_votes": ["serbia"]}, MalformedAction),
    ({"surrender": "yes"}, MalformedAction),
    ({"surrender_votes": {"russia": "accept"}}, IllegalAction),
])
def test_twteaw_1_3_bad_ballots_are_refused_and_change_nothing(state, orders, error):
    offer(state)
    before = copy.deepcopy(state)
    with pytest.raises(error):
        O.validate(state, "germany", orders)
    assert state == before


def test_twteaw_1_3_only_a_nation_at_war_offers(state):
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "italy", {"surrender": True})
    assert err.value.code == "not_at_war"


def test_twteaw_surrender_terms_return_territory_and_send_units_home(state):
    state["board"]["control"]["bosnia"] = "serbia"        # Serbia took Bosnia from Austria
    state["board"]["incorporated"]["bosnia"] = {"by": "serbia", "turn": 1, "kind": "conquest"}
    put(state, "serbia", "bosnia", infantry=3)
    put(state, "russia", "serbia", infantry=2)            # an ally's troops on Serbian soil
    put(state, "serbia", "macedonia", infantry=1)
    state["board"]["trenches"]["bosnia>serbia"] = {"by": "serbia"}
    offer(state)
    events = resolve(state, {}, {})
    terms = next(e for e in events if e.kind == "surrender_terms").data
    assert terms["returned"] == ["bosnia"]
    assert state["board"]["control"]["bosnia"] == "austria_hungary"
    assert "bosnia" not in state["board"]["incorporated"]
    assert "bosnia>serbia" not in state["board"]["trenches"]     # changed hands: the trench goes
    units = state["secret"]["serbia"]["units"]
    assert "bosnia" not in units and units["serbia"]["infantry"] >= 3      # nearest Serbian ground
    russian = state["secret"]["russia"]["units"]
    assert "serbia" not in russian and sum(s.get("infantry", 0) for s in russian.values()) >= 2
    RULESET.check_invariants(state)


def test_twteaw_surrender_tribute_a_quarter_for_twelve_turns(state):
    offer(state)
    for turn in range(2, 2 + 12 + 1):
        bank = {n: state["secret"][n]["bank"] for n in ("serbia", *CENTRAL)}
        events = resolve(state, {}, {})
        income = income_of(state, "serbia")
        assert state["board"]["turn"] == turn + 1
        paid = [e.data for e in events if e.kind == "tribute"]
        if turn < 2 + 12:
            due = math.ceil(income / 4)
            assert paid[0]["paid"] == due and sum(paid[0]["to"].values()) == due
            assert state["secret"]["serbia"]["bank"] == bank["serbia"] + income - due
            assert state["secret"]["serbia"]["tribute"][-1] == {"turn": turn, "paid": due, "to": paid[0]["to"]}
        else:
            assert paid == []                             # two full years have passed
    assert len(state["secret"]["serbia"]["tribute"]) == 12      # "two full years (12 turns)"
    assert income_of(state, "serbia") > 0


def test_twteaw_surrender_the_tribute_is_split_evenly(state):
    for area in ("bulgaria", "greece"):                   # Serbian conquests of long ago: 10 a turn
        state["board"]["control"][area] = "serbia"
        state["board"]["incorporated"][area] = {"by": "serbia", "turn": -20, "kind": "conquest"}
    offer(state)
    resolve(state, {}, {})
    assert income_of(state, "serbia") == 10
    line = state["secret"]["serbia"]["tribute"][0]
    assert line["paid"] == 3 and line["to"] == {"austria_hungary": 2, "germany": 1}   # remainder by name
    assert state["secret"]["germany"]["tribute"][0]["from"] == "serbia"
    assert "serbia" not in str(view(RULESET, state, "seat:italy")["known"])


def test_twteaw_surrender_once_and_the_return_to_war(state):
    offer(state)
    resolve(state, {}, {})                                # accepted on turn 2
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "germany", {"declare": ["serbia"]})
    assert err.value.code == "victor_may_not_declare"
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "serbia", {"surrender": True})
    assert err.value.code == "not_at_war"
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "germany", {"influence": ["serbia"]})
    assert err.value.code == "not_influenced"
    while state["board"]["turn"] <= 2 + S.PEACE_TURNS:      # three full turns of peace
        with pytest.raises(IllegalAction) as err:
            O.validate(state, "serbia", {"declare": ["austria_hungary"]})
        assert err.value.code == "peace_turns"
        resolve(state, {}, {})
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "serbia", {"declare": ["italy"]})
    assert err.value.code == "only_on_victors"
    paid = len(state["secret"]["serbia"]["tribute"])
    events = resolve(state, {"serbia": {"declare": ["austria_hungary"]}}, {})
    assert "war_resumed" in [e.kind for e in events]
    assert state["board"]["sides"]["serbia"] == "allied"
    assert "austria_hungary|serbia" in state["board"]["war"] and "germany|serbia" in state["board"]["war"]
    assert len(state["secret"]["serbia"]["tribute"]) == paid      # no tribute once at war again
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "serbia", {"surrender": True})
    assert err.value.code == "surrendered_once"


def test_twteaw_11_victory_by_surrender(state):
    state["board"]["conquered"] = ["france", "russia"]
    offer(state)
    resolve(state, {}, {})
    assert state["board"]["result"] == {"winners": CENTRAL, "reason": "surrender", "side": "central"}


def _play_turn(state, written):
    """Every seat writes its orders (`written`, else none) and says ready: the kernel's path."""
    from engine.kernel import decisions
    from engine.kernel import simultaneous as K
    from engine.kernel.leaks import find_order_leaks

    from .positions import SEED
    book: K.Book = {}
    group = decisions(RULESET, state)[0].group
    for d in decisions(RULESET, state):
        book = K.write_order(RULESET, state, book, d.seats[0], d.id, written.get(d.seats[0], {}))
    for audience in audiences(RULESET, state):
        assert find_order_leaks(RULESET, state, book, audience) == [], audience
    events = []
    for seat in sorted(state["kernel"]["sides"]):
        outcome = K.set_ready(RULESET, state, book, seat, group, True, seed=SEED)
        state, events = outcome.state, events + list(outcome.events)
    return state, events


def test_twteaw_1_3_an_offer_and_a_ballot_written_and_resolved_through_the_kernel(state):
    state, _ = _play_turn(state, {"serbia": {"surrender": True}})
    assert state["secret"]["germany"]["offers_received"] == ["serbia"]
    state, events = _play_turn(state, {"germany": {"surrender_votes": {"serbia": "decline"}},
                                       "austria_hungary": {"surrender_votes": {"serbia": "decline"}}})
    assert "surrender_declined" in [e["kind"] for e in events_for(RULESET, state, events, "public")]
    assert state["board"]["sides"]["serbia"] == "allied" and state["secret"]["germany"]["offers_received"] == []


def test_twteaw_surrender_out_of_the_war_and_every_listed_set_stays_legal(state):
    from engine.rulesets.twteaw.nations import SEATS
    from engine.rulesets.twteaw.suggestions import suggestions
    offer(state)
    resolve(state, {}, {})
    for n in SEATS:
        state["secret"][n]["bank"] = 100                  # every seat may influence and buy
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "russia", {"declare": ["serbia"]})
    assert err.value.code == "out_of_the_war"
    with pytest.raises(IllegalAction) as err:
        O.validate(state, "germany", {"influence": ["serbia"]})
    assert err.value.code == "not_influenced"
    for turn in range(3, 3 + 13):                         # the influence target rotates by turn
        state["board"]["turn"] = turn
        for seat in SEATS:
            for listed in suggestions(state, seat):
                O.validate(state, seat, listed)


def test_twteaw_1_3_the_check_warns_of_an_offers_terms_and_of_an_unanswered_one(state):
    checked = RULESET.options(state, "serbia", None, {"check": {"surrender": True}})[0]
    assert [w["code"] for w in checked["warnings"]] == ["surrender_offer"]
    assert checked["warnings"][0]["to"] == CENTRAL
    offer(state)
    checked = RULESET.options(state, "germany", None, {"check": {}})[0]
    assert [w["code"] for w in checked["warnings"]] == ["surrender_unanswered"]
    voted = RULESET.options(state, "germany", None, {"check": {"surrender_votes": {"serbia": "decline"}}})[0]
    assert voted["warnings"] == []
