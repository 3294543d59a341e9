"""US trade and the naval blockade that cuts it (TWTEAW 1.4, 4.2.6, Phase 9 "Variable US Trade";
rulings 97–104, version 5).

While the USA is neutral it trades with both camps: each receiver adds a fixed amount to its
Phase 8 income (`AMOUNTS`). A main-war nation stops one receiver's trade for one turn by
**declaring a blockade** of it in its orders (`"blockade": ["germany"]`, Phase 1.4, renewed turn
by turn) and keeping ships on the **`blockade` naval mission** (4.2.6, `naval.py`) in every sea
zone of the receiver's route (`route`). The route holds when, after the sea battles of the
turn, each of its zones still has afloat a blockading task force of the declarer's side at war
with the receiver; then the receiver's trade is lost this turn (ruling 100). A route zone
whose blockaders were all sunk breaks the blockade.

Public (ruling 102): the declarations and whether each cut the trade (`board.blockades`), and
what each receiver got (`board.us_trade`) — the amounts are the rulebook's, and a blockade of
US trade is news that moves US opinion. Which zones held goes to the declarers only.

Not built: the blockade of resource transfers (there are no transfers yet), enemy ships kept
from sailing through or out of a blockaded zone, submarines and USW, the US Entry track and the
US gear-up that ends the trade (ruling 10).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction

from .nations import MAIN_WAR, NATIONS
from .war import allied, at_war, side
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 1.4"
AMOUNTS = {"britain": 10, "germany": 8, "france": 5, "russia": 5}   # Variable US Trade
OFF_SHEET = "sea-of-okhotsk"          # Russia's Pacific route: not on the Europe sheet (ruling 99)
BASE_ROUTES = {"britain": ("northern-atlantic", "middle-atlantic"), "germany": ("skagerrak",),
               "france": ("middle-atlantic",), "russia": ("norwegian-sea", OFF_SHEET)}


def route(state: State, target: str) -> tuple[str, ...]:
    """The sea zones that must all be blockaded to cut `target`'s US trade (Phase 9, ruling 98):
    Germany's also runs through the Middle Atlantic once it has incorporated Brest."""
    zones = BASE_ROUTES[target]
    if target == "germany":
        record = state["board"]["incorporated"].get("brest")
        if record is not None and record["by"] == "germany":
            zones = (*zones, "middle-atlantic")
    return zones


def trade_of(state: State, nation: str) -> int:
    """The US trade `nation` is owed this turn, before any blockade (ruling 97): Britain only
    once it is out of neutrality; none to a conquered nation."""
    if nation not in AMOUNTS or nation in state["board"]["conquered"]:
        return 0
    if nation == "britain" and side(state, nation) not in MAIN_WAR:
        return 0
    return AMOUNTS[nation]


def received(state: State, nation: str) -> int:
    """Phase 8: what `nation` collects from the USA this turn (0 when blockaded)."""
    record = state["board"]["blockades"].get(nation)
    return 0 if record is not None and record["cut"] else trade_of(state, nation)


# --- orders (Phase 1.4) ----------------------------------------------------------------------

def normalise(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) and t for t in value):
        raise MalformedAction("blockade is a list of nation ids")
    return sorted(set(value))


def _refuse(code: str, data: dict[str, Any], message: str, rule: str = RULE) -> IllegalAction:
    return IllegalAction(rule, code, data, message)


def check(state: State, nation: str, targets: list[str], naval_rows: list[dict[str, Any]],
          declared: set[str]) -> None:
    """Refuse the first illegal blockade declaration (ruling 101)."""
    w = world()
    stations = {str(r["path"][-1] if r["path"] else r["from"])
                for r in naval_rows if r["mission"] == "blockade"}
    for target in targets:
        if target not in NATIONS or target == nation:
            raise _refuse("no_such_nation", {"nation": target}, f"{target!r} is not a nation you can blockade.")
        if side(state, nation) not in MAIN_WAR:
            raise _refuse("neutral_may_not_blockade", {"nation": target},
                          "Only a nation in the main war declares a blockade.")
        if not at_war(state, nation, target) and target not in declared:
            raise _refuse("undeclared", {"nation": target},
                          f"You are not at war with {NATIONS[target].title}: declare war on it first "
                          "(in this turn's orders) to blockade it.", "TWTEAW 1.1")
        if target not in AMOUNTS:
            raise _refuse("no_us_trade", {"nation": target},
                          f"{NATIONS[target].title} receives no US trade to blockade (only "
                          f"{', '.join(NATIONS[t].title for t in sorted(AMOUNTS))} do).")
        zones = route(state, target)
        if OFF_SHEET in zones:
            raise _refuse("route_off_sheet", {"nation": target, "zone": OFF_SHEET},
                          f"{NATIONS[target].title}'s US trade also comes by the Sea of Okhotsk, "
                          "which is not on this map: it cannot be blockaded here.")
        if not stations & set(zones):
            names = " and ".join(w.areas[z].name for z in zones)
            raise _refuse("blockade_without_ships", {"nation": target, "zones": list(zones)},
                          f"A blockade of {NATIONS[target].title} needs your ships on a blockade "
                          f"mission in {names} (an ally's may hold the others).")


def warnings(state: State, nation: str, targets: list[str], naval_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A blockade task force off every declared route only holds its zone (ruling 103)."""
    w = world()
    covered = {z for t in targets for z in route(state, t)}
    out = []
    for row in naval_rows:
        zone = str(row["path"][-1] if row["path"] else row["from"])
        if row["mission"] == "blockade" and zone not in covered:
            out.append({"code": "blockade_without_declaration", "zone": zone,
                        "message": f"Your blockade in {w.areas[zone].name} cuts no US trade: no "
                                   "blockade you declare runs through it (it stays there, aggressive)."})
    return out


# --- resolution (after the sea battles of Phase 4.3; collected in Phase 8) ---------------------

def resolve(state: State, orders: dict[str, dict[str, Any]], blockaders: list[dict[str, Any]]) -> list[Event]:
    """Which declared blockades hold after the sea battles; `blockaders` lists the blockade
    task forces still afloat ({"nation", "zone", "ships"}). Replaces `board.blockades`."""
    board = state["board"]
    board["blockades"] = {}
    by: dict[str, list[str]] = {}
    events: list[Event] = []
    for nation in sorted(orders):
        for target in orders[nation].get("blockade", []):
            if target in AMOUNTS and at_war(state, nation, target):
                by.setdefault(target, []).append(nation)
            else:                 # peace came in Phase 1.3, or the order was voided
                events.append(Event("blockade_void", RULE, {"by": nation, "on": target}))
    for target, declarers in sorted(by.items()):
        zones = route(state, target)
        held = [z for z in zones if any(
            b["zone"] == z and at_war(state, b["nation"], target)
            and any(allied(state, b["nation"], d) for d in declarers) for b in blockaders)]
        cut = len(held) == len(zones)
        board["blockades"][target] = {"by": declarers, "cut": cut}
        events.append(Event("us_trade_blockaded" if cut else "blockade_broken", RULE,
                            {"on": target, "by": declarers, "trade": trade_of(state, target) if cut else 0}))
        for nation in declarers:
            events.append(Event("blockade_report", RULE,
                                {"on": target, "route": list(zones), "held": held, "cut": cut},
                                audience=f"seat:{nation}"))
    return events


def record_received(state: State) -> None:
    """Phase 8: the public ledger of this turn's US trade per receiver."""
    state["board"]["us_trade"] = {n: received(state, n) for n in sorted(AMOUNTS) if trade_of(state, n)}
