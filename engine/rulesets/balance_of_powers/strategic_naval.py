"""BoP 5.32-5.35 — strategic naval warfare in the seasonal turn's resource reductions: U-boats
against British commerce and the ASW roll that answers them, German surface raiders, the
Entente's blockade, and the British submarines off Stockholm; then one report per power.

It runs only in games with navies (`board["fleets"]`, the standard admiralty), in the
reductions step of a seasonal turn, after requisition and demoralization (economy.py). Where a
scenario's special rules replace a section with fixed losses (12.3's and 12.4's Strategic
Warfare names 5.32 and 5.34: `Scenario.fixed_strategic`), that section is not played from the
ships: economy.py has already applied the fixed numbers, and the report lists them under the
section they stand for (ruling 102). Every loss stops at 0 RP (5.3).

What our maps hold: the North and Mid Atlantic boxes for 5.32 (the Mediterranean grey space
is on the South Europe map, absent); for 5.33 the ocean boxes beside a British port box (the
Norwegian Sea beside Scapa Flow); close blockade of the nations' port hexes on our map and
Germany's distant blockade (Austria-Hungary's Otranto chain is on the South Europe map);
Stockholm's box. The USW declaration (5.321) and Lothar are not built: no scenario of ours
has U-boats at sea in a seasonal turn (ruling 102), so `submarine_warfare` takes the season of
USW as an argument and the seasonal turn plays it as none.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import admiralty, naval
from .fleets import SHIPS, is_surface, radius, side_of_ship
from .forces import controller
from .naval_combat import asw, return_to_port
from .scenarios import scenario_of
from .tables import CENTRAL, ENTENTE
from .theatre import Theatre

State = dict[str, Any]

UBOAT_BOXES = ("north-atlantic-box", "mid-atlantic-box")   # 5.322 (the Mediterranean: off-map)
MEDITERRANEAN = "mediterranean"                              # 5.322's grey space, by name only
UBOAT_STEP_LIMIT = 6                                         # 5.322
# 5.344: RP lost a season by a blockaded nation, by year: (Germany or Austria-Hungary, Italy
# or the Ottoman Empire).
BLOCKADE_LOSS = {1914: (1, 0), 1915: (2, 1), 1916: (4, 2), 1917: (8, 4), 1918: (16, 8),
                 1919: (32, 16)}
BLOCKADABLE = ("germany", "austria_hungary", "italy", "ottoman")   # 5.341
DISTANT_BOXES = ("mid-atlantic-box", "norwegian-sea-box")           # 5.343 (Germany)
NETHERLANDS_WINDPIPE = 2                                            # 5.344's footnote
STOCKHOLM = "stockholm-box"
STOCKHOLM_ROLL_LOSS, STOCKHOLM_HELD_LOSS = 2, 3                     # 5.35


def _lose(state: State, nation: str, rp: int) -> int:
    """5.3 — take up to `rp` off the nation's track, never below 0; what was really lost."""
    power = state["powers"][nation]
    taken = min(rp, power["rp"])
    power["rp"] -= taken
    return taken


def _ships_at(state: State, loc: str, side: str, surface: bool) -> list[str]:
    return sorted(u for u, s in state["board"]["fleets"].items()
                  if s["at"] == loc and side_of_ship(u) == side and is_surface(u) == surface)


def _steps(state: State, units: list[str]) -> int:
    return sum(state["board"]["fleets"][u]["steps"] for u in units)


# --- 5.32 submarine warfare ------------------------------------------------------------------

def _german_channel_port(state: State, th: Theatre) -> bool:
    """5.323 — Germany controls a port of Belgium, France or the Netherlands on our map."""
    return any(th.home.get(p) in ("belgium", "france", "netherlands")
               and admiralty.is_port(state, th, p) and controller(state, th, p) == "germany"
               for p in th.ports)


def _antwerp_cp_port(state: State, th: Theatre) -> bool:
    """5.323 — Antwerp is a port (6.121) and the Central Powers hold it."""
    loc = th.place_loc.get(admiralty.SCHELDT_PORT)
    if loc is None or not admiralty.is_port(state, th, loc):
        return False
    holder = controller(state, th, loc)
    return holder is not None and state["powers"].get(holder, {}).get("side") == CENTRAL


def uboat_modifiers(location: str, *, lothar: bool = False, usw_season: int = 0,
                    antwerp_cp: bool = False, channel_port: bool = True) -> dict[str, int]:
    """5.323 — the modifiers to the submarine warfare die in one location. `usw_season` is
    the season of unrestricted submarine warfare this is (0: not declared)."""
    mods: dict[str, int] = {}
    if lothar:
        mods["lothar"] = -1
    if location == MEDITERRANEAN:
        mods["mediterranean"] = -1
    if location == "north-atlantic-box":
        mods["north_atlantic"] = 1
    if usw_season:
        mods["usw"] = -1 if usw_season <= 4 else -2 if usw_season == 5 else 0
    if location == "mid-atlantic-box":
        if antwerp_cp:
            mods["antwerp"] = -1
        if not channel_port:
            mods["no_channel_port"] = 1
    return {k: v for k, v in mods.items() if v}


