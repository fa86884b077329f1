"""The engine's unit image and flag lookups, unit images answered mostly from the map's own
folder listing.

`lookup` follows TripleA 2.x's UnitImageFactory: units/<player>/<unit>.png, then
units/<unit>.png, each looked for in the map and then in the engine's assets before the
next, as 2.x's ResourceLoader does (TripleA 1.9 looked only for the first). The map's part
gives exactly, for the map folder `map_root`,

    next((candidate for parts in ((player, f"{unit}.png"), (f"{unit}.png",))
          for candidate in (os.path.join(map_root, "units", *parts),)
          if os.path.isfile(candidate)), None)

but builds the paths by string concatenation (os.path.join costs more than the stat) and
takes the map's answers from the listing of its units folder the background already made:
a name in the listing is a file; a name missing from a folder that was listed, and whose
file system tells letter case apart (probed once per folder), is no file. Everything else
(odd names, unlisted or linked folders, case-insensitive folders) is asked of the file
system as before. The engine's assets are a set of names (engineassets), asked after the
map for each name: the current engine's first, an older engine's only when the current one
has no image at all.
"""

from __future__ import annotations

import errno
import os
import posixpath
import stat
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from pathlib import Path
from typing import NamedTuple

from converter.check.engineassets import EngineAssets


class UnitsListing:
    """What `imagefiles.walk` saw below one units folder: its image files (as
    `imagefiles.verifiable_images`: with `/`, exact case), every name (in the walk's
    order: each folder's names sorted, each subfolder's right after it), the folders it
    listed in full."""

    def __init__(self, root: str, files: Iterable[str], names: Sequence[str], listed: Iterable[str]) -> None:
        self.root = root
        self.files = frozenset(files)
        self._in_order = names
        self.names = frozenset(names)
        self.listed = frozenset(listed)
        self._case_sensitive: dict[str, bool] = {}
        self._by_lower_case: dict[str, str] | None = None

    def knows(self, folder: str, name: str) -> bool | None:
        """True/False when the listing proves `folder/name` is / is not a file (as
        os.path.isfile), None when the file system must be asked."""
        relative = f"{folder}/{name}" if folder else name
        if relative in self.files:
            return True
        if folder and folder not in self.names:  # no such folder: then its file neither, if "" tells case apart
            return False if "" in self.listed and self._tells_case("") else None
        return False if folder in self.listed and self._tells_case(folder) else None

    def in_other_case(self, relative: str) -> str | None:
        """The listed image file whose path differs from `relative` only in letter case (a
        case-blind file system finds it, Linux does not); None when there is none."""
        if self._by_lower_case is None:
            self._by_lower_case = {}
            for name in sorted(self.files):
                self._by_lower_case.setdefault(name.lower(), name)
        found = self._by_lower_case.get(relative.lower())
        return found if found != relative else None

    def _tells_case(self, folder: str) -> bool:
        """Does `folder`'s file system tell letter case apart? Probed with one of its own
        names, case swapped, that the listing does not hold: found means no."""
        if folder not in self._case_sensitive:
            self._case_sensitive[folder] = self._probe(folder)
        return self._case_sensitive[folder]

    def _probe(self, folder: str) -> bool:
        prefix = f"{folder}/" if folder else ""
        for name in self._children(folder, prefix):
            swapped = name.swapcase()
            if name.isascii() and swapped != name and prefix + swapped not in self.names:
                return not os.path.lexists(os.path.join(self.root, prefix + swapped))
        return False  # nothing to probe with: ask the file system for each miss

    def _children(self, folder: str, prefix: str) -> Iterator[str]:
        """`folder`'s names, sorted: read off the walk's order, from the folder's own entry
        up to the first path outside it (the probe mostly takes the first name)."""
        try:
            start = self._in_order.index(folder) + 1 if folder else 0
        except ValueError:
            return
        cut = len(prefix)
        for relative in islice(self._in_order, start, None):
            if not relative.startswith(prefix):
                return
            if "/" not in relative[cut:]:
                yield relative[cut:]


def _plain(name: str) -> bool:
    """A name os.path.join would put in the path as it is, as one part."""
    return bool(name) and "/" not in name and os.sep not in name and "\0" not in name and name not in (".", "..")


