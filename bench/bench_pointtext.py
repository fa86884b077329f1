"""The community map's point files read by the C reader (_pointtext), against the Python
readers (numpy plain lists + regex) measured in the same run."""

from __future__ import annotations

from unittest import mock

from bench.timing import best_of
from converter.check import mapfiles
from converter.check.accel import accelerator
from converter.paths import SHARED_DIR

FILES = (("polygons.txt", lambda path: mapfiles.read_polygons(path).polygon_arrays),
         ("centers.txt", lambda path: mapfiles.read_point_file(path)),
         ("place.txt", lambda path: mapfiles.read_point_file(path, allow_options=True)))


def run() -> list[str]:
    folder = SHARED_DIR / "reference" / "dday2-community-map" / "map"
    if not folder.is_dir():
        return ["skipped: no community map in ../shared/reference"]
    if accelerator("_pointtext") is None:
        return ["skipped: converter.check._pointtext not built (or DDAY2_PURE set)"]
    lines, totals = [], [0.0, 0.0]
    for name, read in FILES:
        path = folder / name
        fast = best_of(lambda: read(path), repeat=30, number=10)
        with mock.patch.object(mapfiles, "_kernel", lambda: None):
            pure = best_of(lambda: read(path), repeat=30, number=10)
        totals[0] += fast
        totals[1] += pure
        lines.append(f"{name}: C {fast * 1e3:.3f} ms, Python {pure * 1e3:.3f} ms, {pure / fast:.1f}x")
    lines.append(f"all three: C {totals[0] * 1e3:.3f} ms, Python {totals[1] * 1e3:.3f} ms, "
                 f"{totals[1] / totals[0]:.1f}x")
    return lines