def uboat_roll(roller: Roller, location: str, steps: int,
               mods: dict[str, int]) -> dict[str, Any]:
    """5.323 — 1d6 plus the modifiers (never below 0); below the U-boat steps (at most six)
    Britain loses the difference."""
    counted = min(steps, UBOAT_STEP_LIMIT)
    die = roller.d(6, f"submarine warfare {location} 1d6")
    final = max(0, die + sum(mods.values()))
    return {"at": location, "steps": counted, "roll": die, "modifiers": mods, "final": final,
            "loss": counted - final if final < counted else 0}


def submarine_warfare(state: State, th: Theatre, roller: Roller,
                      usw_season: int = 0) -> list[Event]:
    """5.322-5.324 — in each ocean box of 5.322 on our chart holding Central Powers U-boats:
    the roll, Britain's loss, then the Entente's ASW roll (the track rises) and the boats'
    mandatory return to port (8.5)."""
    events: list[Event] = []
    for box in UBOAT_BOXES:
        if box not in naval.chart(th).boxes:
            continue
        boats = _ships_at(state, box, CENTRAL, False)
        if not boats:
            continue
        mods = uboat_modifiers(box, usw_season=usw_season,
                               antwerp_cp=_antwerp_cp_port(state, th),
                               channel_port=_german_channel_port(state, th))
        result = uboat_roll(roller, box, _steps(state, boats), mods)
        result["boats"] = boats
        result["rp_lost"] = _lose(state, "britain", result["loss"])
        events.append(Event("submarine_warfare", "BoP 5.323", result))
        events += asw(state, roller, boats)
        events += return_to_port(state, th, [b for b in boats if b in state["board"]["fleets"]])
    return events


# --- 5.33 surface raiders --------------------------------------------------------------------

def raider_boxes(state: State, th: Theatre) -> list[str]:
    """5.33 — ocean boxes (never a grey space) holding a German surface ship and touching a
    British port box."""
    ch = naval.chart(th)
    out = []
    for box in ch.of_kind("ocean"):
        british = any(ch.boxes[n].kind == "port" and ch.boxes[n].owner == "britain"
                      for n in ch.neighbours(box))
        if british and any(SHIPS[u].nation == "germany"
                           for u in _ships_at(state, box, CENTRAL, True)):
            out.append(box)
    return sorted(out)


def surface_raiders(state: State, th: Theatre, roller: Roller) -> list[Event]:
    """5.33 — one 2d6 a box: below the highest printed radius of the German ships there,
    Britain loses 1 RP. The raiders stay at sea."""
    events = []
    for box in raider_boxes(state, th):
        raiders = [u for u in _ships_at(state, box, CENTRAL, True)
                   if SHIPS[u].nation == "germany"]
        best = max(radius(u) for u in raiders)
        dice = roller.roll(6, f"surface raiders {box} 2d6", 2)
        loss = 1 if sum(dice) < best else 0
        events.append(Event("surface_raid", "BoP 5.33", {
            "at": box, "raiders": raiders, "radius": best, "dice": dice,
            "rp_lost": _lose(state, "britain", loss)}))
    return events


# --- 5.34 blockade ---------------------------------------------------------------------------

def close_blockade(state: State, th: Theatre, nation: str) -> bool:
    """5.342 — an Entente surface ship on or next to every home-country port hex of the nation
    (on our map; a nation with none here cannot be close-blockaded on it). "Next to" is the
    port's water (admiralty.port_waters): for an estuary port drawn without water beside it
    (Hamburg, Lübeck, Stettin), the water next to its land neighbours (ruling 102)."""
    chart_boxes = naval.chart(th).boxes
    ports = [p for p in th.ports if p not in chart_boxes and th.home.get(p) == nation
             and admiralty.is_port(state, th, p)]
    if not ports:
        return False
    ships = {s["at"] for u, s in state["board"]["fleets"].items()
             if side_of_ship(u) == ENTENTE and is_surface(u)}
    return all(p in ships or ships & admiralty.port_waters(th, p) for p in ports)


def distant_blockade(state: State, th: Theatre, nation: str) -> bool:
    """5.343 — Germany: two steps of Entente surface ships in each of the Mid Atlantic and the
    Norwegian Sea. (Austria-Hungary's chain from Italy to Albania is off our maps.)"""
    if nation != "germany":
        return False
    return all(_steps(state, _ships_at(state, box, ENTENTE, True)) >= 2
               for box in DISTANT_BOXES)


def blockade_loss(state: State, nation: str, year: int) -> int:
    """5.344 — the season's loss by year; Germany +2 once the Netherlands has been violated."""
    row = BLOCKADE_LOSS[min(max(year, 1914), 1919)]
    loss = row[0] if nation in ("germany", "austria_hungary") else row[1]
    if nation == "germany" and state["powers"].get("netherlands", {}).get("violated_by"):
        loss += NETHERLANDS_WINDPIPE
    return loss


