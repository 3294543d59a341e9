"""DoD 5 — the steps of a turn that are automatic in this slice: the weather (7), production
(10: income, production.py), and the end of turn (13) that advances the date; and DoD 4, the three ways
the game ends: an ideology fully conquered (checked after military affairs), an ideology
holding its needed objectives (at the end of a turn; RULING 34 for the proxy), or the last
turn played."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import (
    cession,
    civil_war,
    elections,
    land_claims,
    league,
    national,
    politics,
    war,
    war_economy,
)
from .control import control_table
from .powers import IDEOLOGIES, POWERS, SEATS
from .production import income as income_of
from .tables import BIMONTHS, FIRST_YEAR, NEEDED_MINORS, WEATHER_CHART

State = dict[str, Any]


def date_of(turn: int) -> str:
    """DoD 1 — two-month turns from Jan/Feb 1936."""
    return f"{BIMONTHS[(turn - 1) % 6]} {FIRST_YEAR + (turn - 1) // 6}"


def weather_for(bimonth: str, roll: int) -> str:
    """DoD 7 — cross-index the roll with the turn's column (our chart: tables.WEATHER_CHART)."""
    for highest, weather in WEATHER_CHART[bimonth]:
        if roll <= highest:
            return weather
    raise AssertionError(f"the weather chart has no row for {roll}")


def roll_weather(state: State, roller: Roller) -> list[Event]:
    board = state["board"]
    bimonth = BIMONTHS[(board["turn"] - 1) % 6]
    roll = roller.d(10, "weather")
    board["weather"] = weather_for(bimonth, roll)
    return [Event("weather", "DoD 7", {"roll": roll, "weather": board["weather"]})]


def after_weather(state: State) -> str:
    """Political affairs start from the first initiative position (8)."""
    state["flow"].update(cursor=0, played_step=0, ended=False)
    return politics.seek(state)


def production(state: State, roller: Roller) -> list[Event]:
    """DoD 10.1 — income from factories, resources and the production multiple, with the
    protectionist and free-trader additions (production.py, rulings 144-147), after the
    embargoes, tributes and markers that end are lifted; the spending follows (10.2)."""
    board = state["board"]
    events = war_economy.lift_embargoes(board) + cession.end_tributes(board) \
        + land_claims.end_markers(board)                 # GE 10, GE 14
    paid = {p: income_of(board, p) for p in sorted(board["powers"])}
    for power, income in paid.items():
        board["powers"][power]["money"] += income
    # DoD 10.4: each side of a civil war builds from its own resources and factories
    return [*events, Event("income", "DoD 10.1", {"income": paid}),
            *civil_war.production(board), *national.deliver_army(board)]


def end_turn(state: State, roller: Roller) -> list[Event]:
    """DoD 13 — close the turn: count turns of negative PE (MP 0(a)'s cheaper dice), clear the
    turn's plays and bids, advance the date; the game ends after the scenario's last turn."""
    board = state["board"]
    elected = elections.end_of_turn(board)      # DoD 8.7.1 IPO 10: late and US elections
    elected += league.lapse(board)              # DoD 8.7.1 IPO 16: sanctions run out (RULING 87)
    for entry in board["powers"].values():
        entry["negative_pe_turns"] = entry["negative_pe_turns"] + 1 if entry["pe"] < 0 else 0
        entry["played"], entry["mp0_played"], entry["mp_played"] = 0, False, []
    board["ipos_played"] = []
    held = ideology_holdings(board)
    # DoD 4.1 (bitter end): play goes on until two ideologies are conquered (RULING 64)
    reached = [] if board["bitter_end"] else [i for i in IDEOLOGIES
                                              if held[i] >= NEEDED_MINORS[i]]
    if reached:
        scored = final_result(board)
        board["result"] = {**scored, "winners": scored["winners"], "reason": "objectives_held"}
        return [*elected, Event("game_over", "DoD 4", {"reason": "objectives_held",
                                                        "ideologies": reached, "held": held})]
    if board["turn"] >= board["last_turn"]:
        board["result"] = final_result(board)
        return [*elected, Event("game_over", "DoD 13", {"reason": "turns_played"})]
    board["turn"] += 1
    board["date"] = date_of(board["turn"])
    board["weather"] = None
    return [*elected, Event("new_turn", "DoD 13", {"turn": board["turn"],
                                                    "date": board["date"]})]


def _ranked(scores: dict[str, int]) -> list[list[str]]:
    """Keys by score, highest first, equal scores sharing a place."""
    values = sorted(set(scores.values()), reverse=True)
    return [sorted(k for k in scores if scores[k] == v) for v in values]


def ideology_holdings(board: dict[str, Any]) -> dict[str, int]:
    """RULING 26: the minors each ideology's powers control stand in for its objectives."""
    held = {i: 0 for i in IDEOLOGIES}
    for power in control_table(board).values():
        if power is not None:
            held[POWERS[power].ideology] += 1
    return held


def after_military(state: State) -> str:
    """DoD 4 — after military affairs: the game ends if an ideology is fully conquered; with
    the optional bitter end (4.1, RULING 64) only when two are."""
    board = state["board"]
    if board["bitter_end"]:
        gone = war.conquered_ideologies(board)
        if len(gone) < 2:
            return "production"
        scored = final_result(board)
        board["result"] = {**scored, "winners": scored["winners"], "reason": "bitter_end",
                           "conquered_ideologies": gone}
        return "over"
    fallen = war.ideology_conquered(board)
    if fallen is None:
        return "production"
    scored = final_result(board)
    board["result"] = {**scored, "winners": scored["winners"], "reason": "ideology_conquered",
                       "conquered": fallen}
    return "over"


def final_result(board: dict[str, Any]) -> dict[str, Any]:
    """DoD 3.14 / 13 — the result after the last turn. RULING 26: the objectives are on the
    absent map, so each minor a power controls on the Status Display (8.1.2) counts as one
    objective it holds, and nothing is needed (the printed needed totals count map objectives).
    The ideology with the most wins, tied ideologies share the win (every power of a winning
    ideology is a winner); the placements rank the ideologies, then the powers within each by
    their own minors, equal scores sharing a place."""
    held = {p: 0 for p in SEATS}
    for power in control_table(board).values():
        if power is not None:
            held[power] += 1
    by_ideology = {i: sum(held[p] for p in SEATS if POWERS[p].ideology == i) for i in IDEOLOGIES}
    placements: list[dict[str, Any]] = []
    place = 1
    for ideologies in _ranked(by_ideology):
        members = {p: held[p] for p in SEATS if POWERS[p].ideology in ideologies}
        for seats in _ranked(members):
            placements.append({"place": place, "seats": seats})
            place += len(seats)
    winning = _ranked(by_ideology)[0]
    return {"winners": sorted(p for p in SEATS if POWERS[p].ideology in winning),
            "reason": "turns_played", "turn": board["turn"], "ideologies": winning,
            "placements": placements, "minors_held": held, "ideology_scores": by_ideology}


def after_turn(state: State) -> str:
    if state["board"]["result"] is not None:
        return "over"
    state["flow"].update(bids_revealed=False, spent=False, committed=False)
    return "initiative"
