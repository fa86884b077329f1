"""Map package build time: the real 42-area D-Day2 build, and a synthetic 1,000-area map.

The synthetic map is a hexagonal lattice of towns on a rectangular coast-to-hinterland
board, areas about as big as the real ones; its borders are taken from its own geometry,
so it passes the adjacency check. Cost should grow about linearly with the areas.
"""

from __future__ import annotations

import math
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from converter.compile.build import build_package
from converter.model import load_ruleset
from converter.model.types import Area, Border, Ruleset
from converter.package import geometry as g
from converter.package.geography import Frame, Geography, Land, Seed, load_geography
from converter.package.stages import write_map
from converter.paths import DDAY2_MODEL_DIR

SPACING_KM = 15.0


def synthetic(rules: Ruleset, count: int) -> tuple[Ruleset, Geography]:
    columns = max(7, round(math.sqrt(count * 1.6)))
    rows = math.ceil(count / columns)
    km_lat, km_lon = 111.2, 111.2 * math.cos(math.radians(49.0))
    row_km = SPACING_KM * 0.866
    # odd rows sit half a spacing further east; the board's west and east edges pass just
    # beyond the outermost towns, so no two areas meet in a mere corner at an edge
    left_km, right_km = 20.0, 20.0 + SPACING_KM * (columns - 0.5) + 3
    width_km, height_km = right_km + 40, row_km * (rows - 0.5) + 3
    west, north = -2.0, 50.0
    coast = north - 40 / km_lat
    board_south = coast - height_km / km_lat
    east = west + width_km / km_lon
    frame = Frame(west=west, east=east, north=north, south=board_south - 30 / km_lat,
                  board_east=west + right_km / km_lon, board_south=board_south, pixels_per_km=16, cell=2)
    mainland = Land("land", ((west + (left_km - 3) / km_lon, frame.south), (west + (left_km - 3) / km_lon, coast),
                             (east, coast), (east, frame.south)), "mainland")
    seeds = []
    for index in range(count):
        row, column = divmod(index, columns)
        x_km = left_km + SPACING_KM * (column + 0.5 * (row % 2))
        y_km = row_km * (row + 0.5) - row_km * 0.5
        seeds.append(Seed(index + 1, f"Town {index + 1}", west + x_km / km_lon, coast - max(y_km, 3.0) / km_lat))
    geo = Geography(frame, (mainland,), tuple(seeds))
    areas = tuple(Area(i, f"Area {i}", (("allied", f"A{i}"), ("german", f"G{i}"), ("patrol", f"P{i}")))
                  for i in range(1, count + 1))
    base = replace(rules, areas=areas, borders=(), beaches=rules.beaches)
    geometry = g.area_geometry(geo)
    pairs = sorted((a, b) for (a, b), length in geometry.contacts.length.items() if a > 0 and b > 0)
    borders = tuple(Border(f"B{k + 1}", pair) for k, pair in enumerate(pairs))
    coast_areas = list(range(1, columns + 1, max(1, columns // (len(rules.beaches) + 1))))[1:]
    beaches = tuple(replace(beach, leads_to=(coast_areas[k % len(coast_areas)],))
                    for k, beach in enumerate(rules.beaches))
    synthetic_rules = replace(base, borders=borders, beaches=beaches)
    problems = g.problems(synthetic_rules, geo, geometry)
    assert not problems, problems[:5]
    return synthetic_rules, geo


def _time(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def run() -> list[str]:
    rules = load_ruleset(DDAY2_MODEL_DIR)
    geo = load_geography(DDAY2_MODEL_DIR)
    scratch = Path(tempfile.mkdtemp(prefix="bench-package-"))
    try:
        build_package(rules, scratch / "warm")  # imports and font loading out of the way
        whole = min(_time(lambda k=k: build_package(rules, scratch / f"whole{k}")) for k in range(3))
        real_map = min(_time(lambda k=k: write_map(rules, geo, scratch / f"map{k}")) for k in range(3))
        big_rules, big_geo = synthetic(rules, 1000)
        big_map = _time(lambda: write_map(big_rules, big_geo, scratch / "big"))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    per_real, per_big = real_map / len(rules.areas), big_map / 1000
    return [
        f"whole package build, 42 areas (game files + map): {whole:.2f} s (target <= 2 s)",
        f"map files only, 42 areas: {real_map:.2f} s = {per_real * 1000:.1f} ms per area",
        f"map files only, 1,000 synthetic areas: {big_map:.2f} s = {per_big * 1000:.1f} ms per area",
        f"time ratio 1,000 / 42 areas: {big_map / real_map:.1f}x for {1000 / 42:.1f}x the areas "
        f"(per-area cost ratio {per_big / per_real:.2f}; 1.0 = linear)",
    ]
