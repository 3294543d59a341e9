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

# FA 20 — who co-operates (milestone 1: same power; US+CW, US+France, Germany+AH once active).
# A minor co-operates with its major (the unit's `power` is its controlling major).
CO_OPERATING_PAIRS = frozenset({
    frozenset({"usa", "britain"}), frozenset({"usa", "france"}),
    frozenset({"germany", "austria_hungary"})})


def side_of(power: str) -> str:
    return POWER_SIDE[power]


def are_enemies(a: str, b: str) -> bool:
    return POWER_SIDE[a] != POWER_SIDE[b]


# FA 20 — a minor co-operates with its major. Milestone 1 knows the two 1914 alignments the
# campaign scripts (Serbia with Russia, Belgium with France); the political layer makes this
# dynamic later.
MINOR_MAJOR = {"serbia": "russia", "belgium": "france",
               # FA 22.6 automatic entries (the major is Salient's choice, see the rules doc)
               "bulgaria": "germany", "romania": "russia", "greece": "france",
               "portugal": "britain"}


def is_co_operating(a: str, b: str) -> bool:
    """FA 20 — two powers' units may stack, trace supply together and attack together."""
    a, b = MINOR_MAJOR.get(a, a), MINOR_MAJOR.get(b, b)
    return a == b or frozenset({a, b}) in CO_OPERATING_PAIRS


def power_of_country(country: str | None) -> str | None:
    """The major power a map country belongs to in 1914 (None for minors and neutrals)."""
    if country is None:
        return None
    return COUNTRY_POWER.get(country, country)
