"""ONE parametrised test runs every rule case in cases/*.json: a small synthetic map built
in tmp_path from the clean base (check_mapkit), patched, checked with the case's group
selected; the codes found must be exactly the expected ones."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, dday2_xml, png, write_tree
from converter.check.config import CheckSettings
from converter.check.engine import ENGINE_JAR
from converter.check.inputs import resolve
from converter.check.rule import REGISTRY
from converter.check.runner import check_target

CASES_DIR = Path(__file__).parent / "cases"


def _load_cases():
    for case_file in sorted(CASES_DIR.glob("*.json")):
        document = json.loads(case_file.read_text(encoding="utf-8"))
        for case in document["cases"]:
            yield pytest.param(document["group"], case, id=f"{case_file.stem}-{case['id']}")


def _content(value, xml: str):
    if isinstance(value, dict):
        if "png" in value:
            return png(*value["png"])
        if "bytes_hex" in value:
            return bytes.fromhex(value["bytes_hex"])
        if value.get("xml_of_base"):
            return xml
        raise ValueError(f"unknown content spec {value}")
    return value


def build_case(root: Path, case: dict) -> Path:
    files = base_files()
    xml = dday2_xml(**{k: tuple(tuple(x) if isinstance(x, list) else x for x in v) if isinstance(v, list) else
                       {box: tuple(parts) for box, parts in v.items()} if isinstance(v, dict) else v
                       for k, v in case["dday2"].items()}) if "dday2" in case else files["map/games/tiny.xml"]
    for old, new in case.get("xml_replace", ()):
        assert old in xml, f"case {case['id']}: {old!r} is not in the base XML"  # no vacuous cases
        xml = xml.replace(old, new)
    files["map/games/tiny.xml"] = xml
    for relative, value in case.get("files", {}).items():
        files[relative] = _content(value, xml)
    write_tree(root, files)
    return root / case.get("check", "")


@pytest.mark.parametrize("group, case", list(_load_cases()))
def test_rule_case(tmp_path: Path, group: str, case: dict) -> None:
    if case.get("needs_jar") and not ENGINE_JAR.is_file():
        pytest.skip(f"needs the engine jar {ENGINE_JAR} (DTD, classes)")
    for code in case["expect"]:
        assert code in REGISTRY, f"case expects unregistered code {code}"
    path = build_case(tmp_path, case)
    with ExitStack() as stack:
        findings = [f for target in resolve(path, stack)
                    for f in check_target(target, CheckSettings(select=(group,))).findings]
    codes = sorted({f.code for f in findings})
    assert codes == sorted(case["expect"]), [f"{f.code} {f.file}:{f.line} {f.message}" for f in findings]
    if "message_contains" in case:
        assert any(case["message_contains"] in f.message for f in findings), [f.message for f in findings]
    if "message_lacks" in case:  # what no message may say (a suggestion a case must not get)
        assert not any(case["message_lacks"] in f.message for f in findings), [f.message for f in findings]
    if "line" in case:
        assert any(f.line == case["line"] for f in findings if f.code in case["expect"])
    if "severity" in case:  # every finding of the case has it (some rules set it per finding)
        assert {f.severity.value for f in findings} == {case["severity"]}, [f"{f.code} {f.severity}" for f in findings]


def test_every_rule_has_a_failing_case() -> None:
    covered = {code for file in CASES_DIR.glob("*.json")
               for case in json.loads(file.read_text())["cases"] for code in case["expect"]}
    assert sorted(rule.code for rule in REGISTRY if rule.code not in covered) == []


# what a case may say: a key outside these (a misspelt `message_lack`) would be passed over, and the
# case would assert less than it seems to
CASE_KEYS = {"id", "expect", "xml_replace", "files", "dday2", "check", "needs_jar", "message_contains",
             "message_lacks", "severity", "line", "engine_1_9_loads", "engine_1_9_refuses_with"}


def test_every_case_says_only_what_the_tests_read() -> None:
    unknown = [(file.name, case.get("id"), sorted(set(case) - CASE_KEYS)) for file in sorted(CASES_DIR.glob("*.json"))
               for case in json.loads(file.read_text())["cases"] if set(case) - CASE_KEYS]
    assert unknown == []
    for file in sorted(CASES_DIR.glob("*.json")):  # a case's id (with its file's) names it in every oracle
        ids = [case["id"] for case in json.loads(file.read_text())["cases"]]
        assert sorted(id_ for id_ in set(ids) if ids.count(id_) > 1) == [], file.name
