"""Class data sharing for the harness's JVMs: each game the engine plays is a new JVM, and most
of its start is loading and verifying the engine's classes (an oracle test plays hundreds).

The first JVM of a (sources, jar) pair records the classes it loads (`-XX:DumpLoadedClassList`;
the harness halts the JVM, so an archive written at exit is not an option); then one `java
-Xshare:dump` makes a static archive of them beside the compiled harness, and every later JVM
maps it (`-XX:SharedArchiveFile`): a small game's JVM starts in about two thirds of the time.
An archive needs jars on the class path, so the harness classes are packed into one. Anything
that fails leaves the JVMs as they were: a dump that fails is marked and not tried again, and a
JVM that cannot map an archive (another JDK) starts without it, as `-Xshare:auto` does.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import zipfile
from pathlib import Path

from converter.realengine.compile import harness_classes
from converter.realengine.locate import EngineTools

DUMP_TIMEOUT = 120.0  # seconds for `java -Xshare:dump`


def harness_jar(tools: EngineTools) -> Path:
    """The compiled harness classes packed into a jar beside their folder (made once)."""
    classes = harness_classes(tools)
    jar = classes.with_name(classes.name + ".jar")
    if jar.is_file():
        return jar
    handle, staging = tempfile.mkstemp(prefix=jar.name + ".", dir=jar.parent)
    os.close(handle)
    try:
        with zipfile.ZipFile(staging, "w", zipfile.ZIP_DEFLATED) as packed:
            for path in sorted(classes.rglob("*.class")):  # a fixed order: the same jar each time
                packed.write(path, path.relative_to(classes).as_posix())
        os.replace(staging, jar)  # atomic: a parallel caller's jar is the same
    finally:
        if os.path.exists(staging):
            os.unlink(staging)
    return jar


class ClassSharing:
    """The JVM options for one run, and what to do once it has ended."""

    def __init__(self, tools: EngineTools, classpath: str, archive: Path) -> None:
        self._tools, self._classpath, self._archive = tools, classpath, archive
        self._failed = archive.with_name(archive.name + ".failed")
        self._class_list: Path | None = None
        if archive.is_file():
            self.options = [f"-XX:SharedArchiveFile={archive}"]
        elif self._failed.exists():
            self.options = []
        else:  # this run records the classes it loads
            handle, name = tempfile.mkstemp(prefix=archive.name + ".", suffix=".classes", dir=archive.parent)
            os.close(handle)
            self._class_list = Path(name)
            self.options = [f"-XX:DumpLoadedClassList={name}"]

    def finish(self) -> None:
        """After the run: make the archive from the classes it recorded (if it recorded them)."""
        class_list, self._class_list = self._class_list, None
        if class_list is None:
            return
        try:
            self._dump(class_list)
        except OSError:  # (a full disk, a cache made read-only): the JVMs start as before
            pass

    def _dump(self, class_list: Path) -> None:
        handle, staging = tempfile.mkstemp(prefix=self._archive.name + ".", suffix=".jsa", dir=self._archive.parent)
        os.close(handle)
        try:
            if class_list.stat().st_size == 0:
                return  # the JVM did not start: try again next time
            try:
                dumped = subprocess.run([str(self._tools.java), "-Xshare:dump", f"-XX:SharedClassListFile={class_list}",
                                         f"-XX:SharedArchiveFile={staging}", "-cp", self._classpath],
                                        capture_output=True, timeout=DUMP_TIMEOUT, stdin=subprocess.DEVNULL)
                made = dumped.returncode == 0 and os.path.getsize(staging) > 0
            except (OSError, subprocess.TimeoutExpired):
                made = False
            if made:
                os.replace(staging, self._archive)
            else:
                self._failed.touch()
        finally:
            for leftover in (class_list, Path(staging)):
                if leftover.exists():
                    leftover.unlink()


def class_sharing(tools: EngineTools) -> tuple[str, ClassSharing]:
    """The class path of the harness's JVMs, and their class data sharing for one run."""
    jar = harness_jar(tools)
    classpath = f"{jar}:{tools.jar}"
    return classpath, ClassSharing(tools, classpath, jar.with_suffix(".jsa"))
