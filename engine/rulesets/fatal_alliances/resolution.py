"""FA 11.12.5 — resolving one declared attack, phase by phase.

flow["combat"] holds the attack in progress; `advance_combat` runs the automatic parts and
stops at the next decision (option 1's sitting-out unit before the odds, the defender's table
choice, each side's losses, shatter or retreat, each retreat, the advance). Every attack of the
step is declared first and waits in flow["declared"] with its HQ support announced before any
is resolved (FA 11.12 steps 1, 5, 6 and 8: declared.py).
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from . import combat as cb
from .breakdown import combat_break_variants, pool_divisions
from .charts import CRT_TEXT, MORALE_EFFECTS_FROM, REFUSE_BASE, SURRENDER_BASE, SURRENDER_MORALE
from .conquest import leave_game
from .morale import unit_loss_points
from .movement import take_control
from .offensive import use_doubling
from .partisans import remove_partisan
from .position import commander, is_home_country_hex, map_of, unit
from .sequence import spend
from .shore_bombardment import fire
from .supply import supplied_hexes
from .terrain import move_cost
from .weather import weather_at
from .zoc import would_overstack

RULE = "FA 11.12"


def declare(state: dict[str, Any], power: str, action: dict[str, Any], roller: Roller,
            events: list[Event]) -> None:
    """FA 11.12.1 — spend the land attack, mark the attackers and the target, roll for
    refusal, and queue the attack for resolution once every attack is declared."""
    flow = state["flow"]
    target = action["target"]
    attackers = [unit(state, i) for i in action["units"]]
    defenders = cb.defenders_at(state, power, target)
    for p in sorted({commander(state, u["power"]) for u in attackers}):
        spend(state, p, "land_attack")
    flow["marks"]["attacked"] = sorted(set(flow["marks"]["attacked"]) | set(action["units"]))
    flow["marks"]["targets"] = sorted(set(flow["marks"]["targets"]) | {target})
    out_of = flow["marks"].setdefault("attacked_from", {})
    for u in attackers:
        out_of[u["hex"]] = sorted(set(out_of.get(u["hex"], [])) | {u["id"]})
    flow["combat_count"] = flow.get("combat_count", 0) + 1
    events.append(Event("attack_declared", "FA 11.12.1", {
        "power": power, "target": target, "units": action["units"],
        "defenders": [d["id"] for d in defenders]}))
    morale = state["board"]["morale"][power]
    if morale <= MORALE_EFFECTS_FROM:
        die = roller.d(10, "refuse attack")
        refused = die <= REFUSE_BASE - morale
        events.append(Event("refuse_attack_roll", "FA 14.2", {"roll": die, "morale": morale,
                                                              "refused": refused}))
        if refused:
            return
    c = {"number": flow["combat_count"], "declarer": power, "target": target,
         "attackers": list(action["units"]), "defenders": [d["id"] for d in defenders],
         "defender": commander(state, defenders[0]["power"]), "hq": [0, 0], "hq_flips": [],
         "support": {"attacker": None, "defender": None},
         "table": action.get("table"), "origin": {},
         # FA 11.12.2 (version 30): shore bombardment first where there are fleets at all
         "phase": "bombard_attacker" if state["board"].get("fleets") else "support_attacker",
         "reserve": []}
    # FA 18.3.2 — the benefit HQ's doubling is spent on the attack as it is declared (so the
    # next declaration's odds show what is left) and rolled with it.
    c["doubled"] = use_doubling(state, attackers)
    if c["doubled"]:
        events.append(Event("offensive_doubling", "FA 18.3.2", {"units": c["doubled"]}))
    flow.setdefault("declared", []).append(c)


def before_the_odds(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """Option 1 (2.3.1.1) — the defender of an overstacked hex picks the unit that sits out
    (a choice with one possible answer is made without asking), then the final odds. The HQ
    support is announced for every declared hex before any combat starts (declared.py); the
    support phases here serve only a version-5 combat already past its declaration."""
    c = state["flow"]["combat"]
    attackers = alive(state, c["attackers"])
    defenders = alive(state, c["defenders"])
    if c["phase"] == "support_attacker":
        hqs = cb.attacker_support_hqs(attackers)
        if hqs:
            c["support_options"] = [h["id"] for h in hqs]
            return
        c["phase"] = "support_defender"
    if c["phase"] == "support_defender":
        hqs = cb.defender_support_hqs(state, c["target"], defenders)
        if hqs:
            c["support_options"] = [h["id"] for h in hqs]
            return
        c["phase"] = "sit_out"
    if c["phase"] == "sit_out":
        choices = cb.sit_out_choices(state, defenders)
        # The unit sitting out gives no modifier (2.3.1.1): an HQ the defender has just
        # committed to support is not offered while another unit would do.
        supporting = c["support"]["defender"]
        choices = [u for u in choices if u != supporting] or choices
        if len(choices) > 1:
            c["sit_out_options"] = choices
            return
        if choices:
            _sit_out(state, c, choices[0], events)
    c.pop("support_options", None)
    c.pop("sit_out_options", None)
    _final_odds(state, roller, events)


def _sit_out(state: dict[str, Any], c: dict[str, Any], uid: str, events: list[Event]) -> None:
    c["defenders"] = [d for d in c["defenders"] if d != uid]
    c["reserve"] = [uid]
    if c["support"]["defender"] == uid:       # its support goes with it
        c["support"]["defender"] = None
    events.append(Event("reserve_sits_out", "FA 2.3 (option 1)", {"unit": uid}))


def _final_odds(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """The support in place and the sitting-out unit chosen: offensive doubling, the table,
    then the roll (or the defender's table choice first)."""
    c = state["flow"]["combat"]
    attackers = alive(state, c["attackers"])
    defenders = alive(state, c["defenders"])
    hq_values, hq_flips = cb.support_values(state, c["support"]["attacker"],
                                            c["support"]["defender"])
    c.update(hq=list(hq_values), hq_flips=hq_flips)
    if "doubled" not in c:      # a version-5 combat declared before the doubling was fixed
        c["doubled"] = use_doubling(state, attackers)
        if c["doubled"]:
            events.append(Event("offensive_doubling", "FA 18.3.2", {"units": c["doubled"]}))
    rule = cb.table_rule(state, attackers, c["target"], defenders)
    if rule == "assault":
        c["table"] = "assault"
    if rule == "defender":
        c["phase"] = "table"
        return
    resolve_roll(state, roller, events)


def alive(state: dict[str, Any], ids: list[str]) -> list[dict[str, Any]]:
    """The listed units still on the map."""
    units = state["board"]["units"]
    return [units[i] for i in ids if i in units and units[i]["hex"] is not None]


def resolve_roll(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """FA 11.12.5.2–3 — surrender checks at low morale, totals, odds, DRMs, gas and 2d10."""
    c = state["flow"]["combat"]
    target = c["target"]
    attackers = alive(state, c["attackers"])
    defenders = alive(state, c["defenders"])
    dmorale = state["board"]["morale"].get(c["defender"], 20)
    if dmorale <= SURRENDER_MORALE:
        for d in list(defenders):
            die = roller.d(10, f"surrender {d['id']}")
            if die <= SURRENDER_BASE - dmorale:
                destroy_unit(state, d, events, "surrendered", morale=False, roller=roller)
                defenders.remove(d)
    double = set(c.get("doubled", []))
    plain = cb.strengths(state, attackers, target, defenders, double=double)
    bombard = fire(state, c, plain["factors"], [Fraction(1)] * len(defenders), events)
    drms = cb.attack_drms(state, attackers, target, defenders, c["table"],
                          tuple(c["hq"]), double=double, bombard=bombard)
    gas = [u for u in attackers if u["type"] == "GAS"]
    if gas:
        die = roller.d(10, "gas")
        drms.append(("gas", Fraction(cb.gas_drm(die))))
        gas[0]["up"] = False
    s = cb.with_bombardment(plain, bombard)     # gas changes no factor: the totals stand
    dice = roller.roll(10, "land combat 2d10", 2)
    total = cb.total_drm(drms)
    row = cb.crt_row(c["table"], sum(dice), total)
    if not defenders:
        row = 25  # FA 14.2 — an emptied hex counts as */2S
    face, a_loss, d_loss, effect = cb.crt_result(c["table"], row)
    # FA 21.3 / 21.6 — an engineer that cancelled a river or fort, or gave its +1 against an
    # entrenched unit, takes the first loss.
    eng_duty = s["eng_used"] or (any(u["type"] == "ENG" for u in attackers)
                                 and any(d.get("entrenched") for d in defenders))
    c.update(result={"face": face, "att": a_loss or 0, "def": d_loss or 0, "effect": effect},
             row=row, eng_used=eng_duty)
    # FA 14.1 / 11.12 — every major power with units in an attack at 1:1 or better has made
    # a land attack (a minor's units count for the major controlling them).
    if s["defence"] == 0 or s["attack"] >= s["defence"]:
        note_land_attack(state, {commander(state, u["power"]) for u in attackers
                                 if u["type"] != "PARTISAN"})   # Morale Chart: non-partisans
    events.append(Event("combat_resolved", "FA 11.12.5", {
        "target": target, "table": c["table"], "attack": str(s["attack"]),
        "defence": str(s["defence"]), "dice": dice,
        "drms": [{"name": n, "value": cb.number(v)} for n, v in drms],
        "total_drm": cb.number(total),
        "row": row, "result": CRT_TEXT[cb.Table(c["table"])][row]}))
    if c.get("bombardment"):                # FA 11.12.2: the panel shows what the ships added
        events[-1].data["bombardment"] = {"attacker": c["bombardment"][0],
                                          "defender": c["bombardment"][1]}
    c["phase"] = "attacker_losses_due"
    advance_combat(state, roller, events)


def note_land_attack(state: dict[str, Any], powers: set[str]) -> None:
    """FA 14.1 / 11.12 — these major powers have made a land attack this turn (the Morale
    Chart reads it); powers that are not sides are left out."""
    board = state["board"]
    board["attacked_this_turn"] = sorted(set(board["attacked_this_turn"])
                                         | (powers & set(board["sides"])))


def advance_combat(state: dict[str, Any], roller: Roller, events: list[Event]) -> None:
    """Run the automatic phases until a decision is needed or the combat is over."""
    for _ in range(100):
        c = state["flow"]["combat"]
        if c is None:
            return
        phase = c["phase"]
        if phase == "attacker_losses_due":
            if not _set_losses(state, c, "attacker", c["result"]["att"], events, roller):
                c["phase"] = "defender_losses_due"
            continue
        if phase == "defender_losses_due":
            if not _set_losses(state, c, "defender", c["result"]["def"], events, roller):
                c["phase"] = "after_losses"
            continue
        if phase == "after_losses":
            defenders = alive(state, c["defenders"] + c.get("reserve", []))
            effect = c["result"]["effect"]
            if effect in ("S", "R") and any(d["type"] == "PARTISAN" for d in defenders):
                for d in defenders:   # FA 13.1.3: partisans suffering S or R are destroyed
                    if d["type"] == "PARTISAN":
                        remove_partisan(state, d, events)
                defenders = alive(state, c["defenders"] + c.get("reserve", []))
            if defenders and effect == "S":
                c["phase"] = "shatter"
                return
            if defenders and effect == "R":
                _start_retreat(state, c, shatter=False)
                continue
            c["phase"] = "advance_due"
            continue
        if phase == "retreat_next":
            if not c["retreat_queue"]:
                c["phase"] = "advance_due"
                continue
            uid = c["retreat_queue"][0]
            options = cb.retreat_options(state, unit(state, uid), set(c["avoid"]))
            if not options:
                if cb.retreat_options(state, unit(state, uid), set(c["avoid"]),
                                      foreign_limit=False):
                    # FA 19.2.1: its only way out exceeds a foreign troop commitment limit —
                    # shattered instead of destroyed.
                    _to_circle(state, unit(state, uid), events, rule="FA 19.2.1")
                else:
                    destroy_unit(state, unit(state, uid), events, "no_retreat", roller=roller)
                c["retreat_queue"].pop(0)
                continue
            if c["shatter"]:
                u = unit(state, uid)
                _to_circle(state, u, events)
                c["retreat_queue"].pop(0)
                continue
            c["retreat_options"] = options
            if len(options) == 1:
                _retreat_one(state, c, uid, options[0], events)
                continue
            c["phase"] = "retreat"
            return
        if phase == "advance_due":
            _facing(state, c, events)
            if cb.defenders_at(state, c["declarer"], c["target"]):
                _end(state, events)
                return
            advances = cb.advance_options(state, c["attackers"], c["target"])
            if len(advances) <= 1:
                _end(state, events)
                return
            c["advance_options"] = advances
            c["phase"] = "advance"
            return
        if phase in ("support_attacker", "support_defender", "sit_out", "table",
                     "losses_attacker", "losses_defender", "shatter", "retreat", "advance"):
            return
        raise AssertionError(f"combat phase {phase}")
    raise AssertionError("combat did not settle")


def _set_losses(state: dict[str, Any], c: dict[str, Any], side: str, halves: int,
                events: list[Event], roller: Roller) -> bool:
    """Open the owner's loss choice (True) or apply an automatic one (False)."""
    units = alive(state, c["attackers" if side == "attacker" else "defenders"])
    if not halves or not units:
        return False
    if (halves == 1 and len(units) == 1 and units[0]["type"] == "HQ"
            and state["board"]["rules"]["lone_hq_ignores_half"]):
        events.append(Event("half_loss_ignored", "FA 11.12.3", {"unit": units[0]["id"]}))
        return False
    must = None
    if side == "attacker" and c.get("eng_used"):
        engs = sorted(u["id"] for u in units if u["type"] == "ENG")
        must = engs[0] if engs else None
    options = combat_break_variants(state, cb.loss_options(units, halves, must))
    c["pending_loss"] = halves
    if len(options) == 1:
        _apply_losses(state, c, side, options[0], events, roller)
        return False
    c["loss_options"] = options
    c["loss_chooser"] = _loss_chooser(state, options, roller, events)
    c["phase"] = f"losses_{side}"
    return True


def _loss_chooser(state: dict[str, Any], options: list[dict[str, Any]], roller: Roller,
                  events: list[Event]) -> str:
    """FA 11.12.5.4: the owner destroys its units. When the units some way of meeting the loss
    would take belong to more than one major (a joint attack, a shared hex), FA 2.7 decides:
    each rolls a die, the highest roll's choice (ties roll again). The engine cannot hear the
    owners agree, so it always rolls."""
    owners = sorted({commander(state, unit(state, uid)["power"]) for opt in options
                     for uid in [*opt["destroy"], *([opt["break"]] if opt["break"] else [])]})
    while len(owners) > 1:
        rolls = {p: roller.d(10, f"loss dispute {p}") for p in owners}
        best = max(rolls.values())
        events.append(Event("loss_dispute", "FA 2.7", {"rolls": rolls}))
        owners = [p for p in owners if rolls[p] == best]
    return owners[0]


def _apply_losses(state: dict[str, Any], c: dict[str, Any], side: str,
                  choice: dict[str, Any], events: list[Event], roller: Roller) -> None:
    lost = (sum(cb.loss_weight(unit(state, u)) for u in choice["destroy"])
            + (1 if choice["break"] else 0))
    for uid in choice["destroy"]:
        destroy_unit(state, unit(state, uid), events, "combat", roller=roller)
    if choice["break"]:
        corps = unit(state, choice["break"])
        # FA 11.12.5.4 / 21.2: one result's losses are met together, so the division a corps
        # breaks into comes from the pool as it stood before them — never a unit this same
        # choice destroys (it would count for the loss and stay on the map).
        div_id = _break_down(state, corps, events, choice.get("keep"), roller,
                             not_from=set(choice["destroy"]))
        key = "attackers" if side == "attacker" else "defenders"
        # The drawn division may already be named here (a defender that surrendered earlier
        # in this combat went to the pool): each unit is listed once.
        c[key] = _unique([div_id if x == corps["id"] else x for x in c[key]])
    c.setdefault("lost", {})[side] = lost


def _unique(ids: list[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def _break_down(state: dict[str, Any], corps: dict[str, Any], events: list[Event],
                keep: str | None, roller: Roller, not_from: Collection[str] = ()) -> str:
    """FA 11.12.5.4 / 21.2 — a corps meets a 0.5 loss by breaking down into one division
    drawn at random from its force pool (of the type the owner chose, `keep`) and one that
    does not exist; the division is face-down, the corps goes to the pool and counts in full
    for morale, with no bonus build points. With no suitable division in the pool (our
    counter mix is incomplete) a stand-in division is made: half the corps' factors, at
    least 1, removed from the game when it is destroyed."""
    if keep is not None:
        ids = [i for i in pool_divisions(state, corps, keep) if i not in not_from]
        div_id = ids[roller.d(len(ids), f"force pool {keep} div") - 1] if len(ids) > 1 \
            else ids[0]
        state["board"]["pool"][corps["power"]].remove(div_id)
        unit(state, div_id).update(hex=corps["hex"], up=False, entrenched=False)
    else:
        div_id = f"{corps['id']}-div"
        n = 1
        while div_id in state["board"]["units"]:
            n += 1
            div_id = f"{corps['id']}-div{n}"
        div = dict(corps, id=div_id, size="div", cf=max(1, corps["cf"] // 2), up=False,
                   entrenched=False, name=f"{corps['name']} (division)", white=False)
        state["board"]["units"][div_id] = div
    destroy_unit(state, corps, events, "broken_down", bonus=False)
    events.append(Event("broken_down", "FA 21.2", {"corps": corps["id"], "division": div_id}))
    return div_id


INCOMPLETE_REMOVAL = 5   # FA 13.6.1.4: d10 <= 5 removes the unit from the game


def destroy_unit(state: dict[str, Any], u: dict[str, Any], events: list[Event], why: str,
            morale: bool = True, bonus: bool = True, roller: Roller | None = None) -> None:
    """A destroyed unit returns to its force pool (FA 11.12.5.4); its cost counts for morale
    (FA 14.1); an in-supply major-power corps destroyed in its home country earns 1 BP.
    A unit of an incompletely conquered country (FA 13.6.1.4) leaves the game instead when
    destroyed out of supply, or in supply on a d10 of 5 or less."""
    if u["type"] == "PARTISAN":
        remove_partisan(state, u, events)
        return
    hex_id = u["hex"]
    if morale:   # FA 14.1: a minor's units lost in combat cost the major controlling it
        pts = state["board"]["morale_points"]
        payer = commander(state, u["power"])
        pts[payer] = pts.get(payer, 0) - unit_loss_points(u)
    if (bonus and u["size"] != "div" and u["type"] not in ("MIL", "GAR", "TERR")
            and hex_id is not None and is_home_country_hex(map_of(state), hex_id, u["power"])
            and hex_id in supplied_hexes(state, u["power"])):
        state["board"]["bonus_bp"][u["power"]] = state["board"]["bonus_bp"].get(
            u["power"], 0) + 1
    record = state["board"].get("conquered", {}).get(u["power"])
    if (record is not None and not record["complete"] and roller is not None
            and not u["id"].rsplit("-", 1)[-1].startswith("div")):
        supplied = hex_id is not None and hex_id in supplied_hexes(state, u["power"])
        die = roller.d(10, f"conquered home {u['id']}") if supplied else None
        if die is None or die <= INCOMPLETE_REMOVAL:
            leave_game(state, u)
            events.append(Event("unit_destroyed", "FA 13.6.1.4", {
                "unit": u["id"], "hex": hex_id, "why": why, "supplied": supplied,
                "roll": die, "removed": True}))
            return
        events.append(Event("conquered_unit_roll", "FA 13.6.1.4", {
            "unit": u["id"], "roll": die, "removed": False}))
    u["hex"] = None
    u["up"] = True
    u["entrenched"] = False
    if u["id"].rsplit("-", 1)[-1].startswith("div"):
        del state["board"]["units"][u["id"]]
    else:
        state["board"]["pool"].setdefault(u["power"], []).append(u["id"])
        state["board"]["pool"][u["power"]].sort()
        if why in ("combat", "no_retreat", "surrendered"):   # FA 13.5.5.2, see scrap.py
            board = state["board"]
            board["scrappable"] = sorted(set(board.get("scrappable", [])) | {u["id"]})
    events.append(Event("unit_destroyed", "FA 11.12.5.4", {"unit": u["id"], "hex": hex_id,
                                                           "why": why}))


def _to_circle(state: dict[str, Any], u: dict[str, Any], events: list[Event],
               rule: str = "FA 11.12.5.6") -> None:
    """FA 11.12.5.6 — a shattered unit that could retreat returns next turn (also FA 19.2.1's
    unit whose only retreat would exceed a commitment limit)."""
    frm = u["hex"]
    u["hex"] = None
    u["up"] = True
    u["entrenched"] = False
    circle = state["board"]["production_circle"]
    circle.append({"unit": u["id"], "turn": state["flow"]["turn"] + 1})
    circle.sort(key=lambda e: (e["turn"], e["unit"]))
    events.append(Event("shattered", rule, {"unit": u["id"], "hex": frm}))


def _start_retreat(state: dict[str, Any], c: dict[str, Any], shatter: bool) -> None:
    c["shatter"] = shatter
    c["retreat_queue"] = [d["id"] for d in alive(state, c["defenders"] + c.get("reserve", []))]
    c["avoid"] = [c["target"]]
    c["retreated"] = True
    c["phase"] = "retreat_next"


def _retreat_one(state: dict[str, Any], c: dict[str, Any], uid: str, to: str,
                 events: list[Event]) -> None:
    """FA 11.12.5.5 — one hex; a unit that ends overstacked or in a hex still to be attacked
    (another declared attack's target) keeps retreating."""
    u = unit(state, uid)
    frm = u["hex"]
    u["hex"] = to
    u["entrenched"] = False
    events.append(Event("retreated", "FA 11.12.5.5", {"unit": uid, "from": frm, "to": to}))
    if u["type"] != "PARTISAN":   # FA 13.1.3: partisans never take control
        take_control(state, u["power"], to)
    still_attacked = {a["target"] for a in state["flow"].get("declared", [])}
    if to in still_attacked or would_overstack(state, to, [u], reserve=False):
        c["avoid"] = sorted(set(c["avoid"]) | {frm, to})
        return  # stays first in the queue: retreats again
    c["retreat_queue"].pop(0)
    c["avoid"] = [c["target"]]
    c["phase"] = "retreat_next"


def _facing(state: dict[str, Any], c: dict[str, Any], events: list[Event]) -> None:
    """FA 11.12.5.8 — attackers flip unless `*` (`#`: half stay up, rounded up); defenders
    flip if they retreated or lost more than the attacker; supporting HQs flip."""
    if c.get("faced"):
        return
    c["faced"] = True
    attackers = alive(state, c["attackers"])
    face = c["result"]["face"]
    stay = set()
    if face == "*":
        stay = {u["id"] for u in attackers}
    elif face == "#":
        keep = (len(attackers) + 1) // 2
        ranked = sorted(attackers, key=lambda u: (-u["cf"], u["id"]))
        stay = {u["id"] for u in ranked[:keep]}
    for u in attackers:
        if u["id"] not in stay:
            u["up"] = False
    lost = c.get("lost", {})
    if c.get("retreated") or lost.get("defender", 0) > lost.get("attacker", 0):
        sat_out = c.get("reserve", []) if c.get("retreated") else []
        for d in alive(state, c["defenders"] + sat_out):
            d["up"] = False
    for hq in c["hq_flips"]:
        if hq in state["board"]["units"] and state["board"]["units"][hq]["hex"] is not None:
            state["board"]["units"][hq]["up"] = False


def _end(state: dict[str, Any], events: list[Event]) -> None:
    c = state["flow"]["combat"]
    _facing(state, c, events)
    events.append(Event("combat_over", RULE, {"target": c["target"]}))
    state["flow"]["combat"] = None


def answer(state: dict[str, Any], seat: str, action: dict[str, Any], roller: Roller,
           events: list[Event]) -> None:
    """FA 11.12.5 — the combat's replies: table (21.7), losses (11.12.5.4), shatter or
    retreat (11.12.5.6), a retreat hex (11.12.5.5), the advance (11.12.5.7)."""
    c = state["flow"]["combat"]
    phase = c["phase"]
    counts = state["flow"]["answer_counts"]
    counts[f"combat{c['number']}"] = counts.get(f"combat{c['number']}", 0) + 1
    if phase in ("support_attacker", "support_defender"):
        side = phase.split("_")[1]
        c["support"][side] = action["hq"]
        events.append(Event("hq_support", "FA 11.12.3", {"by": seat, "side": side,
                                                        "hq": action["hq"]}))
        c["phase"] = "support_defender" if side == "attacker" else "sit_out"
        before_the_odds(state, roller, events)
        return
    if phase == "sit_out":
        _sit_out(state, c, action["unit"], events)
        c["phase"] = "odds"
        before_the_odds(state, roller, events)
        return
    if phase == "table":
        c["table"] = action["table"]
        events.append(Event("table_chosen", "FA 21.7", {"by": seat, "table": action["table"]}))
        resolve_roll(state, roller, events)
        return
    if phase in ("losses_attacker", "losses_defender"):
        side = phase.split("_")[1]
        _apply_losses(state, c, side, action, events, roller)
        c.pop("loss_options", None)
        c.pop("loss_chooser", None)
        c["phase"] = "defender_losses_due" if side == "attacker" else "after_losses"
    elif phase == "shatter":
        _start_retreat(state, c, shatter=action["treat_as"] == "shatter")
        events.append(Event("shatter_choice", "FA 11.12.5.6", {"treat_as": action["treat_as"]}))
    elif phase == "retreat":
        _retreat_one(state, c, action["unit"], action["to"], events)
        if c["phase"] == "retreat":
            c["phase"] = "retreat_next"
    elif phase == "advance":
        _advance(state, c, action["units"], events)
        _end(state, events)
        return
    advance_combat(state, roller, events)


def _advance(state: dict[str, Any], c: dict[str, Any], ids: list[str],
             events: list[Event]) -> None:
    """FA 11.12.5.7 — advancing units flip unless ARM, MECH, CAV or MOT, and any unit flips
    if the hex costs more than its movement allowance; the advance takes control."""
    if not ids:
        return
    m = map_of(state)
    target = c["target"]
    for uid in ids:
        u = unit(state, uid)
        cost = move_cost(m, u["hex"], target, u["type"], weather_at(state, m, target))
        u["hex"] = target
        u["entrenched"] = False
        if u["type"] not in cb.ADVANCE_STAY_UP or cost is None or cost > u["ma"]:
            u["up"] = False
    happened = ([] if all(unit(state, i)["type"] == "PARTISAN" for i in ids)   # FA 13.1.3
                else take_control(state, c["declarer"], target))
    events.append(Event("advanced", "FA 11.12.5.7", {"units": ids, "to": target,
                                                     "effects": happened}))
