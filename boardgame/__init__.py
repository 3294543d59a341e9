"""Salient's Django project: settings, ASGI entry point, and one app per concern.

accounts  sign-up, log-in, tokens, profile, rate limits
lobby     tables, seats, invitations
play      games, action log, snapshots, chat
"""
