"""FA 13.6 — conquest and liberation of home countries by the land war (the peace step).

A belligerent home country (a major at war, or a minor in a war) is conquered when powers at
war with it control its capital and every printed factory hex of it (Serbia also needs
Belgrade and Skopje, FA 15.3.3); the major controlling the capital (a minor's major) is the
conqueror. Effects (FA 13.6.1.3): its land units in that home country and all of its units
off the map leave the game; friendly units there not at war with the conqueror go to the
production circle for 2 turns; the first time, each of its hexes goes to the major occupying
it (most combat factors), else to the one major whose ZoC alone covers it, else to the
conqueror (on a re-conquest too: see the rulings). A major that still holds a hex of its 1914 possessions (map hexes of its country
outside its home) is incompletely conquered and fights on at half activity limits (FA
13.6.1.4); otherwise — and always for a minor — the conquest is complete (FA 13.6.1.5): it is at
peace, every unit of it leaves the game.

Liberation (FA 13.6.3): when a power of the side that did not first conquer it holds the
capital of a conquered country (not in the turn it was conquered), that major may liberate it
(liberation.py asks; declining re-conquers it instead, 13.6.1). Liberated,
its units out of the game return to the force pool (a minor's to its liberator's pool, FA
13.6.3.1), it gets back every 1914 hex of it that its liberator holds, a minor is aligned with
its liberator and a major is back at war with its liberator's enemies. Each other major of the
liberator's side holding such hexes then chooses to give them all back or keep them
(liberation.py): a liberated major co-operates with those that give them back and never with
those that keep them.

Rulings (docs/rules/fatal_alliances.md): a declined liberation has no partisans yet (13.1 is
absent); surrender (13.6.4) and the naval effects wait for later issues.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.board import Map
from engine.kernel import Event, Roller

from .position import (
    at_war,
    by_hex,
    capital_and_factories,
    commander,
    controller,
    home_hexes,
    initial_controller,
    map_of,
    on_map,
    unit,
)
from .powers import POWER_SIDE, power_of_country
from .terrain import hexside_flags
from .war import declare_war
from .zoc import ZOC_BLOCKING_SIDES, exerts_zoc_around

CIRCLE_DELAY = 2  # FA 13.6.1.3 — friendly units not at war with the conqueror
@functools.lru_cache(maxsize=None)
def possessions(m: Map) -> dict[str, tuple[str, ...]]:
    """Power id → the hexes of its country outside its home country (1914 possessions)."""
    homes = {h for hs in home_hexes(m).values() for h in hs}
    out: dict[str, list[str]] = {}
    for h in m.ids:
        info = m.hex(h)
        if info.sea or h in homes or info.country is None:
            continue
        out.setdefault(power_of_country(info.country) or info.country, []).append(h)
    return {k: tuple(v) for k, v in sorted(out.items())}


def _side_of(state: dict[str, Any], who: str | None) -> str | None:
    if who is None:
        return None
    return POWER_SIDE.get(commander(state, who))


def belligerents(state: dict[str, Any]) -> list[str]:
    """Countries that may be conquered now: in some war and not already conquered."""
    found = set()
    for pair in state["board"]["wars"]:
        found.update(pair.split("|"))
    found.update(m for m, major in state["board"]["aligned"].items() if major in found)
    done = state["board"].get("conquered", {})
    return sorted(c for c in found if c not in done)


def conqueror_of(state: dict[str, Any], country: str) -> str | None:
    """FA 13.6.1.2 — the major controlling the capital, if its side holds the capital and
    every printed factory hex (and Serbia's extra cities)."""
    m = map_of(state)
    capital, others = capital_and_factories(m, country)
    if capital is None:
        return None
    holder = controller(state, capital)
    if holder is None or not at_war(state, holder, country):
        return None
    side = _side_of(state, holder)
    for h in others:
        other = controller(state, h)
        if other is None or _side_of(state, other) != side or not at_war(state, other, country):
            return None
    major = commander(state, holder)
    return major if major in POWER_SIDE else None


def _zoc_owners(state: dict[str, Any], m: Map) -> dict[str, set[str]]:
    """Hex → the majors whose land units have it in their ZoC (FA 2.2, hexside blocks)."""
    out: dict[str, set[str]] = {}
    for u in on_map(state):
        major = commander(state, u["power"])
        if major not in POWER_SIDE:
            continue
        out.setdefault(u["hex"], set()).add(major)
        if not exerts_zoc_around(u):
            continue
        for nb in m.neighbours(u["hex"]):
            if m.hex(nb).sea or hexside_flags(m, u["hex"], nb) & ZOC_BLOCKING_SIDES:
                continue
            out.setdefault(nb, set()).add(major)
    return out


def _share_out(state: dict[str, Any], country: str, conqueror: str) -> dict[str, str]:
    """FA 13.6.1.3 (first conquest) — who gets each hex the country still controls."""
    m = map_of(state)
    here = by_hex(state)
    zoc = _zoc_owners(state, m)
    side = POWER_SIDE[conqueror]
    out = {}
    for h in home_hexes(m).get(country, ()):
        if controller(state, h) != country:
            continue
        strength: dict[str, int] = {}
        for u in here.get(h, []):
            major = commander(state, u["power"])
            if major in POWER_SIDE:
                strength[major] = strength.get(major, 0) + u["cf"]
        if strength:
            owner = sorted(strength, key=lambda p: (-strength[p], p))[0]
        elif len(zoc.get(h, set())) == 1:
            owner = next(iter(zoc[h]))
        else:
            owner = conqueror
        current = controller(state, h)
        if current is not None and current in POWER_SIDE and current != owner \
                and POWER_SIDE[current] == side:
            continue
        out[h] = owner
    return out


def leave_game(state: dict[str, Any], u: dict[str, Any]) -> None:
    board = state["board"]
    u.update(hex=None, up=True, entrenched=False)
    for ids in board["pool"].values():
        if u["id"] in ids:
            ids.remove(u["id"])
    board["production_circle"] = [e for e in board["production_circle"] if e["unit"] != u["id"]]
    for ids in board.get("reserve_pool", {}).values():   # option 7's pool is off the map too
        if u["id"] in ids:
            ids.remove(u["id"])
    removed = board.setdefault("removed", [])
    if u["id"] not in removed:
        removed.append(u["id"])
        removed.sort()


def conquer(state: dict[str, Any], country: str, conqueror: str) -> list[Event]:
    """FA 13.6.1.3–13.6.1.5 — carry out one conquest."""
    board = state["board"]
    m = map_of(state)
    turn = state["flow"]["turn"]
    home = set(home_hexes(m).get(country, ()))
    history = board.setdefault("conquest_history", {})
    first = country not in history
    major = country in POWER_SIDE
    complete = not (major and any(controller(state, h) == country
                                  for h in possessions(m).get(country, ())))
    mine = [u for _, u in sorted(board["units"].items()) if u["power"] == country]
    removed = []
    for u in mine:
        if complete or u["hex"] is None or u["hex"] in home:
            if u["id"] not in board.get("removed", []):
                removed.append(u["id"])
            leave_game(state, u)
    delayed = []
    for u in on_map(state):
        if (u["hex"] in home and u["power"] != country and u["power"] in POWER_SIDE
                and not at_war(state, u["power"], conqueror)):
            u.update(hex=None, up=True, entrenched=False)
            board["production_circle"].append({"unit": u["id"], "turn": turn + CIRCLE_DELAY})
            delayed.append(u["id"])
    board["production_circle"].sort(key=lambda e: (e["turn"], e["unit"]))
    changed = _share_out(state, country, conqueror)
    for h, owner in sorted(changed.items()):
        board["control"][h] = owner
    if first:
        history[country] = POWER_SIDE[conqueror]
    board.setdefault("conquered", {})[country] = {
        "by": conqueror, "turn": turn, "complete": complete,
        "side": _side_of(state, country) or ""}
    if complete:
        board["wars"] = [w for w in board["wars"] if country not in w.split("|")]
        board["aligned"].pop(country, None)
        if major:
            board["active"] = [p for p in board["active"] if p != country]
            board["out"] = sorted(set(board.get("out", [])) | {country})
    else:
        board["halved"][country] = True
    return [Event("conquered", "FA 13.6.1", {
        "country": country, "by": conqueror, "complete": complete, "first": first,
        "removed": sorted(removed), "to_circle": delayed,
        "hexes": {owner: sorted(h for h, o in changed.items() if o == owner)
                  for owner in sorted(set(changed.values()))}})]


def liberator_of(state: dict[str, Any], country: str) -> str | None:
    """FA 13.6.3 — the major of the other side from the first conqueror holding the capital
    (never in the turn of the conquest)."""
    record = state["board"].get("conquered", {}).get(country)
    if record is None or record["turn"] == state["flow"]["turn"]:
        return None
    capital, _ = capital_and_factories(map_of(state), country)
    holder = controller(state, capital) if capital else None
    if holder is None:
        return None
    major = commander(state, holder)
    first_side = state["board"].get("conquest_history", {}).get(country)
    if major not in POWER_SIDE or POWER_SIDE[major] == first_side:
        return None
    return major


def liberate(state: dict[str, Any], country: str, liberator: str) -> list[Event]:
    """FA 13.6.3.1 — the liberated country is back: units, hexes, alignment, wars."""
    board = state["board"]
    m = map_of(state)
    side = POWER_SIDE[liberator]
    record = board["conquered"].pop(country)
    back = []
    removed = board.setdefault("removed", [])
    pool_key = country if country in POWER_SIDE else liberator
    for uid in [i for i in removed if unit(state, i)["power"] == country]:
        removed.remove(uid)
        board["pool"].setdefault(pool_key, []).append(uid)
        back.append(uid)
    board["pool"].get(pool_key, []).sort()
    hexes = []
    kept: dict[str, list[str]] = {}
    for h in m.ids:
        if initial_controller(m, h) != country:
            continue
        holder = controller(state, h)
        if holder is None or holder == country or holder not in POWER_SIDE \
                or POWER_SIDE[holder] != side:
            continue
        if holder == liberator:
            board["control"].pop(h, None)
            hexes.append(h)
        else:
            kept.setdefault(holder, []).append(h)
    # FA 13.6.3.1 — "other major powers on its side can also give back" their hexes: each
    # chooses (liberation.py); until then they hold them.
    offers = state["flow"].setdefault("liberation_offers", [])
    for holder in sorted(kept):
        offers.append({"country": country, "power": holder, "hexes": sorted(kept[holder])})
    if country in POWER_SIDE:
        # FA 13.6.3.1 — its liberator co-operates with it from now on
        partners = board.setdefault("liberation_partners", {})
        partners[country] = sorted(set(partners.get(country, [])) | {liberator})
        board["halved"].pop(country, None)
        board["out"] = [p for p in board.get("out", []) if p != country]
        if record["complete"]:
            enemies = sorted({q for w in board["wars"] for q in w.split("|")
                              if liberator in w.split("|") and q != liberator
                              and q in POWER_SIDE})
            for enemy in enemies:
                declare_war(state, country, enemy)
    else:
        board["aligned"][country] = liberator
    return [Event("liberated", "FA 13.6.3", {"country": country, "by": liberator,
                                             "units_to_pool": sorted(back),
                                             "hexes": sorted(hexes),
                                             "asked": sorted(kept)})]


def peace_step(state: dict[str, Any]) -> list[Event]:
    """FA 13.6 — the conquests (all at once, on the position before them); each possible
    liberation is offered to its liberator (13.6.3: "you may choose not to liberate"), who
    answers in the liberation step that follows (liberation.py)."""
    events: list[Event] = []
    offers = state["flow"].setdefault("liberation_offers", [])
    for country in sorted(state["board"].get("conquered", {})):
        liberator = liberator_of(state, country)
        if liberator is not None:
            offers.append({"country": country, "power": liberator, "liberator": True})
            events.append(Event("liberation_possible", "FA 13.6.3", {
                "country": country, "by": liberator}))
    due = [(c, w) for c in belligerents(state) if (w := conqueror_of(state, c)) is not None]
    for country, winner in due:
        events.extend(conquer(state, country, winner))
    return events


def peace(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.6 — the peace step: liberations and conquests of home countries."""
    happened = peace_step(state)
    return happened + [Event("peace_checked", "FA 13.6", {
        "conquered": sorted(e.data["country"] for e in happened if e.kind == "conquered"),
        "liberated": sorted(e.data["country"] for e in happened if e.kind == "liberated")})]
