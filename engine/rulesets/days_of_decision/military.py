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
from math import floor
from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller
from engine.kernel.flow import Answers

from .powers import POWERS, SEATS
from .war import conquered, enemies

State = dict[str, Any]
RULE = "DoD 9.3"
# DoD 12 — RULING 32: the enemy offensives that conquer each power (authored: the map's cities,
# resources and factories that make the book's conquest levels are absent).
CONQUEST_LEVEL = {"GE": 12, "IT": 8, "JA": 10, "RU": 15, "CW": 12, "FR": 8, "US": 15, "CH": 8}
EMPTY_FRONT_RATIO = Fraction(10)
WEATHER_FACTOR = {"fine": Fraction(1), "snow": Fraction(3, 2), "rain": Fraction(2),
                  "blizzard": Fraction(2)}
SURPRISE = 2


def losses(ratio: Fraction) -> tuple[Fraction, Fraction]:
    """DoD 9.3 results table: (winner's, loser's) share of its actual commitment lost.
    RULING 33: where a side chooses between two columns, the choice is fixed: the victor at
    3 to 10 takes 25% / all, the loser at 1.5 to 3 takes 25% / half."""
    if ratio >= 10:
        return Fraction(0), Fraction(1)
    if ratio >= 3:
        return Fraction(1, 4), Fraction(1)
    if ratio >= Fraction(3, 2):
        return Fraction(1, 4), Fraction(1, 2)
    return Fraction(1, 2), Fraction(1, 2)


def rounded(value: Fraction) -> int:
    """DoD 1.1 — fractions kept to the end, then rounded (halves up)."""
    return floor(value + Fraction(1, 2))


def schema(board: dict[str, Any], power: str) -> dict[str, Any]:
    foes = enemies(board, power)
    return {"type": "object", "required": ["commit"], "additionalProperties": False,
            "properties": {"commit": {
                "type": "object", "required": foes, "additionalProperties": False,
                "properties": {f: {"type": "integer", "minimum": 0} for f in foes}}}}


def at_war_now(board: dict[str, Any]) -> list[str]:
    return [p for p in SEATS if not conquered(board, p) and enemies(board, p)]


def commit_decisions(state: State) -> list[Decision]:
    if state["flow"].get("committed"):
        return []
    board = state["board"]
    return [Decision(
        id=f"t{board['turn']}-commit-{power}", seats=(power,), kind="commit", rule=RULE,
        prompt="Commit army points against each enemy (sealed until every power at war has "
               "committed)",
        waiting=f"{POWERS[power].title} is committing its army", schema=schema(board, power),
        group=f"t{board['turn']}-commitments",
        data={"army": int(board["powers"][power]["army"]), "enemies": enemies(board, power)})
        for power in at_war_now(board)]


def validate(board: dict[str, Any], power: str, action: Any) -> dict[str, Any]:
    foes = enemies(board, power)
    commit = action.get("commit") if isinstance(action, dict) else None
    if not isinstance(action, dict) or set(action) != {"commit"} or not isinstance(commit, dict) \
            or set(commit) != set(foes) or not all(type(commit[f]) is int and commit[f] >= 0
                                                   for f in foes):
        raise MalformedAction('a commitment is {"commit": {enemy: n}}, a whole number of army '
                              f"points for each enemy: {', '.join(foes)}")
    army = int(board["powers"][power]["army"])
    total = sum(commit.values())
    if total > army:
        raise IllegalAction(RULE, "over_army", {"army": army, "total": total},
                            f"That commits {total} army points; {POWERS[power].title} has {army}.")
    if any(commit[f] == 0 for f in foes) and army >= len(foes):
        raise IllegalAction(RULE, "front_empty", {"army": army},
                            "Commit at least one army point against each enemy.")
    return {"commit": {f: commit[f] for f in foes}}


def suggestions(board: dict[str, Any], power: str) -> list[dict[str, Any]]:
    """The least (one a front: the timeout default), an even split of the army, and the whole
    army against the first enemy with one on each other front."""
    foes, army = enemies(board, power), int(board["powers"][power]["army"])
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
    if ma == mb:
        lost = {a: rounded(Fraction(ca, 2)), b: rounded(Fraction(cb, 2))}
    else:
        winner, loser = (a, b) if ma > mb else (b, a)
        mw, ml = max(ma, mb), min(ma, mb)
        ratio = EMPTY_FRONT_RATIO if ml == 0 else mw / ml
        win_share, lose_share = losses(ratio)
        cw, cl = (ca, cb) if winner == a else (cb, ca)
        lost = {winner: rounded(cw * win_share), loser: rounded(cl * lose_share)}
        gained = floor(ratio)
        if (board["weather"] or "fine") != "fine":
            gained //= 2
        report.update(winner=winner, ratio=str(ratio), offensives=gained)
        _place_offensives(board, winner, loser, gained)
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
    mine = min(int(held.get(f"{winner}>{loser}", 0)) + gained - cancel, CONQUEST_LEVEL[loser])
    if mine:
        held[f"{winner}>{loser}"] = mine


def against(board: dict[str, Any], power: str) -> int:
    return sum(int(n) for key, n in board["offensives"].items() if key.endswith(f">{power}"))


def conquer(board: dict[str, Any], power: str) -> None:
    """DoD 12 — complete conquest: out of the game (last on the track, no wars, no forces, no
    offensives either way; it controls no minor, 8.1.2)."""
    board["conquered"].append(power)
    board["conquered"].sort()
    board["wars"] = [w for w in board["wars"] if power not in (w["aggressor"], w["target"])]
    board["offensives"] = {k: v for k, v in board["offensives"].items()
                           if power not in k.split(">")}
    board["initiative"].remove(power)
    board["initiative"].append(power)
    board["powers"][power].update(army=0, naval=0)
    board["proposals"] = [p for p in board["proposals"] if power not in (p["from"], p["to"])]


def resolve_commitments(state: State, group: str, answers: Answers, roller: Roller
                        ) -> list[Event]:
    board = state["board"]
    commits = {power: dict(action["commit"]) for _, power, action in answers}
    state["flow"]["committed"] = True
    events = [Event("commitments_revealed", RULE, {"commit": dict(sorted(commits.items()))})]
    for war in sorted(board["wars"], key=lambda w: (w["aggressor"], w["target"])):
        events.append(Event("front_combat", RULE, fight(board, war, commits)))
    for power in SEATS:
        if not conquered(board, power) and against(board, power) >= CONQUEST_LEVEL[power]:
            conquer(board, power)
            events.append(Event("power_conquered", "DoD 12", {"power": power}))
    return events
