"""BoP 13.0 — the Chronological Order of Battle as data (`data/cob.csv`).

Each row is one line of the CoB: when (a month "1914-09" puts the units on the map that month, a
season "1915-spring" puts them into the force pool at that seasonal turn — leaders always to the
map, 11.3 — and "us+N" counts seasonal turns from the United States' entry), the nation, the
kind and the units as the rulebook lists them: IDs, not quantities ("1-17 (except 4)", "3RS-10RS",
"CAUC 4-6"). This module reads the lines and names each unit by our ids (`ger-inf-3_rs`), so the
steps that bring units in read one schedule.

Only the land and air lines of the nations on the North Europe map are here (the five majors, the
Low Countries, Denmark, Switzerland, Sweden, Portugal and the United States), and the naval lines
from spring 1916 of the navies that sail on it (Britain's and Germany's: Russia's CoB has none
after 1915; ruling 116): a ship by its id ("CL4" → bri-cl4), mines as the count printed ("Two
Mines" → 2), each mine one of `data/mines.csv`'s rows set to start `cob:<season>`. The AF and
flotilla lines, and the naval lines before 1916 and of the navies off this map, wait for the
other maps and 12.9. The spelling is normalised where the
printed CoB is inconsistent ("ILAY M" → ILYA M as in 12.2, "TRK-STN 2" → TRKSTN 2, "SIB6" → SIB 6,
"22Rs" → 22RS); see docs/rules/balance_of_powers.md, ruling 51.

The CoB has no unit values; a unit joins play only when our tables give it values (`forces.UNITS`
for land units and leaders, `aviation.AIR_UNITS` for air units), so `unit_ids` lists what the
schedule names, `pool_additions` brings in the corps we can field and `leaders_due` the leaders.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.kernel import Event

from .fleets import NAVY_LEADERS, SHIPS
from .forces import UNITS
from .mines import MINES
from .theatre import DATA

# Our id prefixes: nation and kind (the ones data/oob.csv, leaders.csv, air.csv and tanks.csv use).
NATION_PREFIX = {"austria_hungary": "aus", "belgium": "bel", "britain": "bri", "denmark": "den",
                 "france": "fra", "germany": "ger", "netherlands": "net", "portugal": "por",
                 "russia": "rus", "sweden": "swe", "switzerland": "swi", "united_states": "usa"}
KIND_PREFIX = {"infantry": "inf", "cavalry": "cav", "mountain": "mou", "siege": "sie",
               "tank": "tan", "leader": "ldr", "air": "air"}
SEASONS = ("winter", "spring", "summer", "autumn")


@dataclass(frozen=True)
class Line:
    when: str       # "1914-08" (month: to the map), "1915-spring" (season: to the pool), "us+3"
    nation: str
    kind: str
    units: tuple[str, ...]   # our ids, in the order printed

    @property
    def seasonal(self) -> bool:
        return self.when.split("-")[-1] in SEASONS


def _expand(text: str) -> list[str]:
    """The printed IDs of one line: "1-17 (except 4)" → 1…17 without 4; "3RS-10RS" → 3RS…10RS;
    "CAUC 4-6" → CAUC 4…6; anything else is one ID."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        except_ = re.fullmatch(r"(.*)\(except (\d+)\)", part)
        skip = except_.group(2) if except_ else None
        part = except_.group(1).strip() if except_ else part
        span = re.fullmatch(r"([A-Z ]*?)\s*(\d+)([A-Z]*)-\1\s*(\d+)\3", part) or re.fullmatch(
            r"([A-Z]+ )(\d+)()-()(\d+)", part)
        if span:
            prefix, first, suffix, last = (span.group(1), span.group(2), span.group(3),
                                           span.group(span.lastindex or 0))
            out += [f"{prefix}{n}{suffix}" for n in range(int(first), int(last) + 1)
                    if str(n) != skip]
        else:
            out.append(part)
    return out


