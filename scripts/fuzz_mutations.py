"""Mutation kinds for scripts/fuzz_check.py (and tests/check/test_check_fuzz.py).

A mutation takes a map package folder and a random.Random, changes one thing in it and
returns a short description, or None when it found nothing to change. The folder is a
private copy whose files may be hard links to a seed package: a mutation replaces a file
(`replace`), never writes into it. Every mutation is deterministic given its Random, so a
mutant is (seed package, [(kind, rng seed), ...]) and can be rebuilt with fewer steps.
"""

from __future__ import annotations

import io
import os
import random
import re
import shutil
import struct
import zlib
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
RAW_BYTES = [b"\xff", b"\xfe", b"\xc3", b"\xc3(", b"\xe2\x82", b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xc0\x80",
             b"\x00", b"\r", b"\xef\xbb\xbf", b"\x80", b"\xf8\x88\x80\x80\x80", b"\xf4\x90\x80\x80"]


# ---- file helpers (never write into a file: it may be the seed's hard link)
def replace(path: Path, data: bytes) -> None:
    if path.is_symlink() or path.exists():
        remove(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
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


def _pick(rng: random.Random, root: Path, patterns: tuple[str, ...]) -> Path | None:
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


# ---- text files: point files, map.properties, map.yml
def _mutate_text(text: str, rng: random.Random, tokens: list[str]) -> tuple[str, str]:
    lines = text.split("\n")
    number = rng.randrange(len(lines))
    line = lines[number]
    choice = rng.randrange(9)
    if choice == 0:  # a number made strange
        numbers = list(re.finditer(r"-?\d+", line))
        if numbers:
            match = rng.choice(numbers)
            value = rng.choice(NUMBERS)
            lines[number] = line[:match.start()] + value + line[match.end():]
            return "\n".join(lines), f"line {number + 1}: number -> {value!r}"
    if choice <= 2:
        at = rng.randint(0, len(line))
        token = rng.choice(tokens)
        lines[number] = line[:at] + token + line[at:]
        return "\n".join(lines), f"line {number + 1}: insert {token!r}"
    if choice == 3 and line:
        at = rng.randrange(len(line))
        length = rng.randint(1, 12)
        lines[number] = line[:at] + line[at + length:]
        return "\n".join(lines), f"line {number + 1}: delete {length}"
    if choice == 4:
        lines.insert(rng.randint(0, len(lines)), rng.choice(lines))
        return "\n".join(lines), f"duplicate line {number + 1}"
    if choice == 5:
        del lines[number]
        return "\n".join(lines), f"delete line {number + 1}"
    if choice == 6 and len(lines) > 1:
        other = rng.randrange(len(lines))
        first, second = line.split(" ", 1)[0], lines[other].split(" ", 1)[0]
        if first and second:  # one entry takes another's name
            lines[number] = second + line[len(first):]
            return "\n".join(lines), f"line {number + 1}: rename {first!r} -> {second!r}"
    if choice == 7:
        ending = rng.choice(["\r\n", "\r", "\x85", "\u2028", "\x1c", "\n\n\n", " \n"])
        return ending.join(lines), f"line endings {ending!r}"
    token = rng.choice(tokens)
    lines[number] = line.replace(rng.choice([" ", "(", ",", ")", "<", ">", "="]), token, rng.randint(1, 3))
    return "\n".join(lines), f"line {number + 1}: replace with {token!r}"


def _text_file(root: Path, rng: random.Random, names: tuple[str, ...], tokens: list[str]) -> str | None:
    path = _pick(rng, map_dir(root), names) if names != ("map.yml",) else root / "map.yml"
    if path is None or not path.is_file():
        return None
    data = path.read_bytes()
    if rng.random() < 0.25:
        data, done = mutate_bytes(data, rng)
    else:
        text = data.decode("utf-8", "surrogateescape")
        for _ in range(rng.choice([1, 1, 1, 2, 5, 20])):
            text, done = _mutate_text(text, rng, tokens)
        data = text.encode("utf-8", "surrogateescape")
    replace(path, data)
    return f"{path.name}: {done}"


def point_file(root: Path, rng: random.Random) -> str | None:
    return _text_file(root, rng, ("polygons.txt", "centers.txt", "place.txt"), TOKENS + NUMBERS)


def huge_polygon(root: Path, rng: random.Random) -> str | None:
    """A polygon far out, very tall or very long: the scan table's and geometry's bounds."""
    path = map_dir(root) / "polygons.txt"
    if not path.is_file():
        return None
    lines = path.read_bytes().split(b"\n")
    number = rng.randrange(len(lines))
    name = lines[number].split(b"<", 1)[0].strip() or b"A1"
    big = rng.choice([100_000, 100_001, 2**31 - 1, 2**31, 2**40, 2**53 + 1, 2**62, 2**63 - 1, 10**6, 5000])
    low = rng.choice([0, -big, -1, 1])
    shapes = {
        "tall": [(0, low), (5, low), (5, big), (0, big)],
        "wide": [(low, 0), (big, 0), (big, 5), (low, 5)],
        "diagonal": [(low, low), (big, big), (big, low)],
        "sliver": [(0, 0), (big, 1), (0, 2)],
        "many": [(rng.randint(0, 3000), rng.randint(0, 2000)) for _ in range(rng.choice([3, 50, 800]))],
        "degenerate": [(7, 7)] * rng.randint(3, 6),
        "zigzag": [(x % 2 * big, x) for x in range(rng.randint(3, 400))],
    }
    shape = rng.choice(sorted(shapes))
    polygon = b" ".join(b"(%d,%d)" % point for point in shapes[shape])
    lines[number] = name + b" < " + polygon + b" >" + (b" < " + polygon + b" >" if rng.random() < 0.2 else b"")
    replace(path, b"\n".join(lines))
    return f"polygons.txt: line {number + 1} {shape} polygon, big={big} low={low}"


def points_moved(root: Path, rng: random.Random) -> str | None:
    """centers/place points on polygon vertices, edges or far away: point-in-polygon edge cases."""
    folder = map_dir(root)
    polygons, target = folder / "polygons.txt", folder / rng.choice(["centers.txt", "place.txt"])
    if not polygons.is_file() or not target.is_file():
        return None
    vertices = [tuple(map(int, pair)) for pair in re.findall(rb"\((-?\d{1,12}),(-?\d{1,12})\)", polygons.read_bytes()[:200_000])]
    lines = target.read_bytes().split(b"\n")
    if not vertices or not lines:
        return None
    number = rng.randrange(len(lines))
    name = lines[number].split(b"(", 1)[0].strip() or b"A1"
    index = rng.randrange(len(vertices))
    x, y = vertices[index]
    if rng.random() < 0.4 and index + 1 < len(vertices):  # on (or next to) an edge, not a vertex
        x, y = (x + vertices[index + 1][0]) // 2, (y + vertices[index + 1][1]) // 2
    dx, dy = rng.choice([(0, 0), (0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (10**12, 0), (0, -(10**12)), (1, 1)])
    lines[number] = name + b"  (%d,%d)" % (x + dx, y + dy)
    replace(target, b"\n".join(lines))
    return f"{target.name}: line {number + 1} point at a vertex {x},{y} + {dx},{dy}"


def polygon_copy(root: Path, rng: random.Random) -> str | None:
    """A territory's polygon copied to another, shifted a few px, scaled or with a vertex
    moved: overlaps right at the DEPTH threshold and knife-edge crossings for the sweep."""
    path = map_dir(root) / "polygons.txt"
    if not path.is_file():
        return None
    lines = path.read_bytes().split(b"\n")
    groups = [(number, group) for number, line in enumerate(lines) for group in re.findall(rb"<([^<>]*)>", line)]
    if not groups:
        return None
    number, group = rng.choice(groups)
    points = [tuple(map(int, pair)) for pair in re.findall(rb"\((-?\d{1,15}),(-?\d{1,15})\)", group)]
    if len(points) < 3:
        return None
    dx, dy = rng.randint(-4, 4), rng.randint(-4, 4)
    scale = rng.choice([1, 1, 1, 2, -1])
    moved = [(x * scale + dx, y * scale + dy) for x, y in points]
    if rng.random() < 0.3:  # one vertex onto another's row or column
        index = rng.randrange(len(moved))
        other = rng.choice(moved)
        moved[index] = (moved[index][0], other[1]) if rng.random() < 0.5 else (other[0], moved[index][1])
    target = rng.randrange(len(lines))
    polygon = b" < " + b" ".join(b"(%d,%d)" % point for point in moved) + b" >"
    lines[target] = (lines[target] or b"Copy") + polygon
    replace(path, b"\n".join(lines))
    return f"polygons.txt: line {number + 1}'s polygon shifted {dx},{dy} x{scale} onto line {target + 1}"


PROPERTY_VALUES = ["", "0", "-1", "1e400", "NaN", "Infinity", "0x10", "FF0000", "ff00zz", "FFFFFFFFFF", "#FF0000",
                   "true", "TRUE", "yes", "0.0", "-0.5", "3.4e38", "2147483648", "99999999999999999999", "é",
                   "\\u00e9", "value\\", "1,2", " 5 ", "\x00", "\xff"]


def map_properties(root: Path, rng: random.Random) -> str | None:
    path = map_dir(root) / "map.properties"
    if not path.is_file() or rng.random() < 0.5:
        return _text_file(root, rng, ("map.properties",), TOKENS + NUMBERS + ["=", ":", "\\", "color.", "map.width"])
    lines = path.read_bytes().decode("latin-1").splitlines()
    key = rng.choice(["map.width", "map.height", "units.scale", "color.Germans", "color.Nobody", "map.scrollWrapX",
                      "units.width", "units.height", "units.counter.offsetWidth", "map.hasRelief", "dont.draw.units",
                      "map.showCapitolMarkers", "color.", "", "=", "map.width "])
    value = rng.choice(PROPERTY_VALUES)
    lines.insert(rng.randint(0, len(lines)), f"{key}{rng.choice(['=', ':', ' ', '= '])}{value}")
    replace(path, "\n".join(lines).encode("latin-1", "replace"))
    return f"map.properties: {key}={value!r}"


def map_yml(root: Path, rng: random.Random) -> str | None:
    path = root / "map.yml"
    if rng.random() < 0.6 and path.is_file():
        return _text_file(root, rng, ("map.yml",), TOKENS + ["games:", "- ", "  ", "{", "}", "file_name: ", "'", '"',
                                                             "../x.xml", "/etc/passwd", "*.xml", "map_name:"])
    name = rng.choice(["D-Day_2.xml", "tiny.xml", "missing.xml", "../../x.xml", "*.xml", "games", "", "\x00.xml",
                       "map/games/D-Day_2.xml", "a" * 300 + ".xml", "polygons.txt", "é.xml"])
    text = rng.choice([f"map_name: X\ngames:\n- {{game_name: X, file_name: {name}}}\n",
                       f"map_name: X\ngames:\n- game_name: X\n  file_name: {name}\n- file_name: {name}\n",
                       "games: []\n", "map_name:\n", "games:\n  - \n", "\ufeffmap_name: X\n", "- a\n-\n  b: c\n"])
    replace(path, text.encode("utf-8", "surrogateescape"))
    return f"map.yml: rewritten naming {name!r}"


CONFIGS = ["[check]\nignore = [\"M3\"]\n", "check = 5\n", "[check]\nselect = 5\n", "[check]\nfail-on = 7\n",
           "[check]\nfail-on = \"nope\"\n", "[check]\nunknown = 1\n", "[check]\nselect = [1, {a = 2}]\n",
           "[tool.dday2]\ncheck = \"x\"\n", "[tool]\ndday2 = 3\n", "tool = 3\n", "[check]\nignore = [\"\"]\n",
           "\xff\xfe garbage", "[check\n", "check = []\n", "[check]\nselect = \"X,,M\"\n"]


def config_file(root: Path, rng: random.Random) -> str | None:
    name = rng.choice([".dday2.toml", "pyproject.toml"])
    text = rng.choice(CONFIGS)
    if name == "pyproject.toml" and not text.startswith("[tool"):
        text = text.replace("[check]", "[tool.dday2.check]")
    replace(root / name, text.encode("latin-1", "replace") if "\xff" in text else text.encode())
    return f"{name}: {text[:40]!r}"


# ---- images
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunks(data: bytes) -> list[list] | None:
    """[length, type, body] of each chunk of a PNG (CRCs recomputed on writing), or None."""
    if not data.startswith(SIGNATURE):
        return None
    chunks, at = [], len(SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        chunks.append([length, kind, data[at + 8:at + 8 + length]])
        at += 12 + length
    return chunks


def _png(chunks: list[list], crc_fixed: bool = True) -> bytes:
    out = [SIGNATURE]
    for length, kind, body in chunks:
        crc = zlib.crc32(kind + body) if crc_fixed else zlib.crc32(kind + body) ^ 1
        out.append(struct.pack(">I4s", length & 0xFFFFFFFF, kind) + body + struct.pack(">I", crc))
    return b"".join(out)


def _chunk(kind: bytes, body: bytes) -> list:
    return [len(body), kind, body]


EXTRA_CHUNKS = [b"tEXt", b"zTXt", b"iTXt", b"iCCP", b"pHYs", b"gAMA", b"cHRM", b"sRGB", b"PLTE", b"tRNS", b"bKGD",
                b"sBIT", b"eXIf", b"acTL", b"fcTL", b"fdAT", b"IDAT", b"IHDR", b"IEND", b"tIME", b"sPLT", b"hIST",
                b"caBX", b"abcd", b"ABCD", b"a1cd", b"\x00\x00\x00\x00", b"IDAt"]
IHDR_SIZES = [0, 1, 2, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 100_000, 46341]


def mutate_png(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    chunks = _chunks(data)
    if not chunks or rng.random() < 0.25:
        return mutate_bytes(data, rng, hot=96)
    choice = rng.randrange(9)
    index = rng.randrange(len(chunks))
    if choice == 0 and chunks[0][1] == b"IHDR" and len(chunks[0][2]) == 13:  # header values, CRC fixed
        body = bytearray(chunks[0][2])
        field = rng.choice(["width", "height", "depth", "colour", "compression", "filter", "interlace"])
        if field in ("width", "height"):
            struct.pack_into(">I", body, 0 if field == "width" else 4, rng.choice(IHDR_SIZES))
        else:
            body[8 + ["depth", "colour", "compression", "filter", "interlace"].index(field)] = \
                rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 255])
        chunks[0][2] = bytes(body)
        return _png(chunks), f"IHDR {field} -> {struct.unpack('>II', body[:8])} {list(body[8:])}"
    if choice == 1:  # a length field that lies
        chunks[index][0] = rng.choice([0, 1, chunks[index][0] + 1, max(chunks[index][0] - 1, 0), 2**31 - 1, 2**31, 2**32 - 1])
        return _png(chunks), f"chunk {index} ({chunks[index][1]!r}) length -> {chunks[index][0]}"
    if choice == 2:
        return _png(chunks, crc_fixed=False), "every CRC wrong"
    if choice == 3:  # data inside a chunk changed, CRC fixed: the decoder sees it
        body = chunks[index][2]
        body, done = mutate_bytes(body, rng)
        chunks[index][2] = body
        chunks[index][0] = len(body)
        return _png(chunks), f"chunk {index} ({chunks[index][1]!r}) body: {done}"
    if choice == 4:
        kind = rng.choice(EXTRA_CHUNKS)
        body = rng.choice([b"", b"\0", b"key\0value", b"k\0\0" + zlib.compress(b"x" * 100), b"k\0\0\0\0" + b"\xff" * 8,
                           rng.randbytes(rng.randint(0, 40)), b"\0" * 13, b"\1" * 32, b"x" * 70_000,
                           b"k\0\0" + zlib.compress(b"\0" * 2_000_000)])
        at = rng.randint(0, len(chunks))
        chunks.insert(at, _chunk(kind, body))
        return _png(chunks), f"insert chunk {kind!r} ({len(body)} bytes) at {at}"
    if choice == 5:
        removed = chunks.pop(index)
        return _png(chunks), f"remove chunk {index} ({removed[1]!r})"
    if choice == 6:
        chunks.insert(rng.randint(0, len(chunks)), list(chunks[index]))
        return _png(chunks), f"duplicate chunk {index} ({chunks[index][1]!r})"
    if choice == 7:
        other = rng.randrange(len(chunks))
        chunks[index], chunks[other] = chunks[other], chunks[index]
        return _png(chunks), f"swap chunks {index} and {other}"
    kind = bytes(rng.choice(b"IDATidatIHDRabcz\x00\xff") for _ in range(4))
    chunks[index][1] = kind
    return _png(chunks), f"chunk {index} renamed {kind!r}"


def _gif(width: int, height: int) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("P", (width, height), 3).save(buffer, "GIF")
    return buffer.getvalue()


def mutate_gif(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    if data.startswith(b"GIF") and len(data) > 13 and rng.random() < 0.5:
        body = bytearray(data)
        at = rng.choice([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        at = min(at, len(body) - 1)
        body[at] = rng.choice([0, 1, 0x7F, 0x80, 0xFF, rng.randrange(256)])
        return bytes(body), f"GIF byte {at} -> {body[at]}"
    return mutate_bytes(data, rng, hot=48)


def image_file(root: Path, rng: random.Random) -> str | None:
    folder = map_dir(root)
    path = _pick(rng, folder, ("units/*/*.png", "units/*.png", "flags/*.png", "flags/*.gif", "baseTiles/*.png",
                               "reliefTiles/*.png", "*.gif"))
    if path is None:
        return None
    data = path.read_bytes()
    if rng.random() < 0.1:  # another format under the same name
        from PIL import Image

        kind = rng.choice(["GIF", "JPEG", "BMP", "PNG"])
        buffer = io.BytesIO()
        size = rng.choice([(1, 1), (48, 48), (256, 256), (255, 256), (300, 1)])
        Image.new("RGB", size, (1, 2, 3)).save(buffer, kind)
        replace(path, buffer.getvalue())
        return f"{path.relative_to(root)}: now a {kind} {size}"
    for _ in range(rng.choice([1, 1, 1, 2, 4])):
        data, done = mutate_png(data, rng) if data.startswith(SIGNATURE) else mutate_gif(data, rng)
    replace(path, data)
    return f"{path.relative_to(root)}: {done}"


def extra_image(root: Path, rng: random.Random) -> str | None:
    """A new file where the image rules look: odd tile names, odd unit names, odd content."""
    folder = map_dir(root)
    name = rng.choice(["baseTiles/99999999999999999999_0.png", "baseTiles/-1_0.png", "baseTiles/0_0.PNG",
                       "baseTiles/\u0663_1.png", "baseTiles/1_1.png", "reliefTiles/0_0.png", "baseTiles/0__0.png",
                       "units/Germans/x.png", "units/new.png", "units/Germans/deep/er/x.png", "flags/Nobody.gif",
                       "units/Germans/.png", "units/Germans/a.b.PNG", "units/Germans/é.png", "flags/x.jpeg",
                       "units/Germans/line\nbreak.png", "units/Germans/sp ace.png", "baseTiles/0_0.png.png"])
    from PIL import Image

    buffer = io.BytesIO()
    size = rng.choice([(1, 1), (48, 48), (256, 256), (257, 256)])
    Image.new(rng.choice(["RGB", "RGBA", "P", "L", "1", "I;16"]), size).save(buffer, "PNG")
    data = buffer.getvalue()
    if rng.random() < 0.5:
        data, _ = mutate_png(data, rng)
    replace(folder / name, data)
    return f"new image {name!r} {size}"


# ---- the game XML
XML_VALUES = NUMBERS + ["", " ", "A1", "G1", "P1", "Germans", "Allies", "Sea Zone", "infantry", "true", "false",
                        "games.strategy.triplea.delegate.MoveDelegate", "x" * 5000, "é", "名前", "\U0001f600",
                        "&", "<", "a\tb", "a\nb", "\u00a0A1", "A1 ", "{ns}x", "$", "%", "null", "NaN"]


def xml_tree(root: Path, rng: random.Random) -> str | None:
    from lxml import etree

    path = _pick(rng, map_dir(root), ("games/*.xml",))
    if path is None:
        return None
    try:
        tree = etree.parse(str(path), etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True))
    except etree.XMLSyntaxError:
        return xml_bytes(root, rng)
    elements = [element for element in tree.iter() if isinstance(element.tag, str)]
    done = []
    for _ in range(rng.choice([1, 1, 2, 3, 8])):
        element = rng.choice(elements)
        choice = rng.randrange(10)
        if choice <= 2 and element.attrib:
            name = rng.choice(sorted(element.attrib))
            element.set(name, rng.choice(XML_VALUES))
            done.append(f"<{element.tag}> @{name} changed")
        elif choice == 3 and element.getparent() is not None:
            element.getparent().remove(element)
            elements = [e for e in tree.iter() if isinstance(e.tag, str)]
            done.append(f"<{element.tag}> removed")
        elif choice == 4 and element.getparent() is not None:
            from copy import deepcopy

            element.addnext(deepcopy(element))
            done.append(f"<{element.tag}> duplicated")
        elif choice == 5 and element.attrib:
            name = rng.choice(sorted(element.attrib))
            del element.attrib[name]
            done.append(f"<{element.tag}> @{name} removed")
        elif choice == 6:
            other = rng.choice(elements)
            name = rng.choice(sorted(other.attrib) or ["name"])
            element.set(name, rng.choice(XML_VALUES))
            done.append(f"<{element.tag}> @{name} added")
        elif choice == 7 and element.getparent() is not None:
            parent = element.getparent()
            node = rng.choice([etree.Comment(" c "), etree.ProcessingInstruction("pi", "x"), etree.Entity("amp")])
            parent.insert(rng.randint(0, len(parent)), node)
            done.append(f"{type(node).__name__} among <{parent.tag}>'s children")
        elif choice == 8 and element.getparent() is not None:
            depth = rng.choice([1, 5, 50, 200])
            wrapper = inner = etree.Element(rng.choice(["map", "territory", "game", "x", element.tag]))
            for _ in range(depth - 1):
                inner = etree.SubElement(inner, inner.tag)
            element.addprevious(wrapper)
            inner.append(element)
            done.append(f"<{element.tag}> nested {depth} deep")
        elif element.getparent() is not None:
            element.tag = rng.choice([e.tag for e in elements])
            done.append(f"renamed to <{element.tag}>")
        elements = [e for e in tree.iter() if isinstance(e.tag, str)]
    data = etree.tostring(tree, xml_declaration=True, encoding=rng.choice(["UTF-8", "UTF-8", "ISO-8859-1"]),
                          doctype=tree.docinfo.doctype or None)
    replace(path, data)
    return f"{path.name}: " + "; ".join(done) if done else None


XML_SNIPPETS = [b"<!ENTITY x 'y'>", b"<!DOCTYPE game [<!ENTITY e 'x'>]>", b"&e;", b"&#0;", b"&#x10FFFF;", b"&#xD800;",
                b"<![CDATA[x]]>", b"<!-- c -->", b"<?pi x?>", b' xmlns:n="urn:x" n:name="A1"', b' xmlns="urn:y"',
                b"<game>", b"</game>", b"\xff", b"\x00", b"\xc3", b"<territory name='A1'/>" * 3, b"<a b='1' b='2'/>",
                b'<?xml version="1.0" encoding="UTF-16"?>', b'<?xml version="1.1"?>', b"\xef\xbb\xbf",
                b"<connection t1='A1' t2='A1'/>", b"\r", b"\t", b"\x0c"]


def xml_bytes(root: Path, rng: random.Random) -> str | None:
    path = _pick(rng, map_dir(root), ("games/*.xml",))
    if path is None:
        return None
    data = path.read_bytes()
    if rng.random() < 0.5:
        at = [m.start() for m in re.finditer(rb"[<> \"'\n]", data[:2_000_000])]
        spot = rng.choice(at) if at else 0
        snippet = rng.choice(XML_SNIPPETS)
        data = data[:spot] + snippet + data[spot:]
        done = f"insert {snippet[:30]!r} @{spot}"
    else:
        data, done = mutate_bytes(data, rng, hot=400)
    replace(path, data)
    return f"{path.name}: {done}"


# ---- the file system
def file_system(root: Path, rng: random.Random) -> str | None:
    folder = map_dir(root)
    every = files(root)
    if not every:
        return None
    path = rng.choice([p for p in every if p.suffix in (".txt", ".properties", ".xml", ".yml")] or every) \
        if rng.random() < 0.5 else rng.choice(every)
    choice = rng.randrange(9)
    shown = path.relative_to(root)
    if choice == 0:
        replace(path, b"")
        return f"{shown}: empty"
    if choice == 1:
        remove(path)
        path.mkdir()
        if rng.random() < 0.5:
            (path / "inner.png").write_bytes(b"x")
        return f"{shown}: a folder"
    if choice == 2:
        remove(path)
        return f"{shown}: removed"
    if choice == 3:
        target = rng.choice([rng.choice(every), path.parent, Path("/nonexistent/x"), path, root, Path("/dev/null")])
        remove(path)
        os.symlink(target, path)
        return f"{shown}: symlink to {target}"
    if choice == 4:
        sub = rng.choice(["units", "flags", "baseTiles", "reliefTiles", "games", "units/Germans"])
        target = folder / sub
        if target.exists() or target.is_symlink():
            remove(target)
        if rng.random() < 0.5:
            replace(target, b"not a folder")
            return f"{sub}: a file"
        return f"{sub}: removed"
    if choice == 5:
        sub = folder / rng.choice(["units", "flags", "baseTiles", "units/Germans", "games"]) / "loop"
        if sub.parent.is_dir():
            os.symlink(rng.choice([sub.parent, root, Path("loop"), Path("/")]), sub)
            return f"{sub.relative_to(root)}: a linked folder"
        return None
    if choice == 6:  # a second game XML beside the first
        games = folder / "games"
        xmls = files(games, "*.xml") if games.is_dir() else []
        if not xmls:
            return None
        name = rng.choice(["copy.xml", "a.XML", "z z.xml", "é.xml", ".hidden.xml"])
        replace(games / name, xmls[0].read_bytes()[:rng.choice([None, 100, 5000])])
        return f"games/{name}: another XML"
    if choice == 7:
        remove(path)
        os.symlink(path.name, path)
        return f"{shown}: symlink to itself"
    data = path.read_bytes()
    replace(path, data[:rng.randint(0, len(data))])
    return f"{shown}: truncated"


# ---- the table the fuzzer draws from (weights: how often)
KINDS = {
    "point_file": (point_file, 6), "huge_polygon": (huge_polygon, 2), "points_moved": (points_moved, 3),
    "polygon_copy": (polygon_copy, 3),
    "map_properties": (map_properties, 2), "map_yml": (map_yml, 1), "config": (config_file, 1),
    "image": (image_file, 6), "extra_image": (extra_image, 1), "xml_tree": (xml_tree, 5),
    "xml_bytes": (xml_bytes, 3), "file_system": (file_system, 2),
}


def choose_kind(rng: random.Random) -> str:
    names = sorted(KINDS)
    return rng.choices(names, weights=[KINDS[name][1] for name in names])[0]


def apply(root: Path, steps: list[tuple[str, int]]) -> list[str]:
    """Apply (kind, rng seed) steps in order; the descriptions of those that changed something."""
    done = []
    for kind, seed in steps:
        try:
            described = KINDS[kind][0](root, random.Random(seed))
        except Exception:  # noqa: BLE001 - e.g. a step reading a file an earlier step made a folder
            described = None
        if described:
            done.append(f"{kind}: {described}")
    return done
