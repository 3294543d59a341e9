"""The pages' Content-Security-Policy (probe F16), and the rules that keep it from breaking
them: no inline script or event-handler attribute in any template, no eval in the frontend.
tests/browser/test_game_e2e.py plays a game in Chromium under the policy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "boardgame" / "templates").rglob("*.html"))
SCRIPTS = sorted((ROOT / "frontend").rglob("*.js"))


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/no/such/page/"])
def test_pages_carry_the_policy(client, path):
    response = client.get(path)
    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_api_answers_are_not_pages(client):
    assert "Content-Security-Policy" not in client.get("/api/rulesets/")


def test_templates_have_no_inline_script_or_handler():
    assert TEMPLATES, "no templates found"
    for template in TEMPLATES:
        text = template.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{template.name}: inline script {tag}"
        assert not re.search(r"\son[a-z]+\s*=", text), f"{template.name}: event-handler attribute"
        assert "javascript:" not in text, template.name


def test_frontend_never_evaluates_strings():
    assert SCRIPTS, "no frontend scripts found"
    for script in SCRIPTS:
        text = script.read_text()
        assert not re.search(r"\beval\(|new Function\(|setTimeout\(\s*[\"'`]", text), script.name
        assert not re.search(r"setAttribute\(\s*[\"']on", text), script.name
