"""`dday2 check` through the real CLI: exit codes, formats, select/ignore, fail-on, config,
the registry's guarantees."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from check_mapkit import base_files, write_tree
from converter.check.rule import REGISTRY, DuplicateRuleError, Rule, RuleRegistry
from converter.cli import main
from converter.findings import Severity


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_clean_map_exits_0(clean_map: Path, capsys) -> None:
    assert run(capsys, str(clean_map)) == (0, "no findings\n", "")


def test_findings_exit_1_with_locations(flawed_map: Path, capsys) -> None:
    code, out, _ = run(capsys, str(flawed_map))
    assert code == 1
    assert "map/centers.txt, Beta: M302 error: territory 'Beta' is missing from centers.txt" in out
    assert "map/map.properties:7: M326 warning" in out
    assert out.splitlines()[-1] == "2 findings (1 error, 1 warning)"
    assert "\x1b[" not in out  # no colour when stdout is not a terminal


def test_fail_on_and_ignore(flawed_map: Path, capsys) -> None:
    assert run(capsys, str(flawed_map), "--ignore", "M302")[0] == 0  # a warning stays under the error bar
    assert run(capsys, str(flawed_map), "--ignore", "M302", "--fail-on", "warning")[0] == 1
    code, out, _ = run(capsys, str(flawed_map), "--select", "M326", "--format", "json")
    assert code == 0 and [f["code"] for f in json.loads(out)["findings"]] == ["M326"]


def test_config_file_at_the_map_root(flawed_map: Path, capsys) -> None:
    (flawed_map / ".dday2.toml").write_text('[check]\nignore = ["M302"]\nfail-on = "warning"\n')
    code, out, _ = run(capsys, str(flawed_map))
    assert code == 1 and "M302" not in out and "M326" in out
    (flawed_map / ".dday2.toml").unlink()
    (flawed_map / "pyproject.toml").write_text('[tool.dday2.check]\nselect = "M326"\n')
    assert run(capsys, str(flawed_map))[0] == 0


def test_bad_config_is_a_usage_error(flawed_map: Path, capsys) -> None:
    (flawed_map / ".dday2.toml").write_text('[check]\nfail-on = "sometimes"\n')
    code, _, err = run(capsys, str(flawed_map))
    assert code == 2 and "unknown severity" in err


def test_codes_that_select_no_rule_are_usage_errors(flawed_map: Path, capsys) -> None:
    # a mistyped code would select nothing: "no findings", exit 0, and a CI job passing unchecked
    code, out, err = run(capsys, str(flawed_map), "--select", "M3O2")
    assert (code, out) == (2, "") and "M3O2 is not a rule code" in err and "did you mean M302?" in err
    code, _, err = run(capsys, str(flawed_map), "--ignore", "M326,ZZ")
    assert code == 2 and "--ignore: ZZ is not a rule code" in err
    assert run(capsys, str(flawed_map), "--select", "m3,C001")[0] == 1  # prefixes, any case, and the internal code
    (flawed_map / ".dday2.toml").write_text('[check]\nignore = ["S2O5"]\n')
    code, out, err = run(capsys, str(flawed_map))
    assert (code, out) == (2, "") and ".dday2.toml: ignore: S2O5 is not a rule code" in err and "S205?" in err


HOSTILE_NAME = "Nobody\n::error file=README.md,line=1::forged\x1b]0;title\x07\u202e"


def test_text_output_shows_hostile_names_on_one_line(clean_map: Path, capsys) -> None:
    # a map's file names reach the findings; on a CI log a line starting "::" is a workflow
    # command, and a terminal obeys escape sequences: text shows them escaped, on one line
    (clean_map / "map/units" / HOSTILE_NAME).mkdir()
    code, out, _ = run(capsys, str(clean_map))
    assert code == 0 and "I405" in out
    assert not any(line.startswith("::") for line in out.splitlines())
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "units/Nobody\\n::error file=README.md,line=1::forged\\x1b]0;title\\x07\\u202e/ is not named" in out
    _, github, _ = run(capsys, str(clean_map), "--format", "github")  # escaped as GitHub reads it
    assert len(github.strip().splitlines()) == 1 and "Nobody%0A::error" in github


def test_formats_are_built_from_the_same_findings(flawed_map: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(flawed_map)  # as in CI: the repository checked from its root
    _, out_json, _ = run(capsys, ".", "--format", "json")
    findings = json.loads(out_json)["findings"]
    _, out_sarif, _ = run(capsys, ".", "--format", "sarif")
    sarif = json.loads(out_sarif)
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == [f["code"] for f in findings]
    _, out_github, _ = run(capsys, ".", "--format", "github")
    lines = out_github.strip().splitlines()
    assert len(lines) == len(findings)
    assert lines[0].startswith("::error file=map/centers.txt,title=M302::")


def test_files_are_named_from_the_paths_as_given(flawed_map: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    """Two maps with the same flaw are two findings, each naming its own map's file; a game
    XML named alone names the files of its map from where the user stands."""
    shutil.copytree(flawed_map, tmp_path / "other")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "tiny", "./other/", "--format", "json", "--select", "M302")
    assert code == 1
    assert [f["file"] for f in json.loads(out)["findings"]] == ["tiny/map/centers.txt", "other/map/centers.txt"]
    assert json.loads(out)["checked"] == ["tiny/map/games/tiny.xml", "other/map/games/tiny.xml"]
    monkeypatch.chdir(flawed_map / "map")
    _, out, _ = run(capsys, "games/tiny.xml", "--format", "json", "--select", "M302")
    assert [f["file"] for f in json.loads(out)["findings"]] == ["../map/centers.txt"]
    _, out, _ = run(capsys, str(tmp_path / "other"), "--format", "json", "--select", "M302")
    assert [f["file"] for f in json.loads(out)["findings"]] == [f"{(tmp_path / 'other').as_posix()}/map/centers.txt"]


@pytest.mark.parametrize("environment, coloured", [({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False),
                                                     ({"NO_COLOR": ""}, True)])
def test_text_is_coloured_on_a_terminal_unless_asked_not_to(flawed_map: Path, monkeypatch, environment, coloured) -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for name in ("NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    assert main(["check", str(flawed_map)]) == 1
    assert ("\x1b[" in terminal.getvalue()) == coloured and "M302" in terminal.getvalue()


def test_map_yml_names_its_repository_and_other_map_files_are_refused(flawed_map: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(flawed_map.parent)
    code, out, _ = run(capsys, "tiny/map.yml", "--format", "json", "--select", "M302")
    assert code == 1 and [f["file"] for f in json.loads(out)["findings"]] == ["tiny/map/centers.txt"]
    # a map file is no game XML: parsing it as one would bury the answer under X001 and map findings
    code, out, err = run(capsys, "tiny/map/polygons.txt")
    assert (code, out) == (2, "") and "tiny/map/polygons.txt: not a game XML (.xml), map.yml or map .zip" in err


def test_usage_errors_exit_2(tmp_path: Path, capsys) -> None:
    assert run(capsys)[0] == 2
    code, out, err = run(capsys, str(tmp_path / "nowhere"))
    assert code == 2 and "no such file" in err and out == ""  # not "no findings": nothing was checked
    code, out, err = run(capsys, str(tmp_path / "nowhere"), "--format", "json")
    assert code == 2 and out == ""


def test_a_missing_path_beside_good_ones_still_checks_them(clean_map: Path, tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, str(clean_map), str(tmp_path / "nowhere"), "--format", "json")
    assert code == 2 and "nowhere: no such file" in err
    assert json.loads(out)["checked"] == [str(clean_map / "map/games/tiny.xml")]
    assert run(capsys, str(tmp_path), "--format", "yaml")[0] == 2


def test_many_maps_show_a_progress_bar_on_stderr(tmp_path: Path, capsys) -> None:
    for index in range(5):
        write_tree(tmp_path / f"map{index}", base_files())
    code, out, err = run(capsys, *(str(tmp_path / f"map{i}") for i in range(5)))
    assert code == 0 and out == "no findings\n" and "Checking 5 game XMLs" in err


def test_list_rules(capsys) -> None:
    code, out, _ = run(capsys, "--list-rules")
    assert code == 0 and len(out.splitlines()) == len(REGISTRY) and "S202  warning  structure.duplicate-attachment" in out


def test_registry_refuses_duplicate_codes_and_names() -> None:
    registry = RuleRegistry()
    registry.register(Rule("Z001", "zz.one", Severity.INFO, "x", lambda c: ()))
    with pytest.raises(DuplicateRuleError):
        registry.register(Rule("Z001", "zz.two", Severity.INFO, "x", lambda c: ()))
    with pytest.raises(DuplicateRuleError):
        registry.register(Rule("Z002", "zz.one", Severity.INFO, "x", lambda c: ()))
    with pytest.raises(ValueError):
        registry.register(Rule("bad", "zz.three", Severity.INFO, "x", lambda c: ()))


def test_at_least_25_checks_beyond_the_engine_parser() -> None:
    beyond = [rule for rule in REGISTRY if rule.beyond_engine]
    assert len(beyond) >= 25
    assert {rule.group for rule in REGISTRY} == {"xml", "references", "structure", "map-files", "map-properties",
                                                 "images", "map-yml", "dday2"}
    for rule in REGISTRY:  # one-line templates, dotted names
        assert "\n" not in rule.template and "." in rule.name


@pytest.mark.parametrize("xml_alone", [True, False])
def test_numpy_and_pillow_load_only_when_map_files_are_checked(clean_map: Path, tmp_path: Path, xml_alone: bool) -> None:
    # a game XML checked on its own starts ~50 ms sooner without numpy, ~20 ms without Pillow
    import subprocess
    import sys
    target = clean_map / "map"
    if xml_alone:
        target = tmp_path / "alone" / "tiny.xml"
        target.parent.mkdir()
        shutil.copy(clean_map / "map/games/tiny.xml", target)
    code = ("import sys; from converter.cli import main; code = main(['check', '--format', 'json', sys.argv[1]]); "
            "print('numpy' in sys.modules, 'PIL' in sys.modules, code, file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2], timeout=120)
    numpy_loaded, pillow_loaded, exit_code = run.stderr.strip().splitlines()[-1].split()
    expected = str(not xml_alone)
    assert (exit_code, numpy_loaded, pillow_loaded) == ("0", expected, expected), run.stderr[-500:]


_OPENBLAS_THREADS = """
import ctypes, re, sys
from converter.cli import main
code = main(['check', '--format', 'json', sys.argv[1]])
libraries = sorted(set(re.findall(r'(/\\S*openblas\\S*\\.so\\S*)', open('/proc/self/maps').read())))
threads = None
for library in map(ctypes.CDLL, libraries):
    for name in ('scipy_openblas_get_num_threads64_', 'openblas_get_num_threads64_', 'openblas_get_num_threads'):
        if hasattr(library, name):
            threads = getattr(library, name)()
