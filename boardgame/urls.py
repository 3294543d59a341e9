from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from boardgame.accounts import views as accounts
from boardgame.lobby import views as lobby
from boardgame.notifications import views as notifications
from boardgame.play import views as play
from boardgame.play import views_maps
from boardgame.ratings import views as ratings

urlpatterns = [
    path("", lobby.home, name="home"),
    path("tables/new/", lobby.table_new, name="table-new"),
    path("tables/<int:table_id>/", lobby.table_detail, name="table"),
    path("tables/<int:table_id>/act/", lobby.table_act, name="table-act"),
    path("games/<int:game_id>/", play.game_page, name="game"),
    path("games/<int:game_id>/replay/", play.replay_page, name="replay"),
    path("my/games/", lobby.my_games, name="my-games"),
    path("games/", ratings.archive_page, name="archive"),
    path("ratings/", ratings.ratings_page, name="ratings"),
    path("players/<str:username>/", ratings.player_page, name="player"),
    path("rules/<str:ruleset>/", play.rules_reference, name="rules-reference"),
    path("learn/", include("boardgame.learn.urls")),
    path("maps/<str:name>.json", views_maps.map_data, name="map-data"),
    path("maps/<str:name>/", play.map_page, name="map"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/profile/", accounts.profile, name="profile"),
    path("accounts/password-reset/", accounts.RateLimitedPasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("notifications/unsubscribe/<str:token>/", notifications.unsubscribe,
         name="unsubscribe"),
    path("admin/", admin.site.urls),
    path("api/", include("boardgame.api.urls")),
]

handler404 = "boardgame.views.not_found"
handler500 = "boardgame.views.server_error"
