"""docs/protocol.md lists every wire code the server sends (issue #16: "the protocol doc lists
every code the server sends"): each `code="area/name"` raised in boardgame/, and each code
put in a frame there, must appear in the doc."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RAISED = re.compile(r'code="([a-z_]+/[a-z_]+)"')
IN_FRAMES = re.compile(r'"code": "([a-z_]+/[a-z_]+)"')


def test_every_wire_code_is_in_the_protocol_doc():
    codes = set()
    for path in (ROOT / "boardgame").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(RAISED.findall(text)) | set(IN_FRAMES.findall(text))
    assert len(codes) > 40, "the scan found too few codes: its patterns are off"
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert sorted(c for c in codes if f"`{c}`" not in doc and c not in doc) == []
