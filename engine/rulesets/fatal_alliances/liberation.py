"""FA 13.6.3 — the liberator may liberate a conquered country or choose not to (it is then
re-conquered, 13.6.1: "if you satisfy the conditions for re-conquest, you may be able to
liberate it instead"). FA 13.6.3.1 — after a liberation, each other major power of the
liberator's side that holds hexes the liberated country controlled in 1914 chooses: give all
of them back, or keep them.
The majors that give them back to a liberated *major* may co-operate with it for the rest of
the game; those that keep them never may, even if they return the hexes later (19.1's
proviso). A liberated minor only gets its hexes back (its co-operation is with its liberator,
13.6.3.1's last paragraph).

The peace step (conquest.py) leaves one offer per possible liberation in
flow["liberation_offers"] (`liberator: true`), a liberation one per other holder; the liberation
step that follows asks each in turn. The timeouts liberate and give the hexes back (what every
major did before version 6). A declined liberation has no partisans yet (13.1 is absent).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .conquest import conquer, liberate
from .position import controller
from .powers import POWER_SIDE

RULE = "FA 13.6.3.1"


def offers(state: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = state["flow"].get("liberation_offers", [])
    return found


def holders(state: dict[str, Any]) -> list[str]:
    """The majors with a liberation choice still to make."""
    return sorted({o["power"] for o in offers(state)})


def liberation_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """`power`'s next choice: as liberator, liberate (first: the timeout) or not; as another
    holder of a liberated country's hexes, give them back (first) or keep them."""
    mine = [o for o in offers(state) if o["power"] == power]
    if not mine:
        return []
    country = mine[0]["country"]
    if mine[0].get("liberator"):
        return [{"country": country, "liberate": True}, {"country": country, "liberate": False}]
    return [{"country": country, "give_back": True}, {"country": country, "give_back": False}]


def choose(state: dict[str, Any], power: str, action: dict[str, Any],
           roller: Roller) -> list[Event]:
    """Give the hexes back (and co-operate with a liberated major from now on) or keep them
    (and never co-operate with it)."""
    board = state["board"]
    country = action["country"]
    offer = next(o for o in offers(state) if o["power"] == power and o["country"] == country)
    state["flow"]["liberation_offers"].remove(offer)
    if "liberate" in action:
        if action["liberate"]:
            return liberate(state, country, power)
        return [Event("liberation_declined", "FA 13.6.3", {"country": country, "by": power}),
                *conquer(state, country, power)]
    returned = []
    if action["give_back"]:
        for h in offer["hexes"]:
            if controller(state, h) == power:      # still its own: the peace step just ran
                board["control"].pop(h, None)
                returned.append(h)
    if country in POWER_SIDE:
        key = "liberation_partners" if action["give_back"] else "liberation_refusers"
        table = board.setdefault(key, {})
        table[country] = sorted(set(table.get(country, [])) | {power})
    return [Event("liberation_choice", RULE, {
        "power": power, "country": country, "give_back": action["give_back"],
        "hexes": returned if action["give_back"] else offer["hexes"]})]
