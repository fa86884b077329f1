"""Readers for a map folder's text files, keeping line numbers and malformed lines.

Formats follow the engine's PointFileReaderWriter (see shared docs): `polygons.txt` is
`NAME < (x,y) ... > < ... >`; one-point files are `NAME (x,y)`; `place.txt` is
`NAME (x,y) ... [| overflowToLeft=true|false]`. `map.properties` is Java properties.

Point files are read by the C reader (`_pointtext.c`) when it is built: plainly written lines
come back as entries, every other line is read here with the regular expressions, which
define the format. Without it (or with DDAY2_PURE set) `pointtext` reads the plain lines.
Both give the same entries and malformed lines (tests compare them).
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, field
from collections.abc import Sequence
from functools import cached_property
from operator import attrgetter

from converter.check.javatext import JAVA_INT, JAVA_REGEX_BLANKS, JAVA_TRIMMED, is_blank, java_lines
from converter.check.lazy import cached
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pragma: no cover - numpy loads with the first point file read
    import numpy as np

Point = tuple[int, int]
Polygon = tuple[Point, ...]

_NAME = attrgetter("name")
_LINE = attrgetter("line")
# 2.x's PointFileReaderWriter patterns: Java's \s and \d are ASCII ([ \t\n\x0b\f\r], [0-9])
_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)", re.ASCII)
_POLYGON = re.compile(r"<([^>]*)>")
_DEFAULT_OVERFLOW = re.compile(r"overflowToLeft\s*=\s*false", re.IGNORECASE)


class PolygonList(Sequence):
    """An entry's polygons, each a tuple of (x, y) tuples. Plainly written ones stay rows of
    the parsed array until someone reads their points: the checks need only their count
    (numpy reads the array), so 25,000 tuples are never built for a clean map. The C reader
    gives `rows` instead of items: (coordinates, first row, the file's polygon sizes as int64
    bytes, this entry's first polygon among them, its polygon count), sliced only when
    someone asks (a numpy slice per polygon would be half the cost of the C parse)."""

    __slots__ = ("_items", "_tuples", "_rows")

    def __init__(self, items: Sequence[Polygon | np.ndarray] | None = None,
                 rows: tuple[np.ndarray, int, bytes, int, int] | None = None) -> None:
        self._items = items
        self._tuples: tuple[Polygon, ...] | None = None
        self._rows = rows

    def _all(self) -> tuple[Polygon, ...]:
        if self._tuples is None:
            self._tuples = tuple(item if isinstance(item, tuple) else tuple(map(tuple, item.tolist()))
                                 for item in self.unread())
        return self._tuples

    def __len__(self) -> int:
        return len(self._items) if self._items is not None else self._rows[4]

    def unread(self) -> Sequence[Polygon | np.ndarray]:
        """The polygons as they are held: parsed rows or tuples (each has a len)."""
        if self._items is None:
            coordinates, row, sizes, first, count = self._rows
            items = []
            for size in memoryview(sizes).cast("q")[first:first + count].tolist():
                items.append(coordinates[row:row + size])
                row += size
            self._items = items
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


@dataclass(frozen=True, slots=True)  # slots: the C reader builds hundreds per check, no dict each
class Entry:  # the C reader (_pointtext.c) fills these five fields by name, without __init__
    name: str
    line: int
    points: tuple[Point, ...] = ()
    polygons: Sequence[Polygon] = ()  # a PolygonList from read_polygons
    options: str = ""  # place.txt text after `|`


def point_entry(name: str, line: int, points: tuple) -> Entry:
    """A point entry with no polygons or options (Entry's keywords, without its __init__'s cost)."""
    entry = object.__new__(Entry)
    for field_name, value in (("name", name), ("line", line), ("points", points), ("polygons", ()), ("options", "")):
        object.__setattr__(entry, field_name, value)
    return entry


@dataclass(frozen=True, slots=True)
class Malformed:
    line: int
    text: str
    reason: str
    # of a line read in part: the text 2.x skips ("" where it skips none); the reason says it too
    skipped: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class ReadInPart:
    """A point-file line 2.x reads while ignoring some of its text: the entry, and why."""
    entry: Entry
    note: Malformed


@dataclass
class PointFile:
    path: Path
    entries: list[Entry] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    read_in_part: list[Malformed] = field(default_factory=list)  # lines whose entry ignores some text (M304)
    # polygons.txt lines 2.x reads whose every polygon has fewer than 3 points: the name, drawn nowhere
    drawless: list[Entry] = field(default_factory=list)
    unreadable: str | None = None  # why the file could not be read at all
    # polygon_arrays as the C reader found them, when it read every entry
    known_arrays: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False, compare=False)
    # each entry's number of polygons, likewise (polygonlayout reads them without asking each entry)
    known_polygon_counts: list[int] | None = field(default=None, repr=False, compare=False)

    @cached
    def name_set(self) -> frozenset[str]:
        """The names the file gives, drawn or not (M302, M303 and M306 each ask; the map-file
        thread reads it once)."""
        return frozenset(map(_NAME, self.named_entries))

    @property
    def named_entries(self) -> list[Entry]:
        """The entries and the `drawless` names, in line order."""
        return sorted(self.entries + self.drawless, key=_LINE) if self.drawless else self.entries

    @cached_property
    def polygon_arrays(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Every polygon of the entries, in order, as one int64 array of (x, y) rows, and
        each polygon's number of points: for numpy code, without walking the tuples. None
        when a coordinate does not fit int64 (the tuples hold it; numpy code cannot)."""
        import numpy as np

        if self.known_arrays is not None:
            return self.known_arrays
        polygons = [polygon for entry in self.entries for polygon in unread_polygons(entry)]
        try:
            pieces = [polygon if isinstance(polygon, np.ndarray) else np.array(polygon, dtype=np.int64).reshape(-1, 2)
                      for polygon in polygons]
        except OverflowError:
            return None
        sizes = np.fromiter(map(len, polygons), dtype=np.int64, count=len(polygons))
        return (np.concatenate(pieces) if pieces else np.zeros((0, 2), dtype=np.int64)), sizes


def unread_polygons(entry: Entry) -> Sequence[Polygon | np.ndarray]:
    """An entry's polygons without building point tuples for them (see PolygonList)."""
    return entry.polygons.unread() if isinstance(entry.polygons, PolygonList) else entry.polygons


def _read(path: Path, into: PointFile) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError as error:
        into.unreadable = error.strerror or str(error)
        return None


def _decoded(data: bytes, into: PointFile) -> str | None:
    try:
        return data.decode("utf-8")  # a byte-order mark stays: TripleA reads it as part of the first name
    except UnicodeDecodeError as error:
        into.unreadable = f"not UTF-8 ({error.reason} at byte {error.start})"
        return None


def _lines(data: bytes, into: PointFile) -> list[tuple[int, str]]:
    text = _decoded(data, into)
    if text is None:
        return []
    return [(number, line) for number, line in enumerate(java_lines(text), start=1) if not is_blank(line)]


def read_lines(path: Path) -> dict[int, str]:
    """A text file's non-blank lines by number, numbered as the point readers number them
    (for a rule that needs a line as written); empty when it cannot be read."""
    scratch = PointFile(path)
    data = _read(path, scratch)
    return dict(_lines(data, scratch)) if data is not None else {}


def _points(text: str) -> tuple[tuple[Point, ...], str]:
    """Points in `text` and whatever is left over once they, blanks and commas between them are
    removed: the definition of a point list (plain lists take `pointtext`'s faster, equal
    reading). Commas are separators to both engines (1.9 splits on them, 2.x skips them)."""
    points = tuple((int(x), int(y)) for x, y in _POINT.findall(text))
    leftover = _POINT.sub("", text).strip()
    return points, "" if not leftover.strip(_SEPARATORS) else leftover


_SEPARATORS = ", \t"
_BEYOND_INT = "a coordinate beyond Java's int range, which stops TripleA loading the map"


def _beyond_int(points) -> bool:
    """Whether a point read by the regular expressions holds a number Integer.parseInt refuses."""
    return any(x not in JAVA_INT or y not in JAVA_INT for x, y in points)


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


def _kernel():
    from converter.check.accel import accelerator

    return accelerator("_pointtext")


def _with_kernel_result(result: PointFile, data: bytes, ascii_only: bool, entries: list[Entry],
                        others: list[tuple[int, int, int]], read_line) -> bool:
    """Fill `result` from the C reader's entries and the lines it left to `read_line`
    (number, text -> Entry | Malformed); False when the file is not UTF-8 (then unreadable)."""
    if not ascii_only and _decoded(data, result) is None:
        return False
    if not others:
        result.entries = entries
        return True
    read = []
    for number, start, end in others:
        line = data[start:end].decode("utf-8")
        if not is_blank(line):  # (only a line of other blanks, or non-ASCII ones, gets here)
            _file_away(read_line(number, line), read, result)
    result.entries = list(heapq.merge(entries, read, key=_LINE)) if read else entries
    return True


def _file_away(found: Entry | Malformed | ReadInPart, entries: list[Entry], result: PointFile) -> None:
    """A line's reading into `entries` or the file's malformed or read-in-part lines."""
    if isinstance(found, Entry):
        entries.append(found)
    elif isinstance(found, ReadInPart):
        if found.entry.polygons or found.entry.points:
            entries.append(found.entry)
        else:  # polygons.txt: only polygons that draw nothing
            result.drawless.append(found.entry)
        result.read_in_part.append(found.note)
    else:
        result.malformed.append(found)


def _polygon_line(number: int, line: str) -> Entry | Malformed | ReadInPart:
    """One line of `polygons.txt` read with the regular expressions (the format's definition).
    Text between or after polygons, or between the points inside one, is what 2.x's
    PointFileReaderWriter skips (it reads every `(x,y)` of every `<...>` of the line): the
    entry stands and the text is noted (`_polygon_entry`, which also notes short polygons)."""
    name, bracket, rest = line.partition("<")
    name = name.strip(JAVA_TRIMMED)
    if not bracket or not name:
        return Malformed(number, line.strip()[:60], "expected `NAME < (x,y) ... >`")
    leftover = _POLYGON.sub("", "<" + rest).strip()
    leftover = "" if not leftover.strip(_SEPARATORS) else leftover  # commas between polygons separate them
    return _polygon_entry(number, line, name, [(*_points(group), None) for group in _POLYGON.findall("<" + rest)],
                          leftover)


def _polygon_entry(number: int, line: str, name: str, read, leftover: str) -> Entry | Malformed | ReadInPart:
    """The entry of a line from its groups read: (points, junk, parsed rows or None) each. A
    polygon of fewer than three points is read by 2.x but draws nothing and is never clicked:
    the entry keeps the others, noted; with none left the line stands for its name alone
    (ReadInPart with a polygon-less entry, which `_file_away` files under `drawless`)."""
    shown = line.strip()[:60]
    if any(_beyond_int(points) for points, _, parsed in read if parsed is None):  # (parsed rows fit: pointtext)
        return Malformed(number, shown, _BEYOND_INT)
    if not read or "<" in leftover or ">" in leftover:  # an unclosed or stray bracket: not as 2.x would read it
        return Malformed(number, shown, f"unexpected {leftover[:30]!r}" if leftover else "no polygon")
    polygons, drawless = [], []  # the polygons drawn; the point counts of those that draw nothing
    for points, _, parsed in read:
        kept = points if parsed is None else parsed
        if len(kept) >= 3:
            polygons.append(kept)
        else:
            drawless.append(len(kept))
    insides = [junk for _, junk, _ in read if junk]
    notes = ([f"{leftover[:30]!r} between the polygons is ignored"] if leftover else []) + \
        [f"{junk[:30]!r} inside a polygon is ignored" for junk in insides[:3 - bool(leftover)]]
    if drawless:
        notes.append(_drawless_note(drawless, any_drawn=bool(polygons)))
    entry = Entry(name, number, polygons=PolygonList(polygons))
    # every piece skipped, one per line (a polygon drawing nothing is the finding then, whatever is skipped)
    skipped = "" if drawless else "\n".join(piece for piece in [leftover, *insides] if piece)
    return ReadInPart(entry, Malformed(number, shown, "; ".join(notes), skipped)) if notes else entry


def _drawless_note(sizes: list[int], any_drawn: bool) -> str:
    """M304's reason for polygons of fewer than three points (`sizes`: their point counts)."""
    counts = " and ".join(f"{size} point{'' if size == 1 else 's'}" for size in sorted(set(sizes)))
    what = f"a polygon of {counts}" if len(sizes) == 1 else f"{len(sizes)} polygons of {counts}"
    if any_drawn:
        return f"{what} draws nothing and is never clicked"
    return f"{what}, and no other, so 2.x reads the territory but draws it nowhere and it cannot be clicked"


def read_polygons(path: Path) -> PointFile:
    """`polygons.txt`: plainly written lines are parsed all at once (by the C reader, else
    `pointtext`), the rest line by line with the regular expressions; both read the same."""
    from converter.check.pointtext import int64_rows, plain_point_lists  # numpy: map folders only

    result = PointFile(path)
    data = _read(path, result)
    if data is None:
        return result
    kernel = _kernel()
    parsed = kernel.read_polygons(data, Entry, PolygonList, int64_rows) if kernel else None
    if parsed is not None:
        entries, others, coordinates, sizes, ascii_only, counts = parsed
        if _with_kernel_result(result, data, ascii_only, entries, others, _polygon_line) \
                and len(result.entries) == len(entries):  # else polygon_arrays joins them
            result.known_arrays = coordinates, int64_rows(sizes, columns=1)
            result.known_polygon_counts = memoryview(counts).cast("q").tolist()
        return result
    lines = _lines(data, result)
    split = []  # per line: name, whether it has a `<`, its polygon texts when plainly laid out
    for _, line in lines:
        name, bracket, rest = line.partition("<")
        name = name.strip(JAVA_TRIMMED)
        split.append((name, bracket, _plain_groups(rest) if bracket and name else None))
    counts, coordinates = plain_point_lists([text for _, _, groups in split if groups for text in groups])
    starts, start = [], 0
    for count in counts:
        starts.append(start)
        start += max(count, 0)
    plain = zip(counts, starts)
    for (number, line), (name, bracket, groups) in zip(lines, split):
        if groups is None:
            found = _polygon_line(number, line)
        else:
            read = []
            for group in groups:
                count, start = next(plain)
                read.append((*_points(group), None) if count < 0 else ((), "", coordinates[start:start + count]))
            # text inside a polygon: read as the C reader leaves it to _polygon_line
            found = _polygon_line(number, line) if any(junk for _, junk, _ in read) else \
                _polygon_entry(number, line, name, read, "")
        _file_away(found, result.entries, result)
    return result


def _point_entry(number: int, line: str, name: str, points, junk: str, options: str,
                 allow_options: bool, text: str = "") -> Entry | Malformed | ReadInPart:
    """The entry of a point-file line, as TripleA 2.x's PointFileReaderWriter reads it: in
    place.txt every `(x,y)` before the first ` | ` counts and other text is skipped; in
    centers.txt the point right after the name counts and the rest of the line is skipped.
    Skipped text leaves the entry standing, noted as read in part (in place.txt not from its
    first `|` on: the options, which M313 judges); `text` is the line from its first `(`
    (needed when `junk` is not empty)."""
    if not name or not points:
        return Malformed(number, line.strip()[:60], "no name" if not name else "no point")
    if _beyond_int(points if allow_options else points[:1]):  # centers.txt: 2.x reads the first point only
        return Malformed(number, line.strip()[:60], _BEYOND_INT)
    if allow_options:
        junk = junk.partition("|")[0].strip()
        entry = Entry(name, number, points=points, options=options.strip())
        if not junk or _DEFAULT_OVERFLOW.fullmatch(junk):
            return entry  # (an option meaning the default, false, written without its " | ": ignored alike)
        return ReadInPart(entry, Malformed(number, line.strip()[:60], f"{junk[:30]!r} beside the points is ignored",
                                           junk))
    if len(points) == 1 and not junk:
        return Entry(name, number, points=points)
    first = _POINT.match(text)
    if first is None:  # 2.x skips the line: the territory has no center (text from `(` on holds junk then)
        return Malformed(number, line.strip()[:60], f"unexpected {junk[:30]!r}")
    rest = text[first.end():].strip()
    return ReadInPart(Entry(name, number, points=points[:1]),
                      Malformed(number, line.strip()[:60], f"{rest[:30]!r} after the point is ignored", rest))


def _split_point_line(line: str, allow_options: bool) -> tuple[str, str, str]:
    """name, the point text from its first `(`, options (from the first `|`). 2.x reads a
    place.txt line's points before its first ` | ` and trims its name (String.trim); a
    one-point file's name keeps the blanks before it (`^([^(]*?)\\s*\\(`)."""
    body, options = (line.split(" | ", 1)[0], line.partition("|")[2]) if allow_options else (line, "")
    name, paren, rest = body.partition("(")
    return name.strip(JAVA_TRIMMED) if allow_options else name.rstrip(JAVA_REGEX_BLANKS), paren + rest, options


def read_point_file(path: Path, allow_options: bool = False) -> PointFile:
    """One-point files and `place.txt` (`allow_options`: many points and `| options`)."""
    from converter.check.pointtext import plain_point_lists, point_tuples  # numpy: map folders only

    result = PointFile(path)
    data = _read(path, result)
    if data is None:
        return result
    kernel = _kernel()
    parsed = kernel.read_points(data, allow_options, Entry) if kernel else None
    if parsed is not None:
        entries, others, ascii_only = parsed

        def read_line(number: int, line: str) -> Entry | Malformed | ReadInPart:
            name, text, options = _split_point_line(line, allow_options)
            return _point_entry(number, line, name, *_points(text), options, allow_options, text)

        _with_kernel_result(result, data, ascii_only, entries, others, read_line)
        return result
    lines = _lines(data, result)
    split = [_split_point_line(line, allow_options) for _, line in lines]
    counts, coordinates = plain_point_lists([text for _, text, _ in split])
    for (number, line), (name, text, options), plain in zip(lines, split, point_tuples(counts, coordinates)):
        points, junk = (plain, "") if plain is not None else _points(text)
        _file_away(_point_entry(number, line, name, points, junk, options, allow_options, text), result.entries,
                   result)
    return result


class PropertyLine(NamedTuple):  # a tuple: a map.properties has dozens, built in C
    key: str
    value: str
    line: int


_PROPERTY = re.compile(r"([^=:\s]+)(?:[ \t\f]*[=:\s][ \t\f]*(.*))?$", re.DOTALL)


@dataclass
class MapProperties:
    path: Path
    items: list[PropertyLine] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    unreadable: str | None = None

    def get(self, key: str) -> str | None:
        found = [item.value for item in self.items if item.key == key]
        return found[-1] if found else None  # java.util.Properties: the last one wins

    def size(self) -> tuple[int, int] | None:
        """(map.width, map.height); None when either is absent or not a whole number."""
        try:
            return int(self.get("map.width") or ""), int(self.get("map.height") or "")
        except ValueError:
            return None

    def unit_size(self) -> tuple[int, int]:
        """The size the engine draws a unit image at by default: units.width x units.height
        (48 each) times units.scale (1), as TripleA 2.x's UnitImageFactory rounds them; a value
        it cannot read is its default (as 2.x's MapData falls back)."""
        scale = self.unit_scale()
        width = _number(self.get("units.width"), int, DEFAULT_UNIT_SIZE, 0, UNIT_SIZE_LIMIT)
        height = _number(self.get("units.height"), int, DEFAULT_UNIT_SIZE, 0, UNIT_SIZE_LIMIT)
        return int(scale * width), round(scale * height)

    def unit_scale(self) -> float:
        """units.scale (1 when absent or unreadable, as 2.x's MapData falls back)."""
        return _number(self.get("units.scale"), float, 1.0, 0.0, UNIT_SCALE_LIMIT)

    def drawn_image_size(self, width: int, height: int) -> tuple[int, int]:
        """The size the engine draws a width x height unit image at: scaled by units.scale,
        each side cut to whole pixels and at least 1 (2.x UnitImageFactory)."""
        scale = self.unit_scale()
        return max(1, int(width * scale)), max(1, int(height * scale))


DEFAULT_UNIT_SIZE = 48  # px, 2.x UnitImageFactory.DEFAULT_UNIT_ICON_SIZE
# beyond these a hostile map.properties would push points past any map (a unit is tens of px)
UNIT_SCALE_LIMIT, UNIT_SIZE_LIMIT = 100.0, 100_000


def _number(text: str | None, kind: type, default, low, high):
    """`text` read as the engine reads it: Integer.parseInt takes no blanks around the digits,
    Double.parseDouble trims them; the default when it cannot (as MapData falls back)."""
    if text is None or (kind is int and text != text.strip()):
        return default
    try:
        value = kind(text.strip())
    except ValueError:
        return default
    return value if low <= value <= high else default  # (NaN fails both comparisons)


def map_flag(properties: MapProperties | None, key: str, default: bool) -> bool:
    """A map.properties switch as 2.x's MapData reads it: Boolean.parseBoolean of the value, the
    default where the key is absent (an empty value, or `true ` with a trailing blank, is false)."""
    value = properties.get(key) if properties is not None else None
    return default if value is None else value.lower() == "true"


def read_map_properties(path: Path) -> MapProperties:
    """Java properties, simplified: `#`/`!` comments, `key=value` or `key: value`, no continuations.
    As java.util.Properties, a value keeps its trailing blanks (the engine reads `true ` as false)."""
    result = MapProperties(path)
    try:
        text = path.read_bytes().decode("latin-1")  # java.util.Properties reads ISO-8859-1
    except OSError as error:
        result.unreadable = error.strerror or str(error)
        return result
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.lstrip(_PROPERTY_BLANKS)
        if not line.strip() or line[0] in "#!":
            continue
        match = _PROPERTY.match(line)
        if not match:
            result.malformed.append(Malformed(number, line.rstrip()[:60], "expected `key=value`"))
            continue
        result.items.append(PropertyLine(match.group(1), match.group(2) or "", number))
    return result


_PROPERTY_BLANKS = " \t\f"  # what java.util.Properties skips before a key and around its separator
