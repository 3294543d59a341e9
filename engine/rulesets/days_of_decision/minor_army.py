"""DoD 8.7.1 IPO 5 ("Setting up the minor country"), 8.7.2 MP 4 (the directed minor's forces and
its peace), 9.3 (the minor's land combat in the abstract war) and 12.2 (its conquest).

`board["minor_forces"]` holds, for each minor that has been at war, its army and naval points:
`mobilised` while it is at war, otherwise the totals recorded when its last war ended (with the
turn). When a minor not at war is declared on, its forces are set up (RULING 46): the totals
printed on the map (minors.FORCES) or recorded at the end of its last war, plus its yearly
additions for each new year since (the start of the game, or that war's end), plus every
power's secret MP 0(b) points for it, which are revealed then.

In the military step each power at war with a minor commits army points against it in the same
sealed group as its fronts against major powers, and the minor's director commits the minor's
own army against each power at war with it (RULING 47): a decision of its own for each minor,
sealed with the rest. A minor with no director able to answer commits its whole army, split
evenly. Each (declarer, minor) front is one land combat of 9.3 (military.py's table, surprise
for the declarer in the turn of its declaration, weather for the minor): the declarer's win
places ⌊R⌋ offensives into the minor (halved in any weather but fine), the total into the minor
capped at its conquest level; the minor's win only removes the declarer's offensives into it
(9.3.2: an unaligned minor gains none outside its own territory). A declarer that commits
nothing against a minor does not attack it this turn (RULING 48).

At the conquest step (12.2, RULING 49) a minor at war falls completely when the offensives into
it reach its conquest level or its army is gone: to the power with the most offensives into it
(ties: the better initiative); its naval points pass to its last director (12.2.2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Decision, Event, IllegalAction

from .combat import commitment, outcome
from .minors import FORCES, MINORS
from .powers import POWERS, SEATS
from .relations import conquered
from .tables import FIRST_YEAR
from .world import political_map

State = dict[str, Any]
RULE = "DoD 9.3"
SET_UP_RULE = "DoD 8.7.1 IPO 5"
SURPRISE = 2
WEATHER_FACTOR = {"fine": Fraction(1), "snow": Fraction(3, 2), "rain": Fraction(2),
                  "blizzard": Fraction(2)}
EMPTY_FRONT_RATIO = Fraction(10)


def year_of(turn: int) -> int:
    return FIRST_YEAR + (int(turn) - 1) // 6


def key(power: str, minor: str) -> str:
    return f"{power}>{minor}"


def into(board: dict[str, Any], minor: str) -> int:
    """All offensives into the minor."""
    return sum(int(n) for k, n in board["minor_offensives"].items() if k.endswith(f">{minor}"))


def declarers(board: dict[str, Any], minor: str) -> list[str]:
    return sorted(w["power"] for w in board["minor_wars"] if w["minor"] == minor)


def minors_fought(board: dict[str, Any], power: str) -> list[str]:
    return sorted(w["minor"] for w in board["minor_wars"] if w["power"] == power)


def mobilised(board: dict[str, Any]) -> list[str]:
    return sorted({w["minor"] for w in board["minor_wars"]})


def forces(board: dict[str, Any], minor: str) -> dict[str, Any]:
    return dict(board["minor_forces"][minor])


# --- set-up (IPO 5, MP 4) ---------------------------------------------------------------------

def set_up(state: State, minor: str) -> list[Event]:
    """The minor's forces when it goes to war (RULING 46); nothing if already mobilised."""
    board = state["board"]
    held = board["minor_forces"].get(minor)
    if held is not None and held["mobilised"]:
        return []
    totals = set_up_totals(state, minor)
    board["minor_forces"][minor] = {"army": totals["army"], "naval": totals["naval"],
                                    "mobilised": True, "turn": int(board["turn"])}
    return [Event("minor_forces_set_up", SET_UP_RULE, {"minor": minor, **totals})]


def set_up_totals(state: State, minor: str) -> dict[str, Any]:
    """IPO 5 "Setting up the minor country" (RULING 46): the printed totals, or those recorded
    when its last war ended, plus the yearly additions since, plus every power's MP 0(b)
    points for it, which are revealed (taken out of the secret ledgers) now. A civil war sets
    up the same forces before splitting them (IPO 4, civil_war.py)."""
    board = state["board"]
    held = board["minor_forces"].get(minor)
    printed = FORCES[minor]
    base_army, base_naval, since = ((printed.army, printed.naval, 1) if held is None
                                    else (int(held["army"]), int(held["naval"]),
                                          int(held["turn"])))
    years = year_of(board["turn"]) - year_of(since)
    bought: dict[str, int] = {}
    for power in SEATS:
        points = state["secret"].get(power, {}).get("minor_ap", {}).pop(minor, 0)
        if points:
            bought[power] = int(points)
    army = base_army + years * printed.army_yearly + sum(bought.values())
    naval = base_naval + years * printed.naval_yearly
    return {"army": army, "naval": naval, "yearly_additions": years, "from_0b": bought}


