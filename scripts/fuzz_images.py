"""Image mutations for the fuzzer: PNG chunks and IHDR sizes, GIF headers, other formats
under a PNG's name, and new files where the image rules look."""

from __future__ import annotations

import io
import random
import struct
import zlib
from pathlib import Path

from fuzz_files import pick_file, map_dir, mutate_bytes, replace

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
    path = pick_file(rng, folder, ("units/*/*.png", "units/*.png", "flags/*.png", "flags/*.gif", "baseTiles/*.png",
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
