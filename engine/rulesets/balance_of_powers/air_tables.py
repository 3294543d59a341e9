"""BoP aviation rules as data: steps, costs, the dogfight roll, the air modifiers (6.22, 6.3,
6.7, 10.42, 10.51). The air units themselves (the CoB's air counters, with the values we
authored because the rulebook prints them only on the counters) are `data/air.csv`."""

from __future__ import annotations

AIR_STEPS = 2                 # BoP 1.322: every air unit has two steps at full strength
AIR_STEP_COST = 1             # BoP 6.222: 1 RP per step, procured at full strength (6.221)
FIGHTER = "fighter"
BOMBERS = ("bomber", "zeppelin")   # bombers play no role in the aviation phase (6.3)

DOGFIGHT_DICE = 2             # BoP 6.323: 2d6 + machine guns, a hit when it exceeds evasion
FULL_ON_REDUCED_BONUS = 1     # BoP 6.323: a two-step shooter against a one-step target
CHANGE_OF_BASE_FACTOR = 4     # BoP 6.72: four times the printed radius
TOP_GUNS_ALSO = {7: (6,)}     # BoP 6.226: with 7s in the pool, 6s may be bought too

RAID_MODIFIER = 1             # BoP 5.312: fighter cover, a Zeppelin, a one-step bomber
AIR_SUPERIORITY_MODIFIER = 1  # BoP 10.51: +1 attacker or −1 defender
RESERVE_AIR_MODIFIER = 1      # BoP 10.42: +1 to the reserve roll under attacker superiority
DOGFIGHT_ROUNDS_CAP = 200     # a guard only: every pairing can hit (2d6 + guns > evasion)
