"""The built map package: every territory drawn, points inside, no overlaps, tiles, determinism."""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from converter.cli import main
from converter.compile.build import BuildOptions, build_package
from converter.compile.classic import territories
from converter.model import load_ruleset
from converter.package import raster
from converter.package.geography import load_geography
from converter.package.geometry import GeometryError, checked_geometry
from converter.package.places import inside
from converter.package.preview import read_points, read_properties
from converter.paths import DDAY2_MODEL_DIR


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(DDAY2_MODEL_DIR)


@pytest.fixture(scope="module")
def package(built_dday2) -> Path:
    """The session's one build of the embedded model (tests/conftest.py); read only."""
    return built_dday2


def read_polygons(path: Path) -> dict[str, list[list[tuple[int, int]]]]:
    result = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, rest = line.split("<", 1)
        groups = ("<" + rest).split("<")[1:]
        result[name.strip()] = [[tuple(int(v) for v in point.split(",")) for point in
                                 group.replace(">", "").replace("(", "").split(")") if point.strip()]
                                for group in groups]
    assert len(result) == len(path.read_text(encoding="utf-8").splitlines()), "duplicate names in polygons.txt"
    return result


def read_place(path: Path) -> dict[str, list[tuple[int, int]]]:
    result = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, rest = line.split("(", 1)
        points = [p for p in ("(" + rest).replace(" ", "").split(")") if p]
        result[name.strip()] = [tuple(int(v) for v in p.lstrip("(").split(",")) for p in points]
    return result


def test_every_territory_in_polygons_centers_and_place(package, rules):
    map_dir = package / "map"
    names = set(territories(rules))
    for found in (read_polygons(map_dir / "polygons.txt"), read_points(map_dir / "centers.txt"),
                  read_place(map_dir / "place.txt")):
        assert names <= set(found), sorted(names - set(found))[:10]


def test_centers_and_units_lie_inside_their_own_polygon(package, rules):
    map_dir = package / "map"
    polygons = read_polygons(map_dir / "polygons.txt")
    centers = read_points(map_dir / "centers.txt")
    place = read_place(map_dir / "place.txt")
    properties = read_properties(map_dir / "map.properties")
    # a place point is the top-left corner of a unit image drawn at the map's unit size
    half = int(float(properties["units.scale"]) * int(properties["units.width"])) // 2
    outside = [(name, centers[name]) for name in territories(rules) if not inside(centers[name], polygons[name])]
    outside += [(name, p) for name in territories(rules) for p in place[name]
                if not inside((p[0] + half, p[1] + half), polygons[name])]
    assert not outside, outside[:10]
    # halves hold a few units side by side
    assert min(len(place[area.part("allied")]) for area in rules.areas) >= 2


def test_polygons_do_not_overlap(package):
    map_dir = package / "map"
    properties = read_properties(map_dir / "map.properties")
    width, height = int(properties["map.width"]), int(properties["map.height"])
    per_row: list[list[tuple[int, int, str]]] = [[] for _ in range(height)]
    for name, polygons in read_polygons(map_dir / "polygons.txt").items():
        for polygon in polygons:
            assert all(0 <= x <= width and 0 <= y <= height for x, y in polygon), name
            for y, spans in enumerate(raster.polygons_spans([polygon], width, height)):
                per_row[y] += [(a, b, name) for a, b in spans]
    overlaps = []
    for y, spans in enumerate(per_row):
        spans.sort()
        for (a0, a1, first), (b0, b1, second) in zip(spans, spans[1:]):
            if b0 < a1:
                overlaps.append((y, first, second))
    assert not overlaps, overlaps[:10]


