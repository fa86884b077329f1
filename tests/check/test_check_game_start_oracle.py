"""The real engine as oracle for the rules that say a game stops as it starts: each of their
rule cases is played headless for one round in TripleA 1.9. For S225 and S226 a case the rule
reports must stop in the InitializationDelegate with the engine's message the finding quotes,
and a clean case must get through that step; for S227 a case it reports as an error must end
at the first round's end, and any other must play on. The oracles further down (S246, S248, S249,
and S223's and S250's firing triggers) say what they play where they start."""

from __future__ import annotations

import re
from contextlib import ExitStack
from pathlib import Path

import pytest

from converter.check.config import CheckSettings
from converter.check.inputs import resolve
from converter.check.runner import check_target
from test_check_rule_cases import _load_cases, build_case

CODES = ("S225", "S226")
# the cases written for these rules: every one whose id speaks of what they judge (not those
# another rule reports, such as a unit without its attachment, which the engine refuses to load)
GAME_START_CASES = [param for param in _load_cases() if set(param.values[1]["expect"]) <= set(CODES)
                    and (set(param.values[1]["expect"]) & set(CODES)
                         or re.search(r"at-sea|territory-attachment|pacific-theater", param.values[1]["id"]))]
# 1.9 names the territory after "for " (InitializationDelegate), 2.x after "for: " (TerritoryAttachment.get)
_ENGINE_MESSAGE = re.compile(r"\((?:InitializationDelegate: )?(No territory attachment for [^)(]+|"
                             r"Non transportable unit in sea|Cannot load all land units in sea transports)\)|"
                             r"'No territory attachment for: ([^']+)\(non-water\)'")
MAP_NAME = '<property name="mapName" value="Tiny" editable="false"><string/></property>'  # 1.9's play needs it


def _findings(tmp_path: Path, case: dict, codes: tuple[str, ...]) -> list:
    """The case's findings of these rules."""
    with ExitStack() as stack:
        return [finding for target in resolve(build_case(tmp_path / "checked", case), stack)
                for finding in check_target(target, CheckSettings(select=codes)).findings]


def _play_one_round(tmp_path: Path, case: dict, timeout: float, with_battle_delegate: bool = False,
                    ai: str = "Does Nothing (AI)"):
    """The case's game played one round headless in 1.9, every player seated with `ai` (EngineError
    when it has not ended the round in time)."""
    from converter.realengine import play_game

    xml = _playable_xml(tmp_path, case, with_battle_delegate)
    return play_game(xml, rounds=1, ai=ai, seed=1, save_path=tmp_path / "game.tsvg", timeout=timeout)


def _playable_xml(tmp_path: Path, case: dict, with_battle_delegate: bool) -> Path:
    """The case's game XML with the map name 1.9's play needs, and the delegate named 'battle' that
    a move, a trigger changing units and the end of a turn ask for (S248), when wanted."""
    xml = build_case(tmp_path / "case", case) / "map/games/tiny.xml"
    text = xml.read_text().replace("<propertyList>", "<propertyList>" + MAP_NAME, 1)
    if with_battle_delegate:
        text = text.replace("<sequence>", '<delegate name="battle" javaClass="games.strategy.triplea.delegate.'
                            'BattleDelegate" display="Combat"/><sequence>', 1)
    xml.write_text(text)
    return xml


def _quoted_engine_message(findings: list) -> str | None:
    if not findings:
        return None
    match = _ENGINE_MESSAGE.search(findings[0].message)
    assert match, findings[0].message
    return match.group(1) or f"No territory attachment for {match.group(2)}"


def test_the_cases_cover_both_rules_both_ways() -> None:
    expected = [set(param.values[1]["expect"]) & set(CODES) for param in GAME_START_CASES]
    assert {"S225"} in expected and {"S226"} in expected and set() in expected


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", GAME_START_CASES)
def test_the_engine_stops_where_the_rule_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    quoted = _quoted_engine_message(_findings(tmp_path, case, CODES))
    crash = _play_one_round(tmp_path, case, timeout=60).game_crash  # what ended the game thread, if anything
    if quoted is None:
        assert crash is None, f"{case['id']}: the rules see nothing, but TripleA 1.9 stopped: {crash}"
    else:
        assert crash is not None and quoted in crash, f"{case['id']}: the finding quotes {quoted!r}, 1.9: {crash}"


