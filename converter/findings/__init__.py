"""Findings are data: every check, consistency test and rule check yields `Finding`s;
output formats are functions over `Finding.to_dict()` (see `formatters`)."""

from converter.findings.finding import Finding, Severity

__all__ = ["Finding", "Severity"]
