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
