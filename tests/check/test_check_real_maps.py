"""The checker on real maps read in place from ../shared: 40 community game XMLs and the
community D-Day2 package. No crash, and the findings we reviewed are pinned."""

from __future__ import annotations

import json
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


@pytest.mark.engine
@pytest.mark.slow
def test_no_rule_says_the_engines_refuse_a_real_game_1_9_loads(shared_dir: Path, map_xml_findings, real_engine) -> None:
    """TripleA 1.9 as the oracle of the errors that say the engines refuse a game: none on a real
    game XML that 1.9 loads (all 40 parsed in one JVM; 34 load). The other way holds no rule: the
    6 that 1.9 refuses ask for a 2.x engine or use what 1.9 lacks (options, no `<loader>`), and
    the checker reads them as 2.x does."""
    from converter.check.rule import REGISTRY
    from converter.realengine import EngineError, parse_games

    refusing = {rule.code for rule in REGISTRY if not rule.beyond_engine}
    xmls = sorted((shared_dir / "reference" / "map-xmls").glob("*.xml"))
    loaded = [xml.name for xml, parsed in zip(xmls, parse_games(xmls)) if not isinstance(parsed, EngineError)]
    wrong = [f"{name}: {finding['code']} {finding['message'][:200]}" for name in loaded
             for finding in map_xml_findings.get(name, []) if finding["code"] in refusing]
    assert not wrong, "\n".join(wrong)
    assert len(loaded) >= 30


@pytest.mark.parametrize("file, code, fragment", [
    # a boolean-typed property holding a number (WAW40's fixed neutralCharge of 0 outside its
    # range 1..10000 is not one: no engine reads a fixed property's range)
    ("imperialism_1974_board_game.xml", "S210", "'Land Battle Rounds' has value '1': a whole number typed <boolean/>"),
    # a property the installed 1.9 engine reads and 2.x no longer does
    ("A_Song_of_Ice_and_Fire.xml", "S209",
     "'Rocket Attacks Per Factory Infinite' is not read by the engine (TripleA 1.9 reads it; 2.x does not)"),
    # the same attachment defined twice: the first is silently lost
    ("Pacific_Theater_Solo_Challenge.xml", "S202", "'conditionAttachmentJapaneseT10' on 'Japanese'"),
    # connections declared twice: sengokuJidai writes them both ways, folded into one finding
    ("sengokuJidai.xml", "S204", "as are 236 more connections written the other way round"),
    ("command_and_conquer.xml", "S204", "is declared again (first on line"),
    # a one-value option given twice: the engine keeps the last
    ("Global_War_v3.xml", "S219", "option 'isInfantry' is given again in attachment 'unitAttachment' on "
                                  "'infantry': the engine keeps the last, \"false\", not \"true\""),
    ("iron_war.xml", "S219", "option 'faction' is given again in attachment 'supportAttachmentCommissar'"),
    # triggers changing a property 2.x does not have: the game fails when they fire
    ("HexGlobeFFA_w_TWW.xml", "S223", "change property 'isInfantry' of UnitAttachment, which has no such property "
                                      "in TripleA 2.x"),
    # triggers set to fire at no step on purpose: only activateTrigger fires them (info)
    ("imperialism_1974_board_game.xml", "S221", "set to fire at step 'Never', which the sequence does not have: "
                                                "only `activateTrigger` fires them"),
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


def test_2x_options_and_properties_are_not_reported(map_xml_findings) -> None:
    """Options and properties the installed 1.9 engine lacks but TripleA 2.x has (S208, S209)."""
    reported = [f["message"] for name in ("Red_Sun_Over_China.xml", "iron_war.xml", "Battle_For_Arda.xml",
                                          "imperialism_1974_board_game.xml")
                for f in map_xml_findings.get(name, []) if f["code"] in ("S208", "S209")]
    for name in ("isLandTransportable", "costResources", "fuelFlatCost", "whenHitPointsRepairedChangesInto",
                 "isFirstStrike", "Land Battles May Be Ignored", "Units Can Load In Hostile Sea Zones"):
        assert not [message for message in reported if f"'{name}'" in message], name


def test_community_dday2_package(community_map_dir: Path, capsys) -> None:
    code = main(["check", str(community_map_dir), "--format", "json", "--fail-on", "warning"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    # the worst finding is a warning (B85, unused): the package loads and plays
    assert code == 1 and "error" not in {finding["severity"] for finding in findings}
    by_code: dict[str, list[dict]] = {}
    for finding in findings:
        by_code.setdefault(finding["code"], []).append(finding)
    assert "C001" not in by_code
    # the isolated border box B85: no connection at all, so it links no patrol part
    assert [f["territory"] for f in by_code["S205"]] == ["B85"]
    assert [f["territory"] for f in by_code["D603"]] == ["B85"]
    # no M308: over a hundred place points lie outside their polygon as written (the border
    # boxes' up and left of the box), but each is the top-left corner of a 48x48 unit image
    # and every unit is drawn centred inside its territory, as the map maker meant
    assert "M308" not in by_code
    outside_as_written, centred_outside = _place_points_against_polygons(community_map_dir / "map", 48)
    assert outside_as_written > 100 and centred_outside == 0
    # a stale name in centers.txt, and a unit type with no image that only the frontier of a
    # player who never buys offers (info: it shows only in Unit Help)
    assert [f["message"] for f in by_code["M303"]] == [
        "'English Channel Sea Zone' in centers.txt is not a territory of the game XML"]
    assert [f["severity"] for f in by_code["I401"] if "ArtilleryAADefense" in f["message"]] == ["info"]
    # the three-part areas (cities included) and their joins are all complete
    assert "D601" not in by_code and "D602" not in by_code


def _place_points_against_polygons(map_dir: Path, unit: int) -> tuple[int, int]:
    """How many place points lie outside their territory's polygons, and how many units drawn
    at them (`unit` px square, the point its top-left corner) are centred outside."""
    from converter.check.geometry import point_in_polygon
    from converter.check.mapfiles import read_point_file, read_polygons

    polygons = {entry.name: entry.polygons for entry in read_polygons(map_dir / "polygons.txt").entries}
    outside = centred_outside = 0
    for entry in read_point_file(map_dir / "place.txt", allow_options=True).entries:
        for x, y in entry.points if entry.name in polygons else ():
            outside += not any(point_in_polygon((x, y), polygon) for polygon in polygons[entry.name])
            centre = (x + unit // 2, y + unit // 2)
            centred_outside += not any(point_in_polygon(centre, polygon) for polygon in polygons[entry.name])
    return outside, centred_outside
