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
MAX_ROWS (a stray far-out point), with coordinates beyond the engine's int range, or past the
MAX_CROSSINGS memory bound is left out; callers test it with the reference code.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Iterable, Sequence

import numpy as np

from converter.check.accel import accelerator

_kernel = accelerator("_scanrows")  # the C build and point queries; None: the numpy code below
_sweeper = accelerator("_rowsweep")  # the C overlap sweep; None: _candidates below

DEPTH = 3  # px: overlaps thinner than this are tracing noise, not a map defect
MAX_ROWS = 100_000  # taller than any real map; beyond it a polygon is tested the slow way
MAX_CROSSINGS = 5_000_000  # memory bound (~300 MB); real maps need well under 1,000,000
COORDINATE_LIMIT = 2**31  # the engine keeps points in Java ints
_EXACT_FLOATS = 2.0**40  # sort keys below this keep sub-micro-pixel precision in a float64
_TOLERANCE = 1e-9  # the prefilter keeps knife-edge intervals; the exact step decides


def ragged_ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
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
        flat = _flat_coordinates(shapes, int(counts.sum())) if coordinates is None else coordinates.reshape(-1)
        return cls.of_arrays([name for name, _ in shapes], counts, flat)

    @classmethod
    def of_arrays(cls, polygon_names: Sequence[str], counts: np.ndarray, coordinates: np.ndarray) -> "ScanTable":
        """The table of polygons given as arrays: each one's territory name and number of
        points (at least one), and all their points as int64 (x, y) in order."""
        flat, counts = coordinates.reshape(-1), np.ascontiguousarray(counts, dtype=np.int64).reshape(-1)
        if _kernel is not None and len(polygon_names):
            table = cls._built_in_c(polygon_names, counts, flat)
            if table is not None:
                return table
        xs, ys = flat[0::2], flat[1::2]
        starts = np.cumsum(counts) - counts
        owner = np.repeat(np.arange(len(polygon_names)), counts)
        boxes = np.stack([np.minimum.reduceat(xs, starts), np.minimum.reduceat(ys, starts),
                          np.maximum.reduceat(xs, starts), np.maximum.reduceat(ys, starts)], axis=1) \
            if len(polygon_names) else np.zeros((0, 4), dtype=np.int64)
        following = np.arange(len(xs), dtype=np.int64) + 1  # the next vertex; the last closes its polygon
        following[starts + counts - 1] = starts
        scanned = _scannable(counts, boxes, np.abs(ys[following] - ys), starts)
        polygon_index = np.where(scanned, np.cumsum(scanned) - 1, -1)
        x1, y1, x2, y2, poly = xs, ys, xs[following], ys[following], polygon_index[owner]
        keep = scanned[owner]
        if not keep.all():
            x1, y1, x2, y2, poly = x1[keep], y1[keep], x2[keep], y2[keep], poly[keep]
        top = int(ys[keep].min()) if keep.any() else 0
        rows = int(ys[keep].max()) - top + 1 if keep.any() else 1
        names = _kept_names(polygon_names, scanned)

        slanted = y1 != y2
        low_y = np.minimum(y1, y2)[slanted]
        span = np.abs(y2 - y1)[slanted]
        edge = np.repeat(np.flatnonzero(slanted), span)
        row = ragged_ranges(low_y, span)
        cross_x = x1[edge] + (row - y1[edge]) * (x2 - x1)[edge] / (y2 - y1)[edge]
        cross_keys = poly[edge] * rows + (row - top)
        order = _sorted_by_key_then_x(cross_keys, cross_x, rows * len(names), x1)

        # on the outline but on no crossing: horizontal edges (ends included), and vertices
        # lower on screen than both neighbours (every other vertex starts a crossing edge)
        previous = np.arange(len(xs), dtype=np.int64) - 1
        previous[starts] = starts + counts - 1
        peak = ((ys[previous] < ys) & (ys[following] < ys))[keep]
        flat_edges = ~slanted
        touch_keys = np.concatenate((poly[flat_edges] * rows + (y1[flat_edges] - top), poly[peak] * rows + (y1[peak] - top)))
        touch_low = np.concatenate((np.minimum(x1, x2)[flat_edges], x1[peak]))
        touch_high = np.concatenate((np.maximum(x1, x2)[flat_edges], x1[peak]))
        touch_order = np.argsort(touch_keys, kind="stable")  # one order for numpy and the C kernel
        return cls(names, boxes, scanned, polygon_index, top, rows, cross_keys[order], cross_x[order],
                   touch_keys[touch_order], touch_low[touch_order], touch_high[touch_order])

    @classmethod
    def _built_in_c(cls, polygon_names, counts: np.ndarray, flat: np.ndarray) -> "ScanTable | None":
        """The same table by the C kernel: it measures the polygons, numpy applies the guards,
        the kernel cuts the polygons let through. None when the kernel declines."""
        flat = np.ascontiguousarray(flat, dtype=np.int64)
        measured = _kernel.measure(flat, counts)
        if measured is None:
            return None
        boxes = np.frombuffer(measured[0], dtype=np.int64).reshape(-1, 4)
        crossings = np.frombuffer(measured[1], dtype=np.int64)
        selected = _kernel.select(boxes, crossings, counts, COORDINATE_LIMIT, MAX_ROWS, MAX_CROSSINGS)
        if selected is not None:  # (the guards in one C pass; None: over MAX_CROSSINGS, numpy decides)
            scanned, polygon_index = np.frombuffer(selected[0], dtype=bool), np.frombuffer(selected[1], dtype=np.int64)
            top, rows = selected[2], selected[3]
        else:
            scanned, polygon_index, top, rows = _selected(boxes, counts, crossings)
        tables = _kernel.build(flat, counts, scanned, top, rows, COORDINATE_LIMIT, MAX_ROWS)
        if tables is None:
            return None
        names = _kept_names(polygon_names, scanned)
        cross_keys, cross_x, touch_keys, touch_low, touch_high = (
            np.frombuffer(table, dtype=dtype) for table, dtype in zip(tables, _TABLE_TYPES))
        return cls(names, boxes, scanned, polygon_index, top, rows, cross_keys, cross_x, touch_keys, touch_low,
                   touch_high)

    # ---- point in polygon
    def contains(self, polygons: np.ndarray, points_x: np.ndarray, points_y: np.ndarray) -> np.ndarray:
        """For each query (scanned polygon number, x, y): is the point inside or on the outline."""
        if _kernel is not None:
            return np.frombuffer(_kernel.contains(
                self.cross_keys, self.cross_x, self.touch_keys, self.touch_low, self.touch_high,
                *(np.ascontiguousarray(values, dtype=np.int64) for values in (polygons, points_x, points_y)),
                self.top, self.rows), dtype=bool)
        inside = np.zeros(len(polygons), dtype=bool)
        row = points_y - self.top
        valid = (row >= 0) & (row < self.rows)
        keys = polygons * self.rows + np.where(valid, row, 0)
        for table_keys, hits in ((self.cross_keys, self._crossing_hits), (self.touch_keys, self._touch_hits)):
            first = np.searchsorted(table_keys, keys, side="left")
            last = np.searchsorted(table_keys, keys, side="right")
            lengths = np.where(valid, last - first, 0)
            members = ragged_ranges(first, lengths)
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
        return set(self.overlaps())

    def overlaps(self) -> dict[tuple[str, str], tuple[int, int]]:
        """The overlapping pairs, each with a point inside both (the middle of its first block,
        top to bottom): where a map maker should look."""
        start, end = self.cross_x[0::2], self.cross_x[1::2]
        if len(start) < 2:
            return {}
        swept = None if _sweeper is None else _sweeper.sweep(self.cross_keys, self.cross_x, self.rows)
        if swept is not None and not swept[1]:
            return {}  # (the common case: nothing flagged, nothing more to work out)
        polygon, row = np.divmod(self.cross_keys[0::2], self.rows)
        order, flagged = _candidates(start, end, row, self.rows) if swept is None else \
            (np.frombuffer(swept[0], dtype=np.int64), np.frombuffer(swept[1], dtype=np.int64))
        if not len(flagged):
            return {}
        start, end, polygon, row = start[order], end[order], polygon[order], row[order]
        windows, settled = _overlap_windows(flagged, start, end, polygon, row, self.names)
        found = {pair: settled[pair] if pair in settled else _first_block(by_row) for pair, by_row in windows.items()}
        return {pair: (x, y + self.top) for pair, block in found.items() if block is not None for x, y in (block,)}