def stand_down(board: dict[str, Any], minor: str) -> None:
    """MP 4 — a minor no longer at war: its forces are recorded as its new totals."""
    held = board["minor_forces"].get(minor)
    if held is not None and held["mobilised"] and minor not in mobilised(board):
        held.update(mobilised=False, turn=int(board["turn"]))


# --- the sealed commitment (9.3.2) --------------------------------------------------------------

def commit_decisions(board: dict[str, Any], group: str) -> list[Decision]:
    """One sealed decision a minor at war, answered by its director."""
    out = []
    for minor in mobilised(board):
        guide = answering_director(board, minor)
        if guide is None:
            continue
        out.append(Decision(
            id=f"t{board['turn']}-commit-{minor}", seats=(guide,), kind="minor_commit",
            rule=RULE,
            prompt=(f"Commit {MINORS[minor].title}'s army points against each power at war with "
                    "it (sealed until every commitment is in)"),
            waiting=f"{POWERS[guide].title} is committing {MINORS[minor].title}'s army",
            schema=schema(board, minor), group=group,
            data={"minor": minor, "army": int(board["minor_forces"][minor]["army"]),
                  "enemies": declarers(board, minor)}))
    return out


def answering_director(board: dict[str, Any], minor: str) -> str | None:
    """The director of the minor's wars (one power directs a minor: the first war's, by the
    declarers' order), if it is still in the game."""
    for war in sorted((w for w in board["minor_wars"] if w["minor"] == minor),
                      key=lambda w: w["power"]):
        guide = war["director"]
        if guide is not None and not conquered(board, guide):
            return str(guide)
    return None


def schema(board: dict[str, Any], minor: str) -> dict[str, Any]:
    foes = declarers(board, minor)
    return {"type": "object", "required": ["commit"], "additionalProperties": False,
            "properties": {"commit": {
                "type": "object", "required": foes, "additionalProperties": False,
                "properties": {f: {"type": "integer", "minimum": 0} for f in foes}}}}


def validate(board: dict[str, Any], minor: str, action: Any) -> dict[str, Any]:
    foes = declarers(board, minor)
    commit = commitment(action, foes, 'a commitment is {"commit": {power: n}}, a whole number '
                        "of the minor's army points for each power at war with it: "
                        f"{', '.join(foes)}")
    army = int(board["minor_forces"][minor]["army"])
    total = sum(commit.values())
    if total > army:
        raise IllegalAction(RULE, "over_army", {"army": army, "total": total},
                            f"That commits {total} army points; {MINORS[minor].title} has {army}.")
    if any(commit[f] == 0 for f in foes) and army >= len(foes):
        raise IllegalAction(RULE, "front_empty", {"army": army},
                            "Commit at least one army point against each power at war with it.")
    return {"commit": {f: commit[f] for f in foes}}


def suggestions(board: dict[str, Any], minor: str) -> list[dict[str, Any]]:
    """The whole army split evenly (first: the timeout default, RULING 47), and one a front."""
    foes, army = declarers(board, minor), int(board["minor_forces"][minor]["army"])
    out = [{"commit": even_split(foes, army)}]
    if army >= len(foes):
        least = {"commit": {f: 1 for f in foes}}
        if least not in out:
            out.append(least)
    return out


def even_split(foes: list[str], army: int) -> dict[str, int]:
    share, extra = divmod(army, len(foes))
    return {f: share + (1 if i < extra else 0) for i, f in enumerate(foes)}


# --- combat (9.3) -----------------------------------------------------------------------------

def _modified(board: dict[str, Any], war: dict[str, Any], side: str, points: int) -> Fraction:
    value = Fraction(points)
    weather = board["weather"] or "fine"
    if side == war["power"]:
        # surprise only for a power that declared on the minor, not one it joined (RULING 73)
        if int(war["since"]) == int(board["turn"]) and not war.get("joined"):
            value *= SURPRISE
    elif not (war["power"] == "RU" and weather in ("snow", "blizzard")):
        value *= WEATHER_FACTOR[weather]
    return value


