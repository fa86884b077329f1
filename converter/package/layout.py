"""Lay out off-board rectangles (beaches, pools, boxes, charts) on the sea and the margins.

Each rectangle is put at the free spot nearest to its anchor (a point derived from what
it is linked to), searching outwards in square rings; free means every pixel is of an
allowed kind (sea, hinterland) with a gap to the board and to everything placed before.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from converter.package import raster as r

SEA = 0


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int  # exclusive, cells
    y1: int

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def grown(self, by: int) -> "Rect":
        return Rect(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def overlaps(self, other: "Rect") -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


class NoRoomError(ValueError):
    pass


class Layout:
    def __init__(self, kinds: list[r.Row], width: int, height: int, gap: int):
        self.kinds, self.width, self.height, self.gap = kinds, width, height, gap
        self.placed: list[Rect] = []
        self._cache: dict[frozenset[int], list[tuple[list[int], list[int]]]] = {}

    def _spans(self, allowed: frozenset[int]) -> list[tuple[list[int], list[int]]]:
        """Per row: starts and ends of the merged spans of allowed pixels (cached per kind set)."""
        cached = self._cache.get(allowed)
        if cached is None:
            cached = []
            for row in self.kinds:
                spans = [(a, b) for a, b, kind in row if kind in allowed]
                if SEA in allowed:
                    spans += r.subtract([(0, self.width)], [(a, b) for a, b, _ in row])
                merged: list[list[int]] = []
                for a, b in sorted(spans):
                    if merged and merged[-1][1] >= a:
                        merged[-1][1] = max(merged[-1][1], b)
                    else:
                        merged.append([a, b])
                cached.append(([a for a, _ in merged], [b for _, b in merged]))
            self._cache[allowed] = cached
        return cached

    def is_free(self, rect: Rect, allowed: frozenset[int]) -> bool:
        padded = rect.grown(self.gap)
        if padded.x0 < 0 or padded.y0 < 0 or padded.x1 > self.width or padded.y1 > self.height:
            return False
        if any(padded.overlaps(other) for other in self.placed):
            return False
        spans = self._spans(allowed)
        for y in range(padded.y0, padded.y1):
            starts, ends = spans[y]
            index = bisect.bisect_right(starts, padded.x0) - 1
            if index < 0 or ends[index] < padded.x1:
                return False
        return True

    def place(self, anchor: tuple[float, float], size: tuple[int, int], allowed: frozenset[int],
              step: int = 4, fallback: frozenset[int] | None = None) -> Rect:
        """The free rectangle of `size` (cells) nearest to `anchor`; also reserves it."""
        w, h = size
        ax, ay = int(anchor[0] - w / 2), int(anchor[1] - h / 2)
        limit = max(self.width, self.height) // step + 1
        for kinds in (allowed, fallback) if fallback else (allowed,):
            for ring in range(limit):
                best = None
                for dx, dy in _ring(ring):
                    rect = Rect(ax + dx * step, ay + dy * step, ax + dx * step + w, ay + dy * step + h)
                    if self.is_free(rect, kinds):
                        distance = dx * dx + dy * dy
                        if best is None or distance < best[0]:
                            best = (distance, rect)
                if best:
                    self.placed.append(best[1])
                    return best[1]
        raise NoRoomError(f"no free room of {w}x{h} cells near {anchor}")

    def reserve(self, rect: Rect) -> None:
        self.placed.append(rect)


def _ring(k: int) -> list[tuple[int, int]]:
    if k == 0:
        return [(0, 0)]
    cells = [(dx, -k) for dx in range(-k, k + 1)] + [(dx, k) for dx in range(-k, k + 1)]
    cells += [(-k, dy) for dy in range(-k + 1, k)] + [(k, dy) for dy in range(-k + 1, k)]
    return cells
