"""Center and place points against their territory's polygons (M307, M308), all at once.

One vectorised query to the row-scan table answers "inside or on the outline" for every
point of every territory (each point against each polygon of its territory's first
polygons.txt entry); only the points found outside are measured for the message.
"""

from __future__ import annotations

from itertools import chain
from operator import itemgetter

import numpy as np

from converter.check.accel import accelerator
from converter.check.distance import distances_to_outlines, distances_to_polygon_runs
from converter.check.geometry import point_in_polygon
from converter.check.mapfiles import Entry, PointFile, unread_polygons
from converter.check.polygonlayout import PolygonLayout, layout_of
from converter.check.scanlines import COORDINATE_LIMIT, ScanTable, ragged_ranges

_kernel = accelerator("_outlines")  # reads the point files' entries into arrays; None: Python
_one_call = _kernel.outside if _kernel is not None else None  # the steps below at once; None: step by step


Outside = tuple[Entry, tuple[int, int], int, float]


def points_outside(polygons: PointFile, scan: ScanTable, point_file: PointFile,
                   layout: PolygonLayout | None = None) -> list[Outside]:
    """For each entry of `point_file` with points outside its territory's polygons: the
    entry, the first of those points (file order), how many there are, and how far the
    first lies from the outline (what M307/M308 report: no list of the points is made)."""
    arrays = polygons.polygon_arrays
    layout = layout if layout is not None else layout_of(polygons)
    if arrays is None:  # a polygon coordinate beyond int64 (hostile input): the tuples
        return _points_outside_by_tuples(polygons, scan, point_file, layout)
    entries = point_file.entries
    if _one_call is not None and isinstance(entries, list) and scan.scanned.all():
        found = _one_call(entries, layout.first, scan.cross_keys, scan.cross_x, scan.touch_keys, scan.touch_low,
                                scan.touch_high, scan.polygon_index, *arrays, scan.top, scan.rows, COORDINATE_LIMIT)
        if found is not None:  # the three steps below in one C call
            return _outside_found(entries, *found)
    gathered = _read_points(entries, layout.first)
    if gathered is None:  # a point beyond int64 (hostile input): the tuples
        return _points_outside_by_tuples(polygons, scan, point_file, layout)
    numbers, firsts, polygon_counts, point_counts, written = gathered
    if not len(numbers):
        return []
    coordinates = np.clip(written, -COORDINATE_LIMIT, COORDINATE_LIMIT)
    runs = outside_runs(scan, firsts, polygon_counts, point_counts, coordinates) if scan.scanned.all() else None
    if runs is None:
        # (the reference test of polygons the scan left out reads the entries themselves)
        checked = [] if scan.scanned.all() else [(entries[number], layout.first[entries[number].name])
                                                 for number in numbers.tolist()]
        runs = _outside_runs(_inside_any(scan, checked, point_counts, coordinates, polygon_counts, firsts),
                             point_counts)
    if not len(runs):
        return []
    entry_numbers, first_outside, counts = runs[:, 0], runs[:, 1], runs[:, 2]
    first_points = written[first_outside]
    distances = distances_to_polygon_runs(first_points, arrays[0], arrays[1],
                                          firsts[entry_numbers], polygon_counts[entry_numbers])
    # (the points as written: gathered from the entries' own ints)
    return list(zip(map(entries.__getitem__, numbers[entry_numbers].tolist()), map(tuple, first_points.tolist()),
                    counts.tolist(), distances))


def _outside_found(entries: list[Entry], rows: bytes, squares: bytes) -> list[Outside]:
    """points_outside's answer from the kernel's (entry number, x, y, outside points) rows
    and squared distances (the same ints and floats the steps below give)."""
    values = memoryview(rows).cast("q").tolist()
    return [(entries[values[at]], (values[at + 1], values[at + 2]), values[at + 3], square ** 0.5)
            for at, square in zip(range(0, len(values), 4), memoryview(squares).cast("d").tolist())]


def outside_runs(scan: ScanTable, firsts: np.ndarray, polygon_counts: np.ndarray, point_counts: np.ndarray,
                 points: np.ndarray) -> np.ndarray | None:
    """Entries' points against runs of input polygons, at once in C: entry e owns the next
    point_counts[e] points (int64 x, y rows) and polygons firsts[e] .. + polygon_counts[e] - 1;
    an (entry, first outside point, outside points) row per entry with a point inside or on
    none of them. None without the kernel, or when a polygon was left out of the scan."""
    if _kernel is None:
        return None
    found = _kernel.outside_runs(
        scan.cross_keys, scan.cross_x, scan.touch_keys, scan.touch_low, scan.touch_high,
        *(np.ascontiguousarray(values, dtype=np.int64)
          for values in (scan.polygon_index, firsts, polygon_counts, point_counts, points)), scan.top, scan.rows)
    return None if found is None else np.frombuffer(found, dtype=np.int64).reshape(-1, 3)


