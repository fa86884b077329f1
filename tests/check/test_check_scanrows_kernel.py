"""The C row-scan kernel (_scanrows) against its numpy oracle in scanlines.py: the same
table array for array, the same answers, the same overlaps (with the _rowsweep kernel when
built) — on ordinary, degenerate and hostile polygons — and garbage handed to the kernel
directly is refused, not crashed on. The sweep alone: test_check_rowsweep_kernel.py."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check import scanlines
from converter.check.scanlines import ScanTable

try:
    KERNEL = importlib.import_module("converter.check._scanrows")
except ImportError:  # no compiler where the package was built: nothing to compare
    KERNEL = None
try:
    SWEEPER = importlib.import_module("converter.check._rowsweep")
except ImportError:  # overlaps are then compared numpy against numpy, the table still C against numpy
    SWEEPER = None
pytestmark = pytest.mark.skipif(KERNEL is None, reason="C kernel _scanrows not built (python3 setup.py build_ext --inplace)")

FIELDS = ("names", "boxes", "scanned", "polygon_index", "top", "rows", "cross_keys", "cross_x", "touch_keys",
          "touch_low", "touch_high")


def _both(monkeypatch, build):
    """build() once with the kernels and once with numpy only."""
    monkeypatch.setattr(scanlines, "_kernel", KERNEL)
    monkeypatch.setattr(scanlines, "_sweeper", SWEEPER)
    fast = build()
    monkeypatch.setattr(scanlines, "_kernel", None)
    monkeypatch.setattr(scanlines, "_sweeper", None)
    slow = build()
    return fast, slow


def _assert_same_table(fast: ScanTable, slow: ScanTable) -> None:
    for name in FIELDS:
        a, b = getattr(fast, name), getattr(slow, name)
        if isinstance(a, np.ndarray):
            assert a.dtype == b.dtype and a.shape == b.shape, name
            assert a.tobytes() == b.tobytes(), name  # bit for bit, float order included
        else:
            assert a == b, name


small = st.integers(-6, 14)
scaled = st.sampled_from([1, 1, 1, 7, 1_000, 2**29, 2**31 - 1, 2**31, 2**62])  # last ones: beyond the int range
polygon = st.tuples(scaled, st.lists(st.tuples(small, small), min_size=1, max_size=9)).map(
    lambda scaled_points: [(x * scaled_points[0], y * scaled_points[0]) for x, y in scaled_points[1]])


@settings(max_examples=300, deadline=None)
@given(st.lists(polygon, min_size=0, max_size=6), st.lists(st.tuples(small, small), min_size=1, max_size=20),
       st.integers(0, 5))
def test_kernel_table_answers_and_overlaps_are_the_numpy_ones(polygons, probes, max_rows) -> None:
    # a low MAX_ROWS / MAX_CROSSINGS now and then: the guards must leave out the same polygons
    with pytest.MonkeyPatch.context() as patch:
        if max_rows:
            patch.setattr(scanlines, "MAX_ROWS", max_rows * 3)
            patch.setattr(scanlines, "MAX_CROSSINGS", max_rows * 7)
        shapes = [(f"T{index % 3}", points) for index, points in enumerate(polygons)]
        fast, slow = _both(patch, lambda: ScanTable.of(shapes))
        _assert_same_table(fast, slow)
        if not len(fast.names):
            return
        numbers = np.array([n for n in range(len(fast.names)) for _ in probes], dtype=np.int64)
        xs = np.array([x for _ in fast.names for x, _ in probes], dtype=np.int64)
        ys = np.array([y for _ in fast.names for _, y in probes], dtype=np.int64)
        inside_fast, inside_slow = _both(patch, lambda: fast.contains(numbers, xs, ys))
        assert inside_fast.tolist() == inside_slow.tolist()
        overlaps_fast, overlaps_slow = _both(patch, lambda: fast.overlaps())
        assert overlaps_fast == overlaps_slow


rectangle = st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 25), st.integers(1, 25))


@settings(max_examples=200, deadline=None)
@given(st.lists(rectangle, min_size=2, max_size=8), st.sampled_from([1, 2**20, 2**29]))
def test_kernel_finds_the_same_overlaps_and_points(rectangles, spread) -> None:
    # overlapping rectangles (and the same ones far apart: the row-by-row sweep, not the float key)
    shapes = [(f"R{index}", ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
              for index, (x, y, w, h) in enumerate(rectangles)]
    shapes += [(f"F{index}", [(x + spread, y + spread) for x, y in points]) for index, (_, points) in enumerate(shapes)]
    with pytest.MonkeyPatch.context() as patch:
        fast, slow = _both(patch, lambda: ScanTable.of(shapes))
        _assert_same_table(fast, slow)
        overlaps_fast, overlaps_slow = _both(patch, lambda: fast.overlaps())
        assert overlaps_fast == overlaps_slow


def test_empty_degenerate_and_beyond_int64_polygons_match(monkeypatch) -> None:
    for shapes in ([], [("A", [(1, 1)])], [("A", [(1, 1), (5, 5)])], [("A", [(0, 0), (4, 0), (9, 0)])],
                   [("A", [(0, 0), (10**30, 5), (3, 9)]), ("B", [(0, 0), (4, 0), (4, 4)])],
                   [("A", [(-2**63, 0), (5, 5), (0, 9)]), ("B", [(0, 0), (4, 0), (4, 4)])]):
        fast, slow = _both(monkeypatch, lambda: ScanTable.of(shapes))
        _assert_same_table(fast, slow)
        assert _both(monkeypatch, lambda: fast.overlaps())[0] == slow.overlaps()


def test_contains_out_of_range_rows_and_far_points(monkeypatch) -> None:
    table = ScanTable.of([("A", [(0, 0), (10, 0), (10, 10), (0, 10)]), ("B", [(5, 5), (20, 5), (12, 30)])])
    numbers = np.array([0, 0, 1, 1, 0, 1, 0], dtype=np.int64)
    xs = np.array([5, 10, 12, -2**31, 2**31, 6, 0], dtype=np.int64)
    ys = np.array([5, 10, 29, 7, 5, -2**31, 31], dtype=np.int64)
    fast, slow = _both(monkeypatch, lambda: table.contains(numbers, xs, ys))
    assert fast.tolist() == slow.tolist() == [True, True, True, False, False, False, False]


# ---- the kernel called directly with garbage: refused (ValueError / None), never a crash

def _flat(points) -> np.ndarray:
    return np.array(points, dtype=np.int64).reshape(-1)


@pytest.mark.parametrize("counts", [[0, 3], [-1, 4], [2, 2], [4, 0], [2**62, 1]])
def test_measure_and_build_decline_counts_that_do_not_fit(counts) -> None:
    flat = _flat([(0, 0), (4, 0), (4, 4)])
    counts = np.array(counts, dtype=np.int64)
    assert KERNEL.measure(flat, counts) is None
    scanned = np.ones(len(counts), dtype=bool)
    assert KERNEL.build(flat, counts, scanned, 0, 5, 2**31, 100_000) is None


@pytest.mark.parametrize("top, rows", [(1, 5), (0, 3), (0, 0), (-5, 2**40)])
def test_build_declines_a_frame_that_does_not_hold_the_polygons(top, rows) -> None:
    flat, counts = _flat([(0, 0), (4, 0), (4, 4)]), np.array([3], dtype=np.int64)
    assert KERNEL.build(flat, counts, np.ones(1, dtype=bool), top, rows, 2**31, 100_000) is None


def test_build_declines_polygons_the_guards_would_not_let_through() -> None:
    counts = np.array([3], dtype=np.int64)
    for points in ([(0, 0), (4, 0), (4, 2**31)], [(0, 0), (2**40, 0), (4, 4)], [(0, 0), (4, 0), (4, 200_000)]):
        flat = _flat(points)
        top, bottom = min(y for _, y in points), max(y for _, y in points)
        assert KERNEL.build(flat, counts, np.ones(1, dtype=bool), top, bottom - top + 1, 2**31, 100_000) is None


def test_kernel_refuses_wrong_types_and_lengths() -> None:
    flat, counts = _flat([(0, 0), (4, 0), (4, 4)]), np.array([3], dtype=np.int64)
    with pytest.raises(ValueError):
        KERNEL.measure(flat.astype(np.float64), counts)
    with pytest.raises(ValueError):
        KERNEL.measure(flat.astype(np.int32), counts)
    with pytest.raises(TypeError):
        KERNEL.measure("not a buffer", counts)
    with pytest.raises(ValueError):
        KERNEL.build(flat, counts, np.ones(1, dtype=np.int64), 0, 5, 2**31, 100_000)
    keys, x = np.array([0, 0, 1, 1], dtype=np.int64), np.array([0.0, 1.0, 0.0, 1.0])
    with pytest.raises(ValueError):  # 3 queries, 2 xs
        KERNEL.contains(keys, x, keys[:0], keys[:0], keys[:0], keys[:3], keys[:2], keys[:3], 0, 2)
    with pytest.raises(ValueError):
        KERNEL.contains(keys, keys, keys[:0], keys[:0], keys[:0], keys, keys, keys, 0, 2)


def test_build_tables_are_read_only_and_recycled_memory_gives_the_same_tables(monkeypatch) -> None:
    # the kernel hands a dropped table's memory to the next build: tables of other sizes in
    # between must not leak into a later one
    shapes = [("A", [(0, 0), (10, 0), (10, 10), (0, 10)]), ("B", [(5, 5), (20, 5), (12, 30)])]
    monkeypatch.setattr(scanlines, "_kernel", None)
    expected = ScanTable.of(shapes)
    monkeypatch.setattr(scanlines, "_kernel", KERNEL)
    for scale in (1, 50, 3, 400, 1, 1):
        table = ScanTable.of([(name, [(x * scale, y * scale) for x, y in points]) for name, points in shapes])
        assert not table.cross_keys.flags.writeable and not table.cross_x.flags.writeable
        if scale == 1:
            _assert_same_table(table, expected)
        del table


# ---- select: the guards in one C pass, against scanlines._selected

side = st.sampled_from([0, 1, -1, 5, 2**31 - 1, 2**31, -2**31 + 1, -2**31, 2**62, -2**63, 2**63 - 1])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.tuples(side, side, side, side), st.integers(0, 6), st.integers(0, 50)), max_size=8),
       st.integers(0, 60), st.integers(0, 120))
def test_select_is_the_numpy_guard(polygons, max_rows, max_crossings) -> None:
    boxes = np.array([box for box, _, _ in polygons], dtype=np.int64).reshape(-1, 4)
    counts = np.array([count for _, count, _ in polygons], dtype=np.int64)
    crossings = np.array([crossing for _, _, crossing in polygons], dtype=np.int64)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scanlines, "MAX_ROWS", max_rows)
        patch.setattr(scanlines, "MAX_CROSSINGS", max_crossings)
        scanned, index, top, rows = scanlines._selected(boxes, counts, crossings)
        picked = KERNEL.select(boxes, crossings, counts, scanlines.COORDINATE_LIMIT, max_rows, max_crossings)
    if picked is None:  # only over the crossings bound: numpy leaves the tallest out first
        kept = scanlines._within_bounds(counts, boxes, lambda _: np.zeros(len(counts), dtype=np.int64))
        assert int(crossings[kept].sum()) > max_crossings
        return
    assert np.frombuffer(picked[0], dtype=bool).tolist() == scanned.tolist()
    assert np.frombuffer(picked[1], dtype=np.int64).tolist() == index.tolist()
    assert (picked[2], picked[3]) == (top, rows)


def test_select_refuses_what_does_not_fit() -> None:
    boxes, counts = np.zeros((2, 4), dtype=np.int64), np.full(2, 3, dtype=np.int64)
    crossings = np.ones(2, dtype=np.int64)
    assert KERNEL.select(boxes, crossings, counts, 2**31, 10, 10)[2:] == (0, 1)
    assert KERNEL.select(boxes, crossings[:1], counts, 2**31, 10, 10) is None  # lengths differ
    assert KERNEL.select(boxes[:1], crossings, counts, 2**31, 10, 10) is None
    for limit, max_rows, max_crossings in ((0, 10, 10), (2**62 + 1, 10, 10), (2**31, -1, 10), (2**31, 10, -1)):
        assert KERNEL.select(boxes, crossings, counts, limit, max_rows, max_crossings) is None
    assert KERNEL.select(boxes, -crossings, counts, 2**31, 10, 10) is None  # a negative count of crossings
    assert KERNEL.select(boxes, np.full(2, 2**63 - 1, dtype=np.int64), counts, 2**31, 10, 2**63 - 1) is None
    with pytest.raises(ValueError):
        KERNEL.select(boxes.astype(np.float64), crossings, counts, 2**31, 10, 10)
    with pytest.raises(TypeError):
        KERNEL.select("boxes", crossings, counts, 2**31, 10, 10)
    empty = np.zeros(0, dtype=np.int64)
    assert KERNEL.select(empty, empty, empty, 2**31, 10, 10) == (b"", b"", 0, 1)
