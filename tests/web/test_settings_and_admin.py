"""Production settings (subprocess), the admin never showing a running game's seed or state,
pages render, JSON errors on /api/."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from boardgame.play.models import ActionRecord, Game

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = "k8s#Tq2!vP9zL@x7Wm4&nB6yR1cF3hJ5dG0eA-uS_oI+kE=wQ^tY"


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("SECRET_KEY", "SALIENT_ENV", "ALLOWED_HOSTS", "DEBUG")}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_production_refuses_to_start_without_secret_key():
    result = manage("check", SALIENT_ENV="production")
    assert result.returncode != 0
    assert "SALIENT_ENV=production needs a SECRET_KEY" in result.stderr
    assert "refusing to start" in result.stderr


def test_check_deploy_is_clean_in_production():
    result = manage("check", "--deploy", "--fail-level", "WARNING", SALIENT_ENV="production",
                    SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="example.org")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


@pytest.mark.django_db
def test_admin_never_shows_seed_or_state_of_a_running_game(client, started_game):
    game = Game.objects.get(pk=started_game["game"])
    admin = get_user_model().objects.create_superuser("iago-admin", "a@example.org", "pw")
    client.force_login(admin)
    seed = bytes(game.seed).hex()
    hand = str(game.state["secret"]["blue"]["hand"])
    for url in (f"/admin/play/game/{game.pk}/change/", "/admin/play/game/",
                f"/admin/lobby/table/{game.table_id}/change/"):
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        assert seed not in text and seed.upper() not in text
        assert '"secret"' not in text and hand not in text
    assert "secret until the game ends" in client.get(
        f"/admin/play/game/{game.pk}/change/").content.decode()
    assert seed not in repr(game) and seed not in str(game)


@pytest.mark.django_db
def test_action_records_are_append_only(started_game):
    game = Game.objects.get(pk=started_game["game"])
    record = ActionRecord.objects.create(game=game, seq=1, seat="red", decision="d",
                                         action={"card": 1})
    record.action = {"card": 9}
    with pytest.raises(AssertionError):
        record.save()
    with pytest.raises(AssertionError):
        record.delete()


@pytest.mark.django_db
def test_pages_render(client, hamlet, othello, started_game, make_table):
    open_table = make_table(hamlet, title="Kronborg")
    home = client.get("/")
    assert home.status_code == 200
    assert b"Kronborg" in home.content and b"Games to watch" in home.content
    assert client.get("/?pace=async&open_seats=1&ruleset=toy_skirmish").status_code == 200
    assert client.get(f"/tables/{open_table['id']}/").status_code == 200
    assert client.get(f"/games/{started_game['game']}/").status_code == 200
    assert client.get("/tables/new/").status_code == 302  # log in first
    client.force_login(hamlet)
    assert client.get("/tables/new/").status_code == 200
    created = client.post("/tables/new/", {"title": "From the page", "game": "toy_skirmish/duel",
                                           "options": '{"rounds": 2}', "visibility": "public",
                                           "pace": "live", "clock_minutes": 30})
    assert created.status_code == 302, created.content
    table_url = created["Location"]
    tid = int(table_url.strip("/").split("/")[-1])
    client.post(f"/tables/{tid}/act/", {"act": "claim", "seat": "red"})
    client.force_login(othello)
    client.post(f"/tables/{tid}/act/", {"act": "claim", "seat": "red"})  # taken: a message
    page = client.get(table_url)
    assert b"taken by hamlet" in page.content
    client.post(f"/tables/{tid}/act/", {"act": "claim", "seat": "blue"})
    client.post(f"/tables/{tid}/act/", {"act": "ready"})
    client.force_login(hamlet)
    client.post(f"/tables/{tid}/act/", {"act": "ready"})
    client.post(f"/tables/{tid}/act/", {"act": "start"})
    page = client.get(table_url)
    assert b"Go to the game" in page.content
    assert client.get("/accounts/profile/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
    assert client.get("/api/schema/").status_code == 200


def test_map_page_missing_map_is_404(client):
    assert client.get("/maps/no-such-map/").status_code == 404
    assert client.get("/maps/..%2Fcss/").status_code == 404


def test_map_page_shows_layers(client, settings, tmp_path):
    (tmp_path / "testmap").mkdir()
    for layer in ("10-terrain.svg", "20-borders.svg"):
        (tmp_path / "testmap" / layer).write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    settings.SALIENT_MAPS_DIR = tmp_path
    page = client.get("/maps/testmap/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "/static/maps/testmap/10-terrain.svg" in text and "20-borders" in text


def test_api_500_is_json(client, monkeypatch):
    from boardgame.play import api

    def boom(*args, **kwargs):
        raise RuntimeError("planted failure")
    monkeypatch.setattr(api.rulesets, "manifests", boom)
    client.raise_request_exception = False
    response = client.get("/api/rulesets/")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "server/error"
    assert "planted" not in response.content.decode()


@pytest.mark.parametrize("model", ["play.ActionRecord", "lobby.TableChatMessage"])
def test_append_only_logs_are_read_only_in_the_admin(model, rf):
    from django.apps import apps
    from django.contrib import admin as django_admin
    model_admin = django_admin.site._registry[apps.get_model(model)]
    request = rf.get("/admin/")
    request.user = get_user_model()(is_superuser=True, is_staff=True, is_active=True)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)
    assert model_admin.has_view_permission(request)


# The changelist's query string is an oracle if it may filter on a secret column: "1 game" or
# "0 games" answers any guess. A moderator holding only view permissions must get Django's 400
# (DisallowedModelAdminLookup) for every such lookup, while ordinary filters keep working.
SECRET_LOOKUPS = (
    "/admin/play/game/?seed__regex=^",
    "/admin/play/game/?seed__isnull=False",
    "/admin/play/game/?state__secret__blue__hand__0=1",
    "/admin/play/game/?state__isnull=False",
    "/admin/play/game/?actions__action__card=1",
    "/admin/play/actionrecord/?action__card=1",
    "/admin/play/actionrecord/?events__0__kind=bid",
    "/admin/play/actionrecord/?rolls__0=1",
    "/admin/play/actionrecord/?game__seed__regex=^",
    "/admin/play/chatmessage/?game__state__isnull=False",
    "/admin/lobby/table/?game__seed__regex=^",
)


@pytest.fixture
def moderator(db):
    from django.contrib.auth.models import Permission
    user = get_user_model().objects.create_user("moderator", "m@example.org", "pw",
                                                is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=(
        "view_game", "view_actionrecord", "view_chatmessage", "view_table")))
    return user


@pytest.mark.django_db
@pytest.mark.parametrize("url", SECRET_LOOKUPS)
def test_admin_refuses_filters_on_secret_columns(client, started_game, moderator, url):
    game = Game.objects.get(pk=started_game["game"])
    ActionRecord.objects.create(game=game, seq=1, seat="red", decision="d", action={"card": 1})
    client.force_login(moderator)
    client.raise_request_exception = False
    assert client.get(url).status_code == 400, url


@pytest.mark.django_db
def test_admin_keeps_ordinary_filters_search_and_ordering(client, started_game, moderator):
    client.force_login(moderator)
    gid = started_game["game"]
    for url in ("/admin/play/game/?ruleset=toy_skirmish", f"/admin/play/game/?id={gid}",
                "/admin/play/game/?q=Test", "/admin/play/game/?o=2.-1",
                f"/admin/play/actionrecord/?game__id={gid}&kind=act",
                "/admin/lobby/table/?state=started"):
        page = client.get(url)
        assert page.status_code == 200, url
        assert "1 game" in page.content.decode() or "/game/" not in url, url


@pytest.mark.parametrize("option, path", [("search_fields", ("game_uid", "table__game__seed")),
                                          ("list_filter", ("state",)),
                                          ("ordering", ("-events",)),
                                          ("list_display", ("id", "action"))])
def test_admin_check_refuses_a_secret_column_in_lists_search_or_ordering(option, path):
    from django.contrib import admin as django_admin

    from boardgame.play.admin import ActionRecordAdmin, GameAdmin
    from boardgame.play.models import ActionRecord as Record
    admin_class, model = ((GameAdmin, Game) if option in ("list_filter", "search_fields")
                          else (ActionRecordAdmin, Record))
    misconfigured = type("Misconfigured", (admin_class,), {option: path})
    errors = misconfigured(model, django_admin.AdminSite()).check()
    assert [e.id for e in errors] == ["salient.E001"], errors


def test_registered_admins_touch_no_secret_column():
    from django.apps import apps
    from django.contrib import admin as django_admin

    from boardgame.adminguard import SecretColumnsGuard, configured_paths, touches_secret
    registry = django_admin.site._registry
    for label in ("play.Game", "play.ActionRecord", "play.ChatMessage", "lobby.Table"):
        assert isinstance(registry[apps.get_model(label)], SecretColumnsGuard), label
    for model, model_admin in registry.items():
        for option, path in configured_paths(model_admin):
            assert not touches_secret(model, path), (model, option, path)

@pytest.mark.parametrize("header, warned", [("", True), ("HTTP_X_REAL_IP", False)])
def test_production_warns_when_proxy_headers_leave_the_client_ip_to_the_client(header, warned):
    """daphne --proxy-headers without SALIENT_CLIENT_IP_HEADER: the rate limits would count
    an address the client writes itself (probe finding F13)."""
    env = {**os.environ, "SALIENT_ENV": "production", "SECRET_KEY": "k" * 50,
           "SALIENT_CLIENT_IP_HEADER": header, "DJANGO_SETTINGS_MODULE": "boardgame.settings"}
    if not header:
        del env["SALIENT_CLIENT_IP_HEADER"]
    code = ("import sys; sys.argv = ['daphne', '-p', '8001', '--proxy-headers', "
            "'boardgame.asgi:application']; import django; django.setup()")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert ("SALIENT_CLIENT_IP_HEADER is unset" in run.stderr) is warned, run.stderr


@pytest.mark.django_db
def test_a_preview_scenario_says_so_in_the_new_table_page(client, hamlet, monkeypatch):
    """A scenario whose rules play but whose page is unfinished carries `preview` in its
    manifest: the plain form's choice reads "(preview)", and the wizard's manifest carries the
    reason it shows on the card. BoP 12.3 ships as a preview (its naval units are not in it
    yet); 12.6 is no longer one (it draws its Sea Chart and ships since issue #21); one more
    is marked here."""
    from engine import rulesets
    real = rulesets.manifests

    def with_a_preview():
        out = copy.deepcopy(real())
        bop = next(m for m in out if m["id"] == "balance_of_powers")
        fire = next(s for s in bop["scenarios"] if s["id"] == "fire-in-the-east")
        fire["preview"] = "its rules play, but the map does not draw the Stavka yet"
        return out

    client.force_login(hamlet)
    page = client.get("/tables/new/").content.decode()
    assert "The Price of Admiralty (May 1916)</option>" in page             # no longer a preview
    assert "does not draw the Sea Chart" not in page
    assert "Storm of Steel (February–November 1916) (preview)</option>" in page
    assert "Fire in the East (May–October 1915)</option>" in page
    monkeypatch.setattr(rulesets, "manifests", with_a_preview)
    page = client.get("/tables/new/").content.decode()
    assert "Fire in the East (May–October 1915) (preview)" in page
    assert "The Price of Admiralty (May 1916)</option>" in page
    assert "does not draw the Stavka" in page                                # in the manifest JSON
