"""The C kernel _pngscan answers exactly what pngfast answers, file by file: on the real
map's images, on mutated PNGs (truncated, broken CRCs, odd and huge chunks, colour
profiles at the limit) and on things that are no image at all. Where it cannot read a
file as Python would, it answers None and the image rules take the Python path."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, PngImagePlugin

from converter.check import giffast, pngfast
from converter.check.accel import accelerator
from converter.check.imagefiles import HEADER_BYTES, read_file
from converter.check.pngscan import kernel_rules, scan_pngs
from converter.paths import REPO_ROOT

KERNEL = accelerator("_pngscan")
pytestmark = pytest.mark.skipif(KERNEL is None, reason="_pngscan is not built (python3 setup.py build_ext "
                                "--inplace) or DDAY2_PURE is set")


def _expected(data: bytes, header_bytes: int) -> tuple[bool, tuple[int, int] | None]:
    """pngfast's answers: verification of the whole, size from the first header_bytes."""
    opened = pngfast.png_header(data[:header_bytes])
    return pngfast.png_verifies(data), None if opened is None else opened[0]


def _chunk(cid: bytes, body: bytes, length: int | None = None) -> bytes:
    size = len(body) if length is None else length
    return struct.pack(">I", size) + cid + body + struct.pack(">I", zlib.crc32(cid + body))


def _png(mode: str = "RGBA", size: tuple[int, int] = (12, 7), **options) -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size).save(buffer, "PNG", **options)
    return buffer.getvalue()


def _with_chunks(data: bytes, *chunks: bytes) -> bytes:
    """`data` with chunks inserted right after IHDR."""
    return data[:33] + b"".join(chunks) + data[33:]


def _bases() -> list[bytes]:
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", "y" * 50)
    profile = zlib.compress(bytes(range(256)) * 12)
    return [_png(), _png("L", (3, 300)), _png("P", (5, 5)), _png(pnginfo=text, dpi=(72, 72)),
            _png(icc_profile=b"\2" * 700), _with_chunks(_png(), _chunk(b"iCCP", b"p\0\0" + profile),
                                                       _chunk(b"gAMA", b"\0\0\xb1\x8f"), _chunk(b"tIME", b"1234567"))]


BASES = _bases()
RULES = kernel_rules(HEADER_BYTES)


def _scan(datas: list[bytes], header_bytes: int = HEADER_BYTES) -> list:
    return KERNEL.scan_buffers(datas, kernel_rules(header_bytes))


def test_usual_pngs_and_their_damage_agree_with_pngfast() -> None:
    cases = []
    for data in BASES:
        cases += [data, data[:-1], data[:40], data[:8], data[:33], data + b"junk",
                  data[:20] + bytes([data[20] ^ 1]) + data[21:]]
    for header_bytes in (HEADER_BYTES, 40, 33, 0, 60):
        assert _scan(cases, header_bytes) == [_expected(data, header_bytes) for data in cases]
    # the usual PNGs get their quick yes; a palette (PLTE) is left to Pillow, as by pngfast
    assert [found[0] for found in _scan(BASES)] == [True, True, False, True, True, True]


ODD_CHUNKS = [
    _chunk(b"tEXt", b"a\0b"), _chunk(b"tEXt", b"x" * (70 * 1024)),  # one text chunk over pngfast's total
    _chunk(b"pHYs", b"\0" * 8), _chunk(b"pHYs", b"\0" * 9), _chunk(b"cHRM", b"\0" * 31),
    _chunk(b"sRGB", b""), _chunk(b"iCCP", b"name"), _chunk(b"iCCP", b"n\0\1xx"), _chunk(b"iCCP", b"n\0"),
    _chunk(b"iCCP", b"n\0\0" + zlib.compress(b"q" * 5000)[:-3]),  # a cut stream: zlib.error, ignored
    _chunk(b"iCCP", b"n\0\0" + zlib.compress(b"q" * 5000) + b"tail"),
    _chunk(b"iCCP", b"n\0\0garbage"), _chunk(b"zTXt", b"k\0\0" + zlib.compress(b"v")),
    _chunk(b"PLTE", b"\0" * 3), _chunk(b"IHDR", b"\0" * 13), _chunk(b"IEND", b""), _chunk(b"tRNS", b"\0\0"),
    _chunk(b"a_b1", b"?"), _chunk(b"ab-c", b"?"), _chunk(b"\xe9bcd", b"?"), _chunk(b"prIv", b"x" * 100),
    _chunk(b"tEXt", b"", length=0xFFFFFFFF)[:12], _chunk(b"vpAg", b"", length=0x7FFFFFF0),
]


