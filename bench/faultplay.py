"""Scripted games for the fault bench: tables seated and started, players that choose legal
moves the way the engine's self-play does (its `Chooser`, its per-kind weights, an undo now and
then), each from its own view and the server's `options` answers; then the checks — every
client's view against the server's view of its audience (`services.game_view`, the REST game
view's own code), and the action records against what the clients sent and were acknowledged.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.decisions import open_decisions
from bench.faultclients import Player, Spectator, ViewStore
from engine import rulesets
from engine.kernel import state_hash
from engine.kernel.selfplay import Chooser
from tests.live import helpers

TOY = ("toy_skirmish", "duel", {"rounds": 4})
BOP = ("balance_of_powers", "before-the-leaves-fall", {})
_users = itertools.count(1)


@dataclass
class Ledger:
    """What the clients sent and what the server acknowledged, for the audit."""
    sent: set[tuple[int, str]] = field(default_factory=set)
    acked: set[tuple[int, str]] = field(default_factory=set)
    by_ruleset: Counter = field(default_factory=Counter)
    stats: Counter = field(default_factory=Counter)


@dataclass
class Budget:
    """Acknowledged actions still to play, shared by every game of a scenario."""
    left: int


def make_seating(ruleset_id: str, scenario: str, tag: str) -> dict[str, Any]:
    """One user (with a token) per seat of the scenario: {seat: user}."""
    seats = [s["id"] for s in rulesets.get(ruleset_id).scenario(scenario)["seats"]]
    return {seat: helpers.make_user(f"f{tag}-{next(_users)}-{seat}"[:150]) for seat in seats}


def start_table(kind: tuple[str, str, dict], seating: dict[str, Any]) -> dict[str, Any]:
    """A started public async game: {"game", "ruleset", "scenario", "tokens", "users"}."""
    ruleset_id, scenario, options = kind
    host = next(iter(seating.values()))
    game = helpers.start_game(host, seating, ruleset=ruleset_id, scenario=scenario,
                              options=options, pace="async", title="fault bench")
    return {"game": game.pk, "ruleset": ruleset_id, "scenario": scenario, "users": seating,
            "tokens": {seat: helpers.token_of(user) for seat, user in seating.items()}}


class Table:
    """The clients of one game: its players (spread over the processes) and spectators."""

    def __init__(self, fixture: dict[str, Any], urls: list[str], spectators: int,
                 ledger: Ledger, index: int) -> None:
        self.fixture, self.game_id = fixture, fixture["game"]
        self.ledger, self.stats = ledger, ledger.stats
        self.changed = asyncio.Event()
        self.players = {seat: Player(urls, (index + i) % len(urls), self.game_id, seat, token,
                                     ledger.stats, self.changed.set)
                        for i, (seat, token) in enumerate(sorted(fixture["tokens"].items()))}
        self.store = ViewStore()
        self.spectators = [Spectator([f"{u}/ws/games/{self.game_id}/" for u in urls],
                                     (index + i) % len(urls), self.store, ledger.stats)
                           for i in range(spectators)]
        definition = rulesets.get(fixture["ruleset"]).scenario(fixture["scenario"])
        self.weights = definition.get("selfplay_weights", {})
        self.chooser = Chooser(index, self.game_id)
        self.cids = itertools.count(1)
        self.acked_v = 0    # an ack may come before its patch: no one acts on the older view

    @property
    def clients(self) -> list[Any]:
        return [*self.players.values(), *self.spectators]

    async def open(self) -> None:
        await asyncio.gather(*(p.start() for p in self.players.values()))
        for i in range(0, len(self.spectators), 25):
            await asyncio.gather(*(s.start() for s in self.spectators[i:i + 25]))

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.clients), return_exceptions=True)

    def over(self) -> bool:
        return any(p.view is not None and p.view["game"]["result"] is not None
                   for p in self.players.values())

    def _open_decisions(self) -> list[tuple[Player, dict[str, Any]]]:
        """(player, decision) for each decision open to a seat whose player is up to date."""
        latest = max(self.acked_v, *(p.v for p in self.players.values()))
        out = []
        for seat, player in sorted(self.players.items()):
            if not player.connected or player.v < latest or player.view is None:
                continue
            for decision in open_decisions(player.view):
                if seat in decision["seats"] and seat not in decision.get("answered", []):
                    out.append((player, decision))
        return out

    async def _choices(self, player: Player, decision: dict[str, Any]) -> list[Any]:
        if "options" in decision:
            return list(decision["options"])
        answer = await player.request("options", {"type": "options", "seat": player.seat,
                                                  "decision": decision["id"]})
        if answer["type"] != "options":
            self.stats[f"options_refused:{answer.get('code')}"] += 1
            return []
        return [item["action"] for item in answer["items"]]

    async def _submit(self, player: Player, frame: dict[str, Any], budget: Budget
                      ) -> dict[str, Any]:
        cid = f"{self.game_id}-{next(self.cids)}"
        frame["cid"] = cid
        self.ledger.sent.add((self.game_id, cid))
        answer = await player.request(f"cid:{cid}", frame)
        if answer["type"] == "ack":
            self.ledger.acked.add((self.game_id, cid))
            self.acked_v = max(self.acked_v, answer["v"])
            budget.left -= 1
            self.ledger.by_ruleset[self.fixture["ruleset"]] += 1
            if answer.get("repeated"):
                self.stats["acks_repeated"] += 1
        else:
            self.stats[f"rejected_{frame['type']}:{answer.get('code')}"] += 1
        return answer

    async def step(self, budget: Budget) -> bool:
        """Play one move (or an undo) if an up-to-date player has one; False if none."""
        candidates = self._open_decisions()
        if not candidates:
            return False
        player, decision = candidates[self.chooser.weighted(
            [max(1, int(self.weights.get(d["kind"], 1))) for _, d in candidates])]
        choices = await self._choices(player, decision)
        if not choices:
            return False
        answer = await self._submit(player, {
            "type": "act", "seat": player.seat, "decision": decision["id"],
            "action": choices[self.chooser.index(len(choices))]}, budget)
        if answer["type"] == "ack" and decision.get("undoable") and budget.left > 0 \
                and self.chooser.chance(1, 4):
            await self._wait_version(player, answer["v"])
            if player.view is not None and player.view["game"]["undo"] == player.seat:
                await self._submit(player, {"type": "undo", "seat": player.seat}, budget)
        return True

    async def _wait_version(self, player: Player, v: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while player.v < v and time.monotonic() < deadline:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.monotonic())
            except asyncio.TimeoutError:
                break

    async def play(self, budget: Budget, *, settle: float = 5.0, sync_stalled: bool = True,
                   until: float | None = None) -> None:
        """Play while the budget lasts (and until the monotonic time `until`). With no move
        for an up-to-date player, wait for the others; after `settle` seconds without news,
        count a stall and (if `sync_stalled`) have the lagging players send `sync`."""
        while not self.over() and (until is None or time.monotonic() < until):
            if budget.left <= 0:
                return
            self.changed.clear()
            if await self.step(budget):
                continue
            try:
                await asyncio.wait_for(self.changed.wait(), settle)
            except asyncio.TimeoutError:
                self.stats["stalls"] += 1
                if sync_stalled:
                    latest = max(p.v for p in self.players.values())
                    for p in self.players.values():
                        if p.connected and p.v < latest:
                            await p.send({"type": "sync", "since": p.v})


def server_hashes(fixture: dict[str, Any]) -> tuple[int, dict[str, str]]:
    """The game's version and, per audience, the hash of the view the REST game view gives."""
    from django.contrib.auth.models import AnonymousUser

    from boardgame.play import services
    from boardgame.play.models import Game
    game = Game.objects.select_related("table").get(pk=fixture["game"])
    out = {}
    for user in [AnonymousUser(), *fixture["users"].values()]:
        answer = services.game_view(user, game)
        out[answer["audience"]] = state_hash(answer["view"])
    return game.version, out


