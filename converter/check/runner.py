"""Run the registered rules over targets and return findings, deduplicated and ordered.

A rule that fails on input it did not expect becomes one finding (C001), not a traceback,
so one odd map never hides the findings of the others.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import partial
from typing import Iterable

from lxml import etree

from converter.check import rules as _rules  # noqa: F401 - registers every rule
from converter.check.allocator import without_fastbins
from converter.check.collector import collector_paused
from converter.check.config import CheckSettings
from converter.check.context import CheckContext, Target
from converter.check.rule import REGISTRY, Rule
from converter.findings import Finding, Severity

INTERNAL_CODE = "C001"
MAP_FILE_GROUPS = "MI"  # map files (M3xx) and images (I4xx); the others read the XML and map.yml
DTD_RULE = "X004"  # the one reader of CheckContext.dtd_report
# the readers of the image scan, the map-file thread's last value: they run last, so the
# other map rules run while the scan is still under way (M308 reads the sizes of the images
# of a territory's starting units when it has points to judge)
IMAGE_SCAN_RULES = frozenset({"I404", "M311", "M308"})


@dataclass(frozen=True)
class TargetResult:
    target: Target
    findings: tuple[Finding, ...]


def check_target(target: Target, settings: CheckSettings = CheckSettings(),
                 rules: Iterable[Rule] | None = None, **context_options) -> TargetResult:
    without_fastbins()  # once per process; see allocator.py
    with collector_paused():  # no cycles are made; see collector.py
        return _check(target, settings, rules, context_options)


def _check(target: Target, settings: CheckSettings, rules: Iterable[Rule] | None,
           context_options: dict) -> TargetResult:
    everything = rules is None and not settings.select and not settings.ignore  # then CheckSettings.wants says yes
    plan = _every_rule() if everything else _plan(rules if rules is not None else REGISTRY, settings)
    prefetch = target.map_dir is not None and plan.reads_map_files
    # The background thread validates by the DTD when the XML is checked alone; with a map
    # folder it reads the map files instead, and the main thread parses and validates at once.
    options = {"early_dtd": plan.validates, "outline_tolerance": settings.outline_tolerance, **context_options}
    context = CheckContext(target, **options)
    wanted = plan.rules
    if prefetch:
        context.prefetch_map_files()
    found: dict[Finding, None] = {}
    for rule in wanted:
        try:
            _drain(map(found.setdefault, rule.findings(context)))  # the first of equal findings stays, in C
        except Exception as error:  # noqa: BLE001 - report and carry on with the other rules
            found.setdefault(Finding(INTERNAL_CODE, f"rule {rule.code} ({rule.name}) failed: "
                                     f"{type(error).__name__}: {error}", Severity.ERROR,
                                     file=context.display_path(None), name="internal.rule-failed"), None)
    if prefetch and context_options.get("map_cache") is not None:
        # the map-file thread stores the folder's values in the cache as it ends: wait for that, or
        # the next game XML of the folder may start before, and read every file again
        context.wait_for_prefetch()
    # libxml2 numbers an element by its start tag's last line; findings name its first
    moved = context.source_lines.moved(found, context.display_path(None), partial(_element_lines, context))
    return TargetResult(target, tuple(sorted(moved, key=_order)))


def _element_lines(context: CheckContext) -> set[int]:
    """The line of every element of the game XML (not of its comments or processing instructions)."""
    tree = context.tree
    return set() if tree is None else {element.sourceline for element in tree.iter(etree.Element)}


@dataclass(frozen=True)
class _Plan:
    rules: tuple[Rule, ...]  # in the order they run
    reads_map_files: bool  # some rule reads the map folder
    validates: bool  # the DTD rule runs


def _plan(rules: Iterable[Rule], settings: CheckSettings) -> _Plan:
    wanted = [rule for rule in rules if settings.wants(rule.code)]
    # XML rules first, the DTD's after them, the map files' last, the image scan's readers
    # at the very end (findings are sorted anyway)
    wanted.sort(key=lambda rule: (_reads_map_files(rule), rule.code in IMAGE_SCAN_RULES, rule.code == DTD_RULE))
    return _Plan(tuple(wanted), any(map(_reads_map_files, wanted)), any(rule.code == DTD_RULE for rule in wanted))


_EVERY_RULE: list = [None, None]  # the registry's list by code, and the plan made from it


def _every_rule() -> _Plan:
    """The plan of every registered rule, made again only after a registration (a check
    with default settings otherwise spends ~30 us asking each rule whether it is wanted)."""
    by_code = REGISTRY.by_code()
    if _EVERY_RULE[0] is not by_code:
        _EVERY_RULE[:] = [by_code, _plan(by_code, CheckSettings())]
    return _EVERY_RULE[1]


def _reads_map_files(rule: Rule) -> bool:
    return rule.code[0] in MAP_FILE_GROUPS


def _order(finding: Finding) -> tuple:
    """(file or "", line or 0, code, message), by index: a map can have hundreds of findings."""
    return (finding[3] or "", finding[4] or 0, finding[0], finding[1])


_drain = deque(maxlen=0).extend  # runs an iterator to its end, keeping nothing


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Findings of several XMLs of one map share the map files' findings; keep each once."""
    return list(dict.fromkeys(findings))
