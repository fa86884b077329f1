"""Rule cases built as the rule-case test builds them, then parsed by TripleA 1.9 all in one JVM
(`converter.realengine.parse_games`): the oracle tests that ask only what 1.9's parse makes of a
case read their answers here, where a JVM each took most of their time."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from test_check_rule_cases import build_case


def case_folder(root: Path, group: str, case_id: str) -> Path:
    """The folder under `root` that `case_xml` builds the case in."""
    return root / f"{group}-{case_id}"


def case_xml(root: Path, group: str, case: dict) -> Path:
    """The case's game XML, built in a folder of its own under `root` (whichever folder the case
    checks)."""
    folder = case_folder(root, group, case["id"])
    build_case(folder, case)
    return folder / "map/games/tiny.xml"


def parse_cases(root: Path, cases: Iterable[tuple[str, dict]]) -> dict[tuple[str, str], object]:
    """(group, case id) -> 1.9's ParseReport of the case, or the EngineError it refused it with;
    for each case that writes a game XML (a few test only the map's other files)."""
    from converter.realengine import parse_games

    built = [((group, case["id"]), case_xml(root, group, case)) for group, case in cases]
    built = [(key, xml) for key, xml in built if xml.is_file()]
    return dict(zip((key for key, _ in built), parse_games([xml for _, xml in built])))
