"""The unit image lookup answers exactly as the os.path.join + os.path.isfile loop it
replaces, whatever the listing of the map's units folder holds, in TripleA 2.x's order:
units/<player>/<unit>.png in the map, then in the engine's assets, then units/<unit>.png
in the map, then in the engine's assets; an older engine's assets only when that finds
nothing."""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

import pytest

from converter.check.context import CheckContext, Target
from converter.check.engineassets import EngineAssets
from converter.check.imagefiles import verifiable_images, walk
from converter.check.unitimages import UnitImage, UnitImages, UnitsListing


def _reference(map_dir, engines, player: str, unit: str) -> UnitImage | None:
    """The map's file by os.path.isfile, the engines' by their names; the first engine's
    lookup, else the next one's."""
    for assets in engines or [None]:
        for parts in ((player, f"{unit}.png"), (f"{unit}.png",)):
            if map_dir is not None and os.path.isfile(candidate := os.path.join(map_dir, "units", *parts)):
                return UnitImage(candidate, None)
            if assets is not None and (relative := posixpath.join("units", *parts)) in assets.files:
                return UnitImage(relative, assets.engine)
    return None


def _engine(assets_folder: Path, name: str = "new engine") -> list[EngineAssets]:
    return [EngineAssets.of_folder(name, assets_folder)]


def _listing(map_dir: Path) -> UnitsListing:
    listed: set[str] = set()
    tree = walk(str(map_dir / "units"), listed)
    return UnitsListing(str(map_dir / "units"), [relative for relative, _ in verifiable_images(tree)],
                        [relative for relative, _ in tree], listed)


def _touch(root: Path, *relatives: str) -> None:
    for relative in relatives:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(b"x")


PLAYERS = ["Germans", "germans", "Allies", "Linked", "NotAFolder", "Missing", "", ".", "..", "a/b", "/abs", "Ger mans"]
UNITS = ["tank", "Tank", "infantry", "fighter", "", "..", "x/y", "/abs", "only_assets", "link", "broken", "dir",
         "tank.png", "ümlaut"]


@pytest.fixture()
def roots(tmp_path: Path) -> list[Path]:
    map_dir, assets = tmp_path / "map", tmp_path / "assets"
    _touch(map_dir, "units/Germans/tank.png", "units/Germans/ümlaut.png", "units/infantry.png", "units/Allies/x.gif",
           "units/NotAFolder", "units/.png", "units/Germans/.png", "units/Ger mans/tank.png", "units/tank.png.png",
           "units/Germans/dir.png/inner.png", "b.png", "units/a/b/tank.png")
    _touch(assets, "units/Germans/fighter.png", "units/only_assets.png", "units/abs.png", "abs/tank.png")
    os.symlink(map_dir / "units" / "Germans", map_dir / "units" / "Linked")  # listed, not entered
    os.symlink(map_dir / "units" / "infantry.png", map_dir / "units" / "Germans" / "link.png")
    os.symlink(map_dir / "nowhere.png", map_dir / "units" / "Germans" / "broken.png")
    return [map_dir, assets]


def test_lookups_equal_the_reference(roots) -> None:
    engines = _engine(roots[1])
    assert "units/Germans/fighter.png" in engines[0].files and "abs/tank.png" not in engines[0].files
    lookup = UnitImages(roots[0], _listing(roots[0]), engines)
    for player in PLAYERS:
        for unit in UNITS:
            assert lookup.lookup(player, unit) == _reference(roots[0], engines, player, unit), (player, unit)


def test_without_listing_or_assets_too(roots) -> None:
    engines = _engine(roots[1])
    behind = [EngineAssets("current engine", frozenset()), *engines]  # every asset found in the older engine's
    for map_dir, listing, chosen in ((roots[0], _listing(roots[0]), []), (roots[0], None, engines),
                                     (None, None, engines), (None, None, []), (roots[0], _listing(roots[0]), behind)):
        lookup = UnitImages(map_dir, listing, chosen)
        for player in PLAYERS:
            for unit in UNITS:
                assert lookup.lookup(player, unit) == _reference(map_dir, chosen, player, unit), (player, unit)


def test_an_older_engines_assets_answer_only_when_the_current_ones_find_nothing(tmp_path: Path) -> None:
    map_dir = tmp_path / "map"
    _touch(map_dir, "units/Reds/x.png")
    current = EngineAssets("TripleA 2.x", frozenset({"units/tank.png", "units/Germans/y.png"}))
    older = EngineAssets("TripleA 1.9", frozenset({"units/Germans/tank.png", "units/Canadians/infantry.png",
                                                    "units/Reds/x.png", "units/Germans/y.png"}))
    for listing in (_listing(map_dir), None):
        lookup = UnitImages(map_dir, listing, [current, older])
        # 1.9's own-player image loses to 2.x's units/tank.png: 2.x draws that one
        assert lookup.lookup("Germans", "tank") == UnitImage("units/tank.png", "TripleA 2.x")
        assert lookup.lookup("Canadians", "infantry") == UnitImage("units/Canadians/infantry.png", "TripleA 1.9")
        assert lookup.lookup("Reds", "x") == UnitImage(os.path.join(map_dir, "units", "Reds", "x.png"), None)
        assert lookup.lookup("Germans", "y") == UnitImage("units/Germans/y.png", "TripleA 2.x")
        assert lookup.lookup("Canadians", "tank") == UnitImage("units/tank.png", "TripleA 2.x")
        assert lookup.lookup("Canadians", "artillery") is None


