"""Run the registered rules over targets and return findings, deduplicated and ordered.

A rule that fails on input it did not expect becomes one finding (C001), not a traceback,
so one odd map never hides the findings of the others.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable

from converter.check import rules as _rules  # noqa: F401 - registers every rule
from converter.check.collector import collector_paused
from converter.check.config import CheckSettings
from converter.check.context import CheckContext, Target
from converter.check.rule import REGISTRY, Rule
from converter.findings import Finding, Severity

INTERNAL_CODE = "C001"
MAP_FILE_GROUPS = "MI"  # map files (M3xx) and images (I4xx); the others read the XML and map.yml
DTD_RULE = "X004"  # the one reader of CheckContext.dtd_report


@dataclass(frozen=True)
class TargetResult:
    target: Target
    findings: tuple[Finding, ...]


def check_target(target: Target, settings: CheckSettings = CheckSettings(),
                 rules: Iterable[Rule] | None = None, **context_options) -> TargetResult:
    with collector_paused():  # no cycles are made; see collector.py
        return _check(target, settings, rules, context_options)


def _check(target: Target, settings: CheckSettings, rules: Iterable[Rule] | None,
           context_options: dict) -> TargetResult:
    wanted = [rule for rule in (rules if rules is not None else REGISTRY) if settings.wants(rule.code)]
    prefetch = target.map_dir is not None and any(map(_reads_map_files, wanted))
    # The background thread validates by the DTD when the XML is checked alone; with a map
    # folder it reads the map files instead, and the main thread parses and validates at once.
    options = {"early_dtd": any(rule.code == DTD_RULE for rule in wanted), **context_options}
    context = CheckContext(target, **options)
    wanted.sort(key=lambda rule: (_reads_map_files(rule), rule.code == DTD_RULE))  # findings are sorted anyway
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
    return TargetResult(target, tuple(sorted(found, key=_order)))


def _reads_map_files(rule: Rule) -> bool:
    return rule.code[0] in MAP_FILE_GROUPS


def _order(finding: Finding) -> tuple:
    """(file or "", line or 0, code, message), by index: a map can have hundreds of findings."""
    return (finding[3] or "", finding[4] or 0, finding[0], finding[1])


_drain = deque(maxlen=0).extend  # runs an iterator to its end, keeping nothing


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Findings of several XMLs of one map share the map files' findings; keep each once."""
    return list(dict.fromkeys(findings))
