"""DoD 8 — Political Affairs: in initiative order each power that bid plays its options one at
a time; after each, a d10 may end the step (8.6). Then DoD 8.6 / 5.D — bonus bid points for
every power that played nothing."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.flow import Answers

from . import (
    activation,
    alignment,
    coup,
    league,
    minor_war,
    national,
    options,
    owed,
    relations,
    treaties,
    war_aims,
)
from .end_of_step import end_of_option, may_still_play, next_player
from .powers import POWERS, modified_pe

State = dict[str, Any]
RULE = "DoD 8"


def seek(state: State) -> str:
    """Put the cursor on the power to play next, or leave political affairs."""
    flow, board = state["flow"], state["board"]
    index = None if flow["ended"] else next_player(board, flow["cursor"])
    if index is None:
        return "bonus"
    flow["cursor"] = index
    return "politics"


def option_decision(state: State) -> list[Decision]:
    flow, board = state["flow"], state["board"]
    if flow["ended"] or flow["cursor"] >= len(board["initiative"]):
        return []
    power = board["initiative"][flow["cursor"]]
    if not may_still_play(board, power):
        return []
    # private_answer: a 0(b) answer names its minor, which stays secret (8.7.2 MP 0(b)); the
    # public learns what was played from the option's own public events.
    return [Decision(
        id=f"t{board['turn']}-option-{power}-{board['powers'][power]['played'] + 1}",
        seats=(power,), kind="option", rule="DoD 8.2",
        prompt=_prompt(board, power),
        waiting=f"{POWERS[power].title} is choosing a political option",
        options=tuple(options.legal_options(board, power)), private_answer=True)]


def _prompt(board: dict[str, Any], power: str) -> str:
    """DoD 8.2 — an owing power is told what it owes (the oldest debt first)."""
    debts = owed.debts(board, power)
    if not debts:
        return "Choose and resolve a political option"
    first = debts[0]
    if first["option"] == "0c":
        why = ("its election is late" if first["source"] == "late"
               else f"IPO 10 played by {POWERS[first['by']].title}")
        return f"Owed first: MP 0(c) Hold Election ({why}); choose and resolve a political option"
    what = (f"IPO 1 New World Order, moving {first['direction']} the centre faction"
            if first["option"] == "IPO1" else "MP 0(f) Agree to a proposal")
    return (f"Owed first: {what} ({first['source'].replace('IPO', 'IPO ')} played by "
            f"{POWERS[first['by']].title}); choose and resolve a political option")


def do_option(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """DoD 8.2 / 8.4 — pay and resolve the option, then activate a minor (8.5, its own step)
    if the power has one to activate, else go straight to the end-of-step roll (8.6)."""
    flow = state["flow"]
    before = minor_war.directing_snapshot(state["board"])
    events = options.play_option(state, seat, action, roller)
    events += alignment.sync(state)     # IPO 5: aligned minors follow their aligners' wars
    played_before = flow["played_step"]
    flow["played_step"] += 1
    if action["option"] == "MP4" and "minor" in action:
        # DoD 8.7.2 MP 4: each new director may decline first (RULING 42), then the roll
        queue = minor_war.new_directors(before, state["board"], action["minor"])
        if queue:
            flow["directing"] = {"power": seat, "played_before": played_before, "queue": queue}
            return events
    if flow.get("coup"):
        # DoD 8.7.1 IPO 4: the coup cell holders answer before the activation and the roll
        flow["coup"]["played_before"] = played_before
        return events
    vote = flow.get("league_vote")
    if vote is not None:
        # DoD 8.7.1 IPO 16: the League votes before the activation and the roll
        vote["played_before"] = played_before
        if vote["voters"]:
            return events
        events += league.resolve(state, [])     # nobody votes: it fails, no peace to ask
    return events + _after_play(state, seat, played_before, roller)


def _after_play(state: State, seat: str, played_before: int, roller: Roller) -> list[Event]:
    """DoD 8.5 then 8.6 — activate a minor if the power has one, else the end-of-step roll."""
    if activation.begin(state, seat, played_before):
        return []
    return end_of_option(state, seat, played_before, roller)


def resolve_league(state: State, group: str, answers: Answers, roller: Roller) -> list[Event]:
    """DoD 8.7.1 IPO 16 — the votes are revealed together and counted (league.resolve); then
    the proposer's activation or end-of-step roll."""
    vote = state["flow"]["league_vote"]
    events = league.resolve(state, answers)
    if state["flow"].get("league_peace"):
        return events
    return events + _after_play(state, vote["proposer"], vote["played_before"], roller)


