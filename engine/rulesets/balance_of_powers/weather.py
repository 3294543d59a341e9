"""BoP 6.51 — weather: good or bad, by month and by the rulebook's map (the table is
tables.BAD_WEATHER), and what bad weather does.

Weather is read from the month and the map, never stored: the campaign's weather sub-phase
(4.1, the WEATHER step) announces it. What bad weather does here:
- 6.512/6.53: a location in bad weather has one fortnight, the first. On a map where every
  location has the same weather (North Europe: snow from November through February) that is a
  month of one fortnight: the script skips the second (steps.next_in_script).
- 6.512/10.3: an attack on a location in bad weather costs twice the usual RP.
- 6.512: no amphibious assault (an attack out of the landing counter, 6.453) in bad-weather
  months on North Europe or Africa.
Not here, because no map of ours reaches them (docs/rules/balance_of_powers.md, 6.51): the
second-fortnight rules of a map with both weathers at once (a corps starting the fortnight in
bad weather forfeits it; none may move or attack into bad weather), which only the Ottoman map
has; sickness (6.513, the Africa map); Interior Lines (6.52, The Great War scenario only).
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .tables import (
    ATTACK_COST,
    BAD_WEATHER,
    BAD_WEATHER_COST_FACTOR,
    GOOD_WEATHER,
    NO_AMPHIBIOUS_IN_BAD_WEATHER,
)
from .theatre import Theatre, theatre

MIXED = "mixed"   # a map with good and bad weather at once (the Ottoman map in summer, winter)


def month_of_year(month: str) -> int:
    """'1914-11' → 11."""
    return int(month.split("-")[1])


def _printed_row(th: Theatre, loc: str) -> int | None:
    """The row of a location's printed hex number ('0922' → 22); None for a box."""
    label = th.label.get(loc, "")
    return int(label[2:]) if len(label) == 4 and label.isdigit() else None


def weather_at(th: Theatre, month: str, loc: str) -> str:
    """BoP 6.511 — "good", or the cause of the bad weather at `loc` this month."""
    moy = month_of_year(month)
    for rulebook_map, months, rows, cause in BAD_WEATHER:
        if rulebook_map != th.rulebook_map or moy not in months:
            continue
        if rows is None:
            return cause
        row = _printed_row(th, loc)
        if row is not None and rows[0] <= row <= rows[1]:
            return cause
    return GOOD_WEATHER


def bad_weather(th: Theatre, month: str, loc: str) -> bool:
    return weather_at(th, month, loc) != GOOD_WEATHER


_MAP_WEATHER: dict[tuple[str, str, int], str] = {}


def map_weather(th: Theatre, month: str) -> str:
    """The weather of the whole map this month: "good", a cause ("snow"), or "mixed"."""
    key = (th.name, th.rulebook_map, month_of_year(month))
    found = _MAP_WEATHER.get(key)
    if found is None:
        every = {weather_at(th, month, loc) for loc in th.locs if loc not in th.water}
        found = _MAP_WEATHER[key] = every.pop() if len(every) == 1 else MIXED
    return found


def fortnights(th: Theatre, month: str) -> int:
    """BoP 6.512, 6.53 — fortnights in the month: one when the whole map has bad weather.
    A mixed map plays both (its second fortnight's limits are not implemented: see above)."""
    return 1 if map_weather(th, month) not in (GOOD_WEATHER, MIXED) else 2


def attack_cost(th: Theatre, month: str, target: str) -> int:
    """BoP 10.3, 6.512 — the RP an attack on `target` costs: double in bad weather."""
    return ATTACK_COST * (BAD_WEATHER_COST_FACTOR if bad_weather(th, month, target) else 1)


def amphibious_barred(th: Theatre, month: str) -> bool:
    """BoP 6.512 — no amphibious assault in a bad-weather month on North Europe or Africa."""
    return th.rulebook_map in NO_AMPHIBIOUS_IN_BAD_WEATHER and map_weather(
        th, month) != GOOD_WEATHER


def summary(th: Theatre, month: str) -> dict[str, Any]:
    """The month's weather as the view and the weather event give it."""
    return {"month": month, "weather": map_weather(th, month),
            "fortnights": fortnights(th, month), "map": th.rulebook_map}


def begin_weather(state: dict[str, Any], roller: Roller) -> list[Event]:
    """BoP 6.51 — the campaign's weather sub-phase: announce the month's weather (sickness,
    6.513, and Interior Lines, 6.52, would be decided here; neither arises in 12.1)."""
    th = theatre(state["board"]["map"])
    return [Event("weather", "BoP 6.51", summary(th, state["flow"]["month"]))]
