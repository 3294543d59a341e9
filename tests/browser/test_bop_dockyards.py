"""Balance of Powers naval procurement and repair in the browser (issue #21, ruling 109): the
procurement step's naval options, the ship muster, the log lines and the planning panel's force
pool and dockyards read in words; a mine bought is not drawn at sea. Module checks of the
adapter in the page (no game needed: the engine's side is tests/engine/.../test_06_22_dockyards)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

VIEW = {
    "flow": {"step": "procure", "month": "1916-03", "side": "central"},
    "powers": {"germany": {"side": "central", "rp": 8}},
    "board": {"units": {}, "fleets": {"ger-bb1": {"at": "16,13", "steps": 1}}, "admirals": {},
              "ship_pool": ["ger-cl1"],
              "dockyard": {"ger-ub1": {"due": "1916-09", "refit": False},
                           "ger-bc1": {"due": "1916-04", "refit": True},
                           "ger-mine1": {"due": "1916-04", "refit": False}},
              "mines": {"ger-mine1": "dockyard", "ger-mine2": "16,12"}},
}


def test_bop_6_22_naval_procurement_repair_and_muster_read_in_words(module_page):
    got = module_page.evaluate("""async (view) => {
        const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
        const { mineCounters } = await import('/frontend/map/seachart.js');
        const bop = new BalanceOfPowersAdapter({ seats: [] });
        const label = (kind, action) => bop.present({ kind }, { action }, view).label;
        const ev = (kind, data) => bop.event({ kind, data }, view);
        return {
          repair: label('procure', { repair_ship: 'ger-bb1' }),
          cruiser: label('procure', { buy: 'ger-cl1' }),
          uboat: label('procure', { buy: 'ger-ub1' }),
          mine: label('procure', { buy: 'ger-mine1' }),
          muster: label('ship_muster', { unit: 'ger-bc1', at: '16,13' }),
          repaired: ev('ship_repaired', { unit: 'ger-bb1', cost: 3, die: 4, arrives: '1916-07' }),
          bought: ev('procured', { unit: 'ger-cl1', cost: 4, arrives: '1917-03' }),
          mined: ev('mustered', { unit: 'ger-mine1', at: 'pool' }),
          flag: ev('navy_leader_transfers', { leader: 'ger-hipper', from: 'ger-bc1', to: 'ger-bb1' }),
          cob: ev('naval_pool_additions', { season: '1916-spring', ships: ['bri-cl4', 'ger-ub12'], mines: ['ger-mine9'] }),
          cobShip: label('procure', { buy: 'ger-ub12' }),
          facts: Object.fromEntries(bop.planning(view)),
          drawn: mineCounters(view, (n) => [n, '#000']).map((m) => m.id),
        };
    }""", VIEW)
    assert got["repair"] == ("Repair Germany BB 1 in port (3 RP; back at full strength in 1d6 "
                             "months)")
    assert got["cruiser"] == "Procure Germany CL 1 (4 RP; musters in a year)"
    assert got["uboat"] == "Procure Germany U-boat 1 (2 RP; musters in six months)"
    assert got["mine"] == "Procure a mine (1 RP; to the mine pool next month)"
    assert got["muster"].startswith("Muster Germany BC 1 at ")
    assert got["repaired"].startswith("Germany BB 1 in for repair (3 RP): 1d6 4, back at full "
                                      "strength in ")
    assert got["bought"] == "Germany CL 1 procured (4 RP): in the dockyards until March 1917"
    assert got["mined"] == "Germany mine reaches the mine pool"
    assert got["flag"] == "HIPPER shifts his flag from Germany BC 1 to Germany BB 1"
    # 13.0 (ruling 116): the CoB's ships of the season reach the force pool, bought like any
    assert got["cob"] == ("New in the ships' force pool (1916-spring): Britain CL 4, Germany "
                          "U-boat 12, Germany mine — bought by procurement (BoP 6.222)")
    assert got["cobShip"] == "Procure Germany U-boat 12 (2 RP; musters in six months)"
    assert got["facts"]["Ships in the force pool"] == "Germany CL 1"
    yard = got["facts"]["In the dockyards"]
    assert "Germany BC 1 (repair)" in yard and "Germany mine" in yard and "Germany U-boat 1" in yard
    assert yard.index("BC 1") < yard.index("U-boat 1")          # by the month they are due
    assert got["drawn"] == ["ger-mine2"]                        # the bought mine is not at sea
