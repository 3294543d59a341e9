"""DoD 8.7.1 IPO 5 Minor Joins In, 8.7.2 MP 4 (the director's free alignment), 12.3 (aligned
minors at peace): RULINGS 71-76."""

from __future__ import annotations

from engine.rulesets.days_of_decision import alignment as AL
from engine.rulesets.days_of_decision import minor_army as MA
from engine.rulesets.days_of_decision import minor_war as MW
from engine.rulesets.days_of_decision import options as O
from engine.rulesets.days_of_decision.control import controller
from engine.rulesets.days_of_decision.markers import add_markers
from engine.rulesets.days_of_decision.military import commit_decisions
from engine.rulesets.days_of_decision.new_world_order import stacked_minors
from engine.rulesets.days_of_decision.powers import SEATS
from engine.rulesets.days_of_decision.turn import date_of
from tests.engine.scripted_dice import ScriptedDice

from .positions import answer, fresh, open_decisions

NO_DICE = ScriptedDice({})


def _france_at_war(turn: int = 13):
    """France first on the track, at war with Germany, Poland stacked with it and allied to it
    alone; every power has 40 army points and 20 money."""
    state = fresh()
    board = state["board"]
    board["turn"], board["date"], board["weather"] = turn, date_of(turn), "fine"
    board["initiative"] = ["FR"] + [p for p in board["initiative"] if p != "FR"]
    for entry in board["powers"].values():
        entry.update(army=40, money=20)
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": turn - 1})
    board["display"]["poland"] = board["display"]["FR"]
    board["alliances"]["poland"] = ["FR"]
    return state, board


def test_dod_8_7_1_ipo5_ruling_71_at_war_stacked_allied_alone_and_eligible():
    state, board = _france_at_war()
    assert {"option": "IPO5", "minor": "poland"} in O.legal_options(board, "FR")
    board["wars"] = []                                           # at war with no major power
    assert AL.actions(board, "FR") == []
    board["wars"].append({"aggressor": "GE", "target": "FR", "since": 12})
    board["alliances"]["poland"] = ["FR", "CW"]                  # (c) allied to another
    assert AL.actions(board, "FR") == []
    board["alliances"]["poland"] = ["CW"]                        # not allied to France
    assert AL.actions(board, "FR") == []
    board["alliances"]["poland"] = ["FR"]
    board["display"]["poland"] = board["display"]["CW"]          # not stacked
    assert AL.actions(board, "FR") == []
    # (a) the US may not control a minor that does not list it under its flag (8.1.2)
    board["wars"].append({"aggressor": "GE", "target": "US", "since": 12})
    board["display"]["poland"] = board["display"]["US"]
    board["alliances"]["poland"] = ["US"]
    assert AL.actions(board, "US") == []


def test_dod_8_7_1_ipo5_ruling_72_through_the_kernel_markers_ties_0b_and_war():
    state, board = _france_at_war()
    board["guarantees"]["poland"] = ["CW"]
    board["modifiers"]["poland"] = {"GE": -2, "RU": 1}
    state["secret"]["IT"]["minor_ap"] = {"poland": 2}
    outcome = answer(state, "FR", {"option": "IPO5", "minor": "poland"}, kind="option")
    new = outcome.state["board"]
    assert new["aligned"] == {"poland": "FR"}
    assert new["powers"]["FR"]["money"] == 20 - 2
    assert "poland" not in new["modifiers"] and "poland" not in new["guarantees"]
    assert new["alliances"]["poland"] == ["FR"]
    # its forces set up, Italy's secret 0(b) points revealed to everyone (12 + 2 years + 2)
    assert new["minor_forces"]["poland"]["army"] == 16
    assert outcome.state["secret"]["IT"]["minor_ap"] == {}
    shown = [e for e in outcome.events if e.kind == "minor_forces_set_up"]
    assert shown[0].data["from_0b"] == {"IT": 2} and shown[0].audience is None
    # at war with France's enemy, directed by France, no surprise for Germany
    assert [(w["power"], w["director"], w.get("joined")) for w in new["minor_wars"]] == [
        ("GE", "FR", True)]


def test_dod_8_7_1_ipo5_ruling_72_an_aligned_minor_is_controlled_and_named_by_no_option():
    state, board = _france_at_war()
    O.play_option(state, "FR", {"option": "IPO5", "minor": "poland"}, NO_DICE)
    board["display"]["poland"] = board["display"]["GE"]          # its old hex means nothing
    assert controller(board, "poland") == "FR"
    assert add_markers(board, "GE", {"poland": -3}) == [] and "poland" not in board["modifiers"]
    assert "poland" not in stacked_minors(board, "GE")
    board["ipos_played"] = []
    for power in SEATS:
        named = [a for a in O.legal_options(board, power) if a.get("minor") == "poland"]
        assert named == [], (power, named)
    assert not MW.may_declare_on_minor(board, "IT", "poland")


