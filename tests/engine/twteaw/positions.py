"""Helpers for TWTEAW rule tests: a fresh game, positions set by hand, loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from engine.kernel import IllegalAction, new_game
from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw import orders as O
from engine.rulesets.twteaw import resolution as R
from engine.rulesets.twteaw.nations import SEATS
from tests.engine.scripted_dice import ScriptedDice

SEED = b"twteaw-tests".ljust(32, b".")


def fresh(turns: int = 26) -> dict[str, Any]:
    state, _ = new_game(RULESET, "europe-1914", {"turns": turns}, list(SEATS), SEED, "test")
    return state


def empty_board(state: dict[str, Any]) -> dict[str, Any]:
    """No units anywhere (no ships either), no money."""
    for secret in state["secret"].values():
        secret["units"] = {}
        secret["fleets"] = {}
        secret["bank"] = 0
    return state


def put(state: dict[str, Any], nation: str, area: str, **units: int) -> None:
    stack = state["secret"][nation]["units"].setdefault(area, {})
    for unit, n in units.items():
        stack[unit] = stack.get(unit, 0) + n


# The neutrals' drift each turn (Phase 9): a 1 on the die is 0 points, unless a case says more.
QUIET = {"drift ottoman": [1], "drift italy": [1]}


class LoadedDice(ScriptedDice):
    """Dice from a script (the combat keys are "battle <area> attack|defence r<round>"); the
    `QUIET` drift dice may be used or not."""

    def __init__(self, script: dict[str, list[int]]):
        super().__init__(script, optional=QUIET, game_uid="loaded")


def resolve(state: dict[str, Any], written: dict[str, dict[str, Any]], dice: dict[str, list[int]]) -> list:
    """Resolve one turn with the given orders (validated as a seat would write them)."""
    orders = {n: O.validate(state, n, o) for n, o in written.items()}
    for seat in SEATS:
        orders.setdefault(seat, O.normalise({}))
    roller = LoadedDice(dice)
    events = R.resolve_turn(state, orders, roller)
    assert roller.left() == {}, f"unused dice: {roller.left()}"
    return events


def units(state: dict[str, Any], nation: str, area: str) -> dict[str, int]:
    return dict(state["secret"][nation]["units"].get(area, {}))


def reactions(state: dict[str, Any], event: str, subject: str, value: int = 1) -> dict[str, list[int]]:
    """Dice for one Table A row (diplomacy.table_a) with every roll `value` (1: no points),
    for the neutrals of `state` as it will be when the row is applied."""
    from engine.rulesets.twteaw import diplomacy as D
    from engine.rulesets.twteaw.nations import INACTIVE, MAIN_WAR, NATIONS
    row = D.TABLE_A[event]
    near = D.neighbours_of(subject)
    out: dict[str, list[int]] = {}
    for nation in sorted(NATIONS):
        if nation in (subject, "britain") or state["board"]["sides"][nation] in MAIN_WAR:
            continue
        if nation in INACTIVE:          # no reaction while inactive (rulings 148, 156)
            continue
        column = nation if nation in D.MAJOR_COLUMNS else "neighbour" if nation in near else "distant"
        if isinstance(row.get(column), int) and row[column] != 0:
            out[f"table-a {event} {nation}"] = [value]
    return out


def march(frm: str, to: str, rounds: int | None = None, **land: int) -> dict[str, Any]:
    """A land move order (`rounds`: how many rounds its attack stays, when it attacks)."""
    move: dict[str, Any] = {"from": frm, "to": to, "units": land}
    if rounds is not None:
        move["rounds"] = rounds
    return move


def refused(state: dict[str, Any], nation: str, orders: dict[str, Any]) -> IllegalAction:
    """The refusal `orders` gets from the order check (the test fails if it is accepted)."""
    with pytest.raises(IllegalAction) as err:
        O.validate(state, nation, orders)
    return err.value
