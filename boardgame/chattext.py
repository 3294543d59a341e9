"""Chat text as stored, for the lobby's and the game's chat alike (outside both apps, so the
lobby need not import play). Escaping is the display's job."""

from __future__ import annotations


def clean_chat_text(text: str) -> str:
    """Control characters (but newlines) dropped, trimmed."""
    kept = "".join(ch for ch in text if ch == "\n" or (ord(ch) >= 32 and ord(ch) != 127))
    return kept.strip()
