"""DoD 3.1 — the eight major powers and their ideologies, with the at-start values the set-up
(3.2) puts on the tracks.

The seed prints the ideologies (3.1), the turn-1 initiative order (3.2), and that the US and
USSR PE markers start face down (3.2, IPO 15). It does not print starting PE, money, credit
limits, bid points or income (they are on the map's tracks, absent from the seed): the numbers
marked DECIDED below are ours, recorded in docs/rules/days_of_decision.md ("Data").
"""

from __future__ import annotations

from dataclasses import dataclass

DEMOCRACY, FASCISM, COMMUNISM = "democracy", "fascism", "communism"
IDEOLOGIES = (DEMOCRACY, FASCISM, COMMUNISM)
IDEOLOGY_TITLES = {DEMOCRACY: "Democrats", FASCISM: "Fascists", COMMUNISM: "Communists"}


@dataclass(frozen=True)
class Power:
    id: str
    title: str
    ideology: str
    colour: str
    pe: int            # DECIDED: starting political effectiveness
    money: int         # DECIDED: starting savings (negative = debt)
    credit_limit: int  # DECIDED: the most debt it may run (8.4.2)
    bid_points: int    # DECIDED: starting bid-point pool
    income: int        # DECIDED: flat income per turn until the economy (10.1) is built
    face_down: bool = False  # 3.2: the US and USSR PE markers start face down


POWERS: dict[str, Power] = {p.id: p for p in (
    Power("GE", "Germany", FASCISM, "#5a5a5a", pe=3, money=10, credit_limit=10, bid_points=6,
          income=8),
    Power("IT", "Italy", FASCISM, "#2e7d32", pe=2, money=4, credit_limit=6, bid_points=4,
          income=4),
    Power("CW", "Commonwealth", DEMOCRACY, "#b8860b", pe=2, money=12, credit_limit=12,
          bid_points=4, income=9),
    Power("FR", "France", DEMOCRACY, "#1f4e9c", pe=2, money=8, credit_limit=8, bid_points=4,
          income=6),
    Power("RU", "Soviet Union", COMMUNISM, "#b71c1c", pe=2, money=8, credit_limit=8,
          bid_points=4, income=7, face_down=True),
    Power("JA", "Japan", FASCISM, "#e0a000", pe=2, money=6, credit_limit=6, bid_points=4,
          income=5),
    Power("US", "United States", DEMOCRACY, "#3f6fb5", pe=1, money=14, credit_limit=14,
          bid_points=2, income=10, face_down=True),
    Power("CH", "Nationalist China", DEMOCRACY, "#7b5e2a", pe=1, money=2, credit_limit=4,
          bid_points=2, income=2),
)}

# 3.2 — the initiative track on turn 1 (there is no bidding then, 6).
TURN_ONE_ORDER: tuple[str, ...] = ("GE", "IT", "CW", "FR", "RU", "JA", "US", "CH")
SEATS: tuple[str, ...] = tuple(sorted(POWERS))


def modified_pe(board: dict, power: str) -> int:
    """DoD 8.7.1 IPO 15 — a face-down PE marker counts one less."""
    entry = board["powers"][power]
    return int(entry["pe"]) - (1 if entry["face_down"] else 0)

# Where each value comes from: printed (the seed's text), inferred (from a worked example) or
# authored (ours, where the seed is silent). docs/rules/days_of_decision.md, "Data".
PROVENANCE: dict[str, str] = {
    "id": "printed 3.1", "title": "printed 3.1", "ideology": "printed 3.1",
    "colour": "authored", "pe": "authored", "money": "authored", "credit_limit": "authored",
    "bid_points": "authored", "income": "authored (until 10.1 is built)",
    "face_down": "printed 3.2", "TURN_ONE_ORDER": "printed 3.2",
}
