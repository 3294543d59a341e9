"""FA 11.9 — a stack's destinations are memoised on the position and the stack: the options
listing, the validation of the chosen move and selfplay's check ask the same stack again."""

from engine.rulesets.fatal_alliances import movement
from engine.rulesets.fatal_alliances import position as fa_position
from engine.rulesets.fatal_alliances.movement import destinations

from .positions import corps, position


def _count(monkeypatch) -> list[tuple[str, ...]]:
    asked: list[tuple[str, ...]] = []
    real = movement._destinations

    def counting(state, unit_ids):
        asked.append(tuple(unit_ids))
        return real(state, unit_ids)

    monkeypatch.setattr(movement, "_destinations", counting)
    return asked


def test_fa_11_9_the_same_stack_in_the_same_position_is_searched_once(monkeypatch):
    fa_position.clear_memo()
    asked = _count(monkeypatch)
    s = position([corps("g", "germany", "2,2"), corps("h", "germany", "2,2")], width=9, split=9)
    first = destinations(s, ["g"])
    assert destinations(s, ["g"]) == first and "4,2" in first
    assert destinations(s, ["g", "h"]) == first           # same allowance, same reach
    assert asked == [("g",), ("g", "h")]


def test_fa_11_9_an_enemy_arriving_next_door_is_a_new_search_that_stops_at_its_zoc(monkeypatch):
    fa_position.clear_memo()
    asked = _count(monkeypatch)
    free = position([corps("g", "germany", "2,2"), corps("r", "russia", "8,0")],
                    width=9, split=9)
    near = position([corps("g", "germany", "2,2"), corps("r", "russia", "4,2")],
                    width=9, split=9)
    assert "5,2" in destinations(free, ["g"])
    assert "3,2" in destinations(near, ["g"]) and "5,2" not in destinations(near, ["g"])
    assert len(asked) == 2
