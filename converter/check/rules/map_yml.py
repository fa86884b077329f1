"""Y5xx: map.yml, the map repository's index read by the map downloader."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from converter.check.inputs import (GAME_XML_DEPTH, find_below, found_in_games, games_folder, listed_candidates,
                                    path_is_file, safe_listed_name)
from converter.check.mapyml import GameEntry
from converter.check.rule import hit, rule
from converter.check.rules.xml import minimum_version
from converter.findings import Severity

_MAP_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.'()&+-]*$")


@rule("Y501", "map-yml.missing", Severity.WARNING, "the map repository has no map.yml")
def missing(context):
    """Finds a map repository (a folder holding `map/` with a game XML) that has no map.yml.

    Why: map.yml is the repository's index: the maps server lists for download only the
    triplea-maps repositories in which it finds a map.yml, reading the map's name (`map_name`) and
    its games (`games`) from it (docs/development/maps-server.md), so without one the map cannot be
    downloaded from TripleA. TripleA 2.x offers an installed map's games from its map.yml alone: it
    writes a missing one itself when it downloads or unzips a map (DownloadFile,
    ZippedMapsExtractor), but a map folder copied in by hand gets one only at a start-up that finds
    more than four maps without one (MapDescriptionYamlGeneratorRunner), and is not offered until
    then. None of the other map.yml checks (Y502-Y508) can run without it.

    Fix: Add a map.yml beside the `map/` folder: a `map_name: MyMap` line, a `games:` line, and
    one `- {game_name: My Game, file_name: my_game.xml}` line per game XML.
    """
    target = context.target
    # a repository is a folder holding map/ (the map folder's parent) without map.yml
    if target.repo_root is None and target.map_dir is not None and target.map_dir.name == "map" \
            and target.xml is not None:
        yield hit(file=target.map_dir.parent)


@rule("Y502", "map-yml.unreadable-line", Severity.ERROR, "map.yml line cannot be read: {reason}")
def unreadable_line(context):
    """Finds a line of map.yml that this checker cannot read, or a map.yml it cannot read at all.

    Why: The checker reads only the usual map.yml shape and skips any line it cannot read, so the
    map name or game on that line goes unchecked. A line that is broken YAML, or a file that is
    not UTF-8 text, may also trouble any other tool that reads map.yml.

    Fix: Write map.yml as a `map_name: NAME` line, a `games:` line, and one
    `- {game_name: NAME, file_name: FILE.xml}` line per game (or `- game_name: NAME` with
    `file_name: FILE.xml` indented on the next line), saved as UTF-8.
    """
    yml = context.map_yml
    for line, reason in yml.errors if yml is not None else ():
        yield hit(file=yml.path, line=line, reason=reason)


@rule("Y503", "map-yml.map-name", Severity.ERROR, "map.yml {problem}")
def map_name(context):
    """Finds a map.yml with no `map_name`, or one with characters a folder name should not have.

    Why: `map_name` is the map's name in the repository's index: without it the map has no name
    there, and characters such as `/`, `\\` or `:` are unsafe wherever the name is used as a
    folder or file name.

    Fix: Give map.yml a line such as `map_name: D-Day2`, starting with a letter or digit and
    holding only the letters A-Z and a-z, digits, spaces and `_ . ' ( ) & + -`.
    """
    yml = _parsed(context)
    if yml is None:
        return
    if not yml.map_name:
        yield hit(file=yml.path, problem="has no map_name")
    elif not _MAP_NAME.match(yml.map_name):
        yield hit(file=yml.path, line=yml.map_name_line,
                  problem=f"map_name {yml.map_name!r} has characters a folder name should not have")


@rule("Y504", "map-yml.game-file-missing", Severity.ERROR, "map.yml lists {file_name!r}, which {problem}")
def game_file_missing(context):
    """Finds a map.yml games entry whose game XML TripleA 2.x cannot find, or outside the repository.

    Why: 2.x loads the game an entry offers from the folder named `games` nearest map.yml (at most
    5 folders down), taking the file whose name is `file_name`, letter case too on every system, at
    most 3 folders below it; it matches file names alone, so `games/x.xml` finds nothing
    (MapDescriptionYaml.getGameXmlPathByGameName). A game it cannot find fails to load when chosen,
    also where the XML is elsewhere in the repository (beside map.yml, with no `games` folder): the
    message says where. A `file_name` that is an absolute path, steps up with `..` or holds a
    wildcard (`*`, `?`, `[`, `]`) is reported without being looked up, as it could name a file
    outside the repository. A file that does not exist is told the game XMLs of the `games`
    folder no entry lists (each also Y507), as the entry may be meant for one: named where one is
    clearly the closest.

    Fix: Correct `file_name` to the game XML's file name alone, or move the XML into the `games`
    folder (`map/games/` is usual), or remove the entry of a game that is gone.
    """
    yml, root = _parsed(context), context.target.repo_root
    if yml is None or root is None:
        return
    map_dir = context.target.map_dir or root
    games = context.folder_memo(("games folder", root), lambda: games_folder(root))
    for entry in yml.games:
        if not entry.file_name:
            continue
        if not safe_listed_name(entry.file_name):
            yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, problem="points outside the repository")
            continue
        if games is not None and found_in_games(games, entry.file_name) is not None:
            continue
        problem = _not_found(root, map_dir, games, entry.file_name)
        if problem == "does not exist" and games is not None:
            problem += _unlisted_note(games, yml, entry.file_name)
        yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, problem=problem)


def _unlisted_note(games, yml, file_name: str) -> str:
    """For a listed game XML that does not exist: the game XMLs in the games folder that no entry
    lists (each also a Y507 finding), as the entry may have been meant for one of them."""
    listed = {entry.file_name for entry in yml.games}
    unlisted = sorted({path.name for depth in range(GAME_XML_DEPTH + 1)
                       for path in games.glob("*/" * depth + "*.xml") if path.name not in listed and _is_game(path)})
    if not unlisted:
        return ""
    ratios = sorted(((SequenceMatcher(None, file_name.lower(), name.lower()).ratio(), name) for name in unlisted),
                    reverse=True)
    # one clearly closest: where two are about as close, naming one would mislead
    if ratios[0][0] >= 0.7 and (len(ratios) == 1 or ratios[1][0] <= ratios[0][0] - 0.1):
        close = ratios[0][1]
        return f"; {_shown(yml.path.parent, games)}/ holds {close!r}, which no entry lists: did you mean {close!r}?"
    shown = ", ".join(repr(name) for name in unlisted[:3]) + \
        (f" and {len(unlisted) - 3} more" if len(unlisted) > 3 else "")
    return f"; {_shown(yml.path.parent, games)}/ holds game XMLs no entry lists ({shown}): was the entry meant for one?"


_MARKUP_BEFORE_ROOT = re.compile(rb"<!--.*?-->|<\?.*?\?>|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>", re.S)
_FIRST_TAG = re.compile(rb"<([A-Za-z_][\w.:-]*)")


def _is_game(path) -> bool:
    """Is the file's root element `<game>` (a game XML, not a notes page's filelist.xml)? Read
    from its first 64 KB, past comments, the XML declaration and the DOCTYPE."""
    try:
        with open(path, "rb") as file:
            head = file.read(65536)
    except OSError:
        return False
    first = _FIRST_TAG.search(_MARKUP_BEFORE_ROOT.sub(b"", head))
    return first is not None and first.group(1) == b"game"


def _not_found(root, map_dir, games, file_name: str) -> str:
    """Why 2.x does not find a listed game XML, and where the file is if it is somewhere else."""
    elsewhere = next((path for path in listed_candidates(root, map_dir, file_name) if path_is_file(path)), None) \
        or next(iter(find_below(root, file_name)), None)
    bare = file_name.replace("\\", "/").rpartition("/")[2]
    if games is not None and bare != file_name and found_in_games(games, bare) is not None:
        return f"TripleA 2.x never finds: it matches file_name against file names alone, so write {bare!r}"
    where = "there is no folder named 'games' at most 5 folders below map.yml" if games is None else \
        f"it looks only in {_shown(root, games)}/ (the 'games' folder nearest map.yml), at most 3 folders down"
    if elsewhere is not None:
        at = "beside map.yml" if elsewhere.parent == root else f"at {_shown(root, elsewhere)}"
        return f"TripleA 2.x does not find: {where}, and the file is {at}"
    other_case = _in_other_case(games, bare) if games is not None else None
    if other_case is not None:
        return f"does not exist: {_shown(root, other_case)} differs only in letter case, and TripleA 2.x " \
               f"matches the name exactly, on every system"
    return "does not exist" + (f" ({where})" if games is None else "")


def _in_other_case(games, name: str):
    """A file in the games folder (at most 3 folders down) named `name` but for letter case."""
    wanted, level = name.lower(), [games]
    for _ in range(3):
        below = []
        for folder in level:
            try:
                entries = sorted(folder.iterdir())
            except OSError:
                continue
            for entry in entries:
                if entry.name.lower() == wanted and entry.is_file():
                    return entry
                if entry.is_dir() and not entry.is_symlink():
                    below.append(entry)
        level = below
    return None


def _shown(root, path) -> str:
    """A path as the repository shows it (relative to map.yml's folder)."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


@rule("Y505", "map-yml.incomplete-entry", Severity.ERROR, "map.yml games entry has no {key}")
def incomplete_entry(context):
    """Finds a map.yml games entry with no (or an empty) `game_name` or `file_name`.

    Why: An entry without `file_name` points at no game XML, and one without `game_name` gives
    its game no name in the repository's index. The other map.yml checks then skip the entry's
    missing part, so its file (Y504) or its name (Y506) goes unchecked.

    Fix: Give the entry both keys, e.g. `- {game_name: D-Day 2, file_name: D-Day_2.xml}`, or
    remove it.
    """
    yml = _parsed(context)
    for entry in yml.games if yml is not None else ():
        for key, value in (("game_name", entry.game_name), ("file_name", entry.file_name)):
            if not value:
                yield hit(file=yml.path, line=entry.line, key=key)


@rule("Y506", "map-yml.game-name-differs", Severity.WARNING,
      "map.yml calls {file_name!r} {listed!r}, but its <info name> is {actual!r}")
def game_name_differs(context):
    """Finds a map.yml games entry whose `game_name` differs from its game XML's `<info name>`.

    Why: The same game goes by two names. TripleA 2.x names it by map.yml's `game_name` (it
    replaces the `<info name>` as it loads the XML), while TripleA 1.9 and 2.x before 2021 use
    the `<info name>`, and saves keep the name they were made with; a bot server (a headless
    host) refuses a saved game whose name is no `game_name` of its installed maps ("Game is not
    installed on this server"), so a game saved under the `<info name>` cannot go on there. The
    Objectives tab and unit icons (M319, M328) are read under the game's name too, so keys
    written for one engine are not read by the other. A game that needs TripleA 2.6 or later
    (`<triplea minimumVersion=...>`), which map.yml alone names, is info; so is a map with no
    objectives.properties or unit_icons.properties, where only old saves are at stake.

    Fix: Make the entry's `game_name` (the entry whose `file_name` is that XML's file name) and
    the `name` of the game XML's `<info name="..." .../>` the same, letter for letter (the
    `<info name>`, where several of the map's XMLs share one).
    """
    yml, model, xml = _parsed(context), context.model, context.target.xml
    if yml is None or model is None or xml is None:
        return
    for entry in yml.games:
        if entry.file_name == xml.name and entry.game_name and model.info_name and entry.game_name != model.info_name:
            parts = (minimum_version(model.root) or "").split(".")
            # since 2.6 the game is named by map.yml alone
            later = len(parts) >= 2 and parts[0].isdecimal() and parts[1].isdecimal() and \
                (int(parts[0]), int(parts[1])) >= (2, 6)
            # without texts keyed by the game's name, only a save made under the other name differs
            keyed = any(path is not None and path.is_file() for path in map(context.map_file, _KEYED_BY_GAME_NAME))
            yield hit(file=yml.path, line=entry.line, file_name=entry.file_name, listed=entry.game_name,
                      actual=model.info_name, **({"severity": Severity.INFO} if later or not keyed else {}))


_KEYED_BY_GAME_NAME = ("objectives.properties", "unit_icons.properties")  # M319, M328


@rule("Y507", "map-yml.game-not-listed", Severity.WARNING,
      "game XML {file_name!r} is not listed in map.yml, so TripleA 2.x does not offer it, and fails to load it when "
      "opened as a file")
def game_not_listed(context):
    """Finds a game XML of the map that map.yml does not list.

    Why: TripleA 2.x offers a map's games from its map.yml alone (InstalledMap.getGameNames), so
    a game XML it does not list cannot be chosen in 2.x, and the repository's index and the map
    downloader leave it out too; opened as a file, it fails to load, as the game takes its name
    from map.yml (GameParser.parse, MapDescriptionYaml.findGameNameFromXmlFileName throws). It
    stays a warning, since an XML may be kept unlisted on purpose.

    Fix: Add an entry for it under `games:` in map.yml, e.g.
    `- {game_name: Other, file_name: other.xml}`, with `file_name` the XML's file name alone (the
    check compares file names, not paths); or delete the XML if it is not meant to be played.
    """
    yml, xml = _parsed(context), context.target.xml
    if yml is None or xml is None:
        return
    if xml.name not in {entry.file_name for entry in yml.games}:
        yield hit(file=yml.path, file_name=xml.name)


@rule("Y508", "map-yml.no-games", Severity.ERROR, "map.yml lists no games")
def no_games(context):
    """Finds a map.yml whose games list is empty or missing.

    Why: The repository's index then offers no game to play, even when the map folder holds game
    XMLs (each of those is then also reported as not listed, Y507).

    Fix: Add a `games:` line followed by one `- {game_name: NAME, file_name: FILE.xml}` line per
    game XML. This is not reported while map.yml has lines the checker cannot read (Y502): fix
    those first.
    """
    yml = _parsed(context)
    if yml is not None and not yml.games and not yml.errors:
        yield hit(file=yml.path)


@rule("Y509", "map-yml.no-game", Severity.WARNING,
      "the map has map files but no game XML and no map.yml: TripleA offers no game from it{skin}")
def no_game(context):
    """Finds a map folder with map files but neither a game XML nor a map.yml.

    Why: TripleA offers the games an installed map's map.yml lists, and loads their game XMLs;
    here there is none, so the map files are never used (only their own checks ran). A map skin
    (images and point files to draw another map with) is no map: TripleA 2.x finds a skin by its
    `skin.yml` (`skin_name: NAME`), searched for inside the installed map's own folder
    (InstalledMap.findMapSkin), so a skin installed as a map folder of its own is offered
    neither as a map nor as a skin. A folder with a skin.yml is not reported.

    Fix: Add the game XML (in `map/games/`) and a map.yml listing it; for a skin, add a skin.yml
    with its `skin_name` and have it installed inside the map's folder.
    """
    target = context.target
    if target.xml is not None or target.repo_root is not None or target.map_dir is None:
        return
    folder = target.map_dir.parent if target.map_dir.name == "map" else target.map_dir
    if any((place / "skin.yml").is_file() for place in (folder, target.map_dir)):
        return
    points = (target.map_dir / "polygons.txt").is_file() or (target.map_dir / "centers.txt").is_file()
    yield hit(file=folder, skin="; if it is a map skin, 2.x finds it only by a skin.yml inside the map's folder"
              if points else "")


@rule("Y511", "map-yml.game-listed-twice", Severity.WARNING,
      "map.yml lists the game {game_name!r} again (first on line {first}){same}: TripleA offers it twice")
def game_listed_twice(context):
    """Finds a game name map.yml lists more than once.

    Why: TripleA 2.x makes one entry of its game chooser for each line of map.yml's `games`
    (InstalledMapsListing), so the game is offered twice; and it finds a game's XML by its name
    alone, letter case aside (MapDescriptionYaml.findFileNameForGame), so two entries of one
    name and two files both open the first one found.

    Fix: Delete the repeated entry, or give each game of the map its own `game_name`.
    """
    yml = _parsed(context)
    first: dict[str, GameEntry] = {}  # by the name in lower case
    for entry in yml.games if yml is not None else ():
        if not entry.game_name:
            continue
        earlier = first.setdefault(entry.game_name.lower(), entry)
        if earlier is not entry:
            same = " for the same file" if earlier.file_name == entry.file_name else \
                f" for {entry.file_name!r}, where the first is for {earlier.file_name!r}"
            yield hit(file=yml.path, line=entry.line, game_name=entry.game_name, first=earlier.line, same=same)


@rule("Y510", "map-yml.unread-copy", Severity.INFO,
      "{folder}/ holds another map.yml, which TripleA never reads: it reads the one nearest the map's root, "
      "so that folder ({size}) is downloaded with the map and never used")
def unread_copy(context):
    """Finds a map.yml in a folder below the repository's own map.yml.

    Why: TripleA 2.x reads an installed map's map.yml nearest to the map's root folder, looking
    two folders deep at most (MapDescriptionYamlReader.findMapYmlFile, FileUtils.findClosestToRoot),
    and finds the map's files beside that one. A second map.yml further down is never read: it
    is usually a whole copy of the map (a folder zipped or pushed into itself), which every
    player downloads with the map and TripleA never uses.

    Fix: Delete the folder holding the copy, after making sure the files beside the root's
    map.yml are the ones meant.
    """
    root = context.target.repo_root
    if root is None or not (root / "map.yml").is_file():
        return
    for inner in sorted(root.glob("*/map.yml")) + sorted(root.glob("*/*/map.yml")):
        folder = inner.parent
        yield hit(file=inner, folder=folder.relative_to(root).as_posix(), size=_size_of(folder))


def _size_of(folder) -> str:
    """"N files, X MB" of a folder and all below it (symbolic links not followed)."""
    count = total = 0
    for path in folder.rglob("*"):
        try:
            if path.is_file() and not path.is_symlink():
                count, total = count + 1, total + path.stat().st_size
        except OSError:
            continue
    return f"{count} file{'s' * (count != 1)}, {total / 1e6:.1f} MB"


def _parsed(context):
    """The map.yml when it was read as YAML; None when missing or not YAML (Y501, Y502 say so:
    the other rules would only guess)."""
    yml = context.map_yml
    return yml if yml is not None and yml.parsed else None
