"""The engine's unit image lookup, answered mostly from the map's own folder listing.

`lookup` follows TripleA 2.x's UnitImageFactory: units/<player>/<unit>.png, then
units/<unit>.png, each looked for in every root (the map, then the engine's assets) before
the next, as 2.x's ResourceLoader does (TripleA 1.9 looked only for the first). It gives
exactly

    next((candidate for parts in ((player, f"{unit}.png"), (f"{unit}.png",))
          for root in roots for candidate in (os.path.join(root, "units", *parts),)
          if os.path.isfile(candidate)), None)

but builds the paths by string concatenation (os.path.join costs more than the stat) and
takes the map's answers from the listing of its units folder the background already made:
a name in the listing is a file; a name missing from a folder that was listed, and whose
file system tells letter case apart (probed once per folder), is no file. Everything else
(odd names, unlisted or linked folders, case-insensitive folders, the engine's assets) is
asked of the file system as before.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice


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

    def knows(self, folder: str, name: str) -> bool | None:
        """True/False when the listing proves `folder/name` is / is not a file (as
        os.path.isfile), None when the file system must be asked."""
        relative = f"{folder}/{name}" if folder else name
        if relative in self.files:
            return True
        if folder and folder not in self.names:  # no such folder: then its file neither, if "" tells case apart
            return False if "" in self.listed and self._tells_case("") else None
        return False if folder in self.listed and self._tells_case(folder) else None

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


class UnitImages:
    """The lookup for one check: the roots in order (the map first), with the listing of
    the map's units folder when there is one."""

    def __init__(self, roots: Sequence[str | os.PathLike], listing: UnitsListing | None = None) -> None:
        self.roots = [os.fspath(root) for root in roots]
        self.listing = listing
        self._fast = os.name == "posix"  # string paths equal os.path.join's only with "/" alone
        self._prefixes = [os.path.join(root, "units", "") for root in self.roots]

    def lookup(self, player: str, unit: str) -> str | None:
        # the listing holds image files only (a name with a suffix): a unit named "" is asked
        if not (self._fast and unit and _plain(player) and _plain(f"{unit}.png")):
            return next((candidate for parts in ((player, f"{unit}.png"), (f"{unit}.png",))
                         for root in self.roots for candidate in (os.path.join(root, "units", *parts),)
                         if os.path.isfile(candidate)), None)
        file = f"{unit}.png"
        for folder in (player, ""):  # each name in every root before the next name, as 2.x
            for index, prefix in enumerate(self._prefixes):
                candidate = f"{prefix}{folder}/{file}" if folder else prefix + file
                known = self.listing.knows(folder, file) if index == 0 and self.listing is not None else None
                if known if known is not None else os.path.isfile(candidate):
                    return candidate
        return None
