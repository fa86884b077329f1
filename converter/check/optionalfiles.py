"""The map's optional point files, read as TripleA 2.x's MapData reads them.

Beside polygons.txt, centers.txt and place.txt a map may give points for its markers and
labels (vc.txt, capitols.txt, name_place.txt, ...: one point per name) and for its territory
effect images and decorations (territory_effects.txt, decorations.txt: any number of points
per name). MapData reads every map file in one fixed order (READ_ORDER) inside one `try`; a
line PointFileReaderWriter cannot read throws, and MapData then logs "Failed to initialize
map data" and reads no further file, map.properties included. A file that is not UTF-8 throws
an exception MapData does not catch, so the map does not load at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

from converter.check.folderlisting import FILE
from converter.check.imagefiles import read_file
from converter.check.javatext import JAVA_INT, JAVA_REGEX_BLANKS, JAVA_TRIMMED, is_blank, java_lines

# MapData's constructor, in its order (2.x; 1.9's is the same for these files)
READ_ORDER = ("place.txt", "territory_effects.txt", "polygons.txt", "centers.txt", "vc.txt", "convoy.txt",
              "comments.txt", "blockade.txt", "capitols.txt", "pu_place.txt", "name_place.txt",
              "kamikaze_place.txt", "decorations.txt", "map.properties")
ONE_POINT_FILES = ("vc.txt", "convoy.txt", "comments.txt", "blockade.txt", "capitols.txt", "pu_place.txt",
                   "name_place.txt", "kamikaze_place.txt")  # PointFileReaderWriter.readOneToOne
DECORATIONS_FILE = "decorations.txt"  # the one point file that names images, not territories
MANY_POINT_FILES = ("territory_effects.txt", DECORATIONS_FILE)  # readOneToMany
REQUIRED_FILES = ("polygons.txt", "centers.txt")  # without them MapData.verify refuses the game

_BLANK = f"[{JAVA_REGEX_BLANKS}]"  # Java's regex \s
_NUMBER = "(-?[0-9]+)"  # Java's regex -?\d+ (ASCII digits)
# readSingle's pattern, used with find() but anchored by its ^: the name is everything up to the
# first point, less the blanks before it (leading blanks stay in the name)
_NAME_AND_POINT = re.compile(rf"([^(]*?){_BLANK}*\({_BLANK}*{_NUMBER}{_BLANK}*,{_BLANK}*{_NUMBER}{_BLANK}*\)")
_POINT = re.compile(rf"{_BLANK}*\({_BLANK}*{_NUMBER}{_BLANK}*,{_BLANK}*{_NUMBER}{_BLANK}*\)")


@dataclass(frozen=True)
class Stop:
    """A line at which 2.x stops reading the map's files (or, `undecodable`, fails to load it)."""

    line: int
    reason: str
    undecodable: bool = False


def numbered_lines(data: bytes) -> list[tuple[int, str]]:
    """The file's non-blank lines and their numbers, as Files.lines reads them (strict UTF-8,
    a byte-order mark kept in the first line) and MapData keeps them (String.isBlank ones
    dropped). UnicodeDecodeError when the bytes are not UTF-8."""
    return [(number, line) for number, line in enumerate(java_lines(data.decode("utf-8")), start=1)
            if not is_blank(line)]


def stops(data: bytes, many_points: bool) -> list[Stop]:
    """Every line of an optional point file 2.x cannot read, in order: the first stops it, and
    each later one would, once those before it are mended."""
    return read_lines(data, many_points)[0]


def read_lines(data: bytes, many_points: bool) -> tuple[list[Stop], list[tuple[str, int]]]:
    """The file's stops (see `stops`) and the (name, line number) of each line it reads."""
    try:
        lines = numbered_lines(data)
    except UnicodeDecodeError as error:
        line = len(java_lines(data[:error.start].decode("utf-8") + "x"))  # the line the byte is on
        return [Stop(line, f"is not UTF-8 (byte 0x{data[error.start]:02x})", undecodable=True)], []
    found: list[Stop] = []
    first_line: dict[str, int] = {}
    for number, line in lines:
        name, reason = _many_points(line) if many_points else _one_point(line)
        if reason is None:
            if name in first_line:
                reason = f"gives {name!r} again (first on line {first_line[name]})"
            else:
                first_line[name] = number
        if reason is not None:
            found.append(Stop(number, reason))
    return found, list(first_line.items())


def first_point_on_line(data: bytes, line: int) -> tuple[int, int] | None:
    """The first (x, y) written on line number `line` of a point file; None without one."""
    text = _lines_by_number(data).get(line)
    matched = _POINT.search(text) if text is not None else None
    return (int(matched[1]), int(matched[2])) if matched is not None else None


@lru_cache(maxsize=4)  # M303 asks for several lines of one file (bytes keep their hash)
def _lines_by_number(data: bytes) -> dict[int, str]:
    try:
        return dict(numbered_lines(data))
    except UnicodeDecodeError:
        return {}


def _one_point(line: str) -> tuple[str, str | None]:
    matched = _NAME_AND_POINT.match(line)
    if matched is None:
        return "", "has no (x,y) right after its name"
    if int(matched[2]) not in JAVA_INT or int(matched[3]) not in JAVA_INT:
        return "", "has a coordinate beyond Java's int range"
    return matched[1], None


def _many_points(line: str) -> tuple[str, str | None]:
    name, bracket, _ = line.partition("(")
    if not bracket:
        return "", "has no '('"
    name = name.strip(JAVA_TRIMMED)
    if not name:
        return "", "has no name before its '('"
    for point in _POINT.finditer(line):
        if int(point[1]) not in JAVA_INT or int(point[2]) not in JAVA_INT:
            return "", "has a coordinate beyond Java's int range"
    return name, None


@dataclass(frozen=True)
class OptionalPointFile:
    """One optional point file as read: where, its bytes, its stops, and the names of the lines read."""

    file_name: str
    path: Path
    data: bytes
    stops: list[Stop]
    names: list[tuple[str, int]]  # (name, line number)


def read_optional_point_files(map_file: Callable[[str], Path | None],
                              listing: Mapping[str, int]) -> list[OptionalPointFile]:
    """The one- and many-point files a map folder listing shows as regular files, in READ_ORDER,
    read with `map_file` (name -> path); a file that cannot be opened is left out, as the
    engine does without it."""
    found = []
    for file_name in READ_ORDER:
        if file_name in ONE_POINT_FILES or file_name in MANY_POINT_FILES:
            path = map_file(file_name) if listing.get(file_name, 0) & FILE else None
            try:
                data = read_file(str(path)) if path is not None else None
            except OSError:
                data = None
            if data is not None:
                found.append(OptionalPointFile(file_name, path, data,
                                               *read_lines(data, file_name in MANY_POINT_FILES)))
    return found
