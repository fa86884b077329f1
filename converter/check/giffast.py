"""A quick yes for the usual GIF (the flags of a map), so I404 calls Pillow only for others.

`Image.open` + `verify()` on a GIF costs ~35 us, mostly Python; a GIF passes when Pillow's
GifImagePlugin reads its screen header and walks its blocks to the first image
descriptor (verify() checks nothing more for GIF). `gif_opens` replays that walk
(Pillow 13's `GifImageFile._open` and `_seek(0)`) on the file's first bytes and says yes
only when every read it makes is whole and every branch it takes cannot fail: the frame
lies inside the screen, no disposal that makes Pillow fill an image, the size within
Pillow's pixel limit, and `Image.open` would hand the file to GifImagePlugin. Anything
else answers False and the caller asks Pillow, which reports with its own error.
"""

from __future__ import annotations

import PIL
from PIL import GifImagePlugin, Image

# the walk below is Pillow 13's; another version is asked each time
_PILLOW_READ_HERE = PIL.__version__.split(".")[0] == "13"
_SIGNATURES = (b"GIF87a", b"GIF89a")
PREFIX_BYTES = 64 * 1024  # a flag's blocks before its image data fit many times over


def _opened_by_gif_plugin(prefix: bytes) -> bool:
    """`Image.open` tries the registered formats in order; the first that accepts must be
    GIF, read by GifImagePlugin's own class (formats registered later come after it)."""
    Image.preinit()  # as Image.open does; GIF is among the formats it registers
    for name in Image.ID:
        factory, accept = Image.OPEN[name]
        accepted = not accept or accept(prefix)
        if isinstance(accepted, str):
            continue  # Pillow keeps the message as a warning and tries the next format
        if accepted:
            return name == "GIF" and factory is GifImagePlugin.GifImageFile
    return False


def _data(data: bytes, at: int) -> tuple[int, int, int | None]:
    """Pillow's `GifImageFile.data()` at `at`: (the block's length, 0 for Pillow's None; where
    it starts; the offset after it, None when a read falls short: the file ends before an
    image descriptor then, and Pillow fails)."""
    if at >= len(data):
        return 0, at, None
    length = data[at]
    if at + 1 + length > len(data):
        return 0, at, None
    return length, at + 1, at + 1 + length


def gif_opens(data: bytes) -> bool:
    """True when `Image.open` and `verify()` surely succeed on a file starting with `data`."""
    if not _PILLOW_READ_HERE or len(data) < 13 or not data.startswith(_SIGNATURES):
        return False
    width, height, flags = data[6] | data[7] << 8, data[8] | data[9] << 8, data[10]
    if not (width > 0 and height > 0):  # ImageFile refuses an empty size
        return False
    limit = Image.MAX_IMAGE_PIXELS
    if limit is not None and width * height > limit:  # warns or refuses
        return False
    at = 13
    if flags & 128:  # the global palette, read whole
        at += 3 << ((flags & 7) + 1)
    if at >= len(data) or data[at] == 0x3B:  # Pillow: "no more images"
        return False
    while at < len(data):  # _seek(0)'s block loop
        introducer = data[at]
        at += 1
        if introducer == 0x2C:  # image descriptor: the frame, its palette, the code size
            return _frame_fits(data, at, width, height)
        if introducer == 0x3B:
            return False
        if introducer != 0x21:
            continue  # Pillow skips any other byte
        if at >= len(data):
            return False
        label = data[at]
        length, start, at = _data(data, at + 1)
        if at is None:
            return False
        if label == 0xF9 and length:  # graphic control: Pillow reads its flags, delay, transparency
            if length < 4 or (data[start] >> 2) & 7 >= 2:
                return False  # short, or a disposal that makes Pillow fill an image
        elif label == 0xFE:  # comment: Pillow reads blocks while they are not empty, and goes on
            while length:
                length, _, at = _data(data, at)
                if at is None:
                    return False
            continue
        elif label == 0xFF and length and data.startswith(b"NETSCAPE2.0", start, start + length):
            length, _, at = _data(data, at)  # the loop count block, read as it is
            if at is None:
                return False
        while True:  # `while self.data(): pass`
            length, _, at = _data(data, at)
            if at is None:
                return False
            if not length:
                break
    return False


def _frame_fits(data: bytes, at: int, width: int, height: int) -> bool:
    if at + 9 > len(data):
        return False
    left, top = data[at] | data[at + 1] << 8, data[at + 2] | data[at + 3] << 8
    right, bottom = left + (data[at + 4] | data[at + 5] << 8), top + (data[at + 6] | data[at + 7] << 8)
    if right > width or bottom > height:  # Pillow would grow the image (and check it again)
        return False
    flags = data[at + 8]
    at += 9
    if flags & 128:
        at += 3 << ((flags & 7) + 1)
    return at < len(data) and _opened_by_gif_plugin(data[:16])  # the code size byte is there
