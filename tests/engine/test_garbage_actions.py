"""Garbage answers to every decision kind of the shipped rulesets are refused cleanly (probe F11).

A random legal game is played; at each step every open decision gets a catalogue of garbage
answers built from one of its legal answers (each field replaced by a value of every JSON
shape, fields dropped or added, whole answers of the wrong shape), and the same garbage as
options queries. The only acceptable outcomes are the engine's refusals, MalformedAction and
IllegalAction, which the server maps to 400s; anything else (a TypeError from a set lookup or
a sort, say) would be a 500 over REST and a closed socket. The input is never changed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

import pytest

from engine import kernel
from engine.kernel import IllegalAction, MalformedAction, simultaneous
from engine.kernel.canonical import canonical_json
from engine.kernel.selfplay import Chooser, game_seed
from engine.rulesets import get

SHAPES: list[Any] = [None, True, False, 0, -1, 10**30, "", "x", "0,0", "999,999", [], {},
                     [None], [[]], [{}], [1, "a"], ["x", "x"], {"a": None}, {"": []},
                     [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]
FUZZ_PER_KIND = 2  # decisions of one kind fuzzed per walk: shapes, not positions, matter here
WALK_ACTIONS = 400

CASES = [("balance_of_powers", "before-the-leaves-fall", {}, {"march", "rail", "combat"}),
         ("balance_of_powers", "before-the-leaves-fall", {"secret_setup": True}, {"setup"}),
         ("fatal_alliances", "east-prussia-1914", {}, {"land_move", "land_attack", "rail_move"}),
         ("twteaw", "europe-1914", {"turns": 2}, {"orders"})]


def garbage(legal: Any) -> Iterator[Any]:
    """Wrong answers shaped after a legal one: whole wrong shapes, each field of every shape,
    a field dropped, an unknown field added, lists with a stranger inside."""
    yield from SHAPES
    if not isinstance(legal, dict):
        return
    for key, value in legal.items():
        for shape in SHAPES:
            yield {**legal, key: shape}
        yield {k: v for k, v in legal.items() if k != key}
        if isinstance(value, list):
            yield {**legal, key: [*value, None]}
            yield {**legal, key: [None, *value]}
            yield {**legal, key: [*value, *value]}
        if isinstance(value, dict):
            yield {**legal, key: {**value, "x": None}}
            yield {**legal, key: {k: [v] for k, v in value.items()}}
    yield {**legal, "extra": 1}


def queries(legal: Any) -> Iterator[Any]:
    yield from SHAPES
    keys = set(legal) if isinstance(legal, dict) else set()
    for key in sorted(keys | {"units", "placement", "brief"}):
        for shape in SHAPES:
            yield {key: shape}


def legal_answers(ruleset, state, seat, decision) -> list[Any]:
    if decision.options is not None:
        return list(decision.options)
    return [item["action"] for item in kernel.expand_options(ruleset, state, seat,
                                                              decision.id, None)]


def refuses_cleanly(call) -> None:
    try:
        call()
    except (IllegalAction, MalformedAction):
        pass


def fuzz_decision(ruleset, state, seat, decision, seed: bytes) -> None:
    legal = legal_answers(ruleset, state, seat, decision)
    sample = legal[0] if legal else None
    before = canonical_json(state)
    for action in garbage(sample):
        if legal and any(canonical_json(action) == canonical_json(ok) for ok in legal):
            continue  # a legal answer (a garbage shape can coincide with one)
        try:
            if decision.revisable:      # written orders: the gate is writing the order
                simultaneous.write_order(ruleset, state, {}, seat, decision.id, action)
            else:
                kernel.apply(ruleset, state, seat, decision.id, action, seed=seed)
        except (IllegalAction, MalformedAction):
            continue
        # Accepted: only legitimate if the ruleset's validator calls it legal (schema
        # decisions may accept answers the listing does not enumerate, e.g. PASS).
        assert decision.options is None, (decision.kind, action)
    for query in queries(sample):
        refuses_cleanly(lambda query=query: kernel.expand_options(ruleset, state, seat,
                                                                  decision.id, query))
    assert canonical_json(state) == before, f"{decision.kind}: the input state changed"


def walk(ruleset_id: str, scenario: str, options: dict[str, Any], seed: int) -> Counter:
    """Play one random legal game, fuzzing the first FUZZ_PER_KIND decisions of each kind."""
    ruleset = get(ruleset_id)
    definition = ruleset.scenario(scenario)
    seats = [seat["id"] for seat in definition["seats"]]
    game_seed_bytes = game_seed(seed, 0)
    state, _ = kernel.new_game(ruleset, scenario, options, seats, game_seed_bytes, "fuzz")
    chooser = Chooser(seed, 0)
    weights = definition.get("selfplay_weights", {})
    fuzzed: Counter = Counter()
    for _ in range(WALK_ACTIONS):
        if kernel.result(ruleset, state) is not None:
            break
        open_now = kernel.decisions(ruleset, state)
        for decision in open_now:
            if fuzzed[decision.kind] < FUZZ_PER_KIND:
                fuzz_decision(ruleset, state, decision.seats[0], decision, game_seed_bytes)
                fuzzed[decision.kind] += 1
        decision = open_now[chooser.weighted([max(1, int(weights.get(d.kind, 1)))
                                              for d in open_now])]
        if decision.revisable and decision.group is not None:
            # Written orders: the deadline resolves the group with every default order.
            state = simultaneous.expire(ruleset, state, {}, decision.group,
                                        seed=game_seed_bytes).state
            continue
        seat = decision.seats[chooser.index(len(decision.seats))]
        choices = legal_answers(ruleset, state, seat, decision)
        action = choices[chooser.index(len(choices))]
        state = kernel.apply(ruleset, state, seat, decision.id, action,
                             seed=game_seed_bytes).state
    return fuzzed


@pytest.mark.parametrize("ruleset_id,scenario,options,required", CASES,
                         ids=["bop", "bop-secret-setup", "fa-east-prussia",
                              "twteaw-written-orders"])
def test_garbage_answers_to_every_decision_kind_are_refused_cleanly(ruleset_id, scenario,
                                                                    options, required):
    fuzzed = walk(ruleset_id, scenario, options, seed=11)
    assert required <= set(fuzzed), f"the walk never met {sorted(required - set(fuzzed))}"


def test_the_catalogue_reaches_the_probes_shapes():
    """The probe's crashing answers are in the catalogue: a list where a location belongs,
    a null among the units."""
    legal = {"units": ["u1"], "to": "1,2"}
    answers = [canonical_json(a) for a in garbage(legal)]
    assert canonical_json({"units": ["u1"], "to": []}) in answers
    assert canonical_json({"units": [None, "u1"], "to": "1,2"}) in answers