def unit_id(nation: str, kind: str, printed: str) -> str:
    """Our id for a printed ID: "3RS" → 3_rs, "1 BAV" → 1_bav, "SIB 3" → sib_3, "SIEGE 1"
    (a siege line's "1") → siege_1, "IEF A" → ief_a; air and tank names lose their spaces
    and dashes ("S-XIII 18" → sxiii18), as in air.csv; a leader is its name."""
    if kind == "mine":
        return printed                      # a count: `naval_additions` names the mines
    name = printed.lower()
    if kind == "naval":
        return f"{NATION_PREFIX[nation]}-{re.sub(r'[^a-z0-9]', '', name)}"
    if kind == "siege":
        name = f"siege_{name}"
    elif kind == "air":
        name = re.sub(r"[^a-z0-9]", "", name)
    elif kind == "tank":
        name = re.sub(r"[ -]", "_", name)
    else:
        name = re.sub(r"^(\d+)rs$", r"\1_rs", name)
        name = re.sub(r"^(gd|bav|sax)rs$", r"\1_rs", name)
        name = re.sub(r"[ -]+", "_", name.replace("'", ""))
    return f"{NATION_PREFIX[nation]}-{KIND_PREFIX[kind]}-{name}"


@lru_cache(maxsize=1)
def lines() -> tuple[Line, ...]:
    with open(DATA / "cob.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return tuple(Line(r["when"], r["nation"], r["kind"],
                      tuple(unit_id(r["nation"], r["kind"], u) for u in _expand(r["units"])))
                 for r in rows)


def when_of(uid: str) -> str | None:
    """The CoB line a unit first appears under (None: not in the CoB)."""
    return next((line.when for line in lines() if uid in line.units), None)


def unit_ids(when: str, *, kinds: tuple[str, ...] = tuple(KIND_PREFIX)) -> list[str]:
    """Every unit the CoB lists under `when`, of the given kinds, in printed order."""
    return [u for line in lines() if line.when == when and line.kind in kinds for u in line.units]


LAND_KINDS = ("infantry", "cavalry", "mountain", "siege", "tank")


def pool_additions(state: dict[str, Any], year: int, season: str) -> list[Event]:
    """BoP 5.12, 13.0 — a seasonal turn puts the land units the CoB lists under that season into
    their nation's force pool (a neutral accrues them too, 5.13), those our tables give values
    (the tanks, the 1915 corps that 12.2 sets up, Russia's corps of autumn 1915). A unit
    already on the map, in the pool or due is not added twice."""
    key = f"{year}-{season}"
    board = state["board"]
    waiting = {u for units in board["arrivals"].values() for u in units}
    # 1918 values serve 12.4 only (ruling 79): the CoB brings those units nowhere else yet;
    # 12.3's CoB, from spring 1916, brings both the 1916 and the 1918 ones (ruling 92), and
    # 12.2's autumn 1915 turn the 1916 ones (Russia's 34-43, ruling 96)
    scenario = state.get("scenario")   # scenarios' ids (no import cycle)
    fielded = {"scenario-1916": ("storm-of-steel", "fire-in-the-east"),
               "scenario-1918": ("storm-of-steel",)}
    new = [uid for uid in unit_ids(key, kinds=LAND_KINDS) if uid in UNITS
           and scenario in fielded.get(UNITS[uid].arrives, (scenario,))
           and UNITS[uid].nation in state["powers"] and uid not in board["pool"]
           and uid not in board["units"] and uid not in waiting]
    if not new:
        return []
    board["pool"] = sorted(board["pool"] + new)
    return [Event("pool_additions", "BoP 5.12", {"season": key, "units": sorted(new)})]


def naval_additions(state: dict[str, Any], year: int, season: str) -> list[Event]:
    """BoP 13.0, 5.11 (ruling 116) — in a game with the standard admiralty, a seasonal turn puts
    the ships the CoB lists under that season into the ships' force pool (6.222 buys them) and
    its mines into their owner's force pool (6.218), for the navies in the game. A ship already
    afloat, in the pool or in the dockyards is not added twice."""
    board = state["board"]
    if "ship_pool" not in board or "mines" not in board:
        return []
    key = f"{year}-{season}"
    present = set(board["fleets"]) | set(board["ship_pool"]) | set(board.get("dockyard", {}))
    ships = [uid for uid in unit_ids(key, kinds=("naval",)) if uid in SHIPS
             and SHIPS[uid].nation in state["powers"] and uid not in present]
    mines = []
    for line in lines():
        if line.when != key or line.kind != "mine" or line.nation not in state["powers"]:
            continue
        due = sorted((m for m in MINES.values() if m.nation == line.nation
                      and m.start == f"cob:{key}"), key=lambda m: m.id)
        if len(due) != int(line.units[0]):
            raise ValueError(f"mines.csv: {len(due)} {line.nation} mines for cob:{key}, "
                             f"the CoB lists {line.units[0]}")
        mines += [m.id for m in due if m.id not in board["mines"]
                  and m.id not in board.get("dockyard", {})]
    if not ships and not mines:
        return []
    board["ship_pool"] = sorted(board["ship_pool"] + ships)
    for mid in mines:
        board["mines"][mid] = "force_pool"
    board["mines"] = dict(sorted(board["mines"].items()))
    return [Event("naval_pool_additions", "BoP 13.0", {"season": key, "ships": sorted(ships),
                                                       "mines": sorted(mines)})]


