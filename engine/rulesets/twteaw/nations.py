"""Nations, their sides at the start, and the data the rulebook leaves to its missing pages.

TWTEAW "The Alliances" and "Neutrals": the Central Powers (Germany, Austria-Hungary) and the
Allied Powers (Russia, France, Serbia) are at war; the British Empire, Italy, the Ottoman Empire
and Spain (on the sections built so far) are major neutrals; the rest are minor neutrals. Japan,
China and the USA are on the Asian sheet but inactive until their §7.2 rules exist (ruling 148);
the USA's home, Mexico and the Caribbean and Central American republics are on the North American
sheet, inactive with them (ruling 156).

Manpower limits, starting banks and the neutral minors' scores are on pages the rulebook does
not include (digest §7.4): the values here are **authored** (docs/rules/twteaw.md, provenance).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

CENTRAL, ALLIED, NEUTRAL = "central", "allied", "neutral"
MAIN_WAR = (CENTRAL, ALLIED)


@dataclass(frozen=True, slots=True)
class Nation:
    title: str
    kind: str                  # "major" or "minor"
    side: str                  # side when the game starts
    seat: bool                 # a player's seat in the scenario (else the moderator plays it)
    colour: str
    manpower: int              # infantry that may be built before infantry costs double (authored)
    bank: int                  # resources saved when the game starts (authored)
    neutral_share: Fraction    # share of income collected while neutral and at peace
    city_surcharge: bool = True    # pays +5 for infantry placed outside a city (Phase 7 rule 3)


NATIONS: dict[str, Nation] = {
    "germany": Nation("German Empire", "major", CENTRAL, True, "#6b6b5a", 250, 40, Fraction(1)),
    "austria_hungary": Nation("Austro-Hungarian Empire", "major", CENTRAL, True, "#c9a227", 180, 25,
                              Fraction(1)),
    "france": Nation("French Empire", "major", ALLIED, True, "#2e5cb0", 200, 30, Fraction(1)),
    "russia": Nation("Russian Empire", "major", ALLIED, True, "#3d7a3d", 400, 25, Fraction(1),
                     city_surcharge=False),
    "serbia": Nation("Serbia", "minor", ALLIED, True, "#8e3b64", 30, 5, Fraction(1)),
    "britain": Nation("British Empire", "major", NEUTRAL, True, "#b5651d", 150, 30, Fraction(1, 2)),
    "italy": Nation("Italy", "major", NEUTRAL, True, "#2e8b57", 150, 15, Fraction(1, 2)),
    "ottoman_empire": Nation("Ottoman Empire", "major", NEUTRAL, True, "#a0522d", 100, 10,
                             Fraction(1, 2)),
    "spain": Nation("Spain", "major", NEUTRAL, True, "#c8a400", 60, 5, Fraction(1, 4)),
    # minors the moderator plays (a seat is filled from the replacement pool when one joins:
    # not built yet)
    "belgium": Nation("Belgium", "minor", NEUTRAL, False, "#8c7853", 20, 0, Fraction(1, 4)),
    "netherlands": Nation("Netherlands", "minor", NEUTRAL, False, "#e07b28", 20, 0, Fraction(1, 4)),
    "denmark": Nation("Denmark", "minor", NEUTRAL, False, "#b03a2e", 8, 0, Fraction(1, 4)),
    "switzerland": Nation("Switzerland", "minor", NEUTRAL, False, "#d04f4f", 15, 0, Fraction(1, 4)),
    "sweden": Nation("Sweden", "minor", NEUTRAL, False, "#4a78a8", 20, 0, Fraction(1, 4)),
    "norway": Nation("Norway", "minor", NEUTRAL, False, "#7d5a99", 8, 0, Fraction(1, 4)),
    "portugal": Nation("Portugal", "minor", NEUTRAL, False, "#7a9a2c", 12, 0, Fraction(1, 4)),
    "romania": Nation("Romania", "minor", NEUTRAL, False, "#b0a030", 35, 0, Fraction(1, 4)),
    "bulgaria": Nation("Bulgaria", "minor", NEUTRAL, False, "#3d8c7a", 30, 0, Fraction(1, 4)),
    "greece": Nation("Greece", "minor", NEUTRAL, False, "#3a7bbf", 25, 0, Fraction(1, 4)),
    "albania": Nation("Albania", "minor", NEUTRAL, False, "#9a6a3a", 4, 0, Fraction(1, 4),
                      city_surcharge=False),
    "persia": Nation("Persia", "minor", NEUTRAL, False, "#a08850", 15, 0, Fraction(1, 4)),
    "arabia": Nation("Arabia", "minor", NEUTRAL, False, "#c0a070", 10, 0, Fraction(1, 4),
                     city_surcharge=False),
    # the Africa sheet (version 9, ruling 131): the one independent African state the rulebook
    # names (an Italian objective); manpower and bank authored like Arabia's
    "ethiopia": Nation("Ethiopia", "minor", NEUTRAL, False, "#7a8c3c", 12, 0, Fraction(1, 4),
                       city_surcharge=False),
    # the Asian sheet (version 12, ruling 147): the independent states there as minors like
    # Ethiopia (Afghanistan and Tibet are the rulebook's special territories, Siam authored)
    "afghanistan": Nation("Afghanistan", "minor", NEUTRAL, False, "#8a6d3b", 10, 0, Fraction(1, 4),
                          city_surcharge=False),
    "tibet": Nation("Tibet", "minor", NEUTRAL, False, "#b08a5a", 4, 0, Fraction(1, 4),
                    city_surcharge=False),
    "siam": Nation("Siam", "minor", NEUTRAL, False, "#5a9a8a", 10, 0, Fraction(1, 4),
                   city_surcharge=False),
    # the major neutrals of the Asian sheet whose rules are the full game's (§7.2): Japan's
    # income steps and wars, China's blocs and civil war, the US entry track. Until then they
    # are inactive (ruling 148): no seat, nobody influences them or declares war on them, they
    # hold their territories with their garrisons. Manpower and banks authored.
    "japan": Nation("Japan", "major", NEUTRAL, False, "#c0392b", 120, 0, Fraction(1, 4)),
    "china": Nation("China", "major", NEUTRAL, False, "#d4a017", 200, 0, Fraction(1, 4)),
    "usa": Nation("United States", "major", NEUTRAL, False, "#4a6fa5", 150, 0, Fraction(1, 4)),
    # the North American sheet (version 13, ruling 156): Mexico (the rulebook's minor, whose
    # entry is Germany's Zimmermann option, §7.2) and the Caribbean and Central American
    # republics, inactive with the USA whose sphere they are; manpower authored
    "mexico": Nation("Mexico", "minor", NEUTRAL, False, "#8c6a2a", 25, 0, Fraction(1, 4),
                     city_surcharge=False),
    "central_america": Nation("Central America", "minor", NEUTRAL, False, "#6a8c4a", 8, 0,
                              Fraction(1, 4), city_surcharge=False),
    "cuba": Nation("Cuba", "minor", NEUTRAL, False, "#a04a6a", 4, 0, Fraction(1, 4),
                   city_surcharge=False),
    "hispaniola": Nation("Hispaniola", "minor", NEUTRAL, False, "#6a5a9a", 4, 0, Fraction(1, 4),
                         city_surcharge=False),
}

# Ruling 148: the nations whose rules are §7.2 stay out of the war until those rules are built
# (Japan's war with Germany from the start included); ruling 156: Mexico and the Caribbean and
# Central American republics with the USA.
INACTIVE = frozenset({"japan", "china", "usa", "mexico", "central_america", "cuba", "hispaniola"})

SEATS = sorted(n for n, info in NATIONS.items() if info.seat)


def sides_at_start() -> dict[str, str]:
    return {n: info.side for n, info in sorted(NATIONS.items())}


def wars_at_start() -> list[str]:
    """Pairs at war when the game starts: every Central Power with every Allied Power."""
    central = sorted(n for n, i in NATIONS.items() if i.side == CENTRAL)
    allied = sorted(n for n, i in NATIONS.items() if i.side == ALLIED)
    return sorted(pair(a, b) for a in central for b in allied)


def pair(a: str, b: str) -> str:
    """The war matrix's key for two nations (order-free)."""
    return "|".join(sorted((a, b)))
