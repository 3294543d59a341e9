"""The position: which map a game plays on, where the units are, who controls what (FA 2.5).

Read-only helpers over `state["board"]`. Maps are immutable and shared; the one registry here
maps a map name to its loader (the compiled `fa-europe`, the East Prussia window shipped with
this package, and synthetic maps the tests register).
"""

from __future__ import annotations

import functools
import marshal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

from engine.board import Map, load_map, load_map_file
from engine.kernel.ruleset import memos_set_aside

from .powers import CO_OPERATING_PAIRS, POWER_SIDE, power_of_country

DATA = Path(__file__).resolve().parent / "data"
WINDOW_MAP = "fa-east-prussia"

_LOADERS: dict[str, Callable[[], Map]] = {}


def register_map(name: str, m: Map) -> None:
    """Make an immutable map available by name (tests, synthetic positions)."""
    _LOADERS[name] = lambda: m
    game_map.cache_clear()


@functools.lru_cache(maxsize=None)
def game_map(name: str) -> Map:
    """The map called `name`: a registered one, the shipped window, or a compiled map."""
    if name in _LOADERS:
        return _LOADERS[name]()
    if name == WINDOW_MAP:
        return load_map_file(DATA / "east-prussia-window.json")
    return load_map(name)


def map_of(state: dict[str, Any]) -> Map:
    return game_map(state["board"]["map"])


# --- a pure memo for derived facts of a position ----------------------------------------------
# Zones of control and supply are pure functions of the position's fingerprint below; the memo
# maps (what, fingerprint, power) to an immutable result, so nothing can go stale: a changed
# position has a different key. It only bounds repeated work within and across calls.

_MEMO: dict[tuple[Any, ...], Any] = {}
_MEMO_LIMIT = 4096
_MISSING = object()


def fingerprint(state: dict[str, Any]) -> tuple[Any, ...]:
    board = state["board"]
    placed = tuple((u["id"], u["hex"], u["power"], u["type"], u["size"], u["nation"])
                   for _, u in sorted(board["units"].items()) if u["hex"] is not None)
    return (political_fingerprint(state), placed,
            # overseas supply (2.4.2.3): ships at sea, and option 2
            tuple((uid, sh["power"], sh["type"], sh["area"])
                  for uid, sh in sorted(board.get("fleets", {}).items()) if sh["area"]),
            # ... and convoy points at sea (option 2's carriers, version 19)
            tuple((area, p, n) for area, stacks in sorted(board.get("convoys", {}).items())
                  for p, n in sorted(stacks.items())))


def political_fingerprint(state: dict[str, Any]) -> tuple[Any, ...]:
    """The part of `fingerprint` that is not where forces stand: control, the turn's lost
    cities, weather, wars and sides, conquests, access and options. A memo keyed on this plus
    the force-dependent facts it reads (a power's blocked hexes, its HQs, its sea crossings)
    is hit again after a move that changed the position but none of those facts."""
    board = state["board"]
    flow = state["flow"]
    return (board["map"], tuple(sorted(board["control"].items())),
            tuple(flow.get("enemy_held", [])), tuple(sorted(flow["weather"]["zones"].items())),
            tuple(board["wars"]), tuple(board["active"]),
            tuple(sorted((k, tuple(v)) for k, v in board.get("zoc_silenced", {}).items())),
            tuple(board.get("invaders", ())),       # FA 11.11: no ZoC out for the impulse
            tuple(sorted(board["sides"].items())), tuple(sorted(board["aligned"].items())),
            tuple(sorted(board.get("access", {}).items())),
            # home countries (13.6.1.4) and co-operation (19.1) after conquests and liberations
            tuple(sorted((c, r["complete"], r["by"])
                         for c, r in board.get("conquered", {}).items())),
            tuple(sorted((c, tuple(p)) for c, p in board.get("liberation_partners", {}).items())),
            tuple(sorted((c, tuple(p)) for c, p in board.get("liberation_refusers", {}).items())),
            tuple(sorted(board.get("options", {}).items())))


def memoised(what: str, state: dict[str, Any], power: str, compute: Callable[[], Any]) -> Any:
    return memoised_by(what, (fingerprint(state), power), compute)


