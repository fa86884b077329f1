"""Compile our Java harness against the engine jar, once per (sources, jar) pair, into a cache."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from converter.realengine.locate import EngineTools, EngineUnavailable

JAVA_SOURCES_DIR = Path(__file__).resolve().parent / "java"
CACHE_ENV = "DDAY2_CACHE"
MAIN_CLASS = "dday2.harness.Harness"


def cache_root() -> Path:
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path.home() / ".cache" / "dday2"


def java_sources() -> list[Path]:
    return sorted(JAVA_SOURCES_DIR.rglob("*.java"))


def sources_key(tools: EngineTools) -> str:
    """Hash of every source file and of the jar's identity: either changing means recompiling."""
    digest = hashlib.sha256()
    for source in java_sources():
        digest.update(source.relative_to(JAVA_SOURCES_DIR).as_posix().encode())
        digest.update(source.read_bytes())
    stat = tools.jar.stat()
    digest.update(f"{tools.jar}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def harness_classes(tools: EngineTools) -> Path:
    """The folder of compiled harness classes, compiling on first use (safe under parallel callers)."""
    target = cache_root() / f"harness-{sources_key(tools)}"
    if (target / "dday2" / "harness" / "Harness.class").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    try:
        completed = subprocess.run(
            [str(tools.javac), "-nowarn", "-encoding", "UTF-8", "-d", str(staging),
             "-cp", str(tools.jar), *map(str, java_sources())],
            capture_output=True, text=True, timeout=300,
        )
        if completed.returncode != 0:
            raise EngineUnavailable(f"javac failed on the harness sources:\n{completed.stderr.strip()}")
        try:
            staging.rename(target)  # atomic publish; a parallel caller may have won the race
        except OSError:
            if not (target / "dday2" / "harness" / "Harness.class").is_file():
                raise
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target
