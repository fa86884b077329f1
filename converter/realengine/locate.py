"""Find the real TripleA engine (jar, java, javac) or say clearly why it cannot be used."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

JAR_ENV = "DDAY2_TRIPLEA_JAR"
# Debian's package `triplea` (TripleA 1.9); the jar's manifest Class-Path names its libraries.
DEFAULT_JAR = Path("/usr/share/games/triplea/bin/triplea.jar")
# The engine reads this from its working directory; without it the first save fails.
ENGINE_PROPERTIES = "game_engine.properties"


class EngineUnavailable(RuntimeError):
    """The engine or the JDK is missing; the message says what and how to get it."""


@dataclass(frozen=True)
class EngineTools:
    jar: Path
    java: Path
    javac: Path
    engine_properties: Path | None  # beside the jar in Debian's layout


def locate_engine() -> EngineTools:
    """The jar ($DDAY2_TRIPLEA_JAR, else Debian's path), java and javac ($JAVA_HOME/bin, else PATH)."""
    override = os.environ.get(JAR_ENV)
    jar = Path(override) if override else DEFAULT_JAR
    if not jar.is_file():
        origin = f"${JAR_ENV}" if override else "the default path"
        raise EngineUnavailable(
            f"TripleA jar not found at {jar} ({origin}); install Debian package 'triplea' "
            f"or point {JAR_ENV} at a triplea.jar"
        )
    java = _tool("java")
    javac = _tool("javac")
    properties = jar.parent / ENGINE_PROPERTIES
    return EngineTools(jar=jar.resolve(), java=java, javac=javac,
                       engine_properties=properties if properties.is_file() else None)


def _tool(name: str) -> Path:
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        candidate = Path(java_home) / "bin" / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    if found is None:
        raise EngineUnavailable(f"'{name}' not found on PATH or in $JAVA_HOME/bin; install a JDK (Java 17, e.g. openjdk-17-jdk-headless)")
    return Path(found)


def engine_unavailable_reason() -> str | None:
    """None when the engine can be used, else the reason (for pytest skips)."""
    try:
        locate_engine()
    except EngineUnavailable as missing:
        return str(missing)
    return None
