"""Toy Skirmish: the kernel's test ruleset. Never shipped, never listed as a product.

Small, but with everything the kernel must handle: hidden hands (state["secret"]),
simultaneous sealed bids (a decision group; with the `written_orders` option, bids a seat may
revise until everyone is ready), a schema decision with an options expander and
undo (the winner's move), a reaction window with a timeout default, dice in set-up, in
tie-breaks and in the reaction.

Each round every seat bids a card from its hand at once; the highest bid scores and moves its
token up to two hexes; a token that ends next to another lets that seat react ("brace": a d6,
5–6 scores for it; "ignore": the mover scores).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller, Ruleset

BOARD_RADIUS = 2
MOVE_RANGE = 2
HAND_SIZE = 4
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
STARTS = {"red": "-2,0", "blue": "2,0", "green": "0,2"}
RULE = "toy"


def _parse(hex_id: str) -> tuple[int, int]:
    q, r = hex_id.split(",")
    return int(q), int(r)


def _distance(a: str, b: str) -> int:
    (aq, ar), (bq, br) = _parse(a), _parse(b)
    return (abs(aq - bq) + abs(ar - br) + abs((aq + ar) - (bq + br))) // 2


BOARD = tuple(sorted(
    f"{q},{r}" for q in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    for r in range(-BOARD_RADIUS, BOARD_RADIUS + 1) if abs(q + r) <= BOARD_RADIUS))


def _seats(side_of: dict[str, str], titles: dict[str, str]) -> list[dict[str, str]]:
    colours = {"red": "#b03a2e", "blue": "#2e5cb0", "green": "#2e8b57"}
    return [{"id": s, "side": side_of[s], "title": titles[s], "colour": colours[s]}
            for s in sorted(side_of)]


ROUNDS_OPTION = {"id": "rounds", "type": "integer", "default": 3, "min": 1, "max": 4,
                 "title": "Rounds"}
# The bids as written orders (engine/kernel/simultaneous.py): a seat may change or withdraw its
# bid until every seat is ready, or until the deadline.
ORDERS_OPTION = {"id": "written_orders", "type": "boolean", "default": False,
                 "title": "Written bids: revise until everyone is ready"}

MANIFEST = {
    "title": "Toy Skirmish (kernel test ruleset)",
    "scenarios": [
        {"id": "duel", "title": "Duel", "map": None,
         "seats": _seats({"red": "north", "blue": "south"}, {"red": "Red", "blue": "Blue"}),
         "sides": [{"id": "north", "title": "North"}, {"id": "south", "title": "South"}],
         "options": [ROUNDS_OPTION, ORDERS_OPTION], "max_actions": 40, "hidden_information": True,
         "simultaneous": True},
        {"id": "melee", "title": "Melee", "map": None,
         "seats": _seats({"red": "alpha", "blue": "alpha", "green": "beta"},
                         {"red": "Red", "blue": "Blue", "green": "Green"}),
         "sides": [{"id": "alpha", "title": "Alpha"}, {"id": "beta", "title": "Beta"}],
         "options": [ROUNDS_OPTION, ORDERS_OPTION], "max_actions": 60, "hidden_information": True,
         "simultaneous": True},
    ],
}


class ToySkirmish(Ruleset):
    id = "toy_skirmish"
    version = "1"
    manifest = MANIFEST
    product = False

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> dict[str, Any]:
        secret = {seat: {"hand": sorted(roller.roll(9, f"deal {seat}", HAND_SIZE))}
                  for seat in seats}
        flow = {"step": "bid", "round": 1, "rounds": options["rounds"], "mover": None,
                "target": None}
        if options.get("written_orders"):
            flow["written"] = True      # only then: the default game's state is unchanged
        return {
            "flow": flow,
            "board": {"tokens": {seat: STARTS[seat] for seat in seats},
                      "score": {seat: 0 for seat in seats},
                      "hand_sizes": {seat: HAND_SIZE for seat in seats},
                      "last_bids": None},
            "secret": secret,
        }

    # --- decisions ------------------------------------------------------------------------

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        flow = state["flow"]
        step, round_ = flow["step"], flow["round"]
        if step == "bid":
            return [Decision(
                id=f"r{round_}-bid-{seat}", seats=(seat,), kind="bid", rule="toy 1",
                prompt="Bid a card from your hand", waiting=f"{seat} is choosing a bid",
                options=tuple({"card": card} for card in sorted(set(state["secret"][seat]["hand"]))),
                group=f"r{round_}-bids", revisable=state["flow"].get("written", False))
                for seat in sorted(state["secret"])]
        if step == "move":
            return [Decision(
                id=f"r{round_}-move", seats=(flow["mover"],), kind="move", rule="toy 2",
                prompt="Move your token up to two hexes", waiting=f"{flow['mover']} is moving",
                schema={"type": "object", "required": ["to"],
                        "properties": {"to": {"type": "string"}}},
                undoable=True)]
        if step == "react":
            return [Decision(
                id=f"r{round_}-react", seats=(flow["target"],), kind="react", rule="toy 3",
                prompt="An enemy token is adjacent: brace or ignore?",
                waiting=f"{flow['target']} may react",
                options=({"choice": "brace"}, {"choice": "ignore"}), reaction=True)]
        return []

    def timeout_default(self, state: dict[str, Any], decision: Decision, seat: str) -> Any:
        if decision.kind == "react":
            return {"choice": "ignore"}
        return super().timeout_default(state, decision, seat)

    # --- the move (schema decision) ---------------------------------------------------------

    def _destinations(self, state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
        here = state["board"]["tokens"][seat]
        occupied = set(state["board"]["tokens"].values())
        return [{"action": {"to": hex_id}, "cost": _distance(here, hex_id)}
                for hex_id in BOARD
                if hex_id not in occupied and 0 < _distance(here, hex_id) <= MOVE_RANGE]

    def options(self, state: dict[str, Any], seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        return self._destinations(state, seat)

    def validate(self, state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
        """toy 2 — a move goes to a free hex on the board within two hexes."""
        if not isinstance(action, dict) or set(action) != {"to"} or not isinstance(
                action["to"], str):
            raise MalformedAction('a move is {"to": "<q>,<r>"}')
        target = action["to"]
        if target not in BOARD:
            raise IllegalAction("toy 2", "off_board", {"to": target},
                                f"{target} is not on the board.")
        legal = {item["action"]["to"] for item in self._destinations(state, seat)}
        if target not in legal:
            raise IllegalAction("toy 2", "out_of_range", {"to": target},
                                f"{target} is occupied or more than {MOVE_RANGE} hexes away.")
        return {"to": target}

    # --- handlers ---------------------------------------------------------------------------

    def resolve_group(self, state: dict[str, Any], group: str,
                      answers: list[tuple[Decision, str, Any]], roller: Roller) -> list[Event]:
        """toy 1 — all bids revealed at once; the highest scores, ties go to a d6 roll-off."""
        bids = {seat: action["card"] for _, seat, action in answers}
        for seat, card in bids.items():
            state["secret"][seat]["hand"].remove(card)
            state["board"]["hand_sizes"][seat] -= 1
        top = max(bids.values())
        tied = sorted(seat for seat, card in bids.items() if card == top)
        events = [Event("bids_revealed", "toy 1", {"bids": dict(sorted(bids.items()))})]
        winner = tied[0]
        if len(tied) > 1:
            rolls = {seat: roller.d(6, f"tie-break {seat}") for seat in tied}
            best = max(rolls.values())
            winner = min(seat for seat, value in rolls.items() if value == best)
            events.append(Event("tie_broken", "toy 1", {"rolls": rolls, "winner": winner}))
        state["board"]["score"][winner] += 1
        state["board"]["last_bids"] = dict(sorted(bids.items()))
        state["flow"].update(step="move", mover=winner)
        events.append(Event("bid_won", "toy 1", {"seat": winner, "card": top}))
        events.append(Event("hand_now", "toy 1", {"hand": state["secret"][winner]["hand"]},
                            audience=f"seat:{winner}"))
        return events

    def apply_action(self, state: dict[str, Any], seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
        return getattr(self, f"_do_{decision.kind}")(state, seat, action, roller)

    def _do_move(self, state: dict[str, Any], seat: str, action: Any,
                 roller: Roller) -> list[Event]:
        frm = state["board"]["tokens"][seat]
        state["board"]["tokens"][seat] = action["to"]
        events = [Event("moved", "toy 2", {"seat": seat, "from": frm, "to": action["to"]})]
        adjacent = sorted(other for other, where in state["board"]["tokens"].items()
                          if other != seat and _distance(where, action["to"]) == 1)
        if adjacent:
            state["flow"].update(step="react", target=adjacent[0])
        else:
            self._next_round(state)
        return events

    def _do_react(self, state: dict[str, Any], seat: str, action: Any,
                  roller: Roller) -> list[Event]:
        mover = state["flow"]["mover"]
        if action["choice"] == "brace":
            value = roller.d(6, "brace")
            scorer = seat if value >= 5 else None
        else:
            value, scorer = None, mover
        if scorer is not None:
            state["board"]["score"][scorer] += 1
        self._next_round(state)
        return [Event("reacted", "toy 3", {"seat": seat, "choice": action["choice"],
                                          "roll": value, "scorer": scorer})]

    def _next_round(self, state: dict[str, Any]) -> None:
        flow = state["flow"]
        flow.update(round=flow["round"] + 1, mover=None, target=None, step="bid")
        if flow["round"] > flow["rounds"] or not all(state["board"]["hand_sizes"].values()):
            flow["step"] = "over"

    # --- view and result ---------------------------------------------------------------------

    def view(self, state: dict[str, Any], audience: str) -> dict[str, Any]:
        entitled = self.audience_seats(state, audience)
        return {
            "flow": dict(state["flow"]),
            "board": {"tokens": dict(state["board"]["tokens"]),
                      "score": dict(state["board"]["score"]),
                      "hand_sizes": dict(state["board"]["hand_sizes"]),
                      "last_bids": state["board"]["last_bids"]},
            "hands": {seat: list(state["secret"][seat]["hand"]) for seat in sorted(entitled)},
        }

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["flow"]["step"] != "over":
            return None
        score = state["board"]["score"]
        best = max(score.values())
        winners = sorted(seat for seat, points in score.items() if points == best)
        return {"winners": winners, "reason": "rounds_played", "score": dict(sorted(score.items()))}

    def check_invariants(self, state: dict[str, Any]) -> None:
        tokens = list(state["board"]["tokens"].values())
        assert len(tokens) == len(set(tokens)), "two tokens share a hex"
        for seat, sizes in state["board"]["hand_sizes"].items():
            assert sizes == len(state["secret"][seat]["hand"]), f"hand size of {seat} is off"


RULESET = ToySkirmish()
