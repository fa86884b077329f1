"""Readers for a map folder's text files, keeping line numbers and malformed lines.

Formats follow the engine's PointFileReaderWriter (see shared docs): `polygons.txt` is
`NAME < (x,y) ... > < ... >`; one-point files are `NAME (x,y)`; `place.txt` is
`NAME (x,y) ... [| overflowToLeft=true|false]`. `map.properties` is Java properties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - numpy loads with the first point file read
    import numpy as np

Point = tuple[int, int]
Polygon = tuple[Point, ...]

_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_POLYGON = re.compile(r"<([^<>]*)>")


class PolygonList(Sequence):
    """An entry's polygons, each a tuple of (x, y) tuples. Plainly written ones stay rows of
    the parsed array until someone reads their points: the checks need only their count
    (numpy reads the array), so 25,000 tuples are never built for a clean map."""

    __slots__ = ("_items", "_tuples")

    def __init__(self, items: Sequence[Polygon | np.ndarray]) -> None:
        self._items = items
        self._tuples: tuple[Polygon, ...] | None = None

    def _all(self) -> tuple[Polygon, ...]:
        if self._tuples is None:
            self._tuples = tuple(item if isinstance(item, tuple) else tuple(map(tuple, item.tolist()))
                                 for item in self._items)
        return self._tuples

    def __len__(self) -> int:
        return len(self._items)

    def unread(self) -> Sequence[Polygon | np.ndarray]:
        """The polygons as they are held: parsed rows or tuples (each has a len)."""
        return self._items

    def __getitem__(self, index):
        return self._all()[index]

    def __iter__(self):
        return iter(self._all())

    def __eq__(self, other) -> bool:
        return self._all() == (other._all() if isinstance(other, PolygonList) else other)

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


@dataclass(frozen=True)
class Entry:
    name: str
    line: int
    points: tuple[Point, ...] = ()
    polygons: Sequence[Polygon] = ()  # a PolygonList from read_polygons
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

    @cached_property
    def polygon_arrays(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Every polygon of the entries, in order, as one int64 array of (x, y) rows, and
        each polygon's number of points: for numpy code, without walking the tuples. None
        when a coordinate does not fit int64 (the tuples hold it; numpy code cannot)."""
        import numpy as np

        polygons = [polygon for entry in self.entries for polygon in unread_polygons(entry)]
        try:
            pieces = [polygon if isinstance(polygon, np.ndarray) else np.array(polygon, dtype=np.int64).reshape(-1, 2)
                      for polygon in polygons]
        except OverflowError:
            return None
        sizes = np.fromiter(map(len, polygons), dtype=np.int64, count=len(polygons))
        return (np.concatenate(pieces) if pieces else np.zeros((0, 2), dtype=np.int64)), sizes

    def by_name(self) -> dict[str, Entry]:
        """First entry per name (duplicates are reported by a rule, not hidden here)."""
        table: dict[str, Entry] = {}
        for entry in self.entries:
            table.setdefault(entry.name, entry)
        return table


def unread_polygons(entry: Entry) -> Sequence[Polygon | np.ndarray]:
    """An entry's polygons without building point tuples for them (see PolygonList)."""
    return entry.polygons.unread() if isinstance(entry.polygons, PolygonList) else entry.polygons


def _lines(path: Path, into: PointFile) -> list[tuple[int, str]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        into.unreadable = f"not UTF-8 ({error.reason} at byte {error.start})"
        return []
    except OSError as error:
        into.unreadable = error.strerror or str(error)
        return []
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line and not line.isspace()]


def _points(text: str) -> tuple[tuple[Point, ...], str]:
    """Points in `text` and whatever is left over once they and blanks are removed: the
    definition of a point list (plain lists take `pointtext`'s faster, equal reading)."""
    points = tuple((int(x), int(y)) for x, y in _POINT.findall(text))
    return points, _POINT.sub("", text).strip()


def _plain_groups(rest: str) -> list[str] | None:
    """The texts inside `< ... >` when the line after its first `<` is just `... > < ... >`
    with blanks after each `>` (what the regex would find, with nothing left over); None
    for anything else, which the regex reads."""
    groups = []
    for part in rest.split("<"):
        part = part.rstrip()
        if not part.endswith(">") or part.count(">") != 1:
            return None
        groups.append(part[:-1])
    return groups


def read_polygons(path: Path) -> PointFile:
    """`polygons.txt`: plainly written lines are parsed all at once (`pointtext`), the rest
    line by line with the regular expressions; both read the same."""
    from converter.check.pointtext import plain_point_lists, point_tuples  # numpy: map folders only

    result = PointFile(path)
    lines = _lines(path, result)
    split = []  # per line: name, whether it has a `<`, its polygon texts when plainly laid out
    for _, line in lines:
        name, bracket, rest = line.partition("<")
        name = name.strip()
        split.append((name, bracket, _plain_groups(rest) if bracket and name else None))
    counts, coordinates = plain_point_lists([text for _, _, groups in split if groups for text in groups])
    starts, start = [], 0
    for count in counts:
        starts.append(start)
        start += max(count, 0)
    plain = zip(counts, starts)
    for (number, line), (name, bracket, groups) in zip(lines, split):
        if not bracket or not name:
            result.malformed.append(Malformed(number, line.strip()[:60], "expected `NAME < (x,y) ... >`"))
            continue
        if groups is None:
            rest = line.partition("<")[2]
            groups = _POLYGON.findall("<" + rest)
            leftover = _POLYGON.sub("", "<" + rest).strip()
            read = [(*_points(group), None) for group in groups]
        else:
            leftover, read = "", []
            for group in groups:
                count, start = next(plain)
                read.append((*_points(group), None) if count < 0 else ((), "", coordinates[start:start + count]))
        polygons = []
        for points, junk, parsed in read:
            if junk or len(points if parsed is None else parsed) < 3:
                leftover = leftover or junk or "a polygon with fewer than 3 points"
                continue
            polygons.append(points if parsed is None else parsed)
        if leftover or not polygons:
            result.malformed.append(Malformed(number, line.strip()[:60], f"unexpected {leftover[:30]!r}"
                                              if leftover else "no polygon"))
            continue
        result.entries.append(Entry(name, number, polygons=PolygonList(polygons)))
    return result


def read_point_file(path: Path, allow_options: bool = False) -> PointFile:
    """One-point files and `place.txt` (`allow_options`: many points and `| options`)."""
    from converter.check.pointtext import plain_point_lists, point_tuples  # numpy: map folders only

    result = PointFile(path)
    lines = _lines(path, result)
    split = []  # per line: name, the point text from its first `(`, options
    for _, line in lines:
        body, _, options = line.partition("|") if allow_options else (line, "", "")
        name, paren, rest = body.partition("(")
        split.append((name.strip(), paren + rest, options))
    counts, coordinates = plain_point_lists([text for _, text, _ in split])
    for (number, line), (name, text, options), plain in zip(lines, split, point_tuples(counts, coordinates)):
        points, junk = (plain, "") if plain is not None else _points(text)
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
