"""The concerns index of a written-orders decision (engine/kernel/concerns.py): an answer is a
whole order set, so TWTEAW builds the index from the decision's data alone instead of building
every suggested set for every view of every audience (the leak-checked selfplay spent three
quarters of its time there)."""

from engine.kernel.game import decisions, new_game
from engine.kernel.ruleset import Ruleset
from engine.kernel.selfplay import Chooser, game_seed, play_written_group
from engine.rulesets.twteaw import RULESET, orders


def test_twteaw_order_set_keys_name_no_unit_or_place_field():
    named = set(RULESET.unit_fields) | set(RULESET.place_fields)
    assert not named & set(orders.KEYS)


def test_twteaw_concerns_equal_the_default_index_in_a_running_game():
    seats = [seat["id"] for seat in RULESET.scenario("europe-1914")["seats"]]
    state, _ = new_game(RULESET, "europe-1914", {"turns": 4}, seats, game_seed(5, 0), "g")
    chooser = Chooser(5, 0)
    compared = 0
    for _ in range(3):   # three resolved turns: units at the fronts, suggestions of moves
        for decision in decisions(RULESET, state):
            seat = decision.seats[0]
            assert RULESET.concerns(state, seat, decision) == Ruleset.concerns(
                RULESET, state, seat, decision)
            compared += 1
        group = decisions(RULESET, state)[0].group
        state = play_written_group(RULESET, state, group, chooser, game_seed(5, 0), [])
    assert compared >= 3 * len(seats) - 3, compared
    assert state["board"]["turn"] >= 4, state["board"]["turn"]
