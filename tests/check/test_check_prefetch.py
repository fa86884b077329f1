"""The map files are read in a background thread while the XML is checked: the findings
must be those of reading them on demand, and a failure in that thread must surface as the
rule's own C001, not hang or vanish."""

from __future__ import annotations

import threading
from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check import context as context_module
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
