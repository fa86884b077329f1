"""The compiled classic XML is semantically the community map's D-Day_2.xml, but for listed differences."""

from __future__ import annotations

import tomllib
from pathlib import Path

from converter.compile.build import game_xml
from converter.compile.equivalence import differences, summarize
from converter.model import load_ruleset
from converter.paths import DDAY2_MODEL_DIR

DELIBERATE = Path(__file__).parent.parent / "data" / "deliberate_differences.toml"


def test_compiled_xml_equals_community_xml_except_deliberate_differences(community_xml):
    ours = summarize(game_xml(load_ruleset(DDAY2_MODEL_DIR)).encode())
    theirs = summarize(community_xml)
    listed = tomllib.loads(DELIBERATE.read_text())["difference"]
    for entry in listed:
        assert entry["reason"].strip(), f"deliberate difference {entry['aspect']} {entry['item']} needs a reason"
    expected = {(entry["aspect"], entry["item"]) for entry in listed}
    found = {(d.aspect, d.item): d for d in differences(ours, theirs)}
    unexpected = [str(found[key]) for key in sorted(set(found) - expected)]
    stale = sorted(expected - set(found))
    assert not unexpected, "undeclared differences:\n" + "\n".join(unexpected)
    assert not stale, f"listed as deliberate but no longer different: {stale}"


def test_summary_sees_every_aspect_of_the_community_xml(community_xml):
    facts = summarize(community_xml)
    assert len(facts["territory"]) == 250
    assert len(facts["connection"]) == 363
    assert len(facts["player"]) == 6
    assert len(facts["step"]) == 27
    assert facts["alliance"]["BlockhousesFire"] == "Axis"
    assert facts["placement"]["Omaha Beach / USAinfantry / Allies"] == 6
    assert dict(facts["attachment"]["unitType FighterX3 / unitAttachment"])["attackAA"] == "3"


def test_differences_are_reported_per_item():
    base = summarize(game_xml(load_ruleset(DDAY2_MODEL_DIR)).encode())
    changed = {aspect: dict(items) for aspect, items in base.items()}
    changed["owner"]["A1"] = "Germans"
    del changed["connection"][next(iter(changed["connection"]))]
    rows = {(d.aspect, d.item) for d in differences(changed, base)}
    assert ("owner", "A1") in rows
    assert len(rows) == 2
