"""The fast point-file reading agrees exactly with the plain regex reading it replaces."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.check.javatext import JAVA_WHITESPACE
from converter.check.mapfiles import Entry, Malformed, _drawless_note, read_point_file, read_polygons
from converter.check.pointtext import plain_point_lists, point_tuples

# ---- the reference: the format's definition as TripleA 2.x's PointFileReaderWriter reads it,
# one regex pass per line: lines from Files.lines, String.isBlank, String.trim, Java's ASCII
# \s and \d, Integer.parseInt's range
_POINT = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)", re.ASCII)
_POLYGON = re.compile(r"<([^>]*)>")
_TRIM = "".join(map(chr, range(33)))  # String.trim
_BEYOND_INT = "a coordinate beyond Java's int range, which stops TripleA loading the map"


def reference_points(text: str):
    leftover = _POINT.sub("", text).strip()  # commas between points separate them
    return tuple((int(x), int(y)) for x, y in _POINT.findall(text)), "" if not leftover.strip(", \t") else leftover


def _beyond_int(points) -> bool:
    return any(not -2**31 <= value < 2**31 for point in points for value in point)


def _lines(text: str):
    lines = re.split("\r\n|\r|\n", text)
    if lines[-1] == "":
        lines.pop()
    return [(number, line) for number, line in enumerate(lines, start=1) if line.strip(JAVA_WHITESPACE)]


def reference_polygons(text: str, read_in_part: list | None = None, drawless: list | None = None):
    """(entries, malformed lines), as 2.x reads each `<...>` of a line as a polygon of every
    `(x,y)` in it: text between or inside polygons is skipped, and a polygon of fewer than
    three points is read but draws nothing. Such lines go to `read_in_part` when given, and
    a line whose every polygon draws nothing to `drawless` (its name alone). A stray `<` or
    `>` (a polygon left open) is malformed."""
    entries, malformed = [], []
    read_in_part = [] if read_in_part is None else read_in_part
    drawless = [] if drawless is None else drawless
    for number, line in _lines(text):
        name, bracket, rest = line.partition("<")
        name, shown = name.strip(_TRIM), line.strip()[:60]
        if not bracket or not name:
            malformed.append(Malformed(number, shown, "expected `NAME < (x,y) ... >`"))
            continue
        leftover = _POLYGON.sub("", "<" + rest).strip()
        leftover = "" if not leftover.strip(", \t") else leftover
        groups = [reference_points(group) for group in _POLYGON.findall("<" + rest)]
        if any(_beyond_int(points) for points, _ in groups):
            malformed.append(Malformed(number, shown, _BEYOND_INT))
            continue
        if not groups or {"<", ">"} & set(leftover):
            malformed.append(Malformed(number, shown, f"unexpected {leftover[:30]!r}" if leftover else "no polygon"))
            continue
        drawn = tuple(points for points, _ in groups if len(points) >= 3)
        small = [len(points) for points, _ in groups if len(points) < 3]
        insides = [junk for _, junk in groups if junk]
        notes = ([f"{leftover[:30]!r} between the polygons is ignored"] if leftover else []) + \
            [f"{junk[:30]!r} inside a polygon is ignored" for junk in insides[:3 - bool(leftover)]]
        if small:
            notes.append(_drawless_note(small, any_drawn=bool(drawn)))
        (entries if drawn else drawless).append(Entry(name, number, polygons=drawn))
        if notes:
            read_in_part.append(Malformed(number, shown, "; ".join(notes)))
    return entries, malformed


def reference_point_file(text: str, allow_options: bool):
    """(entries, malformed lines, lines read in part), as TripleA 2.x's PointFileReaderWriter
    reads them: place.txt takes every point of a line, centers.txt the one right after the
    name (keeping the blanks before the name); other text is skipped and noted."""
    entries, malformed, in_part = [], [], []
    for number, line in _lines(text):
        # 2.x reads the points before the first " | "; options (M313's) start at the first "|"
        body, options = (line.split(" | ", 1)[0], line.partition("|")[2]) if allow_options else (line, "")
        name, paren, rest = body.partition("(")
        name = name.strip(_TRIM) if allow_options else name.rstrip(" \t\n\x0b\f\r")
        points, junk = reference_points(paren + rest)
        shown = line.strip()[:60]
        if not name or not points:
            malformed.append(Malformed(number, shown, "no name" if not name else "no point"))
        elif _beyond_int(points if allow_options else points[:1]):
            malformed.append(Malformed(number, shown, _BEYOND_INT))
        elif allow_options:
            entries.append(Entry(name, number, points=points, options=options.strip()))
            junk = junk.partition("|")[0].strip()
            if junk and not re.fullmatch(r"overflowToLeft\s*=\s*false", junk, re.IGNORECASE):  # the default
                in_part.append(Malformed(number, shown, f"{junk[:30]!r} beside the points is ignored"))
        elif len(points) == 1 and not junk:
            entries.append(Entry(name, number, points=points))
        elif (first := _POINT.match(paren + rest)) is not None:
            entries.append(Entry(name, number, points=points[:1]))
            in_part.append(Malformed(number, shown, f"{(paren + rest)[first.end():].strip()[:30]!r} after the point "
                                                    "is ignored"))
        else:
            malformed.append(Malformed(number, shown, f"unexpected {junk[:30]!r}"))
    return entries, malformed, in_part


# ---- generated text: usually points, sometimes damaged in the ways that matter
number = st.one_of(st.integers(-3000, 20000), st.integers(-10**20, 10**20)).map(str)
number_text = st.one_of(number, number.map(lambda n: "00" + n.lstrip("-")), st.just("-0"), st.just("9" * 19))
blank = st.sampled_from(["", "", " ", "  ", "\t", "\x1f", "\x0c", "\u00a0"])
point_text = st.builds(lambda a, x, b, y, c: f"({a}{x}{b},{c}{y})", blank, number_text, blank, number_text, blank)
noise = st.sampled_from(["(", ")", ",", "-", "--", "+5", "_", "x", "d", "1", " ", "٣", "\n", "<", ">", "|", "((", "-("])


@st.composite
def point_list(draw):
    pieces = []
    for _ in range(draw(st.integers(0, 6))):
        pieces.append(draw(blank))
        pieces.append(draw(point_text))
    pieces.append(draw(blank))
    for _ in range(draw(st.integers(0, 2))):  # damage
        pieces.insert(draw(st.integers(0, len(pieces))), draw(noise))
    return "".join(pieces)


free_text = st.text(alphabet="0123456789-(), \t\x1fx+_٣\u00a0", max_size=30)
any_list = st.one_of(point_list(), point_list(), free_text)


@settings(max_examples=400, deadline=None)
@given(st.lists(any_list, max_size=8))
@example(["(1,2)(3,4) (5,6)", ",1(2)", "(1 2,3)", "(- 1,2)", "(1,2,3)", "(1)(2,3)", "1(,2)", "(1,-2)x"])
def test_plain_lists_read_as_the_regex_reads_them(texts) -> None:
    counts, coordinates = plain_point_lists(texts)
    assert len(counts) == len(texts)
    for text, count, points in zip(texts, counts, point_tuples(counts, coordinates)):
        if count < 0:
            assert points is None
            continue
        assert (points, "") == reference_points(text), text
        assert len(points) == count
        assert all(type(value) is int for point in points for value in point)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(-2**31, 2**31 - 1), st.integers(-5, 70000)), max_size=5),
                max_size=6), st.sampled_from([" ", "", "  ", "\t", "\x0b", " \x0c"]))
def test_engine_written_lists_take_the_fast_path(polygons, separator) -> None:
    texts = [separator + separator.join(f"({x},{y})" for x, y in points) + separator for points in polygons]
    counts, coordinates = plain_point_lists(texts)
    assert counts == [len(points) for points in polygons]
    assert point_tuples(counts, coordinates) == [tuple(points) for points in polygons]


# ---- whole files
name = st.sampled_from(["Alpha", "Sea Zone 1", " Beta ", "", "Ça", "x<y", "A(1)", "\u00a0Delta", "Eps\x0b",
                        "\x1cZeta "])


@st.composite
def polygons_line(draw):
    groups = " ".join(f"<{draw(any_list)}>" for _ in range(draw(st.integers(0, 3))))
    tail = draw(st.sampled_from(["", " ", "\t", " x", ">", "<"]))
    line = f"{draw(name)} {groups}{tail}"
    return line if draw(st.booleans()) else draw(st.text(alphabet="Ab <>(),0-9 ", max_size=25))


@st.composite
def point_line(draw):
    options = draw(st.sampled_from(["", " | overflowToLeft=true", "|x", " | a | b", "|(5,6)", " x | (7,8)"]))
    return f"{draw(name)} {draw(any_list)}{options}"


def _file(tmp: Path, text: str, name: str = "polygons.txt") -> Path:
    path = tmp / name
    path.write_bytes(text.encode("utf-8"))
    return path


@settings(max_examples=200, deadline=None)
@given(st.lists(polygons_line(), max_size=8), st.sampled_from(["\n", "\r\n", "\n\n", "\r", "\x0c", "\u2028"]))
def test_polygons_file_reads_as_the_reference(lines, newline) -> None:
    text = newline.join(lines)
    with tempfile.TemporaryDirectory() as tmp:
        found, read_in_part, drawless = read_polygons(_file(Path(tmp), text)), [], []
        assert (found.entries, found.malformed) == reference_polygons(text, read_in_part, drawless)
        assert (found.read_in_part, found.drawless) == (read_in_part, drawless)
        flat = [point for entry in found.entries for polygon in entry.polygons for point in polygon]
        coordinates, sizes = found.polygon_arrays
        assert coordinates.tolist() == [list(point) for point in flat]
        assert sizes.tolist() == [len(polygon) for entry in found.entries for polygon in entry.polygons]


@settings(max_examples=200, deadline=None)
@given(st.lists(point_line(), max_size=8), st.booleans())
def test_point_files_read_as_the_reference(lines, allow_options) -> None:
    text = "\r".join(lines)  # (Files.lines breaks there too)
    with tempfile.TemporaryDirectory() as tmp:
        found = read_point_file(_file(Path(tmp), text, "place.txt"), allow_options=allow_options)
        assert (found.entries, found.malformed, found.read_in_part) == reference_point_file(text, allow_options)


def test_unreadable_and_empty_files_have_no_entries(tmp_path: Path) -> None:
    for content in (b"", b"\n \n", b"\xff(1,2)"):
        path = tmp_path / "polygons.txt"
        path.write_bytes(content)
        found = read_polygons(path)
        assert found.entries == [] and found.polygon_arrays[0].shape == (0, 2)
        assert (found.unreadable is not None) == (content == b"\xff(1,2)")


def test_community_map_reads_as_the_reference(community_map_dir: Path) -> None:
    for file_name, options in (("polygons.txt", None), ("centers.txt", False), ("place.txt", True)):
        path = community_map_dir / "map" / file_name
        text = path.read_bytes().decode("utf-8-sig")
        if options is None:
            found = read_polygons(path)
            assert (found.entries, found.malformed) == reference_polygons(text)
            assert np.array_equal(found.polygon_arrays[0], np.array(
                [point for entry in found.entries for polygon in entry.polygons for point in polygon]))
        else:
            found = read_point_file(path, allow_options=options)
            assert (found.entries, found.malformed, found.read_in_part) == reference_point_file(text, options)


def test_building_many_tuples_leaves_the_collector_as_it_was() -> None:
    import gc

    coordinates = np.arange(20000, dtype=np.int64).reshape(-1, 2)
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            lists = point_tuples([10000], coordinates)
            assert gc.isenabled() == enabled
        finally:
            gc.enable()
        assert lists[0][:2] == ((0, 1), (2, 3)) and len(lists[0]) == 10000


def test_row_scan_from_the_parsed_array_is_the_row_scan_from_tuples(community_map_dir: Path) -> None:
    from dataclasses import fields

    from converter.check.scanlines import ScanTable

    found = read_polygons(community_map_dir / "map" / "polygons.txt")
    shapes = [(entry.name, polygon) for entry in found.entries for polygon in entry.polygons]
    from_tuples, from_array = ScanTable.of(shapes), ScanTable.of(shapes, found.polygon_arrays[0])
    for field in fields(ScanTable):
        first, second = getattr(from_tuples, field.name), getattr(from_array, field.name)
        assert np.array_equal(first, second) if isinstance(first, np.ndarray) else first == second, field.name


@pytest.mark.parametrize("line, reading", [
    ("Beta < (80,0) (160,0) (160,100) > Gamma < (200,0) (210,0) (210,10) >", "in part"),
    ("Beta < (80,0) (160,0) (160,100) > trailing words", "in part"),
    ("Beta < (80,0) (160,0) (160,100) > < (200,0) (210,0) >", "in part"),  # a polygon of 2 points
    ("Beta < (80,0) (160,0) (160,100) > Gamma < (200,0) (210,0) >", "in part"),
    ("Beta < (0,2248) >", "drawless"),  # red_sun_over_china's `SZ 100 Pacific Ocean`
    ("Beta < > < (1,1) (2,2) >", "drawless"),
    ("Beta < (80,0) (160,0) (160,100) > x > y", "malformed"),  # a stray `>`
    ("Beta < (80,0) (160,0) (160,100)", "malformed"),  # left open
])
@pytest.mark.parametrize("with_kernel", [True, False])
def test_text_between_polygons_is_read_as_2x_reads_it(tmp_path: Path, monkeypatch, line: str, reading: str,
                                                      with_kernel: bool) -> None:
    """2.x's PointFileReaderWriter reads every `<...>` of a line as a polygon of the points
    in it (however few) and skips the text between."""
    from converter.check import mapfiles

    if not with_kernel:
        monkeypatch.setattr(mapfiles, "_kernel", lambda: None)
    found, read_in_part, drawless = read_polygons(_file(tmp_path, line + "\n")), [], []
    assert (found.entries, found.malformed) == reference_polygons(line, read_in_part, drawless)
    assert (found.read_in_part, found.drawless) == (read_in_part, drawless)
    assert found.name_set == ({"Beta"} if reading != "malformed" else set())
    kinds = {"in part": (1, 1, 0, 0), "drawless": (0, 1, 1, 0), "malformed": (0, 0, 0, 1)}[reading]
    assert (len(found.entries), len(read_in_part), len(drawless), len(found.malformed)) == kinds
