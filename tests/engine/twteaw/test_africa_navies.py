"""The warships abroad in the Africa sheet's waters in August 1914 (version 11, rulings
143–145): SMS Königsberg in the Western Indian Ocean and the Cape squadron off the Cape, at the
scale of the European fleets; what they show to the other nations; and a running version-10
game, which gets no ships."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.twteaw import RULESET, fog
from engine.rulesets.twteaw.migrations import MIGRATIONS, v11_to_v12, v12_to_v13
from engine.rulesets.twteaw.naval import friendly_waters
from engine.rulesets.twteaw.setup import AFRICA_STATIONS, FLEETS
from engine.rulesets.twteaw.war import join_side
from engine.rulesets.twteaw.world import world

from .positions import fresh, resolve

FROZEN_V10 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-10.json"


def african_ships(state: dict) -> dict[str, dict[str, dict[str, int]]]:
    """Every nation's ships in the Africa section's sea zones."""
    w = world()
    return {n: {z: f for z, f in s["fleets"].items() if w.areas[z].section == "africa"}
            for n, s in sorted(state["secret"].items())
            if any(w.areas[z].section == "africa" for z in s["fleets"])}


def test_twteaw_initial_deployment_ruling_143_konigsberg_and_the_cape_squadron_at_sea():
    """"Initial Deployment" (ruling 143): a new game starts with SMS Königsberg, one German
    cruiser, in the Western Indian Ocean off Dar es Salaam, and the Royal Navy's Cape squadron,
    one British cruiser, off the Cape (Simonstown); each lies in friendly waters, on the coast of
    its station's port, and no enemy shares its zone."""
    state, w = fresh(), world()
    assert african_ships(state) == {"britain": {"cape-of-good-hope": {"cruiser": 1}},
                                    "germany": {"western-indian-ocean": {"cruiser": 1}}}
    for nation, rows in AFRICA_STATIONS.items():
        for zone, port, _ in rows:
            assert (zone, port) in [(z, p) for z, p, _ in FLEETS[nation]]
            assert w.areas[port].port and zone in w.coasts[port]
            assert friendly_waters(state, nation, zone)
    # the home fleets are as version 3 placed them (with version 14's U-boats, ruling 159)
    assert state["secret"]["germany"]["fleets"]["skagerrak"] == {"battleship": 6, "cruiser": 5, "submarine": 2}


def test_twteaw_initial_deployment_ruling_144_a_station_is_one_cruiser_counter_at_most():
    """Ruling 144 (the scale of `FLEETS`: a cruiser counter is a squadron): each station abroad
    is one cruiser counter — the Cape's three old cruisers make one, the lone Königsberg
    rounds up to one — and no battleship or transport; the French, Italian and Portuguese
    colonial gunboats are below a cruiser, so no other nation has a ship on the Africa sheet."""
    for rows in AFRICA_STATIONS.values():
        for _, _, ships in rows:
            assert ships == {"cruiser": 1}
    assert set(african_ships(fresh())) == {"britain", "germany"}


def test_twteaw_fog_ruling_143_warships_abroad_are_bands_to_the_other_nations():
    """Fog (Miscellaneous; ruling 143): Britain sees Königsberg only as Germany's black band in
    the Western Indian Ocean, Germany the Cape squadron only as Britain's band off the Cape;
    Austria-Hungary, Germany's ally, sees the cruiser exactly; the public sees no ship."""
    state = fresh()
    british = fog.view(state, "seat:britain")
    assert "germany" not in british["known"]
    assert british["bands"]["western-indian-ocean"] == {"germany": "black"}
    german = fog.view(state, "seat:germany")
    assert "britain" not in german["known"]
    assert german["bands"]["cape-of-good-hope"] == {"britain": "black"}
    ally = fog.view(state, "seat:austria_hungary")
    assert ally["known"]["germany"]["fleets"]["western-indian-ocean"] == {"cruiser": 1}
    public = fog.view(state, "public")
    assert public["known"] == {} and "fleets" not in json.dumps(public)
    assert public["bands"]["western-indian-ocean"] == {"germany": "black"}


def test_twteaw_4_3_ruling_143_the_cape_squadron_can_hunt_konigsberg_in_one_turn():
    """4.2 and 4.3 from the set-up: Britain in the war, its Cape squadron patrols three zones
    (a cruiser's move) round the Cape and up the Mozambique Channel to the Western Indian
    Ocean, where Königsberg lies docked off German East Africa. Contact: the cruiser's 5 less
    the cruiser's 2 → 3, a 3 finds her; the patrol fires its attack 4 (a 4 hits), the docked
    cruiser its defence 3 (a 5 misses): Königsberg sinks."""
    state = fresh()
    join_side(state, "britain", "allied")
    for nation in ("britain", "germany"):   # Leipzig and HMCS Rainbow (ruling 166) would fight too
        state["secret"][nation]["fleets"].pop("us-pacific-coast")
    zone = "western-indian-ocean"
    row = {"from": "cape-of-good-hope", "path": ["mozambique-channel", zone],
           "units": {"cruiser": 1}, "mission": "patrol"}
    events = resolve(state, {"britain": {"naval": [row]}},
                     {f"naval {zone} allied contact r1": [3], f"naval {zone} allied r1": [4],
                      f"naval {zone} central r1": [5]})
    assert african_ships(state) == {"britain": {zone: {"cruiser": 1}}}
    (battle,) = [e.data for e in events if e.kind == "naval_battle"]
    assert battle == {"zone": zone, "nations": ["britain", "germany"], "rounds": 1}


def test_twteaw_version_11_migration_adds_no_ships_to_a_running_game():
    """Version 11 (ruling 145; fixture frozen on the version-10 code): a running game keeps
    every fleet as it was — no Königsberg or Cape squadron appears mid-war — waits on the same
    decisions, and holds the ruleset's invariants."""
    v10 = json.loads(FROZEN_V10.read_text())["state"]
    assert not african_ships(v10)
    waiting = [d.id for d in RULESET.decisions(v10)]
    step = next(m for m in MIGRATIONS if (m.from_version, m.to_version) == ("10", "11"))
    v11 = step.migrate(json.loads(json.dumps(v10)))
    assert v11 == v10
    # decisions and invariants on the current map: Asia joins with version 12 (ruling 153),
    # North America with version 13 (ruling 158)
    v12 = v12_to_v13(v11_to_v12(v11))
    assert not african_ships(v12)
    assert [d.id for d in RULESET.decisions(v12)] == waiting
    RULESET.check_invariants(v12)