def test_the_players_image_in_the_assets_comes_before_the_maps_image_for_all(tmp_path: Path) -> None:
    """TripleA 2.x (UnitImageFactory.getBaseImageUrl, ResourceLoader.getResource(name, name2))
    looks for units/<player>/<unit>.png in the map and then in its assets before it looks for
    units/<unit>.png anywhere."""
    map_dir, assets = tmp_path / "map", tmp_path / "assets"
    _touch(map_dir, "units/infantry.png", "units/Reds/x.png")
    _touch(assets, "units/Germans/infantry.png", "units/artillery.png", "units/Germans/x.png")
    for listing in (_listing(map_dir), None):
        lookup = UnitImages(map_dir, listing, _engine(assets))
        assert lookup.lookup("Germans", "infantry") == UnitImage("units/Germans/infantry.png", "new engine")
        assert lookup.lookup("Russians", "infantry") == UnitImage(os.path.join(map_dir, "units", "infantry.png"), None)
        assert lookup.lookup("Germans", "artillery") == UnitImage("units/artillery.png", "new engine")
        assert lookup.lookup("Reds", "x") == UnitImage(os.path.join(map_dir, "units", "Reds", "x.png"), None)
        assert lookup.lookup("Reds", "tank") is None


def test_listed_hits_and_the_engines_assets_need_no_stat(roots, monkeypatch) -> None:
    lookup = UnitImages(roots[0], _listing(roots[0]), _engine(roots[1]))
    lookup.lookup("Germans", "ümlaut")  # probes once per folder at most
    monkeypatch.setattr(os.path, "isfile", lambda path: pytest.fail(f"stat of {path}"))
    assert lookup.lookup("Germans", "tank") == UnitImage(os.path.join(roots[0], "units", "Germans", "tank.png"), None)
    # the map's units/infantry.png, after the assets' units/Germans/infantry.png (none)
    assert lookup.lookup("Germans", "infantry") == UnitImage(os.path.join(roots[0], "units", "infantry.png"), None)
    assert lookup.lookup("Germans", "fighter") == UnitImage("units/Germans/fighter.png", "new engine")


def test_a_case_blind_file_system_is_asked_for_each_miss(roots, monkeypatch) -> None:
    """On a file system that ignores case, units/Germans/Tank.png is a file although the
    listing says tank.png: the probe must see that and leave misses to the file system."""
    real_isfile, real_lexists = os.path.isfile, os.path.lexists

    def blind(test):
        def answer(path):
            resolved = "/"
            for part in path.strip("/").split("/"):
                found = [each for each in (os.listdir(resolved) if os.path.isdir(resolved) else ())
                         if each.lower() == part.lower()]
                if not found:
                    return False
                resolved = os.path.join(resolved, found[0])
            return test(resolved)
        return answer

    monkeypatch.setattr(os.path, "isfile", blind(real_isfile))
    monkeypatch.setattr(os.path, "lexists", blind(real_lexists))
    engines = _engine(roots[1])
    lookup = UnitImages(roots[0], _listing(roots[0]), engines)
    for player in ("Germans", "GERMANS", "Allies"):
        for unit in ("Tank", "TANK", "tank", "Infantry", "fighter"):
            assert lookup.lookup(player, unit) == _reference(roots[0], engines, player, unit), (player, unit)
    assert lookup.lookup("GERMANS", "TANK") == UnitImage(os.path.join(roots[0], "units", "GERMANS", "TANK.png"), None)


def test_the_context_uses_the_background_listing(roots) -> None:
    target = Target(xml=None, map_dir=roots[0], repo_root=None, display_root=roots[0], label=str(roots[0]))
    engines = _engine(roots[1])
    context = CheckContext(target, engine_assets=tuple(engines))
    context.prefetch_map_files()
    context.wait_for_prefetch()
    assert context.units_listing is not None and "Germans/tank.png" in context.units_listing.files
    for player in PLAYERS:
        for unit in UNITS:
            assert context.unit_image(player, unit) == _reference(roots[0], engines, player, unit), (player, unit)


def test_no_units_folder_means_no_listing(tmp_path: Path) -> None:
    target = Target(xml=None, map_dir=tmp_path, repo_root=None, display_root=tmp_path, label=str(tmp_path))
    context = CheckContext(target, engine_assets=())
    assert context.units_listing is None
    assert context.unit_image("Germans", "tank") is None


@pytest.mark.parametrize("folder", [None, "Units", "units"])
def test_a_map_with_no_units_folder_is_looked_up_without_a_stat(tmp_path: Path, monkeypatch, folder) -> None:
    """A map whose units all come from the engine's assets has no units folder: its listing
    says so, and no lookup asks the file system (warcraft_war_heroes: 40,000 stats, 0.2 s).
    A `Units` folder may hold them on a case-blind file system: that one is asked."""
    map_dir, assets = tmp_path / "map", tmp_path / "assets"
    _touch(assets, "units/Germans/fighter.png", "units/infantry.png")
    _touch(map_dir, "polygons.txt", *([f"{folder}/Germans/tank.png"] if folder else []))
    if folder == "Units":  # not "units" on a case-sensitive file system: no listing
        (map_dir / "Units" / "Germans" / "tank.png").rename(map_dir / "Units" / "Germans" / "other.png")
    target = Target(xml=None, map_dir=map_dir, repo_root=None, display_root=map_dir, label=str(map_dir))
    engines = _engine(assets)
    context = CheckContext(target, engine_assets=tuple(engines))
    asked = [(player, unit) for player in ("Germans", "Italians") for unit in ("tank", "fighter", "infantry", "other")]
    expected = [_reference(map_dir, engines, player, unit) for player, unit in asked]
    stats = []
    real_isfile = os.path.isfile
    monkeypatch.setattr(os.path, "isfile", lambda path: stats.append(path) or real_isfile(path))
    assert [context.unit_image(player, unit) for player, unit in asked] == expected
    assert (stats == []) is (folder != "Units")  # a listed units folder answers from its listing