def _overlap_windows(flagged: np.ndarray, start: np.ndarray, end: np.ndarray, polygon: np.ndarray,
                     row: np.ndarray, names: Sequence[str]) -> tuple[dict, dict]:
    """Each pair of territories' overlap windows by row, from the flagged intervals (arrays
    in sweep order), and the pairs whose first block is settled before the last row."""
    windows: dict[tuple[str, str], dict[int, list[tuple[float, float]]]] = {}
    flagged_rows = row[flagged]
    row_starts = np.searchsorted(row, flagged_rows, side="left")
    row_ends = np.searchsorted(row, flagged_rows, side="right")
    territory = _territory_numbers(names)[polygon]  # polygons of one territory never overlap it
    # A pair's first block is settled once the rows below it are swept (they go top to
    # bottom): its later windows change nothing, and an interval whose every pair on its
    # row is settled is skipped. Two copies of one self-crossing outline flag hundreds of
    # thousands of intervals; without this each was tested (found by fuzzing: seconds).
    settled: dict[tuple[str, str], tuple[int, int]] = {}
    touched: set[tuple[str, str]] = set()
    current, on_row, done_names = None, None, set()
    # an interval right after its twin on its row (a polygon pasted hundreds of times) overlaps
    # exactly what the twin overlaps, the twin aside: the same windows again (fuzzing: minutes)
    twin = np.zeros(len(start), dtype=bool)
    twin[1:] = (row[1:] == row[:-1]) & (territory[1:] == territory[:-1]) & (start[1:] == start[:-1]) & \
        (end[1:] == end[:-1])
    # read item by item below: Python's own floats and ints, not numpy scalars (3x quicker)
    starts, ends, polygons = start.tolist(), end.tolist(), polygon.tolist()
    partners, bounds = _partners(flagged, row_starts, start, end, territory)
    for number, (index, first, last, at_row, repeated) in enumerate(zip(
            flagged.tolist(), row_starts.tolist(), row_ends.tolist(), flagged_rows.tolist(), twin[flagged].tolist())):
        if at_row != current:
            if _SETTLE_EARLY:
                _settle(current, touched, windows, settled)
            touched, current, on_row, done_names = set(), at_row, None, set()
        if repeated:
            continue
        name = names[polygons[index]]
        if settled:
            if name in done_names:
                continue
            if on_row is None:  # the territories on this row, once per row
                on_row = {names[number] for number in set(polygons[first:last])}
            if all((min(name, other), max(name, other)) in settled for other in on_row if other != name):
                done_names.add(name)
                continue
        left, this_end = starts[index], ends[index]
        found = partners[bounds[number]:bounds[number + 1]] if partners is not None else None
        for other in _overlapped_by(index, first, start, end, territory, found):
            other_name = names[polygons[other]]
            right = min(this_end, ends[other])
            if other_name != name and right - left >= DEPTH - _TOLERANCE:
                pair = (min(name, other_name), max(name, other_name))
                if pair in settled:
                    continue
                windows.setdefault(pair, {}).setdefault(at_row, []).append((left, right))
                touched.add(pair)
    return windows, settled


