"""An island drawn inside a sea zone's polygon is the layout TripleA is written for, not an
overlap (M309); `polygon_within` decides it."""

from __future__ import annotations

import pytest

from converter.check.geometry import Outline, polygon_within


def square(left: int, top: int, side: int) -> Outline:
    return Outline.of([(left, top), (left + side, top), (left + side, top + side), (left, top + side)])


# a U: the notch between x 30..70 comes down from the top to y 60
U_SHAPE = Outline.of([(0, 0), (30, 0), (30, 60), (70, 60), (70, 0), (100, 0), (100, 100), (0, 100)])


@pytest.mark.parametrize("inner, outer, within", [
    (square(10, 10, 20), square(0, 0, 100), True),  # an island
    (Outline.of([(0, 10), (20, 10), (20, 30), (0, 30)]), square(0, 0, 100), True),  # on the coast, inside
    (square(0, 0, 100), square(0, 0, 100), False),  # the same polygon twice
    (square(0, 0, 100), square(10, 10, 20), False),  # the sea inside the island
    (square(90, 90, 20), square(0, 0, 100), False),  # reaching out of it
    (square(200, 200, 10), square(0, 0, 100), False),  # far away
    (Outline.of([(10, 50), (90, 50), (90, 70), (10, 70)]), U_SHAPE, False),  # corners inside, across the notch
    (square(10, 10, 10), U_SHAPE, True),  # in one arm of the U
])
def test_polygon_within(inner: Outline, outer: Outline, within: bool) -> None:
    assert polygon_within(inner, outer) is within


def test_islands_of_too_many_pieces_are_reported_uncompared(tmp_path, monkeypatch) -> None:
    # a hostile file's thousands of pieces would be compared pairwise for hours: over the
    # bound the pair is reported as the overlap the scan found
    from contextlib import ExitStack

    from check_mapkit import base_files, write_tree
    from converter.check.config import CheckSettings
    from converter.check.inputs import resolve
    from converter.check.rules import map_files
    from converter.check.runner import check_target

    files = {**base_files(),
             "map/polygons.txt": "Alpha < (0,0) (80,0) (80,100) (0,100) >\nBeta < (180,150) (220,150) (220,190) (180,190) >\n"
                                 "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n",
             "map/centers.txt": "Alpha (40,50)\nBeta (200,170)\nSea Zone (128,180)\n",
             "map/place.txt": "Alpha (10,10) (40,40)\nBeta (185,155)\nSea Zone (20,120)\n"}
    root = write_tree(tmp_path / "island", files)

    def overlaps() -> list[str]:
        with ExitStack() as stack:
            return [f.message for target in resolve(root, stack)
                    for f in check_target(target, CheckSettings(select=("M309",))).findings]

    assert overlaps() == []
    monkeypatch.setattr(map_files, "ISLAND_COMPARISONS", 0)
    assert overlaps() == ["the polygons of 'Beta' and 'Sea Zone' overlap around (200,151)"]


def test_the_island_budget_is_spent_across_pairs(tmp_path, monkeypatch) -> None:
    # two islands in one sea, a budget for one comparison: one is compared (an island), the
    # other reported uncompared; a per-pair bound would let any number of pairs through
    from contextlib import ExitStack

    from check_mapkit import base_files, base_xml, write_tree
    from converter.check.config import CheckSettings
    from converter.check.inputs import resolve
    from converter.check.rules import map_files
    from converter.check.runner import check_target

    xml = base_xml().replace('<territory name="Beta"/>', '<territory name="Beta"/><territory name="Gamma"/>')
    files = {**base_files(), "map/games/tiny.xml": xml,
             "map/polygons.txt": "Alpha < (0,0) (80,0) (80,100) (0,100) >\n"
                                 "Beta < (180,150) (220,150) (220,190) (180,190) >\n"
                                 "Gamma < (20,150) (60,150) (60,190) (20,190) >\n"
                                 "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n",
             "map/centers.txt": "Alpha (40,50)\nBeta (200,170)\nGamma (40,170)\nSea Zone (128,120)\n",
             "map/place.txt": "Alpha (10,10) (40,40)\nBeta (185,155)\nGamma (25,155)\nSea Zone (100,110)\n"}
    root = write_tree(tmp_path / "islands", files)

    def overlapping() -> list[str]:
        with ExitStack() as stack:
            return sorted(f.message.split("'")[1] for target in resolve(root, stack)
                          for f in check_target(target, CheckSettings(select=("M309",))).findings)

    assert overlapping() == []
    monkeypatch.setattr(map_files, "ISLAND_COMPARISONS", 1)
    assert overlapping() in (["Beta"], ["Gamma"])  # the pair compared first spent the budget
