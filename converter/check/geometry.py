"""Plane geometry for map checks: point in polygon, bounding boxes, polygon overlap.

Overlap is tested in two stages so 250+ territories stay fast: a sweep over bounding boxes
finds candidate pairs, then an exact test (edges crossing, or one polygon inside the
other). Shared borders are normal on TripleA maps (neighbours are traced on the same
pixels), so edges that only touch or run along each other do not count as overlap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

Point = tuple[int, int]
Polygon = Sequence[Point]


@dataclass(frozen=True)
class Box:
    left: int
    top: int
    right: int
    bottom: int

    @classmethod
    def of(cls, points: Iterable[Point]) -> "Box":
        xs, ys = zip(*points)
        return cls(min(xs), min(ys), max(xs), max(ys))

    def overlaps(self, other: "Box") -> bool:
        return self.left < other.right and other.left < self.right and self.top < other.bottom and other.top < self.bottom

    def contains(self, point: Point) -> bool:
        return self.left <= point[0] <= self.right and self.top <= point[1] <= self.bottom


def point_in_polygon(point: Point, polygon: Polygon) -> bool:
    """Even-odd ray casting; points on an edge count as inside (a pixel on the border is in)."""
    x, y = point
    inside = False
    count = len(polygon)
    for index in range(count):
        x1, y1 = polygon[index]
        x2, y2 = polygon[(index + 1) % count]
        if _on_segment(x, y, x1, y1, x2, y2):
            return True
        if (y1 > y) != (y2 > y):
            crossing = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < crossing:
                inside = not inside
    return inside


def point_in_any(point: Point, polygons: Iterable[Polygon]) -> bool:
    return any(point_in_polygon(point, polygon) for polygon in polygons)


def _on_segment(x: int, y: int, x1: int, y1: int, x2: int, y2: int) -> bool:
    if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) != 0:
        return False
    return min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2)


def _orientation(a: Point, b: Point, c: Point) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Proper crossing only: the segments' interiors meet at one point (touching is not crossing)."""
    o1, o2, o3, o4 = _orientation(a, b, c), _orientation(a, b, d), _orientation(c, d, a), _orientation(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def _edges(polygon: Polygon) -> Iterator[tuple[Point, Point]]:
    for index in range(len(polygon)):
        yield polygon[index], polygon[(index + 1) % len(polygon)]


def polygons_overlap(first: Polygon, second: Polygon) -> bool:
    box_first, box_second = Box.of(first), Box.of(second)
    if not box_first.overlaps(box_second):
        return False
    # only edges inside the shared box can cross
    shared = Box(max(box_first.left, box_second.left), max(box_first.top, box_second.top),
                 min(box_first.right, box_second.right), min(box_first.bottom, box_second.bottom))
    near_first = [edge for edge in _edges(first) if _edge_meets(edge, shared)]
    near_second = [edge for edge in _edges(second) if _edge_meets(edge, shared)]
    for a, b in near_first:
        for c, d in near_second:
            if _segments_cross(a, b, c, d):
                return True
    # no crossing: overlap only if one lies inside the other (test a vertex strictly inside)
    return _strictly_inside(first, second) or _strictly_inside(second, first)


def _edge_meets(edge: tuple[Point, Point], box: Box) -> bool:
    (x1, y1), (x2, y2) = edge
    return not (max(x1, x2) < box.left or min(x1, x2) > box.right or max(y1, y2) < box.top or min(y1, y2) > box.bottom)


def _strictly_inside(inner: Polygon, outer: Polygon) -> bool:
    """Some vertex of `inner` lies inside `outer` and not on its border."""
    for point in inner:
        if any(_on_segment(*point, *a, *b) for a, b in _edges(outer)):
            continue
        return point_in_polygon(point, outer)
    return False


def overlapping_pairs(shapes: Sequence[tuple[str, Polygon]]) -> Iterator[tuple[str, str]]:
    """Pairs of differently named shapes that overlap; a sweep on the left edge prunes by box."""
    boxed = sorted(((Box.of(polygon), name, polygon) for name, polygon in shapes), key=lambda item: item[0].left)
    reported: set[tuple[str, str]] = set()
    for index, (box, name, polygon) in enumerate(boxed):
        for other_box, other_name, other_polygon in boxed[index + 1:]:
            if other_box.left >= box.right:
                break
            if other_name == name or not box.overlaps(other_box):
                continue
            pair = (min(name, other_name), max(name, other_name))
            if pair in reported:
                continue
            if polygons_overlap(polygon, other_polygon):
                reported.add(pair)
                yield pair


def distance_to_polygons(point: Point, polygons: Iterable[Polygon]) -> float:
    """Shortest distance from a point to any edge of the polygons (how far outside it lies)."""
    best = float("inf")
    px, py = point
    for polygon in polygons:
        for (x1, y1), (x2, y2) in _edges(polygon):
            dx, dy = x2 - x1, y2 - y1
            length = dx * dx + dy * dy
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length))
            cx, cy = x1 + t * dx, y1 + t * dy
            best = min(best, ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5)
    return best
