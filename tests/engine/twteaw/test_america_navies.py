"""The warships abroad in American waters in August 1914 (version 14's new-game set-up, ruling
166): Leipzig off Mexico, Dresden and Karlsruhe in the Caribbean, Cradock's squadron, HMCS
Rainbow — where they lie, at what scale, what the others see, and a running game, which gets
none of them."""

from __future__ import annotations

from engine.rulesets.twteaw import RULESET
from engine.rulesets.twteaw.migrations import v13_to_v14
from engine.rulesets.twteaw.naval import friendly_waters
from engine.rulesets.twteaw.setup import AMERICA_STATIONS, FLEETS
from engine.rulesets.twteaw.world import world

from .positions import fresh


def american_ships(state: dict) -> dict[str, dict[str, dict[str, int]]]:
    """Every nation's ships in the North American section's sea zones."""
    w = world()
    return {n: {z: f for z, f in s["fleets"].items() if w.areas[z].section == "north_america"}
            for n, s in sorted(state["secret"].items())
            if any(w.areas[z].section == "north_america" for z in s["fleets"])}


def test_twteaw_initial_deployment_ruling_166_the_warships_in_american_waters():
    """Ruling 166: a new game starts with Leipzig (one German cruiser) and HMCS Rainbow (one
    British) in the US Pacific Coast zone, Dresden and Karlsruhe (one German cruiser) in the
    Caribbean, and Cradock's squadron (one British cruiser) in the Western Atlantic; each zone
    is on the coast of the port named for it, and only the British lie in friendly waters."""
    state, w = fresh(), world()
    assert american_ships(state) == {
        "britain": {"us-pacific-coast": {"cruiser": 1}, "western-atlantic": {"cruiser": 1}},
        "germany": {"caribbean-sea": {"cruiser": 1}, "us-pacific-coast": {"cruiser": 1}}}
    for nation, rows in AMERICA_STATIONS.items():
        for zone, port, ships in rows:
            assert (zone, port, ships) in FLEETS[nation]
            assert w.areas[port].port and zone in w.coasts[port]
            assert friendly_waters(state, nation, zone) == (nation == "britain"), (nation, zone)


def test_twteaw_fog_ruling_166_the_american_stations_show_as_bands():
    """Ruling 166 with ruling 35: France (Germany's enemy) sees a black band for Germany in the
    Caribbean, never its count; Germany's ally sees it exactly."""
    state = fresh()
    french = RULESET.view(state, "seat:france")
    assert french["bands"]["caribbean-sea"] == {"germany": "black"}
    assert "germany" not in french["known"]
    assert RULESET.view(state, "seat:austria_hungary")["known"]["germany"]["fleets"]["caribbean-sea"] == {"cruiser": 1}


def test_twteaw_version_14_migration_adds_no_american_warship():
    """Ruling 166 (as rulings 69 and 145): a running game gets none of the American stations —
    ships appearing mid-war where its history no longer fits; only the hidden submarine
    flotillas join (ruling 165)."""
    state = fresh()
    for secret in state["secret"].values():
        secret["fleets"] = {}
    v13_to_v14(state)
    assert american_ships(state) == {}
