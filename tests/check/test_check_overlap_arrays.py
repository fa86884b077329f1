"""numpy's path for the island tests of M309 (`overlaparrays`, what runs for long outlines where
the `_overlap` kernel is not built) answers exactly as geometry's Python path does: whole
tests and each step (ray casts, edge crossings), on small grids full of shared borders and
collinear edges, with half-pixel points, far-out vertices and long outlines, and in steps
small enough that pairs are split across them."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from converter.check import geometry, overlaparrays
from converter.check.geometry import Outline, _edges, _ray_cast, _segments_cross

NO_ARRAYS, ALWAYS_ARRAYS = 10**18, -1  # geometry._BY_ARRAYS

small_point = st.tuples(st.integers(0, 24), st.integers(0, 24))
wide_point = st.tuples(st.integers(-3000, 3000), st.integers(-3000, 3000))
mixed_polygon = st.lists(st.one_of(small_point, small_point, small_point, wide_point), min_size=1,
                         max_size=40).map(tuple)
polygons = st.lists(small_point, min_size=1, max_size=40).map(tuple) | mixed_polygon


def _answer(test, by_arrays, *outlines):
    with patch.multiple(geometry, _kernel_answer=lambda *_: None, _BY_ARRAYS=by_arrays):
        return test(*outlines)


def _both(test, *points):
    """(Python's answer, the arrays' answer, the arrays' answer sorting every pair into bands
    and cells), each on outlines of their own (nothing cached shared)."""
    python = _answer(test, NO_ARRAYS, *map(Outline.of, points))
    arrays = _answer(test, ALWAYS_ARRAYS, *map(Outline.of, points))
    with patch.object(overlaparrays, "BROADCAST_PAIRS", 0):
        sorted_arrays = _answer(test, ALWAYS_ARRAYS, *map(Outline.of, points))
    return python, arrays, sorted_arrays


def _spiral(turns: int, step: int, offset: int) -> tuple:
    """A long, winding outline: many edges whose rows meet (a sea zone's coastline)."""
    out = [(offset + step * i, 0) for i in range(turns)] + [(offset + step * turns, 500)]
    return tuple(out + [(offset + step * i + step // 2, 250 + (i % 7) * 30) for i in reversed(range(turns))])


@settings(max_examples=600, deadline=None)
@given(polygons, polygons)
@example(((0, 0), (10, 0), (10, 10), (0, 10)), ((10, 0), (20, 0), (20, 10), (10, 10)))  # a shared border
@example(((0, 0), (10, 0), (10, 10), (0, 10)), ((2, 2), (8, 2), (8, 8), (2, 8)))  # one inside the other
@example(((0, 0), (3, 1), (1, 3)), ((1, 1), (2, 1), (1, 2)))  # a midpoint's half pixels
@example(((0, 0), (10, 0), (10, 10), (0, 10)), ((0, 0), (10, 0), (10, 10), (0, 10)))  # the same outline twice
def test_the_arrays_answer_as_python(first, second) -> None:
    for test, pair in ((geometry.polygons_overlap, (first, second)), (geometry.polygon_within, (first, second)),
                       (geometry.polygon_within, (second, first))):
        python, arrays, sorted_arrays = _both(test, *pair)
        assert arrays is python and sorted_arrays is python


@pytest.mark.parametrize("first, second", [
    (_spiral(400, 5, 0), _spiral(400, 5, 1)),  # neighbours drawn a pixel apart: no edge crosses
    (_spiral(400, 5, 0), _spiral(400, 5, 0)),  # the same outline twice
    (_spiral(300, 7, 3), _spiral(500, 4, 0)),
    (_spiral(400, 5, 0), ((1000, 100), (1010, 100), (1010, 110), (1000, 110))),  # an island in its sea
])
def test_the_arrays_answer_as_python_for_long_outlines(first, second) -> None:
    for test in (geometry.polygons_overlap, geometry.polygon_within):
        for pair in ((first, second), (second, first)):
            python, arrays, sorted_arrays = _both(test, *pair)
            assert arrays is python and sorted_arrays is python


def test_long_outlines_take_the_arrays_and_short_ones_python() -> None:
    long_first, long_second = Outline.of(_spiral(400, 5, 0)), Outline.of(_spiral(400, 5, 1))
    square = Outline.of(((0, 0), (10, 0), (10, 10), (0, 10)))
    with patch.object(geometry, "_kernel_answer", lambda *_: None), \
            patch.object(overlaparrays, "overlap", side_effect=overlaparrays.overlap) as arrays:
        assert geometry.polygons_overlap(long_first, long_second) is _answer(
            geometry.polygons_overlap, NO_ARRAYS, Outline.of(long_first.points), Outline.of(long_second.points))
        assert arrays.call_count == 1
        geometry.polygons_overlap(square, square)
        assert arrays.call_count == 1, "four vertices each: Python's pairs are quicker"


@settings(max_examples=300, deadline=None)
@given(mixed_polygon, st.lists(st.tuples(st.integers(-100, 100), st.integers(-100, 100).map(lambda y: y / 2)),
                               min_size=1, max_size=20))
def test_ray_casts_answer_as_each_ray_cast(polygon, points) -> None:
    edges = list(_edges(polygon))
    expected = [_ray_cast(point, edges) for point in points]
    point_array, edge_array = np.array(points, dtype=np.float64), np.array([a + b for a, b in edges], dtype=np.float64)
    as_python = {overlaparrays.INSIDE: True, overlaparrays.OUTSIDE: False, overlaparrays.ON_BORDER: None}
    for broadcast in (overlaparrays.BROADCAST_PAIRS, 0):  # every pair at once; sorted into bands
        with patch.object(overlaparrays, "BROADCAST_PAIRS", broadcast):
            found = overlaparrays.ray_casts(point_array, edge_array)
        assert [as_python[int(answer)] for answer in found] == expected


any_point = st.one_of(small_point, small_point, wide_point)  # the small grid: touching, collinear, T-junctions


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(any_point, any_point), max_size=60), st.lists(st.tuples(any_point, any_point), max_size=60))
@example([((10, 0), (10, 10))], [((10, 5), (20, 5))])  # a T: touching, not crossing
@example([((0, 0), (10, 10))], [((0, 10), (10, 0))])  # an X: crossing
def test_any_crossing_finds_what_testing_every_pair_finds(first, second) -> None:
    expected = any(_segments_cross(a, b, c, d) for a, b in first for c, d in second)
    arrays = [np.array([a + b for a, b in edges], dtype=np.float64).reshape(-1, 4) for edges in (first, second)]
    for broadcast in (overlaparrays.BROADCAST_PAIRS, 0):  # every pair at once; sorted into cells
        with patch.object(overlaparrays, "BROADCAST_PAIRS", broadcast):
            assert overlaparrays.any_crossing(*arrays) is expected


@pytest.mark.parametrize("pairs_at_once", [1, 7, 1000])
def test_pairs_split_over_steps_give_the_same_answers(pairs_at_once) -> None:
    """Each point's partners and each edge's may fall in two steps: counts and crossings add up."""
    sea, island = _spiral(300, 7, 3), ((1000, 100), (1010, 100), (1010, 110), (1000, 110))
    neighbour = _spiral(500, 4, 0)
    expected = [_both(test, *pair)[0] for test, pair in ((geometry.polygon_within, (island, sea)),
                                                         (geometry.polygons_overlap, (sea, neighbour)),
                                                         (geometry.polygons_overlap, (island, sea)))]
    with patch.multiple(overlaparrays, PAIRS_AT_ONCE=pairs_at_once, BROADCAST_PAIRS=0):
        found = [_answer(test, ALWAYS_ARRAYS, Outline.of(a), Outline.of(b))
                 for test, (a, b) in ((geometry.polygon_within, (island, sea)),
                                      (geometry.polygons_overlap, (sea, neighbour)),
                                      (geometry.polygons_overlap, (island, sea)))]
    assert found == expected == [True, True, True]


def test_edges_over_many_bands_and_cells_are_paired_with_all() -> None:
    comb = [(2 * i + (i % 2), 3 * (i % 2)) for i in range(1000)]  # a coastline traced pixel by pixel
    far = np.array([*comb, (1000, 100_000)], dtype=np.float64)  # its last two edges reach many bands
    edges = overlaparrays.edges_of(far)
    points = np.array([(1500, 50_000), (999, 60_000.5), (1000, 100_000), (3, 1)], dtype=np.float64)
    reference = [_ray_cast(tuple(point), [((a, b), (c, d)) for a, b, c, d in edges.tolist()]) for point in points]
    as_python = {overlaparrays.INSIDE: True, overlaparrays.OUTSIDE: False, overlaparrays.ON_BORDER: None}
    with patch.object(overlaparrays, "BROADCAST_PAIRS", 0):
        assert [as_python[int(answer)] for answer in overlaparrays.ray_casts(points, edges)] == reference
    assert True in reference and None in reference
    short = overlaparrays.edges_of(np.array(comb, dtype=np.float64))[:-1]
    diagonal = np.array([[501, -40_000, 1501, 40_000]], dtype=np.float64)  # crosses the comb over many cells
    assert len(short) ** 2 > overlaparrays.BROADCAST_PAIRS  # sorted into cells
    assert overlaparrays.any_crossing(np.concatenate((diagonal, short[:10])), short) is True
    assert overlaparrays.any_crossing(short, np.concatenate((short, diagonal))) is True
    assert overlaparrays.any_crossing(short[:10], short) is False


def test_outlines_beyond_the_exact_range_stay_in_python() -> None:
    limit = overlaparrays.EXACT_LIMIT
    assert Outline.of(((0, 0), (limit, 0), (0, -limit))).edge_array is not None
    assert Outline.of(((0, 0), (limit + 1, 0), (0, 5))).edge_array is None
    assert Outline.of(((0, 0), (2**70, 0), (0, 5))).edge_array is None  # no int64 at all
    sea = Outline.of(((-limit - 1, -limit - 1), *_spiral(400, 5, 0)[1:], (limit + 1, limit + 1)))
    island = Outline.of(_spiral(300, 7, 3))
    with patch.multiple(geometry, _kernel_answer=lambda *_: None, _BY_ARRAYS=ALWAYS_ARRAYS), \
            patch.object(overlaparrays, "overlap", side_effect=AssertionError("not for these")):
        assert geometry.polygons_overlap(island, sea) is _answer(geometry.polygons_overlap, NO_ARRAYS,
                                                                 Outline.of(island.points), Outline.of(sea.points))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 30)), max_size=12), st.integers(1, 20))
def test_pair_steps_give_every_pair_once_in_bounded_steps(rows, pairs_at_once) -> None:
    starts = np.array([start for start, _count in rows], dtype=np.int64)
    counts = np.array([count for _start, count in rows], dtype=np.int64)
    expected = sorted((row, start + k) for row, (start, count) in enumerate(rows) for k in range(count))
    found = []
    with patch.object(overlaparrays, "PAIRS_AT_ONCE", pairs_at_once):
        for owners, positions in overlaparrays._pair_steps(starts, counts):
            assert 0 < len(owners) == len(positions) <= pairs_at_once
            found += zip(owners.tolist(), positions.tolist())
    assert sorted(found) == expected
