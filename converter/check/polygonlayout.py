"""Which polygons of polygons.txt belong to which territory, read once from the entries.

The scan table wants a name per polygon, the center and place checks want each territory's
first entry and where its polygons sit in `PointFile.polygon_arrays`; both come from one
pass over the entries that only counts polygons (no point tuples are built).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate, chain, repeat
from operator import attrgetter

from converter.check.mapfiles import Entry, PointFile


@dataclass(frozen=True)
class PolygonLayout:
    names: tuple[str, ...]  # territory name of every polygon, in file order
    # territory name -> (its first entry, number of that entry's first polygon, its polygon count),
    # (a name's first entry: M306 reports the later ones)
    first: dict[str, tuple[Entry, int, int]]


def layout_of(polygons: PointFile) -> PolygonLayout:
    entries = polygons.entries
    counts = polygons.known_polygon_counts
    if counts is None:
        counts = list(map(len, map(_POLYGONS, entries)))
    names = list(map(_NAME, entries))
    shapes = zip(entries, accumulate(counts, initial=0), counts)  # (entry, its first polygon, count)
    first = dict(zip(names, shapes))  # (C loops: no Python per entry)
    if len(first) < len(entries):  # a name twice: then its first entry's, in first-seen order
        first = {}
        for name, shape in zip(names, zip(entries, accumulate(counts, initial=0), counts)):
            first.setdefault(name, shape)
    if counts.count(1) == len(counts):  # one polygon each (the usual map): the names as they are
        return PolygonLayout(tuple(names), first)
    return PolygonLayout(tuple(chain.from_iterable(map(repeat, names, counts))), first)


_NAME, _POLYGONS = attrgetter("name"), attrgetter("polygons")
