"""The text a JavaScript module can put on a page, and the abbreviations in it.

`literals(source)` reads every string and template literal of a module (comments and regular
expressions skipped; a template's `${…}` holes kept as HOLE, their own literals read too), with
the code just before each. `abbreviations(source)` picks out of the literals that reach the page
what a newcomer could not read without a glossary:

- words with two or more capitals ("MP", "DRMs", "BoP", "XVII"), unless part of a shouted
  phrase ("OUT OF SUPPLY");
- short words written right against a value ("cav ${n}", "${eff} att", "F${n}", "d${sides}");
- map badges: the literal given as a highlight's or mark's `text` ("E", "→R", "sea");
- symbols (Unicode Sm/So: "▾", "✕", "÷", "↩").

Literals in code positions (compared, switched on, used as keys, tags, classes, selectors or
method arguments) are not page text and are skipped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

HOLE = "\x00"
REGEX_CAN_START = set("(,=:[!&|?{};+-*%<>~^")
# The code right before a literal that makes it code, not text.
CODE_BEFORE = re.compile(
    r"(?:===|!==|==|!=|\bcase|\bimport|\bfrom|\bin|new URL\(|\bfetch\(|\b(?:h|svg|el)\(|"
    r"\.(?:split|join|replace|replaceAll|startsWith|endsWith|includes|indexOf|getElementById|"
    r"querySelector|querySelectorAll|closest|toggle|add|remove|contains|addEventListener|"
    r"removeEventListener|setAttribute|getAttribute|removeAttribute|normalize|padStart|padEnd|"
    r"get|has|set|delete|setItem|getItem|removeItem|adoptStylesheet|matches|createElement|"
    r"createElementNS|dispatchEvent|send|options|localeCompare)\(|"
    r"\b(?:class|id|kind|type|method|rel|role|href|src|symbol|colour|fill|stroke|seat|power|"
    r"size|name|hex|at|to|table|action|state|code|key|ref|mode|dataset|style|value|"
    r"transform|viewBox|x|y|r)\s*:|\[|adoptStylesheet\()\s*$")
CODE_AFTER = re.compile(r"^\s*(?:===|!==|==|!=)")
# An object's key: `{"a-b": 1}`, `, "x": 2` (a ternary's "x" : "y" is text).
KEY_BEFORE = re.compile(r"[{,]\s*$")
BADGE_BEFORE = re.compile(r"\btext:\s*(?:[^,{}\n]*?[?:]\s*)?$")
CAPITALS = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]{0,5}(?![\w-])")
NEXT_TO_HOLE = re.compile(
    rf"(?:^|[\s(/·])([A-Za-z][A-Za-z0-9]{{0,3}}) ?{HOLE}|{HOLE} ?([A-Za-z][A-Za-z0-9]{{0,3}})(?=$|[\s),.;:/·{HOLE}])")
# Ordinary English (and the units of the platform's durations) next to a value: not jargon.
ENGLISH = frozenset("""a an and or of to at in on by for from into with the is are be not no yes
its his her per as if it all any one two up off out new old own this that then than who you
your me my we our did do may can will was has had now via vs left more most only are more less
turn row step round box part hex move moves half pay take took sea loss land pool rail lose
cost got see sent once also each both but send goes home port set call dice city does down
ends fort must puts roll sits too unit win wins hour what side play pays when sunk owes
paid hit hits cuts lost""".split())


@dataclass(frozen=True)
class Literal:
    text: str          # the literal, holes as HOLE
    before: str        # the code just before it (up to 80 characters, on its line)
    after: str         # the code just after it


class _Scanner:
    def __init__(self, source: str) -> None:
        self.src = source
        self.i = 0
        self.found: list[Literal] = []

    def scan(self) -> list[Literal]:
        self._code(None)
        return self.found

    def _code(self, end: str | None) -> None:
        src, depth = self.src, 0
        while self.i < len(src):
            c = src[self.i]
            if src.startswith("//", self.i):
                newline = src.find("\n", self.i)
                self.i = len(src) if newline < 0 else newline
            elif src.startswith("/*", self.i):
                self.i = src.index("*/", self.i) + 2
            elif c in "\"'":
                self._string(c)
            elif c == "`":
                self._template()
            elif c == "/" and self._regex_may_start():
                self._regex()
            else:
                if c in "{([":
                    depth += 1
                elif c in "})]":
                    if depth == 0 and c == end:
                        self.i += 1
                        return
                    depth -= 1
                self.i += 1

    def _regex_may_start(self) -> bool:
        before = self.src[:self.i].rstrip()
        return (not before or before[-1] in REGEX_CAN_START
                or re.search(r"\b(?:return|typeof|case|of|in)$", before) is not None)

    def _record(self, start: int, text: str) -> None:
        line_start = self.src.rfind("\n", 0, start) + 1
        before = self.src[max(line_start, start - 80):start]
        self.found.append(Literal(text, before, self.src[self.i:self.i + 12]))

    def _string(self, quote: str) -> None:
        start, j, out = self.i, self.i + 1, []
        while self.src[j] != quote:
            if self.src[j] == "\\":
                out.append(self.src[j + 1])
                j += 2
                continue
            out.append(self.src[j])
            j += 1
        self.i = j + 1
        self._record(start, "".join(out))

    def _template(self) -> None:
        start, parts, out = self.i, [], []
        self.i += 1
        while self.src[self.i] != "`":
            if self.src[self.i] == "\\":
                out.append(self.src[self.i + 1])
                self.i += 2
            elif self.src.startswith("${", self.i):
                parts.append("".join(out))
                out = []
                self.i += 2
                self._code("}")
            else:
                out.append(self.src[self.i])
                self.i += 1
        parts.append("".join(out))
        self.i += 1
        self._record(start, HOLE.join(parts))

    def _regex(self) -> None:
        j, in_class = self.i + 1, False
        while True:
            c = self.src[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                raise ValueError(f"unterminated regular expression at offset {self.i}")
            if c == "[":
                in_class = True
            elif c == "]":
                in_class = False
            elif c == "/" and not in_class:
                break
            j += 1
        j += 1
        while j < len(self.src) and self.src[j].isalpha():
            j += 1
        self.i = j


def literals(source: str) -> list[Literal]:
    return _Scanner(source).scan()


def is_text(literal: Literal) -> bool:
    """Does the literal reach the page (not a key, a tag, a class, a compared value)?"""
    if KEY_BEFORE.search(literal.before) and re.match(r"\s*:", literal.after):
        return False
    return not (CODE_BEFORE.search(literal.before) or CODE_AFTER.match(literal.after))


def _capital_words(text: str) -> set[str]:
    words = CAPITALS.findall(text.replace(HOLE, " "))
    shouted = {w for a, b in zip(words, words[1:], strict=False)
               for w in (a, b) if a.isupper() and b.isupper() and len(a) > 1 and len(b) > 1}
    return {w for w in words if sum(ch.isupper() for ch in w) >= 2 and w not in shouted}


def abbreviations(source: str) -> dict[str, str]:
    """The abbreviations a module shows → a line of context (for the failure message)."""
    found: dict[str, str] = {}
    for lit in literals(source):
        if not is_text(lit):
            continue
        shown = lit.text.replace(HOLE, "…")
        for word in _capital_words(lit.text):
            found.setdefault(word, shown)
        for pair in NEXT_TO_HOLE.findall(lit.text):
            for word in pair:
                if word and word.lower() not in ENGLISH:
                    found.setdefault(word, shown)
        if BADGE_BEFORE.search(lit.before) and lit.text.strip() and HOLE not in lit.text:
            found.setdefault(lit.text.strip(), shown)
        for ch in lit.text:
            if ord(ch) > 127 and unicodedata.category(ch) in ("Sm", "So"):
                found.setdefault(ch, shown)
    return found