# S227's cases whose sequence ends rounds: the game must end after round 1 exactly when S227 says so
VICTORY_CASES = [param for param in _load_cases() if ("S227" in param.values[1]["expect"]
                 or re.search(r"projection-of-power|victory-amount", param.values[1]["id"]))
                 and "engine_1_9_refuses_with" not in param.values[1]]
_GAME_OVER_WAIT = 10  # seconds: 1.9's headless game waits at the step that ended it


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", VICTORY_CASES)
def test_the_game_ends_after_round_one_where_s227_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    from converter.realengine import EngineError

    winners = [re.match(r"alliance '([^']*)'", finding.message).group(1)
               for finding in _findings(tmp_path, case, ("S227",)) if finding.severity.value == "error"]
    ends = bool(winners)
    try:
        report = _play_one_round(tmp_path, case, timeout=_GAME_OVER_WAIT)
    except EngineError as stopped:  # the game over: 1.9 stays at the round's last step, the victory its last event
        assert ends and "at step endRoundStep" in str(stopped), f"{case['id']}: {stopped}"
        assert f"(last event: {winners[0]} achieve" in str(stopped), f"{case['id']}: {stopped}"
    else:
        assert not ends and report.rounds_played == 1 and not report.game_over, f"{case['id']}: {report}"


# S246's cases, and those about the frontiers the start-up reads by name: the game must stop in its
# first step exactly where S246 reports an error; where it warns of a rule copied twice, the engine
# must log 'Rule already added' and play on
START_UP_FRONTIER_CASES = [param for param in _load_cases() if "S246" in param.values[1]["expect"]
                           or re.search(r"shipyards|destroyers-and-artillery", param.values[1]["id"])]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", START_UP_FRONTIER_CASES)
def test_the_engine_stops_where_s246_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    from converter.findings import Severity

    findings = _findings(tmp_path, case, ("S246",))
    errors = [finding for finding in findings if finding.severity is Severity.ERROR]
    played = _play_one_round(tmp_path, case, timeout=60)
    crash = played.game_crash
    if not errors:
        assert crash is None, f"{case['id']}: S246 sees no error, but TripleA 1.9 stopped: {crash}"
        copied_twice = any("Rule already added" in finding.message for finding in findings)
        assert copied_twice == any("Rule already added" in line for line in played.log_errors), played.log_errors
        return
    assert crash is not None, f"{case['id']}: S246 says the game stops at its first step, but 1.9 played on"


# S248's cases about the battle delegate: Reds' first move must stop the game exactly where S248 says
BATTLE_DELEGATE_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("battle-delegate")]


def _assert_first_move_stops_where_reported(tmp_path: Path, case: dict, code: str, crash_text: str,
                                            with_battle_delegate: bool) -> None:
    """The rule `code` reports the case exactly where 1.9 stops at Reds' first move, with `crash_text`;
    elsewhere the move is played."""
    reported = bool(_findings(tmp_path, case, (code,)))
    played = _first_move(tmp_path, case, with_battle_delegate)
    if reported:
        assert played.game_crash is not None and crash_text in played.game_crash, played
    else:
        assert played.game_crash is None and [entry.error for entry in played.script_log] == [None], played


def _first_move(tmp_path: Path, case: dict, with_battle_delegate: bool):
    """The case's game played one round in 1.9, Reds moving a unit from Alpha into Beta first."""
    from converter.realengine import play_game
    from converter.realengine.script import Move, StepEntry, write_script

    xml = _playable_xml(tmp_path, case, with_battle_delegate)
    move = StepEntry("RedsCombatMove", (Move((("tinyfoot", 1),), ("Alpha", "Beta")),), round=1)
    script = write_script(tmp_path / "move.jsonl", [move], seats=["Reds"])
    return play_game(xml, rounds=1, ai="Does Nothing (AI)", seed=1, save_path=tmp_path / "game.tsvg", timeout=60,
                     script=script)


