"""DoD 5 — the sequence of play as a step table. Each step's rule sits in its own module."""

from __future__ import annotations

from typing import Any

from engine.kernel.flow import Flow, Step

from . import (
    activation,
    civil_war,
    coup,
    initiative,
    league,
    military,
    minor_war,
    national,
    politics,
    spending,
    turn,
    us_entry,
)

State = dict[str, Any]


def us_entry_step(state: State, roller: Any) -> list[Any]:
    """DoD 11: the War with a Democrat rolls (11.2), then FR 6's +3 for a French Rhineland."""
    return us_entry.war_with_a_democrat(state, roller) + national.rhineland_us_entry(state, roller)


def _position(state: State) -> str:
    return str(state["flow"]["step"])


def _move_to(state: State, step: str) -> None:
    state["flow"]["step"] = step


FLOW = Flow([
    # A. Initiative (skipped on turn 1: set-up enters at the weather)
    Step("initiative", "DoD 6", decisions=initiative.bid_decisions,
         resolve=initiative.resolve_bids, next=initiative.after_bids),
    Step("democrats", "DoD 6", decisions=initiative.drop_decision,
         verbs={"drop": initiative.do_drop}, once=True, next=initiative.after_drop),
    # B. Weather
    Step("weather", "DoD 7", begin=turn.roll_weather, next=turn.after_weather),
    # C. Political affairs, one option at a time
    Step("politics", "DoD 8", decisions=politics.option_decision,
         verbs={"option": politics.do_option}, once=True, next=politics.after_option),
    # C. ... each option is followed by activating a minor (8.5), one marker a decision
    Step("activate", "DoD 8.5", decisions=activation.decisions,
         verbs={"activate": activation.do_activate, "shift": activation.do_shift},
         next=politics.after_activation),
    # C. ... an IPO 4 coup first asks the coup cell holders, one by one (RULING 91)
    Step("coup", "DoD 8.7.1 IPO 4", decisions=coup.decisions,
         verbs={"coup_cell": politics.do_coup_cell}, next=politics.after_option),
    # C. ... an IPO 16 motion is voted on by the League, sealed (a reaction window)
    Step("league", "DoD 8.7.1 IPO 16",
         decisions=league.decisions,
         verbs={"league_peace": politics.do_league_peace},
         resolve=politics.resolve_league, next=politics.after_option),
    # C. ... after a declaration of war on a minor its director may decline (MP 4, RULING 42)
    Step("direct", "DoD 8.7.2 MP 4", decisions=minor_war.direct_decisions,
         verbs={"direct": politics.do_direct}, next=politics.after_activation),
    # D. Bonus bid points
    Step("bonus", "DoD 8.6", begin=politics.bonus_bids, next="military"),
    # E. Military affairs: the abstract war, one front per pair at war (military.py); nothing
    # to decide while nobody is at war (5.E); each civil war fights its battle first (9.5).
    # An ideology fully conquered ends the game (4).
    Step("military", "DoD 9", begin=civil_war.battles, decisions=military.commit_decisions,
         resolve=military.resolve_commitments, next=turn.after_military),
    # F. Production
    Step("production", "DoD 10.1", begin=turn.production, next="spending"),
    Step("spending", "DoD 10.2", decisions=spending.spend_decisions,
         resolve=spending.resolve_spending, next="us_entry"),
    # G. US entry: the war-with-a-Democrat rolls (11.2); H. conquest of major powers is checked
    # at the end of the military step, of minors here (12.2, RULING 41)
    Step("us_entry", "DoD 11", begin=us_entry_step, next="minor_peace"),
    # ... before the minors fall, their directors may make peace for them (MP 4, RULING 42)
    Step("minor_peace", "DoD 8.7.2 MP 4", begin=minor_war.begin_peace,
         decisions=minor_war.peace_decisions, verbs={"minor_peace": minor_war.do_peace},
         next="conquest"),
    Step("conquest", "DoD 12", begin=minor_war.conquest, next="end_of_turn"),
    # I. End of turn
    Step("end_of_turn", "DoD 13", begin=turn.end_turn, next=turn.after_turn),
    Step("over", "DoD 4", next=None),
], position=_position, move_to=_move_to)