def test_dod_8_7_1_ipo5_ruling_73_it_fights_every_enemy_of_its_aligner_sealed_with_the_rest():
    state, board = _france_at_war()
    O.play_option(state, "FR", {"option": "IPO5", "minor": "poland"}, NO_DICE)
    AL.sync(state)
    # Italy declares on France: it is at war with France's aligned minor too (MP 4)
    board["powers"]["IT"]["mp_played"] = []
    board["wars"].append({"aggressor": "IT", "target": "FR", "since": 13})
    AL.sync(state)
    assert sorted(w["power"] for w in board["minor_wars"] if w["minor"] == "poland") == [
        "GE", "IT"]
    state["flow"].update(step="military", committed=False)
    asked = {d.kind: d for d in commit_decisions(state) if d.kind == "minor_commit"}
    assert asked["minor_commit"].seats == ("FR",)
    assert asked["minor_commit"].data["enemies"] == ["GE", "IT"]


def test_dod_8_7_1_ipo5_ruling_74_at_peace_it_returns_allied_with_its_forces_recorded():
    state, board = _france_at_war()
    board["guarantees"]["poland"] = ["CW"]
    O.play_option(state, "FR", {"option": "IPO5", "minor": "poland"}, NO_DICE)
    AL.sync(state)
    board["minor_forces"]["poland"]["army"] = 9                   # after some fighting
    where = board["display"]["FR"]
    board["display"]["poland"] = board["display"]["CW"]
    # Germany surrenders unconditionally to France through the kernel: France at peace
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    outcome = answer(state, "GE", {"option": "MP5", "to": "FR", "terms": "unconditional"},
                     kind="option")
    new = outcome.state["board"]
    assert new["aligned"] == {} and new["minor_wars"] == []
    assert new["display"]["poland"] == where and new["alliances"]["poland"] == ["FR"]
    assert "poland" not in new["guarantees"]
    assert new["minor_forces"]["poland"]["army"] == 9
    assert new["minor_forces"]["poland"]["mobilised"] is False
    assert "aligned_minor_returns" in [e.kind for e in outcome.events]


def test_dod_8_7_1_ipo5_mp4_ruling_76_a_director_at_war_with_the_declarer_aligns_free():
    state, board = _france_at_war()
    board["alliances"]["poland"] = ["CW"]                         # no IPO 5 for France
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    state = answer(state, "GE", {"option": "MP4", "minor": "poland"}, kind="option").state
    board = state["board"]
    direct = [d for d in open_decisions(state) if d.kind == "direct"][0]
    assert direct.seats == ("FR",)
    assert {"direct": True, "align": True} in direct.options
    money = board["powers"]["FR"]["money"]
    new = answer(state, "FR", {"direct": True, "align": True}, kind="direct").state["board"]
    assert new["aligned"] == {"poland": "FR"}
    assert new["powers"]["FR"]["money"] == money                   # free: no card cost
    assert new["alliances"].get("poland") is None                  # the CW's alliance goes


def test_dod_8_7_1_ipo5_mp4_ruling_76_a_director_not_at_war_with_the_declarer_may_not():
    state, board = _france_at_war()
    board["wars"] = []
    board["alliances"]["poland"] = ["CW"]
    board["initiative"] = ["GE"] + [p for p in board["initiative"] if p != "GE"]
    state = answer(state, "GE", {"option": "MP4", "minor": "poland"}, kind="option").state
    direct = [d for d in open_decisions(state) if d.kind == "direct"][0]
    assert direct.options == ({"direct": True}, {"direct": False})


def test_dod_8_7_1_ipo5_ruling_73_a_war_the_minor_joined_gives_its_enemy_no_surprise():
    state, board = _france_at_war()
    O.play_option(state, "FR", {"option": "IPO5", "minor": "poland"}, NO_DICE)
    war = MW.war_on(board, "poland", "GE")
    assert int(war["since"]) == int(board["turn"])            # joined this very turn
    report = MA.fight(board, war, 6, 6)
    assert report["modified"] == {"GE": "6", "poland": "6"}     # fine weather, no doubling


def test_dod_8_7_1_ipo5_ruling_73_the_aligned_minor_s_front_is_fought_through_the_turn():
    """Aligned by IPO 5 through the kernel, Poland fights Germany at the military step on its
    own front (France answering its sealed commitment), the invariants holding all the way."""
    from engine.rulesets.days_of_decision import RULESET

    state, board = _france_at_war()
    state = answer(state, "FR", {"option": "IPO5", "minor": "poland"}, kind="option").state
    seen, answered, fought = [], set(), []
    for _ in range(400):
        RULESET.check_invariants(state)
        if state["board"]["turn"] != 13:       # the turn is over
            break
        decision = next(d for d in open_decisions(state) if d.id not in answered)
        answered.add(decision.id)
        if decision.kind == "minor_commit":
            seen.append(decision.seats)
        state, events = play_one(state, decision)
        fought += [e.data for e in events if e.kind == "minor_front_combat"]
    assert seen == [("FR",)]
    assert [(f["power"], f["minor"]) for f in fought] == [("GE", "poland")]
    assert fought[0]["modified"]["GE"] == str(fought[0]["committed"]["GE"])   # no surprise
    assert state["board"]["aligned"] == {"poland": "FR"}


def play_one(state, decision):
    from engine.kernel import apply
    from engine.rulesets.days_of_decision import RULESET

    from .positions import SEED
    first = RULESET.timeout_default(state, decision, decision.seats[0])
    outcome = apply(RULESET, state, decision.seats[0], decision.id, first, seed=SEED)
    return outcome.state, outcome.events

