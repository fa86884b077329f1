"""Plane geometry for map checks, point by point: the reference the row-scan table
(`scanlines`) is tested against, and the fallback for polygons it leaves out.

Point in polygon, bounding boxes, distance to an outline, and an exact overlap test
(edges crossing, or one polygon inside the other); edges that only touch or run along
each other do not count as overlap, since neighbours are traced on the same pixels.
Long outlines are not tested pair by pair: the `_overlap` kernel, when built, sweeps them by
row; without it numpy's arrays do (`overlaparrays`), and beyond their exact range edges are
sorted into grid cells and bands first. All give the same answers.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, islice
from typing import Iterable, Iterator, Sequence

from converter.check.accel import accelerator


Point = tuple[int, int]
Polygon = Sequence[Point]
Edge = tuple[Point, Point]


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
    """Even-odd ray casting; points on an edge count as inside (a pixel on the border is in).
    Edge i runs from vertex i-1 to vertex i."""
    return _ray_cast(point, zip(chain((polygon[-1],), polygon), polygon)) is not False


def _ray_cast(point: Point, edges: Iterable[tuple[Point, Point]]) -> bool | None:
    """Even-odd ray casting over `edges` (the parity does not depend on their order): inside
    or not, None when the point lies on one of them."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in edges:
        if (y1 > y) != (y2 > y):
            if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) == 0 and (x1 <= x <= x2 or x2 <= x <= x1):
                return None
            if x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        elif (y1 == y or y2 == y) and _on_segment(x, y, x1, y1, x2, y2):
            return None
    return inside


@dataclass(frozen=True)
class Outline:
    """A polygon with its bounding box (the exact overlap test prunes edges with it)."""

    points: Polygon
    box: Box

    @classmethod
    def of(cls, points: Polygon) -> "Outline":
        return cls(points, Box.of(points))

    @cached_property
    def edge_array(self):
        """The edges as an (n, 4) float64 numpy array (`overlaparrays.outline_edges`), None
        beyond its exact range; numpy loads only here, for the maps that need it."""
        from converter.check.overlaparrays import outline_edges

        return outline_edges(self.coordinates)

    @cached_property
    def coordinates(self) -> array | None:
        """The points as int64 x, y pairs for the C kernel; None when one is no int64."""
        try:
            return array("q", chain.from_iterable(self.points))
        except (OverflowError, TypeError):
            return None


def _kernel_answer(test: str, first: Outline, second: Outline) -> bool | None:
    """The `_overlap` kernel's answer, or None when it is not built or cannot take these."""
    kernel = accelerator("_overlap")
    if kernel is None or first.coordinates is None or second.coordinates is None:
        return None
    return getattr(kernel, test)(first.coordinates, second.coordinates)


def _array_answer(test: str, first: Outline, second: Outline, box: Box) -> bool | None:
    """`overlaparrays`' answer for outlines too long to test pair by pair in Python; None for
    short ones (quicker in Python) or where a coordinate is beyond its exact range."""
    if len(first.points) * len(second.points) <= _BY_ARRAYS:
        return None
    first_edges, second_edges = first.edge_array, second.edge_array
    if first_edges is None or second_edges is None:
        return None
    from converter.check import overlaparrays

    return getattr(overlaparrays, test)(first_edges, second_edges, (box.left, box.top, box.right, box.bottom))


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


def _edges(polygon: Polygon) -> Iterator[Edge]:
    """Edge i runs from vertex i to vertex i + 1, the last back to the first."""
    return zip(polygon, chain(islice(polygon, 1, None), islice(polygon, 0, 1)))


def _edges_in_rows(polygon: Polygon, top: int, bottom: int) -> list[Edge]:
    """The polygon's edges that reach rows top to bottom: the only ones a ray cast from a point
    in those rows can cross or find the point on."""
    return [(a, b) for a, b in _edges(polygon)
            if not ((a[1] < top and b[1] < top) or (a[1] > bottom and b[1] > bottom))]


def _edges_meeting(polygon: Polygon, box: Box) -> list[Edge]:
    """The polygon's edges that reach into `box` (borders included): those wholly left, right,
    above or below it cannot cross an edge in it nor hold a point of it."""
    left, top, right, bottom = box.left, box.top, box.right, box.bottom
    return [(a, b) for a, b in _edges(polygon)
            if not ((a[0] < left and b[0] < left) or (a[0] > right and b[0] > right)
                    or (a[1] < top and b[1] < top) or (a[1] > bottom and b[1] > bottom))]


def polygons_overlap(first_outline: Outline, second_outline: Outline) -> bool:
    if (answer := _kernel_answer("overlap", first_outline, second_outline)) is not None:
        return answer
    first, second = first_outline.points, second_outline.points
    box_first, box_second = first_outline.box, second_outline.box
    if not box_first.overlaps(box_second):
        return False
    # only edges inside the shared box can cross
    shared = Box(max(box_first.left, box_second.left), max(box_first.top, box_second.top),
                 min(box_first.right, box_second.right), min(box_first.bottom, box_second.bottom))
    if (answer := _array_answer("overlap", first_outline, second_outline, shared)) is not None:
        return answer
    near_first, near_second = _edges_meeting(first, shared), _edges_meeting(second, shared)
    if _any_crossing(near_first, near_second):
        return True
    # no crossing: overlap only if one lies inside the other (test a vertex strictly inside)
    return _strictly_inside(first, second, shared) or _strictly_inside(second, first, shared)


