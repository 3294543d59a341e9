"""FA 3.1 — the sequence of play as one table of steps, run by the kernel's driver
(engine/kernel/flow.py). The table is the order of play:

    TURN    = turn start → reinforcement → destroy/scrap (4.3) → home-front reserves (option 7) →
              breakdown/build-up (21.2) → entrenchments (21.6) → lending (5) → initiative (6)
              → the impulses → return to base (13.3) → final reorganisation → production →
              morale → peace → victory (which ends the game or starts the next turn); the end
              of the turn opens with partisans (13.1)
    IMPULSE = weather (first of a pair) → declaration → action choice → offensive points →
              emergency HQ supply (option 4) → naval movement (11.3, with interception
              11.3.5) → naval combat (11.4–11.5) → rail → land move →
              land combat → reorganisation → last-impulse test (another impulse, or the end of the turn)

Each row names the step's rule, who decides in it and the decision they get, its verbs by
decision kind, its begin and end effects, and what follows. The rules themselves (and each
step's effects, decisions and verbs) live in the rule's module; this table only names them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.kernel import Decision, Event, Roller
from engine.kernel.flow import Flow, State, Step, Verb

from .breakdown import apply_breakdown, breakdown_options
from .commitment import check_end, note_start, then
from .conquest import peace
from .emergency import announcing_powers, apply_emergency, emergency_options
from .home_front import apply_home_front, home_front_options
from .impulses import (
    action_decision,
    after_last_impulse,
    choose_action,
    choosing_action,
    last_impulse,
)
from .initiative import (
    after_initiative,
    after_lending,
    after_reroll,
    begin_action_stage,
    choose_first_side,
    demand_reroll,
    first_side_decision,
    lending,
    reroll_decision,
    roll_initiative,
    scripted_initiative,
)
from .interception import (
    answer_debark,
    answer_intercept,
    answer_intercepted,
    begin_naval,
    debark_options,
    deciding,
    intercept_options,
    intercepted_options,
    landing,
    pending,
    sail_and_watch,
    sail_convoy_and_watch,
)
from .liberation import choose as choose_liberation
from .liberation import holders, liberation_options
from .morale import adjust_morale
from .naval_combat import side_of, surprise_options, surprise_waiting
from .naval_convoy_moves import pending as convoy_pending
from .naval_convoy_moves import points_options
from .naval_move import naval_options, sailing
from .offensive import offensive_options, ops, option_cost
from .offensive import spend as spend_offensive_points
from .orders import (
    acting,
    activity_decision,
    attack_decisions,
    attackers,
    combat_reply,
    end_land_combat,
    forget_moves,
    land_attack,
    land_move,
    order_reorganise,
    rail_move,
)
from .partisans import partisan_step
from .position import memoised_on_key, state_key
from .production import (
    build,
    build_options,
    entrench,
    entrench_options,
    finish_production,
    start_production,
)
from .reinforcement import reinforce
from .reorganisation import final_reorganisation, note_down_at_start
from .return_interception import (
    answer_return_intercept,
    begin_returns,
    initiative_side,
    return_ships,
)
from .return_to_base import return_options, returning, strand_convoys
from .scrap import apply_scrap, end_step, scrap_options
from .sea_battles import battle_options, battling, spend_surprise, start_battle
from .sequence import Step as S
from .sequence import active_powers, count_answer, decision_id, move_to, position
from .setup import declarations
from .victory import after_victory, start_turn, victory_step
from .weather import weather_step

Options = Callable[[State, str], list[dict[str, Any]]]


@dataclass(frozen=True)
class PowersStep(Step):
    """A step in which powers decide, each on a decision of its own. `who` names the powers
    that still have something to decide, `offer` builds one power's decision; a step with a
    single decision (the initiative's, or an attack's reply) builds it with `offers`.

    Who decides is computed, never stored: the driver and the kernel both ask, so the answer
    is memoised on the whole board and flow (`position.memoised_on_key`), and so are the
    decisions built from it (`open`)."""

    who: Callable[[State], list[str]] | None = None
    offer: Callable[[State, str], Decision] | None = None
    offers: Callable[[State], list[Decision]] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "decisions", self.open)

    def deciding(self, state: State, key: bytes | None = None) -> tuple[str, ...]:
        """The powers that still decide in this step (memoised; `key`: the state's
        `position.state_key`, when the caller has made it already)."""
        who = self.who
        if who is None:
            return ()
        return tuple(memoised_on_key(f"who:{S(self.name).value}",
                                     state_key(state) if key is None else key,
                                     lambda: tuple(who(state))))

    def open(self, state: State) -> list[Decision]:
        """The step's open decisions, memoised on the whole board and flow like `deciding`
        (decision ids and options read nothing else): the kernel asks for them to check an
        answer, the driver to see whether the step is over, and the caller again for the
        next answer, so one state's decisions were built three or four times (issue #25).
        The list is new each time; the decisions in it are frozen and shared."""
        key = state_key(state)
        return list(memoised_on_key(f"open:{S(self.name).value}", key,
                                    lambda: tuple(self._build(state, key))))

    def _build(self, state: State, key: bytes) -> list[Decision]:
        if self.offers is not None:
            return self.offers(state)
        assert self.offer is not None
        return [self.offer(state, power) for power in self.deciding(state, key)]


def counted(name: str, rule_verb: Callable[[State, str, Any, Roller], list[Event]]) -> Verb:
    """A verb that counts the answer (so the power's next decision of this kind has a new id),
    then lets the rule's own function answer it."""
    def verb(state: State, seat: str, decision: Decision, action: Any,
             roller: Roller) -> list[Event]:
        count_answer(state, f"{name}-{seat}")
        return rule_verb(state, seat, action, roller)
    return verb


def choosing(among: Callable[[State], list[str]], options: Options,
             least: int = 2) -> Callable[[State], list[str]]:
    """Who still decides in a step of listed options: the powers `among` that have not
    finished and have a real choice (`least` options: `done` is always listed first, so a
    power offered nothing else is passed over)."""
    def powers(state: State) -> list[str]:
        done = state["flow"]["done"]
        return [p for p in among(state) if p not in done and len(options(state, p)) >= least]
    return powers


def listed(name: str, kind: str, rule: str, prompt: str, waiting: str,
           options: Options) -> Callable[[State, str], Decision]:
    """One power's decision among the listed `options`, `done` first (its timeout)."""
    def offer(state: State, power: str) -> Decision:
        return Decision(id=decision_id(state, f"{name}-{power}"), seats=(power,), kind=kind,
                        rule=rule, prompt=prompt, waiting=f"{power} {waiting}",
                        options=tuple(options(state, power)))
    return offer


def naval_move_decisions(state: State) -> list[Decision]:
    """FA 11.3 / 11.3.5 — a pending interception is answered before any further move: by
    the enemy power asked (`naval_intercept`) or, after a success, the mover
    (`naval_intercepted`); otherwise each sailing power's `naval_move`."""
    if pending(state) is not None:
        power = deciding(state)
        assert power is not None
        if pending(state)["stage"] == "fight":  # type: ignore[index]
            return [listed("naval_intercepted", "naval_intercepted", "FA 11.3.5.3",
                           "Intercepted: stop in the sea area, or fight through",
                           "is deciding whether to fight through",
                           intercepted_options)(state, power)]
        return [listed("naval_intercept", "naval_intercept", "FA 11.3.5",
                       "An enemy task force entered the sea area: try to intercept it?",
                       "may try to intercept", intercept_options)(state, power)]
    waiting = landing(state)
    if waiting is not None:       # FA 11.10 (version 11): troops at sea come ashore first
        return [NAVAL_DEBARK_OFFER(state, waiting["power"])]
    order = convoy_pending(state)
    if order is not None:         # version 24: how many points the chosen convoy order moves
        return [NAVAL_CONVOY_OFFER(state, order["power"])]
    return [NAVAL_MOVE_OFFER(state, p) for p in sailing(state)]


BATTLE_OFFER = listed("naval_combat", "naval_combat", "FA 11.4.2",
                      "Start a naval combat in a sea area, or finish",
                      "may start naval combats", battle_options)
SURPRISE_OFFER = listed("naval_surprise", "naval_surprise", "FA 11.4.5",
                        "Spend your surprise points: avoid the combat, choose its type, select "
                        "a target, or shift the columns",
                        "is spending surprise points", surprise_options)


def battle_offer(state: State, power: str) -> Decision:
    """FA 11.4.2, or (version 31) the surprise points' holder spending them (11.4.5)."""
    if surprise_waiting(state) is not None:
        return SURPRISE_OFFER(state, power)
    return BATTLE_OFFER(state, power)


RETURN_OFFER = listed("return_to_base", "naval_return", "FA 13.3",
                      "Return ships or convoy points at sea to a base, or keep the rest at sea",
                      "is returning ships to base", return_options)


def return_decisions(state: State) -> list[Decision]:
    """FA 13.3 (R-N64) — the initiative side's powers decide before the other side's; once
    all have, a return that may be intercepted asks its enemies (`naval_intercept`, R-N65)."""
    if pending(state) is not None:
        power = deciding(state)
        assert power is not None
        return [listed("naval_intercept", "naval_intercept", "FA 13.3",
                       "An enemy task force is returning to base through the sea area: try to "
                       "intercept it?", "may try to intercept", intercept_options)(state, power)]
    powers = returning(state)
    first = [p for p in powers if side_of(p) == initiative_side(state)]
    return [RETURN_OFFER(state, p) for p in (first or powers)]


NAVAL_DEBARK_OFFER = listed("naval_debark", "naval_debark", "FA 11.10",
                            "Land the troops your task force carried, or invade an enemy coast",
                            "is landing troops from the sea", debark_options)
NAVAL_CONVOY_OFFER = listed("naval_convoy", "naval_convoy", "FA 13.5.1.4",
                            "How many convoy points make this naval move?",
                            "is sailing convoy points", points_options)
NAVAL_MOVE_OFFER = listed("naval_move", "naval_move", "FA 11.3", "Sail a task force, or finish",
                          "is moving ships", naval_options)


def every_power(state: State) -> list[str]:
    return sorted(state["board"]["sides"])


def build_decision(state: State, power: str) -> Decision:
    """FA 13.5.5, 18, 14.1 — spend BP: a unit class, an entrenchment, an OP, morale; or done."""
    board = state["board"]
    return Decision(
        id=decision_id(state, f"build-{power}"), seats=(power,), kind="build",
        rule="FA 13.5.5", prompt="Spend build points, or finish",
        waiting=f"{power} is building", options=tuple(build_options(state, power)),
        data={"bp": board["bp"][power],
              "morale_bp": board.get("morale_bp", {}).get(power, 0),
              "morale_bp_max": board.get("morale_bp_max", {}).get(power, 0)})


def offensive_decision(state: State, power: str) -> Decision:
    """FA 18.1 — spend offensive points, each option with its cost; or done."""
    offered = offensive_options(state, power)
    return Decision(
        id=decision_id(state, f"offensive-{power}"), seats=(power,), kind="offensive",
        rule="FA 18.1", prompt="Spend offensive points, or finish",
        waiting=f"{power} may spend offensive points", options=tuple(offered),
        data={"ops": ops(state, power),
              "costs": [option_cost(state, power, o) for o in offered]})


COMBAT_REPLIES = ("naval_bombard", "hq_support", "combat_order", "sit_out", "choose_table", "combat_losses", "shatter_or_retreat",
                  "retreat", "advance")

FLOW = Flow([
    # --- the turn's start (FA 3.1, 4–6)
    Step(S.TURN_START, "FA 3.1", begin=start_turn, next=S.REINFORCEMENT),
    Step(S.REINFORCEMENT, "FA 4.2", begin=reinforce, next=S.SCRAP),
    PowersStep(S.SCRAP, "FA 4.3", who=choosing(every_power, scrap_options),
               offer=listed("scrap", "scrap", "FA 4.3", "Destroy or scrap units, or finish",
                            "may destroy or scrap units", scrap_options),
               verbs={"scrap": counted("scrap", apply_scrap)}, end=end_step,
               next=S.HOME_FRONT),
    PowersStep(S.HOME_FRONT, "FA 14.1", who=choosing(every_power, home_front_options),
               offer=listed("home_front", "home_front", "FA 14.1",
                            "Move units into or out of the home-front reserve pool",
                            "is managing its home-front reserves", home_front_options),
               verbs={"home_front": counted("home_front", apply_home_front)},
               next=S.BREAKDOWN),
    PowersStep(S.BREAKDOWN, "FA 21.2", who=choosing(every_power, breakdown_options),
               offer=listed("breakdown", "breakdown", "FA 21.2",
                            "Break corps down into divisions, or build divisions up",
                            "may break down or build up units", breakdown_options),
               verbs={"breakdown": counted("breakdown", apply_breakdown)}, next=S.ENTRENCH),
    PowersStep(S.ENTRENCH, "FA 21.6", who=choosing(every_power, entrench_options, least=1),
               offer=listed("entrench", "entrench", "FA 21.6",
                            "Assign an arriving entrenchment to a corps",
                            "is placing entrenchments", entrench_options),
               verbs={"entrench": counted("entrench", lambda s, p, a, r: entrench(s, p, a))},
               next=S.LENDING),
    Step(S.LENDING, "FA 5", begin=lending, next=after_lending),
    Step(S.INITIATIVE_SCRIPTED, "FA 22.3", begin=scripted_initiative, next=begin_action_stage),
    Step(S.INITIATIVE, "FA 6.1", begin=roll_initiative, next=after_initiative),
    PowersStep(S.INITIATIVE_REROLL, "FA 6.1", offers=reroll_decision,
               verbs={"initiative_reroll": demand_reroll}, once=True, next=after_reroll),
    PowersStep(S.FIRST_SIDE, "FA 6.2", offers=first_side_decision,
               verbs={"first_side": choose_first_side}, once=True, next=begin_action_stage),
    # --- an impulse (FA 8–12)
    Step(S.WEATHER, "FA 8", begin=weather_step, next=S.DECLARATION),
    Step(S.DECLARATION, "FA 9", begin=declarations, next=S.ACTION_CHOICE),
    PowersStep(S.ACTION_CHOICE, "FA 10.1", who=choosing_action, offer=action_decision,
               verbs={"action": choose_action}, next=S.OFFENSIVE),
    PowersStep(S.OFFENSIVE, "FA 18.1", who=choosing(active_powers, offensive_options),
               offer=offensive_decision,
               verbs={"offensive": counted(
                   "offensive", lambda s, p, a, r: spend_offensive_points(s, p, a))},
               next=S.EMERGENCY),
    PowersStep(S.EMERGENCY, "FA 2.4.4", who=choosing(announcing_powers, emergency_options),
               offer=listed("emergency", "emergency_supply", "FA 2.4.4",
                            "Give a unit emergency supply from an HQ, or finish",
                            "may announce emergency HQ supply", emergency_options),
               verbs={"emergency_supply": counted(
                   "emergency", lambda s, p, a, r: apply_emergency(s, p, a))},
               next=S.NAVAL_MOVE),
    # FA 11.3 — step 3(b): the campaign's fleets sail (East Prussia has none: nobody decides).
    PowersStep(S.NAVAL_MOVE, "FA 11.3", offers=naval_move_decisions,
               verbs={"naval_move": counted("naval_move", sail_and_watch),
                      "naval_intercept": counted("naval_intercept", answer_intercept),
                      "naval_intercepted": counted("naval_intercepted", answer_intercepted),
                      "naval_debark": counted("naval_debark", answer_debark),
                      "naval_convoy": counted("naval_convoy", sail_convoy_and_watch)},
               begin=begin_naval, next=S.NAVAL_COMBAT),
    # FA 11.4.1 / 11.5 — the naval combat step: the active side picks sea areas, then the other.
    PowersStep(S.NAVAL_COMBAT, "FA 11.4", who=battling, offer=battle_offer,
               verbs={"naval_combat": counted("naval_combat", start_battle),
                      "naval_surprise": counted("naval_surprise", spend_surprise)},
               next=S.RAIL),
    # FA 19.2.1: the steps that move land units note where each stands in a foreign host's
    # country as they begin, and destroy at their end what came in beyond the limit.
    PowersStep(S.RAIL, "FA 11.8", who=acting(S.RAIL), offer=activity_decision(S.RAIL),
               verbs={"rail_move": rail_move}, begin=note_start, end=check_end,
               next=S.LAND_MOVE),
    PowersStep(S.LAND_MOVE, "FA 11.9", who=acting(S.LAND_MOVE),
               offer=activity_decision(S.LAND_MOVE), verbs={"land_move": land_move},
               begin=note_start, end=then(check_end, forget_moves), next=S.LAND_COMBAT),
    PowersStep(S.LAND_COMBAT, "FA 11.12", who=attackers, offers=attack_decisions,
               verbs={"land_attack": land_attack,
                      **{kind: combat_reply for kind in COMBAT_REPLIES}},
               begin=note_start, end=then(check_end, end_land_combat),
               next=S.REORGANISATION),
    PowersStep(S.REORGANISATION, "FA 11.14", who=acting(S.REORGANISATION),
               offer=activity_decision(S.REORGANISATION),
               verbs={"reorganise": order_reorganise}, begin=note_down_at_start,
               end=forget_moves, next=S.LAST_IMPULSE),
    Step(S.LAST_IMPULSE, "FA 12", begin=last_impulse, next=after_last_impulse),
    # --- the end of the turn (FA 13–14)
    Step(S.PARTISANS, "FA 13.1", begin=partisan_step, next=S.RETURN_TO_BASE),
    # FA 13.3 (version 29, R-N64–R-N68): the initiative side decides first, then the
    # orders land in turn, each open to interception by enemy units staying at sea.
    PowersStep(S.RETURN_TO_BASE, "FA 13.3", offers=return_decisions,
               verbs={"naval_return": counted("return_to_base", return_ships),
                      "naval_intercept": counted("naval_intercept", answer_return_intercept)},
               begin=begin_returns, end=strand_convoys, next=S.FINAL_REORGANISATION),
    Step(S.FINAL_REORGANISATION, "FA 13.4", begin=final_reorganisation, next=S.PRODUCTION),
    PowersStep(S.PRODUCTION, "FA 13.5", who=choosing(every_power, build_options),
               offer=build_decision, verbs={"build": counted("build", build)},
               begin=start_production, end=finish_production, next=S.MORALE),
    Step(S.MORALE, "FA 14", begin=adjust_morale, next=S.PEACE),
    Step(S.PEACE, "FA 13.6", begin=peace, next=S.LIBERATION),
    PowersStep(S.LIBERATION, "FA 13.6.3.1", who=choosing(holders, liberation_options),
               offer=listed("liberation", "liberation", "FA 13.6.3.1",
                            "Liberate the country, or not; or give a liberated country's "
                            "hexes you hold back (and co-operate with it), or keep them",
                            "decides on a liberation",
                            liberation_options),
               verbs={"liberation": counted("liberation", choose_liberation)},
               next=S.VICTORY),
    Step(S.VICTORY, "FA 13.7", begin=victory_step, next=after_victory),
    Step(S.OVER, "FA 13.7", next=None),
], position=position, move_to=move_to)


# What a player reads on the track for each step (served in the view, so the browser keeps no
# copy of the table): its title, and the short label of the impulse's steps in their order.
TITLES: dict[S, str] = {
    S.TURN_START: "New turn", S.REINFORCEMENT: "Reinforcements",
    S.SCRAP: "Destroy and scrap units", S.HOME_FRONT: "Home-front reserves",
    S.BREAKDOWN: "Breakdown and build-up", S.ENTRENCH: "Entrenchments", S.LENDING: "Lending",
    S.INITIATIVE_SCRIPTED: "Initiative", S.INITIATIVE: "Initiative",
    S.INITIATIVE_REROLL: "Initiative re-roll", S.FIRST_SIDE: "Who moves first",
    S.WEATHER: "Weather", S.DECLARATION: "Declarations", S.ACTION_CHOICE: "Action choice",
    S.OFFENSIVE: "Offensive points", S.EMERGENCY: "Emergency HQ supply",
    S.NAVAL_MOVE: "Naval movement", S.NAVAL_COMBAT: "Naval combat", S.RAIL: "Rail movement", S.LAND_MOVE: "Land movement", S.LAND_COMBAT: "Land combat",
    S.REORGANISATION: "Reorganisation", S.LAST_IMPULSE: "Last-impulse test",
    S.PARTISANS: "Partisans", S.RETURN_TO_BASE: "Return to base", S.FINAL_REORGANISATION: "Final reorganisation", S.PRODUCTION: "Production",
    S.MORALE: "Morale", S.PEACE: "Peace", S.LIBERATION: "Liberation", S.VICTORY: "Victory check", S.OVER: "Game over",
}
IMPULSE_LABELS: tuple[tuple[S, str], ...] = (
    (S.ACTION_CHOICE, "Action"), (S.OFFENSIVE, "OPs"), (S.EMERGENCY, "Supply"),
    (S.NAVAL_MOVE, "Naval"), (S.NAVAL_COMBAT, "Sea fight"), (S.RAIL, "Rail"), (S.LAND_MOVE, "Move"), (S.LAND_COMBAT, "Combat"),
    (S.REORGANISATION, "Reorganise"))


def track_view(state: State) -> dict[str, Any]:
    """The current step's title and, inside an impulse's activities, the impulse's steps with
    the current one marked (for the browser's track); naval movement only in a game with
    fleets."""
    step = state["flow"]["step"]
    inside = any(name == step for name, _ in IMPULSE_LABELS)
    # naval movement is on the track only where there are ships (the campaign)
    labels = [(name, label) for name, label in IMPULSE_LABELS
              if name not in (S.NAVAL_MOVE, S.NAVAL_COMBAT) or "fleets" in state["board"]]
    return {"step_title": TITLES[S(step)],
            "impulse_steps": [{"step": name.value, "label": label, "current": name == step}
                              for name, label in labels] if inside else []}


def open_decisions(state: State) -> list[Decision]:
    """The decisions open now."""
    step = FLOW.current(state)
    return step.open(state) if isinstance(step, PowersStep) else []


def settle(state: State) -> list[Decision]:
    """The decisions open now (tests that set up a position by hand call it by this name)."""
    return open_decisions(state)