def test_odd_header_chunks_agree_with_pngfast() -> None:
    cases = [_with_chunks(base, chunk) for base in BASES[:2] for chunk in ODD_CHUNKS]
    cases += [_with_chunks(BASES[0], *ODD_CHUNKS[:2]), _with_chunks(BASES[0], ODD_CHUNKS[0] * 3)]
    for header_bytes in (HEADER_BYTES, 200):
        assert _scan(cases, header_bytes) == [_expected(data, header_bytes) for data in cases]


def test_image_headers_at_pillows_limits_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    def header(width: int, height: int, depth: int = 8, colour: int = 6, filtering: int = 0) -> bytes:
        body = struct.pack(">IIBBBBB", width, height, depth, colour, 0, filtering, 0)
        return pngfast.SIGNATURE + _chunk(b"IHDR", body) + _chunk(b"IDAT", b"") + _chunk(b"IEND", b"")

    cases = [header(*size) for size in ((0, 5), (5, 0), (2 ** 32 - 1, 2 ** 32 - 1), (9459, 9459), (9460, 9460),
                                        (1, 89478485), (1, 89478486))]
    cases += [header(4, 4, depth, colour) for depth in (1, 2, 4, 8, 16, 3) for colour in (0, 2, 3, 4, 6, 1)]
    cases += [header(4, 4, filtering=1)]
    assert _scan(cases) == [_expected(data, HEADER_BYTES) for data in cases]
    for limit in (None, 100, 16):
        monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", limit)
        assert _scan(cases) == [_expected(data, HEADER_BYTES) for data in cases]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASES), edits=st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)),
                                                   max_size=4),
       cut=st.none() | st.integers(0, 10 ** 6), extra=st.sampled_from([None, *ODD_CHUNKS]),
       header_bytes=st.sampled_from([HEADER_BYTES, 64, 100]))
def test_mutated_pngs_agree_with_pngfast(base, edits, cut, extra, header_bytes) -> None:
    data = bytearray(base if extra is None else _with_chunks(base, extra))
    for at, value in edits:
        data[at % len(data)] = value
    if cut is not None:
        data = data[:cut % (len(data) + 1)]
    assert _scan([bytes(data)], header_bytes) == [_expected(bytes(data), header_bytes)]


@settings(max_examples=300, deadline=None)
@given(payload=st.binary(max_size=3000) | st.integers(0, 3000).map(lambda n: bytes(n % 7 for n in range(n))),
       level=st.integers(0, 9), cut=st.integers(-8, 8), trailing=st.binary(max_size=8), shift=st.integers(-2, 2))
def test_profile_verdicts_agree_with_pngfast(payload, level, cut, trailing, shift) -> None:
    compressed = zlib.compress(payload, level)
    compressed = (compressed[:cut] if cut < 0 else compressed) + trailing
    for limit in {max(1, len(payload) + shift), 1, 32 * 1024, 32 * 1024 + 1, 10 ** 6}:
        assert KERNEL.profile_fits(compressed, limit) == pngfast._profile_fits(compressed, limit), limit


def test_profiles_over_inflates_output_block_agree() -> None:
    payload = os.urandom(20000) * 5  # inflates to 100 000 bytes: several 32 KiB output blocks
    compressed = zlib.compress(payload)
    for limit in (32 * 1024 - 1, 32 * 1024, 65536, 99999, 100000, 100001, 2 ** 20):
        for data in (compressed, compressed[:-4], compressed + b"x", compressed[:-1]):
            assert KERNEL.profile_fits(data, limit) == pngfast._profile_fits(data, limit), limit


def test_real_map_images_agree_with_pngfast(community_map_dir: Path) -> None:
    paths = sorted(str(path) for path in community_map_dir.rglob("*") if path.suffix.lower() in (".png", ".gif"))
    assert len(paths) > 300
    whole, headers = scan_pngs(paths, HEADER_BYTES, True), scan_pngs(paths, HEADER_BYTES, False)
    for path, found, header in zip(paths, whole, headers):
        data = read_file(path)
        verifies, size = _expected(data, HEADER_BYTES)
        # a GIF giffast vouches for is readable too (size unknown: Pillow's)
        verifies = verifies or (giffast._PILLOW_READ_HERE and giffast.gif_opens(data[:giffast.PREFIX_BYTES]))
        assert found == (verifies, size), path
        assert header == (None, size), path
    assert sum(found[0] for found in whole) > 300


