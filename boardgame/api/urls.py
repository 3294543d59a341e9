from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from boardgame.accounts import api as accounts
from boardgame.learn import api as learn
from boardgame.lobby import api as lobby
from boardgame.notifications import api as notifications
from boardgame.play import api as play
from boardgame.play import api_actions as play_actions
from boardgame.play import api_inquiry, api_log, api_replay
from boardgame.press import api as press
from boardgame.ratings import api as ratings
from boardgame.vacation import api as vacation

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/register", accounts.RegisterView.as_view(), name="api-register"),
    path("auth/login", accounts.LoginView.as_view(), name="api-login"),
    path("auth/logout", accounts.LogoutView.as_view(), name="api-logout"),
    path("auth/token", accounts.TokenView.as_view(), name="api-token"),
    path("me/", accounts.MeView.as_view(), name="api-me"),
    path("rulesets/", play.RulesetsView.as_view(), name="api-rulesets"),
    path("rulesets/<str:ruleset>/reference", play.ReferenceView.as_view(),
         name="api-ruleset-reference"),
    path("rulesets/<str:ruleset>/learn", learn.LearnView.as_view(), name="api-ruleset-learn"),
    path("tables/", lobby.TableListView.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", lobby.TableDetailView.as_view(), name="api-table"),
    path("tables/<int:table_id>/join", lobby.JoinView.as_view(), name="api-table-join"),
    path("tables/<int:table_id>/new-invite", lobby.NewInviteView.as_view(),
         name="api-table-new-invite"),
    path("tables/<int:table_id>/ready", lobby.ReadyView.as_view(), name="api-table-ready"),
    path("tables/<int:table_id>/start", lobby.StartView.as_view(), name="api-table-start"),
    path("tables/<int:table_id>/abandon", lobby.AbandonView.as_view(), name="api-table-abandon"),
    path("tables/<int:table_id>/swap", lobby.SwapSeatsView.as_view(), name="api-table-swap"),
    path("tables/<int:table_id>/chat", lobby.TableChatView.as_view(), name="api-table-chat"),
    path("tables/<int:table_id>/seats/<str:seat>/claim", lobby.ClaimSeatView.as_view(),
         name="api-seat-claim"),
    path("tables/<int:table_id>/seats/<str:seat>/release", lobby.ReleaseSeatView.as_view(),
         name="api-seat-release"),
    path("tables/<int:table_id>/seats/<str:seat>/kick", lobby.KickSeatView.as_view(),
         name="api-seat-kick"),
    path("tables/<int:table_id>/seats/<str:seat>/bot", lobby.SeatBotView.as_view(),
         name="api-seat-bot"),
    path("tables/<int:table_id>/bots", lobby.FillWithBotsView.as_view(),
         name="api-table-bots"),
    path("games/<int:game_id>/", play.GameView.as_view(), name="api-game"),
    path("games/<int:game_id>/record", play.GameRecordView.as_view(), name="api-game-record"),
    # Live play: the action service (boardgame/play/api_actions.py).
    path("games/<int:game_id>/actions", play_actions.ActionsView.as_view(), name="api-game-act"),
    path("games/<int:game_id>/options", play_actions.OptionsView.as_view(),
         name="api-game-options"),
    path("games/<int:game_id>/log", api_log.GameLogView.as_view(), name="api-game-log"),
    path("games/<int:game_id>/explain", api_inquiry.ExplainView.as_view(),
         name="api-game-explain"),
    path("games/<int:game_id>/preview", api_inquiry.PreviewView.as_view(),
         name="api-game-preview"),
    path("games/<int:game_id>/orders", play_actions.OrdersView.as_view(),
         name="api-game-orders"),
    path("games/<int:game_id>/ready", play_actions.ReadyView.as_view(), name="api-game-ready"),
    path("games/<int:game_id>/undo", play_actions.UndoView.as_view(), name="api-game-undo"),
    path("games/<int:game_id>/resign", play_actions.ResignView.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/draw", play_actions.DrawView.as_view(), name="api-game-draw"),
    path("games/<int:game_id>/pause", play_actions.PauseView.as_view(), name="api-game-pause"),
    path("games/<int:game_id>/extend", play_actions.ExtendVoteView.as_view(),
         name="api-game-extend"),
    path("games/<int:game_id>/deadline", play_actions.DeadlineView.as_view(),
         name="api-game-deadline"),
    path("games/<int:game_id>/abandon", play_actions.AbandonGameView.as_view(),
         name="api-game-abandon"),
    path("games/<int:game_id>/seats/<str:seat>/replace", play_actions.ReplaceSeatView.as_view(),
         name="api-game-replace-seat"),
    path("games/<int:game_id>/seats/<str:seat>/take-over", play_actions.TakeOverView.as_view(),
         name="api-game-take-over"),
    path("games/<int:game_id>/replay/<int:seq>", api_replay.ReplayView.as_view(),
         name="api-game-replay"),
    path("games/<int:game_id>/chat", play_actions.ChatView.as_view(), name="api-game-chat"),
    *notifications.routes(),
    *press.routes(),
    *vacation.routes(),
    *ratings.routes(),
]
