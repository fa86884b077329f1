"""X004 (DTD validation) off the main thread: the C kernel `_dtdvalid` in the background
against lxml's `DTD.validate` on the main thread, in the same run.

For the community D-Day2 XML and WAW40.xml (XML only: map_dir=None):
- X004's cost on the main thread when it runs last, as the runner runs it;
- the whole XML-only `check_target`, both ways;
- peer: the lxml parse of the same bytes (the engine's warm parse of D-Day_2.xml is 5.2 ms).
Medians of RUNS, the two ways alternating so machine load hits both alike.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from converter.check.accel import accelerator
from converter.check.context import CheckContext, Target
from converter.check.engine import load_engine
from converter.check.rule import REGISTRY
from converter.check.runner import DTD_RULE, check_target
from converter.paths import SHARED_DIR
from converter.xmlsafe import parse_xml

RUNS = 41
XMLS = (SHARED_DIR / "reference" / "dday2-community-map" / "map" / "games" / "D-Day_2.xml",
        SHARED_DIR / "reference" / "map-xmls" / "WAW40.xml")


def _target(xml: Path) -> Target:
    return Target(xml=xml, map_dir=None, repo_root=None, display_root=xml.parent, label=xml.name)


def _x004_last(target: Target, early: bool) -> float:
    """Seconds the main thread spends in X004 after every other rule ran."""
    context = CheckContext(target, early_dtd=early)
    x004 = next(rule for rule in REGISTRY if rule.code == DTD_RULE)
    for rule in REGISTRY:
        if rule is not x004:
            list(rule.findings(context))
    start = time.perf_counter()
    list(x004.findings(context))
    return time.perf_counter() - start


def _whole(target: Target, early: bool) -> float:
    start = time.perf_counter()
    check_target(target, early_dtd=early)
    return time.perf_counter() - start


def _medians(function, target: Target) -> tuple[float, float]:
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(RUNS):
        for early in (False, True):
            times[early].append(function(target, early))
    return statistics.median(times[False]), statistics.median(times[True])


def run() -> list[str]:
    kernel = accelerator("_dtdvalid")
    if kernel is None:
        return ["_dtdvalid is not built (python3 setup.py build_ext --inplace) or DDAY2_PURE is set: nothing to compare"]
    dtd = load_engine().dtd
    if dtd is None:
        return ["no game.dtd (engine jar absent): X004 does not run"]
    lines = []
    for xml in XMLS:
        if not xml.is_file():
            lines.append(f"{xml.name}: absent, skipped")
            continue
        target = _target(xml)
        data = xml.read_bytes()
        parse = statistics.median(_time(lambda: parse_xml(data, keep_blanks=False)) for _ in range(RUNS))  # as the check
        kernel_cpu = statistics.median(_time(lambda: kernel.validate(data, dtd, 21)) for _ in range(RUNS))
        lxml_x004, kernel_x004 = _medians(_x004_last, target)
        lxml_whole, kernel_whole = _medians(_whole, target)
        lines += [
            f"{xml.name}: X004 on the main thread {lxml_x004 * 1e3:.2f} ms (lxml) -> {kernel_x004 * 1e3:.2f} ms "
            f"(kernel in background; its own parse+validate {kernel_cpu * 1e3:.2f} ms on the other core)",
            f"{xml.name}: whole XML-only check {lxml_whole * 1e3:.2f} ms -> {kernel_whole * 1e3:.2f} ms "
            f"({kernel_whole / lxml_whole:.2f}x); peer lxml parse {parse * 1e3:.2f} ms, "
            f"check / parse {lxml_whole / parse:.2f}x -> {kernel_whole / parse:.2f}x",
        ]
    return lines


def _time(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start
