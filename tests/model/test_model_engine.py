"""The real engine (Debian TripleA 1.9) parses our compiled D-Day2 XML and plays a round on it."""

from __future__ import annotations

import gzip
from collections import Counter

import pytest

from converter.realengine import parse_game, play_game
from converter.xmlsafe import parse_xml

pytestmark = pytest.mark.engine


def test_engine_parses_the_compiled_xml_as_we_wrote_it(real_engine, built_dday2):
    xml = built_dday2 / "map" / "games" / "D-Day_2.xml"
    root = parse_xml(xml).getroot()
    report = parse_game(xml)
    assert report.game_name == "D-Day 2" and report.map_name == "d-day2"
    assert report.territories == len(root.find("map").findall("territory")) == 249
    assert report.connections == len(root.find("map").findall("connection"))
    assert set(report.players) == {p.get("name") for p in root.iter("player")}
    assert report.unit_types == len(root.find("unitList"))
    assert list(report.steps) == [s.get("name") for s in root.iter("step")]
    placed = Counter()
    for placement in root.iter("unitPlacement"):
        placed[placement.get("owner")] += int(placement.get("quantity"))
    assert report.units_by_owner == dict(placed)


@pytest.mark.slow
def test_engine_plays_one_full_round_on_the_compiled_xml(real_engine, built_dday2, tmp_path):
    save = tmp_path / "round1.tsvg"
    report = play_game(built_dday2 / "map" / "games" / "D-Day_2.xml", rounds=1, ai="Easy (AI)", seed=3,
                       save_path=save, timeout=180)
    assert report.rounds_played == 1 and not report.game_over
    assert report.steps_run == 27
    assert not report.log_errors
    assert gzip.decompress(save.read_bytes())[:4] == b"\xac\xed\x00\x05"
