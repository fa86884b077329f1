"""The engines' asset names (engine_assets.json) and what the image rules make of them: the
1.9 names are the installed engine's files, and a check answers alike with the engine
installed and without it (a CI runner), where before it reported every image and flag a
map takes from the engine's assets."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest

from converter.check.config import CheckSettings
from converter.check.engine import ENGINE_ASSETS
from converter.check.engineassets import ASSET_FOLDERS, CURRENT_ENGINE, EngineAssets, default_assets, shipped_assets
from converter.check.inputs import resolve
from converter.check.runner import check_target
from converter.paths import SHARED_DIR

from check_mapkit import write_tree
from test_check_rule_cases import build_case

NEEDS_ENGINE = pytest.mark.skipif(not ENGINE_ASSETS.is_dir(),
                                  reason=f"needs the installed engine's assets in {ENGINE_ASSETS} (apt-get install triplea)")


def test_the_shipped_names_are_each_engines_units_flags_misc_resources_and_territory_effects() -> None:
    engines = shipped_assets()
    assert [each.engine for each in engines] == [CURRENT_ENGINE, "TripleA 1.9"]
    current, old = engines
    for each in engines:
        assert each.files and all(name.split("/")[0] in ASSET_FOLDERS for name in each.files)
        assert all(name.endswith((".png", ".gif")) and "\\" not in name for name in each.files)
    # 2.x draws this one for a unit without an image; 1.9 had none
    assert "units/missing_unit_image.png" in current.files - old.files
    assert {"units/Canadians/infantry.png", "flags/Belgians_small.png"} <= old.files - current.files
    assert {"units/Germans/infantry.png", "flags/Germans_small.png"} <= current.files & old.files
    # the markers both draw (vc.txt, blockade.txt); a decoration may name them too (M317)
    assert {"misc/vc.png", "misc/blockade.png"} <= current.files & old.files
    assert "misc/non-withdrawable.png" in current.files - old.files
    # the resource bar's images (I410): 2.x ships fewer than 1.9 did
    assert {"resources/PUs.png", "resources/PUs_large.png"} <= current.files & old.files
    assert "resources/VPs.png" in old.files - current.files
    # territory effect images (I411): 1.9 shipped seven, 2.x ships none
    assert {"territoryEffects/hills.png", "territoryEffects/mountain.png"} <= old.files
    assert not any(name.startswith("territoryEffects/") for name in current.files)
    document = json.loads((Path(__file__).parents[2] / "converter/check/engine_assets.json").read_text())
    assert all(engine["files"] == sorted(set(engine["files"])) for engine in document["engines"])


@NEEDS_ENGINE
def test_the_19_names_are_the_installed_engines_files() -> None:
    installed = EngineAssets.of_folder("TripleA 1.9", ENGINE_ASSETS)
    shipped = dict((each.engine, each) for each in shipped_assets())["TripleA 1.9"]
    assert installed == shipped, (sorted(installed.files - shipped.files)[:5], sorted(shipped.files - installed.files)[:5])
    assert default_assets() == shipped_assets()


def test_without_an_installed_engine_the_shipped_names_answer(tmp_path: Path) -> None:
    assert default_assets(tmp_path / "no-engine") == shipped_assets()
    assert default_assets(None) == shipped_assets()


def test_an_installed_folders_files_join_19s_names(tmp_path: Path) -> None:
    write_tree(tmp_path, {"units/Greens/tank.png": b"x", "flags/Greens.gif": b"x", "misc/other.png": b"x"})
    (tmp_path / "units" / "Greens" / "link.png").symlink_to(tmp_path / "misc" / "other.png")
    (tmp_path / "units" / "Greens" / "broken.png").symlink_to(tmp_path / "nowhere.png")
    (tmp_path / "units" / "Linked").symlink_to(tmp_path / "units" / "Greens")
    chosen = default_assets(tmp_path)
    assert [each.engine for each in chosen] == [CURRENT_ENGINE, "TripleA 1.9"]
    assert chosen[0] == shipped_assets()[0]
    assert chosen[1].files - shipped_assets()[1].files == {"units/Greens/tank.png", "units/Greens/link.png",
                                                           "flags/Greens.gif", "misc/other.png"}
    assert chosen[1].files >= shipped_assets()[1].files


def test_an_empty_or_unreadable_installed_folder_takes_no_name_away(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    write_tree(tmp_path / "unreadable", {"units/Greens/tank.png": b"x"})
    (tmp_path / "unreadable" / "units").chmod(0)
    try:
        for folder in (tmp_path / "empty", tmp_path / "unreadable"):
            assert default_assets(folder)[1].files >= shipped_assets()[1].files
    finally:
        (tmp_path / "unreadable" / "units").chmod(0o755)


def _findings(path: Path, **context) -> list:
    with ExitStack() as stack:
        return [finding for target in resolve(path, stack)
                for finding in check_target(target, CheckSettings(select=("I",)), **context).findings]


def test_a_map_using_the_engines_images_passes_without_the_engine(tmp_path: Path) -> None:
    """Blues renamed Germans, with no images of their own: 2.x's assets have their unit
    (`infantry`) and their flags. With the map's images alone, the check reported them."""
    case = {"id": "germans", "xml_replace": [["Blues", "Germans"], ["tinyfoot", "infantry"]],
            "files": {"map/units/Blues/tinyfoot.png": None, "map/flags/Blues.gif": None,
                      "map/flags/Blues_small.gif": None, "map/units/Reds/tinyfoot.png": None,
                      "map/units/Reds/infantry.png": {"png": [48, 48]}}}
    path = build_case(tmp_path, case)
    assert _findings(path, engine_assets=shipped_assets()) == []
    assert _findings(path) == []
    alone = sorted({finding.code for finding in _findings(path, engine_assets=())})
    assert alone == ["I401", "I403", "I406", "I410"]  # I410: resources/PUs.png is the assets' too


def test_the_community_package_answers_alike_with_the_shipped_names() -> None:
    package = SHARED_DIR / "reference" / "dday2-community-map"
    if not package.is_dir():
        pytest.skip(f"needs the community D-Day2 package in {package} (../shared)")
    shipped = _findings(package, engine_assets=shipped_assets())
    assert shipped == _findings(package)
    assert not {finding.code for finding in shipped} & {"I407", "I408"}


@pytest.mark.engine
@pytest.mark.parametrize("folder", ["dday2-community-map", "map-xmls"])
def test_without_triplea_installed_the_findings_are_the_same_but_the_dtds(folder: str) -> None:
    """What a CI runner answers: the built-in tables for the jar, the shipped names for the
    assets. Only X004 (the DTD, read from the jar) may differ."""
    from converter.check.engine import ENGINE_JAR, load_engine

    path = SHARED_DIR / "reference" / folder
    if not path.is_dir() or not ENGINE_JAR.is_file():
        pytest.skip(f"needs {path} (../shared) and the engine jar {ENGINE_JAR} (apt-get install triplea)")
    without = load_engine(None)
    assert without.source == "built-in tables" and load_engine().source.startswith("jar")
    compared = 0
    with ExitStack() as stack:
        for target in resolve(path, stack):
            installed = check_target(target).findings
            runner = check_target(target, engine=without, engine_assets=shipped_assets()).findings
            assert [f for f in installed if f.code != "X004"] == list(runner), target.label
            compared += 1
    assert compared >= (1 if folder.startswith("dday2") else 30)
