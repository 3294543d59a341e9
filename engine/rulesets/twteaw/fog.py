"""What each audience sees (TWTEAW "Miscellaneous" and digest §6.1): fog of war per nation.

- A nation sees its own units, bank, income and manpower exactly, and so do its allies: each
  alliance shares one status of all its members' units. A neutral (Japan included) sees only
  its own.
- Everyone sees the map after the update: who holds each territory, what is incorporated,
  the sides and the wars, every nation's manpower losses, the common news.
- Everything else shows as a colour band per territory and nation: 0–5 black, 6–20 yellow,
  21 and more red (reconnaissance, which can show the exact figures, is a later slice). A
  territory a hidden nation holds shows its band even when empty, so an empty territory and a
  garrison of five look alike. Ships (version 3) show the same way per sea zone: a band where
  a hidden nation has ships, nothing where it has none. Submarines (version 14, ruling 162)
  are submerged: they count in no band, so a zone holding only a hidden nation's submarines
  shows nothing, as an empty one does.

`entitled` is the set of nations whose hidden state an audience may read; the kernel's leak
check poisons every other nation's `secret` entry and fails if a marker reaches the view.
"""

from __future__ import annotations

from typing import Any

from engine.kernel.game import copy_json
from engine.kernel.model import parse_audience

from .nations import NATIONS
from .units import SUBMARINES
from .war import allies

State = dict[str, Any]
BANDS = ((5, "black"), (20, "yellow"))


def band(count: int) -> str:
    for top, colour in BANDS:
        if count <= top:
            return colour
    return "red"


def entitled(state: State, audience: str) -> frozenset[str]:
    """The nations whose hidden state `audience` may see: a seat and its current allies; a
    side (as seated in the scenario) and the current allies of its seats; the public none."""
    kind, name = parse_audience(audience)
    sides: dict[str, str] = state["kernel"]["sides"]
    if kind == "seat":
        if name not in sides:
            raise ValueError(f"no seat {name!r} in this game")
        return frozenset(allies(state, name))
    if kind == "side":
        seats = [s for s, side in sides.items() if side == name]
        if not seats:
            raise ValueError(f"no side {name!r} in this game")
        return frozenset(n for s in seats for n in allies(state, s))
    return frozenset()


NATIONS_VIEW = {n: {"title": i.title, "kind": i.kind, "seat": i.seat, "colour": i.colour}
                for n, i in sorted(NATIONS.items())}


def bands_for(state: State, known: frozenset[str]) -> dict[str, dict[str, str]]:
    """Per territory, the colour band of each hidden nation's units there, and of the holder."""
    counts: dict[str, dict[str, int]] = {}
    for area, holder in state["board"]["control"].items():
        if holder not in known:
            counts.setdefault(area, {})[holder] = 0
    for nation, secret in state["secret"].items():
        if nation in known:
            continue
        for area, stack in secret["units"].items():
            counts.setdefault(area, {})[nation] = sum(stack.values())
        for zone, fleet in secret.get("fleets", {}).items():      # ships: bands per sea zone
            afloat = sum(n for t, n in fleet.items() if t not in SUBMARINES)
            if afloat:                                             # submarines show no band
                counts.setdefault(zone, {})[nation] = afloat
    return {area: {n: band(c) for n, c in sorted(per.items())} for area, per in sorted(counts.items())}


def view(state: State, audience: str) -> dict[str, Any]:
    board = state["board"]
    known = entitled(state, audience)
    public = {k: v for k, v in board.items() if k not in ("incorporated", "control")}
    return {
        "flow": dict(state["flow"]),
        "board": {**copy_json(public), "control": dict(board["control"]),
                  "incorporated": {a: dict(r) for a, r in board["incorporated"].items()}},
        "nations": NATIONS_VIEW,
        "known": {n: copy_json(state["secret"][n]) for n in sorted(known)},
        "bands": bands_for(state, known),
    }
