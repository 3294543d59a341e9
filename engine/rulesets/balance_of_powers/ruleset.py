"""Balance of Powers — the ruleset: decisions, handlers, the sequence driver, views, result.

Handlers are named after the decision kind (`_do_march`, `_do_rail`, `_do_combat` …). After
every handler `_advance` runs the automatic steps of the sequence (sequence.MONTH_SCRIPT) until
some seat has a decision to make.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Decision, Event, IllegalAction, MalformedAction, Roller, Ruleset
from engine.kernel.game import copy_json

from . import admiralty, combat, economy, movement, neutrals, odds, setup, supply
from .forces import (ENTRENCHED, MANEUVER, UNITS, at_war, commander, controller, eliminate,
                     lone_leaders, occupancy, side_of, unit_side)
from .occupy import begin_plan_xvii, check_conquest, check_schlieffen, enter
from .sequence import MONTH_NAMES, MONTH_SCRIPT, MONTHS, Step
from .tables import CENTRAL, ENTENTE, MAJORS, MINOR_COMMANDER, RAIL_COST, SIDE_SEATS
from .theatre import SCENARIO_MAP, Theatre, theatre
from .victory import bc_counts, check_victory

SCENARIO = "before-the-leaves-fall"
SEATS = (("germany", CENTRAL, "Germany", "#5a5a5a"),
         ("austria_hungary", CENTRAL, "Austria-Hungary", "#c8b560"),
         ("france", ENTENTE, "France", "#3b5fae"),
         ("russia", ENTENTE, "Russia", "#3f7f4f"),
         ("britain", ENTENTE, "Britain", "#b03a2e"))

MANIFEST = {
    "title": "Balance of Powers",
    "scenarios": [{
        "id": SCENARIO, "title": "Before the Leaves Fall (August–October 1914)",
        "rule": "BoP 12.1", "map": SCENARIO_MAP,
        "seats": [{"id": s, "side": side, "title": title, "colour": colour}
                  for s, side, title, colour in sorted(SEATS)],
        "sides": [{"id": CENTRAL, "title": "Central Powers"},
                  {"id": ENTENTE, "title": "Entente Powers"}],
        "players": {"min": 2, "max": 4},
        "options": [{"id": "secret_setup", "type": "boolean", "default": False,
                     "title": "Secret simultaneous set-up (BoP 12.1 optional set-up)"},
                    {"id": "random_neutral_entry", "type": "boolean", "default": False,
                     "title": "Neutral random entry instead of standard diplomacy (BoP 6.13): "
                              "Britain rolls to join in August"}],
        "max_actions": 4000, "hidden_information": True, "simultaneous": True,
        "selfplay_requires": ["march", "rail", "combat"],
        # Rail is open beside many marches and `done`: weighted so no game goes without one.
        "selfplay_weights": {"rail": 3},
    }],
}

COMBAT_KINDS = ("reserve", "point", "reroll", "pay", "loss", "retreat")
# Schema decisions whose every listed answer commits the seat to something (a march, a rail
# move, an attack, a sea move). Each also accepts PASS, never listed: the answer a deadline
# plays, which ends the seat's movement for the half (or its admiralty phase) instead.
PASSABLE = ("march", "rail", "combat", "sea_move")
PASS = {"pass": True}
# The fields of each force-moving answer and how to say it. `units` is a list of unit ids,
# every other field a string, except an attack's payer, null for an all-minor force's free
# attack (BoP 10.3). `_check_shape` checks that before any rule looks at the answer, so a list
# where a location belongs is malformed, not a TypeError in a set lookup (probe F11).
FORCE_SHAPES = {
    "march": ({"units", "to"}, 'a march is {"units": [...], "to": "<loc>"}'),
    "rail": ({"units", "to", "payer"}, 'a rail move is {"units", "to", "payer"}'),
    "combat": ({"units", "target", "point", "payer"},
               'an attack is {"units", "target", "point", "payer"}'),
}
NULLABLE = {("combat", "payer")}

FORCE_SCHEMA = {"type": "object", "required": ["units", "to"],
                "properties": {"units": {"type": "array", "items": {"type": "string"}},
                               "to": {"type": "string"}}}
RAIL_SCHEMA = {"type": "object", "required": ["units", "to", "payer"],
               "properties": {"units": {"type": "array", "items": {"type": "string"}},
                              "to": {"type": "string"}, "payer": {"type": "string"}}}
ATTACK_SCHEMA = {"type": "object", "required": ["units", "target", "point", "payer"],
                 "properties": {"units": {"type": "array", "items": {"type": "string"}},
                                "target": {"type": "string"}, "point": {"type": "string"},
                                "payer": {"type": ["string", "null"]}}}
SETUP_SCHEMA = {"type": "object", "required": ["placement"],
                "properties": {"placement": {"type": "object",
                                             "additionalProperties": {"type": "string"}}}}
SEA_SCHEMA = {"type": "object", "required": ["unit", "to"],
              "properties": {"unit": {"type": "string"}, "to": {"type": "string"}}}


_DECISIONS: dict[str, tuple[Decision, ...]] = {}
_OPTIONS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def _memo_key(state: dict[str, Any]) -> str:
    """Decisions and options are pure functions of the ruleset's part of the state; memoise
    them on its text form (the kernel asks several times per action)."""
    board = state["board"]
    return repr((state.get("kernel", {}).get("game_uid"), state["flow"], board["units"],
                 board["control"], board["forts"], board["breaches"], board["pool"],
                 board["arrivals"], board["map"], board.get("landing"), board["landing_used"],
                 board["infra"], board["infra_due"],
                 state["powers"], state["ti"], state["plans"],
                 state.get("ti_benefits"), state.get("diplomacy")))


def decision_rule_of_pass(step: str) -> str:
    return "BoP 6.452" if step == Step.ADMIRALTY.value else "BoP 9.0"


def _where(th: Theatre, loc: str) -> str:
    """A location as players read it: its place's name and hex number (the map's labels)."""
    label = th.label.get(loc, loc)
    pid = th.place_at.get(loc)
    return f"{th.place_name[pid]} ({label})" if pid in th.place_name else label


def _unit_list(units: Any) -> list[str]:
    """`units` if it is a list of unit ids (strings), else MalformedAction."""
    if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
        raise MalformedAction("units is a list of unit ids", data={"field": "units"})
    return units


def _check_shape(kind: str, action: dict[str, Any]) -> None:
    """BoP 9, 10 — the fields of a march, rail move or attack and their types (FORCE_SHAPES);
    which units and locations are legal is the rules' business, after this."""
    if kind not in FORCE_SHAPES:
        raise MalformedAction(f"unknown decision kind {kind}")
    fields, usage = FORCE_SHAPES[kind]
    if set(action) != fields:
        raise MalformedAction(usage)
    _unit_list(action["units"])
    for name in sorted(fields - {"units"}):
        if not isinstance(action[name], str) and not (
                action[name] is None and (kind, name) in NULLABLE):
            raise MalformedAction(f"{name} is a string ({usage})", data={"field": name})


