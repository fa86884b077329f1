"""The map files are read in a background thread while the XML is checked: the findings
must be those of reading them on demand, and a failure in that thread must surface as the
rule's own C001, not hang or vanish."""

from __future__ import annotations

import threading
import time
from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check import context as context_module
from converter.check.config import CheckSettings
from converter.check.context import PREFETCHED, CheckContext
from converter.check.inputs import resolve
from converter.check.rule import REGISTRY
from converter.check.runner import check_target
from converter.check.worker import THREAD_NAME


def _target(tmp_path: Path, **changes):
    files = base_files()
    files.update(changes)
    root = write_tree(tmp_path / "map", files)
    with ExitStack() as stack:
        return resolve(root, stack)[0]


def _on_demand(target) -> set[tuple[str, str]]:
    """Every rule run in registry order on a context that never prefetches."""
    context = CheckContext(target)
    return {(finding.code, finding.message) for rule in REGISTRY for finding in rule.findings(context)}


def test_prefetched_findings_equal_on_demand_ones(tmp_path: Path) -> None:
    target = _target(tmp_path, **{"map/centers.txt": "Alpha (400,50)\nBeta (120,50)\nSea Zone (128,180)\n",
                                  "map/place.txt": "Alpha (10,10) (70,40)\nBeta (10,10)\nSea Zone (20,120)\n"})
    prefetched = {(finding.code, finding.message) for finding in check_target(target).findings}
    assert {"M307", "M308"} <= {code for code, _ in prefetched}
    assert prefetched == _on_demand(target)


def test_the_prefetch_runs_in_another_thread(tmp_path: Path, monkeypatch) -> None:
    readers: list[str] = []
    original = CheckContext._point_file

    def recording(self, name, **options):
        readers.append(threading.current_thread().name)
        return original(self, name, **options)

    monkeypatch.setattr(CheckContext, "_point_file", recording)
    check_target(_target(tmp_path))
    assert readers and all(name.startswith(THREAD_NAME) for name in readers)


def test_no_prefetch_without_map_file_rules(tmp_path: Path, monkeypatch) -> None:
    started = []
    monkeypatch.setattr(CheckContext, "_read_map_files", lambda self: started.append(self))
    check_target(_target(tmp_path), rules=[rule for rule in REGISTRY if rule.code[0] in "XRS"])
    assert started == []


def test_a_failure_in_the_prefetch_is_the_rules_finding(tmp_path: Path, monkeypatch) -> None:
    def broken(*_arguments, **_options):
        raise RuntimeError("scan broke")

    import converter.check.scanlines as scanlines

    monkeypatch.setattr(scanlines.ScanTable, "of", classmethod(broken))
    monkeypatch.setattr(scanlines.ScanTable, "of_arrays", classmethod(broken))
    findings = check_target(_target(tmp_path)).findings
    failed = {finding.message.split(" ")[1] for finding in findings if finding.code == "C001"}
    assert {"M307", "M308", "M309"} <= failed
    assert all("scan broke" in finding.message for finding in findings if finding.code == "C001")


@pytest.mark.parametrize("name", PREFETCHED)
def test_every_prefetched_value_is_a_context_value(name: str) -> None:
    assert isinstance(getattr(CheckContext, name), context_module.prefetched)


def test_game_xmls_of_one_map_folder_share_its_map_files(tmp_path: Path, monkeypatch) -> None:
    """The second XML of a map folder starts from what the first one's thread read, and its
    findings are those of reading everything again."""
    files = base_files()
    files["map/games/second.xml"] = files["map/games/tiny.xml"]
    files["map/centers.txt"] = "Alpha (40,50)\nSea Zone (128,180)\nNowhere (1,1)\n"  # M302, M303
    files["map/units/Reds/tinyfoot.png"] = b"not a png"  # I404
    root = write_tree(tmp_path / "map", files)
    with ExitStack() as stack:
        targets = resolve(root, stack)
        assert len(targets) == 2 and targets[0].map_dir == targets[1].map_dir
        alone = [check_target(target).findings for target in targets]
        cache: dict = {}
        submitted = []
        real_submit = context_module.CheckContext.prefetch_map_files

        def counting(self) -> None:
            before = self._prefetch
            real_submit(self)
            submitted.append(self._prefetch is not before)

        monkeypatch.setattr(context_module.CheckContext, "prefetch_map_files", counting)
        shared = [check_target(target, map_cache=cache).findings for target in targets]
    assert submitted == [True, False]  # the second XML read no map file again
    assert shared == alone
    assert {"M302", "M303", "I404"} <= {finding.code for finding in shared[1]}


