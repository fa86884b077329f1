"""The unit image lookup answers exactly as the os.path.join + os.path.isfile loop it
replaces, whatever the listing of the map's units folder holds, in TripleA 2.x's order:
units/<player>/<unit>.png in the map, then in the engine's assets, then units/<unit>.png
in the map, then in the engine's assets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from converter.check.context import CheckContext, Target
from converter.check.imagefiles import verifiable_images, walk
from converter.check.unitimages import UnitImages, UnitsListing


def _reference(roots, player: str, unit: str) -> str | None:
    return next((candidate for parts in ((player, f"{unit}.png"), (f"{unit}.png",))
                 for root in roots for candidate in (os.path.join(root, "units", *parts),)
                 if os.path.isfile(candidate)), None)


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
    lookup = UnitImages(roots, _listing(roots[0]))
    for player in PLAYERS:
        for unit in UNITS:
            assert lookup.lookup(player, unit) == _reference(roots, player, unit), (player, unit)


def test_without_listing_or_assets_too(roots) -> None:
    for chosen, listing in (([roots[0]], _listing(roots[0])), (roots, None), ([roots[1]], None)):
        lookup = UnitImages(chosen, listing)
        for player in PLAYERS:
            for unit in UNITS:
                assert lookup.lookup(player, unit) == _reference(chosen, player, unit), (player, unit)


def test_the_players_image_in_the_assets_comes_before_the_maps_image_for_all(tmp_path: Path) -> None:
    """TripleA 2.x (UnitImageFactory.getBaseImageUrl, ResourceLoader.getResource(name, name2))
    looks for units/<player>/<unit>.png in the map and then in its assets before it looks for
    units/<unit>.png anywhere."""
    map_dir, assets = tmp_path / "map", tmp_path / "assets"
    _touch(map_dir, "units/infantry.png", "units/Reds/x.png")
    _touch(assets, "units/Germans/infantry.png", "units/artillery.png", "units/Germans/x.png")
    for listing in (_listing(map_dir), None):
        lookup = UnitImages([map_dir, assets], listing)
        assert lookup.lookup("Germans", "infantry") == os.path.join(assets, "units", "Germans", "infantry.png")
        assert lookup.lookup("Russians", "infantry") == os.path.join(map_dir, "units", "infantry.png")
        assert lookup.lookup("Germans", "artillery") == os.path.join(assets, "units", "artillery.png")
        assert lookup.lookup("Reds", "x") == os.path.join(map_dir, "units", "Reds", "x.png")
        assert lookup.lookup("Reds", "tank") is None


def test_listed_hits_need_no_stat(roots, monkeypatch) -> None:
    lookup = UnitImages(roots, _listing(roots[0]))
    lookup.lookup("Germans", "ümlaut")  # probes once per folder at most
    real_isfile, assets = os.path.isfile, os.path.join(roots[1], "")
    monkeypatch.setattr(os.path, "isfile", lambda path: pytest.fail(f"stat of {path}"))
    assert lookup.lookup("Germans", "tank") == os.path.join(roots[0], "units", "Germans", "tank.png")

    def assets_only(path):
        if not path.startswith(assets):
            pytest.fail(f"stat of {path}")
        return real_isfile(path)

    # the map's units/infantry.png: only the assets' units/Germans/infantry.png, looked for
    # before it, is asked of the file system
    monkeypatch.setattr(os.path, "isfile", assets_only)
    assert lookup.lookup("Germans", "infantry") == os.path.join(roots[0], "units", "infantry.png")


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
    lookup = UnitImages(roots, _listing(roots[0]))
    for player in ("Germans", "GERMANS", "Allies"):
        for unit in ("Tank", "TANK", "tank", "Infantry", "fighter"):
            assert lookup.lookup(player, unit) == _reference(roots, player, unit), (player, unit)
    assert lookup.lookup("GERMANS", "TANK") == os.path.join(roots[0], "units", "GERMANS", "TANK.png")


def test_the_context_uses_the_background_listing(roots) -> None:
    target = Target(xml=None, map_dir=roots[0], repo_root=None, display_root=roots[0], label=str(roots[0]))
    context = CheckContext(target, assets_dir=roots[1])
    context.prefetch_map_files()
    context.wait_for_prefetch()
    assert context.units_listing is not None and "Germans/tank.png" in context.units_listing.files
    for player in PLAYERS:
        for unit in UNITS:
            assert context.unit_image(player, unit) == _reference(roots, player, unit), (player, unit)


def test_no_units_folder_means_no_listing(tmp_path: Path) -> None:
    target = Target(xml=None, map_dir=tmp_path, repo_root=None, display_root=tmp_path, label=str(tmp_path))
    context = CheckContext(target, assets_dir=None)
    assert context.units_listing is None
    assert context.unit_image("Germans", "tank") is None
