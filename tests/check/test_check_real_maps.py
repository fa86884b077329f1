"""The checker on real maps read in place from ../shared: 40 community game XMLs and the
community D-Day2 package. No crash, and the findings we reviewed are pinned."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from converter.cli import main


@pytest.fixture(scope="module")
def map_xml_findings(shared_dir: Path) -> dict[str, list[dict]]:
    folder = shared_dir / "reference" / "map-xmls"
    if not folder.is_dir():
        pytest.skip(f"{folder} absent")
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["check", str(folder), "--format", "json"])
    assert code in (0, 1)
    document = json.loads(out.getvalue())
    assert len(document["checked"]) == 40
    by_file: dict[str, list[dict]] = {}  # by file name: each XML is its own target in that folder
    for finding in document["findings"]:
        by_file.setdefault(Path(finding["file"]).name, []).append(finding)
    return by_file


def test_no_rule_crashes_on_real_maps(map_xml_findings) -> None:
    crashed = [f for findings in map_xml_findings.values() for f in findings if f["code"] == "C001"]
    assert crashed == []


@pytest.mark.parametrize("file, code, fragment", [
    # a boolean-typed property holding a number; a number outside its own range
    ("imperialism_1974_board_game.xml", "S210", "'Land Battle Rounds' has value '1': expected true or false"),
    ("WAW40.xml", "S210", "'neutralCharge' has value '0': outside its range 1..10000"),
    # a 2.x option the installed 1.9 engine does not have
    ("Red_Sun_Over_China.xml", "S208", "'isLandTransportable'"),
    # the same attachment defined twice: the first is silently lost
    ("Pacific_Theater_Solo_Challenge.xml", "S202", "'conditionAttachmentJapaneseT10' on 'Japanese'"),
    # connections declared twice
    ("sengokuJidai.xml", "S204", "is declared again"),
    # territories without any connection
    ("TAW_Carthage_Campaign.xml", "S205", "has no connection"),
    # a misspelled property name, silently ignored by the engine
    ("TAW_Carthage_Campaign.xml", "S209", "'TriggeRed Victory' is not read by the engine; did you mean 'Triggered Victory'?"),
    ("HexGlobeFFA_w_TWW.xml", "S209", "'Two hit Battleship' is not read by the engine; did you mean 'Two hit battleship'?"),
])
def test_pinned_findings_on_real_maps(map_xml_findings, file: str, code: str, fragment: str) -> None:
    messages = [f["message"] for f in map_xml_findings.get(file, []) if f["code"] == code]
    assert any(fragment in message for message in messages), messages[:5]


def test_2x_variables_are_expanded_not_reported(map_xml_findings) -> None:
    imperialism = map_xml_findings.get("imperialism_1974_board_game.xml", [])
    assert not [f for f in imperialism if f["code"] in ("R101", "R102", "R103", "S207")]


def test_community_dday2_package(community_map_dir: Path, capsys) -> None:
    code = main(["check", str(community_map_dir), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert code == 1
    by_code: dict[str, list[dict]] = {}
    for finding in findings:
        by_code.setdefault(finding["code"], []).append(finding)
    assert "C001" not in by_code
    # the isolated border box B85: no connection at all, so it links no patrol part
    assert [f["territory"] for f in by_code["S205"]] == ["B85"]
    assert [f["territory"] for f in by_code["D603"]] == ["B85"]
    # place points outside their polygon (the top-left corners of unit slots, 1-2 px out)
    place = by_code["M308"]
    named = Path(os.path.normpath(community_map_dir)).as_posix()  # the files are named from the PATH given
    assert len(place) > 100 and all(f["file"] == f"{named}/map/place.txt" and f["line"] for f in place)
    assert any(f["territory"] == "P2" for f in place)
    # a stale name in centers.txt and a placed unit type with no image
    assert [f["message"] for f in by_code["M303"]] == [
        "'English Channel Sea Zone' in centers.txt is not a territory of the game XML"]
    assert any("ArtilleryAADefense" in f["message"] for f in by_code["I401"])
    # the three-part areas (cities included) and their joins are all complete
    assert "D601" not in by_code and "D602" not in by_code
