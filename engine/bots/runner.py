"""The trusted side of a bot's turn: what the bot is shown, and what it answered.

`bot_turn(ruleset, state, seat, bot, game_uid=…)` builds the seat's audience view and its
offers (the open decisions with the answers the kernel lists for any client), keys the bot's
stream, runs the bot under its budget and checks that the answer is one of the listed
actions. The state itself never reaches the bot. A bot that fails (raises, or answers off the
list) is replaced for that turn by the ruleset's timeout default, and the move says so: the
arena counts these as illegal choices, the platform logs them.

Written orders (`revisable` decisions, engine/kernel/simultaneous.py) are answered in two
moves, as a person answers them: the order (`kind="order"`), then `kind="ready"`. An order set
is composed as a person composes one: a bot may answer a written-orders decision that has a
schema with a set of its own, which passes when the kernel's one legality gate
(`check_action`) accepts it, as it would a person's (TWTEAW's level 2 does, docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.kernel import simultaneous
from engine.kernel.canonical import canonical_json
from engine.kernel.errors import EngineError
from engine.kernel.game import (
    check_action,
    decisions,
    decisions_for,
    expand_options,
    timeout_action,
    view,
)
from engine.kernel.model import Decision
from engine.kernel.ruleset import Ruleset

from .protocol import LOG, SAFETY_NET_SECONDS, Bot, BotRng, Budget, Offer, bot_key


@dataclass(frozen=True, slots=True)
class BotMove:
    """What a bot does on its turn. `kind` is "act" (answer `decision` with `action`),
    "order" (write `action` as the order for `decision`) or "ready" (say ready in `group`).
    `problem` names why the bot's own answer was replaced by the timeout default."""

    kind: str
    seat: str
    decision: str | None
    action: Any
    by: str
    work: int
    seconds: float
    listing_seconds: float
    fired: bool
    group: str | None = None
    problem: str | None = None
    level: int = 0


def offers_for(ruleset: Ruleset, state: dict[str, Any], seat: str,
               book: simultaneous.Book | None = None) -> list[Offer]:
    """The seat's open decisions with their listed answers, as any client may ask for them.
    Written orders already given, and groups the seat is ready in, are left out."""
    offers = []
    ready: dict[str, list[str]] = state["kernel"].get("ready", {})
    for decision in decisions_for(ruleset, state, seat):
        if decision.revisable and decision.group is not None and (
                seat in ready.get(decision.group, [])
                or decision.id in (book or {}).get(decision.group, {})):
            continue
        items = expand_options(ruleset, state, seat, decision.id, None)
        if items:
            offers.append(Offer(decision, tuple(items), seat))
    return offers


def _ready_group(ruleset: Ruleset, state: dict[str, Any], seat: str,
                 book: simultaneous.Book) -> str | None:
    """A written-orders group in which the seat has given every order and is not yet ready."""
    ready: dict[str, list[str]] = state["kernel"].get("ready", {})
    for decision in decisions_for(ruleset, state, seat):
        group = decision.group
        if decision.revisable and group is not None and seat not in ready.get(group, []) and (
                not simultaneous.missing_orders(ruleset, state, book, seat, group)):
            return group
    return None


def bot_turn(ruleset: Ruleset, state: dict[str, Any], seat: str, bot: Bot, *, game_uid: str,
             book: simultaneous.Book | None = None, seconds: float = SAFETY_NET_SECONDS,
             clock: Callable[[], float] | None = None) -> BotMove | None:
    """The bot's move for `seat` now, or None when the seat has nothing to decide. With a
    `clock` (seconds, e.g. time.monotonic) the move carries its timings and the safety net
    is armed; without one it has neither."""
    now = clock if clock is not None else (lambda: 0.0)
    started = now()
    offers = offers_for(ruleset, state, seat, book)
    listing = now() - started
    if not offers:
        group = _ready_group(ruleset, state, seat, book or {})
        if group is None:
            return None
        return BotMove("ready", seat, None, True, bot.by, 0, 0.0, listing, False, group=group,
                       level=bot.level)
    audience = f"seat:{seat}"
    seen = (simultaneous.view_with_orders(ruleset, state, book, audience) if book
            else view(ruleset, state, audience))
    key = bot_key(game_uid, seat, offers[0].decision.id, state["kernel"]["seq"], bot.by)
    budget = Budget(bot.work, seconds=seconds, clock=clock,
                    label=f"{bot.by} {seat} {offers[0].decision.id}")
    problem = None
    began = now()
    try:
        index, action = bot.decide(seen, offers, BotRng(key), budget)
        offer = offers[index]
        if not _listed(offer, action) and not _composed(ruleset, state, seat, offer, action):
            problem = "not_an_option"
    except Exception as exc:  # a bot's bug must not stop the game: logged and counted
        LOG.exception("bot %s failed for %s: %s", bot.by, seat, exc)
        problem, offer, action = "bot_error", offers[0], None
    spent = now() - began
    decision: Decision = offer.decision
    if problem is not None:
        LOG.warning("bot %s answered %s off the list (%s); the timeout default plays",
                    bot.by, decision.id, problem)
        action = timeout_action(ruleset, state, decision, seat)
    kind = "order" if decision.revisable else "act"
    return BotMove(kind, seat, decision.id, action, bot.by, budget.used, spent, listing,
                   budget.fired, group=decision.group, problem=problem, level=bot.level)


def _composed(ruleset: Ruleset, state: dict[str, Any], seat: str, offer: Offer,
              action: Any) -> bool:
    """An answer of the bot's own making that the kernel's gate accepts, where a person may
    compose one too: a decision with a schema (written orders; a move with its optional orders,
    as BoP's naval move with its coastal raid) rather than a closed list of options."""
    if offer.decision.schema is None:
        return False
    try:
        check_action(ruleset, state, seat, offer.decision, action)
    except EngineError:
        return False
    return True


def _listed(offer: Offer, action: Any) -> bool:
    try:
        text = canonical_json(action)
    except (TypeError, ValueError):
        return False
    return any(canonical_json(item["action"]) == text for item in offer.options)


def seats_to_move(ruleset: Ruleset, state: dict[str, Any]) -> list[str]:
    """The seats that have something to do now, sorted."""
    seats: set[str] = set()
    for decision in decisions(ruleset, state):
        seats.update(decision.seats)
    return sorted(seats)
