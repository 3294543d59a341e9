"""The fuzzer: random legal games for every seat, checking the kernel's promises as it goes.

After each action: apply left its input untouched, the ruleset's invariants hold, and no
audience's view carries information hidden from it (leak poisoning; for written orders, also
non-interference: no view changes with the other seats' orders, after every order written); every fifth action, the
open decisions and their legal answers are listed again after the ruleset's memos are cleared,
so a memo keyed on less than the result depends on shows up as `stale_cache`. Once per game: replaying
the record from set-up reproduces the live state hash and every die. Choices come from an HMAC
stream keyed by the run's seed, so the same seed always plays the same games.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import marshal
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from . import simultaneous
from .canonical import canonical_json, state_hash
from .dice import commitment, roll_die
from .errors import EngineError, IllegalAction
from .game import apply, audiences, can_undo, decisions, new_game, result, undo
from .leaks import find_leaks, find_order_leaks
from .record import build_record, log_entry, replay, versions_of
from .ruleset import Ruleset


class Chooser:
    """Deterministic choices from an HMAC stream (nothing in engine/ uses `random`)."""

    def __init__(self, seed: int, game: int) -> None:
        self.key = hashlib.sha256(f"selfplay:{seed}".encode()).digest()
        self.stream = f"game-{game}"
        self.count = 0

    def index(self, n: int) -> int:
        if n <= 0:
            raise ValueError("nothing to choose from")
        if n == 1:
            return 0
        self.count += 1
        return roll_die(self.key, self.stream, self.count, n) - 1

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.index(denominator) < numerator

    def weighted(self, weights: list[int]) -> int:
        """An index drawn with the given whole-number weights (each at least 1)."""
        if len(weights) == 1:
            return 0  # as index(1): no draw
        pick = self.index(sum(weights))
        for i, weight in enumerate(weights):
            if pick < weight:
                return i
            pick -= weight
        raise AssertionError("unreachable")


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    finished: int = 0
    truncated: int = 0
    dead_ends: int = 0
    errors: int = 0
    illegal_offered: int = 0
    actions_by_kind: Counter[str] = field(default_factory=Counter)
    # what the actions did, by event kind: how often a run fought a naval battle, say, when
    # the battle follows from a move and is no decision of its own (an action undone later
    # still counts)
    events_by_kind: Counter[str] = field(default_factory=Counter)
    final_hashes: list[str] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        return {"games": self.games, "actions": self.actions, "finished": self.finished,
                "truncated": self.truncated, "dead_ends": self.dead_ends,
                "errors": self.errors, "illegal_offered": self.illegal_offered,
                "actions_by_kind": dict(sorted(self.actions_by_kind.items())),
                "events_by_kind": dict(sorted(self.events_by_kind.items())),
                "final_hashes": self.final_hashes}

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.dead_ends or self.illegal_offered)


def game_seed(run_seed: int, game: int) -> bytes:
    return hmac.new(f"selfplay-seed:{run_seed}".encode(), f"{game}".encode(),
                    hashlib.sha256).digest()


def play_written_group(ruleset: Ruleset, state: dict[str, Any], group: str, chooser: Chooser,
                       seed: bytes, log: list[dict[str, Any]],
                       by: str = "selfplay") -> dict[str, Any]:
    """Every open decision of the written-orders `group` gets the chooser's pick of its offered
    orders, then every seat says ready (the last ready resolves the group); each ready is
    logged as the server logs it. Returns the state after the group resolved."""
    book: simultaneous.Book = {}
    for decision in simultaneous.group_decisions(ruleset, state, group):
        seat = decision.seats[0]
        choices = [item["action"] for item in ruleset.options(state, seat, decision, None)]
        book = simultaneous.write_order(ruleset, state, book, seat, decision.id,
                                        choices[chooser.index(len(choices))])
    seats = sorted({s for d in simultaneous.group_decisions(ruleset, state, group)
                    for s in d.seats})
    for seat in seats:
        outcome = simultaneous.set_ready(ruleset, state, book, seat, group, True, seed=seed)
        log.append(log_entry(len(log) + 1, seat, None,
                             simultaneous.step_action(book, group, seat, outcome, True),
                             outcome, kind="ready", by=by))
        state = outcome.state
    return state


def play_one(ruleset: Ruleset, scenario: str, options: dict[str, Any], run_seed: int,
             game: int, tally: Tally, *, max_actions: int | None = None,
             check_leaks: bool = True, record_dir: str | None = None,
             cache_every: int = 5) -> None:
    definition = ruleset.scenario(scenario)
    limit = max_actions or definition.get("max_actions") or 10_000
    seats = [seat["id"] for seat in definition["seats"]]
    seed = game_seed(run_seed, game)
    game_uid = f"selfplay-{run_seed}-{game}"
    chooser = Chooser(run_seed, game)
    weights = definition.get("selfplay_weights", {})
    state, _ = new_game(ruleset, scenario, options, seats, seed, game_uid)
    log: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    book: simultaneous.Book = {}        # written orders, kept beside the state
    order_writes = 0                    # they make no step: bounded apart from the log
    tally.games += 1

    def problem(kind: str, **data: Any) -> None:
        tally.problems.append({"game": game, "kind": kind, "seq": len(log), **data})

    status = "truncated"
    while len(log) < limit and order_writes < 4 * limit:
        if result(ruleset, state) is not None:
            status = "finished"
            break
        open_now = decisions(ruleset, state)
        if not open_now:
            status = "dead_end"
            problem("dead_end", flow=state.get("flow"))
            break
        # A scenario may weight decision kinds (`selfplay_weights`), so that a kind that is
        # open beside many others (BoP's rail, beside marches and `done`) is not left untried
        # for a whole game; all weights 1 draws exactly as `index` does.
        decision = open_now[chooser.weighted([max(1, int(weights.get(d.kind, 1)))
                                              for d in open_now])]
        seat = decision.seats[chooser.index(len(decision.seats))]
        if decision.options is not None:
            choices = list(decision.options)
        else:
            choices = [item["action"] for item in ruleset.options(state, seat, decision, None)]
        if not choices:
            status = "dead_end"
            problem("no_legal_option", decision=decision.id, seat=seat)
            break
        action = choices[chooser.index(len(choices))]
        before = _snapshot(state)
        if decision.revisable and decision.group is not None:
            group = decision.group
            move = _orders_move(ruleset, state, book, seat, decision, chooser)
            try:
                if move in ("write", "withdraw"):
                    order_writes += 1
                    kinds[f"orders_{move}"] += 1
                    book = (simultaneous.write_order(ruleset, state, book, seat, decision.id,
                                                     action) if move == "write" else
                            simultaneous.withdraw_order(ruleset, state, book, seat,
                                                        decision.id))
                    if check_leaks and not _order_checks(ruleset, state, book, problem, tally):
                        status = "error"
                        break
                    continue
                ready = move == "ready"
                outcome = simultaneous.set_ready(ruleset, state, book, seat, group, ready,
                                                 seed=seed)
            except EngineError as exc:
                tally.errors += 1
                problem("engine_error", decision=decision.id, error=str(exc))
                status = "error"
                break
            log.append(log_entry(len(log) + 1, seat, None, simultaneous.step_action(
                book, group, seat, outcome, ready), outcome, kind="ready", by="selfplay"))
            kinds[move] += 1
            tally.events_by_kind.update(event.kind for event in outcome.events)
            if any(event.kind == "answers_revealed" for event in outcome.events):
                book.pop(group, None)
            state = outcome.state
            if not _checks(ruleset, state, check_leaks, problem, tally) or (
                    check_leaks and not _order_checks(ruleset, state, book, problem, tally)):
                status = "error"
                break
            continue
        try:
            outcome = apply(ruleset, state, seat, decision.id, action, seed=seed)
        except IllegalAction as exc:
            tally.illegal_offered += 1
            problem("illegal_offered", decision=decision.id, seat=seat, action=action,
                    error=exc.as_dict())
            status = "error"
            break
        except EngineError as exc:
            tally.errors += 1
            problem("engine_error", decision=decision.id, error=str(exc))
            status = "error"
            break
        if _snapshot(state) != before:
            tally.errors += 1
            problem("input_mutated", decision=decision.id)
        log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome, by="selfplay"))
        kinds[decision.kind] += 1
        tally.events_by_kind.update(event.kind for event in outcome.events)
        state = outcome.state
        if not _checks(ruleset, state, check_leaks, problem, tally,
                       check_caches=bool(cache_every) and len(log) % cache_every == 0):
            status = "error"
            break
        if outcome.undoable and can_undo(state, seat) and chooser.chance(1, 4):
            outcome = undo(ruleset, state, seat)
            log.append(log_entry(len(log) + 1, seat, None, None, outcome, kind="undo",
                                 by="selfplay"))
            kinds["undo"] += 1
            state = outcome.state
    tally.actions += len(log)
    tally.actions_by_kind.update(kinds)
    if status == "finished":
        tally.finished += 1
    elif status == "truncated":
        tally.truncated += 1
    elif status == "dead_end":
        tally.dead_ends += 1
    for required in definition.get("selfplay_requires", []):
        if status in ("finished", "truncated") and not kinds[required]:
            tally.errors += 1
            problem("missing_kind", kind_missing=required)
    record = build_record(
        ruleset, scenario=scenario, options=state["kernel"]["options"],
        seats=[{"seat": s, "player": "selfplay"} for s in sorted(seats)], game_uid=game_uid,
        commitment=commitment(seed), actions=log, versions=versions_of(ruleset, scenario),
        seed=seed, result_=result(ruleset, state), final_state_hash=state_hash(state))
    if status in ("finished", "truncated"):
        try:
            report = replay(record, ruleset)
            if report.state_hash != state_hash(state):
                tally.errors += 1
                problem("replay_differs")
        except EngineError as exc:
            tally.errors += 1
            problem("replay_failed", error=str(exc))
    tally.final_hashes.append(state_hash(state))
    if record_dir:
        os.makedirs(record_dir, exist_ok=True)
        path = os.path.join(record_dir, f"{ruleset.id}-{scenario}-{run_seed}-{game}.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(record, handle, sort_keys=True, indent=1)


def _snapshot(state: dict[str, Any]) -> bytes:
    """The input state's bytes, to see that `apply` left it untouched: marshal (version 2,
    without back-references, so the bytes depend on the content alone) is several times
    quicker than canonical JSON, and any change to a value, a type or a key's place shows."""
    return marshal.dumps(state, 2)


