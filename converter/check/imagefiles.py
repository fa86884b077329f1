"""The map folder's image files, found and read with plain os calls.

A map has hundreds of unit images and tiles; pathlib objects and buffered file objects
cost more than the reading itself, so the loops here use os.scandir, os.open and strings.
Answers match what the pathlib and Pillow code they replace gave: the same files in the
same order, the same sizes, the same errors.
"""

from __future__ import annotations

import errno
import os
import stat

IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg")
HEADER_BYTES = 4096  # a PNG's chunks before its image data; longer headers go to Pillow
_FIRST_READ = 64 * 1024
# O_NONBLOCK: opening a FIFO named like an image must not wait for a writer (read_file then
# refuses it); it does not change how a regular file reads
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
# what Image.open/verify raise for a file that is not a readable image: Pillow's own errors
# (UnidentifiedImageError, OSError, SyntaxError, ValueError) and whatever its plugins trip
# on in a corrupt file (fuzzing found IndexError from a PNG whose first chunk is not IHDR)
IMAGE_ERRORS = (Exception,)


def suffix(name: str) -> str:
    """PurePath(name).suffix for a single file name."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def walk(root: str, listed: set[str] | None = None) -> list[tuple[str, os.DirEntry]]:
    """Every file and folder below `root` as (its path from `root`, with `/`; its entry), in
    the order of `sorted(Path(root).rglob("*"))`: linked folders are listed, not entered;
    unreadable folders are skipped; nothing when `root` is not a folder. `listed`, when
    given, receives the path of each folder listed in full ("" for `root`)."""
    found: list[tuple[str, os.DirEntry]] = []
    # pathlib orders paths part by part: that is a depth-first walk taking each folder's
    # names in order, so each listing is sorted alone (no key of split paths for the tree)
    top = _sorted_listing(root, "", listed) if os.path.isdir(root) else None
    pending = [(iter(top), "")] if top is not None else []
    while pending:
        entries, prefix = pending[-1]
        entry = next(entries, None)
        if entry is None:
            pending.pop()
            continue
        relative = prefix + entry.name
        found.append((relative, entry))
        try:
            is_folder = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_folder = False
        if is_folder:
            below = _sorted_listing(entry.path, relative, listed)
            if below:
                pending.append((iter(below), relative + "/"))
    return found


def _sorted_listing(folder: str, relative: str, listed: set[str] | None) -> list[os.DirEntry] | None:
    """`folder`'s entries by name; None when it is unreadable (PermissionError)."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=_name)
    except PermissionError:
        return None
    if listed is not None:
        listed.add(relative)
    return entries


def _name(entry: os.DirEntry) -> str:
    return entry.name


class NotRegularFileError(OSError):
    """A FIFO, socket or device where an image should be: the engine would block or fail on it."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EINVAL, NOT_REGULAR, path)


NOT_REGULAR = "not a regular file"


def read_file(path: str, limit: int | None = None) -> bytes:
    """The file's bytes (its first `limit` bytes, if given); OSError as open() raises it,
    NotRegularFileError for a FIFO, socket or device."""
    descriptor = os.open(path, _READ_FLAGS)
    try:
        mode = os.fstat(descriptor).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a folder fails below, as ever
            raise NotRegularFileError(path)
        if limit is not None and limit <= _FIRST_READ:
            return os.read(descriptor, limit)
        data = os.read(descriptor, _FIRST_READ)  # unit images are smaller: one read, no fstat
        if len(data) < _FIRST_READ:
            return data  # a short read of a regular file means its end
        # a large limit is read in pieces: one read of it would allocate all of it for a small file
        chunks, left = [data], (limit - len(data)) if limit is not None else None
        while (left is None or left > 0) and (chunk := os.read(descriptor, _FIRST_READ if left is None
                                                                     else min(_FIRST_READ, left))):
            chunks.append(chunk)
            left = left - len(chunk) if left is not None else None
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def verifiable_images(tree: list[tuple[str, os.DirEntry]]) -> list[tuple[str, os.DirEntry]]:
    """The image files of a `walk` listing (I404 verifies each)."""
    found = []
    for relative, entry in tree:
        name = entry.name
        dot = name.rfind(".")  # `suffix` inline: this runs once per file of the units folder
        if 0 < dot < len(name) - 1 and name[dot:].lower() in IMAGE_SUFFIXES and (is_file(entry) or is_special(entry)):
            found.append((relative, entry))
    return found


def is_special(entry: os.DirEntry) -> bool:
    """A FIFO, socket or device (not a file, a folder or a dangling link): I404 reports it."""
    try:
        mode = entry.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def is_file(entry: os.DirEntry) -> bool:
    """entry.is_file() as Path.is_file answers it: False, not OSError, for a link loop (ELOOP)."""
    try:
        return entry.is_file()
    except OSError:
        return False


def is_dir(entry: os.DirEntry) -> bool:
    """entry.is_dir(), likewise."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def numbered_tiles(entries: dict[str, os.DirEntry]) -> list[tuple[str, str, str, str]]:
    """(name, column, row, path) of each `<column>_<row>.png` in a tile folder, by name
    (the files M311 measures: glob *_*.png, both parts digits)."""
    tiles = []
    for name in sorted(entries):
        if name.endswith(".png"):
            column, underscore, row = name[:-4].partition("_")
            if underscore and column.isdecimal() and row.isdecimal():
                tiles.append((name, column, row, entries[name].path))
    return tiles


