"""Game records: `salient-record/1` export, redaction per audience, import and replay.

A record is the fold that rebuilds a game: set-up facts plus the ordered action log. Replay is
a plain fold of the log over `new_game`; with the revealed seed it re-rolls every die and
checks it against the rolls the live game recorded. A game that outlived a version of its rules
carries `upgrade` steps (engine/kernel/versions.py): replay folds each stretch with the rules
it was played under when the engine still has them, and otherwise resumes from the checkpoint
the upgrade stored (the report's `verified_from` says where verification began).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine

from . import simultaneous
from .canonical import canonical_json, state_hash
from .dice import commitment as seed_commitment
from .errors import EngineError, RecordError, ReplayMismatch
from .game import KERNEL, Outcome, apply, end_game, new_game, result, rollback, undo
from .model import Event
from .ruleset import Ruleset
from .versions import Outdated, notes, upgrade

FORMAT = "salient-record/1"
ACTION_KINDS = ("act", "undo", "end", "ready", "expire", "upgrade")


def upgrade_step(ruleset: Ruleset, state: dict[str, Any], from_version: str,
                 to_version: str | None = None) -> Outcome:
    """Carry a state of `from_version` to `to_version` (by default the ruleset's own) by the
    ruleset's migrations (the newest code knows every one): the `upgrade` step a game's log
    records. Raises Outdated when no migration chain leads there."""
    target = to_version or ruleset.version
    migrated = upgrade(ruleset.migrations, state, from_version, target)
    return Outcome(migrated, (Event("ruleset_upgraded", "kernel", {
        "from": from_version, "to": target,
        "notes": notes(ruleset.migrations, from_version, target)}),))


def upgrade_action(outcome: Outcome) -> dict[str, Any]:
    """What the log stores for an upgrade step (the checkpoint is stored apart)."""
    data = outcome.events[0].data
    return {"from": data["from"], "to": data["to"]}


def replay_step(ruleset: Ruleset, state: dict[str, Any], kind: str, seat: str | None,
                decision: str | None, action: Any, *, seed: bytes,
                before: dict[str, Any] | None = None) -> Outcome:
    """Apply one logged step (`act`, `undo`, `end`, for written orders `ready` and `expire`,
    and a GM's `rollback`) again: the fold that rebuilds a game, shared by replay, catch-up and
    the replay viewer. A `rollback` ({"undoes": seq}) needs `before`, the state just before the
    step it undoes (the fold keeps it). Raises EngineError as `apply` does, RecordError for an
    unknown kind."""
    if kind == "end":
        return end_game(state, action)
    if kind == "rollback":
        if not isinstance(action, dict) or not isinstance(action.get("undoes"), int):
            raise RecordError("a rollback step records the step it undoes")
        if before is None:
            raise RecordError(f"no state before step {action['undoes']} to roll back to")
        return rollback(state, before, action["undoes"])
    if kind == "upgrade":
        if not isinstance(action, dict) or not {"from", "to"} <= set(action):
            raise RecordError("an upgrade step records the versions it went from and to")
        try:
            return upgrade_step(ruleset, state, str(action["from"]), str(action["to"]))
        except Outdated as exc:
            raise RecordError(str(exc)) from None
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
    other seats that are still sealed or private are masked; in the steps of a private
    written-orders group, order by order.
    """
    redacted = dict(record, seed=None, final_state_hash=None)
    actions = []
    for entry in record["actions"]:
        entry = dict(entry)
        entry.pop("hash", None)
        entry.pop("checkpoint", None)  # a whole state: hidden information until the end
        if entry.get("private") and entry.get("kind") in ("ready", "expire"):
            _redact_private_orders(entry, entitled)
        elif entry.get("seat") not in entitled and (
                entry.get("private") or entry.get("sealed_group") in open_groups):
            entry["action"] = None
            entry["redacted"] = True
        actions.append(entry)
    redacted["actions"] = actions
    return redacted


def _redact_private_orders(entry: dict[str, Any], entitled: frozenset[str]) -> None:
    """A step of a private written-orders group, redacted order by order: the audience keeps
    its own seats' orders, and the others' go (their number too: the group and the ready flag,
    which every audience saw happen, stay)."""
    action = entry.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("orders"), dict):
        entry["action"], entry["redacted"] = None, True
        return
    orders = action["orders"]
    kept = {decision_id: order for decision_id, order in orders.items()
            if isinstance(order, dict) and order.get("seat") in entitled}
    if len(kept) != len(orders):
        entry["action"] = dict(action, orders=kept)
        entry["redacted"] = True


@dataclass(frozen=True, slots=True)
class ReplayReport:
    state: dict[str, Any]
    state_hash: str
    actions: int
    rolls_checked: int
    # The seq after which every step was re-executed and checked (0: the whole game). A game
    # whose first stretch was played under rules this engine no longer carries is checked from
    # the checkpoint of the upgrade that left them.
    verified_from: int = 0


def started_version(record: dict[str, Any]) -> str | None:
    """The version of its rules a game started under (the record's `versions`)."""
    version = (record.get("versions") or {}).get("ruleset")
    return None if version is None else str(version)


def rules_of_version(ruleset: Ruleset, version: str | None) -> Ruleset | None:
    """The rules of `version` if this engine carries them: the ruleset itself or an earlier
    version it keeps loadable."""
    if version is None or version == ruleset.version:
        return ruleset
    return ruleset.earlier.get(version)


def replay(record: dict[str, Any], ruleset: Ruleset) -> ReplayReport:
    """Rebuild a game from its record with `ruleset` (the caller looks it up: the kernel never
    imports the rulesets) and verify it. Each stretch of the log is folded with the version of
    the rules it was played under. Raises RecordError or ReplayMismatch."""
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
    actions = record["actions"]
    for index, entry in enumerate(actions):
        if not isinstance(entry, dict) or entry.get("seq") != index + 1:
            raise RecordError(f"action {index + 1} has seq "
                              f"{entry.get('seq') if isinstance(entry, dict) else entry!r}")
    rules = rules_of_version(ruleset, started_version(record))
    if rules is not None:
        seats = [s["seat"] if isinstance(s, dict) else s for s in record["seats"]]
        try:
            state, _ = new_game(rules, record["scenario"], record["options"], seats, seed,
                                record["game_uid"])
        except EngineError as exc:
            raise RecordError(f"the record's set-up is refused: {exc}") from None
        start = 0
    else:
        rules, state, start = _resume_from_checkpoint(record, ruleset, 0)
    verified_from = start
    checked = 0
    resolved: set[int] = set()
    before_resolving: dict[int, dict[str, Any]] = {}   # what a GM's rollback returns to
    index = start
    while index < len(actions):
        entry = actions[index]
        kind = entry.get("kind", "act")
        undone = entry.get("action", {}).get("undoes") if kind == "rollback" and isinstance(
            entry.get("action"), dict) else None
        try:
            # An upgrade is carried out by the newest code: it alone knows every migration.
            outcome = replay_step(ruleset if kind == "upgrade" else rules, state, kind,
                                  entry.get("seat"), entry.get("decision"), entry.get("action"),
                                  seed=seed, before=before_resolving.get(undone)
                                  if isinstance(undone, int) else None)
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
        if any(event.kind == "answers_revealed" for event in outcome.events):
            resolved.add(entry["seq"])
            before_resolving[entry["seq"]] = state
        state = outcome.state
        index += 1
        if kind == "upgrade":
            later = rules_of_version(ruleset, str(entry["action"]["to"]))
            if later is None:
                rules, state, index = _resume_from_checkpoint(record, ruleset, index)
                verified_from = index
            else:
                rules = later
    if "orders_log" in record:
        check_orders_log(record, resolved)
    final = state_hash(state)
    if record.get("final_state_hash") not in (None, final):
        raise ReplayMismatch("the final state hash differs from the record's")
    if record.get("result") is not None and canonical_json(record["result"]) != canonical_json(
            result(rules, state)):
        raise ReplayMismatch("the result differs from the record's")
    return ReplayReport(state, final, len(actions), checked, verified_from)


def check_orders_log(record: dict[str, Any], resolved: set[int]) -> None:
    """Written orders: every order a group resolved with is the last one its seat wrote (or a
    timeout wrote for it) before that step, and no order the log says stood was left out of a
    step that resolved its group (`resolved`: their seqs, as replay found them). Raises ReplayMismatch: the record's orders log and its steps tell different stories."""
    log = record.get("orders_log") or []
    if not isinstance(log, list):
        raise RecordError("orders_log is a list")
    for entry in record["actions"]:
        if entry.get("kind") not in ("ready", "expire") or not isinstance(entry.get("action"),
                                                                          dict):
            continue
        action = entry["action"]
        group, orders = action.get("group"), action.get("orders") or {}
        standing: dict[str, Any] = {}
        for item in log:
            if item.get("group") != group or not item.get("version", 0) < entry["seq"]:
                continue
            if item.get("kind") == "withdraw":
                standing.pop(item.get("decision"), None)
            else:
                standing[item.get("decision")] = {"seat": item.get("seat"),
                                                  "action": item.get("action")}
        for decision_id, order in orders.items():
            if standing.get(decision_id) != order:
                raise ReplayMismatch(f"action {entry['seq']}: the order for {decision_id} is "
                                     "not the last one its orders log shows")
        if entry["seq"] in resolved and set(standing) - set(orders):
            raise ReplayMismatch(f"action {entry['seq']}: orders the log shows standing were "
                                 "left out when the group resolved")


def _resume_from_checkpoint(record: dict[str, Any], ruleset: Ruleset,
                            start: int) -> tuple[Ruleset, dict[str, Any], int]:
    """The rules, state and index to go on from after a stretch played under rules this
    engine no longer carries: the first later upgrade to carried rules that stored its
    checkpoint (the migrated state, in records of finished games), checked against its hash."""
    actions = record["actions"]
    for index in range(start, len(actions)):
        entry = actions[index]
        if entry.get("kind") != "upgrade":
            continue
        rules = rules_of_version(ruleset, str((entry.get("action") or {}).get("to")))
        checkpoint = entry.get("checkpoint")
        if rules is None or not isinstance(checkpoint, dict):
            continue
        if entry.get("hash") != state_hash(checkpoint):
            raise ReplayMismatch(f"action {entry['seq']}: the upgrade's checkpoint does not "
                                 "match its hash")
        return rules, checkpoint, index + 1
    raise RecordError(
        f"this game was played under version {started_version(record)} of {ruleset.id}, "
        f"which this engine (version {ruleset.version}) no longer carries, and its record "
        "holds no upgrade checkpoint to verify the rest from")


def private_order_groups(actions: list[dict[str, Any]]) -> frozenset[str]:
    """The written-orders groups a log shows to be private (their ready and expire steps are
    logged `private`): their orders stay with their seats' audiences after they resolve."""
    return frozenset(entry["action"]["group"] for entry in actions
                     if entry.get("private") and entry.get("kind") in ("ready", "expire")
                     and isinstance(entry.get("action"), dict) and "group" in entry["action"])


def open_sealed_groups(state: dict[str, Any]) -> frozenset[str]:
    """Groups whose answers are still sealed: commit/reveal groups with answers in, and
    written-orders groups in which a seat has said it was ready."""
    return frozenset(state[KERNEL]["sealed"]) | frozenset(state[KERNEL].get("ready", {}))