def _settle(row: int | None, touched: set[tuple[str, str]], windows: dict, settled: dict) -> None:
    """Settle the pairs whose first block ends on `row`, now swept: `_first_block` of their
    windows so far finds a block only if it starts DEPTH - 1 rows up (an earlier one would
    have been settled before), the very block it finds when all rows are in."""
    for pair in touched:
        by_row = windows[pair]
        top = row - (DEPTH - 1)
        if top in by_row:
            block = _first_block({each: by_row[each] for each in range(top, row + 1) if each in by_row})
            if block is not None:
                settled[pair] = block


def _territory_numbers(names: list[str]) -> np.ndarray:
    """Each polygon's territory as a number (equal names, equal numbers)."""
    numbers: dict[str, int] = {}
    return np.array([numbers.setdefault(name, len(numbers)) for name in names], dtype=np.int64)


_SETTLE_EARLY = True  # tests turn it off to compare with every window kept
_FEW = 32  # earlier intervals on a row: fewer than this, a plain range beats numpy's call overhead


_PAIRS_AT_ONCE = 1 << 20  # earlier intervals of all flagged ones: up to this many, _partners finds them at once


def _partners(flagged: np.ndarray, row_starts: np.ndarray, start: np.ndarray, end: np.ndarray,
              territory: np.ndarray) -> tuple[list[int] | None, list[int]]:
    """For every flagged interval at once, the earlier intervals on its row overlapping it by
    DEPTH that belong to another territory, in order: (all of them, and where each flagged
    interval's run starts and ends). An island drawn inside its sea zone flags each of its rows,
    and an earlier interval of every territory to its left on that row was read one by one
    (World War II Global: 200,000 of them, 80 ms); most rows have one partner. (None, []) when
    there are more earlier intervals than _PAIRS_AT_ONCE: each is then shortlisted when asked."""
    lengths = flagged - row_starts
    if int(lengths.sum()) > _PAIRS_AT_ONCE:
        return None, []
    earlier = ragged_ranges(row_starts, lengths)
    keep = _may_overlap(np.repeat(flagged, lengths), earlier, start, end, territory)
    counts = np.bincount(np.repeat(np.arange(len(flagged)), lengths)[keep], minlength=len(flagged))
    return earlier[keep].tolist(), [0, *np.cumsum(counts).tolist()]


