"""The array paths of the map geometry agree exactly with the tuple paths they replace:
ScanTable.of_arrays with ScanTable.of, distances_to_polygon_runs (C kernel and numpy) with
distances_to_outlines, points_outside with its tuple twin — and the _outlines kernel
refuses arrays that do not fit instead of reading past them."""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check import distance, scanlines
from converter.check.distance import distances_to_outlines, distances_to_polygon_runs
from converter.check.mapfiles import Entry, PointFile, PolygonList, read_point_file, read_polygons
from converter.check.outside import _points_outside_by_tuples, points_outside
from converter.check.polygonlayout import layout_of
from converter.check.scanlines import ScanTable

try:
    OUTLINES = importlib.import_module("converter.check._outlines")
except ImportError:  # no compiler where the package was built
    OUTLINES = None
needs_kernel = pytest.mark.skipif(OUTLINES is None, reason="C kernel _outlines not built "
                                  "(python3 setup.py build_ext --inplace)")

coordinate = st.integers(-5, 60)
point = st.tuples(coordinate, coordinate)
polygon = st.lists(point, min_size=3, max_size=12).map(tuple)
huge = st.sampled_from([0, 1, 2**31, -(2**31), 2**40, 2**62 - 1, -(2**62)])
far_point = st.tuples(huge, huge)


def _runs(probes):
    """(points, coordinates, sizes, firsts, counts) of `probes`: (point, its polygons)."""
    polygons = [shape for _, shapes in probes for shape in shapes]
    counts = np.array([len(shapes) for _, shapes in probes], dtype=np.int64)
    firsts = np.cumsum(counts) - counts
    coordinates = np.array([xy for shape in polygons for xy in shape], dtype=np.int64).reshape(-1, 2)
    sizes = np.array([len(shape) for shape in polygons], dtype=np.int64)
    points = np.array([probe for probe, _ in probes], dtype=np.int64).reshape(-1, 2)
    return points, coordinates, sizes, firsts, counts


@pytest.mark.parametrize("kernel", [pytest.param(OUTLINES, marks=needs_kernel), None], ids=["c", "numpy"])
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(point, far_point), st.lists(st.one_of(polygon, st.lists(far_point, min_size=3,
                                                                                             max_size=5)),
                                                              min_size=0, max_size=3)), min_size=1, max_size=6))
def test_polygon_runs_are_the_outline_distances(kernel, probes) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(distance, "_kernel", kernel)
        found = distances_to_polygon_runs(*_runs(probes))
    expected = distances_to_outlines([probe for probe, _ in probes], [shapes for _, shapes in probes])
    assert found == expected  # bit for bit (inf for a point without polygons)


@needs_kernel
def test_outlines_kernel_refuses_ranges_past_its_arrays() -> None:
    points, coordinates, sizes, firsts, counts = _runs([((1, 1), [((0, 0), (4, 0), (0, 4))])])
    empty = np.zeros(0, dtype=np.int64)
    assert OUTLINES.squared(points, coordinates, sizes, firsts + 1, counts) is None
    assert OUTLINES.squared(points, coordinates, sizes, firsts, counts + 1) is None
    assert OUTLINES.squared(points, coordinates, sizes, firsts - 1, counts) is None
    assert OUTLINES.squared(points, coordinates, sizes, firsts, counts - 2) is None
    assert OUTLINES.squared(points, coordinates, sizes + 1, firsts, counts) is None
    assert OUTLINES.squared(points, coordinates, sizes * 0, firsts, counts) is None
    assert OUTLINES.squared(points, coordinates, np.array([2**62], dtype=np.int64), firsts, counts) is None
    assert OUTLINES.squared(empty, empty, empty, empty, empty) == b""
    with pytest.raises(ValueError):
        OUTLINES.squared(points[:0], coordinates, sizes, firsts, counts)  # lengths differ
    with pytest.raises(ValueError):
        OUTLINES.squared(points.astype(np.float64), coordinates, sizes, firsts, counts)
    with pytest.raises(TypeError):
        OUTLINES.squared("garbage", coordinates, sizes, firsts, counts)


