"""What depends only on a map folder's files is worked out once for all the game XMLs of the folder
checked in one run (`CheckContext.folder_memo`): the images I404 reads and the tiles M311
measures where no C kernel has read them already. Each game still gets every finding, the same
as when checked alone."""

from __future__ import annotations

from contextlib import ExitStack
from unittest.mock import patch

import pytest

from check_mapkit import base_files, png, write_tree
from converter.check.config import CheckSettings
from converter.check.context import CheckContext
from converter.check.inputs import resolve
from converter.check.rules import images, map_tiles
from converter.check.runner import check_target

CODES = ("I404", "M311")


def _three_games(tmp_path, changes: dict | None = None):
    """The base map with two more copies of its game XML, and `changes` to its files (the
    default: a broken unit image and a tile of the wrong size, for I404 and M311)."""
    files = base_files()
    if changes is None:
        changes = {"map/units/Reds/tinyfoot.png": b"not a png",  # I404
                   "map/baseTiles/0_0.png": png(200, 256),  # M311: narrower than a tile, not the last column
                   "map/baseTiles/1_0.png": png(256, 256),
                   "map/map.properties": files["map/map.properties"].replace("map.width=256", "map.width=512")}
    files.update(changes)
    for game in ("other", "third"):
        files[f"map/games/{game}.xml"] = files["map/games/tiny.xml"]
    return write_tree(tmp_path / "three", files)


def _recording(calls: list, real, kept=lambda arguments: arguments):
    """`real`, noting (what `kept` keeps of) the arguments of each call in `calls`."""
    def call(*arguments):
        calls.append(kept(arguments))
        return real(*arguments)
    return call


def _messages(targets, cache):
    return {target.xml.name: sorted((f.code, f.message) for f in check_target(
        target, CheckSettings(select=CODES), map_cache=cache).findings) for target in targets}


@pytest.mark.parametrize("with_kernels", [True, False])
def test_a_folder_s_images_and_tiles_are_read_once_for_all_its_games(tmp_path, with_kernels) -> None:
    root = _three_games(tmp_path)
    images_read, tiles_read = [], []
    facts = {} if with_kernels else {"image_facts": property(lambda self: {})}  # without pngscan: all in Python
    with ExitStack() as stack:
        targets = resolve(root, stack)
        alone = _messages(targets, None)
        stack.enter_context(patch.object(images, "_unreadable", _recording(images_read, images._unreadable)))
        stack.enter_context(patch.object(map_tiles, "_tile_size", _recording(tiles_read, map_tiles._tile_size)))
        if facts:
            stack.enter_context(patch.multiple(CheckContext, **facts))
        shared = _messages(targets, {})
    assert len(targets) == 3
    assert shared == alone  # every game keeps its findings
    for findings in shared.values():
        assert {code for code, _message in findings} == set(CODES)
    # once for the folder: the broken unit image, and the tiles pngscan did not measure whole
    if with_kernels:
        assert (len(images_read), len(tiles_read)) == (1, 1)  # 0_0.png; pngscan vouched for the rest
    else:
        assert (len(images_read), len(tiles_read)) == (6, 2)  # every unit and flag image (2 + 4), every tile, once


def test_the_memo_is_the_folder_s_alone(tmp_path) -> None:
    first = CheckContext(resolve(_three_games(tmp_path), ExitStack())[0])
    second = CheckContext(first.target)
    assert first.folder_memo("key", lambda: 1) == 1
    assert first.folder_memo("key", lambda: 2) == 1
    assert second.folder_memo("key", lambda: 2) == 2  # no run shares them: each context its own


def test_a_folder_s_properties_and_optional_point_files_are_read_once(tmp_path) -> None:
    from converter.check import context as context_module

    root = _three_games(tmp_path, {"map/tooltips.properties": "tooltip.unit.tinyfot=Foot\n",  # M330: a misspelt unit
                                   "map/vc.txt": "Alpha (40,50)\nNowhere (1,1)\n"})  # M303: optional point files
    properties_read, points_read = [], []
    with ExitStack() as stack:
        targets = resolve(root, stack)
        alone = {t.xml.name: sorted(f.message for f in check_target(t).findings if f.code in ("M303", "M330"))
                 for t in targets}
        stack.enter_context(patch.object(context_module, "read_entries",
                                         _recording(properties_read, context_module.read_entries)))
        stack.enter_context(patch.object(context_module, "read_optional_point_files",
                                         _recording(points_read, context_module.read_optional_point_files)))
        cache: dict = {}
        shared = {t.xml.name: sorted(f.message for f in check_target(t, map_cache=cache).findings
                                     if f.code in ("M303", "M330")) for t in targets}
    assert shared == alone and all(len(messages) == 2 for messages in shared.values())
    assert (len(properties_read), len(points_read)) == (1, 1)


def test_a_folder_s_unit_image_and_flag_lookups_are_made_once(tmp_path) -> None:
    from converter.check import context as context_module

    root = _three_games(tmp_path, {"map/units/Blues/tinyfoot.png": None})  # I401: the Blues' tinyfoot has no image
    units_asked, flags_asked = [], []
    with ExitStack() as stack:
        targets = resolve(root, stack)
        alone = {t.xml.name: sorted((f.code, f.message) for f in check_target(t).findings) for t in targets}
        stack.enter_context(patch.object(context_module.UnitImages, "lookup", _recording(
            units_asked, context_module.UnitImages.lookup, lambda arguments: arguments[1:])))  # (player, unit)
        stack.enter_context(patch.object(context_module, "flag_source", _recording(
            flags_asked, context_module.flag_source, lambda arguments: arguments[2:])))  # (player, endings)
        cache: dict = {}
        shared = {t.xml.name: sorted((f.code, f.message) for f in check_target(t, map_cache=cache).findings)
                  for t in targets}
    assert shared == alone and all("I401" in {code for code, _message in found} for found in shared.values())
    assert units_asked and len(units_asked) == len(set(units_asked))  # each asked once for the folder
    assert flags_asked and len(flags_asked) == len(set(flags_asked))
