"""`Finding` (tuple-backed) against the frozen dataclass it replaced, and the compiled
message templates against `str.format_map`."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.check import rules as _rules  # noqa: F401 - registers every rule
from converter.check.rule import REGISTRY, message_function
from converter.findings import Finding, Severity
from converter.findings.finding import FIELDS, LOCATION_KEYS, finding_of
from converter.findings.formatters import FORMATTERS


@dataclass(frozen=True)
class DataclassFinding:
    """The Finding of before, word for word (the reference)."""

    code: str
    message: str
    severity: Severity = Severity.ERROR
    file: str | None = None
    line: int | None = None
    territory: str | None = None
    round: int | None = None
    step: str | None = None
    player: str | None = None
    event: str | None = None
    area: str | None = None
    name: str | None = None
    extra: tuple[tuple[str, Any], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "severity": self.severity.value, "message": self.message}
        if self.name:
            data["name"] = self.name
        for key in LOCATION_KEYS:
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        for key, value in self.extra:
            data[key] = value
        return data

    def location(self) -> str:
        parts: list[str] = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.round is not None:
            parts.append(f"round {self.round}")
        for key in ("step", "player", "territory", "area"):
            value = getattr(self, key)
            if value:
                parts.append(str(value))
        return ", ".join(parts)


_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_maybe_text = st.none() | _text
_maybe_int = st.none() | st.integers(-3, 10**6)
_fields = st.fixed_dictionaries({
    "code": st.sampled_from(["M308", "S201", "C001"]), "message": _text, "severity": st.sampled_from(list(Severity)),
    "file": _maybe_text, "line": _maybe_int, "territory": _maybe_text, "round": _maybe_int, "step": _maybe_text,
    "player": _maybe_text, "event": _maybe_text, "area": _maybe_text, "name": _maybe_text,
    "extra": st.lists(st.tuples(st.sampled_from(["units", "count"]), st.integers() | _text), max_size=2).map(tuple),
})


@settings(max_examples=300, deadline=None)
@given(_fields)
def test_a_finding_reads_as_the_dataclass_did(values) -> None:
    reference, finding = DataclassFinding(**values), Finding(**values)
    assert repr(finding) == repr(reference).replace("DataclassFinding(", "Finding(", 1)
    assert hash(finding) == hash(reference)
    assert finding.to_dict() == reference.to_dict() and list(finding.to_dict()) == list(reference.to_dict())
    assert finding.location() == reference.location()
    assert all(getattr(finding, key) == getattr(reference, key) for key in FIELDS)
    for name, formatter in FORMATTERS.items():
        assert formatter([finding.to_dict()], {"tool": "dday2"}) == formatter([reference.to_dict()], {"tool": "dday2"})


@settings(max_examples=200, deadline=None)
@given(_fields, _fields)
def test_equality_and_hash_follow_the_fields(first, second) -> None:
    a, b = Finding(**first), Finding(**second)
    assert (a == b) == (first == second) == (DataclassFinding(**first) == DataclassFinding(**second))
    assert (a != b) == (first != second)
    assert a == Finding(**first) and hash(a) == hash(Finding(**first))
    assert len({a, b, Finding(**first)}) == (1 if first == second else 2)


def test_positional_construction_and_the_fast_path_agree() -> None:
    values = ("M308", "text", Severity.WARNING, "map/place.txt", 4, "B30", 2, "step", "Allies", "e", "a", "n",
              (("units", "x"),))
    built = Finding(*values)
    assert finding_of(values) == built == Finding(**dict(zip(FIELDS, values)))
    assert Finding("X001", "m") == finding_of(("X001", "m", Severity.ERROR, *[None] * 9, ()))
    assert type(finding_of(values)) is Finding


def test_dataclass_helpers_still_describe_a_finding() -> None:
    assert [each.name for each in dataclasses.fields(Finding)] == \
        [each.name for each in dataclasses.fields(DataclassFinding)]
    assert dataclasses.is_dataclass(Finding)
    finding = Finding("M308", "text", Severity.WARNING, file="f", line=3)
    moved = dataclasses.replace(finding, line=9)
    assert type(moved) is Finding and moved.line == 9 and moved.file == "f" and finding.line == 3
    reference = DataclassFinding("M308", "text", Severity.WARNING, file="f", line=3)
    assert dataclasses.asdict(finding) == dataclasses.asdict(reference)
    assert copy.copy(finding) == finding and copy.deepcopy(finding) == finding
    assert pickle.loads(pickle.dumps(finding)) == finding


def test_a_finding_is_frozen_unordered_and_equal_only_to_findings() -> None:
    finding = Finding("M308", "text")
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.line = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.other = 3  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        sorted([finding, Finding("M301", "text")])
    assert finding != DataclassFinding("M308", "text") and not finding == DataclassFinding("M308", "text")


def _sample(key: str) -> Any:
    return {"line": 12, "count": 3, "total": 7, "distance": 31, "first": 2}.get(key, f"it's \"{key}\" \\ é")


def test_every_rules_compiled_template_fills_as_format_map() -> None:
    for rule in REGISTRY:
        params = {key: _sample(key) for key in ("territory", "player", "severity", "name", "file_name", "suggestion",
                                                "count", "total", "point", "distance", "first", "second", "where",
                                                "folder", "column", "row", "width", "height", "more", "size",
                                                "expected", "unit", "reason", "key", "value", "text", "line")}

        class Everything(dict):  # any field the rule's template names
            def __missing__(self, key):
                return _sample(key)

        params = Everything(params)
        assert rule.message(params) == rule.template.format_map(params), rule.code


_literal = st.text(st.sampled_from(list("ab {}'\"\\\n\té!:")), max_size=6)
_field = st.tuples(st.sampled_from(["name", "count", "0", "a.b", "a[0]", "", "class"]),
                   st.sampled_from(["", "!r", "!s", "!a", "!x"]),
                   st.sampled_from(["", ":>6", ":06d", ":{w}", ":'", ":\\", ":!<4", ":%H:%M"]))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_literal, _field), max_size=4), _literal)
def test_compiled_templates_fill_or_fail_as_format_map(parts, tail) -> None:
    template = "".join(literal.replace("{", "{{").replace("}", "}}") + "{" + key + conversion + spec + "}"
                       for literal, (key, conversion, spec) in parts) + tail.replace("{", "{{").replace("}", "}}")
    for value in ("it's", 42, 3.5):
        params = {"name": value, "count": value, "class": value, "w": 5, "a": {"b": 1, 0: 2}}
        try:
            expected: Any = template.format_map(params)
        except Exception as error:  # noqa: BLE001 - the compiled form must fail alike
            expected = type(error)
        try:
            got: Any = message_function(template)(params)
        except Exception as error:  # noqa: BLE001
            got = type(error)
        assert got == expected, template


@settings(max_examples=200, deadline=None)
@given(_fields)
def test_the_runners_order_reads_file_line_code_message(values) -> None:
    from converter.check.runner import _order

    finding = Finding(**values)
    assert _order(finding) == (finding.file or "", finding.line or 0, finding.code, finding.message)


def test_a_failing_rule_keeps_the_findings_it_made_before_failing(tmp_path) -> None:
    from contextlib import ExitStack

    from check_mapkit import base_files, write_tree
    from converter.check.inputs import resolve
    from converter.check.rule import Rule, hit
    from converter.check.runner import INTERNAL_CODE, check_target

    def check(context):
        yield hit(line=2, name="a")
        yield hit(line=1, name="b")
        yield hit(line=2, name="a")  # the same finding again: kept once
        raise RuntimeError("half way")

    rule = Rule("Z901", "test.half-way", Severity.WARNING, "found {name}", check)
    root = write_tree(tmp_path, base_files())
    with ExitStack() as stack:
        findings = check_target(resolve(root, stack)[0], rules=[rule]).findings
    assert [(f.code, f.line, f.message) for f in findings] == [
        (INTERNAL_CODE, None, "rule Z901 (test.half-way) failed: RuntimeError: half way"),
        ("Z901", 1, "found b"), ("Z901", 2, "found a")]


def test_the_default_plan_runs_every_rule_in_the_planned_order() -> None:
    from converter.check.config import CheckSettings
    from converter.check.runner import _every_rule, _plan

    assert all(CheckSettings().wants(rule.code) for rule in REGISTRY)  # what the runner's short cut assumes
    plan = _every_rule()
    assert plan == _plan(list(REGISTRY), CheckSettings()) and plan is _every_rule()
    assert sorted(rule.code for rule in plan.rules) == [rule.code for rule in REGISTRY]
    codes = [rule.code for rule in plan.rules]
    dtd = codes.index("X004")  # after the other XML rules, before the map files' rules
    assert all(code[0] not in "MI" for code in codes[:dtd]) and all(code[0] in "MI" for code in codes[dtd + 1:])
    narrowed = _plan(REGISTRY, CheckSettings(select=("M3",)))
    assert narrowed.reads_map_files and not narrowed.validates and all(r.code.startswith("M3") for r in narrowed.rules)


def test_sarif_names_files_by_valid_uris() -> None:
    # SARIF's artifactLocation.uri is a URI: code scanning refuses a raw space or `#`
    import json

    from converter.findings.formatters import format_sarif

    findings = [Finding("I404", "x", file=name).to_dict()
                for name in ("map/units/Free French/tank#2.png", "/tmp/a map/map/place.txt", "maps/x.zip!map/place.txt")]
    uris = [result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for result in json.loads(format_sarif(findings))["runs"][0]["results"]]
    assert uris == ["map/units/Free%20French/tank%232.png", "file:///tmp/a%20map/map/place.txt",
                    "maps/x.zip!map/place.txt"]


def test_sarif_keeps_what_has_no_field_of_its_own_in_properties() -> None:
    import json

    from converter.findings.formatters import format_sarif

    finding = Finding("M308", "x", Severity.WARNING, file="map/place.txt", line=4, territory="B30", player="Germans",
                      extra=(("point", (1262, 1086)),)).to_dict()
    [result] = json.loads(format_sarif([finding]))["runs"][0]["results"]
    assert result["properties"] == {"player": "Germans", "point": [1262, 1086]}
    assert result["locations"][0]["logicalLocations"] == [{"name": "B30"}]
    [plain] = json.loads(format_sarif([Finding("X001", "y").to_dict()]))["runs"][0]["results"]
    assert "properties" not in plain


def test_markdown_summary_counts_codes_and_shows_hostile_names_inertly() -> None:
    from converter.findings.formatters import format_markdown

    hostile = "a|b <img src=x> *bold* [link](x)\n::error::forged"
    findings = [Finding("M308", f"place point of {hostile!r} outside", Severity.WARNING, file="map/place.txt", line=4,
                        territory=hostile).to_dict(),
                Finding("M308", "another", Severity.WARNING, file="map/place.txt", line=5).to_dict(),
                Finding("D603", "border box", Severity.ERROR, file="map/games/g.xml", line=9).to_dict()]
    text = format_markdown(findings, {"tool": "dday2 check"})
    lines = text.splitlines()
    assert lines[0] == "### dday2 check: 3 findings (1 error, 2 warnings)"
    rows = [line for line in lines if line.startswith("| ") and "---" not in line]
    assert rows[1].startswith("| D603 | error | 1 |") and rows[2].startswith("| M308 | warning | 2 |")  # errors first
    assert len(rows) == 2 + 3 + 2  # two headers, a row per code, a row per finding
    # each row still has its cells (five per code, four per finding): the name's `|` cannot
    # end one, nor its newline a row
    assert [row.count(" | ") - row.count("\\| ") for row in rows] == [4, 4, 4, 3, 3, 3, 3]
    # the territory as Markdown shows it: `a|b <img src=x> *bold* [link](x)\n::error::forged`
    assert r"a\|b \<img src=x\> \*bold\* \[link\](x)\\n::error::forged" in text
    assert not any(line.startswith("::") for line in lines)
    mixed = [*findings, Finding("M308", "a third", Severity.INFO, file="map/place.txt", line=6).to_dict()]
    assert "| M308 | 2 warnings, 1 info | 3 |" in format_markdown(mixed)  # not "warning": most are not


def test_statistics_count_each_rules_findings_most_first() -> None:
    from converter.findings.formatters import format_statistics

    findings = [Finding("M308", "a", Severity.WARNING, file="map/place.txt", line=4).to_dict(),
                Finding("D603", "b", Severity.ERROR, file="g.xml", line=9).to_dict(),
                Finding("M308", "c", Severity.WARNING, file="map/place.txt", line=5).to_dict(),
                Finding("S227", "d", Severity.WARNING, file="g.xml", line=2).to_dict(),
                Finding("S227", "e", Severity.ERROR, file="g.xml", line=3).to_dict(),
                Finding("X\n::error::", "f", Severity.INFO).to_dict()]
    rules = {"M308": {"name": "map-files.place-outside"}, "S227": {"name": "structure.victory-at-start"}}
    assert format_statistics(findings, rules=rules).splitlines() == [
        "2  M308  warning  map-files.place-outside",
        "2  S227  error    structure.victory-at-start  (1 error, 1 warning)",  # the worst of its findings; ties by code
        "1  D603  error",
        "1  X\\n::error::  info",  # a code is shown inertly too
        "6 findings (2 errors, 3 warnings, 1 info)"]
    assert format_statistics([]) == "no findings"
