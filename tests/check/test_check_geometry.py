"""The fast paths of the map checks agree exactly with the plain definitions."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check.distance import distances_to_outlines
from converter.check.geometry import Point, Polygon
from converter.check.mapfiles import _points


# The reference: every edge of every polygon, one by one.
def distance_to_polygons(point: Point, polygons: Iterable[Polygon]) -> float:
    best = float("inf")
    px, py = point
    for polygon in polygons:
        x1, y1 = polygon[-1]
        for x2, y2 in polygon:
            dx, dy = x2 - x1, y2 - y1
            length = dx * dx + dy * dy
            if length == 0:
                t = 0.0
            else:
                t = ((px - x1) * dx + (py - y1) * dy) / length
                t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            across, down = px - (x1 + t * dx), py - (y1 + t * dy)
            squared = across * across + down * down  # (libm's pow(x, 2) may be an ulp off x * x)
            if squared < best:
                best = squared
            x1, y1 = x2, y2
    return best ** 0.5


coordinate = st.integers(-5, 60)
point = st.tuples(coordinate, coordinate)
# long enough that outlines get several runs of edges (runs are at least 8 edges)
polygon = st.lists(point, min_size=3, max_size=90).map(tuple)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(point, st.lists(polygon, min_size=1, max_size=3)), min_size=1, max_size=6))
def test_distances_to_outlines_are_the_plain_distances(probes) -> None:
    points = [probe for probe, _ in probes]
    outlines = [polygons for _, polygons in probes]
    expected = [distance_to_polygons(probe, polygons) for probe, polygons in probes]
    assert distances_to_outlines(points, outlines) == expected


def test_points_read_coordinates_beyond_the_lookup_table() -> None:
    # outside the table (20000), not canonical (007, -0): int() decides, as before the table
    assert _points("(3,-4) (20000,-70000) (007,5) (-0, 1)") == (((3, -4), (20000, -70000), (7, 5), (0, 1)), "")
    assert _points("(1,2) (x,3)") == (((1, 2),), "(x,3)")
    assert _points("(1,2) (+5,3)") == (((1, 2),), "(+5,3)")


def _strictly_inside_edge_by_edge(inner: Polygon, outer: Polygon, shared) -> bool:
    """The test as it was: every edge of `outer` asked whether it holds the point, then the
    ray cast over the whole polygon."""
    from converter.check.geometry import _edges, _on_segment, point_in_polygon

    outer_edges = list(_edges(outer))
    for a, b in _edges(inner):
        for point in (a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)):
            if not shared.contains(point):
                continue
            if any(_on_segment(*point, *c, *d) for c, d in outer_edges):
                continue
            if point_in_polygon(point, outer):
                return True
    return False


small_point = st.tuples(st.integers(0, 40), st.integers(0, 40))
far_point = st.tuples(st.integers(-2**70, 2**70), st.integers(-2**70, 2**70))
small_polygon = st.lists(small_point, min_size=3, max_size=30).map(tuple)
spiky_polygon = st.lists(st.one_of(small_point, small_point, far_point), min_size=3, max_size=30).map(tuple)


@settings(max_examples=600, deadline=None)
@given(small_polygon | spiky_polygon, small_polygon | spiky_polygon,
       st.none() | st.tuples(st.integers(-5, 45), st.integers(-5, 45), st.integers(-5, 45), st.integers(-5, 45)))
def test_strictly_inside_reads_only_the_edges_reaching_the_box_and_agrees(inner, outer, corners) -> None:
    """Only edges of `outer` reaching the shared box's rows can hold a point of it or cross
    its ray: the pruned test must answer as the edge-by-edge one, far-out points included.
    The box: the two bounding boxes' overlap, as polygons_overlap makes it (its edges then
    run through vertices), or any box."""
    from converter.check.geometry import Box, _strictly_inside

    if corners is None:
        first, second = Box.of(inner), Box.of(outer)
        corners = (max(first.left, second.left), max(first.top, second.top),
                   min(first.right, second.right), min(first.bottom, second.bottom))
    left, top, right, bottom = corners
    shared = Box(min(left, right), min(top, bottom), max(left, right), max(top, bottom))
    assert _strictly_inside(inner, outer, shared) == _strictly_inside_edge_by_edge(inner, outer, shared)