def _strictly_inside(inner: Polygon, outer: Polygon, shared: Box) -> bool:
    """Some vertex or edge midpoint of `inner` lies inside `outer`, off its border. Only
    points in the shared box can be inside; borders traced on the same pixels are skipped.
    Only `outer`'s edges reaching the box's rows can hold such a point or cross its ray: a
    polygon with a far-out point (left out of the scan) was tested edge by edge against
    every polygon of the map (found by fuzzing: 15 s)."""
    outer_edges = _edges_in_rows(outer, shared.top, shared.bottom)
    left, top, right, bottom = shared.left, shared.top, shared.right, shared.bottom
    points = [point for a, b in _edges(inner) for point in (a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
              if left <= point[0] <= right and top <= point[1] <= bottom]  # (shared.contains)
    across = _Rows(outer_edges) if len(points) * len(outer_edges) > _EVERY_PAIR else None
    for point in points:
        if _ray_cast(point, across.reaching(point[1]) if across else outer_edges) is True:  # inside, off the border
            return True
    return False


def polygon_within(inner_outline: Outline, outer_outline: Outline) -> bool:
    """Does `inner` lie wholly inside `outer` (its border may run along `outer`'s)? Every
    vertex inside or on `outer`, one of them off its border (the same polygon twice is not
    one inside the other), and no edge of one properly crossing an edge of the other: an
    island drawn inside a sea zone's polygon. Only `outer`'s edges near `inner`'s box can
    cross, so a small island in a long coastline costs little."""
    if (answer := _kernel_answer("within", inner_outline, outer_outline)) is not None:
        return answer
    inner, outer, box = inner_outline.points, outer_outline.points, inner_outline.box
    outer_box = outer_outline.box
    if not (outer_box.left <= box.left and box.right <= outer_box.right
            and outer_box.top <= box.top and box.bottom <= outer_box.bottom):
        return False
    if (answer := _array_answer("within", inner_outline, outer_outline, box)) is not None:
        return answer
    near = _edges_meeting(outer, box)
    rows = _edges_in_rows(outer, box.top, box.bottom)
    across = _Rows(rows) if len(inner) * len(rows) > _EVERY_PAIR else None
    # inside, outside, None: on the border
    places = [_ray_cast(vertex, across.reaching(vertex[1]) if across else rows) for vertex in inner]
    if False in places or True not in places:
        return False
    return not _any_crossing(list(_edges(inner)), near)


# Below this many pairs (edge and edge, or point and edge) testing every pair is quicker than
# sorting the edges into cells first. Real maps' sea zones have ~1,000 edges each: every pair of
# two neighbours took 0.6 s (World War II v3's islands, 2.8 s a game).
_EVERY_PAIR = 4096
# Above this many vertex pairs, where the `_overlap` kernel is not built, numpy's arrays
# (`overlaparrays`) test them: 2.4x quicker than the grid and bands below on bench_overlap's
# coastline, and M309 on real maps' islands 1.8-3x quicker
_BY_ARRAYS = 4096
MOST_CELLS = 16  # an edge over more grid cells than this is tested against every edge instead (also overlaparrays)
MOST_ROWS = 64  # an edge over more bands than this is kept with every band (also overlaparrays)


def _cell_size(edges: list[Edge]) -> int:
    """Twice the edges' mean extent: most edges then fall in one to four cells."""
    extent = sum(max(abs(x2 - x1), abs(y2 - y1)) for (x1, y1), (x2, y2) in edges)
    return max(4, 2 * extent // max(1, len(edges)))


def _cells(edge: Edge, size: int) -> tuple[range, range]:
    (x1, y1), (x2, y2) = edge
    return range(min(x1, x2) // size, max(x1, x2) // size + 1), range(min(y1, y2) // size, max(y1, y2) // size + 1)


def _any_crossing(first: list[Edge], second: list[Edge]) -> bool:
    """Does an edge of `first` properly cross an edge of `second` (`_segments_cross`)? Two
    segments that cross share a point, which lies in a grid cell both their boxes reach: only
    pairs sharing a cell are tested (edges reaching many cells are tested against all)."""
    if len(first) * len(second) <= _EVERY_PAIR:
        return any(_segments_cross(a, b, c, d) for a, b in first for c, d in second)
    size = _cell_size(second)
    grid: dict[tuple[int, int], list[Edge]] = {}
    wide: list[Edge] = []
    for edge in second:
        columns, rows = _cells(edge, size)
        if len(columns) * len(rows) > MOST_CELLS:
            wide.append(edge)
            continue
        for column in columns:
            for row in rows:
                grid.setdefault((column, row), []).append(edge)
    for a, b in first:
        columns, rows = _cells((a, b), size)
        if len(columns) * len(rows) > MOST_CELLS:
            near: Iterable[Edge] = second
        else:
            near = chain(wide, *(grid.get((column, row), ()) for column in columns for row in rows))
        if any(_segments_cross(a, b, c, d) for c, d in near):
            return True
    return False


class _Rows:
    """Edges sorted into horizontal bands: a ray cast from a point needs only the edges whose
    rows reach the point's row (those it can cross or lie on), all in the point's band."""

    def __init__(self, edges: list[Edge]) -> None:
        self.size = _cell_size(edges)
        self.bands: dict[int, list[Edge]] = {}
        self.tall: list[Edge] = []
        for edge in edges:
            _columns, rows = _cells(edge, self.size)
            if len(rows) > MOST_ROWS:
                self.tall.append(edge)
                continue
            for row in rows:
                self.bands.setdefault(row, []).append(edge)

    def reaching(self, y: float) -> list[Edge]:
        """A superset of the edges whose rows reach `y` (`_ray_cast` gives the same answer
        with them as with all the edges)."""
        return self.bands.get(int(y // self.size), []) + self.tall
