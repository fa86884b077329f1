"""Loading the model: the embedded D-Day2 data, and clear errors (file, key, reason) on bad data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from converter.cli import main
from converter.model import ModelLoadError, load_ruleset
from converter.paths import DDAY2_MODEL_DIR


@pytest.fixture()
def model_copy(tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(DDAY2_MODEL_DIR, target)
    return target


def edit(folder: Path, file: str, old: str, new: str) -> None:
    path = folder / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))


def test_embedded_model_has_the_board_of_the_rules():
    rules = load_ruleset(DDAY2_MODEL_DIR)
    assert len(rules.areas) == 42
    assert {b.name: b.capacity for b in rules.beaches} == {
        "Utah Beach": 4, "Omaha Beach": 8, "Gold Beach": 7, "Juno Beach": 5, "Sword Beach": 6}
    assert [rules.area_by_id[c].name for c in rules.victory.cities] == ["Cherbourg", "St. Lô", "Caen"]
    assert rules.neighbours[2] == {1, 3, 6}
    assert all(rules.neighbours[area.id] for area in rules.areas)
    # chart totals equal the reserves placed at the start (G6)
    for chart in rules.charts:
        placed = {}
        for placement in rules.setup:
            if rules.resolve(placement.where) in (chart.pool, chart.armour_reserve):
                for unit, count in placement.units:
                    placed[unit] = placed.get(unit, 0) + count
        ordered = {unit: chart.order.count(unit) for unit in set(chart.order)}
        assert ordered == placed, chart.id
    assert [p.id for p in rules.phases] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert rules.unit_by_name["armour"].defence == 3 and rules.unit_by_name["USAarmour"].defence == 2
    assert rules.unit_by_name["USAinfantry"].triplea_movement == 5
    assert rules.unit_by_name["UKarmour"].triplea_movement == 7


def test_locate_maps_triplea_territories_to_model_places():
    rules = load_ruleset(DDAY2_MODEL_DIR)
    assert rules.locate("CaenG").area == 30 and rules.locate("CaenG").part == "german"
    assert rules.locate("P7").part == "patrol"
    assert rules.locate("B12").kind == "border" and set(rules.locate("B12").areas) == {6, 7}
    assert rules.locate("Omaha Beach").areas == (14,)
    assert rules.locate("USAAF").kind == "box"
    assert rules.locate("B85") is None


@pytest.mark.parametrize("file, old, new, expected", [
    ("charts.toml", 'I = "USAinfantry"', 'I = "USAinfantri"', r"charts\.toml: chart\[0\]\.letters: unknown unit type 'USAinfantri'"),
    ("borders.toml", "B1 = [1, 2]", "B1 = [1, 99]", r"borders\.toml: borders\.B1: adjacency to missing area 99"),
    ("beaches.toml", "capacity = 4", "capacity = 0", r"beaches\.toml: beach\[0\]\.capacity: must be a positive number, got 0"),
    ("beaches.toml", "capacity = 4", 'capacity = "four"', r"beaches\.toml: beach\[0\]\.capacity: expected an integer"),
    ("setup.toml", 'where = "1/german"', 'where = "1/germn"', r"setup\.toml: place\[0\]\.where: '1/germn': unknown part"),
    ("units.toml", 'class = "infantry"', 'class = "infantery"', r"units\.toml: unit\[0\]\.class: unknown unit class 'infantery'"),
    ("boxes.toml", 'links = ["Utah Beach", "Omaha Beach"]', 'links = ["Utah Beach", "Omaha Bech"]', r"boxes\.toml: box\[0\]\.links: 'Omaha Bech' is neither"),
    ("game.toml", "cities = [2, 26, 30]", "cities = [2, 26, 300]", r"game\.toml: victory\.cities: area 300 is not in areas\.toml"),
    ("areas.toml", "id = 3\n", "id = 2\n", r"areas\.toml: area: area 2 is defined 2 times"),
    ("game.toml", "[game]", "[game", r"game\.toml: -: not valid TOML"),
])
def test_bad_data_names_file_key_and_reason(model_copy, file, old, new, expected):
    edit(model_copy, file, old, new)
    with pytest.raises(ModelLoadError) as raised:
        load_ruleset(model_copy)
    messages = [str(error) for error in raised.value.errors]
    assert any(re.search(expected, message) for message in messages), messages


def test_build_with_broken_model_exits_2_and_writes_nothing(model_copy, tmp_path, capsys):
    edit(model_copy, "beaches.toml", "capacity = 4", "capacity = -4")
    out = tmp_path / "out"
    assert main(["build", "-o", str(out), "--model", str(model_copy)]) == 2
    assert not out.exists()
    assert "beaches.toml: beach[0].capacity: must be a positive number, got -4" in capsys.readouterr().err


def test_missing_model_folder_is_a_clear_error(tmp_path, capsys):
    assert main(["build", "-o", str(tmp_path / "out"), "--model", str(tmp_path / "nope")]) == 2
    assert "model folder not found" in capsys.readouterr().err



def test_build_errors_show_the_model_path_on_one_line(model_copy, tmp_path, capsys):
    # the model's path reaches stderr: a newline in it must not start a line of its own (a CI
    # log reads `::error ...` at a line's start as a command), nor ESC reach the terminal
    hostile = model_copy.rename(tmp_path / "model\n::error::forged\x1b[31m")
    edit(hostile, "beaches.toml", "capacity = 4", "capacity = -4")
    assert main(["build", "-o", str(tmp_path / "out"), "--model", str(hostile)]) == 2
    err = capsys.readouterr().err
    assert "model\\n::error::forged\\x1b[31m has 1 problem(s)" in err
    assert not any(line.startswith("::") for line in err.splitlines())
    assert "\x1b" not in err
