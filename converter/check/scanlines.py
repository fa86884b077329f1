"""Every polygon of a polygons.txt cut along each integer row, in a few numpy passes.

A horizontal line y = r crosses edge (x1, y1)–(x2, y2) when min(y1, y2) <= r < max(y1, y2)
(half-open, so a vertex on the line is counted once), at
x = x1 + (r - y1) * (x2 - x1) / (y2 - y1) — the same float, bit for bit, as the reference
`geometry.point_in_polygon` computes. Sorted by polygon, row and x, consecutive crossings
pair up into the polygon's interior intervals on that row. Two questions read the table:

- is a point inside its territory: the crossings right of it are odd in number, or it lies
  on the outline (on a crossing, a vertex or a horizontal edge) — exactly the reference;
- do two territories overlap: somewhere DEPTH consecutive rows each have interior
  intervals of both sharing a common x-range at least DEPTH px long. Neighbours traced on
  the same pixels share crossings (their intervals only touch), and a border traced a
  pixel or two apart leaves slivers thinner than DEPTH, so neither counts.

The work is proportional to the polygons' heights, not their areas. A polygon taller than
MAX_ROWS (a stray far-out point) is left out; callers test it with the reference code.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Iterable, Sequence

import numpy as np

DEPTH = 3  # px: overlaps thinner than this are tracing noise, not a map defect
MAX_ROWS = 100_000  # taller than any real map; beyond it a polygon is tested the slow way
_TOLERANCE = 1e-9  # the prefilter keeps knife-edge intervals; the exact step decides


def _ragged_ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """start_i, start_i + 1, ..., start_i + length_i - 1 for every i, concatenated."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    firsts = np.cumsum(lengths) - lengths
    return np.repeat(starts - firsts, lengths) + np.arange(total, dtype=np.int64)


