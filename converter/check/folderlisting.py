"""The map folder's listings (units/, flags/, the tile folders) as compact values.

A listing is the entries' paths from its root in `imagefiles.walk`'s order and one byte
of facts per entry (is it a file, a folder, a FIFO, an image I404 reads, a numbered
tile M311 measures): no `os.DirEntry` per entry. The C kernel `_listing` reads it with
the GIL released, so the map-file thread does not hold the main thread up; without it
(or with DDAY2_PURE set, or on anything odd) `imagefiles.walk` and `os.scandir` read the
same listing here. Tests compare the two.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from itertools import compress

from converter.check.accel import accelerator
from converter.check.imagefiles import IMAGE_SUFFIXES, is_dir, is_file, is_special, walk
from converter.check.lazy import cached

# the facts of one entry, as the kernel sets them (see _listing.c)
ENTERED, FILE, FOLDER, SPECIAL, IMAGE, TILE, ODD_TILE, LISTED = (1 << bit for bit in range(8))
# a translation table per bit: an entry's kind byte to the bit alone
_HAS = {bit: bytes(code & bit for code in range(256)) for bit in (FILE, IMAGE, TILE, ODD_TILE, LISTED)}
_kernel = accelerator("_listing")
# the kernel's names are the file system's bytes: str as os.fsdecode makes them only for UTF-8
_UTF8_NAMES = sys.getfilesystemencoding() == "utf-8" and sys.getfilesystemencodeerrors() == "surrogateescape"


@dataclass(frozen=True)
class FolderListing:
    root: str
    names: list[str]  # each entry's path from root, with "/"
    kinds: bytes  # per entry: ENTERED | FILE | ... bits
    listed: frozenset[str]  # the folders listed in full, by path from root ("" for root)

    @property
    def prefix(self) -> str:
        """root and a separator: prefix + name is the entry's path, as os.DirEntry.path."""
        return os.path.join(self.root, "")

    def with_bit(self, bit: int) -> list[str]:
        return list(compress(self.names, self.kinds.translate(_HAS[bit])))

    def images(self) -> list[str]:
        """The paths from root of the image files I404 reads (as imagefiles.verifiable_images)."""
        return self.with_bit(IMAGE)

    @cached
    def by_name(self) -> dict[str, int]:
        return dict(zip(self.names, self.kinds))

    def numbered_tiles(self) -> list[tuple[str, str, str, str]]:
        """(name, column, row, path) of each `<column>_<row>.png` (imagefiles.numbered_tiles)."""
        prefix = self.prefix
        if any(self.kinds.translate(_HAS[ODD_TILE])):  # a name beyond ASCII: str.isdecimal decides
            return [(name, column, row, prefix + name) for name in self.names for column, _, row in
                    [name[:-4].partition("_")] if name.endswith(".png") and _numbered(name)]
        names = self.with_bit(TILE)
        # each is `<digits>_<digits>.png`: one split of them all gives column, row, column, ...
        parts = "".join(names).replace(".png", "_").split("_") if names else []
        return list(zip(names, parts[0::2], parts[1::2], map(prefix.__add__, names)))


def _numbered(name: str) -> bool:
    column, underscore, row = name[:-4].partition("_")
    return bool(underscore) and column.isdecimal() and row.isdecimal()


EMPTY = frozenset()


def list_folder(root: str, recursive: bool) -> FolderListing | None:
    """`root`'s listing: everything below it (`recursive`, as imagefiles.walk: nothing when
    it is no folder), or its own entries (None when it is no folder)."""
    if not os.path.isdir(root):
        return FolderListing(root, [], b"", EMPTY) if recursive else None
    found = _kernel.tree(root, recursive) if _kernel is not None and _UTF8_NAMES else None
    if found is None:
        return _listed_in_python(root, recursive)
    names, kinds, root_listed = found
    try:
        paths = names[:-1].decode().split("\0") if names else []
    except UnicodeDecodeError:  # the kernel admits strict UTF-8 only: never seen
        return _listed_in_python(root, recursive)
    listed = frozenset(compress(paths, kinds.translate(_HAS[LISTED])))
    return FolderListing(root, paths, kinds, listed | {""} if root_listed else listed)


def _listed_in_python(root: str, recursive: bool) -> FolderListing:
    listed: set[str] = set()
    if recursive:
        entries = walk(root, listed)
    else:
        try:
            with os.scandir(root) as listing:
                entries = sorted((entry.name, entry) for entry in listing)
            listed.add("")
        except PermissionError:  # as pathlib's glob: an unreadable folder lists nothing
            entries = []
    names = [name for name, _ in entries]
    kinds = bytes(_kind(entry, name in listed) for name, entry in entries)
    return FolderListing(root, names, kinds, frozenset(listed))


def _kind(entry: os.DirEntry, listed: bool) -> int:
    try:
        entered = entry.is_dir(follow_symlinks=False)
    except OSError:
        entered = False
    file, folder = is_file(entry), is_dir(entry)
    special = not (file or folder) and is_special(entry)  # (a file or a folder is never special)
    kind = (ENTERED if entered else 0) | (FILE if file else 0) | (FOLDER if folder else 0) | \
        (SPECIAL if special else 0) | (LISTED if listed and entered else 0)
    name = entry.name
    dot = name.rfind(".")
    if (file or special) and 0 < dot < len(name) - 1 and name[dot:].lower() in IMAGE_SUFFIXES:
        kind |= IMAGE
    if name.endswith(".png"):
        if not name.isascii():
            kind |= ODD_TILE
        elif _numbered(name):
            kind |= TILE
    return kind