# S248's cases about the move delegate: the Hard AI planning Reds' purchase (ProAI plays the coming moves
# through the delegate named `move`) must stop the game there exactly where S248 says
MOVE_DELEGATE_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("move-delegate-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", MOVE_DELEGATE_CASES)
def test_the_ai_stops_planning_a_purchase_where_s248_says(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    reported = bool(_findings(tmp_path, case, ("S248",)))
    played = _play_one_round(tmp_path, case, timeout=90, with_battle_delegate=True, ai="Hard (AI)")
    if reported:
        assert played.game_crash and "move delegate not found" in played.game_crash, played
        assert played.final_step == "RedsPurchase", played
    else:
        assert played.game_crash is None and played.rounds_played == 1, played


# S249's cases: Reds' first move must stop the game exactly where S249 says a type given at the start lacks
# its attachment
RELATIONSHIP_TYPE_CASES = [param for param in _load_cases()
                           if re.match(r"relationship-type-(given-at|declared-and-never)", param.values[1]["id"])]


# each case with its rule, the engine's words where it stops, and whether the map needs a battle delegate
# added for the move (S248 judges the delegate itself)
_FIRST_MOVE_RULES = ((BATTLE_DELEGATE_CASES, "S248", "battle delegate not found", False),
                    (RELATIONSHIP_TYPE_CASES, "S249", "relationshipTypeAttachment", True))
FIRST_MOVE_CASES = [pytest.param(param.values[1], code, crash, battle, id=param.values[1]["id"])
                    for cases, code, crash, battle in _FIRST_MOVE_RULES for param in cases]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("case, code, crash_text, with_battle_delegate", FIRST_MOVE_CASES)
def test_the_engine_stops_at_the_first_move_where_the_rule_says(real_engine, tmp_path: Path, case: dict, code: str,
                                                                  crash_text: str, with_battle_delegate: bool) -> None:
    _assert_first_move_stops_where_reported(tmp_path, case, code, crash_text, with_battle_delegate)


# S223's cases whose trigger fires (before Reds' combat move): 1.9 must stop exactly where S223 reports
# a property a trigger can set but not read, with its reflection's words, and play on elsewhere
FIRING_TRIGGER_CASES = [param for param in _load_cases()
                        if param.values[1]["id"].startswith("trigger-changing-") and "before:RedsCombatMove" in
                        str(param.values[1]["xml_replace"])]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", FIRING_TRIGGER_CASES)
def test_the_engine_stops_where_a_trigger_fires_where_s223_says(real_engine, tmp_path: Path, group: str,
                                                                 case: dict) -> None:
    reported = [finding for finding in _findings(tmp_path, case, ("S223",))
                if "can set but not read" in finding.message]
    crash = _play_one_round(tmp_path, case, timeout=60, with_battle_delegate=True).game_crash
    if not reported:
        assert crash is None, f"{case['id']}: S223 sees nothing, but TripleA 1.9 stopped: {crash}"
    elif "TripleA 2.x can set" in reported[0].message:  # (1.9 reads isSub: its getIsSub)
        assert crash is None, f"{case['id']}: 1.9 has a getter for this property, but stopped: {crash}"
    else:
        prop = re.search(r"property '([^']+)'", reported[0].message).group(1)
        assert crash is not None and f"No such Property Field: {prop}" in crash, f"{case['id']}: 1.9: {crash}"


# S250's cases, each trigger firing before Reds' combat move: 1.9 must stop exactly where S250 reports a
# target lacking the attachment the trigger changes
TRIGGER_TARGET_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("trigger-target-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", TRIGGER_TARGET_CASES)
def test_the_engine_stops_where_a_trigger_fires_where_s250_says(real_engine, tmp_path: Path, group: str,
                                                                 case: dict) -> None:
    reported = _findings(tmp_path, case, ("S250",))
    crash = _play_one_round(tmp_path, case, timeout=60, with_battle_delegate=True).game_crash
    if reported:  # (1.9's words differ by class, each naming the target: "No territory attachment for:Sea Zone")
        target = re.search(r" of '([^']+)'", reported[0].message).group(1)
        assert crash is not None and "attachment" in crash.lower() and target in crash, f"{case['id']}: 1.9: {crash}"
    else:
        assert crash is None, f"{case['id']}: S250 sees nothing, but TripleA 1.9 stopped: {crash}"


# S210's cases of a property with no type whose value is no number, read in the first round (a victory
# amount at its end, a bid at the bid step): 1.9 must stop casting it exactly where S210 says it stops
# (an error: both engines; a warning naming 1.9: a property with no value, which 2.x reads as absent)
UNTYPED_PROPERTY_CASES = [param for param in _load_cases() if re.match(r"untyped-(vcs|bid)-", param.values[1]["id"])]
# and those that fight a battle in Alpha at Reds' battle step, reading `Low Luck` (they declare the battle delegate)
UNTYPED_IN_BATTLE_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("untyped-low-luck-")]


