"""Replay source for the browser's replay viewer: a game's audience view at any step.

`GET /api/games/{id}/replay/{seq}` rebuilds the state after action `seq` from the newest
snapshot at or before it plus the recorded actions, replayed through the engine, and answers
`{"game", "seq", "version", "audience", "finished", "view", "events"}` — the view and the
events of that step as `engine.kernel.view` / `events_for` give them to the caller's audience
(`version`: the game's current one). With
`?through=<M>` it also returns `steps`: for each later action up to M (at most STEP_LIMIT) the
JSON Patch from the previous view and the step's events, so the browser can play a whole game
from one request.

Audiences are respected exactly like the live game and the record: while the game runs the
caller gets their own audience (seat, side or public) and can not go past the current version;
sealed answers and secrets stay hidden because every view goes through `engine.kernel.view`.
After the end anyone who may see the game may ask for any audience with `?audience=`.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from boardgame.api.errors import NotFound, ServiceError
from engine import rulesets
from engine.kernel import events_for, view
from engine.kernel.diff import make_patch
from engine.kernel.game import KERNEL
from engine.kernel.record import replay_step, rules_of_version

from . import services
from .api import INVITE
from .models import ActionRecord, Game, Snapshot
from .rolled_back import before_rollback

STEP_LIMIT = 500


def _audiences(state: dict[str, Any]) -> list[str]:
    sides = state[KERNEL]["sides"]
    return (["public"] + [f"seat:{s}" for s in sorted(sides)]
            + [f"side:{s}" for s in sorted(set(sides.values()))])


def _replayer(game: Game, ruleset: Any, start: int):
    """Yield (seq, state, events) from the snapshot at or before `start` onwards, each
    stretch folded with the rules it was played under (engine/kernel/versions.py)."""
    upgrades = list(ActionRecord.objects.filter(game=game, kind=ActionRecord.Kind.UPGRADE)
                    .order_by("seq").values_list("seq", "action"))
    # Steps played under rules this server no longer carries cannot be shown: the replay
    # begins at the upgrade that left them (its checkpoint is a snapshot).
    first = max((seq for seq, action in upgrades
                 if rules_of_version(ruleset, str(action["from"])) is None), default=0)
    if start < first:
        raise ServiceError(
            f"Steps before {first} were played under an earlier version of the "
            f"{game.ruleset} rules, which this server no longer carries; the replay begins "
            f"at step {first}.", code="replay/unavailable", status=409, game=game.pk,
            first=first)
    snap = (Snapshot.objects.filter(game=game, version__lte=start).order_by("-version")
            .only("version", "state").first())
    if snap is None:
        raise ServiceError("This game has no snapshot to replay from.", code="replay/unavailable",
                           status=409, game=game.pk)
    state = snap.state
    seed = bytes(game.seed)
    version = next((str(action["to"]) for seq, action in reversed(upgrades)
                    if seq <= snap.version), (game.versions or {}).get("ruleset"))
    rules = rules_of_version(ruleset, version) or ruleset
    yield snap.version, state, []
    records = (ActionRecord.objects.filter(game=game, seq__gt=snap.version)
               .order_by("seq").only("seq", "kind", "seat", "decision", "action"))
    for record in records.iterator():
        upgrading = record.kind == ActionRecord.Kind.UPGRADE
        outcome = replay_step(ruleset if upgrading else rules, state, record.kind, record.seat,
                              record.decision, record.action, seed=seed,
                              before=before_rollback(game, record))
        if upgrading:
            rules = rules_of_version(ruleset, str(record.action["to"])) or ruleset
        state = outcome.state
        yield record.seq, state, list(outcome.events)


class ReplayView(APIView):
    @extend_schema(operation_id="games_replay", parameters=[
        INVITE,
        OpenApiParameter("through", OpenApiTypes.INT, required=False,
                         description="Also return the patches of the steps up to this one."),
        OpenApiParameter("audience", OpenApiTypes.STR, required=False,
                         description="After the end only: public, seat:<s> or side:<s>.")],
        responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int, seq: int) -> Response:
        game = services.access_game(request.user, game_id,
                                    invite=request.query_params.get("invite"))
        ruleset = rulesets.get(game.ruleset)
        audience = services.audience_for(request.user, game)
        wanted = request.query_params.get("audience")
        if wanted and wanted != audience:
            if not game.is_over:
                raise ServiceError("Other audiences' views open when the game has ended.",
                                   code="replay/audience_closed", status=403)
            if wanted not in _audiences(game.state):
                raise ServiceError(f"No audience {wanted[:40]!r} in this game.",
                                   code="request/invalid", status=400, audience=wanted[:40])
            audience = wanted
        if seq > game.version:
            raise NotFound(f"Game {game.pk} has {game.version} steps.", code="replay/no_such_step",
                           seq=seq, version=game.version)
        try:
            through = int(request.query_params.get("through", seq))
        except ValueError:
            raise ServiceError("through must be an integer.", field="through") from None
        through = max(seq, min(through, game.version, seq + STEP_LIMIT))
        out: dict[str, Any] = {"game": game.pk, "seq": seq, "version": game.version,
                               "audience": audience, "finished": game.is_over}
        steps: list[dict[str, Any]] = []
        previous = None
        for at, state, events in _replayer(game, ruleset, seq):
            if at < seq:
                continue
            current = view(ruleset, state, audience)
            shown = events_for(ruleset, state, events, audience)
            if at == seq:
                out["view"] = current
                out["events"] = shown
            else:
                steps.append({"seq": at, "ops": make_patch(previous, current), "events": shown})
            previous = current
            if at >= through:
                break
        if "view" not in out:
            raise ServiceError("The record does not reach that step.", code="replay/unavailable",
                               status=409, seq=seq)
        if request.query_params.get("through") is not None:
            out["steps"] = steps
        return Response(out)
