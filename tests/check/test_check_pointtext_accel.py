"""The C point-file reader (_pointtext.c) reads every file exactly as the Python readers do."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from converter.check import mapfiles
from converter.check.mapfiles import Entry, PolygonList, read_point_file, read_polygons
from converter.check.pointtext import int64_rows

try:  # imported directly, not via accel: DDAY2_PURE must not hide it from this comparison
    KERNEL = importlib.import_module("converter.check._pointtext")
except ImportError:
    KERNEL = None

pytestmark = pytest.mark.skipif(KERNEL is None, reason="converter.check._pointtext is not built "
                                                       "(python3 setup.py build_ext --inplace)")


def _both(monkeypatch, read):
    """read() once with the C reader and once with the Python readers"""
    monkeypatch.setattr(mapfiles, "_kernel", lambda: KERNEL)
    fast = read()
    monkeypatch.setattr(mapfiles, "_kernel", lambda: None)
    return fast, read()


def _fields(entry) -> dict:
    """Every slot's value (a slot the C reader left unset raises AttributeError here)."""
    return {name: getattr(entry, name) for name in type(entry).__slots__}


def _assert_same(fast, pure) -> None:
    assert fast.unreadable == pure.unreadable
    assert fast.malformed == pure.malformed
    assert fast.read_in_part == pure.read_in_part
    assert fast.entries == pure.entries
    for mine, theirs in zip(fast.entries, pure.entries):  # same fields, same types, nothing else
        assert type(mine) is type(theirs) and not hasattr(mine, "__dict__")
        assert [type(value) for value in _fields(mine).values()] == [type(value) for value in _fields(theirs).values()]
        assert all(type(value) is int for point in mine.points for value in point)
        assert [len(polygon) for polygon in mine.polygons] == [len(polygon) for polygon in theirs.polygons]
    arrays, expected = fast.polygon_arrays, pure.polygon_arrays
    assert (arrays is None) == (expected is None)
    if arrays is not None:
        for array, wanted in zip(arrays, expected):
            assert array.dtype == wanted.dtype == np.int64 and array.shape == wanted.shape
            assert np.array_equal(array, wanted)


# ---- generated files: mostly plain, damaged in every way the format can be
number = st.one_of(st.integers(-3000, 20000), st.integers(-10**20, 10**20),
                   st.sampled_from([2**63 - 1, -2**63, 2**63, -2**63 - 1, 10**18, -10**18])).map(str)
blank = st.sampled_from(["", "", " ", "  ", "\t", "\x1f", "\u00a0", "\u3000"])
point = st.builds(lambda a, x, b, y, c: f"({a}{x}{b},{c}{y})", blank, number, blank, number, blank)
noise = st.sampled_from(["(", ")", ",", "-", "+5", "x", "٣", "<", ">", "|", "<<", ">>", "\u00e9", "\x00", "\ufeff"])
name = st.sampled_from(["Alpha", "Sea Zone 1", " Beta ", "", "Ça", "x>y", "A(1)", "a|b", "\u00a0", "Zone\x1f"])
newline = st.sampled_from(["\n", "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1e", "\n \n", "\x85", "\u2028"])


@st.composite
def point_list(draw, least: int = 0):
    pieces = []
    for _ in range(draw(st.integers(least, 5))):
        pieces += [draw(blank), draw(point)]
    pieces.append(draw(blank))
    if draw(st.integers(0, 3)) == 0:  # damage
        pieces.insert(draw(st.integers(0, len(pieces))), draw(noise))
    return "".join(pieces)


tail = st.sampled_from(["", " ", "\t", " x", ">", "<", "\u00a0"])


@st.composite
def polygons_line(draw):
    groups = draw(blank).join(f"<{draw(point_list(least=2))}>" for _ in range(draw(st.integers(0, 3))))
    return f"{draw(name)} {groups}{draw(tail)}"


@st.composite
def point_line(draw):
    options = draw(st.sampled_from(["", " | overflowToLeft=true ", "|x", " | a | b", "|\u00e9", "| (1,2)"]))
    return f"{draw(name)}{draw(blank)}{draw(point_list())}{options}"


@st.composite
def file_bytes(draw, line):
    lines = draw(st.lists(line, max_size=8))
    text = "".join(piece + draw(newline) for piece in lines)
    data = ("\ufeff" if draw(st.booleans()) else "").encode() + text.encode("utf-8")
    if draw(st.integers(0, 9)) == 0:  # not UTF-8 at all
        data += b"\xff\xfe"
    return data


