"""An island drawn inside a sea zone's polygon is the layout TripleA is written for, not an
overlap (M309); `polygon_within` decides it."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from check_mapkit import base_files, base_xml, write_tree
from converter.check.config import CheckSettings
from converter.check.geometry import Outline, polygon_within
from converter.check.inputs import resolve
from converter.check.rules import polygon_overlaps
from converter.check.runner import check_target


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


def island_map(tmp_path: Path, islands: dict[str, int]) -> Path:
    """The base map with Beta (and any other island named) a 40 px square at x = the value,
    y 150..190, inside the sea zone's polygon."""
    others = "".join(f'<territory name="{name}"/>' for name in islands if name != "Beta")
    squares = "".join(f"{name} < ({x},150) ({x + 40},150) ({x + 40},190) ({x},190) >\n" for name, x in islands.items())
    return write_tree(tmp_path / "islands", {
        **base_files(),
        "map/games/tiny.xml": base_xml().replace('<territory name="Beta"/>', '<territory name="Beta"/>' + others),
        "map/polygons.txt": "Alpha < (0,0) (80,0) (80,100) (0,100) >\n" + squares
                            + "Sea Zone < (0,100) (255,100) (255,255) (0,255) >\n",
        "map/centers.txt": "Alpha (40,50)\n" + "".join(f"{name} ({x + 20},170)\n" for name, x in islands.items())
                           + "Sea Zone (128,120)\n",
        "map/place.txt": "Alpha (10,10) (40,40)\n" + "".join(f"{name} ({x + 5},155)\n" for name, x in islands.items())
                         + "Sea Zone (100,110)\n"})


def overlap_messages(root: Path) -> list[str]:
    """The M309 messages of every game of the map at `root`."""
    with ExitStack() as stack:
        return [f.message for target in resolve(root, stack)
                for f in check_target(target, CheckSettings(select=("M309",))).findings]


def test_islands_of_too_many_pieces_are_reported_uncompared(tmp_path, monkeypatch) -> None:
    # a hostile file's thousands of pieces would be compared pairwise for hours: over the
    # bound the pair is reported as the overlap the scan found
    root = island_map(tmp_path, {"Beta": 180})

    assert overlap_messages(root) == []
    monkeypatch.setattr(polygon_overlaps, "ISLAND_COMPARISONS", 0)
    assert overlap_messages(root) == ["the polygons of 'Beta' and 'Sea Zone' overlap around (200,151)"]


def test_the_island_budget_is_spent_across_pairs(tmp_path, monkeypatch) -> None:
    # two islands in one sea, a budget for one comparison: one is compared (an island), the
    # other reported uncompared; a per-pair bound would let any number of pairs through
    root = island_map(tmp_path, {"Beta": 180, "Gamma": 20})

    assert overlap_messages(root) == []
    monkeypatch.setattr(polygon_overlaps, "ISLAND_COMPARISONS", 1)
    firsts = sorted(message.split("'")[1] for message in overlap_messages(root))
    assert firsts in (["Beta"], ["Gamma"])  # the pair compared first spent the budget


def test_a_skin_without_a_game_xml_reports_no_territory_drawn_inside_another(tmp_path) -> None:
    # new_world_order-skin_sieg_2: with no game XML nothing says which territory is sea, so an
    # island inside its sea zone is not reported; two territories crossing each other still are
    root = island_map(tmp_path, {"Beta": 180})
    (root / "map" / "games" / "tiny.xml").unlink()
    (root / "map" / "games").rmdir()
    assert overlap_messages(root) == []
    polygons = root / "map" / "polygons.txt"
    polygons.write_text(polygons.read_text().replace("Alpha < (0,0) (80,0) (80,100) (0,100) >",
                                                     "Alpha < (0,0) (80,0) (80,120) (0,120) >"))
    assert overlap_messages(root) == ["the polygons of 'Alpha' and 'Sea Zone' overlap around (40,101)"]


def test_the_games_of_one_folder_share_the_island_answers_they_ask_alike(tmp_path, monkeypatch) -> None:
    # a map with several games (world_war_ii_global has 9) compared each sea zone with its
    # islands once per game; the answer depends only on the folder's polygons, the pairs and
    # which of them are sea, so a game asking the same is answered from the first, and a game
    # where the sea zone is land is not
    root = island_map(tmp_path, {"Beta": 180})
    games = root / "map" / "games"
    (games / "same.xml").write_text((games / "tiny.xml").read_text())
    (games / "landlocked.xml").write_text((games / "tiny.xml").read_text().replace(' water="true"', ""))
    swapped = (games / "tiny.xml").read_text().replace(' water="true"', "")  # Beta the sea, the sea zone land
    (games / "swapped.xml").write_text(swapped.replace('<territory name="Beta"/>', '<territory name="Beta" water="true"/>'))
    computed = []
    real = polygon_overlaps._islands_among
    monkeypatch.setattr(polygon_overlaps, "_islands_among", lambda *arguments: computed.append(1) or real(*arguments))
    cache: dict = {}
    with ExitStack() as stack:
        targets = resolve(root, stack)
        by_game = {target.xml.name: [f.message for f in check_target(target, CheckSettings(select=("M309",)),
                                                                     map_cache=cache).findings]
                   for target in targets}
    # landlocked.xml: the island lies in a sea zone the game declares land, which the message says
    assert by_game == {"landlocked.xml": ["the polygons of 'Beta' and 'Sea Zone' overlap around (200,151): 1 polygon of "
                                          "'Beta' lies wholly inside 'Sea Zone', which the game XML declares land, so 2.x "
                                          "fills both, either one on top: cut them out of 'Sea Zone' (or, if it is sea, "
                                          "declare it water=\"true\")"],
                       "same.xml": [], "swapped.xml": [], "tiny.xml": []}
    # tiny.xml and same.xml asked alike, swapped.xml with another sea; landlocked.xml has none to ask about
    assert len(computed) == 2
