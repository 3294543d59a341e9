"""Play Balance of Powers in the browser, one decision at a time, the way a person does.

Every answer goes through the page: the decision tab is clicked, the server's options are
loaded by the page itself, a stack and then a destination (or target) are clicked on the map —
or an option button in the panel or the reaction card — and Confirm sends exactly the order the
page built. The driver reads the page's state (window.salient) only to decide *what* to click.

A simple deterministic policy picks among the legal choices: attacks at 1:1 or better first,
then one rail move a half, then whole-stack marches that close on the seat's objective (a
capital), at most `moves_per_half` forces a seat and half; every force stops after one leg.
Diplomacy violates Belgium for the Central Powers (so Britain comes in and there is fighting in
the west); procurement buys one unit a month when it can; reactions take the first listed
option (pay when asked).

For a human-in-the-loop session, from a Python shell with the pages open:

    driver = BopDriver({"central": alice_page, "entente": bob_page}, shots="/tmp/shots")
    driver.step()            # one decision: returns what was done, or None at the end
    driver.shot("before-marne")

`play(until=…)` loops `step()`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from tests.browser.flows import send_single

OBJECTIVES = {"germany": "Paris", "austria_hungary": "Warsaw", "france": "Berlin",
              "russia": "Berlin", "britain": "Berlin"}
REACTIONS = ("reserve", "point", "reroll", "pay", "loss", "retreat")
# The attacker's own questions inside a combat (10.3 after a bombardment, 10.572): go on, use it.
ATTACKER_QUESTIONS = ("proceed", "infrastructure")
# Kinds the policy never chooses while `done` is open (the half ends instead).
NEVER = ("entrench", "leader_return", "remove_breach", "landing", "sea_move")

STATE_JS = """() => { const s = window.salient, o = s.orders, view = s.store.view;
  return {v: s.store.v, status: o.status, current: o.decision ? o.decision.id : null,
    result: s.store.result || (view && view.game && view.game.result) || null,
    live: s.socket.state,
    mine: o.available().map(d => ({id: d.id, kind: d.kind, seats: d.seats, prompt: d.prompt,
                                    reaction: !!d.reaction, data: d.data || {}})),
    flow: view ? {step: view.flow.step, month: view.flow.month, fortnight: view.flow.fortnight,
                  side: view.flow.side} : null}; }"""

ENTRIES_JS = """() => (window.salient.orders.entries || []).map(e => ({index: e.index,
  action: e.item.action, cost: e.item.cost === undefined ? null : e.item.cost,
  odds: e.item.odds || null, from: e.p.from || null, hex: e.p.hex || null, label: e.p.label}))"""


def hex_distance(a: str, b: str) -> int:
    aq, ar = map(int, a.split(","))
    bq, br = map(int, b.split(","))
    return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2


def is_hex(loc: Any) -> bool:
    return isinstance(loc, str) and "," in loc


def odds_value(text: str | None) -> Fraction:
    if not text or ":" not in text:
        return Fraction(0)
    a, d = (int(x) for x in text.split(":"))
    return Fraction(a, d) if d else Fraction(99)


@dataclass
class Done:
    """What one step did (for logs and the test's assertions)."""
    page: str
    seat: str
    kind: str
    decision: str
    action: Any
    label: str
    v: int


@dataclass
class BopDriver:
    pages: dict[str, Any]                    # name → Playwright page of a player
    watchers: list[Any] = field(default_factory=list)   # spectators kept in step
    shots: str | None = None
    moves_per_half: int = 3
    timeout_ms: int = 20000
    log: Callable[[str], None] | None = None
    history: list[Done] = field(default_factory=list)
    friction: list[str] = field(default_factory=list)
    # Offered orders a person cannot give by clicking (an origin or destination the map does
    # not draw); the policy leaves them alone. Off-map boxes (the Petrograd box) are drawn and
    # clicked like hexes, so orders from and to them are played.
    unclickable: set = field(default_factory=set)
    box_orders: list = field(default_factory=list)   # labels of orders given from/to a box
    _budget: dict[tuple, int] = field(default_factory=dict)
    _bought: set = field(default_factory=set)
    _places: dict[str, str] | None = None
    _boxes: dict[str, list[str]] | None = None
    _shot_no: int = 0

    # --- reading the pages -------------------------------------------------------------------

    def state(self, page) -> dict[str, Any]:
        return page.evaluate(STATE_JS)

    def entries(self, page) -> list[dict[str, Any]]:
        return page.evaluate(ENTRIES_JS)

    def all_pages(self) -> list[Any]:
        return list(self.pages.values()) + list(self.watchers)

    def settle(self) -> int:
        """Wait until every page holds the same version and its order builder has loaded."""
        deadline = time.monotonic() + self.timeout_ms / 1000
        while True:
            states = [self.state(p) for p in self.all_pages()]
            versions = {s["v"] for s in states}
            loading = [s for s in states if s["status"] in ("loading", "sending")]
            if len(versions) == 1 and not loading:
                return versions.pop()
            if time.monotonic() > deadline:
                raise AssertionError(f"pages never settled: {[(s['v'], s['status']) for s in states]}")
            self.all_pages()[0].wait_for_timeout(40)

    def places(self, page) -> dict[str, str]:
        if self._places is None:
            self._places = page.evaluate("""() => { const out = {};
                for (const p of Object.values(window.salient.map.map.places || {}))
                  if (!out[p.name] || p.capital) out[p.name] = p.hex;
                return out; }""")
        return self._places

    def boxes(self, page) -> dict[str, list[str]]:
        """The map's off-map boxes (drawn by the map view) and their adjacent hexes."""
        if self._boxes is None:
            self._boxes = page.evaluate("""() => Object.fromEntries([...window.salient.map.boxes.keys()]
                .map((id) => [id, window.salient.map.map.boxes[id].adjacent]))""")
        return self._boxes

    def on_map(self, page, loc: Any) -> bool:
        return is_hex(loc) or (isinstance(loc, str) and loc in self.boxes(page))

    def distance(self, page, a: str, b: str) -> int:
        """Hex distance; a box is one step beyond its nearest adjacent hex."""
        boxes = self.boxes(page)
        if a in boxes:
            return 1 + min(self.distance(page, h, b) for h in boxes[a])
        if b in boxes:
            return 1 + min(self.distance(page, a, h) for h in boxes[b])
        return hex_distance(a, b)

    def shot(self, name: str) -> None:
        if not self.shots:
            return
        Path(self.shots).mkdir(parents=True, exist_ok=True)
        self._shot_no += 1
        for label, page in self.pages.items():
            page.screenshot(path=f"{self.shots}/{self._shot_no:04d}-{name}-{label}.png")

    # --- one decision ------------------------------------------------------------------------

    def step(self) -> Done | None:
        """Answer one decision on whichever page has one (players in order). None when the game
        is over or nobody has anything to decide."""
        self.settle()
        for name, page in self.pages.items():
            st = self.state(page)
            if st["result"] is not None:
                return None
            if st["mine"]:
                return self._answer(name, page, st)
        return None

    def play(self, until: Callable[[dict[str, Any]], bool] | None = None,
             limit: int = 5000) -> list[Done]:
        """Step until `until(flow state)` holds, the game ends or `limit` steps were taken."""
        done = []
        for _ in range(limit):
            first = next(iter(self.pages.values()))
            if until is not None and until(self.state(first)):
                break
            step = self.step()
            if step is None:
                break
            done.append(step)
        return done

    def _answer(self, name: str, page, st: dict[str, Any]) -> Done:
        decision, chooser = self._choose(page, st)
        self._select(page, decision)
        entries = self.entries(page)
        assert entries, f"no options for {decision['id']}"
        entry = chooser(entries)
        forced = page.locator("#forced-confirm")
        single = page.locator("#single-send")
        if decision["kind"] == "loss" and forced.count():
            # BoP 10.712: one listed loss is taken with one click, no pending order (bop_losses.js)
            label = page.inner_text("#forced-answer")
            v = self._one_click(page, forced)
        elif single.count():
            # a decision with one legal answer is sent by its one button (panels/single.js)
            assert len(entries) == 1, f"a one-click answer offered among {len(entries)} options"
            sent = send_single(page, timeout=self.timeout_ms)
            assert sent is not None
            label, v = sent
        else:
            label = self._order(page, decision, entry)
            v = self._confirm(page, decision)
        done = Done(name, decision["seats"][0], decision["kind"], decision["id"], entry["action"],
                    label, v)
        self.history.append(done)
        if self.log:
            self.log(f"v{v} {name}/{done.seat} {done.kind}: {label}")
        return done

    # --- the policy --------------------------------------------------------------------------

    def _choose(self, page, st: dict[str, Any]):
        mine = st["mine"]
        flow = st["flow"]
        reaction = [d for d in mine if d["kind"] in REACTIONS]
        if reaction:
            return reaction[0], self._pick_reaction(reaction[0]["kind"])
        asked = [d for d in mine if d["kind"] in ATTACKER_QUESTIONS]
        if asked:
            return asked[0], lambda es: next((e for e in es if e["action"].get("proceed")
                                              or e["action"].get("use")), es[0])
        seats = sorted({d["seats"][0] for d in mine})
        seat = seats[0]
        ours = [d for d in mine if d["seats"][0] == seat]
        kinds = {d["kind"]: d for d in ours}
        first = lambda entries: entries[0]  # noqa: E731
        if "setup" in kinds:
            return kinds["setup"], first
        if "violate" in kinds:
            want = "belgium" if flow["side"] == "central" else None
            return kinds["violate"], lambda es: next(
                (e for e in es if e["action"].get("violate") == want), es[0])
        if "procure" in kinds:
            key = (flow["month"], seat)
            if key in self._bought:
                return kinds["procure"], lambda es: next(e for e in es if e["action"].get("buy") is None)
            self._bought.add(key)
            return kinds["procure"], lambda es: next(
                (e for e in es if e["action"].get("buy") not in (None, "infrastructure")
                 and "-ldr-" not in str(e["action"].get("buy"))), es[0])
        if "transfer" in kinds:
            return kinds["transfer"], lambda es: next(e for e in es if e["action"].get("to") is None
                                                      and "convert" not in e["action"])
        if "plan_xvii" in kinds:
            return kinds["plan_xvii"], lambda es: next(e for e in es if e["action"].get("destroy") is None)
        for kind in ("britain_setup", "neutral_setup", "shadow_government", "muster",
                     "place_infrastructure"):
            if kind in kinds:
                return kinds[kind], first
        if flow["step"] == "half":
            return self._half(page, seat, ours, flow)
        if "done" in kinds:
            return kinds["done"], first
        other = [d for d in ours if d["kind"] not in NEVER] or ours
        return other[0], first

    def _pick_reaction(self, kind: str):
        if kind == "pay":
            return lambda es: next((e for e in es if e["action"].get("pay")), es[0])
        if kind == "reroll":
            return lambda es: next((e for e in es if not e["action"].get("reroll")), es[0])
        return lambda es: es[0]

    def _half(self, page, seat: str, ours: list[dict], flow: dict):
        kinds = {}
        for d in ours:
            kinds.setdefault(d["kind"], []).append(d)
        key = (flow["month"], flow["fortnight"], seat)
        used = self._budget.get(key, 0)
        objective = self.places(page).get(OBJECTIVES.get(seat, "Berlin"))
        if "stop" in kinds:               # a force in motion: attack if it can, else stop
            for combat in kinds.get("combat", []):
                best = self._best_attack(page, combat)
                if best is not None:
                    return combat, lambda es, b=best: next(e for e in es if e["index"] == b)
            return kinds["stop"][0], lambda es: es[0]
        if used >= self.moves_per_half:
            return kinds["done"][0], lambda es: es[0]
        for combat in kinds.get("combat", []):
            best = self._best_attack(page, combat)
            if best is not None:
                self._budget[key] = used + 1
                return combat, lambda es, b=best: next(e for e in es if e["index"] == b)
        if used == 0 and kinds.get("rail") and objective:
            for rail in kinds["rail"]:
                pick = self._closer(page, rail, objective, gain=3)
                if pick is not None:
                    self._budget[key] = used + 1
                    return rail, lambda es, b=pick: next(e for e in es if e["index"] == b)
        marches = [d for d in kinds.get("march", []) if d["data"].get("part") != "part"]
        for march in marches:
            pick = self._closer(page, march, objective, gain=1) if objective else None
            if pick is not None:
                self._budget[key] = used + 1
                return march, lambda es, b=pick: next(e for e in es if e["index"] == b)
        self._budget[key] = self.moves_per_half
        return kinds["done"][0], lambda es: es[0]

    def _clickable(self, page) -> list[dict[str, Any]]:
        out = []
        for e in self.entries(page):
            if e["hex"] is not None and e["from"] is not None and not (
                    self.on_map(page, e["from"]) and self.on_map(page, e["hex"])):
                self.unclickable.add(e["label"])
            elif self.on_map(page, e["from"]) and self.on_map(page, e["hex"]):
                out.append(e)
        return out

    def _best_attack(self, page, decision) -> int | None:
        self._select(page, decision)
        entries = self._clickable(page)
        good = [e for e in entries if odds_value(e["odds"]) >= 1]
        if not good:
            return None
        return max(good, key=lambda e: (odds_value(e["odds"]), -e["index"]))["index"]

    def _closer(self, page, decision, objective: str, gain: int) -> int | None:
        self._select(page, decision)
        best = None
        for e in self._clickable(page):
            closer = (self.distance(page, e["from"], objective)
                      - self.distance(page, e["hex"], objective))
            if closer >= gain and (best is None or (closer, -e["index"]) > best[0]):
                best = ((closer, -e["index"]), e["index"])
        return None if best is None else best[1]

    # --- clicking ----------------------------------------------------------------------------

    def _select(self, page, decision: dict) -> None:
        """Make `decision` the one the page works on, by its tab when there are several."""
        st = self.state(page)
        if st["current"] != decision["id"]:
            tab = page.locator(f".decision-tabs [data-id='{decision['id']}']")
            if tab.count() and not tab.is_visible() and page.locator("#all-decisions").count():
                # Unit-first orders fold the decision list away: this driver gives its orders
                # through the list (the decision-first way), so it unfolds it.
                page.click("#all-decisions summary")
            if tab.count():
                tab.click()
            else:
                self.friction.append(f"no tab for {decision['kind']} {decision['id']}")
                page.evaluate("(id) => window.salient.orders.select(id)", decision["id"])
        # 'confirm': an editor (BoP's set-up) may hold a checked answer as soon as it loads.
        page.wait_for_function("""(id) => { const o = window.salient.orders;
            return o.decision && o.decision.id === id && ['ready', 'error', 'confirm'].includes(o.status); }""",
                               arg=decision["id"], timeout=self.timeout_ms)

    def _click_hex(self, page, hex_id: str) -> None:
        page.evaluate("(id) => window.salient.map.centreOn(id)", hex_id)
        x, y = page.evaluate("(id) => window.salient.map.clientOfHex(id)", hex_id)
        page.mouse.click(x, y)

    def _order(self, page, decision: dict, entry: dict) -> str:
        """Build the pending order for `entry` by clicking; returns its parsed text."""
        reaction = decision.get("reaction", False)
        if decision["kind"] == "britain_setup":
            # 12.1: picked on the map (bop_britain.js), the port and then the home location
            self._click_hex(page, entry["action"]["port"])
            self._click_hex(page, entry["action"]["home"])
            page.wait_for_selector("#pending-order")
            return page.inner_text("#pending-order .order-text")
        if reaction:
            # a loss is picked in the loss picker's roster (bop_losses.js), other answers listed
            picker = page.locator(f"#reaction button.loss-pick[data-index='{entry['index']}']")
            (picker if picker.count() else
             page.locator(f"#reaction button.choice[data-index='{entry['index']}']")).click()
            page.wait_for_selector("#reaction .order", timeout=self.timeout_ms)
            return page.inner_text("#reaction .order .order-text")
        if self.on_map(page, entry["hex"]):
            if not (is_hex(entry["hex"]) and (entry["from"] is None or is_hex(entry["from"]))):
                self.box_orders.append(entry["label"])
            origins = page.evaluate("() => window.salient.orders.origins()")
            if origins:
                assert self.on_map(page, entry["from"]), f"an origin off the map: {entry}"
                if page.evaluate("() => window.salient.orders.origin") != entry["from"]:
                    self._click_hex(page, entry["from"])
                    page.wait_for_function("(o) => window.salient.orders.origin === o",
                                           arg=entry["from"], timeout=self.timeout_ms)
                forces = page.evaluate("() => window.salient.orders.forces().map(f => f.key)")
                key = json.dumps(entry["action"]["units"], separators=(",", ":"))
                if len(forces) > 1:
                    radios = page.locator("#decision input[name=force]")
                    values = radios.evaluate_all("(rs) => rs.map(r => r.value)")
                    radios.nth(values.index(key)).check()
            self._click_hex(page, entry["hex"])
            page.wait_for_function("""() => { const o = window.salient.orders;
                return o.pending || o.choices.length; }""", timeout=self.timeout_ms)
            if not page.locator("#pending-order").count():
                page.locator(f"#decision button.choice[data-index='{entry['index']}']").click()
        else:
            page.locator(f"#decision button.choice[data-index='{entry['index']}']").click()
        page.wait_for_selector("#pending-order")
        picked = page.evaluate("() => window.salient.orders.pending.index")
        assert picked == entry["index"], f"the clicks built option {picked}, not {entry['index']}"
        return page.inner_text("#pending-order .order-text")

    def _one_click(self, page, button) -> int:
        v = page.evaluate("() => window.salient.store.v")
        button.click()
        page.wait_for_function("(v) => window.salient.store.v > v", arg=v, timeout=self.timeout_ms)
        return page.evaluate("() => window.salient.store.v")

    def _confirm(self, page, decision: dict) -> int:
        v = page.evaluate("() => window.salient.store.v")
        if decision.get("reaction"):
            page.locator("#reaction .order button:not(.ghost)").click()
        else:
            page.click("#confirm")
        page.wait_for_function("(v) => window.salient.store.v > v", arg=v, timeout=self.timeout_ms)
        error = page.evaluate("() => window.salient.orders.error")
        assert not error, f"refused: {error}"
        return page.evaluate("() => window.salient.store.v")
