"""How far off the outline a center (M307) or a unit (M308) may lie: 2 px unless the map's
settings (`outline-tolerance`) or `--outline-tolerance` say otherwise."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check.config import CheckSettings, ConfigError, load_settings
from converter.check.context import CheckContext
from converter.check.inputs import resolve
from converter.check.runner import check_target
from converter.cli import main

# Alpha is the box (0,0)-(80,100): its center 3 px right of the outline; Beta's place point
# puts a 36 px unit (48 x 0.75) centred 4 px below Beta's bottom edge
CENTERS = "Alpha (83,50)\nBeta (120,50)\nSea Zone (128,180)\n"
PLACE = "Alpha (10,10) (40,40)\nBeta (90,86)\nSea Zone (20,120) | overflowToLeft=false\n"


def _map(root: Path, settings: str | None = None) -> Path:
    files = {**base_files(), "map/centers.txt": CENTERS, "map/place.txt": PLACE}
    if settings is not None:
        files[".dday2.toml"] = settings
    return write_tree(root, files)


def _distances(root: Path, settings: CheckSettings, **context) -> dict[str, str]:
    with ExitStack() as stack:
        return {finding.code: finding.message for target in resolve(root, stack)
                for finding in check_target(target, settings, **context).findings}


@pytest.mark.parametrize("tolerance, found", [(0.0, {"M307", "M308"}), (2.0, {"M307", "M308"}),
                                              (3.5, {"M308"}), (4.5, set())])
def test_the_tolerance_decides_what_is_outside(tmp_path: Path, tolerance: float, found: set[str]) -> None:
    root = _map(tmp_path)
    messages = _distances(root, CheckSettings(select=("M307", "M308"), outline_tolerance=tolerance))
    assert set(messages) == found, messages
    if "M307" in messages:
        assert "lies 3 px outside" in messages["M307"]


def test_the_default_is_2_px(tmp_path: Path) -> None:
    assert CheckSettings().outline_tolerance == 2.0
    root = _map(tmp_path)
    assert set(_distances(root, CheckSettings(select=("M307", "M308")))) == {"M307", "M308"}


def test_the_maps_settings_file_and_the_command_line(tmp_path: Path, capsys) -> None:
    root = _map(tmp_path, "[check]\noutline-tolerance = 5\n")
    assert load_settings(root).outline_tolerance == 5.0
    assert main(["check", str(root), "--select", "M307,M308", "--format", "json", "--fail-on", "warning"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []
    # the command line wins over the file, 0 included
    assert main(["check", str(root), "--select", "M307,M308", "--format", "json", "--fail-on", "warning",
                 "--outline-tolerance", "0"]) == 1
    codes = {finding["code"] for finding in json.loads(capsys.readouterr().out)["findings"]}
    assert codes == {"M307", "M308"}


@pytest.mark.parametrize("value", ["-1", "101", "true", '"2"', "nan", "inf"])
def test_a_bad_tolerance_in_the_settings_file_is_refused(tmp_path: Path, value: str) -> None:
    root = _map(tmp_path, f"[check]\noutline-tolerance = {value}\n")
    with pytest.raises(ConfigError, match="outline-tolerance must be a number of pixels from 0 to 100"):
        load_settings(root)
    assert main(["check", str(root)]) == 2


@pytest.mark.parametrize("value", ["-0.5", "100.5", "nan", "many"])
def test_a_bad_tolerance_on_the_command_line_is_a_usage_error(tmp_path: Path, capsys, value: str) -> None:
    root = _map(tmp_path)
    assert main(["check", str(root), f"--outline-tolerance={value}"]) == 2
    assert "--outline-tolerance" in capsys.readouterr().err


def test_map_files_read_with_another_tolerance_are_measured_again(tmp_path: Path) -> None:
    """The run's cache of a map folder's values holds what was measured outside with one
    tolerance: another tolerance must not take them."""
    root = _map(tmp_path)
    cache: dict = {}
    with ExitStack() as stack:
        target = resolve(root, stack)[0]
        loose = check_target(target, CheckSettings(select=("M3",), outline_tolerance=10), map_cache=cache)
        assert cache and not {"M307", "M308"} & {finding.code for finding in loose.findings}
        strict = check_target(target, CheckSettings(select=("M3",), outline_tolerance=0), map_cache=cache)
        assert {"M307", "M308"} <= {finding.code for finding in strict.findings}
        context = CheckContext(target, map_cache=cache, outline_tolerance=0)
        context.prefetch_map_files()
        context.wait_for_prefetch()
        assert len(context.place_outside) == 1


@pytest.mark.parametrize("distance, tolerance, shown", [(12.37, 2, 12), (3.4, 3, 3.4), (2.5, 2, 2.5), (2.04, 2, 2.04),
                                                        (3.0, 2.5, 3), (2.0004, 2, "more than 2")])
def test_the_distance_shown_is_never_within_the_tolerance(distance: float, tolerance: float, shown) -> None:
    from converter.check.rules.points_outside import shown_distance

    assert shown_distance(distance, tolerance) == shown


def test_pyprojects_setting_and_its_underscore_spelling(tmp_path: Path) -> None:
    root = _map(tmp_path)
    (root / "pyproject.toml").write_text("[tool.dday2.check]\noutline_tolerance = 3.5\n")
    assert load_settings(root).outline_tolerance == 3.5
    assert set(_distances(root, load_settings(root).merged(select=("M307", "M308")))) == {"M308"}


def test_the_same_tolerance_reuses_the_maps_values(tmp_path: Path) -> None:
    root = _map(tmp_path)
    cache: dict = {}
    with ExitStack() as stack:
        target = resolve(root, stack)[0]
        check_target(target, CheckSettings(select=("M3",), outline_tolerance=3.5), map_cache=cache)
        kept = cache[target.map_dir]
        context = CheckContext(target, map_cache=cache, outline_tolerance=3.5)
        context.prefetch_map_files()
        assert context._prefetch is None  # nothing read again: the cached values were restored
        assert context.place_outside is kept.values["place_outside"]
