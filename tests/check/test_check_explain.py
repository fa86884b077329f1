"""What each rule is for: its docstring's shape, `--explain`, `--list-rules` as data, and the
rule help that SARIF and the Markdown summary carry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.check.explain import SUMMARY_LIMIT, message_shape, rule_doc
from converter.check.rule import REGISTRY, Rule
from converter.check.runner import INTERNAL_CODE
from converter.cli import main
from converter.findings import Severity


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("rule", list(REGISTRY), ids=lambda rule: rule.code)
def test_every_rule_explains_what_why_and_fix(rule: Rule) -> None:
    doc = rule_doc(rule)
    assert doc.why and doc.fix, f"{rule.code}: its docstring needs a summary, 'Why: ...' and 'Fix: ...'"
    assert doc.summary.endswith(".") and len(doc.summary) <= SUMMARY_LIMIT
    assert doc.summary != rule.name


def test_no_two_rules_share_a_summary() -> None:
    summaries = [rule_doc(rule).summary for rule in REGISTRY]
    assert len(set(summaries)) == len(summaries)


def test_a_rule_without_docstring_explains_itself_by_its_name() -> None:
    def check(context):
        return ()

    assert rule_doc(Rule("Z001", "zz.bare", Severity.INFO, "x", check)).summary == "zz.bare"
    check.__doc__ = "Finds things.\n\nWhy: no fix paragraph follows."
    doc = rule_doc(Rule("Z002", "zz.half", Severity.INFO, "x", check))
    assert (doc.summary, doc.why, doc.fix) == ("Finds things.", "", "")


def test_message_shape_shows_fields_by_name() -> None:
    assert message_shape("<{element} {name!r}> is declared again (first on line {first:>4})") == \
        "<{element} {name}> is declared again (first on line {first})"
    assert message_shape("unbalanced { brace") == "unbalanced { brace"


def test_explain_prints_summary_message_why_and_fix(capsys) -> None:
    code, out, err = run(capsys, "--explain", "s202")
    doc = rule_doc(REGISTRY.get("S202"))
    flat = " ".join(out.split())
    assert code == 0 and err == ""
    assert out.startswith("S202  structure.duplicate-attachment  (warning)\n")
    assert doc.summary in flat and f"Why: {doc.why}" in flat and f"Fix: {doc.fix}" in flat
    assert "Message: attachment {name} on {attach_to} is defined again" in flat
    assert '--ignore S202, or ignore = ["S202"]' in flat
    assert max(map(len, out.splitlines())) <= 100


def test_explain_takes_prefixes_and_the_internal_code(capsys) -> None:
    code, out, _ = run(capsys, "--explain", "M30,C")
    headers = [line.split()[0] for line in out.splitlines() if line[:1].isupper() and line[1:4].isdigit()]
    assert code == 0
    assert headers == sorted([rule.code for rule in REGISTRY if rule.code.startswith("M30")] + [INTERNAL_CODE])
    assert "A rule failed with an internal error" in out


@pytest.mark.parametrize("args, says", [
    (["--explain", "Z999"], "Z999 is not a rule code"),
    (["--explain", ","], "--explain needs a rule code"),
    (["--explain", "S202", "--list-rules"], "not both"),
    (["--explain", "S202", "--format", "sarif"], "prints text, json or markdown"),
    (["--list-rules", "--format", "github"], "prints text, json or markdown"),
    (["--explain", "S202", "."], "give them no PATH"),
])
def test_explain_usage_errors_exit_2(capsys, args: list[str], says: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and says in err


def test_list_rules_as_json_is_every_rule_as_data(capsys) -> None:
    code, out, _ = run(capsys, "--list-rules", "--format", "json")
    document = json.loads(out)
    assert code == 0 and document["tool"] == "dday2 check"
    assert [entry["code"] for entry in document["rules"]] == [rule.code for rule in REGISTRY]
    s202 = next(entry for entry in document["rules"] if entry["code"] == "S202")
    doc = rule_doc(REGISTRY.get("S202"))
    assert s202 == {"code": "S202", "name": "structure.duplicate-attachment", "severity": "warning",
                    "message": message_shape(REGISTRY.get("S202").template), "summary": doc.summary,
                    "why": doc.why, "fix": doc.fix, "beyond_engine": True}


def test_list_rules_text_and_markdown_give_each_rule_its_summary(capsys) -> None:
    _, text, _ = run(capsys, "--list-rules")
    _, markdown, _ = run(capsys, "--list-rules", "--format", "markdown")
    rows = markdown.splitlines()[2:]
    assert len(text.splitlines()) == len(rows) == len(REGISTRY)
    for rule, line, row in zip(REGISTRY, text.splitlines(), rows):
        summary = rule_doc(rule).summary
        assert line.startswith(rule.code) and line.endswith(summary)
        assert row == f"| {rule.code} | {rule.severity.value} | {rule.name} | {summary} |"


def test_explain_as_json_and_markdown(capsys) -> None:
    _, out, _ = run(capsys, "--explain", "D60", "--format", "json")
    assert [entry["code"] for entry in json.loads(out)["rules"]] == [r.code for r in REGISTRY if r.code[:3] == "D60"]
    _, markdown, _ = run(capsys, "--explain", "D601", "--format", "markdown")
    doc = rule_doc(REGISTRY.get("D601"))
    assert markdown.startswith("### D601 dday2.area-part-missing (error)\n\n" + doc.summary)
    assert f"**Why:** {doc.why}" in markdown and f"**Fix:** {doc.fix}" in markdown


def test_sarif_describes_each_rule_found_with_its_help(flawed_map: Path, capsys) -> None:
    code, out, _ = run(capsys, str(flawed_map), "--format", "sarif")
    run_ = json.loads(out)["runs"][0]
    described = {rule["id"]: rule for rule in run_["tool"]["driver"]["rules"]}
    assert code == 1 and set(described) == {result["ruleId"] for result in run_["results"]} == {"M302", "M326"}
    for rule_id, rule in described.items():
        doc, severity = rule_doc(REGISTRY.get(rule_id)), REGISTRY.get(rule_id).severity
        assert rule["name"] == REGISTRY.get(rule_id).name and rule["shortDescription"] == {"text": doc.summary}
        assert rule["fullDescription"]["text"] == f"{doc.summary} Why: {doc.why} Fix: {doc.fix}"
        assert rule["help"]["markdown"] == f"{doc.summary}\n\n**Why:** {doc.why}\n\n**Fix:** {doc.fix}"
        assert rule["defaultConfiguration"] == {"level": {"error": "error", "warning": "warning"}[severity.value]}
        assert rule["properties"] == {"tags": ["map-files"] if rule_id == "M302" else ["map-properties"]}


def test_sarif_of_an_unknown_code_keeps_its_name() -> None:
    from converter.findings import Finding
    from converter.findings.formatters import format_sarif

    [rule] = json.loads(format_sarif([Finding("Q123", "x", name="q.thing").to_dict()]))["runs"][0]["tool"]["driver"]["rules"]
    assert rule == {"id": "Q123", "name": "q.thing", "shortDescription": {"text": "q.thing"}}


def test_markdown_summary_names_what_each_code_checks(flawed_map: Path, capsys) -> None:
    _, out, _ = run(capsys, str(flawed_map), "--format", "markdown")
    row = next(line for line in out.splitlines() if line.startswith("| M302 |"))
    summary = rule_doc(REGISTRY.get("M302")).summary
    assert f"| {summary} |" in row.replace("\\", "")  # the cell escapes what Markdown acts on


def test_the_rules_document_is_up_to_date(capsys) -> None:
    document = Path(__file__).parents[2] / "docs" / "check-rules.md"
    code, out, _ = run(capsys, "--explain", "all", "--format", "markdown")
    assert code == 0 and out.startswith("# `dday2 check` rules\n")
    assert out.count("\n### ") == len(REGISTRY) + 1  # every rule, and the internal failure
    assert document.read_text(encoding="utf-8") == out, "docs/check-rules.md is stale: run make rules-doc"


def test_explain_all_in_text_names_every_rule(capsys) -> None:
    code, out, _ = run(capsys, "--explain", "ALL")
    headers = [line.split()[0] for line in out.splitlines() if line[:1].isupper() and line[1:4].isdigit()]
    assert code == 0 and headers == sorted([rule.code for rule in REGISTRY] + [INTERNAL_CODE])
