"""Rating finished games with OpenSkill's Plackett–Luce model (research wave 2 §3).

- **Placements.** A ruleset's result may carry `placements: {seat: rank}` or the ranked form
  `[{"place": rank, "seats": [...]}, …]` (1 best, ties shared); without them the platform reads the public result: the winners share first place,
  everyone else second; no winners (a draw) puts everyone first.
- **Teams.** Each side is a team; its rank is its best seat's. A player's weight in the team
  is their share of its seats' turns (a replacement counts by the turns they played).
- **Unrated.** An abandoned game or one without a result; one shorter than 3 turns per seat;
  a side with a seat whose turns were played by timeouts (civil disorder) or by a bot more
  than a quarter of the time is left out (bots are never rated), and a game with fewer than two sides left is unrated.
- **Scopes.** Every rated game changes `overall` and `ruleset:<id>`.
- **Order and recomputation.** Games are rated one at a time under one lock, in the order
  they are found finished; `RatedGame.id` keeps that order, and `recompute()` replays it from
  the records alone, so it must equal the stored ratings (`manage.py recompute_ratings
  --check`, and a test).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from openskill.models import PlackettLuce

from boardgame.jobs.models import Periodic
from boardgame.play.bot_accounts import is_bot_name
from engine.kernel.game import KERNEL

from .models import MODEL, RatedGame, Rating, RatingEvent

BOT_SHARE = 0.25
MIN_TURNS_PER_SEAT = 3
DISPLAY_ALPHA = 24.0    # 200 / the initial sigma (25/3): an Elo-like scale (OpenSkill FAQ 7)
DISPLAY_TARGET = 1500.0
PROVISIONAL_GAMES = 3

MODEL_ = PlackettLuce(limit_sigma=True)


def display(mu: float, sigma: float) -> int:
    return round(MODEL_.rating(mu=mu, sigma=sigma).ordinal(alpha=DISPLAY_ALPHA,
                                                           target=DISPLAY_TARGET))


def placements(game: Any) -> dict[str, int]:
    result = game.result or {}
    seats = sorted(game.state[KERNEL]["sides"])
    given = result.get("placements")
    if isinstance(given, list):
        # The ranked form ([{"place": 1, "seats": [...]}, …], Days of Decision's 3.14).
        given = {seat: entry.get("place") for entry in given if isinstance(entry, dict)
                 for seat in entry.get("seats") or []}
    if isinstance(given, dict) and set(given) == set(seats):
        return {s: int(given[s]) for s in seats}
    winners = set(result.get("winners") or [])
    if not winners:
        return {s: 1 for s in seats}
    return {s: 1 if s in winners else 2 for s in seats}


def teams_of(game: Any) -> tuple[dict[str, dict[int, float]], dict[str, int], str]:
    """side → {user: weight}, side → rank, and why not ("" if rated)."""
    from boardgame.play.models import ActionRecord
    result = game.result or {}
    if not result or result.get("reason") == "abandoned":
        return {}, {}, "abandoned" if result else "no result"
    sides: dict[str, str] = game.state[KERNEL]["sides"]
    turns: dict[str, int] = defaultdict(int)
    timeouts: dict[str, int] = defaultdict(int)
    played: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for seat, by, user, name in (ActionRecord.objects.filter(game=game, seat__isnull=False,
                                                             kind__in=["act", "ready"])
                                 .values_list("seat", "by", "by_user_id",
                                              "by_user__username")):
        turns[seat] += 1
        # Not a person's turn: a timeout default, or a bot's answer (recorded as the bot
        # since issue #25's `by`; earlier by its account's name). Bots are never rated.
        if by == "timeout" or is_bot_name(by) or is_bot_name(name or ""):
            timeouts[seat] += 1
        elif user is not None:
            played[seat][user] += 1
    if sum(turns.values()) < MIN_TURNS_PER_SEAT * len(sides):
        return {}, {}, "too short"
    place = placements(game)
    teams: dict[str, dict[int, float]] = {}
    ranks: dict[str, int] = {}
    for side in sorted(set(sides.values())):
        seats = [s for s in sides if sides[s] == side]
        if any(turns[s] and timeouts[s] / turns[s] > BOT_SHARE for s in seats):
            continue
        members: dict[int, float] = defaultdict(float)
        total = sum(sum(played[s].values()) for s in seats)
        for seat in seats:
            for user, n in played[seat].items():
                members[user] += n / total if total else 0.0
        if members:
            teams[side] = dict(members)
            ranks[side] = min(place[s] for s in seats)
    if len(teams) < 2:
        return {}, {}, "fewer than two sides played by people"
    return teams, ranks, ""


def _apply(game: Any, teams: dict[str, dict[int, float]], ranks: dict[str, int],
           current: dict[tuple[int, str], tuple[float, float, int]]) -> list[RatingEvent]:
    """New ratings into `current` ((user, scope) → (mu, sigma, games)); the events."""
    events = []
    order = sorted(teams)
    for scope in ("overall", f"ruleset:{game.ruleset}"):
        roster = [sorted(teams[side]) for side in order]
        before = [[current.get((u, scope), (MODEL_.mu, MODEL_.sigma, 0)) for u in team]
                  for team in roster]
        rated = MODEL_.rate(
            [[MODEL_.rating(mu=mu, sigma=sigma) for mu, sigma, _ in team] for team in before],
            ranks=[float(ranks[side]) for side in order],
            weights=[[max(teams[side][u], 1e-6) for u in roster[i]]
                     for i, side in enumerate(order)])
        for i, side in enumerate(order):
            for j, user in enumerate(roster[i]):
                mu0, sigma0, games = before[i][j]
                after = rated[i][j]
                current[(user, scope)] = (after.mu, after.sigma, games + 1)
                events.append(RatingEvent(game_id=game.pk, user_id=user, scope=scope,
                                          side=side, rank=ranks[side],
                                          weight=teams[side][user], mu_before=mu0,
                                          sigma_before=sigma0, mu_after=after.mu,
                                          sigma_after=after.sigma, model=MODEL))
    return events


def anything_due(now: Any = None) -> bool:
    from boardgame.play.models import Game
    return Game.objects.filter(finished__isnull=False, rated__isnull=True).exists()


def rate_due(batch: int = 50) -> dict[str, int]:
    """Rate the finished games not looked at yet, one at a time under one lock."""
    from boardgame.play.models import Game
    rated = skipped = 0
    with transaction.atomic():
        lock = Periodic.objects.select_for_update().filter(name="ratings-lock").first()
        if lock is None:
            from django.utils import timezone
            Periodic.objects.get_or_create(name="ratings-lock",
                                           defaults={"next_at": timezone.now()})
            lock = Periodic.objects.select_for_update().get(name="ratings-lock")
        games = list(Game.objects.filter(finished__isnull=False, rated__isnull=True)
                     .order_by("finished", "id")[:batch])
        for game in games:
            teams, ranks, reason = teams_of(game)
            if reason:
                RatedGame.objects.create(game=game, rated=False, reason=reason)
                skipped += 1
                continue
            users = {u for team in teams.values() for u in team}
            scopes = ["overall", f"ruleset:{game.ruleset}"]
            stored = {(r.user_id, r.scope): r for r in Rating.objects.select_for_update()
                      .filter(user_id__in=users, scope__in=scopes)}
            current = {k: (r.mu, r.sigma, r.games) for k, r in stored.items()}
            events = _apply(game, teams, ranks, current)
            RatingEvent.objects.bulk_create(events)
            for (user, scope), (mu, sigma, n) in current.items():
                if (user, scope) in stored:
                    row = stored[(user, scope)]
                    row.mu, row.sigma, row.games = mu, sigma, n
                    row.save(update_fields=["mu", "sigma", "games", "updated"])
                else:
                    Rating.objects.create(user_id=user, scope=scope, mu=mu, sigma=sigma,
                                          games=n)
            RatedGame.objects.create(game=game, rated=True)
            rated += 1
    return {"rated": rated, "unrated": skipped}


def recompute() -> dict[tuple[int, str], tuple[float, float, int]]:
    """Every rating again from the records, in the order the games were rated."""
    current: dict[tuple[int, str], tuple[float, float, int]] = {}
    for entry in RatedGame.objects.filter(rated=True).select_related("game").order_by("id"):
        teams, ranks, reason = teams_of(entry.game)
        if not reason:
            _apply(entry.game, teams, ranks, current)
    return current


def differences(tolerance: float = 1e-9) -> list[str]:
    """Stored ratings that the records do not give again."""
    again = recompute()
    out = []
    stored = {(r.user_id, r.scope): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    for key in sorted(set(again) | set(stored)):
        a, b = again.get(key), stored.get(key)
        if a is None or b is None or abs(a[0] - b[0]) > tolerance or \
                abs(a[1] - b[1]) > tolerance or a[2] != b[2]:
            out.append(f"user {key[0]} {key[1]}: stored {b}, recomputed {a}")
    return out
