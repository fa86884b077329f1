"""The C overlap sweep (_rowsweep) against its numpy oracle scanlines._candidates: the same
order and flagged intervals, the same overlaps of a table numpy built — and garbage handed
to the kernel directly is refused, not crashed on."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check import scanlines
from converter.check.scanlines import ScanTable

try:
    SWEEPER = importlib.import_module("converter.check._rowsweep")
except ImportError:  # no compiler where the package was built: nothing to compare
    SWEEPER = None
pytestmark = pytest.mark.skipif(SWEEPER is None,
                                reason="C kernel _rowsweep not built (python3 setup.py build_ext --inplace)")


def test_sweep_refuses_wrong_types_lengths_and_orders() -> None:
    keys, x = np.array([0, 0, 1, 1], dtype=np.int64), np.array([0.0, 1.0, 0.0, 1.0])
    with pytest.raises(ValueError):
        SWEEPER.sweep(keys.astype(np.int32), x, 2)
    with pytest.raises(ValueError):
        SWEEPER.sweep(keys, keys, 2)  # x must be float64
    with pytest.raises(TypeError):
        SWEEPER.sweep("not a buffer", x, 2)
    assert SWEEPER.sweep(keys, x[:3], 2) is None  # lengths differ
    assert SWEEPER.sweep(keys[:3], x[:3], 2) is None  # not pairs
    assert SWEEPER.sweep(keys[:2], x[:2], 2) is None  # one interval: nothing to sweep
    assert SWEEPER.sweep(keys[::-1].copy(), x, 2) is None  # keys not sorted
    assert SWEEPER.sweep(keys, np.array([0.0, np.nan, 0.0, 1.0]), 2) is None
    assert SWEEPER.sweep(keys, np.array([0.0, np.inf, 0.0, 1.0]), 2) is None
    assert SWEEPER.sweep(keys, x, 0) is None
    assert SWEEPER.sweep(keys, x, -2**62) is None
    assert SWEEPER.sweep(-keys - 1, x, 2) is None
    assert SWEEPER.sweep(keys * 2**40, x, 1) is None  # more polygons than the row loop steps


def test_sweep_of_far_apart_and_huge_rows_is_numpy_s() -> None:
    # rows * width beyond exact floats: the plain row-by-row loop, not the shifted key
    keys = np.array([0, 0, 0, 0, 7, 7, 7, 7], dtype=np.int64)
    xs = np.array([0.0, 10.0, 2.0, 9.0, -1e15, 1e15, 0.0, 5.0])
    for rows in (8, 2**40):
        swept = SWEEPER.sweep(keys, xs, rows)
        order, flagged = scanlines._candidates(xs[0::2], xs[1::2], keys[0::2] % rows, rows)
        assert np.frombuffer(swept[1], dtype=np.int64).tolist() == flagged.tolist() == [1, 3]
        assert np.frombuffer(swept[0], dtype=np.int64).tolist() == order.tolist()


interval_rows = st.lists(st.lists(st.tuples(st.integers(-20, 60), st.integers(0, 12)), min_size=1, max_size=40),
                         min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(interval_rows, st.integers(1, 3), st.sampled_from([1, 0.5, 1e-7, 3e7]))
def test_sweep_flags_what_the_numpy_candidates_flag(rows_of_intervals, copies, scale) -> None:
    # the kernel answers "nothing flagged" by a lean check and works out the order only when
    # something is: both must be numpy's answer (rows past 64 intervals take the full sweep)
    polygons = [[] for _ in range(copies)]
    for row, intervals in enumerate(rows_of_intervals):
        for number, (start, length) in enumerate(intervals * (3 if len(intervals) > 30 else 1)):
            polygons[number % copies].append((row, start * scale, (start + length) * scale))
    keys, xs = [], []
    rows = len(rows_of_intervals)
    for number, intervals in enumerate(polygons):
        for row, start, end in sorted(intervals):
            keys += [number * rows + row] * 2
            xs += [start, end]
    if len(keys) < 4:
        return
    keys, xs = np.array(keys, dtype=np.int64), np.array(xs, dtype=np.float64)
    swept = SWEEPER.sweep(keys, xs, rows)
    order, flagged = scanlines._candidates(xs[0::2], xs[1::2], keys[0::2] % rows, rows)
    assert swept is not None
    assert np.frombuffer(swept[1], dtype=np.int64).tolist() == flagged.tolist()
    if len(flagged):
        assert np.frombuffer(swept[0], dtype=np.int64).tolist() == order.tolist()


rectangle = st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 25), st.integers(1, 25))


@settings(max_examples=100, deadline=None)
@given(st.lists(rectangle, min_size=2, max_size=8))
def test_overlaps_of_a_numpy_table_are_the_same_with_the_sweeper(rectangles) -> None:
    # the two kernels are independent: the sweep must also serve a table the numpy path built
    shapes = [(f"R{index}", ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
              for index, (x, y, w, h) in enumerate(rectangles)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scanlines, "_kernel", None)
        table = ScanTable.of(shapes)
        patch.setattr(scanlines, "_sweeper", SWEEPER)
        fast = table.overlaps()
        patch.setattr(scanlines, "_sweeper", None)
        assert fast == table.overlaps()
