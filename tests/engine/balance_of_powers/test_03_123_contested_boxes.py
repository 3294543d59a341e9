"""BoP 3.123's contested boxes (ruling 117; issue #21), on North Europe's own Petrograd box.

A Russian corps in the port hex 3805, cut off overland (every land hex beside it German, and the
other Russian Baltic ports 3707 and 4206 too, and a German light cruiser in water hex 2108 closing
the way west to the Entente's North Sea ports), can be supplied only over the Gulf of Finland: it
takes to the water at 3805 (a Russian cruiser there) and comes ashore in the Petrograd box,
Russia's capital. The box needs a Russian surface ship; where German surface ships, mines or
corps are there as well, the Russian gunnery there must be more than the German gunnery and
mine factors together. Gunnery and mine factors are the counters' own (`data/ships.csv`,
`data/mines.csv`): a pre-dreadnought 3 (2 damaged), an armored cruiser 2, a dreadnought 4,
a mine 2."""

from __future__ import annotations

from engine.rulesets.balance_of_powers import supply
from engine.rulesets.balance_of_powers.sea_supply import holds_box
from engine.rulesets.balance_of_powers.theatre import theatre

from .helpers import hx, position

TH = theatre("bop-north-europe")
BOX = "petrograd-box"
PORT = hx(TH, "3805")


def _cut_off(ships: dict[str, str], *, mines: dict[str, str] | None = None,
             units: dict[str, str] | None = None, damaged: tuple[str, ...] = ()):
    state = position(TH, {"rus-inf-1": "3805", **(units or {})}, sides={"russia": "entente"})
    control = state["board"]["control"]
    for loc in TH.adj[PORT]:
        if loc not in TH.water and loc not in TH.boxes:
            control[loc] = "germany"
    for label in ("3707", "4206"):
        control[hx(TH, label)] = "germany"
    ships = {"ger-cl2": "2108", **ships}
    state["board"]["fleets"] = {uid: {"at": at if at.endswith("-box") else hx(TH, at),
                                      "steps": 1 if uid in damaged else 2}
                                for uid, at in ships.items()}
    state["board"]["mines"] = {mid: at for mid, at in (mines or {}).items()}
    return state


def _supplied(state) -> bool:
    return supply.supply_status(state, TH)["rus-inf-1"]


def test_bop_3_123_the_corps_is_supplied_through_the_petrograd_box_only_with_a_ship_in_it():
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX})) is True
    # no Russian ship in the box: the line cannot come ashore there
    assert _supplied(_cut_off({"rus-ca1": "3805"})) is False
    # nor enter the water at 3805 without one there
    assert _supplied(_cut_off({"rus-pd1": BOX})) is False


def test_bop_3_123_a_contested_box_holds_when_the_tracing_gunnery_is_more():
    # the pre-dreadnought's 3 against an armored cruiser's 2
    state = _cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "ger-ca1": BOX})
    assert holds_box(state, BOX, "entente") and _supplied(state) is True
    # against a dreadnought's 4 it does not
    state = _cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "ger-bb1": BOX})
    assert not holds_box(state, BOX, "entente") and _supplied(state) is False
    # "more": damaged, the pre-dreadnought's 2 ties the cruiser's 2 and the box is lost
    state = _cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "ger-ca1": BOX}, damaged=("rus-pd1",))
    assert _supplied(state) is False
    # two Russian ships add their gunnery: 3 + 2 against the dreadnought's 4
    state = _cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "rus-ca2": BOX, "ger-bb1": BOX})
    assert _supplied(state) is True


def test_bop_3_123_mine_factors_count_with_the_enemy_gunnery_submarines_not_at_all():
    # one German mine (2) against the pre-dreadnought's 3: held; two (4): lost
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX},
                              mines={"ger-mine1": BOX})) is True
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX},
                              mines={"ger-mine1": BOX, "ger-mine2": BOX})) is False
    # a mine (2) and a cruiser (2) together: 4 against 3
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "ger-ca1": BOX},
                              mines={"ger-mine1": BOX})) is False
    # a U-boat never blocks sea supply, in a box as on the water
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX, "ger-ub1": BOX})) is True
    # a Russian mine there is no enemy's
    assert _supplied(_cut_off({"rus-ca1": "3805", "rus-pd1": BOX},
                              mines={"rus-mine1": BOX})) is True


