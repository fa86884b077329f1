"""The map and image rules' short cuts against the plain ways they replace: M310's count of
missing tiles, M312's entry starts and numpy pre-selection, I403's string paths, I401's
frontier units read from the model's tables."""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from check_mapkit import base_files, base_xml, write_tree
from converter.check.context import CheckContext
from converter.check.inputs import resolve
from converter.check import unitimages
from converter.check.rules import images, map_files, map_tiles
from converter.check.rules.map_files import _entry_starts
from converter.check.rules.map_tiles import _grid_names, _in_grid, _missing_tiles
from converter.check.runner import check_target

_tile_names = st.one_of(
    st.tuples(st.integers(0, 12), st.integers(0, 12)).map(lambda cell: f"{cell[0]}_{cell[1]}.png"),
    st.sampled_from(["01_2.png", "1_02.png", "1_2.PNG", "a_b.png", "\u0663_1.png", "1_2.png.png", "_1.png", "1_.png",
                     "1-2.png", "+1_2.png", "1_2", "readme.txt", "1_2_3.png", "-1_2.png"]),
)


@settings(max_examples=300, deadline=None)
@given(st.sets(_tile_names, max_size=60), st.integers(0, 14), st.integers(0, 14))
def test_missing_tiles_counts_the_cells_without_their_file(names, columns, rows) -> None:
    present = dict.fromkeys(names)
    cells_without = sum(f"{column}_{row}.png" not in present for column in range(columns) for row in range(rows))
    assert _missing_tiles(present, columns, rows, _grid_names(columns, rows)) == cells_without
    by_name = columns * rows - sum(1 for name in present if name.endswith(".png") and _in_grid(name, columns, rows))
    assert by_name == cells_without  # the way a huge grid counts


def test_a_huge_grid_counts_by_name(monkeypatch) -> None:
    present = dict.fromkeys(["0_0.png", "1_0.png", "01_0.png", "x.png"])
    assert _missing_tiles(present, 3, 2, _grid_names(3, 2)) == _missing_tiles(present, 3, 2, None) == 4
    monkeypatch.setattr(map_tiles, "GRID_NAMES_AT_ONCE", 5)
    assert _grid_names(3, 2) is None and _grid_names(5, 1) is not None


def _context(root: Path, stack: ExitStack) -> CheckContext:
    context = CheckContext(resolve(root, stack)[0])
    context.prefetch_map_files()
    context.wait_for_prefetch()
    return context


_OFF_MAP = ("Alpha < (-5,0) (80,0) (80,100) (0,100) >\n"
            "Beta < (80,0) (160,0) (160,100) (80,100) > < (300,10) (310,10) (310,20) >\n"
            "Sea Zone < (160,0) (256,0) (256,100) (160,100) >\n")


@pytest.mark.parametrize("polygons, off", [
    (_OFF_MAP, {"Alpha", "Beta"}),
    (_OFF_MAP + "Alpha < (0,200) (10,200) (10,270) >\n", {"Alpha", "Beta"}),  # a name twice: fewer layout names than entries
    (_OFF_MAP.replace("Beta <", "Beta < (0,-9) (1,-9) (1,-8) > <"), {"Alpha", "Beta"}),
    (base_files()["map/polygons.txt"], set()),  # nothing off the map: numpy says so before any entry is looked at
])
def test_polygon_off_map_finds_what_the_plain_loop_finds(tmp_path: Path, polygons: str, off: set,
                                                         monkeypatch) -> None:
    root = write_tree(tmp_path, {**base_files(), "map/polygons.txt": polygons})
    with ExitStack() as stack:
        context = _context(root, stack)
        entries = context.polygons.entries
        plain = np.cumsum([0] + [len(entry.polygons) for entry in entries[:-1]])
        assert _entry_starts(context, np).tolist() == plain.tolist()
        selected = list(map_files.polygon_off_map(context))
        monkeypatch.setattr(map_files, "INT64", (0, 0))  # no size fits: every entry through the Python loop
        looped = list(map_files.polygon_off_map(context))
    assert selected == looped
    assert {hit.territory for hit in selected} == off


