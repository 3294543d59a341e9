"""What the table page derives for its reader (issue #18, table set-up traps): the seats by
side, the options in words and as one input each, and why the game cannot start yet.

Read from the table and its scenario's definition only; nothing here changes the table.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from boardgame.api.errors import ServiceError
from engine import rulesets
from engine.kernel import UnknownRuleset, UnknownScenario

from .models import Seat, Table


def scenario_definition(table: Table) -> dict[str, Any]:
    """The table's scenario, or {} for a table whose ruleset or scenario is gone."""
    try:
        return rulesets.get(table.ruleset).scenario(table.scenario)
    except (UnknownRuleset, UnknownScenario):
        return {}


def seats_by_side(definition: dict[str, Any], seats: list[Seat]) -> list[dict[str, Any]]:
    """The seats grouped under their side's title, sides in the scenario's order (a side the
    scenario does not list, from an old table, comes last under its id)."""
    titles = {side["id"]: side.get("title", side["id"]) for side in definition.get("sides", [])}
    order = list(titles)
    groups: dict[str, list[Seat]] = {}
    for seat in seats:
        groups.setdefault(seat.side, []).append(seat)
    ordered = sorted(groups, key=lambda side: (order.index(side) if side in order
                                               else len(order), side))
    return [{"side": side, "title": titles.get(side, side), "seats": groups[side],
             "free": sum(1 for s in groups[side] if s.user_id is None)} for side in ordered]


def _in_words(spec: dict[str, Any], value: Any) -> str:
    if spec.get("type") == "boolean":
        return "yes" if value else "no"
    return str(value)


def options_in_words(definition: dict[str, Any], options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each option as label, value in words, and the input the edit form draws for it."""
    specs = {spec["id"]: spec for spec in definition.get("options", [])}
    rows = []
    for option_id, spec in specs.items():
        value = options.get(option_id, spec.get("default"))
        rows.append({"id": option_id, "label": spec.get("title") or option_id,
                     "type": spec.get("type"), "choices": spec.get("choices") or [],
                     "min": spec.get("min"), "max": spec.get("max"),
                     "value": value, "words": _in_words(spec, value)})
    for option_id in sorted(set(options) - set(specs)):   # an option the scenario no longer names
        rows.append({"id": option_id, "label": option_id, "type": None, "choices": [],
                     "value": options[option_id], "words": str(options[option_id])})
    return rows


def options_from_form(definition: dict[str, Any], form: QueryDict) -> dict[str, Any]:
    """The options the edit form sent, one input per option (`opt_<id>`; an unticked box is
    absent, so it is false). A number that is not one is refused by name."""
    options: dict[str, Any] = {}
    for spec in definition.get("options", []):
        name, label = f"opt_{spec['id']}", spec.get("title") or spec["id"]
        if spec.get("type") == "boolean":
            options[spec["id"]] = name in form
        elif spec.get("type") == "integer":
            text = form.get(name, "").strip()
            try:
                options[spec["id"]] = int(text)
            except ValueError:
                raise ServiceError(f"{label}: {text!r} is not a whole number.",
                                   code="table/bad_setup", option=spec["id"]) from None
        elif name in form:
            options[spec["id"]] = form[name]
    return options


def start_blocked_because(table: Table, seats: list[Seat]) -> str | None:
    """Why the host cannot start yet, in words; None when he can."""
    free = [s.title for s in seats if s.user_id is None]
    if free:
        return f"Waiting for a player at {_listed(free)}."
    unready = [s.title for s in seats if not s.ready]
    if unready:
        return f"Waiting for {_listed(unready)} to say ready."
    if table.state != Table.State.FULL:
        return f"The table is {table.get_state_display().lower()}."
    return None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