def _stops_where_reported(tmp_path: Path, case: dict, codes: tuple[str, ...], stops=lambda finding: True,
                          with_battle_delegate: bool = True):
    """The findings of these rules that say the game stops (`stops`), and the case played one round in
    1.9, which must have played on where there are none."""
    reported = [finding for finding in _findings(tmp_path, case, codes) if stops(finding)]
    played = _play_one_round(tmp_path, case, timeout=60, with_battle_delegate=with_battle_delegate)
    if not reported:
        assert played.game_crash is None, f"{case['id']}: {codes} see no stop, but TripleA 1.9 stopped: {played}"
    return reported, played


def _is_error(finding) -> bool:
    return finding.severity.value == "error"


def _stops_1_9(finding) -> bool:
    """An S210 finding of a stop in 1.9: an error (both engines), or a warning naming 1.9."""
    return _is_error(finding) or "TripleA 1.9 reads it" in finding.message


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", UNTYPED_PROPERTY_CASES)
def test_the_engine_stops_reading_an_untyped_property_where_s210_says(real_engine, tmp_path: Path, group: str,
                                                                      case: dict) -> None:
    reported, played = _stops_where_reported(tmp_path, case, ("S210",), _stops_1_9)
    if reported:
        assert played.game_crash is not None and "ClassCastException" in played.game_crash, f"{case['id']}: {played}"


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", UNTYPED_IN_BATTLE_CASES)
def test_the_engine_stops_reading_an_untyped_boolean_where_s210_says(real_engine, tmp_path: Path, group: str,
                                                                     case: dict) -> None:
    reported, played = _stops_where_reported(tmp_path, case, ("S210",), _stops_1_9, with_battle_delegate=False)
    if reported:
        assert played.game_crash is not None and "ClassCastException" in played.game_crash \
            and played.final_step == "RedsBattle", f"{case['id']}: 1.9: {played}"


# S252's cases (and S253's, which must play on): 1.9 must stop at the very step where S252 reports a player
# without a capital ("Capital not found for:PlayerID named:Reds"; the five original players' check at the
# round's end, where an optional one stops it on a NullPointerException)
CAPITAL_CASES = [param for param in _load_cases()
                 if param.values[0] == "S" and re.match(r"capitals?-", param.values[1]["id"])]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", CAPITAL_CASES)
def test_the_engine_stops_without_a_capital_where_s252_says(real_engine, tmp_path: Path, group: str,
                                                            case: dict) -> None:
    reported, played = _stops_where_reported(tmp_path, case, ("S252",))
    if not reported:
        return
    player = re.match(r"player '([^']+)'", reported[0].message).group(1)
    step = re.search(r"at its step '([^']+)'", reported[0].message)
    if step is None:  # the five original players' check at the round's end: an optional one stops it on a null
        assert played.game_crash is not None and played.final_step == "endRoundStep", f"{case['id']}: 1.9: {played}"
        return
    assert played.game_crash is not None and f"Capital not found for:PlayerID named:{player}" in played.game_crash \
        and played.final_step == step.group(1), f"{case['id']}: 1.9: {played}"


