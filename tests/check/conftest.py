"""Fixtures shared by the check tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check.engine import load_engine


@pytest.fixture(scope="session")
def dtd() -> bytes:
    """The installed engine's game.dtd (tests using it skip without the engine jar)."""
    return load_engine().dtd


@pytest.fixture()
def clean_map(tmp_path: Path) -> Path:
    """The base map repository (check_mapkit), which no rule reports."""
    return write_tree(tmp_path / "tiny", base_files())


@pytest.fixture()
def flawed_map(clean_map: Path) -> Path:
    """One error (M302: Beta missing from centers.txt) and one warning (M326: a map.properties
    key set twice)."""
    (clean_map / "map/centers.txt").write_text("Alpha (40,50)\nSea Zone (128,180)\n")
    properties = clean_map / "map/map.properties"
    properties.write_text(properties.read_text() + "units.scale=1\n")
    return clean_map
