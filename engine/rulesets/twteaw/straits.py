"""Closing straits and canals to named nations (TWTEAW 1.4 "Other declarations", the map's
"Key Map Features" and "Straits"; rulings 105–112, version 6).

The holder of a passage's key territory may close the passage to named nations. Four passages
of the Europe sheet can be closed (`PASSAGES`): the Bosporus/Dardanelles (any one of
Constantinople, Izmir, Sinope), Suez (the Suez Canal), Gibraltar and Denmark's sound (Denmark;
the Kiel Canal is not closable: it is only ever open to Hamburg's side, ruling 106).

A closure is declared in the orders (`"close": [{"passage": "bosporus", "nation": "russia"}]`)
and lifted the same way (`"reopen": [...]`). It stands from Phase 1.4 of the turn it is
declared until its declarer reopens it or holds none of the passage's territories (ruling 107).
Ships of a nation the passage is closed to may not sail through it: refused when the order is
written for the closures already public; a task force whose orders cross a passage closed in
this turn's Phase 1.4 (secret when the orders were written) stops in the last zone before it,
lands no troops and shells nothing (ruling 109). Land units still cross the straits (ruling 110).

Public (ruling 111): the closures in force (`board.closures`) and their declarations and
reopenings in the log; a stopped task force is reported to its own seat only.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction

from .nations import NATIONS
from .war import controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 1.4"
# passage id -> (the two sea zones it links, the territories whose holder may close it)
PASSAGES: dict[str, tuple[tuple[str, str], tuple[str, ...]]] = {
    "bosporus": (("aegean-sea", "western-black-sea"), ("constantinople", "izmir", "sinope")),
    "denmark": (("baltic-sea", "skagerrak"), ("denmark",)),
    "gibraltar": (("southern-atlantic", "western-mediterranean"), ("gibraltar",)),
    "suez": (("eastern-mediterranean", "red-sea"), ("suez-canal",)),
}
TITLES = {"bosporus": "the Bosporus and Dardanelles", "denmark": "the Danish straits",
          "gibraltar": "the Strait of Gibraltar", "suez": "the Suez Canal"}


def passage_of(gate: dict[str, Any]) -> str | None:
    """The closable passage a map gate belongs to (None: the Kiel Canal, never closed)."""
    keys = tuple(sorted(gate["by"]))
    return next((p for p, (_, by) in PASSAGES.items() if tuple(sorted(by)) == keys), None)


def holds(state: State, nation: str, passage: str) -> bool:
    """Does `nation` hold one of the passage's territories (and so may close it)?"""
    return any(controller(state, a) == nation for a in PASSAGES[passage][1])


# "Straits and canals": Gibraltar's holder may forbid surface passage only; submarines pass
# under a closure (version 14, ruling 164)
SURFACE_ONLY = frozenset({"gibraltar"})


def closed_to(state: State, passage: str | None, nation: str, submerged: bool = False) -> bool:
    """Is the passage closed to the nation's ships now (a standing closure whose declarer still
    holds one of its territories)? `submerged`: for submarines, which pass `SURFACE_ONLY`."""
    if submerged and passage in SURFACE_ONLY:
        return False
    return passage is not None and any(
        c["passage"] == passage and c["to"] == nation and holds(state, c["by"], passage)
        for c in state["board"].get("closures", []))


# --- orders (Phase 1.4) ----------------------------------------------------------------------

def normalise(value: Any, key: str) -> list[dict[str, str]]:
    if not isinstance(value, list) or not all(
            isinstance(r, dict) and set(r) == {"passage", "nation"}
            and all(isinstance(r[k], str) and r[k] for k in r) for r in value):
        raise MalformedAction(f'{key} is a list of {{"passage", "nation"}}')
    return [{"passage": p, "nation": n} for p, n in sorted({(r["passage"], r["nation"]) for r in value})]


def _refuse(code: str, data: dict[str, Any], message: str, rule: str = RULE) -> IllegalAction:
    return IllegalAction(rule, code, data, message)


def _standing(state: State, by: str, passage: str, to: str) -> bool:
    return any(c == {"passage": passage, "by": by, "to": to} for c in state["board"].get("closures", []))


def check(state: State, nation: str, close: list[dict[str, str]], reopen: list[dict[str, str]]) -> None:
    """Refuse the first illegal closure or reopening (ruling 108)."""
    for row in close + reopen:
        passage, target = row["passage"], row["nation"]
        if passage not in PASSAGES:
            raise _refuse("no_such_passage", {"passage": passage},
                          f"{passage!r} is not a passage that can be closed (one of "
                          f"{', '.join(sorted(PASSAGES))}).", "TWTEAW map passages")
        if target not in NATIONS or target == nation:
            raise _refuse("no_such_nation", {"nation": target},
                          f"{target!r} is not a nation you can close a passage to.")
        if not holds(state, nation, passage):
            names = ", ".join(world().areas[a].name for a in PASSAGES[passage][1])
            raise _refuse("not_your_passage", {"passage": passage},
                          f"Only the holder of {names} may close or reopen {TITLES[passage]}.",
                          "TWTEAW map passages")
    for row in close:
        if row in reopen:
            raise _refuse("close_and_reopen", dict(row),
                          f"You cannot both close and reopen {TITLES[row['passage']]} to "
                          f"{NATIONS[row['nation']].title}.")
        if _standing(state, nation, row["passage"], row["nation"]):
            raise _refuse("already_closed", dict(row),
                          f"{TITLES[row['passage']].capitalize()} is already closed to "
                          f"{NATIONS[row['nation']].title} by you.")
    for row in reopen:
        if not _standing(state, nation, row["passage"], row["nation"]):
            raise _refuse("not_closed", dict(row),
                          f"You have not closed {TITLES[row['passage']]} to {NATIONS[row['nation']].title}.")


# --- resolution ------------------------------------------------------------------------------

def declare(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    """Phase 1.4: reopenings, then closures, nation by nation; a declarer who lost the
    passage's territories since writing its orders closes nothing (ruling 107)."""
    closures: list[dict[str, str]] = list(state["board"].get("closures", []))
    events: list[Event] = []
    for nation in sorted(orders):
        for row in orders[nation].get("reopen", []):
            record = {"passage": row["passage"], "by": nation, "to": row["nation"]}
            if record in closures:
                closures.remove(record)
                events.append(Event("strait_reopened", RULE, {**record, "reason": "declared"}))
        for row in orders[nation].get("close", []):
            record = {"passage": row["passage"], "by": nation, "to": row["nation"]}
            if not holds(state, nation, row["passage"]):
                events.append(Event("strait_closure_void", RULE, record))
            elif record not in closures:
                closures.append(record)
                events.append(Event("strait_closed", RULE, record))
    state["board"]["closures"] = sorted(closures, key=lambda c: (c["passage"], c["by"], c["to"]))
    return events


def lapse(state: State) -> list[Event]:
    """The end of the turn: a closure whose declarer holds none of the passage's territories
    any more is lifted (ruling 107)."""
    kept, events = [], []
    for c in state["board"].get("closures", []):
        if holds(state, c["by"], c["passage"]):
            kept.append(c)
        else:
            events.append(Event("strait_reopened", RULE, {**c, "reason": "lost"}))
    state["board"]["closures"] = kept
    return events
