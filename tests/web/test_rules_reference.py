"""The rules reference (issue #19): one entry per section of each ruleset's coverage matrix,
built from docs/rules/<ruleset>.md so the two cannot drift; every rule the engine cites opens
an entry; the page and the API serve it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from boardgame import reference

ROOT = Path(__file__).resolve().parents[2]
RULESETS = [("balance_of_powers", "BoP"), ("fatal_alliances", "FA")]


def matrix_rows(ruleset: str) -> list[str]:
    """The matrix's rows that name a section, counted independently of the parser."""
    text = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    block = text[text.index("## Coverage matrix"):]
    block = re.split(r"\n## |\n### ", block[5:])[0]
    return [line for line in block.splitlines() if line.startswith("| ")
            and not line.startswith(("| section", "| —"))]


@pytest.mark.parametrize("ruleset,prefix", RULESETS)
def test_19_every_matrix_section_is_an_entry(ruleset, prefix):
    entries = reference.reference(ruleset)["entries"]
    assert len(entries) == len(matrix_rows(ruleset))
    for entry in entries:
        assert entry["rule"] and entry["status"], entry


@pytest.mark.parametrize("ruleset,prefix", RULESETS)
def test_19_every_rule_the_engine_cites_opens_an_entry(ruleset, prefix):
    cites = set()
    for path in (ROOT / "engine" / "rulesets" / ruleset).glob("*.py"):
        cites |= set(re.findall(rf"{prefix} (\d+(?:\.\d+)*)", path.read_text(encoding="utf-8")))
    assert len(cites) > 50
    assert sorted(c for c in cites if reference.resolve(ruleset, c) is None) == []


def test_19_a_cite_opens_its_own_entry_else_the_one_it_belongs_to():
    assert reference.resolve("balance_of_powers", "10.55") == "10.55"
    assert reference.resolve("balance_of_powers", "10.531") == "10.53"   # part of 10.53
    assert reference.resolve("balance_of_powers", "10") == "10.1"        # its chapter's first
    assert reference.resolve("balance_of_powers", "99.9") is None


@pytest.mark.django_db
def test_19_the_page_and_the_api_serve_the_reference(client):
    page = client.get("/rules/balance_of_powers/").content.decode()
    for entry in reference.reference("balance_of_powers")["entries"]:
        assert f'id="s-{entry["section"]}"' in page
    answer = APIClient().get("/api/rulesets/balance_of_powers/reference?cite=9.241").json()
    assert answer["entry"]["section"] == "9.2" and answer["cite"] == "BoP"     # rail, 9.2
    missing = APIClient().get("/api/rulesets/balance_of_powers/reference?cite=99.9")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "rules/not_found"
    assert client.get("/rules/toy_skirmish/").status_code == 404
