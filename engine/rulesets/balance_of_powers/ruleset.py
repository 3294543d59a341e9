"""Balance of Powers — the ruleset: the manifest and the class (docs/rulesets.md).

The class adds set-up, views, the result and validation to the step table (steps.FLOW), which
runs the sequence of play. Where the rest lives:
- decisions.py: who decides what, step by step (the listers);
- answers.py: the option expanders and the validator of schema decisions, and the answer a
  deadline plays;
- handlers.py: the verbs that answer each decision kind;
- steps.py: the step table and the month's script cursor;
- the rules, each in its module with its steps' begin and end effects: sequence.py (the
  month as data), setup.py, economy.py, neutrals.py, admiralty.py, movement.py, supply.py,
  combat.py, odds.py, losses.py, occupy.py, victory.py; forces.py, theatre.py and tables.py
  hold the units, the map and the rulebook's tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.kernel import Decision, IllegalAction, Roller
from engine.kernel.flow import FlowRuleset
from engine.kernel.ruleset import memos_set_aside

from . import (
    answers,
    combat,
    decisions,
    naval,
    planning,
    price_of_admiralty,
    setup,
    supply,
    weather,
    whynot,
)
from . import concerns as concern_index
from .aviation import AIR_UNITS
from .fleets import NAVY_LEADERS, SHIPS
from .forces import UNITS, in_crisis, occupancy, unit_side
from .migrations import MIGRATIONS
from .mines import MAX_PER_BOX, MAX_PER_HEX, MINES, side_of_mine
from .scenarios import FIRE_IN_THE_EAST, KAISERSCHLACHT, SCENARIOS, STORM_OF_STEEL
from .sequence import MONTH_NAMES, Step
from .steps import FLOW
from .tables import CENTRAL, ENTENTE
from .theatre import SCENARIO_MAP, theatre
from .victory import bc_counts

SCENARIO = "before-the-leaves-fall"
SEATS = (("germany", CENTRAL, "Germany", "#5a5a5a"),
         ("austria_hungary", CENTRAL, "Austria-Hungary", "#c8b560"),
         ("france", ENTENTE, "France", "#3b5fae"),
         ("russia", ENTENTE, "Russia", "#3f7f4f"),
         ("britain", ENTENTE, "Britain", "#b03a2e"))

FIRE_SEATS = ("austria_hungary", "germany", "russia")   # BoP 12.2: the nations at war
KAISER_SEATS = ("britain", "france", "germany")          # BoP 12.4 (ruling 77: no U.S. seat)
STORM_SEATS = ("austria_hungary", "britain", "france", "germany", "russia")   # BoP 12.3


def _seats(seats: Any, only: Any = None) -> list[dict[str, str]]:
    return [{"id": s, "side": side, "title": title, "colour": colour}
            for s, side, title, colour in sorted(seats) if only is None or s in only]


def _sides() -> list[dict[str, str]]:
    return [{"id": CENTRAL, "title": "Central Powers"},
            {"id": ENTENTE, "title": "Entente Powers"}]


def _later_land_scenario(scenario: str, title: str, rule: str, seats: Any, max_players: int,
                         max_actions: int, **extra: Any) -> dict[str, Any]:
    """A later land scenario's entry (12.2–12.4): its seats of the five, no table options,
    sealed set-up, and the random play weights of 12.1 (see there)."""
    return {"id": scenario, "title": title, "rule": rule, "map": SCENARIO_MAP, **extra,
            "seats": _seats(SEATS, seats), "sides": _sides(),
            "players": {"min": 2, "max": max_players}, "options": [],
            "max_actions": max_actions, "hidden_information": True, "simultaneous": True,
            "selfplay_requires": ["march", "rail", "combat"],
            "selfplay_weights": {"rail": 3, "combat": 2}}


MANIFEST = {
    "title": "Balance of Powers",
    "scenarios": [
        {
            "id": SCENARIO, "title": "Before the Leaves Fall (August–October 1914)",
            "rule": "BoP 12.1", "map": SCENARIO_MAP,
            "seats": _seats(SEATS), "sides": _sides(),
            "players": {"min": 2, "max": 4},
            "options": [{"id": "secret_setup", "type": "boolean", "default": False,
                         "title": "Secret simultaneous set-up (BoP 12.1 optional set-up)"},
                        {"id": "random_neutral_entry", "type": "boolean", "default": False,
                         "title": "Neutral random entry instead of standard diplomacy "
                                  "(BoP 6.13): Britain rolls to join in August"}],
            "max_actions": 4000, "hidden_information": True, "simultaneous": True,
            "selfplay_requires": ["march", "rail", "combat"],
            # Rail is open beside many marches and `done`: weighted so no game goes without
            # one. An attack is too: a game that ends in August (the Schlieffen Plan failing,
            # 12.1) has two movement fortnights, and unweighted random play sometimes attacks
            # in neither (seed 1, games 48 and 74 of 100). Weighting attacks keeps "combat" a
            # per-game requirement: a game without one still fails the run.
            "selfplay_weights": {"rail": 3, "combat": 2},
        },
        _later_land_scenario(FIRE_IN_THE_EAST, "Fire in the East (May–October 1915)", "BoP 12.2",
                             FIRE_SEATS, 3, 8000),
        _later_land_scenario(KAISERSCHLACHT, "Kaiserschlacht (spring–November 1918)", "BoP 12.4",
                             KAISER_SEATS, 3, 12000),
        # The engine plays 12.3 on land and in the air; what is missing is listed in the rules
        # doc (12.3's naval units, the set-up editor's 1916 front line on the map).
        _later_land_scenario(
            STORM_OF_STEEL, "Storm of Steel (February–November 1916)", "BoP 12.3", STORM_SEATS,
            5, 16000,
            preview="the land and air war of 1916 plays with the optional admiralty (6.45), but "
                    "the scenario's naval units, mines and the Sea Chart are not in it yet, and "
                    "the map does not draw the 1916 front line"),
        {
            "id": price_of_admiralty.SCENARIO,
            "title": "The Price of Admiralty (May 1916)",
            "rule": "BoP 12.6", "map": SCENARIO_MAP,
            "seats": _seats(price_of_admiralty.SEATS), "sides": _sides(),
            "players": {"min": 2, "max": 2}, "options": [],
            "max_actions": 400, "hidden_information": False, "simultaneous": False,
            "selfplay_requires": ["naval_move"],
            # done is always open beside naval_move: weighted so a half moves a few forces
            "selfplay_weights": {"naval_move": 6},
        },
    ],
}


class BalanceOfPowers(FlowRuleset):
    id = "balance_of_powers"
    # 2: deadlines play the passive answer ({"pass": true} on moves), leader return (1.323),
    # random neutral entry option (6.13). 3: the state keys say what they mean (issue #14);
    # the rules fidelity fixes of issue #17 (migrations.py). 4: weather (6.51, issue #20): the
    # weather sub-phase in the month's script, bad-weather fortnights and attack costs.
    # 5: the attacker chooses the units of a stack that attack (issue #18); a leader fights
    # and advances only with the attacking units he is named among (1.323, 10.54).
    # 6: aviation (issue #20): air units, patrols and dogfights, air superiority in land
    # combat, the aerodrome phase, air procurement, repair and muster (none in 12.1's OB).
    # 7: mines (6.44, issue #21): 12.6's mines set up and attack the enemy forces that enter
    # their locations.
    # 8: 12.3's navies (ruling 101). 9: naval transport and invasion (7.6, 7.7; rulings 103,
    # 104). 10: 12.3 drops the optional admiralty (6.45) for 3.123, 7.6 and 7.7 (ruling 105).
    # 11: the CoB's navy leaders (ruling 108). 12: naval procurement and repair (6.22-6.224,
    # ruling 109): sunk ships to the force pool, the dockyards, ships' muster.
    # 13: 7.44's interrupt after mine work, 7.74's anchorage (rulings 113, 114). 14: 3.123's
    # contested boxes (ruling 117): a box carries a supply line only if the tracing side's
    # gunnery there beats the enemy's gunnery and mine factors. 15: contact in passing
    # (ruling 118): a naval move pauses where it meets the enemy on its way.
    version = "16"
    migrations = MIGRATIONS
    manifest = MANIFEST
    flow = FLOW

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> dict[str, Any]:
        if scenario == price_of_admiralty.SCENARIO:
            return price_of_admiralty.initial(SCENARIO_MAP, options)
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown Balance of Powers scenario {scenario!r}")
        state = setup.initial_state(SCENARIO_MAP, options, scenario)
        flow = state["flow"]
        flow["step"] = Step.SECRET_SETUP.value if options.get("secret_setup") else Step.SETUP.value
        return state

    def paused(self, state: dict[str, Any]) -> list[Decision]:
        return decisions.paused_decisions(state)

    def options(self, state: dict[str, Any], seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        return answers.options(state, seat, decision, query)

    def validate(self, state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
        return answers.validate(state, seat, decision, action)

    def concerns(self, state: dict[str, Any], seat: str,
                 decision: Decision) -> dict[str, list[str]]:
        return concern_index.concerns(state, seat, decision)

    def why_not(self, state: dict[str, Any], seat: str, decision: Decision, action: Any,
                refusal: IllegalAction) -> IllegalAction:
        return whynot.why_not(state, seat, decision, action, refusal)

    def timeout_default(self, state: dict[str, Any], decision: Decision, seat: str) -> Any:
        answer = answers.deadline_answer(state, decision)
        return answer if answer is not None else super().timeout_default(state, decision, seat)

    def view(self, state: dict[str, Any], audience: str) -> dict[str, Any]:
        """Everything in BoP is open (2.68) except the secret set-up, which the kernel keeps
        sealed until every side has answered."""
        th = theatre(state["board"]["map"])
        flow = state["flow"]
        incomes = planning.incomes(state)
        return {
            "flow": {"step": flow["step"], "month": flow["month"],
                     "month_name": MONTH_NAMES.get(flow["month"]), "fortnight": flow["fortnight"],
                     "side": flow["side"], "active": list(flow["active"]),
                     # 6.53, 12.1: why a seat of the half's side has nothing to decide
                     "idle": decisions.idle_reasons(state),
                     "trench": list(flow["trench"]), "breakthrough": list(flow["breakthrough"]),
                     "combat": flow["combat"], "result": flow["result"],
                     # 10.712: the losses the side choosing one still owes (the picker's tally)
                     "loss": combat.loss_tally(state, th),
                     "moves": flow["moves"], "force": flow["force"], "air": flow["air"],
                     # 3.1: every unit's supply now (judged when a force starts a move)
                     "supplied": supply.move_supply(state),
                     # 6.51: the month's weather and how many fortnights it leaves
                     "weather": weather.summary(th, flow["month"])},
            "board": {"map": state["board"]["map"], "units": state["board"]["units"],
                      "pool": list(state["board"]["pool"]),
                      "arrivals": state["board"]["arrivals"],
                      "control": state["board"]["control"], "forts": state["board"]["forts"],
                      "breaches": state["board"]["breaches"],
                      "landing": state["board"].get("landing"),
                      # 7.74: the anchorage a taken landing turned into (12.3)
                      "anchorage": state["board"].get("anchorage"),
                      "infrastructure": state["board"]["infra"],
                      # 1.322, 6.3: air units with their steps and patrols, pool and arrivals
                      "air": state["board"]["air"], "air_pool": state["board"]["air_pool"],
                      "air_due": state["board"]["air_due"],
                      # 12.6 and the standard admiralty (6.41): ships, steps, navy leaders
                      **({"fleets": naval_fleets(state),
                          "admirals": state["board"]["admirals"],
                          # 6.44: mines are open (2.68), where each lies or its pool
                          "mines": state["board"].get("mines", {}),
                          # 5.11, 6.223, 6.224: the ships' force pool and the dockyards (open,
                          # as the land pool and arrivals are)
                          "ship_pool": state["board"].get("ship_pool", []),
                          "dockyard": state["board"].get("dockyard", {}),
                          "refit_admirals": state["board"].get("refit_admirals", {}),
                          "naval": naval_view(state)}
                         if "fleets" in state["board"] else {})},
            # 2.92: crisis is the demoralization marker at its national limit; 5.21: a major
            # at war's income at the next seasonal turn (derived, beside its balance)
            "powers": {nation: {**power, "crisis": in_crisis(state, nation),
                                **({"income": incomes[nation]} if nation in incomes else {})}
                       for nation, power in state["powers"].items()},
            "ti": state["ti"], "plans": state["plans"],
            "diplomacy": state.get("diplomacy", {}),
            "ti_benefits": state.get("ti_benefits", {}),
            "bargaining_chips": bc_counts(state, th),
            # The numbers a player plans with: the victory conditions and August's plans.
            "victory": planning.status(state, th),
        }

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return state["flow"]["result"]

    def clear_caches(self) -> None:
        """Forget the decision, option and supply memos; selfplay proves their keys."""
        decisions.clear_cache()
        answers.clear_cache()
        concern_index.clear_cache()
        supply.clear_cache()

    @contextmanager
    def caches_set_aside(self) -> Iterator[None]:
        with memos_set_aside(*decisions.MEMOS, *answers.MEMOS, *concern_index.MEMOS,
                             *supply.MEMOS):
            yield

    def check_invariants(self, state: dict[str, Any]) -> None:
        th = theatre(state["board"]["map"])
        for uid, air in state["board"]["air"].items():   # 1.322, 6.73
            assert uid in AIR_UNITS and air["at"] in th.terrain and air["steps"] in (1, 2), uid
            assert uid not in state["board"]["air_pool"], f"{uid} both on the map and pooled"
        occ = occupancy(state)
        for loc, here in occ.items():
            assert loc in th.terrain and (th.terrain[loc] != "water" or all(
                unit_side(state, u) == ENTENTE for u in here)), f"CP unit on water {loc}"
            sides = {unit_side(state, u) for u in here if UNITS[u].corps}
            assert len(sides) <= 1, f"enemies share {loc}: {here}"
            nations = {UNITS[u].nation for u in here if UNITS[u].corps}
            assert not {"britain", "france"} <= nations, f"British and French stacked in {loc}"
            assert sum(1 for u in here if UNITS[u].kind == "leader") <= 1, f"two leaders in {loc}"
            n = sum(1 for u in here if UNITS[u].corps)
            assert n <= 6, f"overstacked {loc}: {n}"
        for nation, power in state["powers"].items():
            assert power["rp"] >= 0, f"{nation} RP below 0"
        if "fleets" in state["board"]:
            naval_invariants(state, th)

    def describe_action(self, state: dict[str, Any], decision: Decision, action: Any) -> str:
        return f"{decision.kind} {action}"


# Issue #27: the sub-phase's per-ship facts of the naval flow (6.43, 7.22): the views carry
# them on each ship's entry rather than in lists and maps under `/board/naval`, so that one
# ship's move patches that ship (one op) instead of its place, the force list and the spent
# map (three ops, each with its own path). A ship's status (in the force in motion, or done)
# is said by the number of its force, so that another force setting out makes the ships of
# the one before done without an op on each of them.
_PER_SHIP = ("force", "done", "spent", "clearing", "force_id", "force_no")


def naval_fleets(state: dict[str, Any]) -> dict[str, Any]:
    """`board.fleets` as the views show it. A ship that moved or worked this sub-phase gains
    `nmp` (the NMP it spent, 7.22), `force` (the number of the force it last set out or worked
    in, 1, 2 … in the half) and `clearing` (it cleared a mine, 6.446). Its status (6.43) is
    implied: the ships of the highest `force` on the board are the force in motion, those of
    a lower one are done; `move` ("force", "done" or "free": out of its force and not done,
    so it may set out again) is there only where the implied status is wrong (a force that
    stopped with no other after it, a ship left behind, a ship back in port by 8.5). Other
    ships' entries are the state's own."""
    nf = state["flow"].get("naval") or {}
    spent, force, done = nf.get("spent", {}), set(nf.get("force", ())), set(nf.get("done", ()))
    clearing, numbers = set(nf.get("clearing", ())), nf.get("force_no", {})
    if not (spent or force or done or clearing):
        return state["board"]["fleets"]
    fleets = state["board"]["fleets"]
    latest = max((numbers[uid] for uid in fleets if uid in numbers), default=0)
    out = {}
    for uid, ship in fleets.items():
        if uid in spent or uid in force or uid in done or uid in clearing:
            ship = dict(ship)
            if uid in clearing:
                ship["clearing"] = True
            if uid in spent:
                ship["nmp"] = spent[uid]
            status = "force" if uid in force else "done" if uid in done else "free"
            implied = None
            if uid in numbers:
                ship["force"] = numbers[uid]
                implied = "force" if numbers[uid] == latest else "done"
            if status != implied:
                ship["move"] = status
        out[uid] = ship
    return out


def naval_view(state: dict[str, Any]) -> dict[str, Any]:
    """`board.naval` as the views show it: the naval track and the sub-phase's flow, less the
    per-ship facts `naval_fleets` puts on the ships and the force's pairing id (8.24: the
    engine's own bookkeeping, which no player reads)."""
    merged = {**state["naval"], **state["flow"]["naval"]}
    for key in _PER_SHIP:
        merged.pop(key, None)
    return merged


