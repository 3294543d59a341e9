"""The inbox of games and the catch-up after days away.

`inbox(user)`: every running game the user plays, the ones waiting for them first (soonest
deadline first), each with what changed since their last action (steps since, unread notices
and press), and `waiting`, the count a tab title or badge shows.

`catch_up(user, game_id)`: the steps since the user's last action with the events their
audience may see (`engine.kernel.events_for`, as the live game and the replay filter them),
and the replay request that steps the map through them (`/api/games/{id}/replay/{since}
?through={version}`, the replay machinery, filtered to the same audience).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max

from boardgame.api.errors import NotFound
from boardgame.lobby.models import Seat, Table
from engine import rulesets
from engine.kernel import events_for
from engine.kernel.model import Event

from .models import Notice

CATCH_UP_STEPS = 300


def last_actions(user: Any, game_ids: list[int]) -> dict[int, int]:
    from boardgame.play.models import ActionRecord
    return dict(ActionRecord.objects.filter(game_id__in=game_ids, by_user=user)
                .values("game_id").annotate(last=Max("seq")).values_list("game_id", "last"))


def seats_at_started_tables(user: Any) -> dict[int, list[str]]:
    """{table id: the user's seats there} for every started table: the inbox and the badge
    both start here."""
    seats: dict[int, list[str]] = {}
    for table_id, seat in Seat.objects.filter(
            user=user, table__state=Table.State.STARTED).values_list("table_id", "seat"):
        seats.setdefault(table_id, []).append(seat)
    return seats


def inbox(user: Any) -> dict[str, Any]:
    from boardgame.play.models import Game
    from boardgame.press import services as press
    seats = seats_at_started_tables(user)
    games = list(Game.objects.filter(table_id__in=seats, finished__isnull=True)
                 .select_related("table").only("id", "table__title", "table_id", "ruleset",
                                               "scenario", "version", "live"))
    ids = [g.pk for g in games]
    last = last_actions(user, ids)
    unread = dict(Notice.objects.filter(user=user, game_id__in=ids, read__isnull=True)
                  .values("game_id").annotate(n=Count("pk")).values_list("game_id", "n"))
    rows = []
    for game in games:
        mine = sorted(seats[game.table_id])
        live = game.live or {}
        waiting = [s for s in mine if s in live.get("running", [])]
        deadline = min((live.get("deadlines", {}).get(s) for s in waiting
                        if live.get("deadlines", {}).get(s) is not None), default=None)
        rows.append({"game": game.pk, "title": game.table.title, "ruleset": game.ruleset,
                     "scenario": game.scenario, "my_seats": mine, "waiting_for_me": waiting,
                     "deadline": deadline, "version": game.version,
                     "my_last_step": last.get(game.pk, 0),
                     "steps_since": game.version - last.get(game.pk, 0),
                     "unread_notices": unread.get(game.pk, 0),
                     "unread_press": press.unread_total(user, game.pk)})
    rows.sort(key=lambda r: (not r["waiting_for_me"], r["deadline"] is None,
                             r["deadline"] or 0, r["game"]))
    return {"waiting": sum(1 for r in rows if r["waiting_for_me"]), "games": rows}


def catch_up(user: Any, game_id: int, since: Any = None) -> dict[str, Any]:
    from boardgame.play.models import ActionRecord, Game
    from boardgame.play.services import audience_for
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.", code="game/not_found", game=game_id)
    if since is None:
        since = last_actions(user, [game.pk]).get(game.pk, 0)
    else:
        try:
            since = max(0, int(since))
        except (TypeError, ValueError):
            from boardgame.api.errors import ServiceError
            raise ServiceError("since must be a step number.", code="request/invalid",
                               status=400, field="since") from None
    ruleset = rulesets.get(game.ruleset)
    audience = audience_for(user, game)
    steps = []
    records = (ActionRecord.objects.filter(game=game, seq__gt=since).order_by("seq")
               .only("seq", "kind", "seat", "by", "events", "created")[:CATCH_UP_STEPS])
    for record in records:
        events = [Event(e["kind"], e["rule"], e.get("data", {}), e.get("audience"))
                  for e in record.events]
        shown = events_for(ruleset, game.state, events, audience)
        steps.append({"seq": record.seq, "kind": record.kind, "seat": record.seat,
                      "by": record.by, "at": record.created.isoformat(), "events": shown})
    return {"game": game.pk, "audience": audience, "since": since, "version": game.version,
            "steps": steps,
            "replay": f"/api/games/{game.pk}/replay/{since}?through={game.version}"}
