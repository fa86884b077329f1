"""The harness's JVMs share one class data archive: the first run records the classes it loads,
an archive is made of them, the later runs map it and answer alike; a failed dump is not tried
again and leaves the JVMs as they were."""

from __future__ import annotations

import dataclasses
import importlib.util
import zipfile
from pathlib import Path

import pytest

from converter.realengine import compile as harness_compile
from converter.realengine import sharedclasses
from converter.realengine.harness import parse_game


def _small_game() -> bytes:
    """The rule cases' small game (tests/check/check_mapkit.py)."""
    kit_path = Path(__file__).parents[1] / "check" / "check_mapkit.py"
    spec = importlib.util.spec_from_file_location("check_mapkit", kit_path)
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    return kit.base_xml().encode()


@pytest.mark.engine
@pytest.mark.slow
def test_the_first_run_makes_the_archive_the_next_ones_map(real_engine, tmp_path, monkeypatch):
    monkeypatch.setenv(harness_compile.CACHE_ENV, str(tmp_path / "cache"))
    classpath, first = sharedclasses.class_sharing(real_engine)
    jar = Path(classpath.split(":")[0])
    archive = jar.with_suffix(".jsa")
    assert not archive.exists() and first.options[0].startswith("-XX:DumpLoadedClassList=")
    first.finish()  # no JVM ran with it: an empty list, dropped, and no mark of failure
    assert not archive.with_name(archive.name + ".failed").exists()
    with zipfile.ZipFile(jar) as packed:
        assert "dday2/harness/Harness.class" in packed.namelist()
    recorded = parse_game(_small_game())  # records, then dumps
    assert archive.is_file() and archive.stat().st_size > 0
    _, later = sharedclasses.class_sharing(real_engine)
    assert later.options == [f"-XX:SharedArchiveFile={archive}"]
    assert parse_game(_small_game()) == recorded  # mapped: the same answer
    assert sorted(path.name for path in archive.parent.iterdir()) == sorted(
        [jar.name, archive.name, jar.name[:-len(".jar")]])  # no class list or staging left


def test_a_failed_dump_is_marked_and_not_tried_again(tmp_path):
    tools = dataclasses.replace(_fake_tools(tmp_path), java=Path("/bin/false"))
    archive = tmp_path / "harness-x.jsa"
    sharing = sharedclasses.ClassSharing(tools, "x.jar", archive)
    recorded = Path(sharing.options[0].split("=", 1)[1])
    recorded.write_text("java/lang/Object\n")  # what a JVM would have written
    sharing.finish()
    assert not archive.exists() and archive.with_name(archive.name + ".failed").exists()
    assert sharedclasses.ClassSharing(tools, "x.jar", archive).options == []
    assert sorted(path.name for path in tmp_path.iterdir()) == ["harness-x.jsa.failed"]


def _fake_tools(tmp_path: Path):
    from converter.realengine.locate import EngineTools

    return EngineTools(jar=tmp_path / "triplea.jar", java=Path("/bin/false"), javac=Path("/bin/false"),
                       engine_properties=None)