names = st.sampled_from(["A", "B", "C", "D"])
shape = st.lists(st.tuples(st.integers(-3, 30), st.integers(-3, 30)), min_size=1, max_size=8)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(names, shape), min_size=1, max_size=7))
def test_scan_table_of_arrays_is_of(shapes) -> None:
    counts = np.array([len(points) for _, points in shapes], dtype=np.int64)
    coordinates = np.array([xy for _, points in shapes for xy in points], dtype=np.int64)
    for kernel in (scanlines._kernel, None):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(scanlines, "_kernel", kernel)
            expected, found = ScanTable.of(shapes), ScanTable.of_arrays([name for name, _ in shapes], counts,
                                                                          coordinates)
        for field in ("names", "boxes", "scanned", "polygon_index", "top", "rows", "cross_keys", "cross_x",
                      "touch_keys", "touch_low", "touch_high"):
            a, b = getattr(expected, field), getattr(found, field)
            assert (a.tobytes() == b.tobytes()) if isinstance(a, np.ndarray) else a == b, field


def _polygon_file(entries) -> PointFile:
    return PointFile(Path("polygons.txt"), [Entry(name, line, polygons=PolygonList([tuple(p) for p in polygons]))
                                            for line, (name, polygons) in enumerate(entries, 1)])


triangle = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=3, max_size=6)
place_points = st.lists(st.tuples(st.integers(-5, 45), st.integers(-5, 45)), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(names, st.lists(triangle, min_size=1, max_size=2)), min_size=1, max_size=5),
       st.lists(st.tuples(st.sampled_from(["A", "B", "C", "D", "E"]), place_points), min_size=1, max_size=6))
def test_points_outside_is_its_tuple_twin(polygon_entries, place_entries) -> None:
    polygons = _polygon_file(polygon_entries)
    place = PointFile(Path("place.txt"), [Entry(name, line, points=tuple(points))
                                          for line, (name, points) in enumerate(place_entries, 1)])
    scan = ScanTable.of([(entry.name, shape) for entry in polygons.entries for shape in entry.polygons])
    expected = _points_outside_by_tuples(polygons, scan, place)
    assert points_outside(polygons, scan, place) == expected
    assert points_outside(polygons, scan, place, layout_of(polygons)) == expected


def test_points_outside_of_the_community_map_is_its_tuple_twin(community_map_dir: Path) -> None:
    folder = community_map_dir / "map"
    polygons = read_polygons(folder / "polygons.txt")
    scan = ScanTable.of([(entry.name, shape) for entry in polygons.entries for shape in entry.polygons])
    for point_file in (read_point_file(folder / "centers.txt"), read_point_file(folder / "place.txt",
                                                                                 allow_options=True)):
        found = points_outside(polygons, scan, point_file, layout_of(polygons))
        assert found == _points_outside_by_tuples(polygons, scan, point_file)
    assert found  # place.txt has points outside: the comparison compared something


def test_points_beyond_int64_take_the_tuple_path() -> None:
    polygons = _polygon_file([("A", [[(0, 0), (10, 0), (0, 10)]])])
    place = PointFile(Path("place.txt"), [Entry("A", 1, points=((1, 1), (2**70, 3)))])
    scan = ScanTable.of([("A", [(0, 0), (10, 0), (0, 10)])])
    found = points_outside(polygons, scan, place)
    assert [(entry.name, first, count) for entry, first, count, _ in found] == [("A", (2**70, 3), 1)]
    assert found == _points_outside_by_tuples(polygons, scan, place)


int64_edges = st.sampled_from([0, -1, 7, 2**63 - 1, -(2**63), 2**63, -(2**63) - 1, 2**80])


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "Z"]),
                          st.lists(st.tuples(st.one_of(st.integers(-50, 50), int64_edges),
                                             st.one_of(st.integers(-50, 50), int64_edges)), max_size=4)),
                max_size=8))
