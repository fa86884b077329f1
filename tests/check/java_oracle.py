"""A small Java program written by a test, compiled and run here: Java's own library as the
oracle for what the checker reads as Java does (.properties files, point files)."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest

NEEDS_JDK = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None,
                               reason="needs a JDK (javac, java)")


def run_java(folder: Path, class_name: str, source: str, arguments: Iterable[str]) -> None:
    """Compile `source` as `<class_name>.java` in `folder` and run it with `arguments`."""
    (folder / f"{class_name}.java").write_text(source)
    subprocess.run(["javac", f"{class_name}.java"], cwd=folder, check=True, capture_output=True)
    subprocess.run(["java", "-cp", str(folder), class_name, *arguments], check=True, capture_output=True)


def generated_texts(seed: int, pieces: Sequence[str], count: int,
                    longest: int) -> Iterator[tuple[int, str, random.Random]]:
    """`count` texts of 1 to `longest` pieces drawn at random (reproducibly, from `seed`): each
    with its number and the generator, for a test to vary it further."""
    rng = random.Random(seed)
    for number in range(count):
        yield number, "".join(rng.choice(pieces) for _ in range(rng.randint(1, longest))), rng
