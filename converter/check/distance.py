"""How far points lie from outlines, many points at once (numpy).

Used for the "lies N px outside its polygon" of every finding about a center or place
point: one pass over the edges of all the polygons concerned instead of one Python loop
per finding. Per edge it is the plain formula — project onto the segment, clamp, measure —
in the same float operations, so the result equals the edge-by-edge reference bit for bit.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from converter.check.accel import accelerator
from converter.check.scanlines import ragged_ranges

_kernel = accelerator("_outlines")  # the C loop over the edges; None: the numpy code below

Point = tuple[int, int]
Polygon = Sequence[Point]


def distances_to_outlines(points: Sequence[Point], outlines: Sequence[Sequence[Polygon]]) -> list[float]:
    """For each point, the shortest distance to any edge of its own polygons
    (`outlines[i]` belongs to `points[i]`; a polygon is (x, y) tuples or an array of rows);
    edge i of a polygon runs from vertex i-1 to i."""
    polygons = [(owner, polygon) for owner, polygons in enumerate(outlines) for polygon in polygons]
    if not polygons:
        return [float("inf")] * len(points)
    counts = np.fromiter((len(polygon) for _, polygon in polygons), dtype=np.int64, count=len(polygons))
    try:
        flat = np.concatenate([np.asarray(polygon, dtype=np.int64).reshape(-1) for _, polygon in polygons])
        coordinates = np.array(points, dtype=np.int64).reshape(-1, 2)
    except OverflowError:  # a coordinate beyond int64 (hostile input): floats, near enough for "N px"
        flat = np.array([_near_float(value) for _, polygon in polygons for point in polygon for value in point])
        coordinates = np.array([[_near_float(x), _near_float(y)] for x, y in points])
    x2, y2 = flat[0::2], flat[1::2]
    starts = np.cumsum(counts) - counts
    previous = np.arange(len(x2)) - 1
    previous[starts] = starts + counts - 1
    owner = np.repeat(np.fromiter((owner for owner, _ in polygons), dtype=np.int64, count=len(polygons)), counts)
    return _nearest(x2[previous], y2[previous], x2, y2, owner, coordinates, len(points))


def distances_to_polygon_runs(points: np.ndarray, coordinates: np.ndarray, sizes: np.ndarray,
                              firsts: np.ndarray, counts: np.ndarray) -> list[float]:
    """distances_to_outlines for polygons held as arrays: point i (a row of int64 `points`)
    against polygons firsts[i] .. firsts[i] + counts[i] - 1 of `coordinates` (int64 (x, y)
    rows of all polygons in order, polygon j having sizes[j] points). Same floats."""
    sizes = sizes.reshape(-1)
    if _kernel is not None:
        found = _kernel.squared(*(np.ascontiguousarray(values, dtype=np.int64)
                                  for values in (points, coordinates, sizes, firsts, counts)))
        if found is not None:
            return [value ** 0.5 for value in np.frombuffer(found, dtype=np.float64).tolist()]
    polygon = ragged_ranges(firsts, counts)
    if not len(polygon):
        return [float("inf")] * len(points)
    polygon_sizes = sizes[polygon]
    vertex = ragged_ranges((np.cumsum(sizes) - sizes)[polygon], polygon_sizes)
    # edge i runs from vertex i-1 to i; a polygon's first edge from its last vertex
    previous = vertex - 1
    firsts_at = np.cumsum(polygon_sizes) - polygon_sizes
    previous[firsts_at] = vertex[firsts_at + polygon_sizes - 1]
    owner = np.repeat(np.repeat(np.arange(len(points)), counts), polygon_sizes)
    x, y = coordinates[:, 0], coordinates[:, 1]
    return _nearest(x[previous], y[previous], x[vertex], y[vertex], owner, points, len(points))


def _nearest(x1, y1, x2, y2, owner, coordinates, count: int) -> list[float]:
    """Per point, the shortest distance to the edges (x1, y1)-(x2, y2) it owns: project onto
    the segment, clamp, measure — the reference's float operations, in its order."""
    px, py = coordinates[owner, 0], coordinates[owner, 1]
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t = np.where(length == 0, 0.0, ((px - x1) * dx + (py - y1) * dy) / length)
    t = np.clip(t, 0.0, 1.0)
    across, down = px - (x1 + t * dx), py - (y1 + t * dy)
    squared = across * across + down * down
    best = np.full(count, np.inf)
    np.minimum.at(best, owner, squared)
    return [float(value) ** 0.5 for value in best.tolist()]


def _near_float(value: int) -> float:
    """The value as a float, huge ones capped where squaring them stays finite."""
    return float(max(-1e150, min(1e150, value)))
