"""DoD 8.7.1 IPO 4 (the civil-war result), IPO 7 / IPO 8 (Loyalist and Rebel Support), 9.5
(minor civil wars) and 10.4 (their production), without the map.

`board["civil_wars"]` holds each minor in civil war: the turn it began, and for each side
("government", "rebels") its director, the IPO 7 / IPO 8 plays counted for control, its army
and naval points, its offensives into the minor, the resources and factories it holds (10.4)
and the army points each power transferred to it. Everything in it is public: the split is
rolled in the open, MP 0(b) points are revealed by the set-up as in a war (RULING 46) and the
support bought is paid in public money.

- Start (RULING 96): a coup's civil-war result, with the couper directing the rebels and the
  power that would have counter-couped the government. The forces set up as for a war
  (minor_army.set_up_totals) are split by the civil-war table (RULING 97).
- Each military step (RULING 99) each side attacks with its whole army: one land combat of 9.3
  (combat.outcome). The two sides' offensives always add up to the conquest level (9.5): they
  start at half each (an odd one to the side whose director has the better initiative), and
  the winner of a battle takes its gain from the loser.
- It ends (9.5, IPO 4) when one side holds the conquest level or the other has no army left
  (both gone: the side the army roll favoured). The winner's points become the minor's forces;
  the loser's points transferred by powers go back to them (RULING 102). If the rebels win,
  the marker is mirrored through the centre and walked back one hex a turn of war, every
  minor-effect marker in it is reversed, and so are its future effects (markers.add_markers).
- Production (10.4, RULING 103): each side buys army points worth twice its resources and
  factories, at once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, IllegalAction, MalformedAction, Roller

from . import minor_army
from .combat import outcome, rounded
from .display import CENTRE, distance, neighbours, parse, zone
from .minors import MINORS

State = dict[str, Any]
RULE = "DoD 8.7.1 IPO 4"
COMBAT_RULE = "DoD 9.5"
PRODUCTION_RULE = "DoD 10.4"
SUPPORT_RULE = {"IPO7": "DoD 8.7.1 IPO 7", "IPO8": "DoD 8.7.1 IPO 8"}
SIDES = ("government", "rebels")
SIDE_OF = {"IPO7": "government", "IPO8": "rebels"}
OTHER = {"government": "rebels", "rebels": "government"}
TRANSFER_MAX = 6            # IPO 7/8: up to 6 army points of your own
SUPPORT_PRICE = 1           # DoD 10.2: one money an army or naval point


def rebel_share(roll: int) -> Fraction:
    """RULING 97 — the civil-war table (on the absent Status Display): the rebels' share of a
    d10. Printed: 1 gives 70%, 5 and 6 split evenly, 8 gives 40%, 10 gives 30% (IPO 4's
    examples); the rest authored in the same steps of ten."""
    return Fraction({1: 70, 2: 70, 3: 60, 4: 60, 5: 50, 6: 50, 7: 40, 8: 40,
                     9: 30, 10: 30}[roll], 100)


# RULING 103 — a minor's resources and factories are on the absent map: AUTHORED as its
# conquest level (the size of its home territory in this package's abstract war; RULING 134:
# what is left of it after GE 8 / GE 10 handed a territory to Germany).
def holdings(board: dict[str, Any], minor: str) -> int:
    return minor_army.conquest_level(board, minor)


def in_civil_war(board: dict[str, Any], minor: str) -> bool:
    return minor in board.get("civil_wars", {})


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def _better_side(board: dict[str, Any], directors: dict[str, str]) -> str:
    """The side whose director has the better (lower) initiative position."""
    return min(SIDES, key=lambda s: position(board, directors[s]))


def _split(total: int, share: Fraction, favoured: bool) -> int:
    """IPO 4 — the rebels' points, rounded to the nearest; an exact half goes to the side
    whose director has the better initiative (the Turkey example's single naval point)."""
    exact = total * share
    if exact.denominator == 2:
        return int(exact + Fraction(1, 2)) if favoured else int(exact - Fraction(1, 2))
    return rounded(exact)


# --- the start (IPO 4) --------------------------------------------------------------------------

def start(state: State, couper: str, government: str, minor: str,
          roller: Roller) -> list[Event]:
    """RULING 96 — the civil war breaks out: the forces set up (RULING 46) are split by one
    d10 for army and one for naval points; the offensives start at half the conquest level."""
    board = state["board"]
    directors = {"government": government, "rebels": couper}
    better = _better_side(board, directors)
    totals = minor_army.set_up_totals(state, minor)
    army_roll = roller.d(10, f"civil war in {minor}: army split")
    naval_roll = roller.d(10, f"civil war in {minor}: naval split")
    rebel_army = _split(totals["army"], rebel_share(army_roll), better == "rebels")
    rebel_naval = _split(totals["naval"], rebel_share(naval_roll), better == "rebels")
    level = minor_army.conquest_level(board, minor)
    half, spare = divmod(level, 2)
    held = holdings(board, minor)
    army = {"rebels": rebel_army, "government": totals["army"] - rebel_army}
    naval = {"rebels": rebel_naval, "government": totals["naval"] - rebel_naval}
    # IPO 4: with no forces the winner is the side the army roll favoured (5-6: better init)
    share = rebel_share(army_roll)
    favoured = "rebels" if share > Fraction(1, 2) else \
        "government" if share < Fraction(1, 2) else better
    sides = {side: {"director": directors[side], "plays": {directors[side]: 1},
                    "army": army[side], "naval": naval[side],
                    "offensives": half + (spare if side == better else 0),
                    # 10.4: an odd resource or factory stays with the government
                    "holdings": held // 2 if side == "rebels" else held - held // 2,
                    "lent": {}}
             for side in SIDES}
    board["civil_wars"][minor] = {"since": int(board["turn"]), "favoured": favoured,
                                  "sides": sides}
    events = [Event("civil_war_begins", RULE, {
        "minor": minor, "rebels": couper, "government": government,
        "rolls": {"army": army_roll, "naval": naval_roll}, "army": army, "naval": naval,
        "yearly_additions": totals["yearly_additions"], "from_0b": totals["from_0b"],
        "offensives": {s: sides[s]["offensives"] for s in SIDES}})]
    return events + _end_if_over(state, minor)      # 9.5: "even immediately after set up"


# --- the battle of each military step (9.5) ------------------------------------------------------

def battles(state: State, roller: Roller) -> list[Event]:
    """RULING 99 — at the start of military affairs each civil war fights one battle: each
    side commits its whole army, no surprise and no weather factor (both sides are the
    minor's own), the results table of 9.3; the winner's offensives (halved in bad weather)
    are taken from the loser's."""
    board = state["board"]
    events: list[Event] = []
    level_of = {m: minor_army.conquest_level(board, m) for m in board.get("civil_wars", {})}
    for minor in sorted(level_of):
        sides = board["civil_wars"][minor]["sides"]
        committed = {s: int(sides[s]["army"]) for s in SIDES}
        report: dict[str, Any] = {"minor": minor, "committed": committed, "winner": None,
                                  "offensives": 0}
        lost, gained = outcome(board, report, committed,
                               {s: Fraction(committed[s]) for s in SIDES})
        for side in SIDES:
            sides[side]["army"] -= lost[side]
        if report["winner"] is not None:
            winner = report["winner"]
            taken = min(gained, int(sides[OTHER[winner]]["offensives"]))
            sides[winner]["offensives"] += taken
            sides[OTHER[winner]]["offensives"] -= taken
        report.update(lost=lost, held={s: sides[s]["offensives"] for s in SIDES},
                      level=level_of[minor])
        events.append(Event("civil_war_battle", COMBAT_RULE, report))
        events += _end_if_over(state, minor)
    return events


def winner_of(board: dict[str, Any], minor: str) -> str | None:
    """9.5 — a side that holds the conquest level, or whose enemy has no army left; both
    armies gone: the side the army roll favoured (IPO 4, the minor with no forces)."""
    war = board["civil_wars"][minor]
    sides = war["sides"]
    for side in SIDES:
        if int(sides[side]["offensives"]) >= minor_army.conquest_level(board, minor):
            return side
    empty = [s for s in SIDES if int(sides[s]["army"]) <= 0]
    if len(empty) == 2:
        return str(war["favoured"])
    return OTHER[empty[0]] if empty else None


def _end_if_over(state: State, minor: str) -> list[Event]:
    winner = winner_of(state["board"], minor)
    return [] if winner is None else end(state, minor, winner)


def end(state: State, minor: str, winner: str) -> list[Event]:
    """IPO 4, IPO 7/8 — the civil war is over. RULING 102: the loser's surviving points go back
    to the powers that transferred them (up to what each lent, by power name); the winner
    keeps its transferred points (the option to take them back is not offered). The winner's
    points become the minor's forces. Rebels who win turn the minor round (RULING 100)."""
    board = state["board"]
    war = board["civil_wars"].pop(minor)
    sides, turn = war["sides"], int(board["turn"])
    loser = sides[OTHER[winner]]
    returned: dict[str, int] = {}
    for power in sorted(loser["lent"]):
        back = min(int(loser["lent"][power]), int(loser["army"]))
        if back:
            loser["army"] -= back
            board["powers"][power]["army"] += back
            returned[power] = back
    kept = sides[winner]
    board["minor_forces"][minor] = {"army": int(kept["army"]), "naval": int(kept["naval"]),
                                    "mobilised": False, "turn": turn}
    lasted = turn - int(war["since"]) + 1
    payload: dict[str, Any] = {"minor": minor, "winner": winner,
                               "director": kept["director"], "turns": lasted,
                               "army": int(kept["army"]), "naval": int(kept["naval"]),
                               "returned": returned}
    if winner == "rebels":
        payload.update(turn_round(board, minor, lasted))
    return [Event("civil_war_ends", RULE, payload)]


def turn_round(board: dict[str, Any], minor: str, lasted: int) -> dict[str, Any]:
    """IPO 4 — the rebels won: the marker goes as far from the centre on the other side (the
    hex mirrored through the centre), then one hex towards the centre a turn of war (RULING
    100: each step to the neighbour nearer the centre, the first by hex name on a tie); every
    minor-effect marker in it is reversed and its future effects are too (RULING 101)."""
    q, r = parse(board["display"][minor])
    here = f"{-q},{-r}"
    for _ in range(lasted):
        if here == CENTRE:
            break
        here = min((h for h in neighbours(here) if distance(h, CENTRE) < distance(here, CENTRE)))
    board["display"][minor] = here
    held = board["modifiers"].get(minor)
    if held:
        board["modifiers"][minor] = {p: -v for p, v in held.items()}
    rebels = board["rebel_governments"]
    if minor in rebels:         # rebels against a rebel government turn it back (RULING 101)
        rebels.remove(minor)
    else:
        rebels.append(minor)
        rebels.sort()
    return {"display": here, "markers": dict(board["modifiers"].get(minor, {}))}


# --- production (10.4) ---------------------------------------------------------------------------

def production(board: dict[str, Any]) -> list[Event]:
    """10.4 — RULING 103: each side receives twice its resources and factories in build points,
    which may not be saved: all are spent at once on army points (the only points that fight
    a civil war here), at 1 each (10.2)."""
    events = []
    for minor in sorted(board.get("civil_wars", {})):
        sides = board["civil_wars"][minor]["sides"]
        built = {}
        for side in SIDES:
            points = 2 * int(sides[side]["holdings"]) // SUPPORT_PRICE
            sides[side]["army"] += points
            built[side] = points
        events.append(Event("civil_war_production", PRODUCTION_RULE,
                            {"minor": minor, "army": built}))
    return events


# --- IPO 7 / IPO 8: Loyalist and Rebel Support ---------------------------------------------------

def limit(board: dict[str, Any], power: str, minor: str, option: str) -> int:
    """IPO 7/8 — the most a power may spend: the reverse of its initiative position (1st 8,
    8th 1), +2 for IPO 7 on a minor in the power's faction, +1 for IPO 8 on a minor in
    another faction (RULING 98: a faction is an (ideology, ring) zone of the display)."""
    same = zone(board["display"][minor]) == zone(board["display"][power])
    bonus = 2 if option == "IPO7" and same else 1 if option == "IPO8" and not same else 0
    return 9 - position(board, power) + bonus


def _within_credit(board: dict[str, Any], power: str, cost: int) -> bool:
    entry = board["powers"][power]
    return int(entry["money"]) - cost >= -int(entry["credit_limit"])


def support_actions(option: str) -> Any:
    """The IPO 7 (or IPO 8) plays offered: every spend from 1 to the limit in army points,
    one naval point, and one army point with the most army points the power may transfer."""
    def actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
        out = []
        own = min(TRANSFER_MAX, int(board["powers"][power]["army"]))
        for minor in sorted(board.get("civil_wars", {})):
            head = {"option": option, "minor": minor}
            top = limit(board, power, minor, option)
            for spend in range(1, top + 1):
                if _within_credit(board, power, spend * SUPPORT_PRICE):
                    out.append({**head, "army": spend, "naval": 0, "transfer": 0})
            if _within_credit(board, power, SUPPORT_PRICE):
                out.append({**head, "army": 0, "naval": 1, "transfer": 0})
                if own:
                    out.append({**head, "army": 1, "naval": 0, "transfer": own})
        return out
    return actions


def _check(board: dict[str, Any], power: str,
           action: dict[str, Any]) -> tuple[str, str, dict[str, int]]:
    """IPO 7/8's action, or MalformedAction / IllegalAction with nothing changed."""
    option, minor = action.get("option"), action.get("minor")
    if option not in SIDE_OF or not isinstance(minor, str) or minor not in MINORS or set(
            action) != {"option", "minor", "army", "naval", "transfer"} or not all(
            type(action[k]) is int and action[k] >= 0 for k in ("army", "naval", "transfer")):
        raise MalformedAction('IPO 7/8 is {"option", "minor", "army", "naval", "transfer"}, '
                              "the last three whole numbers, 0 or more")
    amounts = {k: int(action[k]) for k in ("army", "naval", "transfer")}
    rule = SUPPORT_RULE[str(option)]
    if not in_civil_war(board, minor):
        raise IllegalAction(rule, "no_civil_war", {"minor": minor},
                            f"{MINORS[minor].title} is not in civil war.")
    spend = SUPPORT_PRICE * (amounts["army"] + amounts["naval"])
    top = limit(board, power, minor, option)
    if not 1 <= spend <= top:
        raise IllegalAction(rule, "support_limit", {"spend": spend, "limit": top},
                            f"Spend from 1 to {top} on army and naval points for that side.")
    if not _within_credit(board, power, spend):
        raise IllegalAction(rule, "over_credit_limit", {"cost": spend},
                            "That would take you past your credit limit.")
    if amounts["transfer"] > min(TRANSFER_MAX, int(board["powers"][power]["army"])):
        raise IllegalAction(rule, "transfer_limit", {"transfer": amounts["transfer"]},
                            f"Transfer at most {TRANSFER_MAX} of your own army points.")
    return rule, minor, amounts


def play_support(state: State, power: str, action: dict[str, Any],
                 roller: Roller) -> list[Event]:
    """IPO 7/8 — RULING 98: the points are bought when the option is played (1 money each,
    10.2) and join the side at once, with the army points transferred. The play counts for
    control: the side passes to the power that has now played it more often than its
    director; a tie stays with the director, who held it last turn (each IPO is played once
    a turn, so no two plays of one side fall in the same turn)."""
    board = state["board"]
    rule, minor, amounts = _check(board, power, action)
    side = board["civil_wars"][minor]["sides"][SIDE_OF[action["option"]]]
    spend = SUPPORT_PRICE * (amounts["army"] + amounts["naval"])
    board["powers"][power]["money"] -= spend
    board["powers"][power]["army"] -= amounts["transfer"]
    side["army"] += amounts["army"] + amounts["transfer"]
    side["naval"] += amounts["naval"]
    if amounts["transfer"]:
        side["lent"][power] = int(side["lent"].get(power, 0)) + amounts["transfer"]
    side["plays"][power] = int(side["plays"].get(power, 0)) + 1
    before = side["director"]
    if side["plays"][power] > int(side["plays"].get(before, 0)):
        side["director"] = power
    return [Event("civil_war_support", rule, {
        "power": power, "minor": minor, "side": SIDE_OF[action["option"]], "cost": spend,
        **amounts, "director": side["director"], "was": before})]


def describe(action: dict[str, Any]) -> str:
    side = "the government" if action["option"] == "IPO7" else "the rebels"
    bought = f"{action['army']} army, {action['naval']} naval points"
    sent = f", transfer {action['transfer']} army points" if action["transfer"] else ""
    return f"{bought} for {side} in {MINORS[action['minor']].title}{sent}"

