"""FA 19.2.1 — foreign troop commitment: land units entering the unconquered home country of a
friendly major power they do not co-operate with (19.1: the BEF in France, Germans in the
Ottoman Empire, Russians in France …), and minor countries' units entering the home country
of another minor aligned with their side (Serbians in Montenegro …).

A power's land units may enter such a country only while the limit holds with them there
(11.9 exceptions, 19.2.1 "you may not voluntarily exceed"): at least one HQ of the power in
that country, and its non-HQ land units there (divisions ½) no more than the HQs' printed
reorganisation values together. Every way in is checked — land movement, rail, naval
transport (11.3.4, 11.10), advance after combat and retreat. The end-of-step
destruction of units that came in and lost their cover is commitment.py's; a retreat with
no other way shatters (resolution.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .position import co_operates, commander, in_home_country, is_friendly, map_of, on_map
from .powers import POWER_SIDE, power_of_country


def host_of(state: dict[str, Any], hex_id: str, mover: str | None = None) -> str | None:
    """The major power whose unconquered home country holds the hex, if any; for a minor
    country's units (`mover` a minor) also an aligned minor's unconquered home country."""
    home = map_of(state).hex(hex_id).home
    host = power_of_country(home) if home is not None else None
    if host is None or not in_home_country(state, hex_id, host):
        return None
    if host in POWER_SIDE:
        return host
    minor_mover = mover is not None and mover not in POWER_SIDE
    return host if minor_mover and host in state["board"]["aligned"] else None


def foreign_host(state: dict[str, Any], power: str, hex_id: str) -> str | None:
    """The host whose commitment limit `power`'s units meet in that hex: a friendly major
    that is not the units' own (or their controlling major) and does not co-operate with
    them, or — for a minor's units — another minor aligned with their side. None where no
    limit applies (home, co-operating partners, enemies' countries, a major's units in an
    aligned minor)."""
    host = host_of(state, hex_id, power)
    if host is None or host == power or host == commander(state, power):
        return None
    if not is_friendly(state, power, host) or co_operates(state, power, host):
        return None
    return host


def commitment_met(state: dict[str, Any], host: str, arriving: list[dict[str, Any]]) -> bool:
    """FA 19.2.1 — the limit with `arriving` in the host's home country: for each power among
    them, an HQ of that power there and its non-HQ land units (divisions ½) within the total
    printed reorganisation value of its HQs there."""
    ids = {u["id"] for u in arriving}
    for power in sorted({u["power"] for u in arriving}):
        there = [u for u in on_map(state) if u["power"] == power and u["id"] not in ids
                 and host_of(state, u["hex"], power) == host]
        there += [u for u in arriving if u["power"] == power]
        hqs = [u for u in there if u["type"] == "HQ"]
        if not hqs:
            return False
        troops = sum(Fraction(1, 2) if u["size"] == "div" else Fraction(1)
                     for u in there if u["type"] != "HQ")
        if troops > sum(h["reorg"] for h in hqs):
            return False
    return True


def may_enter(state: dict[str, Any], stack: list[dict[str, Any]], from_hex: str | None,
              to_hex: str) -> bool:
    """FA 19.2.1 / 11.9 — `stack` may enter `to_hex` from `from_hex` as far as foreign troop
    commitment goes: moving inside the host's country is no new entry."""
    power = stack[0]["power"]
    host = foreign_host(state, power, to_hex)
    if host is None or (from_hex is not None and host_of(state, from_hex, power) == host):
        return True
    return commitment_met(state, host, stack)
