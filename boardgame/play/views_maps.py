"""Compiled map data for the browser: `/maps/<name>.json` served from engine/maps/compiled.

The file is static between deployments; it is sent with a strong ETag (its sha256 from the
map's meta when present, else a hash of the bytes) and a day of caching, and a conditional
request gets 304.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.views.decorators.http import require_GET

MAP_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
COMPILED = Path(settings.BASE_DIR) / "engine" / "maps" / "compiled"


@lru_cache(maxsize=16)
def _load(path: str, mtime: float) -> tuple[bytes, str]:
    data = Path(path).read_bytes()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


@require_GET
def map_data(request: HttpRequest, name: str) -> HttpResponse:
    if not MAP_NAME.match(name):
        raise Http404("no such map")
    path = COMPILED / f"{name}.json"
    if not path.is_file():
        raise Http404("no such map")
    data, etag = _load(str(path), path.stat().st_mtime)
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(data, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=86400"
    return response
