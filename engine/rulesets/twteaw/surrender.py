"""Surrender (TWTEAW "Surrender" and Phase 1.3): offers, the income-weighted vote, the terms,
the war tribute, and a surrendered nation's return to the war (rulings 86–95).

The turn sequence in written orders:

- turn T: a main-war nation writes `"surrender": true`; at the end of turn T (Phase 9) the
  offer reaches the nations of the other side at war with it, and no one else: it is put in
  their hidden state (`secret.<voter>.offers_received`), which only their alliance reads.
- turn T+1: each of them may write `"surrender_votes": {"<offerer>": "accept"|"decline"}`;
  a missing ballot is an acceptance (the rulebook's default). Phase 1.3 counts the ballots,
  each nation weighing as many votes as its last collected income (ruling 87).
- accepted: the terms below apply at once; declined: the war goes on (the offer may be made
  again on a later turn, ruling 89).

State: `board.surrendered` (public, as the wars are: nation -> {turn, side, victors,
reentered}), per nation `secret.offer_made` (the turn of its open offer, or None),
`secret.offers_received` (open offers to vote on) and `secret.tribute` (its ledger lines).
"""

from __future__ import annotations

import math
from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction

from . import trenches
from .nations import MAIN_WAR, NATIONS, pair
from .war import allied, at_war, has_surrendered, join_side, side
from .world import world

State = dict[str, Any]
RULE = "TWTEAW 1.3"
BALLOTS = ("accept", "decline")
TRIBUTE_TURNS = 12           # "two full years (12 turns)"
TRIBUTE_SHARE = 4            # a quarter of the income, rounded up
PEACE_TURNS = 3              # full turns of peace before the surrendered may declare again


# --- order keys ------------------------------------------------------------------------------

