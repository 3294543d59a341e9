"""The map model: an immutable, indexed view of one ``salient-map/1`` document.

``Map.from_document(doc)`` validates the document and precomputes the indexes path search
needs: hex ids sorted as strings get integer indexes ``0..n-1``; each hex has a tuple of
on-map neighbour indexes (direction order) and a six-slot tuple with ``-1`` for off-map
directions; hexside features are looked up by integer pair. Everything exposed is a tuple,
frozenset, frozen dataclass or read-only mapping, so a memoised ``Map`` can be shared by every
game in the process.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import partial
from types import MappingProxyType
from typing import Any, TypeAlias

from engine.board.hexgrid import (
    DIRECTIONS,
    Hex,
    HexId,
    HexsideId,
    Layout,
    hexside_id,
    parse_hex_id,
    parse_hexside_id,
)

FORMAT = "salient-map/1"

AreaId: TypeAlias = str
BoxId: TypeAlias = str
PlaceId: TypeAlias = str
SeaId: TypeAlias = str


class MapFormatError(ValueError):
    """A map document does not follow ``salient-map/1``; the message names the offending path."""


class AmbiguousPlaceError(LookupError):
    """A place name matches several places; look it up by place id instead."""


class RiverClass(str, Enum):
    MAJOR = "major"
    MINOR = "minor"


@dataclass(frozen=True, slots=True)
class HexInfo:
    """One on-map hex. ``terrain`` is the physical class; rulesets map it onto their own chart."""

    id: HexId
    index: int
    coord: Hex
    terrain: str
    sea: bool = False
    coastal: bool = False
    label: str | None = None
    country: str | None = None
    home: str | None = None
    sea_area: SeaId | None = None
    weather_zone: str | None = None
    features: tuple[str, ...] = ()

    def has_feature(self, feature: str) -> bool:
        return feature in self.features


@dataclass(frozen=True, slots=True)
class HexsideInfo:
    """Features on the side between hexes ``a`` and ``b`` (``a < b`` as strings)."""

    id: HexsideId
    a: HexId
    b: HexId
    river: RiverClass | None = None
    strait: bool = False
    canal: bool = False
    all_sea: bool = False
    border: bool = False
    # impassable hexsides and passes, for rulesets whose terrain chart has them (BoP 1.22)
    all_lake: bool = False
    red_bar: bool = False
    mountain_pass: bool = False
    alpine_pass: bool = False


@dataclass(frozen=True, slots=True)
class SeaArea:
    id: SeaId
    name: str
    hexes: tuple[HexId, ...]
    sections: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Box:
    """An off-map or port box; ``adjacent`` are the on-map hexes it touches."""

    id: BoxId
    name: str
    kind: str
    adjacent: tuple[HexId, ...]
    sea: SeaId | None = None


@dataclass(frozen=True, slots=True)
class RailLine:
    """A rail line as a sequence of hexes, each adjacent to the next."""

    id: str
    name: str
    hexes: tuple[HexId, ...]


@dataclass(frozen=True, slots=True)
class Place:
    id: PlaceId
    name: str
    hex: HexId
    country: str | None = None
    capital: bool = False
    port: str | None = None
    fortress: bool = False
    kind: str = "city"


@dataclass(frozen=True, slots=True)
class Area:
    """A node of an area graph (area-based rulesets); ``hexes`` optionally ties it to the grid."""

    id: AreaId
    name: str
    flags: tuple[str, ...] = ()
    hexes: tuple[HexId, ...] = ()


@dataclass(frozen=True, slots=True)
class AreaEdge:
    """An undirected area-graph edge, stored with ``a < b``."""

    a: AreaId
    b: AreaId
    flags: tuple[str, ...] = ()

    def other(self, area: AreaId) -> AreaId:
        """Return the end of the edge that is not ``area``.

        :raises ValueError: if ``area`` is not an end of this edge.
        """
        if area == self.a:
            return self.b
        if area == self.b:
            return self.a
        raise ValueError(f"area {area!r} is not an end of edge {self.a!r}–{self.b!r}")


# ---------------------------------------------------------------------------------------------
# Validation helpers: each takes the JSON path for its message.


def _fail(path: str, message: str) -> MapFormatError:
    return MapFormatError(f"{path}: {message}")


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {type(value).__name__}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {type(value).__name__}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(path, f"expected a non-empty string, got {value!r}")
    return value


def _opt_str(value: Any, path: str) -> str | None:
    return None if value is None else _str(value, path)


def _bool(value: Any, path: str) -> bool:
    # bool is checked exactly: 0/1 in a map would hide a compiler bug.
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, got {value!r}")
    return value


def _str_list(value: Any, path: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{path}[{i}]") for i, v in enumerate(_list(value, path)))


def _flags(value: Any, path: str) -> tuple[str, ...]:
    items = _str_list(value, path)
    if len(set(items)) != len(items):
        raise _fail(path, f"duplicate entries in {list(items)!r}")
    return tuple(sorted(items))


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(value[k]) for k in sorted(value)})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def document_sha256(doc: Mapping[str, Any]) -> str:
    """Return the SHA-256 of ``doc`` without ``meta.sha256``, as canonical JSON.

    Canonical JSON here: keys sorted, separators ``(",", ":")``, UTF-8 without ASCII escaping.
    """
    plain = _thaw(doc)
    meta = dict(plain.get("meta") or {})
    meta.pop("sha256", None)
    plain["meta"] = meta
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_HEX_KEYS_BOOL = ("sea", "coastal")
_HEX_KEYS_STR = ("label", "country", "home", "sea_area", "weather_zone")
_HEXSIDE_KEYS_BOOL = ("strait", "canal", "all_sea", "border", "all_lake", "red_bar",
                      "mountain_pass", "alpine_pass")


@dataclass(frozen=True, slots=True, eq=False)
class Map:
    """An immutable, indexed map. Build it with :meth:`from_document`.

    Integer indexes follow the hex ids sorted as strings, so "smallest index" and "smallest hex
    id" are the same tie-break everywhere.
    """

    name: str
    meta: Mapping[str, Any]
    layout: Layout
    ids: tuple[HexId, ...]
    index: Mapping[HexId, int]
    coords: tuple[Hex, ...]
    hexes: tuple[HexInfo, ...]
    adjacent: tuple[tuple[int, ...], ...]
    neighbour_at: tuple[tuple[int, ...], ...]
    hexsides: Mapping[HexsideId, HexsideInfo]
    seas: Mapping[SeaId, SeaArea]
    boxes: Mapping[BoxId, Box]
    rail: tuple[RailLine, ...]
    places: Mapping[PlaceId, Place]
    areas: Mapping[AreaId, Area]
    area_edges: tuple[AreaEdge, ...]
    _side_by_pair: Mapping[int, HexsideInfo]
    _by_label: Mapping[str, int]
    _places_by_name: Mapping[str, tuple[PlaceId, ...]]
    _boxes_by_hex: Mapping[HexId, tuple[BoxId, ...]]
    _area_links: Mapping[AreaId, tuple[AreaEdge, ...]]

    # -----------------------------------------------------------------------------------------
    # Lookups

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self.index

    def index_of(self, hex_id: HexId) -> int:
        """Return the integer index of ``hex_id``.

        :raises KeyError: if the hex is not on this map.
        """
        try:
            return self.index[hex_id]
        except KeyError:
            raise KeyError(f"hex {hex_id!r} is not on map {self.name!r}") from None

    def hex(self, hex_id: HexId) -> HexInfo:
        """Return the hex record of ``hex_id``.

        :raises KeyError: if the hex is not on this map.
        """
        return self.hexes[self.index_of(hex_id)]

    def neighbours(self, hex_id: HexId) -> tuple[HexId, ...]:
        """Return the on-map neighbours of ``hex_id`` in direction order.

        :raises KeyError: if the hex is not on this map.
        """
        ids = self.ids
        return tuple(ids[j] for j in self.adjacent[self.index_of(hex_id)])

    def hexside_between(self, i: int, j: int) -> HexsideInfo | None:
        """Return the features on the side between hex indexes ``i`` and ``j`` (either order).

        ``None`` means nothing is on that side (or the hexes are not adjacent).
        """
        return self._side_by_pair.get(i * len(self.ids) + j)

    def hexside(self, a: HexId, b: HexId) -> HexsideInfo | None:
        """Return the features on the side between hex ids ``a`` and ``b``, or ``None``.

        Works for sides whose other hex is off the map.

        :raises ValueError: if the ids are malformed or not adjacent.
        """
        return self.hexsides.get(hexside_id(a, b))

    def hex_by_label(self, label: str) -> HexId:
        """Return the hex carrying the printed label ``label`` (e.g. ``"0115"``).

        :raises KeyError: if no hex has that label.
        """
        try:
            return self.ids[self._by_label[label]]
        except KeyError:
            raise KeyError(f"no hex labelled {label!r} on map {self.name!r}") from None

    def place_by_name(self, name: str) -> Place:
        """Return the place whose id or name is ``name`` (names compared case-insensitively).

        :raises KeyError: if nothing matches.
        :raises AmbiguousPlaceError: if the name matches several places.
        """
        if name in self.places:
            return self.places[name]
        found = self._places_by_name.get(name.casefold(), ())
        if not found:
            raise KeyError(f"no place named {name!r} on map {self.name!r}")
        if len(found) > 1:
            raise AmbiguousPlaceError(f"place name {name!r} matches {list(found)!r}; use a place id")
        return self.places[found[0]]

    def hex_by_place(self, name: str) -> HexId:
        """Return the hex of the place with id or name ``name``.

        :raises KeyError: if nothing matches.
        :raises AmbiguousPlaceError: if the name matches several places.
        """
        return self.place_by_name(name).hex

    def boxes_at(self, hex_id: HexId) -> tuple[BoxId, ...]:
        """Return the ids of boxes adjacent to ``hex_id``, sorted (empty if none)."""
        return self._boxes_by_hex.get(hex_id, ())

    def area_links(self, area: AreaId) -> tuple[AreaEdge, ...]:
        """Return the edges touching ``area``, sorted by the other end's id.

        :raises KeyError: if ``area`` is not an area of this map.
        """
        if area not in self.areas:
            raise KeyError(f"no area {area!r} on map {self.name!r}")
        return self._area_links.get(area, ())

    def area_neighbours(self, area: AreaId) -> tuple[AreaId, ...]:
        """Return the areas linked to ``area``, sorted.

        :raises KeyError: if ``area`` is not an area of this map.
        """
        return tuple(e.other(area) for e in self.area_links(area))

    @property
    def sha256(self) -> str | None:
        return self.meta.get("sha256")

    # -----------------------------------------------------------------------------------------
    # Construction

    @classmethod
    def from_document(cls, doc: Mapping[str, Any]) -> Map:
        """Validate a ``salient-map/1`` document (parsed JSON) and build the indexed map.

        Only ``terrain`` is required on a hex; other hex and hexside fields default to
        false/null/empty. Unknown keys are ignored so the compiler can add fields ahead of the
        loader. The optional ``areas``/``edges`` sections describe an area graph.

        :raises MapFormatError: naming the offending path, when the document is malformed:
            wrong format tag, wrong types, non-canonical or non-adjacent ids, references to
            hexes, seas or areas that do not exist, duplicate labels or ids.
        """
        doc = _obj(doc, "$")
        if doc.get("format") != FORMAT:
            raise _fail("$.format", f"expected {FORMAT!r}, got {doc.get('format')!r}")
        meta = _obj(doc.get("meta", {}), "$.meta")
        name = _str(meta.get("name", "unnamed"), "$.meta.name")
        layout = _layout(meta.get("layout"))
        terrain_classes = meta.get("terrain_classes")
        allowed_terrain = None if terrain_classes is None else frozenset(
            _str_list(terrain_classes, "$.meta.terrain_classes"))

        raw_hexes = _obj(doc.get("hexes", {}), "$.hexes")
        coords_by_id: dict[HexId, Hex] = {}
        for key in raw_hexes:
            try:
                coords_by_id[key] = parse_hex_id(key)
            except ValueError as e:
                raise _fail(f"$.hexes[{key!r}]", str(e)) from None
        ids = tuple(sorted(coords_by_id))
        index = {h: i for i, h in enumerate(ids)}
        coords = tuple(coords_by_id[h] for h in ids)
        n = len(ids)

        raw_seas = _obj(doc.get("seas", {}), "$.seas")
        raw_areas = _obj(doc.get("areas", {}), "$.areas")
        if n == 0 and not raw_areas:
            raise _fail("$.hexes", "the map has no hexes and no areas")

        def on_map(value: Any, path: str) -> HexId:
            h = _str(value, path)
            if h not in index:
                raise _fail(path, f"hex {h!r} is not on the map")
            return h

        hexes = []
        by_label: dict[str, int] = {}
        for i, h in enumerate(ids):
            info = _hex_info(h, i, coords[i], raw_hexes[h], allowed_terrain)
            if info.sea_area is not None and info.sea_area not in raw_seas:
                raise _fail(f"$.hexes[{h!r}].sea_area", f"unknown sea area {info.sea_area!r}")
            if info.label is not None:
                if info.label in by_label:
                    raise _fail(f"$.hexes[{h!r}].label",
                                f"label {info.label!r} is also on {ids[by_label[info.label]]!r}")
                by_label[info.label] = i
            hexes.append(info)

        # Neighbours via coordinate tuples: hashing small int tuples is far cheaper than
        # formatting id strings for 6n lookups.
        by_coord: dict[tuple[int, int], int] = {c: i for i, c in enumerate(coords)}
        neighbour_at = []
        adjacent = []
        for q, r in coords:
            six = tuple(by_coord.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS)
            neighbour_at.append(six)
            adjacent.append(tuple(j for j in six if j >= 0))

        hexsides: dict[HexsideId, HexsideInfo] = {}
        side_by_pair: dict[int, HexsideInfo] = {}
        raw_sides = _obj(doc.get("hexsides", {}), "$.hexsides")
        for key in sorted(raw_sides):
            path = f"$.hexsides[{key!r}]"
            try:
                a, b = parse_hexside_id(key)
            except ValueError as e:
                raise _fail(path, str(e)) from None
            if a not in index and b not in index:
                raise _fail(path, "neither hex of this side is on the map")
            raw = _obj(raw_sides[key], path)
            river = raw.get("river")
            if river is not None:
                try:
                    river = RiverClass(river)
                except ValueError:
                    raise _fail(f"{path}.river", f"expected 'major', 'minor' or null, got {river!r}") from None
            fields = {k: _bool(raw[k], f"{path}.{k}") for k in _HEXSIDE_KEYS_BOOL if k in raw}
            side = HexsideInfo(id=key, a=a, b=b, river=river, **fields)
            hexsides[key] = side
            if a in index and b in index:
                ia, ib = index[a], index[b]
                side_by_pair[ia * n + ib] = side
                side_by_pair[ib * n + ia] = side

        seas = {}
        for sid in sorted(raw_seas):
            path = f"$.seas[{sid!r}]"
            raw = _obj(raw_seas[sid], path)
            sea_hexes = tuple(on_map(v, f"{path}.hexes[{k}]") for k, v in enumerate(_list(raw.get("hexes", []), f"{path}.hexes")))
            raw_sections = _obj(raw.get("sections", {}), f"{path}.sections")
            sections = MappingProxyType({
                k: _str_list(raw_sections[k], f"{path}.sections[{k!r}]") for k in sorted(raw_sections)})
            seas[sid] = SeaArea(id=sid, name=_str(raw.get("name", sid), f"{path}.name"), hexes=sea_hexes, sections=sections)

        boxes = {}
        boxes_by_hex: dict[HexId, list[BoxId]] = {}
        raw_boxes = _obj(doc.get("boxes", {}), "$.boxes")
        for bid in sorted(raw_boxes):
            path = f"$.boxes[{bid!r}]"
            raw = _obj(raw_boxes[bid], path)
            adj = tuple(on_map(v, f"{path}.adjacent[{k}]") for k, v in enumerate(_list(raw.get("adjacent", []), f"{path}.adjacent")))
            sea = _opt_str(raw.get("sea"), f"{path}.sea")
            if sea is not None and sea not in seas:
                raise _fail(f"{path}.sea", f"unknown sea area {sea!r}")
            boxes[bid] = Box(id=bid, name=_str(raw.get("name", bid), f"{path}.name"),
                             kind=_str(raw.get("kind"), f"{path}.kind"), adjacent=adj, sea=sea)
            for h in adj:
                boxes_by_hex.setdefault(h, []).append(bid)

        rail = []
        seen_rail: set[str] = set()
        for k, raw in enumerate(_list(doc.get("rail", []), "$.rail")):
            path = f"$.rail[{k}]"
            raw = _obj(raw, path)
            rid = _str(raw.get("id"), f"{path}.id")
            if rid in seen_rail:
                raise _fail(f"{path}.id", f"duplicate rail line id {rid!r}")
            seen_rail.add(rid)
            line_hexes = tuple(on_map(v, f"{path}.hexes[{j}]") for j, v in enumerate(_list(raw.get("hexes"), f"{path}.hexes")))
            if len(line_hexes) < 2:
                raise _fail(f"{path}.hexes", "a rail line needs at least two hexes")
            for j in range(1, len(line_hexes)):
                if index[line_hexes[j]] not in adjacent[index[line_hexes[j - 1]]]:
                    raise _fail(f"{path}.hexes[{j}]",
                                f"{line_hexes[j]!r} is not adjacent to {line_hexes[j - 1]!r}")
            rail.append(RailLine(id=rid, name=_str(raw.get("name", rid), f"{path}.name"), hexes=line_hexes))

        places = {}
        places_by_name: dict[str, list[PlaceId]] = {}
        raw_places = _obj(doc.get("places", {}), "$.places")
        for pid in sorted(raw_places):
            path = f"$.places[{pid!r}]"
            raw = _obj(raw_places[pid], path)
            place = Place(
                id=pid,
                name=_str(raw.get("name"), f"{path}.name"),
                hex=on_map(raw.get("hex"), f"{path}.hex"),
                country=_opt_str(raw.get("country"), f"{path}.country"),
                capital=_bool(raw.get("capital", False), f"{path}.capital"),
                port=_opt_str(raw.get("port"), f"{path}.port"),
                fortress=_bool(raw.get("fortress", False), f"{path}.fortress"),
                kind=_str(raw.get("kind", "city"), f"{path}.kind"),
            )
            places[pid] = place
            places_by_name.setdefault(place.name.casefold(), []).append(pid)

        areas = {}
        for aid in sorted(raw_areas):
            path = f"$.areas[{aid!r}]"
            raw = _obj(raw_areas[aid], path)
            area_hexes = tuple(on_map(v, f"{path}.hexes[{k}]") for k, v in enumerate(_list(raw.get("hexes", []), f"{path}.hexes")))
            areas[aid] = Area(id=aid, name=_str(raw.get("name", aid), f"{path}.name"),
                              flags=_flags(raw.get("flags", []), f"{path}.flags"), hexes=area_hexes)
        edges: dict[tuple[AreaId, AreaId], AreaEdge] = {}
        for k, raw in enumerate(_list(doc.get("edges", []), "$.edges")):
            path = f"$.edges[{k}]"
            raw = _obj(raw, path)
            a, b = _str(raw.get("a"), f"{path}.a"), _str(raw.get("b"), f"{path}.b")
            for end, end_path in ((a, f"{path}.a"), (b, f"{path}.b")):
                if end not in areas:
                    raise _fail(end_path, f"unknown area {end!r}")
            if a == b:
                raise _fail(path, f"edge joins area {a!r} to itself")
            a, b = min(a, b), max(a, b)
            if (a, b) in edges:
                raise _fail(path, f"duplicate edge between {a!r} and {b!r}")
            edges[(a, b)] = AreaEdge(a=a, b=b, flags=_flags(raw.get("flags", []), f"{path}.flags"))
        area_edges = tuple(edges[key] for key in sorted(edges))
        links: dict[AreaId, list[AreaEdge]] = {}
        for edge in area_edges:
            links.setdefault(edge.a, []).append(edge)
            links.setdefault(edge.b, []).append(edge)

        return cls(
            name=name,
            meta=_freeze(dict(meta)),
            layout=layout,
            ids=ids,
            index=MappingProxyType(index),
            coords=coords,
            hexes=tuple(hexes),
            adjacent=tuple(adjacent),
            neighbour_at=tuple(neighbour_at),
            hexsides=MappingProxyType(hexsides),
            seas=MappingProxyType(seas),
            boxes=MappingProxyType(boxes),
            rail=tuple(rail),
            places=MappingProxyType(places),
            areas=MappingProxyType(areas),
            area_edges=area_edges,
            _side_by_pair=MappingProxyType(side_by_pair),
            _by_label=MappingProxyType(by_label),
            _places_by_name=MappingProxyType({k: tuple(v) for k, v in sorted(places_by_name.items())}),
            _boxes_by_hex=MappingProxyType({k: tuple(sorted(v)) for k, v in sorted(boxes_by_hex.items())}),
            _area_links=MappingProxyType({
                k: tuple(sorted(v, key=partial(_far_end, k))) for k, v in sorted(links.items())}),
        )


def _far_end(area: AreaId, edge: AreaEdge) -> AreaId:
    """The area an edge leads to from `area` (the sort key of an area's links)."""
    return edge.other(area)


def _hex_info(h: HexId, i: int, coord: Hex, raw: Any, allowed_terrain: frozenset[str] | None) -> HexInfo:
    path = f"$.hexes[{h!r}]"
    raw = _obj(raw, path)
    terrain = raw.get("terrain")
    if terrain.__class__ is not str or not terrain:
        _str(terrain, f"{path}.terrain")
    if allowed_terrain is not None and terrain not in allowed_terrain:
        raise _fail(f"{path}.terrain", f"{terrain!r} is not in meta.terrain_classes")
    fields: dict[str, Any] = {}
    # Fast type checks first; the detailed validators run only to build the error message.
    for k in _HEX_KEYS_BOOL:
        if k in raw:
            v = raw[k]
            fields[k] = v if v.__class__ is bool else _bool(v, f"{path}.{k}")
    for k in _HEX_KEYS_STR:
        if k in raw:
            v = raw[k]
            fields[k] = v if v is None or (v.__class__ is str and v) else _opt_str(v, f"{path}.{k}")
    raw_features = raw.get("features", [])
    if raw_features:
        features = _flags(raw_features, f"{path}.features")
    elif raw_features.__class__ is list:
        features = ()
    else:
        features = _flags(raw_features, f"{path}.features")
    return HexInfo(id=h, index=i, coord=coord, terrain=terrain, features=features, **fields)


_NUMBER = (int, float)


def _layout(raw: Any) -> Layout:
    if raw is None:
        return Layout.make("flat", 1.0)
    raw = _obj(raw, "$.meta.layout")
    orientation = raw.get("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        raise _fail("$.meta.layout.orientation", f"expected 'flat' or 'pointy', got {orientation!r}")
    size = raw.get("size", 1.0)
    sizes = size if isinstance(size, list) else [size]
    if len(sizes) not in (1, 2) or not all(isinstance(s, _NUMBER) and not isinstance(s, bool) and s > 0 for s in sizes):
        raise _fail("$.meta.layout.size", f"expected a positive number or [sx, sy], got {size!r}")
    origin = raw.get("origin", [0, 0])
    if not (isinstance(origin, list) and len(origin) == 2
            and all(isinstance(o, _NUMBER) and not isinstance(o, bool) for o in origin)):
        raise _fail("$.meta.layout.origin", f"expected [x0, y0], got {origin!r}")
    return Layout.make(orientation, sizes[0] if len(sizes) == 1 else (sizes[0], sizes[1]), (origin[0], origin[1]))


_MAP_NAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]*")


def check_map_name(name: str) -> str:
    """Return ``name`` if it is a safe compiled-map name (lowercase, digits, ``-``, ``_``).

    :raises ValueError: otherwise (this also keeps paths like ``../x`` out of the loader).
    """
    if not isinstance(name, str) or not _MAP_NAME_RE.fullmatch(name):
        raise ValueError(f"invalid map name {name!r}: use lowercase letters, digits, '-' and '_'")
    return name