def test_gather_reads_what_python_reads(raw_entries) -> None:
    from converter.check import outside

    entries = [Entry(name, line, points=tuple(points)) for line, (name, points) in enumerate(raw_entries, 1)]
    first = {"A": (None, 3, 2), "B": (None, 0, 1)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(outside, "_kernel", None)
        expected = outside._read_points(entries, first)
    found = OUTLINES.gather(entries, first)
    if expected is None:  # a coordinate beyond int64: the kernel declines too
        assert found is None
        return
    found = [np.frombuffer(values, dtype=np.int64) for values in found]
    numbers, shapes, point_counts, points = found
    assert numbers.tolist() == expected[0].tolist()
    assert shapes[0::2].tolist() == expected[1].tolist() and shapes[1::2].tolist() == expected[2].tolist()
    assert point_counts.tolist() == expected[3].tolist()
    assert points.reshape(-1, 2).tolist() == expected[4].tolist()


@needs_kernel
def test_gather_declines_what_it_does_not_know() -> None:
    first = {"A": (None, 0, 1)}
    assert OUTLINES.gather([Entry("A", 1, points=((1.5, 2),))], first) is None  # no int
    assert OUTLINES.gather([Entry("A", 1, points=((True, 2),))], first) is None  # bool: not an exact int
    assert OUTLINES.gather([Entry("A", 1, points=([1, 2],))], first) is None  # no tuple
    assert OUTLINES.gather([Entry("A", 1, points=((1, 2, 3),))], first) is None
    assert OUTLINES.gather([Entry(7, 1, points=((1, 2),))], first) is None  # name no str
    assert OUTLINES.gather([Entry("A", 1, points=((1, 2),))], {"A": (None, 2**70, 1)}) is None
    assert OUTLINES.gather([Entry("A", 1, points=((1, 2),))], {"A": (None, 0)}) is None
    with pytest.raises(AttributeError):
        OUTLINES.gather([object()], first)
    with pytest.raises(TypeError):
        OUTLINES.gather((Entry("A", 1),), first)  # a list only
    assert [bytes(values) for values in OUTLINES.gather([], first)] == [b""] * 4


def test_points_outside_with_polygons_the_scan_left_out(monkeypatch) -> None:
    # a far-out vertex makes one polygon too tall for the scan: the reference test answers for it
    polygons = _polygon_file([("A", [[(0, 0), (10, 0), (0, 10)], [(20, 0), (30, 0), (20, 5000)]]),
                              ("B", [[(0, 0), (40, 0), (0, 40)]])])
    monkeypatch.setattr(scanlines, "MAX_ROWS", 100)
    scan = ScanTable.of([(entry.name, shape) for entry in polygons.entries for shape in entry.polygons])
    assert scan.scanned.tolist() == [True, False, True]
    place = PointFile(Path("place.txt"), [Entry("A", 1, points=((1, 1), (21, 100), (50, 50), (25, 4000))),
                                          Entry("B", 2, points=((60, 60), (1, 1)))])
    found = points_outside(polygons, scan, place)
    assert [(entry.name, first, count) for entry, first, count, _ in found] == [("A", (50, 50), 2), ("B", (60, 60), 1)]
    assert found == _points_outside_by_tuples(polygons, scan, place)


# ---- _outlines.outside: gather, outside_runs and squared in one call, against the three

def _steps(patch, polygons, scan, place):
    """points_outside asking the kernel's three steps one by one."""
    import converter.check.outside as outside_module

    patch.setattr(outside_module, "_one_call", None)
    try:
        return outside_module.points_outside(polygons, scan, place)
    finally:
        patch.undo()


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(names, st.lists(triangle, min_size=1, max_size=2)), min_size=1, max_size=5),
       st.lists(st.tuples(st.sampled_from(["A", "B", "C", "D", "E"]),
                          st.lists(st.tuples(st.sampled_from([-2**63, -2**31 - 1, -3, 0, 7, 20, 44, 2**31, 2**63 - 1]),
                                             st.integers(-5, 45)), min_size=1, max_size=5)), min_size=1, max_size=6))
