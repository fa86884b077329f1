"""The C kernels under AddressSanitizer and UndefinedBehaviorSanitizer.

A scratch copy of the checkout gets its kernels built with both sanitizers; every other test
of `dday2 check` but those that play games in the engine (the kernels' hostile inputs and
Hypothesis cases, whole checks of real maps, the fuzz pair) then runs there in a child pytest
with the sanitizer runtimes preloaded. Any
report (an out-of-bounds read, a NULL handed to qsort or memcpy, an overflow) ends the child
and fails this test with the report. Found this way: `_listing` passed NULL to memcpy and
qsort for an empty folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from converter.paths import REPO_ROOT, SHARED_DIR

pytestmark = [pytest.mark.slow, pytest.mark.longest]

SANITIZERS = "-fsanitize=address,undefined"
RUNTIMES = ("libasan.so", "libubsan.so")
COPIED = ("converter", "tests", "bench", "docs", "maps", "templates", "scripts", "setup.py", "pyproject.toml",
          "action.yml", ".pre-commit-hooks.yaml")
THIS_TEST = "tests/check/test_check_sanitizers.py"  # the child runs every other check test,
ENGINE_ONLY = "tests/check/test_check_engine_agrees.py"  # but this one: it asks the engine alone, no kernel
# nor the oracles that play games in the engine's JVM: they check the same small cases as the rule
# cases do, and a JVM with the sanitizer runtimes preloaded took most of this test's time (15 of 19 min)
PLAYS_NO_GAMES = "not (slow and engine)"
REPORTED = 86  # the exit status of a process a sanitizer stopped


def _runtime(name: str) -> str | None:
    """The sanitizer runtime gcc links against, or None when this gcc has none."""
    try:
        found = subprocess.run(["gcc", f"-print-file-name={name}"], capture_output=True, text=True,
                               timeout=60).stdout.strip()
    except OSError:
        return None
    return found if os.path.isabs(found) and os.path.isfile(found) else None


@pytest.fixture(scope="module")
def sanitized_checkout(tmp_path_factory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("no gcc: the kernels cannot be built with sanitizers here")
    if not all(map(_runtime, RUNTIMES)):
        pytest.skip(f"gcc has no sanitizer runtimes ({', '.join(RUNTIMES)})")
    scratch = tmp_path_factory.mktemp("sanitized")
    checkout = scratch / "checkout"
    checkout.mkdir()
    ignore = shutil.ignore_patterns("*.so", "__pycache__", "build", "*.egg-info")
    for name in COPIED:
        source = REPO_ROOT / name
        if source.is_dir():
            shutil.copytree(source, checkout / name, ignore=ignore)
        elif source.is_file():
            shutil.copy2(source, checkout / name)
    if SHARED_DIR.is_dir():  # the tests find ../shared beside the checkout, as in CI
        (scratch / "shared").symlink_to(SHARED_DIR)
    environment = {**os.environ, "CFLAGS": f"{SANITIZERS} -fno-omit-frame-pointer -g",
                   "LDFLAGS": SANITIZERS}
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "--force"], cwd=checkout,
                           env=environment, capture_output=True, text=True, timeout=900)
    kernels = sorted(path.name for path in (checkout / "converter" / "check").glob("_*.so"))
    sources = sorted((checkout / "converter" / "check").glob("_*.c"))
    if len(kernels) != len(sources):
        pytest.fail(f"sanitized build made {len(kernels)} of {len(sources)} kernels:\n{built.stderr[-3000:]}")
    return checkout


def test_kernel_tests_and_real_map_checks_raise_no_sanitizer_report(sanitized_checkout: Path) -> None:
    environment = {name: value for name, value in os.environ.items() if name not in ("DDAY2_PURE", "PYTHONPATH")}
    environment.update(
        PYTHONPATH=str(sanitized_checkout),  # before the editable install of the real checkout
        LD_PRELOAD=" ".join(map(_runtime, RUNTIMES)),
        # Python keeps objects to the end on purpose: leaks are not what this looks for. A
        # report ends its process with REPORTED, which no test's subprocess accepts, so a report
        # in a whole `dday2 check` run by a test fails that test with the report in its message.
        ASAN_OPTIONS=f"detect_leaks=0:exitcode={REPORTED}",
        UBSAN_OPTIONS=f"halt_on_error=1:print_stacktrace=1:exitcode={REPORTED}",
        PYTHONDONTWRITEBYTECODE="1",
    )
    child = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-s", "-p", "no:cacheprovider",
                            "-m", PLAYS_NO_GAMES, "--ignore", THIS_TEST, "--ignore", ENGINE_ONLY, "tests/check"],
                           cwd=sanitized_checkout, env=environment, capture_output=True, text=True, timeout=1800)
    output = child.stdout + child.stderr
    reports = [line.strip() for line in output.splitlines()
               if "runtime error:" in line or "ERROR: AddressSanitizer" in line]
    assert not reports and child.returncode == 0, "\n".join(reports[:20]) + "\n" + output[-4000:]
    assert "passed" in child.stdout  # the kernels' tests did run there
    # the child imported the sanitized kernels, not the real checkout's
    probe = subprocess.run([sys.executable, "-c", "import converter.check._listing as k; print(k.__file__)"],
                           cwd=sanitized_checkout, env=environment, capture_output=True, text=True, timeout=120)
    assert probe.stdout.strip().startswith(str(sanitized_checkout)), probe.stdout + probe.stderr
