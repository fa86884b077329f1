"""What each rule is for, from its check function's docstring: `dday2 check --explain CODE`,
`--list-rules --format json` and the SARIF rule help read it here.

A rule's docstring has three paragraphs: a one-sentence summary, "Why: ..." (what goes
wrong when it is left) and "Fix: ..." (what to change). A rule registered without one
explains itself by its name, so a plugin rule never breaks the listing.
"""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass
from string import Formatter
from typing import Any

from converter.check.rule import Rule
from converter.findings import Severity

WHY, FIX = "Why: ", "Fix: "
SUMMARY_LIMIT = 100  # characters: the summary is one line of `--list-rules`
# what an internal failure of a rule (runner.INTERNAL_CODE) means: it is no rule of its own
INTERNAL = ("A rule failed with an internal error, so its check did not run on this game XML.",
            "The other rules ran and their findings stand, but this rule's mistakes, if any, "
            "went unreported; the message names the rule and the error.",
            "Report it to the dday2 toolkit with the map (or the smallest part of it that still "
            "fails); until then `--ignore` the failing rule's code to keep CI quiet.")


@dataclass(frozen=True)
class RuleDoc:
    summary: str
    why: str
    fix: str


def rule_doc(rule: Rule) -> RuleDoc:
    """The three paragraphs of `rule`'s docstring, each on one line; the name when it has none."""
    paragraphs = [" ".join(paragraph.split()) for paragraph in inspect.cleandoc(rule.check.__doc__ or "").split("\n\n")]
    if len(paragraphs) == 3 and paragraphs[1].startswith(WHY) and paragraphs[2].startswith(FIX):
        return RuleDoc(paragraphs[0], paragraphs[1][len(WHY):], paragraphs[2][len(FIX):])
    return RuleDoc(paragraphs[0] or rule.name, "", "")


def message_shape(template: str) -> str:
    """A rule's message template with each field shown as `{field}` (no conversion or format):
    what a finding reads like."""
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        return template
    return "".join(literal + ("{" + field + "}" if field is not None else "") for literal, field, _spec, _conv in parsed)


def rule_dict(rule: Rule) -> dict[str, Any]:
    """A rule as data: for `--list-rules --format json`, `--explain --format json` and SARIF."""
    doc = rule_doc(rule)
    return {"code": rule.code, "name": rule.name, "severity": rule.severity.value,
            "message": message_shape(rule.template), "summary": doc.summary, "why": doc.why, "fix": doc.fix,
            "beyond_engine": rule.beyond_engine}


def internal_dict(code: str) -> dict[str, Any]:
    summary, why, fix = INTERNAL
    return {"code": code, "name": "internal.rule-failed", "severity": Severity.ERROR.value,
            "message": "rule {code} ({name}) failed: {error}", "summary": summary, "why": why, "fix": fix,
            "beyond_engine": True}


def explain_text(entry: dict[str, Any], width: int = 88) -> str:
    """One rule's explanation for a terminal, paragraphs wrapped to `width`."""
    def para(text: str, indent: str = "  ") -> str:
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    lines = [f"{entry['code']}  {entry['name']}  ({entry['severity']})", "", para(entry["summary"]), "",
             para(f"Message: {entry['message']}")]
    if entry["why"]:
        lines += ["", para(WHY + entry["why"])]
    if entry["fix"]:
        lines += ["", para(FIX + entry["fix"])]
    lines += ["", para(f'To leave it out: --ignore {entry["code"]}, or ignore = ["{entry["code"]}"] '
                       "in the map's .dday2.toml [check] section.")]
    return "\n".join(lines)


def explain_markdown(entry: dict[str, Any]) -> str:
    """One rule's explanation in Markdown (`--explain --format markdown`, docs/check-rules.md)."""
    fence = "``" if "`" in entry["message"] else "`"
    parts = [entry["summary"], f"Message: {fence} {entry['message']} {fence}" if fence == "``"
             else f"Message: `{entry['message']}`"]
    if entry["why"]:
        parts.append(f"**Why:** {entry['why']}")
    if entry["fix"]:
        parts.append(f"**Fix:** {entry['fix']}")
    return "\n\n".join(parts)