def _overlapped_by(index: int, first: int, start: np.ndarray, end: np.ndarray, territory: np.ndarray,
                   found: list[int] | None = None):
    """The earlier intervals on `index`'s row (from `first`), in order, that may overlap it by
    DEPTH and belong to another territory: `found`, when _partners found them; all of them when
    few; else only those numpy finds (the caller's exact test decides either way). A
    self-crossing outline of many points cuts a row into thousands of intervals: testing each
    pair in Python took minutes (found by fuzzing)."""
    if found is not None:
        return found
    if index - first < _FEW:
        return range(first, index)
    return (_may_overlap(index, slice(first, index), start, end, territory).nonzero()[0] + first).tolist()


def _may_overlap(mine, earlier, start: np.ndarray, end: np.ndarray, territory: np.ndarray) -> np.ndarray:
    """Which `earlier` intervals may overlap `mine` (indices, or one index) by DEPTH and belong to
    another territory (the prefilter keeps knife-edge ones: the caller's exact test decides)."""
    return (np.minimum(end[earlier], end[mine]) - start[mine] >= DEPTH - _TOLERANCE) & \
        (territory[earlier] != territory[mine])


_TABLE_TYPES = (np.int64, np.float64, np.int64, np.int64, np.int64)  # the kernel's build, in field order