class UnitImage(NamedTuple):
    """Where the engine finds a unit's image."""

    path: str  # the map's file; or, in an engine's assets, the file below its assets folder
    engine: str | None  # None for the map's own file, else the engine whose assets hold it


class UnitImages:
    """The lookup for one check: the map folder (with the listing of its units folder when
    there is one) and the engines' assets, the current engine's first."""

    def __init__(self, map_root: str | os.PathLike | None, listing: UnitsListing | None = None,
                 assets: Sequence[EngineAssets] = (), no_units_folder: bool = False) -> None:
        # no_units_folder: the map's listing has no `units` in any letter case, so no file is
        # below it (a map drawing every unit from the engine's assets: 40,000 stats otherwise)
        self.map_root = os.fspath(map_root) if map_root is not None and not no_units_folder else None
        self.listing = listing if map_root is not None else None
        self.assets = tuple(assets)
        self._fast = os.name == "posix"  # string paths equal os.path.join's only with "/" alone
        self._prefix = os.path.join(self.map_root, "units", "") if self.map_root is not None else None

    def lookup(self, player: str, unit: str) -> UnitImage | None:
        """The image 2.x draws `player`'s `unit` with, looking in the map and the first
        engine's assets; failing that, in the next engine's assets (the map has none then);
        None when none has one."""
        found = self._lookup(player, unit, self.assets[0] if self.assets else None)
        if found is not None:
            return found
        if len(self.assets) < 2:
            return None
        file = f"{unit}.png"
        # as posixpath.join("units", *parts) makes them (it is 3x slower: 20,000 lookups on a big map)
        relatives = (f"units/{player}/{file}", f"units/{file}") if _plain(player) and _plain(file) else \
            tuple(posixpath.join("units", *parts) for parts in ((player, file), (file,)))
        for older in self.assets[1:]:
            for relative in relatives:
                if relative in older.files:
                    return UnitImage(relative, older.engine)
        return None

    def _lookup(self, player: str, unit: str, assets: EngineAssets | None) -> UnitImage | None:
        """The map's image or the one in `assets`, in 2.x's order."""
        shipped = assets.files if assets is not None else frozenset()
        # the listing holds image files only (a name with a suffix): a unit named "" is asked
        if not (self._fast and unit and _plain(player) and _plain(f"{unit}.png")):
            for parts in ((player, f"{unit}.png"), (f"{unit}.png",)):
                if self.map_root is not None:
                    candidate = os.path.join(self.map_root, "units", *parts)
                    if os.path.isfile(candidate):
                        return UnitImage(candidate, None)
                relative = posixpath.join("units", *parts)  # as the map's path is joined
                if relative in shipped:
                    return UnitImage(relative, assets.engine)
            return None
        file = f"{unit}.png"
        for folder in (player, ""):  # each name in the map and then the assets before the next name, as 2.x
            if self._prefix is not None:
                candidate = f"{self._prefix}{folder}/{file}" if folder else self._prefix + file
                known = self.listing.knows(folder, file) if self.listing is not None else None
                if known if known is not None else os.path.isfile(candidate):
                    return UnitImage(candidate, None)
            relative = f"units/{folder}/{file}" if folder else f"units/{file}"
            if relative in shipped:
                return UnitImage(relative, assets.engine)
        return None


IN_MAP = ""  # FlagSource.engine for a flag in the map


class FlagSource(NamedTuple):
    """Where a player's flag is found."""

    engine: str  # IN_MAP, or the engine whose assets hold it
    name: str  # the file below flags/, e.g. Belgians_small.png


def flag_source(map_dir: Path, engines: Sequence[EngineAssets], player: str,
                endings: tuple[str, ...]) -> FlagSource | None:
    """Where flags/<player><ending> is for one of the endings, in order: in the map, else in
    the first engine's assets (the current one first) that holds one; None nowhere."""
    names = [f"{player}{ending}" for ending in endings]
    for name in names:
        if _is_flag_file(map_dir, name):
            return FlagSource(IN_MAP, name)
    for assets in engines:
        for name in names:
            if f"flags/{name}" in assets.files:
                return FlagSource(assets.engine, name)
    return None


def _is_flag_file(map_dir: Path, name: str) -> bool:
    if _POSIX and "/" not in name:  # the path pathlib would make, as a string (a Path costs more than the stat)
        return _is_file(f"{map_dir}/flags/{name}")
    return _path_is_file(map_dir / "flags" / name)


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
