"""`make test` runs the suite in pytest-xdist workers, which stop the run unless each collects the
same test ids in the same order: no id may depend on the time, the hash seed or the process.
(An id holding a gzip header's time once stopped a CI run.)"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from converter.paths import REPO_ROOT


@pytest.mark.slow
def test_two_processes_collect_the_same_test_ids() -> None:
    collected = []
    for hash_seed in ("1", "2"):
        if collected:
            time.sleep(1.1)  # past a second: a time in an id would differ
        run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                             cwd=REPO_ROOT, env={**os.environ, "PYTHONHASHSEED": hash_seed},
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        collected.append([line for line in run.stdout.splitlines() if "::" in line])
    assert collected[0] == collected[1]
    assert len(collected[0]) > 3000
