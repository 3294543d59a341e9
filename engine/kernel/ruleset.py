"""The ruleset protocol: what every game system implements.

A ruleset is a class whose instances hold no game state (only immutable indexes built at load
time). Every method receives the state; `apply_action` may change the working copy the kernel
hands it, nothing else may. The kernel (`engine.kernel.game`) wraps these hooks with the checks
every ruleset shares: the action answers an open decision of that seat, options are matched,
simultaneous answers are sealed until all are in, dice are counted, undo points are kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar

from .concerns import Concerns, concerns_of
from .dice import Roller
from .errors import BadSetup, IllegalAction, UnknownScenario
from .model import Audience, Decision, Event, SeatId, parse_audience

if TYPE_CHECKING:
    from .versions import Migration


@contextmanager
def memos_set_aside(*memos: dict[Any, Any]) -> Iterator[None]:
    """Empty the given memo dicts for the body, then give them back what they held: a
    ruleset's `caches_set_aside` in one line."""
    kept = [dict(memo) for memo in memos]
    for memo in memos:
        memo.clear()
    try:
        yield
    finally:
        for memo, held in zip(memos, kept, strict=True):
            memo.clear()
            memo.update(held)


class Ruleset:
    """Base class. Subclasses set `id`, `version`, `manifest` and override the hooks."""

    id: ClassVar[str]
    version: ClassVar[str]
    manifest: ClassVar[dict[str, Any]]
    # Shipped rulesets are listed to users; test rulesets are not.
    product: ClassVar[bool] = True
    # The dice a new game of this ruleset rolls (engine/kernel/dice.py): 1, one counter for the
    # game; 2, dice named by step and purpose, so a re-run step shifts no unrelated die. A game
    # keeps the version it started with, so raising this never changes a running game's dice.
    dice_version: ClassVar[int] = 1
    # The version history (engine/kernel/versions.py): every bump of `version` adds the
    # migration from the previous one, so running games are carried forward, never stranded.
    migrations: ClassVar[tuple[Migration, ...]] = ()
    # Earlier versions this engine still plays, by version (a ruleset may keep one loadable
    # beside the new, e.g. a subclass with the old rule): replay uses them for the moves
    # played before an upgrade.
    earlier: ClassVar[dict[str, Ruleset]] = {}
    # The answer fields that name units and locations: what the default `concerns` reads.
    unit_fields: ClassVar[tuple[str, ...]] = ("unit", "units")
    place_fields: ClassVar[tuple[str, ...]] = ("to", "target", "at", "from")

    # --- scenario helpers -------------------------------------------------------------------

    def scenario(self, scenario_id: str) -> dict[str, Any]:
        for scenario in self.manifest["scenarios"]:
            if scenario["id"] == scenario_id:
                found: dict[str, Any] = scenario
                return found
        raise UnknownScenario(f"{self.id} has no scenario {scenario_id!r}")

    def seat_side(self, scenario_id: str) -> dict[SeatId, str]:
        return {seat["id"]: seat["side"] for seat in self.scenario(scenario_id)["seats"]}

    def check_options(self, scenario_id: str, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and refuse unknown or ill-typed options (BadSetup)."""
        declared = {opt["id"]: opt for opt in self.scenario(scenario_id).get("options", [])}
        if not isinstance(options, dict):
            raise BadSetup("options must be a JSON object")
        unknown = sorted(set(options) - set(declared))
        if unknown:
            raise BadSetup(f"unknown options for {scenario_id}: {', '.join(unknown)}")
        filled = {}
        for key, opt in sorted(declared.items()):
            value = options.get(key, opt.get("default"))
            kind = opt.get("type", "boolean")
            if kind == "boolean" and not isinstance(value, bool):
                raise BadSetup(f"option {key} must be true or false")
            if kind == "integer":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise BadSetup(f"option {key} must be a whole number")
                low, high = opt.get("min"), opt.get("max")
                if (low is not None and value < low) or (high is not None and value > high):
                    raise BadSetup(f"option {key} must be between {low} and {high}")
            if kind == "choice" and value not in opt.get("choices", []):
                raise BadSetup(f"option {key} must be one of {', '.join(map(str, opt['choices']))}")
            filled[key] = value
        return filled

    def audience_seats(self, state: dict[str, Any], audience: Audience) -> frozenset[SeatId]:
        """The seats whose private information `audience` may see."""
        kind, name = parse_audience(audience)
        sides: dict[str, str] = state["kernel"]["sides"]
        if kind == "seat":
            if name not in sides:
                raise ValueError(f"no seat {name!r} in this game")
            return frozenset({name})
        if kind == "side":
            seats = frozenset(s for s, side in sides.items() if side == name)
            if not seats:
                raise ValueError(f"no side {name!r} in this game")
            return seats
        return frozenset()

    # --- hooks ------------------------------------------------------------------------------

    def setup(self, scenario: str, options: dict[str, Any], seats: list[SeatId],
              roller: Roller) -> dict[str, Any]:
        """The initial state (without the kernel's own `kernel` entry)."""
        raise NotImplementedError

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        raise NotImplementedError

    def paused(self, state: dict[str, Any]) -> list[Decision]:
        """Decisions set aside while others are asked, that open again afterwards under the
        same ids (a seat's menu while its force moves or a combat asks its questions): views
        list them and name them in `/game/paused_decisions`, so that a patch need not take them away and
        bring them back (issue #27). Never open: an answer to one is refused
        (`PausedDecision`). Derived from the state alone; by default none."""
        return []

    def apply_action(self, state: dict[str, Any], seat: SeatId, decision: Decision,
                     action: Any, roller: Roller) -> list[Event]:
        """Carry out a validated answer on the working copy; returns the events."""
        raise NotImplementedError

    def resolve_group(self, state: dict[str, Any], group: str,
                      answers: list[tuple[Decision, SeatId, Any]], roller: Roller) -> list[Event]:
        """Every decision of a simultaneous group is answered: reveal and resolve them together.

        `answers` is sorted by decision id."""
        raise NotImplementedError

    def validate(self, state: dict[str, Any], seat: SeatId, decision: Decision,
                 action: Any) -> Any:
        """Schema decisions: return the normalised action or raise Malformed/IllegalAction.

        Enumerated decisions are matched by the kernel and never reach this hook.
        """
        raise IllegalAction("kernel", "no_validator", {"decision": decision.id},
                            "This decision cannot be answered yet.")

    def options(self, state: dict[str, Any], seat: SeatId, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        """Expand a schema decision: items `{"action": …, …details}`, sorted, each legal."""
        return []

    def view(self, state: dict[str, Any], audience: Audience) -> dict[str, Any]:
        """What `audience` may see of the ruleset's part of the state (a new dict)."""
        raise NotImplementedError

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        """None while the game goes on; `{"winner"…, "reason"…}` at the end."""
        raise NotImplementedError

    def concerns(self, state: dict[str, Any], seat: SeatId, decision: Decision) -> Concerns:
        """The units and locations an open decision of `seat` can act on (engine/kernel/
        concerns.py): by default the `unit_fields` and `place_fields` of its answers — the
        enumerated options, or the expanded items of a schema decision."""
        if decision.options is not None:
            actions: list[Any] = list(decision.options)
        else:
            actions = [item.get("action") for item in self.options(state, seat, decision, None)]
        return concerns_of(actions, self.unit_fields, self.place_fields, decision.data)

    def why_not(self, state: dict[str, Any], seat: SeatId, decision: Decision, action: Any,
                refusal: IllegalAction) -> IllegalAction:
        """A refusal said more precisely, for a player who asks why an order is not allowed
        (engine/kernel/inquiry.py): which hex blocks the way, which rule forbids the stack. It
        is called only with an action the legality gate refused (`refusal`), on a copy of the
        state, and never changes what is legal. By default, the refusal itself."""
        return refusal

    def timeout_default(self, state: dict[str, Any], decision: Decision, seat: SeatId) -> Any:
        """The action played for a seat whose deadline passed: by default the first option."""
        if decision.options:
            return decision.options[0]
        items = self.options(state, seat, decision, None)
        if not items:
            raise AssertionError(f"no timeout default for {decision.id}")
        return items[0]["action"]

    def clear_caches(self) -> None:
        """Forget every memo of derived facts (decisions, supply, zones of control).

        A ruleset may memoise pure functions of a position on a content key; selfplay clears
        the memos and recomputes to prove that no key misses what the result depends on."""

    @contextmanager
    def caches_set_aside(self) -> Iterator[None]:
        """Run the body with every memo empty (selfplay's cold listing for its stale-cache
        check). A ruleset whose memos can be put back afterwards overrides this, so that the
        actions after the check do not pay to rebuild what the check threw away; this default
        only clears them."""
        self.clear_caches()
        yield

    def check_invariants(self, state: dict[str, Any]) -> None:
        """Raise AssertionError if the state breaks a rule that must always hold."""

    def describe_action(self, state: dict[str, Any], decision: Decision, action: Any) -> str:
        """A short text form of an action for logs and confirmations."""
        return f"{decision.kind} {action}"
