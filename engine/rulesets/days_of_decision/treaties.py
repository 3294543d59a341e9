"""DoD 8.7.2 MP 3 (Treaty) and MP 0(f) (agree to a proposal), DoD 14 (non-aggression pacts):
proposals between major powers, answered by their addressee, settled at the end of political
affairs.

A proposal is a pending effect (8.4.1): MP 3 is played by a power with the better initiative
position, at peace with the addressee and below the maximum level with it (2 across
ideologies, 3 within one). It succeeds only if the addressee plays 0(f) agreeing to it in the
same turn, before or after the proposal (one 0(f) answers any number of proposals). Nothing is
paid when it is played, but it must be affordable then; on success the proposer pays at the
settlement even past its credit limit (a committed option, 10.2) and both powers go up one
level. Every treaty is a non-aggression pact (level 1); its no-declaration period is 3, 4 or 6
turns for a Fascist, Communist or Democratic declarer; after it, the pact can be broken only
with an army that beats the pact ratio (14; RULING 31: national army totals stand in for the
common border of the absent map).

IPO 11 tears levels up; the pact outlives them (a level-0 entry marked `torn`). A conditional
surrender (MP 5, peace.py) is a proposal of kind "surrender", answered and settled the same way,
and leaves a level-0 pact.

Proposals and answers are public: the standard rules keep no option secret but 0(b) and the
bids (15.1, hidden play, is the optional rule for secrecy). Treaty terms (trade, written
conditions) are absent: they need the map's resources and factories.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from . import treaty_chart
from .catalogue import CATALOGUE
from .league import barred_partner as league_barred
from .peace import accepted, make_peace
from .powers import COMMUNISM, DEMOCRACY, FASCISM, POWERS, SEATS
from .relations import at_war, clear_casus_belli, conquered, has_casus_belli, level, pair

State = dict[str, Any]
RULE = "DoD 8.7.2 MP 3"
MAX_LEVEL_ACROSS = 2          # DoD 8.7.2 MP 3: treaties across ideologies stop at level 2
MAX_LEVEL = 3
NAP_TURNS = {FASCISM: 3, COMMUNISM: 4, DEMOCRACY: 6}      # DoD 14: no DoW for this many turns
# DoD 14: the ratio a declarer's army must exceed, in steps from the hardest; 3:1 is the base.
NAP_RATIOS: tuple[tuple[int, int], ...] = ((4, 1), (3, 1), (2, 1), (1, 1), (1, 2))
NAP_BASE_STEP = 1
NAP_EASIER_EVERY = 6          # DoD 14: one step easier per 6 turns after the no-DoW period


def max_level(a: str, b: str) -> int:
    return MAX_LEVEL if POWERS[a].ideology == POWERS[b].ideology else MAX_LEVEL_ACROSS


def position(board: dict[str, Any], power: str) -> int:
    return int(board["initiative"].index(power)) + 1


def proposal_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 MP 3 — to each power further down the track, at peace with us, in the game,
    below the maximum level with us and not already asked by us this turn."""
    asked = {p["to"] for p in board["proposals"] if p["from"] == power
             and p.get("kind") != "national"}      # RULING 122: a national option is not a treaty
    return [{"option": "MP3", "to": other} for other in board["initiative"]
            if position(board, power) < position(board, other)
            and not at_war(board, power, other) and not conquered(board, other)
            and level(board, power, other) < max_level(power, other) and other not in asked
            and not league_barred(board, power, other)]