@dataclass(frozen=True)
class ScanTable:
    """Crossings and on-row features of the scanned polygons, keyed polygon * rows + row."""

    names: tuple[str, ...]  # territory name of each scanned polygon
    boxes: np.ndarray  # (left, top, right, bottom) of every input polygon, scanned or not
    scanned: np.ndarray  # bool per input polygon: False for the ones left out
    polygon_index: np.ndarray  # input polygon -> scanned polygon number (-1 if left out)
    top: int  # first row of the table
    rows: int  # rows per polygon key
    cross_keys: np.ndarray  # sorted
    cross_x: np.ndarray  # float, sorted within a key
    touch_keys: np.ndarray  # sorted: horizontal edges and vertices, as closed x-ranges
    touch_low: np.ndarray
    touch_high: np.ndarray

    @classmethod
    def of(cls, shapes: Sequence[tuple[str, Sequence[tuple[int, int]]]],
           coordinates: np.ndarray | None = None) -> "ScanTable":
        """`shapes`: (territory name, polygon of at least one point) in input order;
        `coordinates`: all their points as one int64 array, when the caller has it (the
        polygons.txt reader does), so the tuples need not be walked again."""
        counts = np.fromiter((len(points) for _, points in shapes), dtype=np.int64, count=len(shapes))
        flat = np.fromiter(chain.from_iterable(chain.from_iterable(points for _, points in shapes)),
                           dtype=np.int64, count=2 * int(counts.sum())) if coordinates is None else coordinates.reshape(-1)
        xs, ys = flat[0::2], flat[1::2]
        starts = np.cumsum(counts) - counts
        owner = np.repeat(np.arange(len(shapes)), counts)
        boxes = np.stack([np.minimum.reduceat(xs, starts), np.minimum.reduceat(ys, starts),
                          np.maximum.reduceat(xs, starts), np.maximum.reduceat(ys, starts)], axis=1) \
            if len(shapes) else np.zeros((0, 4), dtype=np.int64)
        heights = boxes[:, 3] - boxes[:, 1]
        scanned = (counts >= 3) & (heights <= MAX_ROWS)
        polygon_index = np.where(scanned, np.cumsum(scanned) - 1, -1)
        # the edge from each vertex to the next, the last one closing its polygon
        following = np.arange(len(xs), dtype=np.int64) + 1
        following[starts + counts - 1] = starts
        x1, y1, x2, y2, poly = xs, ys, xs[following], ys[following], polygon_index[owner]
        keep = scanned[owner]
        if not keep.all():
            x1, y1, x2, y2, poly = x1[keep], y1[keep], x2[keep], y2[keep], poly[keep]
        top = int(ys[keep].min()) if keep.any() else 0
        rows = int(ys[keep].max()) - top + 1 if keep.any() else 1
        names = tuple(name for (name, _), kept in zip(shapes, scanned) if kept)

        slanted = y1 != y2
        low_y = np.minimum(y1, y2)[slanted]
        span = np.abs(y2 - y1)[slanted]
        edge = np.repeat(np.flatnonzero(slanted), span)
        row = _ragged_ranges(low_y, span)
        cross_x = x1[edge] + (row - y1[edge]) * (x2 - x1)[edge] / (y2 - y1)[edge]
        cross_keys = poly[edge] * rows + (row - top)
        # one float sort key, (polygon, row) first and x within: several times faster than
        # lexsort; rounding can only swap crossings less than a micro-pixel apart on a row
        left = float(x1.min()) if len(x1) else 0.0
        width = float(x1.max()) - left + 1.0 if len(x1) else 1.0
        order = np.argsort(cross_keys * width + (cross_x - left))

        # on the outline but on no crossing: horizontal edges (ends included), and vertices
        # lower on screen than both neighbours (every other vertex starts a crossing edge)
        previous = np.arange(len(xs), dtype=np.int64) - 1
        previous[starts] = starts + counts - 1
        peak = ((ys[previous] < ys) & (ys[following] < ys))[keep]
        flat_edges = ~slanted
        touch_keys = np.concatenate((poly[flat_edges] * rows + (y1[flat_edges] - top), poly[peak] * rows + (y1[peak] - top)))
        touch_low = np.concatenate((np.minimum(x1, x2)[flat_edges], x1[peak]))
        touch_high = np.concatenate((np.maximum(x1, x2)[flat_edges], x1[peak]))
        touch_order = np.argsort(touch_keys)
        return cls(names, boxes, scanned, polygon_index, top, rows, cross_keys[order], cross_x[order],
                   touch_keys[touch_order], touch_low[touch_order], touch_high[touch_order])

    # ---- point in polygon
    def contains(self, polygons: np.ndarray, points_x: np.ndarray, points_y: np.ndarray) -> np.ndarray:
        """For each query (scanned polygon number, x, y): is the point inside or on the outline."""
        inside = np.zeros(len(polygons), dtype=bool)
        row = points_y - self.top
        valid = (row >= 0) & (row < self.rows)
        keys = polygons * self.rows + np.where(valid, row, 0)
        for table_keys, hits in ((self.cross_keys, self._crossing_hits), (self.touch_keys, self._touch_hits)):
            first = np.searchsorted(table_keys, keys, side="left")
            last = np.searchsorted(table_keys, keys, side="right")
            lengths = np.where(valid, last - first, 0)
            members = _ragged_ranges(first, lengths)
            query = np.repeat(np.arange(len(keys)), lengths)
            inside |= hits(members, query, points_x, len(keys))
        return inside

    def _crossing_hits(self, members, query, points_x, count) -> np.ndarray:
        crossing = self.cross_x[members]
        x = points_x[query]
        on_outline = np.bincount(query, weights=crossing == x, minlength=count) > 0
        odd = np.bincount(query, weights=crossing > x, minlength=count).astype(np.int64) % 2 == 1
        return on_outline | odd

    def _touch_hits(self, members, query, points_x, count) -> np.ndarray:
        x = points_x[query]
        touching = (self.touch_low[members] <= x) & (x <= self.touch_high[members])
        return np.bincount(query, weights=touching, minlength=count) > 0

    # ---- overlap
    def overlapping_names(self) -> set[tuple[str, str]]:
        """Pairs (in name order) of differently named territories whose interiors share a
        DEPTH x DEPTH block of rows and columns."""
        start, end = self.cross_x[0::2], self.cross_x[1::2]
        if len(start) < 2:
            return set()
        keys = self.cross_keys[0::2]
        polygon, row = np.divmod(keys, self.rows)
        # each row's x-range shifted beyond the previous row's: sorted by one float, the
        # intervals run row by row, left to right, and one running maximum of the ends seen
        # so far says how far an interval overlaps any earlier one on its row
        left = float(min(start.min(), end.min()))
        width = float(max(start.max(), end.max())) - left + 4 * DEPTH
        shifted_start = row * width + (start - left)
        order = np.argsort(shifted_start)
        shifted_start, shifted_end = shifted_start[order], (row * width + (end - left))[order]
        start, end, polygon, row = start[order], end[order], polygon[order], row[order]
        reach = np.maximum.accumulate(shifted_end)
        reach = np.concatenate(([-np.inf], reach[:-1]))
        flagged = np.flatnonzero(np.minimum(shifted_end, reach) - shifted_start >= DEPTH - _TOLERANCE)
        windows: dict[tuple[str, str], dict[int, list[tuple[float, float]]]] = {}
        row_starts = np.searchsorted(row, row[flagged], side="left")
        for index, first in zip(flagged.tolist(), row_starts.tolist()):
            name = self.names[polygon[index]]
            for other in range(first, index):
                other_name = self.names[polygon[other]]
                right = min(end[index], end[other])
                if other_name != name and right - start[index] >= DEPTH - _TOLERANCE:
                    pair = (min(name, other_name), max(name, other_name))
                    windows.setdefault(pair, {}).setdefault(int(row[index]), []).append((start[index], right))
        return {pair for pair, by_row in windows.items() if _has_block(by_row)}


def _has_block(by_row: dict[int, list[tuple[float, float]]]) -> bool:
    """DEPTH consecutive rows whose overlap windows share an x-range DEPTH long."""
    for first in by_row:
        spans = by_row[first]
        for step in range(1, DEPTH):
            following = by_row.get(first + step)
            if not following:
                spans = []
                break
            spans = [(max(a, c), min(b, d)) for a, b in spans for c, d in following if min(b, d) - max(a, c) > 0]
        if any(b - a >= DEPTH for a, b in spans):
            return True
    return False


def points_inside(table: ScanTable, queries: Iterable[tuple[int, int, int]]) -> np.ndarray:
    """Convenience for tests: (input polygon index, x, y) triples -> inside or on outline."""
    polygons, xs, ys = (np.array(values, dtype=np.int64) for values in zip(*queries))
    return table.contains(table.polygon_index[polygons], xs, ys)
