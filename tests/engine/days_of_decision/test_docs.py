"""The coverage matrix in docs/rules/days_of_decision.md covers every section the engine cites,
and every test it names exists (so the in-app reference can be switched on without gaps)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "days_of_decision.md"
PACKAGE = ROOT / "engine" / "rulesets" / "days_of_decision"
TESTS = Path(__file__).resolve().parent
BROWSER_TESTS = ROOT / "tests" / "browser"         # the matrix cites page tests too (8.7.1's display)


def matrix_sections() -> list[str]:
    text = DOC.read_text()
    block = text[text.index("## Coverage matrix"):text.index("\n## ", text.index("## Coverage matrix") + 5)]
    sections = []
    for line in block.splitlines():
        found = re.match(r"\| ([\d.][\d./ –-]*)", line)       # "8.6", "2.3 / 8.1.1", "2.1–2.2"
        if found:
            sections += re.findall(r"\d+(?:\.\d+)*", found.group(1))
    return sections


def test_dod_docs_every_cited_section_has_a_matrix_row():
    rows = matrix_sections()
    cited = set()
    for path in PACKAGE.glob("*.py"):
        cited |= set(re.findall(r"DoD (\d+(?:\.\d+)*)", path.read_text()))
    assert cited
    missing = sorted(c for c in cited if not any(r == c or r.startswith(c + ".") for r in rows))
    assert not missing, f"sections cited by the engine with no matrix row: {missing}"


def test_dod_docs_every_test_the_matrix_names_exists():
    text = DOC.read_text()
    # a test's name, not a file's: "tests/browser/test_dod_aligned.py" names a module
    named = set(re.findall(r"(test_dod_\w+)(?!\w|\.py)", text))
    defined = set()
    for path in [*TESTS.glob("test_*.py"), *BROWSER_TESTS.glob("test_dod*.py")]:
        defined |= set(re.findall(r"^def (test_dod_\w+)", path.read_text(), re.M))
    assert named and not sorted(named - defined), sorted(named - defined)