def blockade(state: State, th: Theatre) -> list[Event]:
    """5.341-5.344 — each Central Powers nation of 5.341 blockaded close or distant (one
    penalty either way) loses the year's RP."""
    events = []
    year = int(state["flow"]["month"][:4])
    for nation in BLOCKADABLE:
        power = state["powers"].get(nation)
        if power is None or power["side"] != CENTRAL or power.get("conquered"):
            continue
        close, distant = close_blockade(state, th, nation), distant_blockade(state, th, nation)
        if not (close or distant):
            continue
        loss = blockade_loss(state, nation, year)
        events.append(Event("blockade", "BoP 5.344", {
            "nation": nation, "close": close, "distant": distant, "loss": loss,
            "rp_lost": _lose(state, nation, loss)}))
    return events


# --- 5.35 Stockholm --------------------------------------------------------------------------

def _side_of(state: State, nation: str | None) -> str | None:
    return state["powers"].get(nation, {}).get("side") if nation else None


def stockholm(state: State, th: Theatre, roller: Roller) -> list[Event]:
    """5.35 — the Entente holding Stockholm's box costs Germany 3 RP; otherwise, with a Russian
    port hex of North Europe in Entente hands and two British submarine steps in the box, 1d6
    below those steps costs Germany 2 RP, and the boats face the Central Powers' ASW roll and
    go home."""
    germany = state["powers"].get("germany")
    ch = naval.chart(th)
    if germany is None or germany["side"] != CENTRAL or STOCKHOLM not in ch.boxes:
        return []
    held = state["board"]["control"].get(STOCKHOLM, ch.boxes[STOCKHOLM].owner)
    if _side_of(state, held) == ENTENTE:
        return [Event("stockholm", "BoP 5.35", {"held": True, "loss": STOCKHOLM_HELD_LOSS,
                                                 "rp_lost": _lose(state, "germany",
                                                                  STOCKHOLM_HELD_LOSS)})]
    subs = [u for u in _ships_at(state, STOCKHOLM, ENTENTE, False)
            if SHIPS[u].nation == "britain"]
    russian_port = any(th.home.get(p) == "russia" and p not in ch.boxes
                       and _side_of(state, controller(state, th, p)) == ENTENTE
                       for p in th.ports)
    if _steps(state, subs) < 2 or not russian_port:
        return []
    die = roller.d(6, "Stockholm 1d6")
    loss = STOCKHOLM_ROLL_LOSS if die < _steps(state, subs) else 0
    events = [Event("stockholm", "BoP 5.35", {"held": False, "boats": subs,
                                              "steps": _steps(state, subs), "roll": die,
                                              "loss": loss,
                                              "rp_lost": _lose(state, "germany", loss)})]
    events += asw(state, roller, subs)
    return events + return_to_port(state, th, [b for b in subs if b in state["board"]["fleets"]])


# --- the season ------------------------------------------------------------------------------

def _report(state: State, earlier: list[Event], events: list[Event]) -> Event:
    """One line a power: its losses by section (a scenario's fixed losses under the section
    they stand for) and its RP after them."""
    scenario = scenario_of(state)
    losses: dict[str, dict[str, int]] = {}
    for e in earlier:
        if e.kind == "strategic_warfare":
            nation = e.data["nation"]
            section = "5.32" if nation == "britain" else "5.34"
            losses.setdefault(nation, {})[section] = e.data["loss"]
    for e in events:
        if e.kind == "submarine_warfare" or e.kind == "surface_raid":
            nation, section = "britain", "5.32" if e.kind == "submarine_warfare" else "5.33"
        elif e.kind == "blockade":
            nation, section = e.data["nation"], "5.34"
        elif e.kind == "stockholm":
            nation, section = "germany", "5.35"
        else:
            continue
        row = losses.setdefault(nation, {})
        row[section] = row.get(section, 0) + e.data["rp_lost"]
    return Event("strategic_naval_report", "BoP 5.3", {
        "fixed": sorted(scenario.fixed_strategic), "scenario": scenario.rule,
        "powers": {n: {"losses": dict(sorted(losses[n].items())),
                       "rp": state["powers"][n]["rp"]} for n in sorted(losses)}})


def seasonal_naval_warfare(state: State, th: Theatre, roller: Roller,
                           earlier: list[Event]) -> list[Event]:
    """5.32-5.35 in 5.3's order, in a game with navies; `earlier` are the reductions already
    posted this seasonal turn (a scenario's fixed Strategic Warfare among them)."""
    if "fleets" not in state["board"]:
        return []
    fixed = scenario_of(state).fixed_strategic
    events: list[Event] = []
    if "5.32" not in fixed:
        events += submarine_warfare(state, th, roller)
    events += surface_raiders(state, th, roller)
    if "5.34" not in fixed:
        events += blockade(state, th)
    events += stockholm(state, th, roller)
    return events + [_report(state, earlier, events)]
