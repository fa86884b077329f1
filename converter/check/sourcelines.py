"""The line a start tag begins on, for findings in the game XML.

libxml2 numbers an element by the line its start tag *ends* on: an attachment written over
two lines is reported on its second (`type="player">`), and a notes property on the line of
its closing quote, often a hundred lines below its name. A map maker, and a pull request's
annotation, want the line the tag opens on. Rules keep libxml2's numbers (they compare them
with each other and with `sourceline`); the numbers are moved when findings are reported,
reading the XML's own text: only the findings' lines are looked at, so a check pays one split
of the bytes, and nothing when no finding names a line of the game XML.

The text is read conservatively: a line moves only when its text shows a start tag left open
by an earlier line and closed on it, and no other start tag on it that the line could be
meant for. Anything else (an attribute value holding '>' across lines, two elements ending
on one line) keeps libxml2's number.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from converter.findings import Finding
from converter.findings.finding import finding_of

# codes whose line is not an element's: libxml2's position of a syntax error
_OWN_LINES = frozenset({"X001"})
_NOT_A_START = b"/!?"  # after '<': an end tag, a comment, CDATA or a declaration, a processing instruction


def tag_start(lines: Sequence[bytes], line: int) -> int:
    """`line` (1-based), moved up to where the start tag that ends on it opens; `line` when
    its text does not show one plainly."""
    if not 0 < line <= len(lines):
        return line
    text = lines[line - 1]
    close = text.find(b">")
    if close < 0 or b"<" in text[:close] or _opens_tag(text[close:]):
        return line
    for earlier in range(line - 2, -1, -1):
        text = lines[earlier]
        opening = text.rfind(b"<")
        if opening >= 0:
            # the tag opened last on that line must still be open at its end, and be a start tag
            opened = text[opening + 1:opening + 2]
            return earlier + 1 if b">" not in text[opening:] and opened and opened not in _NOT_A_START else line
        if b">" in text:
            return line
    return line


def _opens_tag(text: bytes) -> bool:
    """Whether `text` holds a start tag (`<name`): another element the line could be meant for."""
    at = text.find(b"<")
    while at >= 0:
        following = text[at + 1:at + 2]
        if following and following not in _NOT_A_START:
            return True
        at = text.find(b"<", at + 1)
    return False


class SourceLines:
    """The game XML's lines, split when first asked for."""

    def __init__(self, data: bytes | None) -> None:
        self._data = data
        self._lines: list[bytes] | None = None

    def start_of(self, line: int | None) -> int | None:
        """Where the start tag that libxml2 numbers `line` opens (see tag_start)."""
        if line is None or self._data is None:
            return line
        if self._lines is None:
            # libxml2 counts '\n' alone; a '\r' before it stays on the line and reads as text
            self._lines = self._data.split(b"\n")
        return tag_start(self._lines, line)

    def moved(self, findings: Iterable[Finding], xml_file: str | None) -> list[Finding]:
        """The findings, each of the game XML at the line its start tag opens on."""
        out, moved = [], False
        for finding in findings:
            line = finding[4]
            if line is not None and finding[3] == xml_file and finding[0] not in _OWN_LINES:
                start = self.start_of(line)
                if start != line:
                    finding, moved = finding_of((*finding[:4], start, *finding[5:])), True
            out.append(finding)
        return list(dict.fromkeys(out)) if moved else out  # two findings may now be one