def test_files_it_cannot_read_are_left_to_python(tmp_path: Path) -> None:
    good = tmp_path / "good.png"
    good.write_bytes(BASES[0])
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)  # must neither block nor be read
    unreadable = tmp_path / "locked.png"
    unreadable.write_bytes(BASES[0])
    unreadable.chmod(0)
    paths = [str(good), str(tmp_path), str(tmp_path / "missing.png"), str(fifo), str(empty), "", "a\0b",
             str(unreadable)]
    found = scan_pngs(paths, HEADER_BYTES, True)
    assert found[0] == (True, (12, 7)) and found[4] == (False, None)
    assert found[1] is found[2] is found[3] is found[5] is found[6] is None
    if os.geteuid() != 0:  # root reads it anyway, as Python would
        assert found[7] is None
    assert scan_pngs([], HEADER_BYTES, True) == []


def test_rules_it_cannot_mirror_disable_it(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(TypeError):
        KERNEL.scan([], RULES[:4] + (((1, 2, 3),),) + RULES[5:], True)
    with pytest.raises(ValueError):
        KERNEL.scan([], RULES[:5] + ((b"abc",),) + RULES[6:], True)
    with pytest.raises(OverflowError):
        KERNEL.scan([], RULES[:4] + (((1, 256),),) + RULES[5:], True)
    with pytest.raises(ValueError):
        KERNEL.scan_buffers([b""], (0, 0) + RULES[2:])  # no profile limit
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 2 ** 70)
    assert kernel_rules(HEADER_BYTES) is None and scan_pngs(["x"], HEADER_BYTES, True) is None
    monkeypatch.undo()
    monkeypatch.setattr("PIL.ImageFile.LOAD_TRUNCATED_IMAGES", True)
    assert kernel_rules(HEADER_BYTES) is None


def test_image_rules_find_the_same_with_and_without_the_kernel(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import ExitStack

    from check_mapkit import UNIT, base_files, png, write_tree
    from converter.check import pngscan
    from converter.check.inputs import resolve
    from converter.check.runner import check_target

    files = base_files()
    good = png(256, 256)
    files.update({"map/baseTiles/0_1.png": good[:-20], "map/baseTiles/1_0.png": png(100, 256),
                  "map/baseTiles/2_0.png": b"not a png", "map/reliefTiles/0_0.png": png(200, 256, "GIF"),
                  f"map/units/Reds/{UNIT}.png": good[:60], "map/units/Blues/tank.png": _with_chunks(good, ODD_CHUNKS[6]),
                  "map/units/odd.png": b"", "map/flags/Blues.gif": b"GIF89a", "map/flags/Reds.png": good})
    root = write_tree(tmp_path / "map", files)
    with ExitStack() as stack:
        target = resolve(root, stack)[0]
        accelerated = check_target(target).findings
        monkeypatch.setattr(pngscan, "accelerator", lambda name: None)
        assert pngscan.scan_pngs([str(root)], HEADER_BYTES, True) is None
        pure = check_target(target).findings
    assert accelerated == pure
    assert {"I404", "M311"} <= {finding.code for finding in accelerated}


def test_one_call_reads_some_files_whole_and_some_by_header(tmp_path: Path) -> None:
    paths = []
    for index, data in enumerate(BASES + [b"not a png", BASES[0][:-20], BASES[0], BASES[0]]):
        path = tmp_path / f"{index}.png"
        path.write_bytes(data)
        paths.append(str(path))
    paths += [str(tmp_path / "missing.png"), "a\0b"]
    modes = bytes(index % 3 == 0 for index in range(len(paths)))
    mixed = scan_pngs(paths, HEADER_BYTES, modes)
    whole, headers = scan_pngs(paths, HEADER_BYTES, True), scan_pngs(paths, HEADER_BYTES, False)
    assert mixed == [w if mode else h for mode, w, h in zip(modes, whole, headers)]
    assert mixed[-1] is None and mixed[-2] is None
    assert scan_pngs(paths, HEADER_BYTES, bytes(len(paths))) == headers
    assert scan_pngs(paths, HEADER_BYTES, b"\7" * len(paths)) == whole
    for wrong in (b"", modes, modes[:-2]):  # one mode per path, no more, no less
        with pytest.raises(ValueError):
            KERNEL.scan(paths[:-1], RULES, wrong)
    assert KERNEL.scan([], RULES, b"") == []


def test_paths_spelled_any_way_answer_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel opens each name in its folder, kept open across a run of paths in one
    folder: every spelling of a path must still answer as opening the path itself would."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.png").write_bytes(BASES[0])
    (tmp_path / "a" / "two.png").write_bytes(BASES[1])
    (tmp_path / "file.png").write_bytes(BASES[2])
    os.symlink(tmp_path / "a", tmp_path / "link")
    monkeypatch.chdir(tmp_path)
    spellings = ["a/one.png", "a//one.png", "./a/one.png", f"{tmp_path}/a/one.png", "link/one.png",
                 "a/../a/one.png", "file.png", f"{tmp_path}/file.png"]
    answers = scan_pngs(spellings, HEADER_BYTES, True)
    one, two, file = (_expected(read_file(str(tmp_path / name)), HEADER_BYTES) for name in ("a/one.png", "a/two.png",
                                                                                             "file.png"))
    assert answers == [one] * 6 + [file] * 2
    broken = ["file.png/one.png", "a/", "a/missing.png", "missing/one.png", "a/one.png/", "/", "a/two.png",
              "a/one.png", "link/two.png", "a/.", "a/.."]
    found = scan_pngs(broken, HEADER_BYTES, True)
    assert found[6] == found[8] == two and found[7] == one
    assert [found[index] for index in (0, 1, 2, 3, 4, 5, 9, 10)] == [None] * 8


