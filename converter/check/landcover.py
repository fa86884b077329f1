"""Which squares of the tile grid the land territories cover whole (M310).

TripleA fills every land territory's polygons in its owner's colour (2.x LandTerritoryDrawable,
drawn over the base tiles for every land territory, the unowned ones in the neutral colour)
and draws their outlines in black. A square of the map that land polygons cover entirely
therefore looks the same with or without its base tile: map makers leave such tiles out.
Whether they cover it is read off the scan table (scanlines): on each row of the square, the
interior intervals of the land polygons must join up across it. Gaps of at most `gap` px
count as covered, across a row as between rows: borders traced a pixel or two apart, which
the black outlines paint over, and a tile with no base image is cleared to black first (2.x
Tile.draw), so what the outlines leave of such a seam shows as a thicker border, not a hole.
Measured along a row, a seam across a slanted or jagged border is wider, hence 4 (a border
of revised_middle_earth leaves 4 px per row). A polygon the scan left out covers nothing here.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from converter.check.scanlines import ScanTable

Square = tuple[int, int, int, int]  # left, top, right, bottom: pixels [left, right) x [top, bottom)
SEAM = 4.0  # px along a row: hexes traced a pixel or two apart leave 2.3 (emptyhexes), a jagged border 4


def covered_squares(scan: ScanTable, land: Iterable[str], squares: Sequence[Square], gap: float = SEAM) -> list[bool]:
    """For each square: do the scanned polygons of the `land` territories cover it whole?"""
    land = set(land)
    polygons = [number for number, name in enumerate(scan.names) if name in land]
    if not polygons or not squares:
        return [False] * len(squares)
    boxes = scan.boxes[np.flatnonzero(scan.scanned)][polygons]  # each scanned land polygon's box
    numbers = np.asarray(polygons, dtype=np.int64)
    return [_covered(scan, numbers, boxes, square, gap) for square in squares]


def _covered(scan: ScanTable, numbers: np.ndarray, boxes: np.ndarray, square: Square, gap: float) -> bool:
    left, top, right, bottom = square
    if right <= left or bottom <= top:
        return True  # nothing of the map in it
    near = (boxes[:, 0] <= right) & (boxes[:, 2] >= left - 1) & (boxes[:, 1] <= bottom) & (boxes[:, 3] >= top - 1)
    first_row, last_row = max(top, scan.top), min(bottom, scan.top + scan.rows)  # table rows within the square
    if not near.any() or first_row >= last_row:
        return False
    rows, starts, ends = [], [], []
    for number in numbers[near].tolist():
        polygon_rows, polygon_starts, polygon_ends = _intervals(scan, number, first_row, last_row)
        rows.append(polygon_rows)
        starts.append(polygon_starts)
        ends.append(polygon_ends)
    row, start, end = np.concatenate(rows), np.concatenate(starts), np.concatenate(ends)
    keep = (end >= left - gap) & (start <= right - 1 + gap)
    row, start, end = row[keep], start[keep], end[keep]
    if not len(row):
        return False
    order = np.lexsort((start, row))
    row, start, end = row[order], start[order], end[order]
    # reach: the furthest end so far on the same row (rows offset apart, so one running max serves)
    offset = (row - top) * (float(end.max() - end.min()) + 1.0)
    reach = np.maximum.accumulate(end + offset) - offset
    first_of_row = np.ones(len(row), dtype=bool)
    first_of_row[1:] = row[1:] != row[:-1]
    joined = np.where(first_of_row, start <= left + gap, start <= np.roll(reach, 1) + gap)
    last_of_row = np.ones(len(row), dtype=bool)
    last_of_row[:-1] = row[1:] != row[:-1]
    # a row is covered when its intervals reach across the square and join up all the way
    covered = np.zeros(bottom - top, dtype=bool)
    covered[row[last_of_row] - top] = reach[last_of_row] >= right - 1 - gap
    covered[row[~joined] - top] = False
    return _rows_within_gap(covered, int(gap))


def _rows_within_gap(covered: np.ndarray, gap: int) -> bool:
    """Every row covered, or within `gap` rows of a covered one (an outline's width)."""
    if covered.all():
        return True
    if not covered.any():
        return False
    near = covered.copy()
    for shift in range(1, gap + 1):
        near[shift:] |= covered[:-shift]
        near[:-shift] |= covered[shift:]
    return bool(near.all())


def touched_squares(scan: ScanTable, names: Iterable[str], squares: Sequence[Square]) -> list[bool]:
    """For each square: does a scanned polygon of the `names` territories reach into it?"""
    return [share > 0 for share in covered_shares(scan, names, squares)]


def covered_shares(scan: ScanTable, names: Iterable[str], squares: Sequence[Square]) -> list[float]:
    """For each square: the share of its area (0 to 1) that the scanned polygons of the `names`
    territories cover, row by row (polygons of one territory that overlap count once each, so the
    share is capped at 1)."""
    names = set(names)
    return polygon_shares(scan, np.asarray([number for number, name in enumerate(scan.names) if name in names],
                                           dtype=np.int64), squares)


def polygon_shares(scan: ScanTable, numbers: np.ndarray, squares: Sequence[Square]) -> list[float]:
    """covered_shares for the scanned polygons `numbers` (found once by a caller asking often)."""
    if not len(numbers) or not squares:
        return [0.0] * len(squares)
    boxes = scan.boxes[np.flatnonzero(scan.scanned)][numbers]
    shares = []
    for left, top, right, bottom in squares:
        area = (right - left) * (bottom - top)
        near = (boxes[:, 0] < right) & (boxes[:, 2] >= left) & (boxes[:, 1] < bottom) & (boxes[:, 3] >= top)
        first_row, last_row = max(top, scan.top), min(bottom, scan.top + scan.rows)
        covered = 0.0
        for number in numbers[near].tolist() if first_row < last_row and area > 0 else ():
            _rows, starts, ends = _intervals(scan, number, first_row, last_row)
            covered += float(np.clip(np.minimum(ends, right) - np.maximum(starts, left), 0, None).sum())
        shares.append(min(covered / area, 1.0) if area > 0 else 0.0)
    return shares


def border_pixels(scan: ScanTable, name: str, others: Iterable[str], gap: int = 6,
                  limit: int = 4_000_000) -> dict[str, int]:
    """For each of the `others` territories: how many pixels of its polygons lie within `gap` px
    of territory `name`'s (about the length of the border they share times the gap); none where
    the box to rasterise is over `limit` pixels."""
    others = set(others)
    mine = [number for number, each in enumerate(scan.names) if each == name]
    theirs: dict[str, list[int]] = {}
    for number, each in enumerate(scan.names):
        if each in others:
            theirs.setdefault(each, []).append(number)
    if not mine or not theirs:
        return {}
    boxes = scan.boxes[np.flatnonzero(scan.scanned)]
    left, top = int(boxes[mine, 0].min()) - gap - 1, int(boxes[mine, 1].min()) - gap - 1
    right, bottom = int(boxes[mine, 2].max()) + gap + 2, int(boxes[mine, 3].max()) + gap + 2
    if (right - left) * (bottom - top) > limit:
        return {}
    own = _raster(scan, mine, left, top, right, bottom)
    grown = own.copy()
    for shift in range(1, gap + 1):  # a square of `gap` px around each pixel, across then down
        grown[:, shift:] |= own[:, :-shift]
        grown[:, :-shift] |= own[:, shift:]
    across = grown.copy()
    for shift in range(1, gap + 1):
        grown[shift:, :] |= across[:-shift, :]
        grown[:-shift, :] |= across[shift:, :]
    band = grown & ~own
    found = {}
    for other, numbers in theirs.items():
        near = (boxes[numbers, 0] < right) & (boxes[numbers, 2] >= left) & (boxes[numbers, 1] < bottom) & \
            (boxes[numbers, 3] >= top)
        if near.any():
            found[other] = int((band & _raster(scan, [n for n, ok in zip(numbers, near) if ok],
                                               left, top, right, bottom)).sum())
    return found


def _raster(scan: ScanTable, numbers: list[int], left: int, top: int, right: int, bottom: int) -> np.ndarray:
    """The polygons' pixels in the box, as a boolean array (rows down, columns across)."""
    mask = np.zeros((bottom - top, right - left), dtype=bool)
    first_row, last_row = max(top, scan.top), min(bottom, scan.top + scan.rows)
    for number in numbers:
        rows, starts, ends = _intervals(scan, number, first_row, last_row)
        starts = np.ceil(starts - 0.5).astype(np.int64) - left
        ends = np.floor(ends - 0.5).astype(np.int64) - left
        for row, start, end in zip((rows - top).tolist(), np.clip(starts, 0, right - left).tolist(),
                                   np.clip(ends + 1, 0, right - left).tolist()):
            if end > start:
                mask[row, start:end] = True
    return mask


def _intervals(scan: ScanTable, number: int, first_row: int, last_row: int):
    """(rows, starts, ends) of scanned polygon `number`'s interior intervals on the map's rows
    first_row to last_row - 1 (each key's crossings pair up from an even index: each (start, end)
    is one interval)."""
    base = number * scan.rows - scan.top
    first, last = np.searchsorted(scan.cross_keys, (base + first_row, base + last_row), side="left").tolist()
    return scan.cross_keys[first:last:2] - base, scan.cross_x[first:last:2], scan.cross_x[first + 1:last:2]