def _orders_move(ruleset: Ruleset, state: dict[str, Any], book: simultaneous.Book,
                 seat: str, decision: Any, chooser: Chooser) -> str:
    """What a seat does with a written-orders decision: write (or revise) its order, withdraw
    it, or say it is ready or not; mostly forward, so that groups resolve."""
    group = decision.group
    if seat in simultaneous.ready_seats(state, group):
        return "unready" if chooser.chance(1, 6) else "write"
    if decision.id not in book.get(group, {}):
        return "write"
    if simultaneous.missing_orders(ruleset, state, book, seat, group):
        return ("write", "withdraw")[chooser.weighted([4, 1])]
    return ("write", "withdraw", "ready")[chooser.weighted([2, 1, 5])]


def _order_checks(ruleset: Ruleset, state: dict[str, Any], book: simultaneous.Book,
                  problem: Any, tally: Tally) -> bool:
    for audience in audiences(ruleset, state):
        leaks = find_order_leaks(ruleset, state, book, audience)
        if leaks:
            tally.errors += 1
            problem("leak", audience=audience, paths=leaks[:5])
            return False
    return True


def _listing(ruleset: Ruleset, state: dict[str, Any]) -> str:
    """Open decisions and the legal answers of each, as canonical text."""
    out = []
    for decision in decisions(ruleset, state):
        entry = decision.to_json()
        if decision.options is None:
            entry["items"] = ruleset.options(state, decision.seats[0], decision, None)
        out.append(entry)
    return canonical_json(out)


