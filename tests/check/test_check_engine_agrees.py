"""The real engine as oracle for the rules that say it refuses a game (`beyond_engine=False`):
the bad example of each such rule, built as the rule-case test builds it, is one TripleA 1.9
does not load, and the clean map is one it loads. A case the engine loads all the same says
why (`engine_1_9_loads`), and must still load; any other case 1.9 refuses says what for
(`engine_1_9_refuses_with`), unless a refusing rule reports it. Every case is parsed in one JVM."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from converter.check.rule import REGISTRY
from converter.check.runner import INTERNAL_CODE  # noqa: F401 - registers the rules
from case_parses import case_folder, case_xml, parse_cases
from test_check_rule_cases import _load_cases, build_case

REFUSED = {rule.code for rule in REGISTRY if not rule.beyond_engine}
ALL_CASES = {(param.values[0], param.values[1]["id"]): param.values[1] for param in _load_cases()}
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


@pytest.fixture(scope="module")
def cases_parsed(real_engine, tmp_path_factory) -> tuple[Path, dict]:
    """Every rule case with a game XML, built under the folder given as the rule-case test builds
    it, and (group, case id) -> 1.9's parse of it (the EngineError it refused it with), all
    parsed in one JVM."""
    root = tmp_path_factory.mktemp("parses")
    return root, parse_cases(root, ((group, case) for (group, _), case in ALL_CASES.items()))


@pytest.fixture(scope="module")
def case_loads(cases_parsed) -> dict[tuple[str, str], tuple[bool, str]]:
    """(group, case id) -> whether 1.9 loads the case (and why not)."""
    from converter.realengine import EngineError

    return {key: (False, str(parsed)) if isinstance(parsed, EngineError) else (True, "")
            for key, parsed in cases_parsed[1].items()}


@pytest.mark.engine
@pytest.mark.slow
def test_the_engine_loads_the_clean_map(real_engine, tmp_path: Path) -> None:
    root = build_case(tmp_path / "clean", {"id": "clean", "expect": []})
    assert _loads(root / "map/games/tiny.xml") == (True, "")


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", ORACLE_CASES)
def test_the_engine_refuses_what_the_rule_says_it_refuses(case_loads, group: str, case: dict) -> None:
    loads, why = case_loads[group, case["id"]]
    if "engine_1_9_loads" in case:
        assert loads, f"{case['id']} is marked as loading in 1.9 ({case['engine_1_9_loads']}) but: {why}"
    else:
        assert not loads, f"{case['id']}: TripleA 1.9 loads the game {sorted(case['expect'])} says it refuses"


LOADING_CASES = [param for param in _load_cases()
                 if not param.values[1]["expect"] and "engine_1_9_loads" in param.values[1]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", LOADING_CASES)
def test_the_engine_loads_what_a_clean_case_says_it_loads(case_loads, group: str, case: dict) -> None:
    assert case_loads[group, case["id"]] == (True, ""), case["engine_1_9_loads"]


@pytest.mark.engine
@pytest.mark.slow
def test_a_batch_parses_each_case_as_a_jvm_of_its_own_does(real_engine, tmp_path: Path) -> None:
    """No state one parse leaves in the batch's JVM reaches the next: a sample of the cases, some
    1.9 loads and some it refuses, parsed each in a JVM of its own and then together in reverse
    order, gives the same reports and the same messages (the parse's log included)."""
    from converter.realengine import EngineError, parse_game, parse_games

    sample = [param.values for param in (*ORACLE_CASES[::25], *LOADING_CASES[::4], *REFUSED_BY_1_9_CASES[::3])]
    xmls = [case_xml(tmp_path, group, case) for group, case in sample]
    alone = []
    for xml in xmls:
        try:
            alone.append(parse_game(xml))
        except EngineError as refused:
            alone.append(str(refused))
    together = parse_games(xmls[::-1])[::-1]
    assert [parsed if not isinstance(parsed, EngineError) else str(parsed) for parsed in together] == alone
    assert any(isinstance(parsed, str) for parsed in alone)
    assert any(not isinstance(parsed, str) for parsed in alone)


@pytest.mark.engine
@pytest.mark.slow
def test_every_case_1_9_refuses_is_accounted_for(cases_parsed) -> None:
    """A rule case 1.9 does not load is one that a rule the engines' parse enforces reports, one
    whose game asks for a 2.x engine, or one that names in `engine_1_9_refuses_with` what 1.9
    refuses it for (held to those words below): mostly what 1.9 lacks and 2.x reads (options,
    variables, spellings) and checks 1.9 made and 2.x dropped. A case refused for anything else
    is a fixture broken by accident, or a refusal that no rule reports."""
    from converter.realengine import EngineError

    root, parses = cases_parsed
    unaccounted = []
    for (group, case_id), parsed in parses.items():
        case = ALL_CASES[group, case_id]
        if not isinstance(parsed, EngineError) or "engine_1_9_refuses_with" in case \
                or "is not compatible with version" in str(parsed):
            continue
        codes = {finding.code for finding in _findings(case_folder(root, group, case_id), case)}
        if not codes & REFUSED:
            unaccounted.append(f"{group}-{case_id}: {str(parsed)[:300]} (reported: {sorted(codes)})")
    assert not unaccounted, "\n".join(unaccounted)
    assert len(parses) > 1000 and sum(isinstance(parsed, EngineError) for parsed in parses.values()) > 100


@pytest.mark.engine
@pytest.mark.slow
def test_no_rule_says_the_engines_refuse_a_case_1_9_loads(cases_parsed) -> None:
    """No rule the engines' parse enforces reports a rule case's game XML that 1.9 loads, unless
    the case says why 1.9 loads it (`engine_1_9_loads`: a refusal of 2.x alone). Every rule of
    the checker looks at each case here, not only those of the case's group. Found this way: R102
    took a blank unit owner for an undefined player, where both engines read it as none."""
    from converter.realengine import EngineError

    root, parses = cases_parsed
    wrong = []
    for (group, case_id), parsed in parses.items():
        case = ALL_CASES[group, case_id]
        if isinstance(parsed, EngineError) or "engine_1_9_loads" in case:
            continue
        wrong += [f"{group}-{case_id}: {finding.code} {finding.message[:200]}"
                  for finding in _findings(case_folder(root, group, case_id), case)
                  if finding.code in REFUSED and (finding.file or "").endswith("games/tiny.xml")]
    assert not wrong, "\n".join(wrong)


def _findings(folder: Path, case: dict) -> list:
    """The whole checker's findings on the case built in `folder`."""
    from converter.check.config import CheckSettings
    from converter.check.inputs import resolve
    from converter.check.runner import check_target

    with ExitStack() as stack:
        return [finding for target in resolve(folder / case.get("check", ""), stack)
                for finding in check_target(target, CheckSettings()).findings]


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


# cases that name what 1.9 refuses them for (a rule warning that 1.9 alone refuses the game, or a
# fixture using what 1.9 lacks): 1.9 must refuse each with the words the case quotes
REFUSED_BY_1_9_CASES = [param for param in _load_cases() if "engine_1_9_refuses_with" in param.values[1]]


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", REFUSED_BY_1_9_CASES)
def test_the_engine_refuses_what_a_case_says_1_9_refuses(case_loads, group: str, case: dict) -> None:
    loads, why = case_loads[group, case["id"]]
    assert not loads and case["engine_1_9_refuses_with"] in why, f"{case['id']}: TripleA 1.9: {why or 'loads it'}"
