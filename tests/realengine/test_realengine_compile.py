"""The harness is compiled once per (sources, jar) into the cache, and recompiled when a source changes."""

from __future__ import annotations


import pytest


from converter.realengine import compile as harness_compile



@pytest.mark.engine
def test_compiled_once_into_a_folder_keyed_by_the_sources(real_engine, tmp_path, monkeypatch):
    monkeypatch.setenv(harness_compile.CACHE_ENV, str(tmp_path / "cache"))
    classes = harness_compile.harness_classes(real_engine)
    assert classes.parent == tmp_path / "cache"
    assert classes.name == f"harness-{harness_compile.sources_key(real_engine)}"
    main_class = classes / "dday2" / "harness" / "Harness.class"
    compiled_at = main_class.stat().st_mtime_ns
    assert harness_compile.harness_classes(real_engine) == classes  # cached: not compiled again
    assert main_class.stat().st_mtime_ns == compiled_at
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [classes.name]  # no staging left behind


@pytest.mark.engine
def test_key_changes_with_any_source(real_engine, tmp_path, monkeypatch):
    sources = tmp_path / "java"
    (sources / "dday2").mkdir(parents=True)
    source = sources / "dday2" / "A.java"
    source.write_text("class A {}\n")
    monkeypatch.setattr(harness_compile, "JAVA_SOURCES_DIR", sources)
    before = harness_compile.sources_key(real_engine)
    source.write_text("class A { int x; }\n")
    assert harness_compile.sources_key(real_engine) != before
