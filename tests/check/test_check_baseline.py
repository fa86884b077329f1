"""`dday2 check --baseline FILE` (and `--write-baseline`): the findings a map already had are
left out, new ones are reported and fail the run, fixed ones are told about."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from converter.check.baseline import Baseline, left_out
from converter.cli import main

BASELINE = "known-findings.json"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def written(capsys, root: Path, *paths: str) -> Path:
    baseline = root / BASELINE
    code, out, err = run(capsys, *(paths or (str(root),)), "--baseline", str(baseline), "--write-baseline")
    assert (code, out) == (0, "") and "wrote 2 findings to the baseline" in err
    return baseline


def test_the_baseline_leaves_out_what_it_holds(flawed_map: Path, capsys) -> None:
    baseline = written(capsys, flawed_map)
    entries = json.loads(baseline.read_text())["findings"]
    assert [(entry["file"], entry["code"], entry["count"]) for entry in entries] == \
        [("map/centers.txt", "M302", 1), ("map/map.properties", "M326", 1)]
    assert all("line" not in entry for entry in entries)  # an edit above a finding does not make it new
    code, out, err = run(capsys, str(flawed_map), "--baseline", str(baseline))
    assert (code, out) == (0, "no findings\n") and "2 findings left out, as the baseline" in err
    assert "no longer found" not in err


def test_the_file_is_the_same_bytes_each_time_one_finding_a_line(flawed_map: Path, capsys) -> None:
    first = written(capsys, flawed_map).read_bytes()
    assert written(capsys, flawed_map).read_bytes() == first
    lines = first.decode().splitlines()
    assert len(lines) == 4 and lines[-1] == "]}" and json.loads(lines[1].rstrip(","))["code"] == "M302"


def test_a_new_finding_is_reported_and_fails(flawed_map: Path, capsys) -> None:
    baseline = written(capsys, flawed_map)
    (flawed_map / "map/centers.txt").write_text("Sea Zone (128,180)\n")  # now Alpha is missing too
    code, out, err = run(capsys, str(flawed_map), "--baseline", str(baseline), "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert [(f["code"], f["territory"]) for f in document["findings"]] == [("M302", "Alpha")]
    assert document["baseline"] == [{"file": baseline.as_posix(), "left_out": 2, "not_found": 0}]


def test_findings_moved_to_other_lines_stay_left_out(flawed_map: Path, capsys) -> None:
    baseline = written(capsys, flawed_map)
    properties = flawed_map / "map/map.properties"
    properties.write_text("# a comment\n# and another\n" + properties.read_text())
    assert run(capsys, str(flawed_map), "--baseline", str(baseline))[:2] == (0, "no findings\n")


def test_equal_findings_are_counted(flawed_map: Path, capsys) -> None:
    """The same key set a third time: a finding equal to the baseline's but for its line is new."""
    baseline = written(capsys, flawed_map)
    properties = flawed_map / "map/map.properties"
    properties.write_text(properties.read_text() + "units.scale=2\n")
    code, out, _ = run(capsys, str(flawed_map), "--baseline", str(baseline))
    assert code == 0  # a warning, under the error bar
    assert out.count("M326") == 1 and "map/map.properties:8: M326" in out  # the second of the two equal ones
    code, out, _ = run(capsys, str(flawed_map), "--baseline", str(baseline), "--write-baseline")
    entries = json.loads(baseline.read_text())["findings"]
    assert [(entry["message"], entry["count"]) for entry in entries if entry["code"] == "M326"] == \
        [("map.properties key 'units.scale' is set again (first on line #); the last one wins", 2)]
    assert run(capsys, str(flawed_map), "--baseline", str(baseline))[:2] == (0, "no findings\n")


def test_fixed_findings_are_told_about(flawed_map: Path, capsys) -> None:
    baseline = written(capsys, flawed_map)
    (flawed_map / "map/centers.txt").write_text("Alpha (40,50)\nBeta (120,50)\nSea Zone (128,180)\n")
    code, out, err = run(capsys, str(flawed_map), "--baseline", str(baseline), "--format", "json")
    assert code == 0 and json.loads(out)["findings"] == []
    assert "1 finding left out" in err and "1 finding the baseline" in err and "no longer found" in err
    assert json.loads(out)["baseline"][0]["not_found"] == 1


def test_the_map_matches_however_it_is_named(flawed_map: Path, capsys, monkeypatch) -> None:
    """Files are named from the baseline's folder, not from the path the user gave."""
    monkeypatch.chdir(flawed_map)
    baseline = written(capsys, flawed_map, ".")
    for named in (str(flawed_map), "map", "map/games/tiny.xml", "../tiny/map.yml"):
        code, out, err = run(capsys, named, "--baseline", BASELINE)
        assert (code, out) == (0, "no findings\n"), named
        assert f"2 findings left out, as the baseline {BASELINE} holds them" in err
    monkeypatch.chdir(flawed_map.parent)
    assert run(capsys, "tiny", "--baseline", str(baseline))[:2] == (0, "no findings\n")


