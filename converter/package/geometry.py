"""The areas' geometry: the land split between the areas' towns, checked against the model.

The land of the board is partitioned by a power diagram of the towns (each pixel goes to
the town minimising distance² − weight). Every cell is convex, so it is scanned row by
row straight into runs (raster.py). The compiler then checks the partition: every area
present and in one piece, its town inside it, and touching exactly the areas that
borders.toml says it borders. Every mismatch is named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from converter.model.types import Ruleset
from converter.package import raster as r
from converter.package.geography import Geography

KIND_BOARD, KIND_HINTERLAND, KIND_ISLAND = 1, 2, 3
MIN_BORDER_KM = 1.5  # a shorter shared boundary is a corner, not a border


class GeometryError(ValueError):
    """The geography does not give the model's areas; `problems` names every mismatch."""

    def __init__(self, problems: list[str]):
        self.problems = tuple(problems)
        super().__init__(f"{len(problems)} geometry problem(s): " + "; ".join(problems))


@dataclass(frozen=True)
class LandMap:
    width: int  # cells
    height: int
    kinds: list[r.Row]  # KIND_* labels; gaps are sea
    board: list[list[r.Span]]


def cells_polygon(geo: Geography, points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    frame = geo.frame
    return [(x / frame.cell, y / frame.cell) for x, y in (frame.project(lon, lat) for lon, lat in points)]


def land_map(geo: Geography) -> LandMap:
    frame = geo.frame
    width, height = frame.grid_size
    mainland = r.polygons_spans([cells_polygon(geo, geo.lands[0].points)], width, height)
    board_x, board_y = (value / frame.cell for value in frame.board_limit)
    x_limit, y_limit = math.ceil(board_x - 0.5), math.ceil(board_y - 0.5)
    board = [r.intersect([(a, b, 1) for a, b in spans], [(0, x_limit)]) if y < y_limit else []
             for y, spans in enumerate(mainland)]
    board_spans = [[(a, b) for a, b, _ in row] for row in board]
    others = {role: r.polygons_spans([cells_polygon(geo, land.points) for land in geo.lands[1:] if land.role == role],
                                     width, height) for role in ("hinterland", "island")}
    kinds: list[r.Row] = []
    for y in range(height):
        hinterland = r.subtract(mainland[y], board_spans[y]) + others["hinterland"][y]
        runs = [(a, b, KIND_BOARD) for a, b in board_spans[y]]
        runs += [(a, b, KIND_HINTERLAND) for a, b in hinterland]
        runs += [(a, b, KIND_ISLAND) for a, b in r.subtract(others["island"][y], board_spans[y] + hinterland)]
        kinds.append(r.merge(sorted(runs)))
    return LandMap(width, height, kinds, board_spans)


def _clip(polygon: list[tuple[float, float]], a: float, b: float, c: float) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: keep the part with a*x + b*y <= c."""
    result = []
    count = len(polygon)
    for index in range(count):
        p, q = polygon[index], polygon[(index + 1) % count]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            result.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            result.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return result


def _candidates(points: list[tuple[float, float]], width: int, height: int) -> list[list[int]]:
    """Which other seeds may bound each seed's cell: all for small maps, a neighbourhood for big ones."""
    count = len(points)
    if count <= 200:
        return [[j for j in range(count) if j != i] for i in range(count)]
    spacing = math.sqrt(width * height / count)
    buckets: dict[tuple[int, int], list[int]] = {}
    for index, (x, y) in enumerate(points):
        buckets.setdefault((int(x // spacing), int(y // spacing)), []).append(index)
    reach = 3
    result = []
    for index, (x, y) in enumerate(points):
        bx, by = int(x // spacing), int(y // spacing)
        result.append([j for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
                       for j in buckets.get((bx + dx, by + dy), ()) if j != index])
    return result


def power_cells(points: list[tuple[float, float]], weights: list[float], width: int, height: int
                ) -> list[list[tuple[float, float]]]:
    """Convex cell of every seed: {p : |p - s_i|² - w_i <= |p - s_j|² - w_j for all j}."""
    cells = []
    for i, others in enumerate(_candidates(points, width, height)):
        (xi, yi), wi = points[i], weights[i]
        cell = [(0.0, 0.0), (float(width), 0.0), (float(width), float(height)), (0.0, float(height))]
        for j in others:
            (xj, yj), wj = points[j], weights[j]
            cell = _clip(cell, 2 * (xj - xi), 2 * (yj - yi), xj * xj + yj * yj - xi * xi - yi * yi - wj + wi)
            if not cell:
                break
        cells.append(cell)
    return cells


@dataclass
class AreaGeometry:
    """The board's land, labelled with area ids."""

    land: LandMap
    rows: list[r.Row]
    towns: dict[int, tuple[float, float]]  # area -> the town's position in cells (not the shifted seed)
    min_border: int  # cells

    @cached_property
    def stats(self) -> dict[int, r.RegionStats]:
        return r.region_stats(self.rows)

    @cached_property
    def contacts(self) -> r.Contacts:
        return r.contacts(self.rows)

    @cached_property
    def pieces(self) -> dict[int, list[int]]:
        return r.components(self.rows)

    @cached_property
    def neighbours(self) -> dict[int, frozenset[int]]:
        found: dict[int, set[int]] = {area: set() for area in self.towns}
        for (a, b), length in self.contacts.length.items():
            if length >= self.min_border:
                found.setdefault(a, set()).add(b)
                found.setdefault(b, set()).add(a)
        return {area: frozenset(others) for area, others in found.items()}

    def area_at(self, x: float, y: float) -> int:
        row = int(y)
        return r.label_at(self.rows[row], int(x)) if 0 <= row < len(self.rows) else 0


def area_geometry(geo: Geography, land: LandMap | None = None) -> AreaGeometry:
    land = land or land_map(geo)
    frame = geo.frame
    scale = frame.cells_per_km
    points = [(x / frame.cell, y / frame.cell) for x, y in (frame.project(*s.position) for s in geo.seeds)]
    weights = [seed.weight * scale * scale for seed in geo.seeds]
    cells = power_cells(points, weights, land.width, land.height)
    pieces: dict[int, list[tuple[float, float, int]]] = {}
    for seed, cell in zip(geo.seeds, cells):
        for row, (xa, xb) in r.convex_rows(cell, land.width, land.height).items():
            pieces.setdefault(row, []).append((xa, xb, seed.area))
    tiled = r.tile_rows(pieces, land.width, land.height)
    rows = [r.intersect(row, spans) for row, spans in zip(tiled, land.board)]
    towns = {seed.area: (x / frame.cell, y / frame.cell)
             for seed, (x, y) in ((seed, frame.project(seed.lon, seed.lat)) for seed in geo.seeds)}
    return AreaGeometry(land, rows, towns, max(1, round(MIN_BORDER_KM * scale)))


def _km(geometry: AreaGeometry, cells: float, scale: float) -> str:
    return f"{cells / scale:.1f} km"


@dataclass(frozen=True)
class Mismatch:
    kind: str  # no_town | unknown_town | duplicate_town | no_land | split | town_outside | missing | extra
    areas: tuple[int, ...]
    message: str


def problems(rules: Ruleset, geo: Geography, geometry: AreaGeometry) -> list[str]:
    """Every way the geometry differs from the model, in a stable order."""
    return [mismatch.message for mismatch in mismatches(rules, geo, geometry)]


def mismatches(rules: Ruleset, geo: Geography, geometry: AreaGeometry) -> list[Mismatch]:
    found: list[Mismatch] = []
    scale = geo.frame.cells_per_km
    model_ids = {area.id for area in rules.areas}
    seed_ids = [seed.area for seed in geo.seeds]
    for area in sorted(model_ids - set(seed_ids)):
        found.append(Mismatch("no_town", (area,), f"area {area} has no town in geography.toml"))
    for area in sorted(set(seed_ids) - model_ids):
        found.append(Mismatch("unknown_town", (area,), f"geography.toml has a town for area {area}, which the model does not have"))
    for area in sorted({a for a in seed_ids if seed_ids.count(a) > 1}):
        found.append(Mismatch("duplicate_town", (area,), f"area {area} has more than one town in geography.toml"))
    for area in sorted(model_ids & set(seed_ids)):
        pieces = geometry.pieces.get(area, [])
        if not pieces:
            found.append(Mismatch("no_land", (area,), f"area {area} ({geo.seed_of(area).town}) gets no land"))
            continue
        if len(pieces) > 1:
            found.append(Mismatch("split", (area,), f"area {area} ({geo.seed_of(area).town}) is split into {len(pieces)} pieces"))
        x, y = geometry.towns[area]
        holder = geometry.area_at(x, y)
        if holder != area:
            where = f"area {holder}" if holder else "no area (sea or off the board)"
            found.append(Mismatch("town_outside", (area, holder), f"town {geo.seed_of(area).town} of area {area} lies in {where}"))
    border_names = {frozenset(border.areas): border.name for border in rules.borders}
    lengths = geometry.contacts.length
    for pair in sorted(tuple(sorted(key)) for key in border_names):
        a, b = pair
        length = lengths.get((a, b), 0)
        if length < geometry.min_border:
            touch = f" (they touch for only {_km(geometry, length, scale)})" if length else ""
            found.append(Mismatch("missing", (a, b), f"areas {a} and {b} border each other in the model "
                                  f"({border_names[frozenset(pair)]}) but not on the map{touch}"))
    for (a, b), length in sorted(lengths.items()):
        if a in model_ids and b in model_ids and frozenset((a, b)) not in border_names:
            found.append(Mismatch("extra", (a, b), f"areas {a} and {b} touch on the map for "
                                  f"{_km(geometry, length, scale)} but the model has no border between them"))
    return found


def checked_geometry(rules: Ruleset, geo: Geography) -> AreaGeometry:
    geometry = area_geometry(geo)
    found = problems(rules, geo, geometry)
    if found:
        raise GeometryError(found)
    return geometry
