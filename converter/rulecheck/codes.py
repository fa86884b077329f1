"""The stable finding codes of the D-Day2 rule check, each with the rule ID it enforces.

Codes never change meaning; new checks get new codes. The rule IDs are those of
../shared/docs/dday2-rules.md (G*, P*, U*, B*).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleCode:
    code: str
    rule: str  # rule ID, e.g. "G4"
    summary: str


_TABLE = (
    RuleCode("DDAY2-COMBAT-ROUNDS", "G1", "a battle lasted more than one combat round"),
    RuleCode("DDAY2-UNFOUGHT", "G2", "a mixed area was not fought in the side's battle step"),
    RuleCode("DDAY2-HELD-BACK", "G2", "units of the attacking side stayed out of a battle in their area"),
    RuleCode("DDAY2-LEFT-CONTESTED", "G3", "land units left a contested area"),
    RuleCode("DDAY2-STACKING", "G4", "more than 8 land units of one side in an area"),
    RuleCode("DDAY2-VICTORY-MISSED", "G5", "the game went on after G5 decided it"),
    RuleCode("DDAY2-VICTORY-DECLARED", "G5", "victory declared although G5 does not give it"),
    RuleCode("DDAY2-ALLIED-WRONG-PART", "P5", "Allied land units outside Allied parts after the Allied non-combat move"),
    RuleCode("DDAY2-GERMAN-WRONG-PART", "P6", "German land units outside German parts after the German non-combat move"),
    RuleCode("DDAY2-PATROL-AREA", "P3", "more than 3 fighters on patrol over one area"),
    RuleCode("DDAY2-PATROL-TOTAL", "P3", "more than 8 fighters on patrol in all"),
    RuleCode("DDAY2-BOMBER-TARGET", "P3", "bombers sent into an area holding Allied land units"),
    RuleCode("DDAY2-BOMBARD-TARGET", "U7", "naval bombardment hit something other than a blockhouse"),
    RuleCode("DDAY2-PARA-LATE", "U8", "paratroopers used after round 1"),
    RuleCode("DDAY2-ALLIED-CHART-ORDER", "P5", "Allied reinforcements out of chart order or on a beach their row does not allow"),
    RuleCode("DDAY2-GERMAN-CHART-ORDER", "P6", "German reinforcements out of chart order or outside their sector's areas"),
    RuleCode("DDAY2-BEACH-CAPACITY", "P5", "more units on a beachhead than its capacity (B2)"),
    RuleCode("DDAY2-ALLIED-CHART-DICE", "P5", "more Allied reinforcements than the dice rolled"),
    RuleCode("DDAY2-GERMAN-CHART-DICE", "P6", "more German reinforcements than the dice rolled"),
)

CODES: dict[str, RuleCode] = {entry.code: entry for entry in _TABLE}


def rule_of(code: str) -> str:
    return CODES[code].rule
