"""The real engine as oracle for S231's, S232's and R111's reasons: each of their rule cases that
TripleA 1.9 refuses too is parsed by 1.9, and 1.9 must refuse it for the reason the rule gives,
not for some other fault of the case: with the message S231 and S232 (and R111 for a trigger
activating itself) quote for 2.x, or naming the name R111 says is undefined. (test_check_engine_agrees only asks whether 1.9 loads a case.)
The two engines word some messages differently; the table below maps 2.x's to 1.9's."""

from __future__ import annotations

import ast
import re
from contextlib import ExitStack
from pathlib import Path

import pytest

from converter.check.config import CheckSettings
from converter.check.inputs import resolve
from converter.check.runner import check_target
from case_parses import case_folder, parse_cases
from test_check_rule_cases import _load_cases

CODES = ("S231", "S232")
NAME_CODES = ("R111",)  # rules whose message names the undefined name
# 1.9 has no 2.x variables: it stops at a `@variable@` target first
REFUSED_CASES = [param for param in _load_cases()
                 if set(CODES + NAME_CODES) & set(param.values[1]["expect"]) and "engine_1_9_loads" not in param.values[1]
                 and "<variableList>" not in str(param.values[1]["xml_replace"])]
# 2.x's message -> 1.9's (its bytecode's strings): fields were `m_`-prefixed, and 1.9 reported an
# unknown unit in its own words
_AS_1_9 = [(re.compile(r"^No unit type: (.*)$"), r"receivesAbilityWhenWith, unit does not exist, name:\1"),
           (re.compile(r"^whenCombatDamaged so far"), "m_whenCombatDamaged so far"),
           (re.compile(r"^No (costs|results) for (production rule|repair rule|rule): (.*)$"), r"no \1  for rule:\3"),
           (re.compile(r"^Unit placement issue .*: hitsTaken is .*$"),
            "hitsTaken cannot be less than zero or greater than one less than total hitpPoints"),
           (re.compile(r"^Unit placement issue .*: unitDamage is .*$"), "unitDamage cannot be less than zero"),
           (re.compile(r"^(Rule already added|Type not found to attach to): "), r"\1:")]


# R111: `... names an undefined unit type 'ghost'` or `... names condition 'c' before ...`
_UNDEFINED_NAME = re.compile(r"names (?:an undefined )?[a-z ]+? (?P<name>'[^']*'|\"[^\"]*\")")
# 1.9's whenCapturedChangesInto names the first unit of the value, whichever it could not find
# (its bytecode appends the value's fourth part, s[3])
_FIRST_UNIT_NAMED = re.compile(r"option 'whenCapturedChangesInto' ")


def _quoted(message: str) -> str:
    """The engine's message the rule quotes: `... refuses to load the game ("<message>")`."""
    return message.rsplit(' ("', 1)[1].removesuffix('")')


def _as_1_9(message: str) -> str:
    for pattern, replacement in _AS_1_9:
        message = pattern.sub(replacement, message)
    return message.replace("'", "")  # 2.x's MessageFormat quotes a canal's name; 1.9 did not


def _reason(code: str, message: str, case: dict) -> str:
    """What 1.9's message must hold: the 2.x message quoted, in 1.9's words; or the name."""
    if code not in NAME_CODES or message.endswith('")'):  # (R111 quotes the engine where it names no name)
        return _as_1_9(_quoted(message))
    if _FIRST_UNIT_NAMED.match(message):
        value = next(new for _, new in case["xml_replace"] if "whenCapturedChangesInto" in new)
        return "No unit named: " + value.split('value="', 1)[1].split(":")[3]
    return ast.literal_eval(_UNDEFINED_NAME.search(message)["name"])


def test_there_are_refused_cases() -> None:
    assert {code for param in REFUSED_CASES for code in param.values[1]["expect"]} >= set(CODES + NAME_CODES)
    assert len(REFUSED_CASES) >= 50


@pytest.fixture(scope="module")
def parses(real_engine, tmp_path_factory) -> tuple[Path, dict]:
    """The folder the cases are built in, and each case's parse by 1.9, all in one JVM."""
    root = tmp_path_factory.mktemp("parses")
    return root, parse_cases(root, (param.values for param in REFUSED_CASES))


@pytest.mark.engine
@pytest.mark.slow
@pytest.mark.parametrize("group, case", [param.values for param in REFUSED_CASES],
                         ids=[param.id for param in REFUSED_CASES])
def test_the_engine_refuses_for_the_reason_the_rule_gives(parses, group: str, case: dict) -> None:
    from converter.realengine import EngineError

    root, parsed = parses
    checked = case_folder(root, group, case["id"]) / case.get("check", "")  # as 1.9 parsed it
    with ExitStack() as stack:
        reasons = [_reason(finding.code, finding.message, case) for target in resolve(checked, stack)
                   for finding in check_target(target, CheckSettings(select=CODES + NAME_CODES)).findings]
    assert reasons
    refused = parsed[group, case["id"]]
    assert isinstance(refused, EngineError), f"{case['id']}: TripleA 1.9 loads it"
    # 1.9 stops at the first failing check, which is the first the rules report (the same order)
    assert reasons[0].replace("'", "") in str(refused).replace("'", ""), (reasons, str(refused)[:400])
