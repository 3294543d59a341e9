"""The August 1914 set-up on the four map sections (TWTEAW "Initial Deployment").

The rulebook's predetermined half of the deployment is on a page it does not include, and the
other half is placed by the players; here the whole deployment is **authored** from the
August 1914 orders of battle (one infantry ≈ one division, "Units: Infantry"), every unit in its
own nation's territory, none on a transport. A deployment phase for the players' half is a
later slice (docs/rules/twteaw.md).

The fleets (`FLEETS`, version 3, ruling 69) are authored from the navies of August 1914: each
fleet lies in the sea zone off its base port (ships are placed next to a friendly port, Phase 7),
one battleship counter for about three capital ships, one cruiser counter for a cruiser
squadron or destroyer flotilla, one transport for the lift of two divisions.
"""

from __future__ import annotations

from typing import Any

from .diplomacy import START_POINTS
from .economy import income_of
from .nations import ALLIED, NATIONS, NEUTRAL, sides_at_start, wars_at_start
from .world import MAP_NAME, world

# The colonial garrisons of the Africa sheet (version 9, ruling 133), authored from the colonial
# forces of August 1914 at the same scale (one infantry ≈ one division's worth of rifles): the
# Schutztruppe of German East Africa (about 15,000 with its askaris) two, each other German
# colony one; the Tirailleurs sénégalais two; the King's African Rifles, the Sudan garrison and
# the Union Defence Force one to two; the Force Publique, the Portuguese and Italian colonial
# troops one each; Ethiopia's levies three. They are part of the predetermined half of the
# deployment (the rulebook forbids only the players' half in colonies, ruling 133).
COLONIAL_GARRISONS: dict[str, dict[str, tuple[int, int]]] = {
    "britain": {"sudan": (1, 0), "british-east-africa": (1, 0), "british-west-africa": (1, 0),
                "south-africa": (2, 0), "rhodesia": (1, 0)},
    "germany": {"german-east-africa": (2, 0), "cameroon": (1, 0), "german-southwest-africa": (1, 0)},
    "france": {"french-west-africa": (2, 0), "french-equatorial-africa": (1, 0), "madagascar": (1, 0)},
    "italy": {"eritrea": (1, 0), "italian-somaliland": (1, 0)},
    "belgium": {"belgian-congo": (1, 0)},
    "portugal": {"angola": (1, 0), "mozambique": (1, 0)},
    "ethiopia": {"ethiopia": (3, 0)},
}

