"""The planning panel's victory lines for each North Europe scenario, from the engine's own view.

Every scenario's view carries `victory` in its own shape (`planning.status`): 12.1 bargaining
chips and August's plans, 12.2 demoralization totals, 12.3 victory points with what earns them,
12.4 Berlin, Paris and the French chips, 12.6 the naval count. The panel once read every shape it
did not know as 12.1's and showed "Central Powers 0 of undefined" in 12.3 and 12.4. Here the
views come from a real set-up through `RULESET.view`, a position made by moving control and
sinking a ship on the board, and the adapter renders them in a page.
"""

from __future__ import annotations

from engine.kernel import Roller
from engine.rulesets.balance_of_powers.fleets import SHIPS
from engine.rulesets.balance_of_powers.ruleset import RULESET
from engine.rulesets.balance_of_powers.scenarios import KAISERSCHLACHT, STORM_OF_STEEL
from engine.rulesets.balance_of_powers.theatre import SCENARIO_MAP, theatre
from engine.rulesets.balance_of_powers.victory import storm_areas

TH = theatre(SCENARIO_MAP)

PLANNING_JS = """async ([view, labels, places]) => {
    const { BalanceOfPowersAdapter } = await import('/frontend/game/rulesets/balance_of_powers.js');
    const bop = new BalanceOfPowersAdapter({ seats: [] });
    bop.map = { hexes: Object.fromEntries(Object.entries(labels).map(([loc, label]) => [loc, { label }])), boxes: {}, places: {} };
    bop.placeAt = places;
    return bop.planning(view).map(([k, v]) => `${k}: ${v}`);
}"""


def _state(scenario):
    seats = [s["id"] if isinstance(s, dict) else s for s in RULESET.scenario(scenario)["seats"]]
    return RULESET.setup(scenario, {}, seats, Roller(1, "t", 0))


def _facts(page, state):
    view = RULESET.view(state, "public")
    places = {loc: TH.place_name[p] for loc, p in TH.place_at.items()}
    return page.evaluate(PLANNING_JS, [view, dict(TH.label), places])


def test_bop_12_3_the_panel_counts_victory_points_and_names_what_earns_them(module_page):
    """BoP 12.3 (ruling 101): chips and interior fortresses held in the enemy's set-up area and
    enemy dreadnoughts sunk, per side, by name; the side with more at November's end wins."""
    state = _state(STORM_OF_STEEL)
    _, ep_area = storm_areas(TH)
    chip = sorted(loc for loc in ep_area if loc in TH.bcs and TH.home.get(loc) == "russia"
                  and loc not in TH.fortress)[0]   # Riga: a chip and no fortress, one point
    state["board"]["control"][chip] = "germany"
    del state["board"]["fleets"]["bri-bb1"]
    facts = _facts(module_page, state)
    place = TH.place_name[TH.place_at[chip]] if chip in TH.place_at else None
    where = f"{place} ({TH.label[chip]})" if place else TH.label[chip]
    assert facts[-2] == ("Victory points: Central Powers 2 · Entente 0: the side with more when "
                         "November 1916 ends wins, equal points draw (BoP 12.3)")
    assert facts[-1].startswith("Central Powers points: bargaining chips ")
    assert where in facts[-1]
    assert f"dreadnoughts sunk {SHIPS['bri-bb1'].nation.title()} BB 1" in facts[-1]
    assert not any("undefined" in f or "Bargaining chips:" in f for f in facts)


def test_bop_12_4_the_panel_says_who_holds_berlin_paris_and_the_french_chips(module_page):
    """BoP 12.4 (ruling 82): Germany wins holding Berlin with Paris or two French chips (Lille,
    which it holds at the start, counts)."""
    state = _state(KAISERSCHLACHT)
    facts = _facts(module_page, state)
    victory = [f for f in facts if f.startswith("Victory: ")]
    assert len(victory) == 1
    assert victory[0].startswith("Victory: Berlin: Central Powers · Paris: Entente · French bargaining "
                                 "chips Germany holds: 1 of 2 (Lille")
    assert victory[0].endswith("when November 1918 ends; otherwise the Entente wins (BoP 12.4)")
    assert not any("undefined" in f or "Bargaining chips:" in f for f in facts)
