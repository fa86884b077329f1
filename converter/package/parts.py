"""Derive every TripleA territory's pixels from the areas' geometry (never stored).

Each area is split at its centroid's row: the north (coast) side is the Allied part, the
south the German part. A patrol circle sits on the split at the area's middle; a border
box is a square on the midpoint of every shared border; beaches, pools and the other
off-board boxes are rectangles on the sea or the hinterland (layout.py). Everything is
painted into one label raster, so no two territories can overlap. A change to an
area's outline moves all of its parts.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from converter.compile.classic import territories
from converter.model.types import Ruleset
from converter.package import raster as r
from converter.package.geography import Geography
from converter.package.geometry import KIND_HINTERLAND, AreaGeometry, GeometryError
from converter.package.layout import SEA, Layout, NoRoomError, Rect

# sizes in map pixels (the unit images are 48 px, drawn at units.scale)
PATROL_RADIUS = 30
BORDER_BOX = 36
BEACH_BOX = (170, 64)
POOL_BOX = (200, 72)
OTHER_BOX = (140, 56)
GAP = 8
MIN_PIXELS = 150  # a territory smaller than this cannot be clicked


@dataclass(frozen=True)
class Territory:
    name: str
    label: int
    kind: str  # part | border | beach | box
    area: int | None = None
    part: str | None = None  # allied | german | patrol
    areas: tuple[int, ...] = ()


@dataclass
class PartsMap:
    geo: Geography
    geometry: AreaGeometry
    territories: list[Territory]  # label = index + 1
    rows: list[r.Row]  # territory labels, in cells
    patrols: dict[int, tuple[float, float, float]]  # area -> centre x, y, radius (cells)
    rects: dict[str, Rect]  # beaches and boxes
    charts: dict[str, Rect]  # chart id -> where its picture goes
    sea_label: Rect | None = None  # room kept free for the sea's name

    @property
    def by_name(self) -> dict[str, Territory]:
        return {territory.name: territory for territory in self.territories}


def _cells(pixels: float, geo: Geography) -> int:
    return max(1, round(pixels / geo.frame.cell))


def _patrol_centre(rows: list[r.Row], area: int, split: int, cx: float, radius: int) -> tuple[float, int]:
    """Where the circle fits best on the split row: the centroid if it has room, else the widest run."""
    runs = [(x0, x1) for x0, x1, label in rows[split] if label == area] if 0 <= split < len(rows) else []
    if not runs:
        return cx, split
    for x0, x1 in runs:
        if x0 + radius <= cx <= x1 - radius:
            return cx, split
    x0, x1 = max(runs, key=lambda run: run[1] - run[0])
    return (x0 + x1) / 2, split


def _paint_disc(rows: list[r.Row], cx: float, cy: int, radius: float, label: int, allowed: frozenset[int]) -> None:
    for dy in range(-math.ceil(radius), math.ceil(radius)):
        y = cy + dy
        centre_offset = dy + 0.5
        if not 0 <= y < len(rows) or abs(centre_offset) >= radius:
            continue
        half = math.sqrt(radius * radius - centre_offset * centre_offset)
        rows[y] = r.paint(rows[y], round(cx - half), round(cx + half), label, allowed)


def _paint_rect(rows: list[r.Row], rect: Rect, label: int, allowed: frozenset[int] | None) -> None:
    for y in range(max(0, rect.y0), min(len(rows), rect.y1)):
        rows[y] = r.paint(rows[y], rect.x0, rect.x1, label, allowed)


def _nearest_crack(pieces: list[tuple[float, float, int]]) -> tuple[float, float]:
    total = sum(length for _, _, length in pieces)
    mx = sum(x * length for x, _, length in pieces) / total
    my = sum(y * length for _, y, length in pieces) / total
    return min(((x, y) for x, y, _ in pieces), key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


def build_parts(rules: Ruleset, geo: Geography, geometry: AreaGeometry,
                chart_sizes: dict[str, tuple[int, int]]) -> PartsMap:
    names = territories(rules)
    label = {name: index + 1 for index, name in enumerate(names)}
    info: list[Territory] = []
    for name in names:
        location = rules.locate(name)
        assert location is not None
        info.append(Territory(name, label[name], location.kind, location.area, location.part, location.areas))
    rows = _halves(rules, geometry, label)
    patrols = _patrols(rules, geo, geometry, rows, label)
    _border_boxes(rules, geo, geometry, rows, label)
    rects, charts, sea_label = _off_board(rules, geo, geometry, rows, label, chart_sizes)
    parts = PartsMap(geo, geometry, info, rows, patrols, rects, charts, sea_label)
    _check(parts)
    return parts


def _halves(rules: Ruleset, geometry: AreaGeometry, label: dict[str, int]) -> list[r.Row]:
    split = {area: round(stats.centroid[1]) for area, stats in geometry.stats.items()}
    allied = {area.id: label[area.part("allied")] for area in rules.areas}
    german = {area.id: label[area.part("german")] for area in rules.areas}
    rows = []
    for y, row in enumerate(geometry.rows):
        rows.append(r.merge([(x0, x1, allied[a] if y < split[a] else german[a]) for x0, x1, a in row if a in allied]))
    return rows


def _patrols(rules: Ruleset, geo: Geography, geometry: AreaGeometry, rows: list[r.Row],
             label: dict[str, int]) -> dict[int, tuple[float, float, float]]:
    radius = PATROL_RADIUS / geo.frame.cell
    result = {}
    for area in rules.areas:
        stats = geometry.stats.get(area.id)
        if stats is None:
            continue
        cx, cy = stats.centroid
        x, y = _patrol_centre(geometry.rows, area.id, round(cy), cx, math.ceil(radius))
        halves = frozenset({label[area.part("allied")], label[area.part("german")]})
        _paint_disc(rows, x, y, radius, label[area.part("patrol")], halves)
        result[area.id] = (x, float(y), radius)
    return result


def _border_boxes(rules: Ruleset, geo: Geography, geometry: AreaGeometry, rows: list[r.Row],
                  label: dict[str, int]) -> None:
    wanted = {tuple(sorted(border.areas)) for border in rules.borders}
    pieces = r.cracks(geometry.rows, wanted)  # type: ignore[arg-type]
    half = BORDER_BOX / geo.frame.cell / 2
    for border in rules.borders:
        pair = tuple(sorted(border.areas))
        if pair not in pieces:
            continue  # reported by the geometry check
        x, y = _nearest_crack(pieces[pair])
        # a short border gets a smaller box, so it does not spill past the border's ends
        size = min(half, max(2.0, sum(length for *_, length in pieces[pair]) / 3))
        halves = frozenset(label[rules.area_by_id[a].part(kind)] for a in pair for kind in ("allied", "german"))
        rect = Rect(round(x - size), round(y - size), round(x + size), round(y + size))
        _paint_rect(rows, rect, label[border.name], halves)


def _off_board(rules: Ruleset, geo: Geography, geometry: AreaGeometry, rows: list[r.Row], label: dict[str, int],
               chart_sizes: dict[str, tuple[int, int]]) -> tuple[dict[str, Rect], dict[str, Rect], Rect | None]:
    land = geometry.land
    layout = Layout(land.kinds, land.width, land.height, _cells(GAP, geo))
    sea_only, hinterland = frozenset({SEA}), frozenset({KIND_HINTERLAND})
    anywhere = frozenset({SEA, KIND_HINTERLAND})
    sea_label = -1
    coast = r.cracks(r.fill_gaps(geometry.rows, land.width, sea_label),
                     {(sea_label, area.id) for area in rules.areas})
    centroid = {area: stats.centroid for area, stats in geometry.stats.items()}
    rects: dict[str, Rect] = {}
    north_west = geo.frame.project(geo.frame.west + (geo.frame.east - geo.frame.west) * 0.45, geo.frame.north)
    try:
        sea_label = layout.place((north_west[0] / geo.frame.cell, _cells(40, geo)), (_cells(520, geo), _cells(44, geo)),
                                 sea_only)
    except NoRoomError:
        sea_label = None
    for beach in rules.beaches:
        area = beach.leads_to[0]
        ax, ay = centroid.get(area, (land.width / 2, land.height / 2))
        shore = coast.get((sea_label, area))
        if shore:
            sx, sy = _nearest_crack(shore)
            dx, dy = sx - ax, sy - ay
            norm = math.hypot(dx, dy) or 1.0
            push = _cells(BEACH_BOX[1], geo)
            ax, ay = sx + dx / norm * push, sy + dy / norm * push
        size = (_cells(BEACH_BOX[0], geo), _cells(BEACH_BOX[1], geo))
        rects[beach.name] = _place(layout, beach.name, (ax, ay), size, sea_only, anywhere)
    # boxes, nearest first to what they link to (areas and beaches, then placed boxes)
    links: dict[str, set[str]] = defaultdict(set)
    for box in rules.boxes:
        for link in box.links:
            target = rules.resolve(link)
            links[box.name].add(target)
            links[target].add(box.name)
    for beach in rules.beaches:
        links[beach.pool].add(beach.name)
    position: dict[str, tuple[float, float]] = {name: rect.centre for name, rect in rects.items()}
    for area in rules.areas:
        for _, name in area.parts:
            if area.id in centroid:
                position[name] = centroid[area.id]
    pending = [box for box in rules.boxes]
    while pending:
        ready = [box for box in pending if any(link in position for link in links[box.name])] or pending[:1]
        for box in ready:
            known = [position[link] for link in sorted(links[box.name]) if link in position]
            anchor = (sum(p[0] for p in known) / len(known), sum(p[1] for p in known) / len(known)) if known \
                else (land.width / 2, land.height / 2)
            german = box.role.startswith("german") or box.sector is not None
            size = POOL_BOX if box.role.endswith("pool") else OTHER_BOX
            rect = _place(layout, box.name, anchor, (_cells(size[0], geo), _cells(size[1], geo)),
                          hinterland if german else sea_only, anywhere)
            rects[box.name] = rect
            position[box.name] = rect.centre
        pending = [box for box in pending if box not in ready]
    charts: dict[str, Rect] = {}
    for chart in rules.charts:
        width, height = chart_sizes.get(chart.id, (300, 200))
        anchor = position.get(chart.pool, (land.width / 2, land.height / 2))
        pool = next((box for box in rules.boxes if box.name == chart.pool), None)
        german = pool is not None and (pool.role.startswith("german") or pool.sector is not None)
        charts[chart.id] = _place(layout, f"chart {chart.id}", anchor, (_cells(width, geo), _cells(height, geo)),
                                  hinterland if german else sea_only, anywhere)
    for name, rect in rects.items():
        _paint_rect(rows, rect, label[name], None)
    return rects, charts, sea_label


def _place(layout: Layout, what: str, anchor: tuple[float, float], size: tuple[int, int],
           allowed: frozenset[int], fallback: frozenset[int]) -> Rect:
    try:
        return layout.place(anchor, size, allowed, fallback=fallback)
    except NoRoomError as error:
        raise GeometryError([f"no room on the sea or the margins for {what}: {error}"]) from None


def _check(parts: PartsMap) -> None:
    """Every territory present, big enough to click and in one piece."""
    stats = r.region_stats(parts.rows)
    least = MIN_PIXELS / parts.geo.frame.cell ** 2
    problems = []
    for territory in parts.territories:
        found = stats.get(territory.label)
        if found is None:
            problems.append(f"territory {territory.name} gets no pixels on the map")
        elif found.pixels < least:
            problems.append(f"territory {territory.name} is too small ({found.pixels * parts.geo.frame.cell ** 2} px)")
    if problems:
        raise GeometryError(problems)
