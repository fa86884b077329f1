"""The fast geometry paths of the map checks agree exactly with the plain definitions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check.geometry import Outline, distance_to_outlines, distance_to_polygons, point_in_polygon
from converter.check.mapfiles import _points

coordinate = st.integers(-5, 60)
point = st.tuples(coordinate, coordinate)
# long enough that outlines get several runs of edges (runs are at least 8 edges)
polygon = st.lists(point, min_size=3, max_size=90).map(tuple)


@settings(max_examples=300, deadline=None)
@given(polygon, st.lists(point, min_size=1, max_size=20))
def test_outline_contains_is_point_in_polygon(points, probes) -> None:
    outline = Outline.of(points)
    for probe in probes + list(points[:5]):  # vertices lie on the border: inside
        assert outline.contains(probe) == point_in_polygon(probe, points)


@settings(max_examples=300, deadline=None)
@given(st.lists(polygon, min_size=1, max_size=3), point)
def test_distance_to_outlines_is_the_plain_distance(polygons, probe) -> None:
    outlines = [Outline.of(points) for points in polygons]
    assert distance_to_outlines(probe, outlines) == distance_to_polygons(probe, polygons)


def test_points_read_coordinates_beyond_the_lookup_table() -> None:
    # outside the table (20000), not canonical (007, -0): int() decides, as before the table
    assert _points("(3,-4) (20000,-70000) (007,5) (-0, 1)") == (((3, -4), (20000, -70000), (7, 5), (0, 1)), "")
    assert _points("(1,2) (x,3)") == (((1, 2),), "(x,3)")
    assert _points("(1,2) (+5,3)") == (((1, 2),), "(+5,3)")
