"""Requests to URLs that users give us (webhooks, push endpoints), kept off our own network.

- `check_url`: https only in production (plain http also elsewhere, for local tests), no
  credentials in the URL, a host name or address, at most 500 characters.
- `resolve`: the host is resolved once; every address it has must be public — no loopback,
  private, link-local, shared (CGNAT), multicast, reserved or unspecified address, IPv4 or
  IPv6 (IPv4-mapped IPv6 is judged as the IPv4 it maps).
- `post`: connects to the address `resolve` checked (never resolving again, so a DNS answer
  that changes between the check and the connection — rebinding — cannot redirect it), with
  TLS checked against the URL's host name, a connect and a total time limit, no redirects
  followed (a 3xx is an answer like any other) and at most 64 KiB of answer read.

`SALIENT_OUTBOUND_ALLOW_LOOPBACK` lets tests reach a server on 127.0.0.1; production refuses
to start with it (settings.py).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

URL_MAX = 500
ANSWER_MAX = 64 * 1024


class OutboundRefused(ValueError):
    """A URL we will not call; `code` says why (`url/scheme`, `url/address`…)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


def allow_loopback() -> bool:
    return bool(getattr(settings, "SALIENT_OUTBOUND_ALLOW_LOOPBACK", False))


def check_url(url: object) -> Target:
    if not isinstance(url, str) or not url or len(url) > URL_MAX:
        raise OutboundRefused(f"Give a URL of at most {URL_MAX} characters.", "url/invalid")
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise OutboundRefused("A URL has no spaces or control characters.", "url/invalid")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise OutboundRefused("That is not a URL.", "url/invalid") from None
    schemes = ("https",) if settings.PRODUCTION else ("https", "http")
    if parts.scheme not in schemes:
        raise OutboundRefused(f"The URL must start with {' or '.join(schemes)}://.",
                              "url/scheme")
    if parts.username or parts.password:
        raise OutboundRefused("Put no user name or password in the URL.", "url/credentials")
    if not parts.hostname:
        raise OutboundRefused("The URL names no host.", "url/invalid")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, parts.hostname, port or (443 if parts.scheme == "https"
                                                          else 80), path)


def _forbidden(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address.is_loopback and allow_loopback():
        return False
    return not address.is_global or address.is_multicast or address.is_reserved


def resolve(target: Target) -> str:
    """The one address to connect to, after checking every address the host has."""
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise OutboundRefused(f"{target.host} cannot be resolved.", "url/unresolvable") \
            from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos]
    if not addresses:
        raise OutboundRefused(f"{target.host} has no address.", "url/unresolvable")
    bad = [a for a in addresses if _forbidden(a)]
    if bad:
        raise OutboundRefused(f"{target.host} resolves to an address we do not call "
                              f"({bad[0]}): loopback, private and link-local addresses are "
                              "refused.", "url/address")
    return str(addresses[0])


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


def post(url: str, body: bytes, headers: dict[str, str], *, timeout: float | None = None,
         target: Target | None = None) -> Answer:
    """POST `body` to `url` under the rules above. Raises OutboundRefused for a URL or an
    address we do not call, OSError (timeouts included) when the call fails."""
    limit = timeout if timeout is not None else float(
        getattr(settings, "SALIENT_OUTBOUND_TIMEOUT", 5.0))
    target = target or check_url(url)
    address = resolve(target)
    kind = _PinnedHTTPS if target.scheme == "https" else _PinnedHTTP
    connection = kind(address, target.host, target.port, limit)
    started = time.monotonic()
    try:
        connection.request("POST", target.path, body=body,
                           headers={"User-Agent": "Salient-Notifications/1", **headers})
        response = connection.getresponse()
        chunks: list[bytes] = []
        size = 0
        while size < ANSWER_MAX:
            if time.monotonic() - started > limit:
                raise TimeoutError("the answer took too long")
            chunk = response.read1(ANSWER_MAX - size) if hasattr(response, "read1") \
                else response.read(ANSWER_MAX - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      b"".join(chunks))
    finally:
        connection.close()
