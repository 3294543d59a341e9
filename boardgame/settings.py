"""Salient's settings, read from the environment.

The embedded default needs nothing: SQLite in `db.sqlite3`, Channels' in-memory layer, the
database cache table for rate-limit counters, console e-mail. Switches:

  SALIENT_ENV=production   DEBUG off, SECRET_KEY required, HTTPS-only cookies, HSTS, SSL redirect
  SECRET_KEY               required in production
  DEBUG                    1/0 (development only; production is never DEBUG)
  ALLOWED_HOSTS            comma-separated
  CSRF_TRUSTED_ORIGINS     comma-separated origins (https://example.org)
  DATABASE_URL             postgres://user:pass@host:5432/name (psycopg 3)
  CONN_MAX_AGE             seconds to keep database connections (default 0; not with the pool)
  SALIENT_DB_POOL_MIN/MAX/TIMEOUT  PostgreSQL connections per process (2/20) and the seconds a
                           request waits for one (5) before a 503; MAX=0: no pool
  REDIS_URL                redis://host:6379/0 — channel layer and cache (rate limits) on Redis
  SALIENT_REDIS_KEY_PREFIX prefix of everything in Redis (default salient:), one per deployment
  SECURE_PROXY_SSL_HEADER  e.g. HTTP_X_FORWARDED_PROTO when a proxy terminates TLS
  SECURE_SSL_REDIRECT      1/0 (production default 1)
  SECURE_HSTS_SECONDS      production default 31536000; SECURE_HSTS_PRELOAD 1/0 (default 1)
  SALIENT_CLIENT_IP_HEADER e.g. HTTP_X_REAL_IP: where the proxy puts the client address
  SALIENT_FASTPATH         1/0 (default 1): 0 turns every performance shortcut off at once
  SALIENT_FASTPATH_OFF     comma list of single shortcuts to turn off (names: fastpath.SHORTCUTS)
                           (boardgame/fastpath.py; docs/architecture.md, Performance shortcuts)
  EMAIL_URL-less e-mail:   EMAIL_BACKEND, EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
                           EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, DEFAULT_FROM_EMAIL
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from boardgame import fastpath as _fastpath

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


SALIENT_ENV = os.environ.get("SALIENT_ENV", "development").strip().lower()
PRODUCTION = SALIENT_ENV == "production"

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if PRODUCTION and not SECRET_KEY:
    raise ImproperlyConfigured(
        "SALIENT_ENV=production needs a SECRET_KEY: refusing to start. Set SECRET_KEY to a long "
        "random string, e.g. the output of "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'.")
if not SECRET_KEY:
    # Development only: a fixed, obviously insecure key so sessions survive restarts.
    SECRET_KEY = "django-insecure-salient-development-key-do-not-use-in-production"

DEBUG = False if PRODUCTION else env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else
                         ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "channels",
    "django_tasks",
    "django_tasks_db",
    "boardgame.accounts",
    "boardgame.lobby",
    "boardgame.play",
    "boardgame.jobs",
    "boardgame.notifications",
    "boardgame.press",
    "boardgame.vacation",
    "boardgame.ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "boardgame.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "boardgame.api.middleware.ApiErrorMiddleware",
    "boardgame.api.middleware.InputGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "boardgame.urls"
ASGI_APPLICATION = "boardgame.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "boardgame" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "boardgame.notifications.context.your_move",
            ],
        },
    },
]

# --- database -------------------------------------------------------------------------------

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# On PostgreSQL each process borrows its connections from one bounded pool (psycopg_pool):
# every HTTP request runs in a thread of its own and would otherwise open a connection of its
# own, so a burst of requests could use up the server's max_connections. A request that finds
# the pool empty waits up to SALIENT_DB_POOL_TIMEOUT seconds, then gets a 503 (api/errors.py).
# SALIENT_DB_POOL_MAX=0 turns the pool off (e.g. behind PgBouncer); docs/deploy.md has the
# connection budget.
SALIENT_DB_POOL_MIN = int(os.environ.get("SALIENT_DB_POOL_MIN", "2"))
SALIENT_DB_POOL_MAX = int(os.environ.get("SALIENT_DB_POOL_MAX", "20"))
SALIENT_DB_POOL_TIMEOUT = float(os.environ.get("SALIENT_DB_POOL_TIMEOUT", "5"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"].endswith("postgresql") and SALIENT_DB_POOL_MAX > 0:
        if DATABASES["default"]["CONN_MAX_AGE"]:
            warnings.warn("CONN_MAX_AGE is ignored with the connection pool (connections go "
                          "back to the pool after each request)", RuntimeWarning, stacklevel=1)
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's pool requires it
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(SALIENT_DB_POOL_MIN, SALIENT_DB_POOL_MAX),
            "max_size": SALIENT_DB_POOL_MAX, "timeout": SALIENT_DB_POOL_TIMEOUT}
else:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3",
                             "NAME": BASE_DIR / "db.sqlite3"}}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # IMMEDIATE: a transaction takes SQLite's write lock when it begins and waits for it (up
    # to `timeout` seconds), instead of failing with "database is locked" when two writers
    # (daphne's threads, a task worker) upgrade their read locks at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE",
                                                         timeout=20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- channels and cache ---------------------------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")
# Everything this deployment puts into Redis starts with it: pub/sub channels, cache keys,
# socket-cap keys. Pub/sub channels belong to the Redis *server*, whatever the db number in
# REDIS_URL, so deployments sharing one server are kept apart only by their prefixes.
SALIENT_REDIS_KEY_PREFIX = os.environ.get("SALIENT_REDIS_KEY_PREFIX") or "salient:"
if REDIS_URL:
    # Pub/sub, not the list-based core layer: the hub is the only receiver and the layer is
    # only a hint (boardgame/play/broadcast.py says why and how outages are noticed).
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                  "CONFIG": {"hosts": [REDIS_URL],
                                             "prefix": SALIENT_REDIS_KEY_PREFIX}}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": REDIS_URL,
                          "KEY_PREFIX": f"{SALIENT_REDIS_KEY_PREFIX}cache"}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # Shared by every process on the database; created by a post-migrate hook (accounts app).
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                          "LOCATION": "django_cache", "KEY_PREFIX": "salient"}}

# --- background tasks ------------------------------------------------------------------------

# django-tasks with its database backend (django-tasks-db): the queue is a table in the same
# database, so the quick start's SQLite and production's PostgreSQL both work, and a task
# enqueued inside a transaction exists only if that transaction commits. Workers:
# `manage.py run_worker`, or a thread inside daphne (SALIENT_IN_PROCESS_WORKER, default on).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
SALIENT_SWEEP_SECONDS = float(os.environ.get("SALIENT_SWEEP_SECONDS", "1"))
# A task RUNNING longer than this is taken for lost with its worker and marked failed.
SALIENT_TASK_LEASE_SECONDS = int(os.environ.get("SALIENT_TASK_LEASE_SECONDS", "600"))
SALIENT_TASK_KEEP_HOURS = float(os.environ.get("SALIENT_TASK_KEEP_HOURS", "1"))

# --- auth -----------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SESSION_ENGINE = "boardgame.accounts.sessions"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Attempts allowed per window (seconds), counted in the shared cache.
SALIENT_RATE_LIMITS = {
    "login": (int(os.environ.get("SALIENT_LOGIN_LIMIT", "10")), 300),
    # Sign-ups per hour per address: 5 in production; 20 on the quick start, where one host
    # often signs up every power of a seven-power table from one machine to try it.
    "register": (int(os.environ.get("SALIENT_REGISTER_LIMIT", "5" if PRODUCTION else "20")),
                 3600),
    "table_chat": (int(os.environ.get("SALIENT_TABLE_CHAT_LIMIT", "20")), 60),
    # Game chat: what one game socket may send (its token bucket), and per user over REST.
    "game_chat": (int(os.environ.get("SALIENT_GAME_CHAT_LIMIT", "5")), 10),
    "password_reset": (int(os.environ.get("SALIENT_PASSWORD_RESET_LIMIT", "5")), 3600),
    # Notifications sent to one user per hour, per channel (boardgame/notifications/outbox.py);
    # the excess is recorded as skipped. The in-app inbox is never limited.
    "notify_email": (int(os.environ.get("SALIENT_NOTIFY_EMAIL_LIMIT", "20")), 3600),
    "notify_push": (int(os.environ.get("SALIENT_NOTIFY_PUSH_LIMIT", "60")), 3600),
    "notify_webhook": (int(os.environ.get("SALIENT_NOTIFY_WEBHOOK_LIMIT", "120")), 3600),
    # Private press posts (boardgame/notifications/press.py), per user.
    "press": (int(os.environ.get("SALIENT_PRESS_LIMIT", "5")), 10),
}
# Quotas per user, so one account cannot fill the home page's lists: tables they host that
# have not started (open or full), and running games in which they hold every seat.
SALIENT_MAX_OPEN_TABLES = int(os.environ.get("SALIENT_MAX_OPEN_TABLES", "10"))
SALIENT_MAX_SOLO_GAMES = int(os.environ.get("SALIENT_MAX_SOLO_GAMES", "3"))
SALIENT_CLIENT_IP_HEADER = os.environ.get("SALIENT_CLIENT_IP_HEADER", "REMOTE_ADDR")
if PRODUCTION and "--proxy-headers" in sys.argv and SALIENT_CLIENT_IP_HEADER == "REMOTE_ADDR":
    # daphne --proxy-headers sets REMOTE_ADDR from the *first* X-Forwarded-For entry, which
    # nginx's $proxy_add_x_forwarded_for keeps from the client: rate limits would key on a
    # value the client picks (docs/deploy.md, Processes).
    warnings.warn(
        "daphne runs with --proxy-headers but SALIENT_CLIENT_IP_HEADER is unset: rate limits "
        "count the first X-Forwarded-For entry, which clients choose. Set "
        "SALIENT_CLIENT_IP_HEADER=HTTP_X_REAL_IP (with nginx's X-Real-IP) — see docs/deploy.md.",
        RuntimeWarning, stacklevel=1)

# Anonymous websockets (no session, no token), counted by each daphne process on its own
# (boardgame/play/socketcap.py): per client address (game and lobby sockets together) and per
# game. Signed-in users have SALIENT_WS_MAX_SOCKETS_PER_USER instead.
SALIENT_WS_ANON_PER_ADDRESS = int(os.environ.get("SALIENT_WS_ANON_PER_ADDRESS", "20"))
SALIENT_WS_ANON_PER_GAME = int(os.environ.get("SALIENT_WS_ANON_PER_GAME", "500"))

# The performance shortcuts (boardgame/fastpath.py): 0 takes the usual ASGI paths and the ORM
# instead, to compare them, or when an upgraded daphne, twisted or Channels breaks one.
SALIENT_FASTPATH = os.environ.get("SALIENT_FASTPATH", "1").strip() != "0"
# Single shortcuts off by name (a comma list of boardgame.fastpath.SHORTCUTS), e.g. to measure one.
SALIENT_FASTPATH_OFF = _fastpath.parse_off(os.environ.get("SALIENT_FASTPATH_OFF", ""))

# --- e-mail ---------------------------------------------------------------------------------

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Salient <noreply@localhost>")
# With EMAIL_BACKEND=django.core.mail.backends.filebased.EmailBackend: where mails are written.
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "sent-mail"))

# --- notifications (boardgame/notifications) -------------------------------------------------

# The address in links of e-mails, pushes and webhooks.
SALIENT_SITE_URL = os.environ.get("SALIENT_SITE_URL", "http://127.0.0.1:8000")
# Web push: off unless the deployment has a VAPID key pair (docs/deploy.md says how to make
# one). The private key as base64url DER or PEM; the public key is what browsers subscribe to.
SALIENT_VAPID_PRIVATE_KEY = os.environ.get("SALIENT_VAPID_PRIVATE_KEY", "")
SALIENT_VAPID_PUBLIC_KEY = os.environ.get("SALIENT_VAPID_PUBLIC_KEY", "")
SALIENT_VAPID_SUBJECT = os.environ.get("SALIENT_VAPID_SUBJECT", "mailto:admin@localhost")
# Seconds a webhook or push call may take in all (connect included).
SALIENT_OUTBOUND_TIMEOUT = float(os.environ.get("SALIENT_OUTBOUND_TIMEOUT", "5"))
# Tests only: let webhooks and pushes reach 127.0.0.1. Production refuses to start with it.
SALIENT_OUTBOUND_ALLOW_LOOPBACK = env_bool("SALIENT_OUTBOUND_ALLOW_LOOPBACK", False)
if PRODUCTION and SALIENT_OUTBOUND_ALLOW_LOOPBACK:
    raise ImproperlyConfigured("SALIENT_OUTBOUND_ALLOW_LOOPBACK is for tests: in production "
                               "webhooks and pushes must never reach this host.")
# How long a worker holds a delivery it is sending before another may retry it.
SALIENT_DELIVERY_LEASE_SECONDS = float(os.environ.get("SALIENT_DELIVERY_LEASE_SECONDS", "60"))

# Vacation (boardgame/vacation): days per player per calendar year, spent only when a deadline
# would pass while they are away; at most this many in a row for one seat.
SALIENT_VACATION_DAYS = int(os.environ.get("SALIENT_VACATION_DAYS", "14"))
SALIENT_VACATION_IN_A_ROW = int(os.environ.get("SALIENT_VACATION_IN_A_ROW", "3"))

# --- i18n -----------------------------------------------------------------------------------

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- static files (served by the app itself through whitenoise, in every mode) ---------------

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static", ("frontend", BASE_DIR / "frontend")]
WHITENOISE_USE_FINDERS = True
# Until `collectstatic` has run, whitenoise serves through the finders; no need to warn.
warnings.filterwarnings("ignore", message="No directory at")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": (
        "whitenoise.storage.CompressedManifestStaticFilesStorage" if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage")},
}
SALIENT_MAPS_DIR = BASE_DIR / "static" / "maps"

# --- request limits -------------------------------------------------------------------------

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
SALIENT_API_MAX_BODY = 64 * 1024
# JSON nesting accepted anywhere (bodies, JSON parameters); the deepest real call (a BoP
# set-up placement) nests 3 levels (boardgame/api/inputguard.py).
SALIENT_MAX_JSON_DEPTH = 32

# --- REST API -------------------------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": ["boardgame.api.inputguard.GuardedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "boardgame.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Salient API",
    "DESCRIPTION": "Tables, seats and games of Salient. Errors are "
                   '{"error": {"code", "message", "data"}}; see docs/protocol.md.',
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# --- security -------------------------------------------------------------------------------

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
_proxy_header = os.environ.get("SECURE_PROXY_SSL_HEADER", "")
if _proxy_header:
    SECURE_PROXY_SSL_HEADER = (_proxy_header, "https")
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

# The development error page never shows connection strings (boardgame/errorreports.py).
DEFAULT_EXCEPTION_REPORTER_FILTER = "boardgame.errorreports.SalientReporterFilter"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"},
                # Two lines per task run (a sweep a second while games are due): failures only.
                "django_tasks": {"level": "WARNING"}, "django_tasks_db": {"level": "WARNING"}},
}
