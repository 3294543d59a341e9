"""Chat text as stored, for the lobby's and the game's chat alike (outside both apps, so the
lobby need not import play). Escaping is the display's job."""

from __future__ import annotations


def _kept(ch: str) -> bool:
    """Newlines and printable text. Control characters go, and so do lone surrogates
    (U+D800–U+DFFF): no encoding can store them, so a socket chat frame carrying one used to
    fail the save (REST bodies are refused earlier, by boardgame/api/inputguard.py)."""
    code = ord(ch)
    if ch == "\n":
        return True
    return code >= 32 and code != 127 and not 0xD800 <= code <= 0xDFFF


def clean_chat_text(text: str) -> str:
    """Control characters (but newlines) and lone surrogates dropped, trimmed."""
    return "".join(ch for ch in text if _kept(ch)).strip()
