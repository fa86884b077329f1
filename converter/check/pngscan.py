"""pngfast's answers for many image files at once, from the C kernel `_pngscan`.

The kernel reads each file and runs pngfast's quick checks with the GIL released, so the
map-file thread measures every unit image and tile while the main thread checks the XML.
Per file it answers what pngfast would: does `png_verifies` hold on the whole file (when
it was read whole), and what `png_header` gives on its first HEADER_BYTES (the size, or None: ask Pillow). A file
it cannot read as Python would answers None, and the caller takes the Python path, which
reports exactly as before. A GIF read whole that giffast.gif_opens would vouch for answers
(True, None): readable, size unknown (the kernel walks its blocks, Python asks Pillow's
registry, as gif_opens does). Pillow's limits and tables are read here on every call and
handed over, so a changed Pillow setting changes both paths alike.
"""

from __future__ import annotations

from PIL import Image, ImageFile, PngImagePlugin

from converter.check import giffast, pngfast
from converter.check.accel import accelerator

# (verifies (None: only the header was read), (width, height) or None) per file
PngFacts = tuple["bool | None", "tuple[int, int] | None"]
_CID_PATTERN = rb"\w\w\w\w"  # the kernel's is_cid; another Pillow pattern disables it
_INT64_LIMIT = 2 ** 63
KERNEL_TABLE_SIZE = 64  # _pngscan.c's MAX_MODES and MAX_NAMES


def kernel_rules(header_bytes: int) -> tuple | None:
    """Pillow's settings as the kernel takes them; None when it cannot mirror them."""
    if ImageFile.LOAD_TRUNCATED_IMAGES:
        return None  # png_header answers nothing then
    if getattr(getattr(PngImagePlugin.is_cid, "__self__", None), "pattern", None) != _CID_PATTERN:
        return None
    pixels, profile = Image.MAX_IMAGE_PIXELS, PngImagePlugin.MAX_TEXT_CHUNK
    if pixels is None:
        pixels = -1
    elif not (isinstance(pixels, int) and 0 <= pixels < _INT64_LIMIT):
        return None
    if not (isinstance(profile, int) and 0 < profile < _INT64_LIMIT) or not 0 <= header_bytes < _INT64_LIMIT:
        return None
    modes = tuple(PngImagePlugin._MODES)
    if not all(isinstance(d, int) and isinstance(c, int) and 0 <= d < 256 and 0 <= c < 256 for d, c in modes):
        return None
    handled = tuple(name[6:].encode("ascii") for name in _attribute_names(PngImagePlugin.PngStream)
                    if name.startswith("chunk_") and len(name) == 10 and name.isascii())
    minimums = tuple(pngfast._SIMPLE_MINIMUM.items())
    if max(len(modes), len(handled), len(minimums)) > KERNEL_TABLE_SIZE:
        return None  # the kernel would refuse them with ValueError
    gif_prefix = giffast.PREFIX_BYTES if giffast._PILLOW_READ_HERE else 0  # 0: the kernel walks no GIF
    return (pixels, profile, pngfast._TEXT_LIMIT, header_bytes, modes, handled, minimums, gif_prefix)


def _attribute_names(cls: type) -> list[str]:
    """dir(cls) for a class: its and its bases' attribute names, sorted (without dir()'s
    slower generic walk: this runs once per check)."""
    return sorted({name for klass in cls.__mro__ for name in vars(klass)})


def scan_pngs(paths: list[str], header_bytes: int, whole: bool | bytes) -> list[PngFacts | None] | None:
    """The kernel's answer per path (None for a file it leaves to Python), from each whole
    file or only its first `header_bytes` (`whole`: for all paths, or bytes with one flag
    per path); None when the kernel is not built, DDAY2_PURE is set, or Pillow's settings
    are beyond it."""
    kernel = accelerator("_pngscan")
    rules = kernel_rules(header_bytes) if kernel is not None else None
    if rules is None:
        return None
    heads: list[tuple[int, bytes]] = []  # the GIFs giffast's walk holds on, by the kernel
    # os.open refuses a NUL in a path with ValueError: leave such a path to Python
    if "\0" in "".join(paths):
        plain = [path if "\0" not in path else "" for path in paths]
        found = [None if not path else each for path, each in zip(plain, kernel.scan(plain, rules, whole, heads))]
    else:
        found = kernel.scan(paths, rules, whole, heads)
    for index, head in heads:  # the walk's last step: does Pillow's registry hand them to its GIF reader
        if found[index] is not None and giffast._opened_by_gif_plugin(head):
            found[index] = (True, None)  # as gif_opens: readable (unreadable_reason answers None)
    return found
