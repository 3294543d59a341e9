"""Accounts: register, authenticate, tokens — rate-limited in the shared cache."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from rest_framework.authtoken.models import Token

from boardgame.api.errors import ServiceError

from .ratelimit import (
    check_rate,
    check_spent,
    client_ip,
    count_attempt,
    known_address,
    remember_address,
)

USERNAME_MAX = 30


def check_register(request: HttpRequest, username: str, email: str, password: str) -> None:
    """Refuse a sign-up that is rate-limited, taken or has a weak password (ServiceError)."""
    check_rate("register", client_ip(request))
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise ServiceError(f"The name {username!r} is taken.", code="auth/username_taken",
                           status=409, username=username)
    try:
        validate_password(password, User(username=username, email=email))
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.messages), code="auth/weak_password",
                           problems=list(exc.messages)) from None


def do_register(request: HttpRequest, username: str, email: str,
                password: str) -> AbstractBaseUser:
    check_register(request, username, email, password)
    User = get_user_model()
    try:
        with transaction.atomic(durable=True):
            user = User.objects.create_user(username=username, email=email, password=password)
    except IntegrityError:
        raise ServiceError(f"The name {username!r} is taken.", code="auth/username_taken",
                           status=409, username=username) from None
    return user


def login_allowed(request: HttpRequest, username: str) -> None:
    """RateLimited before a log-in is even tried (docs/deploy.md, "Log-in and password-reset
    limits"): every attempt counts against the address; a name whose *failures* used up the
    limit refuses further attempts, except from an address that has logged in as that name
    before — so a stranger failing on purpose cannot lock the owner out of her usual
    address, while many addresses guessing one password together still stop at the limit."""
    ip = client_ip(request)
    check_rate("login", ip)
    if not known_address(username, ip):
        check_spent("login", f"user:{username}")


def login_failed(username: str) -> None:
    count_attempt("login", f"user:{username}")


def login_succeeded(request: HttpRequest, username: str) -> None:
    remember_address(username, client_ip(request))


def check_login(request: HttpRequest, username: str, password: str) -> AbstractBaseUser:
    """The user for these credentials; limited per address and per name (`login_allowed`)."""
    login_allowed(request, username)
    user = authenticate(request, username=username, password=password)
    if user is None:
        login_failed(username)
        raise ServiceError("Wrong user name or password.", code="auth/invalid_credentials",
                           status=400)
    login_succeeded(request, username)
    return user


def do_get_token(user: AbstractBaseUser) -> str:
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def do_revoke_token(user: AbstractBaseUser) -> None:
    Token.objects.filter(user=user).delete()
