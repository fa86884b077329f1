"""Points inside each territory: its centre and the top-left corners of its unit slots.

Slots are squares of the drawn unit size laid on a lattice over the territory, kept
only where the whole square lies in the territory, nearest to the centre first. Every
slot's unit (drawn with its top-left corner at the point) is finally checked to be
centred inside the traced polygon itself.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from converter.package import raster as r
from converter.package.parts import PartsMap

UNIT_SIZE = 48  # px, the engine's unit image size
UNIT_SCALE = 0.625
UNIT_PX = round(UNIT_SIZE * UNIT_SCALE)  # a unit image as the engine draws it (UnitImageFactory)
SLOTS = {"part": 10, "border": 2, "beach": 10, "box": 12}
PATROL_SLOTS = 4

Point = tuple[int, int]


@dataclass(frozen=True)
class Places:
    centers: dict[str, Point]  # map px
    slots: dict[str, list[Point]]  # map px, top-left of each unit slot


def inside(point: tuple[float, float], polygons: list[list[tuple[int, int]]]) -> bool:
    """Even-odd ray cast over all of a territory's polygons."""
    x, y = point
    hit = False
    for polygon in polygons:
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


class _Index:
    """Per label, its runs by row, for quick containment tests."""

    def __init__(self, rows: list[r.Row]):
        self.by_label: dict[int, dict[int, tuple[list[int], list[int]]]] = {}
        for y, row in enumerate(rows):
            for x0, x1, label in row:
                starts, ends = self.by_label.setdefault(label, {}).setdefault(y, ([], []))
                starts.append(x0)
                ends.append(x1)

    def covers(self, label: int, y: int, x0: int, x1: int) -> bool:
        found = self.by_label.get(label, {}).get(y)
        if not found:
            return False
        starts, ends = found
        index = bisect.bisect_right(starts, x0) - 1
        return index >= 0 and ends[index] >= x1

    def square(self, label: int, x: int, y: int, size: int) -> bool:
        return all(self.covers(label, row, x, x + size) for row in range(y, y + size))


def _clearance(index: _Index, label: int, x: int, y: int, limit: int) -> int:
    reach = 0
    while reach < limit and index.covers(label, y - reach - 1, x, x + 1) and index.covers(label, y + reach + 1, x, x + 1):
        reach += 1
    return reach


def _centre(index: _Index, label: int) -> tuple[int, int]:
    """A point deep inside: the run midpoint with the most room around it."""
    rows = index.by_label[label]
    best = (-1, (0, 0))
    step = max(1, len(rows) // 24)
    for y in sorted(rows)[::step]:
        for x0, x1 in zip(*rows[y]):
            x = (x0 + x1) // 2
            room = min((x1 - x0) // 2, _clearance(index, label, x, y, (x1 - x0) // 2 + 1))
            if room > best[0]:
                best = (room, (x, y))
    return best[1]


def compute_places(parts: PartsMap, polygons: dict[str, list[list[tuple[int, int]]]]) -> Places:
    cell = parts.geo.frame.cell
    index = _Index(parts.rows)
    size = max(1, round(UNIT_SIZE * UNIT_SCALE / cell))
    centers: dict[str, Point] = {}
    slots: dict[str, list[Point]] = {}
    for territory in parts.territories:
        label = territory.label
        if territory.part == "patrol":
            x, y, _ = parts.patrols[territory.area]  # type: ignore[index]
            cx, cy = int(x), int(y)
        elif territory.name in parts.rects:
            cx, cy = (int(v) for v in parts.rects[territory.name].centre)
        else:
            cx, cy = _centre(index, label)
        centers[territory.name] = (cx * cell, cy * cell)
        wanted = PATROL_SLOTS if territory.part == "patrol" else SLOTS[territory.kind]
        found = _lattice(index, label, cx, cy, size, wanted)
        points = [(x * cell + 1, y * cell + 1) for x, y in found]
        # the engine draws each unit with its top-left corner at the point: keep the slots whose
        # unit is centred inside the traced polygon (as dday2 check's M308 asks)
        points = [p for p in points if inside((p[0] + UNIT_PX // 2, p[1] + UNIT_PX // 2), polygons[territory.name])]
        if not points:
            # too small for a whole unit: one unit centred on the centre (the image spills over)
            x, y = centers[territory.name]
            points = [(x - UNIT_PX // 2, y - UNIT_PX // 2)]
        slots[territory.name] = points
    return Places(centers, slots)


def _lattice(index: _Index, label: int, cx: int, cy: int, size: int, wanted: int) -> list[tuple[int, int]]:
    rows = index.by_label[label]
    top, bottom = min(rows), max(rows) + 1
    left = min(min(starts) for starts, _ in rows.values())
    right = max(max(ends) for _, ends in rows.values())
    # lattices shifted by a third of a slot; keep the one holding the most whole slots
    best: list[tuple[int, int]] = []
    for shift_x in (0, size // 3, 2 * size // 3):
        for shift_y in (0, size // 3, 2 * size // 3):
            x_origin = left + shift_x
            y_origin = top + shift_y
            candidates = [(x, y) for y in range(y_origin, bottom - size + 1, size)
                          for x in range(x_origin, right - size + 1, size)]
            candidates.sort(key=lambda p: ((p[0] + size / 2 - cx) ** 2 + (p[1] + size / 2 - cy) ** 2, p))
            found = []
            for x, y in candidates:
                if index.square(label, x, y, size):
                    found.append((x, y))
                    if len(found) >= wanted:
                        break
            if len(found) > len(best):
                best = found
            if len(best) >= wanted:
                break
        if len(best) >= wanted:
            break
    found = best
    if not found:  # half-size squares, each unit centred on one, spilling over the edge a little
        half = max(1, size // 2)
        for x, y in sorted(((x, y) for y in range(top, bottom - half + 1, half) for x in range(left, right - half + 1, half)),
                           key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p)):
            if index.square(label, x, y, half):
                found.append((x + half // 2 - size // 2, y + half // 2 - size // 2))  # the unit's top-left
                if len(found) >= wanted:
                    break
    return found
