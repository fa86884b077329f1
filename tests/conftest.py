"""Shared fixtures: ../shared material and the real engine, each skipping with a clear reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.paths import SHARED_DIR

TRIPLEA_JAR = Path("/usr/share/games/triplea/bin/triplea.jar")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED_DIR.is_dir():
        pytest.skip(f"../shared is absent ({SHARED_DIR}); reference material is read in place, never copied")
    return SHARED_DIR


@pytest.fixture(scope="session")
def community_map_dir(shared_dir: Path) -> Path:
    path = shared_dir / "reference" / "dday2-community-map"
    if not path.is_dir():
        pytest.skip(f"community D-Day2 map absent at {path}")
    return path


@pytest.fixture(scope="session")
def community_xml(community_map_dir: Path) -> Path:
    return community_map_dir / "map" / "games" / "D-Day_2.xml"


@pytest.fixture(scope="session")
def triplea_jar() -> Path:
    if not TRIPLEA_JAR.is_file():
        pytest.skip(f"real TripleA engine absent ({TRIPLEA_JAR}); install Debian package 'triplea'")
    return TRIPLEA_JAR


@pytest.fixture(scope="session")
def real_engine(triplea_jar: Path):
    """The real engine and a JDK (converter.realengine), or a skip saying which is missing."""
    from converter.realengine import EngineUnavailable, locate_engine

    try:
        return locate_engine()
    except EngineUnavailable as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="session")
def built_dday2(tmp_path_factory) -> Path:
    """The embedded D-Day2 model built once per session into a map repository folder."""
    from converter.compile.build import build_package
    from converter.model import load_ruleset
    from converter.paths import DDAY2_MODEL_DIR

    out = tmp_path_factory.mktemp("built") / "d-day2"
    build_package(load_ruleset(DDAY2_MODEL_DIR), out)
    return out


def pytest_collection_modifyitems(config, items) -> None:
    """The tests marked `longest` first (a stable sort keeps the rest in order): under `make
    test`'s parallel workers, a test of minutes started last would end minutes after the others."""
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)
