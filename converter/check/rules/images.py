"""I4xx: unit and flag images, found by the engine's own lookup order: the map's
units/<Player>/<unit>.png, then units/<unit>.png, then the installed engine's assets.
A missing image is drawn as a placeholder; nobody is told."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from converter.check.folderlisting import FOLDER
from converter.check.imagefiles import unreadable_reason
from converter.check.model import FRONTIER, PLAYER, UNIT
from converter.check.rule import hit, rule
from converter.findings import Severity


def _player_units(context) -> dict[tuple[str, str], int | None]:
    """(player, unit type) pairs the game shows: placed at start, held, or purchasable."""
    model = context.model
    pairs: dict[tuple[str, str], int | None] = {}
    placements = model.table("initialize/unitInitialize/unitPlacement")
    for owner, unit, line in zip(placements.column("owner"), placements.column("unitType", ""), placements.lines):
        if owner:
            pairs.setdefault((owner, unit), line)
    held = model.table("initialize/unitInitialize/heldUnits")
    for player, unit, line in zip(held.column("player", ""), held.column("unitType", ""), held.lines):
        pairs.setdefault((player, unit), line)
    units = model.names(UNIT)
    frontier_units = _frontier_units(model, units)
    productions = [group for group in model.reference_groups
                   if group.element == "playerProduction" and group.kind in (PLAYER, FRONTIER)]
    owners: dict[int | None, str] = {}  # line -> the first player named on it
    for group in productions:
        if group.kind == PLAYER:
            for value, line in zip(group.values, group.lines):
                if value:
                    owners.setdefault(line, value)
    for group in productions:
        if group.kind == FRONTIER:
            for value, line in zip(group.values, group.lines):
                owner = owners.get(line)
                for unit in sorted(frontier_units.get(value, ())) if value else ():
                    if owner:
                        pairs.setdefault((owner, unit), line)
    players, known_units = set(model.players), units
    return {pair: line for pair, line in pairs.items() if pair[0] in players and pair[1] in known_units}


def _frontier_units(model, units: frozenset[str]) -> dict[str | None, set[str]]:
    """Production frontier name -> the unit types its rules give. Read from the tables the
    XML rules read already (a child's rule or frontier is its parent element) rather than by
    walking each element's children from Python. A name given twice: the last one's."""
    rule_results = _by_parent(model, "production/productionRule", "name", "result", "resourceOrUnit")
    frontier_rules = _by_parent(model, "production/productionFrontier", "name", "frontierRules", "name", "")
    return {frontier: {unit for rule_name in names for unit in rule_results.get(rule_name, ()) if unit in units}
            for frontier, names in frontier_rules.items()}


def _by_parent(model, path: str, key: str, child: str, value: str, default: str | None = None) -> dict:
    """{element's `key` (or `default`): the `value`s of its `child` elements} for the elements at `path`."""
    parents, children = model.table(path), model.table(f"{path}/{child}")
    values: list[set] = [set() for _ in range(len(parents))]
    # each child at path/child has its parent at path: its owner index is never -1
    for owner, each in zip(children.owners(parents), children.column(value)):
        values[owner].add(each)
    return dict(zip(parents.column(key, default), values))


@rule("I401", "images.unit-image-missing", Severity.WARNING,
      "no image for {player}'s {unit}: looked for units/{player}/{unit}.png and units/{unit}.png{where}")
def unit_image_missing(context):
    """Finds units a player starts with, holds or can buy that have no image for that player.

    Why: TripleA 1.9 draws no picture for a unit without an image (it only logs `MISSING IMAGE
    (this unit or image will be invisible)`), so players cannot see those units on the map. A
    player's units here are those of its `<unitPlacement owner=...>` and `<heldUnits player=...>`
    and those its `<playerProduction>` frontier sells; each is looked for as
    `units/<Player>/<unit>.png`, then `units/<unit>.png`, in the map, then in the installed
    engine's assets.

    Fix: Add the image as `units/<Player>/<unit>.png` in the map folder, named exactly as the game
    XML's `<player>` and `<unit>`. This check also accepts `units/<unit>.png`, but TripleA 1.9
    itself looks only in the player's folder (in the map, then in its own assets).
    """
    if context.model is None or context.target.map_dir is None:
        return
    where = " in the map and the engine's assets" if context.assets_dir is not None else " in the map"
    for (player, unit), line in sorted(_player_units(context).items()):
        if context.unit_image(player, unit) is None:
            yield hit(line=line, player=player, unit=unit, where=where)


@rule("I402", "images.unit-without-any-image", Severity.WARNING,
      "unit type {unit!r} has no image for any player")
def unit_without_any_image(context):
    """Finds unit types of the game XML that have an image for no player at all.

    Why: Every `<unit>` in the game XML's `<unitList>` is looked for, for every player, as I401
    does, whether or not anyone starts with or can buy it; a type with no image anywhere often
    has its name spelt differently in the XML and in the image files, or its images were never
    added. Wherever such units appear in play, TripleA 1.9 draws no picture for them.

    Fix: Add `units/<Player>/<unit>.png` for each player who can have the unit, or make the name
    in the game XML and in the image file names match exactly; delete the `<unit>` if the game
    never uses it.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    players = model.players
    for unit in sorted(model.names(UNIT)):
        if not any(context.unit_image(player, unit) for player in players):
            yield hit(line=model.first_line(UNIT, unit), unit=unit)


@rule("I403", "images.flag-missing", Severity.WARNING, "no flag image flags/{player}.gif or .png for player {player!r}")
def flag_missing(context):
    """Finds players of the game XML that have no flag image, in the map or the engine's assets.

    Why: TripleA 1.9 looks for a player's flag as `flags/<Player>.gif`, then
    `flags/<Player>.png`, and fails with `Image Not Found: flags/<Player>.png` when it needs the
    flag and neither exists. This check looks for those two files in the map and then in the
    installed engine's assets (which hold flags for many common nations); it does not look for
    the `_small` and `_large` flags that TripleA 1.9 also loads, for its panels and for capital
    markers.

    Fix: Add `flags/<Player>.gif` or `flags/<Player>.png` to the map folder, named exactly as the
    game XML's `<player name=...>`, and a `flags/<Player>_small.gif` (or `.png`) beside it.
    """
    model = context.model
    if model is None or context.target.map_dir is None:
        return
    roots = [root for root in (context.target.map_dir, context.assets_dir) if root is not None]
    folders = [f"{root}/flags/" for root in roots]
    for player in dict.fromkeys(model.players):
        names = [f"{player}{ext}" for ext in (".gif", ".png")]
        if _POSIX and "/" not in player:  # the path pathlib would make, as a string (a Path costs more than the stat)
            found = any(_is_file(folder + name) for folder in folders for name in names)
        else:
            found = any(_path_is_file(root / "flags" / name) for root in roots for name in names)
        if not found:
            yield hit(line=model.first_line(PLAYER, player), player=player)


_POSIX = os.name == "posix"
# the errors Path.is_file takes for "no file", and a name too long to be one (a player named
# with hundreds of characters: found by fuzzing, it failed the rule)
_MISSING = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP, errno.ENAMETOOLONG)


def _path_is_file(path: Path) -> bool:
    """Path.is_file, False also for a name too long for the file system."""
    try:
        return path.is_file()
    except OSError as error:
        if error.errno != errno.ENAMETOOLONG:
            raise
        return False


def _is_file(path: str) -> bool:
    """_path_is_file(Path(path)), for a path already as pathlib writes it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError as error:
        if error.errno not in _MISSING:
            raise
        return False
    except ValueError:  # a NUL in the name
        return False


@rule("I404", "images.unreadable", Severity.ERROR, "{name} is not a readable image ({reason})")
def unreadable_image(context):
    """Finds image files under units/ or flags/ that cannot be read as an image.

    Why: Every .png, .gif, .jpg or .jpeg file below the map's `units/` and `flags/` folders is
    opened and decoded here (PNG checksums included), so a truncated or corrupt file, a file
    that is no image at all, or a named pipe or device in its place (reported without being
    read, since reading one could block) is caught before play. The game XML's parser does not
    look at these files, so otherwise the fault shows only in play, when TripleA draws them.

    Fix: Replace the file the message names with a valid image (export or copy it again), or
    delete it if nothing uses it.
    """
    map_dir = context.target.map_dir
    if map_dir is None:
        return
    known_facts = context.image_facts.get
    for folder, relative, path in context.unit_and_flag_images:
        known = known_facts(path)  # pngscan's verdict, when it has one
        if known is not None and known[0]:
            continue  # pngscan vouches for it (unreadable_reason would say None at once)
        reason = unreadable_reason(path, None if known is None else known[0])
        if reason is not None:
            yield hit(file=Path(path), name=f"{folder}/{relative}", reason=reason)


@rule("I405", "images.unknown-player-folder", Severity.INFO, "units/{folder}/ is not named after a player of the game")
def unknown_player_folder(context):
    """Finds folders in units/ that are not named after any player of the game XML.

    Why: TripleA 1.9 looks for a player's unit images only in `units/<Player>/`, named as in the
    game XML's `<player name=...>`, so images in a folder named after no player are drawn for no
    one; such a folder often belongs to a renamed or misspelt player, whose units then lack
    images (I401). TripleA 1.9 calls the owner of units nobody owns `Neutral`, so a
    `units/Neutral/` folder is used, although this rule reports it.

    Fix: Rename the folder to the player's name exactly as in the game XML, letter case
    included, or delete it if no player uses it; keep `units/Neutral/` if the game has units
    nobody owns.
    """
    model = context.model
    entries = context.map_folder("units") if model is not None else None
    if entries is None:
        return
    players = set(model.players)
    root = str(context.map_file("units"))
    for name in sorted(name for name, kind in entries.items() if kind & FOLDER):
        if name not in players:
            yield hit(file=Path(os.path.join(root, name)), folder=name)