def _outside_runs(inside: np.ndarray, point_counts: np.ndarray) -> np.ndarray:
    """(entry, its first outside point, its number of outside points) rows, from whether
    each point is inside: what outside_runs answers at once."""
    outside = np.flatnonzero(~inside)
    if not len(outside):
        return np.zeros((0, 3), dtype=np.int64)
    owners = np.searchsorted(np.cumsum(point_counts), outside, side="right")
    found = np.flatnonzero(np.diff(owners, prepend=-1))  # each entry's first outside point
    return np.stack([owners[found], outside[found], np.diff(found, append=len(outside))], axis=1)


def _read_points(entries: list[Entry], first: dict) -> tuple[np.ndarray, ...] | None:
    """The entries whose name is a territory: their numbers in `entries`, their territory's
    first polygon and polygon count, their point counts and their points (int64 rows). None
    when a coordinate does not fit int64."""
    gathered = _kernel.gather(entries, first) if _kernel is not None and isinstance(entries, list) else None
    if gathered is not None:
        numbers, shapes, point_counts, points = (np.frombuffer(values, dtype=np.int64) for values in gathered)
        return numbers, shapes[0::2], shapes[1::2], point_counts, points.reshape(-1, 2)
    numbers = [number for number, entry in enumerate(entries) if entry.name in first]
    shapes = np.array([first[entries[number].name][1:3] for number in numbers], dtype=np.int64).reshape(-1, 2)
    point_counts = np.array([len(entries[number].points) for number in numbers], dtype=np.int64)
    values = chain.from_iterable(chain.from_iterable(entries[number].points for number in numbers))
    try:
        points = np.fromiter(values, dtype=np.int64, count=2 * int(point_counts.sum())).reshape(-1, 2)
    except OverflowError:
        return None
    return np.array(numbers, dtype=np.int64), shapes[:, 0], shapes[:, 1], point_counts, points


def _points_outside_by_tuples(polygons: PointFile, scan: ScanTable, point_file: PointFile,
                              layout: PolygonLayout | None = None) -> list[Outside]:
    """points_outside when a coordinate does not fit int64: from the entries' tuples."""
    shapes = (layout if layout is not None else layout_of(polygons)).first
    checked = [(entry, shapes[entry.name]) for entry in point_file.entries if entry.name in shapes]
    if not checked:
        return []
    found = [(checked[at][0], unread_polygons(checked[at][1][0]), outside)
             for at, outside in _outside_points(scan, checked)]  # (entry, its polygons, outside points)
    distances = distances_to_outlines([outside[0] for _, _, outside in found], [polygons for _, polygons, _ in found])
    return [(entry, outside[0], len(outside), distance) for (entry, _, outside), distance in zip(found, distances)]


def _outside_points(scan: ScanTable, checked) -> list[tuple[int, list[tuple[int, int]]]]:
    """For each entry of `checked` (as `_inside_any` takes it) with points outside its
    territory: its number in `checked` and those points as written, in file order."""
    point_counts = np.fromiter((len(entry.points) for entry, _ in checked), dtype=np.int64, count=len(checked))
    inside = _inside_any(scan, checked, point_counts, _clamped_coordinates(checked, int(point_counts.sum())))
    ends = np.cumsum(point_counts)
    found = []
    for at in np.unique(np.searchsorted(ends, np.flatnonzero(~inside), side="right")).tolist():
        entry = checked[at][0]
        flags = inside[ends[at] - len(entry.points):ends[at]].tolist()
        found.append((at, [point for point, ok in zip(entry.points, flags) if not ok]))
    return found