def do_league_peace(state: State, seat: str, decision: Decision, action: Any,
                    roller: Roller) -> list[Event]:
    """DoD 8.7.1 IPO 16 — the sanctioned power's answer (RULING 89), then the proposer's
    activation or end-of-step roll."""
    pending = state["flow"]["league_peace"]
    events = league.answer_peace(state, seat, action)
    events += alignment.sync(state)
    return events + _after_play(state, pending["proposer"], pending["played_before"], roller)


def do_coup_cell(state: State, seat: str, decision: Decision, action: Any,
                 roller: Roller) -> list[Event]:
    """DoD 8.7.1 IPO 4 — a cell holder's answer (RULING 91); once the coup is stopped or
    rolled, the couper's activation or end-of-step roll."""
    pending = state["flow"]["coup"]
    events = coup.answer(state, seat, action, roller)
    if state["flow"]["coup"] is not None:
        return events
    events += alignment.sync(state)
    return events + _after_play(state, pending["power"], pending["played_before"], roller)


def after_option(state: State) -> str:
    if state["flow"].get("coup"):
        return "coup"
    if state["flow"].get("league_vote") or state["flow"].get("league_peace"):
        return "league"
    if state["flow"].get("directing"):
        return "direct"
    return "activate" if state["flow"].get("activation") else seek(state)


def do_direct(state: State, seat: str, decision: Decision, action: Any,
              roller: Roller) -> list[Event]:
    """DoD 8.7.2 MP 4 — a director's answer (minor_war.do_direct); after the last, the
    declarer's end-of-step roll (8.6)."""
    pending = state["flow"]["directing"]
    events = minor_war.do_direct(state, seat, decision, action, roller)
    if state["flow"]["directing"] is None:
        events += end_of_option(state, pending["power"], pending["played_before"], roller)
    return events


def after_activation(state: State) -> str:
    return seek(state)


# --- step: bonus bid points (DoD 8.6, 5.D) -------------------------------------------------------

def bonus_bids(state: State, roller: Roller) -> list[Event]:
    """Political affairs are over: first the turn's proposals are settled (8.4.1, IPO 13
    war_aims.settle_proposals, the national options answered by a 0(f) national.settle_proposals,
    MP 3 and MP 5 treaties.settle). Then a power that played no option gains bid points equal to its
    modified PE; at negative modified PE it pays that much money instead, even past its credit
    limit. A conquered power gains nothing (it is out of the game, DoD 12)."""
    board = state["board"]
    events = war_aims.settle_proposals(state) + national.settle_proposals(state) + \
        treaties.settle(state, roller)
    events += alignment.sync(state)     # 12.3: an aligner at peace takes its minors home
    # IPO 3, IPO 12: allies and guarantors of a minor that fell and was not avenged (RULING 43)
    events += minor_war.unavenged(board)
    # IPO 9: an implicated spy's target holds casus belli until this step ends next turn
    lapsed = relations.lapse_casus_belli(board)
    if lapsed:
        events.append(Event("casus_belli_lapsed", "DoD 8.7.1 IPO 9", {"lapsed": lapsed}))
    for power in board["initiative"]:
        entry = board["powers"][power]
        if entry["played"] or power in board["conquered"]:
            continue
        pe = modified_pe(board, power)
        if pe >= 0:
            entry["bid_points"] += pe
        else:
            entry["money"] += pe
        events.append(Event("bonus_bid_points", "DoD 8.6",
                            {"power": power, "bid_points": max(pe, 0), "paid": max(-pe, 0)}))
    return events
