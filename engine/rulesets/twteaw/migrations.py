"""The War to End All Wars' version history: each bump's state migration (docs/rulesets.md,
Versions). A migration takes a state of the older version (a copy it may change) and returns it
in the shape the newer version plays; the kernel applies it to the undo point's state too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernel.versions import Migration, identity

from .nations import NEUTRAL
from .setup import nation_secret

State = dict[str, Any]


def v1_to_v2(state: State) -> State:
    """Version 2: industrial complexes defend when their holder orders it, and one destroyed
    that way is gone (TWTEAW "Industrial complexes", ruling 67): `board.ics_destroyed`, empty —
    no IC ever fought before."""
    state["board"]["ics_destroyed"] = []
    return state


def v2_to_v3(state: State) -> State:
    """Version 3: ships and the naval orders (TWTEAW 4.2/4.3, rulings 69–73): every nation gets
    `fleets`, empty — a game begun without navies plays on without them (the 1914 fleets are
    the set-up of a new game)."""
    for secret in state["secret"].values():
        secret["fleets"] = {}
    return state


def v3_to_v4(state: State) -> State:
    """Version 4: surrender (TWTEAW "Surrender", 1.3; rulings 86–95): `board.surrendered`, empty,
    and per nation no open offer, none to vote on, an empty tribute ledger — no nation could
    offer before."""
    state["board"]["surrendered"] = {}
    for secret in state["secret"].values():
        secret.update(offer_made=None, offers_received=[], tribute=[])
    return state


def v4_to_v5(state: State) -> State:
    """Version 5: US trade and the naval blockade that cuts it (TWTEAW 1.4, 4.2.6, "Variable US
    Trade"; rulings 97–104): `board.blockades` and `board.us_trade`, empty — no blockade was
    ever declared, and the trade is first collected at the next Phase 8."""
    state["board"]["blockades"] = {}
    state["board"]["us_trade"] = {}
    return state


def v5_to_v6(state: State) -> State:
    """Version 6: closing straits (TWTEAW 1.4; rulings 105–112): `board.closures`, empty — no
    passage was ever closed by declaration."""
    state["board"]["closures"] = []
    return state


# The Africa section's land territories and their 1914 owners as version 9 built them: a
# migration replays what that version added, whatever later versions do to the map.
V9_AFRICA = (
    ("algeria", "france"),
    ("angola", "portugal"),
    ("belgian-congo", "belgium"),
    ("british-east-africa", "britain"),
    ("british-somaliland", "britain"),
    ("british-west-africa", "britain"),
    ("cameroon", "germany"),
    ("egypt", "britain"),
    ("eritrea", "italy"),
    ("ethiopia", "ethiopia"),
    ("french-equatorial-africa", "france"),
    ("french-west-africa", "france"),
    ("german-east-africa", "germany"),
    ("german-southwest-africa", "germany"),
    ("italian-somaliland", "italy"),
    ("libya", "italy"),
    ("madagascar", "france"),
    ("morocco", "france"),
    ("mozambique", "portugal"),
    ("rhodesia", "britain"),
    ("south-africa", "britain"),
    ("spanish-morocco", "spain"),
    ("sudan", "britain"),
    ("suez-canal", "britain"),
)


def v8_to_v9(state: State) -> State:
    """Version 9: the Africa sheet (TWTEAW "The Map"; rulings 129–138). Each new territory joins
    held by its original owner (`board.control`), ungarrisoned — the colonial garrisons are the
    set-up of a new game (ruling 136); Ethiopia joins as a neutral minor with its own garrison,
    bank and standing, like every minor at the start. A territory whose owner was conquered or
    surrendered still starts its own (the owner's income is already nothing)."""
    board = state["board"]
    for area, owner in V9_AFRICA:
        board["control"].setdefault(area, owner)
    if "ethiopia" not in state["secret"]:
        secret = nation_secret("ethiopia")
        secret["income"] = 0
        state["secret"]["ethiopia"] = secret
        board["sides"]["ethiopia"] = NEUTRAL
        board["manpower_lost"]["ethiopia"] = 0
        board.setdefault("start_income", {})["ethiopia"] = V9_ETHIOPIA_INCOME
        secret["income"] = V9_ETHIOPIA_INCOME
    return state


# Ethiopia's income as version 9 counted it (frozen, ruling 158): its one territory, value 2 on
# version 9's map, at a neutral minor's quarter, rounded up — what income_of gave on that map,
# whatever later versions do to the map (the live reading needed area_income's .get once Asia
# was added after it).
V9_ETHIOPIA_VALUE = 2
V9_ETHIOPIA_INCOME = -(-V9_ETHIOPIA_VALUE // 4)


# The Asian section's land territories and their 1914 owners as version 12 built them, and the
# nations it adds with their garrisons (frozen: a migration replays what that version added,
# whatever later versions do to the map or the set-up).
V12_ASIA = (
    ("afghanistan", "afghanistan"),
    ("australia", "britain"),
    ("bombay", "britain"),
    ("borneo", "netherlands"),
    ("burma", "britain"),
    ("calcutta", "britain"),
    ("canton", "china"),
    ("celebes", "netherlands"),
    ("central-siberia", "russia"),
    ("ceylon", "britain"),
    ("formosa", "japan"),
    ("german-far-east", "germany"),
    ("hokkaido", "japan"),
    ("hong-kong", "britain"),
    ("india", "britain"),
    ("indochina", "france"),
    ("irkutsk", "russia"),
    ("java", "netherlands"),
    ("jiazhou", "germany"),
    ("kaiser-wilhelm-land", "germany"),
    ("kamchatka", "russia"),
    ("kazakh-steppe", "russia"),
    ("korea", "japan"),
    ("madras", "britain"),
    ("malaya", "britain"),
    ("manchuria", "china"),
    ("moluccas", "netherlands"),
    ("mongolia", "china"),
    ("new-zealand", "britain"),
    ("omsk", "russia"),
    ("osaka", "japan"),
    ("pakistan", "britain"),
    ("papua", "britain"),
    ("peking", "china"),
    ("philippines", "usa"),
    ("sakhalin", "russia"),
    ("shanghai", "china"),
    ("siam", "siam"),
    ("sichuan", "china"),
    ("sumatra", "netherlands"),
    ("tibet", "tibet"),
    ("tokyo", "japan"),
    ("turkestan", "russia"),
    ("turkmen", "russia"),
    ("urals-mts", "russia"),
    ("vladivostok", "russia"),
    ("western-kazan", "russia"),
    ("xinjiang", "china"),
    ("yakutia", "russia"),
)
V12_NATIONS: dict[str, dict[str, dict[str, int]]] = {
    "afghanistan": {"afghanistan": {"infantry": 3}},
    "china": {"canton": {"infantry": 2}, "manchuria": {"infantry": 1}, "peking": {"infantry": 3},
              "shanghai": {"infantry": 2}, "sichuan": {"infantry": 1}},
    "japan": {"formosa": {"infantry": 1}, "hokkaido": {"infantry": 1}, "korea": {"infantry": 2},
              "osaka": {"artillery": 1, "infantry": 3}, "tokyo": {"artillery": 1, "infantry": 4}},
    "siam": {"siam": {"infantry": 2}},
    "tibet": {"tibet": {"infantry": 1}},
    "usa": {"philippines": {"infantry": 1}},
}


def v11_to_v12(state: State) -> State:
    """Version 12: the Asian sheet with the Pacific (rulings 146–152). Each new territory joins
    held by its original owner, ungarrisoned where that owner was already in the game (the
    set-up's garrisons and von Spee's squadron belong to a new game, as version 9's and 11's
    did); the nations the sheet adds (Afghanistan, Tibet, Siam, and the inactive Japan, China
    and USA) join neutral with their own garrisons, an empty bank and no ships."""
    return _add_sheet(state, V12_ASIA, V12_NATIONS, V12_START_INCOME.__getitem__)


def _add_sheet(state: State, areas: tuple[tuple[str, str], ...],
               nations: dict[str, dict[str, dict[str, int]]],
               income: Callable[[str], int]) -> State:
    """A new map sheet in a running game (versions 12 and 13): each new territory held by its
    original owner, and each nation the sheet adds neutral with its garrisons, an empty bank,
    no ships and its first income (`income`, from frozen data)."""
    board = state["board"]
    for area, owner in areas:
        board["control"].setdefault(area, owner)
    for nation, units in sorted(nations.items()):
        if nation in state["secret"]:
            continue
        state["secret"][nation] = {"bank": 0, "units": {a: dict(u) for a, u in units.items()},
                                   "fleets": {}, "infantry_built": 0, "income": 0,
                                   "offer_made": None, "offers_received": [], "tribute": [],
                                   "points": 0}
        board["sides"][nation] = NEUTRAL
        board["manpower_lost"][nation] = 0
    for nation in sorted(nations):
        if nation not in board.setdefault("start_income", {}):
            first = income(nation)
            state["secret"][nation]["income"] = first
            board["start_income"][nation] = first
    return state


# What economy.income_of gave each nation version 12 added, on version 12's map, in a game
# migrated to it (none of them was in a running game, so it does not depend on the game):
# frozen so that later map or economy changes cannot alter an old game's migration (ruling 158)
V12_START_INCOME = {"afghanistan": 1, "china": 4, "japan": 4, "siam": 1, "tibet": 1, "usa": 1}


# The North American section's land territories and their 1914 owners as version 13 built them,
# and the nations it adds with their garrisons (frozen, like V12_ASIA; ruling 158).
V13_NORTH_AMERICA = (
    ("alaska", "usa"),
    ("british-columbia", "britain"),
    ("british-west-indies", "britain"),
    ("canada", "britain"),
    ("central-america", "central_america"),
    ("cuba", "cuba"),
    ("east-coast", "usa"),
    ("french-west-indies", "france"),
    ("great-plains", "usa"),
    ("hawaii", "usa"),
    ("hispaniola", "hispaniola"),
    ("la", "usa"),
    ("maritimes", "britain"),
    ("mexico", "mexico"),
    ("newfoundland", "britain"),
    ("northern-canada", "britain"),
    ("northern-mexico", "mexico"),
    ("pacific-northwest", "usa"),
    ("panama-canal", "usa"),
    ("prairies", "britain"),
    ("puerto-rico", "usa"),
    ("southwest", "usa"),
    ("the-south", "usa"),
)
V13_NATIONS: dict[str, dict[str, dict[str, int]]] = {
    "central_america": {"central-america": {"infantry": 1}},
    "cuba": {"cuba": {"infantry": 1}},
    "hispaniola": {"hispaniola": {"infantry": 1}},
    "mexico": {"mexico": {"infantry": 2}, "northern-mexico": {"infantry": 2}},
}


def v12_to_v13(state: State) -> State:
    """Version 13: the North American sheet (rulings 155–158). Each new territory joins held by
    its original owner, ungarrisoned where that owner was already in the game (the USA, Britain,
    France: the set-up's garrisons belong to a new game, as in versions 9 and 12); Mexico and
    the Caribbean and Central American republics join as inactive neutrals with their own
    garrisons, an empty bank and no ships."""
    return _add_sheet(state, V13_NORTH_AMERICA, V13_NATIONS,
                      lambda nation: _v13_income(state, nation))


# the values version 13 gave the new nations' territories (frozen)
V13_VALUES = {"central-america": 2, "cuba": 2, "hispaniola": 1, "mexico": 3, "northern-mexico": 2}


def _v13_income(state: State, nation: str) -> int:
    """A new neutral minor's income at its quarter share, rounded up, from the frozen values."""
    total = sum(v for a, v in V13_VALUES.items() if state["board"]["control"].get(a) == nation)
    return -(-total // 4)


# the submarine flotillas version 14 adds (frozen from setup.SUBMARINE_FLOTILLAS): nation ->
# [(sea zone, base port, submarines)]
V14_FLOTILLAS = {
    "austria_hungary": [("adriatic-sea", "trieste", 1)],
    "britain": [("north-sea", "glasgow", 1), ("english-channel", "london", 1)],
    "france": [("gulf-of-lyon", "marseille", 1)],
    "germany": [("skagerrak", "bremen", 2)],
    "italy": [("ionian-sea", "taranto", 1)],
    "russia": [("gulf-of-bothnia", "helsinki", 1)],
}


def v13_to_v14(state: State) -> State:
    """Version 14: submarines (rulings 159–165). A running game gains the August 1914 flotillas
    of each nation still holding the flotilla's base port (a flotilla whose base is lost has
    nowhere it could have sailed from); a game without the nation gets none."""
    control = state["board"]["control"]
    for nation, flotillas in sorted(V14_FLOTILLAS.items()):
        secret = state["secret"].get(nation)
        if secret is None:
            continue
        fleets = secret.setdefault("fleets", {})
        for zone, port, n in flotillas:
            if control.get(port) == nation:
                fleet = fleets.setdefault(zone, {})
                fleet["submarine"] = fleet.get("submarine", 0) + n
                fleets[zone] = dict(sorted(fleet.items()))
        secret["fleets"] = dict(sorted(fleets.items()))
    return state


MIGRATIONS = (
    Migration("1", "2", v1_to_v2,
              "industrial complexes defend when ordered (order key defend_ics); "
              "board.ics_destroyed lists those destroyed, empty in a running game"),
    Migration("2", "3", v2_to_v3,
              "ships and naval orders (order key naval); secret.<nation>.fleets, empty in a "
              "running game"),
    Migration("3", "4", v3_to_v4,
              "surrender offers, votes and tribute (order keys surrender, surrender_votes); "
              "board.surrendered, secret.<nation>.offer_made/offers_received/tribute, empty"),
    Migration("4", "5", v4_to_v5,
              "US trade in Phase 8 and the blockade that cuts it (order key blockade, naval "
              "mission blockade); board.blockades and board.us_trade, empty in a running game"),
    Migration("5", "6", v5_to_v6,
              "straits and canals closed to named nations in Phase 1.4 (order keys close, "
              "reopen); board.closures, empty in a running game"),
    # Version 7: fighters, bombers and AA guns (TWTEAW 4.1.2, 4.5, "AA guns"; rulings 113–):
    # they stand in the same unit stacks as the land units and fly by the new order key `air`;
    # a running game has none, so its state keeps its shape.
    Migration("6", "7", identity,
              "fighters, bombers and AA guns bought and placed like land units; air orders "
              "(order key air: move, attack, rebase); air combat and AA fire before land battles; "
              "no state change"),
    # Version 8: tactical bombing (TWTEAW 4.1.1; rulings 123–): the air order's new mission
    # `tactical`, flown and scored within one turn's resolution; nothing is kept between
    # turns, so a running game's state keeps its shape.
    Migration("7", "8", identity,
              "tactical bombing (air order mission tactical) in Phase 4.1: interception, AA "
              "fire, 3 strike points give attacking infantry +1; no state change"),
    Migration("8", "9", v8_to_v9,
              "the Africa sheet: board.control gains every African territory, held by its "
              "original owner and ungarrisoned; Ethiopia joins as a neutral minor"),
    # Version 10: South Africa, a Commonwealth dominion, pays a quarter of its value while
    # Britain is neutral, all of it once Britain is at war (rulings 139–142). Income is
    # recomputed at every Phase 8, so a running game's state keeps its shape; its
    # board.start_income stays the record of the game's start under the rules it began with.
    Migration("9", "10", identity,
              "South Africa's income: a quarter of its value to Britain's bank while Britain is "
              "neutral, all of it once Britain is at war; no state change"),
    # Version 11: the warships abroad in African waters in August 1914 (Königsberg, the Cape
    # squadron; setup.AFRICA_STATIONS, rulings 143–145) are the set-up of a new game. A running
    # game gets none: ships appearing mid-war where its history no longer fits (the same
    # choice as version 3's fleets, ruling 69), so its state keeps its shape.
    Migration("10", "11", identity,
              "the 1914 warships abroad in African waters join a new game's set-up; a running "
              "game gets no ships; no state change"),
    Migration("11", "12", v11_to_v12,
              "the Asian sheet with the Pacific: board.control gains every Asian territory, held "
              "by its original owner; Afghanistan, Tibet, Siam and the inactive Japan, China and "
              "USA join as neutrals with their garrisons"),
    Migration("12", "13", v12_to_v13,
              "the North American sheet: board.control gains every North American territory, "
              "held by its original owner; Mexico, Central America, Cuba and Hispaniola join as "
              "inactive neutrals with their garrisons"),
    Migration("13", "14", v13_to_v14,
              "submarines (naval missions intercept and hunt, 4.2.9–4.2.10; no band in the fog): "
              "each nation still holding a flotilla's base port gains its August 1914 "
              "submarines in secret.<nation>.fleets"),
)
