"""REST endpoints of accounts: register, log in/out (session), tokens, my profile."""

from __future__ import annotations

from django.contrib.auth import login, logout
from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import services
from .profile import profile_of


class RegisterSerializer(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=services.USERNAME_MAX,
                                      error_messages={"invalid": "Use letters, digits and "
                                                      "@/./+/-/_ only."})
    # Optional, and no `default=""`: a blank default is not a valid `format: email`, which
    # made the OpenAPI schema invalid (probe F17); a missing e-mail is blank in the view.
    email = serializers.EmailField(max_length=254, required=False, allow_blank=True)
    password = serializers.CharField(max_length=128, write_only=True)


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, write_only=True)


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


TokenResponse = inline_serializer("TokenResponse", {"token": serializers.CharField(),
                                                    "user": UserSerializer()})
LoginResponse = inline_serializer("LoginResponse", {"user": UserSerializer(),
                                                    "csrf_token": serializers.CharField()})


def user_json(user) -> dict:
    return {"id": user.pk, "username": user.get_username()}


class RegisterView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="auth_register", request=RegisterSerializer,
                   responses={201: TokenResponse})
    def post(self, request: Request) -> Response:
        body = RegisterSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = services.do_register(request._request, **{"email": "", **body.validated_data})
        return Response({"user": user_json(user), "token": services.do_get_token(user)},
                        status=201)


class LoginView(APIView):
    """Session log-in for browsers; the response carries the CSRF token to send back."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="auth_login", request=CredentialsSerializer,
                   responses=LoginResponse)
    def post(self, request: Request) -> Response:
        body = CredentialsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = services.check_login(request._request, **body.validated_data)
        login(request._request, user)
        return Response({"user": user_json(user), "csrf_token": get_token(request._request)})


class LogoutView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="auth_logout", request=None,
                   responses=inline_serializer("LogoutResponse",
                                               {"ok": serializers.BooleanField()}))
    def post(self, request: Request) -> Response:
        if request.auth is not None:  # token callers: logging out revokes the token
            services.do_revoke_token(request.user)
        logout(request._request)
        return Response({"ok": True})


class TokenView(APIView):
    """An API token for scripts and bots (the same token on every call until logout)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(operation_id="auth_token", request=CredentialsSerializer,
                   responses=TokenResponse)
    def post(self, request: Request) -> Response:
        body = CredentialsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = services.check_login(request._request, **body.validated_data)
        return Response({"user": user_json(user), "token": services.do_get_token(user)})


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="me", responses=inline_serializer("Me", {
        "user": UserSerializer(), "tables": serializers.ListField(child=serializers.DictField()),
        "games": serializers.ListField(child=serializers.DictField())}))
    def get(self, request: Request) -> Response:
        return Response(profile_of(request.user, request))
