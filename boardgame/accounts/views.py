"""Account pages: sign up, log in and password reset (rate-limited), profile."""

from __future__ import annotations

import logging

from django import forms
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render

from boardgame.api.errors import RateLimited, ServiceError

from . import services
from .profile import profile_of
from .ratelimit import check_rate, client_ip

logger = logging.getLogger(__name__)


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text=(
        "For password resets, and e-mails when your game starts or ends or a deadline nears "
        "(each has an unsubscribe link)."))

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = services.do_register(request, form.cleaned_data["username"],
                                        form.cleaned_data.get("email", ""),
                                        form.cleaned_data["password1"])
        except ServiceError as exc:
            form.add_error(None, exc.message)
            status = exc.status
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    elif request.method == "POST":
        status = 400
    return render(request, "registration/signup.html", {"form": form}, status=status)


class RateLimitedLoginView(auth_views.LoginView):
    """Django's login page, limited like the API's log-in (services.login_allowed)."""

    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        try:
            services.login_allowed(request, self._username())
        except RateLimited as exc:
            form = self.get_form()
            form.is_valid = lambda: False  # never authenticate a throttled attempt
            context = self.get_context_data(form=form, rate_limited=exc.message)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def _username(self) -> str:
        return self.request.POST.get("username", "")

    def form_valid(self, form):
        services.login_succeeded(self.request, self._username())
        return super().form_valid(form)

    def form_invalid(self, form):
        services.login_failed(self._username())
        return super().form_invalid(form)


class RateLimitedPasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, limited per address and per e-mail address (each request may
    send a mail), and answering before it looks the address up: the mail, if any, is sent
    once the response has gone out. Known and unknown addresses then take the same path to
    the same redirect, so neither the answer nor its time says whether an account exists."""

    def post(self, request, *args, **kwargs):
        try:
            check_rate("password_reset", client_ip(request),
                       f"email:{request.POST.get('email', '')}")
        except RateLimited as exc:
            context = self.get_context_data(form=self.get_form(), rate_limited=exc.message)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        opts = {"use_https": self.request.is_secure(), "token_generator": self.token_generator,
                "from_email": self.from_email, "email_template_name": self.email_template_name,
                "subject_template_name": self.subject_template_name, "request": self.request,
                "html_email_template_name": self.html_email_template_name,
                "extra_email_context": self.extra_email_context}
        response = HttpResponseRedirect(self.get_success_url())
        # Run by the server after the response is sent (ASGI and WSGI handlers both close it).
        response._resource_closers.append(lambda: self._send_reset_mail(form, opts))
        return response

    @staticmethod
    def _send_reset_mail(form, opts) -> None:
        try:
            form.save(**opts)
        except Exception:  # noqa: BLE001 — the response is gone; say it in the log
            logger.exception("password reset mail failed")


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/profile.html", profile_of(request.user, request))
