"""The real engine as oracle for S244 (a step's name read as another kind of step), in TripleA 1.9.

TripleA's players choose what to do at a step by the end of its name. Each S244 rule case whose id
says `…-step-named-as-…` is played one round with the AI that does nothing (which still takes the
step's delegate for the kind its name tells, as every AI does): the game must stop exactly at a
step S244 reports as an error (or as a warning saying 1.9 stops there), with the cast or step
test that fails there, and play the round wherever S244 reports none. A name read as no kind stops only a human's turn (`Unrecognized step
name`), which a headless game cannot seat, so those cases may play on here; where S244 says the
AI takes the step for another kind, the game must stop there. The cases listed in
`NOTHING_TO_DO` are those whose player has nothing to do at a step taken for another kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_check_game_start_oracle import _findings, _play_one_round
from test_check_rule_cases import _load_cases

STEP_NAME_CASES = [param for param in _load_cases() if "-step-named-as-" in param.values[1]["id"]]
# the cases whose player has nothing to do at the misnamed step (a bid placement with nothing bought)
NOTHING_TO_DO = {"bid-placement-step-named-as-a-bid-purchase"}
# what stops the game where the AI takes the step's delegate for another kind (1.9: the delegate's
# remote cast to the kind's interface; a move's step tells combat or not by its name alone)
_STOPS = ("ClassCastException", "Cannot determine combat or not")


def _taken_for_another_kind(finding) -> bool:
    """Does S244 say the AI fails there (the step taken for another kind, or a warning for 2.x
    that says 1.9 stops)?"""
    return (finding.severity.value == "error" and "they take it for a" in finding.message) or \
        "TripleA 1.9 stops there" in finding.message


def test_the_cases_go_both_ways() -> None:
    expected = [param.values[1]["expect"] for param in STEP_NAME_CASES]
    assert expected.count(["S244"]) >= 10 and expected.count([]) >= 8
    assert NOTHING_TO_DO <= {param.values[1]["id"] for param in STEP_NAME_CASES}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", STEP_NAME_CASES)
def test_the_ai_stops_only_where_s244_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    findings = _findings(tmp_path, case, ("S244",))
    errors = {finding.message.split("'")[1] for finding in findings
              if finding.severity.value == "error" or _taken_for_another_kind(finding)}
    taken = {finding.message.split("'")[1] for finding in findings if _taken_for_another_kind(finding)}
    played = _play_one_round(tmp_path, case, timeout=60, with_battle_delegate=True)
    if played.game_crash is None:
        assert played.rounds_played == 1 and (not taken or case["id"] in NOTHING_TO_DO), (taken, played)
        return
    assert played.final_step in errors and any(stop in played.game_crash for stop in _STOPS), (errors, played)
