"""The step table and its driver (engine/kernel/flow.py), on a small table built here: steps
end when nothing is left to decide (or after their one answer when `once`), `end` and the
successor's `begin` run in that order, `next` may be a function, and a table that loops
without deciding, or names a step it lacks, is refused."""

from __future__ import annotations

import pytest

from engine.kernel.dice import Roller
from engine.kernel.flow import Flow, Step
from engine.kernel.model import Decision, Event

ROLLER = Roller(bytes(32), "g-flow", 0)


def note(name):
    def effect(state, roller):
        state["log"].append(name)
        return [Event(name, "flow")]
    return effect


def ask(state):
    if state["asked"]:
        return []
    return [Decision(id=f"q{state['round']}", seats=("red",), kind="answer", rule="flow",
                     prompt="?", options=({"x": 1},))]


def answer(state, seat, decision, action, roller):
    state["asked"] = True
    return [Event("answered", "flow")]


def position(state):
    return state["step"]


def move_to(state, step):
    state["step"] = step
    state["log"].append(f"->{step}")


def next_round(state):
    state["round"] += 1
    state["asked"] = False
    return "ask" if state["round"] <= 2 else "over"


def table(**ask_step):
    return Flow([
        Step("start", "flow", begin=note("begin start"), end=note("end start"), next="ask"),
        Step("ask", "flow", decisions=ask, verbs={"answer": answer}, begin=note("begin ask"),
             end=note("end ask"), next=next_round, **ask_step),
        Step("over", "flow", begin=note("begin over"), next=None),
    ], position=position, move_to=move_to)


def fresh():
    return {"step": None, "round": 1, "asked": False, "log": []}


def test_flow_runs_automatic_steps_and_stops_where_a_seat_decides():
    flow, state = table(), fresh()
    events = flow.enter(state, "start", ROLLER)
    assert state["step"] == "ask" and [d.id for d in flow.decisions(state)] == ["q1"]
    assert state["log"] == ["->start", "begin start", "end start", "->ask", "begin ask"]
    assert [e.kind for e in events] == ["begin start", "end start", "begin ask"]


def test_flow_leaves_a_step_when_its_decisions_run_out_then_follows_next():
    flow, state = table(), fresh()
    flow.enter(state, "start", ROLLER)
    state["log"].clear()
    decision = flow.decisions(state)[0]
    events = flow.answer(state, "red", decision, {"x": 1}, ROLLER)
    assert [e.kind for e in events] == ["answered", "end ask", "begin ask"]
    assert state["round"] == 2 and state["step"] == "ask"
    flow.answer(state, "red", flow.decisions(state)[0], {"x": 1}, ROLLER)
    assert state["step"] == "over" and flow.decisions(state) == []
    assert state["log"][-2:] == ["->over", "begin over"]


def test_flow_once_step_ends_after_its_answer_even_if_still_listing():
    def always(state):
        return [Decision(id="again", seats=("red",), kind="answer", rule="flow", prompt="?",
                         options=({"x": 1},))]

    flow = Flow([
        Step("ask", "flow", decisions=always, verbs={"answer": answer}, once=True, next="over"),
        Step("over", "flow", next=None),
    ], position=position, move_to=move_to)
    state = fresh()
    flow.enter(state, "ask", ROLLER)
    flow.answer(state, "red", always(state)[0], {"x": 1}, ROLLER)
    assert state["step"] == "over"


def test_flow_refuses_a_table_that_loops_without_deciding_or_names_an_unknown_step():
    loop = Flow([Step("a", "flow", next="b"), Step("b", "flow", next="a")],
                position=position, move_to=move_to)
    with pytest.raises(AssertionError, match="did not settle"):
        loop.enter(fresh(), "a", ROLLER)
    with pytest.raises(ValueError, match="unknown step"):
        Flow([Step("a", "flow", next="nowhere")], position=position, move_to=move_to)
    with pytest.raises(ValueError, match="share a name"):
        Flow([Step("a", "flow"), Step("a", "flow")], position=position, move_to=move_to)


def test_flow_answer_needs_a_verb_of_the_current_step():
    flow, state = table(), fresh()
    flow.enter(state, "start", ROLLER)
    stray = Decision(id="x", seats=("red",), kind="shout", rule="flow", prompt="?",
                     options=({"x": 1},))
    with pytest.raises(AssertionError, match="no verb 'shout'"):
        flow.answer(state, "red", stray, {"x": 1}, ROLLER)
