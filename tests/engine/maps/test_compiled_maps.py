"""Geographic truths about the compiled maps, read straight from the JSON (no board loader).

Each check applies to the maps whose extent holds the place: a place that is missing from a map's
``places`` is off that map, and the check is skipped for that map only.
"""
from __future__ import annotations

import json
import math
from collections import deque
from functools import lru_cache
from pathlib import Path

import pytest

COMPILED = Path(__file__).resolve().parents[3] / "engine" / "maps" / "compiled"
MAPS = ["bop-north-europe", "fa-europe"]
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    return json.loads((COMPILED / f"{name}.json").read_text(encoding="utf-8"))


def parse(hid: str) -> tuple[int, int]:
    q, r = hid.split(",")
    return int(q), int(r)


def hid(q: int, r: int) -> str:
    return f"{q},{r}"


def side(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def dist(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = parse(a), parse(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(m: dict, h: str) -> list[str]:
    q, r = parse(h)
    return [hid(q + dq, r + dr) for dq, dr in DIRS if hid(q + dq, r + dr) in m["hexes"]]


def land_adjacent(m: dict, a: str, b: str) -> bool:
    """Two land hexes that a land unit can cross between: neighbours, and the hexside is not
    all-sea (straits are all-sea hexsides)."""
    ha, hb = m["hexes"][a], m["hexes"][b]
    if ha["sea"] or hb["sea"] or dist(a, b) != 1:
        return False
    return not m["hexsides"].get(side(a, b), {}).get("all_sea", False)


def land_component(m: dict, start: str, limit: int = 100000) -> set[str]:
    seen = {start}
    dq = deque([start])
    while dq and len(seen) < limit:
        h = dq.popleft()
        for nb in neighbours(m, h):
            if nb not in seen and land_adjacent(m, h, nb):
                seen.add(nb)
                dq.append(nb)
    return seen


def place_hex(m: dict, pid: str) -> str:
    p = m["places"].get(pid)
    if not p or not p["hex"]:
        pytest.skip(f"{pid} is not on {m['meta']['name']}")
    return p["hex"]


def great_circle_km(lon1, lat1, lon2, lat2) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0 * math.acos(min(1.0, max(-1.0, c)))


@pytest.fixture(params=MAPS)
def m(request) -> dict:
    return load(request.param)


# -- format ------------------------------------------------------------------------------------

def test_format_and_canonical_keys(m):
    assert m["format"] == "salient-map/1"
    assert m["meta"]["layout"]["orientation"] == "flat"
    for h, x in m["hexes"].items():
        q, r = parse(h)
        assert h == hid(q, r)
        assert x["terrain"] in m["meta"]["terrain_classes"]
        assert x["sea"] == (x["terrain"] == "sea")
    for s in m["hexsides"]:
        a, b = s.split("|")
        assert a < b and dist(a, b) == 1, s


def test_sha256_matches_document(m):
    import hashlib
    doc = json.loads(json.dumps(m))
    want = doc["meta"].pop("sha256")
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == want


def test_no_floats_outside_meta(m):
    def walk(x):
        if isinstance(x, float):
            raise AssertionError(f"float {x} outside meta")
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    for key, value in m.items():
        if key != "meta":
            walk(value)


def test_labels_follow_odd_q_column_row(m):
    for h, x in m["hexes"].items():
        q, r = parse(h)
        col, row = q, r + (q - (q & 1)) // 2
        if 0 <= col <= 99 and 0 <= row <= 99:
            assert x["label"] == f"{col:02d}{row:02d}"


# -- capitals and 1914 countries ---------------------------------------------------------------

@pytest.mark.parametrize("pid,country", [
    ("paris", "france"), ("berlin", "germany"), ("vienna", "austria_hungary"), ("petrograd", "russia"),
    ("constantinople", "ottoman_empire"), ("belgrade", "serbia"),
])
def test_capitals(m, pid, country):
    h = place_hex(m, pid)
    assert m["hexes"][h]["country"] == country
    assert "capital" in m["hexes"][h]["features"]
    assert m["countries"][country]["capital"] == pid


@pytest.mark.parametrize("pid,country", [
    ("metz", "germany"), ("strasbourg", "germany"), ("posen", "germany"), ("breslau", "germany"),
    ("danzig", "germany"), ("konigsberg", "germany"),
    ("lemberg", "austria_hungary"), ("cracow", "austria_hungary"), ("trieste", "austria_hungary"),
    ("sarajevo", "austria_hungary"), ("prague", "austria_hungary"),
    ("warsaw", "russia"), ("vilna", "russia"),
])
def test_1914_owner(m, pid, country):
    h = place_hex(m, pid)
    assert m["hexes"][h]["country"] == country
    assert m["hexes"][h]["home"] == country


@pytest.mark.parametrize("country,capital", [("luxembourg", "luxembourg"), ("belgium", "brussels")])
def test_neutral_countries_of_their_own(m, country, capital):
    h = place_hex(m, capital)
    assert m["hexes"][h]["country"] == country
    assert m["countries"][country]["neutral"] is True
    assert m["countries"][country]["capital"] == capital


def test_verdun_belfort_and_briey_stay_french(m):
    for pid in ("verdun", "belfort", "nancy", "longwy"):
        assert m["hexes"][place_hex(m, pid)]["country"] == "france", pid


def test_every_land_hex_has_exactly_one_country(m):
    for h, x in m["hexes"].items():
        if x["sea"]:
            assert x["country"] is None and x["home"] is None
        else:
            assert isinstance(x["country"], str) and x["country"] in m["countries"], h
            assert x["home"] in (None, x["country"])


# -- water -------------------------------------------------------------------------------------

def test_dover_and_calais_not_land_adjacent(m):
    d, c = place_hex(m, "dover"), place_hex(m, "calais")
    assert d != c
    assert not land_adjacent(m, d, c)
    assert c not in land_component(m, d)


@pytest.mark.parametrize("pid", ["palermo", "ajaccio", "cagliari"])
def test_mediterranean_islands(m, pid):
    comp = land_component(m, place_hex(m, pid))
    assert len(comp) <= 12, (pid, len(comp))
    for mainland in ("naples", "rome", "genoa", "marseille", "tunis"):
        if mainland in m["places"]:
            assert m["places"][mainland]["hex"] not in comp, (pid, mainland)


def test_corsica_and_sardinia_are_separate(m):
    a, c = place_hex(m, "ajaccio"), place_hex(m, "cagliari")
    assert c not in land_component(m, a)


@pytest.mark.parametrize("sid,near", [("bosporus", "constantinople"), ("dardanelles", "chanak"),
                                      ("messina", "messina")])
def test_straits(m, sid, near):
    h = place_hex(m, near)
    s = m["straits"][sid]
    a, b = s.split("|")
    assert m["hexsides"][s]["strait"] is True
    assert not m["hexes"][a]["sea"] and not m["hexes"][b]["sea"]
    assert min(dist(a, h), dist(b, h)) <= 1


@pytest.mark.parametrize("cid,port", [("kiel", "kiel"), ("suez", "port_said")])
def test_canals_connect_their_seas(m, cid, port):
    place_hex(m, port)
    c = m["canals"][cid]
    hexes = c["hexes"]
    assert len(hexes) >= 1 and c["hexsides"]
    for a, b in zip(hexes, hexes[1:], strict=False):
        assert dist(a, b) == 1
    for h in c["hexsides"]:
        assert m["hexsides"][h]["canal"] is True

    def seas_near(h):
        return {m["hexes"][n]["sea_area"] for n in neighbours(m, h) + [h] if m["hexes"][n]["sea"]}

    sea_a, sea_b = c["seas"]
    ends = (seas_near(hexes[0]), seas_near(hexes[-1]))
    assert (sea_a in ends[0] and sea_b in ends[1]) or (sea_b in ends[0] and sea_a in ends[1]), ends
    assert sea_a in m["seas"] and sea_b in m["seas"]


@pytest.mark.parametrize("river,places", [
    ("rhine", ["cologne", "mainz", "koblenz"]), ("meuse", ["liege", "namur", "verdun"]),
    ("marne", ["chalons", "epernay"]), ("moselle", ["metz", "koblenz"]),
    ("vistula", ["warsaw", "thorn", "cracow"]), ("danube", ["vienna", "budapest", "belgrade"]),
    ("isonzo", ["gorizia"]),
])
def test_rivers_lie_on_hexsides(m, river, places):
    present = [p for p in places if p in m["places"] and m["places"][p]["hex"]]
    if not present:
        pytest.skip(f"{river} is not on {m['meta']['name']}")
    r = m["rivers"].get(river)
    assert r and len(r["hexsides"]) >= 1, river
    sides = r["hexsides"]
    for s in sides:
        assert m["hexsides"][s]["river"] in ("major", "minor")
    touched = {h for s in sides for h in s.split("|")}
    for p in present:
        h = m["places"][p]["hex"]
        assert any(dist(h, t) <= 1 for t in touched), (river, p)


# -- terrain -----------------------------------------------------------------------------------

def test_swiss_hexes_are_mountain(m):
    swiss = [h for h, x in m["hexes"].items() if x["country"] == "switzerland"]
    if not swiss:
        pytest.skip("no Swiss hexes")
    assert all(m["hexes"][h]["terrain"] == "mountain" for h in swiss), \
        [(h, m["hexes"][h]["terrain"]) for h in swiss if m["hexes"][h]["terrain"] != "mountain"]


def test_pripet_marshes_are_marsh(m):
    h = place_hex(m, "pinsk")
    assert m["hexes"][h]["terrain"] == "marsh"


# -- scale -------------------------------------------------------------------------------------

CITY_LL = {"paris": (2.352, 48.857), "berlin": (13.405, 52.520), "warsaw": (21.012, 52.230),
           "vienna": (16.373, 48.208)}


def centre_distance(a: str, b: str) -> float:
    """Straight-line distance between hex centres, in hexes (centre-to-centre spacing = 1)."""
    (q1, r1), (q2, r2) = parse(a), parse(b)
    dq, dr = q1 - q2, r1 - r2
    return math.sqrt(dq * dq + dr * dr + dq * dr)


@pytest.mark.parametrize("a,b", [("paris", "berlin"), ("warsaw", "vienna")])
def test_hex_distance_matches_true_distance(m, a, b):
    """The map's scale: the distance between the two hexes, in hexes, is within 15% of the true
    distance divided by the hex size. Measured centre to centre; the step count of a hex grid is
    up to 2/sqrt(3) (+15.5%) longer than the straight line for bearings between hex axes (Warsaw–
    Vienna on BoP: 14 steps for 12.2 hexes), so the step count gets that allowance too."""
    ha, hb = place_hex(m, a), place_hex(m, b)
    km = great_circle_km(*CITY_LL[a], *CITY_LL[b])
    want = km / m["meta"]["hex_km"]
    assert abs(centre_distance(ha, hb) - want) <= 0.15 * want, (centre_distance(ha, hb), want)
    assert want * 0.85 <= dist(ha, hb) <= want * 1.15 * 2 / math.sqrt(3) + 1, (dist(ha, hb), want)


# -- connectivity ------------------------------------------------------------------------------

def test_no_isolated_land_hex_unless_island(m):
    island_hexes = {h for isl in m["islands"].values() if isl["kind"] == "island" for h in isl["hexes"]}
    for h, x in m["hexes"].items():
        if x["sea"]:
            continue
        if not any(land_adjacent(m, h, n) for n in neighbours(m, h)):
            assert h in island_hexes, h


def test_only_islands_and_map_edge_cuts_are_separate_land(m):
    for iid, isl in m["islands"].items():
        assert isl["kind"] in ("island", "detached"), (iid, isl["kind"], isl["hexes"][:5])


def test_rail_lines_are_connected_on_land(m):
    assert m["rail"]
    for line in m["rail"]:
        for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
            assert dist(a, b) == 1, line["id"]
            assert land_adjacent(m, a, b) or m["hexsides"].get(side(a, b), {}).get("strait"), (line["id"], a, b)


# -- BoP calibration ---------------------------------------------------------------------------

BOP_ANCHORS = {"london": "0115", "maubeuge": "0720", "st_quentin": "0621", "liege": "1119",
               "verdun": "0922", "longwy": "1022", "dijon": "0827", "belfort": "1127",
               "thorn": "3316", "libau": "3706", "przemysl": "4023", "rava_ruska": "4321",
               "brody": "4522", "tarnopol": "4624"}


@pytest.mark.parametrize("pid,label", sorted(BOP_ANCHORS.items()))
def test_bop_anchor_within_one_hex(pid, label):
    m = load("bop-north-europe")
    col, row = int(label[:2]), int(label[2:])
    want = hid(col, row - (col - (col & 1)) // 2)
    assert m["hexes"][want]["label"] == label
    assert dist(m["places"][pid]["hex"], want) <= 1
    # the anchor's true position (before pinning) also lies within one hex of its label
    cal = {a["place"]: a for a in m["meta"]["calibration"]["anchors"]}[pid]
    assert cal["geometric_hex_distance"] <= 1 and cal["residual_hex"] < 1.0


def test_bop_rulebook_adjacency_examples():
    """BoP 2.52: Maubeuge (0720) touches St. Quentin (0621); the Petrograd box touches 4201–5001."""
    m = load("bop-north-europe")
    by_label = {x["label"]: h for h, x in m["hexes"].items()}
    assert dist(by_label["0720"], by_label["0621"]) == 1
    assert set(m["boxes"]["petrograd-box"]["adjacent"]) == {by_label[f"{c:02d}01"] for c in range(42, 51)}


def _labelled(m: dict, a: str, b: str) -> dict:
    by_label = {x["label"]: h for h, x in m["hexes"].items()}
    return m["hexsides"].get(side(by_label[a], by_label[b]), {})


def test_bop_terrain_chart_hexsides():
    """BoP 1.22 / Terrain Effects Chart: the Carpathian and Vosges passes, the High Tatras' red
    bar, Lake Peipus as all-lake hexsides; every such feature names its source; FA has none."""
    m = load("bop-north-europe")
    features = m["hexside_features"]
    assert {"dukla", "uzsok", "verecke", "saales", "high-tatras", "grimsel"} <= set(features)
    assert all(f["source"] for f in features.values())
    assert _labelled(m, "3825", "3924").get("mountain_pass")       # Dukla
    assert _labelled(m, "3524", "3625").get("red_bar")             # High Tatras
    assert _labelled(m, "1329", "1430").get("alpine_pass")         # Grimsel, through the bar
    assert not _labelled(m, "1329", "1430").get("red_bar")
    assert _labelled(m, "4601", "4602").get("all_lake")            # Lake Peipus
    for fid, f in features.items():
        for sid in f["hexsides"]:
            a, b = sid.split("|")
            assert not m["hexes"][a]["sea"] and not m["hexes"][b]["sea"], fid
            assert m["hexsides"][sid].get(f["feature"]), (fid, sid)
            if "pass" in f["feature"]:
                assert "mountain" in (m["hexes"][a]["terrain"], m["hexes"][b]["terrain"]), fid
    for line in m["rail"]:  # no railway over an impassable ridge or across a lake
        for a, b in zip(line["hexes"], line["hexes"][1:], strict=False):
            entry = m["hexsides"].get(side(a, b), {})
            assert not entry.get("red_bar") and not entry.get("all_lake"), (line["id"], a, b)
    fa = load("fa-europe")
    assert "hexside_features" not in fa
    assert not any(set(v) - {"river", "strait", "canal", "all_sea", "border"}
                   for v in fa["hexsides"].values())


def test_bop_3_121_example_rail_posen_schneidemuhl():
    """BoP 3.121 example: the rail line runs through 3016 to the source in 3017 (Posen)."""
    m = load("bop-north-europe")
    labels = {line["id"]: [m["hexes"][h]["label"] for h in line["hexes"]] for line in m["rail"]}
    assert labels["posen-schneidemuhl"] == ["3017", "3016", "3015"]
    assert m["hexes"][m["places"]["posen"]["hex"]]["label"] == "3017"


def test_fa_weather_zones_cover_every_hex():
    m = load("fa-europe")
    zones = set(m["weather_zones"])
    assert {"arctic", "mediterranean", "north_temperate"} <= zones
    for h, x in m["hexes"].items():
        assert x["weather_zone"] in zones, h
    assert m["hexes"][m["places"]["berlin"]["hex"]]["weather_zone"] == "north_temperate"
    assert m["hexes"][m["places"]["athens"]["hex"]]["weather_zone"] == "mediterranean"


def test_fa_sea_areas_have_five_sections():
    m = load("fa-europe")
    for sid, sea in m["seas"].items():
        assert sorted(sea["sections"]) == ["0", "1", "2", "3", "4"], sid
