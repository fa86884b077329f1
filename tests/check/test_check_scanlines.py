"""The row-scan table against the reference geometry: point in polygon exactly, overlap
as 'a DEPTH x DEPTH block inside both' with rectangles worked out by hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check.geometry import _on_segment, point_in_polygon
from converter.check.scanlines import DEPTH, MAX_ROWS, ScanTable, points_inside

# small coordinates: vertices on the probe's row, collinear edges and touching corners are common
coordinate = st.integers(min_value=-3, max_value=12)
point = st.tuples(coordinate, coordinate)
polygon = st.lists(point, min_size=3, max_size=9)


@settings(max_examples=300, deadline=None)
@given(st.lists(polygon, min_size=1, max_size=4), st.lists(point, min_size=1, max_size=30))
def test_contains_is_the_reference_point_in_polygon(polygons, probes) -> None:
    table = ScanTable.of([(f"T{index}", points) for index, points in enumerate(polygons)])
    queries = [(index, x, y) for index in range(len(polygons)) for x, y in probes]
    found = points_inside(table, queries).tolist()
    expected = [point_in_polygon((x, y), polygons[index]) for index, x, y in queries]
    assert found == expected


def _rectangle(left: int, top: int, right: int, bottom: int) -> tuple[tuple[int, int], ...]:
    return ((left, top), (right, top), (right, bottom), (left, bottom))


rectangle = st.tuples(st.integers(0, 30), st.integers(0, 30), st.integers(1, 20), st.integers(1, 20)).map(
    lambda r: (r[0], r[1], r[0] + r[2], r[1] + r[3]))


@settings(max_examples=300, deadline=None)
@given(rectangle, rectangle)
def test_rectangles_overlap_when_they_share_a_depth_square(first, second) -> None:
    table = ScanTable.of([("A", _rectangle(*first)), ("B", _rectangle(*second))])
    # rows y with top <= y < bottom are inside; the shared x-range is the min right - max left
    rows = min(first[3], second[3]) - max(first[1], second[1])
    columns = min(first[2], second[2]) - max(first[0], second[0])
    assert (table.overlapping_names() == {("A", "B")}) == (rows >= DEPTH and columns >= DEPTH)


def _strictly_inside(point, polygon) -> bool:
    on_outline = any(_on_segment(*point, *polygon[index - 1], *polygon[index]) for index in range(len(polygon)))
    return not on_outline and point_in_polygon(point, polygon)


@settings(max_examples=200, deadline=None)
@given(st.lists(polygon, min_size=2, max_size=4))
def test_a_reported_overlap_is_a_real_one(polygons) -> None:
    # (the exact edge test is no oracle here: it misses a polygon pasted twice, which the scan reports)
    shapes = [(f"T{index}", points) for index, points in enumerate(polygons)]
    for (first, second), where in ScanTable.of(shapes).overlaps().items():
        a, b = polygons[int(first[1:])], polygons[int(second[1:])]
        probes = [(x + 0.5, y) for x in range(-3, 13) for y in range(-3, 13)]
        assert any(_strictly_inside(probe, a) and _strictly_inside(probe, b) for probe in probes)
        assert point_in_polygon(where, a) and point_in_polygon(where, b)  # the point shown to the user


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=6, unique=True),
       st.lists(st.integers(1, 40), min_size=1, max_size=6, unique=True), st.booleans())
def test_a_grid_of_neighbours_never_overlaps_even_traced_a_pixel_apart(cuts_x, cuts_y, apart) -> None:
    xs, ys = [0, *sorted(cuts_x), 41], [0, *sorted(cuts_y), 41]
    gap = 1 if apart else 0  # borders traced one pixel off: slivers, not overlaps
    shapes = [(f"C{i}_{j}", _rectangle(xs[i], ys[j], xs[i + 1] + gap, ys[j + 1] + gap))
              for i in range(len(xs) - 1) for j in range(len(ys) - 1)]
    assert ScanTable.of(shapes).overlapping_names() == set()


def test_same_territory_polygons_and_a_polygon_inside_another() -> None:
    shapes = [("Land", _rectangle(0, 0, 50, 50)), ("Land", _rectangle(10, 10, 20, 20)),
              ("Lake", _rectangle(30, 30, 40, 40))]
    # the first 3x3 block inside both spans rows 30-32, x 30-40: its middle
    assert ScanTable.of(shapes).overlaps() == {("Lake", "Land"): (35, 31)}


def test_a_polygon_taller_than_the_scan_limit_is_left_out() -> None:
    shapes = [("Tall", _rectangle(0, 0, 10, MAX_ROWS + 1)), ("Small", _rectangle(0, 0, 10, 10))]
    table = ScanTable.of(shapes)
    assert table.scanned.tolist() == [False, True] and table.names == ("Small",)
    assert points_inside(table, [(1, 5, 5), (1, 50, 5)]).tolist() == [True, False]


def test_coordinates_beyond_the_engine_int_range_are_left_out() -> None:
    huge = 10**30  # beyond int64 too: the tuples hold it, numpy cannot
    shapes = [("Huge", ((0, 0), (huge, 0), (0, 10))), ("Small", _rectangle(0, 0, 10, 10))]
    table = ScanTable.of(shapes)
    assert table.scanned.tolist() == [False, True]
    assert points_inside(table, [(1, 5, 5)]).tolist() == [True]


def test_int64_minimum_is_beyond_the_engine_int_range_too() -> None:
    # abs(-2**63) wraps to -2**63 in int64: a one-sided guard took this polygon in
    lowest = -2**63
    shapes = [("Lowest", ((lowest, 0), (0, 0), (0, 10))), ("Small", _rectangle(0, 0, 10, 10))]
    table = ScanTable.of(shapes)
    assert table.scanned.tolist() == [False, True]
    assert points_inside(table, [(1, 5, 5)]).tolist() == [True]


def test_the_crossing_budget_leaves_the_tallest_polygons_out(monkeypatch) -> None:
    from converter.check import scanlines
    shapes = [("Short", _rectangle(0, 0, 10, 10)), ("Tall", _rectangle(20, 0, 30, 40)),
              ("Middle", _rectangle(40, 0, 50, 20))]
    assert ScanTable.of(shapes).scanned.tolist() == [True, True, True]  # 2 crossings per row
    monkeypatch.setattr(scanlines, "MAX_CROSSINGS", 2 * 10 + 2 * 20)
    assert ScanTable.of(shapes).scanned.tolist() == [True, False, True]


def test_far_apart_polygons_keep_exact_order() -> None:
    # keys times x-range beyond float precision: the exact lexsort path gives the same answers
    shapes = [("Near", _rectangle(0, 0, 10, 10)), ("Far", _rectangle(2**30, 2**30, 2**30 + 10, 2**30 + 10)),
              ("Over", _rectangle(2**30 + 2, 2**30 + 2, 2**30 + 8, 2**30 + 8))]
    table = ScanTable.of(shapes)
    assert table.overlapping_names() == {("Far", "Over")}
    assert points_inside(table, [(1, 2**30 + 5, 2**30 + 5), (0, 5, 5), (0, 11, 5)]).tolist() == [True, True, False]


@settings(max_examples=100, deadline=None)
@given(st.lists(polygon, min_size=2, max_size=5), st.lists(rectangle, min_size=0, max_size=3))
def test_the_float_key_sweep_equals_the_plain_row_loop(polygons, rectangles) -> None:
    from unittest import mock

    from converter.check import scanlines
    shapes = [(f"T{index}", points) for index, points in enumerate(polygons)] + \
        [(f"R{index}", _rectangle(*box)) for index, box in enumerate(rectangles)]
    fast = ScanTable.of(shapes).overlapping_names()
    with mock.patch.object(scanlines, "_EXACT_FLOATS", 0.0):
        assert ScanTable.of(shapes).overlapping_names() == fast



def _overlaps_both_ways(shapes) -> tuple[dict, dict]:
    """(the shortlisted overlaps, those of testing every earlier interval on a row)."""
    import converter.check.scanlines as scanlines

    shortlisted = ScanTable.of(shapes).overlaps()
    few = scanlines._FEW
    try:
        scanlines._FEW = 10**9  # every pair, as before the shortlist
        return shortlisted, ScanTable.of(shapes).overlaps()
    finally:
        scanlines._FEW = few


crossing_outline = st.lists(st.tuples(st.integers(0, 120), st.integers(0, 40)), min_size=40, max_size=90)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), crossing_outline), min_size=2, max_size=4))
def test_crowded_rows_find_the_overlaps_the_pairwise_loop_finds(outlines) -> None:
    """Self-crossing outlines of many points cut a row into dozens of intervals: the numpy
    shortlist of candidates must give exactly what testing every earlier interval gives."""
    shortlisted, pairwise = _overlaps_both_ways(outlines)
    assert shortlisted == pairwise


def test_a_row_crowded_by_one_outline_is_shortlisted() -> None:
    """The fuzz find: one territory's zigzag of hundreds of points over its neighbours."""
    import numpy as np

    import converter.check.scanlines as scanlines

    zigzag = [(x * 7 % 400, 0 if x % 2 else 60) for x in range(400)]
    shapes = [("Zig", zigzag), ("Big", _rectangle(0, 0, 400, 60)), ("Box", _rectangle(100, 10, 160, 50))]
    table = ScanTable.of(shapes)
    assert np.bincount(table.cross_keys[0::2] % table.rows).max() > 2 * scanlines._FEW  # a crowded row
    shortlisted, pairwise = _overlaps_both_ways(shapes)
    assert shortlisted == pairwise and ("Big", "Box") in shortlisted


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), crossing_outline), min_size=2, max_size=4),
       st.lists(rectangle, min_size=0, max_size=3))
