"""The D-Day2 rule check on real engine saves: our fixtures, the engine's own AI games, the CLI."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from converter.cli import main
from converter.cli.savefile import open_save
from converter.paths import REPO_ROOT
from converter.replay import replay, visitor_for
from converter.rulecheck import CODES, DDay2Rules

SAVES = REPO_ROOT / "tests" / "data" / "saves"


def check(path: Path):
    game, history = open_save(str(path))
    result = replay(game, history, visitor_for("dday2"))
    assert result.consistent
    return result.findings


def located(findings) -> list[tuple]:
    return sorted((f.code, dict(f.extra)["rule"], f.round, f.step, f.area) for f in findings)


def assert_each_once(findings) -> None:
    keys = Counter((f.code, f.round, f.step, f.area, f.territory, f.event) for f in findings)
    assert [k for k, n in keys.items() if n > 1] == []


def test_a_whole_legal_policy_game_has_no_findings():
    # 10 rounds of our engine's policy in the real engine: battles, landings, reinforcements,
    # patrols and bombers, every one legal under the house rules
    assert check(SAVES / "compiled_policy_10rounds.tsvg") == ()


def test_the_scripted_opening_leaves_area_10_unfought():
    # the opening attacks 11 and 17 but never the 3 US infantry facing Germans in area 10
    findings = check(SAVES / "compiled_scripted_1round.tsvg")
    assert located(findings) == [("DDAY2-UNFOUGHT", "G2", 1, "alliesBattle", "10"),
                                 ("DDAY2-UNFOUGHT", "G2", 1, "germansBattle", "10")]
    first = findings[0]
    assert dict(first.extra)["units"] == {"USAinfantry": 3, "artillery": 1, "infantry": 1}
    assert first.player == "Allies"


def test_an_ai_that_does_nothing_fights_none_of_the_mixed_areas():
    findings = check(SAVES / "compiled_easy_1round.tsvg")
    assert located(findings) == sorted(("DDAY2-UNFOUGHT", "G2", 1, step, area)
                                       for step in ("alliesBattle", "germansBattle") for area in ("10", "11", "17"))


# What the engine's own AIs break on the community D-Day2 XML (../shared/reference/engine-saves).
AI_SAVES = {
    "dday2_fast_ai_1_round.tsvg": {"G2", "G3", "G4", "P5", "P6"},
    "dday2_fast_ai_3_rounds.tsvg": {"G2", "G3", "G4", "P5", "P6"},
    "dday2_hard_ai_1_round.tsvg": {"G2", "G3", "G4", "P5"},
}
AI_CODES = {
    "dday2_fast_ai_1_round.tsvg": {"DDAY2-UNFOUGHT", "DDAY2-LEFT-CONTESTED", "DDAY2-STACKING",
                                   "DDAY2-ALLIED-WRONG-PART", "DDAY2-GERMAN-WRONG-PART", "DDAY2-ALLIED-CHART-ORDER"},
    "dday2_fast_ai_3_rounds.tsvg": {"DDAY2-UNFOUGHT", "DDAY2-LEFT-CONTESTED", "DDAY2-STACKING",
                                    "DDAY2-ALLIED-WRONG-PART", "DDAY2-GERMAN-WRONG-PART",
                                    "DDAY2-ALLIED-CHART-ORDER", "DDAY2-GERMAN-CHART-ORDER"},
    "dday2_hard_ai_1_round.tsvg": {"DDAY2-UNFOUGHT", "DDAY2-LEFT-CONTESTED", "DDAY2-STACKING",
                                   "DDAY2-ALLIED-WRONG-PART", "DDAY2-ALLIED-CHART-ORDER", "DDAY2-BEACH-CAPACITY"},
}


@pytest.mark.parametrize("name", sorted(AI_SAVES))
def test_the_engines_own_ai_breaks_the_house_rules(shared_dir, name):
    path = shared_dir / "reference" / "engine-saves" / name
    if not path.is_file():
        pytest.skip(f"{path} absent")
    findings = check(path)
    assert {dict(f.extra)["rule"] for f in findings} == AI_SAVES[name]
    assert {f.code for f in findings} == AI_CODES[name]
    assert_each_once(findings)


def test_the_hard_ai_stacks_far_above_eight(shared_dir):
    path = shared_dir / "reference" / "engine-saves" / "dday2_hard_ai_1_round.tsvg"
    if not path.is_file():
        pytest.skip(f"{path} absent")
    stacking = [f for f in check(path) if f.code == "DDAY2-STACKING"]
    # the Germans pour both sectors' reserves into area 36 (reported once, when it crosses 8)
    assert {(f.area, dict(f.extra)["side"]) for f in stacking} == {("36", "Germans"), ("6", "Germans")}
    beach = [f for f in check(path) if f.code == "DDAY2-BEACH-CAPACITY"]
    assert [(f.territory, dict(f.extra)["capacity"]) for f in beach] == [("Utah Beach", 4)]
    assert dict(beach[0].extra)["units"]["USAinfantry"] > 4


def test_replay_defaults_to_the_dday2_rules_for_dday2_saves(capsys):
    code = main(["replay", str(SAVES / "compiled_scripted_1round.tsvg"), "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert code == 1
    assert document["rules"] == "dday2" and document["consistent"] is True
    assert [(f["code"], f["rule"], f["round"], f["area"]) for f in document["findings"]] == [
        ("DDAY2-UNFOUGHT", "G2", 1, "10"), ("DDAY2-UNFOUGHT", "G2", 1, "10")]
    assert document["findings"][0]["units"]["USAinfantry"] == 3


def test_rules_none_checks_consistency_only(capsys):
    code = main(["replay", str(SAVES / "compiled_scripted_1round.tsvg"), "--rules", "none", "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert (code, document["rules"], document["findings"]) == (0, "none", [])


def test_other_games_default_to_consistency_only(shared_dir, capsys):
    path = shared_dir / "reference" / "saves" / "revisted_start_of_game.tsvg"
    if not path.is_file():
        pytest.skip(f"{path} absent")
    main(["replay", str(path), "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert document["rules"] == "none" and document["game_name"] != "D-Day 2"


def test_text_output_names_code_rule_and_place(capsys):
    main(["replay", str(SAVES / "compiled_easy_1round.tsvg")])
    out = capsys.readouterr().out
    assert "round 1, alliesBattle, Allies, 10: DDAY2-UNFOUGHT error: G2: mixed area 10" in out


def test_every_code_names_a_rule_of_the_rules_document(shared_dir):
    path = shared_dir / "docs" / "dday2-rules.md"
    if not path.is_file():
        pytest.skip(f"{path} absent")
    ids = set(re.findall(r"^- ([BGPU]\d+) ", path.read_text(encoding="utf-8"), re.MULTILINE))
    ids |= set(re.findall(r"^\d\. (P\d) ", path.read_text(encoding="utf-8"), re.MULTILINE))
    assert {entry.rule for entry in CODES.values()} <= ids
    assert all(code.startswith("DDAY2-") for code in CODES)


def test_strict_mode_stops_at_the_first_rule_finding():
    from converter.replay import ReplayError

    game, history = open_save(str(SAVES / "compiled_scripted_1round.tsvg"))
    with pytest.raises(ReplayError, match="DDAY2-UNFOUGHT"):
        replay(game, history, DDay2Rules(strict=True))