def leaders_due(state: dict[str, Any], year: int, season: str) -> list[Event]:
    """BoP 13.0, 11.3 — a leader the CoB lists under a season goes to the map, not the pool: he
    joins the month's arrivals (the seasonal turn's own month, so he musters with them, 6.213),
    if our tables rate him (PETAIN and BRUSILOV in spring 1916: ruling 107) and his power is
    in the game. Naval leaders (JELLICOE, SCHEER, KOLCHAK) go aboard: `navy_leaders_due`."""
    key = f"{year}-{season}"
    board = state["board"]
    waiting = {u for units in board["arrivals"].values() for u in units}
    new = [uid for uid in unit_ids(key, kinds=("leader",)) if uid in UNITS
           and UNITS[uid].arrives.startswith("cob-") and UNITS[uid].nation in state["powers"]
           and uid not in board["units"] and uid not in board["pool"] and uid not in waiting
           and uid not in state["flow"].get("muster", [])]
    if not new:
        return []
    month = state["flow"]["month"]
    board["arrivals"][month] = sorted(board["arrivals"].get(month, []) + new)
    return [Event("leaders_due", "BoP 13.0", {"season": key, "units": sorted(new)})]


def navy_leaders_due(state: dict[str, Any], year: int, season: str) -> list[Event]:
    """BoP 13.0, 8.31 — a navy leader the CoB lists under a season arrives on the map placed
    aboard a ship of his type (JELLICOE and SCHEER on a dreadnought, KOLCHAK on a cruiser in
    spring 1916), in a game with the standard admiralty whose navy he commands. Which ship is
    the player's choice in the text; ours is fixed (ruling 108): the lowest-numbered ship of
    his type afloat with no navy leader aboard, else any of his type; none afloat, he does not
    arrive (the event says so)."""
    board = state["board"]
    fleets, admirals = board.get("fleets"), board.get("admirals")
    if fleets is None or admirals is None:
        return []
    names = {NAVY_LEADERS[n].name: NAVY_LEADERS[n] for n in sorted(NAVY_LEADERS)}
    events = []
    for uid in unit_ids(f"{year}-{season}", kinds=("leader",)):
        leader = names.get(uid.rsplit("-ldr-", 1)[-1].upper())
        if leader is None or leader.id in admirals or leader.nation not in state["powers"]:
            continue
        afloat = sorted((u for u in fleets if SHIPS[u].nation == leader.nation
                         and SHIPS[u].kind == leader.rides), key=_ship_number)
        free = [u for u in afloat if u not in admirals.values()]
        ship = (free or afloat or [None])[0]
        if ship is not None:
            admirals[leader.id] = ship
        events.append(Event("navy_leader_arrives", "BoP 13.0",
                            {"leader": leader.id, "name": leader.name, "ship": ship}))
    return events


def _ship_number(uid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in uid.rsplit("-", 1)[-1] if ch.isdigit())
    return (int(digits) if digits else 0, uid)


# BoP 2.1: each seasonal turn falls just before the first month of its season (AUTUMN between
# August and September); "1917-winter" is the one before December 1917.
SEASON_OPENS = {"spring": 3, "summer": 6, "autumn": 9, "winter": 12}


def seasonal_turns_after(entry_month: str, year: int, season: str) -> int:
    """BoP 13.0 (United States) — how many seasonal turns have passed since the month of entry,
    counting the turn of (`year`, `season`): a turn counts when it falls after the entry month
    (a turn falling just before the entry month's own diplomacy does not)."""
    entry = (int(entry_month[:4]), int(entry_month[5:7]))
    target = (year, SEASON_OPENS[season])
    return sum(1 for y in range(entry[0], year + 1) for month in SEASON_OPENS.values()
               if entry < (y, month) <= target)


def united_states_due(entry_month: str, year: int, season: str) -> list[str]:
    """The United States' CoB units that become available at the seasonal turn (`year`,
    `season`), for an entry in `entry_month` (the "us+N" lines)."""
    return unit_ids(f"us+{seasonal_turns_after(entry_month, year, season)}")
