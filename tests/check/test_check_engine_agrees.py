"""The real engine as oracle for the rules that say it refuses a game (`beyond_engine=False`):
the bad example of each such rule, built as the rule-case test builds it, is one TripleA 1.9
does not load, and the clean map is one it loads. A case the engine loads all the same says
why (`engine_1_9_loads`), and must still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check.rule import REGISTRY
from converter.check.runner import INTERNAL_CODE  # noqa: F401 - registers the rules
from test_check_rule_cases import _load_cases, build_case

REFUSED = {rule.code for rule in REGISTRY if not rule.beyond_engine}
# X003: the engine loads a game whose root is only renamed; which roots it refuses depends on
# what is under them, not on the rule
ORACLE_CASES = [param for param in _load_cases()
                if param.values[1]["expect"] and set(param.values[1]["expect"]) <= REFUSED - {"X003"}]


def _loads(xml: Path) -> tuple[bool, str]:
    from converter.realengine import EngineError, parse_game

    try:
        parse_game(xml)
    except EngineError as error:
        return False, str(error)[:300]
    return True, ""


def _case_loads(tmp_path: Path, case: dict) -> tuple[bool, str]:
    """Whether 1.9 loads the case's game XML, built as the rule-case test builds it (and why not)."""
    return _loads(build_case(tmp_path / "case", case) / "map/games/tiny.xml")


@pytest.mark.engine
@pytest.mark.slow
def test_the_engine_loads_the_clean_map(real_engine, tmp_path: Path) -> None:
    root = build_case(tmp_path / "clean", {"id": "clean", "expect": []})
    assert _loads(root / "map/games/tiny.xml") == (True, "")


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", ORACLE_CASES)
def test_the_engine_refuses_what_the_rule_says_it_refuses(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    loads, why = _case_loads(tmp_path, case)
    if "engine_1_9_loads" in case:
        assert loads, f"{case['id']} is marked as loading in 1.9 ({case['engine_1_9_loads']}) but: {why}"
    else:
        assert not loads, f"{case['id']}: TripleA 1.9 loads the game {sorted(case['expect'])} says it refuses"


LOADING_CASES = [param for param in _load_cases()
                 if not param.values[1]["expect"] and "engine_1_9_loads" in param.values[1]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", LOADING_CASES)
def test_the_engine_loads_what_a_clean_case_says_it_loads(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    assert _case_loads(tmp_path, case) == (True, ""), case["engine_1_9_loads"]


def test_there_are_oracle_cases_for_every_rule_the_engine_refuses() -> None:
    covered = {code for param in ORACLE_CASES for code in param.values[1]["expect"]}
    assert covered == REFUSED - {"X003"}


# S219 says the engine keeps an option's last value: what 1.9 left in the attachment's field after
# its parse, for each of the rule's cases 1.9 reads the same way (the old-name case is 2.x's mapping)
KEPT_LAST = {
    "option-of-one-value-given-twice-keeps-the-last": ("unitType", "tinyfoot", "unitAttachment",
                                                       {"m_transportCost": "2"}),
    "option-given-again-in-an-attachment-already-setting-it": ("unitType", "tinyfoot", "unitAttachment",
                                                               {"m_movement": "2"}),
    "condition-with-two-territory-lists-keeps-the-last": ("player", "Reds", "conditionAttachmentRedsHold",
                                                          {"m_alliedOwnershipTerritories": "[1, Beta]"}),
    "support-faction-given-twice": ("unitType", "tinyfoot", "supportAttachmentFoot",
                                    {"m_allied": "true", "m_enemy": "false"}),
}


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("case_id", sorted(KEPT_LAST))
def test_the_engine_keeps_the_last_value_of_an_option(real_engine, tmp_path: Path, case_id: str) -> None:
    from converter.realengine import attachment_fields

    case = next(param.values[1] for param in _load_cases() if param.values[1]["id"] == case_id)
    assert case["expect"] == ["S219"]
    kind, owner, attachment, expected = KEPT_LAST[case_id]
    root = build_case(tmp_path / "case", case)
    assert attachment_fields(root / "map/games/tiny.xml", kind, owner, attachment, list(expected)) == expected


# cases whose rule warns that 1.9 alone refuses the game: 1.9 must refuse it with the words the case quotes
REFUSED_BY_1_9_CASES = [param for param in _load_cases() if "engine_1_9_refuses_with" in param.values[1]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", REFUSED_BY_1_9_CASES)
def test_the_engine_refuses_what_a_case_says_1_9_refuses(real_engine, tmp_path: Path, group: str, case: dict) -> None:
    loads, why = _case_loads(tmp_path, case)
    assert not loads and case["engine_1_9_refuses_with"] in why, f"{case['id']}: TripleA 1.9: {why or 'loads it'}"
