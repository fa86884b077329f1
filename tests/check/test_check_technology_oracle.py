"""The real engine as oracle for the research rules S261 and S262, in TripleA 1.9.

S261's frontier half: a player who gains Industrial Technology is moved to its frontier's
`…IndustrialTechnology` frontier where the game has one, and stays where it is (the advance
doing nothing) where it has none. Each S261 rule case about that frontier is played one round
with a trigger that gives Reds the advance (TechTracker.addAdvance, the same call research ends
in), and the save's history must hold the production frontier change exactly where S261 does
not report the case.

S263: each of its rule cases where Reds researches has 1.9 build its "Roll Tech" dialog for Reds
holding 10 PUs (TechPanel's roll panel, headless); it must fail exactly where S263 reports Reds'
techCost, and open elsewhere.

S262: each of its rule cases is played one round with the Hard AI (ProAI) for every player and
one tech token for Reds, so that the AI researches at once; the game must stop at Reds' research
step exactly where S262 warns."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.history import build_history
from converter.save import load_save
from test_check_game_start_oracle import _findings, _play_one_round
from test_check_rule_cases import _load_cases, build_case

FRONTIER_CASES = [param for param in _load_cases()
                  if param.values[1]["id"] in ("technology-industrial-without-its-frontier",
                                               "technology-industrial-with-its-frontier")]
# a trigger giving Reds Industrial Technology as its combat move starts
GIVE_INDUSTRIAL_TECHNOLOGY = [
    "</attachmentList>",
    '<attachment name="conditionAttachmentAlways" attachTo="Reds" javaClass="games.strategy.triplea.attachments.'
    'RulesAttachment" type="player"><option name="switch" value="true"/></attachment>'
    '<attachment name="triggerAttachmentGiveTech" attachTo="Reds" javaClass="games.strategy.triplea.attachments.'
    'TriggerAttachment" type="player"><option name="conditions" value="conditionAttachmentAlways"/>'
    '<option name="when" value="before:RedsCombatMove"/><option name="tech" value="industrialTechnology"/>'
    '</attachment></attachmentList>']


def test_the_cases_go_both_ways() -> None:
    assert sorted(param.values[1]["expect"] for param in FRONTIER_CASES) == [[], ["S261"]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", FRONTIER_CASES)
def test_the_frontier_changes_only_where_s261_says_it_exists(real_engine, tmp_path: Path, group: str,
                                                            case: dict) -> None:
    reported = _findings(tmp_path, case, ("S261",))
    played = dict(case, xml_replace=[*case["xml_replace"], GIVE_INDUSTRIAL_TECHNOLOGY])
    report = _play_one_round(tmp_path, played, timeout=60, with_battle_delegate=True)
    assert report.game_crash is None and report.rounds_played == 1, report
    events = [event for round_ in build_history(load_save(report.save_path)).rounds for step in round_.steps
              for event in step.events if "activates Industrial Technology" in event.text]
    assert len(events) == 1, "the trigger did not give Reds the advance"
    moved = "ProductionFrontierChange" in [change.kind for change in events[0].changes]
    assert moved == (not reported), (events[0].text, [change.kind for change in events[0].changes], reported)


RESEARCH_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("research-without-category-")]
ONE_TECH_TOKEN_FOR_REDS = ['<resourceGiven player="Reds" resource="PUs" quantity="10"/>',
                           '<resourceGiven player="Reds" resource="PUs" quantity="10"/>'
                           '<resourceGiven player="Reds" resource="techTokens" quantity="1"/>']


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", RESEARCH_CASES)
def test_the_ai_stops_researching_where_s262_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    warned = [finding for finding in _findings(tmp_path, case, ("S262",)) if finding.severity.value == "warning"]
    played = dict(case, xml_replace=[*case["xml_replace"], ONE_TECH_TOKEN_FOR_REDS])
    report = _play_one_round(tmp_path, played, timeout=90, with_battle_delegate=True, ai="Hard (AI)")
    if warned:
        assert report.game_crash and report.final_step == "RedsTech", report
    else:
        assert report.game_crash is None and report.rounds_played == 1, report


# S263's cases where Reds researches with its techCost as the game starts (not where research is off,
# Reds has no research step, the option is another class's or on no player, which 1.9 refuses, or a trigger
# changes it first)
TECH_COST_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("tech-cost-")
                   and not param.values[1]["id"].endswith(("-off", "-without-a-research-step", "-in-a-rules-attachment",
                                                           "-of-no-type", "-changed-by-a-trigger"))]


def test_the_tech_cost_cases_go_both_ways() -> None:
    assert {bool(param.values[1]["expect"] == ["S263"]) for param in TECH_COST_CASES} == {True, False}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", TECH_COST_CASES)
def test_the_research_dialog_fails_where_s263_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    from converter.realengine.harness import tech_roll_dialog

    reported = [finding for finding in _findings(tmp_path, case, ("S263",)) if "'Reds'" in finding.message]
    dialog = tech_roll_dialog(build_case(tmp_path / "played", case) / "map/games/tiny.xml", "Reds", 10)
    assert dialog["opened"] == (not reported), dialog
    if reported:
        failure = "/ by zero" if dialog["tech_cost"] == 0 else "Max cant be less than min"
        assert failure in dialog["error"] and f"techCost {dialog['tech_cost']}:" in reported[0].message, dialog
    else:
        assert dialog["most_rolls"] == 10 // dialog["tech_cost"], dialog
