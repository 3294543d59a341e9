"""Toy Skirmish: the kernel's test ruleset. Never shipped, never listed as a product.

Small, but with everything the kernel must handle: hidden hands (state["secret"]),
simultaneous sealed bids (a decision group; with the `written_orders` option, bids a seat may
revise until everyone is ready), a schema decision with an options expander and
undo (the winner's move), a reaction window with a timeout default, dice in set-up, in
tie-breaks and in the reaction.

Each round every seat bids a card from its hand at once; the highest bid scores and moves its
token up to two hexes; a token that ends next to another lets that seat react ("brace": a d6,
5–6 scores for it; "ignore": the mover scores).

It is also the complete small example of the ruleset shape (docs/rulesets.md), in its order:
the manifest; the rules, as functions of the position; the steps — who decides what, the verb
that answers it, what follows — each beside its rule; the step table, which is the sequence of
play at a glance; and the class, which adds set-up, views, the result and validation.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller
from engine.kernel.flow import Answers, Flow, FlowRuleset, State, Step

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
# Private bids (`private_answer`): a seat's bid reaches only its own audiences, even after the
# bids resolve; everyone learns the winner and the winning card, nothing of the losing bids.
# The kernel's test of private written orders (fog of war) plays with it.
PRIVATE_OPTION = {"id": "private_orders", "type": "boolean", "default": False,
                  "title": "Private bids: only the winning card is told"}

MANIFEST = {
    "title": "Toy Skirmish (kernel test ruleset)",
    "scenarios": [
        {"id": "duel", "title": "Duel", "map": None,
         "seats": _seats({"red": "north", "blue": "south"}, {"red": "Red", "blue": "Blue"}),
         "sides": [{"id": "north", "title": "North"}, {"id": "south", "title": "South"}],
         "options": [ROUNDS_OPTION, ORDERS_OPTION, PRIVATE_OPTION], "max_actions": 40, "hidden_information": True,
         "simultaneous": True},
        {"id": "melee", "title": "Melee", "map": None,
         "seats": _seats({"red": "alpha", "blue": "alpha", "green": "beta"},
                         {"red": "Red", "blue": "Blue", "green": "Green"}),
         "sides": [{"id": "alpha", "title": "Alpha"}, {"id": "beta", "title": "Beta"}],
         "options": [ROUNDS_OPTION, ORDERS_OPTION, PRIVATE_OPTION], "max_actions": 60, "hidden_information": True,
         "simultaneous": True},
    ],
}


# --- rules ---------------------------------------------------------------------------------------

def destinations(state: State, seat: str) -> list[dict[str, Any]]:
    """toy 2 — a token moves to a free hex on the board within two hexes."""
    here = state["board"]["tokens"][seat]
    occupied = set(state["board"]["tokens"].values())
    return [{"action": {"to": hex_id}, "cost": _distance(here, hex_id)}
            for hex_id in BOARD
            if hex_id not in occupied and 0 < _distance(here, hex_id) <= MOVE_RANGE]


def next_round(state: State) -> str:
    """The round counter is the sequence's cursor: a new round bids, unless the game is over
    (all rounds played, or a hand is empty)."""
    flow = state["flow"]
    flow.update(round=flow["round"] + 1, mover=None, target=None)
    if flow["round"] > flow["rounds"] or not all(state["board"]["hand_sizes"].values()):
        return "over"
    return "bid"


# --- step: bid (toy 1) ----------------------------------------------------------------------------

def bid_decisions(state: State) -> list[Decision]:
    """Every seat bids at once (a sealed group) until the bids are resolved."""
    flow = state["flow"]
    if flow["mover"] is not None:
        return []
    round_ = flow["round"]
    return [Decision(
        id=f"r{round_}-bid-{seat}", seats=(seat,), kind="bid", rule="toy 1",
        prompt="Bid a card from your hand", waiting=f"{seat} is choosing a bid",
        options=tuple({"card": card} for card in sorted(set(state["secret"][seat]["hand"]))),
        group=f"r{round_}-bids", revisable=flow.get("written", False),
        private_answer=flow.get("private", False))
        for seat in sorted(state["secret"])]


def resolve_bids(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    """toy 1 — all bids revealed at once; the highest scores, ties go to a d6 roll-off."""
    bids = {seat: action["card"] for _, seat, action in answers}
    for seat, card in bids.items():
        state["secret"][seat]["hand"].remove(card)
        state["board"]["hand_sizes"][seat] -= 1
    top = max(bids.values())
    tied = sorted(seat for seat, card in bids.items() if card == top)
    private = state["flow"].get("private", False)
    events = [] if private else [Event("bids_revealed", "toy 1",
                                       {"bids": dict(sorted(bids.items()))})]
    winner = tied[0]
    if len(tied) > 1:
        rolls = {seat: roller.d(6, f"tie-break {seat}") for seat in tied}
        best = max(rolls.values())
        winner = min(seat for seat, value in rolls.items() if value == best)
        events.append(Event("tie_broken", "toy 1", {"rolls": rolls, "winner": winner}))
    state["board"]["score"][winner] += 1
    if not private:
        state["board"]["last_bids"] = dict(sorted(bids.items()))
    state["flow"]["mover"] = winner
    events.append(Event("bid_won", "toy 1", {"seat": winner, "card": top}))
    events.append(Event("hand_now", "toy 1", {"hand": state["secret"][winner]["hand"]},
                        audience=f"seat:{winner}"))
    return events


# --- step: move (toy 2) ---------------------------------------------------------------------------

def move_decision(state: State) -> list[Decision]:
    round_, mover = state["flow"]["round"], state["flow"]["mover"]
    return [Decision(
        id=f"r{round_}-move", seats=(mover,), kind="move", rule="toy 2",
        prompt="Move your token up to two hexes", waiting=f"{mover} is moving",
        schema={"type": "object", "required": ["to"], "properties": {"to": {"type": "string"}}},
        undoable=True)]


def do_move(state: State, seat: str, decision: Decision, action: Any,
            roller: Roller) -> list[Event]:
    frm = state["board"]["tokens"][seat]
    state["board"]["tokens"][seat] = action["to"]
    adjacent = sorted(other for other, where in state["board"]["tokens"].items()
                      if other != seat and _distance(where, action["to"]) == 1)
    if adjacent:
        state["flow"]["target"] = adjacent[0]
    return [Event("moved", "toy 2", {"seat": seat, "from": frm, "to": action["to"]})]


def after_move(state: State) -> str:
    """An enemy token next to the mover may react; otherwise the next round."""
    return "react" if state["flow"]["target"] is not None else next_round(state)


# --- step: react (toy 3) --------------------------------------------------------------------------

def react_decision(state: State) -> list[Decision]:
    round_, target = state["flow"]["round"], state["flow"]["target"]
    return [Decision(
        id=f"r{round_}-react", seats=(target,), kind="react", rule="toy 3",
        prompt="An enemy token is adjacent: brace or ignore?", waiting=f"{target} may react",
        options=({"choice": "brace"}, {"choice": "ignore"}), reaction=True)]


def do_react(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
    """toy 3 — brace: a d6, 5–6 scores for the reacting seat; ignore: the mover scores."""
    mover = state["flow"]["mover"]
    if action["choice"] == "brace":
        value = roller.d(6, "brace")
        scorer = seat if value >= 5 else None
    else:
        value, scorer = None, mover
    if scorer is not None:
        state["board"]["score"][scorer] += 1
    return [Event("reacted", "toy 3", {"seat": seat, "choice": action["choice"],
                                      "roll": value, "scorer": scorer})]


# --- the sequence of play -------------------------------------------------------------------------

def _position(state: State) -> str:
    return str(state["flow"]["step"])


def _move_to(state: State, step: str) -> None:
    state["flow"]["step"] = step


FLOW = Flow([
    Step("bid", "toy 1", decisions=bid_decisions, resolve=resolve_bids, next="move"),
    Step("move", "toy 2", decisions=move_decision, verbs={"move": do_move}, once=True,
         next=after_move),
    Step("react", "toy 3", decisions=react_decision, verbs={"react": do_react}, once=True,
         next=next_round),
    Step("over", "toy", next=None),
], position=_position, move_to=_move_to)


# --- the ruleset ----------------------------------------------------------------------------------

class ToySkirmish(FlowRuleset):
    id = "toy_skirmish"
    version = "1"
    manifest = MANIFEST
    product = False
    flow = FLOW

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> State:
        secret = {seat: {"hand": sorted(roller.roll(9, f"deal {seat}", HAND_SIZE))}
                  for seat in seats}
        flow = {"step": "bid", "round": 1, "rounds": options["rounds"], "mover": None,
                "target": None}
        if options.get("written_orders"):
            flow["written"] = True      # only then: the default game's state is unchanged
        if options.get("private_orders"):
            flow["private"] = True
        return {
            "flow": flow,
            "board": {"tokens": {seat: STARTS[seat] for seat in seats},
                      "score": {seat: 0 for seat in seats},
                      "hand_sizes": {seat: HAND_SIZE for seat in seats},
                      "last_bids": None},
            "secret": secret,
        }

    def options(self, state: State, seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        return destinations(state, seat)

    def validate(self, state: State, seat: str, decision: Decision, action: Any) -> Any:
        """toy 2 — a move goes to a free hex on the board within two hexes."""
        if not isinstance(action, dict) or set(action) != {"to"} or not isinstance(
                action["to"], str):
            raise MalformedAction('a move is {"to": "<q>,<r>"}')
        target = action["to"]
        if target not in BOARD:
            raise IllegalAction("toy 2", "off_board", {"to": target},
                                f"{target} is not on the board.")
        legal = {item["action"]["to"] for item in destinations(state, seat)}
        if target not in legal:
            raise IllegalAction("toy 2", "out_of_range", {"to": target},
                                f"{target} is occupied or more than {MOVE_RANGE} hexes away.")
        return {"to": target}

    def timeout_default(self, state: State, decision: Decision, seat: str) -> Any:
        if decision.kind == "react":
            return {"choice": "ignore"}
        return super().timeout_default(state, decision, seat)

    def view(self, state: State, audience: str) -> dict[str, Any]:
        entitled = self.audience_seats(state, audience)
        return {
            "flow": dict(state["flow"]),
            "board": {"tokens": dict(state["board"]["tokens"]),
                      "score": dict(state["board"]["score"]),
                      "hand_sizes": dict(state["board"]["hand_sizes"]),
                      "last_bids": state["board"]["last_bids"]},
            "hands": {seat: list(state["secret"][seat]["hand"]) for seat in sorted(entitled)},
        }

    def result(self, state: State) -> dict[str, Any] | None:
        if state["flow"]["step"] != "over":
            return None
        score = state["board"]["score"]
        best = max(score.values())
        winners = sorted(seat for seat, points in score.items() if points == best)
        return {"winners": winners, "reason": "rounds_played", "score": dict(sorted(score.items()))}

    def check_invariants(self, state: State) -> None:
        tokens = list(state["board"]["tokens"].values())
        assert len(tokens) == len(set(tokens)), "two tokens share a hex"
        for seat, sizes in state["board"]["hand_sizes"].items():
            assert sizes == len(state["secret"][seat]["hand"]), f"hand size of {seat} is off"


RULESET = ToySkirmish()