def test_two_maps_under_one_baseline_keep_apart(flawed_map: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    shutil.copytree(flawed_map, tmp_path / "other")
    (flawed_map / "map/centers.txt").write_text("Alpha (40,50)\nBeta (120,50)\nSea Zone (128,180)\n")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "tiny", "other", "--baseline", "all.json", "--write-baseline")[0] == 0
    files = {entry["file"] for entry in json.loads((tmp_path / "all.json").read_text())["findings"]}
    assert files == {"tiny/map/map.properties", "other/map/map.properties", "other/map/centers.txt"}
    (flawed_map / "map/centers.txt").write_text("Alpha (40,50)\nSea Zone (128,180)\n")  # the other map's flaw
    code, out, _ = run(capsys, "tiny", "other", "--baseline", "all.json")
    assert code == 1 and out.startswith("tiny/map/centers.txt, Beta: M302")


def test_two_maps_whose_settings_name_one_baseline_share_it(flawed_map: Path, tmp_path: Path, capsys,
                                                             monkeypatch) -> None:
    shutil.copytree(flawed_map, tmp_path / "other")
    for root in (flawed_map, tmp_path / "other"):
        (root / ".dday2.toml").write_text('[check]\nbaseline = "../all.json"\n')  # one file, named from each map
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "tiny", "other", "--write-baseline")
    assert code == 0 and err.count("wrote 4 findings to the baseline all.json") == 1
    files = {entry["file"] for entry in json.loads((tmp_path / "all.json").read_text())["findings"]}
    assert files == {f"{root}/map/{name}" for root in ("tiny", "other") for name in ("centers.txt", "map.properties")}
    assert run(capsys, "tiny", "other")[:2] == (0, "no findings\n")


def test_a_zipped_map(flawed_map: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    with zipfile.ZipFile(tmp_path / "tiny.zip", "w") as archive:
        for path in sorted(flawed_map.rglob("*")):
            archive.write(path, path.relative_to(flawed_map.parent).as_posix())
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "tiny.zip", "--baseline", BASELINE, "--write-baseline")[0] == 0
    files = {entry["file"] for entry in json.loads((tmp_path / BASELINE).read_text())["findings"]}
    assert files == {"tiny.zip!tiny/map/centers.txt", "tiny.zip!tiny/map/map.properties"}
    (tmp_path / "elsewhere").mkdir()
    shutil.move(tmp_path / "tiny.zip", tmp_path / "elsewhere")
    assert run(capsys, "elsewhere/tiny.zip", "--baseline", BASELINE)[:2] == (0, "no findings\n")


def test_the_settings_name_the_baseline_from_their_folder(flawed_map: Path, capsys, monkeypatch) -> None:
    (flawed_map / ".dday2.toml").write_text('[check]\nbaseline = "ci/known.json"\n')
    monkeypatch.chdir(flawed_map.parent)
    code, _, err = run(capsys, "tiny", "--write-baseline")
    assert code == 0 and "wrote 2 findings to the baseline tiny/ci/known.json" in err
    assert run(capsys, "tiny")[:2] == (0, "no findings\n")
    code, out, _ = run(capsys, "tiny", "--baseline", "elsewhere.json")  # the command line's wins
    assert code == 2 and out == ""
    (flawed_map / ".dday2.toml").write_text("[check]\nbaseline = 5\n")
    code, _, err = run(capsys, "tiny")
    assert code == 2 and "baseline must be a file name" in err


@pytest.mark.parametrize("content, said", [
    (None, "No such file or directory (write it with --write-baseline)"),
    ("{not json", "is not JSON"),
    ("[]", 'holds no "findings" list'),
    ('{"findings": [{"file": "a", "code": "M302", "message": "m", "count": 0}]}', "findings[0] needs"),
    ('{"findings": [{"file": "a", "code": "M302"}]}', "findings[0] needs"),
    ('{"version": 2, "findings": []}', "is version 2"),
])
def test_a_bad_baseline_stops_the_check(flawed_map: Path, capsys, content: str | None, said: str) -> None:
    baseline = flawed_map / BASELINE
    if content is not None:
        baseline.write_text(content)
    code, out, err = run(capsys, str(flawed_map), "--baseline", str(baseline))
    assert (code, out) == (2, "") and said in err and err.count("\n") == 1


def test_writing_needs_a_file_and_every_path(flawed_map: Path, tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, str(flawed_map), "--write-baseline")
    assert code == 2 and "--write-baseline needs a baseline file" in err
    baseline = tmp_path / "b.json"
    code, _, err = run(capsys, str(flawed_map), str(tmp_path / "missing"), "--baseline", str(baseline),
                       "--write-baseline")
    assert code == 2 and not baseline.exists()  # a baseline of part of the maps would lose the rest's


def test_left_out_uses_up_counts_in_order() -> None:
    baseline = Baseline(Path("/b.json"), {("f", "M302", "m"): 2, ("f", "M303", "gone"): 1})
    other = Baseline(Path("/c.json"), {})
    keyed = [(1, baseline, ("f", "M302", "m")), (2, None, None), (3, baseline, ("f", "M302", "m")),
             (4, baseline, ("f", "M302", "m")), (5, other, ("f", "M302", "m"))]
    kept, outcomes = left_out(keyed, [baseline, other])
    assert kept == [2, 4, 5]
    assert [(o.path, o.left_out, o.not_found) for o in outcomes] == [(Path("/b.json"), 2, 1), (Path("/c.json"), 0, 0)]