# area -> (infantry, artillery), per nation (the colonial garrisons are merged in below)
DEPLOYMENT: dict[str, dict[str, tuple[int, int]]] = {
    "germany": {"cologne": (14, 4), "ruhr": (6, 2), "konigsberg": (8, 2), "posen": (3, 0),
                "breslau": (3, 1), "danzig": (2, 0), "berlin": (4, 1), "munich": (4, 1),
                "hamburg": (2, 0), "bremen": (1, 0), "dresden": (2, 1)},
    "austria_hungary": {"galicia": (4, 0), "lemberg": (6, 2), "krakow": (5, 1), "bosnia": (5, 1),
                        "budapest": (4, 1), "vienna": (4, 1), "prague": (3, 1), "trieste": (3, 1),
                        "transylvania": (3, 0), "insbruck": (2, 0)},
    "france": {"alsace-lorraine": (12, 4), "amiens": (4, 1), "paris": (6, 2), "lyon": (3, 1),
               "marseille": (2, 0), "toulouse": (2, 0), "bordeaux": (2, 0), "brest": (2, 0),
               "normandy": (1, 0), "algeria": (2, 0), "morocco": (1, 0)},
    "russia": {"warsaw": (8, 2), "lithuania": (8, 2), "lublin": (6, 1), "vinista": (6, 1),
               "minsk": (3, 0), "kiev": (3, 1), "petrograd": (4, 1), "moscow": (4, 1),
               "latvia": (2, 0), "odessa": (2, 0), "tbilisi": (3, 0), "helsinki": (1, 0),
               "estonia": (1, 0), "kharkov": (2, 0), "baku": (1, 0), "krasnodar": (1, 0),
               "groznyy": (1, 0), "volgograd": (1, 0), "kazan": (1, 0), "nizhniy": (1, 0),
               "sevastopol": (1, 0), "archangel": (1, 0), "perm": (1, 0), "vyborg": (1, 0),
               "lapri": (1, 0)},
    "serbia": {"serbia": (8, 2), "macedonia": (2, 0)},
    "britain": {"london": (6, 2), "glasgow": (2, 0), "ireland": (1, 0), "northern-ireland": (1, 0),
                "egypt": (2, 0), "suez-canal": (1, 0), "gibraltar": (1, 0), "cyprus": (1, 0),
                "kuwait": (1, 0)},
    "italy": {"milan": (6, 2), "venice": (6, 2), "rome": (4, 1), "taranto": (2, 0),
              "sicily": (2, 0), "sardinia": (1, 0), "libya": (3, 0)},
    "ottoman_empire": {"constantinople": (8, 2), "izmir": (3, 0), "sinope": (3, 0),
                       "erzurum": (4, 1), "adana": (2, 0), "damascus": (2, 0), "palestine": (2, 0),
                       "hejaz": (1, 0), "mosul": (1, 0), "baghdad": (2, 0), "basra": (2, 0),
                       "ramadi": (1, 0)},
    "spain": {"madrid": (4, 0), "barcelona": (3, 0), "seville": (2, 0), "spanish-morocco": (2, 0)},
    "belgium": {"belgium": (6, 1)},
    "netherlands": {"netherlands": (5, 0)},
    "denmark": {"denmark": (2, 0)},
    "switzerland": {"switzerland": (5, 0)},
    "sweden": {"sweden": (5, 0)},
    "norway": {"norway": (2, 0)},
    "portugal": {"portugal": (3, 0)},
    "romania": {"romania": (10, 2)},
    "bulgaria": {"bulgaria": (8, 2)},
    "greece": {"greece": (6, 1), "crete": (1, 0)},
    "albania": {"albania": (1, 0)},
    "persia": {"tehran": (2, 0), "ahvaz": (1, 0)},
    "arabia": {"nejd": (2, 0), "rutba": (1, 0), "kaf": (1, 0)},
}
# The Asian sheet's garrisons (version 12, ruling 150), at the same scale: the Army in India's
# divisions at home in August 1914 (the frontier and the Punjab strongest), the garrisons of
# Hong Kong, Malaya, Burma and Indochina, the Australian and New Zealand militia; Tsingtao's
# III. Seebataillon and the New Guinea police one each (the island colonies had none); Russia's
# Siberian and Turkestan troops left in the east; the armies of the inactive Japan, China and
# the USA's Philippine garrison (ruling 148); the Afghan, Tibetan and Siamese levies.
ASIAN_GARRISONS: dict[str, dict[str, tuple[int, int]]] = {
    "britain": {"pakistan": (2, 1), "india": (2, 0), "bombay": (1, 0), "calcutta": (1, 0),
                "madras": (1, 0), "burma": (1, 0), "malaya": (1, 0), "hong-kong": (1, 0),
                "australia": (2, 0), "new-zealand": (1, 0)},
    "germany": {"jiazhou": (1, 0), "kaiser-wilhelm-land": (1, 0)},
    "france": {"indochina": (2, 0)},
    "russia": {"vladivostok": (2, 0), "turkestan": (1, 0), "turkmen": (1, 0), "irkutsk": (1, 0)},
    "netherlands": {"java": (2, 0), "sumatra": (1, 0)},
    "japan": {"tokyo": (4, 1), "osaka": (3, 1), "korea": (2, 0), "hokkaido": (1, 0), "formosa": (1, 0)},
    "china": {"peking": (3, 0), "shanghai": (2, 0), "canton": (2, 0), "manchuria": (1, 0),
              "sichuan": (1, 0)},
    "usa": {"philippines": (1, 0)},
    "afghanistan": {"afghanistan": (3, 0)},
    "tibet": {"tibet": (1, 0)},
    "siam": {"siam": (2, 0)},
}
# The North American sheet's garrisons (version 13, ruling 157), at the same scale: the US
# Army's regulars at home (the Mexican border's strongest, the Canal Zone, Hawaii), Canada's
# permanent force and militia, the Mexican revolutionary armies of 1914 north and south, the
# Central American, Cuban and Hispaniolan armies; the British and French islands none.
NORTH_AMERICAN_GARRISONS: dict[str, dict[str, tuple[int, int]]] = {
    "usa": {"east-coast": (2, 0), "southwest": (2, 0), "la": (1, 0), "hawaii": (1, 0),
            "panama-canal": (1, 0)},
    "britain": {"canada": (1, 0)},
    "mexico": {"mexico": (2, 0), "northern-mexico": (2, 0)},
    "central_america": {"central-america": (1, 0)},
    "cuba": {"cuba": (1, 0)},
    "hispaniola": {"hispaniola": (1, 0)},
}
for _nation, _garrisons in [*COLONIAL_GARRISONS.items(), *ASIAN_GARRISONS.items(),
                            *NORTH_AMERICAN_GARRISONS.items()]:
    DEPLOYMENT.setdefault(_nation, {}).update(_garrisons)