def test_bop_3_123_an_enemy_corps_in_the_box_does_not_close_it_to_a_ship_that_outguns_it():
    """A box may hold enemy land units and still carry the line (the Petrograd box is also
    Russia's capital, so a German corps there takes the source away: the box is tested as a
    crossing, not through the corps's supply)."""
    from engine.rulesets.balance_of_powers.sea_supply import crossings
    state = _cut_off({"rus-ca1": "3805", "rus-pd1": BOX}, units={"ger-inf-1": BOX})
    assert holds_box(state, BOX, "entente")
    assert BOX in crossings(state, TH, "entente")[1][PORT]
    # a German cruiser beside the corps makes the box contested: 3 against 2 still holds
    state["board"]["fleets"]["ger-ca1"] = {"at": BOX, "steps": 2}
    assert holds_box(state, BOX, "entente")
    state["board"]["fleets"]["rus-pd1"]["steps"] = 1          # 2 against 2: lost
    assert not holds_box(state, BOX, "entente")
    assert BOX not in crossings(state, TH, "entente")[1][PORT]


GULF = "gulf-of-finland-box"
PETROGRAD_WATERS = {"ger-mine1": "4001", "ger-mine2": "4002", "ger-mine3": "4102",
                    "ger-mine4": "4203"}


def _mined(ships: dict[str, str]):
    """The premise, with German mines on every water hex the Petrograd box opens on: the way
    over the map's water is shut; the Gulf of Finland's ocean box, which touches the box on the
    Sea Chart and the map's top edge (3701-4001), is the other way."""
    state = _cut_off(ships)
    state["board"]["mines"] = {mid: hx(TH, at) for mid, at in PETROGRAD_WATERS.items()}
    return state


def test_bop_3_123_a_line_crosses_an_ocean_box_held_by_a_friendly_ship():
    ships = {"rus-ca1": "3805", "rus-pd1": BOX}
    assert _supplied(_mined(ships)) is False                     # shut over the map's water
    # a Russian cruiser in the Gulf of Finland's box: 3805 → 3704 … 3701 → the box → Petrograd
    assert _supplied(_mined({**ships, "rus-ca2": GULF})) is True
    # contested and outgunned there (a dreadnought's 4 against the cruiser's 2): shut again
    assert _supplied(_mined({**ships, "rus-ca2": GULF, "ger-bb1": GULF})) is False
    # a U-boat in the box neither holds it for the Russians nor closes it
    assert _supplied(_mined({**ships, "ger-ub1": GULF})) is False
    assert _supplied(_mined({**ships, "rus-ca2": GULF, "ger-ub1": GULF})) is True


def test_bop_3_123_a_line_goes_round_the_british_isles_box_to_box():
    """Ruling 119's box-to-box step: a German mine in 0317, the Strait of Dover, shuts the
    water between Rosyth (0107) and the French port 0221 on the Channel's mouth; British
    cruisers in the Norwegian Sea, North Atlantic and Mid-Atlantic boxes open the way round,
    from the North Sea's top edge to the Channel's mouth (0018-0020) — and one box without a
    ship closes it again."""
    from engine.rulesets.balance_of_powers.sea_supply import crossings
    rosyth, brest_side = hx(TH, "0107"), hx(TH, "0221")

    def reach(ships):
        state = position(TH, {}, sides={"britain": "entente", "france": "entente"})
        state["board"]["fleets"] = {uid: {"at": at if at.endswith("-box") else hx(TH, at),
                                          "steps": 2} for uid, at in ships.items()}
        state["board"]["mines"] = {"ger-mine1": hx(TH, "0317")}
        return brest_side in crossings(state, TH, "entente")[1].get(rosyth, set())

    assert not reach({"bri-cl1": "0107"})
    round_ = {"bri-cl1": "0107", "bri-ca1": "norwegian-sea-box",
              "bri-ca2": "north-atlantic-box", "bri-cl2": "mid-atlantic-box"}
    assert reach(round_)
    assert not reach({k: v for k, v in round_.items() if v != "north-atlantic-box"})
