"""Local stand-ins for what notifications call: a webhook receiver and a web-push service.

Both listen on 127.0.0.1 (a free port) in a thread and record what they got. The push
stand-in checks what a push service checks — `Content-Encoding: aes128gcm`, a `TTL`, a VAPID
`Authorization` whose JWT verifies against the key it names — and decrypts the body with the
subscription's own private key, as the browser would.
"""

from __future__ import annotations

import base64
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    problems: list[str] = field(default_factory=list)
    payload: Any = None

    def json(self) -> Any:
        return json.loads(self.body)


class Receiver:
    """A webhook receiver: answers `status` (default 204) after `delay` seconds."""

    def __init__(self, status: int = 204, delay: float = 0.0,
                 headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.delay = delay
        self.extra_headers = headers or {}
        self.got: list[Received] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 — http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                item = Received(self.path, {k.lower(): v for k, v in self.headers.items()},
                                body)
                outer.check(item)
                with outer.lock:
                    outer.got.append(item)
                if outer.delay:
                    time.sleep(outer.delay)
                self.send_response(outer.status)
                for key, value in outer.extra_headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def check(self, item: Received) -> None:
        pass

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> "Receiver":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


class PushService(Receiver):
    """A push service for one browser subscription (its keys made here)."""

    def __init__(self, status: int = 201) -> None:
        super().__init__(status=status)
        self.browser_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"0123456789abcdef"
        public = self.browser_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.p256dh = b64url(public)
        self.vapid_public = ""

    def subscription(self, name: str = "browser") -> dict[str, Any]:
        return {"endpoint": f"{self.url}/push/{name}",
                "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}

    def check(self, item: Received) -> None:
        from py_vapid import Vapid
        headers = item.headers
        if headers.get("content-encoding") != "aes128gcm":
            item.problems.append(f"content-encoding {headers.get('content-encoding')!r}")
        if not headers.get("ttl", "").isdigit():
            item.problems.append("no TTL")
        auth = headers.get("authorization", "")
        if not auth.startswith("vapid t=") or ",k=" not in auth:
            item.problems.append(f"authorization {auth[:30]!r}")
        else:
            if not Vapid.verify(auth):
                item.problems.append("VAPID signature does not verify")
            if self.vapid_public and auth.split(",k=")[1] != self.vapid_public:
                item.problems.append("VAPID key is not the server's")
        if not headers.get("topic"):
            item.problems.append("no Topic")
        try:
            plain = http_ece.decrypt(item.body, private_key=self.browser_key,
                                     auth_secret=self.auth, version="aes128gcm")
            item.payload = json.loads(plain)
        except Exception as exc:  # noqa: BLE001 — recorded as a problem
            item.problems.append(f"cannot decrypt: {exc}")


def vapid_pair() -> tuple[str, str]:
    """(private, public) VAPID keys as base64url: raw scalar and uncompressed point."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    return b64url(private), b64url(public)