print(code, threads, file=sys.stderr)
"""


@pytest.mark.parametrize("user_setting", [None, "2"])
def test_openblas_gets_one_thread_unless_the_user_sets_it(clean_map: Path, user_setting: str | None) -> None:
    # its threads spin for ~0.1 s of CPU after numpy loads; the check does no linear algebra
    import os
    import subprocess
    import sys
    if not Path("/proc/self/maps").is_file():
        pytest.skip("needs /proc/self/maps to find the loaded OpenBLAS")
    if user_setting is None and (os.cpu_count() or 1) < 2:
        pytest.skip("one CPU: OpenBLAS would take one thread anyway, so the default is not tested")
    environment = {key: value for key, value in os.environ.items() if key != "OPENBLAS_NUM_THREADS"}
    if user_setting is not None:
        environment["OPENBLAS_NUM_THREADS"] = user_setting
    run = subprocess.run([sys.executable, "-c", _OPENBLAS_THREADS, str(clean_map / "map")], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[2], env=environment, timeout=120)
    exit_code, threads = run.stderr.strip().splitlines()[-1].split()
    if threads == "None":
        pytest.skip("this numpy loads no OpenBLAS")
    assert (exit_code, threads) == ("0", user_setting or "1"), run.stderr[-500:]


def test_a_finding_about_the_whole_repository_names_it_as_given(clean_map: Path, capsys, monkeypatch) -> None:
    (clean_map / "map.yml").unlink()  # Y501: about the repository folder itself
    monkeypatch.chdir(clean_map.parent)
    _, out, _ = run(capsys, "tiny", "--select", "Y501", "--format", "json")
    assert [f["file"] for f in json.loads(out)["findings"]] == ["tiny"]  # not "tiny/."
    monkeypatch.chdir(clean_map)
    _, out, _ = run(capsys, ".", "--select", "Y501", "--format", "json")
    assert [f["file"] for f in json.loads(out)["findings"]] == ["."]
