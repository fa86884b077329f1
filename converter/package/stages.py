"""Build stages of the map package (registered in converter.compile.build.STAGES).

geography -> geometry (checked against the model) -> parts -> traced polygons and
places -> text files -> tiles -> unit images, flags and charts. The plan is computed once
per build and shared by the stages. With `--art DIR` the images and text files of an
existing package are copied instead, then checked for every territory of the game.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from converter.compile.classic import territories
from converter.model.types import Ruleset
from converter.package import files, images, tiles
from converter.package.geography import GEOGRAPHY_FILE, Geography, load_geography
from converter.package.geometry import AreaGeometry, GeometryError, checked_geometry
from converter.package.parts import PartsMap, build_parts
from converter.package.places import Places, compute_places
from converter.package.trace import trace

TRACE_TOLERANCE = 1.0  # cells: outlines within a cell of the raster
ART_FILES = ("polygons.txt", "centers.txt", "place.txt", "name_place.txt", "pu_place.txt", "capitols.txt", "vc.txt",
             "decorations.txt", "comments.txt", "map.properties", "smallMap.jpeg")
ART_FOLDERS = ("baseTiles", "reliefTiles", "units", "flags", "misc")
REQUIRED_FILES = ("polygons.txt", "centers.txt", "place.txt")


@dataclass
class MapPlan:
    geo: Geography
    geometry: AreaGeometry
    parts: PartsMap
    names: list[str]
    polygons: dict[str, list[list[tuple[int, int]]]]  # map px
    places: Places
    charts: dict[str, Image.Image]


def plan_map(rules: Ruleset, geo: Geography) -> MapPlan:
    charts = images.chart_images(rules)
    geometry = checked_geometry(rules, geo)
    parts = build_parts(rules, geo, geometry, {chart_id: image.size for chart_id, image in charts.items()})
    cell = geo.frame.cell
    traced = trace(parts.rows, TRACE_TOLERANCE)
    polygons = {t.name: [[(x * cell, y * cell) for x, y in ring] for ring in traced.get(t.label, [])]
                for t in parts.territories}
    places = compute_places(parts, polygons)
    return MapPlan(geo, geometry, parts, [t.name for t in parts.territories], polygons, places, charts)


_last: tuple[Ruleset, MapPlan] | None = None


def _plan(rules: Ruleset) -> MapPlan:
    """One plan per build, shared by the stages below."""
    global _last
    if _last is None or _last[0] is not rules:
        _last = (rules, plan_map(rules, load_geography(rules.source)))
    return _last[1]


def generates(rules: Ruleset, options) -> bool:
    """Our own map is drawn when no --art is given and the model has its geography."""
    return options.art is None and (Path(rules.source) / GEOGRAPHY_FILE).is_file()


def stage_geometry(rules: Ruleset, root: Path, options) -> None:
    if generates(rules, options):
        _plan(rules)


def stage_files(rules: Ruleset, root: Path, options) -> None:
    map_dir = root / "map"
    if options.art is None and not generates(rules, options):
        return  # a model without geography.toml: game files only (the CLI says so)
    if options.art is not None:
        copy_art(Path(options.art), map_dir)
    else:
        plan = _plan(rules)
        files.write_text_files(rules, map_dir, plan.names, plan.polygons, plan.places,
                               (plan.geo.frame.width, plan.geo.frame.height))
    problems = missing_territories(map_dir, territories(rules))
    if problems:
        raise GeometryError(problems)


def stage_tiles(rules: Ruleset, root: Path, options) -> None:
    if generates(rules, options):
        plan = _plan(rules)
        picture = tiles.draw_picture(rules, plan.geo, plan.parts, plan.polygons, plan.charts)
        tiles.write_tiles(picture, root / "map")


def stage_images(rules: Ruleset, root: Path, options) -> None:
    global _last
    if generates(rules, options):
        plan = _plan(rules)
        images.write_units_and_flags(rules, root / "map")
        images.write_charts(plan.charts, root / "map")
    _last = None  # the build is done with the plan


STAGES = [("map geometry", stage_geometry), ("map files", stage_files), ("map tiles", stage_tiles),
          ("map images", stage_images)]


def art_map_dir(art: Path) -> Path:
    """An art package is a map repository (with map/) or its map folder itself."""
    return art / "map" if (art / "map" / "polygons.txt").is_file() else art


def copy_art(art: Path, map_dir: Path) -> None:
    source = art_map_dir(art)
    missing = [name for name in REQUIRED_FILES if not (source / name).is_file()]
    if missing:
        raise GeometryError([f"--art {art}: no {name}" for name in missing])
    map_dir.mkdir(parents=True, exist_ok=True)
    for name in ART_FILES:
        if (source / name).is_file():
            shutil.copyfile(source / name, map_dir / name)
    for name in ART_FOLDERS:
        if (source / name).is_dir():
            shutil.copytree(source / name, map_dir / name, dirs_exist_ok=True)


def _names(path: Path, bracket: str) -> set[str]:
    found = set()
    if path.is_file():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.strip() and bracket in line:
                found.add(line.split(bracket, 1)[0].strip())
    return found


def missing_territories(map_dir: Path, names: list[str]) -> list[str]:
    """What the engine refuses: a territory of the game missing from polygons, centers or place."""
    problems = []
    for file_name, bracket in (("polygons.txt", "<"), ("centers.txt", "("), ("place.txt", "(")):
        present = _names(map_dir / file_name, bracket)
        absent = [name for name in names if name not in present]
        if absent:
            shown = ", ".join(absent[:8]) + (f" and {len(absent) - 8} more" if len(absent) > 8 else "")
            problems.append(f"{file_name} lacks {len(absent)} territor{'y' if len(absent) == 1 else 'ies'}: {shown}")
    return problems


def write_map(rules: Ruleset, geo: Geography, map_dir: Path) -> MapPlan:
    """Every map file of the package for an explicit geography (benchmarks, tools)."""
    plan = plan_map(rules, geo)
    files.write_text_files(rules, map_dir, plan.names, plan.polygons, plan.places, (geo.frame.width, geo.frame.height))
    tiles.write_tiles(tiles.draw_picture(rules, geo, plan.parts, plan.polygons, plan.charts), map_dir)
    images.write_units_and_flags(rules, map_dir)
    images.write_charts(plan.charts, map_dir)
    return plan