def propose(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    board["proposals"].append({"from": power, "to": action["to"], "turn": board["turn"]})
    return [Event("treaty_proposed", RULE, {"power": power, "to": action["to"],
                                            "level": level(board, power, action["to"]) + 1})]


def accept_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.2 MP 0(f) — RULING 28: an answer names the proposers it agrees with, for
    proposals made this turn before or after it: every power whose proposal waits now, each
    other power alone, or every other power. Proposals from powers not named fail."""
    others = [p for p in SEATS if p != power and not conquered(board, p)]
    waiting = sorted({p["from"] for p in board["proposals"] if p["to"] == power})
    choices = [sorted(waiting)] if waiting else []
    choices += [[p] for p in others] + [others]
    out: list[dict[str, Any]] = []
    for names in choices:
        if any(league_barred(board, power, name) for name in names):
            continue                # DoD 8.7.1 IPO 16 embargo (c)
        action = {"option": "0f", "agree": names}
        if action not in out:
            out.append(action)
    return out


def accept(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    board = state["board"]
    held = board["accepts"].setdefault(power, [])
    for name in action["agree"]:
        if name not in held:
            held.append(name)
    held.sort()
    return [Event("proposals_answered", "DoD 8.7.2 MP 0(f)",
                  {"power": power, "agree": list(action["agree"])})]


def settle(state: State, roller: Roller) -> list[Event]:
    """DoD 8.4.1 / 8.7.2 MP 3 — at the end of political affairs: each proposal answered by a
    0(f) naming its proposer succeeds (the proposer pays, both go up one level, any casus
    belli between them is cancelled); the others fail at no cost. The turn's answers lapse."""
    board, events = state["board"], []
    for proposal in board["proposals"]:
        proposer, addressee = proposal["from"], proposal["to"]
        agreed = proposer in board["accepts"].get(addressee, [])
        if proposal.get("kind") == "surrender":
            # MP 5: a conditional surrender accepted by the enemy's 0(f) while still at war
            if accepted(board, proposal) and at_war(board, proposer, addressee):
                events += make_peace(board, proposer, addressee)
            else:
                events.append(Event("surrender_refused", "DoD 8.7.2 MP 5",
                                    {"power": proposer, "to": addressee}))
            continue
        # a war declared between them after the proposal voids it (MP 3: not at war)
        if agreed and not at_war(board, proposer, addressee) and \
                level(board, proposer, addressee) < max_level(proposer, addressee):
            board["powers"][proposer]["money"] -= CATALOGUE["MP3"].cost
            treaty = board["treaties"].setdefault(pair(proposer, addressee),
                                                  {"level": 0, "signed": board["turn"]})
            treaty["level"] += 1
            treaty["signed"] = board["turn"]
            treaty.pop("torn", None)        # a new level restarts the pact (14)
            clear_casus_belli(board, proposer, addressee)
            events.append(Event("treaty_signed", RULE, {
                "powers": sorted((proposer, addressee)), "level": treaty["level"],
                "paid_by": proposer, "cost": CATALOGUE["MP3"].cost}))
            events += treaty_chart.treaty_signed(board, proposer, addressee)   # RULING 63
        else:
            events.append(Event("proposal_failed", RULE, {"power": proposer, "to": addressee}))
    board["proposals"], board["accepts"] = [], {}
    return events


def tear_up_actions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """DoD 8.7.1 IPO 11 — cancel one or more levels of a treaty with one power, once its
    signing is more than 3 / 4 / 6 turns old (the tearer's ideology; RULING 37)."""
    out: list[dict[str, Any]] = []
    for other in board["initiative"]:
        held = level(board, power, other)
        treaty = board["treaties"].get(pair(power, other))
        if other == power or treaty is None or not held or conquered(board, other):
            continue
        if board["turn"] - int(treaty["signed"]) > NAP_TURNS[POWERS[power].ideology]:
            out += [{"option": "IPO11", "with": other, "levels": n} for n in range(1, held + 1)]
    return out


def tear_up(state: State, power: str, action: dict[str, Any], roller: Roller) -> list[Event]:
    """DoD 8.7.1 IPO 11 — the levels fall; −1 PE if the partner shares our ideology. The pact
    outlives the treaty: with every level gone the entry stays at level 0, marked torn, and its
    garrison ratio is one step easier for both (14). The Treaty Chart's minor effects are
    placed reversed (treaty_chart.py, RULING 63); trade is absent."""
    board, other = state["board"], action["with"]
    board["powers"][power]["money"] -= CATALOGUE["IPO11"].cost
    treaty = board["treaties"][pair(power, other)]
    treaty["level"] -= int(action["levels"])
    if treaty["level"] == 0:
        treaty["torn"] = True
    same = POWERS[power].ideology == POWERS[other].ideology
    if same:
        board["powers"][power]["pe"] -= 1
    return [Event("treaty_torn_up", CATALOGUE["IPO11"].rule, {
        "power": power, "with": other, "levels": int(action["levels"]),
        "level": treaty["level"], "pe_lost": int(same)}),
        *treaty_chart.treaty_torn_up(board, power, other, int(action["levels"]))]


def nap_blocks(board: dict[str, Any], declarer: str, target: str) -> bool:
    """DoD 14 — True when a pact (any treaty, or what is left of one torn up, IPO 11, or of a
    conditional surrender, MP 5) forbids `declarer` to declare war on `target`:
    within its no-declaration period, or after it without an army beating the pact ratio.
    The ratio starts at 3:1, one step harder for a Communist, one easier per casus belli held
    against the target and per 6 turns past the period, and one easier when every other power
    is at war or conquered, and one easier when every level was torn up (IPO 11)."""
    treaty = board["treaties"].get(pair(declarer, target))
    if not treaty:
        return False
    quiet = NAP_TURNS[POWERS[declarer].ideology]
    age = board["turn"] - int(treaty["signed"])
    if age < quiet:
        return True
    # a step down the list is one easier
    step = NAP_BASE_STEP - (1 if POWERS[declarer].ideology == COMMUNISM else 0) + \
        (1 if has_casus_belli(board, declarer, target) else 0) + \
        max(0, age - quiet) // NAP_EASIER_EVERY + (1 if treaty.get("torn") else 0)
    others = [p for p in SEATS if p not in (declarer, target)]
    if all(conquered(board, p) or any(at_war(board, p, q) for q in SEATS) for p in others):
        step += 1
    ours, theirs = NAP_RATIOS[max(0, min(step, len(NAP_RATIOS) - 1))]
    mine, yours = int(board["powers"][declarer]["army"]), int(board["powers"][target]["army"])
    return not mine * theirs > yours * ours      # RULING 31: must exceed the ratio
