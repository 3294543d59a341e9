"""The War to End All Wars (`twteaw`): the playable core, first slice.

Registered in engine/rulesets/__init__.py SHIPPED (issue #23) and a product (`product = True`,
walked by CI's newcomer check through written orders): a table
can be opened and its written orders played over REST, the socket and the browser (the area
map drawn; an editor that writes every key of the order set), to the last turn, with a game master's
seat (boardgame/play/gm.py); but parts of the naval and air slices and the North American and Asian map sections are
missing (docs/rules/twteaw.md, "Registration", lists what remains).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, MalformedAction, Roller
from engine.kernel.concerns import Concerns, concerns_of
from engine.kernel.flow import FlowRuleset
from engine.kernel.model import Audience

from . import fog, orders
from .migrations import MIGRATIONS
from .nations import ALLIED, CENTRAL, NATIONS, SEATS
from .resolution import missed_turn_orders
from .setup import build_state
from .steps import FLOW
from .suggestions import suggestions
from .units import SHIPS, UNITS
from .war import allies
from .world import MAP_NAME, world

State = dict[str, Any]
SIDE_OF = {n: (NATIONS[n].side if NATIONS[n].side in (CENTRAL, ALLIED) else n) for n in SEATS}
SIDE_TITLES = {CENTRAL: "Central Powers", ALLIED: "Allied Powers"}
TURNS_OPTION = {"id": "turns", "type": "integer", "default": 26, "min": 1, "max": 26,
                "title": "Turns (the historical game has 26)"}

MANIFEST = {
    "title": "The War to End All Wars",
    "scenarios": [
        {"id": "europe-1914", "title": "August 1914 — the Europe sheet", "map": MAP_NAME,
         "seats": [{"id": n, "side": SIDE_OF[n], "title": NATIONS[n].title,
                    "colour": NATIONS[n].colour} for n in SEATS],
         "sides": [{"id": s, "title": SIDE_TITLES[s] if s in SIDE_TITLES else NATIONS[s].title}
                   for s in sorted(set(SIDE_OF.values()))],
         "options": [TURNS_OPTION], "max_actions": 1500, "hidden_information": True,
         "simultaneous": True, "selfplay_requires": ["ready"]},
    ],
}


class TheWarToEndAllWars(FlowRuleset):
    id = "twteaw"
    version = "14"  # 2: ICs defend when ordered; 3: ships and naval orders; 4: surrender;
    # 5: US trade and the blockade (us_trade.py); 6: closing straits (straits.py);
    # 7: aircraft, air combat and AA guns (air.py); 8: tactical bombing (bombing.py);
    # 9: the Africa sheet, its colonies, garrisons and Ethiopia (setup.py, world.py);
    # 10: South Africa pays Britain a dominion's quarter while neutral (commonwealth.py);
    # 11: the warships abroad in African waters in August 1914 (setup.AFRICA_STATIONS);
    # 12: the Asian sheet with the Pacific, its garrisons, Afghanistan and Tibet, von Spee and
    # the Allied stations in Asian waters (ruling 154, added before version 12's release);
    # 13: the North American sheet; 14: submarines (submarines.py, rulings 159–165);
    # migrations.py
    migrations = MIGRATIONS
    manifest = MANIFEST
    # A product (issue #23): the newcomer check walks it by written orders (every nation
    # writes an order set and says ready; the turn resolves); docs/rules/twteaw.md,
    # "Registration", lists what the core still lacks.
    product = True
    flow = FLOW
    # dice named by battle and round, so that a turn rolled back and re-run (not built yet)
    # would not shift unrelated dice
    dice_version = 2

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> State:
        return build_state(options)

    def audience_seats(self, state: State, audience: Audience) -> frozenset[str]:
        return fog.entitled(state, audience)

    def validate(self, state: State, seat: str, decision: Decision, action: Any) -> Any:
        return orders.validate(state, seat, action)

    def concerns(self, state: State, seat: str, decision: Decision) -> Concerns:
        """An answer is a whole order set, whose keys (`orders.KEYS`) name no unit or place
        field, so the default index would read nothing from the suggested sets but pay for
        building them (the suggestions weigh every front, in every view of every audience):
        only the decision's own data can name a place. The order editor picks units its own way."""
        return concerns_of((), self.unit_fields, self.place_fields, decision.data)

    def options(self, state: State, seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        """No query: whole order sets to pick from. `{"check": <orders>}`: the normalised set
        and its warnings (refused with the rule cited when illegal). `{"air_targets": {"from",
        "units"}, "orders": <orders>}`: the air form's legal flights, each the checked set with
        it added (`orders.air_choices`)."""
        if query is None:
            return [{"action": o} for o in suggestions(state, seat)]
        if set(query) == {"check"}:
            checked = orders.validate(state, seat, query["check"])
            return [{"action": checked, "warnings": orders.corroborate(state, seat, checked)}]
        if set(query) == {"air_targets", "orders"} and isinstance(query["air_targets"], dict):
            flight = query["air_targets"]
            return orders.air_choices(state, seat, query["orders"], flight.get("from"), flight.get("units"))
        raise MalformedAction('an orders query is {"check": <order set>} or '
                              '{"air_targets": {"from", "units"}, "orders": <order set>}')

    def timeout_default(self, state: State, decision: Decision, seat: str) -> Any:
        return orders.normalise(missed_turn_orders(state, seat))

    def view(self, state: State, audience: Audience) -> dict[str, Any]:
        return fog.view(state, audience)

    def result(self, state: State) -> dict[str, Any] | None:
        result: dict[str, Any] | None = state["board"]["result"]
        return result

    def check_invariants(self, state: State) -> None:
        w = world()
        board = state["board"]
        assert set(board["control"]) == set(w.land()), "every territory has a holder"
        for nation, secret in state["secret"].items():
            assert secret["bank"] >= 0, f"{nation} owes resources"
            for area, stack in secret["units"].items():
                assert w.areas[area].kind == "land", f"{nation} has land units at sea in {area}"
                assert stack and all(n > 0 and t in UNITS for t, n in stack.items()), \
                    f"{nation}'s stack in {area} is malformed: {stack}"
                holder = board["control"][area]
                assert holder in allies(state, nation), \
                    f"{nation}'s units in {area}, held by {holder}, an enemy"
            for zone, fleet in secret["fleets"].items():
                assert w.areas[zone].kind == "sea", f"{nation} has ships on land in {zone}"
                assert fleet and all(n > 0 and t in SHIPS for t, n in fleet.items()), \
                    f"{nation}'s fleet in {zone} is malformed: {fleet}"

    def describe_action(self, state: State, decision: Decision, action: Any) -> str:
        declarations = sum(len(action.get(k, [])) for k in ("declare", "blockade", "close", "reopen"))
        return (f"orders: {len(action.get('moves', []))} moves, {len(action.get('build', []))} "
                f"builds, {declarations} declarations")


RULESET = TheWarToEndAllWars()
