"""The differential fuzzer against the real engine (scripts/fuzz_engine.py): its labelling of
each mutant's two verdicts, and a short run in which TripleA 1.9 judges mutants of the tiny
map and the check's findings are compared with its verdicts."""

from __future__ import annotations

import random
import shutil
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest
from lxml import etree

from converter.paths import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "scripts"))
import fuzz_engine  # noqa: E402


def test_both_verdicts_alike_agree() -> None:
    assert fuzz_engine.label("ok", [], ["x"]) == ("agree", "")
    assert fuzz_engine.label("GameParseException: Could not find territory. name:Gama", ["R101 3 ..."], ["x"]) == \
        ("agree", "")


def test_a_gap_is_explained_by_a_known_difference_or_shaped_for_grouping() -> None:
    kind, reason = fuzz_engine.label("SAXParseException: game: Tiny, line: 3, column: 1, error: x", [], ["x"])
    assert (kind, reason.split(";")[0]) == ("gap", "1.9 validates by its DTD")
    kind, reason = fuzz_engine.label("GameParseException: MapName: /tmp/m1.xml, Error setting property:dice",
                                     [], ["option@value: '2' -> '2s' (line 4)"])
    assert (kind, reason) == ("gap", "unexplained: GameParseException: Error setting property:dice")


def test_a_claim_is_explained_by_what_2x_refuses_and_1_9_loads() -> None:
    kind, reason = fuzz_engine.label("ok", ['R103 9 <unitPlacement unitType="foot "> names an undefined unit type'],
                                     ["unitPlacement@unitType: 'foot' -> 'foot ' (line 9)"])
    assert kind == "claim" and "blanks around a name" in reason
    assert fuzz_engine.label("ok", ["R105 4 <frontierRules name=\"buyx\"> names an undefined production rule"],
                             ["frontierRules@name: 'buy' -> 'buyx' (line 4)"]) == ("claim", "unexplained: R105")


def test_the_mutator_changes_the_tree_and_says_where() -> None:
    from check_mapkit import base_xml

    mutator = fuzz_engine.Mutator(random.Random(3))
    said = []
    for _ in range(200):
        root = etree.fromstring(base_xml().encode())
        before = etree.tostring(root)
        change = mutator.mutate(root)
        said.append(change)
        if change.startswith(("removed", "duplicated", "deleted", "recased")):
            assert etree.tostring(root) != before, change
        if change.startswith("moved"):  # to another place, or back to its own
            assert sorted(etree.tostring(root)) == sorted(before), change
    assert any("(line " in change for change in said)
    assert {change.split()[0] for change in said if change} >= {"removed", "duplicated", "deleted", "moved", "recased"}


@pytest.mark.engine
@pytest.mark.slow
def test_a_short_run_against_the_engine(real_engine, tmp_path: Path) -> None:
    if shutil.which("javac") is None:
        pytest.skip("needs javac to compile the engine's oracle")
    from check_mapkit import base_xml

    tiny = tmp_path / "tiny.xml"
    tiny.write_text(base_xml())
    with ExitStack() as stack:
        oracle = fuzz_engine.Oracle(tmp_path)
        stack.callback(oracle.close)
        assert oracle.verdict(tiny) == "ok"  # the unmutated map loads
        counts, _ = fuzz_engine.campaign([tiny], oracle, fuzz_engine.Mutator(random.Random(11)), 0.15, tmp_path,
                                          tmp_path / "disagreements.jsonl")
    agree = sum(count for (kind, _), count in counts.items() if kind == "agree")
    assert sum(counts.values()) >= 10
    assert agree >= sum(counts.values()) // 2  # most mutants: the engine's verdict is the check's
