"""FA 3 — a step's open decisions are built once per board and flow (issue #25): the kernel's
check of an answer, the driver and the next listing ask again for the same state, and get
equal decisions in a list of their own without building them again."""

from engine import kernel
from engine.kernel.game import copy_json
from engine.rulesets.fatal_alliances import position as fa_position
from engine.rulesets.fatal_alliances import steps
from engine.rulesets.fatal_alliances.ruleset import RULESET

SEATS = sorted(seat["id"] for seat in RULESET.scenario("campaign-1914")["seats"])


def _counting_builds(monkeypatch) -> list[str]:
    built: list[str] = []
    real = steps.PowersStep._build

    def counting(self, state, key):
        built.append(str(self.name))
        return real(self, state, key)

    monkeypatch.setattr(steps.PowersStep, "_build", counting)
    return built


def test_fa_3_a_states_open_decisions_are_built_once(monkeypatch):
    state, _ = kernel.new_game(RULESET, "campaign-1914", {}, SEATS, b"s" * 32, "memo")
    fa_position.clear_memo()                        # set-up's driver listed them already
    built = _counting_builds(monkeypatch)
    first = RULESET.decisions(state)
    first.clear()                                   # the caller's own list
    again = RULESET.decisions(copy_json(state))
    assert again and len(built) == 1
    fa_position.clear_memo()
    assert RULESET.decisions(state) == again        # the same as built afresh
    assert len(built) == 2


def test_fa_3_a_changed_flow_builds_the_decisions_again(monkeypatch):
    state, _ = kernel.new_game(RULESET, "campaign-1914", {}, SEATS, b"s" * 32, "memo")
    fa_position.clear_memo()                        # set-up's driver listed them already
    built = _counting_builds(monkeypatch)
    before = RULESET.decisions(state)
    later = copy_json(state)
    key = before[0].id.rsplit("-", 1)[0].split("-", 2)[2]  # what the first decision counts
    later["flow"]["answer_counts"][key] = later["flow"]["answer_counts"].get(key, 0) + 1
    after = RULESET.decisions(later)
    assert len(built) == 2
    assert after[0].id != before[0].id
