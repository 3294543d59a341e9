"""Days of Decision III (`days_of_decision`): the third slice (issue #24).

Registered in engine/rulesets/__init__.py SHIPPED and a product (`product = True`): the game
can end in the rulebook's three ways (4: an ideology conquered, an ideology holding its needed
objectives, the last turn; the abstract war in ruling 32, the objectives in rulings 148-152),
and its page offers every decision's
answers as choice buttons (the adapter's bid and option editors too), so the CI's newcomer path
(scripts/newcomer_check.py clicks the first offered order) plays it. What is still absent is
listed in docs/rules/days_of_decision.md ("Coverage matrix", "What is still missing").
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, MalformedAction, Roller
from engine.kernel.flow import FlowRuleset
from engine.kernel.game import copy_json
from engine.kernel.model import Audience

from . import cession, league, military, minor_army, national, spending
from . import options as mp_options
from .catalogue import CATALOGUE
from .control import control_table
from .display import HEXES, POWER_START, zone
from .migrations import MIGRATIONS
from .minors import MINORS
from .powers import IDEOLOGIES, IDEOLOGY_TITLES, POWERS, SEATS, TURN_ONE_ORDER
from .production import table as income_table
from .steps import FLOW
from .tables import TURNS
from .turn import date_of
from .world import political_map

State = dict[str, Any]
TURNS_OPTION = {"id": "turns", "type": "integer", "default": TURNS, "min": 1, "max": TURNS,
                "title": "Turns (the full game has 66)"}
BITTER_END_OPTION = {"id": "bitter_end", "type": "boolean", "default": False,
                     "title": "Bitter end (DoD 4.1 optional rule): play on until two "
                              "ideologies are conquered"}

MANIFEST = {
    "title": "Days of Decision III",
    "scenarios": [
        {"id": "1936", "title": "Jan/Feb 1936 — eight major powers", "map": None,
         "seats": [{"id": p, "side": POWERS[p].ideology, "title": POWERS[p].title,
                    "colour": POWERS[p].colour} for p in SEATS],
         "sides": [{"id": i, "title": IDEOLOGY_TITLES[i]} for i in IDEOLOGIES],
         "options": [TURNS_OPTION, BITTER_END_OPTION], "max_actions": 40 * TURNS, "hidden_information": True,
         "simultaneous": True, "selfplay_requires": ["bid", "drop", "option", "spend"],
         "selfplay_requires_in_run": ["activate", "shift"]},
    ],
}


def _reference() -> dict[str, Any]:
    """What the browser needs to name and explain the board, derived from the data: the minors'
    titles, every display hex's zone, and the implemented options' rows (cost, pending type,
    minor effects). Static and public: no state reaches it."""
    return {
        "minors": {m: MINORS[m].title for m in sorted(MINORS)},
        "zones": {h: list(zone(h)) for h in HEXES},
        "options": {row.id: {"number": row.number, "name": row.name, "kind": row.kind,
                             "rule": row.rule, "cost": row.cost, "pending": row.pending,
                             "minor_effects": dict(row.minor_effects), "note": row.note}
                    for row in CATALOGUE.values() if row.status == "implemented"},
    }


def build_state(options: dict[str, Any]) -> State:
    """DoD 3.2 — powers on their tracks and display hexes, minors on theirs, the fixed turn-1
    initiative order (every power plays one option on turn 1, 6)."""
    powers: dict[str, dict[str, Any]] = {p: {"pe": POWERS[p].pe, "face_down": POWERS[p].face_down,
                  "money": POWERS[p].money, "credit_limit": POWERS[p].credit_limit,
                  "bid_points": POWERS[p].bid_points, "income": POWERS[p].income,
                  "army": 0, "naval": 0, "negative_pe_turns": 0, "played": 0, "mp0_played": False,
                  "mp_played": [], "free_trader": p == "US",  # IPO 18: the US starts free
                  "effort_until": 0, "efforts": 0,    # IPO 20: the last turn raised, plays
                  "owed": [],                         # DoD 8.2: owed options, oldest first
                  "voted_period": None}               # IPO 10: first year of the period voted
              for p in SEATS}
    return {
        "flow": {"step": "weather", "bids_revealed": True, "drop": [], "cursor": 0,
                 "played_step": 0, "ended": False, "spent": False, "activation": None,
                 "committed": False, "directing": None, "peace_asked": [],
                 "league_vote": None,                   # IPO 16: the motion being voted
                 "league_peace": None,                  # IPO 16: a sanctioned power's choice
                 "coup": None},                         # IPO 4: the cell holders still asked
        "board": {
            "turn": 1, "date": date_of(1), "last_turn": int(options["turns"]),
            # DoD 4.1 (optional): only two conquered ideologies end the game early
            "bitter_end": bool(options.get("bitter_end", False)),
            "weather": None, "powers": powers, "initiative": list(TURN_ONE_ORDER),
            "bids": {p: {"bid": 0, "options": 1, "final": "0"} for p in SEATS},
            "last_bidder": TURN_ONE_ORDER[-1],
            "display": {**{p: POWER_START[p] for p in SEATS},
                        **{m: MINORS[m].start for m in MINORS}},
            "ipos_played": [], "result": None,
            # DoD 8.4.3 markers {minor: {power: n}}, IPO 3 alliances and IPO 12 guarantees
            # {minor: [powers]}, MP 0(e) coup cells {minor: [powers]}
            "modifiers": {}, "alliances": {}, "guarantees": {}, "coup_cells": {},
            **war_state(),
        },
        "secret": {p: {"minor_ap": {}} for p in SEATS},
    }


def war_state() -> dict[str, Any]:
    """DoD 3.2, MP 3, MP 4 — treaties {"A-B": {"level", "signed"}} (France's level-1 treaties
    with Italy and the Soviet Union, 6 turns old at the start, are printed in 3.2), this
    turn's proposals and 0(f) answers, the war graph, casus belli {power: [targets]},
    offensives {"A>B": n}, the conquered powers, the lapse turn of a casus belli that lapses
    {"holder>against": turn} (IPO 9), and the US entry totals {power: fraction}
    (DoD 11, all 0 at the start: the book prints no starting values), the embargoes (IPO 19)
    and the combined war aims (IPO 13), the US government (IPO 10: Democrats or Republicans)."""
    return {"treaties": {"FR-IT": {"level": 1, "signed": -5}, "FR-RU": {"level": 1, "signed": -5}},
            "proposals": [], "accepts": {}, "wars": [], "casus_belli": {}, "offensives": {},
            "conquered": [], "conquered_by": {}, "casus_belli_until": {}, "us_entry": {p: "0" for p in SEATS},
            "minor_wars": [], "minors_conquered": {}, "unavenged": [], "aligned": {},
            "naval_treaty": [],                 # IPO 15: members, none at start
            "league": league.initial(),         # IPO 16: members, credit, sanctions
            "minor_forces": {}, "minor_offensives": {}, "embargoes": [], "war_aims": [],
            "us_government": "democratic",
            # DoD 9.5: the minors in civil war {minor: its two sides}, and the minors whose
            # rebels won one (their future minor effects are reversed, IPO 4)
            "civil_wars": {}, "rebel_governments": [],
            "national": national.initial()}       # 8.7.2 national options (version 18)


REFERENCE = _reference()


class DaysOfDecision(FlowRuleset):
    id = "days_of_decision"
    # 1: the first slice. 2: minor markers and activation (8.4.3, 8.5), IPO 3, 12, 17, 18 and
    # MP 0(e). 3: treaties (MP 3, 0(f)), war (MP 4), the abstract war and conquest (9, 12), the
    # early endings (4). 4: surrender and peace (MP 5), IPO 11 and pacts left without levels,
    # US entry (11.2, US 4) (migrations.py).
    # 5: war on minors (MP 4, 12.2). 6: directors decline and make peace (MP 4), the unavenged
    # minor's PE penalty (IPO 3, IPO 12). 7: the minors' own army and naval points fight the
    # abstract war and are conquered by offensives (IPO 5 set-up, 9.3, 12.2).
    # 8: the War Chart (2.6, 8.4.4). 9: embargo and national effort (IPO 19, IPO 20),
    # combined war aims (IPO 13). 10: owed options (8.2) and IPO 9 Spies, casus belli that
    # lapses, the Treaty Chart (2.5), the optional bitter end (4.1). 11: elections (IPO 10,
    # MP 0(c)), late elections and the US government (Republican US entry). 12: IPO 5 Minor
    # Joins In and the director's free alignment (MP 4): the aligned state (RULINGS 71-76).
    # 13: IPO 15 Naval Treaty and 10.3. 14: IPO 16 League of Nations (league.py, RULINGS 82-89).
    # 15: IPO 4 Coup (coup.py, RULINGS 90-95). 16: the coup cells' reaction window (RULING 91).
    # 17: the minor civil war (civil_war.py, 9.5, 10.4) and IPO 7/8 (RULINGS 96-104).
    # 18: the national options of 8.7.2 (national.py, RULINGS 105-): the catalogue complete.
    # 19: the political map (world.py, RULINGS 113-117) and GE 7 Anschluss on it (118-120).
    # 20: IT 7, a 0(f) answering national options (CH 6), JA 6's limited war (RULINGS 121-).
    # 21: GE 8 / GE 10 demands and their blockers CW 6, CW 7, FR 8 (RULINGS 129-133).
    # 22: GE 9 Czech rump; a minor's conquest level less what GE 8 / GE 10 took (RULINGS 134-).
    # 23: GE 13 / GE 14 Balkan land claims: option resource markers in minors (RULINGS 138-143).
    # 24: income from factories, resources and the PM, 10.1 / 10.1.1 (RULINGS 144-147).
    # 25: victory by the 67 objectives of DoD 4 (objectives.py, RULINGS 148-152).
    version = "25"
    migrations = MIGRATIONS
    manifest = MANIFEST
    product = True
    flow = FLOW

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> State:
        state = build_state(options)
        FLOW.enter(state, "weather", roller)
        return state

    def validate(self, state: State, seat: str, decision: Decision, action: Any) -> Any:
        if decision.kind == "commit":
            return military.validate(state["board"], seat, action)
        if decision.kind == "minor_commit":
            return minor_army.validate(state["board"], str(decision.data["minor"]), action)
        return spending.validate(state["board"], seat, action)

    def options(self, state: State, seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        """The spending decision's suggested purchases and the war's suggested commitments; any
        other within budget (within the army, one a front) is legal too."""
        if query is not None:
            raise MalformedAction(f"the {decision.kind} decision takes no query")
        if decision.kind == "commit":
            return [{"action": a} for a in military.suggestions(state["board"], seat)]
        if decision.kind == "minor_commit":
            return [{"action": a} for a in minor_army.suggestions(state["board"],
                                                                 str(decision.data["minor"]))]
        return [{"action": a} for a in spending.suggestions(state["board"], seat)]

    def view(self, state: State, audience: Audience) -> dict[str, Any]:
        """Everything on the board is public (tracks, display, revealed bids); a power's secret
        purchases for minors (MP 0(b)) reach only that power's seat and side. Sealed bids are
        the kernel's and never in the state the view reads."""
        entitled = self.audience_seats(state, audience)
        return {
            "flow": {k: state["flow"][k] for k in ("step", "cursor", "ended")},
            "board": copy_json(state["board"]),
            "control": control_table(state["board"]),       # DoD 8.1.2, derived from the board
            "income": income_table(state["board"]),         # DoD 10.1, derived from the board
            "activation": copy_json(state["flow"].get("activation")),
            "secret": {p: copy_json(state["secret"][p]) for p in sorted(entitled)},
            "reference": REFERENCE,                             # static: the same for everyone
        }

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state["board"]["result"]
        return result

    def check_invariants(self, state: State) -> None:
        board = state["board"]
        assert sorted(board["initiative"]) == sorted(SEATS), "the track holds every power once"
        for power, entry in board["powers"].items():
            assert min(entry["bid_points"], entry["army"], entry["naval"]) >= 0, \
                f"{power} has negative points"
            assert entry["played"] <= max(board["bids"][power]["options"], 0) or \
                board["turn"] == 1, f"{power} played more options than it bid for"
        for piece, hex_id in board["display"].items():
            assert hex_id in HEXES, f"{piece} is off the display at {hex_id}"
        marked = [board["display"][p] for p in SEATS]
        assert len(marked) == len(set(marked)), "two powers share a display hex"
        for power in SEATS:
            assert zone(board["display"][power])[0] == POWERS[power].ideology, \
                f"{power} has left its ideology"
        for minor, allies in board["alliances"].items():
            assert 0 < len(allies) <= 2, f"{minor} has {len(allies)} alliances (IPO 3)"
        for minor, held in board["modifiers"].items():
            assert held and all(held.values()), f"{minor} keeps an empty or zero marker"
        for option in board["ipos_played"]:
            assert CATALOGUE[option].kind == "ipo", f"{option} is not an IPO"
        for war in board["wars"]:
            assert war["aggressor"] != war["target"] and POWERS[war["aggressor"]].ideology != \
                POWERS[war["target"]].ideology, f"a war inside an ideology: {war}"
            assert not {war["aggressor"], war["target"]} & set(board["conquered"]), \
                "a conquered power is still at war"
        for key, treaty in board["treaties"].items():
            a, b = key.split("-")
            assert 0 <= treaty["level"] <= (3 if POWERS[a].ideology == POWERS[b].ideology else 2), \
                f"treaty {key} at level {treaty['level']}"
            assert not any(w for w in board["wars"] if {w["aggressor"], w["target"]} == {a, b}), \
                f"treaty or pact {key} between powers at war"
        if "conquered_by" in board:         # version 25 (DoD 4, RULING 149)
            assert set(board["conquered_by"]) == set(board["conquered"]), \
                "every conquered power, and only they, has its conquerors recorded"
            assert all(set(by) <= set(SEATS) for by in board["conquered_by"].values())
        if "minor_forces" in board:         # version 7 on (an older step's check has none)
            for minor, held in board["minor_forces"].items():
                assert min(held["army"], held["naval"]) >= 0, f"{minor} has negative points"
                assert held["mobilised"] == any(w["minor"] == minor
                                                for w in board["minor_wars"]), \
                    f"{minor}'s forces are mobilised out of war, or at war unmobilised"
            for minor in {w["minor"] for w in board["minor_wars"]}:
                assert minor in board["minor_forces"], f"{minor} is at war without forces"
                assert minor_army.into(board, minor) <= minor_army.conquest_level(board, minor), \
                    f"offensives into {minor} pass its conquest level"
        for minor, power in board.get("aligned", {}).items():     # version 12 (IPO 5)
            assert minor not in board["minors_conquered"], f"{minor} is aligned and conquered"
            assert minor not in board["modifiers"], f"{minor} is aligned and holds markers"
            assert set(board["alliances"].get(minor, [power])) == {power} and \
                minor not in board["guarantees"], f"{minor} is aligned and tied to another"
        league_now = board.get("league")                    # version 14 (IPO 16)
        if league_now is not None:
            assert all(c in POWERS or c in MINORS for c in league_now["members"]), \
                "a League member that is no country"
            for power, raised in league_now["credit"].items():
                assert power in league_now["members"] and raised > 0, \
                    f"{power} keeps League credit outside the League"
        for power, secret in state["secret"].items():
            assert all(ap > 0 for ap in secret["minor_ap"].values()), f"{power}'s 0(b) ledger"
        for minor, civil in board.get("civil_wars", {}).items():    # version 17 (9.5)
            sides = civil["sides"]
            assert minor not in board["minors_conquered"] and not any(
                w["minor"] == minor for w in board["minor_wars"]), f"{minor} in civil war at war"
            assert sum(int(s["offensives"]) for s in sides.values()) == \
                minor_army.conquest_level(board, minor), f"{minor}'s civil-war offensives"
            assert all(min(s["army"], s["naval"], s["offensives"]) >= 0 and s["director"]
                       in s["plays"] for s in sides.values()), f"{minor}'s civil-war sides"

        national_now = board.get("national")                  # version 18 (8.7.2 6-14)
        if national_now is not None:
            assert all(CATALOGUE[o].power and CATALOGUE[o].status == "implemented"
                       for o in national_now["played"]), "a national option played that is none"
            assert set(national_now["neutrality"]) <= {"pass", "veto"}, "a US 6 vote unknown"
            assert national_now["rhineland"] in (None, "GE", "FR"), "the Rhineland's holder"
            for territory, power in national_now.get("home", {}).items():      # version 19
                demanded = (territory, power) in {(t, "GE") for _, t in cession.DEMANDS.values()}
                assert power in POWERS and territory in political_map().territories \
                    and (demanded or board["minors_conquered"].get(
                        political_map().territories[territory].owner) == power), \
                    f"{territory} joined {power}'s home country"
            for territory, power in national_now.get("colonies", {}).items():  # version 20
                assert power in POWERS and territory in political_map().territories, \
                    f"{territory} became {power}'s colony"
            assert all(d["option"] in cession.DEMANDS                         # version 21
                       for d in national_now.get("demands", [])), "a demand that is none"
            assert set(national_now.get("blocked", {})) <= set(cession.DEMANDS), "blocked"
            assert all(p == "GE" for p in national_now.get("tribute", {}).values()), "tribute"
            for minor, held in national_now.get("markers", {}).items():       # version 23
                assert minor in MINORS and all(p in POWERS and int(n) > 0
                                               for p, n in held.items()), f"markers in {minor}"
            for territory, minor in national_now.get("claims", {}).items():     # version 23
                assert minor in MINORS and territory in political_map().territories, territory

    def describe_action(self, state: State, decision: Decision, action: Any) -> str:
        if decision.kind == "option":
            return mp_options.describe(action)
        if decision.kind == "spend":
            return ", ".join(f"{action[k]} {k.replace('_', ' ')}" for k in spending.ITEMS)
        if decision.kind == "direct":
            if action.get("align"):
                return "direct the minor and align it (MP 4)"
            return "direct the minor" if action["direct"] else "decline to direct the minor"
        if decision.kind == "minor_peace" and action.get("align"):
            return f"align {MINORS[action['align']].title} (MP 4)"
        if decision.kind == "minor_peace":
            return (f"make peace for {MINORS[action['minor']].title} with "
                    f"{POWERS[action['with']].title}" if action["peace"] else "keep the war")
        if decision.kind == "activate":
            return f"activate {MINORS[action['minor']].title}"
        if decision.kind == "shift":
            return f"apply the {action['marker']} marker: move to {action['to']}"
        if decision.kind in ("commit", "minor_commit"):
            return ", ".join(f"{n} against {(POWERS[f] if f in POWERS else MINORS[f]).title}"
                             for f, n in action["commit"].items())
        if decision.kind == "coup_cell":
            return "use the coup cell to stop the coup" if action["use"] else "keep the coup cell"
        if decision.kind == "league_peace":
            return "make peace to lift the sanction" if action["peace"] else "no peace"
        if decision.kind == "league_vote":
            return f"League vote for {decision.data['country']}: {action['vote']}"
        if decision.kind == "bid":
            return f"bid {action['bid']} for {action['options']} option(s)"
        return f"move to initiative position {action['position']}"


RULESET = DaysOfDecision()
