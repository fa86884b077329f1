"""The row-scan table of the community map's polygons: the C kernels (_scanrows, _rowsweep)
against the numpy code they mirror, measured in the same run (build, M307/M308-style point queries with
the _outlines distance kernel, the M309 overlap sweep), as CheckContext calls them."""

from __future__ import annotations


from bench.timing import best_of
from converter.check import distance, scanlines
from converter.check.mapfiles import read_polygons, read_point_file
from converter.check.outside import points_outside
from converter.check.polygonlayout import layout_of
from converter.paths import SHARED_DIR

MAP = SHARED_DIR / "reference" / "dday2-community-map" / "map"


def _steps(polygons, place) -> dict[str, float]:
    coordinates, sizes = polygons.polygon_arrays
    layout = layout_of(polygons)
    table = scanlines.ScanTable.of_arrays(layout.names, sizes, coordinates)
    return {"build": best_of(lambda: scanlines.ScanTable.of_arrays(layout.names, sizes, coordinates), 20),
            "place points": best_of(lambda: points_outside(polygons, table, place, layout), 20),
            "overlaps": best_of(table.overlaps, 20)}


def run() -> list[str]:
    if not (MAP / "polygons.txt").is_file():
        return [f"skipped: no community map at {MAP}"]
    if scanlines._kernel is None or scanlines._sweeper is None:
        return ["skipped: _scanrows or _rowsweep not built (python3 setup.py build_ext --inplace) or DDAY2_PURE set"]
    polygons, place = read_polygons(MAP / "polygons.txt"), read_point_file(MAP / "place.txt", allow_options=True)
    kernels = scanlines._kernel, scanlines._sweeper, distance._kernel
    fast = _steps(polygons, place)
    scanlines._kernel = scanlines._sweeper = distance._kernel = None
    try:
        slow = _steps(polygons, place)
    finally:
        scanlines._kernel, scanlines._sweeper, distance._kernel = kernels
    lines = [f"{name:13} C {fast[name] * 1e3:6.2f} ms  numpy {slow[name] * 1e3:6.2f} ms  "
             f"({slow[name] / fast[name]:.1f}x)" for name in fast]
    return lines + [f"{'all':13} C {sum(fast.values()) * 1e3:6.2f} ms  numpy {sum(slow.values()) * 1e3:6.2f} ms"]