def fight(board: dict[str, Any], war: dict[str, Any], attack: int, defend: int
          ) -> dict[str, Any]:
    """One (declarer, minor) front: losses out of the actual commitments (military.losses),
    offensives into the minor for the declarer, or removed by the minor."""
    power, minor = war["power"], war["minor"]
    mp, mm = _modified(board, war, power, attack), _modified(board, war, minor, defend)
    report: dict[str, Any] = {"power": power, "minor": minor,
                              "committed": {power: attack, minor: defend},
                              "modified": {power: str(mp), minor: str(mm)}, "winner": None,
                              "offensives": 0}
    if attack:
        war["attacked"] = int(board["turn"])
    if attack == 0 and defend == 0:
        report["lost"] = {power: 0, minor: 0}
        return report
    lost, gained = outcome(board, report, {power: attack, minor: defend}, {power: mp, minor: mm})
    if report["winner"] is not None:
        place(board, power, minor, gained if report["winner"] == power else -gained)
    board["powers"][power]["army"] -= lost[power]
    board["minor_forces"][minor]["army"] -= lost[minor]
    report["lost"] = lost
    report["held"] = int(board["minor_offensives"].get(key(power, minor), 0))
    return report


def conquest_level(board: dict[str, Any], minor: str) -> int:
    """DoD 12.1, 12.2 — the offensives that conquer the minor now: its level (RULING 45, the
    map's home territories adding up to it, ruling 115) less the map level of each of its home
    territories a national option handed to a major power (RULING 134: the Sudetenland after
    GE 8, the Danzig Corridor after GE 10; `national.home` / `national.colonies`), and moved by
    what GE 13 passed between minors (RULING 143: Transylvania, South Dobruja)."""
    national = board.get("national", {})
    given = {*national.get("home", {}), *national.get("colonies", {})}
    territories = political_map().territories
    lost = sum(territories[t].level for t in given if territories[t].owner == minor)
    # RULING 143: GE 13's territories passed between minors (`national.claims`)
    claims = national.get("claims", {})
    lost += sum(territories[t].level for t, m in claims.items()
                if territories[t].owner == minor and m != minor)
    won = sum(territories[t].level for t, m in claims.items() if m == minor)
    return FORCES[minor].conquest_level - lost + won


def place(board: dict[str, Any], power: str, minor: str, gained: int) -> None:
    """9.3.2 — a declarer's offensives into the minor, the total into it capped at its conquest
    level; a negative gain is the minor removing the declarer's offensives."""
    held = board["minor_offensives"]
    now = int(held.get(key(power, minor), 0))
    room = conquest_level(board, minor) - into(board, minor)
    after = max(0, now + min(gained, room))
    if after:
        held[key(power, minor)] = after
    else:
        held.pop(key(power, minor), None)


def resolve(board: dict[str, Any], commits: dict[str, dict[str, int]],
            minor_commits: dict[str, dict[str, int]]) -> list[Event]:
    """Every minor front, minors by name, then declarers by name."""
    events: list[Event] = []
    for minor in mobilised(board):
        if minor not in minor_commits:      # no director able to answer: the default
            minor_commits[minor] = even_split(declarers(board, minor),
                                              int(board["minor_forces"][minor]["army"]))
        for war in sorted((w for w in board["minor_wars"] if w["minor"] == minor),
                          key=lambda w: w["power"]):
            attack = commits.get(war["power"], {}).get(minor, 0)
            defend = minor_commits[minor].get(war["power"], 0)
            events.append(Event("minor_front_combat", RULE, fight(board, war, attack, defend)))
    return events


# --- conquest (12.2) --------------------------------------------------------------------------

def conqueror(board: dict[str, Any], minor: str) -> str | None:
    """RULING 49: the minor falls when the offensives into it reach its conquest level or its
    army is gone; to the declarer with the most offensives, ties to the better initiative."""
    if into(board, minor) < conquest_level(board, minor) and \
            int(board["minor_forces"][minor]["army"]) > 0:
        return None
    order = board["initiative"]
    return min(declarers(board, minor),
               key=lambda p: (-int(board["minor_offensives"].get(key(p, minor), 0)),
                              order.index(p)))


def fallen(board: dict[str, Any], minor: str) -> list[Event]:
    """12.2.2 — the offensives into a fallen minor go; its naval points pass to its last
    director; its forces leave the game."""
    guide = answering_director(board, minor)
    naval = int(board["minor_forces"].get(minor, {}).get("naval", 0))
    board["minor_offensives"] = {k: v for k, v in board["minor_offensives"].items()
                                 if not k.endswith(f">{minor}")}
    board["minor_forces"].pop(minor, None)
    if guide is None or not naval:
        return []
    board["powers"][guide]["naval"] += naval
    return [Event("minor_navy_passes", "DoD 12.2.2", {"minor": minor, "power": guide,
                                                      "naval": naval})]
