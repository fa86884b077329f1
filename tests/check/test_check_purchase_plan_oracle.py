"""The real engine as oracle for S264 (a purchase TripleA's AI never plans), in TripleA 1.9.

Each S264 rule case about a purchase step and Reds' place step is played one round with the Hard
AI (ProAI, 1.9's) for every player, Reds given a factory in its capital Alpha so that it has
somewhere to place: the round's history must show Reds buying exactly where S264 is silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.history import build_history
from converter.save import load_save
from test_check_game_start_oracle import _findings, _play_one_round
from test_check_rule_cases import _load_cases

PLAN_CASES = [param for param in _load_cases()
              if param.values[1]["id"] in ("purchase-after-the-place-step", "purchase-before-the-place-step",
                                           "purchase-after-the-place-step-before-the-end-of-the-turn",
                                           "purchase-after-the-place-and-end-of-the-turn",
                                           "purchase-before-another-players-place-step")]
# a factory for Reds in its capital Alpha: where the AI places what it buys
REDS_FACTORY = [
    ["<unit name=\"tinyfoot\"/>", "<unit name=\"tinyfoot\"/><unit name=\"factory\"/>"],
    ["</attachmentList>", '<attachment name="unitAttachment" attachTo="factory" javaClass="games.strategy.triplea.'
                          'attachments.UnitAttachment" type="unitType"><option name="isFactory" value="true"/>'
                          '</attachment></attachmentList>'],
    ['attachTo="Alpha" javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">'
     '<option name="production" value="2"/>',
     'attachTo="Alpha" javaClass="games.strategy.triplea.attachments.TerritoryAttachment" type="territory">'
     '<option name="production" value="2"/><option name="capital" value="Reds"/>'],
    ['<unitPlacement unitType="tinyfoot" territory="Alpha" quantity="2" owner="Reds"/>',
     '<unitPlacement unitType="tinyfoot" territory="Alpha" quantity="2" owner="Reds"/>'
     '<unitPlacement unitType="factory" territory="Alpha" quantity="1" owner="Reds"/>']]


def test_the_cases_go_both_ways() -> None:
    assert sorted(param.values[1]["expect"] for param in PLAN_CASES) == [[], [], ["S264"], ["S264"], ["S264"]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", PLAN_CASES)
def test_the_ai_buys_only_where_s264_is_silent(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    reported = _findings(tmp_path, case, ("S264",))
    played = dict(case, xml_replace=[*case["xml_replace"], *REDS_FACTORY])
    report = _play_one_round(tmp_path, played, timeout=120, with_battle_delegate=True, ai="Hard (AI)")
    assert report.game_crash is None and report.rounds_played == 1, report
    bought = [event.text for round_ in build_history(load_save(report.save_path)).rounds for step in round_.steps
              for event in step.events if event.text.startswith("Reds buy")]
    assert bool(bought) == (not reported), (bought, [finding.message for finding in reported])
