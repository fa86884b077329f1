"""Readers for a map folder's text files, keeping line numbers and malformed lines.

Formats follow the engine's PointFileReaderWriter (see shared docs): `polygons.txt` is
`NAME < (x,y) ... > < ... >`; one-point files are `NAME (x,y)`; `place.txt` is
`NAME (x,y) ... [| overflowToLeft=true|false]`. `map.properties` is Java properties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

Point = tuple[int, int]
Polygon = tuple[Point, ...]

_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_POLYGON = re.compile(r"<([^<>]*)>")


@dataclass(frozen=True)
class Entry:
    name: str
    line: int
    points: tuple[Point, ...] = ()
    polygons: tuple[Polygon, ...] = ()
    options: str = ""  # place.txt text after `|`


@dataclass(frozen=True)
class Malformed:
    line: int
    text: str
    reason: str


@dataclass
class PointFile:
    path: Path
    entries: list[Entry] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    unreadable: str | None = None  # why the file could not be read at all

    def by_name(self) -> dict[str, Entry]:
        """First entry per name (duplicates are reported by a rule, not hidden here)."""
        table: dict[str, Entry] = {}
        for entry in self.entries:
            table.setdefault(entry.name, entry)
        return table


def _lines(path: Path, into: PointFile) -> list[tuple[int, str]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        into.unreadable = f"not UTF-8 ({error.reason} at byte {error.start})"
        return []
    except OSError as error:
        into.unreadable = error.strerror or str(error)
        return []
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]


_NUMBER = re.compile(r"-?\d+")
_NOT_POINT_TEXT = re.compile(r"[^\d\s(),-]")


_SEPARATORS = str.maketrans("(),", "   ")


@cache
def _small_ints() -> dict[str, int]:
    """Canonical decimal text -> int for every coordinate a map plausibly has: a dict
    lookup is several times cheaper than int() on the ~50,000 numbers of a polygons.txt.
    A fixed table (not learned from input), built once per process."""
    return {str(value): value for value in range(-1024, 16384)}


def _points(text: str) -> tuple[tuple[Point, ...], str]:
    """Points in `text` and whatever is left over once they and blanks are removed.
    Fast path (polygons.txt is large): C-level split and int() of `(x,y)` pairs; any text it
    cannot prove plain (a token int() refuses, `+` or `_` that int() would accept) takes
    the regex path, so both paths agree."""
    tokens = text.translate(_SEPARATORS).split()
    if len(tokens) % 2 == 0 and "+" not in text and "_" not in text and \
            text.count("(") == text.count(")") == text.count(",") == len(tokens) // 2:
        values = list(map(_small_ints().get, tokens))
        if None in values:  # not canonical or out of the table's range: int() decides
            try:
                values = list(map(int, tokens))
            except ValueError:
                values = None
        if values is not None:
            pairs = iter(values)
            return tuple(zip(pairs, pairs)), ""
    numbers = _NUMBER.findall(text)
    if not _NOT_POINT_TEXT.search(text) and len(numbers) % 2 == 0 and \
            text.count("(") == text.count(")") == text.count(",") == len(numbers) // 2:
        values = list(map(int, numbers))
        return tuple(zip(values[0::2], values[1::2])), ""
    points = tuple((int(x), int(y)) for x, y in _POINT.findall(text))
    return points, _POINT.sub("", text).strip()


def read_polygons(path: Path) -> PointFile:
    result = PointFile(path)
    for number, line in _lines(path, result):
        name, bracket, rest = line.partition("<")
        name = name.strip()
        if not bracket or not name:
            result.malformed.append(Malformed(number, line.strip()[:60], "expected `NAME < (x,y) ... >`"))
            continue
        polygons = []
        body = rest.rstrip()
        if "<" not in body and body.endswith(">") and body.count(">") == 1:
            groups, leftover = [body[:-1]], ""  # the usual line: one polygon, no regex needed
        else:
            groups = _POLYGON.findall("<" + rest)
            leftover = _POLYGON.sub("", "<" + rest).strip()
        for group in groups:
            points, junk = _points(group)
            if junk or len(points) < 3:
                leftover = leftover or junk or "a polygon with fewer than 3 points"
                continue
            polygons.append(points)
        if leftover or not polygons:
            result.malformed.append(Malformed(number, line.strip()[:60], f"unexpected {leftover[:30]!r}"
                                              if leftover else "no polygon"))
            continue
        result.entries.append(Entry(name, number, polygons=tuple(polygons)))
    return result


def read_point_file(path: Path, allow_options: bool = False) -> PointFile:
    """One-point files and `place.txt` (`allow_options`: many points and `| options`)."""
    result = PointFile(path)
    for number, line in _lines(path, result):
        body, _, options = line.partition("|") if allow_options else (line, "", "")
        name, paren, rest = body.partition("(")
        name = name.strip()
        points, junk = _points(paren + rest)
        if not name or not points or junk:
            reason = "no name" if not name else "no point" if not points else f"unexpected {junk[:30]!r}"
            result.malformed.append(Malformed(number, line.strip()[:60], reason))
            continue
        if not allow_options and len(points) != 1:
            result.malformed.append(Malformed(number, line.strip()[:60], f"{len(points)} points, expected one"))
            continue
        result.entries.append(Entry(name, number, points=points, options=options.strip()))
    return result


@dataclass(frozen=True)
class PropertyLine:
    key: str
    value: str
    line: int


@dataclass
class MapProperties:
    path: Path
    items: list[PropertyLine] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    unreadable: str | None = None

    def get(self, key: str) -> str | None:
        found = [item.value for item in self.items if item.key == key]
        return found[-1] if found else None  # java.util.Properties: the last one wins


def read_map_properties(path: Path) -> MapProperties:
    """Java properties, simplified: `#`/`!` comments, `key=value` or `key: value`, no continuations."""
    result = MapProperties(path)
    try:
        text = path.read_bytes().decode("latin-1")  # java.util.Properties reads ISO-8859-1
    except OSError as error:
        result.unreadable = error.strerror or str(error)
        return result
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        match = re.match(r"([^=:\s]+)(?:\s*[=:\s]\s*(.*))?$", line)
        if not match:
            result.malformed.append(Malformed(number, line[:60], "expected `key=value`"))
            continue
        result.items.append(PropertyLine(match.group(1), (match.group(2) or "").strip(), number))
    return result