async def converge(table: Table, timeout: float) -> dict[str, Any]:
    """Wait until every client holds the server's version and view; say how it ended."""
    start = time.monotonic()
    while True:
        version, hashes = await helpers.db(server_hashes, table.fixture)
        known: dict[bytes, str] = {}
        behind = mismatched = 0
        for client in table.clients:
            if not client.connected or client.v != version or client.view is None:
                behind += 1
                continue
            audience = getattr(client, "audience", None) or "public"
            key = getattr(client, "key", None)
            digest = known.get(key) if key is not None else None
            if digest is None:
                digest = state_hash(client.view)
                if key is not None:
                    known[key] = digest
            mismatched += digest != hashes.get(audience)
        elapsed = time.monotonic() - start
        if (not behind and not mismatched) or elapsed > timeout:
            return {"clients": len(table.clients), "behind": behind, "mismatched": mismatched,
                    "seconds": round(elapsed, 2), "version": version}
        await asyncio.sleep(0.1)


def audit(ledger: Ledger, game_ids: list[int]) -> dict[str, int]:
    """Acknowledged actions missing from play_actionrecord, cids recorded twice, steps whose
    cid no client sent (an action applied without its request), and gaps in `seq`."""
    from boardgame.play.models import ActionRecord, Game
    rows = list(ActionRecord.objects.filter(game_id__in=game_ids)
                .values_list("game_id", "seq", "cid", "kind"))
    recorded = Counter((g, cid) for g, _, cid, kind in rows if kind != "end")
    versions = dict(Game.objects.filter(pk__in=game_ids).values_list("pk", "version"))
    seqs: dict[int, list[int]] = {}
    for g, seq, _, _ in rows:
        seqs.setdefault(g, []).append(seq)
    return {
        "acked": len(ledger.acked),
        "acked_lost": len(ledger.acked - set(recorded)),
        "cid_recorded_twice": sum(n - 1 for n in recorded.values() if n > 1),
        "recorded_unsent": sum(n for key, n in recorded.items() if key not in ledger.sent),
        "seq_gaps": sum(sorted(seqs.get(g, [])) != list(range(1, v + 1))
                        for g, v in versions.items()),
    }
