"""A map's files serve all its games: a name in polygons/centers/place that only another game
XML of the map declares is no leftover (M303)."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

from check_mapkit import base_files, base_xml, write_tree
from converter.check.config import CheckSettings
from converter.check.inputs import resolve
from converter.check.runner import check_target

GAMMA = {"map/polygons.txt": base_files()["map/polygons.txt"] + "Gamma < (160,0) (255,0) (255,100) (160,100) >\n",
         "map/centers.txt": base_files()["map/centers.txt"] + "Gamma (200,50)\n",
         "map/place.txt": base_files()["map/place.txt"] + "Gamma (170,10)\n"}


def extra_names(root: Path, xml: str = "tiny.xml") -> list[str]:
    with ExitStack() as stack:
        [target] = [t for t in resolve(root, stack) if t.xml.name == xml]
        return sorted(f"{Path(f.file).name}:{f.message.split(chr(39))[1]}"
                      for f in check_target(target, CheckSettings(select=("M303",))).findings)


def test_a_name_another_game_declares_is_not_extra(tmp_path: Path) -> None:
    other = base_xml().replace('<territory name="Beta"/>', '<territory name="Beta"/><territory name="Gamma"/>')
    root = write_tree(tmp_path / "map", {**base_files(), **GAMMA, "map/games/other.xml": other})
    assert extra_names(root) == []
    (root / "map/games/other.xml").write_text(other.replace("Gamma", "Delta"))  # changed: read again
    assert extra_names(root) == ["polygons.txt:Gamma"]  # one finding, naming the other files too


def test_unreadable_siblings_add_no_names(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "map", {**base_files(), **GAMMA, "map/games/broken.xml": "<game><map><territory name="})
    os.mkfifo(root / "map/games/pipe.xml")
    os.symlink("/dev/zero", root / "map/games/device.xml")
    code = ("import sys; sys.path[:0] = sys.argv[1:3]\n"
            "from test_check_siblings import extra_names\nfrom pathlib import Path\n"
            "print(extra_names(Path(sys.argv[3])))")
    # in a child with a time limit: a sibling read like a file would block on the FIFO for ever
    done = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), str(Path.cwd()), str(root)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(["polygons.txt:Gamma"])  # one finding for the three files


def test_a_tooltip_for_a_unit_type_of_another_game_is_read(tmp_path: Path) -> None:
    tips = {"map/tooltips.properties": "tooltip.unit.tank=A tank\ntooltip.unit.tank.Greens.append=green\n"}
    other = base_xml().replace('<unit name="tinyfoot"/>', '<unit name="tinyfoot"/><unit name="tank"/>')
    assert '<unit name="tank"/>' in other
    root = write_tree(tmp_path / "map", {**base_files(), **tips, "map/games/other.xml": other})

    def unread() -> list[str]:
        with ExitStack() as stack:
            [target] = [t for t in resolve(root, stack) if t.xml.name == "tiny.xml"]
            return [f.message for f in check_target(target, CheckSettings(select=("M330",))).findings]

    assert unread() == ["tooltips.properties key 'tooltip.unit.tank.Greens.append' is never shown: no game of the "
                        "map has a player 'Greens'"]
    (root / "map/games/other.xml").write_text(other.replace('<player name="Blues"', '<player name="Greens"'))
    assert unread() == []


def _messages(root: Path) -> list[str]:
    with ExitStack() as stack:
        [target] = [t for t in resolve(root, stack) if t.xml.name == "tiny.xml"]
        return sorted(f"{Path(f.file).name}:{f.line} {f.message}"
                      for f in check_target(target, CheckSettings(select=("M303",))).findings)


def test_optional_point_files_name_territories_too(tmp_path: Path) -> None:
    """vc.txt, name_place.txt and the like place a territory's markers by its name: a name no
    game declares is a leftover or a misspelling (suggested, unless only its digits differ:
    numbered territories are siblings); decorations.txt names images, not territories."""
    # (the points lie in no territory: one lying in a territory without a line would suggest it, M303)
    files = {**base_files(), "map/name_place.txt": "Alphaa (1,2)\nBeta (3,4)\n", "map/vc.txt": "Alpha7 (300,300)\n",
             "map/pu_place.txt": "Gamma (301,301)\n", "map/decorations.txt": "title.png (5,5)\n",
             "map/misc/title.png": b"\x89PNG\r\n\x1a\n", "map/territory_effects.txt": "Betta (1,1) (2,2)\n"}
    root = write_tree(tmp_path / "map", files)
    assert _messages(root) == [
        "name_place.txt:1 'Alphaa' in name_place.txt is not a territory of the game XML; did you mean 'Alpha'?",
        "pu_place.txt:1 'Gamma' in pu_place.txt is not a territory of the game XML",
        "territory_effects.txt:1 'Betta' in territory_effects.txt is not a territory of the game XML; "
        "did you mean 'Beta'?",
        "vc.txt:1 'Alpha7' in vc.txt is not a territory of the game XML"]
    other = base_xml().replace('<territory name="Beta"/>', '<territory name="Beta"/><territory name="Gamma"/>')
    (root / "map/games/other.xml").write_text(other)  # another game of the map declares Gamma
    assert not [message for message in _messages(root) if "Gamma" in message]