def _th(state: dict[str, Any]) -> Theatre:
    return theatre(state["board"]["map"])


def commander_for_new(state: dict[str, Any], uid: str) -> str:
    """The seat that will command a unit not yet on the map."""
    nation = UNITS[uid].nation
    if nation in MAJORS:
        return nation
    return MINOR_COMMANDER[state["powers"][nation]["side"]]


def _seat_rule(kind: str) -> str:
    return {"march": "BoP 9.1", "rail": "BoP 9.2", "combat": "BoP 10", "entrench": "BoP 9.61",
            "done": "BoP 6.53", "setup": "BoP 12.1", "violate": "BoP 6.11",
            "muster": "BoP 6.21", "procure": "BoP 6.22", "sea_move": "BoP 6.452",
            "britain_setup": "BoP 12.1", "plan_xvii": "BoP 12.1", "reserve": "BoP 10.4",
            "point": "BoP 10.531", "reroll": "BoP 12.1", "pay": "BoP 10.711",
            "loss": "BoP 10.712", "retreat": "BoP 10.722",
            "remove_breach": "BoP 10.594", "landing": "BoP 6.453",
            "neutral_setup": "BoP 6.11", "stop": "BoP 9.0",
            "place_infrastructure": "BoP 6.215", "transfer": "BoP 5.23",
            "leader_return": "BoP 1.323"}[kind]


