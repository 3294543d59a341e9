"""The facts every other module asks of the powers' relations, and nothing else: the treaty
level between two powers, the war graph (who is at war with whom), who is conquered, and the
casus belli each holds (and when a casus belli that lapses does). Kept below treaties, war, peace and US entry (which all read them) so
that none of those has to import another inside a function to break a cycle.

`board["treaties"]` is keyed by `pair(a, b)`; `board["wars"]` holds one edge per pair of
major powers at war; `board["casus_belli"]` maps a power to the targets it holds casus belli
against (sorted); `board["casus_belli_until"]` maps "holder>against" to the turn at the end of
whose political step a lapsing casus belli (IPO 9's) goes; one with no entry lasts until used.
"""

from __future__ import annotations

from typing import Any

from .powers import SEATS

Board = dict[str, Any]


def pair(a: str, b: str) -> str:
    return "-".join(sorted((a, b)))


def level(board: Board, a: str, b: str) -> int:
    return int(board["treaties"].get(pair(a, b), {}).get("level", 0))


def at_war(board: Board, a: str, b: str) -> bool:
    return any({w["aggressor"], w["target"]} == {a, b} for w in board["wars"])


def enemies(board: Board, power: str) -> list[str]:
    return sorted({w["target"] if w["aggressor"] == power else w["aggressor"]
                   for w in board["wars"] if power in (w["aggressor"], w["target"])})


def conquered(board: Board, power: str) -> bool:
    return power in board["conquered"]


def still_at_war_with(board: Board, power: str, cause: str) -> bool:
    """At war still with a country it declared war on: a major power or a minor (IPO 16)."""
    if cause in SEATS:
        return any(w["aggressor"] == power and w["target"] == cause for w in board["wars"])
    return any(w["power"] == power and w["minor"] == cause for w in board["minor_wars"])


def enough_is_enough(board: Board, power: str, target: str) -> bool:
    """DoD 8.7.1 IPO 16 — every League power holds casus belli against the subject of an
    'enough is enough' in force while it is at war with the sanction's cause."""
    league = board.get("league", {})
    return power in league.get("members", ()) and any(
        s["kind"] == "enough" and s["on"] == target and still_at_war_with(board, target,
                                                                            s["cause"])
        for s in league.get("sanctions", ()))


def purged_before(board: Board) -> bool:
    """DoD 8.7.2 RU 4 — RU 6 (Purge) played in a turn before this one (RULING 107)."""
    turn = board.get("national", {}).get("played", {}).get("RU6")
    return turn is not None and int(turn) < int(board["turn"])


def has_casus_belli(board: Board, power: str, target: str) -> bool:
    """DoD 8.7.2 MP 4 — held casus belli, or automatic casus belli against every enemy of a
    level-3 treaty partner (MP 3), or against the subject of 'enough is enough' (IPO 16), or
    the Soviet Union's lasting one against Germany after GE 11 (RULING 109)."""
    if target in board["casus_belli"].get(power, []) or enough_is_enough(board, power, target):
        return True
    if power == "RU" and target == "GE" and "GE11" in board.get("national", {}).get("played", {}):
        return True
    return any(level(board, power, partner) >= 3 and at_war(board, partner, target)
               for partner in SEATS if partner != power)


def grant_casus_belli(board: Board, power: str, target: str) -> None:
    """A lasting casus belli: it also ends any lapse date the pair had."""
    board["casus_belli_until"].pop(f"{power}>{target}", None)
    held = board["casus_belli"].setdefault(power, [])
    if target not in held:
        held.append(target)
        held.sort()


def grant_casus_belli_until(board: Board, power: str, target: str, turn: int) -> None:
    """A casus belli that lapses at the end of `turn`'s political step (IPO 9); a lasting one
    already held stays lasting, a lapsing one is extended."""
    key = f"{power}>{target}"
    held = target in board["casus_belli"].get(power, [])   # a level-3 partner's is not held
    if held and key not in board["casus_belli_until"]:
        return
    grant_casus_belli(board, power, target)
    board["casus_belli_until"][key] = turn


def lapse_casus_belli(board: Board) -> list[str]:
    """At the end of political affairs: drop the casus belli whose time is up; returns their
    "holder>against" keys."""
    gone = sorted(k for k, turn in board["casus_belli_until"].items() if turn <= board["turn"])
    for key in gone:
        holder, target = key.split(">")
        drop_casus_belli(board, holder, target)
    return gone


def drop_casus_belli(board: Board, power: str, target: str) -> None:
    """`power`'s casus belli against `target` is gone (used, lapsed or cancelled)."""
    board["casus_belli_until"].pop(f"{power}>{target}", None)
    held = board["casus_belli"].get(power, [])
    if target in held:
        held.remove(target)
    if not held:
        board["casus_belli"].pop(power, None)


def clear_casus_belli(board: Board, a: str, b: str) -> None:
    """DoD 8.7.2 MP 3 level 1 — a treaty cancels the casus belli between its partners."""
    for one, other in ((a, b), (b, a)):
        drop_casus_belli(board, one, other)
