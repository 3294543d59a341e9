"""Play services: starting a game, and reading it through the engine's views.

REST never bypasses views: `game_view` returns `engine.kernel.view` for the caller's one
audience and `game_record` redacts the `salient-record/1` export to that audience until the
game ends. The seed leaves this module only in a finished game's record and view.
The write side of a running game is elsewhere: `actions.py` (the write path), `orders.py`,
`votes.py`, `seating.py`, `deadlines.py` and `chat.py`.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from boardgame.api.errors import NotFound
from boardgame.lobby.access import can_see_table
from boardgame.lobby.models import Table
from engine import rulesets
from engine.kernel import audience_of, commitment, decisions, new_game, result, state_hash, view
from engine.kernel.record import (
    build_record,
    open_sealed_groups,
    private_order_groups,
    redact_record,
    versions_of,
)

from .bot_accounts import bot_level
from .gmrecord import gm_name, log_entries
from .models import ActionRecord, Game, OrderLog, Snapshot
from .orderbook import orders_of_seats

User = AbstractBaseUser | AnonymousUser


def do_start_game(table: Table) -> Game:
    """Create the game of a full, ready table through `engine.kernel.new_game`.

    The caller holds the table's row lock inside its durable transaction (lobby `_start`).
    The seed is drawn here, stored in its own column, and never put in the state.
    """
    ruleset = rulesets.get(table.ruleset)
    seats = list(table.seats.values_list("seat", flat=True))
    seed = os.urandom(32)
    game_uid = uuid.uuid4().hex
    state, _events = new_game(ruleset, table.scenario, table.options, seats, seed, game_uid)
    game = Game.objects.create(
        table=table, ruleset=ruleset.id, scenario=table.scenario,
        options=state["kernel"]["options"], game_uid=game_uid, seed=seed,
        commitment=commitment(seed), versions=versions_of(ruleset, table.scenario),
        version=0, state=state, result=result(ruleset, state))
    Snapshot.objects.create(game=game, version=0, state=state)
    return game


def access_game(user: User, game_id: int, *, invite: str | None = None) -> Game:
    """The game if `user` may watch it: its table is public, or they play or were invited."""
    try:
        game = Game.objects.select_related("table").get(pk=game_id)
    except Game.DoesNotExist:
        raise NotFound(f"There is no game {game_id}.", code="game/not_found",
                       game=game_id) from None
    if not can_see_table(user, game.table, invite):
        # A private game is not acknowledged to strangers.
        raise NotFound(f"There is no game {game_id}.", code="game/not_found", game=game_id)
    return game


def check_may_watch(user: User, game_id: int, *, invite: str | None = None) -> None:
    """`access_game`'s check without loading the game (its state is large): the live-play
    endpoints call it before any seat or host check, so a stranger learns nothing of a private
    game, not even that it exists (the same 404 as for a missing id)."""
    table = (Table.objects.only("id", "visibility", "host_id", "invite_token")
             .filter(game__id=game_id).first())
    if table is None or not can_see_table(user, table, invite):
        raise NotFound(f"There is no game {game_id}.", code="game/not_found", game=game_id)


def seats_held(user: User, game: Game) -> list[str]:
    if not user.is_authenticated:
        return []
    return sorted(game.table.seats.filter(user=user).values_list("seat", flat=True))


def audience_for(user: User, game: Game) -> str:
    """The caller's one audience: seat, side, or public (design §2)."""
    return audience_of(game.state, seats_held(user, game))


def players(game: Game, *, colour: bool = False) -> list[dict[str, Any]]:
    """The seats and who holds them (a bot's level, or null for a person); with `colour`,
    each seat's colour too (the game page's config)."""
    listed = []
    for s in game.table.seats.select_related("user"):
        seat = {"seat": s.seat, "side": s.side, "title": s.title,
                "player": s.user.get_username() if s.user else None,
                "bot": bot_level(s.user) if s.user else None}
        if colour:
            seat = {**seat, "colour": s.colour}
        listed.append(seat)
    return listed


def game_view(user: User, game: Game) -> dict[str, Any]:
    ruleset = rulesets.get(game.ruleset)
    audience = audience_for(user, game)
    out: dict[str, Any] = {
        "id": game.pk, "table": game.table_id, "ruleset": game.ruleset,
        "scenario": game.scenario, "options": game.options, "game_uid": game.game_uid,
        "version": game.version, "commitment": game.commitment, "versions": game.versions,
        "started": game.started, "finished": game.finished, "result": game.result,
        "seats": players(game), "audience": audience, "my_seats": seats_held(user, game),
        "view": view(ruleset, game.state, audience),
    }
    out["orders"] = orders_of_seats(game.orders, out["my_seats"])
    out["gm"] = gm_name(game)
    if game.is_over:
        out["seed"] = bytes(game.seed).hex()
    return out


