"""M333: a place.txt laid out for units of another size than map.properties draws, found from
where each territory's first point lies against its center, and the M308 findings it explains."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, base_xml, write_tree
from converter.check.config import CheckSettings
from converter.check.inputs import resolve
from converter.check.runner import check_target

SIDE = 100  # px: a grid of square land territories this wide, four in a row
NAMES = [f"T{n}" for n in range(12)]


def _grid_map(root: Path, offset: tuple[int, int], scale: str, narrow: str | None = None) -> Path:
    """Twelve territories; each one's first place point `offset` up and left of its center, the
    next one 40 px to the right. `narrow`: a territory only 30 px high, its center 5 px below its top."""
    polygons, centers, place = [], [], []
    for number, name in enumerate(NAMES):
        left, top = SIDE * (number % 4), SIDE * (number // 4)
        height = 30 if name == narrow else SIDE
        polygons.append(f"{name} < ({left},{top}) ({left + SIDE},{top}) ({left + SIDE},{top + height}) "
                        f"({left},{top + height}) >")
        centre = (left + 50, top + (5 if name == narrow else 50))
        centers.append(f"{name} ({centre[0]},{centre[1]})")
        first = (centre[0] - offset[0], centre[1] - offset[1])
        place.append(f"{name} ({first[0]},{first[1]}) ({first[0] + 40},{first[1]})")
    territories = [(name, False) for name in NAMES]
    connections = [(NAMES[n], NAMES[n + 1]) for n in range(len(NAMES) - 1)]
    files = base_files()
    files["map/games/tiny.xml"] = base_xml(territories, connections, owners=[("T0", "Reds"), ("T1", "Blues")]) \
        .replace('territory="Alpha"', 'territory="T0"')
    files["map/polygons.txt"] = "\n".join(polygons) + "\n"
    files["map/centers.txt"] = "\n".join(centers) + "\n"
    files["map/place.txt"] = "\n".join(place) + "\n"
    files["map/map.properties"] = (f"color.Reds=FF0000\ncolor.Blues=0000FF\nunits.scale={scale}\n"
                                   "map.width=400\nmap.height=300\nmap.hasRelief=false\n")
    files["map/baseTiles/0_0.png"] = files.pop("map/baseTiles/0_0.png")
    write_tree(root, files)
    return root


def _findings(root: Path) -> list:
    with ExitStack() as stack:
        return [f for target in resolve(root, stack)
                for f in check_target(target, CheckSettings(select=("M308", "M333"))).findings]


def test_points_laid_out_for_larger_units_are_one_finding(tmp_path: Path) -> None:
    # made for 48 px units (the tool's first try: the center less (23,24)), drawn at 24
    found = _findings(_grid_map(tmp_path, (23, 24), "0.5"))
    assert [(f.code, f.severity.value) for f in found] == [("M333", "info")]
    assert ("place.txt looks laid out for units of about 48 px: in 12 of 12 territories the first point lies "
            "(23,24) px up and left of the center, half such a unit, but map.properties draws units at 24x24"
            ) == found[0].message


@pytest.mark.parametrize("offset, scale", [((22, 23), "1"), ((10, 11), "0.5"), ((22, 23), "0.875")])
def test_points_laid_out_for_the_drawn_size_are_fine(tmp_path: Path, offset, scale) -> None:
    assert _findings(_grid_map(tmp_path, offset, scale)) == []


def test_units_drawn_outside_for_the_other_size_make_it_a_warning(tmp_path: Path) -> None:
    # T5 is 30 px high with its center 5 px down: at 24 px its first unit is centred 6 px above
    # the outline; at the 48 px laid out for it would sit inside
    found = _findings(_grid_map(tmp_path, (22, 23), "0.5", narrow="T5"))
    assert [(f.code, f.severity.value) for f in found] == [("M333", "warning")]
    assert found[0].message.endswith(": the units of 1 place.txt line are drawn outside their territory for it "
                                     "(M308 leaves those out)")


def test_a_few_points_so_placed_are_no_layout(tmp_path: Path) -> None:
    root = _grid_map(tmp_path, (10, 11), "1")  # laid out for 24 px, drawn at 48: found ...
    assert [f.code for f in _findings(root)] == ["M333"]
    place = root / "map" / "place.txt"  # ... but not when under 60% of the territories agree
    lines = place.read_text().splitlines()
    place.write_text("\n".join(lines[:4] + [line.replace("(", "(1", 1) for line in lines[4:]]) + "\n")
    assert "M333" not in [f.code for f in _findings(root)]
