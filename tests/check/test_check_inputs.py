"""Which game XMLs a path stands for, and which map folder each is checked with, as TripleA
2.x finds them in an installed map repository."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from check_mapkit import base_files, write_tree
from converter.check.inputs import closest_to_root, resolve


def _repository_with_games_beside_map(root: Path) -> Path:
    files = base_files()
    xml = files.pop("map/games/tiny.xml")
    files["games/tiny.xml"] = xml
    files["games/tiny_variant.xml"] = xml
    files["map.yml"] = "map_name: Tiny\ngames:\n- {game_name: Tiny, file_name: renamed.xml}\n"
    write_tree(root, files)
    return root


def test_a_games_folder_beside_the_map_folder_is_found(tmp_path: Path) -> None:
    # 2.x: the games folder closest to map.yml (MapDescriptionYaml.findGamesFolder) and the map
    # files where the closest polygons.txt is (InstalledMap.findContentRoot)
    root = _repository_with_games_beside_map(tmp_path)
    with ExitStack() as stack:
        targets = resolve(root, stack)
    assert sorted(target.xml.name for target in targets) == ["tiny.xml", "tiny_variant.xml"]
    assert {target.map_dir for target in targets} == {root / "map"}


def test_one_xml_of_such_a_repository_is_checked_with_its_map_files(tmp_path: Path) -> None:
    root = _repository_with_games_beside_map(tmp_path)
    with ExitStack() as stack:
        [target] = resolve(root / "games" / "tiny.xml", stack)
    assert target.map_dir == root / "map" and target.repo_root == root


def test_closest_to_root_takes_the_shortest_path_within_the_depth(tmp_path: Path) -> None:
    for folder in ("a/b/c/games", "z/games", "deep/1/2/3/4/5/games"):
        (tmp_path / folder).mkdir(parents=True)
    assert closest_to_root(tmp_path, "games", 5) == tmp_path / "z" / "games"
    assert closest_to_root(tmp_path, "games", 1) is None  # z/games is two levels down
    assert closest_to_root(tmp_path / "deep", "games", 5) is None  # six levels down
