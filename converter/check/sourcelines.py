"""The line a start tag begins on, for findings in the game XML.

libxml2 numbers an element by the line its start tag *ends* on: an attachment written over
two lines is reported on its second (`type="player">`), and a notes property on the line of
its closing quote, often a hundred lines below its name. A map maker, and a pull request's
annotation, want the line the tag opens on. Rules keep libxml2's numbers (they compare them
with each other and with `sourceline`); the numbers are moved when findings are reported,
reading the XML's own text at the findings' lines alone: one pass to find where those lines
start (memchr, in the kernel `_positions`), then a look above each.

The text is read conservatively: a line moves only when it is an element's line, and its text
shows a start tag left open by an earlier line and closed on it, and no other start tag on it
that the line could be meant for. Anything else keeps libxml2's number: a line of text (X004's
stray characters) below a comment, CDATA or processing instruction holding a '<'; an attribute
value holding '>' across lines; two elements ending on one line; a UTF-16 file (its bytes are
no lines).
"""

from __future__ import annotations

from operator import index
from typing import Callable, Iterable, Sequence

from converter.check.accel import accelerator
from converter.findings import Finding
from converter.findings.finding import finding_of

# codes whose line is not an element's: libxml2's position of a syntax error
_OWN_LINES = frozenset({"X001"})
_NOT_A_START = b"/!?"  # after '<': an end tag, a comment, CDATA or a declaration, a processing instruction


def tag_start(data: bytes, line: int, offset: int) -> int:
    """`line` (1-based, starting at `offset` in `data`), moved up to where the start tag that
    ends on it opens; `line` when its text does not show one plainly."""
    end = data.find(b"\n", offset)
    text = data[offset:] if end < 0 else data[offset:end]
    close = text.find(b">")
    if close < 0 or b"<" in text[:close] or _opens_tag(text[close:]):
        return line
    # the nearest '<' above must open a start tag still open at this line (no '>' after it), and
    # stand after a closed tag with nothing but text between (no '<' of a comment, CDATA or PI)
    opening = data.rfind(b"<", 0, offset)
    if opening < 0 or data.rfind(b">", opening, offset) >= 0 or data[opening + 1:opening + 2] in _NOT_A_START \
            or data.find(b"<", data.rfind(b">", 0, opening) + 1, opening) >= 0:
        return line
    return line - data.count(b"\n", opening, offset)


def _opens_tag(text: bytes) -> bool:
    """Whether `text` holds a start tag (`<name`): another element the line could be meant for."""
    at = text.find(b"<")
    while at >= 0:
        following = text[at + 1:at + 2]
        if following and following not in _NOT_A_START:
            return True
        at = text.find(b"<", at + 1)
    return False


def line_offsets(data: bytes, lines: Sequence[int]) -> list[int]:
    """Where each line (1-based, ascending) starts in `data`, -1 past its last line: the
    kernel `_positions` in one memchr pass, else step by step here (its oracle)."""
    kernel = accelerator("_positions")
    if kernel is not None:
        return kernel.line_offsets(data, lines)
    return line_offsets_in_python(data, lines)


def line_offsets_in_python(data: bytes, lines: Sequence[int]) -> list[int]:
    if not isinstance(data, bytes):
        raise TypeError("line_offsets() wants bytes")
    found, line, at, previous = [], 1, 0, 1
    for wanted in map(index, lines):
        if wanted < previous:
            raise ValueError("line_offsets() wants line numbers from 1 up, in ascending order")
        previous = wanted
        while at >= 0 and line < wanted:
            newline = data.find(b"\n", at)
            at = -1 if newline < 0 else newline + 1
            line += 1
        found.append(at)
    return found


class SourceLines:
    """The game XML's text, read at the lines findings name."""

    def __init__(self, data: bytes | None) -> None:
        # UTF-16 (a byte-order mark, or a NUL among the first bytes) has no lines by bytes: read none
        self._data = None if data is None or data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\0" in data[:4] else data
        self._offsets: list[int] | None = None

    def start_of(self, line: int | None) -> int | None:
        """Where the start tag that libxml2 numbers `line` opens (see tag_start): for a line a
        message names, of an element a rule has read."""
        data = self._data
        if line is None or data is None or line < 1:
            return line
        if self._offsets is None:  # where every line starts, found once: a rule may name hundreds
            self._offsets = line_offsets(data, range(1, data.count(b"\n") + 2))
        return line if line > len(self._offsets) else tag_start(data, line, self._offsets[line - 1])

    def starts_of(self, lines: Iterable[int]) -> dict[int, int]:
        """{line: where the start tag that libxml2 numbers it opens} for lines from 1 up."""
        wanted = sorted(set(lines))
        data, known = self._data, self._offsets
        if data is None:
            return {line: line for line in wanted}
        offsets = line_offsets(data, wanted) if known is None else \
            [known[line - 1] if line <= len(known) else -1 for line in wanted]  # (start_of found them all)
        return {line: line if offset < 0 else tag_start(data, line, offset) for line, offset in zip(wanted, offsets)}

    def moved(self, findings: Iterable[Finding], xml_file: str | None,
              element_lines: Callable[[], set[int]]) -> list[Finding]:
        """The findings, each of the game XML at the line its start tag opens on; a line moves
        only if it is one of `element_lines()` (asked only then): the lines of other findings
        (text between elements) are their own."""
        findings = list(findings)
        if self._data is None:
            return findings
        # of the game XML, at a line, and an element's line (libxml2 counts '\n' alone: a '\r'
        # before it stays on the line and reads as text)
        movable = [finding[4] is not None and finding[4] >= 1 and finding[3] == xml_file
                   and finding[0] not in _OWN_LINES for finding in findings]
        lines = [finding[4] for finding, can in zip(findings, movable) if can]
        starts = {line: start for line, start in self.starts_of(lines).items() if start != line}
        if starts:
            of_elements = element_lines()
            starts = {line: start for line, start in starts.items() if line in of_elements}
        if not starts:
            return findings
        # (two findings may now read alike, of two elements: both are kept)
        return [finding_of((*finding[:4], starts[finding[4]], *finding[5:])) if can and finding[4] in starts
                else finding for finding, can in zip(findings, movable)]
