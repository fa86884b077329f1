"""The optional C accelerators: built wherever a compiler is, and giving exactly the
findings of the numpy/Python paths (DDAY2_PURE=1) on real maps, end to end."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from converter.check.accel import PURE_VARIABLE
from converter.paths import REPO_ROOT

SOURCES = sorted((REPO_ROOT / "converter" / "check").glob("_*.c"))


def _built(source: Path) -> Path | None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    module = source.with_name(source.stem + suffix)
    return module if module.is_file() else None


def test_every_accelerator_is_built_when_a_compiler_is_present() -> None:
    if not SOURCES:
        pytest.skip("this checkout has no C accelerators")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}): the check runs its numpy/Python paths")
    missing = [source.name for source in SOURCES if _built(source) is None]
    assert not missing, f"not built: {missing}; run `make setup` (pip install -e .)"
    # (the build copies the module with its time in whole seconds)
    stale = [source.name for source in SOURCES if _built(source).stat().st_mtime < int(source.stat().st_mtime)]
    assert not stale, f"built from an older source: {stale}; run `make setup` again"


def _findings(path: Path, pure: bool) -> dict:
    environment = {name: value for name, value in os.environ.items() if name != PURE_VARIABLE}
    if pure:
        environment[PURE_VARIABLE] = "1"
    completed = subprocess.run([sys.executable, "-m", "converter", "check", "--format", "json", str(path)],
                               cwd=REPO_ROOT, env=environment, capture_output=True, text=True, timeout=300)
    assert completed.returncode in (0, 1), completed.stderr
    return json.loads(completed.stdout)


@pytest.mark.slow
def test_accelerated_and_pure_checks_agree_on_real_maps(community_map_dir: Path, built_dday2: Path,
                                                        shared_dir: Path) -> None:
    if not any(map(_built, SOURCES)):
        pytest.skip("no C accelerator is built here: nothing to compare")
    xmls = sorted((shared_dir / "reference" / "map-xmls").glob("*.xml"))[:6]
    for path in (community_map_dir, built_dday2, *xmls):
        accelerated, pure = _findings(path, pure=False), _findings(path, pure=True)
        assert accelerated == pure, path.name
