"""Which game XMLs a path stands for, and which map folder each is checked with, as TripleA
2.x finds them in an installed map repository."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check.inputs import InputError, closest_to_root, resolve


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


PLAIN_MAP_YMLS = [
    "map_name: Tiny\ngames:\n- {game_name: Tiny, file_name: tiny.xml}\n",
    "map_name: d-day2\ngames:\n- {game_name: D-Day 2, file_name: D-Day_2.xml}\n- {game_name: A (b), file_name: a_b.xml}\n",
    "map_name: x\r\ngames:\r\n- {game_name: 1941, file_name: 1941.xml}  \r\n\r\n",
    "map_name: Tiny\ngames:\n",
]
YAML_ONLY = [
    "map_name: null\ngames:\n- {game_name: A, file_name: a.xml}\n",
    "map_name: Tiny\ngames:\n- {game_name: 'Wolfy''s, 1939', file_name: w.xml}\n",
    "games:\n- {game_name: A, file_name: a.xml}\nmap_name: Tiny\n",
    "map_name: Tiny # the name\ngames:\n- {game_name: A, file_name: a.xml}\n",
]


@pytest.mark.parametrize("text", PLAIN_MAP_YMLS + YAML_ONLY)
def test_the_plain_reading_of_map_yml_equals_yamls(tmp_path: Path, monkeypatch, text: str) -> None:
    from converter.check import mapyml

    path = tmp_path / "map.yml"
    path.write_bytes(text.encode())
    fast = mapyml.read_map_yml(path)
    assert (mapyml._read_plain(path, text.replace("\r\n", "\n")) is not None) == (text in PLAIN_MAP_YMLS)
    monkeypatch.setattr(mapyml, "_read_plain", lambda *_: None)
    assert fast == mapyml.read_map_yml(path)


def test_a_map_one_folder_down_is_found_as_2x_finds_its_map_yml(tmp_path: Path) -> None:
    # MapDescriptionYamlReader reads the map.yml nearest an installed map's root, at most two
    # folders down: a repository whose map sits in a folder of its own is one map
    write_tree(tmp_path / "repo" / "TCR", base_files())
    with ExitStack() as stack:
        [target] = resolve(tmp_path / "repo", stack)
    assert target.repo_root == tmp_path / "repo" / "TCR" and target.xml.name == "tiny.xml"


def test_a_folder_of_maps_checks_each_map(tmp_path: Path) -> None:
    # TripleA's downloadedMaps: each folder a map, its map.yml at most two folders down;
    # hidden folders and folders holding no map are passed over
    write_tree(tmp_path / "maps" / "first", base_files())
    write_tree(tmp_path / "maps" / "second-master" / "second", base_files())
    write_tree(tmp_path / "maps" / ".git" / "copy", base_files())
    write_tree(tmp_path / "maps" / "notes", {"README.md": "not a map\n"})
    with ExitStack() as stack:
        targets = resolve(tmp_path / "maps", stack)
    assert [target.repo_root for target in targets] == [tmp_path / "maps" / "first",
                                                        tmp_path / "maps" / "second-master" / "second"]
    assert {target.display_root for target in targets} == {tmp_path / "maps"}


def test_a_folder_with_nothing_to_check_is_a_usage_error(tmp_path: Path) -> None:
    write_tree(tmp_path / "empty", {"notes/README.md": "not a map\n"})
    with ExitStack() as stack, pytest.raises(InputError, match="no map.yml, map folder or game XML found"):
        resolve(tmp_path / "empty", stack)
