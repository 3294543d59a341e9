"""DoD 8.2 — the options offered and played. The catalogue (catalogue.py) is the data; HANDLERS
maps each implemented row to its legal actions and its effect: IPO 1 (new_world_order.py),
IPO 3, IPO 12 and MP 0(e) (alliances.py), IPO 9 (spies.py), IPO 16 (league.py), IPO 10 and MP 0(c) (elections.py), IPO 17 and IPO 18 (finance.py), IPO 19 and IPO 20 (war_economy.py), IPO 13 (war_aims.py), MP 3, MP 0(f) and
IPO 11 (treaties.py), MP 4 (war.py), MP 5 (peace.py), the national options GE 6, GE 7, IT 7,
IT 8, GE 11, FR 6, RU 6, JA 6, JA 7, JA 8, CH 6 and US 6 (national.py), GE 8, GE 9, GE 10, FR 8,
CW 6 and CW 7 (cession.py) and GE 13 and GE 14 (land_claims.py), and here MP 0(a) PE rolls, 0(b) a secret army point purchase for a
minor, 0(g) bid points. All MP 0 sub-options share one slot a turn; an IPO is played once a
turn by anyone; MP 3, MP 4 and MP 5 once a turn by each power. A conquered power plays nothing. The rest are absent, each with
its reason in the catalogue (docs/rules/days_of_decision.md)."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import (
    alignment,
    alliances,
    civil_war,
    coup,
    elections,
    finance,
    league,
    minor_war,
    national,
    naval_treaty,
    new_world_order,
    owed,
    peace,
    relations,
    spies,
    treaties,
    war,
    war_aims,
    war_economy,
)
from .catalogue import CATALOGUE
from .minors import MINORS
from .powers import POWERS, modified_pe
from .tables import (
    BID_POINTS_PER_PE,
    MAX_PE_DICE,
    MINOR_AP_COST,
    MINOR_AP_MAX,
    PE_DIE_COST,
    PE_SUCCESS_ROLL,
)

State = dict[str, Any]


def affordable(board: dict[str, Any], power: str, cost: int) -> bool:
    """DoD 8.4.2 — an option may not take a power below its credit limit."""
    entry = board["powers"][power]
    return int(entry["money"]) - cost >= -int(entry["credit_limit"])


def pe_die_cost(board: dict[str, Any], power: str) -> int:
    """DoD 8.7.2 MP 0(a) — 3 money a die; 2 after three turns of negative unmodified PE (the
    other reduction, five turns at war, waits for war: nobody can be at war in this slice)."""
    return PE_DIE_COST - (1 if board["powers"][power]["negative_pe_turns"] >= 3 else 0)


def _mp0_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    entry = board["powers"][power]
    per_die = pe_die_cost(board, power)
    choices: list[dict[str, Any]] = [{"option": "0a", "dice": n} for n in range(1, MAX_PE_DICE + 1)
                                     if affordable(board, power, per_die * n)]
    choices += [{"option": "0b", "minor": minor, "ap": ap} for minor in MINORS
                if not minor_war.minor_conquered(board, minor)
                and not alignment.aligned_to(board, minor)      # RULING 72: off the display
                and not civil_war.in_civil_war(board, minor)    # IPO 4: none in civil war
                for ap in range(1, MINOR_AP_MAX + 1) if affordable(board, power, MINOR_AP_COST * ap)]
    if affordable(board, power, CATALOGUE["0e"].cost):
        choices += alliances.coup_cell_actions(board, power)
    choices += treaties.accept_actions(board, power)
    choices += elections.hold_actions(board, power)
    # RULING: 0(g) must be the only option played this turn, so only a power that bid for
    # exactly one option may choose it (on turn 1 every power plays one).
    if board["bids"][power]["options"] == 1 and entry["played"] == 0:
        choices.append({"option": "0g"})
    return choices


# The implemented international options, in catalogue order: their legal actions.
IPO_ACTIONS = {
    "IPO1": new_world_order.actions,
    "IPO3": alliances.alliance_actions,
    "IPO4": coup.actions,
    "IPO5": alignment.actions,
    "IPO7": civil_war.support_actions("IPO7"),
    "IPO8": civil_war.support_actions("IPO8"),
    "IPO9": spies.actions,
    "IPO10": elections.actions,
    "IPO11": treaties.tear_up_actions,
    "IPO12": alliances.guarantee_actions,
    "IPO13": war_aims.actions,
    "IPO15": naval_treaty.actions,
    "IPO16": league.actions,
    "IPO17": finance.credit_card_actions,
    "IPO18": finance.trade_actions,
    "IPO19": war_economy.embargo_actions,
    "IPO20": war_economy.effort_actions,
}


# The implemented numbered major-power options: their legal actions (each once a turn, 8.2).
MP_ACTIONS = {
    "MP3": treaties.proposal_actions,
    "MP4": lambda board, power: war.declaration_actions(board, power)
    + minor_war.minor_declaration_actions(board, power),
    "MP5": peace.surrender_actions,
    # DoD 8.7.2 national options (national.py): each offered to its own power only
    **national.ACTIONS,
}
# DoD 8.4.2 — the one option that may be chosen past the credit limit.
PAST_THE_LIMIT = ("MP5",)


def legal_options(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.2 — the options this power may choose now: each once a turn, MP 0 one slot; an
    option whose cost would pass the credit limit is not offered (8.4.2); a power that owes
    options chooses among those that pay them (owed.restrict, RULING 60)."""
    if relations.conquered(board, power):
        return []
    return owed.restrict(board, power, _free_options(board, power))


