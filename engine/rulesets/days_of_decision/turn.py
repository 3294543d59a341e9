"""DoD 5 — the steps of a turn that are automatic in this slice: the weather (7), production
(10: income, production.py), and the end of turn (13) that advances the date; and DoD 4, the three ways
the game ends: an ideology fully conquered (checked after military affairs), an ideology
holding its needed objectives (at the end of a turn; objectives.py, RULINGS 148-152), or the
last turn played."""

from __future__ import annotations

from fractions import Fraction
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
from .objectives import NEEDED, NEEDED_BY_IDEOLOGY, by_ideology, held, reached, shown
from .powers import IDEOLOGIES, POWERS, SEATS
from .production import income as income_of
from .tables import BIMONTHS, FIRST_YEAR, WEATHER_CHART

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
    # DoD 4.1 (bitter end): play goes on until two ideologies are conquered (RULING 64)
    enough = [] if board["bitter_end"] else reached(board)
    if enough:
        controlled = by_ideology(held(board))
        scored = final_result(board)
        board["result"] = {**scored, "winners": scored["winners"], "reason": "objectives_held"}
        return [*elected, Event("game_over", "DoD 4", {
            "reason": "objectives_held", "ideologies": enough,
            "held": {i: shown(controlled[i]) for i in IDEOLOGIES}})]
    if board["turn"] >= board["last_turn"]:
        board["result"] = final_result(board)
        return [*elected, Event("game_over", "DoD 13", {"reason": "turns_played"})]
    board["turn"] += 1
    board["date"] = date_of(board["turn"])
    board["weather"] = None
    return [*elected, Event("new_turn", "DoD 13", {"turn": board["turn"],
                                                    "date": board["date"]})]


def _ranked(scores: dict[str, Fraction]) -> list[list[str]]:
    """Keys by score, highest first, equal scores sharing a place."""
    values = sorted(set(scores.values()), reverse=True)
    return [sorted(k for k in scores if scores[k] == v) for v in values]


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
    """DoD 4 (digest 3.14) / 13 — the result when the game ends: each power's objectives
    (objectives.held with the neutral minors' to the nearest home capital, RULINGS 148-150)
    less its needed total; each ideology's the same over its powers. The highest ideology wins,
    tied ideologies share the win (every power of a winning ideology is a winner); the
    placements rank the ideologies by that score, then the powers within each by their own,
    equal scores sharing a place (RULING 152)."""
    objectives = held(board, final=True)
    net = {p: objectives[p] - NEEDED[p] for p in SEATS}
    totals = by_ideology(objectives)
    ideology_net = {i: totals[i] - NEEDED_BY_IDEOLOGY[i] for i in IDEOLOGIES}
    placements: list[dict[str, Any]] = []
    place = 1
    for ideologies in _ranked(ideology_net):
        members = {p: net[p] for p in SEATS if POWERS[p].ideology in ideologies}
        for seats in _ranked(members):
            placements.append({"place": place, "seats": seats})
            place += len(seats)
    winning = _ranked(ideology_net)[0]
    return {"winners": sorted(p for p in SEATS if POWERS[p].ideology in winning),
            "reason": "turns_played", "turn": board["turn"], "ideologies": winning,
            "placements": placements,
            "objectives": {p: shown(objectives[p]) for p in SEATS},
            "objectives_net": {p: shown(net[p]) for p in SEATS},
            "ideology_objectives": {i: shown(totals[i]) for i in IDEOLOGIES},
            "ideology_scores": {i: shown(ideology_net[i]) for i in IDEOLOGIES}}


def after_turn(state: State) -> str:
    if state["board"]["result"] is not None:
        return "over"
    state["flow"].update(bids_revealed=False, spent=False, committed=False)
    return "initiative"
