"""Game records: `salient-record/1` export, redaction per audience, import and replay.

A record is the fold that rebuilds a game: set-up facts plus the ordered action log. Replay is
a plain fold of the log over `new_game`; with the revealed seed it re-rolls every die and
checks it against the rolls the live game recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine

from . import simultaneous
from .canonical import canonical_json, state_hash
from .dice import commitment as seed_commitment
from .errors import EngineError, RecordError, ReplayMismatch
from .game import KERNEL, Outcome, apply, end_game, new_game, result, undo
from .ruleset import Ruleset

FORMAT = "salient-record/1"
ACTION_KINDS = ("act", "undo", "end", "ready", "expire")


def replay_step(ruleset: Ruleset, state: dict[str, Any], kind: str, seat: str | None,
                decision: str | None, action: Any, *, seed: bytes) -> Outcome:
    """Apply one logged step (`act`, `undo`, `end`, and for written orders `ready` and
    `expire`) again: the fold that rebuilds a game, shared by replay, catch-up and the replay
    viewer. Raises EngineError as `apply` does, RecordError for an unknown kind."""
    if kind == "end":
        return end_game(state, action)
    if seat is None:
        raise RecordError(f"a {kind} step names its seat")
    if kind == "act":
        if decision is None:
            raise RecordError("an act step names its decision")
        return apply(ruleset, state, seat, decision, action, seed=seed)
    if kind in ("ready", "expire"):
        if not isinstance(action, dict) or not isinstance(action.get("orders"), dict):
            raise RecordError(f"a {kind} step records its group and orders")
        book = {action["group"]: action["orders"]}
        if kind == "ready":
            return simultaneous.set_ready(ruleset, state, book, seat, action["group"],
                                          bool(action.get("ready")), seed=seed)
        return simultaneous.expire(ruleset, state, book, action["group"], seed=seed)
    if kind == "undo":
        return undo(ruleset, state, seat)
    raise RecordError(f"unknown action kind {kind!r}")


def versions_of(ruleset: Ruleset, scenario: str) -> dict[str, Any]:
    """The versions a game starts with: engine, ruleset and (when the scenario has one) map."""
    definition = ruleset.scenario(scenario)
    return {"engine": engine.ENGINE_VERSION, "ruleset": ruleset.version,
            "map": definition.get("map_version")}


def log_entry(seq: int, seat: str | None, decision: str | None, action: Any, outcome: Outcome,
              *, kind: str = "act", by: str | None = None, at: str | None = None) -> dict[str, Any]:
    """One action-log entry as the record stores it."""
    entry: dict[str, Any] = {"seq": seq, "kind": kind, "seat": seat, "decision": decision,
                             "action": action, "by": by, "at": at,
                             "rolls": [dict(r) for r in outcome.rolls],
                             "hash": state_hash(outcome.state)}
    if outcome.sealed_group is not None:
        entry["sealed_group"] = outcome.sealed_group
    if outcome.private:
        entry["private"] = True
    return entry


def build_record(ruleset: Ruleset, *, scenario: str, options: dict[str, Any],
                 seats: list[dict[str, Any]], game_uid: str, commitment: str,
                 actions: list[dict[str, Any]], versions: dict[str, Any],
                 seed: bytes | None = None, result_: dict[str, Any] | None = None,
                 final_state_hash: str | None = None) -> dict[str, Any]:
    """A complete record. Pass `seed` only once the game has ended."""
    return {
        "format": FORMAT, "versions": versions, "ruleset": ruleset.id, "scenario": scenario,
        "options": options, "seats": seats, "game_uid": game_uid, "commitment": commitment,
        "seed": seed.hex() if seed is not None else None, "actions": actions,
        "result": result_, "final_state_hash": final_state_hash,
    }


def redact_record(record: dict[str, Any], entitled: frozenset[str],
                  open_groups: frozenset[str]) -> dict[str, Any]:
    """The record as an audience entitled to `entitled` seats may see it while the game runs.

    No seed, no state hashes (a hash of a small secret can be brute-forced), and the answers of
    other seats that are still sealed or private are masked.
    """
    redacted = dict(record, seed=None, final_state_hash=None)
    actions = []
    for entry in record["actions"]:
        entry = dict(entry)
        entry.pop("hash", None)
        hidden = entry.get("seat") not in entitled and (
            entry.get("private") or entry.get("sealed_group") in open_groups)
        if hidden:
            entry["action"] = None
            entry["redacted"] = True
        actions.append(entry)
    redacted["actions"] = actions
    return redacted


@dataclass(frozen=True, slots=True)
class ReplayReport:
    state: dict[str, Any]
    state_hash: str
    actions: int
    rolls_checked: int


def replay(record: dict[str, Any], ruleset: Ruleset) -> ReplayReport:
    """Rebuild a game from its record with `ruleset` (the caller looks it up: the kernel never
    imports the rulesets) and verify it. Raises RecordError or ReplayMismatch."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} document")
    for key in ("ruleset", "scenario", "options", "seats", "game_uid", "commitment", "actions"):
        if key not in record:
            raise RecordError(f"record has no {key!r}")
    if record["ruleset"] != ruleset.id:
        raise RecordError(f"the record is of {record['ruleset']}, not {ruleset.id}")
    if record.get("seed") is None:
        raise RecordError("the record carries no seed: the game has not ended, so its dice "
                          "cannot be verified yet")
    try:
        seed = bytes.fromhex(record["seed"])
    except ValueError:
        raise RecordError("the seed is not hex") from None
    if seed_commitment(seed) != record["commitment"]:
        raise ReplayMismatch("the revealed seed does not match the commitment made at the start")
    wanted = record.get("versions", {}).get("ruleset")
    if wanted is not None and wanted != ruleset.version:
        raise RecordError(f"record made with {ruleset.id} {wanted}, this engine has "
                          f"{ruleset.version}")
    seats = [s["seat"] if isinstance(s, dict) else s for s in record["seats"]]
    try:
        state, _ = new_game(ruleset, record["scenario"], record["options"], seats, seed,
                            record["game_uid"])
    except EngineError as exc:
        raise RecordError(f"the record's set-up is refused: {exc}") from None
    checked = 0
    for index, entry in enumerate(record["actions"]):
        if entry.get("seq") != index + 1:
            raise RecordError(f"action {index + 1} has seq {entry.get('seq')!r}")
        try:
            outcome = replay_step(ruleset, state, entry.get("kind", "act"), entry.get("seat"),
                                  entry.get("decision"), entry.get("action"), seed=seed)
        except EngineError as exc:
            if isinstance(exc, RecordError):
                raise
            raise ReplayMismatch(f"action {entry['seq']} is refused on replay: {exc}") from None
        recorded = entry.get("rolls")
        if recorded is not None:
            if canonical_json(recorded) != canonical_json(list(outcome.rolls)):
                raise ReplayMismatch(f"action {entry['seq']}: dice differ from the recorded "
                                     f"rolls ({recorded} vs {list(outcome.rolls)})")
            checked += len(recorded)
        if entry.get("hash") is not None and entry["hash"] != state_hash(outcome.state):
            raise ReplayMismatch(f"action {entry['seq']}: state hash differs")
        state = outcome.state
    final = state_hash(state)
    if record.get("final_state_hash") not in (None, final):
        raise ReplayMismatch("the final state hash differs from the record's")
    if record.get("result") is not None and canonical_json(record["result"]) != canonical_json(
            result(ruleset, state)):
        raise ReplayMismatch("the result differs from the record's")
    return ReplayReport(state, final, len(record["actions"]), checked)


def open_sealed_groups(state: dict[str, Any]) -> frozenset[str]:
    """Groups whose answers are still sealed: commit/reveal groups with answers in, and
    written-orders groups in which a seat has said it was ready."""
    return frozenset(state[KERNEL]["sealed"]) | frozenset(state[KERNEL].get("ready", {}))