def test_partners_found_at_once_are_those_asked_for_one_by_one(outlines, rectangles) -> None:
    """_partners finds every flagged interval's earlier overlapping intervals in one numpy pass;
    asking for each flagged interval's alone (as beyond _PAIRS_AT_ONCE) must give the same overlaps."""
    from unittest import mock

    import converter.check.scanlines as scanlines

    shapes = outlines + [(f"R{index}", _rectangle(*box)) for index, box in enumerate(rectangles)]
    at_once = ScanTable.of(shapes).overlaps()
    with mock.patch.object(scanlines, "_PAIRS_AT_ONCE", -1):
        assert ScanTable.of(shapes).overlaps() == at_once


def _overlaps_settled_and_not(shapes) -> tuple[dict, dict, int, int]:
    """(overlaps, overlaps with every window kept, and how often each asked for the
    earlier intervals overlapping a flagged one)."""
    from unittest import mock

    import converter.check.scanlines as scanlines

    asked = []
    shortlist = scanlines._overlapped_by

    def counted(*args):
        asked.append(1)
        return shortlist(*args)

    with mock.patch.object(scanlines, "_overlapped_by", counted):
        settled = ScanTable.of(shapes).overlaps()
        settled_asks = len(asked)
        with mock.patch.object(scanlines, "_SETTLE_EARLY", False):
            kept = ScanTable.of(shapes).overlaps()
    return settled, kept, settled_asks, len(asked) - settled_asks


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), crossing_outline), min_size=2, max_size=4),
       st.integers(0, 4), st.integers(0, 4))
def test_settling_a_pair_early_changes_no_overlap(outlines, shift_x, shift_y) -> None:
    """A pair's first block is final once its rows are swept: skipping its later windows
    (and intervals whose pairs are all settled) must give every overlap and point as before."""
    copies = outlines + [("D", [(x + shift_x, y + shift_y) for x, y in outlines[0][1]])]
    settled, kept, _, _ = _overlaps_settled_and_not(copies)
    assert settled == kept


def test_two_copies_of_a_crossing_outline_settle_early() -> None:
    """The fuzz find: one self-crossing outline of hundreds of points pasted twice, a pixel
    apart, flagged every interval of thousands of rows (seconds); settled, few are asked about."""
    import random

    rng = random.Random(5)
    outline = [(rng.randint(0, 600), rng.randint(0, 600)) for _ in range(300)]
    shapes = [("Alpha", outline), ("Beta", [(x + 2, y + 1) for x, y in outline]), ("Box", _rectangle(0, 0, 50, 50))]
    settled, kept, settled_asks, kept_asks = _overlaps_settled_and_not(shapes)
    assert settled == kept and ("Alpha", "Beta") in settled
    assert kept_asks > 5_000 and settled_asks * 10 < kept_asks, (settled_asks, kept_asks)