def _free_options(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    ipos: list[dict[str, Any]] = []
    for option, actions in MP_ACTIONS.items():
        if option not in board["powers"][power]["mp_played"] and (
                option in PAST_THE_LIMIT or affordable(board, power, CATALOGUE[option].cost)):
            ipos += actions(board, power)
    for option, actions in IPO_ACTIONS.items():
        if option not in board["ipos_played"] and affordable(board, power,
                                                             CATALOGUE[option].cost):
            ipos += actions(board, power)
    if board["powers"][power]["mp0_played"]:
        return ipos
    # MP 0 first: the first listed is the timeout default.
    return _mp0_actions(board, power) + ipos


def play_option(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    entry = board["powers"][power]
    entry["played"] += 1
    option = action["option"]
    row = CATALOGUE[option]
    paid = owed.settle(board, power, action)      # DoD 8.2: before it counts as played
    if row.kind == "ipo":
        board["ipos_played"].append(option)
    elif row.kind == "mp":
        entry["mp_played"].append(option)
    else:
        entry["mp0_played"] = True
    return paid + HANDLERS[option](state, power, action, roller)


def _increase_pe(board: dict[str, Any], power: str, dice: int, roller: Roller) -> list[Event]:
    """DoD 8.7.2 MP 0(a) — a d10 per die bought; any 10 raises PE by one, never more."""
    cost = pe_die_cost(board, power) * dice
    entry = board["powers"][power]
    entry["money"] -= cost
    rolls = roller.roll(10, f"0(a) {power}", dice)
    raised = any(r >= PE_SUCCESS_ROLL for r in rolls)
    if raised:
        entry["pe"] += 1
    return [Event("pe_rolled", "DoD 8.7.2 MP 0(a)", {"power": power, "cost": cost,
                                                      "rolls": list(rolls), "pe": entry["pe"]})]


def _minor_army_points(state: State, power: str, minor: str, ap: int) -> list[Event]:
    """DoD 8.7.2 MP 0(b) — 1 money per army point, up to 3, for a minor kept secret while it
    is at peace; revealed when it goes to war (minor_army.set_up). Bought for a minor already
    at war, the points join its army at once, in the open (RULING 46). The money spent is
    public."""
    cost = MINOR_AP_COST * ap
    state["board"]["powers"][power]["money"] -= cost
    if minor_war.minor_at_war(state["board"], minor):
        state["board"]["minor_forces"][minor]["army"] += ap
        return [Event("minor_army_bought", "DoD 8.7.2 MP 0(b)", {"power": power, "cost": cost}),
                Event("minor_army_joins", "DoD 8.7.2 MP 0(b)", {
                    "power": power, "minor": minor, "ap": ap,
                    "army": state["board"]["minor_forces"][minor]["army"]})]
    held = state["secret"][power]["minor_ap"]
    held[minor] = held.get(minor, 0) + ap
    return [Event("minor_army_bought", "DoD 8.7.2 MP 0(b)", {"power": power, "cost": cost}),
            Event("minor_army_secret", "DoD 8.7.2 MP 0(b)",
                  {"power": power, "minor": minor, "ap": ap, "held": held[minor]},
                  audience=f"seat:{power}")]


def _bid_points(board: dict[str, Any], power: str) -> list[Event]:
    """DoD 8.7.2 MP 0(g) — bid points three times modified PE. RULING: at negative modified PE
    it gains nothing (the book sets no penalty here, unlike the bonus bids of 8.6)."""
    gained = max(0, BID_POINTS_PER_PE * modified_pe(board, power))
    board["powers"][power]["bid_points"] += gained
    return [Event("bid_points_gained", "DoD 8.7.2 MP 0(g)", {"power": power, "gained": gained})]


HANDLERS = {
    "IPO1": lambda state, power, action, roller: new_world_order.move(
        state["board"], power, action["to"], action.get("with")),
    "IPO3": alliances.play_alliance,
    "IPO4": coup.play,
    "IPO5": alignment.play,
    "IPO7": civil_war.play_support,
    "IPO8": civil_war.play_support,
    "IPO9": spies.play,
    "IPO10": elections.play,
    "0c": elections.play_hold,
    "IPO11": treaties.tear_up,
    "IPO12": alliances.play_guarantee,
    "IPO13": war_aims.play,
    "IPO15": naval_treaty.play,
    "IPO16": league.play,
    "IPO17": finance.play_credit_card,
    "IPO18": finance.play_trade,
    "IPO19": war_economy.play_embargo,
    "IPO20": war_economy.play_effort,
    "0a": lambda state, power, action, roller: _increase_pe(
        state["board"], power, int(action["dice"]), roller),
    "0b": lambda state, power, action, roller: _minor_army_points(
        state, power, action["minor"], int(action["ap"])),
    "0e": alliances.play_coup_cell,
    "0f": treaties.accept,
    "MP3": treaties.propose,
    "MP4": lambda state, power, action, roller: (
        minor_war.declare_on_minor if "minor" in action else war.declare)(
        state, power, action, roller),
    "MP5": peace.surrender,
    "0g": lambda state, power, action, roller: _bid_points(state["board"], power),
    **national.HANDLERS,
}


def describe(action: dict[str, Any]) -> str:
    row = CATALOGUE[action["option"]]
    head = f"{row.number} {row.name}"
    option = action["option"]
    if option == "IPO1":
        along = ", ".join(MINORS[m].title for m in action.get("with", []))
        return f"{head}: move to {action['to']}" + (f" with {along}" if along else "")
    if option == "0a":
        return f"{head}: {action['dice']} PE dice"
    if option == "0b":
        return f"{head}: {action['ap']} army points for {MINORS[action['minor']].title}"
    if option in ("IPO3",):
        verb = "ally with" if action["mode"] == "make" else f"break {action['ally']}'s alliance with"
        return f"{head}: {verb} {MINORS[action['minor']].title}"
    if option in ("IPO7", "IPO8"):
        return f"{head}: {civil_war.describe(action)}"
    if option in ("IPO12", "0e", "IPO5", "IPO4"):
        return f"{head}: {MINORS[action['minor']].title}"
    if option == "0f":
        return f"{head}: agree with {', '.join(TITLES[p] for p in action['agree'])}"
    if option == "MP3":
        return f"{head}: propose a treaty to {TITLES[action['to']]}"
    if option == "MP4" and "minor" in action:
        return f"{head}: declare war on {MINORS[action['minor']].title}"
    if option == "MP4":
        return f"{head}: declare war on {TITLES[action['target']]}"
    if option == "MP5":
        return f"{head}: {action['terms']} surrender to {TITLES[action['to']]}"
    if option == "IPO11":
        return f"{head}: cancel {action['levels']} level(s) with {TITLES[action['with']]}"
    if option == "IPO13":
        return f"{head}: {war_aims.describe(action, TITLES)}"
    if option == "IPO19":
        return f"{head}: embargo {TITLES[action['target']]}"
    if option == "IPO9":
        wanted = "a 0(f)" if action["effect"] == "0f" else f"IPO 1 {action['effect']}"
        return f"{head}: spy on {TITLES[action['target']]} (at most {wanted})"
    if option == "IPO10":
        return f"{head}: {TITLES[action['target']]}"
    if option == "IPO15":
        return f"{head}: {action['treaty']} the Naval Treaty"
    if option == "IPO16":
        return f"{head}: {league.describe_motion(action)}"
    if option == "IPO18":
        return f"{head}: {action['to'].replace('_', ' ')}"
    if option == "US6":
        return f"{head}: {national.describe(action)}"
    return head


TITLES = {power: POWERS[power].title for power in POWERS}
