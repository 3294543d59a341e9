"""Engine figures per ruleset and scenario: apply, legal options, view+diff, replay, size.

Rulesets that are not products (the kernel's test ruleset) are measured too, labelled so.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine import kernel, rulesets
from engine.kernel.canonical import canonical_json
from engine.kernel.diff import make_patch
from engine.kernel.record import build_record, log_entry, replay, versions_of
from engine.kernel.selfplay import Chooser, game_seed, play_written_group

from . import fa_naval, naval


def _ms(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {}
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered) * 1000, 4),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 4),
            "n": len(ordered)}


def _share(patches: list[int], views: list[int]) -> float | None:
    """The median of patch bytes / view bytes over the steps, in percent."""
    shares = [p / v for p, v in zip(patches, views, strict=True) if v]
    return round(statistics.median(shares) * 100, 2) if shares else None


def _by_key(by_key: dict[str, int]) -> dict[str, float]:
    total = sum(by_key.values())
    return {key: round(100 * size / total, 1)
            for key, size in sorted(by_key.items(), key=lambda kv: (-kv[1], kv[0]))} if total else {}


def measure(ruleset: kernel.Ruleset, scenario: str, games: int = 3,
            options: dict[str, Any] | None = None, max_actions: int = 300) -> dict[str, Any]:
    definition = ruleset.scenario(scenario)
    seats = [seat["id"] for seat in definition["seats"]]
    limit = min(definition.get("max_actions") or max_actions, max_actions)
    apply_times: list[float] = []
    resolution_times: list[float] = []  # written orders: a group written, readied, resolved
    options_times: list[float] = []
    view_diff: dict[str, list[float]] = {}
    patch_bytes: dict[str, list[int]] = {}
    view_bytes: dict[str, list[int]] = {}
    by_key: dict[str, int] = {}         # patch bytes by the view's top-level key they change
    index_times: list[float] = []       # the unit-first index of every open decision, a step
    index_bytes: list[int] = []
    state_bytes = 0
    replay_rate = []
    for game in range(games):
        seed = game_seed(99, game)
        chooser = Chooser(99, game)
        state, _ = kernel.new_game(ruleset, scenario, dict(options or {}), seats, seed, f"b{game}")
        log = []
        views = {a: kernel.view(ruleset, state, a) for a in kernel.audiences(ruleset, state)}
        while kernel.result(ruleset, state) is None and len(log) < limit:
            started = time.perf_counter()
            open_now = kernel.decisions(ruleset, state)
            if not open_now:
                break
            decision = open_now[chooser.index(len(open_now))]
            if decision.revisable:
                # Written orders (TWTEAW): no step of `apply` (simultaneous.py); the group's
                # orders are written and every seat says ready, the last ready resolving the
                # turn's group. That resolution is the step measured (views, patches).
                started = time.perf_counter()
                state = play_written_group(ruleset, state, decision.group, chooser, seed, log,
                                           by="bench")
                resolution_times.append(time.perf_counter() - started)
            else:
                seat = decision.seats[chooser.index(len(decision.seats))]
                items = kernel.expand_options(ruleset, state, seat, decision.id, None)
                options_times.append(time.perf_counter() - started)
                if not items:
                    break
                action = items[chooser.index(len(items))]["action"]
                started = time.perf_counter()
                outcome = kernel.apply(ruleset, state, seat, decision.id, action, seed=seed)
                apply_times.append(time.perf_counter() - started)
                log.append(log_entry(len(log) + 1, seat, decision.id, action, outcome))
                state = outcome.state
            if kernel.result(ruleset, state) is None:
                started = time.perf_counter()
                index = {d.id: ruleset.concerns(state, d.seats[0], d)
                         for d in kernel.decisions(ruleset, state)}
                index_times.append(time.perf_counter() - started)
                index_bytes.append(len(canonical_json(index)))
            for audience, old in views.items():
                started = time.perf_counter()
                new = kernel.view(ruleset, state, audience)
                ops = make_patch(old, new)
                view_diff.setdefault(audience, []).append(time.perf_counter() - started)
                patch_bytes.setdefault(audience, []).append(len(canonical_json(ops)))
                for op in ops:
                    key = op["path"].split("/", 2)[1]
                    by_key[key] = by_key.get(key, 0) + len(canonical_json(op)) + 1
                view_bytes.setdefault(audience, []).append(len(canonical_json(new)))
                views[audience] = new
        state_bytes = max(state_bytes, len(canonical_json(state)))
        record = build_record(ruleset, scenario=scenario, options=state["kernel"]["options"],
                              seats=[{"seat": s} for s in seats], game_uid=f"b{game}",
                              commitment=kernel.commitment(seed), actions=log,
                              versions=versions_of(ruleset, scenario), seed=seed)
        started = time.perf_counter()
        replay(record, ruleset)
        elapsed = time.perf_counter() - started
        if log:
            replay_rate.append(len(log) / elapsed)
    total_apply = sum(apply_times)
    return {
        "ruleset": ruleset.id, "scenario": scenario, "product": ruleset.product,
        "actions": len(apply_times),
        "apply_actions_per_s": round(len(apply_times) / total_apply, 1) if total_apply else None,
        "apply": _ms(apply_times),
        "written_group_resolved": _ms(resolution_times),
        "legal_options": _ms(options_times),
        "view_plus_diff": {a: _ms(s) for a, s in sorted(view_diff.items())},
        "patch_bytes_mean": {a: round(statistics.mean(b), 1) for a, b in sorted(patch_bytes.items())},
        "view_bytes_mean": {a: round(statistics.mean(b), 1) for a, b in sorted(view_bytes.items())},
        # Issue #27's goal: a patch at most a twentieth of the view it updates (median per step).
        "patch_share_median": {a: _share(patch_bytes[a], view_bytes[a]) for a in sorted(patch_bytes)},
        "patch_share_median_all": _share([p for a in patch_bytes for p in patch_bytes[a]],
                                         [v for a in view_bytes for v in view_bytes[a]]),
        # Which parts of the view the patch bytes change: the share of all patch bytes per
        # top-level key (an op's bytes plus its comma), largest first.
        "patch_bytes_by_key": _by_key(by_key),
        "state_bytes_max": state_bytes,
        # What each open decision concerns (engine/kernel/concerns.py), for unit-first orders:
        # built once a step for every decision, and its size in the holders' views.
        "unit_index": _ms(index_times),
        "unit_index_bytes_mean": round(statistics.mean(index_bytes), 1) if index_bytes else 0,
        "unit_index_bytes_max": max(index_bytes, default=0),
        "replay_actions_per_s": round(statistics.median(replay_rate), 1) if replay_rate else None,
    }


def run(games: int = 3, max_actions: int = 300, only: str | None = None,
        scenario_only: str | None = None) -> dict[str, Any]:
    results = []
    for ruleset in rulesets.all_rulesets():
        if only is not None and ruleset.id != only:
            continue
        for scenario in ruleset.manifest["scenarios"]:
            if scenario_only is not None and scenario["id"] != scenario_only:
                continue
            results.append(measure(ruleset, scenario["id"], games=games,
                                   max_actions=max_actions))
            for option in scenario.get("options", []):
                # Hidden set-ups and other boolean variants are measured on their own too.
                if option.get("type", "boolean") == "boolean" and option.get("default") is False:
                    figures = measure(ruleset, scenario["id"], games=games,
                                      options={option["id"]: True}, max_actions=max_actions)
                    figures["options"] = {option["id"]: True}
                    results.append(figures)
    out: dict[str, Any] = {"engine": results}
    if only in (None, "balance_of_powers"):
        out["bop_naval"] = naval.run()     # BoP's naval options and one battle (issue #21)
    if only in (None, "fatal_alliances"):
        out["fa_naval"] = fa_naval.run()   # FA's naval options and one interception (issue #22)
    return out
