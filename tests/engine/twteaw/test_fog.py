"""Fog of war per nation (TWTEAW "Miscellaneous", digest §6.1): own and allied exact, the rest
as colour bands; the kernel's leak check covers every audience and catches a planted leak."""

from __future__ import annotations

from engine.kernel import audiences, view
from engine.kernel.leaks import find_leaks, find_order_leaks
from engine.rulesets.twteaw import RULESET, fog
from engine.rulesets.twteaw.ruleset import TheWarToEndAllWars

from .positions import fresh


def test_twteaw_allies_share_one_status_of_all_their_units():
    state = fresh()
    seen = view(RULESET, state, "seat:germany")
    assert sorted(seen["known"]) == ["austria_hungary", "germany"]
    assert seen["known"]["austria_hungary"]["units"]["lemberg"] == {"artillery": 2, "infantry": 6}


def test_twteaw_a_neutral_sees_only_its_own_status():
    state = fresh()
    assert sorted(view(RULESET, state, "seat:italy")["known"]) == ["italy"]
    assert sorted(view(RULESET, state, "side:italy")["known"]) == ["italy"]
    assert view(RULESET, state, "public")["known"] == {}


def test_twteaw_enemy_strength_shows_as_colour_bands():
    assert [fog.band(n) for n in (0, 5, 6, 20, 21)] == ["black", "black", "yellow", "yellow", "red"]
    state = fresh()
    seen = view(RULESET, state, "seat:germany")
    assert seen["bands"]["alsace-lorraine"] == {"france": "yellow"}      # 16 units
    assert seen["bands"]["warsaw"] == {"russia": "yellow"}               # 10 units
    assert seen["bands"]["normandy"] == {"france": "black"}              # 1 unit
    assert "cologne" not in seen["bands"]                                 # German: known exactly
    assert "france" not in seen["known"]


def test_twteaw_an_empty_territory_looks_like_a_small_garrison():
    state = fresh()
    state["secret"]["france"]["units"].pop("corsica", None)
    assert view(RULESET, state, "seat:germany")["bands"]["corsica"] == {"france": "black"}


def test_twteaw_alliances_change_what_a_seat_may_see():
    state = fresh()
    state["board"]["sides"]["britain"] = "allied"
    assert sorted(fog.entitled(state, "seat:britain")) == ["britain", "france", "russia", "serbia"]
    assert "britain" in fog.entitled(state, "side:allied")


def test_twteaw_no_audience_sees_hidden_state():
    state = fresh()
    for audience in audiences(RULESET, state):
        assert find_leaks(RULESET, state, audience) == [], audience
        assert find_order_leaks(RULESET, state, {}, audience) == [], audience


class LeakyBank(TheWarToEndAllWars):
    """A planted leak: every view shows France's bank."""

    def view(self, state, audience):
        out = super().view(state, audience)
        out["board"]["gossip"] = state["secret"]["france"]["bank"]
        return out


def test_twteaw_a_planted_leak_is_caught_for_every_audience_not_entitled():
    state = fresh()
    leaky = LeakyBank()
    caught = {a: find_leaks(leaky, state, a) for a in audiences(leaky, state)}
    assert caught["seat:germany"] == ["/board/gossip"]
    assert caught["public"] == ["/board/gossip"]
    assert caught["seat:france"] == [] and caught["side:allied"] == []
    assert caught["seat:russia"] == []                    # an ally of France: entitled


def test_twteaw_battle_reports_go_to_the_nations_that_fought():
    from engine.kernel import events_for

    from .positions import empty_board, put, resolve
    state = empty_board(fresh())
    put(state, "germany", "posen", infantry=1)
    put(state, "russia", "warsaw", infantry=1)
    events = resolve(state, {"germany": {"moves": [{"from": "posen", "to": "warsaw", "units": {"infantry": 1},
                                                    "rounds": 1}]}},
                     {"battle warsaw attack r1": [9], "battle warsaw defence r1": [9, 9]})
    seen = {a: [e["kind"] for e in events_for(RULESET, state, events, a)]
            for a in ("seat:italy", "seat:austria_hungary", "seat:russia", "public")}
    assert "battle" in seen["public"] and "battle_report" not in seen["public"]
    assert "battle_report" not in seen["seat:italy"]
    assert "battle_report" in seen["seat:russia"] and "battle_report" in seen["seat:austria_hungary"]
    assert "income" not in seen["public"] and "bought" not in seen["seat:italy"]
