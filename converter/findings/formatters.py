"""Output formats over the same finding dicts: text, JSON, SARIF 2.1.0, GitHub annotations,
Markdown (a GitHub job summary: annotations beyond GitHub's few per step are not shown), and
statistics (how many findings of each rule: where to start on a map with hundreds).

A formatter takes `list[dict]` (from `Finding.to_dict()`) plus an optional header dict
for JSON, and optionally what each code's rule is (code -> `explain.rule_dict`: SARIF's rule
help, the Markdown summary's column), and returns the text to print. The CLI only chooses one
from `FORMATTERS`.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable, Mapping

from converter import __version__

Rules = Mapping[str, Mapping[str, Any]]  # code -> rule as data (code, name, severity, summary, why, fix)
_COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}  # the most severe first

# Text shows names from the map as they are, but a file or territory name may hold a line
# break or an escape sequence: on a CI log a line starting "::error ...::" is a workflow
# command, and a terminal obeys ESC and CSI sequences. So control characters (C0, DEL, C1),
# the Unicode line and paragraph separators and the bidirectional controls (which reorder
# what a reader sees) are shown escaped, as Python writes them.
_ESCAPED = {code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_ESCAPED.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})
_ESCAPED.update({code: f"\\u{code:04x}" for code in (0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F),
                                                      *range(0x2066, 0x206A))})


def one_line(text: object) -> str:
    """`text` on one line, with nothing a terminal or a CI log would act on (see _ESCAPED)."""
    return str(text).translate(_ESCAPED)


def _location(finding: dict[str, Any]) -> str:
    parts: list[str] = []
    if finding.get("file"):
        parts.append(f"{finding['file']}:{finding['line']}" if finding.get("line") else finding["file"])
    if finding.get("round") is not None:
        parts.append(f"round {finding['round']}")
    for key in ("step", "player", "territory", "area"):
        if finding.get(key):
            parts.append(str(finding[key]))
    return one_line(", ".join(parts))


def format_text(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                rules: Rules | None = None) -> str:
    import click  # only the text formatter styles output

    lines = []
    for finding in findings:
        severity = finding.get("severity", "error")
        tag = f"{finding['code']} {severity}"
        if colour:
            tag = click.style(tag, fg=_COLOURS.get(severity, "white"), bold=True)
        where = _location(finding)
        message = one_line(finding["message"])
        lines.append(f"{where}: {tag}: {message}" if where else f"{tag}: {message}")
    lines.append(_summary(findings))
    return "\n".join(lines)


def _summary(findings: list[dict[str, Any]]) -> str:
    """`no findings`, or e.g. `169 findings (2 errors, 160 warnings, 7 info)`."""
    if not findings:
        return "no findings"
    return f"{len(findings)} finding{'s' if len(findings) != 1 else ''} ({_by_severity(findings)})"


def _by_severity(findings: list[dict[str, Any]]) -> str:
    """e.g. `2 errors, 160 warnings, 7 info`, the most severe first."""
    counts = Counter(finding.get("severity", "error") for finding in findings)
    parts = [f"{counts[severity]} {severity}{'s' if counts[severity] != 1 and severity != 'info' else ''}"
             for severity in _SEVERITY_ORDER if counts[severity]]
    parts += [f"{count} {severity}" for severity, count in counts.items() if severity not in _SEVERITY_ORDER]
    return ", ".join(parts)


def format_statistics(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                      rules: Rules | None = None) -> str:
    """One line per rule that found something, the most findings first: count, code, severity (the
    worst of its findings), name, and how many of each severity when they differ (a rule may
    report some findings as info: `16  S209  warning ... (1 warning, 15 info)`)."""
    import click

    by_code: dict[str, list[dict[str, Any]]] = {}
    for finding in findings:
        by_code.setdefault(finding["code"], []).append(finding)
    width = len(str(max(map(len, by_code.values()), default=0)))
    lines = []
    for code, found in sorted(by_code.items(), key=lambda item: (-len(item[1]), item[0])):
        severity = worst_severity(found)
        name = ((rules or {}).get(code) or {}).get("name") or next((f["name"] for f in found if f.get("name")), "")
        shown = f"{severity:<7}" if name else severity
        if colour:
            shown = click.style(shown, fg=_COLOURS.get(severity, "white"), bold=True)
        mixed = len({f.get("severity", "error") for f in found}) > 1
        lines.append(one_line(f"{len(found):>{width}}  {code}  ") + shown + (one_line(f"  {name}") if name else "")
                     + (one_line(f"  ({_by_severity(found)})") if mixed else ""))
    lines.append(_summary(findings))
    return "\n".join(lines)


def format_json(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                rules: Rules | None = None) -> str:
    document = dict(header or {})
    document["findings"] = findings
    return json.dumps(document, indent=2, sort_keys=False, ensure_ascii=False)


def format_github(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                  rules: Rules | None = None) -> str:
    """GitHub Actions workflow commands: `::error file=F,line=L,title=CODE::message`."""
    level = {"error": "error", "warning": "warning", "info": "notice"}
    lines = []
    for finding in findings:
        props = []
        if finding.get("file"):
            props.append(f"file={_escape_property(finding['file'])}")
        if finding.get("line"):
            props.append(f"line={finding['line']}")
        props.append(f"title={_escape_property(finding['code'])}")
        where = _location({k: v for k, v in finding.items() if k not in ("file", "line")})
        message = f"{where}: {finding['message']}" if where else finding["message"]
        lines.append(f"::{level.get(finding.get('severity', 'error'), 'error')} {','.join(props)}::{_escape_data(message)}")
    return "\n".join(lines)


def format_sarif(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                 rules: Rules | None = None) -> str:
    described: dict[str, dict[str, Any]] = {}  # code -> SARIF reportingDescriptor
    results = []
    for finding in findings:
        code = finding["code"]
        if code not in described:
            described[code] = _sarif_rule(code, finding, (rules or {}).get(code))
        result: dict[str, Any] = {
            "ruleId": code,
            "level": _SARIF_LEVEL.get(finding.get("severity", "error"), "error"),
            "message": {"text": finding["message"]},
        }
        if finding.get("file"):
            physical: dict[str, Any] = {"artifactLocation": {"uri": _uri(finding["file"])}}
            if finding.get("line"):
                physical["region"] = {"startLine": finding["line"]}
            result["locations"] = [{"physicalLocation": physical}]
        logical = [finding[k] for k in ("territory", "area") if finding.get(k)]
        if logical:
            result.setdefault("locations", [{}])[0]["logicalLocations"] = [{"name": n} for n in logical]
        rest = {key: value for key, value in finding.items() if key not in _SARIF_PLACED}
        if rest:  # e.g. the player, a map pixel, a round and step: SARIF's property bag holds them
            result["properties"] = rest
        results.append(result)
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "dday2", "version": __version__, "rules": list(described.values())}},
            "results": results,
        }],
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _sarif_rule(code: str, finding: dict[str, Any], rule: Mapping[str, Any] | None) -> dict[str, Any]:
    """SARIF's description of a rule: its name, and when the rule is known its summary, why
    and fix (code scanning shows them beside each alert) and its default level."""
    name = finding.get("name", code)
    if rule is None:
        return {"id": code, "name": name, "shortDescription": {"text": name}}
    why_and_fix = [f"{label}: {rule[key]}" for label, key in (("Why", "why"), ("Fix", "fix")) if rule.get(key)]
    markdown = [f"**{label}:** {rule[key]}" for label, key in (("Why", "why"), ("Fix", "fix")) if rule.get(key)]
    return {"id": code, "name": rule.get("name", name),
            "shortDescription": {"text": rule["summary"]},
            "fullDescription": {"text": " ".join([rule["summary"], *why_and_fix])},
            "help": {"text": "\n\n".join([rule["summary"], *why_and_fix]),
                     "markdown": "\n\n".join([rule["summary"], *markdown])},
            "defaultConfiguration": {"level": _SARIF_LEVEL.get(rule.get("severity", "error"), "error")},
            "properties": {"tags": [rule.get("name", name).split(".", 1)[0]]}}


# what a SARIF result holds in its own fields; any other key of a finding goes in its properties
_SARIF_PLACED = frozenset({"code", "severity", "message", "name", "file", "line", "territory", "area"})


def _uri(file: str) -> str:
    """A finding's file as the URI SARIF asks for: an absolute path as a file: URI, any
    other percent-encoded (a space, `#` or `%` in a unit folder's name is common)."""
    from pathlib import PurePath
    from urllib.parse import quote

    path = PurePath(file)
    return path.as_uri() if path.is_absolute() else quote(file, safe="/!")


MARKDOWN_ROWS = 1000  # findings listed one by one; a job summary holds at most 1 MiB


def format_markdown(findings: list[dict[str, Any]], header: dict[str, Any] | None = None, colour: bool = False,
                    rules: Rules | None = None) -> str:
    """A summary per code (count, first finding), then every finding in a folded table."""
    title = (header or {}).get("tool", "findings")
    lines = [f"### {_cell(title)}: {_cell(_summary(findings))}"]
    if not findings:
        return lines[0]
    by_code: dict[str, list[dict[str, Any]]] = {}
    for finding in findings:
        by_code.setdefault(finding["code"], []).append(finding)
    lines += ["", "| code | severity | findings | rule | first |", "| --- | --- | --- | --- | --- |"]
    for code, found in sorted(by_code.items(), key=lambda item: (_SEVERITY_ORDER.get(worst_severity(item[1]), 3), item[0])):
        first = found[0]
        rule = (rules or {}).get(code) or {}
        severities = {finding.get("severity", "error") for finding in found}
        severity = worst_severity(found) if len(severities) == 1 else _by_severity(found)  # "1 warning, 15 info"
        lines.append(f"| {_cell(code)} | {_cell(severity)} | {len(found)} "
                     f"| {_cell(rule.get('summary') or first.get('name', ''))} | {_cell(_where_and_message(first))} |")
    lines += ["", f"<details><summary>Every finding ({len(findings)})</summary>", "",
              "| where | code | severity | message |", "| --- | --- | --- | --- |"]
    lines += [f"| {_cell(_location(finding))} | {_cell(finding['code'])} | {_cell(finding.get('severity', 'error'))} "
              f"| {_cell(finding['message'])} |" for finding in findings[:MARKDOWN_ROWS]]
    if len(findings) > MARKDOWN_ROWS:
        lines.append(f"| and {len(findings) - MARKDOWN_ROWS} more | | | |")
    lines += ["", "</details>"]
    return "\n".join(lines)


def worst_severity(findings: list[dict[str, Any]]) -> str:
    """The most severe of the findings' severities (error, then warning, then info)."""
    return min((finding.get("severity", "error") for finding in findings), key=lambda s: _SEVERITY_ORDER.get(s, 3))


def _where_and_message(finding: dict[str, Any]) -> str:
    where = _location(finding)
    return f"{where}: {finding['message']}" if where else finding["message"]


# inside a table cell Markdown and HTML would act on these in a map's names (links, emphasis,
# code, tags, the cell's end): shown as they are, backslash-escaped
_MARKDOWN = {ord(character): "\\" + character for character in "\\`*_[]<>|~"}
_MARKDOWN[ord("&")] = "&amp;"


def _cell(text: object) -> str:
    """`text` for one table cell: one line, nothing Markdown or HTML would act on."""
    return one_line(text).translate(_MARKDOWN)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


Formatter = Callable[..., str]
FORMATTERS: dict[str, Formatter] = {
    "text": format_text,
    "json": format_json,
    "sarif": format_sarif,
    "github": format_github,
    "markdown": format_markdown,
    "statistics": format_statistics,
}
