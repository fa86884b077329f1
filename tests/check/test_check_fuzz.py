"""Mangled point files of a real-sized package never break a rule (no C001): every rule
reads them through the fast numpy paths, which must give way to findings, not crash.
(Fuzzing this way found points beyond int64 crashing M307/M308.)"""

from __future__ import annotations

import random
import shutil
from contextlib import ExitStack
from pathlib import Path

import pytest

from converter.check.inputs import resolve
from converter.check.runner import INTERNAL_CODE, check_target

TOKENS = ["(", ")", ",", "<", ">", "-", "0", "9" * 25, "-2147483649", " ", "\n", "|", "x", "(1,2)", "(3,-4)",
          "\t", "é", "\x00", "(99999999999999999999999,5)"]


def _mangle(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 40)):
        position = rng.randrange(len(chars))
        choice = rng.random()
        if choice < 0.4:
            chars.insert(position, rng.choice(TOKENS))
        elif choice < 0.7:
            del chars[position]
        else:
            chars[position] = rng.choice(TOKENS)
    return "".join(chars)


@pytest.mark.parametrize("seed", range(12))
def test_mangled_point_files_give_findings_not_internal_errors(built_dday2: Path, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    package = tmp_path / "package"
    shutil.copytree(built_dday2, package, ignore=shutil.ignore_patterns("*Tiles", "units", "flags"))
    for name in rng.sample(["polygons.txt", "place.txt", "centers.txt"], rng.randint(1, 3)):
        point_file = package / "map" / name
        point_file.write_text(_mangle(point_file.read_text(), rng))
    with ExitStack() as stack:
        results = [check_target(target) for target in resolve(package, stack)]
    findings = [finding for result in results for finding in result.findings]
    assert findings  # the mangling (or the missing tiles and images) is reported
    assert not [finding.message for finding in findings if finding.code == INTERNAL_CODE]
