"""Run the registered rules over targets and return findings, deduplicated and ordered.

A rule that fails on input it did not expect becomes one finding (C001), not a traceback,
so one odd map never hides the findings of the others.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Iterator

from converter.check import rules as _rules  # noqa: F401 - registers every rule
from converter.check.collector import collector_paused
from converter.check.config import CheckSettings
from converter.check.context import CheckContext, Target
from converter.check.rule import REGISTRY, Rule
from converter.findings import Finding, Severity

INTERNAL_CODE = "C001"
MAP_FILE_GROUPS = "MI"  # map files (M3xx) and images (I4xx); the others read the XML and map.yml
SWITCH_INTERVAL = 0.0002  # s
DTD_RULE = "X004"  # the one reader of CheckContext.dtd_report


@dataclass(frozen=True)
class TargetResult:
    target: Target
    findings: tuple[Finding, ...]


def check_target(target: Target, settings: CheckSettings = CheckSettings(),
                 rules: Iterable[Rule] | None = None, **context_options) -> TargetResult:
    with collector_paused(), _quick_thread_switches():  # no cycles are made; see collector.py
        return _check(target, settings, rules, context_options)


@contextmanager
def _quick_thread_switches() -> Iterator[None]:
    """The map-file thread needs the GIL only briefly between its C kernels; by default it
    would wait up to 5 ms for each turn while the main thread runs Python."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _check(target: Target, settings: CheckSettings, rules: Iterable[Rule] | None,
           context_options: dict) -> TargetResult:
    wanted = [rule for rule in (rules if rules is not None else REGISTRY) if settings.wants(rule.code)]
    # the DTD validation runs in the background beside the other rules, only when its rule
    # is wanted, and that rule runs after the other XML rules so it rarely waits (findings
    # are sorted anyway)
    context_options.setdefault("early_dtd", any(rule.code == DTD_RULE for rule in wanted))
    context = CheckContext(target, **context_options)
    # rules of the XML alone first, while a background thread reads the map files
    wanted.sort(key=lambda rule: (_reads_map_files(rule), rule.code == DTD_RULE))
    if any(map(_reads_map_files, wanted)):
        context.prefetch_map_files()
    found: dict[Finding, None] = {}
    for rule in wanted:
        try:
            for finding in rule.findings(context):
                found.setdefault(finding, None)
        except Exception as error:  # noqa: BLE001 - report and carry on with the other rules
            found.setdefault(Finding(INTERNAL_CODE, f"rule {rule.code} ({rule.name}) failed: "
                                     f"{type(error).__name__}: {error}", Severity.ERROR,
                                     file=context.display_path(None), name="internal.rule-failed"), None)
    return TargetResult(target, tuple(sorted(found, key=_order)))


def _reads_map_files(rule: Rule) -> bool:
    return rule.code[0] in MAP_FILE_GROUPS


def _order(finding: Finding) -> tuple:
    return (finding.file or "", finding.line or 0, finding.code, finding.message)


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Findings of several XMLs of one map share the map files' findings; keep each once."""
    return list(dict.fromkeys(findings))
