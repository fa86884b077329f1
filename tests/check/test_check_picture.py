"""`dday2 check --picture FILE`: the findings drawn on the map, and the map pixel a finding
is about carried as data ("point" in JSON)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from check_mapkit import base_files, write_tree
from converter.check.picture import COLOURS, MAX_SIDE
from converter.cli import main

OUTSIDE = (220, 30)  # a place point of Beta, whose polygon spans x 80..160, y 0..100


@pytest.fixture()
def stray_point_map(tmp_path: Path) -> Path:
    files = base_files()
    files["map/place.txt"] = f"Alpha (10,10) (40,40)\nBeta ({OUTSIDE[0]},{OUTSIDE[1]})\nSea Zone (20,120)\n"
    return write_tree(tmp_path / "tiny", files)


def _near(image: Image.Image, centre: tuple[float, float], colour: tuple[int, int, int], reach: int) -> int:
    """How many pixels within `reach` of `centre` have `colour`."""
    x0, y0 = round(centre[0]), round(centre[1])
    return sum(image.getpixel((x, y)) == colour
               for x in range(max(x0 - reach, 0), min(x0 + reach + 1, image.width))
               for y in range(max(y0 - reach, 0), min(y0 + reach + 1, image.height)))


def test_a_point_outside_is_data_and_is_drawn_where_it_lies(stray_point_map: Path, tmp_path: Path, capsys) -> None:
    picture = tmp_path / "findings.png"
    code = main(["check", str(stray_point_map), "--format", "json", "--picture", str(picture)])
    out, err = capsys.readouterr()
    assert code == 0  # warnings only
    [finding] = [f for f in json.loads(out)["findings"] if f["code"] == "M308"]  # stdout: the report alone
    assert finding["point"] == list(OUTSIDE) and finding["territory"] == "Beta"
    assert "drawn ->" in err
    with Image.open(picture) as image:
        image = image.convert("RGB")
    assert image.width >= 128 and image.height > 128  # the 256 px map at half size, the legend below
    warning = COLOURS["warning"]
    marked = (OUTSIDE[0] / 2, OUTSIDE[1] / 2)
    assert _near(image, marked, warning, 7) > 10  # the mark around the point
    assert _near(image, (10, 40), warning, 6) == 0  # Alpha: nothing to show there
    assert _near(image, (40, 25), warning, 1) > 0  # Beta's outline (x=80 on the map)


def test_several_maps_are_drawn_into_a_folder_each_with_its_own_findings(stray_point_map: Path, tmp_path: Path,
                                                                         capsys) -> None:
    other = write_tree(tmp_path / "other", base_files())
    pictures = tmp_path / "pictures"
    assert main(["check", str(stray_point_map), str(other), "--picture", str(pictures)]) == 0
    assert capsys.readouterr().err.count("drawn ->") == 2
    assert sorted(path.name for path in pictures.iterdir()) == ["other.png", "tiny.png"]
    marked = (OUTSIDE[0] / 2, OUTSIDE[1] / 2)
    with Image.open(pictures / "tiny.png") as tiny, Image.open(pictures / "other.png") as clean:
        assert _near(tiny.convert("RGB"), marked, COLOURS["warning"], 7) > 10
        assert _near(clean.convert("RGB"), marked, COLOURS["warning"], 7) == 0  # not the other map's finding
    # one map and an existing folder: a PNG named after the map inside it
    assert main(["check", str(other), "--picture", str(pictures)]) == 0
    assert sorted(path.name for path in pictures.iterdir()) == ["other.png", "tiny.png"]


def test_picture_paths_that_cannot_be_meant(stray_point_map: Path, tmp_path: Path, capsys) -> None:
    other = write_tree(tmp_path / "other", base_files())
    assert main(["check", str(stray_point_map), str(other), "--picture", str(tmp_path / "p.png")]) == 2
    assert "is one PNG, for one map: give a folder to draw 2 maps into" in capsys.readouterr().err
    alone = tmp_path / "alone.xml"
    alone.write_text((stray_point_map / "map/games/tiny.xml").read_text())
    assert main(["check", str(alone), "--picture", str(tmp_path / "p.png")]) == 2
    assert "--picture draws a map" in capsys.readouterr().err
    assert not (tmp_path / "p.png").exists()


def test_maps_of_one_name_get_pictures_of_their_own(tmp_path: Path, capsys) -> None:
    first, second = (write_tree(tmp_path / side / "tiny", base_files()) for side in ("a", "b"))
    pictures = tmp_path / "pictures"
    # two repositories of one name, the second given by its map folder
    assert main(["check", str(first), str(second / "map"), "--picture", str(pictures)]) == 0
    assert sorted(path.name for path in pictures.iterdir()) == ["tiny-2.png", "tiny.png"]
    capsys.readouterr()


def test_picture_of_a_hostile_map_is_bounded(stray_point_map: Path, tmp_path: Path, capsys) -> None:
    properties = stray_point_map / "map/map.properties"
    properties.write_text(properties.read_text().replace("map.width=256", "map.width=999999999"))
    (stray_point_map / "map/baseTiles/1_0.png").write_bytes(b"\x89PNG\r\n\x1a\n not a tile")
    if hasattr(os, "mkfifo"):  # opened for reading, a FIFO would wait for a writer for ever
        os.mkfifo(stray_point_map / "map/baseTiles/2_0.png")
    picture = tmp_path / "p.png"
    # in a child with a time limit: the failure this guards against is a hang
    done = subprocess.run([sys.executable, "-m", "converter", "check", str(stray_point_map), "--picture", str(picture)],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode in (0, 1) and "drawn ->" in done.stderr, done.stderr[-500:]
    with Image.open(picture) as image:
        assert max(image.size) <= MAX_SIDE


def test_picture_of_a_zipped_map_draws_its_files(stray_point_map: Path, tmp_path: Path, capsys) -> None:
    # the zip is extracted to a temporary folder: the picture must be drawn before it goes
    import zipfile

    archive = tmp_path / "tiny.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for file in sorted(stray_point_map.rglob("*")):
            if file.is_file():
                zipped.write(file, f"tiny/{file.relative_to(stray_point_map).as_posix()}")
    picture = tmp_path / "zipped.png"
    assert main(["check", str(archive), "--picture", str(picture)]) == 0
    with Image.open(picture) as image:
        image = image.convert("RGB")
    assert _near(image, (40, 25), COLOURS["warning"], 1) > 0  # Beta's outline: polygons.txt was read


def test_a_picture_that_cannot_be_written_is_an_error_after_the_report(stray_point_map: Path, tmp_path: Path,
                                                                       capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the picture's folder should be")
    assert main(["check", str(stray_point_map), "--picture", str(blocker / "p.png")]) == 2
    out, err = capsys.readouterr()
    assert "M308" in out and f"cannot write {blocker / 'p.png'}" in err