def normalise_votes(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > len(NATIONS):
        raise MalformedAction('surrender_votes is {"<offering nation>": "accept"|"decline"}')
    out = {}
    for nation, ballot in sorted(value.items()):
        if not isinstance(nation, str) or ballot not in BALLOTS:
            raise MalformedAction('surrender_votes is {"<offering nation>": "accept"|"decline"}')
        out[nation] = ballot
    return out


def normalise_offer(value: Any) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise MalformedAction("surrender is true (offer to surrender) or false")
    return value


def opponents(state: State, nation: str) -> list[str]:
    """Who an offer from `nation` goes to: the nations of the other main-war side it is at
    war with (1.3: to the side, when in the main war)."""
    mine = side(state, nation)
    return sorted(n for n in state["board"]["sides"]
                  if side(state, n) in MAIN_WAR and side(state, n) != mine and at_war(state, nation, n))


def check(state: State, nation: str, offer: bool, votes: dict[str, str]) -> None:
    """Refuse an offer or a ballot the rules do not allow."""
    if offer:
        if side(state, nation) not in MAIN_WAR or not opponents(state, nation):
            raise IllegalAction(RULE, "not_at_war", {}, "Only a nation at war may offer to surrender.")
        if nation in state["board"]["surrendered"]:
            raise IllegalAction(RULE, "surrendered_once", {},
                                "A nation surrenders only once a game; having returned to the war, "
                                "you may not offer again (you may still accept others' offers).")
        if state["secret"][nation]["offer_made"] is not None:
            raise IllegalAction(RULE, "offer_open", {}, "Your offer is being voted on this turn.")
    received = state["secret"][nation]["offers_received"]
    for offerer in votes:
        if offerer not in received:
            raise IllegalAction(RULE, "no_such_offer", {"nation": offerer},
                                f"No offer of surrender from {offerer!r} waits for your vote.")


def check_declaration(state: State, nation: str, target: str) -> bool:
    """1.1 for a surrendered nation: True when `nation` may declare war on `target` because of
    a surrender (its return to the war); IllegalAction when a surrender forbids it; False when
    surrender has nothing to say."""
    board = state["board"]
    record = board["surrendered"].get(target)
    if record and not record["reentered"]:
        if nation in record["victors"]:
            raise IllegalAction(RULE, "victor_may_not_declare", {"nation": target},
                                f"{NATIONS[target].title} surrendered to you: you may never declare war on it.")
        raise IllegalAction(RULE, "out_of_the_war", {"nation": target},       # ruling 94
                            f"{NATIONS[target].title} has surrendered and is out of the war.")
    record = board["surrendered"].get(nation)
    if record is None or record["reentered"]:
        return False
    if target not in record["victors"]:
        raise IllegalAction(RULE, "only_on_victors", {"nation": target},
                            "Having surrendered, you return to the war only by declaring on a victor.")
    if board["turn"] <= record["turn"] + PEACE_TURNS:
        raise IllegalAction(RULE, "peace_turns", {"turn": record["turn"] + PEACE_TURNS + 1},
                            f"You may declare war on the victors from turn {record['turn'] + PEACE_TURNS + 1}.")
    return True


def reenter(state: State, nation: str) -> Event:
    """The surrendered nation declares on a victor: it rejoins its old side, at war with every
    nation of the other (ruling 93), and its tribute ends."""
    record = state["board"]["surrendered"][nation]
    record["reentered"] = state["board"]["turn"]
    join_side(state, nation, record["side"])
    return Event("war_resumed", RULE, {"nation": nation, "side": record["side"]})


def warnings(state: State, nation: str, offer: bool, votes: dict[str, str]) -> list[dict[str, Any]]:
    """What a player should know before the deadline: an offer's consequences, and each open
    offer left without a ballot (which accepts it)."""
    out = []
    if offer:
        to = ", ".join(NATIONS[n].title for n in opponents(state, nation))
        out.append({"code": "surrender_offer", "to": opponents(state, nation),
                    "message": f"Your offer of surrender reaches {to} at the end of this turn; they "
                               "vote in their next orders. If accepted: peace with them, their lands "
                               "you hold go back, a quarter of your income for twelve turns, and no "
                               "declaring war on them for three turns."})
    for offerer in state["secret"][nation]["offers_received"]:
        if offerer not in votes:
            out.append({"code": "surrender_unanswered", "nation": offerer,
                        "message": f"{NATIONS[offerer].title} offers to surrender: with no ballot "
                                   "written, you accept."})
    return out


# --- the end of the turn: offers reach the voters ---------------------------------------------

def announce(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    """Phase 9: each offer written this turn reaches the nations it is made to (their hidden
    state and an event their alliance reads) and the offerer (its own)."""
    events = []
    for nation in sorted(orders):
        if not orders[nation].get("surrender") or side(state, nation) not in MAIN_WAR:
            continue
        voters = opponents(state, nation)
        if not voters or nation in state["board"]["surrendered"]:
            continue
        state["secret"][nation]["offer_made"] = state["board"]["turn"]
        for voter in voters:
            state["secret"][voter]["offers_received"] = sorted({*state["secret"][voter]["offers_received"], nation})
        data = {"nation": nation, "to": voters}
        events.append(Event("surrender_offered", RULE, data, audience=f"seat:{nation}"))
        events.append(Event("surrender_offered", RULE, data, audience=f"seat:{voters[0]}"))
    return events


# --- Phase 1.3: the vote and the terms ---------------------------------------------------------

def weights(state: State, voters: list[str]) -> dict[str, int]:
    """A nation's votes: its income at the last collection (ruling 87); when none of the voters
    has any income, one each (ruling 88)."""
    income = {v: int(state["secret"][v]["income"]) for v in voters}
    if not any(income.values()):
        return {v: 1 for v in voters}
    return income


def tally(state: State, orders: dict[str, dict[str, Any]]) -> list[Event]:
    """Phase 1.3: count every open offer's ballots; apply the terms of those accepted."""
    events = []
    for offerer in sorted(NATIONS):
        if state["secret"][offerer]["offer_made"] is None:
            continue
        state["secret"][offerer]["offer_made"] = None
        voters = opponents(state, offerer)
        for n in NATIONS:
            if offerer in state["secret"][n]["offers_received"]:
                state["secret"][n]["offers_received"].remove(offerer)
        if not voters:            # the war it offered to end is over already
            events.append(Event("surrender_lapsed", RULE, {"nation": offerer}))
            continue
        weight = weights(state, voters)
        ballots = {v: orders.get(v, {}).get("surrender_votes", {}).get(offerer, "accept") for v in voters}
        accept = sum(weight[v] for v in voters if ballots[v] == "accept")
        decline = sum(weight[v] for v in voters if ballots[v] == "decline")
        accepted = accept > decline          # a tie is no majority (ruling 88)
        detail = {"nation": offerer, "ballots": ballots, "weights": weight,
                  "accept": accept, "decline": decline, "accepted": accepted}
        # the weights are the voters' incomes, their alliance's secret: the offerer learns the
        # ballots (who declined), everyone the outcome (ruling 86)
        events.append(Event("surrender_vote", RULE, detail, audience=f"seat:{voters[0]}"))
        events.append(Event("surrender_ballots", RULE, {"nation": offerer, "ballots": ballots,
                                                        "accepted": accepted}, audience=f"seat:{offerer}"))
        events.append(Event("surrender_accepted" if accepted else "surrender_declined", RULE,
                            {"nation": offerer, "to": voters}))
        if accepted:
            events += terms(state, offerer, voters)
    return events


def terms(state: State, nation: str, victors: list[str]) -> list[Event]:
    """The terms of surrender: peace with every victor; the victors' original territories it
    holds go back to them; every unit left on another's ground goes home (ruling 90)."""
    board = state["board"]
    old_side = side(state, nation)
    board["war"] = sorted(set(board["war"]) - {pair(nation, v) for v in victors})
    board["sides"][nation] = "neutral"
    board["surrendered"][nation] = {"turn": board["turn"], "side": old_side,
                                    "victors": victors, "reentered": None}
    returned = []
    for area in world().land():
        owner = world().areas[area].owner
        if board["control"][area] == nation and owner in victors:
            board["control"][area] = owner
            board["incorporated"].pop(area, None)
            trenches.destroy(state, area)      # as when a territory changes hands in battle
            returned.append(area)
    moved = go_home(state)
    return [Event("surrender_terms", RULE, {"nation": nation, "victors": victors,
                                            "returned": returned, "moved": moved})]


def nearest_friendly(state: State, nation: str, start: str) -> str | None:
    """The land territory held by `nation` or an ally fewest crossings from `start` (ties by
    name), or None when there is none."""
    w = world()
    seen, frontier = {start}, [start]
    while frontier:
        found = sorted(a for a in frontier if allied(state, nation, board_holder(state, a)))
        if found:
            return found[0]
        step = sorted({b for a in frontier for b in w.neighbours(a) if w.areas[b].kind == "land"} - seen)
        seen.update(step)
        frontier = step
    return None


def board_holder(state: State, area: str) -> str:
    return str(state["board"]["control"][area])


def go_home(state: State) -> list[dict[str, Any]]:
    """Every land stack standing where its nation has no friend moves to the nearest friendly
    territory; one with nowhere to go is disbanded (`to` None)."""
    moved = []
    for nation in sorted(state["secret"]):
        units = state["secret"][nation]["units"]
        for area in sorted(units):
            if allied(state, nation, board_holder(state, area)):
                continue
            stack = units.pop(area)
            to = nearest_friendly(state, nation, area)
            if to is not None:
                here = units.setdefault(to, {})
                for unit, n in stack.items():
                    here[unit] = here.get(unit, 0) + n
            moved.append({"nation": nation, "from": area, "to": to, "units": stack})
    return moved


# --- Phase 8: the war tribute ----------------------------------------------------------------

def paying(state: State, nation: str) -> bool:
    record = state["board"]["surrendered"].get(nation)
    return bool(record) and not record["reentered"] and \
        state["board"]["turn"] < record["turn"] + TRIBUTE_TURNS


def tribute(state: State) -> list[Event]:
    """After the income: each surrendered nation still paying gives a quarter of what it
    collected (rounded up) to its victors, in equal shares, the remainder one each in name
    order (ruling 91). The ledger lines are the parties' hidden state."""
    events = []
    for nation in sorted(state["board"]["surrendered"]):
        if not paying(state, nation):
            continue
        victors = state["board"]["surrendered"][nation]["victors"]
        payer = state["secret"][nation]
        due = min(payer["bank"], math.ceil(payer["income"] / TRIBUTE_SHARE))
        base, extra = divmod(due, len(victors))
        shares = {v: base + (1 if i < extra else 0) for i, v in enumerate(victors)}
        payer["bank"] -= due
        turn = state["board"]["turn"]
        payer["tribute"].append({"turn": turn, "paid": due, "to": shares})
        for v, share in shares.items():
            state["secret"][v]["bank"] += share
            state["secret"][v]["tribute"].append({"turn": turn, "from": nation, "received": share})
        data = {"nation": nation, "paid": due, "to": shares}
        events.append(Event("tribute", "TWTEAW surrender", data, audience=f"seat:{nation}"))
        events.append(Event("tribute", "TWTEAW surrender", data, audience=f"seat:{victors[0]}"))
    return events


# --- victory ---------------------------------------------------------------------------------

def side_defeated(state: State, loser: str) -> str | None:
    """Rule 11: "conquest" or "surrender" when every nation of `loser`'s side has been
    conquered or has surrendered (at least one did either); None otherwise."""
    board = state["board"]
    members = [n for n, s in board["sides"].items() if s == loser]
    gave_up = [n for n, r in board["surrendered"].items() if r["side"] == loser and has_surrendered(state, n)]
    if not members and not gave_up:
        return None
    if any(n not in board["conquered"] for n in members):
        return None
    return "surrender" if gave_up else "conquest"