def test_one_call_is_the_three_steps(polygon_entries, place_entries) -> None:
    polygons = _polygon_file(polygon_entries)
    place = PointFile(Path("place.txt"), [Entry(name, line, points=tuple(points))
                                          for line, (name, points) in enumerate(place_entries, 1)])
    scan = ScanTable.of([(entry.name, shape) for entry in polygons.entries for shape in entry.polygons])
    with pytest.MonkeyPatch.context() as patch:
        expected = _steps(patch, polygons, scan, place)
    found = points_outside(polygons, scan, place)
    assert found == expected
    assert [type(distance) for *_, distance in found] == [float] * len(found)
    if scan.scanned.all():  # then the one call answered (else the steps did, and this compared nothing)
        assert OUTLINES.outside(place.entries, layout_of(polygons).first, scan.cross_keys, scan.cross_x,
                                scan.touch_keys, scan.touch_low, scan.touch_high, scan.polygon_index,
                                *polygons.polygon_arrays, scan.top, scan.rows, scanlines.COORDINATE_LIMIT) is not None
    assert all(type(value) is int for _, point, count, _ in found for value in (*point, count))


@needs_kernel
def test_one_call_refuses_what_the_steps_refuse() -> None:
    polygons = _polygon_file([("A", [[(0, 0), (10, 0), (0, 10)]]), ("B", [[(20, 0), (30, 0), (20, 10)]])])
    scan = ScanTable.of([(entry.name, shape) for entry in polygons.entries for shape in entry.polygons])
    coordinates, sizes = polygons.polygon_arrays
    first = layout_of(polygons).first
    tables = (scan.cross_keys, scan.cross_x, scan.touch_keys, scan.touch_low, scan.touch_high)
    entries = [Entry("A", 1, points=((1, 1), (50, 50))), Entry("B", 2, points=((21, 1),)), Entry("Z", 3, points=((0, 0),))]

    def call(entries=entries, first=first, index=scan.polygon_index, coordinates=coordinates, sizes=sizes,
             rows=scan.rows, limit=2**31):
        return OUTLINES.outside(entries, first, *tables, index, coordinates, sizes, scan.top, rows, limit)

    rows, squares = call()
    assert np.frombuffer(rows, dtype=np.int64).tolist() == [0, 50, 50, 1]  # Z is no territory: skipped
    alone = OUTLINES.squared(np.array([50, 50]), coordinates, sizes.reshape(-1), np.array([0]), np.array([1]))
    assert np.frombuffer(squares, dtype=np.float64).tolist() == np.frombuffer(alone, dtype=np.float64).tolist()
    assert call(entries=[Entry("A", 1, points=((1.5, 2),))]) is None  # as gather: no int
    assert call(index=np.array([0, -1], dtype=np.int64)) is None  # a polygon left out of the scan
    assert call(index=scan.polygon_index[:1]) is None  # one index per polygon
    assert call(sizes=np.array([[3], [4]], dtype=np.int64)) is None  # sizes past the coordinates
    assert call(sizes=np.array([[0], [6]], dtype=np.int64)) is None  # an empty polygon
    assert call(coordinates=coordinates.reshape(-1)[:-1]) is None  # half a point
    assert call(first={"A": (None, 1, 5)}) is None  # polygons past the arrays
    assert call(first={"A": (None, -1, 1)}) is None
    assert call(rows=0) is None and call(limit=-1) is None
    with pytest.raises(AttributeError):
        call(entries=[object()])
    with pytest.raises(ValueError):
        call(coordinates=coordinates.astype(np.float64))
    with pytest.raises(TypeError):
        OUTLINES.outside(tuple(entries), first, *tables, scan.polygon_index, coordinates, sizes, scan.top, scan.rows,
                         2**31)
    assert [bytes(values) for values in call(entries=[])] == [b"", b""]
