"""FA 5–6 — the turn's start after reinforcements: lending (a stub), the initiative roll, the
re-roll demand and the choice of the first side, which begins the action stage.

Each piece is one step's begin effect, decision, verb or successor (the table is steps.py)."""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, Roller

from .charts import INITIATIVE_TRACK
from .position import is_active
from .powers import POWER_SIDE
from .sequence import count_answer, decision_id, other, start_impulse


def initiative_modifiers(track: int) -> tuple[int, int, str | None]:
    return INITIATIVE_TRACK[track]


def lending(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 5 — lending: nothing can be lent until production routes exist (stub)."""
    return [Event("lending_skipped", "FA 5", {"reason": "no lending in milestone 1"})]


def after_lending(state: dict[str, Any]) -> str:
    """A scenario may script who moves first this turn (FA 22.3); otherwise the roll."""
    return "initiative_scripted" if state["flow"].get("scripted_first") else "initiative"


def scripted_initiative(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 22.3 — the scenario names the first side: it holds the initiative, nothing is rolled."""
    flow = state["flow"]
    scripted = flow["scripted_first"]
    flow["scripted_first"] = None
    flow["initiative"]["holder"] = scripted
    flow["first_side"] = scripted
    return [Event("initiative_scripted", "FA 22.3", {"first_side": scripted})]


def roll_initiative(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 6.1 — each side rolls d10 + the track's modifier; a tie goes against last turn's
    holder (a tie with no holder is rolled again)."""
    ini = state["flow"]["initiative"]
    for _ in range(20):
        cp_mod, al_mod, _ = initiative_modifiers(ini["track"])
        cp = roller.d(10, "initiative central")
        al = roller.d(10, "initiative entente")
        if cp + cp_mod != al + al_mod:
            winner = "central" if cp + cp_mod > al + al_mod else "entente"
            break
        if ini["holder"] is not None:
            winner = other(ini["holder"])
            break
    ini["rolls"] = {"central": cp, "entente": al, "track": ini["track"]}
    ini["winner"] = winner
    return [Event("initiative_rolled", "FA 6.1", {
        "central": cp, "entente": al, "central_drm": cp_mod, "entente_drm": al_mod,
        "winner": winner})]


def rerolling_powers(state: dict[str, Any]) -> tuple[str, ...]:
    """FA 6.1 — the powers that may demand a re-roll: the active major powers of the side the
    track names, when that side lost and has not re-rolled this turn (a neutral may not)."""
    ini = state["flow"]["initiative"]
    reroller = initiative_modifiers(ini["track"])[2]
    if reroller is None or reroller == ini["winner"] or ini["rerolled"]:
        return ()
    return tuple(p for p in sorted(state["board"]["sides"])
                 if POWER_SIDE[p] == reroller and is_active(state, p))


def may_demand_reroll(state: dict[str, Any]) -> bool:
    return bool(rerolling_powers(state))


def after_initiative(state: dict[str, Any]) -> str:
    return "initiative_reroll" if may_demand_reroll(state) else "first_side"


def reroll_decision(state: dict[str, Any]) -> list[Decision]:
    ini = state["flow"]["initiative"]
    loser = "central" if ini["winner"] == "entente" else "entente"
    seats = rerolling_powers(state)
    if not seats:
        return []
    return [Decision(id=decision_id(state, "reroll"), seats=seats, kind="initiative_reroll",
                     rule="FA 6.1", prompt="Demand an initiative re-roll?",
                     waiting=f"{loser} may demand a re-roll",
                     options=({"reroll": False}, {"reroll": True}),
                     data={"rolls": ini["rolls"]})]


def demand_reroll(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                  roller: Roller) -> list[Event]:
    """FA 6.1 — a re-roll demand moves the marker one space toward the other side's end."""
    count_answer(state, "reroll")
    ini = state["flow"]["initiative"]
    if not action["reroll"]:
        return []
    side = POWER_SIDE[seat]
    ini["track"] = max(0, min(4, ini["track"] + (1 if side == "central" else -1)))
    ini["rerolled"] = True
    return [Event("initiative_reroll", "FA 6.1", {"side": side, "track": ini["track"]})]


def after_reroll(state: dict[str, Any]) -> str:
    """A demanded re-roll rolls again (it can be demanded once a turn)."""
    return "initiative" if state["flow"]["initiative"]["rerolled"] else "first_side"


def first_side_decision(state: dict[str, Any]) -> list[Decision]:
    winner = state["flow"]["initiative"]["winner"]
    seats = tuple(p for p in sorted(state["board"]["sides"]) if POWER_SIDE[p] == winner)
    return [Decision(id=decision_id(state, "first"), seats=seats, kind="first_side",
                     rule="FA 6.2", prompt="Which side takes the first impulse?",
                     waiting=f"{winner} chooses who moves first",
                     options=({"first": "central"}, {"first": "entente"}))]


def choose_first_side(state: dict[str, Any], seat: str, decision: Decision, action: Any,
                      roller: Roller) -> list[Event]:
    """FA 6.2 — the initiative winner holds the initiative and picks the first side."""
    count_answer(state, "first")
    flow = state["flow"]
    flow["initiative"]["holder"] = flow["initiative"]["winner"]
    flow["first_side"] = action["first"]
    return [Event("first_side_chosen", "FA 6.2", {"first": action["first"]})]


def begin_action_stage(state: dict[str, Any]) -> str:
    """The action stage's cursor: impulse 0, the impulse track's first box, then the first
    side's impulse (scripted, or chosen by the initiative winner)."""
    flow = state["flow"]
    flow["impulse"] = 0
    flow["impulse_box"] = 0
    flow["impulse_sides"] = []
    start_impulse(state, flow["first_side"])
    return "weather"
