"""How to play, one short page per scenario, built from the ruleset itself:

    howto("fatal_alliances", "east-prussia-1914") → {
        "ruleset", "ruleset_title", "scenario", "title", "cite", "facts",
        "sides": [{"id", "title", "seats": [{"id", "title", "colour"}]}],
        "victory": [...], "turn": [...],           # from the ruleset's teacher
        "first": [{"seat", "title", "moments": [{"step", "title", "decisions": [...]}]}]}

Sides and seats come from the manifest. What each side wants and the turn's picture come from
the ruleset's teacher (`teachers/`), which reads the engine's own data. The first decisions are
found by playing the opening: a new game on a fixed seed, every decision answered with the
ruleset's own default (what a missed deadline plays), noting for each seat the first few
moments it had to decide and what it was offered. Cached per ruleset version and scenario.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgame.reference import CITE_PREFIX
from engine import rulesets
from engine.kernel import game as kernel
from engine.kernel import simultaneous
from engine.kernel.errors import UnknownRuleset, UnknownScenario

from .teachers import SEED, teacher
from .teachers.common import title_of

MOMENTS_PER_SEAT = 4
OPENING_ACTIONS = 400   # at most; the opening stops sooner when nothing new comes up:
QUIET_ACTIONS = 30      # this many answers in a row without a seat meeting a new moment


def scenario_of(ruleset_id: str, scenario_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(manifest, scenario) or LookupError."""
    try:
        ruleset = rulesets.get(ruleset_id)
        return rulesets.manifest(ruleset), ruleset.scenario(scenario_id)
    except (UnknownRuleset, UnknownScenario) as exc:
        raise LookupError(str(exc)) from None


def scenarios() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every (manifest, scenario) of every ruleset: products first."""
    found = [(m, s) for m in rulesets.manifests() for s in m["scenarios"]]
    return sorted(found, key=lambda ms: (not ms[0]["product"], ms[0]["title"]))


def howto(ruleset_id: str, scenario_id: str) -> dict[str, Any]:
    manifest, scenario = scenario_of(ruleset_id, scenario_id)
    return _howto(ruleset_id, manifest["version"], scenario_id)


@lru_cache(maxsize=16)
def _howto(ruleset_id: str, version: str, scenario_id: str) -> dict[str, Any]:
    manifest, scenario = scenario_of(ruleset_id, scenario_id)
    found = teacher(ruleset_id)
    sides = [{"id": side["id"], "title": side["title"],
              "seats": [{"id": seat["id"], "title": seat["title"], "colour": seat.get("colour")}
                        for seat in scenario["seats"] if seat["side"] == side["id"]]}
             for side in scenario.get("sides", [])]
    titles = {seat["id"]: seat["title"] for seat in scenario["seats"]}
    return {
        "ruleset": ruleset_id, "ruleset_title": manifest["title"], "scenario": scenario_id,
        "title": scenario["title"], "cite": CITE_PREFIX.get(ruleset_id, ""),
        "facts": facts(scenario),
        "sides": sides,
        "victory": found.victory(scenario_id) if found else [],
        "turn": found.turn(scenario_id) if found else [],
        "first": [{"seat": seat, "title": titles.get(seat, seat), "moments": moments,
                   "note": getattr(found, "SEAT_NOTES", {}).get(seat, "")}
                  for seat, moments in first_decisions(ruleset_id, scenario_id).items()],
        "taught": found is not None,
    }


def facts(scenario: dict[str, Any]) -> list[tuple[str, str]]:
    """The scenario at a glance: players, length, what is hidden, its options."""
    out = []
    players = scenario.get("players")
    seats = len(scenario["seats"])
    if players:
        out.append(("Players", f"{players['min']}–{players['max']} ({seats} seats)"))
    else:
        out.append(("Seats", str(seats)))
    if scenario.get("turns"):
        out.append(("Length", f"{scenario['turns']} turns"))
    out.append(("Hidden information", "yes" if scenario.get("hidden_information") else "none"))
    out.append(("Simultaneous decisions", "yes" if scenario.get("simultaneous") else "no"))
    options = [o["title"] for o in scenario.get("options", [])]
    if options:
        out.append(("Table options", "; ".join(options)))
    return out


def first_decisions(ruleset_id: str, scenario_id: str) -> dict[str, list[dict[str, Any]]]:
    """Per seat, in seating order, the first steps in which it must decide, in a game opened
    with every default answer: each with the decisions the seat met there, grouped by kind
    ({"kind", "rule", "prompt", "more"}: `more` other decisions of that kind at once)."""
    ruleset = rulesets.get(ruleset_id)
    scenario = ruleset.scenario(scenario_id)
    seats = [seat["id"] for seat in scenario["seats"]]
    state, _ = kernel.new_game(ruleset, scenario_id, {}, seats, SEED, "learn")
    out: dict[str, list[dict[str, Any]]] = {seat: [] for seat in seats}
    titles = getattr(teacher(ruleset_id), "STEP_TITLES", {})
    quiet = 0
    for _ in range(OPENING_ACTIONS):
        open_now = kernel.decisions(ruleset, state)
        if not open_now or quiet >= QUIET_ACTIONS:
            break
        step = str(state.get("flow", {}).get("step", "")) or None
        quiet += 1
        for seat in seats:
            mine = [d for d in open_now if seat in d.seats]
            if not mine:
                continue
            moment = next((m for m in out[seat] if m["step"] == step), None)
            if moment is None and len(out[seat]) < MOMENTS_PER_SEAT:
                out[seat].append({"step": step,
                                  "title": titles.get(step, title_of(step or "decision")),
                                  "decisions": _grouped(mine)})
                quiet = 0
            elif moment is not None:
                # The same step again (a later half): what it offers now that it did not.
                known = {d["kind"] for d in moment["decisions"]}
                new = [d for d in _grouped(mine) if d["kind"] not in known]
                if new:
                    moment["decisions"] += new
                    quiet = 0
        if all(len(moments) >= MOMENTS_PER_SEAT for moments in out.values()):
            break
        decision = open_now[0]
        if decision.revisable and decision.group is not None:
            # Written orders are not answered one by one: the deadline resolves the group
            # with every seat's default orders.
            state = simultaneous.expire(ruleset, state, {}, decision.group, seed=SEED).state
            continue
        seat = decision.seats[0]
        action = kernel.timeout_action(ruleset, state, decision, seat)
        state = kernel.apply(ruleset, state, seat, decision.id, action, seed=SEED).state
    return out


def _grouped(decisions: list[Any]) -> list[dict[str, Any]]:
    """Decisions by kind: a kind asked in one or two ways is listed as asked ("March a whole
    stack", "March part of a stack"); one asked once per place (an attack on each target, a
    rail move from each station) as its first prompt and how many more there are."""
    kinds: dict[str, list[Any]] = {}
    for d in decisions:
        kinds.setdefault(d.kind, []).append(d)
    out = []
    for kind, same in kinds.items():
        prompts = list(dict.fromkeys(d.prompt for d in same))
        if len(prompts) <= 2:
            out += [{"kind": kind, "rule": next(d.rule for d in same if d.prompt == p),
                     "prompt": p, "more": 0} for p in prompts]
        else:
            out.append({"kind": kind, "rule": same[0].rule, "prompt": prompts[0],
                        "more": len(prompts) - 1})
    return out