def _plain_frontier_units(model, units):
    """I401's frontier units as they were read: by walking each element's children."""
    rule_results = {r.get("name"): {x.get("resourceOrUnit") for x in r.iterchildren("result")}
                    for r in model.table("production/productionRule").elements}
    return {frontier.get("name", ""): {u for fr in frontier.iterchildren("frontierRules")
                                       for u in rule_results.get(fr.get("name"), ()) if u in units}
            for frontier in model.table("production/productionFrontier").elements}


_PRODUCTION = ('<productionRule name="buyX"><cost resource="PUs" quantity="3"/>'
               '<result resourceOrUnit="tinyfoot" quantity="1"/><result resourceOrUnit="PUs" quantity="1"/></productionRule>'
               '<productionRule name="buyX"><result resourceOrUnit="other" quantity="1"/></productionRule>'
               '<productionRule><result resourceOrUnit="tinyfoot" quantity="1"/></productionRule>'
               '<productionFrontier name="second"><frontierRules name="buyX"/><frontierRules/>'
               '<frontierRules name="buytinyfoot"/></productionFrontier><productionFrontier/>')


@pytest.mark.parametrize("extra", ["", _PRODUCTION])
def test_frontier_units_from_tables_equal_the_element_walk(tmp_path: Path, extra: str) -> None:
    xml = base_xml().replace("  </production>", f"  {extra}\n  </production>")
    root = write_tree(tmp_path, {**base_files(), "map/games/tiny.xml": xml})
    with ExitStack() as stack:
        model = _context(root, stack).model
        units = model.names(images.UNIT) | {"other"}
        assert images.frontier_units(model, units) == _plain_frontier_units(model, units)


def test_frontier_units_on_the_community_map(community_map_dir: Path) -> None:
    with ExitStack() as stack:
        model = CheckContext(resolve(community_map_dir, stack)[0]).model
        units = model.names(images.UNIT)
        assert images.frontier_units(model, units) == _plain_frontier_units(model, units)
        assert any(images.frontier_units(model, units).values())


@pytest.mark.parametrize("flags", [{}, {"map/flags/Reds.png": b"x"}, {"map/flags/Blues.gif": b"x"},
                                   {"map/flags/Reds.png/inner": b"x"}])
def test_flag_lookup_by_string_equals_the_path_lookup(tmp_path: Path, flags: dict, monkeypatch) -> None:
    root = write_tree(tmp_path, {**{k: v for k, v in base_files().items() if not k.startswith("map/flags/")}, **flags})
    with ExitStack() as stack:
        by_string = list(images.flag_missing(_context(root, stack)))
        monkeypatch.setattr(unitimages, "_POSIX", False)
        by_path = list(images.flag_missing(_context(root, stack)))  # a new context: each caches its answers
    assert by_string == by_path
    assert {hit.player for hit in by_string} == {"Reds", "Blues"} - {Path(name).stem for name in flags
                                                                    if not name.endswith("inner")}


def test_an_unsearchable_flags_folder_fails_as_the_path_lookup_did(tmp_path: Path, monkeypatch) -> None:
    """A flags folder the user may not search: both lookups raise PermissionError, as
    Path.is_file does. (Simulated at os.stat: root, as in CI, is stopped by no permission.)"""
    import errno

    root = write_tree(tmp_path, base_files())
    flags = str(root / "map" / "flags") + os.sep
    real_stat = os.stat

    def refusing_stat(path, *args, **kwargs):
        if os.fspath(path).startswith(flags):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)

    with ExitStack() as stack:
        context = _context(root, stack)
        monkeypatch.setattr(os, "stat", refusing_stat)
        with pytest.raises(PermissionError):
            list(images.flag_missing(context))
        monkeypatch.setattr(unitimages, "_POSIX", False)
        with pytest.raises(PermissionError):
            list(images.flag_missing(_context(root, stack)))


def test_the_rules_find_the_same_on_the_generated_map_both_ways(built_dday2: Path, monkeypatch) -> None:
    """M310 by name and by cell, M312 by numpy and by loop, I403 by string and by Path."""
    with ExitStack() as stack:
        target = resolve(built_dday2, stack)[0]
        fast = check_target(target).findings
        monkeypatch.setattr(map_tiles, "GRID_NAMES_AT_ONCE", 0)
        monkeypatch.setattr(map_files, "INT64", (0, 0))
        monkeypatch.setattr(unitimages, "_POSIX", False)
        plain = check_target(target).findings
    assert fast == plain
