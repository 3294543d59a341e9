"""Admin for games: never the seed, never a running game's raw state.

The seed and state columns are excluded outright; what is shown is derived and safe
(commitment, version, result, counts). A finished game's seed is public anyway (it is in the
record export), so it is shown as a derived field once the game is over. No changelist may
filter, search or order on a secret column either (`boardgame.adminguard`): the result count
would answer guesses.
"""

from django.contrib import admin

from boardgame.adminguard import SecretColumnsGuard
from boardgame.appendonly import AppendOnlyAdmin

from .models import ActionRecord, ChatMessage, Game


@admin.register(Game)
class GameAdmin(SecretColumnsGuard, admin.ModelAdmin):
    list_display = ("id", "table", "ruleset", "scenario", "version", "started", "finished")
    list_filter = ("ruleset",)
    search_fields = ("game_uid", "table__title")
    fields = ("table", "ruleset", "scenario", "options", "game_uid", "commitment", "versions",
              "version", "result", "started", "finished", "actions_logged", "revealed_seed")
    readonly_fields = fields

    def get_queryset(self, request):
        # Defer the secret and the state: they are never loaded for the admin.
        return super().get_queryset(request).defer("seed", "state")

    @admin.display(description="actions")
    def actions_logged(self, game: Game) -> int:
        return game.actions.count()

    @admin.display(description="seed")
    def revealed_seed(self, game: Game) -> str:
        if game.finished is None:
            return "secret until the game ends"
        return bytes(Game.objects.values_list("seed", flat=True).get(pk=game.pk)).hex()

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ActionRecord)
class ActionRecordAdmin(SecretColumnsGuard, AppendOnlyAdmin):
    list_display = ("game", "seq", "kind", "seat", "decision", "by", "created")
    list_filter = ("kind",)
    fields = ("game", "seq", "kind", "seat", "decision", "by", "by_user", "sealed_group",
              "private", "created")
    readonly_fields = fields


@admin.register(ChatMessage)
class ChatMessageAdmin(SecretColumnsGuard, admin.ModelAdmin):
    list_display = ("game", "seq", "channel", "user", "created")
    readonly_fields = ("game", "seq", "channel", "user", "text", "created")

    def has_add_permission(self, request) -> bool:
        return False
