"""The overlap and island tests of M309 (`geometry.polygons_overlap`, `polygon_within`): the
grid and the bands that spare the Python path from testing every pair, and the `_overlap`
kernel, answer exactly as the plain definitions do (numpy's arrays, the path between them for
long outlines, are kept out of the way here: test_check_overlap_arrays.py)."""

from __future__ import annotations

import importlib
from array import array
from itertools import chain
from unittest.mock import patch

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.check import geometry
from converter.check.geometry import Outline, _edges, _ray_cast, _segments_cross

try:
    KERNEL = importlib.import_module("converter.check._overlap")
except ImportError:
    KERNEL = None
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="C kernel _overlap not built (no C compiler at install)")

# a small grid makes shared vertices, borders traced on the same pixels and collinear edges common
small_point = st.tuples(st.integers(0, 24), st.integers(0, 24))
small_polygon = st.lists(small_point, min_size=1, max_size=40).map(tuple)
# long thin edges across the grid, and the odd far-out point, reach many cells and bands
wide_point = st.tuples(st.integers(-3000, 3000), st.integers(-3000, 3000))
mixed_polygon = st.lists(st.one_of(small_point, small_point, small_point, wide_point), min_size=1,
                         max_size=40).map(tuple)
polygons = small_polygon | mixed_polygon


NO_ARRAYS = 10**18  # geometry._BY_ARRAYS that no outline reaches


def _python(test, *outlines):
    """The Python path's answer (the kernel and the arrays out of the way)."""
    with patch.multiple(geometry, _kernel_answer=lambda *_: None, _BY_ARRAYS=NO_ARRAYS):
        return test(*outlines)


def _every_pair(test, *outlines):
    """The Python path testing every pair (no grid, no bands)."""
    with patch.multiple(geometry, _kernel_answer=lambda *_: None, _BY_ARRAYS=NO_ARRAYS, _EVERY_PAIR=10**12):
        return test(*outlines)


def _always_indexed(test, *outlines):
    """The Python path sorting into a grid and bands whatever the size."""
    with patch.multiple(geometry, _kernel_answer=lambda *_: None, _BY_ARRAYS=NO_ARRAYS, _EVERY_PAIR=-1):
        return test(*outlines)


@settings(max_examples=500, deadline=None)
@given(polygons, polygons)
@example(((0, 0), (10, 0), (10, 10), (0, 10)), ((10, 0), (20, 0), (20, 10), (10, 10)))  # a shared border
@example(((0, 0), (10, 0), (10, 10), (0, 10)), ((2, 2), (8, 2), (8, 8), (2, 8)))  # one inside the other
def test_the_grid_and_bands_answer_as_every_pair(first, second) -> None:
    a, b = Outline.of(first), Outline.of(second)
    for test, pair in ((geometry.polygons_overlap, (a, b)), (geometry.polygon_within, (a, b)),
                       (geometry.polygon_within, (b, a))):
        assert _always_indexed(test, *pair) == _every_pair(test, *pair)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(wide_point, wide_point), max_size=60), st.lists(st.tuples(wide_point, wide_point),
                                                                         max_size=60))
def test_any_crossing_finds_what_testing_every_pair_finds(first, second) -> None:
    expected = any(_segments_cross(a, b, c, d) for a, b in first for c, d in second)
    with patch.object(geometry, "_EVERY_PAIR", -1):
        assert geometry._any_crossing(first, second) is expected


@settings(max_examples=300, deadline=None)
@given(mixed_polygon, st.lists(st.tuples(st.integers(-100, 100), st.integers(-100, 100).map(lambda y: y / 2)),
                               min_size=1, max_size=20))
def test_a_band_holds_every_edge_a_ray_cast_needs(polygon, points) -> None:
    edges = list(_edges(polygon))
    rows = geometry._Rows(edges)
    for point in points:
        assert _ray_cast(point, rows.reaching(point[1])) == _ray_cast(point, edges)


def _comb(teeth: int) -> list:
    """Many short edges along the x axis (a coastline traced pixel by pixel)."""
    return [(2 * i + (i % 2), 3 * (i % 2)) for i in range(teeth)]


def test_an_edge_over_many_bands_is_in_every_band() -> None:
    # one far vertex: its two edges reach far more bands than the comb's edges set the bands' height by
    polygon = [*_comb(1000), (1000, 100_000)]
    rows = geometry._Rows(list(_edges(polygon)))
    assert rows.tall, "the far edges are kept with every band"
    for point in [(1500, 50_000), (999, 60_000.5), (1000, 100_000), (3, 1)]:
        assert _ray_cast(point, rows.reaching(point[1])) == _ray_cast(point, list(_edges(polygon)))


@pytest.mark.parametrize("long_edge_first", [True, False])
def test_an_edge_over_many_cells_meets_the_edges_of_every_cell(long_edge_first) -> None:
    comb = _comb(1000)
    short = list(zip(comb, comb[1:]))  # x 0..1999, y 0..3
    diagonal = ((501, -40_000), (1501, 40_000))  # crosses the comb near x 1001, over many cells
    # the diagonal first: tested against every edge of the other side; second: among the wide edges
    first, second = ([diagonal, *short[:10]], short) if long_edge_first else (short, [*short, diagonal])
    assert any(_segments_cross(a, b, c, d) for a, b in first for c, d in second)
    with patch.object(geometry, "_EVERY_PAIR", -1):
        assert geometry._any_crossing(first, second) is True
        assert geometry._any_crossing(first[1:] if long_edge_first else first,
                                      second if long_edge_first else second[:-1]) is False