def _candidates(start: np.ndarray, end: np.ndarray, row: np.ndarray, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """The intervals' order (by row, then start; ties as given) and, in that order, the ones
    overlapping an earlier interval on their row by at least DEPTH: the numpy twin of the
    _rowsweep kernel's sweep."""
    # each row's x-range shifted beyond the previous row's: sorted by one float, the
    # intervals run row by row, left to right, and one running maximum of the ends seen
    # so far says how far an interval overlaps any earlier one on its row
    left = float(min(start.min(), end.min()))
    width = float(max(start.max(), end.max())) - left + 4 * DEPTH
    if rows * width < _EXACT_FLOATS:
        shifted_start = row * width + (start - left)
        order = np.argsort(shifted_start, kind="stable")  # ties as the _rowsweep kernel orders them
        shifted_start, shifted_end = shifted_start[order], (row * width + (end - left))[order]
        reach = np.maximum.accumulate(shifted_end)
        reach = np.concatenate(([-np.inf], reach[:-1]))
        return order, np.flatnonzero(np.minimum(shifted_end, reach) - shifted_start >= DEPTH - _TOLERANCE)
    # coordinates too far apart for one float key (hostile input): row by row
    order = np.lexsort((start, row))
    return order, np.array(_overlapping_intervals(start[order].tolist(), end[order].tolist(),
                                                  row[order].tolist()), dtype=np.int64)


def _overlapping_intervals(starts: list[float], ends: list[float], rows: list[int]) -> list[int]:
    """Indices of intervals (sorted by row, then start) overlapping an earlier one on their
    row by at least DEPTH: the plain loop the shifted running maximum stands for."""
    flagged, reach, current = [], float("-inf"), None
    for index, (start, end, row) in enumerate(zip(starts, ends, rows)):
        if row != current:
            reach, current = float("-inf"), row
        if min(end, reach) - start >= DEPTH - _TOLERANCE:
            flagged.append(index)
        reach = max(reach, end)
    return flagged


def _kept_names(names: Sequence[str], scanned: np.ndarray) -> tuple[str, ...]:
    if scanned.all():
        return tuple(names)
    return tuple(name for name, kept in zip(names, scanned.tolist()) if kept)


def _flat_coordinates(shapes, count: int) -> np.ndarray:
    """x0, y0, x1, y1, ... of all shapes; a coordinate beyond int64 (hostile input) reads as
    int64's bound on its side, beyond the engine's int range, so `_scannable` leaves its
    polygon out (and M312 reports the side it is on). The others stay exact, whether a
    Python int or a numpy value holds them (the C reader's rows; found by fuzzing: numpy's
    abs() of int64's minimum is negative, so one path kept it and the other did not)."""
    values = chain.from_iterable(chain.from_iterable(points for _, points in shapes))
    try:
        return np.fromiter(values, dtype=np.int64, count=2 * count)
    except OverflowError:
        values = chain.from_iterable(chain.from_iterable(points for _, points in shapes))
        return np.fromiter((min(max(int(value), _INT64_MIN), _INT64_MAX) for value in values),
                           dtype=np.int64, count=2 * count)


_INT64_MIN, _INT64_MAX = -2**63, 2**63 - 1


def _selected(boxes: np.ndarray, counts: np.ndarray, crossings: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The polygons the table takes (`_within_bounds`), their numbers among them, and the
    rows their boxes span (as the kernel's `select`)."""
    scanned = _within_bounds(counts, boxes, lambda scanned: crossings)
    polygon_index = np.where(scanned, np.cumsum(scanned) - 1, -1)
    kept = boxes[scanned]
    top = int(kept[:, 1].min()) if len(kept) else 0
    rows = int(kept[:, 3].max()) - top + 1 if len(kept) else 1
    return scanned, polygon_index, top, rows


def _scannable(counts: np.ndarray, boxes: np.ndarray, spans: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Polygons the table takes (see _within_bounds); `spans`: |dy| of every edge."""
    return _within_bounds(counts, boxes, lambda scanned: np.add.reduceat(np.where(scanned.repeat(counts), spans, 0),
                                                                           starts))


def _within_bounds(counts: np.ndarray, boxes: np.ndarray, crossings_of) -> np.ndarray:
    """Polygons the table takes: at least 3 points, coordinates in the engine's int range,
    at most MAX_ROWS tall, and — tallest left out first — at most MAX_CROSSINGS in all.
    `crossings_of(scanned)`: each polygon's crossings (read only where scanned is True)."""
    if not len(counts):
        return np.zeros(0, dtype=bool)
    heights = boxes[:, 3] - boxes[:, 1]
    # both bounds compared: abs() of int64's minimum wraps to itself, a negative number
    within = ((boxes > -COORDINATE_LIMIT) & (boxes < COORDINATE_LIMIT)).all(axis=1)
    scanned = (counts >= 3) & within & (heights <= MAX_ROWS)
    crossings = np.where(scanned, crossings_of(scanned), 0)
    if crossings.sum() > MAX_CROSSINGS:
        by_height = np.argsort(-heights, kind="stable")
        left = np.cumsum(crossings[by_height][::-1])[::-1]  # crossings of this polygon and all shorter ones
        scanned[by_height[left > MAX_CROSSINGS]] = False
    return scanned


def _sorted_by_key_then_x(keys: np.ndarray, xs: np.ndarray, key_count: int, edge_xs: np.ndarray) -> np.ndarray:
    """The order sorting crossings by key, then x. One float sort key is several times
    faster than lexsort; its rounding can only swap crossings less than a micro-pixel apart
    on a row, which changes no count. Beyond float precision, lexsort."""
    if not len(keys):
        return np.zeros(0, dtype=np.int64)
    left = float(edge_xs.min())
    width = float(edge_xs.max()) - left + 1.0
    if key_count * width >= _EXACT_FLOATS:
        return np.lexsort((xs, keys))
    order = np.argsort(keys * width + (xs - left))
    # rounding can tie crossings a hair apart and leave them either way round: then the exact
    # sort, so that the table is the one sorted table (the C kernel's, bit for bit)
    sorted_keys, sorted_xs = keys[order], xs[order]
    if np.any((sorted_keys[1:] == sorted_keys[:-1]) & (sorted_xs[1:] < sorted_xs[:-1])):
        return np.lexsort((xs, keys))
    return order


def _first_block(by_row: dict[int, list[tuple[float, float]]]) -> tuple[int, int] | None:
    """The middle (x, row) of the first DEPTH consecutive rows whose overlap windows share
    an x-range DEPTH long; None when there is no such block."""
    for first in sorted(by_row):
        # each window once, in order: a polygon pasted hundreds of times gives as many copies of
        # each, whose products took minutes (found by fuzzing); the first block found is the same
        spans = list(dict.fromkeys(by_row[first]))
        for step in range(1, DEPTH):
            following = by_row.get(first + step)
            if not following:
                spans = []
                break
            # a span shorter than DEPTH only shrinks further: dropping it changes no answer
            spans = list(dict.fromkeys((max(a, c), min(b, d)) for a, b in spans for c, d in dict.fromkeys(following)
                                       if min(b, d) - max(a, c) >= DEPTH))
        for a, b in spans:
            if b - a >= DEPTH:
                return int((a + b) // 2), first + DEPTH // 2
    return None


def points_inside(table: ScanTable, queries: Iterable[tuple[int, int, int]]) -> np.ndarray:
    """Convenience for tests: (input polygon index, x, y) triples -> inside or on outline."""
    polygons, xs, ys = (np.array(values, dtype=np.int64) for values in zip(*queries))
    return table.contains(table.polygon_index[polygons], xs, ys)
