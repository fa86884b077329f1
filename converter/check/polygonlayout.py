"""Which polygons of polygons.txt belong to which territory, read once from the entries.

The scan table wants a name per polygon, the center and place checks want each territory's
first entry and where its polygons sit in `PointFile.polygon_arrays`; both come from one
pass over the entries that only counts polygons (no point tuples are built).
"""

from __future__ import annotations

from dataclasses import dataclass

from converter.check.mapfiles import Entry, PointFile


@dataclass(frozen=True)
class PolygonLayout:
    names: tuple[str, ...]  # territory name of every polygon, in file order
    # territory name -> (its first entry, number of that entry's first polygon, its polygon count),
    # (a name's first entry: M306 reports the later ones)
    first: dict[str, tuple[Entry, int, int]]


def layout_of(polygons: PointFile) -> PolygonLayout:
    names: list[str] = []
    first: dict[str, tuple[Entry, int, int]] = {}
    for entry in polygons.entries:
        count = len(entry.polygons)
        if entry.name not in first:
            first[entry.name] = (entry, len(names), count)
        names.extend([entry.name] * count)
    return PolygonLayout(tuple(names), first)