def memoised_by(what: str, inputs: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
    """The same memo keyed on `inputs`, which must hold everything `compute` reads: a caller
    that knows which facts of a position its result depends on keys on those alone."""
    key = (what, inputs)
    value = _MEMO.get(key, _MISSING)
    if value is not _MISSING:
        return value
    value = compute()
    if len(_MEMO) >= _MEMO_LIMIT:
        # forget the older half (a dict keeps insertion order): the supply traces keyed on
        # their inputs outlive many positions, and a full clear would throw them away too
        for old in list(_MEMO)[:_MEMO_LIMIT // 2]:
            del _MEMO[old]
    _MEMO[key] = value
    return value


_STATE_MEMO: dict[tuple[str, bytes], Any] = {}
_STATE_MEMO_LIMIT = 64


def memoised_on_state(what: str, state: dict[str, Any], compute: Callable[[], Any]) -> Any:
    """The same kind of memo for facts that read more than the position (who still decides in
    a step reads the flow too): keyed by the whole board and flow, so it cannot go stale
    either. The key is their marshalled bytes: equal bytes are equal content, and a state
    serialised differently only misses (version 2 writes no back-references, so a copy
    of a state gives the same bytes)."""
    return memoised_on_key(what, state_key(state), compute)


def state_key(state: dict[str, Any]) -> bytes:
    """`memoised_on_state`'s key of a state: a caller that asks several memos about the same
    unchanged state makes it once (it costs as much as a copy of the board)."""
    return marshal.dumps((state["board"], state["flow"]), 2)


def memoised_on_key(what: str, key: bytes, compute: Callable[[], Any]) -> Any:
    """`memoised_on_state` with the key already made by `state_key` of the state it reads."""
    entry = (what, key)
    value = _STATE_MEMO.get(entry, _MISSING)
    if value is not _MISSING:
        return value
    value = compute()
    if len(_STATE_MEMO) >= _STATE_MEMO_LIMIT:
        _STATE_MEMO.clear()
    _STATE_MEMO[entry] = value
    return value


def clear_memo() -> None:
    _MEMO.clear()
    _STATE_MEMO.clear()


@contextmanager
def memo_set_aside() -> Iterator[None]:
    """Empty both memos for the body, then put back what they held (the check that lists
    options cold must not cost the next action a rebuild of every zone and supply trace)."""
    with memos_set_aside(_MEMO, _STATE_MEMO):
        yield


# --- units ------------------------------------------------------------------------------------

def units(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return state["board"]["units"]


def unit(state: dict[str, Any], unit_id: str) -> dict[str, Any]:
    return state["board"]["units"][unit_id]


def on_map(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every land unit on the map, sorted by id."""
    return [u for _, u in sorted(state["board"]["units"].items()) if u["hex"] is not None]


def by_hex(state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """hex id → the land units there (sorted by id)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for u in on_map(state):
        out.setdefault(u["hex"], []).append(u)
    return out


def units_in(state: dict[str, Any], hex_id: str) -> list[dict[str, Any]]:
    """The land units in one hex, sorted by id: `by_hex(state).get(hex_id, [])` without
    sorting and grouping every unit on the map, for a caller asking about one hex."""
    return [u for _, u in sorted((uid, u) for uid, u in state["board"]["units"].items()
                                 if u["hex"] == hex_id)]


# --- war and control --------------------------------------------------------------------------

def commander(state: dict[str, Any], power: str) -> str:
    """The seat that orders a power's units: an aligned minor's major, else the power."""
    return state["board"]["aligned"].get(power, power)


def at_war(state: dict[str, Any], a: str, b: str) -> bool:
    """FA 9 — two powers (or a power and a minor) are at war; an aligned minor shares its
    major's wars."""
    if a == b:
        return False
    wars = state["board"]["wars"]
    if "|".join(sorted((a, b))) in wars:
        return True
    ra, rb = commander(state, a), commander(state, b)
    return ra != rb and "|".join(sorted((ra, rb))) in wars


def is_active(state: dict[str, Any], power: str) -> bool:
    return power in state["board"]["active"]


def is_enemy(state: dict[str, Any], a: str, b: str) -> bool:
    """Units of `a` and `b` fight each other: at war (minors by their controlling major)."""
    return at_war(state, a, b)


def is_friendly(state: dict[str, Any], a: str, b: str) -> bool:
    """Same side and both active (or the same power); a neutral minor that grants a side
    access (FA 22.6: Greece to the Allies from S/O 1915) is friendly to that side's powers."""
    a, b = commander(state, a), commander(state, b)
    if a == b:
        return True
    sides = state["board"]["sides"]
    access = state["board"].get("access", {})
    if (b in access and sides.get(a) == access[b]) or (a in access
                                                       and sides.get(b) == access[a]):
        return True
    return (a in sides and b in sides and sides[a] == sides[b]
            and is_active(state, a) and is_active(state, b))


def co_operates(state: dict[str, Any], a: str, b: str) -> bool:
    """FA 19.1 — whether units of `a` and `b` (powers or minors) co-operate: the same power or
    minor; a minor and the major it is aligned with (never two minors, nor a minor and its
    major's partners); a liberated major and the majors that gave its hexes back, its
    liberator first (13.6.3.1); US–CW, US–France and Germany–Austria-Hungary while neither is
    neutral (not at war). A major that kept a liberated major's hexes never co-operates with
    it."""
    if a == b:
        return True
    board = state["board"]
    if a not in POWER_SIDE or b not in POWER_SIDE:
        aligned = board["aligned"]
        return aligned.get(a) == b or aligned.get(b) == a
    refusers = board.get("liberation_refusers", {})
    if a in refusers.get(b, ()) or b in refusers.get(a, ()):
        return False
    partners = board.get("liberation_partners", {})
    if a in partners.get(b, ()) or b in partners.get(a, ()):
        return True
    return frozenset({a, b}) in CO_OPERATING_PAIRS and is_active(state, a) and is_active(
        state, b)


@functools.lru_cache(maxsize=None)
def _initial_table(m: Map) -> dict[str, str | None]:
    table: dict[str, str | None] = {}
    for h in m.ids:
        info = m.hex(h)
        country = info.home or info.country
        table[h] = None if country is None else (power_of_country(country) or country)
    return table


@functools.lru_cache(maxsize=None)
def sea_hexes(m: Map) -> frozenset[str]:
    return frozenset(h for h in m.ids if m.hex(h).sea)


def initial_controller(m: Map, hex_id: str) -> str | None:
    return _initial_table(m)[hex_id]


def controller(state: dict[str, Any], hex_id: str) -> str | None:
    """FA 2.5 — who controls a hex now (a power, a minor's id, or None at sea)."""
    changed = state["board"]["control"].get(hex_id)
    if changed is not None:
        return changed
    return initial_controller(map_of(state), hex_id)


def owner_country(m: Map, hex_id: str) -> str | None:
    info = m.hex(hex_id)
    return info.home or info.country


# Countries `powers.COUNTRY_POWER` gives a power only because it holds them from the start as
# occupier (Luxembourg, Germany's from 2 August 1914): never part of its home country.
OCCUPIED_NOT_HOME = frozenset({"luxembourg"})


def is_home_country_hex(m: Map, hex_id: str, power: str) -> bool:
    """The power's (or minor's) home country proper, by the map's home mark: possessions
    (Cairo, Algiers, Tripoli: only the UK is home for the CW) and occupied ground are not."""
    home = m.hex(hex_id).home
    return home is not None and home not in OCCUPIED_NOT_HOME and power_of_country(home) == power


def in_home_country(state: dict[str, Any], hex_id: str, power: str) -> bool:
    """FA 2.4.2, 4.2 — the hex lies in the power's unconquered home country: its home country
    proper, or for a major incompletely conquered its new home country, its possessions taken
    together (13.6.1.4: the map prints no pre-1914 alignments, so there is nothing else to
    choose). A completely conquered country has none."""
    record = state["board"].get("conquered", {}).get(power)
    m = map_of(state)
    if record is None:
        return is_home_country_hex(m, hex_id, power)
    if record["complete"] or power not in POWER_SIDE:
        return False
    info = m.hex(hex_id)
    return info.home is None and not info.sea and power_of_country(info.country) == power


# FA 15.3.3 — extra places a conqueror must hold (by place id).
EXTRA_PLACES = {"serbia": ("belgrade", "uskub")}


@functools.lru_cache(maxsize=None)
def home_hexes(m: Map) -> dict[str, tuple[str, ...]]:
    """Power or minor id → the hexes of its home country (the map's `home`; a map with no
    home marks uses the country)."""
    out: dict[str, list[str]] = {}
    for h in m.ids:
        info = m.hex(h)
        if info.sea:
            continue
        home = info.home if info.home is not None else (
            info.country if not _has_home_marks(m) else None)
        if home is None:
            continue
        out.setdefault(power_of_country(home) or home, []).append(h)
    return {k: tuple(v) for k, v in sorted(out.items())}


@functools.lru_cache(maxsize=None)
def _has_home_marks(m: Map) -> bool:
    return any(m.hex(h).home is not None for h in m.ids)


def capital_and_factories(m: Map, country: str) -> tuple[str | None, list[str]]:
    """FA 13.6 — a home country's capital, and the other hexes its conqueror must hold: its
    factories and FA 15.3.3's extra places."""
    hexes = home_hexes(m).get(country, ())
    capital = next((h for h in hexes if m.hex(h).has_feature("capital")), None)
    extra = [m.places[p].hex for p in EXTRA_PLACES.get(country, ()) if p in m.places]
    factories = [h for h in hexes if m.hex(h).has_feature("factory")]
    return capital, sorted(set(factories + extra) - {capital})
