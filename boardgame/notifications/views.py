"""The unsubscribe link of every e-mail: GET shows a button, POST turns e-mail off (also the
one-click POST of RFC 8058 `List-Unsubscribe-Post`, which mail clients send without a
session, hence no CSRF check: the token in the URL is the credential)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.views.decorators.csrf import csrf_exempt

from .models import Preferences
from .services import unsubscribe_email


@csrf_exempt
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    if not Preferences.objects.filter(unsubscribe_token=token).exists():
        return HttpResponse("This unsubscribe link is not valid.", status=404,
                            content_type="text/plain")
    if request.method == "POST":
        unsubscribe_email(token)
        return HttpResponse("Salient sends you no more e-mails. Choose again on your profile "
                            "page.", content_type="text/plain")
    return HttpResponse(
        "<!doctype html><title>Unsubscribe</title><form method=post>"
        f"<input type=hidden name=t value='{escape(token)}'>"
        "<p>Stop every e-mail from Salient?</p><button>Unsubscribe</button></form>",
        content_type="text/html")