class BalanceOfPowers(Ruleset):
    id = "balance_of_powers"
    # 2: deadlines play the passive answer ({"pass": true} on moves), leader return (1.323),
    # random neutral entry option (6.13).
    version = "2"
    manifest = MANIFEST

    # --- set-up -----------------------------------------------------------------------------

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> dict[str, Any]:
        state = setup.initial_state(SCENARIO_MAP, options)
        flow = state["flow"]
        flow["step"] = Step.SECRET_SETUP.value if options.get("secret_setup") else Step.SETUP.value
        return state

    # --- decisions --------------------------------------------------------------------------

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        key = _memo_key(state)
        found = _DECISIONS.get(key)
        if found is None:
            found = tuple(self._decisions(state))
            if len(_DECISIONS) > 512:
                _DECISIONS.clear()
            _DECISIONS[key] = found
        return list(found)

    def _decisions(self, state: dict[str, Any]) -> list[Decision]:
        flow = state["flow"]
        if flow["result"] is not None:
            return []
        th = _th(state)
        step = flow["step"]
        if flow.get("britain_to_place"):
            return [self._britain_decision(state, th)]
        if flow.get("neutral_to_place"):
            uid = flow["neutral_to_place"][0]
            options = tuple({"unit": uid, "at": loc} for loc in neutrals.neutral_spots(
                state, th, uid)) or ({"unit": uid, "at": None},)
            seat = commander_for_new(state, uid)
            return [self._decision(state, seat, "neutral_setup", options=options,
                                   prompt=f"Place {UNITS[uid].nation.title()} corps "
                                          f"{UNITS[uid].name} in a population centre",
                                   reaction=seat not in SIDE_SEATS[flow["side"]])]
        if step == Step.SETUP.value:
            return self._setup_decisions(state, th, secret=False)
        if step == Step.SECRET_SETUP.value:
            return self._setup_decisions(state, th, secret=True)
        if step == Step.HALF.value and flow["combat"] is not None:
            kind, seat, options = combat.pending(state, th)
            return [self._decision(state, seat, kind, options=tuple(options),
                                   reaction=seat not in SIDE_SEATS[flow["side"]],
                                   prompt=self._combat_prompt(kind, flow["combat"]))]
        out: list[Decision] = []
        for seat in flow["active"]:
            out.extend(self._seat_decisions(state, th, step, seat))
        return out

    def _decision(self, state: dict[str, Any], seat: str, kind: str, *,
                  options: tuple[Any, ...] | None = None, schema: dict[str, Any] | None = None,
                  group: str | None = None, reaction: bool = False, undoable: bool = False,
                  prompt: str = "", data: dict[str, Any] | None = None,
                  suffix: str | None = None) -> Decision:
        flow = state["flow"]
        did = f"{flow['month']}-f{flow['fortnight']}-{flow['step']}-{flow['side']}-{seat}-{kind}"
        if suffix is not None:
            did += f"-{suffix}"
        if kind in COMBAT_KINDS or kind in ("muster", "plan_xvii", "procure", "violate"):
            did += f"-{flow['k']}"  # a new question after every answer (fresh deadline)
        return Decision(id=did, seats=(seat,), kind=kind, rule=_seat_rule(kind),
                        prompt=prompt or kind.replace("_", " "), options=options, schema=schema,
                        waiting=f"{seat} is deciding ({kind.replace('_', ' ')})", group=group,
                        reaction=reaction, undoable=undoable, data=data or {})

    def _combat_prompt(self, kind: str, c: dict[str, Any]) -> str:
        return {"reserve": f"Attack on {c['target']}: commit a reserve?",
                "point": f"Attack on {c['target']}: choose your point unit",
                "reroll": "Reroll this land combat roll (once, first fortnight)?",
                "pay": "Pay 1 RP to cancel this RP result?",
                "loss": "Choose the next loss",
                "retreat": "Choose where this corps retreats"}[kind]

    def _setup_decisions(self, state: dict[str, Any], th: Theatre, *,
                         secret: bool) -> list[Decision]:
        flow = state["flow"]
        placed = flow["placed"]
        seats = setup.SETUP_NATIONS if secret else dict(setup.SETUP_ORDER)[flow["side"]]
        return [self._decision(state, seat, "setup", schema=SETUP_SCHEMA,
                               group="setup" if secret else None,
                               prompt="Place your August 1914 units")
                for seat in seats if seat not in placed]

    def _britain_decision(self, state: dict[str, Any], th: Theatre) -> Decision:
        ports = neutrals.french_ports(state, th)
        homes = neutrals.british_home(th)
        options = tuple({"port": p, "home": h} for p in ports for h in homes)
        if not options:
            options = ({"port": None, "home": homes[0] if homes else None},)
        return self._decision(state, "britain", "britain_setup", options=options,
                              prompt="Britain joins: place cavalry 1 and infantry 1–2 in a "
                                     "French port, infantry 3 in Britain")

    def _seat_decisions(self, state: dict[str, Any], th: Theatre, step: str,
                        seat: str) -> list[Decision]:
        flow = state["flow"]
        if step == Step.DIPLOMACY.value:
            options = ({"violate": None},) + tuple(
                {"violate": n} for n in neutrals.violation_options(state, th, flow["side"]))
            return [self._decision(state, seat, "violate", options=options,
                                   prompt="Declare a violation of a neutral (or none)")]
        if step == Step.TABULATION.value:
            options = ({"to": None},) + tuple(economy.transfer_options(state, th, seat)) + tuple(
                {"convert": loc} for loc in economy.conversion_options(state, th, seat))
            return [self._decision(state, seat, "transfer", options=options,
                                   prompt="Transfer RP to an ally or convert a fortress step "
                                          "(or finish)")]
        if step == Step.MUSTER.value and seat in flow.get("infra_to_place", []):
            spots = economy.infrastructure_spots(state, th, seat)
            options = tuple({"at": loc} for loc in spots) or ({"at": None},)
            return [self._decision(state, seat, "place_infrastructure", options=options,
                                   prompt="Place your infrastructure marker")]
        if step == Step.MUSTER.value:
            uid = self._muster_unit(state, seat)
            if uid is None:
                return []
            options = tuple({"unit": uid, "at": loc} for loc in economy.muster_locations(
                state, th, uid))
            return [self._decision(state, seat, "muster", options=options,
                                   prompt=f"Muster {UNITS[uid].name} ({UNITS[uid].nation})")]
        if step == Step.PROCURE.value:
            options = ({"buy": None},) + tuple(
                {"buy": u} for u in economy.procurable(state, seat)) + tuple(
                {"repair": loc} for loc in economy.repairable(state, th, seat)) + (
                ({"buy": economy.INFRASTRUCTURE},)
                if economy.infrastructure_buyable(state, seat) else ())
            return [self._decision(state, seat, "procure", options=options,
                                   prompt="Procure a unit from your pool (or stop)")]
        if step == Step.ADMIRALTY.value:
            out = [self._decision(state, seat, "done", options=({"done": True},),
                                  prompt="End your admiralty phase")]
            if admiralty.sea_moves(state, th, seat, commander):
                out.append(self._decision(state, seat, "sea_move", schema=SEA_SCHEMA,
                                          prompt="Move a corps by sea (6.45)"))
            landings = admiralty.landing_options(state, th)
            if landings:
                out.append(self._decision(state, seat, "landing", options=tuple(landings),
                                          prompt="Place the year's landing counter (6.453)"))
            return out
        if step == Step.PLAN_XVII.value:
            options = ({"destroy": None},) + tuple(
                {"destroy": u} for u in sorted(state["board"]["units"])
                if UNITS[u].nation == "france" and UNITS[u].corps)
            return [self._decision(state, seat, "plan_xvii", options=options,
                                   prompt="Plan XVII failed: destroy a French corps")]
        if step == Step.HALF.value:
            return self._half_decisions(state, th, seat)
        return []

    def _half_decisions(self, state: dict[str, Any], th: Theatre, seat: str) -> list[Decision]:
        supplied = state["flow"]["supplied"]
        force = movement.active_force(state, seat, supplied)
        if force:
            out = [self._decision(state, seat, "stop", options=({"stop": True},),
                                  prompt="Finish this force's move")]
            if self._march_items(state, th, seat, supplied, limit=1):
                out.append(self._decision(state, seat, "march", schema=FORCE_SCHEMA,
                                          undoable=True, prompt="Continue the march"))
            out += self._rail_and_attack_decisions(state, th, seat, supplied)
            return out
        out = [self._decision(state, seat, "done", options=({"done": True},),
                              prompt="End your fortnight half")]
        for part, prompt in (("whole", "March a whole stack"),
                             ("part", "March part of a stack (the rest stays)")):
            if self._march_items(state, th, seat, supplied, limit=1, part=part):
                out.append(self._decision(state, seat, "march", schema=FORCE_SCHEMA,
                                          undoable=True, prompt=prompt, suffix=part,
                                          data={"part": part}))
        out += self._rail_and_attack_decisions(state, th, seat, supplied)
        removals = self._breach_removals(state, seat)
        if removals:
            out.append(self._decision(state, seat, "remove_breach", options=tuple(removals),
                                      undoable=True, prompt="Remove a breach (all MP of the "
                                                            "corps stacked with it)"))
        leaders = self._leader_returns(state, seat, supplied)
        if leaders:
            out.append(self._decision(state, seat, "leader_return", options=tuple(leaders),
                                      undoable=True, prompt="Return a leader to the force pool"))
        entrench = movement.entrench_candidates(state, th, seat, commander)
        if entrench:
            out.append(self._decision(state, seat, "entrench", options=tuple(entrench),
                                      undoable=True, prompt="Entrench or un-entrench a corps"))
        return out

    def _rail_and_attack_decisions(self, state: dict[str, Any], th: Theatre, seat: str,
                                   supplied: dict[str, bool]) -> list[Decision]:
        """One rail decision per location a force can rail from, one attack decision per
        enemy location within reach (both cost RP, so their number stays bounded)."""
        out = []
        for loc in self._rail_starts(state, th, seat, supplied):
            out.append(self._decision(state, seat, "rail", schema=RAIL_SCHEMA, undoable=True,
                                      prompt=f"Move a force by rail from {_where(th, loc)} (1 RP)",
                                      suffix=loc, data={"from": loc}))
        targets = sorted({item["action"]["target"] for item in self._attack_items(
            state, th, seat, supplied)})
        for target in targets:
            out.append(self._decision(state, seat, "combat", schema=ATTACK_SCHEMA,
                                      prompt=f"Attack {_where(th, target)}",
                                      suffix=target, data={"target": target}))
        return out

    def _rail_starts(self, state: dict[str, Any], th: Theatre, seat: str,
                     supplied: dict[str, bool]) -> list[str]:
        starts = set()
        for item in self._rail_items(state, th, seat, supplied, limit=None, first_only=True):
            starts.add(state["board"]["units"][item["action"]["units"][0]]["at"])
        return sorted(starts)

    def _leader_returns(self, state: dict[str, Any], seat: str,
                        supplied: dict[str, bool]) -> list[dict[str, str]]:
        """BoP 1.323 — a leader whose command could move now may go back to the pool instead.
        His command is his nation's corps in his location; one of them must be unmoved this
        half, allowed to move and have MP (the moment the rule names)."""
        out = []
        moves = state["flow"]["moves"]
        for uid, unit in sorted(state["board"]["units"].items()):
            if UNITS[uid].kind != "leader" or commander(state, uid) != seat or uid in moves:
                continue
            if any(UNITS[o].corps and UNITS[o].nation == UNITS[uid].nation and o not in moves
                   and v["at"] == unit["at"] and movement.may_move(state, o)
                   and movement.mp_left(state, o, supplied.get(o, True)) > 0
                   for o, v in state["board"]["units"].items()):
                out.append({"leader": uid})
        return out

    def _breach_removals(self, state: dict[str, Any], seat: str) -> list[dict[str, str]]:
        """BoP 10.594 — a force stacked with a breach removes it by spending all its MP where it
        starts; every corps of that force must do so (all or nothing), so all the seat's corps
        there must still be unmoved."""
        out = []
        occ = occupancy(state)
        for breach in state["board"]["breaches"]:
            here = [u for u in occ.get(breach["at"], []) if UNITS[u].corps]
            mine = [u for u in here if commander(state, u) == seat]
            if not mine or len(mine) != len([u for u in here if unit_side(state, u) ==
                                             unit_side(state, mine[0])]):
                continue
            if any(u in state["flow"]["moves"] or not movement.may_move(state, u) for u in mine):
                continue
            out.append({"at": breach["at"], "to": breach["to"]})
        return sorted(out, key=lambda o: (o["at"], o["to"]))

    # --- option expanders (the same functions validate) ---------------------------------------

    def _forces(self, state: dict[str, Any], seat: str, supplied: dict[str, bool]) -> list[list[str]]:
        """Candidate forces for listing: the force in motion (whole, and its single corps with
        the most MP left), else each location's whole stack of movable units of the seat and
        its single corps with the most MP left."""
        force = movement.active_force(state, seat, supplied)
        if force:
            corps = [u for u in force if UNITS[u].corps]
            best = max(corps, key=lambda u: (movement.mp_left(state, u, supplied.get(u, True)),
                                             u))
            return [sorted(force)] + ([[best]] if len(corps) > 1 else [])
        forces = []
        occ = occupancy(state)
        for loc in sorted(occ):
            mine = [u for u in occ[loc] if commander(state, u) == seat]
            corps = [u for u in mine if UNITS[u].corps and movement.may_move(state, u)
                     and movement.mp_left(state, u, supplied.get(u, True)) > 0]
            if not corps:
                continue
            leaders = [u for u in mine if not UNITS[u].corps]
            forces.append(sorted(corps + leaders))
            best = max(corps, key=lambda u: (movement.mp_left(state, u, supplied.get(u, True)),
                                             u))
            if len(corps) > 1:
                forces.append([best])
        return forces

    def _attack_items(self, state: dict[str, Any], th: Theatre, seat: str,
                      supplied: dict[str, bool], limit: int | None = None) -> list[dict[str, Any]]:
        force = movement.active_force(state, seat, supplied)
        return combat.attack_items(state, th, seat, commander, supplied, limit=limit,
                                   only=force or None)

    def _movable_stack(self, state: dict[str, Any], seat: str, loc: str,
                       supplied: dict[str, bool]) -> list[str]:
        """The seat's units at `loc` that could move now (corps with MP, and leaders)."""
        here = [u for u, v in state["board"]["units"].items()
                if v["at"] == loc and commander(state, u) == seat]
        corps = [u for u in here if UNITS[u].corps and movement.may_move(state, u)
                 and movement.mp_left(state, u, supplied.get(u, True)) > 0]
        return sorted(corps + [u for u in here if not UNITS[u].corps]) if corps else []

    def _is_part(self, state: dict[str, Any], seat: str, units: list[str],
                 supplied: dict[str, bool]) -> bool:
        loc = state["board"]["units"][units[0]]["at"]
        return set(units) != set(self._movable_stack(state, seat, loc, supplied))

    def _march_items(self, state: dict[str, Any], th: Theatre, seat: str,
                     supplied: dict[str, bool], limit: int | None = None,
                     units: list[str] | None = None,
                     part: str | None = None) -> list[dict[str, Any]]:
        """March options. With `part`, only whole stacks ("whole") or only parts of a stack
        ("part", 9.12: the rest stays) — two decisions when no force is in motion."""
        items = []
        forces = [units] if units is not None else self._forces(state, seat, supplied)
        if part is not None:
            forces = [f for f in forces if self._is_part(state, seat, f, supplied) == (
                part == "part")]
        for force in forces:
            for loc, (cost, path) in movement.march_destinations(
                    state, th, force, supplied, first_only=limit == 1).items():
                items.append({"action": {"units": force, "to": loc}, "cost": cost})
                if limit is not None and len(items) >= limit:
                    return items
        return items

    def _rail_items(self, state: dict[str, Any], th: Theatre, seat: str,
                    supplied: dict[str, bool], limit: int | None = None,
                    units: list[str] | None = None, first_only: bool = False,
                    start: str | None = None) -> list[dict[str, Any]]:
        items = []
        if units is not None:
            forces = [units]
        else:
            forces = []
            for force in self._forces(state, seat, supplied):
                corps = [u for u in force if UNITS[u].corps]
                leaders = [u for u in force if not UNITS[u].corps]
                cap = min((movement.RAIL_CAP.get(UNITS[u].nation, 0) for u in corps), default=0)
                forces.append(sorted(corps[:max(1, cap)] + leaders))
        if start is not None:
            forces = [f for f in forces if state["board"]["units"][f[0]]["at"] == start]
        for force in forces:
            dests = movement.rail_destinations(state, th, force, supplied,
                                               first_only=limit == 1 or first_only)
            if not dests:
                continue
            payer = movement.rail_payers(state, force)[0]
            for loc, (cost, path) in dests.items():
                items.append({"action": {"units": force, "to": loc, "payer": payer},
                              "cost": cost, "hexes": len(path) - 1})
                if limit is not None and len(items) >= limit:
                    return items
        return items

    def options(self, state: dict[str, Any], seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        key = (_memo_key(state), seat, decision.id, repr(query))
        found = _OPTIONS.get(key)
        if found is None:
            found = self._options(state, seat, decision, query)
            if len(_OPTIONS) > 128:
                _OPTIONS.clear()
            _OPTIONS[key] = found
        return copy_json(found)

    def _options(self, state: dict[str, Any], seat: str, decision: Decision,
                 query: dict[str, Any] | None) -> list[dict[str, Any]]:
        th = _th(state)
        units = None
        if query and "units" in query:
            units = sorted(_unit_list(query["units"]))
            try:
                movement.check_force(state, th, seat, units, commander, decision.rule)
            except IllegalAction:
                return []
        supplied = state["flow"].get("supplied", {})
        if decision.kind == "march":
            return self._march_items(state, th, seat, supplied, units=units,
                                     part=decision.data.get("part"))
        if decision.kind == "rail":
            return self._rail_items(state, th, seat, supplied, units=units,
                                    start=decision.data.get("from"))
        if decision.kind == "combat":
            return [item for item in self._attack_items(state, th, seat, supplied)
                    if item["action"]["target"] == decision.data.get("target")]
        if decision.kind == "setup":
            secret = state["flow"]["secret"]
            if query and "placement" in query:
                return [self._setup_check(th, seat, query, secret=secret)]
            return [{"action": {"placement": p}, "variant": i} for i, p in enumerate(
                setup.deployments(th, seat, secret=secret))]
        if decision.kind == "sea_move":
            return [{"action": a} for a in admiralty.sea_moves(state, th, seat, commander)]
        return []

    def validate(self, state: dict[str, Any], seat: str, decision: Decision, action: Any) -> Any:
        """BoP 9, 10, 12.1 — schema decisions: parse, then check with the listing functions."""
        th = _th(state)
        if not isinstance(action, dict):
            raise MalformedAction("an action is a JSON object")
        supplied = state["flow"].get("supplied", {})
        kind = decision.kind
        if kind in PASSABLE and action == PASS:
            return dict(PASS)
        if kind == "setup":
            return self._validate_setup(state, th, seat, action)
        if kind == "sea_move":
            return self._validate_sea(state, th, seat, action)
        _check_shape(kind, action)
        units = sorted(action["units"])
        loc = movement.check_force(state, th, seat, units, commander, decision.rule)
        force = movement.active_force(state, seat, supplied)
        if force and not set(units) <= set(force) | set(movement.joinable(state, seat, force)):
            raise IllegalAction("BoP 9.0", "force_in_progress", {"force": force},
                                "Finish the force now moving before starting another.")
        if force and not set(units) & set(force):
            raise IllegalAction("BoP 9.0", "force_in_progress", {"force": force},
                                "Finish the force now moving before starting another.")
        if kind == "march":
            part = decision.data.get("part")
            if part is not None and self._is_part(state, seat, units, supplied) != (
                    part == "part"):
                raise IllegalAction("BoP 9.12", "wrong_force", {"units": units},
                                    "This decision moves a whole stack; the other one moves "
                                    "part of a stack." if part == "whole" else
                                    "This decision moves part of a stack; the other one moves "
                                    "a whole stack.")
            dests = movement.march_destinations(state, th, units, supplied)
            if action["to"] not in dests:
                raise IllegalAction("BoP 9.1", "unreachable", {"from": loc, "to": action["to"]},
                                    f"The force cannot march from {loc} to {action['to']}.")
            return {"units": units, "to": action["to"]}
        if kind == "rail":
            if loc != decision.data.get("from"):
                raise IllegalAction("BoP 9.21", "wrong_location", {"from": loc},
                                    "This decision rails a force from another location.")
            if action["payer"] not in movement.rail_payers(state, units):
                raise IllegalAction("BoP 9.21", "bad_payer", {"payer": action["payer"]},
                                    "The payer needs a corps in the force, 1 RP and rail room.")
            dests = movement.rail_destinations(state, th, units, supplied)
            if action["to"] not in dests:
                raise IllegalAction("BoP 9.22", "unreachable", {"from": loc, "to": action["to"]},
                                    f"The force cannot rail from {loc} to {action['to']}.")
            return {"units": units, "to": action["to"], "payer": action["payer"]}
        if kind == "combat":
            if action["target"] != decision.data.get("target"):
                raise IllegalAction("BoP 10.2", "wrong_target", {"target": action["target"]},
                                    "This decision attacks another location.")
            problem = combat.attack_problem(state, th, units, action["target"], supplied)
            if problem is not None:
                rule, code, data = problem
                raise IllegalAction(rule, code, data, f"This attack is not allowed ({code}).")
            if action["point"] not in units or UNITS[action["point"]].kind in ("siege", "leader"):
                raise IllegalAction("BoP 10.533", "bad_point_unit", {"point": action["point"]},
                                    "The point unit is a non-siege corps of the force.")
            if action["payer"] not in combat.payers(state, units):
                raise IllegalAction("BoP 10.3", "bad_payer", {"payer": action["payer"]},
                                    "The payer must be a major with a corps in the force and RP.")
            return {"units": units, "target": action["target"], "point": action["point"],
                    "payer": action["payer"]}
        raise AssertionError(f"no validator for {kind}")  # _check_shape knows every kind

    def _validate_setup(self, state: dict[str, Any], th: Theatre, seat: str, action: Any) -> Any:
        """BoP 12.1 — a whole placement, checked by `setup.setup_problems`."""
        placement = action.get("placement")
        if set(action) != {"placement"} or not isinstance(placement, dict) or not all(
                isinstance(v, str) for v in placement.values()):
            raise MalformedAction('a set-up is {"placement": {"<unit>": "<location>"}}')
        problems = setup.setup_problems(th, seat, placement, secret=state["flow"]["secret"])
        if problems:
            first = problems[0]
            raise IllegalAction("BoP 12.1", first["code"], {"problems": problems[:10]},
                                f"The set-up breaks BoP 12.1: {first['code']} {first['data']}.")
        return {"placement": dict(sorted(placement.items()))}

    def _setup_check(self, th: Theatre, seat: str, query: dict[str, Any], *,
                     secret: bool) -> dict[str, Any]:
        """BoP 12.1 — the set-up editor's query `{"placement": {unit: loc}}` (an options query:
        it answers, it never acts). One item: the placement's problems in plain words (each with
        its rule, units and locations), whether it is complete and legal, the set-up's units and
        where each may go by the rules about it alone; with `"action"` (the answer to send)
        exactly when the validator would accept it. A query with `"brief": true` leaves out the
        units and spots (the editor asks for them once)."""
        placement = query.get("placement")
        if set(query) - {"placement", "brief"} or not isinstance(placement, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in placement.items()):
            raise MalformedAction('a set-up query is {"placement": {"<unit>": "<location>"}}')
        report = setup.check_placement(th, seat, placement, secret=secret)
        item: dict[str, Any] = dict(report)
        if not query.get("brief"):
            item["units"] = setup.unit_sheet(seat)
            item["spots"] = setup.setup_spots(th, seat, secret=secret)
        if report["legal"]:
            item["action"] = {"placement": report["placement"]}
        return item

    def _validate_sea(self, state: dict[str, Any], th: Theatre, seat: str, action: Any) -> Any:
        """BoP 6.452 — one corps between friendly ports (or the landing), as listed."""
        if set(action) != {"unit", "to"}:
            raise MalformedAction('a sea move is {"unit", "to"}')
        if action not in admiralty.sea_moves(state, th, seat, commander):
            raise IllegalAction("BoP 6.452", "no_sea_route", dict(action),
                                "No permitted sea move from a friendly port to that port.")
        return {"unit": action["unit"], "to": action["to"]}

    def timeout_default(self, state: dict[str, Any], decision: Decision, seat: str) -> Any:
        """The passive answer wherever the decision has one: no march, rail move, attack or sea
        move (PASS ends the seat's movement), stop, done, no violation, no transfer, no purchase,
        no Plan XVII penalty, no reserve, no reroll, no payment (a deadline never spends an
        absent player's RP). Decisions without one (set-up, muster and placements, losses,
        retreats, the point unit, entrenching, breach removal, a leader's return, the landing)
        get the most harmless listed answer; in a half the seat's `done` sorts before the
        active ones, so a sweeper that answers a late seat's first open decision ends its
        half."""
        kind = decision.kind
        if kind in PASSABLE:
            return dict(PASS)
        passive = {"reserve": {"reserve": None}, "reroll": {"reroll": False},
                   "pay": {"pay": False}, "violate": {"violate": None},
                   "procure": {"buy": None}, "plan_xvii": {"destroy": None},
                   "transfer": {"to": None}, "done": {"done": True}, "stop": {"stop": True}}
        if kind in passive:
            assert passive[kind] in decision.options, (kind, decision.options)
            return dict(passive[kind])
        if kind == "point":
            c = state["flow"]["combat"]
            return max(decision.options, key=lambda o: (
                odds.defender_effectiveness(state, _th(state), {**c, "def_point": o["point"]}),
                o["point"]))
        if kind == "loss":
            units = [o for o in decision.options if o["loss"] in UNITS]
            if units:
                return min(units, key=lambda o: (UNITS[o["loss"]].effectiveness, o["loss"]))
            return decision.options[0]
        return super().timeout_default(state, decision, seat)

    # --- handlers ---------------------------------------------------------------------------

    def apply_action(self, state: dict[str, Any], seat: str, decision: Decision, action: Any,
                     roller: Roller) -> list[Event]:
        th = _th(state)
        if decision.kind in PASSABLE and action == PASS:
            handler = self._do_pass
        else:
            handler = getattr(self, f"_do_{decision.kind}")
        events = handler(state, th, seat, action, roller)
        state["flow"]["k"] += 1
        events += self._tidy(state, th)
        events += self._advance(state, th, roller)
        return events

    def resolve_group(self, state: dict[str, Any], group: str,
                      answers: list[tuple[Decision, str, Any]], roller: Roller) -> list[Event]:
        """BoP 12.1 optional set-up — all placements revealed and placed together."""
        th = _th(state)
        events = []
        for _, seat, action in answers:
            setup.place(state, action["placement"])
            events.append(Event("set_up", "BoP 12.1", {"seat": seat,
                                                      "placement": action["placement"]}))
        state["flow"]["placed"] = sorted(seat for _, seat, _ in answers)
        state["flow"]["k"] += 1
        events += self._start_month(state, th, roller)
        return events

    def _do_setup(self, state, th, seat, action, roller):
        """BoP 12.1 — place one nation's August 1914 units (EP first, then CP)."""
        setup.place(state, action["placement"])
        state["flow"]["placed"].append(seat)
        return [Event("set_up", "BoP 12.1", {"seat": seat, "placement": action["placement"]})]

    def _do_britain_setup(self, state, th, seat, action, roller):
        """BoP 12.1 — Britain places cavalry 1, infantry 1–2 in a French port, infantry 3 home."""
        placed = {}
        for uid in state["flow"].pop("britain_to_place"):
            loc = action["home"] if UNITS[uid].arrives == "joins-home" else action["port"]
            if loc is None:
                state["board"]["pool"] = sorted(state["board"]["pool"] + [uid])
                continue
            state["board"]["units"][uid] = {"at": loc, "mode": MANEUVER}
            placed[uid] = loc
        return [Event("britain_set_up", "BoP 12.1", {"units": placed})]

    def _do_neutral_setup(self, state, th, seat, action, roller):
        """BoP 6.11 — a joining neutral's corps set up in maneuver mode in its population
        centres (to the pool when none has room)."""
        uid = action["unit"]
        state["flow"]["neutral_to_place"].remove(uid)
        if action["at"] is None:
            state["board"]["pool"] = sorted(state["board"]["pool"] + [uid])
            return [Event("muster_failed", "BoP 6.11", {"unit": uid})]
        state["board"]["units"][uid] = {"at": action["at"], "mode": MANEUVER}
        return [Event("neutral_set_up", "BoP 6.11", {"unit": uid, "at": action["at"]})]

    def _do_violate(self, state, th, seat, action, roller):
        """BoP 6.11 — declare a violation; the victim joins the other side at once."""
        flow = state["flow"]
        if action["violate"] is None:
            flow["active"] = [s for s in flow["active"] if s != seat]
            return []
        return neutrals.violate(state, th, flow["side"], action["violate"])

    def _do_place_infrastructure(self, state, th, seat, action, roller):
        """BoP 6.215 — an infrastructure marker arrives (lost when there is nowhere to put it)."""
        state["flow"]["infra_to_place"].remove(seat)
        if action["at"] is None:
            return [Event("muster_failed", "BoP 6.215", {"unit": "infrastructure"})]
        side = side_of(state, seat)
        state["board"]["infra"][action["at"]] = side
        state["board"]["infra"] = dict(sorted(state["board"]["infra"].items()))
        return [Event("infrastructure_placed", "BoP 6.215", {"nation": seat, "at": action["at"]})]

    def _do_transfer(self, state, th, seat, action, roller):
        """BoP 5.22, 5.23 — convert a fortress step into 2 RP, or send RP to an ally."""
        power = state["powers"][seat]
        if "convert" in action:
            loc = action["convert"]
            steps = state["board"]["forts"].get(loc, 2) - 1
            state["board"]["forts"][loc] = steps
            state["board"]["forts"] = dict(sorted(state["board"]["forts"].items()))
            power["rp"] += 2
            power["season_moves"]["converted"] = True
            return [Event("conversion", "BoP 5.222", {"nation": seat, "at": loc, "rp": 2})]
        if action["to"] is None:
            state["flow"]["active"] = [s for s in state["flow"]["active"] if s != seat]
            return []
        other = state["powers"][action["to"]]
        power["rp"] -= action["rp"]
        other["rp"] += action["rp"]
        power["season_moves"]["out"] += action["rp"]
        other["season_moves"]["in"] += action["rp"]
        return [Event("transfer", "BoP 5.23", {"from": seat, "to": action["to"],
                                               "rp": action["rp"]})]

    def _do_muster(self, state, th, seat, action, roller):
        """BoP 6.21 — an arriving unit enters at a home population centre."""
        uid = action["unit"]
        state["flow"]["muster"].remove(uid)
        state["board"]["units"][uid] = {"at": action["at"], "mode": MANEUVER}
        return [Event("muster", "BoP 6.21", {"unit": uid, "at": action["at"]})]

    def _do_procure(self, state, th, seat, action, roller):
        """BoP 6.22 — buy a unit from the pool; it arrives next month."""
        flow = state["flow"]
        if "repair" in action:
            return economy.repair(state, seat, action["repair"])
        if action["buy"] is None:
            flow["active"] = [s for s in flow["active"] if s != seat]
            return []
        month = MONTHS[MONTHS.index(flow["month"]) + 1]
        return economy.procure(state, seat, action["buy"], month)

    def _do_sea_move(self, state, th, seat, action, roller):
        """BoP 6.452 — transport one corps by sea between friendly ports."""
        uid = action["unit"]
        frm = state["board"]["units"][uid]["at"]
        state["board"]["units"][uid]["at"] = action["to"]
        state["flow"]["sea_used"] += 1
        return [Event("sea_move", "BoP 6.452", {"unit": uid, "from": frm, "to": action["to"]})]

    def _do_landing(self, state, th, seat, action, roller):
        """BoP 6.453 — place the year's landing counter: Entente land linked to one coast hex."""
        state["board"]["landing"] = {"at": action["at"], "to": action["to"]}
        state["board"]["landing_used"] = True
        state["board"]["control"][action["at"]] = seat
        state["board"]["control"] = dict(sorted(state["board"]["control"].items()))
        return [Event("landing_placed", "BoP 6.453", dict(action))]

    def _do_plan_xvii(self, state, th, seat, action, roller):
        """BoP 12.1 Plan XVII — the CP destroys up to four French corps of its choice."""
        flow = state["flow"]
        if action["destroy"] is None:
            flow["plan17_left"] = 0
        else:
            eliminate(state, action["destroy"])
            flow["plan17_left"] -= 1
        if flow["plan17_left"] <= 0:
            flow["active"] = []
        return [Event("plan_xvii_penalty", "BoP 12.1", {"destroyed": action["destroy"]})]

    def _do_done(self, state, th, seat, action, roller):
        """BoP 6.53 — the seat has finished its forces for this half (or admiralty phase)."""
        flow = state["flow"]
        flow["active"] = [s for s in flow["active"] if s != seat]
        movement.end_force(state, seat)
        return []

    def _do_pass(self, state, th, seat, action, roller):
        """BoP 9.0, 6.53 — the seat moves nothing more this half (or admiralty phase): its force
        in motion stops and it is done. What a deadline plays on a march, rail, attack or sea
        move decision."""
        flow = state["flow"]
        units = list(flow["force"].get(seat, []))
        movement.end_force(state, seat)
        flow["active"] = [s for s in flow["active"] if s != seat]
        return [Event("passed", decision_rule_of_pass(flow["step"]),
                      {"seat": seat, "stopped": units})]

    def _do_leader_return(self, state, th, seat, action, roller):
        """BoP 1.323 — a leader leaves his command for the force pool (procured again later)."""
        eliminate(state, action["leader"])
        return [Event("leader_returned", "BoP 1.323", {"unit": action["leader"],
                                                       "voluntary": True})]

    def _do_stop(self, state, th, seat, action, roller):
        """BoP 9.0 — the seat's moving force is finished; another may start."""
        units = list(state["flow"]["force"].get(seat, []))
        movement.end_force(state, seat)
        return [Event("force_done", "BoP 9.0", {"units": units})]

    def _do_remove_breach(self, state, th, seat, action, roller):
        """BoP 10.594 — every corps stacked with the breach spends all its MP; it is removed."""
        units = [u for u in occupancy(state).get(action["at"], [])
                 if UNITS[u].corps and commander(state, u) == seat]
        movement.start_force(state, units, state["flow"]["supplied"])
        movement.spend(state, units, 99)
        movement.end_force(state, seat)
        state["board"]["breaches"] = [b for b in state["board"]["breaches"]
                                      if not (b["at"] == action["at"] and b["to"] == action["to"])]
        return [Event("breach_removed", "BoP 10.594", dict(action))]

    def _do_entrench(self, state, th, seat, action, roller):
        """BoP 9.61 — flip a corps' mode with all its MP, in its starting location."""
        uid = action["unit"]
        movement.start_force(state, [uid], state["flow"]["supplied"])
        state["board"]["units"][uid]["mode"] = action["mode"]
        state["flow"]["moves"][uid]["mp"] = 0
        movement.end_force(state, seat)
        return [Event("mode", "BoP 9.61", {"unit": uid, "mode": action["mode"]})]

    def _do_march(self, state, th, seat, action, roller):
        """BoP 9.1 — march a force; it takes control of what its infantry enters."""
        units = action["units"]
        supplied = state["flow"]["supplied"]
        cost, path = movement.march_destinations(state, th, units, supplied)[action["to"]]
        movement.start_force(state, units, supplied)
        movement.spend(state, units, cost)
        events = [Event("march", "BoP 9.1", {"units": units, "path": path, "mp": cost})]
        return events + enter(state, th, units, path)

    def _do_rail(self, state, th, seat, action, roller):
        """BoP 9.2 — rail a force: 1 RP from the payer, 18 hexes per MP."""
        units = action["units"]
        supplied = state["flow"]["supplied"]
        cost, path = movement.rail_destinations(state, th, units, supplied)[action["to"]]
        payer = action["payer"]
        state["powers"][payer]["rp"] -= RAIL_COST
        corps = [u for u in units if UNITS[u].corps]
        movement.use_rail_capacity(state, payer, corps)
        movement.start_force(state, units, supplied)
        movement.spend(state, units, cost, rail=cost)
        for uid in corps:
            if state["board"]["units"][uid]["mode"] == ENTRENCHED:
                state["board"]["units"][uid]["mode"] = MANEUVER  # 9.23
        events = [Event("rail", "BoP 9.2", {"units": units, "path": path, "mp": cost,
                                           "payer": payer})]
        return events + enter(state, th, units, path)

    def _do_combat(self, state, th, seat, action, roller):
        """BoP 10 — declare an attack; the pipeline runs until someone must decide."""
        return combat.declare(state, th, seat, action["units"], action["target"], action["point"],
                              action["payer"], state["flow"]["supplied"], roller)

    def _do_reserve(self, state, th, seat, action, roller):
        """BoP 10.4 — the defender names a reserve (or none)."""
        return combat.answer(state, th, "reserve", action, roller)

    def _do_point(self, state, th, seat, action, roller):
        """BoP 10.531 — the defender's point unit."""
        return combat.answer(state, th, "point", action, roller)

    def _do_reroll(self, state, th, seat, action, roller):
        """BoP 12.1 — the CP's one reroll in the first fortnight."""
        return combat.answer(state, th, "reroll", action, roller)

    def _do_pay(self, state, th, seat, action, roller):
        """BoP 10.711 — pay 1 RP to cancel an "RP" result."""
        return combat.answer(state, th, "pay", action, roller)

    def _do_loss(self, state, th, seat, action, roller):
        """BoP 10.712, 10.713 — place the next loss (a unit, a fortress step or attrition)."""
        return combat.answer(state, th, "loss", action, roller)

    def _do_retreat(self, state, th, seat, action, roller):
        """BoP 10.722 — the defender retreats a corps 1–3 hexes."""
        return combat.answer(state, th, "retreat", action, roller)

    # --- automatic steps --------------------------------------------------------------------

    def _tidy(self, state: dict[str, Any], th: Theatre) -> list[Event]:
        """After every action: lone leaders go home (1.323); Britain's triggers (6.123)."""
        events = []
        for uid in lone_leaders(state):
            eliminate(state, uid)
            events.append(Event("leader_returned", "BoP 1.323", {"unit": uid}))
        for loc, owner in sorted(state["board"]["infra"].items()):
            if side_of(state, controller(state, th, loc)) not in (owner, None):
                del state["board"]["infra"][loc]  # our ruling: the enemy took its hex
                events.append(Event("infrastructure_lost", "BoP 6.215", {"at": loc}))
        events += check_conquest(state, th)
        events += neutrals.britain_triggers(state, th)
        return events

    def _advance(self, state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
        events: list[Event] = []
        flow = state["flow"]
        while flow["result"] is None:
            if flow["step"] == Step.SETUP.value:
                if self._setup_decisions(state, th, secret=False) or flow.get(
                        "britain_to_place") or flow.get("neutral_to_place"):
                    return events
                if flow["side"] == ENTENTE:
                    flow["side"] = CENTRAL
                    continue
                events += self._start_month(state, th, roller)
                return events
            if flow["step"] == Step.SECRET_SETUP.value:
                return events
            if self.decisions(state):
                return events
            events += self._finish_step(state, th, roller)
            events += self._next_step(state, th, roller)
        return events

    def _start_month(self, state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
        flow = state["flow"]
        flow["pos"] = -1
        return self._next_step(state, th, roller) + self._advance(state, th, roller)

    def _next_step(self, state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
        flow = state["flow"]
        flow["pos"] += 1
        if flow["pos"] >= len(MONTH_SCRIPT):
            return self._end_month(state, th, roller)
        step, side, fortnight = MONTH_SCRIPT[flow["pos"]]
        flow["step"] = step.value
        flow["side"] = side or flow["side"]
        flow["active"] = []
        return self._enter_step(state, th, step, side, fortnight, roller)

    def _enter_step(self, state: dict[str, Any], th: Theatre, step: Step, side: str | None,
                    fortnight: int, roller: Roller) -> list[Event]:
        """The step's begin effect, which lives beside its rule."""
        flow = state["flow"]
        if step == Step.SEASONAL:
            return economy.begin_seasonal(state, roller)
        if step == Step.TABULATION:
            return economy.begin_tabulation(state, roller)
        if step == Step.REDUCTIONS:
            return economy.begin_reductions(state, roller)
        if step == Step.BRITAIN:
            return neutrals.begin_britain(state, roller)
        if step == Step.DIPLOMACY:
            return neutrals.begin_diplomacy(state, roller)
        if step == Step.MUSTER:
            return economy.begin_muster(state, roller)
        if step == Step.PROCURE:
            return economy.begin_procure(state, roller)
        if step == Step.ADMIRALTY:
            return admiralty.begin_admiralty(state, roller)
        if step == Step.PLAN_XVII:
            return begin_plan_xvii(state, roller)
        if step == Step.HALF:
            flow["fortnight"] = fortnight
            for reset in (movement.reset_rail_capacity, movement.clear_moves,
                          combat.clear_markers, combat.clear_reserve_designations,
                          supply.snapshot_half_supply):
                reset(state, roller)
            flow["active"] = [s for s in SIDE_SEATS[side] if at_war(state, s)]
            flow["active"] = [s for s in flow["active"]
                              if len(self._half_decisions(state, th, s)) > 1]
            return [Event("half_begins", "BoP 6.53", {"month": flow["month"],
                                                      "fortnight": fortnight, "side": side})]
        if step == Step.COMMISSARIAT:
            return supply.begin_commissariat(state, roller)
        return []

    def _finish_step(self, state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
        """The step's end effect, which lives beside its rule."""
        step = state["flow"]["step"]
        if step == Step.MUSTER.value:
            return economy.end_muster(state, roller)
        if step == Step.HALF.value:
            events = admiralty.remove_empty_landing(state, roller)
            for reset in (combat.clear_markers, movement.clear_moves, supply.forget_half_supply):
                reset(state, roller)
            return events
        if step == Step.PROCURE.value:
            return economy.end_procure(state, roller)
        return []

    def _muster_unit(self, state: dict[str, Any], seat: str) -> str | None:
        th = _th(state)
        flow = state["flow"]
        for uid in flow.get("muster", []):
            if commander(state, uid) == seat and economy.muster_locations(state, th, uid):
                return uid
        return None

    def _end_month(self, state: dict[str, Any], th: Theatre, roller: Roller) -> list[Event]:
        flow = state["flow"]
        events = check_schlieffen(state, roller) + check_victory(state, roller)
        if flow["result"] is not None:
            flow["step"] = Step.OVER.value
            return events
        flow["month"] = MONTHS[MONTHS.index(flow["month"]) + 1]
        flow["pos"] = -1
        flow["fortnight"] = 0
        events.append(Event("month_begins", "BoP 6.0", {"month": flow["month"]}))
        return events + self._next_step(state, th, roller)

    # --- view and result ----------------------------------------------------------------------

    def view(self, state: dict[str, Any], audience: str) -> dict[str, Any]:
        """Everything in BoP is open (2.68) except the secret set-up, which the kernel keeps
        sealed until every side has answered."""
        th = _th(state)
        flow = state["flow"]
        return {
            "flow": {"step": flow["step"], "month": flow["month"],
                     "month_name": MONTH_NAMES.get(flow["month"]), "fortnight": flow["fortnight"],
                     "side": flow["side"], "active": list(flow["active"]),
                     "trench": list(flow["trench"]), "breakthrough": list(flow["bthru"]),
                     "combat": flow["combat"], "result": flow["result"],
                     "moves": flow["moves"], "force": flow["force"],
                     # 3.1: supply as judged for the phasing side at the start of its half
                     "supplied": dict(flow["supplied"])},
            "board": {"map": state["board"]["map"], "units": state["board"]["units"],
                      "pool": list(state["board"]["pool"]),
                      "arrivals": state["board"]["arrivals"],
                      "control": state["board"]["control"], "forts": state["board"]["forts"],
                      "breaches": state["board"]["breaches"],
                      "landing": state["board"].get("landing"),
                      "infrastructure": state["board"]["infra"]},
            "powers": state["powers"], "ti": state["ti"], "plans": state["plans"],
            "diplomacy": state.get("diplomacy", {}),
            "ti_benefits": state.get("ti_benefits", {}),
            "bargaining_chips": bc_counts(state, th),
        }

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return state["flow"]["result"]

    def clear_caches(self) -> None:
        """Forget the decision, option and supply memos; selfplay proves their keys."""
        _DECISIONS.clear()
        _OPTIONS.clear()
        supply.clear_cache()

    def check_invariants(self, state: dict[str, Any]) -> None:
        th = _th(state)
        occ = occupancy(state)
        for loc, here in occ.items():
            landing = state["board"].get("landing")
            assert loc in th.terrain and (th.terrain[loc] != "water" or (
                landing is not None and loc == landing["at"])), f"unit on water {loc}"
            sides = {unit_side(state, u) for u in here if UNITS[u].corps}
            assert len(sides) <= 1, f"enemies share {loc}: {here}"
            nations = {UNITS[u].nation for u in here if UNITS[u].corps}
            assert not {"britain", "france"} <= nations, f"British and French stacked in {loc}"
            assert sum(1 for u in here if UNITS[u].kind == "leader") <= 1, f"two leaders in {loc}"
            n = sum(1 for u in here if UNITS[u].corps)
            assert n <= 6, f"overstacked {loc}: {n}"
        for nation, power in state["powers"].items():
            assert power["rp"] >= 0, f"{nation} RP below 0"

    def describe_action(self, state: dict[str, Any], decision: Decision, action: Any) -> str:
        return f"{decision.kind} {action}"


RULESET = BalanceOfPowers()
