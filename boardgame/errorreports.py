"""What Django's development error page may show.

With DEBUG on, a crash renders Django's technical page: the traceback, the request and every
setting, cleansed by name. Django's own pattern (API, KEY, PASS, SECRET, TOKEN…) misses
DATABASE_URL and REDIS_URL, which carry the passwords of the database and Redis (probe F11),
and the same Redis URL sits again under CACHES' LOCATION and CHANNEL_LAYERS' hosts; in a
`runserver` process the request's META holds the whole environment too. The traceback and
local variables stay: they are what the page is for.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.regex_helper import _lazy_re_compile
from django.views.debug import SafeExceptionReporterFilter

# scheme://user:password@host… — a connection string with credentials in it.
CREDENTIALS_IN_URL = re.compile(r"^[a-z][a-z0-9+.-]*://[^/@\s]*@", flags=re.I)


class SalientReporterFilter(SafeExceptionReporterFilter):
    """Django's filter, also hiding settings and META keys that name a URL or DSN, and any
    value, under whatever name, that is a URL with credentials."""

    hidden_settings = _lazy_re_compile(
        "API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|URL|DSN", flags=re.I)

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        cleansed = super().cleanse_setting(key, value)
        if isinstance(cleansed, str) and CREDENTIALS_IN_URL.match(cleansed):
            return self.cleansed_substitute
        return cleansed
