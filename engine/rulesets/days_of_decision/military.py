"""DoD 9 (military affairs) as the abstract war, and DoD 12 (conquest of a major power).

The map is absent from the seed, so each pair of powers at war fights on one front (RULING
32): every power at war commits army points to each of its enemies at once, sealed until all
have committed (9.3.2's secret simultaneous commitment, across all its wars): at least one per
enemy while its army lasts, each point once, no more than its army. Each front is then one land
combat of 9.3: surprise doubles the side that declared the war this turn; in snow the side that
did not start the war counts 1.5 times, in rain or blizzard twice (not when the Soviet Union
started it in snow or blizzard). The ratio R of the greater modified commitment to the smaller
sets the losses out of the actual commitments (the results table below) and the winner's
offensives, ⌊R⌋, halved in any weather but fine; they cancel the loser's offensives on that
front first. A front one side left empty gives the other R = 10. A power whose enemies' offensives
against it reach its conquest level is conquered (12): out of the game, its wars over.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Decision, Event, IllegalAction, Roller
from engine.kernel.flow import Answers

from . import minor_army
from .combat import commitment, outcome
from .powers import POWERS, SEATS
from .relations import conquered, enemies
from .world import political_map


def fronts(board: dict[str, Any], power: str) -> list[str]:
    """The power's enemies, major powers then the minors it is at war with (RULING 47)."""
    return enemies(board, power) + minor_army.minors_fought(board, power)

State = dict[str, Any]
RULE = "DoD 9.3"
# DoD 12 — RULING 32: the enemy offensives that conquer each power (authored: the map's cities,
# resources and factories that make the book's conquest levels are absent).
CONQUEST_LEVEL = {"GE": 12, "IT": 8, "JA": 10, "RU": 15, "CW": 12, "FR": 8, "US": 15, "CH": 8}


def conquest_level(board: dict[str, Any], power: str) -> int:
    """DoD 12.1, 12.3 — the offensives that conquer the power's home country: the 1936 level
    (ruling 115: the map's home territories add up to it) and, from version 19, the levels
    of the territories an option made part of that home country (`national.home`, GE 7,
    ruling 120), read off the political map."""
    added = board.get("national", {}).get("home", {})
    territories = political_map().territories
    return CONQUEST_LEVEL[power] + sum(territories[t].level for t, p in added.items() if p == power)
WEATHER_FACTOR = {"fine": Fraction(1), "snow": Fraction(3, 2), "rain": Fraction(2),
                  "blizzard": Fraction(2)}
SURPRISE = 2
LIMITED_SHARE = Fraction(1, 5)      # DoD 8.7.2 JA 6: a fifth of the offensives (RULING 125)


def schema(board: dict[str, Any], power: str) -> dict[str, Any]:
    foes = fronts(board, power)
    return {"type": "object", "required": ["commit"], "additionalProperties": False,
            "properties": {"commit": {
                "type": "object", "required": foes, "additionalProperties": False,
                "properties": {f: {"type": "integer", "minimum": 0} for f in foes}}}}


def at_war_now(board: dict[str, Any]) -> list[str]:
    return [p for p in SEATS if not conquered(board, p) and fronts(board, p)]


def commit_decisions(state: State) -> list[Decision]:
    if state["flow"].get("committed"):
        return []
    board = state["board"]
    group = f"t{board['turn']}-commitments"
    return [Decision(
        id=f"t{board['turn']}-commit-{power}", seats=(power,), kind="commit", rule=RULE,
        prompt="Commit army points against each enemy (sealed until every power at war has "
               "committed)",
        waiting=f"{POWERS[power].title} is committing its army", schema=schema(board, power),
        group=group,
        data={"army": int(board["powers"][power]["army"]), "enemies": fronts(board, power)})
        for power in at_war_now(board)] + minor_army.commit_decisions(board, group)


def validate(board: dict[str, Any], power: str, action: Any) -> dict[str, Any]:
    foes = fronts(board, power)
    commit = commitment(action, foes, 'a commitment is {"commit": {enemy: n}}, a whole number '
                        f"of army points for each enemy: {', '.join(foes)}")
    army = int(board["powers"][power]["army"])
    total = sum(commit.values())
    if total > army:
        raise IllegalAction(RULE, "over_army", {"army": army, "total": total},
                            f"That commits {total} army points; {POWERS[power].title} has {army}.")
    majors = enemies(board, power)      # RULING 48: a minor's front may be left unattacked
    if any(commit[f] == 0 for f in majors) and army >= len(majors):
        raise IllegalAction(RULE, "front_empty", {"army": army},
                            "Commit at least one army point against each enemy major power.")
    return {"commit": {f: commit[f] for f in foes}}


def suggestions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """The least (one a front: the timeout default), an even split of the army, and the whole
    army against the first enemy with one on each other front."""
    foes, army = fronts(board, power), int(board["powers"][power]["army"])
    if army < len(foes):
        least = {f: (1 if i < army else 0) for i, f in enumerate(foes)}
        return [{"commit": least}]
    share = army // len(foes)
    out = [{"commit": {f: 1 for f in foes}},
           {"commit": {f: share + (army - share * len(foes) if i == 0 else 0)
                       for i, f in enumerate(foes)}},
           {"commit": {f: (army - len(foes) + 1 if i == 0 else 1) for i, f in enumerate(foes)}}]
    unique: list[dict[str, Any]] = []
    for item in out:
        if item not in unique:
            unique.append(item)
    return unique