# nation -> [(sea zone, base port, {ship: count})]: the August 1914 fleets (ruling 69)
FLEETS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "britain": [("north-sea", "glasgow", {"battleship": 8, "cruiser": 6}),         # Grand Fleet, Scapa Flow
                ("english-channel", "london", {"battleship": 3, "cruiser": 3, "transport": 4}),  # Channel Fleet, the BEF's lift
                ("western-mediterranean", "gibraltar", {"battleship": 1, "cruiser": 2})],  # Mediterranean Fleet
    "germany": [("skagerrak", "bremen", {"battleship": 6, "cruiser": 5}),          # High Seas Fleet, Wilhelmshaven
                ("baltic-sea", "danzig", {"battleship": 1, "cruiser": 2, "transport": 1}),  # Kiel and the Baltic
                ("aegean-sea", "constantinople", {"battleship": 1})],              # Goeben and Breslau
    "france": [("gulf-of-lyon", "marseille", {"battleship": 5, "cruiser": 4, "transport": 2}),  # Armée navale, Toulon
               ("english-channel", "brest", {"cruiser": 2})],                      # the light squadrons of the Channel
    "russia": [("gulf-of-bothnia", "helsinki", {"battleship": 2, "cruiser": 2}),   # Baltic Fleet, Helsingfors
               ("western-black-sea", "sevastopol", {"battleship": 2, "cruiser": 1})],  # Black Sea Fleet
    "austria_hungary": [("adriatic-sea", "trieste", {"battleship": 4, "cruiser": 3})],  # k.u.k. Kriegsmarine, Pola
    "italy": [("ionian-sea", "taranto", {"battleship": 4, "cruiser": 3})],
    "ottoman_empire": [("aegean-sea", "constantinople", {"battleship": 1, "cruiser": 1})],
    "spain": [("bay-of-biscay", "madrid", {"battleship": 1, "cruiser": 1})],      # Ferrol
}

