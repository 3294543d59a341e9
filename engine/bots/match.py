"""Whole games between bots: the arena's and the tests' one loop.

Every seat is held by a bot. While the game goes on, a seat with something to decide is drawn
(from a stream keyed by the match seed, as asynchronous players answer in no fixed order), the
bot's move goes through the kernel as a person's would (`apply`, or written orders and ready),
and the log records `by: bot:<id>@<version>`. The report counts what the arena prints: illegal
choices (a bot's answer off the list, or one the kernel refused: both must be 0), engine
errors, dead ends, and each decision's work and time by bot.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.kernel import simultaneous
from engine.kernel.canonical import state_hash
from engine.kernel.errors import EngineError, IllegalAction
from engine.kernel.game import apply, new_game, result
from engine.kernel.record import log_entry
from engine.kernel.ruleset import Ruleset

from .protocol import SAFETY_NET_SECONDS, Bot, BotRng
from .runner import BotMove, bot_turn, seats_to_move


@dataclass
class Turn:
    """One bot decision, for the arena's figures."""

    seat: str
    by: str
    level: int
    kind: str
    work: int
    seconds: float
    listing_seconds: float
    fired: bool


@dataclass
class MatchReport:
    status: str = "truncated"          # finished, truncated, dead_end, error
    result: dict[str, Any] | None = None
    actions: int = 0
    illegal: int = 0
    errors: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    final_hash: str = ""
    final_state: dict[str, Any] = field(default_factory=dict, repr=False)


def match_seed(run_seed: int, game: int) -> bytes:
    """The dice seed of an arena game (secret from the bots, as a live game's seed is)."""
    return hmac.new(f"bot-arena-seed:{run_seed}".encode(), f"{game}".encode(),
                    hashlib.sha256).digest()


def play_match(ruleset: Ruleset, scenario: str, bots: Mapping[str, Bot], *, seed: bytes,
               game_uid: str, options: dict[str, Any] | None = None,
               max_actions: int | None = None, seconds: float = SAFETY_NET_SECONDS,
               clock: Callable[[], float] | None = None,
               watch: Callable[[dict[str, Any], BotMove, dict[str, Any]], None] | None = None,
               ) -> MatchReport:
    """Play one game with `bots[seat]` in every seat (`clock`: see runner.bot_turn).
    `watch(before, move, after)` sees every move carried out with the states around it (the
    sanity checkers': a trusted observer, never a bot)."""
    definition = ruleset.scenario(scenario)
    limit = max_actions or definition.get("max_actions") or 10_000
    seats = [s["id"] for s in definition["seats"]]
    state, _ = new_game(ruleset, scenario, dict(options or {}), seats, seed, game_uid)
    order = BotRng(hashlib.sha256(f"arena-order:{game_uid}".encode()).digest())
    book: simultaneous.Book = {}
    report = MatchReport()
    writes = 0
    while report.actions < limit and writes < 4 * limit:
        if result(ruleset, state) is not None:
            report.status = "finished"
            break
        waiting = seats_to_move(ruleset, state)
        if not waiting:
            report.status = "dead_end"
            report.problems.append({"kind": "dead_end", "flow": state.get("flow")})
            break
        seat = waiting[order.index(len(waiting))]
        try:
            move = bot_turn(ruleset, state, seat, bots[seat], game_uid=game_uid, book=book,
                            seconds=seconds, clock=clock)
        except Exception as exc:  # the ruleset failed to list or view: counted, reported
            report.errors += 1
            report.status = "error"
            report.problems.append({"kind": "listing_failed", "seat": seat,
                                    "error": f"{type(exc).__name__}: {exc}"})
            break
        if move is None:
            # The seat only waits on others (ready in a written-orders group): someone else.
            others = [s for s in waiting if s != seat]
            if not others:
                report.status = "dead_end"
                report.problems.append({"kind": "nothing_to_do", "seat": seat})
                break
            continue
        report.turns.append(Turn(seat, move.by, move.level, move.kind, move.work, move.seconds,
                                 move.listing_seconds, move.fired))
        if move.problem is not None:
            report.illegal += 1
            report.problems.append({"kind": move.problem, "seat": seat,
                                    "decision": move.decision})
        before = state
        try:
            state, book, wrote = _carry_out(ruleset, state, book, move, seed, report)
        except IllegalAction as exc:
            report.illegal += 1
            report.status = "error"
            report.problems.append({"kind": "illegal", "seat": seat, "decision": move.decision,
                                    "action": move.action, "error": exc.as_dict()})
            break
        except EngineError as exc:
            report.errors += 1
            report.status = "error"
            report.problems.append({"kind": "engine_error", "seat": seat, "error": str(exc)})
            break
        except Exception as exc:  # a ruleset's crash on a listed answer: counted, reported
            report.errors += 1
            report.status = "error"
            report.problems.append({"kind": "engine_crash", "seat": seat,
                                    "decision": move.decision, "action": move.action,
                                    "error": f"{type(exc).__name__}: {exc}"})
            break
        writes += wrote
        if watch is not None:
            watch(before, move, state)
    report.result = result(ruleset, state)
    report.final_hash = state_hash(state)
    report.final_state = state
    return report


def _carry_out(ruleset: Ruleset, state: dict[str, Any], book: simultaneous.Book,
               move: BotMove, seed: bytes,
               report: MatchReport) -> tuple[dict[str, Any], simultaneous.Book, int]:
    """Send the move through the kernel, as the platform sends a person's."""
    if move.kind == "order":
        assert move.decision is not None
        book = simultaneous.write_order(ruleset, state, book, move.seat, move.decision,
                                        move.action)
        return state, book, 1
    if move.kind == "ready":
        assert move.group is not None
        outcome = simultaneous.set_ready(ruleset, state, book, move.seat, move.group, True,
                                         seed=seed)
        action = simultaneous.step_action(book, move.group, move.seat, outcome, True)
        if any(event.kind == "answers_revealed" for event in outcome.events):
            book = {g: o for g, o in book.items() if g != move.group}
        report.log.append(log_entry(len(report.log) + 1, move.seat, None, action, outcome,
                                    kind="ready", by=move.by))
    else:
        assert move.decision is not None
        outcome = apply(ruleset, state, move.seat, move.decision, move.action, seed=seed)
        report.log.append(log_entry(len(report.log) + 1, move.seat, move.decision,
                                    move.action, outcome, by=move.by))
    report.actions += 1
    return outcome.state, book, 0
