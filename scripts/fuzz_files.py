"""Building blocks of the fuzzer's mutations (scripts/fuzz_mutations.py, fuzz_images.py):
values the C and Python readers could disagree on, file helpers that never write into a
file (a mutant's files may be hard links to its seed package), and byte-level mutations.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

# ---- values the C and Python readers could disagree on
NUMBERS = ["0", "-0", "1", "-1", "007", "2147483647", "2147483648", "-2147483648", "-2147483649",
           "4294967295", "4294967296", "9007199254740993", "9223372036854775807", "9223372036854775808",
           "-9223372036854775808", "-9223372036854775809", "18446744073709551616", "9" * 30, "-" + "9" * 30,
           "0" * 40 + "5", "1e9", "1.5", "+5", "0x10", "NaN", "inf", "-inf", "", " ", "\u0663", "\uff11\uff12",
           "\u00b2", "1_000", "--1", "-", "100000", "-100000", "99999", "1073741824"]
TOKENS = ["(", ")", ",", "<", ">", "|", " ", "\t", "\r", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e",
          "\x85", "\u2028", "\u2029", "\xa0", "\u3000", "\ufeff", "\x00", "\x7f", "-", "--", "(1,2)", "( 1 , 2 )",
          "(1 ,2)", "(\u0661,\u0662)", "(1,2", "1,2)", "(,)", "()", "(-,-)", "(1,2,3)", "<>", "< >", "<(1,2)>",
          "< (0,0) (9,0) (9,9) >", "| overflowToLeft=true", "|", "||", "é", "名", "\U0001f600",
          "(99999999999999999999,1)", "(1,-99999999999999999999)", "(9223372036854775807,0)",
          "(-9223372036854775808,0)", "(2147483648,2147483648)", "A1", "Sea Zone", "#", "=", ":"]
# the map's point files beside polygons, centers and place (they name territories, decorations.txt images)
OPTIONAL_POINT_FILES = ("vc.txt", "name_place.txt", "pu_place.txt", "capitols.txt", "kamikaze_place.txt",
                        "convoy.txt", "comments.txt", "blockade.txt", "territory_effects.txt", "decorations.txt")
RAW_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xc3(", b"\xe2\x82", b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xc0\x80",
             b"\x00", b"\r", b"\xef\xbb\xbf", b"\x80", b"\xf8\x88\x80\x80\x80", b"\xf4\x90\x80\x80"]


# ---- file helpers (never write into a file: it may be the seed's hard link)
def replace(path: Path, data: bytes) -> None:
    if path.is_symlink() or path.exists():
        remove(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def remove(path: Path) -> None:
    if path.is_symlink() or (path.exists() and not path.is_dir()):  # a file, link or FIFO
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def files(root: Path, pattern: str = "*") -> list[Path]:
    """Regular files below `root` matching `pattern`, sorted (deterministic choices)."""
    found = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        found += [Path(folder) / name for name in sorted(names)
                  if Path(folder, name).match(pattern) and Path(folder, name).is_file() and not Path(folder, name).is_symlink()]
    return found


def pick_file(rng: random.Random, root: Path, patterns: tuple[str, ...]) -> Path | None:
    candidates = [path for pattern in patterns for path in files(root, pattern)]
    return rng.choice(candidates) if candidates else None


def map_dir(root: Path) -> Path:
    return root / "map" if (root / "map").is_dir() else root


# ---- byte-level mutations of any file
def mutate_bytes(data: bytes, rng: random.Random, hot: int | None = None) -> tuple[bytes, str]:
    """One byte-level change; `hot`: bias positions towards the first `hot` bytes (headers)."""
    span = len(data) if not hot or rng.random() < 0.3 else min(len(data), hot)
    at = rng.randrange(span + 1) if span else 0
    choice = rng.randrange(8)
    if choice == 0 and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:], f"flip bit @{at}"
    if choice == 1:
        return data[:at], f"truncate @{at}"
    if choice == 2:
        blob = rng.choice(RAW_BYTES) if rng.random() < 0.6 else rng.randbytes(rng.randint(1, 16))
        return data[:at] + blob + data[at:], f"insert {blob[:8]!r} @{at}"
    if choice == 3:
        length = rng.randint(1, 64)
        return data[:at] + data[at + length:], f"delete {length} @{at}"
    if choice == 4 and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([rng.choice([0, 0xFF, 0x7F, 0x80, rng.randrange(256)])]) + data[at + 1:], f"set byte @{at}"
    if choice == 5:
        length = rng.randint(1, 256)
        return data[:at] + data[at:at + length] * rng.randint(2, 20) + data[at + length:], f"repeat {length} @{at}"
    if choice == 6:
        return data + rng.randbytes(rng.randint(1, 64)), "append junk"
    return b"", "empty"
