"""Rule checks no engine save can trigger today, on a real legal game with one event added:
reinforcement dice in the history (players roll by hand in D-Day2) and a declared victory
(the D-Day2 XML has no victory conditions, so the engine never declares one)."""

from __future__ import annotations

import copy

import pytest

from converter.cli.savefile import open_save
from converter.history.dice import Dice, Die
from converter.history.tree import Event, EventChild, Step
from converter.paths import REPO_ROOT
from converter.replay import replay, visitor_for

LEGAL_GAME = REPO_ROOT / "tests" / "data" / "saves" / "compiled_policy_10rounds.tsvg"


@pytest.fixture(scope="module")
def legal_game():
    return open_save(str(LEGAL_GAME))


def findings_with(legal_game, edit) -> list:
    game, history = legal_game
    edited = copy.deepcopy(history)
    edit(edited)
    result = replay(game, edited, visitor_for("dday2"))
    assert result.consistent
    return list(result.findings)


def roll(*faces: int) -> EventChild:
    return EventChild(text=f"Allies roll {len(faces)} dice", dice=Dice(tuple(Die(f, 0, "ignored") for f in faces), None, None))


def add_reinforcement_roll(*faces: int):
    def edit(history) -> None:
        step = next(s for s in history.rounds[0].steps if s.name == "alliesNonCombatMove")
        step.events.insert(0, Event(text="Allies roll for reinforcements", children=[roll(*faces)]))
    return edit


def test_round_1_reinforcements_within_the_dice_pass(legal_game):
    # round 1 of the legal game lands 4 US and 7 UK units: dice of 2+2 and 4+3 allow exactly that
    assert findings_with(legal_game, add_reinforcement_roll(2, 2, 4, 3)) == []


def test_more_reinforcements_than_the_dice_rolled_are_reported_per_chart(legal_game):
    findings = findings_with(legal_game, add_reinforcement_roll(1, 1, 1, 1))
    assert sorted((f.code, f.round, f.step, dict(f.extra)["chart"]) for f in findings) == [
        ("DDAY2-ALLIED-CHART-DICE", 1, "alliesNonCombatMove", "united_kingdom"),
        ("DDAY2-ALLIED-CHART-DICE", 1, "alliesNonCombatMove", "united_states"),
    ]
    assert all(dict(f.extra)["rule"] == "P5" for f in findings)


def test_a_victory_declared_before_g5_gives_it_is_reported(legal_game):
    def declare(history) -> None:
        history.rounds[0].steps.append(Step(name="endRoundStep", delegate="endRound", player=None,
                                            display="Round Complete", events=[Event(text="Allies win the game")]))
    findings = findings_with(legal_game, declare)
    assert [(f.code, f.round, dict(f.extra)["rule"]) for f in findings] == [("DDAY2-VICTORY-DECLARED", 1, "G5")]


def test_a_round_end_without_a_declaration_is_quiet(legal_game):
    def quiet(history) -> None:
        history.rounds[0].steps.append(Step(name="endRoundStep", delegate="endRound", player=None,
                                            display="Round Complete", events=[Event(text="Round 1 complete")]))
    assert findings_with(legal_game, quiet) == []