def beyond_tolerance(found: list[Outside], scan: ScanTable, layout: PolygonLayout, tolerance: float) -> list[Outside]:
    """`found` counting only the points more than `tolerance` px outside their territory: an
    outline is a pixel line drawn over both sides, so a point a pixel or two off it is on it.
    A row with one point outside keeps or loses it by the distance already measured; a row
    with more is measured again point by point, in one vectorised pass for all such rows, and
    gives its farthest point."""
    kept: dict[int, Outside] = {at: row for at, row in enumerate(found) if row[2] == 1 and row[3] > tolerance}
    several = [(at, row[0]) for at, row in enumerate(found) if row[2] > 1]
    if several:
        for number, points in enumerate(far_points(scan, layout, [entry for _, entry in several], tolerance)):
            if points:
                at, entry = several[number]
                farthest = max(points, key=itemgetter(1))  # the worst tells most (a digit lost: 340 for 3400)
                kept[at] = (entry, farthest[0], len(points), farthest[1])
    return [kept[at] for at in sorted(kept)]


def far_points(scan: ScanTable, layout: PolygonLayout, entries: list[Entry],
               tolerance: float) -> list[list[tuple[tuple[int, int], float]]]:
    """For each of `entries` (point-file entries naming territories of `layout`): its points
    more than `tolerance` px outside its territory's polygons, each with that distance, in
    file order; in one vectorised pass for all of them."""
    far: list[list[tuple[tuple[int, int], float]]] = [[] for _ in entries]
    if not entries:
        return far
    checked = [(entry, layout.first[entry.name]) for entry in entries]
    outside, owners = [], []
    for number, points in _outside_points(scan, checked):
        outside += points
        owners += [number] * len(points)
    polygons = [unread_polygons(shape) for _, (shape, *_) in checked]
    distances = distances_to_outlines(outside, [polygons[number] for number in owners])
    for number, point, distance in zip(owners, outside, distances):
        if distance > tolerance:
            far[number].append((point, distance))
    return far


def _clamped_coordinates(checked, count: int) -> np.ndarray:
    """Every point's (x, y), coordinates clamped to the engine's int range: the scan holds no
    polygon reaching that far, so a clamped point stays outside all of them (a polygon left
    out of the scan is tested with the point as written)."""
    def values():
        return chain.from_iterable(chain.from_iterable(entry.points for entry, _ in checked))
    try:
        flat = np.fromiter(values(), dtype=np.int64, count=2 * count)
    except OverflowError:  # beyond int64 (hostile input)
        flat = np.fromiter((max(-COORDINATE_LIMIT, min(COORDINATE_LIMIT, value)) for value in values()),
                           dtype=np.int64, count=2 * count)
    return np.clip(flat, -COORDINATE_LIMIT, COORDINATE_LIMIT).reshape(-1, 2)


def _inside_any(scan, checked, point_counts: np.ndarray, coordinates: np.ndarray,
                polygon_counts: np.ndarray | None = None, firsts: np.ndarray | None = None) -> np.ndarray:
    """Is each point inside (or on) any polygon of its territory. `checked`: per point-file
    entry, (entry, (its territory's polygons.txt entry, number of that entry's first polygon,
    ...)); `polygon_counts` and `firsts` say the same per entry as arrays, when known.
    Scanned polygons answer in one vectorised query; a polygon the scan left out (absurdly
    tall) is tested point by point with the reference code."""
    if polygon_counts is None:
        polygon_counts = np.fromiter((len(shape.polygons) for _, (shape, *_) in checked), dtype=np.int64,
                                     count=len(checked))
        firsts = np.fromiter((first for _, (_, first, *_) in checked), dtype=np.int64, count=len(checked))
    point_entry = np.repeat(np.arange(len(point_counts)), point_counts)
    per_point = polygon_counts[point_entry]  # one query per point and polygon of its territory
    owner = np.repeat(np.arange(len(point_entry)), per_point)
    numbers = ragged_ranges(firsts[point_entry], per_point)  # the polygons of each point's territory
    polygon = scan.polygon_index[numbers]
    inside = np.zeros(len(point_entry), dtype=bool)
    scanned = polygon >= 0
    found = scan.contains(polygon[scanned], coordinates[owner[scanned], 0], coordinates[owner[scanned], 1])
    inside[owner[scanned][found]] = True
    entry_starts = np.cumsum(point_counts) - point_counts
    for query in np.flatnonzero(~scanned).tolist():
        point_number = int(owner[query])
        entry_number = int(point_entry[point_number])
        entry, (shape, first, *_) = checked[entry_number]
        point = entry.points[point_number - int(entry_starts[entry_number])]  # as written, not clamped
        if not inside[point_number] and point_in_polygon(point, shape.polygons[int(numbers[query]) - first]):
            inside[point_number] = True
    return inside