def _checks(ruleset: Ruleset, state: dict[str, Any], check_leaks: bool, problem: Any,
            tally: Tally, check_caches: bool = False) -> bool:
    try:
        ruleset.check_invariants(state)
    except AssertionError as exc:
        tally.errors += 1
        problem("invariant", error=str(exc))
        return False
    if check_caches and result(ruleset, state) is None:
        remembered = _listing(ruleset, state)
        with ruleset.caches_set_aside():
            cold = _listing(ruleset, state)
        if cold != remembered:
            tally.errors += 1
            problem("stale_cache", flow=state.get("flow"))
            return False
    if check_leaks:
        for audience in audiences(ruleset, state):
            leaks = find_leaks(ruleset, state, audience)
            if leaks:
                tally.errors += 1
                problem("leak", audience=audience, paths=leaks[:5])
                return False
    return True


def selfplay(ruleset: Ruleset, scenario: str, *, games: int, seed: int,
             options: dict[str, Any] | None = None, max_actions: int | None = None,
             check_leaks: bool = True, record_dir: str | None = None, first_game: int = 0,
             progress: Callable[[int, Tally], None] | None = None) -> Tally:
    """Play `games` random legal games; the Tally says what was found. Games are numbered from
    `first_game` (a game's seed and choices depend only on the run seed and its number, so a
    long run split into shards plays the same games); `progress` hears after each game."""
    tally = Tally()
    for game in range(first_game, first_game + games):
        play_one(ruleset, scenario, dict(options or {}), seed, game, tally,
                 max_actions=max_actions, check_leaks=check_leaks, record_dir=record_dir)
        if progress is not None:
            progress(game, tally)
    # Kinds a random game may miss now and then (both sides passing through a three-turn
    # scenario is legal), but a whole run may not: a run without one means it is never offered.
    if tally.finished or tally.truncated:
        for required in ruleset.scenario(scenario).get("selfplay_requires_in_run", []):
            if not tally.actions_by_kind[required]:
                tally.errors += 1
                tally.problems.append({"game": None, "kind": "missing_kind_in_run",
                                       "kind_missing": required})
    return tally
