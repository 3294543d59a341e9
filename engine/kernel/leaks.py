"""Leak detection by poisoning: a view must not change with what its audience may not see.

Every value hidden from an audience — the other seats' `secret[<seat>]` entries, their sealed
simultaneous answers, the undo point — is replaced by a unique marker (shapes and keys kept).
If a marker shows up in the audience's view, the view leaked it.
"""

from __future__ import annotations

from typing import Any

from . import simultaneous
from .canonical import canonical_json
from .game import KERNEL, copy_json, decisions, view
from .model import Audience
from .ruleset import Ruleset

_INT_BASE = 7_300_000_000_000


class _Poisoner:
    def __init__(self) -> None:
        self.count = 0
        self.markers: set[str] = set()
        self.ints: set[int] = set()

    def string(self) -> str:
        self.count += 1
        marker = f"\u2063leak{self.count}\u2063"
        self.markers.add(marker)
        return marker

    def poison(self, value: Any) -> Any:
        if isinstance(value, dict):
            # Keys stay: rulesets read others' secrets by key to build decisions (whose
            # options the view then withholds); a leak of values is what this finds.
            return {key: self.poison(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.poison(item) for item in value]
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int):
            self.count += 1
            number = _INT_BASE + self.count
            self.ints.add(number)
            return number
        if isinstance(value, str):
            return self.string()
        return value


def find_leaks(ruleset: Ruleset, state: dict[str, Any], audience: Audience) -> list[str]:
    """Paths in `audience`'s view that carry information hidden from it; [] when clean."""
    poisoned, poisoner = poison_hidden(ruleset, state, audience, share=True)
    if not poisoner.count:
        return []
    found: list[str] = []
    _search(view(ruleset, poisoned, audience), "", poisoner, found)
    return found


def poison_hidden(ruleset: Ruleset, state: dict[str, Any], audience: Audience, *,
                  share: bool = False) -> tuple[dict[str, Any], _Poisoner]:
    """A copy of `state` with everything hidden from `audience` replaced by markers (the
    poisoner's `count` is 0 when nothing is hidden). An answer computed for `audience` that
    differs between the two states depends on what it may not see.

    With `share` the copy is new only along the paths it poisons (the top, `secret`, the
    kernel's `sealed` and undo point) and shares the rest with `state`: for a reader that
    never writes to it, as a view (the leak check of every step would otherwise copy the
    whole board once per audience)."""
    entitled = ruleset.audience_seats(state, audience)
    poisoned = _copy_poisonable(state) if share else copy_json(state)
    poisoner = _Poisoner()
    secret = poisoned.get("secret", {})
    for seat in sorted(secret):
        if seat not in entitled:
            secret[seat] = poisoner.poison(secret[seat])
    kernel = poisoned[KERNEL]
    for group in sorted(kernel["sealed"]):
        for _, entry in sorted(kernel["sealed"][group].items()):
            if entry["seat"] not in entitled:
                entry["action"] = poisoner.poison(entry["action"])
    if kernel["undo"] is not None:
        undo_state = kernel["undo"]["state"]
        if "secret" in undo_state:
            undo_state["secret"] = poisoner.poison(undo_state["secret"])
    return poisoned, poisoner


def _copy_poisonable(state: dict[str, Any]) -> dict[str, Any]:
    """`state` copied only where `poison_hidden` writes: everything else is shared."""
    out = dict(state)
    if "secret" in out:
        out["secret"] = dict(out["secret"])
    kernel = out[KERNEL] = dict(state[KERNEL])
    kernel["sealed"] = copy_json(kernel["sealed"])
    if kernel["undo"] is not None:
        undo = kernel["undo"] = dict(kernel["undo"])
        undo["state"] = dict(undo["state"])
    return out


def _search(value: Any, path: str, poisoner: _Poisoner, found: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and _marked(key, poisoner):
                found.append(f"{path}/{key} (key)")
            _search(item, f"{path}/{key}", poisoner, found)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _search(item, f"{path}/{index}", poisoner, found)
    elif isinstance(value, str):
        if _marked(value, poisoner):
            found.append(path)
    elif isinstance(value, int) and not isinstance(value, bool) and value in poisoner.ints:
        found.append(path)


def _marked(text: str, poisoner: _Poisoner) -> bool:
    return "\u2063leak" in text and any(marker in text for marker in poisoner.markers)


def find_order_leaks(ruleset: Ruleset, state: dict[str, Any], book: simultaneous.Book,
                     audience: Audience) -> list[str]:
    """Written orders by non-interference: `audience`'s view must not change when the orders
    of seats it is not entitled to change — in content (poisoned), or in number or existence
    (all withdrawn, written twice over, or written where none was). Poisoning alone would miss a derived field such as
    a count of the others' orders; comparing whole views catches it."""
    entitled = ruleset.audience_seats(state, audience)
    seen = canonical_json(simultaneous.view_with_orders(ruleset, state, book, audience))
    poisoner = _Poisoner()
    mine = {group: {d: o for d, o in orders.items() if o["seat"] in entitled}
            for group, orders in book.items()}
    others = {group: {d: o for d, o in orders.items() if o["seat"] not in entitled}
              for group, orders in book.items()}
    variants = {
        "withdrawn": mine,
        "poisoned": {group: {**mine[group], **{d: {"seat": o["seat"],
                                                  "action": poisoner.poison(o["action"])}
                                              for d, o in others[group].items()}}
                     for group in book},
        "doubled": {group: {**mine[group], **others[group],
                            **{f"{d}\u2063twin": dict(o) for d, o in others[group].items()}}
                    for group in book},
    }
    invented = copy_json(book)
    for decision in decisions(ruleset, state):
        seat = decision.seats[0]
        group = decision.group
        if decision.revisable and group is not None and seat not in entitled and (
                decision.id not in invented.get(group, {})):
            invented.setdefault(group, {})[decision.id] = {
                "seat": seat, "action": ruleset.timeout_default(state, decision, seat)}
    variants["invented"] = invented
    found = []
    for name, variant in variants.items():
        if canonical_json(simultaneous.view_with_orders(ruleset, state, variant,
                                                        audience)) != seen:
            found.append(f"orders of other seats ({name}) change the view of {audience}")
    return found