def naval_invariants(state: dict[str, Any], th: Any) -> None:
    """12.6 (1.3, 7.54, 8.31): every ship a known one with 1 or 2 steps on water, in a port or
    in a Sea Chart box (never a grey space); every navy leader aboard a ship of his type."""
    boxes = naval.chart(th).boxes
    for uid, ship in state["board"]["fleets"].items():
        assert uid in SHIPS and ship["steps"] in (1, 2), uid
        at = ship["at"]
        assert at in th.water or at in th.ports or at in naval.canal_hexes(th) or (
            at in boxes and boxes[at].kind != "grey"), f"{uid} at {at}"
    pool, yard = state["board"].get("ship_pool", []), state["board"].get("dockyard", {})
    for uid in pool:     # 5.11, 6.223, 6.224: a ship is in one place only
        assert uid in SHIPS and uid not in state["board"]["fleets"] and uid not in yard, uid
    assert pool == sorted(set(pool)), "ship pool"
    waiting = state["flow"].get("ship_muster", [])
    for leader, ship in state["board"].get("refit_admirals", {}).items():
        # 6.224: his ship is under repair, or out of the dockyard this month and not yet placed
        assert (yard.get(ship, {}).get("refit") or ship in waiting) and (
            leader not in state["board"]["admirals"]), f"{leader} waits for {ship}"
    for leader, aboard in state["board"]["admirals"].items():
        assert aboard in state["board"]["fleets"] and (
            SHIPS[aboard].kind == NAVY_LEADERS[leader].rides), f"{leader} on {aboard}"
    laid: dict[tuple[str, str], int] = {}
    for mid, at in state["board"].get("mines", {}).items():     # 6.44
        assert mid in MINES, mid
        if at in ("pool", "force_pool", "dockyard"):
            assert (at == "dockyard") == (mid in state["board"].get("dockyard", {})), mid
            continue
        assert at in th.water or (at in boxes and boxes[at].kind != "grey"), f"{mid} at {at}"
        key = (at, side_of_mine(mid))
        laid[key] = laid.get(key, 0) + 1
        assert laid[key] <= (MAX_PER_BOX if at in boxes else MAX_PER_HEX), f"mines in {at}"


RULESET = BalanceOfPowers()