@needs_kernel
@settings(max_examples=800, deadline=None)
@given(polygons, polygons)
@example(((0, 0), (3, 1), (1, 3)), ((1, 1), (2, 1), (1, 2)))  # a midpoint's half pixels
def test_the_kernel_answers_as_python(first, second) -> None:
    a, b = Outline.of(first), Outline.of(second)
    assert geometry.polygons_overlap(a, b) is _python(geometry.polygons_overlap, a, b)
    assert geometry.polygon_within(a, b) is _python(geometry.polygon_within, a, b)
    assert geometry.polygon_within(b, a) is _python(geometry.polygon_within, b, a)


def _spiral(turns: int, step: int, offset: int) -> tuple:
    """A long, winding outline: many edges whose rows meet (a sea zone's coastline)."""
    out = [(offset + step * i, 0) for i in range(turns)] + [(offset + step * turns, 500)]
    return tuple(out + [(offset + step * i + step // 2, 250 + (i % 7) * 30) for i in reversed(range(turns))])


@needs_kernel
@pytest.mark.parametrize("first, second", [
    (_spiral(400, 5, 0), _spiral(400, 5, 1)),  # neighbours drawn a pixel apart: no edge crosses
    (_spiral(400, 5, 0), _spiral(400, 5, 0)),  # the same outline twice
    (_spiral(300, 7, 3), _spiral(500, 4, 0)),
])
def test_the_kernel_answers_as_python_for_long_outlines(first, second) -> None:
    a, b = Outline.of(first), Outline.of(second)
    for test in (geometry.polygons_overlap, geometry.polygon_within):
        assert test(a, b) is _python(test, a, b)
        assert test(b, a) is _python(test, b, a)


@needs_kernel
def test_the_kernel_leaves_what_it_cannot_take_to_python() -> None:
    square = array("q", [0, 0, 10, 0, 10, 10, 0, 10])
    limit = 1 << 25
    assert KERNEL.overlap(square, array("q", [5, 5, 15, 5, 15, 15, 5, 15])) is True
    assert KERNEL.overlap(square, square) is False  # the same border: nothing strictly inside
    assert KERNEL.within(array("q", [2, 2, 4, 2, 4, 4]), square) is True
    assert KERNEL.overlap(array("q"), square) is None  # no point
    assert KERNEL.overlap(array("q", [1, 2, 3]), square) is None  # half a point
    assert KERNEL.within(array("q", [0, 0, limit, 0, 0, 5]), square) is False  # at the limit: taken
    assert KERNEL.within(array("q", [0, 0, limit + 1, 0, 0, 5]), square) is None  # beyond it
    assert KERNEL.overlap(square, array("q", [0, -limit - 1, 5, 5, 0, 5])) is None
    with pytest.raises(ValueError):
        KERNEL.overlap(array("d", [0.0, 0.0, 1.0, 1.0]), square)  # not int64
    with pytest.raises(TypeError):
        KERNEL.overlap([0, 0, 1, 1], square)  # no buffer


@needs_kernel
def test_outlines_beyond_the_kernel_are_answered_in_python() -> None:
    far = 1 << 40
    big = Outline.of(((-far, -far), (far, -far), (far, far), (-far, far)))
    island = Outline.of(((0, 0), (10, 0), (10, 10), (0, 10)))
    huge = Outline.of(((0, 0), (2**70, 0), (0, 2**70)))  # no int64: no coordinates at all
    assert huge.coordinates is None
    assert array("q", chain.from_iterable(island.points)) == island.coordinates
    assert geometry.polygon_within(island, big) is True
    assert geometry.polygons_overlap(island, huge) is True
    assert geometry.polygon_within(island, huge) is True


def test_neighbours_sharing_a_long_coastline_are_not_tested_pair_by_pair() -> None:
    """Two sea zones traced along one coastline of 2,000 edges (bench_overlap's): their boxes
    overlap and no edge crosses, the case that took seconds. Counted, not timed: the Python
    path tests under 1% of the edge pairs and reads under 10% of the edges ray casts read
    when every pair is tested, with the same answer."""
    from bench.bench_overlap import seas

    north, south, _island = seas()
    crossings, ray_edges = [0], [0]
    segments_cross, ray_cast = geometry._segments_cross, geometry._ray_cast

    def crossing(*arguments):
        crossings[0] += 1
        return segments_cross(*arguments)

    def casting(point, edges):
        edges = list(edges)
        ray_edges[0] += len(edges)
        return ray_cast(point, edges)

    counts = []
    for every_pair in (10**12, geometry._EVERY_PAIR):
        crossings[0] = ray_edges[0] = 0
        with patch.multiple(geometry, _kernel_answer=lambda *_: None, _segments_cross=crossing, _ray_cast=casting,
                            _EVERY_PAIR=every_pair, _BY_ARRAYS=NO_ARRAYS):
            assert geometry.polygons_overlap(north, south) is False
        counts.append((crossings[0], ray_edges[0]))
    (pairs, cast), (indexed_pairs, indexed_cast) = counts
    assert indexed_pairs < pairs / 100 and indexed_cast < cast / 10, counts
