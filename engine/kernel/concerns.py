"""What an open decision is about: the units and locations it concerns (issue #18).

A player gives orders the way a wargamer does: click a counter, see what it can do now, click
where it goes. For that the page needs to know, for every open decision of the seats it holds,
which counters and which locations the decision can act on. The server builds that index from
the decisions' own options (the rule engine stays the one source of what is legal) and sends it
in each decision's entry of the view, `concerns: {"units": [...], "places": [...]}` — only to
the audiences that hold the decision, like its options, so it never tells an audience more than
the options it already sees.

`Ruleset.concerns` is the hook. Its default reads the answers of the decision (the enumerated
options, or the expanded items of a schema decision) and collects the values of the fields that
name units (`Ruleset.unit_fields`) and locations (`Ruleset.place_fields`), and the location
fields of the decision's `data`. A ruleset whose expansion is costly, or whose fields are named
otherwise, overrides it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Concerns = dict[str, list[str]]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [item for item in value if isinstance(item, str)]
    return []


def concerns_of(actions: Iterable[Any], unit_fields: Iterable[str], place_fields: Iterable[str],
                data: Mapping[str, Any] | None = None) -> Concerns:
    """The units and places named by `actions` (and by `data`'s place fields), each sorted and
    without repeats; a key is left out when it names nothing."""
    unit_keys = tuple(unit_fields)
    place_keys = tuple(place_fields)
    units: set[str] = set()
    places: set[str] = set()
    for action in actions:
        if not isinstance(action, Mapping):
            continue
        for key in unit_keys:
            units.update(_strings(action.get(key)))
        for key in place_keys:
            places.update(_strings(action.get(key)))
    for key in place_keys:
        places.update(_strings((data or {}).get(key)))
    return shaped(units, places)


def shaped(units: Iterable[str], places: Iterable[str]) -> Concerns:
    """The wire form: sorted lists, empty keys left out."""
    out: Concerns = {}
    unit_list = sorted(set(units))
    place_list = sorted(set(places))
    if unit_list:
        out["units"] = unit_list
    if place_list:
        out["places"] = place_list
    return out