# The warships abroad in the Africa sheet's waters in August 1914 (version 11, rulings 143–145),
# authored from the record (Corbett, *Naval Operations* I, chapters on the outer seas; the Cape
# station's and the cruisers' histories) at the scale of `FLEETS`. A station's cruisers make
# one cruiser counter even when it had a single one — the game has no smaller warship, and
# Goeben with Breslau already round up to a battleship; gunboats, survey ships and armed
# merchantmen (Möwe, Eber, Dwarf, Surprise, the colonial stationnaires) are below a cruiser and
# make none (ruling 144). Each lies in the zone off its station's port, as the fleets do.
AFRICA_STATIONS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "germany": [("western-indian-ocean", "german-east-africa", {"cruiser": 1})],  # SMS Königsberg, out of Dar es Salaam on 31 July
    "britain": [("cape-of-good-hope", "south-africa", {"cruiser": 1})],  # Cape squadron: Hyacinth, Astraea, Pegasus; Simonstown
}
# Germany's East Asia Squadron at its historical start (version 12, ruling 151): von Spee's
# armoured cruisers Scharnhorst and Gneisenau with Nürnberg gathered at Ponape in the Carolines
# (one cruiser counter in the Central Pacific, off the German Far East colonies), and Emden out
# of Tsingtao (one in the Yellow Sea); Leipzig, off Mexico, is on the American sheet (ruling 166).
# The Allied stations in Asian waters (version 12's new-game set-up, ruling 154), authored from
# the record (Corbett, *Naval Operations* I, "The Pacific"; Jose, *The Royal Australian Navy*;
# the ships' histories) at the same scale, each off its station's port: the China squadron
# (Minotaur, Hampshire, Yarmouth, Newcastle and the Hong Kong destroyers) one cruiser; the
# Australian squadron one battleship for HMAS Australia — a battlecruiser, rounded to a
# battleship as Goeben is (ruling 144) — and one cruiser for Sydney, Melbourne, Encounter and
# Pioneer (New Zealand's old Philomel, Psyche and Pyramus folded in), off Sydney; the Siberian
# flotilla (Askold, Zhemchug and the Vladivostok destroyers) one cruiser; the French Far East
# division (Montcalm, Dupleix, out of Saigon) one cruiser.
ASIA_STATIONS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "germany": [("central-pacific-ocean", "german-far-east", {"cruiser": 1}),  # von Spee at Ponape
                ("yellow-sea", "jiazhou", {"cruiser": 1})],                       # SMS Emden, Tsingtao
    "britain": [("south-china-sea", "hong-kong", {"cruiser": 1}),                 # China squadron, Hong Kong
                ("tasman-sea", "australia", {"battleship": 1, "cruiser": 1})],    # HMAS Australia's squadron, Sydney
    "russia": [("sea-of-japan", "vladivostok", {"cruiser": 1})],                  # Siberian flotilla, Vladivostok
    "france": [("south-china-sea", "indochina", {"cruiser": 1})],                 # Far East division, Saigon
}
# The submarine flotillas of August 1914 (version 14, ruling 159), authored from the navies'
# lists at one counter for a flotilla of about ten boats, an odd half rounded up as a station's
# lone cruiser is (ruling 144); each lies off its base port, submerged (fog: no band).
SUBMARINE_FLOTILLAS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "germany": [("skagerrak", "bremen", {"submarine": 2})],            # I and II U-Flotillas, Heligoland (U-1 to U-28)
    "britain": [("north-sea", "glasgow", {"submarine": 1}),             # 8th Flotilla, the overseas boats, Harwich
                ("english-channel", "london", {"submarine": 1})],       # the coastal flotillas of Dover and Portsmouth
    "france": [("gulf-of-lyon", "marseille", {"submarine": 1})],        # the Toulon flotillas
    "russia": [("gulf-of-bothnia", "helsinki", {"submarine": 1})],      # the Baltic division, Reval and Helsingfors
    "austria_hungary": [("adriatic-sea", "trieste", {"submarine": 1})],  # six boats at Pola and Cattaro
    "italy": [("ionian-sea", "taranto", {"submarine": 1})],             # the Taranto and Venice flotillas
}
# The warships abroad in American waters in August 1914 (version 14's new-game set-up, ruling
# 166), authored from the record (Corbett, *Naval Operations* I, "The Outer Seas"; Tucker, *The
# Naval Service of Canada* I; the ships' histories) at the scale of ruling 144, each in the zone
# off the port it lay at or sailed from: SMS Leipzig off Mazatlán on Mexico's Pacific coast (the
# Mexican station) and HMCS Rainbow out of Esquimalt, both in the US Pacific Coast zone (Rainbow
# went south to cover the sloops against Leipzig); Dresden (relieved at Veracruz, then at
# Port-au-Prince) and Karlsruhe (off Havana and the Bahamas) one cruiser in the Caribbean; and
# Rear-Admiral Cradock's 4th Cruiser Squadron of the North America and West Indies station
# (Suffolk, Berwick, Lancaster, Essex, Bristol; Bermuda and Jamaica) one cruiser in the
# Western Atlantic off the British West Indies.
AMERICA_STATIONS: dict[str, list[tuple[str, str, dict[str, int]]]] = {
    "germany": [("us-pacific-coast", "northern-mexico", {"cruiser": 1}),     # SMS Leipzig, Mazatlán
                ("caribbean-sea", "hispaniola", {"cruiser": 1})],            # Dresden and Karlsruhe
    "britain": [("western-atlantic", "british-west-indies", {"cruiser": 1}),  # Cradock's 4th Cruiser Squadron
                ("us-pacific-coast", "british-columbia", {"cruiser": 1})],    # HMCS Rainbow, Esquimalt
}
for _nation, _stations in [*AFRICA_STATIONS.items(), *ASIA_STATIONS.items(), *SUBMARINE_FLOTILLAS.items(),
                           *AMERICA_STATIONS.items()]:
    FLEETS.setdefault(_nation, []).extend(_stations)


