"""Which squares of the tile grid land territories cover whole (landcover, M310): TripleA
fills land in its owners' colours over the base tiles, so such a square needs no tile."""

from __future__ import annotations

from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check.config import CheckSettings
from converter.check.inputs import resolve
from converter.check.landcover import covered_squares
from converter.check.runner import check_target
from converter.check.scanlines import ScanTable


def _box(name: str, left: int, top: int, right: int, bottom: int):
    return name, [(left, top), (right, top), (right, bottom), (left, bottom)]


def _covered(shapes, land, squares, **options) -> list[bool]:
    return covered_squares(ScanTable.of(shapes), land, squares, **options)


def test_land_side_by_side_covers_and_sea_does_not() -> None:
    shapes = [_box("A", 0, 0, 256, 256), _box("B", 256, 0, 512, 256), _box("Sea", 0, 256, 512, 512)]
    squares = [(0, 0, 256, 256), (256, 0, 512, 256), (0, 256, 256, 512), (0, 0, 512, 256)]
    assert _covered(shapes, {"A", "B"}, squares) == [True, True, False, True]
    assert _covered(shapes, {"A"}, squares) == [True, False, False, False]  # B is not land here


@pytest.mark.parametrize("gap, covered", [(2.0, True), (0.5, False)])
def test_a_border_traced_a_pixel_apart_is_covered_by_the_outlines(gap: float, covered: bool) -> None:
    shapes = [_box("A", 0, 0, 255, 256), _box("B", 257, 0, 512, 256)]
    assert _covered(shapes, {"A", "B"}, [(0, 0, 512, 256)], gap=gap) == [covered]


def test_a_channel_of_sea_between_the_land_is_not_covered() -> None:
    across = [_box("A", 0, 0, 250, 256), _box("B", 260, 0, 512, 256)]
    along = [_box("A", 0, 0, 256, 120), _box("B", 0, 130, 256, 256)]
    assert _covered(across, {"A", "B"}, [(0, 0, 512, 256)]) == [False]
    assert _covered(along, {"A", "B"}, [(0, 0, 256, 256)]) == [False]


def test_a_diagonal_coast_leaves_the_square_open() -> None:
    assert _covered([("A", [(0, 0), (256, 0), (0, 256)])], {"A"}, [(0, 0, 256, 256)]) == [False]


def test_the_squares_edges_and_a_polygon_ending_a_pixel_short() -> None:
    shapes = [_box("A", 0, 0, 255, 255)]  # its last row and column lie on the outline
    assert _covered(shapes, {"A"}, [(0, 0, 256, 256)]) == [True]
    assert _covered(shapes, {"A"}, [(0, 0, 256, 256)], gap=0) == [False]
    assert _covered(shapes, {"A"}, [(10, 10, 10, 20)]) == [True]  # no pixel of the map in it
    assert _covered(shapes, set(), [(0, 0, 256, 256)]) == [False]
    assert _covered(shapes, {"A"}, []) == []


def test_a_polygon_far_from_the_square_does_not_count() -> None:
    shapes = [_box("A", 1000, 1000, 2000, 2000), _box("B", 0, 0, 100, 256)]
    assert _covered(shapes, {"A", "B"}, [(0, 0, 256, 256), (1024, 1024, 1280, 1280)]) == [False, True]


def _two_tile_map(root: Path, drop: str) -> Path:
    """A 512x256 map: land over the left square, sea over the right one; `drop` a base tile."""
    from check_mapkit import png

    files = {**base_files(),
             "map/polygons.txt": "Alpha < (0,0) (128,0) (128,256) (0,256) >\nBeta < (128,0) (256,0) (256,256) (128,256) >\n"
                                 "Sea Zone < (256,0) (511,0) (511,255) (256,255) >\n",
             "map/centers.txt": "Alpha (64,128)\nBeta (192,128)\nSea Zone (384,128)\n",
             "map/place.txt": "Alpha (10,10) (40,40)\nBeta (140,10)\nSea Zone (300,20)\n",
             "map/map.properties": "color.Reds=FF0000\ncolor.Blues=0000FF\nunits.scale=0.75\n"
                                   "map.width=512\nmap.height=256\nmap.hasRelief=false\n",
             "map/baseTiles/1_0.png": png(256, 256)}
    files[f"map/baseTiles/{drop}"] = None
    return write_tree(root, files)


@pytest.mark.parametrize("drop, found", [("0_0.png", []), ("1_0.png", ["M310"])])
def test_m310_leaves_out_a_square_the_land_covers(tmp_path: Path, drop: str, found: list[str]) -> None:
    from contextlib import ExitStack

    root = _two_tile_map(tmp_path, drop)
    with ExitStack() as stack:
        findings = [finding for target in resolve(root, stack)
                    for finding in check_target(target, CheckSettings(select=("M",))).findings]
    assert [finding.code for finding in findings] == found, [finding.message for finding in findings]


@pytest.mark.parametrize("seam, covered", [(3, True), (4, True), (5, False)])
def test_by_default_a_seam_of_4_px_along_a_row_is_covered(seam: int, covered: bool) -> None:
    """Hexes traced a pixel or two apart leave 2-3 px per row across their slanted borders, a
    jagged border 4 (revised_middle_earth); the tile is black beneath, like the outlines."""
    shapes = [("A", [(0, 0), (100, 0), (150, 256), (0, 256)]),
              ("B", [(100 + seam, 0), (256, 0), (256, 256), (150 + seam, 256)])]
    assert _covered(shapes, {"A", "B"}, [(0, 0, 256, 256)]) == [covered]


def test_covered_shares_and_touched_squares_read_the_scan_rows() -> None:
    from converter.check.landcover import covered_shares, touched_squares
    from converter.check.scanlines import ScanTable

    scan = ScanTable.of([("A", [(0, 0), (100, 0), (100, 100), (0, 100)]),
                         ("B", [(100, 0), (200, 0), (200, 100), (100, 100)])])
    squares = [(80, 10, 128, 58), (0, 0, 48, 48), (150, 10, 198, 58), (300, 300, 348, 348)]
    shares = covered_shares(scan, {"A"}, squares)
    assert [round(share, 3) for share in shares] == [0.417, 1.0, 0.0, 0.0]  # 20 of 48 columns over A
    assert touched_squares(scan, {"A"}, squares) == [True, True, False, False]
    assert touched_squares(scan, {"B"}, [(99, 50, 101, 52), (201, 0, 210, 10)]) == [True, False]


def test_border_pixels_measure_a_shared_border_not_a_corner() -> None:
    from converter.check.landcover import border_pixels
    from converter.check.scanlines import ScanTable

    scan = ScanTable.of([("A", [(0, 0), (100, 0), (100, 100), (0, 100)]),
                         ("B", [(100, 0), (200, 0), (200, 100), (100, 100)]),
                         ("C", [(100, 100), (140, 100), (140, 140), (100, 140)]),
                         ("D", [(300, 0), (400, 0), (400, 100), (300, 100)])])
    # 100 px of border, 6 px deep; a corner's 6 x 6; a territory far off has none
    assert border_pixels(scan, "A", {"B", "C", "D"}) == {"B": 600, "C": 36}
