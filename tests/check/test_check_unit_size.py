"""The size the engine draws units at, from map.properties (M308 tests each unit's centre)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check.mapfiles import read_map_properties


@pytest.mark.parametrize("lines, size", [
    ("", (48, 48)),  # 2.x's defaults
    ("units.scale=0.75\n", (36, 36)),
    ("units.scale=0.5625\n", (27, 27)),  # width truncated, height rounded, as UnitImageFactory does
    ("units.scale=0.5\nunits.width=45\nunits.height=45\n", (22, 22)),
    ("units.scale=0.51\nunits.width=45\nunits.height=45\n", (22, 23)),
    ("units.scale=big\nunits.width=4x\n", (48, 48)),  # unreadable: the defaults, as 2.x falls back
    ("units.scale=1e300\nunits.width=-5\nunits.height=99999999999\n", (48, 48)),  # absurd: the defaults
    ("units.scale=nan\n", (48, 48)),
    ("units.scale=1\nunits.scale=2\n", (96, 96)),  # the last line wins
    ("units.scale=0.75 \nunits.width=64 \nunits.height=64\n", (36, 48)),  # parseDouble trims, parseInt does not
])
def test_unit_size(tmp_path: Path, lines: str, size: tuple[int, int]) -> None:
    path = tmp_path / "map.properties"
    path.write_text(lines)
    assert read_map_properties(path).unit_size() == size