def deployment_fleets(nation: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for zone, _port, ships in FLEETS.get(nation, []):
        stack = out.setdefault(zone, {})
        for ship, n in ships.items():
            stack[ship] = stack.get(ship, 0) + n
    return {z: dict(sorted(s.items())) for z, s in sorted(out.items())}


def deployment_units(nation: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for area, (inf, art) in sorted(DEPLOYMENT[nation].items()):
        stack = {t: n for t, n in (("infantry", inf), ("artillery", art)) if n}
        if stack:
            out[area] = stack
    return out


def turn_label(turn: int) -> str:
    """Turn n covers two months from August 1914 (digest §2.1)."""
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    start = 7 + 2 * (turn - 1)
    year, month = 1914 + start // 12, start % 12
    return f"{months[month]}–{months[(month + 1) % 12]} {year}"


def nation_secret(nation: str) -> dict[str, Any]:
    """A nation's secret part when the game starts (its income is counted once all exist)."""
    info = NATIONS[nation]
    secret: dict[str, Any] = {"bank": info.bank, "units": deployment_units(nation),
                              "fleets": deployment_fleets(nation), "infantry_built": 0, "income": 0,
                              "offer_made": None, "offers_received": [], "tribute": []}
    if info.side == NEUTRAL:
        secret["points"] = START_POINTS.get(nation, 0)
    return secret


def build_state(options: dict[str, Any]) -> dict[str, Any]:
    w = world()
    control = {a: w.areas[a].owner for a in w.land()}
    board: dict[str, Any] = {
        "map": MAP_NAME, "turn": 1, "date": turn_label(1), "turns": options["turns"],
        "sides": sides_at_start(), "war": wars_at_start(), "control": control,
        "incorporated": {}, "trenches": {}, "casus_belli": [], "manpower_lost": {n: 0 for n in sorted(NATIONS)},
        "conquered": [], "news": [], "result": None, "ics_destroyed": [], "surrendered": {},
        "blockades": {}, "us_trade": {}, "closures": [],
    }
    state: dict[str, Any] = {"flow": {"step": "orders", "phase": "orders", "turn": 1},
                             "board": board, "secret": {}}
    for nation in sorted(NATIONS):
        state["secret"][nation] = nation_secret(nation)
    state["secret"]["italy"]["lean"] = ALLIED          # Italy starts leaning to the Allies
    for nation in sorted(NATIONS):
        state["secret"][nation]["income"] = income_of(state, nation)
    board["start_income"] = {n: state["secret"][n]["income"] for n in sorted(NATIONS)}
    return state
