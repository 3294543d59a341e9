"""The Allied warships in Asian waters in August 1914 (version 12's new-game set-up, ruling
154): the China squadron off Hong Kong, HMAS Australia's squadron off Sydney, the Siberian
flotilla off Vladivostok and the French Far East division off Saigon, facing von Spee and
Emden (ruling 151); what Germany sees of them; and a running version-11 game, which gets none."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.twteaw import fog
from engine.rulesets.twteaw.migrations import v11_to_v12
from engine.rulesets.twteaw.naval import friendly_waters
from engine.rulesets.twteaw.setup import ASIA_STATIONS, FLEETS
from engine.rulesets.twteaw.world import world

from .positions import fresh

FROZEN_V11 = Path(__file__).resolve().parents[2] / "fixtures" / "versions" / "twteaw-11.json"

ALLIED_IN_ASIA = {
    "britain": {"south-china-sea": {"cruiser": 1}, "tasman-sea": {"battleship": 1, "cruiser": 1}},
    "france": {"south-china-sea": {"cruiser": 1}},
    "russia": {"sea-of-japan": {"cruiser": 1}},
}


def asian_ships(state: dict) -> dict[str, dict[str, dict[str, int]]]:
    """Every nation's ships in the Asia section's sea zones."""
    w = world()
    return {n: {z: f for z, f in s["fleets"].items() if w.areas[z].section == "asia"}
            for n, s in sorted(state["secret"].items())
            if any(w.areas[z].section == "asia" for z in s["fleets"])}


def test_twteaw_initial_deployment_ruling_154_the_allied_stations_lie_off_their_ports():
    """"Initial Deployment" (ruling 154): a new game starts with the China squadron off Hong
    Kong, HMAS Australia's squadron in the Tasman Sea off Sydney, the Siberian flotilla in the
    Sea of Japan off Vladivostok and the French Far East cruisers off Saigon, beside von Spee
    and Emden; each lies in friendly waters on its station port's coast, and no two enemies
    share an Asian zone."""
    state, w = fresh(), world()
    assert asian_ships(state) == {**ALLIED_IN_ASIA, "germany": {"central-pacific-ocean": {"cruiser": 1},
                                                                "yellow-sea": {"cruiser": 1}}}
    for nation, rows in ASIA_STATIONS.items():
        for zone, port, _ in rows:
            assert (zone, port) in [(z, p) for z, p, _ in FLEETS[nation]]
            assert w.areas[zone].kind == "sea" and w.areas[zone].section == "asia"
            assert w.areas[port].owner == nation and w.areas[port].port and zone in w.coasts[port]
            assert friendly_waters(state, nation, zone)
    for zone in {z for rows in ASIA_STATIONS.values() for z, _, _ in rows}:
        here = [n for n in state["secret"] if zone in state["secret"][n]["fleets"]]
        assert not any(f"{a}|{b}" in state["board"]["war"] for a in here for b in here), zone


def test_twteaw_initial_deployment_ruling_154_hmas_australia_is_a_battleship_each_station_one_cruiser():
    """Ruling 154 at the scale of ruling 144: the battlecruiser HMAS Australia rounds to one
    battleship, as Goeben does; every Allied station's cruisers make one cruiser counter; no
    transport, and only nations with fleets in the ruleset (the inactive Japan and the USA, and
    the neutral Netherlands, have none)."""
    for nation, rows in ASIA_STATIONS.items():
        for zone, _, ships in rows:
            expected = {"battleship": 1, "cruiser": 1} if zone == "tasman-sea" else {"cruiser": 1}
            assert ships == expected, (nation, zone)
    assert set(asian_ships(fresh())) == {"britain", "france", "germany", "russia"}


def test_twteaw_initial_deployment_ruling_154_fog_germany_sees_bands_the_owners_see_counts():
    """Fog (Miscellaneous; ruling 154): each Allied owner sees its Asian ships' counts; Germany
    sees in those zones only each owner's colour band, never a count; the public no fleet."""
    state = fresh()
    for nation, zones in ALLIED_IN_ASIA.items():
        own = fog.view(state, f"seat:{nation}")
        for zone, ships in zones.items():
            assert own["known"][nation]["fleets"][zone] == ships, (nation, zone)
    german = fog.view(state, "seat:germany")
    assert not {"britain", "france", "russia"} & set(german["known"])
    bands = german["bands"]
    assert set(bands["south-china-sea"]) == {"britain", "france"}
    assert set(bands["tasman-sea"]) == {"britain"} and set(bands["sea-of-japan"]) == {"russia"}
    for zone in ("south-china-sea", "tasman-sea", "sea-of-japan"):
        assert all(isinstance(b, str) for b in bands[zone].values())
    assert "cruiser" not in json.dumps(bands) and "battleship" not in json.dumps(bands)
    public = fog.view(state, "public")
    assert public["known"] == {} and "fleets" not in json.dumps(public)


def test_twteaw_version_12_migration_ruling_154_a_running_game_gets_no_allied_asian_ships():
    """Ruling 154 changes only version 12's new-game set-up: the v11→v12 migration of a running
    game still adds no ship in Asian waters (ruling 153)."""
    state = v11_to_v12(json.loads(FROZEN_V11.read_text(encoding="utf-8"))["state"])
    assert asian_ships(state) == {}
