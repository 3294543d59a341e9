"""The kernel: one game's life through any ruleset, with the checks every ruleset shares.

    state, events = new_game(ruleset, scenario, options, seats, seed, game_uid)
    for decision in decisions(ruleset, state): ...
    outcome = apply(ruleset, state, seat, decision_id, action, seed=seed)
    view(ruleset, outcome.state, "seat:germany")

`apply` never mutates its input: it copies once and hands the copy to the ruleset. The seed is
passed beside the state, never inside it, so no state dump can leak it (a deliberate refinement
of the design's `apply(state, seat, decision_id, action)`; see docs/architecture.md).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from .canonical import canonical_json
from .dice import Roller
from .errors import BadSetup, IllegalAction, MalformedAction, PausedDecision, StaleDecision
from .model import Audience, Decision, Event, SeatId, parse_audience
from .ruleset import Ruleset

log = logging.getLogger(__name__)

KERNEL = "kernel"


# Leaves copy_json hands back as they are, tested by exact type before a call is spent on them
# (most of a state's values are leaves; anything else goes through the isinstance tests).
_LEAVES = frozenset({str, int, bool, type(None)})


def copy_json(value: Any) -> Any:
    """Deep copy of JSON-typed data, several times faster than copy.deepcopy. A plain dict or
    list is copied by its C-level `.copy()` and only its non-leaf items are replaced, which
    costs about two thirds of building it again item by item (issue #25); a dict or list of a
    subclass comes back as a plain one, as it always did; anything else is shared."""
    kind = type(value)
    if kind is dict:
        return _copy_dict(value)
    if kind is list:
        return _copy_list(value)
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    return value


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    copied = value.copy()
    for key, item in value.items():
        kind = type(item)
        if kind in _LEAVES:
            continue
        copied[key] = (_copy_dict(item) if kind is dict else _copy_list(item) if kind is list
                       else copy_json(item))
    return copied


def _copy_list(value: list[Any]) -> list[Any]:
    copied = value.copy()
    for index, item in enumerate(value):
        kind = type(item)
        if kind in _LEAVES:
            continue
        copied[index] = (_copy_dict(item) if kind is dict else _copy_list(item) if kind is list
                         else copy_json(item))
    return copied


def copy_for_step(state: dict[str, Any], undo_point: Any = ...) -> dict[str, Any]:
    """A deep copy of `state` for a step to work on, but for the undo point, which is shared:
    every step ends by dropping it (`close_step`), and nothing reads or writes it before, so
    copying what may be a second whole state would be wasted. With `undo_point` given, the
    copy holds that instead (None: the state a new undo point keeps)."""
    kept = state[KERNEL]["undo"] if undo_point is ... else undo_point
    if kept is None and state[KERNEL]["undo"] is None:
        copied: dict[str, Any] = copy_json(state)
        return copied
    return {key: ({k: (kept if k == "undo" else copy_json(v)) for k, v in item.items()}
                  if key == KERNEL else copy_json(item)) for key, item in state.items()}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one accepted action did.

    `sealed_group` names the simultaneous group the answer was sealed into (hidden until the
    group resolves); `private` marks an answer that stays hidden from other audiences (for a
    ready or expire step of a private written-orders group: each order from the audiences not
    entitled to its seat).
    """

    state: dict[str, Any]
    events: tuple[Event, ...]
    rolls: tuple[dict[str, Any], ...] = ()
    sealed_group: str | None = None
    private: bool = False
    undoable: bool = False


def new_game(ruleset: Ruleset, scenario: str, options: dict[str, Any], seats: list[SeatId],
             seed: bytes, game_uid: str) -> tuple[dict[str, Any], list[Event]]:
    """Set up a game. Raises UnknownScenario or BadSetup."""
    definition = ruleset.scenario(scenario)
    sides = {seat["id"]: seat["side"] for seat in definition["seats"]}
    unknown = sorted(set(seats) - set(sides))
    if unknown:
        raise BadSetup(f"no such seats in {scenario}: {', '.join(unknown)}")
    if sorted(seats) != sorted(sides):
        raise BadSetup(f"{scenario} is played with every seat: {', '.join(sorted(sides))}")
    filled = ruleset.check_options(scenario, options)
    if ruleset.dice_version not in (1, 2):
        raise BadSetup(f"{ruleset.id} asks for dice v{ruleset.dice_version}: the kernel has 1, 2")
    roller = Roller(seed, game_uid, 0, version=ruleset.dice_version, scope="setup")
    state = ruleset.setup(scenario, filled, sorted(seats), roller)
    state[KERNEL] = {
        "ruleset": ruleset.id, "scenario": scenario, "options": filled, "game_uid": game_uid,
        "sides": sides, "dice": roller.counter, "seq": 0, "sealed": {}, "undo": None,
        "ended": None,
    }
    if ruleset.dice_version != 1:
        # Only then: a v1 game's state stays byte for byte what it always was.
        state[KERNEL]["dice_version"] = ruleset.dice_version
    events = [Event("game_started", "kernel", {"scenario": scenario})]
    if roller.rolls:
        events.append(Event("dice", "setup", {"rolls": roller.rolls}))
    return state, events


def result(ruleset: Ruleset, state: dict[str, Any]) -> dict[str, Any] | None:
    """The game's result, or None while it goes on (ended by the rules or by the players)."""
    ended: dict[str, Any] | None = state[KERNEL]["ended"]
    if ended is not None:
        return ended
    return ruleset.result(state)


def decisions(ruleset: Ruleset, state: dict[str, Any]) -> list[Decision]:
    """The open decisions, sorted by id, without the simultaneous answers already sealed."""
    if result(ruleset, state) is not None:
        return []
    sealed = state[KERNEL]["sealed"]
    listed = []
    for decision in ruleset.decisions(state):
        if decision.group is not None and decision.id in sealed.get(decision.group, {}):
            continue
        listed.append(decision)
    listed.sort(key=lambda d: d.id)
    return listed


def paused(ruleset: Ruleset, state: dict[str, Any]) -> list[Decision]:
    """The decisions listed paused (`Ruleset.paused`), sorted by id: never one that is open."""
    if result(ruleset, state) is not None:
        return []
    return sorted(held(ruleset, state, {d.id for d in ruleset.decisions(state)}),
                  key=lambda d: d.id)


def held(ruleset: Ruleset, state: dict[str, Any], taken: set[str]) -> list[Decision]:
    """`Ruleset.paused` without the ids in `taken` (the decisions already listed: open, or
    answered and sealed) nor repeats, in the ruleset's order. The one filter behind `paused`
    (which sorts) and `view` (which lists them after the open ones, in this order). The caller
    checks that the game goes on."""
    out = []
    taken = set(taken)
    for decision in ruleset.paused(state):
        if decision.id not in taken:
            taken.add(decision.id)
            out.append(decision)
    return out


def decisions_for(ruleset: Ruleset, state: dict[str, Any], seat: SeatId) -> list[Decision]:
    return [d for d in decisions(ruleset, state) if seat in d.seats]


def open_decision(ruleset: Ruleset, state: dict[str, Any], seat: SeatId,
                  decision_id: str) -> Decision:
    """The decision `decision_id` if it is open for `seat`; StaleDecision otherwise."""
    if seat not in state[KERNEL]["sides"]:
        raise IllegalAction("kernel", "unknown_seat", {"seat": seat},
                            f"There is no seat {seat!r} in this game.")
    if result(ruleset, state) is not None:
        raise IllegalAction("kernel", "game_over", {}, "The game is over.")
    for decision in decisions(ruleset, state):
        if decision.id == decision_id and seat in decision.seats:
            return decision
    if any(d.id == decision_id and seat in d.seats for d in paused(ruleset, state)):
        raise PausedDecision(seat, decision_id)
    raise StaleDecision(seat, decision_id)


def check_action(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision: Decision,
                 action: Any) -> Any:
    """The one legality gate: match an enumerated option or ask the ruleset's validator."""
    try:
        canonical = canonical_json(action)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(f"the action is not plain JSON: {exc}") from None
    if decision.options is not None:
        for option in decision.options:
            if canonical_json(option) == canonical:
                return copy_json(option)
        raise IllegalAction(decision.rule, "not_an_option",
                            {"decision": decision.id, "action": action},
                            f"{canonical[:200]} is not one of the choices for "
                            f"{decision.prompt!r}.")
    return ruleset.validate(state, seat, decision, copy_json(action))


def apply(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
          action: Any, *, seed: bytes) -> Outcome:
    """Answer decision `decision_id` for `seat`. Never mutates `state`.

    Raises MalformedAction, IllegalAction (StaleDecision when the decision is not open).
    """
    decision = open_decision(ruleset, state, seat, decision_id)
    if decision.revisable:
        raise IllegalAction("kernel", "orders_are_written", {"decision": decision.id},
                            "This decision takes written orders: write them (you may change "
                            "them until the group resolves), then say you are ready.")
    work = copy_for_step(state)
    action = check_action(ruleset, work, seat, decision, action)
    kernel = work[KERNEL]
    roller = step_roller(work, seed, decision.id)
    events: list[Event] = []
    sealed_group = None
    if decision.group is not None:
        sealed_group = decision.group
        sealed = kernel["sealed"].setdefault(decision.group, {})
        sealed[decision.id] = {"seat": seat, "action": action}
        events.append(Event("answer_sealed", decision.rule,
                            {"decision": decision.id, "seat": seat, "group": decision.group}))
        waiting = [d for d in ruleset.decisions(work)
                   if d.group == decision.group and d.id not in sealed]
        if not waiting:
            by_id = {d.id: d for d in ruleset.decisions(work) if d.group == decision.group}
            by_id[decision.id] = decision
            answers = [(by_id[answered_id], sealed[answered_id]["seat"],
                        sealed[answered_id]["action"]) for answered_id in sorted(sealed)]
            del kernel["sealed"][decision.group]
            events.extend(reveal_and_resolve(ruleset, work, decision.group, decision.rule,
                                             answers, roller))
    else:
        events.extend(ruleset.apply_action(work, seat, decision, action, roller))
    undoable = (decision.undoable and not roller.rolls and not any(e.reveals for e in events))
    close_step(ruleset, work, roller, decision.rule, events)
    if undoable:
        before = copy_for_step(state, None)
        kernel["undo"] = {"seat": seat, "decision": decision.id, "state": before}
    return Outcome(work, tuple(events), tuple(roller.rolls), sealed_group,
                   decision.private_answer, undoable)


def step_roller(state: dict[str, Any], seed: bytes, scope: str) -> Roller:
    """The dice of one step, continuing the game's count in the game's dice version."""
    kernel = state[KERNEL]
    return Roller(seed, kernel["game_uid"], kernel["dice"],
                  version=kernel.get("dice_version", 1), scope=scope)


def reveal_and_resolve(ruleset: Ruleset, work: dict[str, Any], group: str, rule: str,
                       answers: list[tuple[Decision, SeatId, Any]],
                       roller: Roller) -> list[Event]:
    """Reveal a simultaneous group's answers and let the ruleset resolve them together. The
    group's dice belong to the group, not to whichever seat happened to answer last."""
    roller.scope = f"group:{group}"
    events = reveal_events(group, rule, answers)
    events.extend(ruleset.resolve_group(work, group, answers, roller))
    return events


def reveal_events(group: str, rule: str,
                  answers: list[tuple[Decision, SeatId, Any]]) -> list[Event]:
    """The reveal of a group's answers. Every audience gets `answers_revealed` with the public
    answers; an answer to a `private_answer` decision (a nation's orders under fog of war) is
    named there only by decision and seat, and its content goes to its seat's audience alone,
    in a `private_answers` event. A group without private answers reveals as it always did."""
    public = [{"decision": d.id, "seat": s, "action": a}
              for d, s, a in answers if not d.private_answer]
    data: dict[str, Any] = {"group": group, "answers": public}
    kept = [(d, s, a) for d, s, a in answers if d.private_answer]
    if kept:
        data["private"] = [{"decision": d.id, "seat": s} for d, s, _ in kept]
    events = [Event("answers_revealed", rule, data, reveals=True)]
    for seat in sorted({s for _, s, _ in kept}):
        events.append(Event("private_answers", rule, {
            "group": group, "seat": seat,
            "answers": [{"decision": d.id, "action": a} for d, s, a in kept if s == seat]},
            audience=f"seat:{seat}"))
    return events


def close_step(ruleset: Ruleset, work: dict[str, Any], roller: Roller, rule: str,
               events: list[Event]) -> None:
    """What every accepted step ends with: the dice counted and listed, the step numbered,
    no undo point (the caller sets one when the step allows it), the game over announced."""
    kernel = work[KERNEL]
    kernel["dice"] = roller.counter
    kernel["seq"] += 1
    kernel["undo"] = None
    if roller.rolls:
        events.append(Event("dice", rule, {"rolls": list(roller.rolls)}))
    final = result(ruleset, work)
    if final is not None:
        events.append(Event("game_over", "kernel", {"result": final}))


def can_undo(state: dict[str, Any], seat: SeatId) -> bool:
    """Whether `seat` may take back the last step (the game's end is checked by `undo`)."""
    undo = state[KERNEL]["undo"]
    return undo is not None and undo["seat"] == seat


def undo(ruleset: Ruleset, state: dict[str, Any], seat: SeatId) -> Outcome:
    """Take back `seat`'s last step, if it was the last action and revealed nothing.

    Raises IllegalAction(kernel, nothing_to_undo)."""
    if not can_undo(state, seat):
        raise IllegalAction("kernel", "nothing_to_undo", {"seat": seat},
                            "There is nothing you can take back: the last step was not yours, "
                            "or dice were rolled or something was revealed since.")
    undo_point = state[KERNEL]["undo"]
    restored = copy_json(undo_point["state"])
    restored[KERNEL]["seq"] = state[KERNEL]["seq"] + 1
    events = (Event("undone", "kernel", {"seat": seat, "decision": undo_point["decision"]}),)
    return Outcome(restored, events)


def rollback(state: dict[str, Any], before: dict[str, Any], undoes: int) -> Outcome:
    """A game master takes back the resolution recorded at step `undoes` (docs/protocol.md,
    `gm/rollback`): the game returns to `before`, the state just before that step (the caller
    rebuilds it from the record), as a new step. The undone step stays in the record; its dice
    counter comes back too, so that the same orders resolve again the same way."""
    if state[KERNEL]["ended"] is not None:
        raise IllegalAction("kernel", "game_over", {}, "The game is over.")
    restored = copy_json(before)
    restored[KERNEL]["seq"] = state[KERNEL]["seq"] + 1
    restored[KERNEL]["undo"] = None
    return Outcome(restored, (Event("rolled_back", "kernel", {"undoes": undoes}),))


def end_game(state: dict[str, Any], outcome: dict[str, Any]) -> Outcome:
    """End the game by the players' will (resignation, agreed draw, abandonment)."""
    if state[KERNEL]["ended"] is not None:
        raise IllegalAction("kernel", "game_over", {}, "The game is over.")
    work = copy_json(state)
    work[KERNEL]["ended"] = copy_json(outcome)
    work[KERNEL]["seq"] += 1
    work[KERNEL]["undo"] = None
    work[KERNEL]["sealed"] = {}
    return Outcome(work, (Event("game_over", "kernel", {"result": outcome}),))


# --- audiences ------------------------------------------------------------------------------

def audience_seats(ruleset: Ruleset, state: dict[str, Any],
                   audience: Audience) -> frozenset[SeatId]:
    return ruleset.audience_seats(state, audience)


def audience_of(state: dict[str, Any], seats: list[SeatId]) -> Audience:
    """The one audience of a user holding `seats`: seat, side, or public (design §2)."""
    if len(seats) == 1:
        return f"seat:{seats[0]}"
    sides = {state[KERNEL]["sides"][seat] for seat in seats}
    if len(sides) == 1 and seats:
        return f"side:{sides.pop()}"
    return "public"


def concerns_or_none(ruleset: Ruleset, state: dict[str, Any], seat: SeatId,
                     decision: Decision) -> Any:
    """The decision's concerns index, or None when building it fails.

    The index only helps the client pick units first; a bug in a ruleset's `options` (which
    the default index reads) must not cost the player the whole view, and with it the socket.
    The failure is logged with the decision's id and kind only, never its options."""
    try:
        return ruleset.concerns(state, seat, decision)
    except Exception:  # noqa: BLE001 - any ruleset bug; the view goes on without the index
        log.exception("concerns of decision %s (%s) failed; the view leaves them out",
                      decision.id, decision.kind)
        return None


# Decision fields a view leaves out at these values (`revisable` is only ever written true).
_USUAL = (("group", None), ("undoable", False), ("reaction", False))


def _keys(listed: list[Decision]) -> dict[str, str]:
    """Each listed decision's key in `/decisions`: its id, or for a question asked again
    (`Decision.asked`) its id without the `-<count>`, unless another listed decision has that
    key or that id already (then its id)."""
    ids = {d.id for d in listed}
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for decision in listed:
        key = decision.id
        if decision.asked is not None:
            base = decision.id[:-len(f"-{decision.asked}")]
            if base not in ids and base not in taken:
                key = base
        taken.add(key)
        keys[decision.id] = key
    return keys


def _header(decision: Decision, with_options: bool, keys: dict[str, str],
            seq: int) -> dict[str, Any]:
    """A decision's entry in a view: without its `id` (the key of `/decisions` says it) and
    without the flags at their usual values (issue #27: a decision's header is most of what a
    re-opened menu sends again; absent means null or false to the client). An entry keyed
    without its count carries `asked`: `/game/seq` less the count. Counts that go up with the
    steps, one an answer, keep it the same from one asking to the next, so asking again costs
    the patch nothing beyond `/game/seq`, which changes anyway."""
    entry = decision.to_json(with_options=with_options)
    del entry["id"]
    for flag, usual in _USUAL:
        if entry[flag] is usual:
            del entry[flag]
    if keys[decision.id] != decision.id and decision.asked is not None:
        entry["asked"] = seq - decision.asked
    return entry


def view_entry(view: dict[str, Any], decision_id: str) -> dict[str, Any] | None:
    """The entry of decision `decision_id` in a view's `/decisions` (under its id, or under
    its id without the count its `asked` gives), or None."""
    decisions: dict[str, dict[str, Any]] = view.get("decisions", {})
    entry = decisions.get(decision_id)
    if entry is not None and entry.get("asked") is None:
        return entry
    key, _, count = decision_id.rpartition("-")
    entry = decisions.get(key)
    if entry is not None and entry.get("asked") is not None and str(
            view["game"]["seq"] - entry["asked"]) == count:
        return entry
    return None


def view(ruleset: Ruleset, state: dict[str, Any], audience: Audience) -> dict[str, Any]:
    """The whole view of `audience`: the ruleset's view plus game facts and open decisions.

    Decisions show their options, and the units and places they concern, only to the audiences
    that hold them. `/decisions` is an object keyed by decision id (an entry leaves its `id`
    out: the key says it), so a patch adds or removes one decision at a time; `group`,
    `undoable` and `reaction` appear only when set. A paused decision (`Ruleset.paused`) is
    listed too (its options and what it concerns only to its holders: issue #27, so that a
    pause and its resumption do not take the index away and send it again) and named in
    `/game/paused_decisions`, a sorted list of keys: it stays in the view while another
    question is asked instead of leaving it and coming back, and a pause or resume is one
    change of that list. A question asked again after every answer (`Decision.asked`) is
    keyed without its count and carries `asked`, `/game/seq` less the count (`_header`).
    """
    return views(ruleset, state, [audience])[audience]


@dataclass(slots=True)
class _Listing:
    """What every audience's view of one state shares: the decisions listed (open, then
    paused), their keys, and each decision's concerns for a seat holding it, built once for
    all the audiences of one `views` call (issue #27: never kept beyond it, so no state
    changed in place since can be read from it; what an audience sees of it is still chosen
    per audience, by its entitled seats)."""

    final: dict[str, Any] | None
    open_now: list[Decision]
    waiting: list[Decision]
    keys: dict[str, str]
    concerns: dict[tuple[str, SeatId], Any]


def _listing(ruleset: Ruleset, state: dict[str, Any]) -> _Listing:
    kernel = state[KERNEL]
    final = result(ruleset, state)
    open_now = decisions(ruleset, state)
    waiting: list[Decision] = []   # paused: listed, never open (issue #27)
    if final is None:
        sealed = {d for group in kernel["sealed"].values() for d in group}
        waiting = held(ruleset, state, {d.id for d in open_now} | sealed)
    return _Listing(final, open_now, waiting, _keys(open_now + waiting), {})


def views(ruleset: Ruleset, state: dict[str, Any],
          audiences: list[Audience]) -> dict[Audience, dict[str, Any]]:
    """`view` for each of `audiences`, the decisions listed once for them all (`_Listing`):
    what the server does for every step, one view per audience of the game."""
    for audience in audiences:
        parse_audience(audience)
    listing = _listing(ruleset, state)
    return {audience: _view(ruleset, state, audience, listing) for audience in audiences}


def _view(ruleset: Ruleset, state: dict[str, Any], audience: Audience,
          listing: _Listing) -> dict[str, Any]:
    entitled = ruleset.audience_seats(state, audience)
    kernel = state[KERNEL]
    out = ruleset.view(state, audience)
    listed = {}
    open_now, waiting, keys = listing.open_now, listing.waiting, listing.keys
    for index, decision in enumerate(open_now + waiting):
        holder = next((seat for seat in decision.seats if seat in entitled), None)
        entry = _header(decision, holder is not None, keys, kernel["seq"])
        if holder is not None:
            # What it can act on, for unit-first orders (concerns.py): only for its holders.
            memo = (decision.id, holder)
            if memo not in listing.concerns:
                listing.concerns[memo] = concerns_or_none(ruleset, state, holder, decision)
            about = copy_json(listing.concerns[memo])
            if about:
                entry["concerns"] = about
        if index >= len(open_now):
            pass    # paused: who is ready or has answered is said when it opens
        elif decision.revisable:
            # Written orders: the others learn who is ready, never whether or what one wrote.
            entry["ready"] = sorted(kernel.get("ready", {}).get(decision.group, []))
        elif decision.group is not None:
            entry["answered"] = sorted(
                v["seat"] for v in kernel["sealed"].get(decision.group, {}).values())
        listed[keys[decision.id]] = entry
    out["decisions"] = listed
    final = listing.final
    # A seat's own sealed answers, for its holders only, until the group is revealed: a player
    # holding several seats still sees what he sealed for one while he answers for another.
    own = [{"decision": decision_id, "seat": answer["seat"], "action": copy_json(answer["action"])}
           for group in sorted(kernel["sealed"])
           for decision_id, answer in sorted(kernel["sealed"][group].items())
           if answer["seat"] in entitled]
    out["game"] = {
        "ruleset": kernel["ruleset"], "scenario": kernel["scenario"],
        "options": kernel["options"], "seq": kernel["seq"], "dice": kernel["dice"],
        "sides": kernel["sides"], "result": final,
        "paused_decisions": sorted(keys[d.id] for d in waiting),
        # A finished game offers no undo, though the step that ended it left an undo point.
        "undo": kernel["undo"]["seat"] if kernel["undo"] and final is None
        and kernel["undo"]["seat"] in entitled else None,
    }
    if own:
        out["game"]["sealed"] = own
    return out


def event_visible(event: dict[str, Any] | Event, entitled: frozenset[SeatId],
                  sides: dict[SeatId, str]) -> bool:
    """Whether an audience entitled to `entitled` seats may see the event."""
    audience = event.audience if isinstance(event, Event) else event.get("audience")
    if audience is None:
        return True
    kind, name = parse_audience(audience)
    if kind == "seat":
        return name in entitled
    if kind == "side":
        return any(sides.get(seat) == name for seat in entitled)
    return True


def events_for(ruleset: Ruleset, state: dict[str, Any], events: list[Event] | tuple[Event, ...],
               audience: Audience) -> list[dict[str, Any]]:
    """The events `audience` may see, as JSON."""
    entitled = ruleset.audience_seats(state, audience)
    sides = state[KERNEL]["sides"]
    out = []
    for event in events:
        if not event_visible(event, entitled, sides):
            continue
        if event.kind == "answer_sealed" and not any(
                event.data["seat"] == seat for seat in entitled):
            out.append({"kind": "answer_sealed", "rule": event.rule,
                        "data": {"seat": event.data["seat"], "group": event.data["group"]}})
            continue
        out.append(event.to_json())
    return out


def audiences(ruleset: Ruleset, state: dict[str, Any]) -> list[Audience]:
    """Every audience of the game: each seat, each side, and public (sorted)."""
    sides = state[KERNEL]["sides"]
    return ([f"seat:{s}" for s in sorted(sides)]
            + [f"side:{s}" for s in sorted(set(sides.values()))] + ["public"])


def timeout_action(ruleset: Ruleset, state: dict[str, Any], decision: Decision,
                   seat: SeatId) -> Any:
    """The action played for `seat` when its deadline passes."""
    return ruleset.timeout_default(state, decision, seat)


def expand_options(ruleset: Ruleset, state: dict[str, Any], seat: SeatId, decision_id: str,
                   query: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The legal answers of a decision, as items `{"action": …, …}`; enumerated decisions
    list their options as items too. Raises StaleDecision."""
    decision = open_decision(ruleset, state, seat, decision_id)
    if decision.options is not None:
        return [{"action": copy_json(option)} for option in decision.options]
    if query is not None and not isinstance(query, dict):
        raise MalformedAction("an options query must be a JSON object")
    return ruleset.options(state, seat, decision, query)