def _file(tmp_path: Path, data: bytes, file_name: str) -> Path:
    path = tmp_path / file_name
    path.write_bytes(data)
    return path


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(file_bytes(polygons_line()))
@example(b"A <(1,2)(3,4)(5,6)>\r\nB < (1, 2) ( 3 ,4 )(5,6) > <(0,0)(0,1)(1,1)>\n")
@example(b"\xef\xbb\xbfA <(1,2)(3,4)(5,6)>\x85B <(1,2)(3,4)(5,6)>")
@example(b"A <(1,2)(3,4)(5,6)>\n\xc3\x87a <(1,2)(3,4)(5,6)>\nB <(1,2)(3,4)(9223372036854775808,6)>")
@example(b"A <(-9223372036854775808,9223372036854775807)(3,4)(5,6)>")
def test_polygons_read_as_in_python(monkeypatch, tmp_path, data) -> None:
    path = _file(tmp_path, data, "polygons.txt")
    _assert_same(*_both(monkeypatch, lambda: read_polygons(path)))


@SETTINGS
@given(file_bytes(point_line()), st.booleans())
@example(b"A (1,2)\r\n\r\nB (3,4) | overflowToLeft=true\n", True)
@example(b"A (1,2)\n\xc2\xa0\nB (3,4)\n", False)
def test_point_files_read_as_in_python(monkeypatch, tmp_path, data, allow_options) -> None:
    path = _file(tmp_path, data, "place.txt")
    _assert_same(*_both(monkeypatch, lambda: read_point_file(path, allow_options=allow_options)))


def test_community_map_reads_as_in_python(monkeypatch, community_map_dir: Path) -> None:
    folder = community_map_dir / "map"
    fast, pure = _both(monkeypatch, lambda: read_polygons(folder / "polygons.txt"))
    _assert_same(fast, pure)
    assert fast.entries and fast.known_arrays is not None  # every line plain: the C's arrays as they are
    for file_name, options in (("centers.txt", False), ("place.txt", True)):
        fast, pure = _both(monkeypatch, lambda: read_point_file(folder / file_name, allow_options=options))
        _assert_same(fast, pure)
        assert fast.entries


def test_rows_are_sliced_only_when_asked(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(mapfiles, "_kernel", lambda: KERNEL)
    found = read_polygons(_file(tmp_path, b"A <(1,2)(3,4)(5,6)> <(7,8)(9,10)(11,12)(13,14)>\nB <(0,0)(0,1)(1,1)>\n",
                                "polygons.txt"))
    polygons = found.entries[0].polygons
    assert isinstance(polygons, PolygonList) and len(polygons) == 2 and polygons._items is None
    rows = polygons.unread()
    assert [row.tolist() for row in rows] == [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12], [13, 14]]]
    assert found.entries[1].polygons[0] == ((0, 0), (0, 1), (1, 1))
    coordinates, sizes = found.polygon_arrays
    assert sizes.tolist() == [3, 4, 3] and coordinates.shape == (10, 2)
    assert np.shares_memory(rows[0], coordinates)  # one buffer: no copy, no concatenate


# ---- hostile input straight into the kernel: never a crash, always the Python result
@pytest.mark.parametrize("data", [b"", b"\n" * 1000, b"\x00" * 100, bytes(range(256)) * 4, b"<" * 5000,
                                  b"A <" + b"(1,2)" * 20000 + b">", b"A (" + b"9" * 4000 + b",1)",
                                  b"\xef\xbb\xbf", b"\xef\xbb", b"A <(1,2)(3,4)(5,6)>\xe2\x80", b"\r\n\r"])
def test_hostile_bytes_read_as_in_python(monkeypatch, tmp_path, data) -> None:
    path = _file(tmp_path, data, "polygons.txt")
    _assert_same(*_both(monkeypatch, lambda: read_polygons(path)))
    for options in (False, True):
        _assert_same(*_both(monkeypatch, lambda: read_point_file(path, allow_options=options)))


def test_random_bytes_never_break_the_kernel(monkeypatch, tmp_path) -> None:
    chooser = random.Random(7)
    alphabet = b"0123456789(),<>| -\t\r\n\x0b\x1fAz\xc2\x85\xe2\x80\xa8\xff"
    for _ in range(200):
        data = bytes(chooser.choice(alphabet) for _ in range(chooser.randrange(0, 300)))
        path = _file(tmp_path, data, "polygons.txt")
        _assert_same(*_both(monkeypatch, lambda: read_polygons(path)))
        _assert_same(*_both(monkeypatch, lambda: read_point_file(path, allow_options=True)))


def test_kernel_refuses_what_it_cannot_read() -> None:
    with pytest.raises(TypeError):
        KERNEL.read_polygons("text, not bytes", Entry, PolygonList, int64_rows)
    with pytest.raises(TypeError):
        KERNEL.read_points(b"A (1,2)", False, "not a class")
    # U+2028 breaks no line for Java (str.splitlines would break there): one line, left to Python
    assert KERNEL.read_points("A (1,2)\u2028B (3,4)".encode(), False, Entry) == ([], [(1, 0, 17)], False)
    entries, others, ascii_only = KERNEL.read_points(memoryview(b"A (1,2)\nB x"), False, Entry)
    assert entries == [Entry("A", 1, points=((1, 2),))] and others == [(2, 8, 11)] and ascii_only


