"""FA 14.1 — destroyed convoys count at full value (version 22, R-N43): every convoy point sunk
at sea, by strategic warfare after the builds (13.5.6) or in a naval combat (11.4.7.2), costs its
owner its 1 BP build cost in morale points in the next morale step; a point aborted to port
costs nothing. Expectations are read back from the real chain: the production step's strategic
warfare, the naval combat's `convoy_hit` events, and the morale step's own tally."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.board import COMPILED_DIR
from engine.kernel import Roller
from engine.rulesets.fatal_alliances.morale import adjust_morale, turn_points
from engine.rulesets.fatal_alliances.naval_combat import fight
from engine.rulesets.fatal_alliances.production import finish_production

from .positions import Dice
from .test_11_3_naval_movement import SEED
from .test_11_4_naval_combat import HSF_BB, at_sea, at_war, fine
from .test_13_5_6_strategic_warfare import SCOUTS, at_war_in_the_north_sea
from .test_13_5_6_strategic_warfare import at_sea as at_sea_0

pytestmark = pytest.mark.skipif(not (COMPILED_DIR / "fa-europe.json").is_file(),
                                reason="fa-europe is not compiled")


def test_fa_14_1_convoy_points_sunk_by_strategic_warfare_cost_their_owner_morale():
    s = at_war_in_the_north_sea()
    for uid in SCOUTS:
        at_sea_0(s, uid)
    before = {p: turn_points(s, p) for p in ("britain", "germany")}
    # the production step's strategic warfare: two cruisers, a 10 on the 2-3 column, 2 sunk
    events = finish_production(s, Dice(10))
    (ev,) = [e.data for e in events if e.kind == "strategic_warfare"]
    assert ev["sunk"] == {"britain": 2}
    assert turn_points(s, "britain") == before["britain"] - 2
    assert turn_points(s, "germany") == before["germany"]        # the sinker gains nothing
    # the morale step rolls on the tally that holds them
    (britain,) = [e.data for e in adjust_morale(s, Dice(*[10] * 8)) if e.data["power"] == "britain"]
    assert britain["points"] == before["britain"] - 2


def test_fa_14_1_convoy_points_sunk_in_naval_combat_cost_morale_but_aborted_ones_do_not():
    """The High Seas Fleet against 2 British convoy points, on seeds whose rolls give an X (2
    sunk), nothing, and a D then an A (1 sunk, 1 to port): each point sunk costs Britain a
    morale point; the point aborted to port costs nothing."""
    seen = set()
    for n in (2, 0, 22):
        state = fine(at_war())
        at_sea(state, HSF_BB, "north-sea", 4)
        state["board"]["convoys"]["north-sea"] = {"britain": 2}
        tally = state["board"]["morale_points"]
        before = tally.get("britain", 0), tally.get("germany", 0)
        events = fight(state, "north-sea", "central", Roller(SEED, f"cv{n}", 0))
        sunk = aborted = 0
        for e in events:
            if e.kind == "convoy_hit":
                lost = sum(e.data["points"].values())
                seen.add(e.data["effect"])
                if e.data["effect"] == "sunk":
                    sunk += lost
                elif e.data["effect"] == "abort":
                    aborted += lost
        assert tally.get("britain", 0) == before[0] - sunk
        assert tally.get("germany", 0) == before[1]
        assert state["board"].get("convoys_in_port", {}).get("britain", 0) == aborted
    assert seen == {"sunk", "abort"}


def test_fa_14_1_version_22_carries_a_running_version_21_campaign_unchanged():
    from engine.rulesets.fatal_alliances import RULESET
    from engine.rulesets.fatal_alliances.migrations import v21_to_v22
    fixture = (Path(__file__).resolve().parents[2] / "fixtures" / "versions"
               / "fatal_alliances-21.json")
    frozen = json.loads(fixture.read_text())
    assert frozen["record"]["versions"]["ruleset"] == "21"
    old = copy.deepcopy(frozen["state"])
    assert v21_to_v22(frozen["state"]) == old and int(RULESET.version) >= 22
