from django.contrib import admin

from boardgame.adminguard import SecretColumnsGuard
from boardgame.appendonly import AppendOnlyAdmin

from .models import Seat, Table, TableChatMessage


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("seat", "side", "title", "user", "ready", "claimed")
    readonly_fields = ("seat", "side", "title", "claimed")
    can_delete = False


@admin.register(Table)
class TableAdmin(SecretColumnsGuard, admin.ModelAdmin):  # its game's seed and state
    list_display = ("id", "title", "host", "ruleset", "scenario", "visibility", "pace", "state",
                    "created")
    list_filter = ("state", "visibility", "pace", "ruleset")
    search_fields = ("title", "host__username")
    readonly_fields = ("created", "started", "finished")
    exclude = ("invite_token",)
    filter_horizontal = ("invited",)
    inlines = [SeatInline]


@admin.register(TableChatMessage)
class TableChatMessageAdmin(AppendOnlyAdmin):
    """Read-only: chat rows are append-only (moderators read; they do not rewrite)."""

    list_display = ("id", "table", "seq", "user", "created")
    list_filter = ("created",)
    search_fields = ("text", "user__username")
    raw_id_fields = ("table", "user")
