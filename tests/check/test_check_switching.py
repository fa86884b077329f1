"""The shorter GIL switch interval lasts exactly as long as the background thread's work (the
map files, the DTD validation), and leaves an interval someone else set alone."""

from __future__ import annotations

import sys
import threading
from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check import dtdvalid, switching
from converter.check.context import CheckContext
from converter.check.inputs import resolve


def near(seconds: float):
    return pytest.approx(seconds, rel=0.05)  # the interpreter keeps whole microseconds


@pytest.fixture
def default_interval():
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    yield 0.005
    sys.setswitchinterval(before)


def test_shorten_and_restore_nest(default_interval) -> None:
    switching.shorten()
    switching.shorten()
    assert sys.getswitchinterval() == near(switching.PREFETCH_INTERVAL)
    switching.restore()
    assert sys.getswitchinterval() == near(switching.PREFETCH_INTERVAL)  # one user left
    switching.restore()
    assert sys.getswitchinterval() == near(default_interval)
    switching.restore()  # one too many: nothing to undo
    assert sys.getswitchinterval() == near(default_interval)


def test_an_interval_set_meanwhile_stays(default_interval) -> None:
    switching.shorten()
    sys.setswitchinterval(0.002)
    switching.restore()
    assert sys.getswitchinterval() == near(0.002)


def test_a_shorter_interval_is_kept(default_interval) -> None:
    sys.setswitchinterval(0.0001)
    switching.shorten()
    assert sys.getswitchinterval() == near(0.0001)
    switching.restore()
    assert sys.getswitchinterval() == near(0.0001)


def _interval_comes_back_to(seconds: float) -> bool:
    """Whether the switch interval is `seconds` again within a second: the job's done-callback
    restores it in the background thread just after the job."""
    for _ in range(1000):
        if sys.getswitchinterval() == near(seconds):
            return True
        threading.Event().wait(0.001)
    return False


def test_the_prefetch_runs_with_the_short_interval_and_restores_it(tmp_path: Path, monkeypatch,
                                                                    default_interval) -> None:
    root = write_tree(tmp_path / "map", base_files())
    with ExitStack() as stack:
        target = resolve(root, stack)[0]
    seen = []
    release = threading.Event()
    original = CheckContext._read_map_files

    def watched(self):
        seen.append(sys.getswitchinterval())
        release.wait(10)
        original(self)

    monkeypatch.setattr(CheckContext, "_read_map_files", watched)
    context = CheckContext(target)
    context.prefetch_map_files()
    assert sys.getswitchinterval() == near(switching.PREFETCH_INTERVAL)  # while it runs
    release.set()
    context.wait_for_prefetch()
    context._prefetch.result()
    assert seen == [near(switching.PREFETCH_INTERVAL)]
    assert _interval_comes_back_to(default_interval)
    assert context.polygons is not None


def test_the_dtd_validation_runs_with_the_short_interval_and_restores_it(monkeypatch, default_interval) -> None:
    release = threading.Event()
    seen = []

    class Kernel:  # the _dtdvalid kernel's validate, held until released
        @staticmethod
        def validate(xml_bytes, dtd_bytes, keep):
            seen.append(sys.getswitchinterval())
            release.wait(10)
            return (True, 0, ())

    monkeypatch.setattr(dtdvalid, "_kernel", lambda dtd_bytes: Kernel)
    pending = dtdvalid.start(b"<game/>", b"<!ELEMENT game EMPTY>")
    assert sys.getswitchinterval() == near(switching.PREFETCH_INTERVAL)  # while it runs
    release.set()
    assert dtdvalid.result(pending) == dtdvalid.DtdReport(True, 0, ())
    assert seen == [near(switching.PREFETCH_INTERVAL)]
    assert _interval_comes_back_to(default_interval)
