"""The keys of a Java `.properties` file as java.util.Properties.load reads them: logical
lines joined at a trailing odd backslash, `#`/`!` comments, a key ending at its first
unescaped `=`, `:` or blank, and its escapes undone. Map makers write long HTML messages in
notifications.properties over several lines, which a line-by-line reader would take for keys.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

_BLANKS = " \t\f"
_NATURAL_LINES = re.compile(r"\r\n|\r|\n")
_SIMPLE_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def read_keys(path: Path) -> dict[str, int]:
    """Each key of the file -> the line it starts on (its last definition's, as the engine keeps
    the last). OSError when the file cannot be read."""
    text = path.read_bytes().decode("latin-1")  # load(InputStream) reads ISO-8859-1
    return {key: line for key, line in logical_keys(text)}


def logical_keys(text: str) -> Iterator[tuple[str, int]]:
    """(key, line number) of each logical line that defines one, in file order. As Java 9+'s
    LineReader: while a logical line is still empty (a new one, or one continued from an
    empty start) a `#` or `!` makes the natural line a comment and a blank line ends it."""
    pending: str | None = None  # the logical line read so far; None between logical lines
    start = 0
    naturals = _NATURAL_LINES.split(text)
    if naturals[-1] == "":
        naturals.pop()  # the text after a final line break is no line: the file ends there
    for number, natural in enumerate(naturals, start=1):
        content = natural.lstrip(_BLANKS)
        if not pending:  # nothing read yet on this logical line
            if not content or content[0] in "#!":
                pending = None  # a blank or comment line: any continuation ends here
                continue
            if pending is None:
                start = number
        pending = (pending or "") + content
        if _continues(pending):
            pending = pending[:-1]  # joined with the next natural line
            continue
        yield _unescape(_raw_key(pending)), start
        pending = None
    if pending is not None:  # the file ends on a continuation: its backslash is dropped (even one
        yield _unescape(_raw_key(pending)), start  # continuing nothing gives the key "", as Java does)


def _continues(line: str) -> bool:
    """Does the line end with an odd number of backslashes?"""
    return (len(line) - len(line.rstrip("\\"))) % 2 == 1


def _raw_key(line: str) -> str:
    escaped = False
    for index, character in enumerate(line):
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif character in "=:" or character in _BLANKS:
            return line[:index]
    return line


def _unescape(key: str) -> str:
    if "\\" not in key:
        return key
    out, index = [], 0
    while index < len(key):
        character = key[index]
        index += 1
        if character != "\\" or index == len(key):
            out.append(character)
            continue
        character = key[index]
        index += 1
        if character == "u":
            digits = key[index:index + 4]
            if len(digits) < 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
                raise ValueError("malformed \\uxxxx escape")  # load() throws IllegalArgumentException
            out.append(chr(int(digits, 16)))
            index += 4
        else:
            out.append(_SIMPLE_ESCAPES.get(character, character))
    return "".join(out)