def _modified(board: dict[str, Any], war: dict[str, Any], side: str, points: int) -> Fraction:
    value = Fraction(points)
    if side == war["aggressor"] and war["since"] == board["turn"]:
        value *= SURPRISE
    weather = board["weather"] or "fine"
    defends = side == war["target"]
    soviet_winter = war["aggressor"] == "RU" and weather in ("snow", "blizzard")
    if defends and not soviet_winter:
        value *= WEATHER_FACTOR[weather]
    return value


def fight(board: dict[str, Any], war: dict[str, Any], commits: dict[str, dict[str, int]]
          ) -> dict[str, Any]:
    """One front's combat (9.3): losses out of the actual commitments, offensives placed."""
    a, b = war["aggressor"], war["target"]
    ca, cb = commits.get(a, {}).get(b, 0), commits.get(b, {}).get(a, 0)
    ma, mb = _modified(board, war, a, ca), _modified(board, war, b, cb)
    report: dict[str, Any] = {"powers": [a, b], "committed": {a: ca, b: cb},
                              "modified": {a: str(ma), b: str(mb)}, "winner": None,
                              "offensives": 0}
    if ca == 0 and cb == 0:
        report["lost"] = {a: 0, b: 0}
        return report
    share = LIMITED_SHARE if war.get("limited") else Fraction(1)
    lost, gained = outcome(board, report, {a: ca, b: cb}, {a: ma, b: mb}, share)
    if report["winner"] is not None:
        _place_offensives(board, report["winner"], b if report["winner"] == a else a, gained)
    for side in (a, b):
        board["powers"][side]["army"] -= lost[side]
    report["lost"] = lost
    return report


def _place_offensives(board: dict[str, Any], winner: str, loser: str, gained: int) -> None:
    """DoD 9.3 — offensives cancel the enemy's on the same border first; capped at the
    loser's conquest level."""
    held = board["offensives"]
    theirs = int(held.get(f"{loser}>{winner}", 0))
    cancel = min(theirs, gained)
    if theirs - cancel:
        held[f"{loser}>{winner}"] = theirs - cancel
    else:
        held.pop(f"{loser}>{winner}", None)
    mine = min(int(held.get(f"{winner}>{loser}", 0)) + gained - cancel,
               conquest_level(board, loser))
    if mine:
        held[f"{winner}>{loser}"] = mine


def against(board: dict[str, Any], power: str) -> int:
    return sum(int(n) for key, n in board["offensives"].items() if key.endswith(f">{power}"))


def conquerors(board: dict[str, Any], power: str) -> list[str]:
    """RULING 149: the enemies holding the most offensives into `power` (ties share)."""
    into = {k.split(">")[0]: int(n) for k, n in board["offensives"].items()
            if k.endswith(f">{power}")}
    most = max(into.values(), default=0)
    return sorted(p for p, n in into.items() if n == most and n > 0)


def conquer(board: dict[str, Any], power: str, by: list[str]) -> None:
    """DoD 12 — complete conquest: out of the game (last on the track, no wars, no forces, no
    offensives either way; it controls no minor, 8.1.2). `by` take its objectives (DoD 4,
    RULING 149)."""
    board["conquered_by"][power] = sorted(by)
    board["conquered"].append(power)
    board["conquered"].sort()
    board["wars"] = [w for w in board["wars"] if power not in (w["aggressor"], w["target"])]
    board["offensives"] = {k: v for k, v in board["offensives"].items()
                           if power not in k.split(">")}
    board["initiative"].remove(power)
    board["initiative"].append(power)
    board["powers"][power].update(army=0, naval=0)
    board["proposals"] = [p for p in board["proposals"] if power not in (p["from"], p["to"])]
    # IPO 13: its aims, and every aim against it, are gone
    board["war_aims"] = [e for e in board["war_aims"]
                         if power not in e["powers"] and e["against"] != power]


def resolve_commitments(state: State, group: str, answers: Answers, roller: Roller
                        ) -> list[Event]:
    board = state["board"]
    commits = {power: dict(action["commit"]) for decision, power, action in answers
               if decision.kind == "commit"}
    minor_commits = {str(decision.data["minor"]): dict(action["commit"])
                     for decision, _, action in answers if decision.kind == "minor_commit"}
    state["flow"]["committed"] = True
    events = [Event("commitments_revealed", RULE, {
        "commit": dict(sorted(commits.items())),
        "minors": dict(sorted(minor_commits.items()))})]
    for war in sorted(board["wars"], key=lambda w: (w["aggressor"], w["target"])):
        events.append(Event("front_combat", RULE, fight(board, war, commits)))
    events += minor_army.resolve(board, commits, minor_commits)
    for power in SEATS:
        if not conquered(board, power) and against(board, power) >= conquest_level(board, power):
            by = conquerors(board, power)
            conquer(board, power, by)
            events.append(Event("power_conquered", "DoD 12", {"power": power, "by": by}))
    return events
