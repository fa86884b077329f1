"""The CI entry points map repositories use: the pre-commit hook (.pre-commit-hooks.yaml) and
the composite GitHub Action (action.yml), read as pre-commit and GitHub read them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from check_mapkit import base_files, write_tree

REPO = Path(__file__).resolve().parents[2]


def _hook() -> dict:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert [hook["id"] for hook in hooks] == ["dday2-check"]
    return hooks[0]


def test_hook_runs_our_console_command_once_per_commit() -> None:
    hook = _hook()
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    command, subcommand = hook["entry"].split()
    assert command in scripts and subcommand == "check"
    assert hook["language"] == "python" and hook["pass_filenames"] is False and hook["args"] == ["."]


# paths as pre-commit passes them to `files`: relative to the repository, with `/`
READ_BY_A_CHECK = [*base_files(), ".dday2.toml", "pyproject.toml", "map/units/Reds/tank.PNG",
                   "map/units/Blues/tank.jpg", "map/reliefTiles/1_0.jpeg", "games/other.XML", ".dday2-baseline.json"]
NOT_READ = ["README.md", ".github/workflows/check.yml", "scripts/tool.py", "map/description.html", "notes.yml"]


@pytest.mark.parametrize("path", READ_BY_A_CHECK)
def test_hook_runs_when_a_file_a_check_reads_changes(path: str) -> None:
    assert re.search(_hook()["files"], path), path  # pre-commit matches `files` with re.search


@pytest.mark.parametrize("path", NOT_READ)
def test_hook_skips_commits_of_other_files(path: str) -> None:
    assert not re.search(_hook()["files"], path), path


def _check_step() -> dict:
    action = yaml.safe_load((REPO / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    [step] = [step for step in action["runs"]["steps"] if step.get("name") == "dday2 check"]
    return step


def test_action_inputs_reach_scripts_only_through_the_environment() -> None:
    # an input spliced into a script's text would run whatever a pull request puts in it
    action = yaml.safe_load((REPO / "action.yml").read_text())
    for step in action["runs"]["steps"]:
        assert "${{" not in step.get("run", ""), step.get("name")
    names = set(action["inputs"])
    used = set(re.findall(r"\$\{\{\s*inputs\.([\w-]+)\s*}}", (REPO / "action.yml").read_text()))
    assert used == names


def _run_check_step(tmp_path: Path, inputs: dict[str, str], **environment: str) -> subprocess.CompletedProcess:
    """The step's script in bash as GitHub runs it, its `${{ inputs.* }}` filled in from
    `inputs` (else the input's default), `dday2` being this checkout's."""
    step, defaults = _check_step(), yaml.safe_load((REPO / "action.yml").read_text())["inputs"]
    env = {name: value for name, value in os.environ.items() if name != "GITHUB_STEP_SUMMARY"} | environment
    for variable, value in step["env"].items():
        name = re.fullmatch(r"\$\{\{\s*inputs\.([\w-]+)\s*}}", value).group(1)
        env[variable] = inputs.get(name, defaults[name].get("default", ""))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "dday2").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m converter "$@"\n')
    (bin_dir / "dday2").chmod(0o755)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    assert step["shell"] == "bash"
    return subprocess.run(["bash", "-e", "-c", step["run"]], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)


def test_action_annotates_findings_and_fails_on_the_chosen_severity(tmp_path: Path) -> None:
    first = write_tree(tmp_path / "first", base_files())
    (first / "map/centers.txt").write_text("Alpha (40,50)\nSea Zone (128,180)\n")  # error: Beta missing
    second = write_tree(tmp_path / "second", {**base_files(), "map/map.properties": base_files()["map/map.properties"]
                                              + "units.scale=1\n"})  # warning: a duplicate key
    summary = tmp_path / "summary.md"
    summary.write_text("earlier steps' summary\n")
    done = _run_check_step(tmp_path, {"path": f"{first} {second}", "fail-on": "warning"},
                           GITHUB_STEP_SUMMARY=str(summary))
    assert done.returncode == 1, done.stderr  # the check's status, not the summary's
    lines = done.stdout.splitlines()
    assert any(line.startswith("::error file=") and "M30" in line and "first/map/centers.txt" in line
               for line in lines), lines
    assert any(line.startswith("::warning file=") and "second/map/map.properties" in line for line in lines), lines
    # GitHub shows only a few annotations per step: the job summary lists every finding
    written = summary.read_text()
    assert written.startswith("earlier steps' summary\n### dday2 check: 2 findings (1 error, 1 warning)")
    assert "| M302 | error | 1 |" in written and "| M326 | warning | 1 |" in written
    # ignoring both findings' codes leaves nothing to fail on
    codes = sorted({re.search(r"title=([A-Z]\d+)", line).group(1) for line in lines if line.startswith("::")})
    quiet = _run_check_step(tmp_path, {"path": f"{first} {second}", "fail-on": "warning", "ignore": ",".join(codes)})
    assert (quiet.returncode, quiet.stdout) == (0, ""), quiet.stderr  # no annotations


def test_action_passes_hostile_inputs_as_plain_arguments(tmp_path: Path) -> None:
    clean = write_tree(tmp_path / "clean", base_files())
    marker = tmp_path / "pwned"
    done = _run_check_step(tmp_path, {"path": str(clean), "select": f"$(touch {marker})", "ignore": f"`touch {marker}`"})
    assert not marker.exists()
    # the texts reach dday2 as they are, which refuses them as codes
    assert done.returncode == 2, done.stderr
    assert "--select: $(TOUCH /" in done.stderr and "is not a rule code" in done.stderr


def test_action_writes_sarif_with_rule_help_when_asked(tmp_path: Path) -> None:
    flawed = write_tree(tmp_path / "flawed", base_files())
    (flawed / "map/centers.txt").write_text("Alpha (40,50)\nSea Zone (128,180)\n")  # error: Beta missing
    done = _run_check_step(tmp_path, {"path": str(flawed), "sarif": "out/check.sarif"})
    assert done.returncode == 2 and "SARIF file (input sarif) could not be written" in done.stdout  # no out/
    (tmp_path / "out").mkdir()
    done = _run_check_step(tmp_path, {"path": str(flawed), "sarif": "out/check.sarif"})
    assert done.returncode == 1, done.stderr  # the check's status
    run = json.loads((tmp_path / "out/check.sarif").read_text())["runs"][0]
    assert [result["ruleId"] for result in run["results"]] == ["M302"]
    [rule] = run["tool"]["driver"]["rules"]
    assert rule["id"] == "M302" and "**Fix:**" in rule["help"]["markdown"]
    assert _run_check_step(tmp_path, {"path": str(flawed)}).returncode == 1  # no sarif input: none written
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bin", "flawed", "out"]


def test_action_leaves_out_what_the_baseline_input_holds(tmp_path: Path) -> None:
    flawed = write_tree(tmp_path / "flawed", base_files())
    (flawed / "map/centers.txt").write_text("Alpha (40,50)\nSea Zone (128,180)\n")  # error: Beta missing
    summary = tmp_path / "summary.md"
    done = _run_check_step(tmp_path, {"path": "flawed", "baseline": "known.json"}, GITHUB_STEP_SUMMARY=str(summary))
    assert done.returncode == 2 and "cannot read baseline" in done.stderr  # named, but not written yet
    written = subprocess.run([sys.executable, "-m", "converter", "check", "flawed", "--baseline", "known.json",
                              "--write-baseline"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                             env=os.environ | {"PYTHONPATH": str(REPO)})
    assert written.returncode == 0, written.stderr
    done = _run_check_step(tmp_path, {"path": "flawed", "baseline": "known.json"}, GITHUB_STEP_SUMMARY=str(summary))
    assert (done.returncode, done.stdout) == (0, ""), done.stderr  # no annotation, no failure
    assert "1 finding left out, as the baseline known.json holds them" in done.stderr
    assert "no findings" in summary.read_text()
    (flawed / "map/centers.txt").write_text("Sea Zone (128,180)\n")  # a new error: Alpha missing
    done = _run_check_step(tmp_path, {"path": "flawed", "baseline": "known.json"})
    [annotation] = done.stdout.splitlines()
    assert done.returncode == 1 and annotation.startswith("::error file=flawed/map/centers.txt")
    assert "'Alpha'" in annotation
