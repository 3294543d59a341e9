from django.contrib import admin

from .models import Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("seat", "side", "title", "user", "ready", "claimed")
    readonly_fields = ("seat", "side", "title", "claimed")
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "title", "host", "ruleset", "scenario", "visibility", "pace", "state",
                    "created")
    list_filter = ("state", "visibility", "pace", "ruleset")
    search_fields = ("title", "host__username")
    readonly_fields = ("created", "started", "finished")
    exclude = ("invite_token",)
    filter_horizontal = ("invited",)
    inlines = [SeatInline]
