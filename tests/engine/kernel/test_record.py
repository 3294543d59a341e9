"""salient-record/1: export, redaction, replay, and what replay refuses."""

from __future__ import annotations

import copy

import pytest

from engine import kernel
from engine.kernel import dice
from engine.kernel.errors import RecordError, ReplayMismatch
from engine.kernel.record import (
    build_record,
    log_entry,
    open_sealed_groups,
    redact_record,
    replay,
    versions_of,
)

from .conftest import SEED


def play_game(toy, rounds=3, stop_after=None):
    state, _ = kernel.new_game(toy, "duel", {"rounds": rounds}, ["red", "blue"], SEED, "g-rec")
    log = []
    while kernel.result(toy, state) is None:
        if stop_after is not None and len(log) >= stop_after:
            break
        decision = kernel.decisions(toy, state)[0]
        seat = decision.seats[0]
        if decision.options is not None:
            action = decision.options[-1]
        else:
            action = kernel.expand_options(toy, state, seat, decision.id, None)[-1]["action"]
        outcome = kernel.apply(toy, state, seat, decision.id, action, seed=SEED)
        log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome, by="test"))
        state = outcome.state
    return state, log


def record_of(toy, state, log, *, seed=SEED):
    return build_record(toy, scenario="duel", options=state["kernel"]["options"],
                        seats=[{"seat": "blue", "player": "othello"},
                               {"seat": "red", "player": "hamlet"}],
                        game_uid="g-rec", commitment=dice.commitment(SEED), actions=log,
                        versions=versions_of(toy, "duel"), seed=seed,
                        result_=kernel.result(toy, state),
                        final_state_hash=kernel.state_hash(state))


def test_a_finished_game_replays_to_the_same_hash_and_dice(toy):
    state, log = play_game(toy)
    record = record_of(toy, state, log)
    assert record["format"] == "salient-record/1"
    report = replay(record, toy)
    assert report.state_hash == kernel.state_hash(state)
    assert report.actions == len(log)


def test_a_tampered_seed_fails_the_commitment(toy):
    state, log = play_game(toy)
    record = record_of(toy, state, log)
    record["seed"] = ("00" if record["seed"][:2] != "00" else "01") + record["seed"][2:]
    with pytest.raises(ReplayMismatch, match="commitment"):
        replay(record, toy)


def test_a_tampered_roll_is_found(toy, tmp_path):
    import json

    from engine.kernel.selfplay import selfplay
    selfplay(toy, "melee", games=6, seed=11, record_dir=str(tmp_path))
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("*.json"))]
    record = next(r for r in records if any(e["rolls"] for e in r["actions"]))
    replay(record, toy)  # untouched, it verifies
    rolled = next(e for e in record["actions"] if e["rolls"])
    rolled["rolls"][0]["value"] = rolled["rolls"][0]["value"] % 6 + 1
    with pytest.raises(ReplayMismatch, match="dice differ"):
        replay(record, toy)


def test_a_tampered_action_is_found(toy):
    state, log = play_game(toy)
    record = record_of(toy, state, log)
    bid = next(e for e in record["actions"] if e["decision"].startswith("r1-bid"))
    bid["action"] = {"card": 0}
    with pytest.raises(ReplayMismatch, match="refused on replay"):
        replay(record, toy)


def test_a_record_without_seed_cannot_be_verified(toy):
    state, log = play_game(toy)
    record = record_of(toy, state, log, seed=None)
    with pytest.raises(RecordError, match="no seed"):
        replay(record, toy)


def test_a_record_of_another_ruleset_version_is_refused(toy):
    state, log = play_game(toy)
    record = record_of(toy, state, log)
    record["versions"]["ruleset"] = "0-old"
    with pytest.raises(RecordError, match="0-old"):
        replay(record, toy)


def test_not_a_record(toy):
    with pytest.raises(RecordError):
        replay({"format": "something-else"}, toy)


def test_redaction_masks_sealed_answers_of_other_seats_and_hides_seed_and_hashes(toy):
    state, log = play_game(toy, stop_after=1)  # one bid sealed, the other still open
    assert log[0]["sealed_group"] == "r1-bids"
    record = record_of(toy, state, log, seed=None)
    groups = open_sealed_groups(state)
    sealed_seat = log[0]["seat"]
    other = "blue" if sealed_seat == "red" else "red"
    for_other = redact_record(record, frozenset({other}), groups)
    assert for_other["actions"][0]["action"] is None and for_other["actions"][0]["redacted"]
    assert "hash" not in for_other["actions"][0]
    assert for_other["seed"] is None and for_other["final_state_hash"] is None
    for_owner = redact_record(record, frozenset({sealed_seat}), groups)
    assert for_owner["actions"][0]["action"] == log[0]["action"]
    # once revealed, the answer is public
    state, log = play_game(toy, stop_after=2)
    record = record_of(toy, state, log, seed=None)
    public = redact_record(record, frozenset(), open_sealed_groups(state))
    assert public["actions"][0]["action"] == log[0]["action"]
    assert copy.deepcopy(record) == record
