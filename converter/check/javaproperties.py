"""The keys and values of a Java `.properties` file as java.util.Properties.load reads them:
logical lines joined at a trailing odd backslash, `#`/`!` comments, a key ending at its first
unescaped `=`, `:` or blank, the value after blanks and one `=` or `:`, and their escapes
undone. Map makers write long HTML messages in notifications.properties over several lines,
which a line-by-line reader would take for keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from converter.check.imagefiles import read_file
from converter.check.javatext import java_lines

MAX_PROPERTIES_BYTES = 64 * 1024 * 1024  # read of one file at most; real ones are a few hundred KB

_BLANKS = " \t\f"
_SIMPLE_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def read_keys(path: Path) -> dict[str, int]:
    """Each key of the file -> the line it starts on (its last definition's, as the engine keeps
    the last), of its first MAX_PROPERTIES_BYTES. OSError when the file cannot be read or is no
    regular file."""
    text = read_file(str(path), MAX_PROPERTIES_BYTES).decode("latin-1")  # load(InputStream) reads ISO-8859-1
    return {key: line for key, line in logical_keys(text)}


class RepeatedKey(NamedTuple):
    """A line setting a key the file has set before: Java keeps this line's value."""

    key: str
    value: str
    line: int
    first_value: str  # the value it had until this line
    first_line: int  # the line that set it first


def read_values(path: Path) -> dict[str, tuple[str, int]]:
    """Each key of the file -> its value and the line it starts on (the last definition's), of
    its first MAX_PROPERTIES_BYTES. OSError when the file cannot be read or is no regular file
    (a FIFO would block); ValueError for a malformed `\\u` escape."""
    return {key: (value, line) for key, value, line in read_entries(path)}


def read_entries(path: Path) -> list[tuple[str, str, int]]:
    """(key, value, line) of each definition in the file, repeats included, as `read_values` reads it."""
    return list(logical_entries(read_file(str(path), MAX_PROPERTIES_BYTES).decode("latin-1")))


def logical_keys(text: str) -> Iterator[tuple[str, int]]:
    """(key, line number) of each logical line that defines one, in file order."""
    for key, _value, line in logical_entries(text):
        yield key, line


def logical_entries(text: str) -> Iterator[tuple[str, str, int]]:
    """(key, value, line number) of each logical line that defines one, in file order. As Java
    9+'s LineReader: while a logical line is still empty (a new one, or one continued from an
    empty start) a `#` or `!` makes the natural line a comment and a blank line ends it."""
    pending: str | None = None  # the logical line read so far; None between logical lines
    start = 0
    # LineReader breaks natural lines as Files.lines does; the text after a final break is no line
    for number, natural in enumerate(java_lines(text), start=1):
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
        yield _entry(pending, start)
        pending = None
    if pending is not None:  # the file ends on a continuation: its backslash is dropped (even one
        yield _entry(pending, start)  # continuing nothing gives the key "", as Java does)


def _entry(line: str, number: int) -> tuple[str, str, int]:
    """Properties.load0: the key, then blanks and at most one `=` or `:` (the first, ending the
    key, counts as it), then the value to the line's end, trailing blanks kept."""
    raw_key = _raw_key(line)
    rest = line[len(raw_key):]
    separated = rest[:1] in ("=", ":")
    at = 1 if rest else 0  # the character that ended the key is no part of the value
    while at < len(rest):
        character = rest[at]
        if character in _BLANKS:
            at += 1
        elif not separated and character in "=:":
            separated = True
            at += 1
        else:
            break
    return _unescape(raw_key), _unescape(rest[at:]), number


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
    """loadConvert: the escapes of a key or a value undone."""
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
