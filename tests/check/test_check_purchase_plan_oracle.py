"""The real engine as oracle for S264 (a purchase TripleA's AI never plans), S265 (a rule on which
it stops planning one) and S248's placement delegate (which it looks up by name to plan one), in
TripleA 1.9.

Each rule case is played one round with the Hard AI (ProAI, 1.9's) for every player, Reds given a
factory in its capital Alpha so that it has somewhere to place. S264: the round's history must
show Reds buying exactly where S264 is silent. S265: the game must stop at Reds' purchase ("/ by
zero") exactly where S265 warns, and play the round elsewhere. S248 (`place`, `placeBid`): the game
must stop at Reds' purchase or bid exactly where S248 reports the delegate (1.9 looks it up without
a fallback: a NullPointerException where 2.x's AI silently buys nothing, a ClassCastException for
one of another class), and play the round elsewhere."""

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


# (not the rule without a quantity, which 2.x reads as 0 and 1.9 refuses to load, nor the frontier Reds
# reaches only on gaining Industrial Technology, which no one gains in one round, nor one a trigger
# gives only when a user action fires it, which the AI never takes)
RULE_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("rule-giving-")
              and "-without-quantity-" not in param.values[1]["id"]
              and not param.values[1]["id"].endswith("-industrial-technology-frontier")
              and "-a-user-action-fires-" not in param.values[1]["id"]]


def test_the_rule_cases_go_both_ways() -> None:
    assert {bool(param.values[1]["expect"]) for param in RULE_CASES} == {True, False}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", RULE_CASES)
def test_the_ai_stops_planning_a_purchase_where_s265_says(real_engine, tmp_path: Path, group: str,
                                                         case: dict) -> None:
    warned = _findings(tmp_path, case, ("S265",))
    played = dict(case, xml_replace=[*case["xml_replace"], *REDS_FACTORY])
    report = _play_one_round(tmp_path, played, timeout=120, with_battle_delegate=True, ai="Hard (AI)")
    if warned:
        assert report.game_crash and "/ by zero" in report.game_crash and report.final_step in ("RedsPurchase",
                                                                                                 "RedsBid"), report
    else:
        assert report.game_crash is None and report.rounds_played == 1, report


# S248's cases about the placement delegates, but the one without a purchase step: 1.9's AI also looks
# up `place` at its first combat move once it has a factory (2.x's takes a missing one for nowhere to place)
PLACE_DELEGATE_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("place-delegate-")
                        and not param.values[1]["id"].endswith("-without-a-purchase-step")]


def test_the_place_delegate_cases_go_both_ways() -> None:
    assert {bool(param.values[1]["expect"]) for param in PLACE_DELEGATE_CASES} == {True, False}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", PLACE_DELEGATE_CASES)
def test_the_ai_stops_looking_up_the_place_delegate_where_s248_says(real_engine, tmp_path: Path, group: str,
                                                                    case: dict) -> None:
    reported = _findings(tmp_path, case, ("S248",))
    played = dict(case, xml_replace=[*case["xml_replace"], *REDS_FACTORY])
    report = _play_one_round(tmp_path, played, timeout=120, with_battle_delegate=True, ai="Hard (AI)")
    if not reported:
        assert report.game_crash is None and report.rounds_played == 1, report
        return
    crash = "NullPointerException" if reported[0].severity.value == "warning" else "ClassCastException"
    assert report.game_crash and crash in report.game_crash and report.final_step == reported[0].message.split("'")[1], \
        (report, reported[0].message)
