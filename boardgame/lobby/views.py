"""Lobby pages: home (open tables, games to watch), create table, table page.

Thin: forms post to `table_act`, which calls one service and redirects back with a message.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from boardgame.api import inputguard
from boardgame.api.errors import ServiceError
from boardgame.notifications import catchup
from boardgame.play import bots
from boardgame.play.bot_accounts import bot_level
from boardgame.play.orderbook import orders_of_seats
from boardgame.ratings import profiles
from boardgame.ratings.models import Rating
from engine import bots as engine_bots
from engine import rulesets
from engine.kernel import decisions as open_decisions
from engine.kernel.simultaneous import awaiting

from . import access, services, table_page
from .models import Table


def scenario_label(manifest: dict[str, Any], scenario: dict[str, Any]) -> str:
    label = f"{manifest['title']} — {scenario['title']}"
    if scenario.get("preview"):
        label += " (preview)"     # its rules play, its page is not finished (the manifest says how)
    return label if manifest.get("product", True) else label + " (test ruleset)"


def scenario_choices() -> list[tuple[str, str]]:
    return [(f"{manifest['id']}/{scenario['id']}", scenario_label(manifest, scenario))
            for manifest in rulesets.manifests() for scenario in manifest["scenarios"]]


def seat_choices() -> list[tuple[str, Any]]:
    """Every scenario's seats, grouped by scenario (the wizard shows the chosen scenario's
    group; without the script the whole list works, and the service checks the seat)."""
    choices: list[tuple[str, Any]] = [("", "none yet")]
    for manifest in rulesets.manifests():
        for scenario in manifest["scenarios"]:
            choices.append((scenario_label(manifest, scenario),
                            [(seat["id"], seat.get("title", seat["id"]))
                             for seat in scenario["seats"]]))
    return choices


class TableForm(forms.Form):
    title = forms.CharField(max_length=Table.TITLE_MAX, required=False)
    game = forms.ChoiceField(label="Ruleset and scenario")
    options = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}),
                              help_text='JSON, e.g. {"rounds": 5}; empty for the defaults.')
    visibility = forms.ChoiceField(choices=Table.Visibility.choices)
    pace = forms.ChoiceField(choices=Table.Pace.choices)
    clock_minutes = forms.IntegerField(min_value=1, max_value=1440, required=False,
                                       help_text="Live: minutes on each clock.")
    clock_increment_seconds = forms.IntegerField(min_value=0, max_value=3600, required=False,
                                                 help_text="Live: seconds added per move.")
    deadline_hours = forms.IntegerField(min_value=1, max_value=720, required=False,
                                        help_text="Async: hours to answer each decision.")
    disorder_after = forms.IntegerField(
        min_value=1, max_value=10, required=False, label="Civil disorder after",
        help_text="Async: missed deadlines in a row before a seat falls into civil disorder "
                  "(its defaults then play at once, and the host may hand it to a "
                  "replacement).")
    disorder_bot = forms.TypedChoiceField(
        label="A seat in civil disorder", required=False, coerce=int, empty_value=None,
        choices=[("", "plays its timeout defaults"), ("2", "goes to a level-2 bot"),
                 ("1", "goes to a level-1 bot (random legal moves)")], initial="2",
        help_text="Until the host hands it to a person. Level 2 where the ruleset has it, "
                  "else level 1.")
    seat = forms.ChoiceField(
        label="Your seat", required=False,
        help_text="Take a seat now, or leave it for the table page.")
    bots = forms.TypedChoiceField(
        label="The other seats", required=False, coerce=int, empty_value=None,
        choices=[("", "wait for people"), ("2", "go to level-2 bots"),
                 ("1", "go to level-1 bots (random legal moves)")],
        help_text="With bots you can start at once. Level 2 where the ruleset has it, else "
                  "level 1; a person can take over a bot's seat later.")
    allow_multiple_seats = forms.BooleanField(required=False, initial=True,
                                              help_text="One player may hold several seats.")
    auto_start = forms.BooleanField(required=False,
                                    help_text="Start as soon as every seat is ready.")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = scenario_choices()
        self.fields["seat"].choices = seat_choices()
        self.fields["disorder_after"].initial = services.default_disorder_after()

    def clean_options(self) -> dict:
        text = self.cleaned_data.get("options") or ""
        if not text.strip():
            return {}
        try:
            value = inputguard.loads(text, "options")
        except inputguard.UnsafeInput as exc:
            raise forms.ValidationError(exc.message) from None
        except ValueError as exc:
            raise forms.ValidationError(f"Not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise forms.ValidationError("Options must be a JSON object.")
        return value


def home(request: HttpRequest) -> HttpResponse:
    params = request.GET
    open_seats = {"1": True, "0": False}.get(params.get("open_seats", ""))
    tables = list(services.list_tables(request.user, ruleset=params.get("ruleset") or None,
                                       pace=params.get("pace") or None, open_seats=open_seats,
                                       states=["open", "full"])[:100])
    tables = with_hosts_record(tables, min_rating=_whole(params.get("min_rating")),
                               reliable=params.get("reliable") == "1")
    watch = services.list_tables(request.user, states=["started"]).select_related("game")[:50]
    return render(request, "lobby/home.html", {
        "tables": tables, "watch": watch, "rulesets": rulesets.manifests(),
        "paces": Table.Pace.choices, "filters": params})


def _whole(text: Any) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def with_hosts_record(tables: list[Table], *, min_rating: int | None,
                      reliable: bool) -> list[Table]:
    """Each table with its host's overall rating (`host_rating`, None while provisional) and
    reliability (`host_reliability`), for the lobby's list and its filters (issue #26): at
    least `min_rating` (unrated hosts left out), and `reliable` hosts only — none of their
    seats in civil disorder, none of their tables abandoned."""
    hosts = list({t.host_id: t.host for t in tables}.values())
    figures = profiles.reliability_of(hosts)
    ratings = {r.user_id: profiles.rating_dict(r)["rating"] for r in
               Rating.objects.filter(user_id__in=[h.pk for h in hosts], scope="overall")}
    kept = []
    for table in tables:
        table.host_rating = ratings.get(table.host_id)
        table.host_reliability = figures[table.host_id]
        table.host_reliable = not (table.host_reliability["civil_disorder"]
                                   or table.host_reliability["abandoned_as_host"])
        if min_rating is not None and (table.host_rating is None
                                       or table.host_rating < min_rating):
            continue
        if reliable and not table.host_reliable:
            continue
        kept.append(table)
    return kept


@login_required
def table_new(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        ruleset, _, scenario = data.pop("game").partition("/")
        data = {k: v for k, v in data.items() if v is not None}
        best = max(engine_bots.levels(ruleset))
        # The form offers "level 2" for every game: the best level the ruleset has.
        for field in ("disorder_bot", "bots"):
            if data.get(field) is not None:
                data[field] = min(data[field], best)
        data["seat"] = data.get("seat") or None
        try:
            table = bots.do_create_table_with_bots(request.user, ruleset=ruleset,
                                                   scenario=scenario, **data)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("table", table_id=table.pk)
    return render(request, "lobby/table_new.html", {"form": form, "manifests": rulesets.manifests()},
                  status=400 if request.method == "POST" else 200)


def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    invite = request.GET.get("invite")
    try:
        table = services.access_table(request.user, table_id, invite=invite)
        if invite and request.user.is_authenticated and table.is_private:
            table = services.do_accept_invite(request.user, table_id, invite)
    except ServiceError as exc:
        return render(request, "error.html", {"error": exc}, status=exc.status)
    seats = list(table.seats.select_related("user"))
    definition = table_page.scenario_definition(table)
    for seat in seats:
        seat.bot = bot_level(seat.user) if seat.user_id else None
    mine = [s for s in seats if request.user.is_authenticated and s.user_id == request.user.pk]
    invite_url = None
    if table.is_private and access.can_see_invite(request.user, table):
        invite_url = request.build_absolute_uri(
            reverse("table", args=[table.pk]) + f"?invite={table.invite_token}")
    return render(request, "lobby/table.html", {
        "table": table, "seats": seats, "mine": mine, "invite_url": invite_url,
        "is_host": request.user.is_authenticated and table.host_id == request.user.pk,
        "all_ready": seats and all(s.ready for s in seats),
        "disorder_after": table.disorder_after or services.default_disorder_after(),
        "bot_levels": engine_bots.levels(table.ruleset),
        # The seats a host may give a bot: free ones and bots' (whose level it changes).
        "bot_seats": [s for s in seats if s.user_id is None or s.bot is not None],
        "game": getattr(table, "game", None),
        "sides": table_page.seats_by_side(definition, seats),
        "options": table_page.options_in_words(definition, table.options),
        "start_blocked": table_page.start_blocked_because(table, seats),
        # A player who holds a seat where each holds one moves (the button says so).
        "moves_seat": bool(mine) and not table.allow_multiple_seats})


@login_required
@require_POST
def table_act(request: HttpRequest, table_id: int) -> HttpResponse:
    act, seat, user = request.POST.get("act"), request.POST.get("seat", ""), request.user
    try:
        if act == "claim":
            table = services.do_claim_seat(user, table_id, seat,
                                           invite=request.POST.get("invite"))
            if table.left_seats:
                messages.info(request, f"You left {', '.join(table.left_seats)} for this seat: "
                              "at this table each player holds one seat (the host may allow "
                              "several under Edit options).")
        elif act == "claim_side":
            taken = services.do_claim_side(user, table_id, request.POST.get("side", ""),
                                           invite=request.POST.get("invite"))
            messages.success(request, f"You took {len(taken)} seat{'s' if len(taken) > 1 else ''}.")
        elif act == "release":
            services.do_release_seat(user, table_id, seat)
        elif act == "kick":
            services.do_kick(user, table_id, seat)
        elif act == "bot":
            bots.do_seat_bot(user, table_id, seat, _level(request.POST.get("level")))
        elif act == "bots":
            bots.do_fill_with_bots(user, table_id, _level(request.POST.get("level")))
        elif act == "disorder_bot":
            level = request.POST.get("level") or None
            services.do_edit_table(user, table_id, {
                "disorder_bot": None if level is None else _level(level)})
        elif act == "swap":
            services.do_swap_seats(user, table_id, seat, request.POST.get("other", ""))
        elif act in ("ready", "unready"):
            services.do_set_ready(user, table_id, act == "ready")
        elif act == "start":
            services.do_start_table(user, table_id)
        elif act == "abandon":
            services.do_abandon_table(user, table_id)
        elif act == "new_invite":
            services.do_new_invite(user, table_id)
            messages.success(request, "A new invite link: the old one no longer works.")
        elif act == "options":
            services.do_edit_table(user, table_id, _edited_options(request, table_id))
        else:
            raise ServiceError(f"Unknown action {act!r}.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("table", table_id=table_id)


def _edited_options(request: HttpRequest, table_id: int) -> dict[str, Any]:
    """The Edit options form's changes: one input per option (the page's form, which also
    carries the seats-per-player box), or `options` as JSON (a client that posts it)."""
    if "options" in request.POST:
        try:
            # An UnsafeInput (NUL, too deep) is a ServiceError: shown like any refusal.
            return {"options": inputguard.loads(request.POST.get("options") or "{}", "options")}
        except ValueError as exc:
            raise ServiceError(f"Options are not valid JSON: {exc}") from None
    table = services.access_table(request.user, table_id)
    return {"options": table_page.options_from_form(table_page.scenario_definition(table),
                                                    request.POST),
            "allow_multiple_seats": "allow_multiple_seats" in request.POST}


def _level(text: Any) -> Any:
    """A bot level from a form: the number, or the text as sent (the service refuses it)."""
    try:
        return int(text)
    except (TypeError, ValueError):
        return text


def orders_status(ruleset: Any, game: Any, seats: list[str], awaited: list[Any]) -> str | None:
    """For a game waiting on written orders: "ready" (all mine in and said so), "written"
    (orders in, not ready), "none" (still to write); None when no written orders are open."""
    written = [d for d in open_decisions(ruleset, game.state)
               if d.revisable and set(d.seats) & set(seats)]
    if not written:
        return None
    if not any(d.revisable for d in awaited):
        return "ready"
    mine = orders_of_seats(game.orders, seats)
    return "written" if any(d.id in mine.get(s, {}) for d in written for s in d.seats) \
        else "none"


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """Your tables and games: whose move it is in each running game (for written orders:
    whether yours are in and you are ready), finished ones with a replay."""
    seats = (request.user.seats.select_related("table", "table__game")
             .order_by("-table__created"))
    rows: dict[int, dict] = {}
    for seat in seats:
        row = rows.setdefault(seat.table_id, {"table": seat.table, "seats": [],
                                              "game": getattr(seat.table, "game", None),
                                              "your_move": False})
        row["seats"].append(seat)
    # A host's table where he holds no seat (he runs it for others) is his too.
    for table in (Table.objects.filter(host=request.user).exclude(pk__in=list(rows))
                  .select_related("game").order_by("-created")):
        rows[table.pk] = {"table": table, "seats": [], "game": getattr(table, "game", None),
                          "your_move": False, "hosting": True}
    running = [r["game"].pk for r in rows.values() if r["game"] and not r["game"].is_over]
    last_steps = catchup.last_actions(request.user, running)
    for row in rows.values():
        game = row["game"]
        if game is None or game.is_over:
            continue
        # The catch-up: the steps since the user's own last one, stepped through on the map by
        # the replay viewer from there (`?since=`), in the user's audience.
        row["my_last_step"] = last_steps.get(game.pk, 0)
        row["steps_since"] = game.version - row["my_last_step"]
        mine = sorted(s.seat for s in row["seats"])
        try:
            ruleset = rulesets.get(game.ruleset)
            awaited = [d for seat in mine for d in awaiting(ruleset, game.state, seat)]
            row["your_move"] = bool(awaited)
            row["orders"] = orders_status(ruleset, game, mine, awaited)
        except Exception:  # noqa: BLE001 — a listing never fails on one game
            row["your_move"] = False
    listed = sorted(rows.values(), key=lambda r: r["table"].created, reverse=True)
    return render(request, "lobby/my_games.html", {
        "playing": [r for r in listed if r["game"] and not r["game"].is_over],
        "waiting": [r for r in listed if not r["game"] and r["table"].state in ("open", "full")],
        "finished": [r for r in listed if r["game"] and r["game"].is_over]})