def record_actions(game: Game) -> list[dict[str, Any]]:
    """The game's log as a record's `actions` (upgrade checkpoints only once it is over)."""
    actions = []
    for entry in ActionRecord.objects.filter(game=game).order_by("seq").select_related(
            "by_user"):
        item: dict[str, Any] = {
            "seq": entry.seq, "kind": entry.kind, "seat": entry.seat,
            "decision": entry.decision, "action": entry.action,
            # A person's answer names the player; a bot's the bot and its version
            # (`bot:<id>@<version>`; its account `bot:<level>:<seat>` holds the seat in `seats`).
            "by": entry.by if entry.by != "user" else (
                entry.by_user.get_username() if entry.by_user else entry.by),
            "at": entry.created.isoformat(), "rolls": entry.rolls,
            "hash": entry.state_hash or None}
        if entry.sealed_group:
            item["sealed_group"] = entry.sealed_group
        if entry.private:
            item["private"] = True
        if entry.kind == ActionRecord.Kind.UPGRADE and game.is_over:
            # The migrated state, so that replay can go on where the old rules are gone
            # (a whole state: shown only once the game is over).
            item["checkpoint"] = checkpoint(game, entry.seq)
        actions.append(item)
    return actions


def checkpoint(game: Game, seq: int) -> dict[str, Any] | None:
    """The state kept when the game was upgraded at step `seq`."""
    state: dict[str, Any] | None = (Snapshot.objects.filter(game=game, version=seq)
                                    .values_list("state", flat=True).first())
    return state


def full_record(game: Game, *, checkpoints: bool = False) -> dict[str, Any]:
    """The whole record with the seed: for a finished game's export, and for the server's own
    checks of a running one (`manage.py verify_games`; never sent while the game runs)."""
    actions = record_actions(game)
    if checkpoints:
        for item in actions:
            if item["kind"] == ActionRecord.Kind.UPGRADE and "checkpoint" not in item:
                item["checkpoint"] = checkpoint(game, item["seq"])
    seats = [{"seat": p["seat"], "player": p["player"]} for p in players(game)]
    return build_record(rulesets.get(game.ruleset), scenario=game.scenario,
                        options=game.options, seats=seats, game_uid=game.game_uid,
                        commitment=game.commitment, actions=actions, versions=game.versions,
                        result_=game.result, seed=bytes(game.seed),
                        final_state_hash=state_hash(game.state))


def game_record(user: User, game: Game) -> dict[str, Any]:
    """The `salient-record/1` export, redacted to the caller's audience until the end."""
    if game.is_over:
        return with_gm_log(with_orders_log(full_record(game), game, None), game)
    ruleset = rulesets.get(game.ruleset)
    seats = [{"seat": p["seat"], "player": p["player"]} for p in players(game)]
    record = build_record(ruleset, scenario=game.scenario, options=game.options, seats=seats,
                          game_uid=game.game_uid, commitment=game.commitment,
                          actions=record_actions(game), versions=game.versions,
                          result_=game.result)
    entitled = frozenset(ruleset.audience_seats(game.state, audience_for(user, game)))
    return with_gm_log(with_orders_log(redact_record(record, entitled,
                                                     open_sealed_groups(game.state)),
                                       game, entitled), game)


def with_gm_log(record: dict[str, Any], game: Game) -> dict[str, Any]:
    """The record with every game master's command (`gm_log`, gm.py), if there was any: the
    same for every audience — an entry holds no hidden fact."""
    entries = log_entries(game)
    if entries:
        record["gm_log"] = entries
    return record


def with_orders_log(record: dict[str, Any], game: Game,
                    entitled: frozenset[str] | None) -> dict[str, Any]:
    """The record with every write and withdrawal of written orders (`orders_log`), if the
    game has any. While a group is open, entries of seats outside `entitled` are left out
    whole — not masked: their number and times would tell how often a seat revised. Once the
    group has resolved, or the game is over (`entitled` None), all are shown — but for a
    private group (fog of war: `private_answer` orders), whose entries stay with their seats'
    audiences until the game is over."""
    hidden = ({d.group for d in decisions(rulesets.get(game.ruleset), game.state)
               if d.revisable} | private_order_groups(record["actions"])
              if entitled is not None else set())
    entries = [{"group": e.group, "decision": e.decision, "seat": e.seat, "kind": e.kind,
                "action": e.action, "version": e.version, "at": e.created.isoformat()}
               for e in OrderLog.objects.filter(game=game).order_by("id")
               if entitled is None or e.group not in hidden or e.seat in entitled]
    if entries:
        record["orders_log"] = entries
    return record
