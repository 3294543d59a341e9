"""FA 1.1, 20 — the major powers, their sides, nations and co-operation (FA 20)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

CENTRAL = "central"
ENTENTE = "entente"
SIDES = (CENTRAL, ENTENTE)

POWER_TITLES: Mapping[str, str] = MappingProxyType({
    "germany": "Germany", "austria_hungary": "Austria-Hungary", "ottoman": "Ottoman Empire",
    "france": "France", "britain": "Commonwealth", "russia": "Russia", "italy": "Italy",
    "usa": "United States"})
POWER_SIDE: Mapping[str, str] = MappingProxyType({
    "germany": CENTRAL, "austria_hungary": CENTRAL, "ottoman": CENTRAL,
    "france": ENTENTE, "britain": ENTENTE, "russia": ENTENTE, "italy": ENTENTE, "usa": ENTENTE})
POWER_COLOURS: Mapping[str, str] = MappingProxyType({
    "germany": "#5a5a5a", "austria_hungary": "#c9b458", "ottoman": "#7a8f3a",
    "france": "#3b6fb6", "britain": "#b8863b", "russia": "#3f8a5a", "italy": "#8ab04b",
    "usa": "#6b8e23"})

# Map country id → the power that owns it in 1914 (home countries and their possessions).
COUNTRY_POWER: Mapping[str, str] = MappingProxyType({
    "germany": "germany", "austria_hungary": "austria_hungary", "ottoman": "ottoman",
    "ottoman_empire": "ottoman", "turkey": "ottoman", "luxembourg": "germany", "france": "france", "britain": "britain",
    "united_kingdom": "britain", "ireland": "britain", "russia": "russia", "italy": "italy",
    "usa": "usa"})

# FA 19.1 — pairs of major powers whose units co-operate while neither is neutral.
CO_OPERATING_PAIRS = frozenset({
    frozenset({"usa", "britain"}), frozenset({"usa", "france"}),
    frozenset({"germany", "austria_hungary"})})


def side_of(power: str) -> str:
    return POWER_SIDE[power]


def are_enemies(a: str, b: str) -> bool:
    return POWER_SIDE[a] != POWER_SIDE[b]


def power_of_country(country: str | None) -> str | None:
    """The major power a map country belongs to in 1914 (None for minors and neutrals)."""
    if country is None:
        return None
    return COUNTRY_POWER.get(country, country)
