"""Content-Security-Policy for the pages (probe F16): defence in depth behind the frontend's
rule of writing user text with textContent only.

Scripts come only from our own origin: every template loads its ES modules by `src` and no
page has an inline script or event-handler attribute. Styles allow 'unsafe-inline' because
templates colour seat markers with `style="--c: …"` and the map SVG, inserted as markup,
carries its own <style> element; neither can run code. Sockets and fetches go to our own
origin only (CSP 3 'self' covers ws:/wss: of the same host). Django 5.2 has no CSP support of
its own (6.0 does), hence this middleware.
"""

from __future__ import annotations

from typing import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
# Pages we do not write: the browsable API docs load Swagger UI from its CDN.
EXEMPT_PREFIXES = ("/api/docs/",)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.applies(request, response):
            response.setdefault("Content-Security-Policy", POLICY)
        return response

    @staticmethod
    def applies(request: HttpRequest, response: HttpResponse) -> bool:
        if not response.get("Content-Type", "").startswith("text/html"):
            return False
        if request.path.startswith(EXEMPT_PREFIXES):
            return False
        # Django's development error page needs its inline script (frame toggles).
        return not (settings.DEBUG and response.status_code >= 500)