def unreadable_reason(path: str, quick: bool | None = None) -> str | None:
    """None when Pillow opens and verifies the image, else the error's type name (or "not a
    regular file": a FIFO would block the engine, so it is never opened for reading). `quick`
    is pngfast's verdict on the file when already known (pngscan), else it is read here;
    a file pngfast does not vouch for may still be a GIF giffast vouches for."""
    if quick:
        return None
    from converter.check.giffast import PREFIX_BYTES as GIF_PREFIX_BYTES, gif_opens  # Pillow: loaded for images only
    from converter.check.pngfast import png_verifies
    from PIL import Image

    try:
        try:
            data = read_file(path) if quick is None else read_file(path, GIF_PREFIX_BYTES)
        except NotRegularFileError:
            return NOT_REGULAR
        if quick is None:
            if png_verifies(data) or gif_opens(data):
                return None  # the usual PNG or GIF: proven readable without Pillow's slower walk
        elif gif_opens(data):
            return None  # pngscan said "not a PNG it vouches for": perhaps a GIF
        with Image.open(path) as image:
            image.verify()
    except IMAGE_ERRORS as error:
        return type(error).__name__
    return None


def reads_ignoring_checksums(path: str) -> bool:
    """Whether the PNG at `path` verifies once every chunk's checksum is made right: Java's
    ImageIO, with which 2.x reads flags, never checks them (AWT's decoder, which draws
    units, does)."""
    import io
    import zlib

    from PIL import Image

    from converter.check.pngfast import SIGNATURE

    try:
        data = read_file(path)
        if not data.startswith(SIGNATURE):
            return False
        chunks, at = [SIGNATURE], len(SIGNATURE)
        while at + 12 <= len(data):
            length = int.from_bytes(data[at:at + 4], "big")
            body = data[at + 4:at + 8 + length]  # type and data
            if len(body) != 4 + length:
                return False  # cut short: no checksum makes that readable
            chunks += [data[at:at + 4], body, zlib.crc32(body).to_bytes(4, "big")]
            at += 12 + length
        with Image.open(io.BytesIO(b"".join(chunks) + data[at:])) as image:
            image.verify()
    except IMAGE_ERRORS:
        return False
    return True


def image_size(path: str, known: tuple[bool, tuple[int, int] | None] | None = None) -> tuple[int, int]:
    """The size Pillow's `Image.open` reports, read from the PNG header when that surely
    agrees; raises what Pillow (or open) raises for an unreadable file. `known` is the
    file's pngscan answer when there is one (its size, or None: ask Pillow)."""
    from converter.check.pngfast import png_header  # Pillow: loaded for images only
    from PIL import Image

    if known is None:
        opened = png_header(read_file(path, HEADER_BYTES))
        if opened is not None:
            return opened[0]
    elif known[1] is not None:
        return known[1]
    with Image.open(path) as image:
        return image.size