def test_a_path_list_changed_while_paths_are_converted_is_safe(tmp_path: Path) -> None:
    # __fspath__ runs Python code while the kernel converts the paths: shrinking the list
    # there made the kernel read past its end (a crash, found by review; hence a child process)
    image = tmp_path / "a.png"
    image.write_bytes(_png())
    code = textwrap.dedent(f"""
        from converter.check.accel import accelerator
        from converter.check.imagefiles import HEADER_BYTES
        from converter.check.pngscan import kernel_rules
        paths = []
        class Shrinking:
            def __fspath__(self):
                paths.clear()
                return {str(image)!r}
        paths.extend([Shrinking()] + [{str(image)!r}] * 50)
        answers = accelerator("_pngscan").scan(paths, kernel_rules(HEADER_BYTES), True)
        print(len(answers), answers[0] == answers[50])
    """)
    child = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["51", "True"]


def test_tables_beyond_the_kernel_leave_the_images_to_python(monkeypatch) -> None:
    monkeypatch.setattr(PngImagePlugin, "_MODES", {**PngImagePlugin._MODES,
                                                   **{(depth, 200): ("L", "L") for depth in range(70)}})
    assert kernel_rules(HEADER_BYTES) is None
    assert scan_pngs(["x.png"], HEADER_BYTES, True) is None


def test_the_chunk_handlers_are_read_as_dir_reads_them() -> None:
    from PIL import PngImagePlugin

    from converter.check.pngscan import _attribute_names

    for cls in (PngImagePlugin.PngStream, PngImagePlugin.ChunkStream, PngImagePlugin.PngImageFile, int):
        assert _attribute_names(cls) == dir(cls)


def test_paths_of_every_kind_answer_as_their_files(tmp_path: Path) -> None:
    """ASCII str paths are read as they are, every other kind goes through os.fsencode:
    each must name the same file (and a NUL is refused as os.fsencode refuses it)."""
    names = ["plain.png", "caf\u00e9.png", os.fsdecode(b"raw\xff.png"), "\u65e5\u672c.png"]
    for number, name in enumerate(names):
        (tmp_path / name).write_bytes(BASES[number % len(BASES)])
    class AsPath:
        def __init__(self, path: str) -> None:
            self.path = path

        def __fspath__(self) -> str:
            return self.path

    class Text(str):  # a str subclass is converted, not read in place
        pass

    spellings = [str(tmp_path / name) for name in names]
    kinds = [*spellings, *(os.fsencode(path) for path in spellings), *(tmp_path / name for name in names),
             *(AsPath(path) for path in spellings), *(Text(path) for path in spellings)]
    found = KERNEL.scan(kinds, kernel_rules(HEADER_BYTES), True)
    expected = [_expected(read_file(path), HEADER_BYTES) for path in spellings]
    assert found == expected * 5 and None not in found
    for refused in (str(tmp_path / "plain.png") + "\0", "a\0b.png", Text("a\0b")):
        with pytest.raises(ValueError):
            KERNEL.scan([refused], kernel_rules(HEADER_BYTES), True)