# S254's cases: 1.9 must stop exactly where S254 reports a name it looks up and the game lacks, and play on
# where the finding says 1.9 does (PUs at a battle: 2.x alone counts the battle's losses in them)
FIXED_NAME_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("fixed-name-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", FIXED_NAME_CASES)
def test_the_engine_stops_without_a_fixed_name_where_s254_says(real_engine, tmp_path: Path, group: str,
                                                               case: dict) -> None:
    battle_declared = 'name="battle"' in str(case["xml_replace"])  # (the case declares it: not again)
    reported, played = _stops_where_reported(tmp_path, case, ("S254",), lambda finding: "1.9 plays on" not in
                                             finding.message, with_battle_delegate=not battle_declared)
    if reported:
        step = re.search(r"at its step '([^']+)'", reported[0].message).group(1)
        assert played.game_crash is not None and played.final_step == step, f"{case['id']}: 1.9: {played}"


# the cases of S255-S257 (conditions a trigger tests before Reds' combat move): 1.9 must stop exactly where
# one reports an error, or S256 warns that 1.9 alone keeps the property as text (a true or false, or no
# value), and play on elsewhere
CONDITION_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("condition-in-play-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", CONDITION_CASES)
def test_the_engine_stops_testing_a_condition_where_s255_to_s257_say(real_engine, tmp_path: Path, group: str,
                                                                     case: dict) -> None:
    reported, played = _stops_where_reported(
        tmp_path, case, ("S255", "S256", "S257"),
        lambda finding: _is_error(finding) or "TripleA 1.9 keeps" in finding.message)
    if reported:
        expected = {"S255": "StackOverflowError", "S256": "ClassCastException", "S257": "is not a valid int value"}
        assert played.game_crash is not None and expected[reported[0].code] in played.game_crash, \
            f"{case['id']}: 1.9: {played}"


# S266's cases: 1.9 must stop at the very move step S266 reports ("Cannot determine combat or not"),
# and play the round where it reports none
MOVE_STEP_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("move-step-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", MOVE_STEP_CASES)
def test_the_engine_stops_at_a_move_step_where_s266_says(real_engine, tmp_path: Path, group: str,
                                                         case: dict) -> None:
    reported, played = _stops_where_reported(tmp_path, case, ("S266",))
    if reported:
        step = re.search(r"step '([^']+)'", reported[0].message).group(1)
        assert played.game_crash is not None and "Cannot determine combat or not" in played.game_crash \
            and played.final_step == step, f"{case['id']}: 1.9: {played}"


# S258's cases, each trigger firing before Reds' combat move: 1.9 must stop exactly where S258 reports a
# category the player lacks ("Triggers: tech category doesn't exist:Sea for player:PlayerID named:Reds")
TECH_CATEGORY_CASES = [param for param in _load_cases() if param.values[1]["id"].startswith("tech-category-")]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", TECH_CATEGORY_CASES)
def test_the_engine_stops_without_a_tech_category_where_s258_says(real_engine, tmp_path: Path, group: str,
                                                                  case: dict) -> None:
    reported, played = _stops_where_reported(tmp_path, case, ("S258",))
    if reported:
        category = re.search(r"of category '([^']+)'", reported[0].message).group(1)
        assert played.game_crash is not None and f"tech category doesn't exist:{category}" in played.game_crash, \
            f"{case['id']}: 1.9: {played}"


@pytest.mark.parametrize("cases, code", [(START_UP_FRONTIER_CASES, "S246"), (CAPITAL_CASES, "S252"),
                                         (TECH_CATEGORY_CASES, "S258"), (UNTYPED_IN_BATTLE_CASES, "S210"),
                                         (CONDITION_CASES, "S255"), (CONDITION_CASES, "S256"),
                                         (CONDITION_CASES, "S257"),
                                         (FIXED_NAME_CASES, "S254"), (BATTLE_DELEGATE_CASES, "S248"),
                                         (MOVE_DELEGATE_CASES, "S248"),
                                         (RELATIONSHIP_TYPE_CASES, "S249"), (FIRING_TRIGGER_CASES, "S223"),
                                         (TRIGGER_TARGET_CASES, "S250"), (UNTYPED_PROPERTY_CASES, "S210"),
                                         (MOVE_STEP_CASES, "S266")])
def test_the_oracle_cases_go_both_ways(cases: list, code: str) -> None:
    """Each oracle above plays cases its rule reports and cases it does not."""
    expected = [code in param.values[1]["expect"] for param in cases]
    assert True in expected and False in expected