def test_a_check_returns_only_once_its_folder_s_values_are_in_the_map_cache(tmp_path: Path, monkeypatch) -> None:
    """The map-file thread stores the folder's values as it ends, after the last step a rule
    waits for: a check that returned before that left the next game XML of the folder to read
    every file again (seen as a flaky count). Here the store is slowed down, and the second XML
    still starts from the first one's values."""
    files = base_files()
    files["map/games/second.xml"] = files["map/games/tiny.xml"]
    root = write_tree(tmp_path / "map", files)
    real_of = context_module.MapFileValues.of

    def slow_of(context):
        time.sleep(0.3)
        return real_of(context)

    monkeypatch.setattr(context_module.MapFileValues, "of", staticmethod(slow_of))
    with ExitStack() as stack:
        targets = resolve(root, stack)
        cache: dict = {}
        check_target(targets[0], CheckSettings(select=("M302",)), map_cache=cache)  # reads no image: no wait there
        assert targets[0].map_dir in cache


def _with_image_scan_held(monkeypatch):
    """Make the map-file thread's last step (the image scan) wait for the returned event."""
    release, reached = threading.Event(), threading.Event()
    real = CheckContext.image_facts.compute

    def held(self):
        reached.set()
        assert release.wait(10), "the test never released the image scan"
        return real(self)

    monkeypatch.setattr(CheckContext.image_facts, "compute", held)
    return release, reached


def test_a_reader_waits_only_for_the_step_that_leaves_its_value(tmp_path: Path, monkeypatch) -> None:
    """The map rules run beside the image scan: while that last step is held, every earlier
    value and every folder listing can be read; the scan's own value waits for it."""
    release, reached = _with_image_scan_held(monkeypatch)
    context = CheckContext(_target(tmp_path))
    context.prefetch_map_files()
    try:
        assert reached.wait(10)
        for name in PREFETCHED[:-1]:
            getattr(context, name)
        assert context.polygon_layout is not None
        assert context.map_folder("units") is not None
        assert not context._prefetch.done()  # still held: nothing above waited for its end
        reader = threading.Thread(target=lambda: context.image_facts)
        reader.start()
        reader.join(0.2)
        assert reader.is_alive()  # the scan's reader waits for the scan
    finally:
        release.set()
    reader.join(10)
    assert "image_facts" in context.__dict__


def test_a_value_the_thread_failed_on_is_computed_after_the_thread_ends(tmp_path: Path, monkeypatch) -> None:
    """Computing a failed value while the thread still runs could build a value beside it:
    the reader waits for its end first."""
    release, reached = _with_image_scan_held(monkeypatch)
    calls = []
    real = CheckContext.centers.compute

    def failing_in_the_thread(self):
        calls.append(threading.current_thread().name)
        if threading.current_thread().name.startswith(THREAD_NAME):
            raise OSError("flaky disk")
        return real(self)

    monkeypatch.setattr(CheckContext.centers, "compute", failing_in_the_thread)
    context = CheckContext(_target(tmp_path))
    context.prefetch_map_files()
    assert reached.wait(10)
    found = []
    reader = threading.Thread(target=lambda: found.append(context.centers))
    reader.start()
    reader.join(0.2)
    assert reader.is_alive() and found == []  # waiting for the held thread, not computing
    release.set()
    reader.join(10)
    assert found and found[0] is not None
    assert calls[-1] == reader.name  # computed by the reader, after every try of the thread
    assert calls[:-1] and all(name.startswith(THREAD_NAME) for name in calls[:-1])
