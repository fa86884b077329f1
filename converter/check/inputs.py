"""From what the user named to the game XMLs to check: a map repository (with map.yml),
a map folder, one game XML, a folder of XMLs, or a `.zip` of a map (extracted safely
into a temporary folder the caller's ExitStack removes).
"""

from __future__ import annotations

import os
import tempfile
from contextlib import ExitStack
from pathlib import Path

from converter.check.context import Target
from converter.check.mapyml import read_map_yml
from converter.check.safezip import UnsafeZipError, extract


class InputError(ValueError):
    """The path cannot be checked at all; the message is one line for the user."""


def _is_map_dir(folder: Path) -> bool:
    return (folder / "polygons.txt").is_file() or (folder / "games").is_dir() or (folder / "centers.txt").is_file()


def _map_dir_of_xml(xml: Path) -> Path | None:
    parent = xml.parent
    if parent.name == "games":
        above = parent.parent
        if not (above / "polygons.txt").is_file() and (above / "map.yml").is_file():
            return content_root(above) or above  # games/ beside map/ in a repository
        return above
    return parent if _is_map_dir(parent) else None


MAX_WALKED = 100_000  # entries looked at while searching a repository for a folder or file


def closest_to_root(root: Path, name: str, max_depth: int) -> Path | None:
    """The path named `name` at most `max_depth` folders below `root` with the shortest path,
    as 2.x's FileUtils.findClosestToRoot finds it (links not followed; ties in name order)."""
    found, walked, level = [], 0, [root]
    for _ in range(max_depth):  # each pass looks one folder further down
        below = []
        for folder in level:
            try:
                entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
            except OSError:
                continue
            walked += len(entries)
            found += [Path(entry.path) for entry in entries if entry.name == name]
            below += [entry.path for entry in entries if _is_plain_dir(entry)]
            if walked > MAX_WALKED:
                break
        if found:  # a folder whose path is already as long as the shortest found holds no shorter one
            shortest = min(len(str(path)) for path in found) - len(name) - 1
            below = [folder for folder in below if len(folder) < shortest]
        level = [Path(folder) for folder in below]
        if walked > MAX_WALKED or not level:
            break
    return min(found, key=lambda path: len(str(path))) if found else None


def _is_plain_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def content_root(repo_root: Path) -> Path | None:
    """The map folder of a repository as 2.x finds it: the folder of the polygons.txt closest to
    the map.yml's folder, at most 3 folders down (InstalledMap.findContentRoot)."""
    polygons = closest_to_root(repo_root, "polygons.txt", 3)
    return polygons.parent if polygons is not None and polygons.is_file() else None


def _repo_root_of(map_dir: Path | None) -> Path | None:
    if map_dir is None:
        return None
    for candidate in (map_dir, map_dir.parent):
        if (candidate / "map.yml").is_file():
            return candidate
    return None


def _games_in(map_dir: Path) -> list[Path]:
    games = map_dir / "games"
    return sorted(games.glob("*.xml")) if games.is_dir() else []


def resolve(path: Path, stack: ExitStack) -> list[Target]:
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_file() and path.suffix.lower() == ".zip":
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dday2-check-")))
        try:
            extract(path, folder)
        except UnsafeZipError as error:
            raise InputError(str(error)) from None
        # a map zip usually holds one top folder; look inside it when the root has nothing else
        entries = [entry for entry in folder.iterdir() if not entry.name.startswith(("__MACOSX", "."))]
        root = entries[0] if len(entries) == 1 and entries[0].is_dir() else folder
        targets = _resolve_folder(root, display_root=folder, label=path.name)
        if not targets:
            raise InputError(f"{path}: the zip holds no game XML")
        return targets
    if path.is_file() and path.name == "map.yml":  # the repository it describes
        return resolve(path.parent, stack)
    if path.is_file() and path.suffix.lower() != ".xml":  # polygons.txt, README.md: not an XML to parse
        raise InputError(f"{path}: not a game XML (.xml), map.yml or map .zip; give a map's folder to check its files")
    if path.is_file():
        map_dir = _map_dir_of_xml(path.resolve())
        repo_root = _repo_root_of(map_dir)
        display = repo_root or map_dir or path.resolve().parent
        return [Target(path.resolve(), map_dir, repo_root, display, str(path))]
    targets = _resolve_folder(path.resolve(), display_root=path.resolve(), label=str(path))
    if not targets:
        raise InputError(f"{path}: no map.yml, map folder or game XML found")
    return targets


def _resolve_folder(folder: Path, display_root: Path, label: str) -> list[Target]:
    """A repository or map folder; else the game XMLs in the folder; else the maps below it."""
    return _resolve_map(folder, display_root, label) or \
        [Target(xml, None, None, display_root, label) for xml in sorted(folder.glob("*.xml"))] or \
        _resolve_below(folder, display_root, label)


MAP_YML_DEPTH = 2  # 2.x reads an installed map's map.yml at most this far down (MapDescriptionYamlReader)