def test_many_lines_mixed_read_as_in_python(monkeypatch, tmp_path) -> None:
    """Thousands of lines (the C's line table grows), every tenth one left to Python."""
    chooser = random.Random(11)
    lines = []
    for number in range(3000):
        points = " ".join(f"({chooser.randrange(-50, 5000)},{chooser.randrange(0, 3000)})"
                          for _ in range(chooser.randrange(3, 9)))
        lines.append(f"T{number} < {points} >" if number % 10 else f"T{number} < {points} x>")
    path = _file(tmp_path, "\r\n".join(lines).encode(), "polygons.txt")
    fast, pure = _both(monkeypatch, lambda: read_polygons(path))
    _assert_same(fast, pure)
    # the tenth lines' stray `x` inside a polygon is skipped, as 2.x skips it
    assert len(fast.entries) == 3000 and len(fast.read_in_part) == 300 and not fast.malformed
    text = "\n".join(f"T{number}  ({number},{-number}) | overflowToLeft={number % 2 == 0}" for number in range(3000))
    path = _file(tmp_path, text.encode(), "place.txt")
    fast, pure = _both(monkeypatch, lambda: read_point_file(path, allow_options=True))
    _assert_same(fast, pure)
    assert len(fast.entries) == 3000 and fast.entries[-1].options == "overflowToLeft=False"


# ---- the fields filled straight into the slots, or set one by one for any other class

@dataclass(frozen=True)
class _DictEntry:  # no slots: each field set as object.__setattr__ would
    name: str
    line: int
    points: tuple = ()
    polygons: object = ()
    options: str = ""


@dataclass(frozen=True, slots=True)
class _OtherSlots:  # an unrelated slotted class: its member descriptors must never be used for another
    name: str
    line: int
    points: tuple = ()
    polygons: object = ()
    options: str = ""


class _MadeByNew(_DictEntry):  # a __new__ of its own runs Python code: set one by one
    def __new__(cls, *_arguments, **_options):
        return object.__new__(cls)


class _ForeignMembers:  # class attributes that are another class's slots
    __slots__ = ("mine",)
    name, line, points, polygons, options = (vars(_OtherSlots)[field] for field in
                                             ("name", "line", "points", "polygons", "options"))


def _fields_of(entry) -> tuple:
    return entry.name, entry.line, entry.points, entry.polygons, entry.options


_POINTS_TEXT = b"Alpha (1,2) (3,4) | overflowToLeft=true\nBeta (5,6)\n"


@pytest.mark.parametrize("entry_type", [Entry, _DictEntry, _OtherSlots, _MadeByNew])
def test_entries_filled_alike_for_any_class(entry_type) -> None:
    expected, _, _ = KERNEL.read_points(_POINTS_TEXT, True, Entry)
    entries, others, ascii_only = KERNEL.read_points(_POINTS_TEXT, True, entry_type)
    assert others == [] and ascii_only
    assert [type(entry) for entry in entries] == [entry_type] * 2
    assert [_fields_of(entry) for entry in entries] == [_fields_of(entry) for entry in expected]
    polygons = b"A < (0,0) (4,0) (4,4) > < (9,9) (12,9) (9,12) >\n"
    read, _, _, _, _, _ = KERNEL.read_polygons(polygons, entry_type, PolygonList, int64_rows)
    assert type(read[0]) is entry_type and [len(polygon) for polygon in read[0].polygons] == [3, 3]
    assert read[0].polygons == PolygonList([((0, 0), (4, 0), (4, 4)), ((9, 9), (12, 9), (9, 12))])


def test_another_classes_slots_are_never_written() -> None:
    """The member descriptors found on the class belong to _OtherSlots: storing at their
    offsets would write past a _ForeignMembers instance. The generic path sets them through
    the descriptors, which refuse an instance of another class."""
    with pytest.raises(TypeError):
        KERNEL.read_points(_POINTS_TEXT, True, _ForeignMembers)


def test_a_subclass_is_filled_through_its_bases_slots() -> None:
    class Loose(PolygonList):  # a subclass with a __dict__: its fields are still PolygonList's slots
        pass

    read, _, _, _, _, _ = KERNEL.read_polygons(b"A < (0,0) (4,0) (4,4) >\n", Entry, Loose, int64_rows)
    assert type(read[0].polygons) is Loose and read[0].polygons == (((0, 0), (4, 0), (4, 4)),)
    assert vars(read[0].polygons) == {}
