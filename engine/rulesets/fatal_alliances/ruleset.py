"""The Fatal Alliances ruleset (milestone 1: the land war of 1914; milestone 2 begun: fleets,
naval movement, interception, naval combat and return to base)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.kernel import Decision, IllegalAction, Roller
from engine.kernel.flow import FlowRuleset
from engine.kernel.game import copy_json
from engine.kernel.ruleset import memos_set_aside

from . import concerns as concern_index
from . import movement, naval_view, orders, position, stack_parts, supply_view, window
from .charts import IMPULSE_TRACK
from .combat import down_factor
from .migrations import MIGRATIONS
from .naval_move import passage_refusal
from .position import by_hex
from .powers import POWER_COLOURS, POWER_SIDE, POWER_TITLES
from .profiles import PROFILES
from .sequence import Step, activity_limits
from .setup import build_state
from .steps import FLOW, open_decisions, track_view
from .zoc import is_legal_stack, reserves_allowed

PROFILE_OPTION = {"id": "profile", "type": "choice", "choices": list(PROFILES),
                  "default": "fa3", "title": "Rulebook edition"}
# FA option rules that are land rules (off by default: optional rules need every player's
# agreement). Options 2, 3, 5 and 8 (bounce) are naval/air; fire support (option 8 in fa3,
# 9 in the annotated edition) needs artillery ground support and option 10 fort building,
# neither of which exists yet.
OPTION_SCHEMA = [
    {"id": "in_hex_reserves", "type": "boolean", "default": False,
     "title": "Option 1: in-hex reserves (FA 2.3)"},
    {"id": "emergency_hq_supply", "type": "boolean", "default": False,
     "title": "Option 4: emergency HQ supply (FA 2.4.4)"},
    {"id": "isolated_reorganisation", "type": "boolean", "default": False,
     "title": "Option 6: isolated reorganisation (FA 13.4)"},
    {"id": "home_front_reserves", "type": "boolean", "default": False,
     "title": "Option 7: home-front reserves (FA 14.1)"},
]
OPTIONS = [PROFILE_OPTION] + OPTION_SCHEMA
# The campaign's turn cap (FA 22: the 1914 campaign runs 30 turns): a shorter game ends at the
# victory check of its last turn, judged as at the end of the war (R-N22).
TURNS_OPTION = {"id": "turns", "type": "integer", "default": 30, "min": 1, "max": 30,
                "title": "Turns (the campaign has 30)"}
# Option 2 (FA 2.4.2.3): overseas supply only through sea areas holding a convoy, TRS or AMPH
# of the power or a co-operating major; a naval option, so only the campaign (with fleets).
OVERSEAS_OPTION = {"id": "limited_overseas_supply", "type": "boolean", "default": False,
                   "title": "Option 2: limited overseas supply (FA 2.4.2.3)"}


def _seats(powers: list[str]) -> list[dict[str, str]]:
    return [{"id": p, "side": POWER_SIDE[p], "title": POWER_TITLES[p],
             "colour": POWER_COLOURS[p]} for p in sorted(powers)]


# East Prussia plays on a window of fa-europe: a page draws the parent map's art (the window
# itself is data, not a served map) and outlines the hexes within `radius` of `centre`.
MAP_WINDOW = {"of": "fa-europe", "centre": window.CENTRE, "radius": window.RADIUS}

SIDES = [{"id": "central", "title": "Central Powers"}, {"id": "entente", "title": "Allies"}]
CAMPAIGN_POWERS = ["austria_hungary", "britain", "france", "germany", "italy", "ottoman",
                   "russia", "usa"]

MANIFEST = {
    "title": "Fatal Alliances",
    "scenarios": [
        {"id": "east-prussia-1914", "title": "East Prussia, August 1914 (Salient's scenario)",
         "map": "fa-east-prussia", "map_window": MAP_WINDOW,
         "seats": _seats(["germany", "russia"]), "sides": SIDES,
         "options": OPTIONS, "max_actions": 3000, "hidden_information": False,
         "simultaneous": False, "turns": 3,
         "selfplay_requires_in_run": ["land_move", "land_attack"]},
        {"id": "campaign-1914", "title": "The 1914 Campaign", "map": "fa-europe",
         "seats": _seats(CAMPAIGN_POWERS), "sides": SIDES,
         "options": OPTIONS + [TURNS_OPTION, OVERSEAS_OPTION],
         "max_actions": 400, "hidden_information": False, "simultaneous": False,
         "turns": 30, "selfplay_requires_in_run": ["land_move", "land_attack"]},
    ],
}


class FatalAlliances(FlowRuleset):
    id = "fatal_alliances"
    # "2": national breakdown (21.2), conquest and liberation (13.6), minor-country entries
    # (22.6), offensive points (18), home-front reserves and emergency HQ supply options, and
    # the campaign's reserve pool, destroying and scrapping (4.3, the `scrap` decision), morale for
    # enemy-held minor capitals (14.1, `board.war_minors`), the d10 for destroyed units of an
    # incompletely conquered country (13.6.1.4), the other side's option-4 announcements: new
    # decisions and events, so a version-1 record no longer replays the same.
    # "3": morale for enemy-held resources and the start-of-war condition for home cities,
    # one value per hex, possessions and Luxembourg no home cities (14.1, `board.war_holdings`),
    # and buying morale with BP on the home front (14.1, the `morale` build option): other
    # morale points and build options, so a version-2 record may roll and end differently.
    # "4": the renames of issue #14 and the rules fidelity fixes of issue #17 (see
    # migrations.py for what a running version-3 game is carried forward with).
    # "5": HQ support and option 1's sitting-out unit are choices of their owners (FA 11.12.3,
    # 2.3.1.1: new combat decisions), the owners of a joint loss roll for the choice (11.12.5.4
    # with 2.7), foreign troop commitment limits entry (19.2.1: new limits on moves), one
    # unit a side rails across each straits hexside a turn (11.8, flow.straits_railed), Moscow
    # and Budapest are full-value morale capitals (14.1), and
    # a corps broken for a loss never draws a division the
    # same loss destroys (11.12.5.4 / 21.2): a version-4 record may ask and roll differently.
    # "6": the land combat sequence as printed (FA 11.12): every attack declared before any
    # is resolved, the HQ support of every declared hex announced next, the attacker
    # choosing the order (new decision combat_order); a retreat through a hex still to be
    # attacked goes on (11.12.5.5): a version-5 record no longer replays the same.
    # Version 7: partisans (FA 13.1) — the end of turn opens with the partisan step (new
    # step `partisans`, Partisan Table and country rolls) and partisan units act on the map:
    # a version-6 record rolls differently from its first end of turn.
    # Version 8: the war at sea's first slice (issue #22) — the campaign's fleets in the
    # position (board.fleets, FA 22.2), the naval action, the naval movement step (11.3,
    # `naval_move`) and return to base (13.3, `naval_return`): a version-7 campaign record no
    # longer replays the same (new options and steps); East Prussia plays as before.
    # Version 9: the war at sea's second slice (issue #22) — interception in the naval
    # movement step (11.3.5, decisions `naval_intercept`, `naval_intercepted`), the naval
    # combat step (11.4–11.5, decision `naval_combat`, the authored chart of R-N8), ships'
    # damage (`fleets.<id>.damaged`) and the impulse's naval bookkeeping (`flow.naval`): a
    # version-8 campaign record no longer replays the same; East Prussia plays as before.
    # Version 10: naval transport, port to port (11.3.4, issue #22) — a naval move from a
    # port to a port may carry land units (`cargo`, naval_transport.py): a version-9
    # campaign record may be offered more orders; the state's shape is unchanged and the
    # Commonwealth ferry stays (R-N11); East Prussia plays as before.
    # "11": debarking at sea (11.10) from a naval move into a sea area, after any interception,
    # and the campaign's troop transports: a version-10 campaign record no longer replays the
    # same (its fleets differ); East Prussia plays as before.
    # "12": invasions (11.11) of undefended enemy coasts from a landing at sea, against
    # 11.12.1.4's notional unit (`naval_debark` answers `{invade, table}`, `board.invaders`):
    # a version-11 campaign record may be offered more answers; East Prussia plays as before.
    # "13": the campaign's `turns` option (R-N22, the browser's short games): a new campaign's
    # kernel options carry `turns` (default 30, the scenario's length), so a version-12
    # campaign record's states hash differently; the play is the same. East Prussia unchanged.
    # "14": the Commonwealth ferry stand-in retired (R-N24, supersedes R-N11): the CW and the
    # US cross the sea by naval transport only; board.ferries and flow.ferried leave the
    # state (so East Prussia's states hash differently; its play is the same), the campaign
    # gains transports (Britain's BEF pair at Harwich, the Indian convoy at Alexandria) and
    # sets GHQ and I Corps up at Portsmouth, with the Channel transports.
    # "15": transports and amphibious craft are built in two production cycles (13.5.5.4,
    # R-N25, naval_builds.py): the campaign's board gains naval_pool, construction_pool and
    # naval_circle, and production offers TRS/AMPH builds: a version-14 campaign record may be
    # offered more build options. East Prussia (no fleets) plays and hashes as before.
    # "16": overseas supply paths (2.4.2.3, R-N26-R-N28, overseas.py): a supply path may cross
    # the sea once, port to port or from a coastal hex, through sea areas free of unmatched
    # enemy SCSs, so more units are in supply (Egypt's, France's coast); the campaign's option
    # 2 (limited overseas supply, `board.options.limited_overseas_supply`): a version-15
    # campaign record may flip, attack and roll differently. East Prussia: see R-N26.
    # "17": canals close (11.3.3, R-N29, passages.py): no naval move, return to base or
    # overseas supply path through the Suez (or Kiel) Canal while a major at war with the
    # power controls a hex beside it; a version-16 campaign record may be offered fewer naval
    # orders and trace supply differently once such a hex changes hands. Neutral basing (2.4.3,
    # R-N30, neutral_basing.py): naval moves and returns may end in neutral ports within its
    # limits, and a neutral joining a side turns the other side's ships out. No state is added.
    # East Prussia (no fleets) plays and hashes as before.
    # "18": minefields (11.3.2.5, R-N31-R-N33, minefields.py): a naval move that cannot avoid
    # a protected boundary held by an enemy (Kiel and Copenhagen for the Baltic, Kristiania for
    # the Scandinavian coast, Gallipoli for the Turkish Straits), or that enters or leaves a
    # neutral mine port, rolls for each ship (an X on the value or less); no overseas supply
    # path past an enemy field of 5 or more. A version-17 campaign record may roll and end
    # differently once a task force crosses. No state is added; East Prussia (no fleets, no
    # mine port on its window) plays and hashes as before.
    # "19": convoy points (13.5.1.4, R-N35-R-N37, convoys.py): the campaign's board gains
    # `convoys` (the authored 1914 stacks at sea), and production ships a resource that
    # reaches no factory by rail through a chain of areas holding convoy points (13.5.1.2,
    # event `resource_shipped`): 1914 Britain (Cardiff's coal) and Russia (Baku's oil, railed
    # to Batum) each make 1 PP more, so a version-18 campaign record builds differently from
    # its first production; option 2's supply paths count convoy points as carriers; after
    # the builds enemy SCSs and SUBs at sea with convoy points roll strategic warfare (13.5.6,
    # R-N38, strategic_warfare.py) and sink them. East
    # Prussia (no fleets) plays and hashes as before.
    # "20": convoy points in naval combat (11.4.7.2, R-N39-R-N40, naval_convoys.py): enemy
    # warships may start a combat against convoy points alone, convoys count as ships on the
    # chart and are sunk or sent to port (`board.convoys_in_port`, event `convoy_hit`), and
    # enemy convoy points take 1 per 10 off a search roll (11.4.4): a version-19 campaign
    # record may be offered more naval combats. East Prussia (no convoys) plays as before.
    # "21": convoy points are built (13.5.5.4, R-N41-R-N42, convoy_builds.py): production
    # offers `{build: "convoy"}` (1 BP, 4 turns, every 2 points or a last 1 one NAVAL unit for
    # gearing), the circle's convoy entries (`board.convoy_circle`, made with the first point
    # built) arrive in port (`board.convoys_in_port`, 4.2.1): a version-20 campaign record may
    # be offered more build options. East Prussia (no fleets) plays and hashes as before.
    # "22": convoy points sunk at sea (strategic warfare 13.5.6, naval combat 11.4.7.2) cost
    # their owner 1 morale point each in the morale step (14.1, R-N43, `convoys.charge_sunk`):
    # a version-21 campaign record may roll morale differently. East Prussia plays as before.
    # "23": 4.2.1's one convoy point a turn through an aligned country (R-N45): a power holding
    # no home port brings 1 of its own due points into port through a port of a minor aligned
    # with it; a version-22 record replays the same unless a power lost every home port.
    # "24": convoy points move (11.3 with 13.5.1.4, R-N46-R-N50, naval_convoy_moves.py): the
    # naval move step offers `{convoy, to_area|to_port}` orders, then `naval_convoy` asks how
    # many points; points ending in port are used (`board.convoys_used`) until the final
    # reorganisation. A version-23 campaign record is offered more naval orders (and naval
    # actions). East Prussia (no fleets, no convoys) plays and hashes as before.
    # "25": 11.9's "out of supply at the start" is judged for the whole moving stack before
    # any unit moves (ruling "Out of supply at the start"): the first unit's step into the destination no longer opens a
    # supply path for the units behind it. A version-24 record may flip a unit differently.
    # "26": minors' convoy points (20.5.1 E with 13.5.1.4, R-N51-R-N53, minor_convoys.py): a
    # minor that aligns during play (the 1914 script: Belgium, Portugal, Greece) sets up its
    # table's convoy points in port as its major's. A version-25 campaign record is offered
    # more convoy orders once Belgium has aligned. East Prussia (no fleets) plays as before.
    # "27": convoy moves into a sea area may be intercepted like task forces and fight through
    # (11.3.5 with 11.4.7.2, R-N54-R-N55); aborted convoy points go face-down in port; convoy
    # points at sea may return to base in 13.3 and are lost there with no base in reach
    # (13.3.3, R-N56-R-N57). A version-26 campaign record is asked more naval decisions. East
    # Prussia (no fleets, no convoys) plays as before.
    # "28": submarine combat (11.4.9, R-N58-R-N64, submarine_combat.py with the authored SUB
    # and ASW rows in sub_chart.py): a round where a side's included SUBs meet the other
    # side's included convoy points is a submarine combat, not a surface one; the convoys'
    # side fires ASW at the SUBs and the SUBs fire at the convoy points, odd losses on convoys.
    # Every 3 convoy points add 1 surface factor against included SUBs. A version-27 campaign
    # record may roll differently once a SUB meets convoys. East Prussia plays as before.
    # "29": returns to base may be intercepted (13.3 with 11.3.5, R-N64–R-N68): the
    # initiative side decides first, orders wait in the area (`flow.returns`) and are carried
    # out initiative side first; enemy units staying at sea may intercept each with
    # `naval_intercept`, a success is a forced fight through from the 0 section. A
    # version-28 campaign record is asked in another order. East Prussia plays as before.
    # "30": shore bombardment (11.12.2, R-N69–R-N74, shore_bombardment.py, decision
    # `naval_bombard`): after every attack is declared, the attacker then the defender may
    # commit face-up surface ships at sea off each declared hex; their factors join the
    # totals and they turn face-down. A version-29 campaign record is asked more decisions
    # where ships lie off an attacked coast. East Prussia (no fleets) plays as before.
    # "31": extra search units and spending surprise points (11.4.4–11.4.5, R-N75–R-N79,
    # naval_surprise.py, decision `naval_surprise`): a combat's first search may turn 4 (10)
    # face-up units face-down for 1 (2) off the roll; in a combat started in the naval combat
    # step the holder of the surprise points chooses each round to avoid the combat, buy a
    # surface round, select a target or split the column shifts. A version-30 campaign
    # record rolls and is asked differently. East Prussia (no fleets) plays as before.
    version = "31"
    migrations = MIGRATIONS
    manifest = MANIFEST
    flow = FLOW
    # The answer fields that name units, for the unit-first index (engine/kernel/concerns.py).
    unit_fields = ("unit", "units", "cargo", "hq", "destroy", "break", "build_up", "to_reserve",
                   "hq_benefit", "flip_hq", "emergency")
    # ... and the places: a landing's or an invasion's coastal hex (FA 11.10, 11.11) besides
    # the kernel's own, so the page lights them for a click.
    place_fields = ("to", "target", "at", "from", "land", "invade")

    def setup(self, scenario: str, options: dict[str, Any], seats: list[str],
              roller: Roller) -> dict[str, Any]:
        state = build_state(scenario, options, seats)
        state["kernel"] = {"sides": {p: POWER_SIDE[p] for p in seats}}
        FLOW.enter(state, Step.REINFORCEMENT, roller)
        del state["kernel"]
        return state

    def decisions(self, state: dict[str, Any]) -> list[Decision]:
        """The open decisions, read from the step (the driver settled who decides)."""
        return open_decisions(state)

    def validate(self, state: dict[str, Any], seat: str, decision: Decision,
                 action: Any) -> Any:
        try:
            return orders.validate(state, seat, decision, action)
        except IllegalAction:
            # FA 11.9.1: part of a stack moving together, which the listing does not name.
            part = (stack_parts.validate_move(state, seat, action)
                    if decision.kind == "land_move" else None)
            if part is None:
                raise
            return part

    def options(self, state: dict[str, Any], seat: str, decision: Decision,
                query: dict[str, Any] | None) -> list[dict[str, Any]]:
        items = stack_parts.options(state, seat, decision, query)
        if decision.kind == "land_move":   # FA 2.4: a move that ends out of supply says so
            return supply_view.mark_moves(state, items)
        return items

    def concerns(self, state: dict[str, Any], seat: str,
                 decision: Decision) -> dict[str, list[str]]:
        if decision.kind == "land_move":
            return concern_index.land_move(state, seat, decision)
        if decision.kind == "rail_move":
            return concern_index.rail_move(state, seat, decision)
        if decision.kind == "land_attack":
            return concern_index.land_attack(state, seat, decision)
        return super().concerns(state, seat, decision)

    def timeout_default(self, state: dict[str, Any], decision: Decision, seat: str) -> Any:
        if decision.options:
            return decision.options[0]
        return {"done": True}

    def view(self, state: dict[str, Any], audience: str) -> dict[str, Any]:
        """FA has no fog of war on land: positions, facing, pools and morale are public.

        Besides the state the view carries what a player reads off the charts (derived, never
        stored): `flow.limits` (each acting power's activity limits this impulse, FA 10.2;
        null = unlimited), `flow.end_number` (the impulse-track box's end number, FA 12) and
        each land unit's `cf_down` (its defence face-down out of supply, FA 2.4.4) and
        `supplied` (in supply now, FA 2.4: public, it follows from the open position), and under
        option 6 `isolated` (no path to a primary source, FA 13.4); and from the
        step table, `flow.step_title` and `flow.impulse_steps` (the track's steps); in the campaign
        each ship's name, factors and drawn hex and the ports' and sea areas' hexes
        (naval_view.py, FA 11.3)."""
        out = {"flow": copy_json(state["flow"]), "board": copy_json(state["board"])}
        flow = out["flow"]
        flow["limits"] = activity_limits(state)
        flow.update(track_view(state))
        if flow.get("impulse"):
            flow["end_number"] = IMPULSE_TRACK[flow["impulse_box"]]
        for u in out["board"]["units"].values():
            u["cf_down"] = down_factor(u)
        supply_view.mark_units(state, out["board"]["units"])
        supply_view.mark_isolated(state, out["board"]["units"])
        naval_view.mark_fleets(state, out["board"])
        return out

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return state["board"]["result"]

    def why_not(self, state: dict[str, Any], seat: str, decision: Decision, action: Any,
                refusal: IllegalAction) -> IllegalAction:
        """FA 11.3.3 — a naval order refused only because a canal is closed says which, and
        who closes it from which hex."""
        if decision.kind in ("naval_move", "naval_return") and decision.seats:
            closed = passage_refusal(state, decision.seats[0], decision.kind, action)
            if closed is not None:
                return closed
        return refusal

    def describe_action(self, state: dict[str, Any], decision: Decision, action: Any) -> str:
        if isinstance(action, dict) and action.get("done"):
            return f"{decision.kind}: done"
        if decision.kind == "land_move":
            return f"move {', '.join(action['units'])} to {action['to']}"
        if decision.kind == "rail_move":
            return f"rail {action['unit']} to {action['to']}"
        if decision.kind == "naval_move" and "convoy" in action:
            to = (f"port {action['to_port']}" if "to_port" in action
                  else f"{action['to_area']} section 0")
            start = "port" if action["convoy"] == "port" else action["convoy"]
            return f"sail convoy points from {start} to {to}"
        if decision.kind == "naval_return" and "convoy" in action:
            return f"return {action['points']} convoy point(s) from {action['convoy']} to port"
        if decision.kind == "naval_convoy":
            return f"sail {action['points']} convoy point(s)"
        if decision.kind in ("naval_move", "naval_return"):
            to = (action["to_port"] if "to_port" in action
                  else f"{action['to_area']} section {action['section']}")
            return f"sail {', '.join(action['units'])} to {to}"
        if decision.kind == "naval_intercept":
            subs = " with SUBs" if action.get("subs") else ""
            return f"try to intercept{subs}"
        if decision.kind == "naval_intercepted":
            return "fight through"
        if decision.kind == "naval_combat":
            return f"start a naval combat in {action['area']}"
        if decision.kind == "land_attack":
            table = f" ({action['table']})" if action.get("table") else ""
            return f"attack {action['target']} with {', '.join(action['units'])}{table}"
        return f"{decision.kind} {action}"

    def clear_caches(self) -> None:
        """Forget the position memo (zones of control, supply) and the step costs; selfplay
        proves their keys."""
        position.clear_memo()
        for memo in movement.MEMOS:
            memo.clear()

    @contextmanager
    def caches_set_aside(self) -> Iterator[None]:
        with position.memo_set_aside(), memos_set_aside(*movement.MEMOS):
            yield

    def check_invariants(self, state: dict[str, Any]) -> None:
        reserve = reserves_allowed(state)
        for hex_id, stack in by_hex(state).items():
            assert is_legal_stack(state, stack, reserve) or state["flow"].get("combat"), (
                f"overstacked {hex_id}")
            powers = {u["power"] for u in stack}
            for a in powers:
                for b in powers:
                    assert not (a != b and a in POWER_SIDE and b in POWER_SIDE
                                and POWER_SIDE[a] != POWER_SIDE[b]), f"enemies share {hex_id}"


RULESET = FatalAlliances()
