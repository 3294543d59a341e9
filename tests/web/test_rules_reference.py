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


def test_19_twteaw_matrix_rows_are_entries_with_unique_sections():
    """TWTEAW's matrix (77 rows): each an entry, the phase-9 topics ("9 starvation" …) each
    their own section, so every entry has its own id on the page."""
    entries = reference.reference("twteaw")["entries"]
    assert len(entries) == len(matrix_rows("twteaw"))
    sections = [e["section"] for e in entries]
    assert len(set(sections)) == len(sections)
    assert "9-starvation" in sections and reference.reference("twteaw")["cite"] == "TWTEAW"


def test_19_every_twteaw_cite_opens_an_entry():
    """The War to End All Wars cites by number ("TWTEAW 4.4") and by name ("TWTEAW
    neutrals"): every cite the engine, the glossary and the teacher give opens an entry."""
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "rulesets" / "twteaw").glob("*.py")]
    texts += [(ROOT / "docs" / "learn" / "twteaw.md").read_text(encoding="utf-8"),
              (ROOT / "boardgame" / "learn" / "teachers" / "twteaw.py").read_text(encoding="utf-8")]
    cites = set()
    for text in texts:
        cites |= set(re.findall(r'"TWTEAW ([\w. ]+)"', text))
        cites |= set(re.findall(r"\| TWTEAW ([\w. ]+?) \|", text))
    assert len(cites) >= 25, sorted(cites)
    assert sorted(c for c in cites if reference.resolve("twteaw", c) is None) == []
    assert reference.resolve("twteaw", "artillery") == "units-artillery"       # the name it ends
    assert reference.resolve("twteaw", "The Alliances") == "alliances"
    assert reference.resolve("twteaw", "Units") == "units-infantry"            # the first it begins
    assert reference.resolve("twteaw", "table A") == "reaction-tables"         # an alias
    assert reference.resolve("twteaw", "no such rule") is None


@pytest.mark.django_db
def test_19_the_twteaw_reference_is_served_and_a_named_cite_opens_its_entry(client):
    page = client.get("/rules/twteaw/").content.decode()
    assert 'id="s-9-starvation"' in page and 'id="s-units-artillery"' in page
    answer = APIClient().get("/api/rulesets/twteaw/reference?cite=neutrals").json()
    assert answer["entry"]["section"] == "neutrals" and answer["cite"] == "TWTEAW"


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
