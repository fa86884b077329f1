"""A quick yes for the usual PNG, so image rules call Pillow only for the others.

Pillow's `Image.open` (and `verify`) costs tens of microseconds a file, mostly Python;
a map has hundreds of unit images and tiles. These functions answer only when they can
prove Pillow would succeed: the same checks Pillow makes (signature, chunk names, CRCs,
the header chunks it interprets), restricted to chunks whose handling cannot fail once
they pass. Anything else returns None/False and the caller asks Pillow, so a broken
file is still reported with Pillow's own error.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from PIL import Image, ImageFile, PngImagePlugin

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# chunks before the image data that Pillow reads without any check that could fail, given
# at least this many bytes; chunk types Pillow has no handler for are skipped by it alike
_SIMPLE_MINIMUM = {b"pHYs": 9, b"gAMA": 4, b"cHRM": 32, b"sRGB": 1}
_TEXT_LIMIT = 64 * 1024  # all tEXt together: far below Pillow's text memory limit


_NAME_OK: dict[bytes, bool] = {}  # chunk type -> Pillow's is_cid says yes (a few distinct types)


def _handled(cid: bytes) -> bool:
    return hasattr(PngImagePlugin.PngStream, f"chunk_{cid.decode('ascii')}")


_HEAD = struct.Struct(">I4s")  # a chunk's length and type
_HEADER_END = len(SIGNATURE) + 25  # IHDR: length, type, 13 bytes, CRC
_CRC = struct.Struct(">I")


def _chunk(data: bytes, view: memoryview, at: int) -> tuple[bytes, memoryview, int] | None:
    """(type, body, next offset) of a whole chunk with a valid name and CRC, else None.
    `view` is memoryview(data): bodies and CRCs are read without copying."""
    if at + 8 > len(data):
        return None
    length, cid = _HEAD.unpack_from(data, at)
    end = at + 12 + length
    named = _NAME_OK.get(cid)
    if named is None:
        named = _NAME_OK[cid] = bool(PngImagePlugin.is_cid(cid))
    if not named or end > len(data):
        return None
    if zlib.crc32(view[at + 4:end - 4]) != _CRC.unpack_from(data, end - 4)[0]:  # the CRC covers type and body
        return None
    return cid, view[at + 8:end - 4], end


def _profile_fits(compressed: bytes, limit: int) -> bool:
    """Pillow inflates an ICC profile up to `limit` bytes and refuses a longer one (errors
    are ignored)."""
    inflater = zlib.decompressobj()
    try:
        inflater.decompress(compressed, limit)
    except zlib.error:
        return True
    return not inflater.unconsumed_tail


def _benign(cid: bytes, body: memoryview, profile_limit: int) -> bool:
    if cid in _SIMPLE_MINIMUM:
        return len(body) >= _SIMPLE_MINIMUM[cid]
    if cid == b"tEXt":
        return True  # Pillow splits it at NUL and decodes Latin-1 (the caller bounds the total)
    if cid == b"iCCP":  # as Pillow: name, NUL, method 0, then a profile it inflates
        data = bytes(body)
        name_end = data.find(b"\0")
        if name_end < 0 or name_end + 1 >= len(data) or data[name_end + 1] != 0:
            return False
        return _profile_fits(data[name_end + 2:], profile_limit)
    return not _handled(cid)


@lru_cache(maxsize=256)
def _benign_chunk(chunk: bytes, profile_limit: int) -> bool:
    """`chunk` (length, type, body, CRC) is whole, named and CRC-valid, and Pillow reads it
    before the image data without fail. Maps repeat the same header chunks (resolution,
    gamma, colour profile) in every image, so the answers are kept."""
    found = _chunk(chunk, memoryview(chunk), 0)
    return found is not None and found[2] == len(chunk) and _benign(found[0], found[1], profile_limit)


@lru_cache(maxsize=256)
def _image_header(chunk: bytes, pixel_limit: int | None) -> tuple[int, int] | None:
    """(width, height) when `chunk` is a whole IHDR chunk Pillow accepts. Tiles share a
    handful of headers (one per size), so the answers are kept."""
    found = _chunk(chunk, memoryview(chunk), 0)
    if found is None or found[0] != b"IHDR" or len(found[1]) != 13:
        return None
    width, height, depth, colour, _, filtering, _ = struct.unpack(">IIBBBBB", found[1])
    if (depth, colour) not in PngImagePlugin._MODES or filtering or width <= 0 or height <= 0 or \
            (pixel_limit is not None and width * height > pixel_limit):
        return None
    return width, height


def png_header(data: bytes) -> tuple[tuple[int, int], int] | None:
    """((width, height), offset of the first IDAT chunk) when `Image.open` surely succeeds
    on a file starting with `data`; None when unsure (ask Pillow)."""
    if ImageFile.LOAD_TRUNCATED_IMAGES or not data.startswith(SIGNATURE):
        return None
    size = _image_header(data[len(SIGNATURE):_HEADER_END], Image.MAX_IMAGE_PIXELS)
    if size is None:
        return None
    at, text = _HEADER_END, 0
    while True:
        if data.startswith(b"IDAT", at + 4):
            return size, at  # Pillow stops here, before reading the data
        if at + 8 > len(data):
            return None
        length, cid = _HEAD.unpack_from(data, at)
        end = at + 12 + length
        if end > len(data) or not _benign_chunk(data[at:end], PngImagePlugin.MAX_TEXT_CHUNK):
            return None
        text += length if cid == b"tEXt" else 0
        if text > _TEXT_LIMIT:
            return None
        at = end


def png_verifies(data: bytes) -> bool:
    """True when `Image.open` and `verify()` surely succeed on the whole file `data`:
    the header as above, then every chunk from the first IDAT to IEND whole with its CRC."""
    opened = png_header(data)
    if opened is None:
        return False
    at, view = opened[1], memoryview(data)
    while True:
        if at + 8 > len(data):
            return False
        if data.startswith(b"IEND", at + 4):
            return True  # Pillow's verify stops at IEND's name
        found = _chunk(data, view, at)
        if found is None:
            return False
        at = found[2]
