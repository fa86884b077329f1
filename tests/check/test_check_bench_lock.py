"""The bench's floor under a check's wall time: the CPU a check spends holding Python's lock,
found as its CPU less the time inside the C kernels that release the lock, in both threads."""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import pytest

from bench.bench_check import LOCK_RUNS, lock_free_seconds
from check_mapkit import base_files, write_tree
from converter.check.accel import accelerator
from converter.check.engine import load_engine
from converter.check.inputs import resolve
from converter.check.runner import check_target
from converter.check.worker import background


def test_kernel_time_is_a_part_of_a_check_and_the_profilers_go(tmp_path: Path) -> None:
    with ExitStack() as stack:
        [target] = resolve(write_tree(tmp_path / "tiny", base_files()), stack)
        check_target(target)
        cpu = time.process_time()
        for _ in range(LOCK_RUNS):
            check_target(target)
        per_check = (time.process_time() - cpu) / LOCK_RUNS
        spent = lock_free_seconds(target)
    kernels = accelerator("_pngscan") is not None and accelerator("_pointtext") is not None
    assert (spent > 0) == kernels  # without the kernels (DDAY2_PURE=1) nothing runs lock-free
    assert spent < per_check * 1.5  # a part of the check (profiling slows only the Python around it)
    assert sys.getprofile() is None and background().submit(sys.getprofile).result() is None


def test_the_background_threads_kernels_count(tmp_path: Path) -> None:
    # a game XML alone is validated by the DTD kernel in the background thread
    if accelerator("_dtdvalid") is None or load_engine().dtd is None:
        pytest.skip("no DTD kernel or no engine DTD here: nothing runs lock-free for an XML alone")
    with ExitStack() as stack:
        [target] = resolve(write_tree(tmp_path / "tiny", base_files()), stack)
        alone = replace(target, map_dir=None, repo_root=None)
        check_target(alone)
        assert lock_free_seconds(alone) > 0