def _resolve_below(folder: Path, display_root: Path, label: str) -> list[Target]:
    """Each subfolder taken as an installed map, as 2.x takes each folder of its downloadedMaps:
    the map itself, or the one whose map.yml lies nearest its root, at most MAP_YML_DEPTH folders
    down ('name-master/name/map.yml' of an unzipped download). One map (a repository whose map
    sits in a folder of its own) or many (a folder of maps) alike."""
    targets: list[Target] = []
    for sub in _subfolders(folder):
        found = _resolve_map(sub, display_root, label)
        if not found and (yml := closest_to_root(sub, "map.yml", MAP_YML_DEPTH)) is not None and yml.is_file():
            found = _resolve_map(yml.parent, display_root, label)
        targets += found
    return targets


def _subfolders(folder: Path) -> list[Path]:
    """The folders in `folder`, by name; hidden ones (.git) and links left out."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return []
    return [Path(entry.path) for entry in entries if not entry.name.startswith(".") and _is_plain_dir(entry)]


def _resolve_map(folder: Path, display_root: Path, label: str) -> list[Target]:
    """The games of a repository (a folder holding map.yml) or of a map folder; [] for neither."""
    if (folder / "map.yml").is_file():
        map_dir = folder / "map" if (folder / "map").is_dir() else folder
        found_root = content_root(folder) if not (map_dir / "polygons.txt").is_file() else None
        map_dir = found_root or map_dir  # polygons.txt elsewhere: where 2.x looks for the map files
        listed = [entry.file_name for entry in read_map_yml(folder / "map.yml").games if entry.file_name]
        xmls = [xml for name in listed for xml in [_find_listed(folder, map_dir, name)] if xml is not None]
        games = closest_to_root(folder, "games", 5)  # 2.x's games folder (MapDescriptionYaml.findGamesFolder)
        xmls = _unique(xmls + _games_in(map_dir) + (_games_in(games.parent) if games is not None else []))
        if not xmls:
            return [Target(None, map_dir, folder, display_root, label)]  # map.yml rules still run
        return [Target(xml, map_dir if found_root else _map_dir_of_xml(xml) or map_dir, folder, display_root, label)
                for xml in xmls]
    if not _is_map_dir(folder) and _is_map_dir(folder / "map"):
        folder = folder / "map"  # a repository without map.yml (Y501 says so)
    if _is_map_dir(folder):
        repo_root = _repo_root_of(folder)
        return [Target(xml, folder, repo_root, display_root, label) for xml in _games_in(folder)] or \
            [Target(None, folder, repo_root, display_root, label)]
    return []


def safe_listed_name(file_name: str) -> bool:
    """map.yml names a file inside the repository: no absolute paths, `..` or glob characters."""
    path = Path(file_name)
    return not path.is_absolute() and ".." not in path.parts and not any(c in file_name for c in "*?[]")


def _find_listed(root: Path, map_dir: Path, file_name: str) -> Path | None:
    if not safe_listed_name(file_name):
        return None
    for candidate in listed_candidates(root, map_dir, file_name):
        if path_is_file(candidate):
            return candidate
    return next((found for found in find_below(root, file_name) if path_is_file(found)), None)


def listed_candidates(root: Path, map_dir: Path, file_name: str) -> tuple[Path, ...]:
    """Where a game XML that map.yml names is looked for first."""
    return map_dir / "games" / file_name, map_dir / file_name, root / file_name


def find_below(root: Path, file_name: str) -> list[Path]:
    """Every path below `root` named `file_name`, sorted; none when the name cannot be a file
    name here (pathlib raises OSError for a name over the system's length limit)."""
    try:
        return sorted(root.rglob(file_name))
    except OSError:
        return []


GAMES_DEPTH, GAME_XML_DEPTH = 5, 3  # how far down 2.x looks for the games folder, and for an XML in it


def games_folder(repo_root: Path) -> Path | None:
    """The folder 2.x looks in for the game XMLs map.yml names: the one named `games` nearest
    map.yml's folder, at most GAMES_DEPTH folders down (MapDescriptionYaml.findGamesFolder)."""
    games = closest_to_root(repo_root, "games", GAMES_DEPTH)
    return games if games is not None and games.is_dir() else None


def found_in_games(games: Path, file_name: str) -> Path | None:
    """The game XML 2.x loads for map.yml's `file_name`: the file of that name, letter case
    too on every system, nearest `games`, at most GAME_XML_DEPTH folders down; it matches
    file names alone, so a name holding a folder finds nothing (searchForGameFile)."""
    if "/" in file_name or "\\" in file_name:
        return None
    xml = closest_to_root(games, file_name, GAME_XML_DEPTH)
    return xml if xml is not None and path_is_file(xml) else None


def path_is_file(path: Path) -> bool:
    """Path.is_file, False also for a name the file system refuses (ENAMETOOLONG)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _unique(paths: list[Path]) -> list[Path]:
    seen: set[Path] = set()
    return [p for p in paths if not (p in seen or seen.add(p))]