def test_tiles_cover_the_map(package):
    map_dir = package / "map"
    properties = read_properties(map_dir / "map.properties")
    width, height = int(properties["map.width"]), int(properties["map.height"])
    for folder in ("baseTiles", "reliefTiles"):
        for column in range(-(-width // 256)):
            for row in range(-(-height // 256)):
                with Image.open(map_dir / folder / f"{column}_{row}.png") as tile:
                    assert tile.size == (256, 256)
    with Image.open(map_dir / "smallMap.jpeg") as small:
        assert abs(small.width / small.height - width / height) < 0.02


def test_units_flags_charts_and_properties(package, rules):
    map_dir = package / "map"
    for unit in rules.units:
        assert (map_dir / "units" / unit.player / f"{unit.name}.png").is_file()
    for player in rules.players:
        assert (map_dir / "flags" / f"{player.name}.gif").is_file()
        assert (map_dir / "flags" / f"{player.name}_small.gif").is_file()
        # the capital marker: the engine reads it as .png only
        assert (map_dir / "flags" / f"{player.name}_large.png").is_file()
        assert not (map_dir / "flags" / f"{player.name}_large.gif").exists()
        assert f"color.{player.name}=" in (map_dir / "map.properties").read_text()
    assert len(list((map_dir / "misc").glob("chart_*.png"))) == len(rules.charts)
    vc = read_points(map_dir / "vc.txt")
    assert {rules.area_by_id[city].part("german") for city in rules.victory.cities} <= set(vc)


def test_geometry_adjacency_equals_model_adjacency(rules):
    geo = load_geography(DDAY2_MODEL_DIR)
    geometry = checked_geometry(rules, geo)
    assert geometry.neighbours == rules.neighbours


def test_a_wrong_adjacency_is_named(rules):
    geo = load_geography(DDAY2_MODEL_DIR)
    moved = replace(rules, borders=tuple(border if border.areas != (1, 2) else replace(border, areas=(1, 3))
                                         for border in rules.borders))
    with pytest.raises(GeometryError) as raised:
        checked_geometry(moved, geo)
    text = "\n".join(raised.value.problems)
    assert "areas 1 and 3 border each other in the model (B1) but not on the map" in text
    assert "areas 1 and 2 touch on the map" in text and "no border between them" in text


def test_build_cli_exits_2_and_names_the_mismatch(tmp_path, capsys):
    model = tmp_path / "model"
    shutil.copytree(DDAY2_MODEL_DIR, model)
    borders = model / "borders.toml"
    borders.write_text(borders.read_text(encoding="utf-8").replace("B15 = [8, 9]", "B15 = [8, 10]"), encoding="utf-8")
    code = main(["build", "--model", str(model), "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert "areas 8 and 10 border each other in the model (B15) but not on the map" in err
    assert "areas 8 and 9 touch on the map" in err
    assert not (tmp_path / "out").exists()


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_rebuild_is_byte_identical(package, rules, tmp_path):
    again = build_package(rules, tmp_path / "again")
    assert _digest(again) == _digest(package)


def test_art_package_is_copied_and_checked(community_map_dir, rules, tmp_path):
    out = build_package(rules, tmp_path / "art", options=BuildOptions(art=community_map_dir))
    map_dir = out / "map"
    assert (map_dir / "baseTiles").is_dir() and (map_dir / "games" / rules.file_name).is_file()
    assert set(territories(rules)) <= set(read_points(map_dir / "centers.txt"))


def test_art_package_missing_territories_fails(tmp_path, rules):
    art = tmp_path / "art" / "map"
    art.mkdir(parents=True)
    for name in ("polygons.txt", "centers.txt", "place.txt"):
        (art / name).write_text("A1 < (0,0) (9,0) (9,9) >\n" if name == "polygons.txt" else "A1 (1,1)\n")
    with pytest.raises(GeometryError) as raised:
        build_package(rules, tmp_path / "out", options=BuildOptions(art=tmp_path / "art"))
    assert "polygons.txt lacks" in raised.value.problems[0]


def test_preview_renders_the_package(package, tmp_path):
    out = tmp_path / "map.png"
    assert main(["preview", str(package), "-o", str(out), "--scale", "0.25"]) == 0
    with Image.open(out) as image:
        properties = read_properties(package / "map" / "map.properties")
        assert image.width == round(int(properties["map.width"]) * 0.25)
