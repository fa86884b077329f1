"""The real engine (Debian TripleA 1.9) loads our generated package as a map."""

from __future__ import annotations

import pytest

from converter.realengine import load_map
from converter.xmlsafe import parse_xml

pytestmark = pytest.mark.engine


def test_engine_loads_the_generated_map_with_every_territory(real_engine, built_dday2):
    xml = built_dday2 / "map" / "games" / "D-Day_2.xml"
    report = load_map(built_dday2 / "map", xml)
    territories = {t.get("name") for t in parse_xml(xml).getroot().find("map").iter("territory")}
    assert report.ok, report.verify_error
    assert report.verify_error is None
    assert not report.missing_centers and not report.missing_polygons and not report.missing_place
    assert report.territories == len(territories) == 249
    assert set(report.per_territory) == territories
    assert all(counts.polygons >= 1 and counts.place >= 1 and counts.center for counts in report.per_territory.values())
    assert report.has_relief
    players = {p.get("name") for p in parse_xml(xml).getroot().iter("player")}
    assert all(report.player_colors.get(player) for player in players), report.player_colors


def test_engine_loads_a_build_with_the_community_art(real_engine, community_map_dir, tmp_path):
    from converter.compile.build import BuildOptions, build_package
    from converter.model import load_ruleset
    from converter.paths import DDAY2_MODEL_DIR

    out = build_package(load_ruleset(DDAY2_MODEL_DIR), tmp_path / "art", options=BuildOptions(art=community_map_dir))
    report = load_map(out / "map", out / "map" / "games" / "D-Day_2.xml")
    assert report.ok, report.verify_error
    assert report.territories == 249
