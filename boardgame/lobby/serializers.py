"""The lobby's wire shapes: request bodies (validated) and responses (documented)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from boardgame.play.bot_accounts import bot_level

from .access import can_see_invite
from .models import Table


class TableCreateSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=Table.TITLE_MAX, required=False, allow_blank=True,
                                  default="")
    ruleset = serializers.CharField(max_length=64)
    scenario = serializers.CharField(max_length=64)
    options = serializers.DictField(required=False, default=dict)
    visibility = serializers.ChoiceField(choices=Table.Visibility.choices, default="public")
    pace = serializers.ChoiceField(choices=Table.Pace.choices, default="live")
    clock_minutes = serializers.IntegerField(min_value=1, max_value=24 * 60, required=False)
    clock_increment_seconds = serializers.IntegerField(min_value=0, max_value=3600,
                                                       required=False)
    deadline_hours = serializers.IntegerField(min_value=1, max_value=24 * 30, required=False)
    allow_multiple_seats = serializers.BooleanField(
        default=True, help_text="One player may hold several seats (the default: two people "
        "can play a scenario of five seats); false: taking a second seat moves the player.")
    auto_start = serializers.BooleanField(default=False)
    disorder_after = serializers.IntegerField(min_value=1, max_value=10, required=False,
                                              help_text="Missed deadlines in a row before a "
                                              "seat falls into civil disorder (default: the "
                                              "server's SALIENT_CIVIL_DISORDER_AFTER).")
    disorder_bot = serializers.IntegerField(
        min_value=0, max_value=9, required=False, allow_null=True, default=None,
        help_text="The bot level that takes a seat falling into civil disorder (the levels "
        "a ruleset offers: GET /api/rulesets/, `bot_levels`); null: its timeout defaults play.")
    seat = serializers.CharField(
        max_length=64, required=False, allow_null=True, default=None,
        help_text="The seat the host takes at once (a seat id of the scenario).")
    bots = serializers.IntegerField(
        min_value=0, max_value=9, required=False, allow_null=True, default=None,
        help_text="A bot of this level takes every seat left free (after `seat`), so one "
        "person can start at once; null: the seats wait for people.")


class TableEditSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=Table.TITLE_MAX, required=False)
    options = serializers.DictField(required=False)
    visibility = serializers.ChoiceField(choices=Table.Visibility.choices, required=False)
    pace = serializers.ChoiceField(choices=Table.Pace.choices, required=False)
    clock_minutes = serializers.IntegerField(min_value=1, max_value=24 * 60, required=False)
    clock_increment_seconds = serializers.IntegerField(min_value=0, max_value=3600,
                                                       required=False)
    deadline_hours = serializers.IntegerField(min_value=1, max_value=24 * 30, required=False)
    allow_multiple_seats = serializers.BooleanField(required=False)
    auto_start = serializers.BooleanField(required=False)
    disorder_after = serializers.IntegerField(min_value=1, max_value=10, required=False)
    disorder_bot = serializers.IntegerField(min_value=0, max_value=9, required=False,
                                            allow_null=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                f"These fields cannot be edited: {', '.join(unknown)}.")
        return attrs


class ReadySerializer(serializers.Serializer):
    ready = serializers.BooleanField(default=True)


class SwapSerializer(serializers.Serializer):
    seats = serializers.ListField(child=serializers.CharField(max_length=64), min_length=2,
                                  max_length=2)


class InviteSerializer(serializers.Serializer):
    invite = serializers.CharField(max_length=64)


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField()
    side = serializers.CharField()
    title = serializers.CharField()
    colour = serializers.CharField()
    player = serializers.CharField(allow_null=True, source="user.username", default=None)
    bot = serializers.SerializerMethodField(help_text="The level of the bot holding the seat; "
                                            "null for a person or a free seat.")
    ready = serializers.BooleanField()

    def get_bot(self, seat: Any) -> int | None:
        return bot_level(seat.user) if seat.user_id else None


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    host = serializers.CharField(source="host.username")
    ruleset = serializers.CharField()
    scenario = serializers.CharField()
    options = serializers.DictField()
    visibility = serializers.CharField()
    pace = serializers.CharField()
    clock_minutes = serializers.IntegerField(allow_null=True)
    clock_increment_seconds = serializers.IntegerField(allow_null=True)
    deadline_hours = serializers.IntegerField(allow_null=True)
    allow_multiple_seats = serializers.BooleanField()
    auto_start = serializers.BooleanField()
    disorder_after = serializers.SerializerMethodField()
    disorder_bot = serializers.IntegerField(allow_null=True)
    state = serializers.CharField()
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    seats = SeatSerializer(many=True, source="seats.all")
    open_seats = serializers.SerializerMethodField()
    game = serializers.SerializerMethodField()
    invite_token = serializers.SerializerMethodField()

    def get_disorder_after(self, table: Table) -> int:
        from .services import default_disorder_after
        return table.disorder_after or default_disorder_after()

    def get_open_seats(self, table: Table) -> list[str]:
        return [s.seat for s in table.seats.all() if s.user_id is None]

    def get_game(self, table: Table) -> int | None:
        game = getattr(table, "game", None)
        return game.pk if game is not None else None

    def get_invite_token(self, table: Table) -> str | None:
        """Shown to the host and the seated players of a private table only."""
        request = self.context.get("request")
        if table.is_private and request is not None and can_see_invite(request.user, table):
            return table.invite_token
        return None


class TableListSerializer(serializers.Serializer):
    tables = TableSerializer(many=True)
