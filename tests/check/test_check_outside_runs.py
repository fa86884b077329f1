"""outside.outside_runs (the _outlines kernel's one call per point file) answers what
outside.py's numpy path answers (`_inside_any` + `_outside_runs`), and refuses counts that
do not fit its arrays instead of reading past them; and the polygon layout built from the
C reader's counts equals the one counted entry by entry."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check.accel import accelerator
from converter.check.mapfiles import Entry, PointFile, PolygonList, read_polygons
from converter.check.outside import _inside_any, _outside_runs, outside_runs
from converter.check.polygonlayout import layout_of
from converter.check.scanlines import ScanTable

OUTLINES = accelerator("_outlines")
needs_kernel = pytest.mark.skipif(OUTLINES is None, reason="C kernel _outlines not built "
                                  "(python3 setup.py build_ext --inplace) or DDAY2_PURE set")

coordinate = st.integers(-5, 60)
polygon = st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=8)


def _numpy_runs(table: ScanTable, firsts, polygon_counts, point_counts, points) -> np.ndarray:
    return _outside_runs(_inside_any(table, [], point_counts, points, polygon_counts, firsts), point_counts)


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(st.lists(polygon, min_size=1, max_size=6), st.data())
def test_outside_runs_equal_the_numpy_path(shapes, data) -> None:
    table = ScanTable.of([(str(number), shape) for number, shape in enumerate(shapes)])
    entries = data.draw(st.integers(0, 6))
    firsts, polygon_counts, point_counts = [], [], []
    for _ in range(entries):
        first = data.draw(st.integers(0, len(shapes)))
        firsts.append(first)
        polygon_counts.append(data.draw(st.integers(0, len(shapes) - first)))
        point_counts.append(data.draw(st.integers(0, 5)))
    points = np.array(data.draw(st.lists(st.tuples(coordinate, coordinate), min_size=sum(point_counts),
                                         max_size=sum(point_counts))), dtype=np.int64).reshape(-1, 2)
    arrays = [np.array(values, dtype=np.int64) for values in (firsts, polygon_counts, point_counts)]
    found = outside_runs(table, *arrays, points)
    assert found is not None
    assert found.tolist() == _numpy_runs(table, *arrays, points).tolist()


@needs_kernel
def test_outside_runs_refuse_what_does_not_fit() -> None:
    table = ScanTable.of([("A", [(0, 0), (10, 0), (0, 10)]), ("B", [(20, 0), (30, 0), (20, 10)])])
    points = np.array([[1, 1], [25, 2], [50, 50]], dtype=np.int64)

    def runs(firsts, polygon_counts, point_counts, table=table, points=points):
        return outside_runs(table, *(np.array(values, dtype=np.int64) for values in
                                     (firsts, polygon_counts, point_counts)), points)

    assert runs([0, 0], [2, 1], [2, 1]).tolist() == [[1, 2, 1]]
    assert runs([0], [2], [3]).tolist() == [[0, 2, 1]]
    for bad in (([0], [3], [3]), ([-1], [1], [3]), ([2], [1], [3]), ([0], [-1], [3]), ([0], [1], [4]),
                ([0], [1], [2]), ([0], [1], [-1]), ([0, 0], [1, 1], [2**62, 2**62]), ([2**63 - 1], [1], [3])):
        assert runs(*bad) is None, bad
    with pytest.raises(ValueError):
        runs([0, 0], [1], [3])
    with pytest.raises(ValueError):
        outside_runs(table, *(np.array(values, dtype=np.int64) for values in ([0], [1], [3])), points.reshape(-1)[:5])
    assert outside_runs(table, *(np.zeros(0, dtype=np.int64) for _ in range(3)), np.zeros((0, 2), dtype=np.int64)) \
        .tolist() == []


@needs_kernel
def test_outside_runs_leave_polygons_the_scan_left_out_to_python(monkeypatch) -> None:
    from converter.check import scanlines

    monkeypatch.setattr(scanlines, "MAX_ROWS", 100)
    table = ScanTable.of([("A", [(0, 0), (10, 0), (0, 10)]), ("B", [(20, 0), (30, 0), (20, 5000)])])
    assert table.scanned.tolist() == [True, False]
    ones = np.ones(1, dtype=np.int64)
    assert outside_runs(table, np.zeros(1, dtype=np.int64), 2 * ones, ones, np.array([[50, 50]])) is None
    assert outside_runs(table, np.zeros(1, dtype=np.int64), ones, ones, np.array([[50, 50]])).tolist() == [[0, 0, 1]]


names = st.sampled_from(["A", "B", "C"])


@given(st.lists(st.tuples(names, st.integers(0, 3)), max_size=8))
def test_the_layout_from_known_counts_is_the_counted_one(entries) -> None:
    square = ((0, 0), (1, 0), (1, 1))
    polygons = PointFile(Path("polygons.txt"), [Entry(name, line, polygons=PolygonList([square] * count))
                                                for line, (name, count) in enumerate(entries, 1)])
    counted = layout_of(polygons)
    polygons.known_polygon_counts = [count for _, count in entries]
    known = layout_of(polygons)
    assert known == counted
    assert list(known.first) == list(dict.fromkeys(name for name, _ in entries))  # first-seen order
    expected_first, total = {}, 0
    for entry, (name, count) in zip(polygons.entries, entries):
        expected_first.setdefault(name, (entry, total, count))
        total += count
    assert known.first == expected_first
    assert known.names == tuple(name for name, count in entries for _ in range(count))


def test_the_c_reader_counts_each_entrys_polygons(community_map_dir: Path) -> None:
    polygons = read_polygons(community_map_dir / "map" / "polygons.txt")
    if polygons.known_polygon_counts is None:
        pytest.skip("the _pointtext kernel is not built (or DDAY2_PURE is set)")
    assert polygons.known_polygon_counts == [len(entry.polygons) for entry in polygons.entries]
