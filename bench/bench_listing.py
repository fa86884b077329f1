"""The map folder listings the map-file thread makes (units/ and flags/ walked, the tile
folders listed, as CheckContext does): the C kernel (_listing) against its Python twin
(os.scandir + imagefiles.walk), measured in the same run. The kernel's time is spent
without the GIL; the twin's holds it against the main thread."""

from __future__ import annotations

from bench.timing import best_of
from converter.check import folderlisting
from converter.paths import SHARED_DIR

MAP = SHARED_DIR / "reference" / "dday2-community-map" / "map"
FOLDERS = (("units", True), ("flags", True), ("baseTiles", False), ("reliefTiles", False))


def _all_listings() -> None:
    for folder, recursive in FOLDERS:
        listing = folderlisting.list_folder(str(MAP / folder), recursive)
        if listing is not None:
            listing.images() if recursive else listing.numbered_tiles()


def run() -> list[str]:
    if not MAP.is_dir():
        return [f"skipped: no community map at {MAP}"]
    if folderlisting._kernel is None:
        return ["skipped: _listing not built (python3 setup.py build_ext --inplace) or DDAY2_PURE set"]
    fast = best_of(_all_listings, 50)
    kernel, folderlisting._kernel = folderlisting._kernel, None
    try:
        slow = best_of(_all_listings, 50)
    finally:
        folderlisting._kernel = kernel
    return [f"listings (units, flags, tiles)  C {fast * 1e3:6.3f} ms  Python {slow * 1e3:6.3f} ms  "
            f"ratio {slow / fast:5.1f}x"]
