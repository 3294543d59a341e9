"""Balance of Powers bots — the issue's sanity checks over whole games (docs/bots.md).

Two checks, run over the log of a game the bots played (`match.play_match`), replayed through
the kernel with the game's seed so every answer is judged on the position it was chosen on:

- **capital**: when a side's half ends (the flow hands the move to the other side), every
  capital a level-2 seat of that side holds has one of the side's corps in it, unless no enemy
  corps can reach it next turn. "Can reach" is a march by the map: an enemy corps whose hex
  distance to the capital is at most its printed movement (terrain and zones of control are
  ignored, so the check errs toward reporting).
- **threshold**: every attack a level-2 seat declares (`combat`, and `proceed` after the
  bombardment) is worth more than `WEIGHTS["attack_threshold"]`, recomputed from that seat's
  own view of the position before the answer, as the bot saw it.

`python -m bench.bop_sanity --games N --seed K` plays level 2 on each side
against level 1 (or `--against greedy`) and prints the violations as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import kernel
from engine.kernel.canonical import state_hash
from engine.kernel.ruleset import Ruleset
from engine.rulesets.balance_of_powers.forces import UNITS, controller, side_of
from engine.rulesets.balance_of_powers.theatre import theatre

from ..heuristic import distances
from ..match import MatchReport
from . import phases
from .world import WEIGHTS, build_context, position_from_view

LEVEL2_ID = "bop-heuristic"


@dataclass
class Violation:
    check: str            # "capital" or "threshold"
    seq: int              # the log entry after which (capital) or at which (threshold)
    seat: str
    detail: dict[str, Any]


@dataclass
class SanityReport:
    capital_checks: int = 0
    attacks_checked: int = 0
    violations: list[Violation] = field(default_factory=list)


def reaching(state: dict[str, Any], th: Any, loc: str, side: str) -> list[str]:
    """The enemy corps (of `side`'s enemies) whose march could reach `loc` next turn."""
    by_loc: dict[str, list[str]] = {}
    for uid, unit in state["board"]["units"].items():
        owner = side_of(state, UNITS[uid].nation)
        if UNITS[uid].corps and owner is not None and owner != side and unit["at"] in th.adj:
            by_loc.setdefault(unit["at"], []).append(uid)
    if not by_loc:
        return []
    reach = max(UNITS[u].movement for us in by_loc.values() for u in us)
    near = distances([loc], lambda x: th.adj.get(x, ()), reach)
    return sorted(u for at, us in by_loc.items() if at in near for u in us
                  if near[at] <= UNITS[u].movement)


def empty_capitals(state: dict[str, Any], seats: Sequence[str], side: str) -> list[dict[str, Any]]:
    """The capitals of `seats` (nations of `side`) the side holds with none of its corps in
    them while an enemy corps can reach them."""
    th = theatre(state["board"]["map"])
    found = []
    for seat in seats:
        capital = th.capital.get(seat)
        if capital is None or side_of(state, controller(state, th, capital)) != side:
            continue
        held = any(UNITS[u].corps and v["at"] == capital and side_of(state, UNITS[u].nation) == side
                   for u, v in state["board"]["units"].items())
        if held:
            continue
        threat = reaching(state, th, capital, side)
        if threat:
            found.append({"capital": capital, "nation": seat, "enemy": threat[:6],
                          "month": state["flow"].get("month"),
                          "fortnight": state["flow"].get("fortnight")})
    return found


def attack_declared(ruleset: Ruleset, state: dict[str, Any], seat: str, decision_id: str,
                    action: Mapping[str, Any]) -> tuple[str, float] | None:
    """(kind, value) when the answer declares an attack (or proceeds with one), else None;
    the value recomputed from the seat's own view, as the level-2 bot scores it."""
    decision = next((d for d in kernel.decisions_for(ruleset, state, seat) if d.id == decision_id),
                    None)
    if decision is None:
        return None
    if decision.kind == "combat" and not action.get("done") and "target" in action:
        attack = dict(action)
    elif decision.kind == "proceed" and action.get("proceed"):
        attack = None
    else:
        return None
    view = kernel.view(ruleset, state, f"seat:{seat}")
    ctx = build_context(position_from_view(view), seat)
    if attack is None:
        combat = dict(ctx.position["flow"]["combat"])
        attack = {"units": list(combat["units"]), "target": combat["target"],
                  "point": combat["point"], "payer": combat["payer"]}
    return decision.kind, phases.attack_value(ctx, attack, phases.odds_of(ctx, attack))


def check_game(ruleset: Ruleset, scenario: str, report: MatchReport, *, seed: bytes,
               game_uid: str, level2: Sequence[str] | None = None,
               options: dict[str, Any] | None = None) -> SanityReport:
    """Replay `report.log` (a game `play_match` played with `seed` and `game_uid`) and check
    the answers of the level-2 seats (those whose entries are `by` the level-2 bot, or the
    seats named in `level2`)."""
    definition = ruleset.scenario(scenario)
    seats = [s["id"] for s in definition["seats"]]
    side_of_seat = {s["id"]: s["side"] for s in definition["seats"]}
    checked = set(level2) if level2 is not None else {
        e["seat"] for e in report.log if str(e.get("by") or "").startswith(f"bot:{LEVEL2_ID}@")}
    state, _ = kernel.new_game(ruleset, scenario, dict(options or {}), seats, seed, game_uid)
    out = SanityReport()
    threshold = WEIGHTS["attack_threshold"]
    for entry in report.log:
        if entry.get("kind", "act") != "act":
            raise ValueError(f"sanity: cannot replay a {entry.get('kind')!r} entry")
        seat = entry["seat"]
        if seat in checked:
            found = attack_declared(ruleset, state, seat, entry["decision"], entry["action"])
            if found is not None:
                out.attacks_checked += 1
                kind, value = found
                if not value > threshold:
                    out.violations.append(Violation("threshold", entry["seq"], seat, {
                        "kind": kind, "action": entry["action"], "value": round(value, 3),
                        "threshold": threshold}))
        before = state["flow"].get("side")
        state = kernel.apply(ruleset, state, seat, entry["decision"], entry["action"],
                             seed=seed).state
        after = state["flow"].get("side")
        if before is not None and after != before:
            mine = [s for s in sorted(checked) if side_of_seat.get(s) == before]
            if mine:
                out.capital_checks += 1
                for found_empty in empty_capitals(state, mine, before):
                    out.violations.append(Violation("capital", entry["seq"],
                                                    found_empty["nation"], found_empty))
    if report.final_hash and state_hash(state) != report.final_hash:
        raise ValueError("sanity: the replay does not reach the game's final state")
    return out
