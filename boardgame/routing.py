"""Websocket routes (the live-play issue adds the game consumer here)."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
