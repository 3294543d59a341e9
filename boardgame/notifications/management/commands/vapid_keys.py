"""`python manage.py vapid_keys` — a new VAPID key pair for web push, as environment lines."""

from __future__ import annotations

import base64
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class Command(BaseCommand):
    help = "Print a new VAPID key pair (SALIENT_VAPID_PRIVATE_KEY, SALIENT_VAPID_PUBLIC_KEY)."

    def handle(self, *args: Any, **options: Any) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint)
        self.stdout.write(f"SALIENT_VAPID_PRIVATE_KEY={_b64(private)}\n"
                          f"SALIENT_VAPID_PUBLIC_KEY={_b64(public)}\n")
